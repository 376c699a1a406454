"""A PettingZoo AEC environment for every Las Vegas edition (``pip install 'lasvegas-rules[pettingzoo]'``).

:func:`lasvegas_env` (or :func:`raw_env`) wraps a :class:`~lasvegas.GameConfig` in a PettingZoo
:class:`~pettingzoo.AECEnv`; :func:`env` adds PettingZoo's standard wrappers, as its classic
environments do; :func:`parallel_env` is a Parallel API environment for the card game, whose
seats choose their cards at the same time:

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
  ``"win_loss"`` (1 shared by the winners), see :data:`lasvegas.adapters.REWARDS`;
* **before** ``reset()``, ``step``, ``observe`` and ``last`` raise PettingZoo's own error
  (``AssertionError: reset() needs to be called before step.``), wrapped or not.

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
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "lasvegas.adapters.pettingzoo needs the pettingzoo extra: "
        "pip install 'lasvegas-rules[pettingzoo]'"
    ) from exc

from ..actions import Action
from ..cardgame.game import CardGameState, PlayCards, is_sequential
from ..chance import Rng
from ..config import GameConfig
from ..engine import action_space, apply, legal_actions, new_game, play_chance, to_move
from ..errors import ConfigError, IllegalActionError
from ..state import State
from ..text import describe
from ..view import observe
from ._common import Reward, board_text, check_reward, final_rewards
from .encoding import observation_encoder

__all__ = [
    "ILLEGAL_REWARD",
    "LasVegasEnv",
    "LasVegasParallelEnv",
    "env",
    "lasvegas_env",
    "parallel_env",
    "raw_env",
]

RENDER_MODES = ("ansi", "human")
"""``render()`` returns the text (``"ansi"``, or no mode) or prints it (``"human"``)."""


ILLEGAL_REWARD = -1.0
"""The reward :func:`env`'s ``TerminateIllegalWrapper`` gives a seat that plays an illegal code
(the game then ends), as in PettingZoo's classic environments."""


def _default_config() -> GameConfig:
    from ..classic import classic

    return classic(2)


def raw_env(
    config: GameConfig | None = None,
    *,
    reward: Reward = "money_share",
    seed: int | None = None,
    render_mode: str | None = None,
) -> LasVegasEnv:
    """The bare AEC environment of *config* (default: classic, 2 players), as PettingZoo's
    ``raw_env``: an illegal code raises :class:`lasvegas.IllegalActionError`.

    >>> raw_env().possible_agents
    ['seat_0', 'seat_1']
    """
    return LasVegasEnv(
        _default_config() if config is None else config,
        reward=reward,
        seed=seed,
        render_mode=render_mode,
    )


