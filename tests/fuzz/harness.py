"""The fuzz harness: hostile documents and wrong-typed actions against every public door.

Run it as a script (``nox -s fuzz`` runs 100,000 inputs; the test suite runs a slice)::

    python tests/fuzz/harness.py --inputs 100000 --seed 0

It plays random games of every example config (:func:`lasvegas.testing.example_configs`:
every edition and module), keeps real mid-game documents (states, steps, views, records,
standings, actions, events, configs), and feeds mutations of them (half of them of states) to
:func:`lasvegas.from_json`: a field deleted, an int bumped (by one, to a huge or a negative
number), a value swapped for another JSON type, a list item duplicated or dropped, a list
repeated, a key renamed. One input in ten is instead a legal action with one field swapped for
a wrong Python type (a ``float`` or ``bool`` equal to the right int, a list, a string, ``None``,
a foreign object), applied to the state it was legal in. One input in ten is instead a
**graft**: a field of one real state (a core field, a module slice's field, or the pending
tasks) copied into another real state of the same config.

Every state that loads (a mutation or a graft) is then **played on** for ``--moves`` moves
(200 by default): random legal moves and chance samples, each sample checked to be one of the
chance outcomes, and at every decision **each** legal action applied (a legal action must
never be refused nor raise); the invariants are checked after every move followed.

Each input runs under a limit of CPU time (``ITIMER_PROF``: the machine's load does not count)
and the whole process under a memory cap (``RLIMIT_AS``). Counted:

* **escapes**: an exception that is not a :class:`lasvegas.LasVegasError` leaving
  ``from_json`` or ``apply``, or a refused action that changed its state;
* **over time** / **over memory**: an input that took longer than the limit, or ran out of
  memory (a ``MemoryError`` anywhere, even one ``from_json`` turned into a refusal);
* **accepted impossible**: a loaded state with a problem in :func:`lasvegas.state_problems`,
  or on which a public function (``to_move``, ``legal_actions``, ``chance_outcomes``,
  ``sample_chance``, ``apply``, ``observe``, ``describe``, ``describe_event``,
  ``standings``, ``to_json``) raises anything but a library error, or where a legal action
  is refused, or whose legal moves lead to a state with a problem, or that does not reload
  from its own JSON; the same for every state of the follow-up play.

The run is deterministic for a seed. The last line printed is the summary; failures are
listed above it with their input number (``--only N`` reruns one input).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import sys
import time
import typing
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import attrs

import lasvegas as lv
from lasvegas.testing import example_configs


class Timeout(BaseException):  # a BaseException, so that no `except Exception` eats it
    """The per-input time limit ran out."""


def _alarm(_signum: int, _frame: object) -> None:
    raise Timeout


# -- the corpus -------------------------------------------------------------------------------


@attrs.frozen
class Sample:
    """One real document, decoded, with the type to load it as."""

    cls: type
    """What ``from_json`` is asked for."""
    body: Any
    """The decoded JSON document."""


@attrs.frozen
class Decision:
    """A state and an action that is legal in it (for the wrong-typed actions)."""

    state: lv.State
    """A state with someone (or chance) to move."""
    action: lv.Action
    """A legal action or chance outcome there."""


def corpus(seed: int, games: int = 2) -> tuple[list[Sample], list[Decision]]:
    """Documents and decisions from *games* random games of every example config."""
    rng = lv.Rng(seed)
    samples: list[Sample] = []
    decisions: list[Decision] = []

    def keep(obj: Any, cls: type) -> None:
        samples.append(Sample(cls, json.loads(lv.to_json(obj))))

    for config in example_configs():
        keep(config, lv.GameConfig)
        for _ in range(games):
            state = lv.new_game(config)
            actions: list[lv.Action] = []
            steps = 0
            while (mover := lv.to_move(state)) is not None:
                if mover is lv.CHANCE:
                    action = lv.sample_chance(state, rng)
                else:
                    legal = lv.legal_actions(state)
                    action = legal[rng.below(len(legal))]
                step = lv.step(state, action)
                if steps % 23 == 7 or (state.tasks and rng.below(4) == 0):
                    keep(state, lv.State)
                    keep(step, lv.Step)
                    keep(action, lv.Action)
                    keep(lv.observe(state, rng.below(config.players)), lv.PlayerView)
                    keep(lv.standings(state), lv.Standings)
                    for event in step.events[:2]:
                        keep(event, lv.Event)
                    decisions.append(Decision(state, action))
                actions.append(action)
                state = step.state
                steps += 1
            keep(state, lv.State)
            keep(lv.Record(config, tuple(actions[: 40 + rng.below(60)])), lv.Record)
    return samples, decisions


# -- mutations --------------------------------------------------------------------------------

_BUMPS = (1, -1, 2, -2, 7, 40, 60, 255, 1_000, 10_000, 2**31, 2**63, -(2**31), 2**64 - 1)


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _swap(value: Any, r: random.Random) -> Any:
    """Another JSON value, often one that compares equal to *value*."""
    options: list[Any] = [None, True, False, "1", [], {}, [value], {"kind": "place"}]
    if type(value) is int:
        options += [float(value), value + 0.5, str(value), bool(value % 2)]
    if type(value) is str:
        options += [value.upper(), value + "x", 1]
    if type(value) is list:
        options += [value * 2, value[:1], [value, value]]
    return r.choice(options)


def mutate(document: Any, r: random.Random) -> Any:
    """Change one place of *document* (in place) and return it."""
    places = list(_places(document))
    inner = [p for p in places if p[:1] in (("tasks",), ("modules",), ("state",))]
    if inner and r.random() < 0.5:  # the module slices and tasks, where the counts are
        places = [(), *inner]
    path = r.choice(places[1:] or places)
    if not path:
        return _swap(document, r)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    old = parent[key]
    ints = [p for p in places[1:] if type(_get(document, p)) is int]
    operation = r.choice(["delete", "bump", "bump", "bump", "swap", "list", "rename"])
    if operation == "bump" and ints:
        path = r.choice(ints)
        parent = _get(document, path[:-1])
        bump = r.choice(_BUMPS)
        parent[path[-1]] = r.choice([parent[path[-1]] + bump, bump, -bump])
    elif operation == "delete":
        del parent[key]
    elif operation == "rename" and isinstance(parent, dict):
        parent[key + r.choice(["_", "s", ""]) if r.random() < 0.9 else "kind"] = parent.pop(key)
    elif operation == "list" and type(old) is list:
        choice = r.randrange(4)
        if choice == 0 and old:
            old.insert(r.randrange(len(old)), json.loads(json.dumps(r.choice(old))))
        elif choice == 1 and old:
            del old[r.randrange(len(old)) :]
        elif choice == 2:
            parent[key] = old * r.choice([2, 3, 50])
        else:
            r.shuffle(old)
    else:
        parent[key] = _swap(old, r)
    return document


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


_FOREIGN = object()


def _optional(cls: type, name: str) -> bool:
    """Whether the field *name* of the action class *cls* is declared to accept ``None``."""
    hint = typing.get_type_hints(cls).get(name)
    return type(None) in typing.get_args(hint)


def wrong_types(value: object) -> list[object]:
    """Values of the wrong Python type for a field holding *value*."""
    out: list[object] = [None, "1", [value], _FOREIGN, 1.5]
    if type(value) is int:
        out += [float(value), value == 1, [value], str(value)]
    if type(value) is tuple:
        out += [list(value), (*value, 1.0)]
        floats = tuple(float(x) for x in value if type(x) is int)
        if floats:  # an empty tuple is no wrong type
            out.append(floats)
    return out


# -- the checks -------------------------------------------------------------------------------


class ActionEscapeError(Exception):
    """A wrong-typed action that apply accepted, or refused with a non-library error."""


class ImpossibleError(Exception):
    """A loaded state that some public function cannot answer."""


def _answers(name: str, call: Callable[[], Any]) -> Any:
    try:
        return call()
    except lv.LasVegasError:
        return None
    except (Timeout, MemoryError):
        raise
    except Exception as exc:
        raise ImpossibleError(f"{name} raised {type(exc).__name__}: {exc}") from exc


def _view_json(state: lv.State, seat: int | None) -> str:
    return lv.to_json(lv.observe(state, seat))


MOVES = 200
"""Moves played on from each loaded state (``--moves``)."""


def exercise(state: lv.State, r: random.Random, moves: int = MOVES) -> int:
    """Ask every public function about *state* and the *moves* states after it (random legal
    moves and chance samples), applying every legal action at each decision; raise
    ImpossibleError. Return the moves played (fewer when the game ends)."""
    problems = lv.state_problems(state)
    if problems:
        raise ImpossibleError(f"loaded with problems: {problems[:2]}")
    text = _answers("to_json", lambda: lv.to_json(state))
    if text is not None and lv.from_json(text, lv.State) != state:
        raise ImpossibleError("does not reload equal")
    rng = lv.Rng(r.getrandbits(32))
    for played in range(moves):
        _answers("standings", partial(lv.standings, state))
        for seat in (None, *range(state.config.players)):
            _answers("observe", partial(_view_json, state, seat))
        mover = _answers("to_move", partial(lv.to_move, state))
        if mover is None:
            return played
        options: tuple[lv.Action, ...] | None
        if mover is lv.CHANCE:
            pairs = _answers("chance_outcomes", partial(lv.chance_outcomes, state))
            options = None if pairs is None else tuple(a for a, _ in pairs)
            sampled = _answers("sample_chance", partial(lv.sample_chance, state, rng))
            if sampled is not None and options is not None and sampled not in options:
                raise ImpossibleError(f"sample_chance gave {sampled!r}, not an outcome")
        else:
            options = _answers("legal_actions", partial(lv.legal_actions, state))
        if not options:
            raise ImpossibleError(f"{mover!r} is to move with nothing to do")
        if mover is not lv.CHANCE:
            for other in options:  # every legal action applies
                _applies(state, other)
        action = options[r.randrange(len(options))]
        _answers("describe", partial(lv.describe, action, state))
        try:
            step = lv.step(state, action)
        except lv.LasVegasError as exc:
            raise ImpossibleError(f"a legal move {action!r} was refused: {exc}") from exc
        except (Timeout, MemoryError):
            raise
        except Exception as exc:
            raise ImpossibleError(f"apply raised {type(exc).__name__}: {exc}") from exc
        for event in step.events:
            _answers("describe_event", partial(lv.describe_event, event, state))
        problems = lv.state_problems(step.state)
        if problems:
            raise ImpossibleError(f"a legal move led to problems: {problems[:2]}")
        state = step.state
    return moves


def _applies(state: lv.State, action: lv.Action) -> None:
    """Apply the legal *action*: ImpossibleError if it is refused or raises."""
    try:
        lv.apply(state, action)
    except lv.LasVegasError as exc:
        raise ImpossibleError(f"a legal action {action!r} was refused: {exc}") from exc
    except (Timeout, MemoryError):
        raise
    except Exception as exc:
        raise ImpossibleError(f"apply({action!r}) raised {type(exc).__name__}: {exc}") from exc


# -- grafts -----------------------------------------------------------------------------------


def graft_places(document: Any) -> list[tuple[Any, ...]]:
    """The places of a state document a graft may copy: each core field but the config, each
    module slice's field (or the whole slice when it is ``None``), and the pending tasks."""
    places: list[tuple[Any, ...]] = [(key,) for key in document if key != "config"]
    for index, part in enumerate(document.get("modules", [])):
        if isinstance(part, dict):
            places += [("modules", index, key) for key in part if key != "kind"]
    return places


