"""Golden games: the recorded games of ``tests/golden/`` replay identically.

Each file is one seeded random game of an example config (every edition, module and
Royale tile), recorded by ``tools/golden.py --write``: every action, a digest of every state
and of every list of legal actions and chance outcomes, and the final JSON. Every game is
replayed through :func:`lasvegas.apply` and through :func:`lasvegas.step`; a failure names
the config and the first step that differs. Record the games again only for an intentional
behaviour change (see the script's docstring).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

import lasvegas as lv
from lasvegas.royale import TILES

_TOOL = Path(__file__).resolve().parent.parent / "tools" / "golden.py"
_spec = importlib.util.spec_from_file_location("lasvegas_golden_tool", _TOOL)
assert _spec is not None
assert _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = golden
_spec.loader.exec_module(golden)

replay = cast("Callable[[Path], int]", golden.replay)
golden_configs = cast("Callable[[], dict[str, lv.GameConfig]]", golden.golden_configs)
GOLDEN = cast("Path", golden.GOLDEN)
FILES = sorted(GOLDEN.glob("*.jsonl"))


def test_every_example_config_has_a_golden_game() -> None:
    """A config added to the examples needs its golden game (``tools/golden.py --write``)."""
    recorded = {path.stem: path for path in FILES}
    configs = golden_configs()
    assert sorted(configs) == sorted(recorded)
    for name, config in configs.items():
        header = json.loads(recorded[name].read_text(encoding="utf-8").split("\n", 1)[0])
        assert lv.from_json(json.dumps(header["config"]), lv.GameConfig) == config, name


def test_golden_games_cover_every_tile() -> None:
    """Every one of Royale's 16 tiles is used in some golden game (T-1)."""
    used: set[str] = set()
    for path in FILES:
        final = json.loads(path.read_text(encoding="utf-8").rsplit("\n", 2)[-2])["final"]
        for piece in final["modules"]:
            if piece is not None and piece.get("kind") == "royale":
                used.update(piece["used"])
    codes = {tile.code for tile in TILES}
    assert len(codes) == 16
    assert codes <= used, sorted(codes - used)


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_golden_game_replays(path: Path) -> None:
    """Through ``apply`` and ``step``: the same states, legal actions, chance outcomes and end."""
    assert replay(path) > 50
