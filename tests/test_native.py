"""The native state classes (``State``, ``Casino``, ``ChanceRun``): they behave as the frozen
attrs classes they replace did, in equality, hashing, repr, pickling, JSON and immutability."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas._native import interpreted, native_fields
from lasvegas.bench import configurations
from lasvegas.state import Casino, fast_constructor, make_casino

_NATIVE = (lv.State, Casino, lv.ChanceRun, lv.Step, lv.Standings)


# The attrs classes as they were (the reference the native classes must match).
@attrs.frozen(weakref_slot=False)
class OldCasino:
    notes: tuple[int, ...]
    dice: tuple[int, ...]
    big: tuple[int, ...]


@attrs.frozen(weakref_slot=False)
class OldState:
    config: Any
    round: int
    phase: Any
    cursor: int
    start: int
    active: int
    supply: tuple[tuple[int, ...], ...]
    rolled: tuple[tuple[int, ...], ...]
    casinos: tuple[Any, ...]
    pile_hidden: tuple[int, ...]
    pile_returned: tuple[int, ...]
    money: tuple[tuple[int, ...], ...]
    modules: tuple[Any, ...]
    tasks: tuple[Any, ...]


@attrs.frozen(weakref_slot=False)
class OldChanceRun:
    state: Any
    actions: tuple[Any, ...]


@attrs.frozen
class OldStep:
    state: Any
    events: tuple[Any, ...]


@attrs.frozen
class OldStandings:
    money: tuple[int, ...]
    notes: tuple[int, ...]
    winners: tuple[int, ...]


_OLD: dict[type, type] = {
    lv.State: OldState,
    Casino: OldCasino,
    lv.ChanceRun: OldChanceRun,
    lv.Step: OldStep,
    lv.Standings: OldStandings,
}


def _names(cls: Any) -> tuple[str, ...]:
    return tuple(a.name for a in attrs.fields(cls))


def _values(obj: object) -> tuple[object, ...]:
    return tuple(getattr(obj, a.name) for a in attrs.fields(type(obj)))  # type: ignore[arg-type]


def _old(obj: object) -> object:
    return _OLD[type(obj)](*_values(obj))


def _boulevard() -> lv.GameConfig:
    build = configurations().get("boulevard-4-all")
    assert build is not None
    return build()


def _states() -> list[lv.State]:
    """States from seeded games of every edition, every phase on the way."""
    out: list[lv.State] = []
    for config in (lv.classic(4), lv.royale(3), lv.cardgame(3), _boulevard()):
        rng = lv.Rng(5)
        state = lv.new_game(config)
        for _ in range(40):
            out.append(state)
            if state.phase is lv.Phase.OVER:
                break
            if lv.to_move(state) is lv.CHANCE:
                state = lv.apply(state, lv.sample_chance(state, rng))
            else:
                legal = lv.legal_actions(state)
                state = lv.apply(state, legal[rng.below(len(legal))])
    return out


_STATES = _states()
_INTS = st.tuples(st.integers(0, 3), st.integers(0, 3))
_CASINOS = st.builds(Casino, _INTS, _INTS, _INTS)


def _objects() -> list[object]:
    runs = [lv.play_chance(s, lv.Rng(3)) for s in _STATES[::7]]
    steps = [
        lv.step(r.state, lv.legal_actions(r.state)[0])
        for r in runs
        if r.state.phase is not lv.Phase.OVER
    ]
    standings = [lv.standings(s) for s in _STATES[::5]]
    casinos = [c for s in _STATES[::9] for c in s.casinos]
    return [*_STATES, *casinos, *runs, *steps, *standings]


@given(st.sampled_from(_STATES), st.sampled_from(_STATES), st.sampled_from(_names(lv.State)))
def test_state_equality_and_hash_match_the_attrs_class(a: lv.State, b: lv.State, name: str) -> None:
    """Equal exactly when the attrs class's were, and then with equal hashes."""
    mixed = lv.State(**{**attrs.asdict(a, recurse=False), name: getattr(b, name)})
    for x, y in ((a, b), (a, mixed), (mixed, b), (a, a)):
        assert (x == y) == (_old(x) == _old(y))
        assert (x != y) == (_old(x) != _old(y))
        if x == y:
            assert hash(x) == hash(y)


