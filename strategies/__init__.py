"""Pluggable strategies, registered by name per game family.

A strategy is a name, a one-line summary and a set of parameters (numbers a sweep can vary). To add one,
put a module in this package that calls `register(...)`; it is found by name with no edit in simulator/.
A user's own strategies, with decisions of their own, come from files of theirs (simulator/usercode.py).
"""
from __future__ import annotations

import importlib
import math
import pkgutil
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import numpy as np

from simulator.checks import hint
from simulator.engines.shared.search import S_CANDIDATES, S_HORIZON, S_ROLLOUTS, SEARCH_SETTINGS

_REGISTRY: dict[tuple[str, str], "Strategy"] = {}
_USER_REGISTRY: dict[tuple[str, str], "Strategy"] = {}   # the strategies of the user files in use
_loaded = False


class StrategyError(ValueError):
    """An unknown strategy or a bad parameter; the message says what is allowed."""


@dataclass(frozen=True)
class Strategy:
    name: str
    family: str
    summary: str
    params: dict[str, Any] = field(default_factory=dict)
    code: int = 0       # 0: the built-in decisions; k: the k-th strategy of the user files in use
    source: str = ""    # a user strategy's file and the hash of its text

    def with_params(self, **changes: Any) -> "Strategy":
        return replace(self, params={**self.params, **changes})

    @property
    def searches(self) -> bool:
        """A search player (define_search): its parameters are SEARCH_PARAMETERS, not its family's."""
        return SEARCH_MARK in self.params


def register(strategy: Strategy) -> Strategy:
    key = (strategy.family, strategy.name)
    if key in _REGISTRY and _REGISTRY[key] != strategy:
        raise StrategyError(f"strategy '{strategy.name}' is registered twice for the {strategy.family} family")
    _REGISTRY[key] = strategy
    return strategy


def unregister(family: str, name: str) -> None:
    """Take back a strategy registered for a while (a test's, a notebook's), so that the registry lists only
    what the package and the user files in use define."""
    _REGISTRY.pop((family, name), None)


# A family's parameters: name -> (index in the parameter vector, default, meaning)
Parameters = dict[str, tuple[int, Any, str]]


def define(family: str, parameters: Parameters, name: str, summary: str, **params: Any) -> Strategy:
    """Register a named strategy of `family`: the given parameters over the family's defaults."""
    for key in params:
        check_parameter(name, key, parameters)
    full = {key: default for key, (_, default, _) in parameters.items()}
    full.update(params)
    return register(Strategy(name=name, family=family, summary=summary, params=full))


# A search player's parameters: name -> (column after the family's parameters, default, meaning). Its base
# and candidates are strategy names, resolved to their parameter rows when a run starts (search_vector).
SEARCH_MARK = "base"
SEARCH_PARAMETERS: Parameters = {
    "rollouts": (S_ROLLOUTS, 8, "rollouts per candidate at each decision (0: plays its base exactly)"),
    "horizon": (S_HORIZON, 0, "turns each rollout plays before it is scored (0: to the end of the game)"),
    "candidates": (S_CANDIDATES, [], "the policies (strategy names) it chooses among at each turn; its base is always one"),
    SEARCH_MARK: (-1, "", "the heuristic it plays when it does not search, and its first candidate (the one ties go to)"),
}
MAX_ROLLOUTS = 4096


def define_search(family: str, name: str, summary: str, **params: Any) -> Strategy:
    """Register a search player of `family`: SEARCH_PARAMETERS, its base and candidates named."""
    for key in params:
        check_parameter(name, key, SEARCH_PARAMETERS)
    full = {key: default for key, (_, default, _) in SEARCH_PARAMETERS.items()}
    full.update(params)
    return register(Strategy(name=name, family=family, summary=summary, params=full))


def parameters_of(strategy: Strategy, family_parameters: Parameters) -> Parameters:
    """The parameters `strategy` takes: a search player's, or its family's."""
    return SEARCH_PARAMETERS if strategy.searches else family_parameters


def parameter_groups(family: str) -> list[tuple[Parameters, list[Strategy]]]:
    """The family's strategies by the parameters they take, for a table each: the heuristics' (the family's
    parameters), then the search players' (SEARCH_PARAMETERS), a group without strategies left out."""
    found = available(family)
    groups = [(family_module(family).PARAMETERS, [s for s in found if not s.searches]),
              (SEARCH_PARAMETERS, [s for s in found if s.searches])]
    return [(parameters, members) for parameters, members in groups if members]


