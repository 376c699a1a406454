"""Lucky Punch (tile A1): T-LUCKY-1, T-LUCKY-2, X-10 and the hidden fist (T-5), scripted
through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven, TileActivated
from lasvegas.royale.tiles.lucky_punch import (
    LUCKY_PUNCH_REWARDS,
    LUCKY_PUNCH_TOKENS,
    FistMade,
    FistOpened,
    GuessTokens,
    HideTokens,
    LuckyPunchGuess,
)
from lasvegas.testing import chips, random_sim_test, setup_round, turn
from lasvegas.view import hidden_variant


def start(players: int = 3) -> lv.State:
    """Lucky Punch alone at casino 1, default cards; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=1, deal=("A1",))))


def punch(state: lv.State, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat places one die at casino 1 (its other dice show 2s): Lucky Punch."""
    small, big = state.supply[state.active][:2]
    return turn(state, [1] + [2] * (small - 1), 1, big=2 if big else None, log=log)


def steps(state: lv.State, *actions: lv.Action) -> tuple[lv.State, list[lv.Step]]:
    done = []
    for action in actions:
        done.append(lv.step(state, action))
        state = done[-1].state
    return state, done


def test_tlucky1_three_tokens_and_a_fist_of_one_to_three() -> None:
    """T-LUCKY-1: three tokens on the tile; T-LUCKY-2: the fist holds 1, 2 or 3 of them."""
    assert LUCKY_PUNCH_TOKENS == 3
    log: list[lv.Event] = []
    state = punch(start(), log)
    assert TileActivated(casino=lv.CasinoNumber(1), face="A1", seat=0) in log
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (HideTokens(1), HideTokens(2), HideTokens(3))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, HideTokens(4))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, GuessTokens(1))


@pytest.mark.parametrize(("hidden", "guess"), [(1, 2), (2, 3), (3, 1)])
def test_tlucky2_x10_a_wrong_guess_pays_the_reward_for_the_number_hidden(
    hidden: int, guess: int
) -> None:
    """T-LUCKY-2, X-10: a wrong guess gives the active player 2 chips (1 token hidden),
    $30,000 (2) or $40,000 (3) from the bank; the tokens go back and the turn goes on."""
    assert LUCKY_PUNCH_REWARDS == (20_000, 30_000, 40_000)
    state = punch(start())
    state, done = steps(state, HideTokens(hidden), GuessTokens(guess))
    events = done[-1].events
    assert FistOpened(seat=0, guesser=1, guess=guess, tokens=hidden) in events
    if hidden == 1:
        assert ChipsGiven(seat=0, count=2) in events
        assert chips(state) == (4, 2, 2)
        assert state.money[0] == ()
    else:
        amount = LUCKY_PUNCH_REWARDS[hidden - 1]
        assert BankPaid(seat=0, amount=amount, cards=(amount,), chips=0) in events
        assert state.money[0] == (amount,)
    assert not state.tasks
    assert state.phase is lv.Phase.ROLL
    assert state.active == 1


@pytest.mark.parametrize("hidden", [1, 2, 3])
def test_tlucky2_a_right_guess_gives_nothing(hidden: int) -> None:
    """T-LUCKY-2: a right guess gives the active player nothing."""
    state = punch(start())
    state, done = steps(state, HideTokens(hidden), GuessTokens(hidden))
    assert FistOpened(seat=0, guesser=1, guess=hidden, tokens=hidden) in done[-1].events
    assert state.money == ((), (), ())
    assert chips(state) == (2, 2, 2)
    assert state.active == 1


@pytest.mark.parametrize(("players", "active", "guesser"), [(3, 2, 0), (2, 1, 0), (5, 3, 4)])
def test_tlucky2_the_seat_to_the_left_guesses(players: int, active: int, guesser: int) -> None:
    """T-LUCKY-2: the seat to the active player's left (clockwise next) guesses."""
    state = start(players)
    while state.active != active:  # the seats before it place at casino 6
        small, big = state.supply[state.active][:2]
        state = turn(state, [6] * small, 6, big=6 if big else None)
    state = lv.apply(punch(state), HideTokens(2))
    assert lv.to_move(state) == guesser
    assert lv.legal_actions(state) == (GuessTokens(1), GuessTokens(2), GuessTokens(3))
    state = lv.apply(state, GuessTokens(3))
    assert state.money[active] == (30_000,)


def test_t5_tlucky2_the_fist_stays_hidden_until_the_guess() -> None:
    """T-5, T-LUCKY-2: the fist is a hidden decision: no other seat's view (nor a spectator's)
    nor events show how many tokens it holds until the guess opens it; its owner sees it."""
    state = punch(start())
    view_before = {seat: lv.observe(state, seat) for seat in (None, 0, 1, 2)}
    fists = {}
    for hidden in (1, 2, 3):
        step = lv.step(state, HideTokens(hidden))
        fists[hidden] = step
        assert FistMade(seat=0, tokens=hidden) in step.events
        assert lv.observe_events(step, 0) == (FistMade(seat=0, tokens=hidden),)
        for seat in (None, 1, 2):
            assert lv.observe_events(step, seat) == (FistMade(seat=0, tokens=None),)
            (shown,) = lv.observe(step.state, seat).tasks
            assert shown.task == LuckyPunchGuess(shown.task.module, 0, 1, None)  # type: ignore[union-attr]
        assert lv.observe(step.state, 0).tasks[0].task.tokens == hidden  # type: ignore[union-attr]
    for seat in (None, 1, 2):  # the three fists look the same to everybody but seat 0
        views = {lv.to_json(lv.observe(fists[h].state, seat)) for h in (1, 2, 3)}
        assert len(views) == 1
        assert lv.observe(fists[1].state, seat).legal == lv.observe(fists[3].state, seat).legal
    assert lv.observe(fists[1].state, 0) != lv.observe(fists[3].state, 0)
    for seat in (None, 0, 1, 2):  # before the fist: the hide task shows nothing secret
        assert lv.observe(state, seat) == view_before[seat]
    # the leak property: drawing the fist again changes nothing another seat sees
    for seat in (None, 1, 2):
        for k in range(5):
            variant = hidden_variant(fists[2].state, seat, lv.Rng(k))
            assert lv.observe(variant, seat) == lv.observe(fists[2].state, seat)
            assert not lv.state_problems(variant)
    # the guess reveals it to everybody
    opened = lv.step(fists[2].state, GuessTokens(1))
    for seat in (None, 0, 1, 2):
        assert FistOpened(seat=0, guesser=1, guess=1, tokens=2) in lv.observe_events(opened, seat)


def test_tlucky2_activated_by_my_choice_still_punches() -> None:
    """T-LUCKY-2 (ruling): activated without a placement (as My Choice does), the active
    player still makes a fist."""
    from lasvegas.royale.tiles import activate_tile

    state = activate_tile(start(), lv.CasinoNumber(1), 0, None)
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (HideTokens(1), HideTokens(2), HideTokens(3))


def test_tlucky2_json_round_trip_of_the_hidden_fist() -> None:
    """The state keeps the fist through JSON; another seat's view loads back without it."""
    state = lv.apply(punch(start()), HideTokens(3))
    assert lv.from_json(lv.to_json(state), lv.State) == state
    view = lv.observe(state, 2)
    assert lv.from_json(lv.to_json(view), lv.PlayerView) == view


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_lucky_punch_forced(players: int) -> None:
    """random_sim_test with Lucky Punch forced on casino 1 and the other tiles dealt at random
    (the views' leak check covers the fist)."""
    random_sim_test(lv.royale(players, deal=("A1",)), games=1, seed=players)


def test_t5_tlucky2_search_agents_fill_in_an_unseen_fist() -> None:
    """T-5: rebuilding a state from the guesser's view (search agents' determinisation,
    ``LuckyPunch.determinise``), the unseen fist is filled in with 1-3 tokens and the
    guesser is offered the same guesses."""
    from lasvegas.agents.determinise import consistent
    from lasvegas.state import evolve

    state = lv.apply(punch(start()), HideTokens(3))
    view = lv.observe(state, 1)
    shown = tuple(t.task for t in view.tasks if t.task is not None)
    blind = evolve(state, tasks=shown)  # the state as far as the view tells
    (index,) = [i for i, m in enumerate(state.config.modules) if isinstance(m, lv.LuckyPunch)]
    tile = state.config.modules[index]
    assert isinstance(tile, lv.LuckyPunch)
    seen = set()
    for k in range(12):
        guess = tile.determinise(blind, index, view, lv.Rng(k))
        assert consistent(guess, view, lv.legal_actions(state))
        (task,) = guess.tasks
        assert isinstance(task, LuckyPunchGuess)
        seen.add(task.tokens)
    assert seen == {1, 2, 3}


def test_t5_tlucky2_one_deal_of_the_unseen_fist() -> None:
    """T-5, T-LUCKY-2: the tile deals an unseen fist one way: resampling it for a seat that
    may not see it (from the true state) and determinising it from that seat's view draw
    the same fist from the same *rng*; the owner's own fist is never redrawn."""
    from lasvegas.state import evolve

    state = lv.apply(punch(start()), HideTokens(3))
    (index,) = [i for i, m in enumerate(state.config.modules) if isinstance(m, lv.LuckyPunch)]
    tile = state.config.modules[index]
    assert isinstance(tile, lv.LuckyPunch)
    drawn = set()
    for k in range(12):
        for seat in (None, 1, 2):
            view = lv.observe(state, seat)
            blind = evolve(state, tasks=tuple(t.task for t in view.tasks if t.task is not None))
            resampled = tile.resample_hidden(state, index, seat, lv.Rng(k))
            assert tile.determinise(blind, index, view, lv.Rng(k)) == resampled
            drawn.add(resampled.tasks[0].tokens)  # type: ignore[attr-defined]
        assert tile.resample_hidden(state, index, 0, lv.Rng(k)) == state
    assert drawn == {1, 2, 3}
