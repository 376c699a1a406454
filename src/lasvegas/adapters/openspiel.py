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
from ..agents.determinise import determinise, hides
from ..chance import Rng
from ..config import GameConfig
from ..engine import (
    Step,
    action_space,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    sample_chance,
    step,
    to_move,
)
from ..errors import IllegalActionError
from ..events import Event
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
    "RESAMPLE_TRIES",
    "LasVegasGame",
    "LasVegasObserver",
    "LasVegasState",
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


def _config_codes(config: GameConfig) -> tuple[tuple[Action, ...], dict[Action, int]]:
    actions = action_space(config)
    return actions, {action: code for code, action in enumerate(actions)}


def _codes(config: GameConfig) -> tuple[tuple[Action, ...], dict[Action, int]]:
    """The action space of *config* and each action's code (a table of the config, built
    once: :meth:`lasvegas.GameConfig.table`)."""
    return config.table(_config_codes)


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


class _Seen:
    """One seat's information state at one node: its trail, and the text of what its view
    shows beyond a spectator's there (:func:`_secret`)."""

    __slots__ = ("secret", "trail")

    def __init__(self, trail: Trail, secret: str) -> None:
        self.trail = trail
        self.secret = secret


class _Log:
    """A node of a game's history in an imperfect-information game: the step that led to it,
    and each seat's information state there, worked out only when asked for (from its
    parent's: a seat whose information state is never asked costs nothing per step). What
    only the seats' first computation needs (the events, the spectator's view) is dropped
    once every seat has been worked out, so long games keep little per node."""

    __slots__ = (
        "_events",
        "_public",
        "before",
        "chosen",
        "mover",
        "parent",
        "seen",
        "state",
        "waiting",
        "wanted",
    )

    def __init__(
        self,
        parent: _Log | None,
        mover: int | None,
        chosen: Action | None,
        state: State,
        seen: list[_Seen | None],
        events: tuple[Event, ...] | None = None,
        before: State | None = None,
    ) -> None:
        self.parent = parent
        self.mover = mover
        self.chosen = chosen
        self.state = state
        self.seen = seen
        self.waiting = seen.count(None)
        self._events = events
        self.before = before
        """The state before the step, kept until its events are worked out."""
        self._public: tuple[object, ...] | None = None
        self.wanted: bool = parent is not None and parent.wanted
        """Whether an information state has been asked for on this line of play: then
        the next steps keep their events at once (``step`` instead of ``apply``)."""

    def events(self) -> tuple[Event, ...]:
        if self._events is None:
            assert self.before is not None
            assert self.chosen is not None
            self._events = step(self.before, self.chosen).events
            self.before = None
        return self._events

    def seat(self, seat: int) -> _Seen:
        """*seat*'s information state here (computed from the nearest known ancestor's)."""
        self.wanted = True
        known = self.seen[seat]
        if known is not None:
            return known
        chain: list[_Log] = []
        node: _Log | None = self
        while node is not None and node.seen[seat] is None:
            chain.append(node)
            node = node.parent
        assert node is not None  # the root's information states are always known
        last = node.seen[seat]
        assert last is not None
        for node in reversed(chain):
            if node.mover == seat:
                entry = f"you: {node.chosen!r}"
            else:
                events = _seen_events(node.state, node.events(), seat)
                entry = "; ".join(map(repr, events)) or "-"
            if node._public is None:
                node._public = _private(node.state, None)
            secret = _secret(node.state, seat, node._public)
            if secret != last.secret:
                entry += f" | yours: {secret}"
            node.seen[seat] = last = _Seen((entry, last.trail), secret)
            node.waiting -= 1
            if node.waiting == 0:  # every seat worked out: drop what only they needed
                node._events = None
                node._public = None
                node.before = None
                node.parent = None
        return last


