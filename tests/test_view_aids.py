"""What a page draws comes from the view: Royale tiles' rule texts and public state, the slot
machine's faces, each casino's ranking and ties, the legend, the final standings; and the
session's log: collapsed draws, turns, highlights, an early choice announced once."""

from __future__ import annotations

import json
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lasvegas as lv
from _play import random_walk
from lasvegas.boulevard import Kickers, RainbowCards, SlotMachine, slot_ranking
from lasvegas.payout import tied
from lasvegas.render import svg, text_board
from lasvegas.royale.tiles import TILES
from lasvegas.royale.tiles.block_it import PlaceCluster
from lasvegas.royale.tiles.fifty_fifty import FiftyFiftyBet
from lasvegas.royale.tiles.lucky_punch import HideTokens
from lasvegas.session import Bot, Human, Notice, Session, notice_data
from lasvegas.state import evolve
from lasvegas.table import ranking
from lasvegas.testing import deal, setup_round, turn
from lasvegas.view import hidden_variant


def tile_start(code: str, players: int = 3) -> lv.State:
    """One tile (*code*) alone at casino 1, default cards; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=1, deal=(code,))))


def at_casino_1(state: lv.State) -> lv.State:
    """The active seat places one die at casino 1 (its other dice show 2s): activation."""
    small, big = state.supply[state.active][:2]
    return turn(state, [1] + [2] * (small - 1), 1, big=2 if big else None)


def facts(state: lv.State, seat: lv.Seat | None = 0) -> dict[str, lv.TileFact]:
    info = lv.observe(state, seat).casino_info[0]
    assert info is not None
    return {fact.key: fact for fact in info.facts}


# -- Royale tiles ----------------------------------------------------------------------------


def test_every_tile_has_a_rule_text_in_the_view() -> None:
    """T-3: each of the 16 tile faces explains its rule in the view, by name and code."""
    assert len(TILES) == 16
    for tile_type in TILES:
        tile = tile_type()
        text = type(tile).rule_text
        assert 60 < len(text) < 600, tile.code
        assert "T-" not in text  # plain words, no rule ids
        info = lv.observe(tile_start(tile.code)).casino_info
        assert info[0] is not None
        assert (info[0].name, info[0].code, info[0].rule) == (tile.name, tile.code, text)
        assert info[1:] == (None,) * 5


def test_tjackpot1_tjackpot2_the_jackpot_amount_is_in_the_view() -> None:
    """T-JACKPOT-1: the counter starts on $30,000; T-JACKPOT-2: a throw that is neither 7 nor
    a double moves it to $40,000, and the view says so."""
    state = tile_start("A2")
    assert facts(state)["amount"] == lv.TileFact("amount", "Jackpot: $30,000", amount=30_000)
    state = lv.apply(at_casino_1(state), lv.Roll((1, 2), "black"))
    assert facts(state)["amount"].amount == 40_000
    assert facts(state, None)["amount"].text == "Jackpot: $40,000"


def test_tpower2_the_power_play_holder_is_in_the_view() -> None:
    """T-POWER-1: the token starts on the tile; T-POWER-2: a clear majority here takes it."""
    state = tile_start("D2")
    assert facts(state)["holder"].seat is None
    state = at_casino_1(state)
    assert facts(state)["holder"] == lv.TileFact("holder", "Seat 0 holds the token", seat=0)


def test_tblock1_tblock2_block_it_stock_is_in_the_view() -> None:
    """T-BLOCK-1: clusters of 1, 1, 2, 2 and 3 on the tile; T-BLOCK-2: one cluster put into
    a casino leaves the others, as the view shows."""
    state = tile_start("F1")
    assert facts(state)["clusters"].values == (1, 1, 2, 2, 3)
    state = lv.apply(at_casino_1(state), PlaceCluster(3, lv.CasinoNumber(5)))
    assert facts(state)["clusters"].values == (1, 1, 2, 2)
    assert facts(state)["clusters"].text == "Blank dice left: clusters of 1, 1, 2, 2"


def test_tfifty2_the_throw_to_beat_and_the_stakes_are_in_the_view() -> None:
    """T-FIFTY-2, X-12: after the first throw the counter is on 1 chip; the sum thrown is
    the throw to beat, and a won bet would reach $30,000."""
    state = tile_start("B2")
    assert "stake" not in facts(state)
    state = lv.apply(at_casino_1(state), lv.Roll((3, 4), "black"))
    shown = facts(state, 1)
    assert shown["to-beat"].values == (7,)
    assert shown["to-beat"].text == "Throw to beat: 7"
    assert (shown["stake"].amount, shown["stake"].text) == (10_000, "Counter on 1 chip")
    assert (shown["next"].amount, shown["next"].text) == (30_000, "A won bet: $30,000")
    state = lv.apply(state, FiftyFiftyBet(higher=True))
    assert facts(state)["bet"].text == "Seat 0 bets higher than 7"


def test_tchoice1_my_choice_black_dice_are_in_the_view() -> None:
    """T-CHOICE-1: the two black dice thrown for My Choice are shown until a face is chosen."""
    state = lv.apply(at_casino_1(tile_start("H2")), lv.Roll((2, 5), "black"))
    shown = facts(state, 2)
    assert shown["black-dice"].values == (2, 5)
    assert shown["black-dice"].text == "Black dice: 2 and 5"


def test_thighfive1_the_token_starts_on_the_tile() -> None:
    """T-HIGHFIVE-1: the token is on the tile until five dice of a seat take it."""
    assert facts(tile_start("C1"))["holder"].text == "The token is on the tile"


def test_tnoentry2_the_next_reward_is_in_the_view() -> None:
    """T-NOENTRY-1, X-13: the counter on its start space: the first placement pays 2 chips."""
    shown = facts(tile_start("E1"))
    assert shown["next"].amount == 20_000
    assert "closed" not in shown


def test_t5_tlucky2_the_fist_is_named_to_its_owner_only() -> None:
    """T-5, T-LUCKY-2: the view's tile state says who guesses whose fist; how many tokens it
    holds only to the fist's owner, and drawing the fist again changes no other view."""
    state = lv.apply(at_casino_1(tile_start("A1")), HideTokens(2))
    assert facts(state, 0)["fist"].values == (2,)
    for seat in (None, 1, 2):
        fist = facts(state, seat)["fist"]
        assert fist.values == ()
        assert fist.text == "Seat 1 guesses how many tokens Seat 0 holds"
        for k in range(5):
            variant = hidden_variant(state, seat, lv.Rng(k))
            assert lv.observe(variant, seat) == lv.observe(state, seat)


