"""The web tables in a real browser: Playwright driving Debian's chromium (``nox -s browser``).

Marked ``browser`` and deselected from the plain ``pytest`` run (``-m "not browser"`` in
pyproject.toml); ``nox -s browser`` installs what they need and runs them. They need
``/usr/bin/chromium`` (``apt-get install chromium``): Playwright drives it through
``executable_path``, since Playwright's own browser download is not used.

Every edition is played to its end through the lobby's form, at a phone's size (390x844)
and at a desktop's, with every human seat in its own browser context and the others bots;
on every screen the page must keep its sizes: every visible text at least 12 CSS px, every
button, link and clickable at least 44x44 px, nothing scrolling sideways. The moves are made
the ways a person makes them: a button, the keys 1-9, a rolled face group, a card of the
hand, a casino. Then: a dropped connection resumes without repeating the log, a table that
is gone says so and stops retrying, a click chosen from an outdated table is refused.

With ``LASVEGAS_SCREENSHOTS=<dir>`` the games leave PNGs of their tables there (the docs'
``docs/images/web-*.png`` are made so).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute

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
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SHOWN = "document.body.dataset.version !== undefined"
PLAYABLE = (
    "document.body.dataset.over === 'true' || document.body.dataset.gone === 'true' || "
    "document.querySelectorAll('#actions button:not([disabled])').length > 0"
)
SIZES = """() => {
  const problems = [];
  const shown = (e) => {
    const r = e.getBoundingClientRect(), st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden';
  };
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.tagName === 'SCRIPT' || e.tagName === 'STYLE') continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (own && size < 12) problems.push(`text of ${e.tagName}.${e.className} is ${size}px: ${e.textContent.trim().slice(0, 40)}`);
    if (e.matches('button, a[href], select, input, textarea, summary, [role=button]')) {
      // a checkbox is touched through its label: the label is the target then
      const target = e.matches('input[type=checkbox]') && e.closest('label') ? e.closest('label') : e;
      const r = target.getBoundingClientRect();
      if (r.width < 44 || r.height < 44) problems.push(`target ${e.tagName}#${e.id}.${e.className} is ${r.width.toFixed(1)}x${r.height.toFixed(1)}: ${e.textContent.trim().slice(0, 30)}`);
    }
  }
  const wide = document.documentElement.scrollWidth;
  if (wide > innerWidth) problems.push(`the page scrolls sideways: ${wide} > ${innerWidth}`);
  return problems;
}"""


class Served:
    """A real uvicorn server for *app* on a loopback port, in a thread (stop and start it
    again on the same port to drop every connection)."""

    def __init__(self, app: object, port: int = 0) -> None:
        import uvicorn

        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")  # type: ignore[arg-type]
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                break
            time.sleep(0.025)
        assert self.server.started, "uvicorn did not start"
        self.port: int = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        assert not self.thread.is_alive(), "uvicorn did not stop"


def _app() -> object:
    from lasvegas.web import create_app

    return create_app()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    served = Served(_app())
    yield served.url
    served.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def _context(browser: Browser, viewport: dict[str, int]) -> BrowserContext:
    """A fresh context. The page's CSP forbids eval, which Playwright's ``wait_for_function``
    needs: the test bypasses it (the page itself never evals)."""
    context = browser.new_context(
        viewport=viewport,  # type: ignore[arg-type, unused-ignore]
        bypass_csp=True,
        accept_downloads=True,
        has_touch=viewport["width"] < 600,
        is_mobile=viewport["width"] < 600,
    )
    context.set_default_timeout(20_000)
    return context


WATCH = """document.addEventListener("DOMContentLoaded", () => {
  window.__seen = { versions: [], thinking: [] };
  new MutationObserver(() => {
    const seen = window.__seen, version = document.body.dataset.version;
    if (version !== undefined && seen.versions[seen.versions.length - 1] !== version) seen.versions.push(version);
    const text = document.getElementById("thinking").textContent;
    if (text && seen.thinking[seen.thinking.length - 1] !== text) seen.thinking.push(text);
  }).observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
});"""
"""Records every version the page shows and every "... is thinking" line (``window.__seen``)."""


def _screenshot(page: Page, name: str) -> None:
    """A PNG of *page*: the whole page at a desktop's size, the screen at a phone's."""
    folder = os.environ.get("LASVEGAS_SCREENSHOTS")
    target = Path(folder) / f"{name}.png" if folder else None
    whole = (page.viewport_size or DESKTOP)["width"] >= 600
    data = page.screenshot(full_page=whole, path=str(target) if target else None)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def _sizes(page: Page, where: str) -> None:
    problems = page.evaluate(SIZES)
    assert not problems, f"{where}: {problems[:8]}"


def _api(
    url: str, token: str = "", body: object = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    """An HTTP request from the test itself (not the page): status, headers (lower-case
    names), JSON."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            headers = {k.lower(): v for k, v in answer.headers.items()}
            return answer.status, headers, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        headers = {k.lower(): v for k, v in error.headers.items()}
        return error.code, headers, json.loads(error.read() or b"null")