class _Frozen:
    """Holds an immutable :class:`~lasvegas.State`, its mover, and (imperfect information)
    the node of its history that gives each seat's information state.

    Copied by reference (OpenSpiel clones states with ``copy.deepcopy``; nothing here
    changes but caches) and pickled as the state's JSON and each seat's information state
    (OpenSpiel serialises a Python state by pickling its attributes).
    """

    __slots__ = ("log", "mover", "outcomes", "state")

    def __init__(self, state: State, log: _Log | None) -> None:
        self.state = state
        self.mover = to_move(state)
        self.log = log
        """The history node (``None``: perfect information, not kept)."""
        self.outcomes: tuple[tuple[Action, Fraction], ...] | None = None

    def chance(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.outcomes is None:
            self.outcomes = chance_outcomes(self.state)
        return self.outcomes

    def __deepcopy__(self, memo: dict[int, object]) -> _Frozen:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Frozen], tuple[object, ...]]:
        log = self.log
        if log is None:
            return (_thaw, (to_json(self.state), None, ()))
        seen = [log.seat(seat) for seat in range(self.state.config.players)]
        return (
            _thaw,
            (
                to_json(self.state),
                tuple(_entries(s.trail) for s in seen),
                tuple(s.secret for s in seen),
            ),
        )


def _entries(trail: Trail) -> tuple[str, ...]:
    """A trail's entries, oldest first (flat: pickling a long linked list would recurse)."""
    entries: list[str] = []
    while trail is not None:
        entries.append(trail[0])
        trail = trail[1]
    return tuple(reversed(entries))


def _trail(entries: tuple[str, ...]) -> Trail:
    trail: Trail = None
    for entry in entries:
        trail = (entry, trail)
    return trail


def _thaw(text: str, seen: tuple[tuple[str, ...], ...] | None, secrets: tuple[str, ...]) -> _Frozen:
    state = from_json(text, State)
    if seen is None:
        return _Frozen(state, None)
    known: list[_Seen | None] = [
        _Seen(_trail(entries), secret) for entries, secret in zip(seen, secrets, strict=True)
    ]
    return _Frozen(state, _Log(None, None, None, state, known))


@functools.lru_cache(maxsize=64)
def _initial(config: GameConfig, imperfect: bool) -> _Frozen:
    state = new_game(config)
    if not imperfect:
        return _Frozen(state, None)
    public = _private(state, None)
    seen: list[_Seen | None] = []
    for seat in range(config.players):
        secret = _secret(state, seat, public)
        seen.append(_Seen((f"start: {secret}", None) if secret else None, secret))
    return _Frozen(state, _Log(None, None, None, state, seen))


_FLOATS: dict[int, tuple[tuple[tuple[Action, Fraction], ...], list[tuple[int, float]]]] = {}
"""The ``(index, probability)`` lists of chance nodes by the outcome tuple's id (the engine
gives the same tuple for every roll of so many dice, and for a card pile it has seen
lately); the tuple is kept with its list, so its id cannot be reused while cached. Bounded
(cleared at 1,024 entries)."""


def _probabilities(outcomes: tuple[tuple[Action, Fraction], ...]) -> list[tuple[int, float]]:
    """OpenSpiel's ``chance_outcomes()`` of *outcomes*: ``(index, probability)`` pairs."""
    cached = _FLOATS.get(id(outcomes))
    if cached is not None and cached[0] is outcomes:
        return cached[1]
    pairs = [(i, p.numerator / p.denominator) for i, (_, p) in enumerate(outcomes)]
    if len(_FLOATS) >= 1024:
        _FLOATS.clear()
    _FLOATS[id(outcomes)] = (outcomes, pairs)
    return pairs


