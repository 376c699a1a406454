"""The Las Vegas games in OpenSpiel, as Python games (``pip install 'lasvegas-rules[openspiel]'``).

Importing this module registers the game ``"python_lasvegas"`` with ``pyspiel``. Load it
with :func:`load_game` (from a :class:`~lasvegas.GameConfig`) or by name::

    pyspiel.load_game("python_lasvegas(players=3,edition=classic,modules=neutral-dice)")

**Parameters.** ``players`` (2), ``edition`` (``classic``, ``royale`` or ``cardgame``: the
edition's factory, :func:`lasvegas.classic` ...), ``modules`` (module ids joined by ``+``,
each with its default options, added to the factory's), ``hide_money`` (C-23), ``reward``
(``money_share`` or ``win_loss``, see below), and ``config``: any config, as its JSON
(:func:`lasvegas.to_json`) in URL-safe base64 without padding (OpenSpiel's game strings
cannot hold JSON's commas and braces). When ``config`` is given it overrides the others.
:func:`game_parameters` writes the shortest form that gives back the config.

**Actions.** A decision's id is its index in :func:`lasvegas.action_space` (the same
integers as the PettingZoo adapter). A chance outcome's id is its index in
:func:`lasvegas.chance_outcomes` of the state (the engine lists each node's outcomes in a
fixed, deterministic order, so ids are stable for a state, across processes and replays);
probabilities are the exact fractions as floats. ``max_chance_outcomes`` is a bound: the most
sorted rolls of any group of dice, the distinct note values, or 64.

**Information.** A config is *imperfect information* when it hides something (the card
game's hands, a tile's secret, ``hide_money``: any module that redacts or resamples, C-23);
otherwise perfect information (with explicit chance). Observation strings and tensors come
from :func:`lasvegas.observe` only: the tensor is :mod:`lasvegas.adapters.encoding`'s vector
(a ``private_info`` of ``NONE`` gives a spectator's view); the string is the view as text.
The information state string (perfect recall) is the action history in perfect-information
games, and otherwise the sequence of what the player saw at each step: its own actions, the
events of the others' actions and of chance as :func:`lasvegas.observe_events` shows them to
it, and what its view shows beyond a spectator's whenever that changes (its hand of cards
...). There is no information state tensor.

**Utilities.** Terminal rewards only, constant-sum 1: ``money_share`` (default) gives each
seat its share of all the money in the final standings; ``win_loss`` gives 1 shared by the
winners.

**Serialisation.** ``state.serialize()`` / ``game.deserialize_state()`` (and
``pyspiel.serialize_game_and_state``) carry the state as :func:`lasvegas.to_json` text,
loaded back with :func:`lasvegas.from_json` (so a loaded state is validated).

>>> import lasvegas as lv
>>> game = load_game(lv.classic(2))
>>> game.num_players(), game.num_distinct_actions()
(2, 6)
>>> str(game)
'python_lasvegas(config=,edition=classic,hide_money=False,modules=,players=2,reward=money_share)'
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 9)
"""

from __future__ import annotations

import base64
import functools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "lasvegas.adapters.openspiel needs the openspiel extra: pip install 'lasvegas-rules[openspiel]'"
    ) from exc

from ..actions import Action
from ..config import GameConfig
from ..engine import action_space, apply, chance_outcomes, legal_actions, new_game, step, to_move
from ..errors import IllegalActionError
from ..modules.base import RuleModule
from ..serde import from_json, known_classes, to_json
from ..state import State
from ..text import describe
from ..types import CHANCE
from ..view import observe, observe_events
from ._common import Reward, board_text, check_reward, final_rewards
from .encoding import observation_encoder

__all__ = [
    "GAME_NAME",
    "LasVegasGame",
    "LasVegasObserver",
    "LasVegasState",
    "config_from_parameters",
    "game_parameters",
    "hides_information",
    "load_game",
    "max_chance_outcomes",
    "max_game_length",
]

GAME_NAME = "python_lasvegas"
"""The name the game is registered under in ``pyspiel``."""

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "edition": "classic",
    "modules": "",
    "hide_money": False,
    "reward": "money_share",
    "config": "",
}


def _factories() -> dict[str, Callable[..., GameConfig]]:
    from ..cardgame import cardgame
    from ..classic import classic
    from ..royale import royale

    return {"classic": classic, "royale": royale, "cardgame": cardgame}


