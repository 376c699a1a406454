"""Helpers for testing games and rule modules, shipped so module authors can reuse them.

* :func:`random_sim_test` plays random games of a config to the end and checks, at every
  step, the engine's contract;
* :func:`check_invariants` checks that dice and money are conserved in one state;
* one scripting vocabulary for every edition, through the public API (chance outcomes are
  actions, so a script fixes every note, card and die):

  - :func:`setup_round`: answer a round's setup (notes; Royale's tiles, cards, bank and
    neutral set; the card game's notes, hands and chip cards);
  - :func:`turn` and :func:`finish_round`: roll chosen faces for every dice group (regular,
    big, kicker, neutral) and place;
  - :func:`deal_cards` and :func:`play_cards`: the card game's hands and selections;
  - :func:`answer` and :func:`pay_bank`: answer a decision by its name and fields;
  - :func:`chips`, :func:`bank`, :func:`tile_at` and :func:`part`: read chips, the bank,
    the tile at a casino and one module's part of a state or view by name;
  - :func:`play`, :func:`deal` and :func:`random_game`.

>>> import lasvegas as lv
>>> state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
>>> tile_at(state, 1).name, chips(state), len(bank(state))
('Jackpot', (2, 2, 2), 54)
>>> state = turn(state, [1, 1, 4, 4, 4, 4, 4], 4, big=6)
>>> state.casinos[3].dice  # seats 0, 1, 2, then the blank dice's imaginary owner
(5, 0, 0, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from .actions import Action, Draw, Place, Roll
from .chance import Rng
from .config import GameConfig
from .engine import (
    Step,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    play_chance,
    sample_chance,
    standings,
    step,
    to_move,
)
from .errors import IllegalActionError
from .events import CasinoPaid, Event
from .modules.contract import money_hint, slice_problems, unlisted_decisions
from .state import Phase, State
from .types import CHANCE, GROUPS, CasinoNumber, Money, Seat
from .validate import state_problems

if TYPE_CHECKING:
    from .modules.base import ModuleState, RuleModule
    from .view import PlayerView

__all__ = [
    "EXTRA_CHECKS",
    "ROYALE_CARDS",
    "ROYALE_RESERVE",
    "SimulationError",
    "answer",
    "bank",
    "check_invariants",
    "check_json_and_views",
    "chips",
    "deal",
    "deal_cards",
    "example_configs",
    "finish_round",
    "part",
    "pay_bank",
    "play",
    "play_cards",
    "random_action",
    "random_game",
    "random_sim_test",
    "register_example_configs",
    "setup_round",
    "tile_at",
    "turn",
]

_T = TypeVar("_T")

StateCheck = Callable[[State], None]
"""A check run on every state of :func:`random_sim_test`; it raises to report a failure."""


def check_json_and_views(state: State, actions: list[Action]) -> None:
    """Raise :class:`SimulationError` unless *state* and its parts survive JSON and views leak nothing.

    The checks of ``lasvegas.serde.roundtrip_problems``: the state, its standings, the
    last action and every seat's view load back equal; views hold no RNG and do not change
    when what the seat may not see is drawn again; a finished game's record replays.

    >>> import lasvegas as lv
    >>> check_json_and_views(lv.new_game(lv.classic(4)), [])
    """
    from .serde import roundtrip_problems

    problems = roundtrip_problems(state, actions)
    if problems:
        raise _fail("; ".join(problems))


EXTRA_CHECKS: list[Callable[[State, list[Action]], None]] = [check_json_and_views]
"""Checks :func:`random_sim_test` runs besides its own (JSON round trips, views ...).

