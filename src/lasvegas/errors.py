"""The exception types of the library; :class:`LasVegasError` is their base."""

from __future__ import annotations

__all__ = ["ConfigError", "DeserializationError", "IllegalActionError", "LasVegasError"]


class LasVegasError(Exception):
    """Base class of every exception the library raises on purpose."""


class IllegalActionError(LasVegasError, ValueError):
    """An action that is not legal in the given state.

    The message names the action, the state's phase and the reason, for example
    ``"Place(face=4) in phase place: no rolled die shows 4"``; :attr:`reason` is a short
    machine-readable code (``"not-rolled"``, ``"wrong-node"``, ``"game-over"`` ...).

    >>> err = IllegalActionError("Place(face=4)", "place", "no rolled die shows 4", "not-rolled")
    >>> str(err)
    'Place(face=4) in phase place: no rolled die shows 4'
    >>> err.reason
    'not-rolled'
    """

    def __init__(self, action: str, phase: str, message: str, reason: str) -> None:
        super().__init__(f"{action} in phase {phase}: {message}")
        self.action = action
        """The ``repr`` of the refused action."""
        self.phase = phase
        """The phase of the state the action was applied to."""
        self.reason = reason
        """A short machine-readable reason code."""


class ConfigError(LasVegasError, ValueError):
    """An impossible game configuration (7 players, two modules that conflict ...).

    >>> str(ConfigError("7 players: the classic game takes 2-5"))
    '7 players: the classic game takes 2-5'
    """


class DeserializationError(LasVegasError, ValueError):
    """Bad JSON: :attr:`errors` lists every problem found, each as ``"problem @ path"``.

    >>> err = DeserializationError(["expected int @ $.round"])
    >>> err.errors
    ('expected int @ $.round',)
    """

    def __init__(self, errors: list[str] | tuple[str, ...], message: str | None = None) -> None:
        self.errors: tuple[str, ...] = tuple(errors)
        """Each problem, as ``"what is wrong @ $.path.to.it"``."""
        super().__init__(message or "; ".join(self.errors) or "invalid document")
