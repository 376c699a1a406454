"""Search agents where a module hides something: the card game's cards (K-13, K-18) and the
Black Box's split (T-BLACKBOX-2, T-5), rebuilt by their determinisers."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.agents import (
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    consistent,
    determinise,
    play_game,
)
from lasvegas.agents.determinise import hides
from lasvegas.cardgame import CardGameState, PlayCards, selections
from lasvegas.royale.tiles.black_box import (
    BLACK_BOX_TOKENS,
    FACE_DOWN,
    BlackBox,
    BlackBoxChoose,
    SplitTokens,
)
from lasvegas.testing import check_invariants, finish_round, setup_round


def _check_world(state: lv.State, seat: int, rng: lv.Rng) -> lv.State:
    """A determinised state for *seat*: valid, and showing *seat* exactly its view."""
    view = lv.observe(state, seat)
    guess = determinise(view, rng)
    assert guess is not None
    assert lv.state_problems(guess) == ()
    check_invariants(guess)
    assert lv.observe(guess, seat) == view
    assert consistent(guess, view, lv.legal_actions(state))
    return guess


@pytest.mark.parametrize(
    "config",
    [lv.cardgame(2), lv.cardgame(3), lv.cardgame(4, lv.Sequential())],
    ids=repr,
)
def test_k13_k18_card_game_worlds_agree_with_the_view(config: lv.GameConfig) -> None:
    """K-13, K-18: at every decision of a random game, the rebuilt state is valid, shows the
    seat to move exactly its view, keeps that seat's own cards and deals the others' cards
    from what that seat cannot see (their hand, draw pile and discard sizes kept)."""
    rng = lv.Rng(11)
    state = lv.new_game(config)
    index = next(i for i, m in enumerate(config.modules) if m.id == "cardgame")
    checked = 0
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            state = lv.apply(state, lv.sample_chance(state, rng))
            continue
        guess = _check_world(state, mover, rng)
        real = state.modules[index]
        got = guess.modules[index]
        assert isinstance(real, CardGameState)
        assert isinstance(got, CardGameState)
        assert got.hands[mover] == real.hands[mover]
        assert got.decks[mover] == real.decks[mover]
        for seat in range(config.players):
            assert len(got.hands[seat]) == len(real.hands[seat])
            assert len(got.decks[seat]) == len(real.decks[seat])
            assert len(got.discards[seat]) == len(real.discards[seat])
            assert (got.choices[seat] is None) == (real.choices[seat] is None)
        checked += 1
        legal = lv.legal_actions(state)
        state = lv.apply(state, legal[rng.below(len(legal))])
    assert checked > 30


def test_k13_a_hidden_choice_is_sampled_from_the_sampled_hand() -> None:
    """K-13: the first seat's committed choice is hidden from the second; the rebuilt state
    holds a legal selection from the rebuilt hand, and other samples deal other hands."""
    rng = lv.Rng(4)
    state = lv.new_game(lv.cardgame(2))
    while lv.to_move(state) is lv.CHANCE:
        state = lv.apply(state, lv.sample_chance(state, rng))
    first = lv.to_move(state)
    assert isinstance(first, int)
    state = lv.apply(state, lv.legal_actions(state)[0])
    second = lv.to_move(state)
    assert isinstance(second, int)
    assert second != first
    hands = set()
    for seed in range(12):
        guess = _check_world(state, second, lv.Rng(seed))
        s = guess.modules[0]
        assert isinstance(s, CardGameState)
        choice = s.choices[first]
        assert choice is not None
        assert choice != ()
        assert PlayCards(choice) in selections(s.hands[first])
        hands.add(s.hands[first])
    assert len(hands) > 1  # the hidden hand is really sampled


def test_search_really_searches_in_the_card_game() -> None:
    """The card game hides cards but has a determiniser: no fallback to greedy."""
    config = lv.cardgame(2)
    assert hides(config.modules[0])
    agents = [SearchAgent(1, playouts=12, worlds=2), SearchAgent(2, playouts=12, worlds=2)]
    state, _ = play_game(config, agents, lv.Rng(5))
    assert lv.to_move(state) is None
    assert all(a.fell_back == 0 and a.searched > 5 for a in agents)


def _black_box_choice(players: int = 2) -> lv.State:
    """Black Box at casino 1, won by seat 0; seat 1 has split 4+2; seat 0 to choose."""
    config = lv.royale(players, tiles=1, deal=("G1",))
    state = finish_round(setup_round(lv.new_game(config)), {0: 1, 1: 5})
    split = SplitTokens((60_000, 20_000, 0, 0), (20_000, 0))
    assert split in lv.legal_actions(state)
    state = lv.apply(state, split)
    assert isinstance(state.tasks[0], BlackBoxChoose)
    assert lv.to_move(state) == 0
    return state


def test_tblackbox2_t5_black_box_worlds_keep_the_pile_sizes() -> None:
    """T-BLACKBOX-2, T-5: the chooser sees the pile sizes only; a rebuilt state holds a split
    of the six tokens with those sizes, and different samples find different splits."""
    state = _black_box_choice()
    view = lv.observe(state, 0)
    task = view.tasks[0].task
    assert isinstance(task, BlackBoxChoose)
    assert task.piles == ((FACE_DOWN,) * 4, (FACE_DOWN,) * 2)
    seen = set()
    for seed in range(20):
        guess = _check_world(state, 0, lv.Rng(seed))
        piles = guess.tasks[0].piles  # type: ignore[attr-defined]
        assert [len(p) for p in piles] == [4, 2]
        assert sorted((*piles[0], *piles[1])) == sorted(BLACK_BOX_TOKENS)
        seen.add(piles)
    assert len(seen) > 1
    # The splitter knows its split: its world holds the real piles.
    splitter = lv.observe(state, 1)
    module = next(i for i, m in enumerate(state.config.modules) if isinstance(m, BlackBox))
    assert BlackBox().determinise(state, module, splitter, lv.Rng(0)) == state


def test_search_really_searches_at_the_black_box_choice() -> None:
    """T-5: at the hidden Black Box choice the search agent searches (no fallback)."""
    state = _black_box_choice()
    agent = SearchAgent(3, playouts=20, worlds=2)
    assert agent.choose(lv.observe(state, 0), lv.legal_actions(state)) in lv.legal_actions(state)
    assert (agent.searched, agent.fell_back) == (1, 0)


def test_search_really_searches_in_the_royale_main_game() -> None:
    """Every main-game tile that hides something (Black Box, Lucky Punch) has a determiniser."""
    config = lv.royale(2)
    assert any(isinstance(m, BlackBox) for m in config.modules)
    search = SearchAgent(1, playouts=8, worlds=1)
    state, _ = play_game(config, [search, RandomAgent(2)], lv.Rng(6))
    assert lv.to_move(state) is None
    assert search.searched > 10
    assert search.fell_back == 0


def test_greedy_plays_card_game_decisions_by_judgement() -> None:
    """Greedy's card-game choice depends on the table, not on a coin: the same view gives
    the same choice whatever the agent's seed."""
    rng = lv.Rng(8)
    state = lv.new_game(lv.cardgame(2))
    while lv.to_move(state) is lv.CHANCE:
        state = lv.apply(state, lv.sample_chance(state, rng))
    mover = lv.to_move(state)
    assert isinstance(mover, int)
    view = lv.observe(state, mover)
    legal = lv.legal_actions(state)
    picks = {GreedyAgent(seed).choose(view, legal) for seed in range(8)}
    assert len(picks) == 1
