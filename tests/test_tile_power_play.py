"""Power Play (tile D2): T-POWER-1 to T-POWER-4, the rotated die's activation (T-6), the
rulebook's blank-dice example (T-8), scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import TileActivated
from lasvegas.royale.tiles.block_it import PlaceCluster
from lasvegas.royale.tiles.no_entry import NoEntryClose
from lasvegas.royale.tiles.power_play import (
    PowerPlayRoll,
    PowerPlayState,
    PowerPlayUse,
    PowerTokenMoved,
)
from lasvegas.testing import finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber

ROLL = PowerPlayRoll()


def start(players: int = 3, *faces: str, **setup: object) -> lv.State:
    """Power Play at casino 1 (then *faces*); seat 0 to roll."""
    deal = ("D2", *faces)
    config = lv.royale(players, tiles=len(deal), deal=deal)
    return setup_round(lv.new_game(config), **setup)  # type: ignore[arg-type]


def holder(state: lv.State) -> int:
    (value,) = [s for s in state.modules if isinstance(s, PowerPlayState)]
    return value.holder


def dice(state: lv.State, face: int, count: int, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat places *count* small dice at casino *face* (the others show 6s, or
    5s when *face* is 6; the Biggy too)."""
    small, big = state.supply[state.active][:2]
    other = 5 if face == 6 else 6
    faces = [face] * count + [other] * (small - count)
    return turn(state, faces, face, big=other if big else None, log=log)


def finish(state: lv.State, faces: dict[int, int], log: list[lv.Event] | None = None) -> lv.State:
    """finish_round, the holder declining the token whenever asked."""
    current = state.round
    while state.round == current:
        state = finish_round(state, faces, log)
        if state.round == current:
            assert lv.legal_actions(state)[0] == ROLL
            state = lv.apply(state, ROLL)
    return state


def test_tpower1_the_token_starts_on_the_tile() -> None:
    """T-POWER-1: at setup the token is on the tile (each round)."""
    state = start()
    assert holder(state) == -1
    state = dice(state, 1, 1)
    assert holder(state) == 0
    state = setup_round(finish(state, {0: 4, 1: 5, 2: 6}))
    assert state.round == 2
    assert holder(state) == -1


def test_tpower2_a_clear_majority_takes_the_token_from_the_tile_or_its_holder() -> None:
    """T-POWER-2: activating with more dice here than every other owner takes the token,
    from the tile or from the player holding it."""
    log: list[lv.Event] = []
    state = dice(start(), 1, 1, log)  # seat 0: 1 die, alone
    assert TileActivated(casino=lv.CasinoNumber(1), face="D2", seat=0) in log
    assert PowerTokenMoved(holder=0) in log
    state = dice(state, 1, 2, log)  # seat 1: 2 dice against 1
    assert PowerTokenMoved(holder=1) in log
    assert holder(state) == 1


def test_tpower2_no_clear_majority_of_the_active_player_takes_nothing() -> None:
    """T-POWER-2: the active player must have more dice than *every* other owner; the
    imaginary neutral owner counts (T-8, T-11: a Biggy counts two)."""
    state = start(2, neutral=(1, 1, 6, 6, 6, 6, 6))  # two neutral dice at casino 1
    state = dice(state, 1, 2)  # seat 0: 2 against the neutral 2
    assert holder(state) == -1
    state = turn(state, [1, 6, 6, 6, 6, 6, 6], 1, big=1)  # seat 1: a die and its Biggy: 3
    assert holder(state) == 1


def test_tpower4_ties_among_players_return_the_token() -> None:
    """T-POWER-4: as soon as no owner has a clear majority here, the token returns to the
    tile, even though the player who made the tie does not take it."""
    log: list[lv.Event] = []
    state = dice(start(), 1, 1)  # seat 0 takes the token
    state = dice(state, 1, 1, log)  # seat 1 ties it
    assert PowerTokenMoved(holder=-1) in log
    assert holder(state) == -1
    state = dice(state, 4, 1)  # seat 2 places elsewhere
    assert holder(state) == -1
    assert not state.tasks  # seat 0's turn starts without the token
    assert state.active == 0


def test_tpower4_rulebook_example_blank_dice_take_the_majority_away() -> None:
    """T-POWER-4, T-8, rulebook example: casino 2 has Power Play and 1 blue, 1 yellow and 2
    red dice; you add 2 blank dice (Block It!); red must return the token at once, and if the
    casino stays that way nobody wins any money there."""
    config = lv.royale(4, tiles=2, deal=("F1", "D2"))  # Block It! at 1, Power Play at 2
    state = setup_round(lv.new_game(config))
    state = dice(state, 2, 1)  # blue (seat 0)
    state = dice(state, 2, 1)  # yellow (seat 1)
    state = dice(state, 2, 2)  # red (seat 2): a clear majority
    assert holder(state) == 2
    state = dice(state, 1, 1)  # you (seat 3) activate Block It!
    log: list[lv.Event] = []
    step = lv.step(state, PlaceCluster(2, CasinoNumber(2)))  # two blank dice into casino 2
    log.extend(step.events)
    assert PowerTokenMoved(holder=-1) in step.events
    state = step.state
    assert holder(state) == -1
    assert not state.tasks  # one cluster per activation (T-BLOCK-2)
    assert state.casinos[1].weights() == (1, 1, 2, 0, 2)
    state = finish_round(state, {0: 5, 1: 4, 2: 3, 3: 4}, log)
    assert not [e for e in log if isinstance(e, lv.BanknotePaid) and e.casino == 2]
    assert lv.TiesRemoved(casino=CasinoNumber(2), owners=(0, 1, 2, 4)) in log