def test_tile_facts_name_the_players() -> None:
    """Seats in tile texts are named like every other text: ``Seat 0 (Ann)``."""
    state = at_casino_1(tile_start("D2"))
    view = lv.observe(state, 1, names=("Ann", "Bob", "Cy"))
    assert view.casino_info[0] is not None
    assert view.casino_info[0].facts[0].text == "Seat 0 (Ann) holds the token"


# -- the slot machine, ranking and ties, legend -----------------------------------------------


def test_b7_the_slot_machine_dice_show_their_real_faces() -> None:
    """B-7: dice placed on the slot machine keep their faces; the view gives them, and its
    ranking is the slot machine's own (pips, then the highest die)."""
    notes = [[90_000], [80_000], [70_000], [60_000], [50_000], [90_000], [80_000]]
    state = deal(lv.new_game(lv.classic(2, SlotMachine())), *notes)
    state = lv.apply(state, lv.Roll((1, 3, 3, 4, 5, 6, 6, 6)))
    state = lv.apply(state, lv.Place(3, target=lv.CasinoNumber(7)))
    view = lv.observe(state, 1)
    assert view.casino_faces[:6] == (None,) * 6
    assert view.casino_faces[6] == (lv.DiceFaces(owner=0, face=3, dice=2),)
    state = lv.apply(state, lv.Roll((2, 2, 4, 4, 5, 6, 6, 6)))
    state = lv.apply(state, lv.Place(6, target=lv.CasinoNumber(7)))
    view = lv.observe(state, None)
    assert view.casino_faces[6] == (lv.DiceFaces(0, 3, 2), lv.DiceFaces(1, 6, 3))
    slot = state.modules[0]
    assert view.ranking[6] == slot_ranking(state.casinos[6].weights(), slot.dice)[0]  # type: ignore[union-attr]
    assert view.ranking[6] == (1, 0)


