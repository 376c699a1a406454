"""Actions checked at the door: a wrong Python type in any field of any action (``bool``
for ``int``, ``1.0`` for ``1``, a list, a string, ``None``, an object equal to everything,
an ``int`` subclass), a value out of range or an object that is no action at all gets
:class:`~lasvegas.IllegalActionError` from ``apply``, ``step`` and ``describe`` (with a
state), for decisions and chance outcomes of every edition, and leaves the state and its
JSON unchanged. Nothing a refused action carries reaches a cache: later games play and
reload exactly as before."""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from _play import random_walk
from lasvegas.actions import Action, action_problem
from lasvegas.royale.tiles.handicap import HandicapReturn, HandicapTake
from lasvegas.royale.tiles.my_choice import MyChoicePick
from lasvegas.serde import roundtrip_problems
from lasvegas.testing import example_configs, random_game, setup_round, turn
from lasvegas.types import CasinoNumber

CONFIGS = example_configs()


def _classes() -> tuple[type[Action], ...]:
    """Every action class of the library (every edition, module and tile)."""
    found: dict[str, type[Action]] = {}
    todo: list[type[Action]] = [Action]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("lasvegas"):
            found[f"{cls.__module__}.{cls.__qualname__}"] = cls
        todo.extend(cls.__subclasses__())
    return tuple(found[name] for name in sorted(found))


CLASSES = _classes()


class Impostor:
    """Equal to everything, hashing like the value it imitates, and its repr fails."""

    def __init__(self, like: object) -> None:
        self.like = like

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        try:
            return hash(self.like)
        except TypeError:
            return 0

    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


class Sneaky(int):
    """An ``int`` subclass: equal to its value, yet no ``int``."""


def _allowed(cls: type, name: str) -> tuple[object, ...]:
    """The types a field's annotation allows (``int | None``: ``int`` and ``NoneType``; a
    NewType such as ``CasinoNumber``: its base type)."""
    hint = typing.get_type_hints(cls)[name]
    return tuple(getattr(a, "__supertype__", a) for a in typing.get_args(hint) or (hint,))


def _wrong(value: object, allowed: tuple[object, ...] = ()) -> list[object]:
    """Values of another type than *value* that compare equal to it (or nearly), none of a
    type the field allows."""
    out: list[object] = []
    if type(value) is int:
        out += [float(value), Sneaky(value), [value], str(value)]
        if value in (0, 1):
            out.append(bool(value))
    elif type(value) is bool:
        out += [int(value), float(value), [value], str(value)]
    elif type(value) is str:
        out += [value.encode(), [value], 0]
    elif type(value) is tuple:
        out += [list(value), str(value)]
        if value:
            for twin in _wrong(value[0]):
                out.append((twin, *value[1:]))
    elif value is None:
        out += [0, 0.0, False, "", [], ()]
    out.append(Impostor(value))
    if value is not None:
        out.append(None)
    return [w for w in out if type(w) not in allowed]


def twins(action: Action) -> Iterator[Action]:
    """Copies of *action* with one field of a wrong type, for each field and wrong value."""
    cls = type(action)
    for field in attrs.fields(cls):
        value = getattr(action, field.name)
        for wrong in _wrong(value, _allowed(cls, field.name)):
            yield attrs.evolve(action, **{field.name: wrong})


NON_ACTIONS: tuple[object, ...] = (None, 1, "Place(1)", (1,), [lv.Place(1)], Impostor(None))


def reach(config: lv.GameConfig, seed: int, steps: int) -> lv.State:
    """The state after *steps* random actions of a game of *config* (or its end)."""
    rng = lv.Rng(seed)
    return random_walk(config, rng, steps)


def candidates(state: lv.State) -> tuple[Action, ...]:
    """The legal decisions, else the chance outcomes, else a placement (the game is over)."""
    legal = lv.legal_actions(state)
    if legal:
        return legal
    outcomes = tuple(a for a, _ in lv.chance_outcomes(state))
    return outcomes or (lv.Place(1),)