def _seat_api(server: str, link: str) -> tuple[str, str]:
    """The API URL and token of a seat's link."""
    path, _, token = link.removeprefix(server).partition("#")
    _, _, table, seat = path.split("/")
    return f"{server}/api/tables/{table}/seats/{seat}", token


def _open_table(
    page: Page,
    server: str,
    players: int,
    edition: str,
    seats: list[str],
    modules: tuple[str, ...] = (),
    tiles: int | None = None,
) -> dict[str, str]:
    """Open a table through the lobby's form; the links by seat ('0', ..., 'spectator').
    *seats*: "human" or "bot" for each seat (seat 0, the creator, is human)."""
    page.goto(server + "/")
    page.select_option("#players", str(players))
    page.wait_for_function(f"document.querySelectorAll('#seats .seat-row').length === {players}")
    page.select_option("#edition", edition)
    if tiles is not None:
        page.fill("#tiles", str(tiles))
    for module in modules:
        page.check(f"#module-{module}")
    page.fill("#name-0", "Human 0")
    assert seats[0] == "human"
    for seat, kind in enumerate(seats[1:], start=1):
        if kind == "human":
            page.select_option(f"#seat-{seat}", "human")
            page.fill(f"#name-{seat}", f"Human {seat}")
        else:  # the first bot level the server offers
            page.select_option(f"#seat-{seat}", index=1)
    if page.viewport_size and page.viewport_size["width"] < 600:
        _sizes(page, "the lobby")
    page.click("#create")
    page.wait_for_selector("#link-spectator, #create-errors")
    assert page.locator("#create-errors").count() == 0, page.text_content("#create-errors")
    humans = [str(seat) for seat, kind in enumerate(seats) if kind == "human"]
    assert page.locator("#links button.copy").count() == len(humans) + 1  # a copy button per link
    links = {
        key: server + (page.get_attribute(f"#link-{key}", "href") or "")
        for key in [*humans, "spectator"]
    }
    # the lobby remembers the table for its creator
    table = links["0"].split("/")[4]
    page.reload()
    page.wait_for_selector(f"#my-tables li[data-table='{table}']")
    return links


