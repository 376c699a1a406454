"""The registry: a kind or module id names one class, registered when it is defined.

A third-party class claiming a tag of the library is refused at its definition (it used to
load back as the library's class, or raise a clash only after an unknown tag had been
looked up); one documented way replaces a class on purpose.
"""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.serde import known_classes


def test_a_third_party_module_with_a_library_id_is_refused_at_definition() -> None:
    """A module whose id is ``"kickers"`` is refused where it is defined, the error naming
    both classes and their modules; the library's ``Kickers`` still loads as itself."""
    with pytest.raises(TypeError) as caught:

        @attrs.frozen
        class MyKickers(lv.RuleModule):
            id: ClassVar[str] = "kickers"

    message = str(caught.value)
    assert "module id 'kickers'" in message
    assert f"MyKickers ({__name__})" in message
    assert "Kickers (lasvegas.boulevard.kickers)" in message
    assert "replace=True" in message
    config = lv.classic(3, lv.Kickers())
    assert type(lv.from_json(lv.to_json(config), lv.GameConfig).modules[0]) is lv.Kickers
    assert known_classes()["module"]["kickers"] is lv.Kickers


def test_a_third_party_action_of_kind_roll_is_refused_at_definition() -> None:
    """An action of kind ``"roll"`` is refused where it is defined (it used to load as the
    core ``Roll``), whatever was looked up before."""
    with pytest.raises(lv.DeserializationError):
        lv.from_json('{"format":"lasvegas/action","schema":1,"kind":"no-such"}', lv.Action)
    with pytest.raises(TypeError, match=r"action kind 'roll' of .*Reroll .* Roll \(lasvegas"):

        @attrs.frozen
        class Reroll(lv.Action):
            kind: ClassVar[str] = "roll"

    assert lv.from_json(lv.to_json(lv.Roll((1, 2))), lv.Action) == lv.Roll((1, 2))


def test_replace_true_takes_a_tag_on_purpose_and_every_lookup_follows() -> None:
    """``replace=True`` (class keyword) takes a tag held by another class; from then on
    every lookup (JSON, ``known_classes``) gives the new class, never the replaced one."""

    @attrs.frozen
    class Old(lv.Action):
        kind: ClassVar[str] = "test-registry-replaced"

    @attrs.frozen
    class New(lv.Action, replace=True):
        kind: ClassVar[str] = "test-registry-replaced"
        n: int = 0

    assert known_classes()["action"]["test-registry-replaced"] is New
    assert lv.from_json(lv.to_json(Old()), lv.Action) == New()


def test_a_class_defined_again_in_the_same_place_replaces_itself() -> None:
    """Running a definition twice (a module reloaded, a notebook cell run again) is no clash."""
    classes = []
    for _ in range(2):

        @attrs.frozen
        class Again(lv.Event):
            kind: ClassVar[str] = "test-registry-again"

        classes.append(Again)
    assert known_classes()["event"]["test-registry-again"] is classes[1]


def test_unknown_ids_say_to_import_the_package() -> None:
    """An unknown module id or kind names the fix: import the package that defines it."""
    text = lv.to_json(lv.classic(3)).replace("]", '{"id": "x"}]', 1)
    with pytest.raises(lv.DeserializationError, match="unknown module 'x': import the package"):
        lv.from_json(text, lv.GameConfig)
