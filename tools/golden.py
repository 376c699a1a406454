"""Golden games: one recorded random game per example config, to lock today's behaviour.

Each file ``tests/golden/<name>.jsonl`` holds one seeded random game (chance drawn and
decisions chosen with :class:`lasvegas.Rng`, as :func:`lasvegas.testing.random_game` plays
them) of one config of :func:`lasvegas.testing.example_configs` (plus the few in
:data:`EXTRA_CONFIGS`), one JSON value per line, so that a behaviour change shows as a small
diff:

* line 1, the header: ``{"name", "seed", "schema", "config", "start"}``, where ``config`` is
  the config's JSON document and ``start`` the digests of the first state (see below);
* one line per action: ``[action, state digest, moves digest]``, the action's JSON body
  (its document without ``format``/``schema``), then the digests of the state it leads to;
* the last line: ``{"final": ...}``, the end state's JSON document.

The *state digest* is the first 16 hex digits of the SHA-256 of ``to_json(state)``; the
*moves digest* that of the ``repr`` of who is to move, the legal actions and the chance
outcomes with their probabilities.

``tests/test_golden.py`` replays every file through :func:`lasvegas.apply` and through
:func:`lasvegas.step` and names the config and the first step that differs.

Usage, from the repository root::

    python tools/golden.py            # replay every golden game; exit 1 on a difference
    python tools/golden.py --write    # record them again (rewrites tests/golden/)

Record them again ONLY for an intentional behaviour change (a rule fixed, a config added),
never to make a failing test pass, and say so in the commit message ("golden games
regenerated: ..."): a speed-up or refactoring must leave every file as it is.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lasvegas as lv
from lasvegas.boulevard import MODULES
from lasvegas.serde import SCHEMA
from lasvegas.testing import example_configs, random_game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
"""Where the golden files live."""


def extra_configs() -> list[lv.GameConfig]:
    """Configs the golden games cover besides the example configs: the Sixth player
    module alone, Royale without repeated tiles and with the most tiles."""
    return [
        lv.classic(6, lv.SixthPlayer()),
        lv.royale(4, tiles=4, no_repeat=True),
        lv.royale(5, tiles=6),
    ]


def name_of(config: lv.GameConfig) -> str:
    """A readable file name for *config*, e.g. ``classic-3p-neutral-dice`` or
    ``royale-3p-deal-A2``: the edition, the players, the modules the edition does not add
    itself (``boulevard`` for all seven Boulevard modules), Royale's options and ``hidden``
    for hidden money."""
    parts = [config.edition, f"{config.players}p"]
    tile_ids = {tile.id for tile in lv.royale(3).modules[1:]}
    boulevard = {module().id for module in MODULES}
    modules = config.modules
    if boulevard <= {module.id for module in modules}:
        modules = tuple(m for m in modules if m.id not in boulevard)
        parts.append("boulevard")
    for module in modules:
        if isinstance(module, lv.Royale):
            if module.tiles != 3:
                parts.append(f"tiles{module.tiles}")
            if module.deal:
                parts.append("deal-" + "-".join(sorted({c for r in module.deal for c in r})))
            if module.no_repeat:
                parts.append("no-repeat")
        elif not _added_by_edition(config, module, tile_ids):
            parts.append(module.id)
    if config.hide_money:
        parts.append("hidden")
    return "-".join(parts)


def _added_by_edition(config: lv.GameConfig, module: lv.RuleModule, tiles: set[str]) -> bool:
    """Royale's tile pool and the card game's ``CardGame``: named by the edition already."""
    if config.edition == "royale":
        return module.id in tiles
    return config.edition == "cardgame" and isinstance(module, lv.CardGame)


def golden_configs() -> dict[str, lv.GameConfig]:
    """Every config with a golden game, by file name (raises on two configs with one name)."""
    configs: dict[str, lv.GameConfig] = {}
    for config in (*example_configs(), *extra_configs()):
        name = name_of(config)
        if name in configs and configs[name] != config:
            raise ValueError(f"two golden configs are both named {name!r}")
        configs[name] = config
    return configs


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def state_digest(state: lv.State) -> str:
    """The first 16 hex digits of the SHA-256 of the state's JSON document."""
    return _digest(lv.to_json(state))


_OUTCOMES: dict[int, tuple[object, str]] = {}
"""``repr`` of chance-outcome tuples already seen, by identity (the tuple is kept alive
with it, so an id is never reused): a roll of 8 dice has 1,287 outcomes."""


def _outcomes_repr(outcomes: tuple[tuple[lv.Action, Any], ...]) -> str:
    seen = _OUTCOMES.get(id(outcomes))
    if seen is not None and seen[0] is outcomes:
        return seen[1]
    text = repr(outcomes)
    if len(outcomes) > 50:
        _OUTCOMES[id(outcomes)] = (outcomes, text)
    return text


