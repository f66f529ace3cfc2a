"""A search's problem: the runs a candidate plays (edition, lineup, fixed values, the values varied), the rungs
of games it is raced over, and what is sought: for `optimize` a strategy's win rate against a field, for
`balance` an edition's spread, first-player advantage or game length."""
from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from typing import Any

from simulator.rules import compile_rules, load_edition
from simulator.runner import STRATEGY_PREFIX, RunSpec, derived_seed, point_spec, resolve_lineup
from simulator.tuning.objectives import BALANCE_OBJECTIVES, Objective, parse_objective, win_objective
from simulator.tuning.space import API_SEARCH, Dimension, SearchError, Spelling, parse_dimension
from strategies import StrategyError, check_parameter, get, parameters_of

REDUCTION = 3          # each rung plays 3x the games of the one before; a third of its candidates go on
RUNGS = 3              # rungs per candidate: about 1/9, 1/3 and all of --games
ENUMERATED = 10_000    # a space of at most this many candidates is listed whole, so none is proposed twice


@dataclass
class Problem:
    """A search: the runs a candidate plays (edition, lineup, fixed values, the values varied) and what is
    sought of them."""
    kind: str                          # "optimize" or "balance"
    edition: str
    variant: str | None
    fixed: list[tuple[str, Any]]
    names: list[str]
    players: int
    dimensions: list[Dimension]
    objectives: list[Objective]
    games: int                         # the most games a candidate plays (the last rung)
    seed: int = 0
    options: dict = field(default_factory=dict)   # threads, batch size
    spelling: Spelling = API_SEARCH
    written: dict = field(default_factory=dict)   # each varied path -> its item as the caller wrote it

    def __post_init__(self) -> None:
        paths = [d.path for d in self.dimensions]
        if not paths:
            raise SearchError(f"{self.kind}: give at least one value to vary")
        if len(set(paths)) != len(paths):
            twice = ", ".join(sorted({p for p in paths if paths.count(p) > 1}))
            raise SearchError(f"{self.kind}: a value is varied twice ({twice})")
        if not 1 <= self.games <= 10 ** 9:
            raise SearchError(f"--games {self.games}: expected the games of a candidate, 1 to 1,000,000,000")
        first = max(1, math.ceil(self.games / REDUCTION ** (RUNGS - 1) / self.players)) * self.players
        self.rungs = [first * REDUCTION ** k for k in range(RUNGS)]
        for dimension in self.dimensions:          # every extreme is a valid game, before any is played
            for value in dimension.extremes():
                self.spec({dimension.path: value}, 1, 0)   # an error names the item as given (said())

    @property
    def directions(self) -> list[str]:
        return [o.direction for o in self.objectives]

    def spec(self, values: dict, games: int, seed: int) -> RunSpec:
        return point_spec(self.edition, self.variant, list(self.fixed) + list(values.items()), self.names,
                          self.players, games, seed, self.said, **self.options)

    def said(self, path: str, value: Any) -> str:
        """A setting of a run as the caller wrote it: a varied value by its item (its range or choices)."""
        if path in self.written:
            return self.written[path]
        return self.spelling.fixed(path, value)

    def rung_seed(self, rung: int) -> int:
        return derived_seed(self.seed, rung)

    def smallest_budget(self) -> int:
        """Two candidates (the baseline and one other) through every rung: fewer could not be raced."""
        return 2 * self.rungs[-1]

    def every_candidate(self) -> list[dict] | None:
        """Every candidate of a space small enough to list ({path: value}, in order), or None."""
        if math.prod(d.size() for d in self.dimensions) > ENUMERATED:
            return None
        axes = [d.choices if d.choices else range(d.low, d.high + 1) for d in self.dimensions]
        return [dict(zip((d.path for d in self.dimensions), point)) for point in itertools.product(*axes)]

    def definition(self) -> dict:
        """What fixes a study's candidates and values: a resumed study must have the same (and the same
        texts of the user files its strategies come from, if any)."""
        definition = {"kind": self.kind, "edition": self.edition, "variant": self.variant,
                      "fixed": [[p, v] for p, v in self.fixed], "lineup": self.names, "players": self.players,
                      "vary": [d.describe() for d in self.dimensions],
                      "objectives": [o.name for o in self.objectives], "rungs": self.rungs, "seed": self.seed}
        sources = {s.name: s.source for s in self.spec({}, 1, 0).lineup if s.source}
        return {**definition, "sources": sources} if sources else definition


