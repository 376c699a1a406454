"""Saving and loading: a game record (replay) and a mid-game state, as JSON files.

A record is the config plus every action, chance outcomes included (``lv.Record``);
replaying it reproduces the game exactly. A state can also be saved on its own and played
on. Loading is strict (``lv.from_json`` raises ``lv.DeserializationError`` on any bad
input), and ``lv.read_record`` is the lenient reader that stops at a bad action and says
why, like a PGN reader.

Run it with ``python examples/save_and_load.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import lasvegas as lv
from lasvegas.agents import GreedyAgent, RandomAgent, play_game


def main() -> None:
    """Play, save, load and check."""
    config = lv.classic(3, lv.NeutralDice())
    agents = [GreedyAgent(1), RandomAgent(2), GreedyAgent(3)]
    final, actions = play_game(config, agents, lv.Rng(42))
    record = lv.Record(config, actions, names=("Ann", "Bob", "Cid"), seed=42)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(lv.to_json(record), encoding="utf-8")
        print(f"saved {len(actions)} actions in {path.stat().st_size:,} bytes")

        loaded = lv.from_json(path.read_text(encoding="utf-8"), lv.Record)
        assert loaded == record
        replayed = lv.replay(loaded)
        assert replayed == final
        assert lv.standings(replayed) == lv.standings(final)
        print("the record replays to the same final standings:", lv.standings(replayed).money)

        # A mid-game state saved on its own, loaded, and played on to the end.
        middle = lv.replay(lv.Record(config, actions[: len(actions) // 2]))
        state_path = Path(folder) / "middle.json"
        state_path.write_text(lv.to_json(middle), encoding="utf-8")
        state = lv.from_json(state_path.read_text(encoding="utf-8"), lv.State)
        assert state == middle
        for action in actions[len(actions) // 2 :]:
            state = lv.apply(state, action)
        assert state == final
        print("the saved mid-game state plays on to the same end")

    # A damaged record: the lenient reader stops at the bad action and reports it.
    broken = lv.Record(config, (*actions[:20], lv.Place(7), *actions[21:]))
    state, problems = lv.read_record(lv.to_json(broken))
    print("lenient reading of a damaged record:", problems[0])


if __name__ == "__main__":
    main()
