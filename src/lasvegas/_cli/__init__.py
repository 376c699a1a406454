"""The machinery behind :mod:`lasvegas.cli`, one module per concern.

- ``common``: what every command uses (:class:`~lasvegas.cli.CliError`, reading files, the
  CPUs at hand, one-line messages);
- ``setup``: setting up a game from the command line (editions, modules, plugins, agents);
- ``log``: the readable log of a game (:class:`~lasvegas.cli.GameLog`);
- ``parser``: the argument parser of ``python -m lasvegas``;
- one module per command: ``demo``, ``play``, ``replay``, ``simulate``, ``bench``,
  ``listing`` (``list``) and ``serve``.
"""
