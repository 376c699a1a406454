"""Actions: the core ones and the open :class:`Action` base that modules subclass.

Every action is a small frozen value with a stable :attr:`Action.kind` tag (used in JSON;
never the class name). Chance outcomes (:class:`Roll`, :class:`Draw`) are actions too: a
game is its config plus its action list.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import ClassVar, Literal, Union

import attrs

from ._tags import claim
from .types import GROUPS, CasinoNumber, Face, Money

if typing.TYPE_CHECKING:
    from .state import State

__all__ = ["Action", "Draw", "Place", "Roll", "action_problem", "safe_repr"]


@attrs.frozen
class Action:
    """Base class of every action; modules subclass it for their own decisions.

    A subclass sets the class variable :attr:`kind`, unique across the library and every
    module in a config, and is itself an ``attrs.frozen`` class.
    """

    def __init_subclass__(cls, *, replace: bool = False, **kwargs: object) -> None:
        """Register the class under its own :attr:`kind` (:func:`lasvegas.register`): a
        kind another class holds is refused here, unless ``replace=True`` is given as a
        class keyword (``class Mine(lv.Action, replace=True)``)."""
        super().__init_subclass__(**kwargs)
        claim(cls, "Action", "kind", replace=replace)

    kind: ClassVar[str] = "action"
    """The stable tag of the action type in JSON and logs."""

    def text(self, state: State | None = None) -> str | None:
        """The action in words, for :func:`lasvegas.describe` (and logs): override it to
        word a module's action. *state* is the state the action is about to be applied to,
        when the caller has it (a text may then name the seat and count the dice); without
        it the text stands on its own. ``None``, the default: the library's words (the
        core actions', or a generic ``"Take chip: casino 3"``).

        >>> Place(5).text() is None
        True
        """
        return None

    def you_text(self, state: State | None = None) -> str | None:
        """The action in the voice of the seat choosing it (``"Pay a chip to pass"`` where
        :meth:`text` says ``"Seat 0 pays a chip to pass"``): the label a view gives one of
        the viewer's legal actions (:attr:`lasvegas.PlayerView.labels`). Override it when
        :meth:`text` names the acting seat; ``None``, the default: the view uses
        :func:`lasvegas.describe`'s words as they are (so word :meth:`text` as an order,
        ``"Close casino 4"``, and this is not needed).

        >>> Place(5).you_text() is None
        True
        """
        return None

    def canonical(self) -> Action:
        """The accepted spelling of this action: an equivalent spelling (a card selection in
        another order, ``Place(4, target=4)``) gives the form the legal actions list; the
        engine tries it when the action as given is not legal. Most actions have one
        spelling and return themselves.

        >>> Place(4, target=4).canonical()
        Place(face=4)
        >>> Place(4).canonical()
        Place(face=4)
        """
        return self


@attrs.frozen(repr=False)
class Roll(Action):
    """Chance: the faces one group of the active seat's dice show (one chance node per group).

    >>> Roll((1, 3, 3, 6))
    Roll(faces=(1, 3, 3, 6))
    >>> Roll((2, 5), group="neutral")
    Roll(faces=(2, 5), group='neutral')
    """

    kind: ClassVar[str] = "roll"
    faces: tuple[Face, ...]
    """The sorted faces of the group, one entry per die."""
    group: str = "regular"
    """Which group of dice was rolled: one of :data:`lasvegas.types.GROUPS` or ``"black"``."""

    def __repr__(self) -> str:
        if self.group == GROUPS[0]:
            return f"Roll(faces={self.faces!r})"
        return f"Roll(faces={self.faces!r}, group={self.group!r})"

    def canonical(self) -> Action:
        """The same faces in another order are the sorted roll, the one form the chance
        nodes list; a refusal of an unsorted roll names it.

        >>> Roll((5, 2, 2)).canonical()
        Roll(faces=(2, 2, 5))
        """
        faces = self.faces
        if type(faces) is tuple and {*map(type, faces)} <= {int} and list(faces) != sorted(faces):
            return Roll(tuple(sorted(faces)), self.group)
        return self

    def sorted_hint(self, accepted: Callable[[tuple[int, ...]], bool]) -> str:
        """``"; the accepted form is Roll(...)"`` when this roll is an unsorted spelling of
        a roll that *accepted* takes, else ``""``: the tail of a refusal's message.

        >>> Roll((5, 2)).sorted_hint(lambda faces: len(faces) == 2)
        '; the accepted form is Roll(faces=(2, 5))'
        """
        form = self.canonical()
        if form is self or not isinstance(form, Roll) or not accepted(form.faces):
            return ""
        return f"; the accepted form is {form!r}"


@attrs.frozen(repr=False)
class Draw(Action):
    """Chance: the next banknote (or money card) drawn from the top of the pile.

    >>> Draw(60_000)
    Draw(value=60000)
    """

    kind: ClassVar[str] = "draw"
    value: Money
    """The value of the note drawn."""

    def __repr__(self) -> str:
        return f"Draw(value={self.value!r})"


@attrs.frozen(repr=False)
class Place(Action):
    """Place every rolled die showing :attr:`face` at the casino of that face (C-8).

    >>> Place(4)
    Place(face=4)
    >>> Place(4, target=7)
    Place(face=4, target=7)
    """

    kind: ClassVar[str] = "place"
    face: Face
    """The face chosen; all dice showing it are placed (own and neutral, C-20)."""
    target: CasinoNumber | None = None
    """Another casino to place on instead, where a module allows it (the slot machine, B-7)."""

    def __repr__(self) -> str:
        if self.target is None:
            return f"Place(face={self.face!r})"
        return f"Place(face={self.face!r}, target={self.target!r})"

    def canonical(self) -> Action:
        """``Place(f, target=f)`` is ``Place(f)``: the dice go to the casino of their face."""
        if self.target is not None and self.target == self.face:
            return Place(self.face)
        return self


# -- checking an action's fields ----------------------------------------------------------------

_EXACT: frozenset[type] = frozenset({int, bool, str, float, bytes})
"""Types a field value must have exactly: ``True`` is not an ``int``, ``1.0`` is not one
either, although both compare equal to ``1``."""

_Checker = Callable[[object], "str | None"]
"""The check of one action class: the name of the first field whose value does not have its
declared type, or ``None``."""


def _hint_name(hint: object) -> str:
    """*hint* as an error message spells it: ``int``, ``int | None``, ``tuple[int, ...]``
    (a NewType such as ``CasinoNumber`` by its base type, what a JSON document must hold)."""
    supertype = getattr(hint, "__supertype__", None)
    if supertype is not None:
        return _hint_name(supertype)
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return " | ".join(_hint_name(a) for a in typing.get_args(hint))
    if hint is type(None):
        return "None"
    name = getattr(hint, "__name__", None) if origin is None else None
    return name if name is not None else str(hint).replace("typing.", "")


class _Source:
    """The source of one checker being generated: expressions and the names they use."""

    def __init__(self) -> None:
        self.names: dict[str, object] = {"_INT": frozenset({int})}
        self.count = 0

    def name(self, value: object) -> str:
        """A name bound to *value* in the checker's namespace."""
        self.count += 1
        name = f"_n{self.count}"
        self.names[name] = value
        return name

    def var(self) -> str:
        """A fresh variable name (for the items of a tuple)."""
        self.count += 1
        return f"_v{self.count}"

    def expr(self, hint: object, v: str) -> str | None:
        """A Python expression true iff the value named *v* has the type *hint*, or
        ``None`` when anything goes (an annotation the checker does not read: ``Any`` ...)."""
        if hint is None or hint is type(None):
            return f"{v} is None"
        supertype = getattr(hint, "__supertype__", None)
        if supertype is not None:  # a NewType (CasinoNumber): at run time, its base type
            return self.expr(supertype, v)
        origin = typing.get_origin(hint)
        if origin is None:
            if hint in _EXACT:
                return f"type({v}) is {self.name(hint)}"
            if isinstance(hint, type) and hint is not object:
                return f"isinstance({v}, {self.name(hint)})"
            return None
        args = typing.get_args(hint)
        if origin is Union or origin is types.UnionType:
            options = [self.expr(a, v) for a in args]
            if any(o is None for o in options):
                return None
            return "(" + " or ".join(f"({o})" for o in options) + ")"
        if origin is Literal:
            pairs = self.name(tuple((type(a), a) for a in args))
            return f"any(type({v}) is t and {v} == a for t, a in {pairs})"
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            if args[0] is int:  # the common case (faces, notes): one pass in C
                return f"(type({v}) is tuple and {{*map(type, {v})}} <= _INT)"
            x = self.var()
            item = self.expr(args[0], x)
            if item is None:
                return f"type({v}) is tuple"
            return f"(type({v}) is tuple and all({item} for {x} in {v}))"
        if origin is tuple:
            parts = [f"type({v}) is tuple", f"len({v}) == {len(args)}"]
            for i, a in enumerate(args):
                item = self.expr(a, f"{v}[{i}]")
                if item is not None:
                    parts.append(f"({item})")
            return "(" + " and ".join(parts) + ")"
        if origin in (frozenset, set, list):
            kind = self.name(origin)
            x = self.var()
            item = self.expr(args[0], x) if args else None
            if item is None:
                return f"type({v}) is {kind}"
            return f"(type({v}) is {kind} and all({item} for {x} in {v}))"
        if isinstance(origin, type):
            return f"isinstance({v}, {self.name(origin)})"
        return None


