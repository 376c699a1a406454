"""The module system: :class:`RuleModule` and the small closed set of hooks it offers."""

from .base import ModuleState, RuleModule, Task

__all__ = ["ModuleState", "RuleModule", "Task"]
