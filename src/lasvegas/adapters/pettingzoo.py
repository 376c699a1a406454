"""A PettingZoo AEC environment for every Las Vegas edition (``pip install 'lasvegas-rules[pettingzoo]'``).

:func:`lasvegas_env` wraps a :class:`~lasvegas.GameConfig` in a PettingZoo
:class:`~pettingzoo.AECEnv`:

* **agents** ``"seat_0"``, ``"seat_1"`` ... (one per seat; the agent to act is the seat
  :func:`lasvegas.to_move` names, so the card game's simultaneous turns are taken one seat
  after another, each commitment hidden from the others as in the views);
* **actions** ``Discrete(len(lv.action_space(config)))``: the integer is the index of the
  action in :func:`lasvegas.action_space` (``0``-``5`` are ``Place(1)``-``Place(6)``, the
  modules' decisions follow);
* **observations** ``{"observation": Box, "action_mask": Box}``: the vector of
  :mod:`lasvegas.adapters.encoding`, built from the seat's :class:`~lasvegas.PlayerView`
  only, and a 0/1 ``int8`` mask of the seat's legal actions (all 0 when it is not to act);
* **chance** is resolved inside the environment with its own seeded :class:`lasvegas.Rng`
  (``reset(seed=...)`` reseeds it: two environments reset with the same seed and given the
  same actions play the same game);
* **rewards** come at the end only: ``"money_share"`` (each seat's share of the money) or
  ``"win_loss"`` (1 shared by the winners), see :data:`lasvegas.adapters.REWARDS`.

>>> import lasvegas as lv
>>> env = lasvegas_env(lv.classic(3), seed=1)
>>> env.reset()
>>> env.agent_selection, int(env.action_space("seat_0").n)
('seat_0', 6)
>>> observation, reward, terminated, truncated, info = env.last()
>>> int(observation["action_mask"].sum()) > 0, str(observation["observation"].dtype)
(True, 'float32')
"""

from __future__ import annotations

import operator
import secrets
from typing import Any, ClassVar

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "lasvegas.adapters.pettingzoo needs the pettingzoo extra: "
        "pip install 'lasvegas-rules[pettingzoo]'"
    ) from exc

from ..actions import Action
from ..chance import Rng
from ..config import GameConfig
from ..engine import action_space, apply, new_game, sample_chance, to_move
from ..errors import IllegalActionError
from ..state import State
from ..text import describe
from ..types import CHANCE
from ..view import observe
from ._common import Reward, board_text, check_reward, final_rewards
from .encoding import observation_encoder

__all__ = ["LasVegasEnv", "lasvegas_env"]

RENDER_MODES = ("ansi", "human")
"""``render()`` returns the text (``"ansi"``, or no mode) or prints it (``"human"``)."""


def lasvegas_env(
    config: GameConfig,
    *,
    reward: Reward = "money_share",
    seed: int | None = None,
    render_mode: str | None = None,
) -> LasVegasEnv:
    """A PettingZoo AEC environment playing games of *config*.

    *seed* seeds the environment's :class:`lasvegas.Rng` (chance); without one, and until
    ``reset(seed=...)``, it is seeded from the operating system.

    >>> import lasvegas as lv
    >>> env = lasvegas_env(lv.cardgame(3), reward="win_loss", seed=0)
    >>> env.possible_agents
    ['seat_0', 'seat_1', 'seat_2']
    """
    return LasVegasEnv(config, reward=reward, seed=seed, render_mode=render_mode)


class LasVegasEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The AEC environment of one config (build it with :func:`lasvegas_env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "lasvegas_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: GameConfig,
        *,
        reward: Reward = "money_share",
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {RENDER_MODES}")
        self.config = config
        """The game's configuration."""
        self.reward = check_reward(reward)
        """How a finished game is scored."""
        self.render_mode = render_mode
        """``None``, ``"ansi"`` or ``"human"``."""
        self.actions: tuple[Action, ...] = action_space(config)
        """The action of each integer (:func:`lasvegas.action_space`)."""
        self._codes = {action: code for code, action in enumerate(self.actions)}
        self._encoder = observation_encoder(config)
        self.possible_agents: list[str] = [f"seat_{seat}" for seat in range(config.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        high = np.asarray(self._encoder.high(), dtype=np.float32)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=np.zeros_like(high), high=high, dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(len(self.actions),), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(len(self.actions)) for agent in self.possible_agents
        }
        self._rng = Rng(secrets.randbits(63) if seed is None else seed)
        self.game_state: State = new_game(config)
        """The current state (the whole truth: agents should use :meth:`observe`)."""
        self._last: str | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # -- the PettingZoo API ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The ``Dict`` space of *agent*'s observations (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The ``Discrete`` space of *agent*'s actions (the same object every time)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; *seed* reseeds the chance generator (``None``: keep drawing)."""
        if seed is not None:
            self._rng = Rng(seed)
        self.game_state = self._resolve_chance(new_game(self.config))
        self._last = None
        self._skip_agent_selection = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        """*agent*'s observation: its view's vector and its legal-action mask."""
        view = observe(self.game_state, self._seats[agent])
        mask: Any = np.zeros(len(self.actions), dtype=np.int8)
        for action in view.legal:
            mask[self._codes[action]] = 1
        vector = np.asarray(self._encoder.encode(view), dtype=np.float32)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an integer code; ``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._decode(action)
        self._cumulative_rewards[agent] = 0.0
        before = self.game_state
        self.game_state = self._resolve_chance(apply(before, chosen))
        self._last = f"seat {self._seats[agent]}: {describe(chosen, before)}"
        rewards = final_rewards(self.game_state, self.reward)
        self.rewards = {a: rewards[self._seats[a]] for a in self.agents}
        if to_move(self.game_state) is None:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (a spectator's view, and the last decision described)."""
        text = board_text(observe(self.game_state, None))
        if self._last is not None:
            text = f"Last: {self._last}\n{text}"
        if self.render_mode == "human":
            print(text)  # noqa: T201 - the "human" render mode prints
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ----------------------------------------------------------------------------------

    def _decode(self, action: Any) -> Action:
        try:
            code = operator.index(action)
        except TypeError:
            code = -1
        if not 0 <= code < len(self.actions):
            raise IllegalActionError(
                repr(action),
                self.game_state.phase.value,
                f"not an action code 0..{len(self.actions) - 1}",
                "bad-code",
            )
        return self.actions[code]

    def _resolve_chance(self, state: State) -> State:
        while to_move(state) is CHANCE:
            state = apply(state, sample_chance(state, self._rng))
        return state

    def _select(self) -> None:
        mover = to_move(self.game_state)
        if isinstance(mover, int):
            self.agent_selection = self.possible_agents[mover]
        elif self.agents and self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