def _checker(cls: type) -> _Checker:
    """The field check of the action class *cls*, generated once from its annotations (as
    attrs generates ``__init__``): one ``type(v) is int`` test per plain field."""
    if not attrs.has(cls):
        return lambda action: "__class__"
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation that does not resolve: read what attrs kept
        hints = {f.name: f.type for f in attrs.fields(cls)}
    source = _Source()
    lines = ["def check(a):"]
    for field in attrs.fields(cls):
        test = source.expr(hints.get(field.name), "v")
        if test is not None and field.name.isidentifier():
            lines += [
                f"    v = a.{field.name}",
                f"    if not ({test}):",
                f"        return {field.name!r}",
            ]
    lines.append("    return None")
    namespace = dict(source.names)
    exec("\n".join(lines), namespace)  # built from annotations, never from input
    checker: _Checker = namespace["check"]  # type: ignore[assignment]
    return checker


_CHECKERS: dict[type, _Checker] = {}
"""The field check of each action class met, built once per class (bounded: cleared when
a program makes thousands of classes)."""


def safe_repr(value: object, limit: int = 200) -> str:
    """``repr(value)``, cut to *limit* characters, and never raising (for error messages).

    >>> safe_repr(Place(4))
    'Place(face=4)'
    >>> safe_repr("x" * 500)[-4:]
    "...'"
    """
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    if type(text) is not str:  # pragma: no cover - repr always returns a str
        text = f"<{type(value).__name__} object>"
    if len(text) > limit:
        text = text[: limit - 4] + "..." + text[-1:]
    return text


