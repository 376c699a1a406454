"""A table through :class:`lasvegas.session.Session`: what a web server does for each table.

The session keeps the game, plays the bots and the chance outcomes by itself, and gives each
seat its own view and its own log (notices, in that seat's words, grouped by turn). Here
Ann (seat 0) plays Las Vegas Royale with three tiles against two bots, always taking the
first action offered (a web page would show the labels as buttons). The script prints Ann's
log turn by turn, what the tiles say, and the final standings with the tie-break.

Run it with ``python examples/web_session.py``.
"""

from __future__ import annotations

import json

import lasvegas as lv
from lasvegas.session import Bot, Human, Session, notice_data


def main() -> None:
    """Play one Royale game, Ann against two bots, and check what her page would be sent."""
    session = Session(lv.royale(3), (Human("Ann"), Bot("greedy"), Bot("random")), seed=11)
    log: list[dict[str, object]] = []
    tiles_seen: set[str] = set()
    while not session.over:
        for seat in session.waiting():
            view = session.view(seat)
            for info in view.casino_info:  # each tile: name, rule and public state
                if info is not None and info.name not in tiles_seen:
                    tiles_seen.add(info.name)
                    print(f"[tile] {info.name}: {info.rule}")
            session.act(seat, view.legal[0])  # a click on the first button
        log += [notice_data(n) for n in session.take_notices(0)]

    turn = None
    for entry in log[-12:]:  # the end of Ann's log, a heading per turn
        if entry["turn"] != turn:
            turn = entry["turn"]
            print(f"-- turn {turn}")
        print("  ", entry["text"])

    final = session.view(0).final
    assert final is not None  # the view of a finished game carries its standings
    for place, seat in zip((final.places[s] for s in final.order), final.order, strict=True):
        print(f"{place}. {session.names[seat]}: ${final.money[seat]:,}")
    print(final.text)

    # What was checked: the standings are the library's, the log is JSON, every seat is
    # named by its index, and the game replays from its record to the same end.
    assert final.winners == session.standings().winners
    assert json.loads(json.dumps(log)) == log
    assert all(isinstance(e["turn"], int) for e in log)
    assert any("Seat 0 (Ann)" in str(e["text"]) for e in log)
    assert lv.replay(session.record()) == session.state
    assert tiles_seen, "Royale deals three tiles a round"


if __name__ == "__main__":
    main()