def assert_refused(state: lv.State, action: object, *, describe: bool = True) -> None:
    """``apply``, ``step`` (and ``describe`` with the state) refuse *action* with the
    library's error; the state and its JSON stay as they were."""
    before = lv.to_json(state)
    calls: list[Callable[[], object]] = [
        lambda: lv.apply(state, action),  # type: ignore[arg-type]
        lambda: lv.step(state, action),  # type: ignore[arg-type]
    ]
    if describe:
        calls.append(lambda: lv.describe(action, state))  # type: ignore[arg-type]
    for call in calls:
        with pytest.raises(lv.IllegalActionError) as caught:
            call()
        assert str(caught.value)
    assert lv.to_json(state) == before


@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 300),
    data=st.data(),
)
def test_a_wrong_type_in_any_field_of_a_legal_action_is_refused(
    config: lv.GameConfig, seed: int, steps: int, data: st.DataObject
) -> None:
    """Every edition: a legal decision or chance outcome with one field of a wrong type
    (bool, float, int subclass, list, str, None, an object equal to everything) is
    refused at the door, and the state and its JSON are unchanged."""
    state = reach(config, seed, steps)
    action = data.draw(st.sampled_from(candidates(state)))
    wrong: list[object] = list(twins(action))
    if not wrong:  # a class without fields: nothing to mistype, try a non-action instead
        wrong = list(NON_ACTIONS)
    assert_refused(state, data.draw(st.sampled_from(wrong)))


_ANY_VALUE = st.one_of(
    st.integers(-2, 8),
    st.booleans(),
    st.floats(allow_nan=True),
    st.none(),
    st.text(max_size=3),
    st.sampled_from(["regular", "big", "kicker", "neutral", "black", "blue", "chip", "A1"]),
    st.lists(st.integers(0, 7), max_size=8).map(tuple),
    st.lists(st.one_of(st.integers(1, 6), st.booleans(), st.floats(1, 6)), max_size=8).map(tuple),
    st.lists(st.integers(1, 6), max_size=4),
    st.builds(Impostor, st.integers(0, 6)),
    st.builds(Sneaky, st.integers(0, 6)),
)


def _exact_types(action: object, listed: object) -> bool:
    """Every field of *action* has the very type of the same field of *listed*."""
    for field in attrs.fields(type(listed)):  # type: ignore[arg-type]
        mine, theirs = getattr(action, field.name), getattr(listed, field.name)
        if type(mine) is not type(theirs):
            return False
        if type(mine) is tuple and [type(x) for x in mine] != [type(x) for x in theirs]:
            return False
    return True


@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 300),
    cls=st.sampled_from(CLASSES),
    data=st.data(),
)
def test_random_actions_of_every_class_are_refused_or_exactly_legal(
    config: lv.GameConfig, seed: int, steps: int, cls: type[Action], data: st.DataObject
) -> None:
    """Every edition, every action class, any values: ``apply`` either refuses the action
    with the library's error (state and JSON unchanged) or it is exactly a legal action:
    same class, equal, and every field of the very type of the listed one's; or it is an
    accepted spelling whose canonical form is (C-8, K-5), and plays as that form."""
    state = reach(config, seed, steps)
    values = {f.name: data.draw(_ANY_VALUE, label=f.name) for f in attrs.fields(cls)}
    action = cls(**values)
    before = lv.to_json(state)
    try:
        lv.apply(state, action)
    except lv.IllegalActionError:
        assert lv.to_json(state) == before
        return
    listed = candidates(state)
    match = [a for a in listed if type(a) is cls and a == action]
    if not match:  # an accepted spelling (C-8's Place(f, target=f), K-5's order): its form
        form = action.canonical()
        match = [a for a in listed if type(a) is cls and a == form]
        assert match, f"{action!r} was accepted but neither it nor {form!r} is legal"
        assert lv.apply(state, action) == lv.apply(state, form)
        action = form
    assert _exact_types(action, match[0])


@pytest.mark.parametrize("config", CONFIGS[::3], ids=lambda c: lv.to_json(c)[60:120])
def test_non_actions_are_refused_at_every_kind_of_node(config: lv.GameConfig) -> None:
    """Objects that are no action (None, an int, a str, a list of actions, an object equal
    to everything) are refused at chance nodes, decisions and at the end alike."""
    _, actions = random_game(config, lv.Rng(11))
    checked: set[str] = set()
    replay = lv.new_game(config)
    for action in (*actions, None):
        node = "over" if lv.to_move(replay) is None else str(lv.to_move(replay) is lv.CHANCE)
        if node not in checked:
            checked.add(node)
            for probe in NON_ACTIONS:
                assert_refused(replay, probe)
        if action is None:
            break
        replay = lv.apply(replay, action)
    assert checked == {"True", "False", "over"}