RESAMPLE_TRIES = 50
"""How many determinisations :meth:`LasVegasState.resample_from_infostate` tries before it
gives up (a sample must offer the player the legal actions it has)."""


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
        mover = self._held.mover
        if mover is None:
            return _TERMINAL
        if mover is CHANCE:
            return _CHANCE
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        if held.mover != player:
            return []
        codes = _codes(held.state.config)[1]
        return sorted([codes[action] for action in legal_actions(held.state)])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes: ``(index, probability)`` in the engine's order."""
        return list(_probabilities(self._held.chance()))

    def _action(self, action: int) -> Action:
        held = self._held
        if held.mover is CHANCE:
            outcomes = held.chance()
            if 0 <= action < len(outcomes):
                return outcomes[action][0]
        else:
            actions = _codes(held.state.config)[0]
            if 0 <= action < len(actions):
                return actions[action]
        raise IllegalActionError(
            f"action id {action}", held.state.phase.value, "no action has this id here", "bad-code"
        )

    def _apply_action(self, action: int) -> None:
        held = self._held
        before = held.state
        chosen = self._action(action)
        log = held.log
        if log is None:
            self._held = _Frozen(apply(before, chosen), None)
            return
        mover = held.mover
        seat = mover if isinstance(mover, int) else None
        seen: list[_Seen | None] = [None] * len(log.seen)
        if log.wanted:  # information states are asked for: keep the events now
            done = step(before, chosen)
            log = _Log(log, seat, chosen, done.state, seen, done.events)
        else:  # maybe never asked for: keep the state before, to work them out later
            log = _Log(log, seat, chosen, apply(before, chosen), seen, before=before)
        self._held = _Frozen(log.state, log)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            chosen = self._action(action)
        except IllegalActionError:
            return f"action {action}"
        return describe(chosen, self._held.state)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._held.mover is None

    def returns(self) -> list[float]:
        """Each seat's reward: 0 until the end, then money share or win/loss."""
        return list(final_rewards(self._held.state, self._reward))

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
        held = self._held
        log = held.log
        if log is None:
            return self.clone()  # type: ignore[no-any-return]
        truth = held.state
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
            if to_move(guess) != held.mover:
                continue
            if held.mover == player_id and legal_actions(guess) != view.legal:
                continue
            return self._with(guess, log.seat(player_id), player_id)
        raise NotImplementedError(
            f"cannot resample: no determinisation in {RESAMPLE_TRIES} tries offered "
            f"seat {player_id} its legal actions"
        )

    def _with(self, state: State, mine: _Seen, player: int) -> LasVegasState:
        """A new OpenSpiel state of *state*: *player*'s information state is *mine*, the
        other seats' start from *state* (the sample)."""
        public = _private(state, None)
        seen: list[_Seen | None] = []
        for seat in range(state.config.players):
            if seat == player:
                seen.append(mine)
                continue
            secret = _secret(state, seat, public)
            seen.append(_Seen((f"sampled for p{player}: {secret}", None), secret))
        sample = LasVegasState(self.get_game())
        sample._held = _Frozen(state, _Log(None, None, None, state, seen))
        return sample

    def __str__(self) -> str:
        return to_json(self._held.state)

    # -- information states ---------------------------------------------------------------------

    def seen(self, player: int) -> str:
        """The information state string of *player* (see the module's notes)."""
        log = self._held.log
        if log is None:
            return f"p{player} history " + " ".join(map(str, self.history()))
        return f"p{player}\n" + "\n".join(_entries(log.seat(player).trail))


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


def _private(state: State, seat: int | None) -> tuple[object, ...]:
    """The modules' slices and pending tasks as *seat* sees them (as in its view)."""
    modules = state.config.modules
    slices = tuple(m.redact(state, i, seat) for i, m in enumerate(modules))
    tasks = tuple(modules[t.module].public_task(state, t.module, t, seat) for t in state.tasks)
    return (*slices, *tasks)


def _secret(state: State, seat: int, public: tuple[object, ...]) -> str:
    """What *seat*'s view shows of the modules' slices and tasks beyond a spectator's
    (*public*: :func:`_private` for a spectator), as text."""
    mine = _private(state, seat)
    return "; ".join(repr(a) for a, b in zip(mine, public, strict=True) if a != b)


