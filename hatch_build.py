"""Hatchling build hook: ``LASVEGAS_COMPILE=1`` compiles the logic modules with mypyc.

One source, two builds. Without the variable (the default, the README's commands, every
editable install) this hook does nothing and the wheel is the pure ``py3-none-any`` one.
With ``LASVEGAS_COMPILE=1``, a wheel build also compiles the modules named in
``lasvegas._build.COMPILED_MODULES`` to C extensions with mypyc and adds them next to the
Python sources; the wheel is then tagged for this interpreter and platform
(``cp311-cp311-linux_x86_64`` on this machine; cibuildwheel repairs it into a
``manylinux`` one), so it never loads into another Python.

The hook asks the build frontend for mypy (which ships mypyc), setuptools (which drives the
C compiler) and the runtime dependencies (mypy reads their types) only when it compiles, so
the pure build needs nothing but hatchling. A C compiler must be installed.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV_VAR = "LASVEGAS_COMPILE"

# mypyc of mypy 2.4 is the one the compiled build is tested with: another may refuse code
# this one accepts, or write the C method tables the docstrings are restored into otherwise
# (the build then stops, saying so).
COMPILE_REQUIRES = ["mypy>=2.4,<2.5", "setuptools>=75", "attrs>=25.4", "cattrs>=25.1"]

# Run by the build's Python in a scratch directory (setuptools would read our pyproject.toml
# if run from the project's root): mypyc writes the C sources, setuptools compiles them.
_COMPILE_SCRIPT = r"""
import ast, glob, json, os, re, runpy, sys
from mypyc.build import mypycify
from mypyc.codegen.cstring import c_string_initializer
from setuptools import Distribution

config, src, *paths = sys.argv[1:]
extensions = mypycify(
    ["--config-file", config, *paths], opt_level="3", target_dir="c", group_name="lasvegas"
)

# mypyc drops docstrings (it writes a text signature only): put the source's back into the
# C tables of module functions, classes and their methods, so help() and the API reference
# see them in both builds.
docs = {}
classes = set()
for path in paths:
    module = os.path.relpath(path, src)[:-3].replace(os.sep, ".").removesuffix(".__init__")

    def collect(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node):
                docs[prefix + node.name] = ast.get_docstring(node)
                if isinstance(node, ast.ClassDef):
                    classes.add(prefix + node.name)
            if isinstance(node, ast.ClassDef):
                collect(node.body, prefix + node.name + ".")

    collect(ast.parse(open(path, encoding="utf-8").read()).body, module + ".")

doc_str = re.compile(r'(PyDoc_STR\()("(?:[^"\\]|\\.)*")(\))')
table = re.compile(r"static PyMethodDef (\w+?)_methods\[\] = \{(.*?)\n\s*\};", re.S)
entry = re.compile(r'\{"(\w+)",\s*\(PyCFunction\)\w+,\s*[\w| ]+,\s*PyDoc_STR\("(?:[^"\\]|\\.)*"\)')
moddef = re.compile(r'static struct PyModuleDef (\w+)module = \{\s*PyModuleDef_HEAD_INIT,\s*"([\w.]+)"')
template = re.compile(r"static PyTypeObject CPyType_(\w+)_template_ = \{(.*?)\n\s*\};", re.S)
restored = set()


def with_doc(text, key):
    # *text* (holding one PyDoc_STR) with the docstring of *key* after its signature.
    doc = docs.get(key)
    if doc is None:
        return text

    def one(m):
        signature = ast.literal_eval(m.group(2)).split("\n--\n\n")[0]
        restored.add(key)
        full = f"{signature}\n--\n\n{doc}" if signature else doc
        return m.group(1) + c_string_initializer(full.encode("utf-8")) + m.group(3)

    return doc_str.sub(one, text, count=1)


for c_file in glob.glob("c/**/*.c", recursive=True):
    text = open(c_file, encoding="utf-8").read()
    modules = dict(moddef.findall(text))  # C prefix -> module name
    owners = {}  # methods table -> "module.Class"
    for prefix, module in modules.items():
        owners[prefix + "module"] = module

    def klass(m):
        body = m.group(2)
        name = re.search(r'\.tp_name = "(\w+)"', body).group(1)
        prefix = max((p for p in modules if m.group(1).startswith(p + "___")), key=len)
        owner = f"{modules[prefix]}.{name}"
        methods = re.search(r"\.tp_methods = (\w+)_methods", body)
        if methods:
            owners[methods.group(1)] = owner
        return m.group(0).replace(body, with_doc(body, owner))

    text = template.sub(klass, text)

    def fill(m):
        owner = owners.get(m.group(1))
        if owner is None:
            return m.group(0)
        return entry.sub(lambda e: with_doc(e.group(0), f"{owner}.{e.group(1)}"), m.group(0))

    text = table.sub(fill, text)
    open(c_file, "w", encoding="utf-8").write(text)
