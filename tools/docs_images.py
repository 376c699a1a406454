"""Regenerate the docs' example SVG of a view (docs/images/table-royale.svg).

The browser screenshots (docs/images/web-*.png) come from the browser tests:
``LASVEGAS_SCREENSHOTS=docs/images nox -s browser``.

    python tools/docs_images.py
"""

from __future__ import annotations

from pathlib import Path

import lasvegas as lv
from lasvegas.render import svg
from lasvegas.session import Bot, Human, Session

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def main() -> None:
    config = lv.royale(3, deal=("jackpot", "nice-dice", "bad-luck"))
    session = Session(config, (Human("Ann"), Bot("greedy", "Bob"), Bot("random", "Cy")), seed=4)
    rng = lv.Rng(2)
    for _ in range(9):  # a few decisions in
        for seat in session.waiting():
            session.act(seat, rng.choice(session.legal(seat)))
    target = IMAGES / "table-royale.svg"
    target.write_text(svg(session.view(0)) + "\n", encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
