"""``NeutralDice``: the neutral-dice variant (C-17 to C-22).

Each seat gets some dice of a colour nobody plays (4 each with 2 players, 2 each with 3 or
more; C-17, C-19), rolls them with its own and may place them with its own (C-20); neutral
dice in a casino are one more, imaginary owner whose winnings go under the pile (C-21).
With 3 players the 2 dice left over from the 8 are rolled at the start of each round and
placed on their casinos (C-18): a chance node of group ``"neutral"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..actions import Action, Roll
from ..chance import Rng, roll_distribution
from ..config import Params
from ..engine import emit, pop_task, push_task
from ..errors import ConfigError, IllegalActionError
from ..events import CasinosFilled, DiceRolled, Event
from ..modules.base import RuleModule, Task, TaskHandler
from ..state import Casino, Phase, State, evolve
from ..types import NEUTRAL

if TYPE_CHECKING:
    pass

__all__ = ["NeutralDice", "NeutralRoll"]

NEUTRAL_SET = 8
"""Dice in the neutral colour (C-17)."""


@attrs.frozen
class NeutralRoll(Task):
    """Chance: roll the leftover neutral dice onto their casinos at the round's start (C-18)."""

    kind: ClassVar[str] = "neutral-roll"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START})
    prompt: ClassVar[str | None] = "roll the leftover neutral dice"
    """What answering this task does, for a view's prompt."""
    dice: int = 2
    """How many neutral dice are rolled."""


def _check_per_player(_: object, __: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= 4):
        raise ConfigError(f"NeutralDice(per_player={value!r}): give 1-4 dice per player, or None")