def test_c12_c13_ranking_and_ties_come_from_the_payout_code() -> None:
    """C-12, C-13: each casino's payout order and its tied owners as the payout ranks them
    (ties removed; the most dice first)."""
    state = deal(lv.new_game(lv.classic(3)), *[[50_000]] * 6)
    rng = lv.Rng(5)
    for _ in range(12):
        if lv.to_move(state) is lv.CHANCE:
            state = lv.apply(state, lv.sample_chance(state, rng))
        else:
            state = lv.apply(state, rng.choice(lv.legal_actions(state)))
        view = lv.observe(state, 0)
        for c, casino in enumerate(state.casinos):
            assert view.ranking[c] == ranking(casino)
            assert view.ties[c] == tied(casino.weights())


def test_c12_a_tie_is_marked_and_the_leader_is_first() -> None:
    """C-12: two owners with the same dice count are tied; the owner with the most dice
    among the rest leads."""
    casino = lv.Casino((90_000, 50_000), (2, 2, 3), (0, 0, 0))
    state = deal(lv.new_game(lv.classic(3)), *[[50_000]] * 6)
    state = evolve(state, casinos=(casino, *state.casinos[1:]))
    view = lv.observe(state, 2)
    assert (view.ranking[0], view.ties[0]) == ((2,), (0, 1))


@pytest.mark.parametrize(
    ("config", "keys"),
    [
        (lv.classic(3), []),
        (lv.classic(3, lv.NeutralDice()), ["neutral"]),
        (lv.classic(3, Kickers(), RainbowCards()), ["kicker", "rainbow"]),
        (lv.royale(3), ["blank"]),
        (lv.royale(2), ["neutral", "blank"]),
    ],
)
def test_c21_b4_b5_t8_the_legend_explains_the_special_dice_and_cards(
    config: lv.GameConfig, keys: list[str]
) -> None:
    """C-21 neutral dice, T-8 blank dice, B-4 kickers, B-5 rainbow cards: the legend lists
    those the game has, each with its colour (imaginary owners) and a text."""
    legend = lv.observe(lv.new_game(config)).legend
    assert sorted(e.key for e in legend) == sorted(keys)
    for entry in legend:
        assert entry.text
        if entry.key in ("neutral", "blank"):
            assert entry.colour == lv.view.OWNER_COLOURS[entry.key]


# -- the end -----------------------------------------------------------------------------------


def finished(config: lv.GameConfig, seed: int = 1) -> lv.State:
    session = Session(config, tuple(Bot("random") for _ in range(config.players)), seed=seed)
    return session.state


def test_c16_the_final_view_gives_the_standings() -> None:
    """C-16: once over, the view gives the standings in order; before, none; the dice left
    from the last round are no casino's lead any more."""
    state = finished(lv.classic(3))
    view = lv.observe(state, 0, names=("Ann", "Bob", "Cy"))
    final = view.final
    assert final is not None
    standing = lv.standings(state)
    assert final.money == standing.money
    assert final.winners == standing.winners
    assert [final.money[s] for s in final.order] == sorted(standing.money, reverse=True)
    assert final.places[final.order[0]] == 1
    assert final.text.startswith(f"Seat {final.winners[0]} (")
    assert view.ranking == ((),) * 6
    assert view.ties == ((),) * 6
    assert lv.observe(lv.new_game(lv.classic(3))).final is None


def test_c16_a_money_tie_is_broken_by_the_notes_and_explained() -> None:
    """C-16: equal money, more notes wins; still equal, the win is shared; the text says so."""
    state = finished(lv.classic(3))
    notes = ((50_000, 50_000), (100_000,), (10_000,))
    final = lv.observe(evolve(state, money=notes)).final
    assert final is not None
    assert (final.order, final.places, final.winners) == ((0, 1, 2), (1, 2, 3), (0,))
    assert final.text == (
        "Seat 0 and Seat 1 have $100,000 each; the most notes wins the tie "
        "(Seat 0 2, Seat 1 1): Seat 0 wins."
    )
    shared = lv.observe(evolve(state, money=((100_000,), (100_000,), ()))).final
    assert shared is not None
    assert shared.places == (1, 1, 3)
    assert shared.winners == (0, 1)
    assert shared.text.endswith("Seat 0 and Seat 1 share the win.")