# -- the examples of the issue, each a test of its own --------------------------------------


def place_node() -> lv.State:
    """A classic game of 2 with seat 0 to place a roll showing 1, 2, 4 and 6."""
    state = reach(lv.classic(2), 0, 0)
    while state.phase is not lv.Phase.ROLL:
        state = lv.apply(state, lv.sample_chance(state, lv.Rng(1)))
    return lv.apply(state, lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))


def test_c8_place_with_a_float_face_is_illegal() -> None:
    """C-8: ``Place(1.0)`` compares equal to ``Place(1)`` but is refused (it used to raise
    ``TypeError`` from inside the engine)."""
    state = place_node()
    assert_refused(state, lv.Place(1.0))  # type: ignore[arg-type]
    with pytest.raises(lv.IllegalActionError, match=r"face=1\.0 is a float, not int"):
        lv.apply(state, lv.Place(1.0))  # type: ignore[arg-type]


def test_c8_place_with_a_bool_face_is_illegal_and_reaches_no_cache() -> None:
    """C-8: ``Place(True)`` is refused; it used to be accepted and leave ``face=True`` in
    an engine cache that later legal placements of any game reused."""
    state = place_node()
    with pytest.raises(lv.IllegalActionError, match="face=True is a bool, not int"):
        lv.apply(state, lv.Place(True))
    assert_refused(state, lv.Place(True))
    assert_refused(state, lv.Place(1, target=True))  # type: ignore[arg-type]
    step = lv.step(state, lv.Place(1))
    (placed,) = [e for e in step.events if isinstance(e, lv.DicePlaced)]
    assert type(placed.face) is int
    assert lv.from_json(lv.to_json(placed), lv.Event) == placed
    assert lv.to_json(placed) == lv.to_json(lv.step(place_node(), lv.Place(1)).events[0])


def test_c7_a_roll_with_true_faces_is_illegal() -> None:
    """C-7: a ``Roll`` whose faces are ``True`` (equal to 1) is refused at a roll node."""
    state = lv.apply(place_node(), lv.Place(1))
    assert state.phase is lv.Phase.ROLL
    k = state.supply[state.active][0]
    assert_refused(state, lv.Roll((True,) * k))
    assert_refused(state, lv.Roll((*([1] * (k - 1)), 1.0)))  # type: ignore[arg-type]
    assert_refused(state, lv.Roll(tuple([1] * k), group=Impostor("regular")))  # type: ignore[arg-type]
    assert_refused(state, lv.Roll([1] * k))  # type: ignore[arg-type]
    after = lv.apply(state, lv.Roll((1,) * k))
    assert lv.from_json(lv.to_json(after), lv.State) == after


def test_c5_a_draw_of_a_float_or_bool_note_is_illegal() -> None:
    """C-5: a banknote draw whose value is a float or a bool is refused."""
    state = lv.new_game(lv.classic(2))
    value = state.pile_hidden[0]
    for bad in (float(value), Sneaky(value), [value], str(value), Impostor(value)):
        assert_refused(state, lv.Draw(bad))  # type: ignore[arg-type]


def handicap_return_node() -> lv.State:
    """Royale with Handicap at casino 1: seat 0 placed all its dice there and took a
    choice space, so it may return a die (T-HANDICAP-2)."""
    state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F2",))))
    state = turn(state, [1] * 7, 1, big=1)
    return lv.apply(state, HandicapTake(CasinoNumber(4), "choice"))


def test_thandicap2_handicap_return_with_a_float_casino_is_illegal() -> None:
    """T-HANDICAP-2: ``HandicapReturn(casino=1.0)`` is refused (it used to create a die),
    and so is every other wrong type in its fields."""
    state = handicap_return_node()
    assert lv.legal_actions(state) == (
        HandicapReturn(CasinoNumber(1), False),
        HandicapReturn(CasinoNumber(1), True),
    )
    with pytest.raises(lv.IllegalActionError, match=r"casino=1\.0 is a float, not int"):
        lv.apply(state, HandicapReturn(1.0, False))  # type: ignore[arg-type]
    for action in lv.legal_actions(state):
        for wrong in twins(action):
            assert_refused(state, wrong)
    after = lv.apply(state, HandicapReturn(CasinoNumber(1), True))
    assert after.supply[0][:2] == (0, 1)


