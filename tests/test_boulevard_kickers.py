"""The kickers, module ``Kickers`` (B-4, X-3), scripted through the public API."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.boulevard import DieKicked, KickChoice, KickersRemoved, KickersState, SlotMachineState
from lasvegas.testing import check_invariants, deal, random_sim_test
from lasvegas.types import CasinoNumber

NOTES = [[60_000], [60_000], [70_000], [70_000], [80_000], [80_000], [90_000]]


def start(players: int, *modules: lv.RuleModule) -> lv.State:
    """A game with kickers (and *modules*), notes dealt, at the first roll."""
    state = lv.new_game(lv.classic(players, lv.Kickers(), *modules))
    return deal(state, *NOTES[: len(state.casinos)])


def roll(
    state: lv.State,
    regular: Iterable[int] = (),
    *,
    big: Iterable[int] = (),
    kicker: Iterable[int] = (),
    neutral: Iterable[int] = (),
) -> lv.State:
    """Roll the given faces for each group of the active seat (empty groups are skipped)."""
    groups = (("regular", regular), ("big", big), ("kicker", kicker), ("neutral", neutral))
    for group, faces in groups:
        ordered = tuple(sorted(faces))
        if ordered:
            state = lv.apply(state, lv.Roll(ordered, group))
    return state


def finish_round(state: lv.State) -> lv.State:
    """Play the round out with the first chance outcome and the first legal action each time."""
    this_round = state.round
    while state.round == this_round:
        if lv.to_move(state) is lv.CHANCE:
            state = lv.apply(state, lv.chance_outcomes(state)[0][0])
        else:
            state = lv.apply(state, lv.legal_actions(state)[0])
    return state


def out_of_play(state: lv.State) -> tuple[int, ...]:
    index = next(i for i, m in enumerate(state.config.modules) if m.id == "kickers")
    value = state.modules[index]
    assert isinstance(value, KickersState)
    return value.out


def test_x3_kickers_per_player() -> None:
    """X-3, B-4: two kickers each with fewer than 6 players, one each with 6; the box has 10."""
    for players in (2, 3, 4, 5):
        assert lv.new_game(lv.classic(players, lv.Kickers())).supply[0] == (6, 0, 2, 0)
    six = lv.new_game(lv.classic(6, lv.Kickers(), lv.SixthPlayer()))
    assert six.supply[0] == (7, 0, 1, 0)
    assert lv.new_game(lv.classic(3, lv.Kickers(per_player=1))).supply[0] == (7, 0, 1, 0)
    with pytest.raises(lv.ConfigError, match="the box has 10"):
        lv.classic(6, lv.Kickers(per_player=2), lv.SixthPlayer())
    with pytest.raises(lv.ConfigError, match="per_player"):
        lv.Kickers(per_player=3)


def test_b4_kickers_are_rolled_in_their_own_chance_node() -> None:
    """B-4, the chance sequence: the kickers roll after the regular dice, as group "kicker"."""
    state = start(2)
    assert lv.chance_outcomes(state)[0] == (lv.Roll((1,) * 6), Fraction(1, 6**6))
    state = lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 6)))
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes[lv.Roll((1, 1), "kicker")] == Fraction(1, 36)
    assert outcomes[lv.Roll((1, 2), "kicker")] == Fraction(2, 36)
    state = lv.apply(state, lv.Roll((1, 2), "kicker"))
    assert lv.legal_actions(state) == tuple(lv.Place(f) for f in range(1, 7))


def test_b4_a_kicker_kicks_one_die_back_to_its_owner() -> None:
    """B-4: the kicker and one chosen die leave the casino; the die goes back to its owner's supply."""
    state = start(2)
    state = roll(state, [3, 3, 4, 4, 5, 5], kicker=[1, 2])
    state = lv.apply(state, lv.Place(3))  # seat 0: two dice at casino 3
    state = roll(state, [3, 4, 4, 5, 5, 6], kicker=[3, 6])
    step = lv.step(state, lv.Place(3))  # seat 1: a regular 3 and the kicker 3
    state = step.state
    assert lv.DicePlaced(seat=1, face=3, casino=CasinoNumber(3), counts=(1, 0, 1, 0)) in step.events
    assert KickersRemoved(seat=1, casino=3, kickers=1) in step.events
    assert state.casinos[2].dice == (2, 1)  # the kicker left at once
    assert lv.to_move(state) == 1
    assert state.tasks == (KickChoice(module=0, seat=1, casino=3, face=3, kicks=1),)
    assert lv.legal_actions(state) == (lv.Kick(0), lv.Kick(1))  # an opponent's or their own
    step = lv.step(state, lv.Kick(0))
    state = step.state
    assert DieKicked(seat=1, casino=3, owner=0, big=False, face=3) in step.events
    assert state.casinos[2].dice == (1, 1)
    assert state.supply == ((5, 0, 2, 0), (5, 0, 1, 0))  # seat 0 has its die back
    assert out_of_play(state) == (0, 1)  # seat 1's kicker is out for the round
    assert state.phase is lv.Phase.ROLL
    assert state.active == 0
    check_invariants(state)