def test_r8_royale_tie_break_counts_cards_plus_chips() -> None:
    """R-8: in Royale the tie-break counts money cards plus chips."""
    state = finished(lv.royale(3, tiles=0))
    chips = state.modules[0].chips  # type: ignore[union-attr]
    money = [sum(n) + 10_000 * c for n, c in zip(state.money, chips, strict=True)]
    best = max(money)
    final = lv.observe(state).final
    assert final is not None
    if money.count(best) > 1:
        assert "the most cards plus chips" in final.text
    assert final.tiebreak == lv.standings(state).notes


def test_new_view_fields_round_trip_through_json() -> None:
    """The new fields are typed data: a view of a Royale game in play, of a slot machine and
    of a finished game comes back equal from JSON."""
    views = [
        lv.observe(lv.apply(at_casino_1(tile_start("B2")), lv.Roll((3, 4), "black")), 1),
        lv.observe(finished(lv.classic(2, SlotMachine(), lv.NeutralDice())), 0),
        lv.observe(finished(lv.cardgame(3)), 2),
    ]
    for view in views:
        assert lv.from_json(lv.to_json(view), lv.PlayerView) == view


def test_an_older_view_document_loads_without_the_new_fields() -> None:
    data = lv.to_data(lv.observe(finished(lv.classic(2)), 0))
    for key in ("casino_info", "casino_faces", "ranking", "ties", "legend", "final"):
        del data[key]
    view = lv.from_data(data, lv.PlayerView)
    assert (view.casino_info, view.ranking, view.final) == ((), (), None)


@given(st.integers(0, 2**32), st.integers(0, 300))
@settings(max_examples=15, deadline=None)
def test_t5_the_new_view_fields_leak_nothing(seed: int, length: int) -> None:
    """T-5, K-18: a state that differs only in what a seat may not see (the pile, a hand, a
    fist, Black Box's piles) gives that seat the same tile state, faces, ranking, legend and
    final standings."""
    rng = lv.Rng(seed)
    for config in (lv.royale(3, tiles=6), lv.cardgame(3), lv.classic(3, SlotMachine())):
        state = random_walk(config, rng, length)
        for seat in (None, *range(config.players)):
            seen = lv.observe(state, seat)
            other = lv.observe(hidden_variant(state, seat, rng), seat)
            fields = ("casino_info", "casino_faces", "ranking", "ties", "legend", "final")
            assert [getattr(other, f) for f in fields] == [getattr(seen, f) for f in fields]


# -- the session's log --------------------------------------------------------------------------


def card_session(seed: int = 3) -> Session:
    return Session(lv.cardgame(3), (Human("Ann"), Human("Bob"), Bot("greedy")), seed=seed)


def test_k4_k18_draws_collapse_and_name_the_cards_to_the_drawer_only() -> None:
    """K-4: each seat draws 5 cards: one line per deal; K-18: the drawer's line names its
    cards (as in its own hand), nobody else's does."""
    session = card_session()
    hand: Counter[int] = Counter(lv.observe(session.state, 0).modules[0].hands[0])  # type: ignore[union-attr]
    queues = {seat: session.take_notices(seat) for seat in (None, 0, 1, 2)}
    for seat, notices in queues.items():
        draws = [n for n in notices if n.kind == "card-drawn"]
        assert [n.count for n in draws] == [5, 5, 5]
        for n in draws:
            drawer = n.event.seat  # type: ignore[union-attr]
            assert n.text.startswith(f"Seat {drawer} (")
            assert (":" in n.text) == (drawer == seat)
    own = next(n for n in queues[0] if n.kind == "card-drawn" and n.event.seat == 0)  # type: ignore[union-attr]
    from lasvegas.cardgame.components import card_name

    named = own.text.split(": ", 1)[1].replace(" and ", ", ").split(", ")
    assert Counter(named) == Counter({card_name(c): k for c, k in hand.items()})
    for seat in (None, 1, 2):  # no other queue holds a word of seat 0's cards
        other = [n for n in queues[seat] if n.kind == "card-drawn" and n.event.seat == 0]  # type: ignore[union-attr]
        assert other[0].text == "Seat 0 (Ann) draws 5 cards"


