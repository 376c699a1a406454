"""Block It! (tile F1): T-BLOCK-1, T-BLOCK-2 with the blank owner of T-8, scripted through
the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import DiceMoved, TileActivated
from lasvegas.royale.table import imaginary_owner
from lasvegas.royale.tiles.block_it import BLOCK_IT_CLUSTERS, BlockItState, PlaceCluster
from lasvegas.royale.tiles.no_entry import NoEntryClose
from lasvegas.testing import chips, finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber


def start(players: int = 3, deal: tuple[str, ...] = ("F1",), **setup: object) -> lv.State:
    """Block It! at casino 1 (then the other faces of *deal*); seat 0 to roll."""
    config = lv.royale(players, tiles=len(deal), deal=deal)
    return setup_round(lv.new_game(config), **setup)  # type: ignore[arg-type]


def block_it(state: lv.State) -> BlockItState:
    (value,) = [s for s in state.modules if isinstance(s, BlockItState)]
    return value


def blank(state: lv.State) -> tuple[int, ...]:
    """The blank dice in casinos 1..6."""
    owner = imaginary_owner(state, "blank")
    assert owner is not None
    return tuple(c.dice[owner] for c in state.casinos)


def place(
    state: lv.State, *clusters: tuple[int, int], log: list[lv.Event] | None = None
) -> lv.State:
    """Answer Block It!'s decisions: (size, casino) for each cluster, in order."""
    for size, casino in clusters:
        step = lv.step(state, PlaceCluster(size, CasinoNumber(casino)))
        if log is not None:
            log.extend(step.events)
        state = step.state
    return state


def test_tblock1_nine_blank_dice_in_clusters_on_the_tile() -> None:
    """T-BLOCK-1: at setup the nine blank dice lie on the tile in clusters of 1, 1, 2, 2, 3;
    none is in a casino, and they belong to an imaginary owner numbered after the seats."""
    assert BLOCK_IT_CLUSTERS == (1, 1, 2, 2, 3)
    state = start()
    assert block_it(state) == BlockItState(casino=lv.CasinoNumber(1), clusters=(1, 1, 2, 2, 3))
    assert imaginary_owner(state, "blank") == 3
    assert blank(state) == (0,) * 6
    assert state.config.modules[0].id == "royale"


def test_tblock2_one_cluster_per_activation() -> None:
    """T-BLOCK-2 (rulebook: "Choose one dice space cluster, take all blank dice from it and
    place them in one casino of your choice"): each activation places exactly one cluster,
    chosen by the active seat, into an open casino; then the turn goes on. Later activations
    in the round place further clusters while any is left, and do nothing once the tile is
    empty. The blank dice move without activating anything (T-6)."""
    log: list[lv.Event] = []
    state = turn(start(), [1, 2, 2, 2, 2, 2, 2], 1, big=2, log=log)
    assert TileActivated(casino=lv.CasinoNumber(1), face="F1", seat=0) in log
    assert lv.to_move(state) == 0
    legal = lv.legal_actions(state)
    assert legal == tuple(
        PlaceCluster(size, CasinoNumber(c)) for size in (1, 2, 3) for c in range(1, 7)
    )
    state = place(state, (3, 5), log=log)
    assert blank(state) == (0, 0, 0, 0, 3, 0)
    assert block_it(state).clusters == (1, 1, 2, 2)
    # one cluster only: no second decision, seat 1 rolls next
    assert not state.tasks
    assert state.phase is lv.Phase.ROLL
    assert state.active == 1
    # seat 1's activation: seat 1 chooses among the clusters left
    state = turn(state, [1, 3, 3, 3, 3, 3, 3], 1, big=3, log=log)
    assert lv.to_move(state) == 1
    assert {a.size for a in lv.legal_actions(state) if isinstance(a, PlaceCluster)} == {1, 2}
    state = place(state, (2, 5), log=log)
    assert (block_it(state).clusters, state.active, state.tasks) == ((1, 1, 2), 2, ())
    state = place(turn(state, [1, 4, 4, 4, 4, 4, 4], 1, big=4), (2, 1), log=log)  # seat 2
    state = place(turn(state, [1, 2, 2, 2, 2, 2], 1, big=2), (1, 6), log=log)  # seat 0
    assert lv.legal_actions(state) == ()  # seat 1 rolls
    state = turn(state, [1, 3, 3, 3, 3, 3], 1, big=3)  # seat 1: the last cluster
    assert lv.legal_actions(state) == tuple(PlaceCluster(1, CasinoNumber(c)) for c in range(1, 7))
    state = place(state, (1, 6), log=log)
    assert blank(state) == (2, 0, 0, 0, 5, 2)
    assert block_it(state).clusters == ()
    moved = [e for e in log if isinstance(e, DiceMoved)]
    assert moved[0] == DiceMoved(owner=3, small=3, big=0, source="block-it", target="casino-5")
    assert len(moved) == 5
    assert not [e for e in log if isinstance(e, lv.DicePlaced) and e.seat == 3]  # T-6
    log.clear()
    state = turn(state, [1, 4, 4, 4, 4, 4], 1, big=4, log=log)  # seat 2: nothing left
    assert TileActivated(casino=lv.CasinoNumber(1), face="F1", seat=2) in log
    assert not state.tasks
    assert state.active == 0