def my_choice_throw() -> lv.State:
    """Royale with My Choice at casino 1: seat 0 placed a die there; the throw is next."""
    state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("H2",))))
    small, big = state.supply[state.active][:2]
    return turn(state, [1] + [4] * (small - 1), 1, big=4 if big else None)


def _games(seeds: range) -> list[str]:
    config = lv.royale(3, tiles=1, deal=("H2",))
    return [lv.to_json(random_game(config, lv.Rng(seed))[0]) for seed in seeds]


def test_tchoice1_a_float_throw_is_illegal_and_later_games_are_unaffected() -> None:
    """T-CHOICE-1: a throw of the black dice with float faces is refused (it used to be
    accepted and leave float picks in a cache that later games offered and crashed on);
    later games play exactly as they did before the attempt."""
    before = _games(range(4))
    state = my_choice_throw()
    assert lv.to_move(state) is lv.CHANCE
    assert lv.sample_chance(state, lv.Rng(1)) in dict(lv.chance_outcomes(state))  # drawn, not used
    for faces in ((2.0, 5.0), (2, 5.0), (True, 5), (Sneaky(2), 5), [2, 5], (Impostor(2), 5)):
        assert_refused(state, lv.Roll(faces, "black"))  # type: ignore[arg-type]
    assert_refused(state, lv.Roll((2, 5), Impostor("black")))  # type: ignore[arg-type]
    after = lv.apply(state, lv.Roll((2, 5), "black"))
    assert lv.legal_actions(after) == (MyChoicePick(2), MyChoicePick(5))
    assert all(type(a.face) is int for a in lv.legal_actions(after))  # type: ignore[attr-defined]
    assert_refused(after, MyChoicePick(2.0))  # type: ignore[arg-type]
    assert _games(range(4)) == before


def test_refused_actions_leave_no_trace_in_later_games() -> None:
    """Every edition: trying every wrong-typed twin of each action of a game before playing
    it changes nothing: the games end in the same states as before, and those reload."""
    configs = CONFIGS[::4]
    before = [random_game(config, lv.Rng(3)) for config in configs]
    for config, (_, actions) in zip(configs, before, strict=True):
        state = lv.new_game(config)
        for action in actions[:150]:
            for wrong in twins(action):
                with pytest.raises(lv.IllegalActionError):
                    lv.apply(state, wrong)
            state = lv.apply(state, action)
    for config, (end, actions) in zip(configs, before, strict=True):
        again, replayed = random_game(config, lv.Rng(3))
        assert lv.to_json(again) == lv.to_json(end)
        assert replayed == actions
        assert roundtrip_problems(again, replayed) == []


def test_action_problem_names_the_field_and_both_types() -> None:
    """The message of a refusal names the field, the value and the type expected."""
    assert action_problem(lv.Place(4)) is None
    assert action_problem(lv.Place(True)) == "face=True is a bool, not int"
    assert action_problem(lv.Draw(Sneaky(5))) == "value=5 is a Sneaky, not int"
    assert action_problem(lv.Place(4, target=4.0)) == "target=4.0 is not int | None"  # type: ignore[arg-type]
    assert action_problem(None) == "None is a NoneType, not an action"
    assert "not tuple[int, ...]" in (action_problem(lv.Roll((1, True))) or "")
    assert "is an Impostor" in (action_problem(lv.Place(Impostor(1))) or "")  # type: ignore[arg-type]


@attrs.frozen
class _GoTo(lv.Action):
    """An action whose field is a casino number (a NewType of int)."""

    casino: CasinoNumber


def test_the_checker_reads_a_newtype_as_its_base_type() -> None:
    """A field annotated with a NewType of int (``CasinoNumber``) takes exactly an int, as an
    ``int`` field does: the NewType is its base type at run time."""
    assert lv.actions.action_problem(_GoTo(CasinoNumber(3))) is None
    assert lv.actions.action_problem(_GoTo(True)) == "casino=True is a bool, not int"  # type: ignore[arg-type]
    assert lv.actions.action_problem(_GoTo(3.0)) is not None  # type: ignore[arg-type]
