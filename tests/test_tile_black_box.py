"""Black Box (tile G1): T-BLACKBOX-1, T-BLACKBOX-2 and X-15, with the hidden split of T-5,
scripted through the public API."""

from __future__ import annotations

from collections import Counter

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven
from lasvegas.royale.tiles.black_box import (
    BLACK_BOX_SPLITS,
    BLACK_BOX_TOKENS,
    FACE_DOWN,
    BlackBoxChoose,
    BlackBoxSplit,
    ChoosePile,
    PileChosen,
    SplitTokens,
    TokensSplit,
)
from lasvegas.testing import finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber
from lasvegas.view import hidden_variant


def start(players: int = 3, **setup: object) -> lv.State:
    """Black Box alone at casino 1; seat 0 to roll."""
    config = lv.royale(players, tiles=1, deal=("G1",))
    return setup_round(lv.new_game(config), **setup)  # type: ignore[arg-type]


def won_by(winner: int, players: int = 3, log: list[lv.Event] | None = None) -> lv.State:
    """Play round 1 so that *winner* alone has dice at casino 1 (everybody else elsewhere)."""
    faces = {seat: 1 if seat == winner else seat + 3 for seat in range(players)}
    return finish_round(start(players), faces, log)


def test_tblackbox1_x15_six_tokens_and_the_fourteen_splits() -> None:
    """T-BLACKBOX-1, X-15: six tokens ($60,000, $20,000, $20,000, $0 x3); the splits are 3+3,
    4+2 and 5+1 (14 ways, the piles told apart)."""
    assert BLACK_BOX_TOKENS == (60_000, 20_000, 20_000, 0, 0, 0)
    assert len(BLACK_BOX_SPLITS) == 14
    sizes = Counter((len(a), len(b)) for a, b in BLACK_BOX_SPLITS)
    assert sizes == {(3, 3): 6, (4, 2): 5, (5, 1): 3}
    for first, second in BLACK_BOX_SPLITS:
        assert Counter(first) + Counter(second) == Counter(BLACK_BOX_TOKENS)


def test_tblackbox2_the_seat_left_of_the_winner_splits_then_the_winner_chooses() -> None:
    """T-BLACKBOX-2, T-9 (3): at casino 1's payout the winner's left neighbour splits the
    tokens, the winner chooses a pile and gets its rewards ($60,000 from the bank, $20,000
    as 2 chips, X-8) before casino 2 pays."""
    log: list[lv.Event] = []
    state = won_by(1, log=log)
    assert lv.BanknotePaid(casino=CasinoNumber(1), owner=1, value=40_000) in log
    assert lv.CasinoPaid(casino=CasinoNumber(1)) in log
    assert lv.CasinoPaid(casino=CasinoNumber(2)) not in log  # the payout waits for the Black Box
    assert state.tasks == (BlackBoxSplit(state.tasks[0].module, winner=1, splitter=2),)
    assert lv.to_move(state) == 2
    assert lv.legal_actions(state) == tuple(SplitTokens(a, b) for a, b in BLACK_BOX_SPLITS)
    state = lv.apply(state, SplitTokens((60_000, 20_000, 0, 0), (20_000, 0)))
    assert lv.to_move(state) == 1
    assert lv.legal_actions(state) == (ChoosePile(0), ChoosePile(1))
    step = lv.step(state, ChoosePile(0))
    assert PileChosen(seat=1, pile=0, tokens=(60_000, 20_000, 0, 0)) in step.events
    assert BankPaid(seat=1, amount=60_000, cards=(60_000,), chips=0) in step.events
    assert ChipsGiven(seat=1, count=2) in step.events
    paid = step.events.index(ChipsGiven(seat=1, count=2))
    assert paid < step.events.index(lv.CasinoPaid(casino=CasinoNumber(2)))
    assert step.state.money[1] == (40_000, 60_000)
    assert step.state.round == 2


def test_tblackbox2_the_left_of_the_last_seat_is_seat_0() -> None:
    """T-BLACKBOX-2: seats are clockwise; the left of seat 2 of 3 is seat 0. With 2 players
    the other seat splits."""
    state = won_by(2)
    assert lv.to_move(state) == 0
    state = won_by(0, players=2)
    assert lv.to_move(state) == 1


