"""The hooks of configs, and the cache of configs loaded (a game's states share one)."""

from __future__ import annotations

from typing import Any, Final

from cattrs.errors import BaseValidationError

from ..config import GameConfig
from ..errors import LasVegasError
from ..modules.base import RuleModule
from .bounds import _BadValueError, _group, _json_type
from .convert import (
    _CONVERTER,
    _sequence_factory,
    _structure_bool,
    _structure_int,
    _structure_str,
    _unstructure_module,
)

_CONFIGS: dict[tuple[Any, ...], GameConfig] = {}
"""Configs already loaded (a game's states share one config object), by their fields:
at most 64, each of a small document (:func:`_small`), so no input can pin much memory."""

_CONFIG_CACHE_SIZE: Final = 64
_CONFIG_CACHE_NODES: Final = 2048
"""The largest config document (in JSON values and string characters) that is remembered;
the example configs use under 300."""


def _small(value: Any, budget: int = _CONFIG_CACHE_NODES) -> int:
    """What is left of *budget* after counting the JSON values of *value* (strings count
    their length); negative once over, stopping early.

    >>> _small({"players": 3, "modules": [{"id": "biggies"}]}) > 0
    True
    >>> _small(list(range(3000)))
    -1
    """
    stack = [value]
    while stack and budget >= 0:
        item = stack.pop()
        budget -= 1
        if type(item) is dict:
            stack.extend(item.values())
            budget -= sum(len(k) for k in item)
        elif type(item) is list:
            stack.extend(item)
        elif type(item) is str:
            budget -= len(item)
    return budget


_CONFIG_KEYS: Final = frozenset({"players", "edition", "modules", "hide_money"})


def _structure_config(value: Any, _: object) -> GameConfig:
    if type(value) is not dict:
        raise _BadValueError(f"expected an object, got {_json_type(value)}")
    problems: list[tuple[str, Exception]] = []
    extra = set(value) - _CONFIG_KEYS
    fields: dict[str, Any] = {}
    for name, hook, default in (
        ("players", _structure_int, None),
        ("edition", _structure_str, "classic"),
        ("hide_money", _structure_bool, False),
    ):
        if name not in value:
            if default is None:
                problems.append((name, KeyError(name)))
            fields[name] = default
            continue
        try:
            fields[name] = hook(value[name], None)
        except _BadValueError as exc:
            problems.append((name, exc))
    modules: tuple[RuleModule, ...] = ()
    if "modules" in value:
        try:
            modules = _MODULE_LIST(value["modules"], None)
        except (_BadValueError, BaseValidationError) as exc:
            problems.append(("modules", exc))
    if problems or extra:
        raise _group(GameConfig, problems, extra)
    key: tuple[Any, ...] = (fields["players"], fields["edition"], fields["hide_money"], modules)
    config = None
    if _small(value) < 0:
        key = ()  # a large document: built afresh, never remembered
    else:
        try:
            config = _CONFIGS.get(key)
        except TypeError:  # an option that cannot be hashed: no caching (GameConfig says why)
            key = ()
    if config is None:
        try:
            config = GameConfig(
                players=fields["players"],
                edition=fields["edition"],
                modules=modules,
                hide_money=fields["hide_money"],
            )
        except LasVegasError as exc:
            raise _BadValueError(f"impossible config: {exc}") from exc
        if key:
            if len(_CONFIGS) >= _CONFIG_CACHE_SIZE:
                _CONFIGS.clear()
            _CONFIGS[key] = config
    return config


def _unstructure_config(config: GameConfig) -> dict[str, Any]:
    return {
        "players": config.players,
        "edition": config.edition,
        "modules": [_unstructure_module(m) for m in config.modules],
        "hide_money": config.hide_money,
    }


_MODULE_LIST: Final = _sequence_factory(tuple[RuleModule, ...])


_CONVERTER.register_structure_hook_func(lambda t: t is GameConfig, _structure_config)
_CONVERTER.register_unstructure_hook_func(lambda t: t is GameConfig, _unstructure_config)
