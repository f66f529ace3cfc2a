"""Pluggable strategies, registered by name per game family.

A strategy is a name, a one-line summary and a set of parameters (numbers a sweep can vary). To add one,
put a module in this package that calls `register(...)`; it is found by name with no edit in simulator/.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any

_REGISTRY: dict[tuple[str, str], "Strategy"] = {}
_loaded = False


class StrategyError(ValueError):
    """An unknown strategy or a bad parameter; the message says what is allowed."""


@dataclass(frozen=True)
class Strategy:
    name: str
    family: str
    summary: str
    params: dict[str, Any] = field(default_factory=dict)

    def with_params(self, **changes: Any) -> "Strategy":
        return Strategy(self.name, self.family, self.summary, {**self.params, **changes})


def register(strategy: Strategy) -> Strategy:
    key = (strategy.family, strategy.name)
    if key in _REGISTRY and _REGISTRY[key] != strategy:
        raise StrategyError(f"strategy '{strategy.name}' is registered twice for the {strategy.family} family")
    _REGISTRY[key] = strategy
    return strategy


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in pkgutil.iter_modules(__path__):
        if not module.name.endswith("_logic"):
            importlib.import_module(f"{__name__}.{module.name}")


def available(family: str) -> list[Strategy]:
    _load_all()
    return [s for (fam, _), s in sorted(_REGISTRY.items()) if fam == family]


def get(family: str, name: str) -> Strategy:
    _load_all()
    try:
        return _REGISTRY[(family, name)]
    except KeyError:
        known = ", ".join(s.name for s in available(family))
        raise StrategyError(f"unknown strategy '{name}' for the {family} family: known: {known}") from None