def test_k13_an_early_chooser_is_announced_once() -> None:
    """K-13: a seat that chooses before its turn to commit hears "You have chosen" at once;
    every seat hears of its choice exactly once."""
    session = card_session()
    for seat in (None, 0, 1, 2):
        session.take_notices(seat)
    early = 1  # seat 0 commits first: seat 1 chooses early
    session.act(early, session.legal(early)[0])
    session.act(0, session.legal(0)[0])
    for seat in (None, 0, 1, 2):
        about = [
            n
            for n in session.take_notices(seat)
            if n.kind == "chosen" or (n.kind == "cards-committed" and n.event.seat == early)  # type: ignore[union-attr]
        ]
        assert len(about) == 1, seat
        if seat == early:
            assert about[0].kind == "chosen"
            assert about[0].text.startswith("You have chosen: ")
        else:
            assert about[0].text == "Seat 1 (Bob) has chosen its cards"


def test_c8_notices_are_grouped_by_turn() -> None:
    """C-8: each turn's lines share a group number; a new turn opens a new one, in order."""
    session = Session(lv.classic(3), (Bot("greedy"), Bot("random"), Bot("greedy")), seed=2)
    notices = session.take_notices(None)
    turns = [n.turn for n in notices]
    assert turns == sorted(turns)
    starts = [n for n in notices if n.kind in ("turn-started", "round-started", "payout-started")]
    assert len({n.turn for n in starts}) == len(starts)  # each opens its own group
    for n in notices:
        if n.kind == "dice-placed":
            group = [m for m in notices if m.turn == n.turn]
            assert group[0].kind == "turn-started"
            assert group[0].event.seat == n.event.seat  # type: ignore[union-attr]


def test_k5_card_game_turns_group_draws_choices_and_reveal() -> None:
    """K-5, K-8: a card-game turn's lines (the draws, the choices, the reveal) share a group."""
    session = Session(lv.cardgame(3), (Bot("greedy"), Bot("random"), Bot("greedy")), seed=4)
    notices = session.take_notices(1)
    for n in notices:
        if n.kind == "cards-played":
            kinds = {m.kind for m in notices if m.turn == n.turn}
            assert {"card-drawn", "cards-committed", "dice-placed"} <= kinds
    assert [n.turn for n in notices] == sorted(n.turn for n in notices)