# Every module-level function and class must have its docstring back (a method may have
# none to restore: mypyc exposes no table entry for some, such as properties).
print(f"docstrings restored: {len(restored)} of {len(docs)}")
modules = {os.path.relpath(p, src)[:-3].replace(os.sep, ".").removesuffix(".__init__") for p in paths}
lost = sorted(k for k in docs if k not in restored and k.rpartition(".")[0] in modules)
# The rest must be classes mypyc keeps as Python classes (an Enum), to which it gives a
# filler docstring: lasvegas._build.restore_docstrings() puts theirs back at import, from
# this file. A function left over means mypyc wrote its tables otherwise: stop.
if set(lost) - classes:
    sys.exit(f"the docstrings of these compiled functions were not restored: {lost}")
with open("docstrings.json", "w", encoding="utf-8") as out:
    json.dump({k: docs[k] for k in lost}, out, indent=1, sort_keys=True)
print(f"docstrings put back at import: {lost}")

# The Python classes of compiled modules (attrs classes) get back at import the annotations
# their source writes, which mypyc replaces (lasvegas._build.restore_annotations): list them,
# read as lasvegas._build.class_annotations reads them.
class_annotations = runpy.run_path(os.path.join(src, "lasvegas", "_build.py"))["class_annotations"]
annotations = {}
for path in paths:
    module = os.path.relpath(path, src)[:-3].replace(os.sep, ".").removesuffix(".__init__")
    text = open(path, encoding="utf-8").read()
    if "from __future__ import annotations" not in text:
        sys.exit(f"{path}: a compiled module must say `from __future__ import annotations`")
    for qualname, written in class_annotations(text).items():
        annotations[f"{module}.{qualname}"] = written
with open("annotations.json", "w", encoding="utf-8") as out:
    json.dump(annotations, out, indent=1)  # in source order: the order of the fields

dist = Distribution({"name": "lasvegas-rules", "ext_modules": extensions})
build_ext = dist.get_command_obj("build_ext")
build_ext.build_lib = "lib"
build_ext.build_temp = "obj"
build_ext.parallel = os.cpu_count() or 1
dist.run_command("build_ext")
"""


def compile_requested() -> bool:
    """Whether ``LASVEGAS_COMPILE`` asks for the compiled build (set, and not ``0``)."""
    return os.environ.get(ENV_VAR, "").strip() not in ("", "0")


def compiled_modules(root: Path) -> tuple[str, ...]:
    """The module names listed in ``src/lasvegas/_build.py`` (read, never imported)."""
    tree = ast.parse((root / "src" / "lasvegas" / "_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "COMPILED_MODULES"
            and node.value is not None
        ):
            names = ast.literal_eval(node.value)
            if isinstance(names, tuple) and all(isinstance(n, str) for n in names):
                return names
    message = "src/lasvegas/_build.py defines no COMPILED_MODULES tuple of module names"
    raise RuntimeError(message)


def _source(src: Path, name: str) -> Path:
    """The source file of module *name* under *src* (a package's ``__init__.py``)."""
    base = src.joinpath(*name.split("."))
    package = base / "__init__.py"
    return package if package.is_file() else base.with_suffix(".py")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles ``COMPILED_MODULES`` with mypyc when ``LASVEGAS_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """Build requirements on top of hatchling: mypyc's, when compiling."""
        return list(COMPILE_REQUIRES) if compile_requested() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and add the extensions to the wheel (a standard wheel build only)."""
        if self.target_name != "wheel" or version != "standard" or not compile_requested():
            return
        root = Path(self.root).resolve()
        src = root / "src"
        paths = [str(_source(src, name)) for name in compiled_modules(root)]
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        self.app.display_info(f"{ENV_VAR}: compiling {len(paths)} modules with mypyc")
        with tempfile.TemporaryDirectory(prefix="lasvegas-mypyc-") as scratch:
            subprocess.run(
                [
                    sys.executable,
                    "-c",
                    _COMPILE_SCRIPT,
                    str(root / "pyproject.toml"),
                    str(src),
                    *paths,
                ],
                cwd=scratch,
                check=True,
            )
            docstrings = Path(scratch) / "docstrings.json"
            built = sorted((Path(scratch) / "lib").rglob("*" + suffix))
            if len(built) != len(paths) + 1:  # one per module, and mypyc's shared library
                names = [str(p.relative_to(scratch)) for p in built]
                message = f"mypyc built {len(built)} extensions, expected {len(paths) + 1}: {names}"
                raise RuntimeError(message)
            # Kept until the wheel is written (finalize removes it).
            keep = self._extensions = Path(tempfile.mkdtemp(prefix="lasvegas-ext-"))
            for path in built:
                relative = path.relative_to(Path(scratch) / "lib")
                target = keep / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(path.read_bytes())
                build_data["force_include"][str(target)] = relative.as_posix()
            (keep / "lasvegas").mkdir(exist_ok=True)
            restore = keep / "lasvegas" / "_compiled_docstrings.json"
            restore.write_bytes(docstrings.read_bytes())
            build_data["force_include"][str(restore)] = "lasvegas/_compiled_docstrings.json"
            written = keep / "lasvegas" / "_compiled_annotations.json"
            written.write_bytes((Path(scratch) / "annotations.json").read_bytes())
            build_data["force_include"][str(written)] = "lasvegas/_compiled_annotations.json"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the extensions' copies once they are in the wheel."""
        extensions = getattr(self, "_extensions", None)
        if extensions is not None:
            shutil.rmtree(extensions, ignore_errors=True)
