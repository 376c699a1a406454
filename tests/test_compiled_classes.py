"""The Python classes of compiled modules (attrs actions, events, tasks, slices, modules) are
the pure build's classes: their annotations as the source writes them, the same attrs fields,
repr, equality, hashing, pickling and JSON, in both builds (``lasvegas._build``'s
``restore_annotations``, applied by the registry and by ``python_class``)."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from lasvegas import _build
from lasvegas._build import COMPILED_MODULES, class_annotations, python_class
from lasvegas._native import native_fields
from lasvegas._tags import TABLES
from lasvegas.modules._bases import SEALED
from lasvegas.modules.base import ModuleState


def _source(name: str) -> str:
    """The source of module *name*: the ``.py`` file beside the compiled extension, too."""
    spec = importlib.util.find_spec(name)
    assert spec is not None
    assert spec.origin is not None
    origin = Path(spec.origin)
    stem = "__init__" if spec.submodule_search_locations is not None else name.rpartition(".")[2]
    return (origin.parent / f"{stem}.py").read_text(encoding="utf-8")


def _python_classes() -> Iterator[tuple[str, type, dict[str, str]]]:
    """Every attrs class (not a native class) defined in a compiled module, with the
    annotations its source writes."""
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        for qualname, written in class_annotations(_source(name)).items():
            if "<locals>" in qualname:
                continue
            obj: Any = module
            for part in qualname.split("."):
                obj = getattr(obj, part)
            # (an Enum's annotations are mypyc's, which nothing reads)
            if (
                isinstance(obj, type)
                and attrs.has(obj)
                and native_fields(obj) is None
                and obj not in SEALED
            ):
                yield f"{name}.{qualname}", obj, written


def test_python_classes_of_compiled_modules_hold_their_source_annotations() -> None:
    """What attrs reads: the annotations the pure build holds, so ``kind: ClassVar[str]``
    stays a class constant and ``tuple[Task, ...]`` keeps its item type."""
    for name, cls, written in _python_classes():
        assert inspect.get_annotations(cls) == written, name
        fields = [a.name for a in attrs.fields(cls)]
        own = [n for n, t in written.items() if not t.startswith(("ClassVar", "Final"))]
        assert set(own) <= set(fields), name
        assert not {n for n, t in written.items() if t.startswith("ClassVar")} & set(fields)


def test_no_class_derives_from_a_python_class_of_a_compiled_module() -> None:
    """mypyc compiles ``isinstance(x, C)``, C a class of a compiled module, as a test of
    ``type(x)`` against C and the subclasses it knows of, and it knows of none of a Python
    class: so no class may derive from one (such bases live in modules not compiled)."""
    for name, cls, _ in _python_classes():
        assert not type.__subclasses__(cls), f"{name}: {type.__subclasses__(cls)}"


def test_class_annotations_read_as_the_interpreter_writes_them() -> None:
    """The build hook's reading of a source equals the pure build's ``__annotations__``."""
    for name in ("lasvegas.modules.base", "lasvegas.actions", "lasvegas.events", "lasvegas.config"):
        module = importlib.import_module(name)
        found = class_annotations(_source(name))
        assert found
        for qualname, written in found.items():
            cls = getattr(module, qualname.split(".")[0])
            for part in qualname.split(".")[1:]:
                cls = getattr(cls, part)
            if not inspect.isclass(cls) or native_fields(cls) is not None:
                continue
            assert inspect.get_annotations(cls) == written, qualname


def _as_mypyc_builds_it(name: str, base: type, namespace: dict[str, Any]) -> type:
    """A class as a compiled module's code makes it: every class-level name in
    ``__annotations__`` with the bare class of its type (``ClassVar[str]`` as ``str``,
    ``tuple[Task, ...]`` as ``tuple``)."""
    bare = {key: type(value) for key, value in namespace.items()}
    bare.update({"count": int, "items": tuple})
    body = {**namespace, "__annotations__": bare, "__module__": __name__, "__qualname__": name}
    return type(name, (base,), body)


def test_the_registry_restores_the_annotations_mypyc_replaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The mechanism itself, in both builds: a slice class whose annotations are mypyc's is
    given its source's by the registry before attrs reads them."""
    key = f"{__name__}.Restored"
    source = {"kind": "ClassVar[str]", "count": "int", "items": "tuple[int, ...]"}
    monkeypatch.setattr(_build, "_ANNOTATIONS", {key: source})
    cls = attrs.frozen(
        _as_mypyc_builds_it("Restored", ModuleState, {"kind": "restored-slice-test"})
    )
    assert [a.name for a in attrs.fields(cls)] == ["count", "items"]
    value = cls(count=2, items=(1, 2))
    assert repr(value) == "Restored(count=2, items=(1, 2))"
    assert value == cls(2, (1, 2))
    assert hash(value) == hash(cls(2, (1, 2)))
    assert copy.deepcopy(value) == value
    assert TABLES["ModuleState"]["restored-slice-test"] is cls  # JSON loads it by its kind
    assert attrs.fields(cls).items.type == "tuple[int, ...]"  # cattrs reads the item type
    # Without the mechanism, attrs takes ``kind`` (it has a value) for a field with a default,
    # and refuses the fields without one after it.
    monkeypatch.setattr(_build, "_ANNOTATIONS", {})
    with pytest.raises(ValueError, match="No mandatory attributes allowed"):
        attrs.frozen(_as_mypyc_builds_it("Broken", ModuleState, {"kind": "broken-test"}))


def test_python_class_restores_an_untagged_class(monkeypatch: pytest.MonkeyPatch) -> None:
    key = f"{__name__}.Plain"
    monkeypatch.setattr(_build, "_ANNOTATIONS", {key: {"count": "int", "items": "tuple"}})
    cls = attrs.frozen(python_class(_as_mypyc_builds_it("Plain", object, {"limit": 3})))
    assert [a.name for a in attrs.fields(cls)] == ["count", "items"]
    assert cls.limit == 3  # type: ignore[attr-defined]


def test_class_constants_of_registered_classes_are_no_fields() -> None:
    """Every registered action, event, task and slice class: its class constants (``kind``,
    ``chance``, ``prompt``, ``phases`` ...) are no attrs fields."""
    constants = {"kind", "chance", "prompt", "phases", "purpose", "id"}
    for table in ("Task", "ModuleState", "Action", "Event"):
        assert TABLES[table]
        for cls in TABLES[table].values():
            assert not constants & {a.name for a in attrs.fields(cls)}, cls
