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
import math
from collections.abc import Callable
from typing import Any, NamedTuple

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "lasvegas.adapters.openspiel needs the openspiel extra: pip install 'lasvegas-rules[openspiel]'"
    ) from exc


from ..actions import Action
from ..agents.determinise import determinise, hides
from ..chance import Rng
from ..config import GameConfig
from ..engine import action_space, legal_actions, to_move
from ..errors import IllegalActionError
from ..modules.base import RuleModule
from ..serde import from_json, known_classes, to_json
from ..state import State
from ..text import describe
from ..types import CHANCE
from ..view import observe
from ._common import Reward, board_text, check_reward, final_rewards
from ._spiel_history import Log, entries, initial, probabilities, sampled
from .encoding import observation_encoder

__all__ = [
    "GAME_NAME",
    "RESAMPLE_TRIES",
    "LasVegasGame",
    "LasVegasObserver",
    "LasVegasState",
    "PlayerAction",
    "RolloutEvaluator",
    "config_from_parameters",
    "game_parameters",
    "hides_information",
    "load_game",
    "max_chance_outcomes",
    "max_game_length",
    "small_config",
    "to_efg",
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
        raise ValueError(f"unknown module {module_id!r}: import the package that defines it")
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


def hides_information(config: GameConfig) -> bool:
    """Whether views of *config* hide anything (hidden money, a module that redacts).

    >>> import lasvegas as lv
    >>> hides_information(lv.classic(3)), hides_information(lv.cardgame(3))
    (False, True)
    """
    return config.hide_money or bool(config.ruleset.hiders)


def max_chance_outcomes(config: GameConfig) -> int:
    """A bound on the outcomes of any chance node of *config* (see the module's notes).

    >>> import lasvegas as lv
    >>> max_chance_outcomes(lv.classic(4))
    1287
    """
    params = config.ruleset.params
    rolls = max(math.comb(k + 5, 5) for k in (*params.owned, 8))
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
    dice = max(1, sum(params.owned))
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


class _Codes:
    """The action ids of a config (a table of the config, built once:
    :meth:`lasvegas.GameConfig.cached`)."""

    __slots__ = ("actions", "by_id", "codes", "legal")

    def __init__(self, config: GameConfig) -> None:
        self.actions = action_space(config)
        """The action space (an id is an index in it)."""
        self.codes = {action: code for code, action in enumerate(self.actions)}
        """Each action's id."""
        self.by_id: dict[int, tuple[Action, int]] = {
            id(action): (action, code) for code, action in enumerate(self.actions)
        }
        """Each action object's id by the object's ``id()`` (the engine hands out the same
        objects again and again; hashing an action costs more): the object is kept with
        it, so its ``id()`` cannot be reused while cached. Bounded (cleared at 4,096)."""
        self.legal: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}
        """The sorted ids of legal-action tuples by the tuple's id (the engine gives the
        same tuple for the same roll in the classic game); the tuple is kept with its ids,
        so its id cannot be reused while cached. Bounded (cleared at 1,024 entries)."""

    def of(self, legal: tuple[Action, ...]) -> tuple[int, ...]:
        """The sorted ids of the actions *legal*."""
        cached = self.legal.get(id(legal))
        if cached is not None and cached[0] is legal:
            return cached[1]
        by_id = self.by_id
        found: list[int] = []
        for action in legal:
            known = by_id.get(id(action))
            if known is not None and known[0] is action:
                found.append(known[1])
                continue
            code = self.codes[action]
            if len(by_id) >= 4096:
                by_id.clear()
            by_id[id(action)] = (action, code)
            found.append(code)
        ids = tuple(sorted(found))
        if len(self.legal) >= 1024:
            self.legal.clear()
        self.legal[id(legal)] = (legal, ids)
        return ids


def _codes(config: GameConfig) -> _Codes:
    """The action ids of *config*."""
    return config.cached(_Codes)


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
        self._start = initial(config, self.imperfect)

    def new_initial_state(self) -> LasVegasState:
        """The state before the first action (a chance node: the first draw)."""
        return LasVegasState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LasVegasObserver:
        """An observer for OpenSpiel's observation and information-state API."""
        return LasVegasObserver(self, iig_obs_type, params)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