def graft(into: Any, donor: Any, r: random.Random) -> tuple[Any, tuple[Any, ...]] | None:
    """*into* (a state document) with one place taken from *donor* (a state document of the
    same config), and that place; ``None`` when the two agree there."""
    places = [p for p in graft_places(into) if _has(donor, p)]
    r.shuffle(places)
    for place in places:
        value = _get(donor, place)
        if value != _get(into, place):
            parent = _get(into, place[:-1])
            parent[place[-1]] = json.loads(json.dumps(value))
            return into, place
    return None


def _has(document: Any, path: tuple[Any, ...]) -> bool:
    try:
        _get(document, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


# -- the run ----------------------------------------------------------------------------------


@attrs.define
class Summary:
    """The counts of one run."""

    seed: int
    inputs: int = 0
    loaded: int = 0
    refused: int = 0
    grafts: int = 0
    grafts_loaded: int = 0
    moves: int = 0
    actions: int = 0
    action_escapes: int = 0
    escapes: int = 0
    over_time: int = 0
    over_memory: int = 0
    accepted_impossible: int = 0
    slowest_ms: float = 0.0
    slowest_input: int = -1
    peak_rss_mb: float = 0.0
    seconds: float = 0.0
    failures: list[str] = attrs.Factory(list)

    def line(self) -> str:
        """The summary line."""
        return (
            f"fuzz seed={self.seed} inputs={self.inputs} loaded={self.loaded} "
            f"refused={self.refused} grafts={self.grafts} "
            f"grafts_loaded={self.grafts_loaded} moves={self.moves} "
            f"actions={self.actions} "
            f"action_escapes={self.action_escapes} escapes={self.escapes} "
            f"over_time={self.over_time} over_memory={self.over_memory} "
            f"accepted_impossible={self.accepted_impossible} "
            f"slowest_ms={self.slowest_ms:.1f} slowest_input={self.slowest_input} "
            f"peak_rss_mb={self.peak_rss_mb:.0f} "
            f"seconds={self.seconds:.0f}"
        )


def _memory_error(exc: BaseException | None) -> bool:
    while exc is not None:
        if isinstance(exc, MemoryError):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _states_by_config(samples: list[Sample]) -> dict[str, list[Any]]:
    """The state documents of *samples*, grouped by their config's JSON."""
    groups: dict[str, list[Any]] = {}
    for sample in samples:
        if sample.cls is lv.State:
            key = json.dumps(sample.body["config"], sort_keys=True)
            groups.setdefault(key, []).append(sample.body)
    return {key: group for key, group in groups.items() if len(group) > 1}


def one_graft(r: random.Random, groups: dict[str, list[Any]], summary: Summary, moves: int) -> None:
    """Graft one field between two real states of one config: refused, or playable."""
    summary.grafts += 1
    group = groups[r.choice(sorted(groups))]
    first, second = r.sample(range(len(group)), 2)
    document = json.loads(json.dumps(group[first]))
    grafted = graft(document, group[second], r)
    if grafted is None:
        return
    text = json.dumps(grafted[0])
    try:
        state = lv.from_json(text, lv.State)
    except lv.DeserializationError as exc:
        if _memory_error(exc):
            raise MemoryError("from_json ran out of memory") from exc
        summary.refused += 1
        return
    summary.loaded += 1
    summary.grafts_loaded += 1
    try:
        summary.moves += exercise(state, r, moves)
    except ImpossibleError as exc:
        raise ImpossibleError(f"graft of {grafted[1]}: {exc}") from exc


def one_input(
    index: int,
    seed: int,
    samples: list[Sample],
    decisions: list[Decision],
    summary: Summary,
    moves: int = MOVES,
    groups: dict[str, list[Any]] | None = None,
    states: list[Sample] | None = None,
) -> None:
    """Run input *index* and count what it did. Half the mutations are of a state document
    (*states*), the other half of any document."""
    r = random.Random(f"{seed}:{index}")
    if index % 10 == 4 and groups:
        one_graft(r, groups, summary, moves)
        return
    if index % 10 == 9:
        summary.actions += 1
        decision = decisions[r.randrange(len(decisions))]
        action = decision.action
        fields = [a.name for a in attrs.fields(type(action)) if a.init]
        if not fields:
            return
        name = r.choice(fields)
        bad = r.choice(wrong_types(getattr(action, name)))
        if bad is None and _optional(type(action), name):
            return  # None is a value this field may hold (Place's target): not a wrong type
        try:
            wrong = attrs.evolve(action, **{name: bad})
        except Exception:  # the action class itself refuses the value: nothing to apply
            return
        before = attrs.asdict(decision.state, recurse=False)
        try:
            lv.apply(decision.state, wrong)
        except lv.LasVegasError:
            if attrs.asdict(decision.state, recurse=False) != before:
                raise ActionEscapeError("a refused action changed its state") from None
            return
        except (Timeout, MemoryError):
            raise
        except Exception as exc:
            raise ActionEscapeError(f"apply({wrong!r}) raised {type(exc).__name__}: {exc}") from exc
        raise ActionEscapeError(f"apply accepted {wrong!r}")
    pool = states if states and r.random() < 0.5 else samples  # states: played on after
    sample = pool[r.randrange(len(pool))]
    document = json.loads(json.dumps(sample.body))
    for _ in range(r.choice((1, 1, 1, 2, 3))):
        document = mutate(document, r)
    text = json.dumps(document)
    try:
        loaded: Any = lv.from_json(text, sample.cls)
    except lv.DeserializationError as exc:
        if _memory_error(exc):
            raise MemoryError("from_json ran out of memory") from exc
        summary.refused += 1
        return
    summary.loaded += 1
    state = loaded.state if isinstance(loaded, lv.Step) else loaded
    if isinstance(loaded, lv.Record):
        state = _answers("replay", lambda: lv.replay(loaded))
    if isinstance(state, lv.State):
        summary.moves += exercise(state, r, moves)


def run(
    inputs: int,
    seed: int = 0,
    *,
    time_limit: float = 2.0,
    moves: int = MOVES,
    only: int | None = None,
    report: Callable[[str], object] = lambda line: sys.stdout.write(line + "\n"),
) -> Summary:
    """Run *inputs* inputs (or input *only*) and return the counts."""
    started = time.perf_counter()
    samples, decisions = corpus(seed)
    groups = _states_by_config(samples)
    states = [sample for sample in samples if sample.cls is lv.State]
    summary = Summary(seed)
    previous = signal.signal(signal.SIGPROF, _alarm)
    indexes = range(inputs) if only is None else [only]
    try:
        for index in indexes:
            summary.inputs += 1
            begin = time.process_time()
            signal.setitimer(signal.ITIMER_PROF, time_limit)
            outcome = ""
            try:
                one_input(index, seed, samples, decisions, summary, moves, groups, states)
            except Timeout:
                outcome = "over_time"
            except MemoryError:
                outcome = "over_memory"
            except ImpossibleError as exc:
                outcome = f"accepted_impossible: {exc}"
            except ActionEscapeError as exc:
                outcome = f"action_escapes: {exc}"
            except Exception as exc:
                outcome = f"escapes: {type(exc).__name__}: {exc}"
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            elapsed = time.process_time() - begin
            if elapsed * 1000 > summary.slowest_ms:
                summary.slowest_ms = elapsed * 1000
                summary.slowest_input = index
            if not outcome and elapsed > time_limit:
                outcome = "over_time"
            if outcome:
                counter = outcome.split(":")[0]
                setattr(summary, counter, getattr(summary, counter) + 1)
                message = f"input {index}: {outcome}"[:400]
                summary.failures.append(message)
                report(message)
    finally:
        signal.signal(signal.SIGPROF, previous)
    summary.peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    summary.seconds = time.perf_counter() - started
    return summary


def main(argv: list[str] | None = None) -> int:
    """Command line: run the harness under a memory cap; exit 1 if anything was counted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=2.0, help="CPU seconds per input")
    parser.add_argument("--memory-mb", type=int, default=1024, help="address-space cap")
    parser.add_argument("--only", type=int, default=None, help="run this one input")
    parser.add_argument(
        "--moves", type=int, default=MOVES, help="moves played on from each loaded state"
    )
    args = parser.parse_args(argv)
    cap = args.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    summary = run(
        args.inputs, args.seed, time_limit=args.time_limit, moves=args.moves, only=args.only
    )
    sys.stdout.write(summary.line() + "\n")
    bad = summary.escapes + summary.action_escapes + summary.over_time + summary.over_memory
    return 1 if bad + summary.accepted_impossible else 0


if __name__ == "__main__":
    sys.exit(main())
