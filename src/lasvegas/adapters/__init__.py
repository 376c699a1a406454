"""Adapters to the reinforcement-learning ecosystem (optional extras, imported lazily).

* :mod:`lasvegas.adapters.pettingzoo`: a PettingZoo AEC environment (``pip install
  'lasvegas-rules[pettingzoo]'``);
* :mod:`lasvegas.adapters.openspiel`: the games registered with OpenSpiel as Python games
  (``pip install 'lasvegas-rules[openspiel]'``);
* :mod:`lasvegas.adapters.encoding`: the numeric observation vector both build from a
  :class:`~lasvegas.PlayerView` (pure Python, no extra needed).

Nothing here is imported by ``import lasvegas``; import the adapter you need by its full name.
"""

from __future__ import annotations

from ._common import REWARDS, Reward

__all__ = ["REWARDS", "Reward"]
