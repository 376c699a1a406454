"""Royale's chips bounded by what the rules can have handed out (R-5, X-8, T-1, T-2).

Chips come from an unlimited supply (X-8) and leave by passes (R-5) and payments to the
bank (T-1b); the state records neither, so no chip count is conserved. What a state does
bound is how many chips can have been handed out by now: 2 a seat per round started (R-5)
and each round the rewards of the tiles dealt (the faces dealt so far, ``used``, are checked
to be the game's rounds of tiles first). Both sides: every state of random Royale games
(every tile, 2-5 players, the basic game) passes, and documents above the bound are refused
by :func:`lasvegas.from_json` with a :class:`~lasvegas.DeserializationError` naming it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.royale import TILES, Tile, royale
from lasvegas.royale.bank import chips_for
from lasvegas.royale.state import royale_state
from lasvegas.testing import random_action

CONFIGS: dict[str, lv.GameConfig] = {
    "2p": royale(2),
    "3p": royale(3),
    "4p": royale(4),
    "5p": royale(5),
    "5p-tiles6": royale(5, tiles=6),
    "4p-tiles4-no-repeat": royale(4, tiles=4, no_repeat=True),
    "2p-basic": royale(2, tiles=0),
    "5p-basic": royale(5, tiles=0),
    **{f"3p-{tile.code}": royale(3, deal=(tile.code,)) for tile in TILES},
}


def states(config: lv.GameConfig, seed: int) -> Iterator[lv.State]:
    """Every state of one random game of *config*."""
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    while True:
        yield state
        action = random_action(state, rng)
        if action is None:
            return
        state = lv.apply(state, action)


def bound(state: lv.State) -> tuple[int, int]:
    """The most chips (a seat, all seats) the rules can have handed out by *state*, worked
    out here from the tiles' reward tables: 2 a seat per round (R-5); per round, a seat's 8
    dice times the largest activation reward of the round's tiles (activations pay the
    active seat), plus the tiles' rewards outside activations (to anyone), each reward at
    most a chip per $10,000 (X-8)."""
    config = state.config
    tiles = config.modules[0].tiles  # type: ignore[attr-defined]
    used = royale_state(state).used
    by_code = {m.code: m for m in config.modules if isinstance(m, Tile)}
    players = config.players
    paid = rest = 0
    for r in range(state.round):
        dealt = [by_code[face] for face in used[r * tiles : (r + 1) * tiles]]
        paid += 8 * max((t.activation_chips or 0 for t in dealt), default=0)
        rest += sum(t.round_chips or 0 for t in dealt)
    return 2 * state.round + paid + rest, (2 * state.round + paid) * players + rest


def document(state: lv.State) -> Any:
    """The decoded JSON of *state*."""
    return json.loads(lv.to_json(state))


def load(doc: Any) -> lv.State:
    """*doc* loaded as a state."""
    return lv.from_json(json.dumps(doc), lv.State)


def refused(doc: Any, *expected: str) -> None:
    """*doc* must be refused with every *expected* text in the error."""
    with pytest.raises(lv.DeserializationError) as caught:
        load(doc)
    for part in expected:
        assert part in str(caught.value)


def find(config: lv.GameConfig, round: int, phase: lv.Phase = lv.Phase.PLACE) -> lv.State:
    """The first state of *round* in *phase* of a random game of *config*."""
    return next(s for s in states(config, 2) if s.round == round and s.phase is phase)


def test_every_tile_declares_its_chip_rewards_x_10_to_x_17() -> None:
    """X-8, X-10 .. X-17: the most chips each tile can give, from its reward table."""
    table = {tile.code: (tile.activation_chips, tile.round_chips) for tile in TILES}
    assert table == {
        "A1": (4, 0),  # Lucky Punch: $40,000 for 3 hidden tokens
        "A2": (8, 0),  # Jackpot: up to $80,000
        "B1": (0, 0),  # Prime Time: black dice, no money
        "B2": (6, 0),  # Fifty Fifty: up to $60,000
        "C1": (0, 10),  # High Five: $100,000 during payout
        "C2": (0, 0),  # Bad Luck: the seats pay
        "D1": (6, 0),  # Pay Day: $10,000 for each of 6 casinos
        "D2": (0, 0),  # Power Play: a token
        "E1": (3, 0),  # No Entry!: up to $30,000
        "E2": (0, 0),  # Knockout?: dice only
        "F1": (0, 0),  # Block It!: blank dice only
        "F2": (3, 0),  # Handicap: 1 chip or $30,000
        "G1": (0, 10),  # Black Box: $60,000 + 2 x $20,000
        "G2": (0, 9),  # Double Down: $60,000 and $30,000
        "H1": (0, 21),  # Nice Dice: 1 + 2 + ... + 6 chips
        "H2": (3, 6),  # My Choice: $30,000; the golden space's $60,000
    }
    assert chips_for(10_000) == 1
    assert chips_for(20_000) == 2
    assert chips_for(25_000) == 3


def test_every_state_of_random_royale_games_is_within_the_chip_bound_r_5() -> None:
    """The sweep: 3 random games of 2-5 players, the basic game, 6 tiles, no_repeat and each
    tile forced; every state passes, and its chips are within the bound worked out here."""
    checked = 0
    for config in CONFIGS.values():
        for seed in range(3):
            for state in states(config, seed):
                assert lv.state_problems(state) == ()
                seat, seats = bound(state)
                chips = royale_state(state).chips
                assert max(chips) <= seat
                assert sum(chips) <= seats
                checked += 1
    assert checked > 20_000


@given(name=st.sampled_from(sorted(CONFIGS)), seed=st.integers(0, 2**32 - 1))
def test_property_reachable_royale_states_keep_their_chips_within_the_bound(
    name: str, seed: int
) -> None:
    """Property (R-5, X-8): every state of a random Royale game passes, and its chips are
    within the bound; the game's end state reloads equal from its JSON."""
    state = lv.new_game(CONFIGS[name])
    for state in states(CONFIGS[name], seed):
        assert lv.state_problems(state) == ()
        seat, seats = bound(state)
        chips = royale_state(state).chips
        assert max(chips) <= seat
        assert sum(chips) <= seats
    assert lv.from_json(lv.to_json(state), lv.State) == state


