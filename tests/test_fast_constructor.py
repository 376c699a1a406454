"""``lasvegas.state.fast_constructor``: the same frozen objects as attrs' __init__ builds."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import lasvegas as lv
from lasvegas._native import interpreted, twin_builder
from lasvegas.cardgame.game import DealCards
from lasvegas.state import fast_constructor


def _names(obj: object) -> list[str]:
    return [a.name for a in type(obj).__attrs_attrs__]  # type: ignore[attr-defined]


def _values(obj: object) -> tuple[object, ...]:
    return tuple(getattr(obj, name) for name in _names(obj))


def test_builds_equal_frozen_hashable_instances() -> None:
    state = lv.new_game(lv.cardgame(3))
    for obj in (state, state.casinos[0], state.modules[0], DealCards(0, (1, 2))):
        built = fast_constructor(type(obj))(*_values(obj))
        assert type(built) is type(obj)
        assert built == obj
        assert hash(built) == hash(obj)
        assert repr(built) == repr(obj)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.__setattr__(_names(obj)[0], None)


def test_inherited_fields_are_set() -> None:
    task = fast_constructor(DealCards)(2, (0, 1))
    assert (task.module, task.seats) == (2, (0, 1))


def test_class_with_its_own_weakref_slot_falls_back() -> None:
    @attrs.frozen  # __weakref__ among its own slots: no twin can share its layout
    class Pair:
        a: int
        b: tuple[int, ...]

    built = fast_constructor(Pair)(1, (2,))
    assert built == Pair(1, (2,))
    assert type(built) is Pair
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 5  # type: ignore[misc]


def test_refuses_classes_whose_init_does_more() -> None:
    @attrs.frozen
    class Checked:
        a: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Converted:
        a: int = attrs.field(converter=int)

    @attrs.frozen
    class PostInit:
        a: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.define
    class Plain:
        a: int

    class NotAttrs:
        pass

    for cls in (Checked, Converted, PostInit, NotAttrs):
        with pytest.raises(TypeError):
            fast_constructor(cls)
    assert fast_constructor(Plain)(3) == Plain(3)


def test_state_builders_are_not_exported() -> None:
    assert "fast_constructor" not in lv.__all__


def test_builders_take_named_fields() -> None:
    task = fast_constructor(DealCards)(module=2, seats=(0, 1))
    assert task == DealCards(2, (0, 1))


def test_state_updaters_equal_attrs_evolve() -> None:
    # attrs.evolve still works on the native State at run time (State describes its
    # fields to attrs); mypy's attrs plugin does not know that, hence the ignores.
    from lasvegas import state as st

    state = lv.new_game(lv.cardgame(3))
    other = lv.new_game(lv.royale(3))
    changes = {f.name: getattr(other, f.name) for f in attrs.fields(lv.State)}
    del changes["config"]
    updaters: dict[Callable[..., lv.State], tuple[str]] = {
        st.with_tasks: ("tasks",),
        st.with_modules: ("modules",),
        st.with_casinos: ("casinos",),
    }
    for update, (name,) in updaters.items():
        expected = attrs.evolve(state, **{name: changes[name]})  # type: ignore[misc]
        assert update(state, changes[name]) == expected
    named: tuple[tuple[Callable[..., lv.State], tuple[str, ...]], ...] = (
        (st.with_phase, ("phase", "cursor", "active", "rolled")),
        (st.with_turn, ("phase", "cursor", "active", "supply", "rolled", "casinos", "modules")),
        (st.with_fill, ("cursor", "casinos", "pile_hidden", "pile_returned")),
        (st.with_payout, ("cursor", "casinos", "pile_returned", "money", "modules")),
        (st.with_modules_tasks, ("modules", "tasks")),
    )
    for function, names in named:
        picked = {name: changes[name] for name in names}
        built = function(state, **picked)
        assert type(built) is lv.State
        assert built == attrs.evolve(state, **picked)  # type: ignore[misc]
    assert st.evolve(state, **changes) == attrs.evolve(state, **changes)  # type: ignore[misc]
    assert st.evolve(state) == state
    full = {f.name: getattr(other, f.name) for f in attrs.fields(lv.State)}
    assert st.make_state(**full) == other


def test_state_updaters_are_generated_from_their_signatures() -> None:
    import inspect

    from lasvegas import state as st

    # The pure build's builders keep the typed signature (mypy and the docs read it);
    # compiled, the builders are the compiled functions themselves.
    if interpreted(lv.State):
        assert list(inspect.signature(st.with_fill).parameters) == [
            "state",
            "cursor",
            "casinos",
            "pile_hidden",
            "pile_returned",
        ]
        assert "banknote left the pile" in (st.with_fill.__doc__ or "")

    def unknown(state: lv.State, *, colour: int) -> lv.State:
        raise NotImplementedError

    def partial(*, round: int) -> lv.State:
        raise NotImplementedError

    def defaulted(state: lv.State, *, round: int = 1) -> lv.State:
        raise NotImplementedError

    for stub in (unknown, partial, defaulted):
        with pytest.raises(TypeError):
            twin_builder(lv.State, stub, "state")