def action_problem(action: object) -> str | None:
    """What makes *action* no well-formed action, or ``None`` when it is one.

    Every field must hold exactly its declared type: ``True`` and ``1.0`` are refused where
    an ``int`` is expected, although they compare (and hash) equal to ``1``, and so is any
    other object, whatever it says about itself. Values are not checked against the
    state here (that is the legal-action check's job). The check of each action class is
    built once, from its annotations, so this costs one call per field.

    >>> action_problem(Place(4)) is None
    True
    >>> action_problem(Place(True))
    'face=True is a bool, not int'
    >>> action_problem(Roll((1, 2.0)))
    'faces=(1, 2.0) is not tuple[int, ...]'
    >>> action_problem("Place(4)")
    "'Place(4)' is a str, not an action"
    """
    cls = type(action)
    checker = _CHECKERS.get(cls)
    if checker is None:
        if not isinstance(action, Action):
            article = "an" if cls.__name__[:1].lower() in "aeiou" else "a"
            return f"{safe_repr(action)} is {article} {cls.__name__}, not an action"
        checker = _checker(cls)
        if len(_CHECKERS) >= 4096:
            _CHECKERS.clear()
        _CHECKERS[cls] = checker
    name = checker(action)
    if name is None:
        return None
    if name == "__class__":
        return f"{cls.__name__} is not an attrs action class"
    value = getattr(action, name)
    hint = typing.get_type_hints(cls).get(name)
    expected = _hint_name(hint)
    if typing.get_origin(hint) is None and expected is not None:
        got = type(value).__name__
        article = "an" if got[:1].lower() in "aeiou" else "a"
        return f"{name}={safe_repr(value)} is {article} {got}, not {expected}"
    return f"{name}={safe_repr(value)} is not {expected}"
