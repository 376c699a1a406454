"""The native bases of slices and tasks (``ModuleState``, ``Task``, Royale's ``TileState`` and
``BlackThrow``) and the native slices and tasks of Royale, the card game and Boulevard: they behave as the frozen attrs classes
they replace did, in equality, hashing, repr, pickling, JSON and immutability, in both builds;
and a module author's frozen attrs subclass of a base works as it did (fields, ``__init__``,
immutability, equality, pickling, registration)."""

from __future__ import annotations

import copy
import pickle
from typing import Any, ClassVar

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError

import lasvegas as lv
from _play import random_states
from lasvegas._build import COMPILED
from lasvegas._native import native_fields
from lasvegas._tags import TABLES
from lasvegas.boulevard import MODULES, SixthPlayer
from lasvegas.modules._bases import SEALED
from lasvegas.royale.components import FACES
from lasvegas.royale.tiles.base import TileState
from lasvegas.royale.tiles.shared import BlackThrow

_BASES = (lv.ModuleState, lv.Task, TileState, BlackThrow)
_FINAL = sorted(
    (cls for cls in SEALED if cls not in _BASES), key=lambda cls: (cls.__module__, cls.__name__)
)


def _configs() -> list[lv.GameConfig]:
    """Royale configs dealing every tile in turn (with two tiles of other letters), for 2, 3
    and 5 players, and one dealing its tiles by chance."""
    codes = [code for code, _, _ in FACES]
    configs = [lv.royale(3)]
    for i, code in enumerate(codes):
        letters = {code[0]}
        others: list[str] = []
        for other in codes[i:] + codes[:i]:
            if other[0] not in letters and len(others) < 2:
                others.append(other)
                letters.add(other[0])
        configs.extend(lv.royale(players, deal=(code, *others)) for players in (2, 3, 5))
    configs.extend((lv.cardgame(3), lv.cardgame(4, lv.Sequential())))
    return configs + _boulevard_configs()


def _boulevard_configs() -> list[lv.GameConfig]:
    """Boulevard configs with every module (kickers, rainbow cards and the slot machine
    among them), for 2 to 6 players, with and without the neutral dice."""
    every = tuple(module() for module in MODULES if module is not SixthPlayer)
    configs = [lv.classic(players, *every) for players in (2, 3, 4, 5)]
    configs += [lv.classic(players, *every, lv.NeutralDice()) for players in (2, 3, 5)]
    configs.append(lv.classic(6, *(module() for module in MODULES), lv.NeutralDice()))
    return configs


def _collect() -> dict[type, list[Any]]:
    found: dict[type, list[Any]] = {}
    for i, config in enumerate(_configs()):
        for state in random_states(config, 7 + i):
            for obj in (*state.modules, *state.tasks):
                if obj is not None and type(obj) in SEALED:
                    seen = found.setdefault(type(obj), [])
                    if len(seen) < 3 and obj not in seen:
                        seen.append(obj)
    return found


_FOUND = _collect()


def _names(cls: type) -> list[str]:
    return [a.name for a in attrs.fields(cls)]


def test_every_native_slice_and_task_is_met_in_play() -> None:
    """Royale's 41 native slices and tasks, the card game's 4, Boulevard's 6 (and the base
    ``TileState``) all occur in the games above, so every test below checks each of them on
    real instances."""
    assert len(_FINAL) == 51
    assert set(_FINAL) | {TileState} <= set(_FOUND), sorted(
        cls.__name__ for cls in set(_FINAL) - set(_FOUND)
    )


@pytest.mark.parametrize("cls", _FINAL, ids=lambda cls: cls.__name__)
def test_native_class_shape(cls: Any) -> None:
    """Final, slotted, no ``__dict__``; its ``__init__`` takes the fields in attrs' order
    (the base's first), by position or by name, as ``__match_args__`` lists them; registered under its ``kind``; compiled,
    a native class."""
    names = _names(cls)
    assert list(cls.__match_args__) == names
    for obj in _FOUND[cls]:
        values = [getattr(obj, name) for name in names]
        assert cls(*values) == obj
        assert cls(**dict(zip(names, values, strict=True))) == obj
    base = "Task" if issubclass(cls, lv.Task) else "ModuleState"
    assert TABLES[base][cls.kind] is cls
    assert (native_fields(cls) is not None) is COMPILED
    for obj in _FOUND[cls]:
        assert not hasattr(obj, "__dict__")


@pytest.mark.parametrize("cls", [*_FINAL, TileState], ids=lambda cls: cls.__name__)
def test_value_semantics(cls: Any) -> None:
    """Equal to a copy and to one rebuilt from its fields, with the same hash; unequal once a
    field differs; the repr attrs wrote; ``attrs.evolve`` and ``attrs.asdict`` as before."""
    for obj in _FOUND[cls]:
        values = {name: getattr(obj, name) for name in _names(cls)}
        again = cls(**values)
        assert again == obj
        assert hash(again) == hash(obj)
        assert copy.copy(obj) == obj
        assert copy.deepcopy(obj) == obj
        assert attrs.evolve(obj) == obj
        assert attrs.asdict(obj, recurse=False) == values
        shown = ", ".join(f"{name}={value!r}" for name, value in values.items())
        assert repr(obj) == f"{cls.__name__}({shown})"
        first = _names(cls)[0]
        other = attrs.evolve(obj, **{first: _other(values[first])})
        assert other != obj
        assert obj != object()
        assert (obj == object()) is False


