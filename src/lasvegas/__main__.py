"""``python -m lasvegas``: the command line (:mod:`lasvegas.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