@given(_CASINOS, _CASINOS)
def test_casino_equality_and_hash_match_the_attrs_class(a: Casino, b: Casino) -> None:
    assert (a == b) == (_old(a) == _old(b))
    assert (a == b) == (make_casino(a.notes, a.dice, a.big) == b)
    if a == b:
        assert hash(a) == hash(b)
    assert repr(a) == repr(_old(a)).replace("OldCasino(", "Casino(", 1)


def test_repr_is_the_attrs_repr() -> None:
    for obj in _objects():
        old = repr(_old(obj))
        assert repr(obj) == old.replace("Old", "", 1)


def test_other_types_are_never_equal() -> None:
    state = _STATES[0]
    assert state != _old(state)
    assert state.casinos[0] != (state.casinos[0].notes, state.casinos[0].dice, state.casinos[0].big)
    assert lv.State.__eq__(state, object()) is NotImplemented


def _edition(obj: object) -> str:
    state = obj.state if isinstance(obj, lv.ChanceRun | lv.Step) else obj
    return state.config.edition if isinstance(state, lv.State) else "none"


def test_pickle_and_copy_round_trip() -> None:
    # (a Royale config holds its tiles' local functions: it never pickled)
    for obj in (o for o in _objects() if _edition(o) != "royale"):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(obj, protocol))
            assert type(back) is type(obj)
            assert back == obj
            assert hash(back) == hash(obj)
        assert copy.copy(obj) == obj
    for obj in _objects():
        assert copy.copy(obj) == obj


def test_json_round_trips_and_documents_are_unchanged() -> None:
    for state in _STATES[::3]:
        text = lv.to_json(state)
        back = lv.from_json(text, lv.State)
        assert back == state
        assert lv.to_json(back) == text
        # the document is what the attrs class wrote: the fields, in order
        data = lv.to_data(state)
        assert [k for k in data if k not in ("format", "schema")] == [
            a.name for a in attrs.fields(OldState)
        ]


@pytest.mark.parametrize("cls", _NATIVE)
def test_setattr_and_delattr_are_refused(cls: Any) -> None:
    obj = next(o for o in _objects() if type(o) is cls)
    before = _values(obj)
    for name in (*_names(cls), "other"):
        with pytest.raises(FrozenInstanceError):
            setattr(obj, name, None)
        with pytest.raises(FrozenInstanceError):
            delattr(obj, name)
    assert _values(obj) == before
    assert not hasattr(obj, "__dict__")


@pytest.mark.parametrize("cls", _NATIVE)
def test_object_setattr_is_refused_only_when_compiled(cls: Any) -> None:
    """Compiled, ``object.__setattr__`` cannot reach a native attribute; interpreted it can
    (pure Python cannot guard a slot against it, as with attrs' frozen classes)."""
    obj = copy.copy(next(o for o in _objects() if type(o) is cls))
    name = _names(cls)[0]
    value = getattr(obj, name)
    try:
        object.__setattr__(obj, name, value)
    except (TypeError, AttributeError):
        refused = True
    else:
        refused = False
    assert refused is not interpreted(cls)


def test_attrs_sees_the_fields() -> None:
    state = _STATES[5]
    assert all(attrs.has(cls) for cls in _NATIVE)
    assert _names(lv.State) == _names(OldState)
    assert attrs.fields(lv.State).casinos.type == tuple[Casino, ...]
    assert attrs.evolve(state, round=9) == lv.state.evolve(state, round=9)  # type: ignore[misc]
    assert attrs.asdict(state.casinos[0]) == {
        "notes": state.casinos[0].notes,
        "dice": state.casinos[0].dice,
        "big": state.casinos[0].big,
    }


def test_match_by_position_and_keyword() -> None:
    match _STATES[0]:
        case lv.State(config, 1, phase=lv.Phase.FILL):
            assert config == _STATES[0].config
        case _:
            pytest.fail("no match")


def test_constructor_takes_positions_and_names() -> None:
    c = Casino((50_000,), dice=(1, 0), big=(0, 0))
    assert c == Casino(notes=(50_000,), dice=(1, 0), big=(0, 0)) == make_casino(*_values(c))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Casino((50_000,), (1, 0))  # type: ignore[call-arg]


