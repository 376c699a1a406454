"""Computer players: the protocol, determinism, legality, what they are given, their fallbacks."""

from __future__ import annotations

import functools
import math
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.agents import (
    AGENTS,
    Agent,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    consistent,
    determinise,
    hides,
    make_agent,
    play_game,
)
from lasvegas.agents.greedy import Table, _solo
from lasvegas.chance import roll_distribution
from lasvegas.testing import deal, example_configs


def _agents(players: int, seed: int) -> list[Agent]:
    """A search, a greedy and a random agent, seat after seat (small budgets: tests are fast)."""
    made: list[Agent] = []
    for seat in range(players):
        kind = seat % 3
        if kind == 0:
            made.append(SearchAgent(seed + seat, playouts=6, worlds=2))
        elif kind == 1:
            made.append(GreedyAgent(seed + seat))
        else:
            made.append(RandomAgent(seed + seat))
    return made


class Spy:
    """Wraps an agent; records what it is given and checks what it answers."""

    def __init__(self, inner: Agent, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.calls = 0

    def choose(self, view: lv.PlayerView, legal: tuple[lv.Action, ...]) -> lv.Action:
        assert type(view) is lv.PlayerView, "an agent is given a view, never a state"
        assert all(not isinstance(a, lv.State) for a in legal)
        assert view.seat == self.seat
        assert view.to_move == self.seat
        assert view.legal == legal
        action = self.inner.choose(view, legal)
        assert action in legal
        self.calls += 1
        return action


def _one_per_module_mix() -> list[lv.GameConfig]:
    """The example configs of every edition, one per mix of modules (the fewest seats)."""
    chosen: dict[tuple[str, frozenset[str], bool], lv.GameConfig] = {}
    for config in example_configs():
        key = (config.edition, frozenset(m.id for m in config.modules), config.hide_money)
        if key not in chosen or config.players < chosen[key].players:
            chosen[key] = config
    return list(chosen.values())


@pytest.mark.parametrize("config", _one_per_module_mix(), ids=repr)
def test_agents_play_every_edition_legally_from_views_only(config: lv.GameConfig) -> None:
    """Every agent plays every example config to the end, choosing legal actions from views."""
    spies = [Spy(agent, seat) for seat, agent in enumerate(_agents(config.players, 3))]
    state, actions = play_game(config, spies, lv.Rng(9))
    assert lv.to_move(state) is None
    assert lv.standings(state).winners
    assert all(spy.calls for spy in spies)
    assert lv.replay(lv.Record(config, actions)) == state


@pytest.mark.parametrize("spec", ["random", "greedy", "search:playouts=20"])
def test_agents_are_deterministic_for_a_seed(spec: str) -> None:
    def game(seed: int) -> tuple[lv.Action, ...]:
        agents = [make_agent(spec, seed), make_agent(spec, seed + 1)]
        return play_game(lv.classic(2, lv.NeutralDice()), agents, lv.Rng(4))[1]

    assert game(1) == game(1)
    assert game(1) != game(50) or spec == "greedy"  # greedy only draws to break ties


def test_search_agent_is_deterministic_in_royale_and_with_kickers() -> None:
    for config in (
        lv.classic(3, lv.Kickers()),
        *[c for c in example_configs() if c.edition == "royale"][:1],
    ):
        runs = [
            play_game(
                config, [SearchAgent(s, playouts=6) for s in range(config.players)], lv.Rng(2)
            )[1]
            for _ in range(2)
        ]
        assert runs[0] == runs[1]


def test_the_library_agents_follow_the_protocol() -> None:
    for name, factory in AGENTS.items():
        agent = factory(1)
        assert isinstance(agent, Agent)
        assert agent.name == name


def test_make_agent_reads_options_and_refuses_nonsense() -> None:
    agent = make_agent("search:playouts=33,worlds=2", 5)
    assert isinstance(agent, SearchAgent)
    assert (agent.playouts, agent.worlds) == (33, 2)
    assert make_agent("search:time_limit=0.05").time_limit == pytest.approx(0.05)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("genius")
    with pytest.raises(ValueError, match="key=value"):
        make_agent("search:playouts")
    with pytest.raises(ValueError, match="must be a number"):
        make_agent("search:playouts=many")
    with pytest.raises(ValueError, match="agent 'random:depth=3'"):
        make_agent("random:depth=3")
    with pytest.raises(ValueError, match="at least 1"):
        SearchAgent(playouts=0)


def test_choose_needs_a_legal_action() -> None:
    view = lv.observe(lv.new_game(lv.classic(2)), 0)
    for agent in (RandomAgent(), GreedyAgent(), SearchAgent()):
        with pytest.raises(ValueError, match="at least one legal action"):
            agent.choose(view, ())


def test_play_game_needs_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="3 seats need 3 agents"):
        play_game(lv.classic(3), [RandomAgent()], lv.Rng(1))


