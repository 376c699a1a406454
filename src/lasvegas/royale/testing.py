"""Royale's scripting helpers, kept importable here: they are :mod:`lasvegas.testing`'s
vocabulary for every edition (:func:`~lasvegas.testing.setup_round`,
:func:`~lasvegas.testing.turn`, :func:`~lasvegas.testing.finish_round`), with Royale's
default cards under their old names.

>>> from lasvegas.royale.testing import CARDS, setup_round
>>> import lasvegas.testing
>>> setup_round is lasvegas.testing.setup_round and CARDS == lasvegas.testing.ROYALE_CARDS
True
"""

from __future__ import annotations

from ..testing import ROYALE_CARDS, ROYALE_RESERVE, finish_round, setup_round, turn

__all__ = ["CARDS", "RESERVE", "finish_round", "setup_round", "turn"]

CARDS = ROYALE_CARDS
"""A round's 12 cards in pair order (:data:`lasvegas.testing.ROYALE_CARDS`)."""

RESERVE = ROYALE_RESERVE
"""The 24 reserve cards left undrawn (:data:`lasvegas.testing.ROYALE_RESERVE`)."""
