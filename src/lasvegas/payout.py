"""Tie removal and ranking, shared by every edition (C-12, C-13, R-6, K-10)."""

from __future__ import annotations

__all__ = ["rank", "tied"]


def rank(weights: tuple[int, ...]) -> tuple[int, ...]:
    """Owners in payout order: ties removed (C-12), then most dice first (C-13).

    *weights* is the dice count per owner (a big die counted twice). Owners with no dice
    take no part; every group of two or more owners with equal counts is removed.

    >>> rank((5, 3, 3, 1))          # C-15, first example: Anna, Benno, Carla, Denny
    (0, 3)
    >>> rank((2, 1, 2, 1))          # C-15, second example: every pair tied
    ()
    """
    seen: dict[int, int] = {}
    for w in weights:
        if w:
            seen[w] = seen.get(w, 0) + 1
    if not seen:
        return ()
    order = sorted((w for w, n in seen.items() if n == 1), reverse=True)
    return tuple(weights.index(w) for w in order)


def tied(weights: tuple[int, ...]) -> tuple[int, ...]:
    """The owners whose dice are removed as ties (C-12), by owner number.

    >>> tied((5, 3, 3, 1))
    (1, 2)
    """
    counts: dict[int, int] = {}
    for w in weights:
        if w:
            counts[w] = counts.get(w, 0) + 1
    return tuple(o for o, w in enumerate(weights) if w and counts[w] > 1)