def _score(
    seed_range: range, first: str, second: str, config: lv.GameConfig | None = None
) -> float:
    """Points of *first* against *second* (seats alternate, each deal played both ways)."""
    config = config or lv.classic(2)
    points = 0.0
    for game in seed_range:
        swap = game % 2 == 1
        specs = (second, first) if swap else (first, second)
        agents = [make_agent(spec, 100 * game + seat) for seat, spec in enumerate(specs)]
        state, _ = play_game(config, agents, lv.Rng(game // 2))
        winners = lv.standings(state).winners
        seat = 1 if swap else 0
        if seat in winners:
            points += 1 / len(winners)
    return points


def test_greedy_beats_random() -> None:
    """A smoke test of strength (the measured figures are in docs/guides/bots.md)."""
    assert _score(range(24), "greedy", "random") >= 20


def _after_roll(config: lv.GameConfig, notes: list[list[int]], roll: tuple[int, ...]) -> lv.State:
    state = deal(lv.new_game(config), *notes)
    return lv.apply(state, lv.Roll(roll))


def test_greedy_takes_the_big_note_it_can_hold() -> None:
    state = _after_roll(lv.classic(2), [[90_000]] + [[50_000]] * 5, (1, 2, 2, 3, 3, 4, 5, 6))
    assert GreedyAgent(1).choose(lv.observe(state, 0), lv.legal_actions(state)) == lv.Place(1)


def test_greedy_solves_the_endgame_exactly() -> None:
    """When the others hold no dice, the rest of the round is a one-player game solved exactly."""
    config = lv.classic(2)
    state = deal(lv.new_game(config), [90_000], [80_000], [70_000], [60_000], [50_000], [50_000])
    state = lv.apply(state, lv.Roll((1, 1, 1, 1, 1, 2, 2, 2)))  # seat 0
    state = lv.apply(state, lv.Place(1))
    state = lv.apply(state, lv.Roll((3, 3, 3, 3, 3, 3, 3, 3)))  # seat 1 places everything
    state = lv.apply(state, lv.Place(3))
    state = lv.apply(state, lv.Roll((2, 2, 4)))  # seat 0: two 2s or the 4, then roll the rest
    view = lv.observe(state, 0)
    table = Table(view, None, None)
    # An independent brute force over every remaining roll.

    @functools.cache
    def best(mine: tuple[int, ...], left: int) -> float:
        if not left:
            total = 0.0
            for casino, (notes, m) in enumerate(zip(table.notes, mine, strict=True)):
                other = 8 if casino == 2 else 0
                if m and m != other and notes:
                    total += notes[0] if m > other else 0
                    total -= notes[0] if other > m else 0
                elif other and not m and notes:
                    total -= notes[0]
            return total
        value = 0.0
        for faces, p in roll_distribution(left):
            value += float(p) * max(
                best(
                    tuple(m + faces.count(f) * (i + 1 == f) for i, m in enumerate(mine)),
                    left - faces.count(f),
                )
                for f in set(faces)
            )
        return value

    start = (5, 0, 0, 0, 0, 0)
    expected_two = best((5, 2, 0, 0, 0, 0), 1)
    expected_four = best((5, 0, 0, 1, 0, 0), 2)
    scores = GreedyAgent().scores(view, [lv.Place(2), lv.Place(4)])
    assert scores == [pytest.approx(expected_two), pytest.approx(expected_four)]
    assert _solo(table, table.after(1, (2, 0, 0, 0))[0], 1) == pytest.approx(expected_two)
    assert start[0] == table.weights[0][0]


def test_greedy_falls_back_to_random_where_it_cannot_judge() -> None:
    """Module decisions without a placement (a kicker's target, B-4) are random among the legal."""
    seen = set()
    config = lv.classic(2, lv.Kickers())
    for seed in range(30):
        agent = GreedyAgent(seed)
        state = lv.new_game(config)
        rng = lv.Rng(seed)
        while lv.to_move(state) is not None:
            mover = lv.to_move(state)
            if mover is lv.CHANCE:
                state = lv.apply(state, lv.sample_chance(state, rng))
                continue
            legal = lv.legal_actions(state)
            if state.tasks and len(legal) > 1:
                seen.add(legal.index(agent.choose(lv.observe(state, mover), legal)))
            state = lv.apply(state, legal[rng.below(len(legal))])
    assert len(seen) > 1


def test_search_prefers_the_clearly_better_placement() -> None:
    state = _after_roll(
        lv.classic(2), [[90_000]] + [[10_000, 40_000]] * 5, (1, 2, 2, 3, 3, 4, 5, 6)
    )
    agent = SearchAgent(7, playouts=200)
    assert agent.choose(lv.observe(state, 0), lv.legal_actions(state)) == lv.Place(1)
    assert agent.searched == 1


def test_search_with_a_time_limit_returns_a_legal_action() -> None:
    state = _after_roll(lv.classic(3), [[50_000]] * 6, (1, 2, 2, 3, 3, 4, 5, 6))
    agent = SearchAgent(1, time_limit=0.01)
    assert agent.choose(lv.observe(state, 0), lv.legal_actions(state)) in lv.legal_actions(state)


@attrs.frozen
class _Secretive(lv.RuleModule):
    """A module that hides something (it redacts its slice), with no determiniser."""

    id: ClassVar[str] = "test-secretive"

    def redact(self, state: lv.State, index: int, seat: int | None) -> lv.ModuleState | None:
        return None


def test_search_falls_back_when_it_cannot_rebuild_a_state() -> None:
    config = lv.classic(2, _Secretive())
    assert hides(config.modules[0])
    state = _after_roll(config, [[50_000]] * 6, (1, 2, 2, 3, 3, 4, 5, 6))
    view = lv.observe(state, 0)
    assert determinise(view, lv.Rng(1)) is None
    agent = SearchAgent(1, playouts=10)
    assert agent.choose(view, lv.legal_actions(state)) in lv.legal_actions(state)
    assert (agent.searched, agent.fell_back) == (0, 1)


calls: list[str] = []
"""What :class:`_Determinised` was asked, in order."""


@attrs.frozen
class _Determinised(_Secretive):
    """:class:`_Secretive` with a declared determiniser (a subclass of a module one does not
    own declares one this way)."""

    def determinise(
        self, state: lv.State, index: int, view: lv.PlayerView, rng: lv.Rng
    ) -> lv.State:
        calls.append(self.id)
        return state

    def capabilities(self) -> lv.Capabilities:
        return lv.Capabilities(determinise=self.determinise)


def test_a_declared_determiniser_lets_search_run() -> None:
    calls.clear()
    config = lv.classic(2, _Determinised())
    state = _after_roll(config, [[50_000]] * 6, (1, 2, 2, 3, 3, 4, 5, 6))
    agent = SearchAgent(1, playouts=10, worlds=2)
    agent.choose(lv.observe(state, 0), lv.legal_actions(state))
    assert agent.searched == 1
    assert calls == ["test-secretive", "test-secretive"]


@pytest.mark.parametrize(
    "config",
    [
        lv.classic(2),
        lv.classic(4, lv.NeutralDice()),
        lv.classic(3, hide_money=True),
        lv.classic(3, lv.Kickers()),
    ],
    ids=repr,
)
def test_determinised_states_agree_with_the_view(config: lv.GameConfig) -> None:
    """At every decision of a random game the rebuilt state shows the same table and choices."""
    rng = lv.Rng(21)
    state = lv.new_game(config)
    checked = 0
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            state = lv.apply(state, lv.sample_chance(state, rng))
            continue
        view = lv.observe(state, mover)
        guess = determinise(view, rng)
        assert guess is not None
        assert consistent(guess, view, lv.legal_actions(state))
        assert lv.observe(guess, mover).casinos == view.casinos
        assert guess.supply == state.supply
        assert guess.rolled == state.rolled
        assert len(guess.pile_hidden) + len(guess.pile_returned) <= view.pile_size
        if not config.hide_money:
            assert lv.standings(guess).money == lv.standings(state).money
            assert lv.standings(guess).notes == lv.standings(state).notes
        checked += 1
        legal = lv.legal_actions(state)
        state = lv.apply(state, legal[rng.below(len(legal))])
    assert checked > 20


def test_determinised_pile_holds_notes_nobody_has_seen() -> None:
    """C-4: the pile's contents are what is neither on the casinos nor won."""
    config = lv.classic(2)
    state, _ = play_game(config, [GreedyAgent(1), GreedyAgent(2)], lv.Rng(3))
    assert lv.to_move(state) is None
    view = lv.observe(state, 0)
    guess = determinise(view, lv.Rng(5))
    assert guess is not None
    assert len(guess.pile_hidden) == view.pile_size
    won = sum(lv.standings(state).money)
    assert sum(guess.pile_hidden) == sum(config.ruleset.params.notes) - won


def test_greedy_scores_are_finite_in_many_player_games() -> None:
    state = _after_roll(lv.classic(5, lv.NeutralDice()), [[50_000]] * 6, (1, 2, 2, 3, 3, 4, 5, 6))
    state = lv.apply(state, lv.Roll((1, 6), "neutral"))
    view = lv.observe(state, 0)
    places = [a for a in lv.legal_actions(state) if isinstance(a, lv.Place)]
    assert all(math.isfinite(s) for s in GreedyAgent().scores(view, places))