def test_c10_placements_and_reveals_highlight_their_casinos() -> None:
    """C-10 (a placement puts dice at the casino of their face), K-5 (a reveal places the
    cards): the notice names the casinos it touched, and notice_data is JSON."""
    session = Session(lv.cardgame(3), (Bot("greedy"), Bot("random"), Bot("greedy")), seed=4)
    notices = session.take_notices(0)
    for n in notices:
        if n.kind == "dice-placed":
            assert n.highlight == (n.event.casino,)  # type: ignore[union-attr]
        elif n.kind == "cards-played":
            faces = {c // 10 for c in n.event.cards}  # type: ignore[union-attr]
            assert n.highlight == tuple(sorted(faces))
        else:
            assert n.highlight == ()
    data = [notice_data(n) for n in notices]
    assert json.loads(json.dumps(data)) == data
    assert set(data[0]) == {"text", "event", "turn", "kind", "highlight", "count"}
    placed = next(d for d in data if d["kind"] == "dice-placed")
    assert placed["highlight"] == {"casinos": [placed["event"]["casino"]]}  # type: ignore[index]
    assert notice_data(Notice(None, "You have chosen: Play a 2"))["event"] is None


def test_bot_moves_stay_one_notice_each() -> None:
    """Every bot placement is a notice of its own (nothing collapses but equal draws)."""
    session = Session(lv.classic(3), (Bot("greedy"), Bot("random"), Bot("greedy")), seed=9)
    notices = session.take_notices(None)
    record = session.record()
    placements = [a for a in record.actions if isinstance(a, lv.Place)]
    assert len([n for n in notices if n.kind == "dice-placed"]) == len(placements)


# -- the pictures ------------------------------------------------------------------------------


def test_b7_pictures_draw_the_slot_machine_faces() -> None:
    """B-7: the text board and the SVG show the slot machine's dice with their faces (3s),
    not the casino's number (7)."""
    notes = [[90_000], [80_000], [70_000], [60_000], [50_000], [90_000], [80_000]]
    state = deal(lv.new_game(lv.classic(2, SlotMachine())), *notes)
    state = lv.apply(state, lv.Roll((1, 3, 3, 4, 5, 6, 6, 6)))
    view = lv.observe(lv.apply(state, lv.Place(3, target=lv.CasinoNumber(7))), 1)
    assert "Casino 7  $80,000  Seat 0: 3 3" in text_board(view)
    picture = svg(view)
    slot = picture.split('data-casino="7"')[1].split('<g class="casino"')[0]
    assert slot.count('class="die"') == 2
    assert ">3</text>" in slot
    assert ">7</text>" not in slot


def test_c16_the_final_pictures_show_the_standings_not_the_last_dice() -> None:
    """C-16: once over, the text board and the SVG show the standings and the tie-break
    text, and no die of the last round."""
    state = finished(lv.classic(3))
    view = lv.observe(state, 0, names=("Ann", "Bob", "Cy"))
    assert view.final is not None
    board = text_board(view)
    first = view.final.order[0]
    assert f"1. Seat {first} ({('Ann', 'Bob', 'Cy')[first]}): " in board
    assert view.final.text in board
    assert "Casino 1" not in board
    picture = svg(view)
    assert 'class="die"' not in picture
    assert picture.count('class="standings"') == 4


def test_web_log_entries_are_notice_data() -> None:
    """The web table's log entries are ``notice_data`` of the session's notices: the page
    groups them by ``turn``, marks ``highlight``, and reads the final standings in the view."""
    from starlette.testclient import TestClient

    from lasvegas.web import create_app

    client = TestClient(create_app())
    opened = client.post(
        "/api/tables",
        json={
            "config": lv.to_data(lv.classic(3)),
            "seats": [{"human": "Ann"}, {"bot": "greedy"}, {"bot": "random"}],
        },
    ).json()
    token = opened["seats"]["0"].split("#")[1]
    path = f"/api/tables/{opened['table']}/seats/0"
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(20_000):  # bounded; the bots move in the server's pool, after each answer
        snapshot = client.get(path, headers=auth).json()
        if snapshot["over"]:
            break
        if not snapshot["view"]["legal"]:
            time.sleep(0.01)
            continue
        version = f'"{snapshot["version"]}"'
        headers = {**auth, "If-Match": version}
        client.post(path + "/actions", json=snapshot["view"]["legal"][0], headers=headers)
    log = snapshot["log"]
    assert {"text", "event", "turn", "kind", "highlight", "count"} <= set(log[0])
    turns = [entry["turn"] for entry in log]
    assert turns == sorted(turns)
    placed = [entry for entry in log if entry["kind"] == "dice-placed"]
    assert placed
    assert all(e["highlight"] == {"casinos": [e["event"]["casino"]]} for e in placed)
    final = snapshot["view"]["final"]
    assert final["winners"] == snapshot["standings"]["winners"]
    assert final["text"].startswith("Seat ")


def test_no_name_passes_for_another_seat() -> None:
    """A player named "Seat 0" at seat 1: every text names seats by index first, so the
    log never credits seat 1's moves to seat 0 (nor the other way round)."""
    session = Session(lv.classic(2), (Bot("greedy", "Bob"), Bot("random", "Seat 0")), seed=5)
    notices = session.take_notices(None)
    for n in notices:
        if n.kind == "dice-placed":
            seat = n.event.seat  # type: ignore[union-attr]
            who = "Seat 0 (Bob)" if seat == 0 else "Seat 1 (Seat 0)"
            assert n.text.startswith(f"{who} places ")
    assert lv.observe(session.state, 0, names=session.names).final is not None
    assert "Seat 1 (Seat 0)" in " ".join(n.text for n in notices)