def _check_rolled(_: object, __: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (type(value) is not int or not 0 <= value <= 8):
        raise ConfigError(f"NeutralDice(rolled={value!r}): give 0-8 dice, or None")


@attrs.frozen
class NeutralDice(RuleModule):
    """The neutral-dice variant: extra dice for an imaginary owner (C-17 to C-22).

    ``per_player`` overrides how many neutral dice each seat gets; by default 4 with 2
    players and 2 with 3 or more (C-17, and the ruling C-19 for 5-6 players). ``rolled``
    overrides how many leftover neutral dice are rolled onto the casinos at each round's
    start; by default those of the 8 that no seat gets (2 with 3 players, C-18).

    >>> import lasvegas as lv
    >>> lv.classic(2, NeutralDice()).ruleset.params.dice
    (8, 0, 0, 4)
    >>> NeutralDice().leftover(3)
    2
    """

    id: ClassVar[str] = "neutral-dice"
    order: ClassVar[int] = 10
    listens: ClassVar[tuple[type[Event], ...]] = (CasinosFilled,)
    tasks: ClassVar[tuple[type[Task], ...]] = (NeutralRoll,)

    per_player: int | None = attrs.field(default=None, validator=_check_per_player)
    """Neutral dice each seat gets per round; ``None`` for the rulebook's numbers."""
    rolled: int | None = attrs.field(default=None, validator=_check_rolled)
    """Leftover neutral dice rolled at each round's start; ``None``: whatever of the 8 no seat gets."""

    def dice_each(self, players: int) -> int:
        """Neutral dice each seat gets per round.

        >>> NeutralDice().dice_each(2), NeutralDice().dice_each(5), NeutralDice(1).dice_each(2)
        (4, 2, 1)
        """
        if self.per_player is not None:
            return self.per_player
        return 4 if players == 2 else 2

    def leftover(self, players: int) -> int:
        """Neutral dice of the 8 no seat gets, rolled at each round's start (C-18).

        >>> NeutralDice().leftover(3), NeutralDice().leftover(4), NeutralDice().leftover(5)
        (2, 0, 0)
        >>> NeutralDice(per_player=1, rolled=0).leftover(2)
        0
        """
        if self.rolled is not None:
            return self.rolled
        return max(0, NEUTRAL_SET - players * self.dice_each(players))

    def configure(self, params: Params, players: int) -> Params:
        """Give each seat its neutral dice and add the ``"neutral"`` imaginary owner."""
        dice = list(params.dice)
        dice[NEUTRAL] = self.dice_each(players)
        return attrs.evolve(
            params,
            dice=(dice[0], dice[1], dice[2], dice[3]),
            owners=(*params.owners, "neutral"),
        )

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """At each round's start, queue the roll of the leftover dice (C-18)."""
        left = self.leftover(state.config.players)
        if left:
            state = push_task(state, NeutralRoll(module=index, dice=left))
        return state

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The leftover neutral dice's roll (C-18): a chance node."""
        return {
            NeutralRoll: TaskHandler(
                self.leftover_rolled, None, None, self.roll_outcomes, self.roll_sample
            )
        }

    def roll_outcomes(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """Every sorted roll of the leftover dice."""
        assert isinstance(task, NeutralRoll)
        return tuple((Roll(f, "neutral"), p) for f, p in roll_distribution(task.dice))

    def roll_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """A roll of the leftover dice."""
        assert isinstance(task, NeutralRoll)
        return Roll(rng.dice(task.dice), "neutral")

    def leftover_rolled(
        self, state: State, index: int, action: Action, log: list[Event] | None
    ) -> State:
        """Place the leftover neutral dice on the casinos of their faces (C-18)."""
        task = state.tasks[0]
        assert isinstance(task, NeutralRoll)
        rolls = {faces for faces, _ in roll_distribution(task.dice)}
        if (
            type(action) is not Roll
            or action.group != "neutral"
            or type(action.faces) is not tuple
            or action.faces not in rolls
        ):
            hint = action.sorted_hint(rolls.__contains__) if type(action) is Roll else ""
            raise IllegalActionError(
                repr(action),
                f"{state.phase.value} ({task.kind})",
                f"a sorted roll of {task.dice} neutral dice is next{hint}",
                "bad-roll",
            )
        owner = state.config.ruleset.neutral_owner
        assert owner is not None
        casinos = list(state.casinos)
        for face in action.faces:
            c = casinos[face - 1]
            dice = (*c.dice[:owner], c.dice[owner] + 1, *c.dice[owner + 1 :])
            casinos[face - 1] = Casino(c.notes, dice, c.big)
        state = pop_task(evolve(state, casinos=tuple(casinos)))
        return emit(state, DiceRolled(seat=None, group="neutral", faces=action.faces), log)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """At most one leftover roll is pending, of the leftover dice, as the round starts (C-18).

        The count is checked before anything is rolled from it: a roll of more dice would
        take time and memory exponential in the count. The neutral dice other modules hold
        are counted only once those modules' own problems are none (their bounds run before
        their :meth:`~lasvegas.RuleModule.held` is asked: a slice's unchecked count could
        make a huge tuple); a module with problems leaves the count to the core's check.

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.classic(3, NeutralDice()))
        >>> NeutralDice().problems(attrs.evolve(state, tasks=(NeutralRoll(0, 40),)), 0)
        ('a roll of 40 leftover neutral dice is pending, not of 2', 'a leftover roll is pending in phase fill')
        """
        rolls = [t for t in state.tasks if isinstance(t, NeutralRoll) and t.module == index]
        found: list[str] = []
        owner = state.config.ruleset.neutral_owner
        players = state.config.players
        left = self.leftover(players)
        if owner is not None and state.phase is not Phase.OVER:
            unrolled = bool(rolls) or state.phase is Phase.FILL
            if unrolled and any(c.dice[owner] for c in state.casinos):
                found.append("neutral dice are on a casino before the round's roll")
            total = sum(s[NEUTRAL] for s in state.supply)
            total += sum(c.dice[owner] + c.big[owner] for c in state.casinos)
            counted = True
            for i, module in enumerate(state.config.modules):
                if i == index:
                    continue
                if module.problems(state, i):  # its counts are unchecked: ask it nothing
                    counted = False
                    break
                held = module.held(state, i).dice
                total += held[owner] if len(held) > owner else 0
            expected = players * self.dice_each(players) + (0 if unrolled else left)
            if counted and total != expected:
                found.append(f"{total} neutral dice in play, not {expected}")
        if not rolls:
            return tuple(found)
        left = self.leftover(state.config.players)
        if len(rolls) > 1:
            found.append(f"{len(rolls)} leftover rolls are pending, not one")
        for task in rolls:
            if task.dice != left:
                found.append(
                    f"a roll of {task.dice} leftover neutral dice is pending, not of {left}"
                )
        if state.phase is not Phase.TURN_START:
            found.append(f"a leftover roll is pending in phase {state.phase.value}")
        return tuple(found)
