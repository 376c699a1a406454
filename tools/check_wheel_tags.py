"""Check the tags of the compiled wheel and of the pure one.

The compiled wheel (``LASVEGAS_COMPILE=1``) holds C extensions built for one interpreter:
its only tag must be ``cpXY-cpXY-<platform>`` for the Python running this script (its
version and ABI, and a platform this interpreter accepts), so that pip never installs it
into another Python, which takes the pure wheel instead. The pure wheel must be
``py3-none-any``, installable everywhere.

Usage, with the Python the compiled wheel was built for::

    python tools/check_wheel_tags.py COMPILED_WHEEL PURE_WHEEL
"""

from __future__ import annotations

import sys
from pathlib import Path

from packaging.tags import Tag, sys_tags
from packaging.utils import parse_wheel_filename


def main(compiled: str, pure: str) -> int:
    """Print each wheel's tags and return 1 if one is wrong."""
    problems = []
    _, _, _, compiled_tags = parse_wheel_filename(Path(compiled).name)
    _, _, _, pure_tags = parse_wheel_filename(Path(pure).name)
    print("compiled wheel:", ", ".join(sorted(map(str, compiled_tags))))
    print("pure wheel:", ", ".join(sorted(map(str, pure_tags))))
    version = f"cp{sys.version_info.major}{sys.version_info.minor}"
    supported = set(sys_tags())
    for tag in compiled_tags:
        if (tag.interpreter, tag.abi) != (version, version):
            problems.append(f"the compiled wheel's tag {tag} is not for {version}-{version}")
        if tag not in supported:
            problems.append(f"the compiled wheel's tag {tag} does not install on this Python")
        for other in ("cp310", "cp312", "cp313", "cp314", "cp315"):
            if other != version and Tag(other, other, tag.platform) in compiled_tags:
                problems.append(f"the compiled wheel also claims {other}")
    if len(compiled_tags) != 1:
        problems.append(f"the compiled wheel has {len(compiled_tags)} tags, expected one")
    if pure_tags != frozenset({Tag("py3", "none", "any")}):
        problems.append(
            f"the pure wheel's tags are {sorted(map(str, pure_tags))}, not py3-none-any"
        )
    for problem in problems:
        print("FAILED:", problem)
    if not problems:
        print(f"the compiled wheel installs on {version} only; the pure wheel everywhere")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