def _move(page: Page, step: int) -> None:
    """Make one move the way a person would: by turns a rolled face group, a card, the
    dice a kicker may kick, the keys 1-9 or a button; a choice on the board that is not
    unique is finished on a highlighted button."""
    version = page.evaluate("document.body.dataset.version")
    log_size = page.evaluate("document.body.dataset.logSize")
    faces = page.locator("#rolled-panel button.facegroup:not([disabled])")
    cards = page.locator("#hand-panel button.card:not([disabled])")
    kicks = page.locator(".owner-dice.kickable")
    if step % 2 == 0 and kicks.count():  # a kicker landed: click the dice to kick
        kicks.first.click()
        suggested = page.locator("#actions button.suggested:not([disabled])")
        if page.evaluate("document.body.dataset.version") == version and suggested.count():
            suggested.first.click()
    elif step % 4 == 1 and faces.count():
        faces.first.click()
        suggested = page.locator("#actions button.suggested:not([disabled])")
        if page.evaluate("document.body.dataset.version") == version and suggested.count():
            suggested.first.click()
    elif step % 4 == 2 and cards.count():
        cards.first.click()
        play = page.locator("#play-selected")
        assert not play.is_disabled(), "a playable card alone is a legal play"
        play.click()
    elif step % 4 == 3:
        page.keyboard.press("1")
    else:
        page.locator("#actions button:not([disabled])").first.click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || "
        f"document.body.dataset.logSize !== '{log_size}' || "
        "document.querySelector('#error').textContent !== '' || document.body.dataset.gone === 'true'"
    )
    assert page.text_content("#error") == "", page.text_content("#error")


def _play(pages: list[Page], where: str, seconds: float = 240) -> int:
    """Play every human seat's page until the game is over; the number of moves made."""
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        over = 0
        moved = False
        for page in pages:
            assert page.evaluate("document.body.dataset.gone") != "true"
            if page.evaluate("document.body.dataset.over") == "true":
                over += 1
                continue
            if page.locator("#actions button:not([disabled])").count():
                assert page.title().startswith("Your turn")
                _sizes(page, f"{where}, move {moves}")
                _move(page, moves)
                moves += 1
                moved = True
        if over == len(pages):
            return moves
        if not moved:  # bots or another seat to move: wait a little
            pages[0].wait_for_timeout(40)
    raise AssertionError(f"{where}: the game did not end in {seconds} s")


def _log_seqs(page: Page) -> list[int]:
    return [
        int(s)
        for s in page.eval_on_selector_all(
            "#log li[data-seq]", "els => els.map(e => e.dataset.seq)"
        )
    ]


