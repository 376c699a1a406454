"""``serve``: web tables in the browser (the web extra)."""

from __future__ import annotations

import argparse
from typing import TextIO

from .common import CliError


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve web tables with uvicorn until interrupted."""
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as exc:
        raise CliError(
            f"serve needs the web extra: pip install 'lasvegas-rules[web]' ({exc})"
        ) from None
    if not 0 <= args.port <= 65535:
        raise CliError("--port must be 0..65535")
    print(f"Las Vegas tables on http://{args.host}:{args.port}/ (Ctrl-C stops)", file=out)
    uvicorn.run(create_app(seed=args.seed), host=args.host, port=args.port, log_level="warning")
    return 0
