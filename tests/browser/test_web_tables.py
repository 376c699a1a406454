"""The web tables in a real browser: Playwright driving Debian's chromium (``nox -s browser``).

Marked ``browser`` and deselected from the plain ``pytest`` run (``-m "not browser"`` in
pyproject.toml); ``nox -s browser`` installs what they need and runs them. They need
``/usr/bin/chromium`` (``apt-get install chromium``): Playwright drives it through
``executable_path``, since Playwright's own browser download is not used.

With ``LASVEGAS_SCREENSHOTS=<dir>`` each game leaves a PNG of its table there (the docs'
screenshots are made so).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import lasvegas as lv

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# Playwright, uvicorn and the web extra are imported by the fixtures, not here: the plain
# `pytest` run collects this file (then deselects it) without them installed.

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PLAYABLE = (
    "document.body.dataset.over === 'true' || "
    "document.querySelectorAll('#actions button:not([disabled])').length > 0"
)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A real uvicorn server on a free loopback port, in a thread."""
    import uvicorn

    from lasvegas.web import create_app

    config = uvicorn.Config(create_app(seed=5), host="127.0.0.1", port=0, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        threading.Event().wait(0.05)
    assert server.started, "uvicorn did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def _page(browser: Browser) -> Page:
    """A page in a fresh context. The page's CSP forbids eval, which Playwright's
    ``wait_for_function`` needs: the test bypasses it (the page itself never evals)."""
    context = browser.new_context(viewport={"width": 900, "height": 900}, bypass_csp=True)
    return context.new_page()


def _screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("LASVEGAS_SCREENSHOTS")
    target = Path(folder) / f"{name}.png" if folder else None
    data = page.screenshot(full_page=True, path=str(target) if target else None)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def _open_table(
    page: Page, server: str, players: int, config: lv.GameConfig, seats: list[str]
) -> dict[str, str]:
    """Open a table through the lobby form; the links by seat ('0', ..., 'spectator')."""
    page.goto(server + "/")
    page.select_option("#players", str(players))
    page.wait_for_function(f"document.querySelectorAll('#seats select').length === {players}")
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", {"greedy": "normal", "random": "easy"}.get(kind, kind))
        if kind == "human":
            page.fill(f"#name-{seat}", f"Human {seat}")
    page.fill("#config", json.dumps(lv.to_data(config)))
    page.click("#create")
    page.wait_for_selector("#link-spectator")
    links: dict[str, str] = {}
    named = [*((str(seat), kind) for seat, kind in enumerate(seats)), ("spectator", "human")]
    for key, kind in named:
        if kind == "human":
            href = page.get_attribute(f"#link-{key}", "href")
            assert href is not None
            links[key] = server + href
    return links


def _click_first(page: Page) -> None:
    """Click the first action and wait for the table to move on."""
    version = page.evaluate("document.body.dataset.version")
    page.locator("#actions button").first.click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || "
        "document.querySelector('#error').textContent !== ''"
    )
    assert page.text_content("#error") == ""


def _play_alone(page: Page, limit: int = 600) -> list[str]:
    """Click the first action until the game is over; the prompts seen."""
    prompts: list[str] = []
    for _ in range(limit):
        page.wait_for_function(PLAYABLE)
        if page.evaluate("document.body.dataset.over") == "true":
            return prompts
        prompts.append(page.text_content("#prompt") or "")
        _click_first(page)
    raise AssertionError("the game did not end")


def test_a_whole_classic_game_in_the_browser(server: str, browser: Browser) -> None:
    page = _page(browser)
    links = _open_table(page, server, 3, lv.classic(3), ["human", "greedy", "random"])
    page.goto(links["0"])
    prompts = _play_alone(page)
    assert "Your turn: choose dice to place" in prompts
    assert page.text_content("#result").startswith("The game is over")  # type: ignore[union-attr, unused-ignore]
    assert page.locator("#board svg").count() == 1
    log = page.locator("#log li").all_text_contents()
    assert any("Human 0" in line for line in log)
    _screenshot(page, "web-classic")
    # the spectator sees the same table, without actions
    page.goto(links["spectator"])
    page.wait_for_function("document.body.dataset.over === 'true'")
    assert page.locator("#actions button").count() == 0
    page.close()


def test_a_royale_game_with_tile_decisions_in_the_browser(server: str, browser: Browser) -> None:
    """T-2: tiles dealt to casinos; the human decides what their tiles offer (Nice Dice,
    Power Play, No Entry!) by clicking the labels the view carries."""
    page = _page(browser)
    config = lv.royale(2, tiles=3, deal=("nice-dice", "power-play", "no-entry"))
    links = _open_table(page, server, 2, config, ["human", "greedy"])
    page.goto(links["0"])
    page.wait_for_function(PLAYABLE)
    assert "Nice Dice" in (page.inner_html("#board") or "")  # the tiles are drawn by name
    _screenshot(page, "web-royale")
    prompts = _play_alone(page)
    tile_decisions = [p for p in prompts if p != "Your turn: choose dice to place"]
    assert tile_decisions, prompts
    assert page.text_content("#result").startswith("The game is over")  # type: ignore[union-attr, unused-ignore]
    page.close()


def test_a_card_game_where_two_browsers_choose_at_once(server: str, browser: Browser) -> None:
    """K-5, K-13: two players in two browser contexts both get their choices at the same
    time; each choice stays hidden from the other until both are revealed."""
    opener = _page(browser)
    links = _open_table(opener, server, 3, lv.cardgame(3), ["human", "human", "greedy"])
    opener.close()
    contexts = [
        browser.new_context(viewport={"width": 900, "height": 900}, bypass_csp=True)
        for _ in range(2)
    ]
    pages = [context.new_page() for context in contexts]
    for page, seat in zip(pages, ("0", "1"), strict=True):
        page.goto(links[seat])
    for page in pages:  # both may choose now, before either has chosen
        page.wait_for_function(PLAYABLE)
        assert page.locator("#actions button:not([disabled])").count() > 0
        assert (page.text_content("#prompt") or "").startswith("Your turn: choose cards")
    _screenshot(pages[0], "web-cardgame")
    _click_first(pages[0])
    pages[1].wait_for_function(
        "[...document.querySelectorAll('#log li')].some(li => li.textContent.startsWith('Human 0 has chosen'))"
    )
    assert pages[1].locator("#actions button:not([disabled])").count() > 0  # still to choose
    for _ in range(400):
        over = [p.evaluate("document.body.dataset.over") == "true" for p in pages]
        if all(over):
            break
        for page in pages:
            if page.locator("#actions button:not([disabled])").count():
                _click_first(page)
        for page in pages:
            page.wait_for_function(PLAYABLE + " || document.body.dataset.version !== ''")
    else:
        raise AssertionError("the card game did not end")
    for page in pages:
        assert (page.text_content("#result") or "").startswith("The game is over")
    for context in contexts:
        context.close()
