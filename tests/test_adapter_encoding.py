"""The observation vector shared by the RL adapters (``lasvegas.adapters.encoding``).

Pure Python: these tests need no extra. The adapters' own tests are
``test_adapter_pettingzoo.py`` and ``test_adapter_openspiel.py``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import lasvegas as lv
from _play import random_states
from lasvegas.adapters.encoding import observation_encoder
from lasvegas.cardgame import CardGameState
from lasvegas.modules.observation import Perspective
from lasvegas.testing import example_configs
from lasvegas.view import hidden_variant


def _adapter_configs() -> list[lv.GameConfig]:
    """One registered example config per edition, module set and money visibility."""
    seen: dict[tuple[str, tuple[str, ...], bool], lv.GameConfig] = {}
    for config in example_configs():
        key = (config.edition, tuple(m.id for m in config.modules), config.hide_money)
        seen.setdefault(key, config)
    return list(seen.values())


CONFIGS = _adapter_configs()
IDS = [
    f"{c.edition}-{c.players}p-{'+'.join(m.id for m in c.modules) or 'plain'}"
    + ("-hidden" if c.hide_money else "")
    for c in CONFIGS
]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_vectors_fit_the_layout_and_never_clip(config: lv.GameConfig) -> None:
    """Every value lies in [0, high] before clipping, and the vector has the layout's size."""
    encoder = observation_encoder(config)
    assert sum(s.size for s in encoder.segments) == encoder.size == len(encoder.high())
    offsets = [s.offset for s in encoder.segments]
    assert offsets == sorted(offsets)
    assert len({s.name for s in encoder.segments}) == len(encoder.segments)
    for state in random_states(config, seed=4)[::7]:
        for seat in range(config.players):
            view = lv.observe(state, seat)
            perspective = Perspective(seat, config.players, config.ruleset.owners)
            for segment, fill in zip(encoder.segments, encoder._fills, strict=True):
                values = fill(view, perspective)
                assert all(0.0 <= v <= segment.high for v in values), segment.name
            assert len(encoder.encode(view)) == encoder.size


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_vectors_leak_nothing_hidden(config: lv.GameConfig) -> None:
    """Two states that differ only in what a seat may not see give that seat one vector."""
    encoder = observation_encoder(config)
    rng = lv.Rng(11)
    for state in random_states(config, seed=6)[::5]:
        for seat in range(config.players):
            other = hidden_variant(state, seat, rng)
            assert encoder.encode(lv.observe(other, seat)) == encoder.encode(
                lv.observe(state, seat)
            )


def test_seats_are_relative_to_the_viewer() -> None:
    """Index 0 is the viewer, then clockwise; imaginary owners (neutral dice) come last."""
    config = lv.classic(3, lv.NeutralDice())
    encoder = observation_encoder(config)
    casino = encoder.segment("casino_dice")
    owners = config.ruleset.owners
    state = next(s for s in random_states(config, seed=5) if len(set(s.casinos[0].dice)) == owners)
    dice = state.casinos[0].dice  # casino 1: every owner has a different count
    for seat in range(3):
        vector = encoder.encode(lv.observe(state, seat))
        row = [vector[casino.offset + 2 * r] for r in range(owners)]
        assert row == [dice[(seat + r) % 3] for r in range(3)] + [dice[3]]


def test_hidden_money_is_masked() -> None:
    """C-23: with hide_money, other seats' money is 0 and flagged unknown until the game is
    over, when all money is counted in the open."""
    config = lv.classic(3, hide_money=True)
    encoder = observation_encoder(config)
    *_, state, over = random_states(config, seed=2)
    assert lv.to_move(state) is not None
    assert lv.to_move(over) is None
    vector = encoder.encode(lv.observe(state, 0))
    known = encoder.segment("money_known")
    money = encoder.segment("money")
    assert vector[known.offset : known.offset + 3] == [1.0, 0.0, 0.0]
    assert vector[money.offset + 1 : money.offset + 3] == [0.0, 0.0]
    assert vector[money.offset] == sum(state.money[0]) / 10_000
    final = encoder.encode(lv.observe(over, 0))
    assert final[known.offset : known.offset + 3] == [1.0, 1.0, 1.0]
    assert final[money.offset : money.offset + 3] == [sum(n) / 10_000 for n in over.money]


def test_card_game_hand_is_encoded_for_its_owner_only() -> None:
    """K-18: the viewer's hand is in its vector by card; the others' only as a count."""
    config = lv.cardgame(2)
    encoder = observation_encoder(config)
    state = next(s for s in random_states(config, seed=3) if lv.to_move(s) == 0)
    hand = encoder.segment("cardgame.hand")
    seats = encoder.segment("cardgame.seats")
    mine = encoder.encode(lv.observe(state, 0))
    theirs = encoder.encode(lv.observe(state, 1))
    part = state.modules[0]
    assert isinstance(part, CardGameState)
    assert sum(mine[hand.offset : hand.offset + hand.size]) == len(part.hands[0])
    assert theirs[seats.offset + 5] == len(part.hands[0])  # seat 0 is seat 1's neighbour


def test_layout_lists_every_segment() -> None:
    encoder = observation_encoder(lv.royale(3))
    lines = encoder.layout().splitlines()
    assert len(lines) == len(encoder.segments)
    assert any(line.split()[1] == "royale.chips" for line in lines)


def test_import_lasvegas_imports_no_adapter() -> None:
    """The adapters are optional extras: ``import lasvegas`` never loads them."""
    code = (
        "import sys, lasvegas\n"
        "bad = [m for m in ('pettingzoo', 'pyspiel', 'gymnasium', 'numpy', "
        "'lasvegas.adapters.pettingzoo', 'lasvegas.adapters.openspiel') if m in sys.modules]\n"
        "print(bad)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"


def test_docstring_examples_run() -> None:
    """The adapters' package is left out of ``--doctest-modules`` (the extras may be
    missing); the examples of its extra-free modules run here."""
    import doctest

    from lasvegas.adapters import _common, encoding

    for module in (encoding, _common):
        result = doctest.testmod(
            module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        )
        assert result.attempted > 0
        assert result.failed == 0, module.__name__