def _module(module_id: str) -> RuleModule:
    cls = known_classes()["module"].get(module_id)
    if cls is None:
        raise ValueError(f"unknown module id {module_id!r}")
    module = cls()
    assert isinstance(module, RuleModule)
    return module


def _encode_config(config: GameConfig) -> str:
    return base64.urlsafe_b64encode(to_json(config).encode()).decode().rstrip("=")


def _decode_config(text: str) -> GameConfig:
    padded = text + "=" * (-len(text) % 4)
    return from_json(base64.urlsafe_b64decode(padded.encode()), GameConfig)


def config_from_parameters(params: dict[str, Any]) -> GameConfig:
    """The config the game parameters *params* describe (missing ones take their defaults).

    >>> import lasvegas as lv
    >>> config = config_from_parameters({"players": 3, "modules": "neutral-dice"})
    >>> config == lv.classic(3, lv.NeutralDice())
    True
    """
    p = {**_DEFAULTS, **params}
    if p["config"]:
        return _decode_config(str(p["config"]))
    factory = _factories().get(str(p["edition"]))
    if factory is None:
        raise ValueError(f"unknown edition {p['edition']!r} (classic, royale or cardgame)")
    modules = [_module(m) for m in str(p["modules"]).split("+") if m]
    return factory(int(p["players"]), *modules, hide_money=bool(p["hide_money"]))


def game_parameters(config: GameConfig, *, reward: Reward = "money_share") -> dict[str, Any]:
    """The ``pyspiel`` game parameters of *config*: readable when they give it back exactly.

    >>> import lasvegas as lv
    >>> game_parameters(lv.classic(3, lv.NeutralDice()))
    {'players': 3, 'edition': 'classic', 'modules': 'neutral-dice', 'hide_money': False, 'reward': 'money_share'}
    >>> sorted(game_parameters(lv.classic(3, lv.NeutralDice(per_player=1))))
    ['config', 'reward']
    """
    reward = check_reward(reward)
    factory = _factories().get(config.edition)
    if factory is not None:
        try:  # the modules the factory adds by itself (it may refuse the player count alone)
            base = factory(config.players).modules
        except ValueError:
            base = factory(2).modules
        extra = [m.id for m in config.modules if m not in base]
        readable: dict[str, Any] = {
            "players": config.players,
            "edition": config.edition,
            "modules": "+".join(extra),
            "hide_money": config.hide_money,
            "reward": reward,
        }
        try:
            same = config_from_parameters(readable) == config
        except ValueError:
            same = False
        if same:
            return readable
    return {"config": _encode_config(config), "reward": reward}


def load_game(config: GameConfig, *, reward: Reward = "money_share") -> Any:
    """The ``pyspiel`` game of *config* (a :class:`LasVegasGame`).

    >>> import lasvegas as lv
    >>> load_game(lv.cardgame(3)).get_type().information
    <Information.IMPERFECT_INFORMATION: 2>
    """
    return pyspiel.load_game(GAME_NAME, game_parameters(config, reward=reward))


# -- what a config implies ---------------------------------------------------------------------


def _overrides(module: RuleModule, hook: str) -> bool:
    return getattr(type(module), hook) is not getattr(RuleModule, hook)


def hides_information(config: GameConfig) -> bool:
    """Whether views of *config* hide anything (hidden money, a module that redacts).

    >>> import lasvegas as lv
    >>> hides_information(lv.classic(3)), hides_information(lv.cardgame(3))
    (False, True)
    """
    return config.hide_money or any(
        _overrides(m, "redact") or _overrides(m, "resample_hidden") for m in config.modules
    )


def max_chance_outcomes(config: GameConfig) -> int:
    """A bound on the outcomes of any chance node of *config* (see the module's notes).

    >>> import lasvegas as lv
    >>> max_chance_outcomes(lv.classic(4))
    1287
    """
    params = config.ruleset.params
    rolls = max(math.comb(k + 5, 5) for k in (*params.dice, 8))
    return max(64, rolls, len(set(params.notes)))


def max_game_length(config: GameConfig) -> int:
    """A bound on the number of actions (decisions and chance) of a game of *config*.

    Per round: the setup draws and deals, then per seat and die at most a roll, a placement
    and a few module steps (kicks, chips, tile effects), with a wide margin.

    >>> import lasvegas as lv
    >>> max_game_length(lv.classic(4))
    2952
    """
    params = config.ruleset.params
    dice = max(1, sum(params.dice))
    per_round = len(params.notes) + config.players * dice * 12 + 50 * params.casinos
    return params.rounds * per_round


