"""Games played on a Ray cluster (``pip install 'lasvegas-rules[ray]'``).

``python -m lasvegas simulate --ray [ADDRESS]`` plays its games here instead of in local
processes; :func:`ray_map` is the runner, usable for any picklable per-game function (a
tournament's matches, self-play data ...).

* **sharding**: the items are cut into consecutive shards of a few games; each shard is one
  Ray task (one CPU), and at most *workers* tasks are in flight at once;
* **streaming**: results come back as their shard finishes, in completion order, each with
  its item's index, so a caller writes them to disk at once and places them by index;
* **the same results**: every game depends only on its own item (its seed), never on the
  worker or the order, so the same seeds give the same results locally and on any number of
  workers (``simulate`` adds them up by game index, not in completion order);
* **the cluster**: *address* is passed to ``ray.init()`` (``"auto"``, ``"ray://host:10001"``
  ...); without one, a local Ray instance with *workers* CPUs is started, and shut down at
  the end. A Ray instance already running in the process is used as it is.

The library itself never imports Ray: only :func:`ray_map` does, when called.

>>> list(ray_map(abs, [], workers=2))
[]
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["ray_map", "shards"]

_T = TypeVar("_T")
_R = TypeVar("_R")


def shards(count: int, workers: int, size: int | None = None) -> list[range]:
    """Consecutive shards of the indexes ``0 .. count - 1``: of *size* items, or by default
    about a sixteenth of a worker's share (so the workers stay busy to the end), 1 to 64.

    >>> shards(10, 2, size=4)
    [range(0, 4), range(4, 8), range(8, 10)]
    >>> [len(s) for s in shards(1000, 2)]
    [31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 8]
    """
    if count < 0 or workers < 1:
        raise ValueError("count must be at least 0 and workers at least 1")
    if size is None:
        size = max(1, min(64, count // (workers * 16)))
    if size < 1:
        raise ValueError("size must be at least 1")
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def _run_shard(function: Callable[[_T], _R], items: Sequence[_T]) -> list[_R]:
    """One Ray task: *function* of each item of a shard, in order."""
    return [function(item) for item in items]


def ray_map(
    function: Callable[[_T], _R],
    items: Sequence[_T],
    *,
    address: str | None = None,
    workers: int = 1,
    shard_size: int | None = None,
) -> Iterator[tuple[int, _R]]:
    """``(index, function(items[index]))`` for every item, computed on Ray and yielded as the
    shards finish (completion order; see the module's notes). *function* and the items must
    be picklable, and importable on the cluster's nodes (the same lasvegas installed there).
    """
    if not items:
        return
    if workers < 1:
        raise ValueError("workers must be at least 1")
    try:
        import ray
    except ImportError as exc:
        raise ImportError(
            "running on Ray needs the ray extra: pip install 'lasvegas-rules[ray]'"
        ) from exc
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        else:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                logging_level=logging.WARNING,
                log_to_driver=False,
            )
        started = True
    try:
        task: Any = ray.remote(num_cpus=1)(_run_shard)
        function_ref = ray.put(function)
        waiting = list(reversed(shards(len(items), workers, shard_size)))
        pending: dict[object, range] = {}
        while waiting or pending:
            while waiting and len(pending) < workers:
                shard = waiting.pop()
                pending[task.remote(function_ref, [items[i] for i in shard])] = shard
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                shard = pending.pop(ref)
                yield from zip(shard, ray.get(ref), strict=True)
    finally:
        if started:
            ray.shutdown()