def test_b4_a_kicker_may_kick_a_die_its_own_turn_placed() -> None:
    """B-4: any one die at the casino may be kicked, even one placed with the kicker."""
    state = start(2)
    state = roll(state, [2, 2, 4, 4, 5, 5], kicker=[2, 6])
    state = lv.apply(state, lv.Place(2))
    assert lv.legal_actions(state) == (lv.Kick(0),)
    state = lv.apply(state, lv.Kick(0))
    assert state.casinos[1].dice == (1, 0)
    assert state.supply[0] == (5, 0, 1, 0)


def test_b4_a_kicker_on_an_empty_casino_has_no_effect() -> None:
    """B-4: a kicker placed where no other die is does nothing and is out of play."""
    state = start(2)
    state = roll(state, [1, 1, 1, 1, 1, 1], kicker=[2, 2])
    state = lv.apply(state, lv.Place(2))
    assert not state.tasks
    assert state.casinos[1].dice == (0, 0)
    assert out_of_play(state) == (2, 0)
    assert state.supply[0] == (6, 0, 0, 0)
    assert lv.to_move(state) is lv.CHANCE
    assert state.active == 1
    check_invariants(state)


def test_b4_c9_a_kicked_player_re_enters_the_round() -> None:
    """B-4, C-9: a seat out of dice gets one kicked back and plays again; the round goes on."""
    state = start(2)
    state = roll(state, [1, 1, 1, 1, 1, 1], kicker=[2, 3])
    state = lv.apply(state, lv.Place(1))  # seat 0: six dice at casino 1
    state = roll(state, [4, 4, 4, 4, 4, 4], kicker=[1, 5])
    state = lv.apply(state, lv.Place(4))  # seat 1: six dice at casino 4
    state = roll(state, kicker=[2, 2])
    state = lv.apply(state, lv.Place(2))  # seat 0's kickers land on nothing: seat 0 is done
    assert state.supply[0] == (0, 0, 0, 0)
    state = roll(state, kicker=[1, 5])
    state = lv.apply(state, lv.Place(5))  # seat 1 keeps its kicker showing 1
    assert state.active == 1  # C-9: seat 0 is skipped, seat 1 rolls again
    state = roll(state, kicker=[1])
    state = lv.apply(state, lv.Place(1))  # seat 1's last die: a kicker at casino 1
    assert lv.legal_actions(state) == (lv.Kick(0),)
    state = lv.apply(state, lv.Kick(0))
    assert state.supply == ((1, 0, 0, 0), (0, 0, 0, 0))
    assert state.round == 1
    assert state.phase is lv.Phase.ROLL
    assert state.active == 0
    state = roll(state, [6])
    state = lv.apply(state, lv.Place(6))
    assert state.round == 2  # now every die is placed
    assert state.money == ((60_000, 80_000), (70_000,))  # casinos 1 and 6 for seat 0, 4 for seat 1


def test_b4_a_kicked_neutral_die_is_out_of_play_ruling() -> None:
    """B-4 (online ruling): a kicked neutral die does not return to a supply; it is out for the round."""
    state = start(2, lv.NeutralDice())
    state = roll(state, [1, 1, 1, 1, 1, 1], kicker=[2, 2], neutral=[3, 4, 4, 4])
    state = lv.apply(state, lv.Place(3))  # one neutral die at casino 3
    assert state.casinos[2].dice == (0, 0, 1)
    state = roll(state, [1, 1, 1, 1, 1, 1], kicker=[3, 5], neutral=[2, 2, 2, 2])
    state = lv.apply(state, lv.Place(3))
    assert lv.legal_actions(state) == (lv.Kick(2),)  # owner 2: the neutral dice
    state = lv.apply(state, lv.Kick(2))
    assert state.casinos[2].dice == (0, 0, 0)
    assert state.supply == ((6, 0, 2, 3), (6, 0, 1, 4))
    assert out_of_play(state) == (0, 1, 1)
    check_invariants(state)
    state = finish_round(state)  # every die is back for the next round
    assert state.round == 2
    assert out_of_play(state) == (0, 0, 0)


def test_b4_two_kickers_kick_one_die_each_ruling() -> None:
    """B-4 (ruling): two kickers placed together kick one die each, the placer choosing both times."""
    state = start(2)
    state = roll(state, [1, 1, 1, 1, 1, 1], kicker=[2, 3])
    state = lv.apply(state, lv.Place(1))
    state = roll(state, [2, 2, 2, 2, 2, 2], kicker=[1, 1])
    state = lv.apply(state, lv.Place(1))
    assert state.tasks[0] == KickChoice(module=0, seat=1, casino=1, face=1, kicks=2)
    state = lv.apply(state, lv.Kick(0))
    assert lv.to_move(state) == 1
    assert lv.legal_actions(state) == (lv.Kick(0),)
    state = lv.apply(state, lv.Kick(0))
    assert not state.tasks
    assert state.casinos[0].dice == (4, 0)
    assert state.supply == ((2, 0, 2, 0), (6, 0, 0, 0))
    assert out_of_play(state) == (0, 2)