def search_vector(strategy: Strategy, vector_of: Callable[[Strategy], np.ndarray]) -> np.ndarray:
    """A search player's lineup row (the layout of simulator/engines/shared/search.py): its base's vector,
    the search settings, then each candidate's vector, the base first. `vector_of` gives a plain strategy's."""
    params = strategy.params

    def whole(key: str, upper: int) -> int:
        value = params[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value) or \
                not 0 <= value <= upper:
            raise StrategyError(f"strategy {strategy.name}: parameter {key}: expected a whole number from 0 to "
                                f"{upper}, got {value!r}")
        return int(value)

    def plain(name: Any, role: str) -> Strategy:
        if not isinstance(name, str) or not name:
            raise StrategyError(f"strategy {strategy.name}: parameter {role}: expected a strategy's name, got {name!r}")
        found = get(strategy.family, name)
        if found.searches:
            raise StrategyError(f"strategy {strategy.name}: parameter {role}: {name} is a search player; "
                                "name a heuristic")
        return found

    rollouts, horizon = whole("rollouts", MAX_ROLLOUTS), whole("horizon", 100_000)
    names = params["candidates"]
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, list):
        raise StrategyError(f"strategy {strategy.name}: parameter candidates: expected a list of strategy names, "
                            f"got {names!r}")
    base = plain(params[SEARCH_MARK], SEARCH_MARK)
    candidates = [base] + [plain(n, "candidates") for n in dict.fromkeys(names) if n != base.name]
    settings = np.zeros(SEARCH_SETTINGS)
    settings[S_ROLLOUTS], settings[S_HORIZON], settings[S_CANDIDATES] = rollouts, horizon, len(candidates)
    return np.concatenate([vector_of(base), settings, *(vector_of(c) for c in candidates)])


def check_parameter(strategy: str, key: str, parameters: Parameters) -> None:
    if key not in parameters:
        raise StrategyError(f"strategy {strategy}: unknown parameter '{key}'{hint(key, parameters)}")


def numeric_vector(strategy: Strategy, parameters: Parameters, size: int,
                   converters: dict[str, Callable[[Any], float]] | None = None) -> np.ndarray:
    """The strategy's parameters in the layout its family's kernel reads: numbers >= 0 (inf allowed), or
    what a converter makes of a parameter that is not a number."""
    vector = np.zeros(size, dtype=np.float64)
    for key, (index, _, _) in parameters.items():
        value = strategy.params[key]
        if converters and key in converters:
            vector[index] = converters[key](value)
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            raise StrategyError(f"strategy {strategy.name}: parameter {key}: expected a number, got {value!r}")
        if value < 0:
            raise StrategyError(f"strategy {strategy.name}: parameter {key}: expected a number >= 0, got {value!r}")
        vector[index] = float(value)
    return vector


def family_module(family: str):
    """The module of a family's strategies: its PARAMETERS, DEFAULT_LINEUP, TOURNAMENT_FIELD and
    parameter_vector."""
    try:
        return importlib.import_module(f"{__name__}.{family}")
    except ModuleNotFoundError:
        raise StrategyError(f"no strategies for the {family} family") from None


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in pkgutil.iter_modules(__path__):
        if not module.name.endswith("_logic"):
            importlib.import_module(f"{__name__}.{module.name}")


def set_user_strategies(found: list[Strategy]) -> None:
    """The strategies of the user files in use, replacing any earlier ones; a built-in name stays built-in."""
    _load_all()
    _USER_REGISTRY.clear()
    for strategy in found:
        key = (strategy.family, strategy.name)
        if key in _REGISTRY or key in _USER_REGISTRY:
            earlier = f"defined in {_USER_REGISTRY[key].source.split(' (')[0]} too" if key in _USER_REGISTRY \
                else f"already a built-in {strategy.family} strategy"
            _USER_REGISTRY.clear()
            raise StrategyError(f"{strategy.source.split(' (')[0]}: strategy '{strategy.name}' is {earlier}: "
                                "give yours another name")
        _USER_REGISTRY[key] = strategy


def available(family: str) -> list[Strategy]:
    _load_all()
    return [s for (fam, _), s in sorted({**_REGISTRY, **_USER_REGISTRY}.items()) if fam == family]


def get(family: str, name: str) -> Strategy:
    _load_all()
    try:
        return _REGISTRY.get((family, name)) or _USER_REGISTRY[(family, name)]
    except KeyError:
        known = [s.name for s in available(family)]
        raise StrategyError(f"unknown strategy '{name}' for the {family} family{hint(name, known)}") from None