def optimize_problem(edition: str, strategy: str, params: list[str], field_names: list[str] | None = None,
                     players: int = 4, variant: str | None = None, fixed: list | None = None,
                     games: int = 20_000, seed: int = 0, spelling: Spelling = API_SEARCH, **options) -> Problem:
    """The best response of `strategy` to a field: its parameters varied, its win rate maximised."""
    loaded = load_edition(edition, variant, list(fixed or []), spelling.fixed)
    board = compile_rules(loaded)
    get(loaded.family, strategy)
    if field_names is None:
        others = [n for n in board.strategies.DEFAULT_LINEUP if n != strategy]
        field_names = list(dict.fromkeys(others))[:players - 1]
    if not field_names:
        raise SearchError("--field: give at least one opponent")
    if strategy in field_names:
        raise SearchError(f"--field: holds {strategy}, the strategy being tuned: its changes would apply to "
                          f"both; leave it out of the field")
    names = [strategy, *field_names]
    resolve_lineup(loaded, board, len(names), names)
    said = [spelling.item(spelling.param, p) for p in params]
    dimensions = [parse_dimension(p, item, f"{STRATEGY_PREFIX}{strategy}.") for p, item in zip(params, said)]
    for item, dimension in zip(said, dimensions):
        try:
            check_parameter(strategy, dimension.path.rpartition(".")[2],
                            parameters_of(get(board.family, strategy), board.strategies.PARAMETERS))
        except StrategyError as exc:
            raise SearchError(f"{item}: {exc}") from None
    return Problem("optimize", edition, variant, list(fixed or []), names, len(names), dimensions,
                   [win_objective(strategy)],
                   games, seed, options, spelling, {d.path: item for d, item in zip(dimensions, said)})


def balance_problem(edition: str, vary: list[str], objectives: list[str], strategies: list[str] | None = None,
                    players: int = 4, variant: str | None = None, fixed: list | None = None,
                    games: int = 20_000, seed: int = 0, spelling: Spelling = API_SEARCH, **options) -> Problem:
    """The edition's values that best meet a designer's goals, played by a lineup."""
    if not objectives:
        raise SearchError(f"--objective: give at least one of {', '.join(BALANCE_OBJECTIVES)}")
    parsed = [parse_objective(o) for o in objectives]
    if len({o.name for o in parsed}) != len(parsed):
        raise SearchError("--objective: an objective is given twice")
    said = [spelling.item(spelling.vary, v) for v in vary]
    dimensions = [parse_dimension(v, item) for v, item in zip(vary, said)]
    for dimension, item in zip(dimensions, said):
        if dimension.path.startswith(STRATEGY_PREFIX) or dimension.path == "players":
            raise SearchError(f"{item}: balance varies the edition's values (a data file holds "
                              f"them); tune a strategy with `optimize`")
    return Problem("balance", edition, variant, list(fixed or []), list(strategies or []), players, dimensions,
                   parsed, games, seed, options, spelling, {d.path: item for d, item in zip(dimensions, said)})


def short_label(path: str, problem: Problem) -> str:
    prefix = f"{STRATEGY_PREFIX}{problem.names[0]}." if problem.kind == "optimize" else ""
    return path[len(prefix):] if prefix and path.startswith(prefix) else path


def shown(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else json.dumps(value)