@pytest.mark.parametrize("round", [1, 2, 3])
def test_the_basic_game_hands_out_exactly_2_chips_a_seat_per_round_r_5(round: int) -> None:
    """R-5: without tiles, the only chips are the 2 a seat gets at each round's start; a
    seat holding 2 per round so far loads (it never passed), one chip more is refused."""
    state = find(royale(3, tiles=0), round)
    doc = document(state)
    doc["modules"][0]["chips"] = [2 * round, 0, 1]
    assert royale_state(load(doc)).chips == (2 * round, 0, 1)
    doc["modules"][0]["chips"] = [2 * round + 1, 0, 1]
    refused(
        doc,
        f"seat 0 holds {2 * round + 1} chips; at most {2 * round} can have been handed out"
        f" by round {round} (R-5, X-8)",
    )


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_main_game_refuses_one_chip_above_the_bound_r_5_x_8(players: int) -> None:
    """R-5, X-8: with tiles, a seat may hold every chip the rules can have handed out, but
    not one more; the seats together likewise."""
    state = find(royale(players), 2)
    seat, seats = bound(state)
    doc = document(state)
    doc["modules"][0]["chips"] = [seat] + [0] * (players - 1)
    assert royale_state(load(doc)).chips[0] == seat
    doc["modules"][0]["chips"][0] = seat + 1
    refused(doc, f"seat 0 holds {seat + 1} chips; at most {seat} can have been handed out")
    each = seats // players + 1
    doc["modules"][0]["chips"] = [each] * players
    assert each <= seat
    refused(doc, f"the seats hold {each * players} chips; at most {seats} can have been")


@pytest.mark.parametrize("chips", [10_000, 2**31, 2**64 - 1])
def test_a_huge_chip_count_is_refused(chips: int) -> None:
    """X-8's unlimited supply is no licence: no game hands out 2**64 chips."""
    doc = document(find(royale(4), 3))
    doc["modules"][0]["chips"][1] = chips
    refused(doc, f"seat 1 holds {chips} chips")


def test_faces_dealt_that_are_not_the_games_rounds_are_refused_t_2() -> None:
    """T-2: ``used`` holds ``tiles`` faces per round before this one, then this round's
    deal; a face added, dropped or changed is refused (the chip bound reads it)."""
    state = find(royale(3), 2)
    used = list(royale_state(state).used)
    assert len(used) == 6
    for mutated in (used[:-1], [*used, "A1"], ["A2", *used[1:]] if used[0] != "A2" else used):
        doc = document(state)
        doc["modules"][0]["used"] = mutated
        if mutated == used:
            continue
        with pytest.raises(lv.DeserializationError) as caught:
            load(doc)
        text = str(caught.value)
        assert "faces dealt so far" in text or "round 1's faces" in text


def test_both_faces_of_one_physical_tile_in_a_round_are_refused_x_9() -> None:
    """X-9: the two faces of one physical tile are never out together."""
    state = find(royale(3), 2)
    doc = document(state)
    used = doc["modules"][0]["used"]
    other = used[0][0] + ("2" if used[0][1] == "1" else "1")
    doc["modules"][0]["used"] = [used[0], other, *used[2:]]
    refused(doc, "round 1's faces", "are not a deal of this game (T-2, X-9)")


def test_a_face_dealt_twice_with_no_repeat_is_refused_t_2() -> None:
    """T-2 ``no_repeat``: a face dealt once is not dealt again in the game."""
    state = find(royale(4, tiles=4, no_repeat=True), 2)
    doc = document(state)
    used = doc["modules"][0]["used"]
    first = used[:4]
    second = [first[0], *[f for f in used[4:] if f[0] != first[0][0]][:3]]
    doc["modules"][0]["used"] = [*first, *second]
    doc["modules"][0]["deal"] = second
    refused(doc)


def test_a_tile_deal_pending_for_a_casino_that_has_its_tile_is_refused_t_2() -> None:
    """T-2: one tile deal is pending per casino still waiting for its tile, in order."""
    state = lv.new_game(royale(3))
    doc = document(state)
    assert [t["casino"] for t in doc["tasks"] if t["kind"] == "tile-deal"] == [1, 2, 3]
    doc["tasks"] = [t for t in doc["tasks"] if t.get("casino") != 2]
    refused(doc, "tile deals are pending for casinos [1, 3], but the deal is ()")