def _seen_events(state: State, events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """*events* (of the step that led to *state*) as *seat* sees them."""
    return observe_events(Step(state, events), seat)


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


# -- search --------------------------------------------------------------------------------------


class RolloutEvaluator:
    """OpenSpiel's MCTS evaluator (``evaluate``, ``prior``) with random rollouts played on the
    library's engine instead of through OpenSpiel: from a state, *n_rollouts* games are
    finished with uniformly random legal actions and chance drawn with an
    :class:`~lasvegas.Rng` seeded with *seed*, and their final rewards averaged. It plays
    what OpenSpiel's ``RandomRolloutEvaluator`` plays, many times faster (no OpenSpiel call,
    no numpy draw per step). Give it to ``mcts.MCTSBot`` or ``ismcts.ISMCTSBot``.

    >>> import lasvegas as lv
    >>> game = load_game(lv.classic(2))
    >>> values = RolloutEvaluator(2, seed=1).evaluate(game.new_initial_state())
    >>> len(values), round(float(values.sum()), 6)
    (2, 1.0)
    """

    def __init__(self, n_rollouts: int = 1, seed: int | None = None) -> None:
        if n_rollouts < 1:
            raise ValueError("n_rollouts must be at least 1")
        self.n_rollouts = n_rollouts
        """Rollouts averaged per evaluation."""
        self._rng = Rng(0 if seed is None else seed)

    def evaluate(self, state: LasVegasState) -> Any:
        """The mean final rewards of the rollouts from *state* (a numpy array, one per seat)."""
        rng = self._rng
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            lv_state = state.lv_state
            while (mover := to_move(lv_state)) is not None:
                if mover is CHANCE:
                    action = sample_chance(lv_state, rng)
                else:
                    legal = legal_actions(lv_state)
                    action = legal[rng.below(len(legal))]
                lv_state = apply(lv_state, action)
            total += final_rewards(lv_state, state._reward)
        return total / self.n_rollouts

    def prior(self, state: LasVegasState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes' probabilities at chance)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


# -- a configuration small enough for CFR, and the tree as EFG text -----------------------------------


def small_config(players: int = 2, dice: int = 2) -> GameConfig:
    """The classic config with :class:`lasvegas.SmallGame`: the one CFR is run on in the
    tests.

    >>> small_config().players
    2
    """
    from ..classic import SmallGame, classic

    return classic(players, SmallGame(dice=dice))


def to_efg(game: Any) -> str:
    """The whole tree of *game* (an OpenSpiel game) as Gambit EFG text, which
    ``pyspiel.load_efg_game`` loads as a C++ game: tabular algorithms (CFR, exploitability)
    then run at C++ speed instead of calling this Python game at every node. The tree is
    walked in full, so only small configurations (:func:`small_config`) are practical.
    Decisions in one information set (the same information state string) share an infoset;
    an action is named by its id.

    >>> import lasvegas as lv
    >>> text = to_efg(load_game(small_config(dice=1)))
    >>> text.splitlines()[0]
    'EFG 2 R "python_lasvegas" { "Player 1" "Player 2" }'
    """
    players = game.num_players()
    names = " ".join(f'"Player {p + 1}"' for p in range(players))
    lines = [f'EFG 2 R "{GAME_NAME}" {{ {names} }}', '""']
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    counters = {"chance": 0, "outcome": 0}
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            counters["outcome"] += 1
            payoffs = " ".join(repr(float(r)) for r in state.returns())
            lines.append(f't "" {counters["outcome"]} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            counters["chance"] += 1
            outcomes = state.chance_outcomes()
            branches = " ".join(f'"{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {counters["chance"]} "" {{ {branches} }} 0')
            actions = [a for a, _ in outcomes]
        else:
            player = state.current_player()
            key = state.information_state_string(player)
            number = infosets[player].setdefault(key, len(infosets[player]) + 1)
            actions = state.legal_actions()
            labels = " ".join(f'"{a}"' for a in actions)
            lines.append(f'p "" {player + 1} {number} "" {{ {labels} }} 0')
        stack.extend(state.child(a) for a in reversed(actions))
    return "\n".join(lines) + "\n"