def _game_type(information: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Las Vegas (lasvegas library)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


@functools.lru_cache(maxsize=64)
def _codes(config: GameConfig) -> tuple[tuple[Action, ...], dict[Action, int]]:
    actions = action_space(config)
    return actions, {action: code for code, action in enumerate(actions)}


# -- the game ------------------------------------------------------------------------------------


class LasVegasGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A Las Vegas game of one config, as an OpenSpiel Python game (see the module's notes)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        config = config_from_parameters(given)
        self.config = config
        """The game's configuration."""
        self.reward: Reward = check_reward(given["reward"])
        """How a finished game is scored."""
        self.imperfect = hides_information(config)
        """Whether views hide anything (imperfect information)."""
        info = pyspiel.GameInfo(
            num_distinct_actions=len(action_space(config)),
            max_chance_outcomes=max_chance_outcomes(config),
            num_players=config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=max_game_length(config),
        )
        information = (
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if self.imperfect
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        )
        super().__init__(_game_type(information), info, params or {})

    def new_initial_state(self) -> LasVegasState:
        """The state before the first action (a chance node: the first draw)."""
        return LasVegasState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LasVegasObserver:
        """An observer for OpenSpiel's observation and information-state API."""
        return LasVegasObserver(self, iig_obs_type, params)


Trail = tuple[str, "Trail"] | None
"""What a seat saw, newest step first, as a linked list (appending shares the past)."""


class _Frozen:
    """Holds an immutable :class:`~lasvegas.State` and what each seat saw of its history.

    Copied by reference (OpenSpiel clones states with ``copy.deepcopy``; nothing here
    changes) and pickled as the state's JSON (OpenSpiel serialises a Python state by pickling
    its attributes).
    """

    __slots__ = ("outcomes", "secrets", "seen", "state")

    def __init__(
        self, state: State, seen: tuple[Trail, ...] | None, secrets: tuple[str, ...]
    ) -> None:
        self.state = state
        self.seen = seen
        """Per seat, what it saw at each step (``None``: perfect information, not kept)."""
        self.secrets = secrets
        """Per seat, what its view shows now beyond a spectator's."""
        self.outcomes: tuple[tuple[Action, Fraction], ...] | None = None

    def chance(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.outcomes is None:
            self.outcomes = chance_outcomes(self.state)
        return self.outcomes

    def __deepcopy__(self, memo: dict[int, object]) -> _Frozen:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Frozen], tuple[object, ...]]:
        seen = None if self.seen is None else tuple(map(_entries, self.seen))
        return (_thaw, (to_json(self.state), seen, self.secrets))


def _entries(trail: Trail) -> tuple[str, ...]:
    """A trail's entries, oldest first (flat: pickling a long linked list would recurse)."""
    entries: list[str] = []
    while trail is not None:
        entries.append(trail[0])
        trail = trail[1]
    return tuple(reversed(entries))


def _thaw(text: str, seen: tuple[tuple[str, ...], ...] | None, secrets: tuple[str, ...]) -> _Frozen:
    trails: tuple[Trail, ...] | None = None
    if seen is not None:
        built: list[Trail] = []
        for entries in seen:
            trail: Trail = None
            for entry in entries:
                trail = (entry, trail)
            built.append(trail)
        trails = tuple(built)
    return _Frozen(from_json(text, State), trails, secrets)


@functools.lru_cache(maxsize=64)
def _initial(config: GameConfig, imperfect: bool) -> _Frozen:
    state = new_game(config)
    if not imperfect:
        return _Frozen(state, None, ())
    public = _private(state, None)
    secrets = tuple(_secret(state, seat, public) for seat in range(config.players))
    seen = tuple((f"start: {secret}", None) if secret else None for secret in secrets)
    return _Frozen(state, seen, secrets)


class LasVegasState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel state wrapping an immutable :class:`lasvegas.State` (:attr:`lv_state`)."""

    def __init__(self, game: LasVegasGame) -> None:
        super().__init__(game)
        self._held = _initial(game.config, game.imperfect)
        self._reward: Reward = game.reward

    @property
    def lv_state(self) -> State:
        """The library's state (the whole truth, hidden parts included)."""
        return self._held.state

    # -- the OpenSpiel API ----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` or ``pyspiel.PlayerId.TERMINAL``."""
        mover = to_move(self._held.state)
        if mover is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if mover is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        if to_move(state) != player:
            return []
        codes = _codes(state.config)[1]
        return sorted(codes[action] for action in legal_actions(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes: ``(index, probability)`` in the engine's order."""
        return [(i, float(p)) for i, (_, p) in enumerate(self._held.chance())]

    def _action(self, action: int) -> Action:
        state = self._held.state
        if to_move(state) is CHANCE:
            outcomes = self._held.chance()
            if 0 <= action < len(outcomes):
                return outcomes[action][0]
        else:
            actions = _codes(state.config)[0]
            if 0 <= action < len(actions):
                return actions[action]
        raise IllegalActionError(
            f"action id {action}", state.phase.value, "no action has this id here", "bad-code"
        )

    def _apply_action(self, action: int) -> None:
        held = self._held
        before = held.state
        chosen = self._action(action)
        if held.seen is None:
            self._held = _Frozen(apply(before, chosen), None, ())
            return
        mover = to_move(before)
        done = step(before, chosen)
        public = _private(done.state, None)
        seen: list[Trail] = []
        secrets: list[str] = []
        for seat, past in enumerate(held.seen):
            if mover == seat:
                entry = f"you: {chosen!r}"
            else:
                entry = "; ".join(map(repr, observe_events(done, seat))) or "-"
            secret = _secret(done.state, seat, public)
            if secret != held.secrets[seat]:
                entry += f" | yours: {secret}"
            seen.append((entry, past))
            secrets.append(secret)
        self._held = _Frozen(done.state, tuple(seen), tuple(secrets))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            chosen = self._action(action)
        except IllegalActionError:
            return f"action {action}"
        return describe(chosen, self._held.state)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return to_move(self._held.state) is None

    def returns(self) -> list[float]:
        """Each seat's reward: 0 until the end, then money share or win/loss."""
        return list(final_rewards(self._held.state, self._reward))

    def __str__(self) -> str:
        return to_json(self._held.state)

    # -- information states ---------------------------------------------------------------------

    def seen(self, player: int) -> str:
        """The information state string of *player* (see the module's notes)."""
        trails = self._held.seen
        if trails is None:
            return f"p{player} history " + " ".join(map(str, self.history()))
        return f"p{player}\n" + "\n".join(_entries(trails[player]))


def _private(state: State, seat: int | None) -> tuple[object, ...]:
    """The modules' slices and pending tasks as *seat* sees them (as in its view)."""
    modules = state.config.modules
    slices = tuple(m.redact(state, i, seat) for i, m in enumerate(modules))
    tasks = tuple(modules[t.module].public_task(state, t.module, t, seat) for t in state.tasks)
    return (*slices, *tasks)


def _secret(state: State, seat: int, public: tuple[object, ...]) -> str:
    """What *seat*'s view shows of the modules' slices and tasks beyond a spectator's
    (*public*: :func:`_private` for a spectator)."""
    mine = _private(state, seat)
    return "; ".join(repr(a) for a, b in zip(mine, public, strict=True) if a != b)


class LasVegasObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(
        self, game: LasVegasGame, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._public = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self._encoder = observation_encoder(game.config)
        size = 0 if self._recall else self._encoder.size
        self.tensor: Any = np.zeros(size, np.float32)
        """The flat observation tensor (empty for information states: none is provided)."""
        self.dict: dict[str, Any] = {}
        """The tensor's segments, by name, reshaped (views of :attr:`tensor`)."""
        if not self._recall:
            for segment in self._encoder.segments:
                piece = self.tensor[segment.offset : segment.offset + segment.size]
                self.dict[segment.name] = piece.reshape(segment.shape)

    def set_from(self, state: LasVegasState, player: int) -> None:
        """Fill :attr:`tensor` with *player*'s observation of *state*."""
        if self._recall:
            return
        view = observe(state.lv_state, None if self._public else player)
        self.tensor[:] = self._encoder.encode(view)

    def string_from(self, state: LasVegasState, player: int) -> str:
        """*player*'s observation (or information state) of *state* as text."""
        if self._recall:
            return state.seen(player)
        return board_text(observe(state.lv_state, None if self._public else player))


pyspiel.register_game(_game_type(pyspiel.GameType.Information.IMPERFECT_INFORMATION), LasVegasGame)