def _other(value: Any) -> Any:
    if isinstance(value, tuple):
        return (*value, 0)
    if isinstance(value, bool) or value is None:
        return 7
    if isinstance(value, int):
        return value + 1
    return f"{value}x"


@pytest.mark.parametrize("cls", [*_FINAL, TileState], ids=lambda cls: cls.__name__)
def test_pickle_round_trip(cls: Any) -> None:
    for obj in _FOUND[cls]:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(obj, protocol))
            assert type(back) is cls
            assert back == obj


@pytest.mark.parametrize("cls", [*_FINAL, TileState], ids=lambda cls: cls.__name__)
def test_setattr_and_delattr_are_refused(cls: Any) -> None:
    for obj in _FOUND[cls]:
        before = {name: getattr(obj, name) for name in _names(cls)}
        for name in (*_names(cls), "other"):
            with pytest.raises(FrozenInstanceError):
                setattr(obj, name, None)
            with pytest.raises(FrozenInstanceError):
                delattr(obj, name)
        assert {name: getattr(obj, name) for name in _names(cls)} == before


def test_json_round_trip_of_states_holding_them() -> None:
    """A state holding native slices and tasks goes to JSON and back unchanged (the golden
    games check that the JSON itself is the one the attrs classes wrote)."""
    checked = 0
    for i, config in enumerate((*_configs()[:12], *_boulevard_configs())):
        for state in random_states(config, 100 + i)[::7]:
            assert lv.from_json(lv.to_json(state), lv.State) == state
            checked += 1
    assert checked > 100


# -- the bases, and a module author's attrs subclasses ------------------------------------


def test_bare_task_and_tile_state() -> None:
    task = lv.Task(module=2)
    assert repr(task) == "Task(module=2)"
    assert task == lv.Task(2)
    assert hash(task) == hash(lv.Task(2))
    assert task != lv.Task(3)
    assert pickle.loads(pickle.dumps(task)) == task
    with pytest.raises(FrozenInstanceError):
        task.module = 3
    with pytest.raises(FrozenInstanceError):
        del task.module
    assert task.module == 2
    tile = TileState(casino=lv.CasinoNumber(4))
    assert repr(tile) == "TileState(casino=4)"
    assert tile == TileState(lv.CasinoNumber(4))
    with pytest.raises(FrozenInstanceError):
        tile.casino = lv.CasinoNumber(1)
    assert lv.ModuleState() == lv.ModuleState()
    assert repr(lv.ModuleState()) == "ModuleState()"
    assert [a.name for a in attrs.fields(lv.Task)] == ["module"]
    assert [a.name for a in attrs.fields(TileState)] == ["casino"]


@attrs.frozen
class _AuthorTask(lv.Task):
    kind: ClassVar[str] = "test-native-author-task"
    seat: int
    label: str = "x"


@attrs.frozen(slots=False)
class _LooseTask(lv.Task):
    kind: ClassVar[str] = "test-native-loose-task"
    seat: int


@attrs.frozen
class _AuthorTile(TileState):
    kind: ClassVar[str] = "test-native-author-tile"
    counter: int = 0


@attrs.frozen
class _AuthorThrow(BlackThrow):
    kind: ClassVar[str] = "test-native-author-throw"
    seat: int
    purpose: ClassVar[str] = "for a test"


_AUTHORED: list[Any] = [
    _AuthorTask(module=1, seat=2),
    _AuthorTask(1, 2, "y"),
    _LooseTask(module=0, seat=1),
    _AuthorTile(casino=lv.CasinoNumber(3), counter=2),
    _AuthorThrow(module=4, seat=1),
]


@pytest.mark.parametrize("obj", _AUTHORED, ids=lambda obj: type(obj).__name__)
def test_author_attrs_subclass_of_a_base(obj: Any) -> None:
    """The base's field first, then the class's own; attrs' ``__init__``, repr, equality,
    hashing, pickling and immutability (of the inherited field too); registered by kind."""
    cls = type(obj)
    names = _names(cls)
    base_field = "casino" if isinstance(obj, TileState) else "module"
    assert names[0] == base_field
    values = {name: getattr(obj, name) for name in names}
    assert cls(**values) == obj
    assert hash(cls(**values)) == hash(obj)
    assert (
        repr(obj) == f"{cls.__name__}(" + ", ".join(f"{n}={v!r}" for n, v in values.items()) + ")"
    )
    assert attrs.evolve(obj, **{base_field: 9}) != obj
    assert getattr(attrs.evolve(obj, **{base_field: 9}), base_field) == 9
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(obj, protocol))
        assert type(back) is cls
        assert back == obj
    for name in names:
        with pytest.raises(FrozenInstanceError):
            setattr(obj, name, 5)
    assert {name: getattr(obj, name) for name in names} == values
    base = "Task" if isinstance(obj, lv.Task) else "ModuleState"
    if "__slots__" in cls.__dict__:  # a slots=False class is registered by hand
        assert TABLES[base][cls.kind] is cls


def test_author_throw_is_a_black_throw_task() -> None:
    throw = _AuthorThrow(module=0, seat=2)
    assert isinstance(throw, BlackThrow)
    assert isinstance(throw, lv.Task)
    assert throw.chance is True
    assert throw.seat == 2
    assert _names(_AuthorThrow) == ["module", "seat"]