Each is called with a state and the actions that led to it, and raises on a failure.
"""

_EXAMPLES: list[Callable[[], Iterable[GameConfig]]] = []


def register_example_configs(source: Callable[[], Iterable[GameConfig]]) -> None:
    """Add configs to :func:`example_configs`; *source* is called each time they are listed.

    Each edition package registers a few configs covering its modules, so the suite-wide
    property tests (JSON, views, fuzzing) cover every edition without being edited.

    >>> register_example_configs(lambda: [])
    """
    _EXAMPLES.append(source)


def _classic_examples() -> list[GameConfig]:
    from .classic import NeutralDice, classic

    configs = [classic(players) for players in range(2, 6)]
    configs += [classic(players, NeutralDice()) for players in (2, 3, 4)]
    configs.append(classic(4, hide_money=True))
    return configs


register_example_configs(_classic_examples)


def example_configs() -> tuple[GameConfig, ...]:
    """A few configs of every registered edition and module, without duplicates.

    >>> import lasvegas as lv
    >>> lv.classic(4) in example_configs()
    True
    """
    seen: dict[GameConfig, None] = {}
    for source in _EXAMPLES:
        for config in source():
            seen.setdefault(config, None)
    return tuple(seen)


class SimulationError(AssertionError):
    """A check of :func:`random_sim_test` or :func:`check_invariants` failed."""


def play(state: State, actions: Iterable[Action]) -> State:
    """Apply *actions* in order.

    >>> import lasvegas as lv
    >>> state = play(lv.new_game(lv.classic(2)), [lv.Draw(90_000)])
    >>> state.casinos[0].notes
    (90000,)
    """
    for action in actions:
        state = apply(state, action)
    return state


def deal(state: State, *casinos: Iterable[int]) -> State:
    """Deal the given notes to casinos 1, 2, ... in order (as ``Draw`` actions).

    >>> import lasvegas as lv
    >>> state = deal(lv.new_game(lv.classic(2)), [90_000], [10_000, 40_000])
    >>> [c.notes for c in state.casinos[:3]]
    [(90000,), (40000, 10000), ()]
    """
    for notes in casinos:
        for value in notes:
            state = apply(state, Draw(value))
    return state


ROYALE_CARDS: tuple[Money, ...] = (
    40_000, 30_000,
    50_000, 30_000,
    50_000, 40_000,
    60_000, 50_000,
    70_000, 60_000,
    90_000, 80_000,
)  # fmt: skip
"""A Royale round's 12 cards in pair order, :func:`setup_round`'s default: pairs of
$70,000, $80,000, $90,000, $110,000, $130,000 and $170,000, which R-4 puts on casinos 1 to 6
in that order."""

ROYALE_RESERVE: tuple[Money, ...] = tuple(sorted(ROYALE_CARDS * 2))
"""The 24 reserve cards :func:`setup_round` leaves undrawn by default in Royale's main
game: :data:`ROYALE_CARDS` twice, so that rounds 2 and 3 can deal them again."""


def _flat(values: Iterable[Money | Iterable[Money]]) -> list[Money]:
    flat: list[Money] = []
    for value in values:
        if isinstance(value, int):
            flat.append(value)
        else:
            flat.extend(value)
    return flat


def setup_round(
    state: State,
    *,
    notes: Iterable[Money | Iterable[Money]] | None = None,
    tiles: Sequence[str] = (),
    cards: Sequence[Money] = ROYALE_CARDS,
    reserve: Sequence[Money] = ROYALE_RESERVE,
    bank: Sequence[Money] | None = None,
    neutral: Sequence[int] = (6, 6, 6, 6, 6, 6, 6),
    neutral_big: int = 6,
    leftover: Sequence[int] | None = None,
    hands: Mapping[Seat, Sequence[int]] | Sequence[Sequence[int]] | None = None,
    chip_cards: Sequence[str] = (),
) -> State:
    """Answer a round's setup chance nodes, in any edition, and return the state at its first
    decision or roll.

    * the classic game and the card game: *notes*, the notes drawn in order (a flat sequence,
      or one sequence per casino); without them each draw takes the first listed outcome;
    * Royale: *tiles*, the faces of the randomly dealt slots in casino order; *cards*, the
      12 money cards in pair order; *reserve*, the cards the bank leaves in the pile in
      round 1 (the bank is the rest, drawn lowest first), or *bank*, the bank's cards (the
      reserve is then the rest); *neutral* and *neutral_big*, the 2-player neutral set's
      small dice and Biggy;
    * with :class:`~lasvegas.NeutralDice` and leftover neutral dice (3 players, C-18):
      *leftover*, the faces they are rolled on at the round's start (without it, the first
      listed outcome);
    * the card game: *hands*, the cards each seat draws (by seat, a mapping or a sequence in
      seat order), see :func:`deal_cards`; *chip_cards*, the colours dealt to the casinos.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=0)))
    >>> [c.notes for c in state.casinos]  # doctest: +NORMALIZE_WHITESPACE
    [(40000, 30000), (50000, 30000), (50000, 40000), (60000, 50000), (70000, 60000),
     (90000, 80000)]
    >>> from lasvegas.royale.components import MONEY_CARDS
    >>> left = Counter(MONEY_CARDS) - Counter(ROYALE_CARDS)
    >>> chosen = sorted(left.elements())[-54:]  # the 54 highest cards left form the bank
    >>> state = setup_round(lv.new_game(lv.royale(3)), tiles=["A2", "C1", "D1"], bank=chosen)
    >>> bank(state)[:3], len(bank(state))
    ((50000, 50000, 50000), 54)
    >>> state = setup_round(lv.new_game(lv.classic(2)), notes=[[90_000], [50_000]] * 3)
    >>> [c.notes for c in state.casinos][:2], state.phase
    ([(90000,), (50000,)], Phase.ROLL)
    >>> state = setup_round(lv.new_game(lv.cardgame(2)), hands=[(11, 12, 21, 22, 31)] * 2)
    >>> lv.to_move(state), lv.legal_actions(state)[0]
    (0, PlayCards(cards=(11,)))
    >>> config = lv.classic(3, lv.NeutralDice())
    >>> state = setup_round(lv.new_game(config), notes=[[50_000]] * 6, leftover=(5, 2))
    >>> [c.dice[3] for c in state.casinos], state.phase  # the neutral owner is seat 3
    ([0, 1, 0, 0, 1, 0], Phase.ROLL)
    """
    from .cardgame.chip_cards import DealChips, DrawChip
    from .cardgame.game import DealCards, DealNotes, DrawCard
    from .classic.neutral_dice import NeutralRoll
    from .royale.module import BankDeal, CardDeal, DealTile, NeutralSetRoll, TileDeal

    drawn = iter(_flat(notes)) if notes is not None else None
    faces = iter(tiles)
    colours = iter(chip_cards)
    wanted: dict[Seat, list[int]] = {}
    if hands is not None:
        pairs = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
        wanted = {seat: list(cards_) for seat, cards_ in pairs}
    pool: list[Money] | None = None
    while to_move(state) is CHANCE:
        task = state.tasks[0] if state.tasks else None
        if task is None or isinstance(task, DealNotes):
            if task is None and state.phase is not Phase.FILL:
                break  # a roll: the round has started
            if drawn is None:
                state = apply(state, chance_outcomes(state)[0][0])
            else:
                state = apply(state, Draw(_next(drawn, "notes")))
        elif isinstance(task, TileDeal):
            state = apply(state, DealTile(_next(faces, "tiles")))
        elif isinstance(task, CardDeal):
            state = apply(state, Draw(cards[len(task.drawn)]))
        elif isinstance(task, BankDeal):
            if pool is None:
                if bank is not None:
                    pool = sorted(bank)
                    if len(pool) != task.left:
                        raise ValueError(f"the bank takes {task.left} cards, not {len(pool)}")
                else:
                    rest = Counter(state.pile_hidden) - Counter(reserve)
                    pool = sorted(rest.elements())
                    if len(pool) != task.left:
                        raise ValueError(f"the reserve must leave {task.left} cards for the bank")
            state = apply(state, Draw(pool.pop(0)))
        elif isinstance(task, NeutralSetRoll):
            if task.group == "big":
                state = apply(state, Roll((neutral_big,), "big"))
            else:
                state = apply(state, Roll(tuple(sorted(neutral)), "neutral"))
        elif isinstance(task, DealCards):
            if hands is None:
                state = apply(state, chance_outcomes(state)[0][0])
            else:
                seat = task.seats[0]
                left = wanted.get(seat)
                if not left:
                    raise ValueError(f"seat {seat} draws a card: give more cards in hands")
                state = apply(state, DrawCard(left.pop(0)))
        elif isinstance(task, NeutralRoll):
            if leftover is None:
                state = apply(state, chance_outcomes(state)[0][0])
            else:
                state = apply(state, Roll(tuple(sorted(leftover)), "neutral"))
        elif isinstance(task, DealChips):
            if chip_cards:
                state = apply(state, DrawChip(_next(colours, "chip_cards")))
            else:
                state = apply(state, chance_outcomes(state)[0][0])
        else:
            break  # another module's chance node: the script answers it
    return state


def _next(values: Iterator[_T], name: str) -> _T:
    for value in values:
        return value
    raise ValueError(f"the setup needs more values: give more {name}")


def turn(
    state: State,
    faces: Iterable[int],
    face: int,
    *,
    big: int | Iterable[int] | None = None,
    kicker: Iterable[int] = (),
    neutral: Iterable[int] = (),
    target: int | None = None,
    log: list[Event] | None = None,
) -> State:
    """Roll the active seat's dice with chosen faces, group by group, then place *face*.

    *faces* are the regular dice's faces, *big* the Biggy's face (or faces), *kicker* the
    kickers', *neutral* the neutral dice's; a group the seat holds dice of needs its faces
    (a :class:`ValueError` says which). *target* places on another casino where a module
    allows it (``Place(face, target)``). With *log*, the placement's events are added to it.
    Leave *faces* empty for a seat that holds no regular dice.

    >>> import lasvegas as lv
    >>> state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    >>> state = turn(state, [6, 1, 1, 1, 1, 1, 1, 1], 6)
    >>> state.casinos[5].dice, lv.to_move(state)
    ((1, 0), lv.CHANCE)
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=0)))
    >>> state = turn(state, [4, 4, 4, 4, 4, 1, 2], 4, big=6)
    >>> state.casinos[3].dice, state.active
    ((5, 0, 0), 1)
    """
    if isinstance(big, int):
        big = (big,)
    given: dict[str, tuple[int, ...] | None] = {
        "regular": tuple(sorted(faces)),
        "big": None if big is None else tuple(sorted(big)),
        "kicker": tuple(sorted(kicker)),
        "neutral": tuple(sorted(neutral)),
    }
    while state.phase is Phase.ROLL and not state.tasks:
        group = GROUPS[state.cursor]
        held = state.supply[state.active][state.cursor]
        chosen = given[group]
        if not chosen:
            option = "faces" if group == "regular" else group
            raise ValueError(
                f"seat {state.active} rolls {held} {group} dice: give their faces ({option}=...)"
            )
        state = apply(state, Roll(chosen) if group == "regular" else Roll(chosen, group))
    return _apply(state, Place(face) if target is None else Place(face, CasinoNumber(target)), log)


def finish_round(state: State, faces: Mapping[Seat, int], log: list[Event] | None = None) -> State:
    """Play out the round: every seat rolls all its remaining dice (every group) on its face
    in *faces* and places them, until no seat holds dice or a decision or chance node other
    than a roll comes up; with *log*, the placements' events are added to it.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(2, tiles=0)))
    >>> state = finish_round(state, {0: 1, 1: 2})
    >>> state.round, state.money
    (2, ((40000,), (50000,)))
    """
    current = state.round
    while state.round == current and state.phase is Phase.ROLL and not state.tasks:
        seat = state.active
        held = state.supply[seat]
        face = faces[seat]
        state = turn(
            state,
            [face] * held[0],
            face,
            big=[face] * held[1] if held[1] else None,
            kicker=[face] * held[2],
            neutral=[face] * held[3],
            log=log,
        )
    return state


def deal_cards(state: State, *hands: Iterable[int]) -> State:
    """Card game: draw the given cards (codes ``10 * face + dice``), one chance node each,
    hand after hand in dealing order; each hand is drawn by the seat then drawing
    (:func:`lasvegas.cardgame.drawing_seat`).

    >>> import lasvegas as lv
    >>> from lasvegas.cardgame import drawing_seat
    >>> notes = [60_000, 90_000, 50_000, 40_000, 30_000, 70_000] * 2
    >>> state = play(lv.new_game(lv.cardgame(2)), [lv.Draw(v) for v in notes])
    >>> drawing_seat(state)
    0
    >>> state = deal_cards(state, (11, 12, 21, 22, 31), (41, 42, 51, 52, 61))
    >>> part(lv.observe(state, 0), "cardgame").hands  # seat 1's cards are hidden (0)
    ((11, 12, 21, 22, 31), (0, 0, 0, 0, 0))
    """
    from .cardgame.game import DrawCard, drawing_seat

    for hand in hands:
        for code in hand:
            if drawing_seat(state) is None:
                raise ValueError(f"no card is drawn now: card {code} is one too many")
            state = apply(state, DrawCard(code))
    return state


def play_cards(state: State, *picks: Iterable[int], log: list[Event] | None = None) -> State:
    """Card game: the seats to move choose these selections in turn (K-5), named in any
    order; with *log*, the events are added to it.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.cardgame(2)), hands=[(11, 12, 21, 22, 31)] * 2)
    >>> state = play_cards(state, (12, 11), (31,))  # a double 1 and a 1; a 3
    >>> state.casinos[0].dice, state.casinos[0].big, state.casinos[2].dice
    ((1, 0), (1, 0), (0, 1))
    """
    from .cardgame.game import PlayCards

    for pick in picks:
        state = _apply(state, PlayCards(tuple(pick)).canonical(), log)
    return state


def _apply(state: State, action: Action, log: list[Event] | None) -> State:
    """``apply``, or ``step`` adding the events to *log*."""
    if log is None:
        return apply(state, action)
    from .engine import step

    result = step(state, action)
    log.extend(result.events)
    return result.state


def answer(
    state: State, name: str, /, *, log: list[Event] | None = None, **fields: object
) -> State:
    """Answer the pending decision with the legal action named *name* (its type's ``kind``
    tag or class name) whose fields are *fields*; exactly one legal action must match. With
    *log*, the events are added to it.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F1",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)  # Block It! asks for a cluster
    >>> state = answer(state, "PlaceCluster", size=3, casino=5)
    >>> state.casinos[4].dice
    (0, 0, 0, 3)
    >>> answer(state, "PlaceCluster", size=3, casino=5)
    Traceback (most recent call last):
    ...
    ValueError: no legal PlaceCluster(size=3, casino=5); legal now: ()
    """
    legal = legal_actions(state)
    found = [
        a
        for a in legal
        if (a.kind == name or type(a).__name__ == name)
        and all(getattr(a, key, _MISSING) == value for key, value in fields.items())
    ]
    if len(found) != 1:
        asked = f"{name}({', '.join(f'{k}={v!r}' for k, v in fields.items())})"
        if not found:
            raise ValueError(f"no legal {asked}; legal now: {legal!r}")
        raise ValueError(f"{asked} matches {len(found)} legal actions: {found!r}")
    return _apply(state, found[0], log)


_MISSING = object()


def pay_bank(
    state: State,
    cards: Iterable[Money] = (),
    chips: int = 0,
    *,
    log: list[Event] | None = None,
) -> State:
    """Royale: answer the pending payment to the bank (Bad Luck, T-1b) with the way that
    hands over *cards* and *chips* chips; with *log*, the events are added to it.

    >>> import lasvegas as lv
    >>> pay_bank(lv.new_game(lv.royale(3)), (60_000,), 2)
    Traceback (most recent call last):
    ...
    ValueError: no payment to the bank is pending
    """
    from .royale.tiles.bad_luck import BadLuckPay, PayBank, debt_options

    task = state.tasks[0] if state.tasks else None
    if not isinstance(task, BadLuckPay):
        raise ValueError("no payment to the bank is pending")
    handed = tuple(sorted(cards))
    options = debt_options(state, task.seat)
    for i, way in enumerate(options):
        if way.cards == handed and way.chips == chips:
            return _apply(state, PayBank(i), log)
    ways = "; ".join(way.text() for way in options)
    raise ValueError(f"seat {task.seat} cannot pay with {handed} and {chips} chips: {ways}")


def chips(state: State) -> tuple[int, ...]:
    """Royale: each seat's chips.

    >>> import lasvegas as lv
    >>> chips(lv.new_game(lv.royale(3)))
    (2, 2, 2)
    """
    from .royale.state import royale_state

    return royale_state(state).chips


def bank(state: State) -> tuple[Money, ...]:
    """Royale's main game: the bank's cards, ascending (public, T-1).

    >>> import lasvegas as lv
    >>> bank(lv.new_game(lv.royale(3)))  # dealt at the round's setup
    ()
    """
    from .royale.state import royale_state

    return royale_state(state).bank


def tile_at(state: State, casino: CasinoNumber) -> RuleModule | None:
    """Royale: the tile module lying at *casino* this round, or ``None``; its slice is
    ``part(state, tile.id)``.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    >>> tile_at(state, lv.CasinoNumber(2)).name, tile_at(state, lv.CasinoNumber(4))
    ('High Five', None)
    """
    from .royale.tiles.base import tile_at as index_at

    index = index_at(state, casino)
    return None if index is None else state.config.modules[index]


def part(state: State | PlayerView, module: str) -> ModuleState | None:
    """The slice of the module with id *module* in a state or a view (what the viewer may
    see of it); ``None`` while the module sleeps. :class:`KeyError` if no module has it.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    >>> part(state, "jackpot")
    JackpotState(casino=1, counter=0)
    >>> part(lv.observe(state, 1), "high-five").casino
    2
    """
    for i, m in enumerate(state.config.modules):
        if m.id == module:
            return state.modules[i]
    ids = [m.id for m in state.config.modules]
    raise KeyError(f"no module {module!r} in the config: {ids}")


def random_game(config: GameConfig, rng: Rng) -> tuple[State, list[Action]]:
    """Play one game with uniformly random legal actions; return the end state and the actions.

    >>> import lasvegas as lv
    >>> state, actions = random_game(lv.classic(3), lv.Rng(5))
    >>> lv.to_move(state) is None, len(actions) > 100
    (True, True)
    """
    state = new_game(config)
    actions: list[Action] = []
    while True:
        run = play_chance(state, rng)  # the chance up to the next decision, in one call
        actions += run.actions
        state = run.state
        if to_move(state) is None:
            return state, actions
        legal = legal_actions(state)
        action = legal[rng.below(len(legal))]
        actions.append(action)
        state = apply(state, action)


def random_action(state: State, rng: Rng) -> Action | None:
    """A chance outcome drawn with *rng* at a chance node, else a uniformly random legal
    action of the seat to move; ``None`` once the game is over.

    >>> import lasvegas as lv
    >>> random_action(lv.new_game(lv.classic(2)), lv.Rng(1))
    Draw(value=...)
    """
    mover = to_move(state)
    if mover is None:
        return None
    if mover is CHANCE:
        return sample_chance(state, rng)
    legal = legal_actions(state)
    return legal[rng.below(len(legal))]


def _fail(message: str) -> SimulationError:
    return SimulationError(message)


def check_invariants(state: State) -> None:
    """Raise :class:`SimulationError` unless *state* keeps every invariant.

    The checks are :func:`lasvegas.state_problems` (the ones a loaded state must pass): each
    seat's dice in its supply, on the casinos and held by modules add up to what it got this
    round; the neutral dice likewise; every banknote is in the pile, at a casino, with a seat
    or held by a module; seats, faces and phases are in range and agree with who is to move;
    and each module's own invariants hold.

    >>> import lasvegas as lv
    >>> check_invariants(lv.new_game(lv.classic(4)))
    """
    problems = state_problems(state)
    if problems:
        if any(problem.startswith("banknotes not conserved") for problem in problems):
            problems = (*problems, money_hint())
        raise _fail("; ".join(problems))


def random_sim_test(config: GameConfig, games: int = 10, seed: int = 0) -> None:
    """Play *games* random games of *config* and check the engine's contract at every step.

    Checked: legal actions are non-empty exactly when a seat is to move, sorted
    without duplicates, and each one applies; chance outcomes have exact probabilities in
    (0, 1] summing to 1 and the sampled outcome is one of them; a task whose type says it is
    always a chance node (``Task.chance``) is one for its module too; dice and money are conserved
    (:func:`check_invariants`); an illegal action raises :class:`IllegalActionError` and
    leaves the state as it was; :func:`~lasvegas.step` reaches the same state as
    :func:`~lasvegas.apply` and both states list the same mover, legal actions and chance
    outcomes (one asked the way a game loop asks, :func:`~lasvegas.to_move` first, the other
    cold); every legal decision is in the config's action space
    (:func:`lasvegas.action_space`, what the adapters number); the game ends; replaying the action list gives the same state; and every check in
    :data:`EXTRA_CHECKS` (JSON round trip, views ...) passes.

    >>> import lasvegas as lv
    >>> random_sim_test(lv.classic(3, lv.NeutralDice()), games=2, seed=1)
    """
    rng = Rng(seed)
    for game in range(games):
        state = new_game(config)
        actions: list[Action] = []
        last: tuple[State, Action, Step] | None = None
        for steps in range(100_000):  # pragma: no branch - every game ends well before
            try:
                _check_state(state, actions, steps)
            except SimulationError as exc:
                raise _fail(_in_step(str(exc), steps, last)) from None
            mover = to_move(state)
            if mover is None:
                break
            if state.tasks and state.tasks[0].chance:
                task = state.tasks[0]
                mover_of = state.config.ruleset.handlers[type(task)].to_move
                said = CHANCE if mover_of is None else mover_of(state, task.module, task)
                if said is not CHANCE:
                    raise _fail(f"{task.kind} is a chance task but its handler says {said!r}")
            if mover is CHANCE:
                outcomes = chance_outcomes(state)
                if not outcomes:
                    raise _fail(f"no chance outcomes at {state.phase}")
                if sum(p for _, p in outcomes) != 1 or any(not 0 < p <= 1 for _, p in outcomes):
                    raise _fail("chance probabilities are not exact and summing to 1")
                if len({a for a, _ in outcomes}) != len(outcomes):
                    raise _fail("duplicate chance outcomes")
                action = sample_chance(state, rng)
                if action not in {a for a, _ in outcomes}:
                    raise _fail(f"sampled {action!r} is not a listed outcome")
                if legal_actions(state):
                    raise _fail("legal actions listed at a chance node")
            else:
                legal = legal_actions(state)
                if not legal:
                    raise _fail(f"seat {mover} is to move but has no legal action")
                if len(set(legal)) != len(legal):
                    raise _fail(f"duplicate legal actions: {legal}")
                unlisted = unlisted_decisions(state, legal)
                if unlisted:
                    raise _fail("; ".join(unlisted))
                if chance_outcomes(state):
                    raise _fail("chance outcomes listed at a decision")
                for other in legal:
                    apply(state, other)  # every legal action applies
                action = legal[rng.below(len(legal))]
            _check_refuses(state, rng)
            actions.append(action)
            stepped = step(state, action)
            last = (state, action, stepped)
            state = apply(state, action)
            _check_paths_agree(state, stepped.state, action)
        else:
            raise _fail(f"game {game} did not end")
        if not standings(state).winners:
            raise _fail("a finished game has no winner")
        replayed = play(new_game(config), actions)
        if replayed != state:
            raise _fail("replaying the action list gave another state")


def _check_paths_agree(applied: State, stepped: State, action: Action) -> None:
    """``step`` and ``apply`` reached the same state, and both list the same next moves.

    *applied* is asked the way a game loop asks (:func:`to_move`, then the legal actions,
    which may reuse what :func:`to_move` worked out), *stepped* cold in the other order.
    """
    if stepped != applied:
        raise _fail(f"step(s, {action!r}).state != apply(s, {action!r}) at {applied.phase}")
    mover = to_move(applied)
    legal = legal_actions(applied)
    outcomes = chance_outcomes(applied)
    cold_legal = legal_actions(stepped)
    cold_outcomes = chance_outcomes(stepped)
    if to_move(stepped) != mover:
        raise _fail(f"after {action!r}, step's and apply's states have different movers")
    if cold_legal != legal:
        raise _fail(f"after {action!r}: legal actions {cold_legal} (step) != {legal} (apply)")
    if cold_outcomes != outcomes:
        raise _fail(f"after {action!r}, step's and apply's states list other chance outcomes")


def _in_step(problem: str, steps: int, last: tuple[State, Action, Step] | None) -> str:
    """*problem*, found in the state after step *steps* (*last*: the state before it, its
    action and the step), with the step's action and the modules that acted in it (the one
    whose task or action it was, those that heard its events or paid a casino, those whose
    slice changed)."""
    if last is None:
        return f"at the start of the game: {problem}"
    before, action, done = last
    config = before.config
    ruleset = config.ruleset
    acted: set[int] = set()
    if before.tasks:
        acted.add(before.tasks[0].module)
    owner = ruleset.action_owner.get(type(action))
    if owner is not None:
        acted.add(owner)
    kinds = {type(event) for event in done.events}
    for kind in kinds:
        acted.update(ruleset.reactors.get(kind, ()))
    if CasinoPaid in kinds:
        acted.update(ruleset.payers)
    pairs = zip(before.modules, done.state.modules, strict=True)
    acted.update(i for i, (old, new) in enumerate(pairs) if old != new)
    names = ", ".join(repr(config.modules[i].id) for i in sorted(acted)) or "none"
    return f"after step {steps} ({action!r}; modules that acted: {names}): {problem}"


def _check_state(state: State, actions: list[Action], steps: int) -> None:
    slices = slice_problems(state)
    if slices:
        raise _fail("; ".join(slices))
    check_invariants(state)
    if steps < 10 or steps & (steps - 1) == 0 or to_move(state) is None:
        for extra in EXTRA_CHECKS:
            extra(state, actions)


_PROBES: tuple[Action, ...] = (Draw(-1), Action())


def _check_refuses(state: State, rng: Rng) -> None:
    """An illegal action raises IllegalActionError and the state stays the same."""
    before = hash(state)
    for probe in _PROBES:
        try:
            apply(state, probe)
        except IllegalActionError:
            continue  # refused, as it must be
        raise _fail(f"{probe!r} was accepted at {state.phase}")
    if hash(state) != before:
        raise _fail("a refused action changed the state")