def env(
    config: GameConfig | None = None,
    *,
    reward: Reward = "money_share",
    seed: int | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """:func:`raw_env` with PettingZoo's standard wrappers, as its classic environments have
    them: ``TerminateIllegalWrapper`` (an illegal code ends the game, :data:`ILLEGAL_REWARD`
    to the seat that played it, 0 to the others), ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``.

    >>> import lasvegas as lv
    >>> wrapped = env(lv.royale(3), seed=1)
    >>> wrapped.reset()
    >>> wrapped.unwrapped.config == lv.royale(3)
    True
    """
    wrapped: AECEnv = raw_env(config, reward=reward, seed=seed, render_mode=render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


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


class _EnvBase:
    """What the AEC and the Parallel environments share: the config, the action codes, the
    observation encoder and spaces, the chance generator and the game, and their rendering."""

    def __init__(
        self, config: GameConfig, reward: Reward, seed: int | None, render_mode: str | None
    ) -> None:
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
        self.observation_spaces, self.action_spaces = _spaces(
            self.possible_agents, self._encoder.high(), len(self.actions)
        )
        self._rng = Rng(secrets.randbits(63) if seed is None else seed)
        self.game_state: State = new_game(config)
        """The current state (the whole truth: agents should use their observations)."""
        self._last: str | None = None
        self._has_reset = False

    def observation_space(self, agent: str) -> Any:
        """The ``Dict`` space of *agent*'s observations (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The ``Discrete`` space of *agent*'s actions (the same object every time)."""
        return self.action_spaces[agent]

    def render(self) -> str | None:
        """The table as text (a spectator's view, and the last decision or step described)."""
        text = board_text(observe(self.game_state, None))
        if self._last is not None:
            text = f"Last: {self._last}\n{text}"
        if self.render_mode == "human":
            print(text)  # noqa: T201 - the "human" render mode prints
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class LasVegasEnv(_EnvBase, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
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
        AECEnv.__init__(self)
        _EnvBase.__init__(self, config, reward, seed, render_mode)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # -- the PettingZoo API ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; *seed* reseeds the chance generator (``None``: keep drawing)."""
        if seed is not None:
            self._rng = Rng(seed)
        self.game_state = _resolve_chance(new_game(self.config), self._rng)
        self._last = None
        self._has_reset = True
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
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        view = observe(self.game_state, self._seats[agent])
        return _observation(self._encoder, self._codes, view, view.legal)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an integer code; ``None`` once it is done)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._decode(action)
        self._cumulative_rewards[agent] = 0.0
        before = self.game_state
        self.game_state = _resolve_chance(apply(before, chosen), self._rng)
        self._last = f"seat {self._seats[agent]}: {describe(chosen, before)}"
        rewards = final_rewards(self.game_state, self.reward)
        self.rewards = {a: rewards[self._seats[a]] for a in self.agents}
        if to_move(self.game_state) is None:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    # -- helpers ----------------------------------------------------------------------------------

    def _decode(self, action: Any) -> Action:
        return _decode(self.actions, action, self.game_state)

    def _select(self) -> None:
        mover = to_move(self.game_state)
        if isinstance(mover, int):
            self.agent_selection = self.possible_agents[mover]
        elif self.agents and self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]


# -- shared by both environments -------------------------------------------------------------------


def _spaces(
    agents: list[str], high: list[float], actions: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each agent's observation and action space (one object per agent, built once)."""
    bounds = np.asarray(high, dtype=np.float32)
    observation_spaces = {
        agent: gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=np.zeros_like(bounds), high=bounds, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        for agent in agents
    }
    action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in agents}
    return observation_spaces, action_spaces


def _observation(
    encoder: Any, codes: dict[Action, int], view: Any, legal: tuple[Action, ...]
) -> dict[str, Any]:
    """The observation dict: the view's vector and a mask of the *legal* actions."""
    mask: Any = np.zeros(len(codes), dtype=np.int8)
    if legal:
        mask[[codes[action] for action in legal]] = 1
    return {"observation": encoder.encode_array(view), "action_mask": mask}


def _decode(actions: tuple[Action, ...], action: Any, state: State) -> Action:
    try:
        code = operator.index(action)
    except TypeError:
        code = -1
    if not 0 <= code < len(actions):
        raise IllegalActionError(
            repr(action), state.phase.value, f"not an action code 0..{len(actions) - 1}", "bad-code"
        )
    return actions[code]


def _resolve_chance(state: State, rng: Rng) -> State:
    """Every chance node up to the next decision, in one call (:func:`lasvegas.play_chance`)."""
    return play_chance(state, rng).state


# -- the Parallel API environment ------------------------------------------------------------------


def parallel_env(
    config: GameConfig | None = None,
    *,
    reward: Reward = "money_share",
    seed: int | None = None,
    render_mode: str | None = None,
) -> LasVegasParallelEnv:
    """A PettingZoo Parallel API environment of *config* (default: the card game, 3 players),
    where the seats that choose their cards at the same time (K-13) act in one ``step``.

    >>> import lasvegas as lv
    >>> par = parallel_env(lv.cardgame(3), seed=4)
    >>> observations, infos = par.reset()
    >>> sorted(par.acting)
    ['seat_0', 'seat_1', 'seat_2']
    """
    if config is None:
        from ..cardgame import cardgame

        config = cardgame(3)
    return LasVegasParallelEnv(config, reward=reward, seed=seed, render_mode=render_mode)


def _card_slice(config: GameConfig) -> int | None:
    """The index of the card game's module in *config* (``None``: not the card game)."""
    for index, module in enumerate(config.modules):
        if module.id == "cardgame":
            return index
    return None


class LasVegasParallelEnv(_EnvBase, ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """The Parallel API environment of one config (build it with :func:`parallel_env`).

    Each ``step`` takes the actions of the seats in :attr:`acting` and ignores the others'
    (their masks are all 0). In the card game (without ``Sequential``, K-12) the seats still
    in the round choose their cards at the same time (K-13): they all act in one step, each
    seeing only its own view, and their choices are applied in the engine's order (the
    results are the same as the AEC environment's, which takes them one after another). Any
    other decision, and any other edition, has one acting seat per step. Observations,
    actions, rewards, chance and rendering are the AEC environment's (:class:`LasVegasEnv`).
    An illegal or missing action of an acting seat raises
    :class:`lasvegas.IllegalActionError` and changes nothing.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "lasvegas_parallel_v0",
        "render_modes": list(RENDER_MODES),
    }

    def __init__(
        self,
        config: GameConfig,
        *,
        reward: Reward = "money_share",
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        _EnvBase.__init__(self, config, reward, seed, render_mode)
        self._cards = _card_slice(config)
        self.agents: list[str] = []
        self.acting: dict[str, tuple[Action, ...]] = {}
        """The agents to act in the next step, in the engine's order, with their legal
        actions."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new game; *seed* reseeds the chance generator. Returns the observations
        and infos."""
        if seed is not None:
            self._rng = Rng(seed)
        self.game_state = _resolve_chance(new_game(self.config), self._rng)
        self.agents = list(self.possible_agents)
        self._has_reset = True
        self._last = None
        self.acting = self._acting()
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the acting agents' actions (codes); the others' are ignored."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        state = self.game_state
        chosen: list[Action] = []
        for agent, legal in self.acting.items():
            if agent not in actions:
                raise IllegalActionError(
                    "no action", state.phase.value, f"{agent} is to act", "missing-action"
                )
            action = _decode(self.actions, actions[agent], state)
            if action not in legal:
                raise IllegalActionError(
                    repr(action), state.phase.value, f"not legal for {agent}", "not-legal"
                )
            chosen.append(action)
        for action in chosen:
            state = apply(state, action)
        self.game_state = _resolve_chance(state, self._rng)
        self._last = "; ".join(
            f"{agent}: {action!r}" for agent, action in zip(self.acting, chosen, strict=True)
        )
        live = list(self.agents)
        over = to_move(self.game_state) is None
        final = final_rewards(self.game_state, self.reward)
        rewards = {agent: final[self._seats[agent]] for agent in live}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in live}
        self.acting = {} if over else self._acting()
        observations = self._observations()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def state(self) -> Any:
        """A global observation: the spectator's vector (what every seat sees)."""
        return self._encoder.encode_array(observe(self.game_state, None))

    def _observations(self) -> dict[str, Any]:
        acting = self.acting
        return {
            agent: _observation(
                self._encoder,
                self._codes,
                observe(self.game_state, self._seats[agent]),
                acting.get(agent, ()),
            )
            for agent in self.agents
        }

    def _acting(self) -> dict[str, tuple[Action, ...]]:
        """The seats to act next, with their legal actions: the card game's simultaneous
        choosers (each one's actions as if it were the first: hidden choices do not change
        them), or the one seat to move."""
        state = self.game_state
        mover = to_move(state)
        if not isinstance(mover, int):
            return {}
        legal = legal_actions(state)
        acting = {self.possible_agents[mover]: legal}
        if self._cards is None or is_sequential(state):
            return acting
        part = state.modules[self._cards]
        if not isinstance(part, CardGameState) or not all(isinstance(a, PlayCards) for a in legal):
            return acting
        waiting = sum(
            1 for seat, out in enumerate(part.out) if not out and part.choices[seat] is None
        )
        following = state
        while len(acting) < waiting:
            following = apply(following, legal[0])
            seat = to_move(following)
            if not isinstance(seat, int) or self.possible_agents[seat] in acting:
                raise ConfigError("the card game's simultaneous choice did not go round the seats")
            legal = legal_actions(following)
            if not all(isinstance(a, PlayCards) for a in legal):
                break  # not a choice of cards: that seat acts in a step of its own
            acting[self.possible_agents[seat]] = legal
        return acting
