"""The fixed integer action encoding, ``lv.action_space(config)``, used by the RL adapters.

Every registered example config (:func:`lasvegas.testing.example_configs`: every edition,
module and tile that registers its configs) plays random games; every legal action at every
decision must be in the config's action space. A module that offers decisions without
listing them in its ``action_space`` hook fails here.
"""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.testing import example_configs

CONFIGS = example_configs()


def _label(config: lv.GameConfig) -> str:
    ids = "+".join(m.id for m in config.modules)
    hidden = "-hidden" if config.hide_money else ""
    return f"{config.edition}-{config.players}p-{ids or 'plain'}{hidden}"


@pytest.mark.parametrize("config", CONFIGS, ids=[_label(c) for c in CONFIGS])
def test_every_legal_action_is_in_the_action_space(config: lv.GameConfig) -> None:
    space = lv.action_space(config)
    assert len(set(space)) == len(space)
    codes = set(space)
    rng = lv.Rng(8)
    decisions = 0
    for _ in range(3):
        state = lv.new_game(config)
        while (mover := lv.to_move(state)) is not None:
            if mover is lv.CHANCE:
                action = lv.sample_chance(state, rng)
                assert action not in codes  # chance outcomes are not decisions
            else:
                legal = lv.legal_actions(state)
                missing = [a for a in legal if a not in codes]
                assert not missing, f"legal but not in action_space: {missing} ({state.tasks})"
                decisions += 1
                action = legal[rng.below(len(legal))]
            state = lv.apply(state, action)
    assert decisions > 0


def test_action_space_starts_with_the_core_placements() -> None:
    """``Place(1)`` .. ``Place(6)`` are codes 0-5 in every config; modules follow in order."""
    for config in CONFIGS:
        assert lv.action_space(config)[:6] == tuple(lv.Place(f) for f in range(1, 7))
    kickers = lv.classic(3, lv.Kickers(), lv.SlotMachine())
    space = lv.action_space(kickers)
    assert space[6] == lv.Kick(0)
    assert lv.Place(4, target=7) in space
    assert lv.ChooseNote(100_000) in space


def test_card_game_action_space_is_every_k5_selection() -> None:
    """K-5: 1 or 2 cards of any faces, or 3 to 5 cards of one face, from the 30-card deck."""
    space = lv.action_space(lv.cardgame(3))
    plays = [a for a in space if isinstance(a, lv.PlayCards)]
    assert len(plays) == 114
    for play in plays:
        faces = {c // 10 for c in play.cards}
        assert len(play.cards) <= 2 or len(faces) == 1
    assert lv.PlayCards((52, 52)) not in space  # one double card per face in the deck
