"""The module system: :class:`RuleModule` and the small closed set of hooks it offers."""

from .base import Capabilities, ModuleState, RuleModule, Score, Task, TaskHandler

__all__ = ["Capabilities", "ModuleState", "RuleModule", "Score", "Task", "TaskHandler"]