EDITIONS: dict[str, dict[str, Any]] = {
    "classic": {"players": 2, "edition": "classic", "seats": ["human", "bot"]},
    "neutral": {
        "players": 3,
        "edition": "classic",
        "modules": ("neutral-dice",),
        "seats": ["human", "human", "bot"],
    },
    "boulevard": {
        "players": 3,
        "edition": "classic",
        "modules": ("biggies", "hundred-thousands", "kickers", "rainbow-cards", "slot-machine"),
        "seats": ["human", "bot", "bot"],
    },
    "royale": {"players": 3, "edition": "royale", "tiles": 3, "seats": ["human", "bot", "human"]},
    "cardgame": {
        "players": 3,
        "edition": "cardgame",
        "modules": ("chip-cards",),
        "seats": ["human", "human", "bot"],
    },
}


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_edition_plays_to_the_end(
    server: str, browser: Browser, edition: str, size: str
) -> None:
    """Every edition to its end at a phone's size and at a desktop's, every human seat in
    its own browser: the sizes hold on every screen, the title says whose turn it is, the
    end shows the standings, the tie-break and the record download. In the card game both
    people get their choices at once (K-5) and a choice made stays hidden from the other
    until its turn (K-13)."""
    viewport = PHONE if size == "phone" else DESKTOP
    spec = dict(EDITIONS[edition])
    if edition == "cardgame" and size == "desktop":
        spec["modules"] = ("chip-cards", "sequential")
    if edition == "boulevard" and size == "desktop":
        spec.update(players=6, seats=["human"] + ["bot"] * 5)
        spec["modules"] = (*spec["modules"], "sixth-player")
    opener = _context(browser, viewport)
    links = _open_table(
        opener.new_page(),
        server,
        spec["players"],
        spec["edition"],
        spec["seats"],
        spec.get("modules", ()),
        spec.get("tiles"),
    )
    opener.close()
    humans = [str(s) for s, kind in enumerate(spec["seats"]) if kind == "human"]
    contexts = [_context(browser, viewport) for _ in humans]
    for context in contexts:
        context.add_init_script(WATCH)
    pages = [context.new_page() for context in contexts]
    for page, seat in zip(pages, humans, strict=True):
        page.goto(links[seat])
        page.wait_for_function(SHOWN)
    board = pages[0].inner_text("#board")
    if edition == "royale":
        assert pages[0].locator(".tile").count() == 3, "three tiles at the casinos"
    if edition == "boulevard":
        assert "Kicker" in board  # the legend
        assert "Casino 7" in board  # the slot machine
    if edition == "neutral":
        assert "Neutral dice" in board  # the legend
    if edition == "cardgame":
        assert pages[0].locator("#hand-panel .card").count() > 0, "the hand is drawn as cards"
    if edition == "cardgame" and size == "phone":
        # K-5: both people choose at once; K-13: a choice stays hidden until its turn
        for page in pages:
            page.wait_for_function(PLAYABLE)
        _move(pages[0], 0)
        pages[1].wait_for_timeout(300)
        assert pages[1].locator("#actions button:not([disabled])").count() > 0
        assert "chosen:" not in (pages[1].text_content("#log") or "")
    shot = f"web-{edition}" + ("-phone" if size == "phone" else "")
    if (
        edition != "classic"
    ):  # the docs show these tables at their start, the classic one at its end
        _screenshot(pages[0], shot)
    moves = _play(pages, f"{edition} at {size} size")
    assert moves > 0
    for page in pages:
        page.wait_for_selector("#end:not(.hidden)")
        assert page.title().startswith("Game over")
        assert page.locator("#standings tbody tr").count() == spec["players"]
        assert page.locator("#standings tr.winner").count() >= 1
        assert (page.text_content("#tiebreak") or "").strip()
        _sizes(page, f"{edition} at {size} size, the end")
        seqs = _log_seqs(page)
        assert seqs == list(range(len(seqs))), "the log holds each entry once, in order"
    if edition == "classic":
        _screenshot(pages[0], shot)
    if spec["seats"].count("bot") >= 2:
        # the bots' moves arrive one by one, each bot shown thinking first
        seen = pages[0].evaluate("window.__seen")
        bots = [s for s, kind in enumerate(spec["seats"]) if kind == "bot"]
        thinking = [line for line in seen["thinking"] if line.endswith("is thinking…")]
        assert all(any(line.startswith(f"Seat {s} ") for line in thinking) for s in bots), thinking[
            :8
        ]
        assert len(seen["versions"]) > 2 * len(bots), "the table's changes shown as they come"
    with pages[0].expect_download() as download:
        pages[0].click("#download-record")
    record = json.loads(Path(download.value.path()).read_text("utf-8"))
    assert record["format"] == "lasvegas/record"
    if edition == "classic":
        # the spectator sees the same end, without actions; a rematch opens a new table
        spectator = pages[0].context.new_page()
        spectator.goto(links["spectator"])
        spectator.wait_for_function("document.body.dataset.over === 'true'")
        assert spectator.locator("#actions button").count() == 0
        pages[0].click("#rematch")
        pages[0].wait_for_selector("#open-rematch")
        rematch = pages[0].get_attribute("#open-rematch", "href") or ""
        assert rematch.split("/")[2] != links["0"].split("/")[4]
        pages[0].click("#open-rematch")
        pages[0].wait_for_function(PLAYABLE)
        assert pages[0].evaluate("document.body.dataset.over") == "false"
        assert "Human 0" in (pages[0].text_content("#me") or "")
    for context in contexts:
        context.close()