def test_tblackbox2_t8_nothing_when_an_imaginary_owner_or_nobody_wins() -> None:
    """T-BLACKBOX-2, T-8: when the 2-player neutral set takes the higher card here, or the
    casino's dice all tie, nobody splits."""
    state = start(players=2, neutral=(1,) * 7, neutral_big=1)  # 9 neutral dice at casino 1
    state = finish_round(state, {0: 1, 1: 2})
    assert state.round == 2
    assert not any(isinstance(t, BlackBoxSplit | BlackBoxChoose) for t in state.tasks)
    state = turn(start(), [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    state = turn(state, [1, 3, 3, 3, 3, 3, 3], 1, big=3)  # seats 0 and 1 tie at casino 1
    state = finish_round(state, {0: 4, 1: 5, 2: 6})
    assert state.round == 2


def test_t5_tblackbox2_the_piles_stay_hidden_from_the_chooser() -> None:
    """T-5, T-BLACKBOX-2: the splitter's piles are hidden from the winner, from the other
    seats and from spectators (views, events); only the sizes show. Two splits of the same
    sizes give the same views to everybody but the splitter."""
    state = won_by(0)  # seat 1 splits for seat 0
    a = lv.step(state, SplitTokens((60_000, 0, 0), (20_000, 20_000, 0)))
    b = lv.step(state, SplitTokens((20_000, 20_000, 0), (60_000, 0, 0)))
    for seat in (None, 0, 2):
        assert lv.observe(a.state, seat) == lv.observe(b.state, seat)
        assert lv.observe_events(a, seat) == lv.observe_events(b, seat)
        (shown,) = [e for e in lv.observe_events(a, seat) if isinstance(e, TokensSplit)]
        assert shown == TokensSplit(seat=1, piles=((FACE_DOWN,) * 3, (FACE_DOWN,) * 3))
        (task,) = lv.observe(a.state, seat).tasks
        assert isinstance(task.task, BlackBoxChoose)
        assert task.task.piles == ((FACE_DOWN,) * 3, (FACE_DOWN,) * 3)
        assert "60000" not in lv.to_json(lv.observe(a.state, seat)).split('"tasks"')[1]
    assert lv.observe(a.state, 1) != lv.observe(b.state, 1)
    (mine,) = [e for e in lv.observe_events(a, 1) if isinstance(e, TokensSplit)]
    assert mine.piles == ((60_000, 0, 0), (20_000, 20_000, 0))
    # the leak tests' hook draws another split of the same sizes for everybody but seat 1
    variants = {hidden_variant(a.state, 0, lv.Rng(i)).tasks for i in range(20)}
    assert len(variants) > 1
    for i in range(5):
        other = hidden_variant(a.state, 0, lv.Rng(i))
        assert lv.observe(other, 0) == lv.observe(a.state, 0)
    assert hidden_variant(a.state, 1, lv.Rng(1)) == a.state
    # once chosen, the pile is shown to everybody
    step = lv.step(a.state, ChoosePile(1))
    for seat in (None, 0, 1, 2):
        assert PileChosen(seat=0, pile=1, tokens=(20_000, 20_000, 0)) in lv.observe_events(
            step, seat
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_black_box_forced(players: int) -> None:
    """random_sim_test with Black Box forced on casino 1 and the other tiles dealt at random
    (its views checked for leaks at every step); dice, chips and money conserved."""
    random_sim_test(lv.royale(players, deal=("G1",)), games=1, seed=130 + players)


def test_t5_tblackbox2_one_deal_of_the_unseen_piles() -> None:
    """T-5, T-BLACKBOX-2: the tile deals unseen piles one way: resampling them for a seat
    that is not the splitter (from the true state) and determinising them from that seat's
    view draw the same split of the same sizes from the same *rng*; the splitter's own
    piles are never redrawn."""
    from lasvegas.state import evolve

    state = lv.apply(won_by(0), SplitTokens((60_000, 0, 0, 0), (20_000, 20_000)))
    (index,) = [i for i, m in enumerate(state.config.modules) if isinstance(m, lv.BlackBox)]
    tile = state.config.modules[index]
    assert isinstance(tile, lv.BlackBox)
    drawn = set()
    for k in range(12):
        for seat in (None, 0, 2):
            view = lv.observe(state, seat)
            blind = evolve(state, tasks=tuple(t.task for t in view.tasks if t.task is not None))
            resampled = tile.resample_hidden(state, index, seat, lv.Rng(k))
            assert tile.determinise(blind, index, view, lv.Rng(k)) == resampled
            (task,) = resampled.tasks
            assert isinstance(task, BlackBoxChoose)
            assert [len(p) for p in task.piles] == [4, 2]
            drawn.add(task.piles)
        assert tile.resample_hidden(state, index, 1, lv.Rng(k)) == state
    assert len(drawn) > 1