def test_tblock2_my_choice_activation_places_one_cluster() -> None:
    """T-BLOCK-2 for an activation that is not a roll's placement: the tile's ``activate``
    with ``placed=None`` (as My Choice calls it) asks for one cluster, like any activation."""
    from lasvegas.royale.tiles.base import activate_tile

    state = start()
    state = activate_tile(state, lv.CasinoNumber(1), 0, None)
    assert lv.to_move(state) == 0
    state = lv.apply(state, PlaceCluster(2, CasinoNumber(3)))
    assert blank(state)[2] == 2
    assert block_it(state).clusters == (1, 1, 2, 3)
    assert not state.tasks


def test_tblock2_t6_blank_dice_activate_no_tile() -> None:
    """T-BLOCK-2, T-6: blank dice put into a casino with a tile (Jackpot at casino 2) do not
    activate it: no throw of the black dice follows."""
    state = turn(start(deal=("F1", "A2")), [1, 3, 3, 3, 3, 3, 3], 1, big=3)
    log: list[lv.Event] = []
    state = place(state, (3, 2), log=log)
    assert blank(state)[1] == 3
    assert not any(isinstance(e, TileActivated) for e in log)
    assert not state.tasks  # no throw of the black dice: straight on to seat 1's roll
    assert state.phase is lv.Phase.ROLL
    assert state.active == 1


def test_tblock2_t7_only_open_casinos_take_blank_dice() -> None:
    """T-BLOCK-2, T-7: a casino closed by No Entry! is not offered for the clusters."""
    state = turn(start(deal=("E1", "F1")), [1, 3, 3, 3, 3, 3, 3], 1, big=3)  # No Entry!
    state = lv.apply(state, NoEntryClose(CasinoNumber(4)))
    state = turn(state, [2, 3, 3, 3, 3, 3, 3], 2, big=3)  # seat 1 activates Block It!
    legal = lv.legal_actions(state)
    assert {a.casino for a in legal if isinstance(a, PlaceCluster)} == {1, 2, 3, 5, 6}
    assert PlaceCluster(3, CasinoNumber(4)) not in legal
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, PlaceCluster(3, CasinoNumber(4)))


