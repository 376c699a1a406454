"""The library's caches: owned by the config or bounded, never keyed by a state, unpoisoned.

A long-running program (a server showing odds, reloading states from JSON) must stay flat in
memory, several threads may play different games at once, and nothing a wrong action
carries may reach a cache that later games read.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from fractions import Fraction
from types import ModuleType

import lasvegas as lv
from lasvegas import chance
from lasvegas._serde import configs as serde_configs
from lasvegas.config import ConfigCache
from lasvegas.testing import example_configs, random_game


def _modules() -> list[ModuleType]:
    return [m for name, m in sorted(sys.modules.items()) if name.startswith("lasvegas")]


def _holds_game_object(value: object, depth: int = 0) -> bool:
    if isinstance(value, (lv.State, lv.GameConfig)):
        return True
    if depth >= 3:
        return False
    if isinstance(value, dict):
        items = list(value.items())
        return any(
            _holds_game_object(k, depth + 1) or _holds_game_object(v, depth + 1) for k, v in items
        )
    if isinstance(value, (list, tuple)):
        return any(_holds_game_object(v, depth + 1) for v in value)
    return False


def test_no_module_level_cache_holds_a_state_or_a_config() -> None:
    """After games of every example config, no module global keeps a state or a config:
    per-config values are cached with their config (``GameConfig.cached``), none keyed by a
    state."""
    for i, config in enumerate(example_configs()):
        state, _ = random_game(config, lv.Rng(i))
        lv.chance_outcomes(state)
        lv.observe(state, 0)
        lv.action_space(config)
    found = [
        f"{module.__name__}.{name}"
        for module in _modules()
        for name, value in vars(module).items()
        if name.isupper() or name.startswith("_")
        if not name.startswith("__") and name != "_CONFIGS" and _holds_game_object(value)
    ]
    assert found == [], found


def test_multiset_draw_distribution_keeps_a_bounded_number_of_piles() -> None:
    """Asking about thousands of different piles keeps at most 512 of them."""
    for n in range(2, 3002):
        pile = tuple(sorted((10_000 * (1 + n % 9), 20_000, *range(n % 50))))
        assert sum(p for _, p in chance.multiset_draw_distribution(pile)) == 1
    assert chance._multiset_draw_distribution.cache_info().currsize <= 512


def test_multiset_draw_distribution_caches_ints_only() -> None:
    """``(True, 2)`` is answered but not remembered for ``(1, 2)``."""
    half = Fraction(1, 2)
    assert chance.multiset_draw_distribution((True, 2)) == ((1, half), (2, half))
    assert type(chance.multiset_draw_distribution((1, 2))[0][0]) is int


def test_loaded_config_cache_is_bounded_and_skips_large_documents() -> None:
    """Loading many configs keeps at most 64; a large document is never kept."""
    for players in range(2, 6):
        for modules in range(200):
            deal = [["A1"]] * (1 + modules % 3)
            document = json.loads(lv.to_json(lv.royale(players)))
            document["modules"][0]["deal"] = deal
            document["modules"][0]["tiles"] = 3 + modules % 4
            lv.from_json(json.dumps(document), lv.GameConfig)
    assert len(serde_configs._CONFIGS) <= 64
    serde_configs._CONFIGS.clear()
    big = json.loads(lv.to_json(lv.cardgame(4)))
    big["modules"][0]["notes"] = [30_000] * 5_000
    loaded = lv.from_json(json.dumps(big), lv.GameConfig)
    assert loaded.modules[0].id == "cardgame"
    assert serde_configs._CONFIGS == {}


def test_a_wrongly_typed_placement_does_not_poison_later_games() -> None:
    """``Place(True)`` (equal to ``Place(1)``) leaves no event with ``face=True`` behind."""
    config = lv.classic(2)  # step builds the placement event
    state = lv.new_game(config)
    while lv.to_move(state) is lv.CHANCE and state.phase is not lv.Phase.ROLL:
        state = lv.apply(state, lv.sample_chance(state, lv.Rng(1)))
    k = state.supply[state.active][0]
    faces = (True, *(1 + i % 3 for i in range(k - 1)))
    try:  # refused at the door (a bool is no face), or stored as the library's own ints
        rolled = lv.apply(state, lv.Roll(tuple(sorted(faces))))
        assert all(type(face) is int for face in rolled.rolled[0])
    except lv.IllegalActionError:
        pass
    state = lv.apply(state, lv.Roll(tuple(sorted(1 + i % 3 for i in range(k)))))
    with contextlib.suppress(lv.IllegalActionError):  # refused at the door is fine too
        lv.step(state, lv.Place(True))
    placed = lv.step(state, lv.Place(1)).events[0]
    assert isinstance(placed, lv.DicePlaced)
    assert type(placed.face) is int


def _tables(config: lv.GameConfig) -> tuple[int, ...]:
    return tuple(range(config.players))


def test_config_tables_belong_to_their_config_and_are_bounded() -> None:
    """A table is built once per config, equal configs built apart keep their own, and a
    config keeps at most ``ConfigCache.LIMIT`` tables."""
    first, second = lv.classic(3), lv.classic(3)
    assert first.cached(_tables) is first.cached(_tables)
    assert first.cached(_tables) == second.cached(_tables) == (0, 1, 2)
    tables = ConfigCache()
    builders = [lambda c, i=i: i for i in range(ConfigCache.LIMIT * 3)]
    for build in builders:
        tables.get(build, first)
    assert len(tables) <= ConfigCache.LIMIT


def _outer(config: lv.GameConfig) -> int:
    return len(config.cached(_tables))


def test_a_config_table_may_be_built_from_another() -> None:
    """Building a table that reads another table of the same config does not deadlock."""
    config = lv.classic(4)
    answers: list[int] = []
    worker = threading.Thread(target=lambda: answers.append(config.cached(_outer)), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert answers == [4]


def test_threads_playing_different_games_at_once_agree_with_one_thread() -> None:
    """Six threads play games of different configs together; every game ends as it does
    alone (the per-config tables and the bounded caches are safe to share)."""
    configs = [c for i, c in enumerate(example_configs()) if i % 6 == 0]
    alone = {i: random_game(c, lv.Rng(i)) for i, c in enumerate(configs)}
    results: dict[int, tuple[lv.State, list[lv.Action]]] = {}
    errors: list[BaseException] = []

    def play(i: int, config: lv.GameConfig) -> None:
        try:
            fresh = lv.from_json(lv.to_json(config), lv.GameConfig)
            state, actions = random_game(fresh, lv.Rng(i))
            results[i] = (state, actions)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(i, c)) for i, c in enumerate(configs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for i, (state, actions) in alone.items():
        assert results[i][1] == actions
        assert lv.to_json(results[i][0]) == lv.to_json(state)


def test_module_level_intern_tables_are_bounded() -> None:
    """Every module-level table of shared values is one ``Interned`` (one bound rule, one
    place): after games of every example config, each holds at most its limit."""
    from lasvegas.table import Interned

    for i, config in enumerate(example_configs()):
        random_game(config, lv.Rng(100 + i))
    tables = {
        f"{module.__name__}.{name}": value
        for module in _modules()
        for name, value in vars(module).items()
        if isinstance(value, Interned)
    }
    assert len(tables) >= 20, sorted(tables)
    for name, table in tables.items():
        assert 0 < table._limit <= 100_000, name
        assert len(table) <= table._limit, name
    squares: Interned[int, int] = Interned(lambda n: n * n, limit=10)
    assert [squares[n] for n in range(25)] == [n * n for n in range(25)]
    assert len(squares) <= 10


def test_no_module_level_functools_cache_is_keyed_by_a_config_or_a_state() -> None:
    """What is derived from a config is cached with it (``GameConfig.cached``), not in a
    module-level ``functools`` cache that would keep configs alive and share them across
    games: no such cache takes a config or a state."""
    import importlib
    import inspect

    for name in ("adapters.encoding", "adapters._spiel_history", "agents.search", "view"):
        importlib.import_module(f"lasvegas.{name}")
    keyed = []
    for module in _modules():
        for name, value in vars(module).items():
            wrapped = getattr(value, "__wrapped__", None)
            if wrapped is None or not hasattr(value, "cache_info"):
                continue
            params = inspect.signature(wrapped).parameters.values()
            if any(
                "GameConfig" in str(p.annotation) or str(p.annotation) == "State" for p in params
            ):
                keyed.append(f"{module.__name__}.{name}")
    assert keyed == [], keyed


def test_search_playout_gains_are_a_table_of_their_config() -> None:
    """The search agent's playout gains are kept per config: their key (a casino's dice
    counts) means another thing in a 3-seat game with the neutral die than in a 4-seat
    game, so the two never share entries."""
    from lasvegas.agents import search

    neutral, four = lv.classic(3, lv.NeutralDice()), lv.classic(4)
    for config in (neutral, four):
        state = lv.new_game(config)
        while lv.to_move(state) is lv.CHANCE or state.phase is not lv.Phase.PLACE:
            state = lv.play_chance(state, lv.Rng(5)).state
        search._quick(state, lv.legal_actions(state), lv.Rng(1))
    assert neutral.cached(search._gains) is not four.cached(search._gains)
    assert neutral.cached(search._gains)
    assert four.cached(search._gains)
    assert not any(name == "_GAINS" for name in vars(search))


def test_identity_keyed_tables_keep_the_object_they_were_made_for() -> None:
    """A table keyed by ``id()`` (the engine's own rolls) holds the very object whose id is
    its key, so the id cannot belong to another live object while the entry exists; a
    roll equal to one of the engine's but built elsewhere is not taken for it."""
    from lasvegas import table

    for i, config in enumerate(example_configs()[:8]):
        random_game(config, lv.Rng(300 + i))
    entries = list(table._OWN_ROLLS.items())
    assert entries
    assert all(id(roll) == key for key, roll in entries)
    own = table.sample_roll(2, "regular", lv.Rng(3))
    foreign = lv.Roll(own.faces, own.group)
    assert foreign == own
    assert foreign is not own
    assert table._OWN_ROLLS.get(id(foreign)) is not foreign