def _drop_sockets(page: Page) -> dict[str, Any]:
    """Route the page's WebSockets through the test: ``state["down"] = True`` closes them and
    refuses new ones; ``state["frozen"] = True`` keeps them open but stops forwarding what
    the server sends."""
    state: dict[str, Any] = {"down": False, "frozen": False, "sockets": [], "connects": 0}

    def handler(ws: WebSocketRoute) -> None:
        state["connects"] += 1
        if state["down"]:
            ws.close(code=1012, reason="restarting")
            return
        upstream = ws.connect_to_server()
        upstream.on_message(lambda message: None if state["frozen"] else ws.send(message))
        ws.on_message(lambda message: upstream.send(message))
        state["sockets"].append(ws)

    page.route_web_socket(re.compile(r"/events$"), handler)
    return state


def test_a_dropped_connection_resumes_without_repeating_the_log(
    server: str, browser: Browser
) -> None:
    """The connection drops; meanwhile the table moves on (another seat acts): the page says
    "Reconnecting…", comes back with the entries it missed, each entry once."""
    context = _context(browser, PHONE)
    page = context.new_page()
    links = _open_table(page, server, 2, "classic", ["human", "human"])
    sockets = _drop_sockets(page)
    page.goto(links["0"])
    page.wait_for_function(PLAYABLE)
    before = _log_seqs(page)
    sockets["down"] = True
    for ws in sockets["sockets"]:
        ws.close(code=1012, reason="restarting")
    page.wait_for_selector("#conn:not(.hidden)")
    assert "Reconnecting" in (page.text_content("#conn") or "")
    # meanwhile seat 0 acts from elsewhere (a second tab, through the API)
    api0, token0 = _seat_api(server, links["0"])
    status, headers, snapshot = _api(api0, token0)
    assert status == 200
    version = headers.get("etag") or f'"{snapshot["version"]}"'
    status, _, _ = _api(
        f"{api0}/actions", token0, snapshot["view"]["legal"][0], {"If-Match": version}
    )
    assert status == 200
    sockets["down"] = False
    page.wait_for_selector("#conn.hidden", state="attached", timeout=30_000)
    _, _, fresh = _api(api0, token0)
    page.wait_for_function(f"document.body.dataset.logSize === '{fresh['log_size']}'")
    after = _log_seqs(page)
    assert after == list(range(fresh["log_size"])), "each entry once, none missing"
    assert len(after) > len(before)
    assert sockets["connects"] >= 2
    context.close()


def test_a_table_that_is_gone_says_so_and_stops_retrying(browser: Browser) -> None:
    """The server restarts without the table (a fresh in-memory lobby): the page says the
    table is gone, links to the lobby and stops asking."""
    first = Served(_app())
    context = _context(browser, PHONE)
    page = context.new_page()
    links = _open_table(page, first.url, 2, "classic", ["human", "bot"])
    page.goto(links["0"])
    page.wait_for_function(PLAYABLE)
    port = first.port
    first.stop()
    page.wait_for_selector("#conn:not(.hidden)")
    second = Served(_app(), port)
    try:
        page.wait_for_selector("#gone:not(.hidden)", timeout=30_000)
        assert "gone" in (page.text_content("#gone") or "")
        assert page.get_attribute("#to-lobby", "href") == "/"
        assert page.locator("#actions button:not([disabled])").count() == 0
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.wait_for_timeout(3000)
        assert requests == [], "no more retries once the table is gone"
        _sizes(page, "the gone table")
        page.click("#to-lobby")
        page.wait_for_selector("#new-table")
    finally:
        second.stop()
        context.close()