class PlayerAction(NamedTuple):
    """One entry of :meth:`LasVegasState.full_history` (what ``pyspiel.PlayerAction`` holds)."""

    player: int
    """The seat that acted, ``-1`` for chance."""
    action: int
    """The action's id."""


RESAMPLE_TRIES = 50
"""How many determinisations :meth:`LasVegasState.resample_from_infostate` tries before it
gives up (a sample must offer the player the legal actions it has)."""


class LasVegasState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel state wrapping an immutable :class:`lasvegas.State` (:attr:`lv_state`).

    The calls a search makes at every node (``current_player``, ``is_chance_node``,
    ``is_terminal``, ``legal_actions``, ``chance_outcomes``) are answered in Python without a
    round trip through OpenSpiel's C++ ``State``.
    """

    def __init__(self, game: LasVegasGame) -> None:
        super().__init__(game)
        self._holder = game._start
        self._reward: Reward = game.reward

    @property
    def lv_state(self) -> State:
        """The library's state (the whole truth, hidden parts included)."""
        return self._holder.state

    # -- the OpenSpiel API ----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` or ``pyspiel.PlayerId.TERMINAL``."""
        mover = self._holder.mover
        if mover is None:
            return _TERMINAL
        if mover is CHANCE:
            return _CHANCE
        return mover

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self._holder.mover is CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._holder.mover is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of *player* (default: the one to act), sorted; at a chance
        node, the outcomes' ids; none at the end or for a seat not to act."""
        holder = self._holder
        mover = holder.mover
        if mover is None:
            return []
        if mover is CHANCE:
            if player is None or player == _CHANCE:
                return list(range(len(holder.chance())))
            return super().legal_actions(player)  # type: ignore[no-any-return]
        if player is None or player == mover:
            return list(self._codes())
        if player < 0:
            return super().legal_actions(player)  # type: ignore[no-any-return]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._codes()) if self._holder.mover == player else []

    def _codes(self) -> tuple[int, ...]:
        holder = self._holder
        legal = holder.legal
        if legal is None:
            legal = holder.legal = self._action_codes().of(legal_actions(holder.state))
        return legal

    def _action_codes(self) -> _Codes:
        holder = self._holder
        codes = holder.codes
        if codes is None:
            codes = holder.codes = _codes(holder.state.config)
        return codes  # type: ignore[return-value]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes: ``(index, probability)`` in the engine's order."""
        return probabilities(self._holder.chance())

    def _action(self, action: int) -> Action:
        holder = self._holder
        if holder.mover is CHANCE:
            outcomes = holder.chance()
            if 0 <= action < len(outcomes):
                return outcomes[action][0]
        else:
            actions = self._action_codes().actions
            if 0 <= action < len(actions):
                return actions[action]
        raise IllegalActionError(
            f"action id {action}",
            holder.state.phase.value,
            "no action has this id here",
            "bad-code",
        )

    def apply_action(self, action: int) -> None:
        """Play the action (or chance outcome) with id *action*."""
        self._holder = self._holder.child(self._action(action), action)

    def _apply_action(self, action: int) -> None:  # when OpenSpiel's C++ side applies one
        self._holder = self._holder.child(self._action(action), action)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            chosen = self._action(action)
        except IllegalActionError:
            return f"action {action}"
        return describe(chosen, self._holder.state)

    def returns(self) -> list[float]:
        """Each seat's reward: 0 until the end, then money share or win/loss."""
        return list(final_rewards(self._holder.state, self._reward))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LasVegasState:
        """A state *player_id* cannot tell from this one: the hidden parts sampled with the
        library's determinisation (:func:`lasvegas.agents.determinise`, the modules'
        determinisers), seeded from *probability_sampler* (a callable giving floats in
        [0, 1), as OpenSpiel passes). The sample keeps the player's information state
        string and, at its decision, its legal actions; the other seats' information states
        start afresh from the sample (nothing of the true state leaks through them). A
        perfect-information state is its own sample.

        Raises ``NotImplementedError`` when the config has a module that hides something
        and has no determiniser.
        """
        holder = self._holder
        if holder.log is None and holder.anchor is None:
            return self.clone()  # type: ignore[no-any-return]
        truth = holder.state
        view = observe(truth, player_id)
        rng = Rng(int(probability_sampler() * 2**53))
        for _ in range(RESAMPLE_TRIES):
            guess = determinise(view, rng)
            if guess is None:
                hidden = [m.id for m in truth.config.modules if hides(m)]
                raise NotImplementedError(
                    f"cannot resample: a module among {hidden} has no determiniser "
                    "(Capabilities.determinise), or a pending task is not shown"
                )
            if to_move(guess) != holder.mover:
                continue
            if holder.mover == player_id and legal_actions(guess) != view.legal:
                continue
            sample = LasVegasState(self.get_game())
            sample._holder = sampled(guess, player_id, self._line().seat(player_id))
            return sample
        raise NotImplementedError(
            f"cannot resample: no determinisation in {RESAMPLE_TRIES} tries offered "
            f"seat {player_id} its legal actions"
        )

    def __str__(self) -> str:
        return to_json(self._holder.state)

    # -- information states ---------------------------------------------------------------------

    def history(self) -> list[int]:
        """The ids of the actions and chance outcomes played since the start (for a
        resampled state: since the sample)."""
        return [code for _, code in self._holder.moves()]

    def full_history(self) -> list[PlayerAction]:
        """The history with each action's player (``-1``: chance)."""
        return [PlayerAction(player, code) for player, code in self._holder.moves()]

    def history_str(self) -> str:
        """The history as text, ids joined by ``", "``."""
        return ", ".join(str(code) for _, code in self._holder.moves())

    def move_number(self) -> int:
        """How many actions and chance outcomes the history holds."""
        return self._holder.depth

    def is_initial_state(self) -> bool:
        """Whether nothing has been played (for a resampled state: since the sample)."""
        return self._holder.depth == 0

    def _line(self) -> Log:
        return self._holder.line(self._action_codes().actions)

    def information_state_string(self, player: int | None = None) -> str:
        """*player*'s information state (default: the one to act) as text (see the module's
        notes)."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._holder.state.config.players:
            return super().information_state_string(player)  # type: ignore[no-any-return]
        return self.seen(player)

    def observation_string(self, player: int | None = None) -> str:
        """*player*'s view (default: the one to act) as text."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._holder.state.config.players:
            return super().observation_string(player)  # type: ignore[no-any-return]
        return board_text(observe(self._holder.state, player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """*player*'s view (default: the one to act) as the encoder's vector (OpenSpiel's
        own path would also encode a new initial state each time, to learn the size)."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._holder.state.config.players:
            return super().observation_tensor(player)  # type: ignore[no-any-return]
        encoder = observation_encoder(self._holder.state.config)
        tensor = np.zeros(encoder.size, np.float32)
        encoder.encode_array(observe(self._holder.state, player), tensor)
        return tensor.tolist()

    def seen(self, player: int) -> str:
        """The information state string of *player* (see the module's notes)."""
        holder = self._holder
        if holder.log is None and holder.anchor is None:
            return f"p{player} history " + " ".join(map(str, self.history()))
        return f"p{player}\n" + "\n".join(entries(self._line().seat(player).trail))


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
        self._encoder.encode_array(view, self.tensor)

    def string_from(self, state: LasVegasState, player: int) -> str:
        """*player*'s observation (or information state) of *state* as text."""
        if self._recall:
            return state.seen(player)
        return board_text(observe(state.lv_state, None if self._public else player))


pyspiel.register_game(_game_type(pyspiel.GameType.Information.IMPERFECT_INFORMATION), LasVegasGame)

from ._spiel_search import RolloutEvaluator, small_config, to_efg  # noqa: E402 - after the game