def test_t8_blank_dice_are_an_imaginary_owner_at_payout() -> None:
    """T-8, T-BLOCK-2: blank dice count for ties and ranks as one owner, but take no card:
    what they win goes under the pile, and they never become start player (R-7)."""
    # three activations at casino 1: 3 blank dice at casino 6, 2 at casino 5, 2 at casino 4
    state = place(turn(start(), [1, 2, 2, 2, 2, 2, 2], 1, big=2), (3, 6))
    state = place(turn(state, [1, 3, 3, 3, 3, 3, 3], 1, big=3), (2, 5))
    state = place(turn(state, [1, 3, 3, 3, 3, 3, 3], 1, big=3), (2, 4))
    state = turn(state, [2, 2, 2, 2, 2, 2], 2, big=2)  # seat 0: the rest at casino 2
    state = turn(state, [6, 6, 6, 3, 3, 3], 6, big=3)  # seat 1: 3 dice at casino 6: a tie
    state = turn(state, [5, 5, 5, 3, 3, 3], 5, big=3)  # seat 2: 3 dice at casino 5
    log: list[lv.Event] = []
    state = finish_round(state, {0: 2, 1: 3, 2: 3}, log)
    assert lv.TiesRemoved(casino=CasinoNumber(6), owners=(1, 3)) in log
    assert lv.NotesReturned(casino=CasinoNumber(6), values=(90_000, 80_000)) in log
    # casino 5: seat 2 (3 dice) first, the blank owner (2) second: its card goes back
    assert lv.BanknotePaid(casino=CasinoNumber(5), owner=2, value=70_000) in log
    assert lv.BanknotePaid(casino=CasinoNumber(5), owner=3, value=60_000) in log
    assert 60_000 not in state.money[2]
    # casino 4: only blank dice: they take the higher card; it goes under the pile
    assert lv.BanknotePaid(casino=CasinoNumber(4), owner=3, value=60_000) in log
    # nobody took casino 6's higher card, the blank owner took casino 4's: seat 2
    # (casino 5) starts round 2
    assert state.round == 2
    assert state.start == 2
    assert chips(state) == (4, 4, 4)


def test_t8_blank_and_neutral_dice_are_two_imaginary_owners() -> None:
    """T-8 (rulebook: "the neutral dice ... and the blank gray dice count for different
    imaginary players"): with 2 players, 2 blank dice next to 2 neutral dice are a tie of two
    owners, removed; as one owner they would hold 4 dice."""
    state = start(players=2, neutral=(2, 2, 3, 3, 3, 4, 4), neutral_big=5)
    neutral, blank_owner = imaginary_owner(state, "neutral"), imaginary_owner(state, "blank")
    assert (neutral, blank_owner) == (2, 3)
    state = turn(state, [1, 6, 6, 6, 6, 6, 6], 1, big=6)  # seat 0 activates Block It!
    state = place(state, (2, 2))
    state = turn(state, [1, 4, 4, 4, 4, 4, 4], 1, big=4)  # seat 1 activates Block It!
    state = place(state, (3, 3))
    assert state.casinos[1].dice == (0, 0, 2, 2)
    assert state.casinos[2].dice == (0, 0, 3, 3)
    state = turn(state, [3, 3, 3, 3, 3, 3], 3, big=3)  # seat 0: 8 dice at casino 3
    state = turn(state, [2, 4, 4, 4, 4, 4], 2, big=4)  # seat 1: 1 die at casino 2
    log: list[lv.Event] = []
    state = finish_round(state, {0: 3, 1: 4}, log)
    assert lv.TiesRemoved(casino=CasinoNumber(2), owners=(2, 3)) in log
    assert (
        lv.BanknotePaid(casino=CasinoNumber(2), owner=1, value=50_000) in log
    )  # seat 1 alone is left
    assert lv.TiesRemoved(casino=CasinoNumber(3), owners=(2, 3)) in log
    assert lv.BanknotePaid(casino=CasinoNumber(3), owner=0, value=50_000) in log
    assert not any(isinstance(e, lv.BanknotePaid) and e.casino == 3 and e.owner != 0 for e in log)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_block_it_forced(players: int) -> None:
    """random_sim_test with Block It! forced on casino 1 and the other tiles dealt at random;
    dice, chips and money conserved."""
    random_sim_test(lv.royale(players, deal=("F1",)), games=1, seed=110 + players)