def test_a_restarted_server_resumes_the_table_on_the_page(browser: Browser, tmp_path: Path) -> None:
    """The server stops and starts again on its stored tables: the page says
    "Reconnecting…", then goes on with the same table, each log line once, and plays on."""
    from lasvegas.web import create_app

    # the web store module, looked up when the test runs
    store = importlib.import_module("lasvegas.web.store")
    kept = tmp_path / "tables.sqlite3"
    first = Served(create_app(store=store.SqliteStore(kept)))  # type: ignore[call-arg, unused-ignore]
    context = _context(browser, PHONE)
    page = context.new_page()
    links = _open_table(page, first.url, 2, "classic", ["human", "bot"])
    page.goto(links["0"])
    page.wait_for_function(PLAYABLE)
    _move(page, 0)
    page.wait_for_function(PLAYABLE)
    before = _log_seqs(page)
    port = first.port
    first.stop()
    page.wait_for_selector("#conn:not(.hidden)")
    assert "Reconnecting" in (page.text_content("#conn") or "")
    second = Served(create_app(store=store.SqliteStore(kept)), port)  # type: ignore[call-arg, unused-ignore]
    try:
        page.wait_for_selector("#conn.hidden", state="attached", timeout=30_000)
        assert page.evaluate("document.body.dataset.gone") != "true"
        page.wait_for_function(PLAYABLE)
        _move(page, 3)
        seqs = _log_seqs(page)
        assert seqs == list(range(len(seqs))), "each entry once, in order"
        assert len(seqs) > len(before)
    finally:
        second.stop()
        context.close()


def test_a_click_chosen_on_an_outdated_table_is_refused(server: str, browser: Browser) -> None:
    """A page that missed a change (its socket delivers nothing) offers a choice of the old
    table: the server refuses it as stale, the page says so and shows the table as it is."""
    context = _context(browser, DESKTOP)
    page = context.new_page()
    links = _open_table(page, server, 2, "classic", ["human", "human"])
    sockets = _drop_sockets(page)
    page.goto(links["0"])
    page.wait_for_function(PLAYABLE)
    sockets["frozen"] = True
    version = page.evaluate("document.body.dataset.version")
    api0, token0 = _seat_api(server, links["0"])
    _, headers, snapshot = _api(api0, token0)
    status, _, _ = _api(
        f"{api0}/actions",
        token0,
        snapshot["view"]["legal"][0],
        {"If-Match": headers.get("etag") or ""},
    )
    assert status == 200
    _, _, moved = _api(api0, token0)
    assert page.evaluate("document.body.dataset.version") == version  # the page missed it
    page.locator("#actions button").first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert "moved on" in (page.text_content("#notice") or "")
    assert page.evaluate("document.body.dataset.version") == str(moved["version"])
    _, _, after = _api(api0, token0)
    assert after["version"] == moved["version"], "the stale click changed nothing"
    context.close()


def test_a_double_click_plays_once(server: str, browser: Browser) -> None:
    """The buttons are disabled while an action is on its way: a double click sends one
    action, and no second one is refused or played."""
    context = _context(browser, PHONE)
    page = context.new_page()
    links = _open_table(page, server, 2, "classic", ["human", "human"])
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method == "POST" else None)
    page.goto(links["0"])
    page.wait_for_function(PLAYABLE)
    version = page.evaluate("document.body.dataset.version")
    page.locator("#actions button").first.dblclick()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_timeout(500)
    assert len(requests) == 1, requests
    assert page.text_content("#error") == ""
    assert page.text_content("#notice") == ""
    api0, token0 = _seat_api(server, links["0"])
    _, _, snapshot = _api(api0, token0)
    placed = [e for e in snapshot["log"] if (e.get("event") or {}).get("kind") == "dice-placed"]
    assert len(placed) == 1, placed
    context.close()


def test_the_page_runs_under_its_own_content_security_policy(server: str, browser: Browser) -> None:
    """The other tests bypass the page's CSP (Playwright's waits evaluate scripts); here it
    holds: the lobby opens a table, the seat's page draws it and takes a move, and the
    browser reports no violation and no error."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type, unused-ignore]
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(server + "/")
    page.wait_for_selector("#seat-1 option >> nth=1", state="attached")
    page.click("#create")
    page.wait_for_selector("#open-mine")
    page.click("#open-mine")
    page.wait_for_selector("#actions button:not([disabled])")
    assert page.title().startswith("Your turn")
    entries = page.locator("#log li[data-seq]").count()
    page.locator("#actions button").first.click()
    page.wait_for_selector(f"#log li[data-seq='{entries}']", state="attached")
    assert page.locator("#casinos .casino").count() == 6
    assert problems == []
    context.close()
