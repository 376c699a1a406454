"""lasvegas.session: seats, bots, chance and per-seat event queues, driven from outside."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.session import Bot, Human, Session
from lasvegas.view import hidden_variant


def _play(session: Session, rng: lv.Rng) -> int:
    """Answer every human decision with a random legal action; the number of answers."""
    answers = 0
    while not session.over:
        seats = session.waiting()
        assert seats, "the game waits for nobody but is not over"
        for seat in seats:
            legal = session.view(seat).legal
            assert legal == session.legal(seat)
            session.act(seat, rng.choice(legal))
            answers += 1
    return answers


@pytest.mark.parametrize(
    "config",
    [lv.classic(3), lv.royale(3), lv.cardgame(3), lv.classic(2, lv.NeutralDice())],
    ids=["classic", "royale", "cardgame", "neutral"],
)
def test_a_whole_game_with_humans_and_bots(config: lv.GameConfig) -> None:
    seats: list[Human | Bot] = [Human("Ann"), Bot("greedy")]
    seats += [Human(f"P{s}") for s in range(2, config.players)]
    session = Session(config, seats, seed=4)
    assert _play(session, lv.Rng(9)) > 0
    assert lv.replay(session.record()) == session.state
    assert session.standings().winners
    texts = [n.text for n in session.take_notices(0)]
    assert texts[-1].startswith("The game is over")
    assert any("Ann" in t for t in texts)
    assert session.take_notices(0) == ()  # the queue is emptied


def test_the_same_seed_and_answers_play_the_same_game() -> None:
    def game() -> lv.State:
        session = Session(lv.classic(2), (Human("A"), Bot("random")), seed=11)
        _play(session, lv.Rng(2))
        return session.state

    assert game() == game()


def test_k13_every_human_chooses_at_once_in_the_card_game() -> None:
    """K-5, K-13: all seats choose at once; the session takes a choice from any of them,
    keeps it hidden, and commits it at that seat's turn."""
    session = Session(lv.cardgame(3), (Human("A"), Human("B"), Human("C")), seed=1)
    waiting = session.waiting()
    assert len(waiting) == 3  # everybody chooses now, not only the engine's mover
    last = waiting[-1]
    before = session.state
    choice = session.view(last).legal[0]
    assert session.view(last).prompt == "Your turn: choose cards to play"
    session.act(last, choice)  # not the engine's mover: held
    assert session.state == before
    assert last not in session.waiting()
    assert session.view(last).legal == ()
    others = [n.text for n in session.take_notices(waiting[0])]
    assert not any("has chosen" in text for text in others)  # told at its turn to commit
    own = session.take_notices(last)[-1]
    assert (own.event, own.kind) == (None, "chosen")
    assert own.text.startswith("You have chosen: Play ")
    with pytest.raises(lv.IllegalActionError) as info:
        session.act(last, choice)  # a second choice
    assert info.value.reason == "not-your-turn"
    for seat in waiting[:-1]:
        session.act(seat, session.view(seat).legal[0])
    assert session.state != before  # all three committed and revealed
    record = session.record()
    assert choice in record.actions


def test_a_held_choice_is_not_in_the_other_seats_views() -> None:
    """K-13: what a seat chose stays hidden until the reveal."""
    session = Session(lv.cardgame(3), (Human("A"), Human("B"), Human("C")), seed=1)
    seat = session.waiting()[-1]
    other = session.waiting()[0]
    before = session.view(other)
    session.act(seat, session.view(seat).legal[-1])
    assert session.view(other) == before


def test_refusals_change_nothing() -> None:
    session = Session(lv.classic(2), (Human("A"), Bot("greedy")), seed=3)
    before = session.state
    with pytest.raises(lv.IllegalActionError) as info:
        session.act(1, lv.Place(1))
    assert info.value.reason == "bot-seat"
    with pytest.raises(lv.IllegalActionError):
        session.act(0, lv.Place(7))
    with pytest.raises(ValueError, match="seat must be"):
        session.act(5, lv.Place(1))
    assert session.state == before
    assert session.record().actions == session.record().actions


def test_a_session_needs_a_seat_per_player() -> None:
    with pytest.raises(ValueError, match="3 seats are needed"):
        Session(lv.classic(3), (Human("A"),))


def test_spectator_queue_and_view_hold_no_secret() -> None:
    """Views and notices of the session are the library's redacted ones."""
    session = Session(lv.cardgame(3), (Bot("random"), Bot("random"), Human("C")), seed=5)
    view = session.view(None)
    assert view.legal == ()
    assert lv.observe(
        hidden_variant(session.state, None, lv.Rng(1)), None, names=session.names
    ) == (view)
    assert all(n.event is None or n.text for n in session.take_notices(None))