def test_tpower3_the_holder_may_use_the_token_instead_of_rolling() -> None:
    """T-POWER-3: at the start of the holder's next turn, before rolling, they may rotate one
    of their remaining dice to any face and place it at that casino: that is their whole
    turn, and the token returns to the tile."""
    state = dice(start(), 1, 1)  # seat 0 takes the token
    state = dice(dice(state, 4, 1), 5, 1)  # seats 1 and 2
    assert state.active == 0
    assert lv.to_move(state) == 0
    assert state.phase is lv.Phase.ROLL
    legal = lv.legal_actions(state)
    assert legal[0] == ROLL
    assert set(legal[1:]) == {PowerPlayUse(f, big) for f in range(1, 7) for big in (False, True)}
    view = lv.observe(state, 1)
    assert view.tasks[0].task is not None  # the choice is public
    step = lv.step(state, PowerPlayUse(face=3, big=False))
    assert lv.DicePlaced(seat=0, face=3, casino=CasinoNumber(3), counts=(1, 0, 0, 0)) in step.events
    assert PowerTokenMoved(holder=-1) in step.events
    assert not any(isinstance(e, lv.DiceRolled) for e in step.events)
    state = step.state
    assert holder(state) == -1
    assert state.casinos[2].dice[0] == 1
    assert state.supply[0][:2] == (5, 1)
    assert state.active == 1  # the whole turn
    assert state.phase is lv.Phase.ROLL


def test_tpower3_t6_the_rotated_die_activates_the_tile_where_it_lands() -> None:
    """T-POWER-3, T-6: the rotated die's placement activates the tile of its casino (here
    Jackpot, whose throw follows); the turn ends once that is resolved."""
    state = dice(start(3, "A2"), 1, 1)  # seat 0 takes the token
    state = dice(dice(state, 4, 1), 5, 1)
    step = lv.step(state, PowerPlayUse(face=2, big=True))  # the Biggy, onto Jackpot's casino
    assert TileActivated(casino=lv.CasinoNumber(2), face="A2", seat=0) in step.events
    assert step.state.casinos[1].big[0] == 1
    assert lv.to_move(step.state) is lv.CHANCE
    state = lv.apply(step.state, lv.Roll((3, 4), "black"))
    assert state.money[0] == (30_000,)
    assert state.active == 1


def test_tpower3_ruling_declining_keeps_the_token_for_a_later_turn() -> None:
    """T-POWER-3 (ruling): declining, the holder rolls as usual and keeps the token; it is
    offered again at the start of each of their turns while they hold it."""
    state = dice(start(), 1, 1)
    state = dice(dice(state, 4, 1), 5, 1)
    state = lv.apply(state, ROLL)
    assert not state.tasks
    assert state.phase is lv.Phase.ROLL
    assert state.active == 0
    state = dice(state, 6, 1)  # seat 0 rolls and places at casino 6
    assert holder(state) == 0
    state = dice(dice(state, 4, 1), 5, 1)
    assert lv.legal_actions(state)[0] == ROLL  # offered again


def test_tpower3_ruling_a_die_rotated_onto_this_casino_may_win_the_token_back() -> None:
    """T-POWER-3 (ruling): the token returns before the die is placed, so a die rotated onto
    Power Play's own casino activates it and a clear majority takes the token again."""
    state = dice(start(), 1, 1)
    state = dice(dice(state, 4, 1), 5, 1)
    step = lv.step(state, PowerPlayUse(face=1, big=False))
    moved = [e for e in step.events if isinstance(e, PowerTokenMoved)]
    assert moved == [PowerTokenMoved(holder=-1), PowerTokenMoved(holder=0)]
    assert holder(step.state) == 0


def test_tpower3_t7_no_rotation_into_a_closed_casino_and_only_dice_held() -> None:
    """T-POWER-3, T-7: the rotated die cannot go to a closed casino; only the kinds of dice
    the holder still has may be rotated."""
    state = dice(start(3, "E1"), 1, 1)  # seat 0 takes the token
    state = lv.apply(dice(state, 2, 1), NoEntryClose(CasinoNumber(5)))  # seat 1 closes casino 5
    state = turn(state, [6] * 7, 6, big=6)  # seat 2 places everything
    uses = {a for a in lv.legal_actions(state) if isinstance(a, PowerPlayUse)}
    assert uses == {PowerPlayUse(f, big) for f in (1, 2, 3, 4, 6) for big in (False, True)}
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, PowerPlayUse(5, False))
    state = lv.apply(state, PowerPlayUse(1, True))  # the Biggy onto casino 1: token back
    assert holder(state) == 0
    state = dice(state, 3, 1)  # seat 1
    assert state.active == 0
    uses = {a for a in lv.legal_actions(state) if isinstance(a, PowerPlayUse)}
    assert uses == {PowerPlayUse(f, False) for f in (1, 2, 3, 4, 6)}  # no Biggy left


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_power_play_forced(players: int) -> None:
    """random_sim_test with Power Play forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("D2",)), games=1, seed=60 + players)