def test_fast_constructor_of_a_native_class() -> None:
    build = fast_constructor(lv.ChanceRun)
    run = build(_STATES[0], ())
    assert type(run) is lv.ChanceRun
    assert run == lv.ChanceRun(state=_STATES[0], actions=())
    with pytest.raises(FrozenInstanceError):
        run.actions = ()  # type: ignore[misc]


_BUILDERS = (
    "make_state",
    "evolve",
    "with_tasks",
    "with_modules",
    "with_modules_tasks",
    "with_casinos",
    "with_phase",
    "with_turn",
    "with_fill",
    "with_payout",
)


@given(st.sampled_from(_STATES), st.sampled_from(_STATES), st.sampled_from(_BUILDERS))
def test_each_builder_agrees_with_its_source(a: lv.State, b: lv.State, name: str) -> None:
    """The source of each state builder (a plain ``State(...)`` call, what a compiled build
    runs) and the function the pure build replaces it by build the same state."""
    import inspect

    from lasvegas import state as module

    builder = getattr(module, name)
    source = getattr(builder, "__wrapped__", builder)  # pure build: the replaced function
    params = inspect.signature(source).parameters
    kwargs = {p: getattr(b, p) for p in params if p != "state"}
    args = (a,) if "state" in params else ()
    built = builder(*args, **kwargs)
    assert type(built) is lv.State
    assert built == source(*args, **kwargs)
    expected = {**attrs.asdict(a, recurse=False), **kwargs} if args else kwargs
    assert _values(built) == tuple(expected[n] for n in _names(lv.State))


def test_constructor_signature_is_the_fields() -> None:
    import inspect

    for cls, old in _OLD.items():
        params = list(inspect.signature(cls).parameters.values())
        assert [p.name for p in params] == list(_names(old))
        assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params)
        assert all(p.default is p.empty for p in params)


def test_mypy_refuses_assignments_to_fields(tmp_path: Any) -> None:
    """The fields are ``Final``: mypy --strict refuses an assignment, accepts the reads."""
    import subprocess
    import sys

    source = tmp_path / "assign.py"
    source.write_text(
        "import lasvegas as lv\n"
        "s = lv.new_game(lv.classic(3))\n"
        "r: int = s.round\n"
        "s.round = 2\n"
        "s.casinos[0].dice = (1,)\n"
        "lv.State(config=s.config, round='1')\n"
    )
    # in a child process: mypy raises the recursion limit of the process it runs in
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental"]
    result = subprocess.run(
        [*command, "--cache-dir=/dev/null", str(source)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    out = result.stdout
    assert result.returncode == 1, out + result.stderr
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert any(":4:" in e and "final" in e.lower() for e in errors), out
    assert any(":5:" in e and "final" in e.lower() for e in errors), out
    assert any(":6:" in e for e in errors), out
    assert not any(":3:" in e for e in errors), out


def test_the_ruleset_is_a_native_class_with_the_attrs_class_behaviour() -> None:
    """``lasvegas.config.Ruleset``: its fields to attrs, equality without the cache, a repr
    without it, pickling, and refused assignments; not hashable (it holds dictionaries)."""
    from lasvegas.config import Ruleset

    config = lv.classic(4, lv.NeutralDice())
    ruleset = config.ruleset
    assert type(ruleset) is Ruleset
    assert native_fields(Ruleset) is not None
    assert [f.name for f in attrs.fields(Ruleset)][:3] == ["params", "owners", "neutral_owner"]
    assert attrs.fields(Ruleset)[-1].name == "cache"
    assert lv.classic(4).ruleset == lv.classic(4).ruleset != lv.classic(3).ruleset
    assert ruleset != lv.classic(4).ruleset
    assert ruleset.cache is not lv.classic(4, lv.NeutralDice()).ruleset.cache
    assert repr(ruleset).startswith("Ruleset(params=Params(")
    assert "cache" not in repr(ruleset)
    plain = lv.classic(4)  # (a module's task handlers are bound methods: equal to no copy)
    assert pickle.loads(pickle.dumps(plain)).ruleset == plain.ruleset
    assert pickle.loads(pickle.dumps(config)).ruleset.reactors.keys() == ruleset.reactors.keys()
    with pytest.raises(TypeError, match="unhashable"):
        hash(ruleset)
    for name in ("closers", "other"):
        with pytest.raises(FrozenInstanceError):
            setattr(ruleset, name, ())
    assert ruleset.closers == ()
