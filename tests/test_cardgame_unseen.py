"""The card game's one deal of the unseen cards (K-13, K-18): the same deal serves the leak
tests' resampling (``resample_hidden``) and the search agents' determinising
(``determinise``), and nothing a seat sees changes under it."""

from __future__ import annotations

import pytest

import lasvegas as lv
from _play import random_states
from lasvegas.agents import determinise
from lasvegas.cardgame import CardGame, CardGameState
from lasvegas.state import evolve


def _card_game(config: lv.GameConfig) -> tuple[int, CardGame]:
    for index, module in enumerate(config.modules):
        if isinstance(module, CardGame):
            return index, module
    raise AssertionError("no card game in the config")


CONFIGS = [
    lv.cardgame(2),
    lv.cardgame(4),
    lv.cardgame(3, lv.Sequential()),
    lv.cardgame(3, lv.ChipCards()),
    lv.cardgame(3, hide_money=True),
]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_k13_k18_one_deal_of_the_unseen_keeps_every_view(config: lv.GameConfig) -> None:
    """K-13, K-18: dealing again what a seat cannot see (another seat's hand, draw pile,
    discards and hidden choice) changes nothing that seat sees, leaves a valid state, and
    is the one deal behind both resampling and determinising: from the true state and from
    the state rebuilt with the seat's redacted slice, the same *rng* deals the same cards."""
    index, module = _card_game(config)
    changed = 0
    states = random_states(config, 5)
    for step, state in enumerate(states[:: max(1, len(states) // 60)]):
        for seat in (*range(config.players), None):
            dealt = module.deal_unseen(state, index, seat, lv.Rng(step))
            assert lv.observe(dealt, seat) == lv.observe(state, seat)
            assert lv.state_problems(dealt) == ()
            assert module.resample_hidden(state, index, seat, lv.Rng(step)) == dealt
            if seat is None:
                continue
            view = lv.observe(state, seat)
            redacted = evolve(state, modules=view.modules)
            guess = module.determinise(redacted, index, view, lv.Rng(step)).modules[index]
            real = state.modules[index]
            got = dealt.modules[index]
            assert isinstance(real, CardGameState)
            assert isinstance(got, CardGameState)
            assert isinstance(guess, CardGameState)
            assert (guess.decks, guess.hands, guess.discards) == (
                got.decks,
                got.hands,
                got.discards,
            )
            for t, hand in enumerate(got.hands):
                if hand:  # a choice still in hand (once revealed on the last turn, the view
                    # shows the casinos, not the choice: nothing is dealt for it)
                    assert guess.choices[t] == got.choices[t]
            assert (got.hands[seat], got.decks[seat], got.discards[seat]) == (
                real.hands[seat],
                real.decks[seat],
                real.discards[seat],
            )
            assert got.choices[seat] == real.choices[seat]
            changed += got.hands != real.hands
    assert changed > 20  # the deal really deals: other seats' hands come out otherwise


@pytest.mark.parametrize("config", CONFIGS[:3], ids=repr)
def test_k13_k18_determinised_worlds_show_the_seat_its_view(config: lv.GameConfig) -> None:
    """K-13, K-18: the search agents' determinised state, whose cards come from the one
    deal, shows each seat exactly its view at every decision of a random game."""
    checked = 0
    for state in random_states(config, 8):
        seat = lv.to_move(state)
        if seat is None or seat is lv.CHANCE:
            continue
        view = lv.observe(state, seat)
        guess = determinise(view, lv.Rng(checked))
        assert guess is not None
        assert lv.observe(guess, seat) == view
        assert lv.state_problems(guess) == ()
        checked += 1
    assert checked > 30
