"""``python -m lasvegas.schema [--check]``: regenerate the committed JSON Schemas (or check them)."""

from __future__ import annotations

import sys

from . import main

sys.exit(main())