def test_b4_the_second_kicker_may_find_nothing_left() -> None:
    """B-4 (ruling): the second kicker kicks whatever the first left; with nothing left it does nothing."""
    state = start(2)
    state = roll(state, [1, 2, 2, 2, 2, 2], kicker=[3, 3])
    state = lv.apply(state, lv.Place(1))  # a single die at casino 1
    state = roll(state, [2, 2, 2, 2, 2, 2], kicker=[1, 1])
    state = lv.apply(state, lv.Place(1))
    state = lv.apply(state, lv.Kick(0))
    assert not state.tasks  # the second kicker had nothing to kick
    assert state.casinos[0].dice == (0, 0)
    assert out_of_play(state) == (0, 2)
    assert state.active == 0
    assert lv.to_move(state) is lv.CHANCE


def test_b4_a_kicked_biggie_returns_as_a_biggie() -> None:
    """B-4 with B-3: the kicked die may be a biggie; it returns to its owner's biggie group."""
    state = start(2, lv.Biggies())
    assert state.supply[0] == (5, 1, 2, 0)
    state = roll(state, [1, 1, 1, 1, 1], big=[4], kicker=[2, 3])
    state = lv.apply(state, lv.Place(4))  # the biggie alone at casino 4
    state = roll(state, [1, 1, 1, 1, 1], big=[5], kicker=[4, 6])
    state = lv.apply(state, lv.Place(4))
    assert lv.legal_actions(state) == (lv.Kick(0, big=True),)
    state = lv.apply(state, lv.Kick(0, big=True))
    assert state.casinos[3].big == (0, 0)
    assert state.supply[0] == (5, 1, 2, 0)
    check_invariants(state)


def test_b4_slot_machine_kicker_kicks_only_this_turns_dice_ruling() -> None:
    """B-4 (online ruling): a kicker on the slot machine may only kick a die placed there this turn."""
    state = start(2, lv.SlotMachine())
    state = roll(state, [1, 1, 1, 1, 1, 4], kicker=[2, 3])
    state = lv.apply(state, lv.Place(4, target=CasinoNumber(7)))  # seat 0's 4 on the slot machine
    state = roll(state, [1, 1, 1, 1, 6, 6], kicker=[5, 6])
    state = lv.apply(state, lv.Place(6, target=CasinoNumber(7)))  # two 6s and the kicker 6
    assert lv.legal_actions(state) == (lv.Kick(1),)  # not seat 0's 4
    state = lv.apply(state, lv.Kick(1))
    assert state.casinos[6].dice == (1, 1)
    assert state.supply[1] == (5, 0, 1, 0)
    index = next(i for i, m in enumerate(state.config.modules) if m.id == "slot-machine")
    assert state.modules[index] == SlotMachineState(used=(4, 6), dice=((4, 0, 1), (6, 1, 1)))
    check_invariants(state)


def test_b4_b7_a_lone_kicker_on_the_slot_machine_does_nothing_and_uses_its_face() -> None:
    """B-4, B-7 (rulings): a kicker alone on the slot machine kicks nothing; its face stays used."""
    state = start(2, lv.SlotMachine())
    state = roll(state, [1, 1, 1, 1, 1, 4], kicker=[2, 3])
    state = lv.apply(state, lv.Place(4, target=CasinoNumber(7)))
    state = roll(state, [1, 1, 1, 1, 1, 1], kicker=[5, 6])
    state = lv.apply(state, lv.Place(6, target=CasinoNumber(7)))  # the kicker 6 alone
    assert not state.tasks
    assert state.casinos[6].dice == (1, 0)
    state = roll(state, [1, 1, 1, 1, 6], kicker=[2, 3])
    assert lv.Place(6, target=CasinoNumber(7)) not in lv.legal_actions(state)  # 6 stays used (B-7)
    assert lv.Place(2, target=CasinoNumber(7)) in lv.legal_actions(state)


def test_b4_a_kick_must_name_a_die_at_the_casino() -> None:
    """B-4: kicking a die that is not there is illegal and leaves the state unchanged."""
    state = start(2)
    state = roll(state, [3, 3, 4, 4, 5, 5], kicker=[1, 2])
    state = lv.apply(state, lv.Place(3))
    state = roll(state, [1, 4, 4, 5, 5, 6], kicker=[3, 6])
    state = lv.apply(state, lv.Place(3))
    for bad in (lv.Kick(1), lv.Kick(0, big=True), lv.Place(4), lv.Roll((1,))):
        with pytest.raises(lv.IllegalActionError, match="kick-choice") as info:
            lv.apply(state, bad)
        assert info.value.reason == "not-legal"
    assert lv.legal_actions(state) == (lv.Kick(0),)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_b4_random_games(players: int) -> None:
    """B-4: random games with kickers keep every engine contract (6 players with SixthPlayer)."""
    extra = (lv.SixthPlayer(),) if players == 6 else ()
    random_sim_test(lv.classic(players, lv.Kickers(), *extra), games=2, seed=players)