def moves_digest(state: lv.State) -> str:
    """The digest of who is to move, the legal actions and the chance outcomes of *state*."""
    mover = lv.to_move(state)
    legal = lv.legal_actions(state)
    outcomes = lv.chance_outcomes(state)
    return _digest(f"{mover!r}|{legal!r}|{_outcomes_repr(outcomes)}")


def action_body(action: lv.Action) -> dict[str, Any]:
    """The action's JSON document without its ``format`` and ``schema``."""
    body: dict[str, Any] = json.loads(lv.to_json(action))
    del body["format"], body["schema"]
    return body


def load_action(body: dict[str, Any], schema: int) -> lv.Action:
    """The action of a golden line (its body, under the schema of the file)."""
    document = {"format": "lasvegas/action", "schema": schema, **body}
    return lv.from_json(json.dumps(document), lv.Action)


def seed_of(name: str) -> int:
    """The seed of a config's golden game: a checksum of its name (stable across runs)."""
    return zlib.crc32(name.encode())


def record(name: str, config: lv.GameConfig) -> list[str]:
    """The lines of the golden file of *config*: one seeded random game, digested."""
    seed = seed_of(name)
    _, actions = random_game(config, lv.Rng(seed))
    state = lv.new_game(config)
    header = {
        "name": name,
        "seed": seed,
        "schema": SCHEMA,
        "config": json.loads(lv.to_json(config)),
        "start": [state_digest(state), moves_digest(state)],
    }
    lines = [json.dumps(header, separators=(",", ":"))]
    for action in actions:
        state = lv.apply(state, action)
        line = [action_body(action), state_digest(state), moves_digest(state)]
        lines.append(json.dumps(line, separators=(",", ":")))
    lines.append(json.dumps({"final": json.loads(lv.to_json(state))}, separators=(",", ":")))
    return lines


class GoldenMismatchError(AssertionError):
    """A replayed golden game differs from its file (the message names config and step)."""


def replay(path: Path) -> int:
    """Replay one golden file through ``apply`` and ``step``; return its number of actions.

    Raises :class:`GoldenMismatchError` naming the config and the first step that differs: a
    state or moves digest, ``step(s, a).state != apply(s, a)``, the legal actions or chance
    outcomes of the two (equal) states, or the final JSON.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    name = header["name"]
    schema = header["schema"]
    config = lv.from_json(json.dumps(header["config"]), lv.GameConfig)

    def fail(step: int, message: str) -> GoldenMismatchError:
        return GoldenMismatchError(f"golden game {name} ({path.name}), step {step}: {message}")

    state = lv.new_game(config)
    if [state_digest(state), moves_digest(state)] != header["start"]:
        raise fail(0, "the first state or its moves differ")
    steps = lines[1:-1]
    for number, line in enumerate(steps, 1):
        body, digest, moves = json.loads(line)
        action = load_action(body, schema)
        try:
            applied = lv.apply(state, action)
        except lv.IllegalActionError as exc:
            raise fail(number, f"apply refused {action!r}: {exc}") from exc
        stepped = lv.step(state, action).state
        if stepped != applied:
            raise fail(number, f"step(s, {action!r}).state != apply(s, {action!r})")
        if state_digest(applied) != digest:
            raise fail(number, f"the state after {action!r} differs")
        if moves_digest(applied) != moves:
            raise fail(number, f"the moves after {action!r} differ")
        if moves_digest(stepped) != moves:
            raise fail(number, f"the moves of step's state after {action!r} differ")
        state = applied
    final = json.loads(lines[-1])["final"]
    if json.loads(lv.to_json(state)) != final:
        raise fail(len(steps), "the final JSON differs")
    if lv.to_move(state) is not None:
        raise fail(len(steps), "the game is not over")
    return len(steps)


def golden_files() -> Iterator[Path]:
    """The golden files, sorted by name."""
    return iter(sorted(GOLDEN.glob("*.jsonl")))


def main(argv: list[str] | None = None) -> int:
    """Check every golden game, or record them again with ``--write``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--write",
        action="store_true",
        help="record the golden games again (only for an intentional behaviour change)",
    )
    args = parser.parse_args(argv)
    configs = golden_configs()
    if args.write:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for stale in set(golden_files()) - {GOLDEN / f"{n}.jsonl" for n in configs}:
            stale.unlink()
        for name, config in configs.items():
            lines = record(name, config)
            (GOLDEN / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
            print(f"wrote {name}: {len(lines) - 2} actions")
        return 0
    failed = 0
    for path in golden_files():
        try:
            replay(path)
        except GoldenMismatchError as exc:
            print(exc)
            failed += 1
    missing = sorted(set(configs) - {p.stem for p in golden_files()})
    for name in missing:
        print(f"no golden game for {name}")
    print(f"{len(configs)} configs, {failed} differ, {len(missing)} missing")
    return 1 if failed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
