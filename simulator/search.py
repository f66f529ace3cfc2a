"""Searches over the values a sweep would grid: a strategy's parameters that best answer a field of opponents
(`optimize`), and an edition's values that best meet a designer's goal (`balance`).

An Optuna study proposes candidates (TPE); each candidate plays rungs of increasing games, every candidate
the same seeds at the same rung (common random numbers), so that two candidates differ by their values and
not by their luck. After each rung, successive halving stops the candidates outside the best third of
those that reached it. A budget in games or seconds ends the search; then the best few are played again on
fresh seeds, so the winner's value is not the lucky draw that made it win, with 95% intervals by bootstrap
over games. With several objectives the study keeps the Pareto front, and every candidate plays every rung
(Optuna prunes single-objective studies only).
"""
from __future__ import annotations

import json
import math
import pickle
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pandas as pd

from simulator import stats, usercode
from simulator.checks import hint
from simulator.rules import as_keyword, as_set_option, compile_rules, load_edition, merge, override_patch, parse_value
from simulator.runner import (STRATEGY_PREFIX, RunError, RunSpec, Totals, derived_seed, parse_axis, point_spec,
                              resolve_lineup, run)
from strategies import StrategyError, check_parameter, get

REDUCTION = 3          # each rung plays 3x the games of the one before; a third of its candidates go on
RUNGS = 3              # rungs per candidate: about 1/9, 1/3 and all of --games
BOOTSTRAP = 400        # resamples of the fresh games behind each finalist's interval
EXHAUSTED_AFTER = 30   # proposals in a row that repeat an evaluated candidate end the search
RECHECK_STREAM = 1_000_000  # the fresh seeds' index among derived seeds: no rung reaches it
STUDY_FILE = "study.db"         # in --out, beside the candidates, the finalists and the summary
SAMPLER_FILE = "sampler.pickle"  # in --out: the sampler before the latest candidate, for a resumed study
CANDIDATES_FILE, FINALISTS_FILE, SUMMARY_FILE = "candidates.csv", "finalists.csv", "search.json"


class SearchError(RunError):
    """A search that cannot start; the message says what is allowed."""


# ---------------------------------------------------------------------------------------------------
# What varies


@dataclass(frozen=True)
class Dimension:
    """One value the search varies: a range of integers or reals, or a list of choices."""
    path: str                       # a sweep path: strategy.NAME.PARAM or an edition path
    low: float | None = None
    high: float | None = None
    choices: tuple = ()

    @property
    def integer(self) -> bool:
        return not self.choices and isinstance(self.low, int) and isinstance(self.high, int)

    def suggest(self, trial) -> Any:
        if self.choices:
            index = trial.suggest_categorical(self.path, list(range(len(self.choices))))
            return self.choices[index]
        if self.integer:
            return trial.suggest_int(self.path, self.low, self.high)
        return trial.suggest_float(self.path, self.low, self.high)

    def value_of(self, stored: Any) -> Any:
        """A candidate's value from what the study stored (the index of a choice)."""
        return self.choices[stored] if self.choices else stored

    def extremes(self) -> list:
        return list(self.choices) if self.choices else [self.low, self.high]

    def size(self) -> float:
        if self.choices:
            return len(self.choices)
        return self.high - self.low + 1 if self.integer else math.inf

    def describe(self) -> str:
        if self.choices:
            return f"{self.path}={','.join(json.dumps(c) for c in self.choices)}"
        return f"{self.path}={self.low}:{self.high}"


@dataclass(frozen=True)
class Spelling:
    """How the caller wrote a search's settings, so that an error names them in its words: the fixed values
    (`--set` or overrides=), and the option or keyword listing the values varied."""
    fixed: Callable[[str, Any], str]
    param: str
    vary: str
    listed: bool     # a Python list of items, not an option repeated

    def item(self, option: str, text: str) -> str:
        return f"{option}=[..., {text!r}, ...]" if self.listed else f"{option} {text}"


CLI_SEARCH = Spelling(as_set_option, "--param", "--vary", listed=False)
API_SEARCH = Spelling(as_keyword("overrides"), "params", "vary", listed=True)


def parse_dimension(item: str, said: str, prefix: str = "") -> Dimension:
    """`PATH=LOW:HIGH` (integers if both are, else reals) or `PATH=A,B,C` (choices); `prefix` is put before
    the path (a strategy's, for --param); `said` is the item as the caller wrote it, for errors."""
    path, sep, text = item.partition("=")
    path, text = path.strip(), text.strip()
    example = "e.g. build_reserve=0:500 or build_target=3,4,5" if prefix else \
        "e.g. rules.start_cash=1000:2000 or decks.deal.cards.deal_breaker.count=1,2,3"
    if not sep or not path or not text:
        raise SearchError(f"{said}: expected NAME=LOW:HIGH or NAME=A,B,..., {example}")
    full = prefix + path
    if ":" in text and "," not in text:
        low, high = (parse_value(part.strip()) for part in text.split(":", 1))
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in (low, high)):
            raise SearchError(f"{said}: bad range: expected two numbers LOW:HIGH, {example}")
        if not low < high:
            raise SearchError(f"{said}: bad range: expected LOW < HIGH")
        if isinstance(low, int) != isinstance(high, int):
            low, high = float(low), float(high)
        return Dimension(full, low=low, high=high)
    _, values = parse_axis(f"{full}={text}")
    if len(values) < 2 or len(set(map(json.dumps, values))) != len(values):
        raise SearchError(f"{said}: expected a range LOW:HIGH or at least two different choices A,B,...")
    return Dimension(full, choices=tuple(values))


# ---------------------------------------------------------------------------------------------------
# What is sought


@dataclass
class Tally:
    """What the objectives read from a set of games (or from weighted resamples of them: every field may
    carry a leading axis of resamples)."""
    names: list[str]                # the lineup's distinct strategies
    seats: np.ndarray               # seats each holds
    games: np.ndarray
    finished: np.ndarray
    rounds: np.ndarray              # summed over finished games
    wins: np.ndarray                # (..., names)
    seat_wins: np.ndarray           # (..., seats)

    @classmethod
    def of_totals(cls, totals: Totals) -> Tally:
        names = sorted(set(totals.lineup))
        code = np.array([names.index(s) for s in totals.lineup])
        rounds = float((np.arange(len(totals.rounds_histogram)) * totals.rounds_histogram).sum())
        return cls(names, np.bincount(code, minlength=len(names)), np.float64(totals.games),
                   np.float64(totals.finished), np.float64(rounds),
                   np.bincount(code, weights=totals.wins_by_lineup, minlength=len(names)),
                   totals.wins_by_seat.astype(np.float64))

    @classmethod
    def resampled(cls, frame: pd.DataFrame, lineup: list[str], resamples: int, seed: int) -> Tally:
        """`resamples` Poisson-bootstrap resamples of the games of a per-game frame."""
        names = sorted(set(lineup))
        code = np.array([names.index(s) for s in lineup])
        finished = frame.winner_seat.to_numpy() >= 0
        # one column per quantity summed over games: the frame's strategy categories are the same sorted names
        columns = np.column_stack([np.ones(len(frame)), finished, np.where(finished, frame.rounds.to_numpy(), 0),
                                   *(frame.winner_strategy.cat.codes.to_numpy() == k for k in range(len(names))),
                                   *(frame.winner_seat.to_numpy() == s for s in range(len(lineup)))])
        generator = np.random.default_rng(seed)
        sums = np.concatenate([generator.poisson(1.0, (min(100, resamples - start), len(frame))) @ columns
                               for start in range(0, resamples, 100)])   # in blocks: bounded memory
        k = len(names)
        return cls(names, np.bincount(code, minlength=k), sums[:, 0], sums[:, 1], sums[:, 2], sums[:, 3:3 + k],
                   sums[:, 3 + k:])

    def win_rates(self) -> np.ndarray:
        return self.wins / (self.games[..., None] * self.seats)


@dataclass(frozen=True)
class Objective:
    name: str
    direction: str                  # "maximize" or "minimize"
    meaning: str
    measure: Callable[[Tally], np.ndarray]
    rate: bool = True               # a share of games (shown in percent), else rounds
    signed: Callable[[Tally], np.ndarray] | None = None   # of a distance (measure = |signed|): the signed gap

    def interval(self, resampled: Tally) -> tuple[float, float]:
        """The 95% interval from bootstrap resamples. A distance's is its signed gap's, folded: near zero every
        resample's distance lies above the games' own, and their percentiles would leave it out."""
        if self.signed is None:
            return _interval(self.measure(resampled))
        low, high = _interval(self.signed(resampled))
        if low <= 0 <= high:
            return 0.0, max(-low, high)
        return min(abs(low), abs(high)), max(abs(low), abs(high))


def _distance(signed: Callable[[Tally], np.ndarray]) -> Callable[[Tally], np.ndarray]:
    return lambda tally: np.abs(signed(tally))


def _win_of(strategy: str) -> Callable[[Tally], np.ndarray]:
    return lambda tally: tally.win_rates()[..., tally.names.index(strategy)]


def _spread(tally: Tally) -> np.ndarray:
    rates = tally.win_rates()
    return rates.max(axis=-1) - rates.min(axis=-1)


def _first_player_advantage(tally: Tally) -> np.ndarray:
    # the fair share of the first seat is that of the finished games: unfinished games are no one's win
    return (tally.seat_wins[..., 0] - tally.finished / tally.seat_wins.shape[-1]) / tally.games


def _length_excess(target: float) -> Callable[[Tally], np.ndarray]:
    return lambda tally: tally.rounds / np.maximum(tally.finished, 1) - target


BALANCE_OBJECTIVES = ("spread", "first_player", "length=N")


def parse_objective(text: str) -> Objective:
    """A balance objective: spread, first_player or length=N (rounds)."""
    name = text.strip()
    if name == "spread":
        return Objective(name, "minimize", "win rate of the strongest strategy minus that of the weakest", _spread)
    if name == "first_player":
        return Objective(name, "minimize", "first seat's win rate away from its fair share (absolute)",
                         _distance(_first_player_advantage), signed=_first_player_advantage)
    target = re.fullmatch(r"length=(\d+(?:\.\d+)?)", name)
    if target and float(target.group(1)) > 0:
        excess = _length_excess(float(target.group(1)))
        return Objective(name, "minimize", f"mean rounds of a finished game away from {target.group(1)}",
                         _distance(excess), rate=False, signed=excess)
    raise SearchError(f"--objective {text}: unknown objective: expected {', '.join(BALANCE_OBJECTIVES)} "
                      f"(N rounds > 0){hint(name, ['spread', 'first_player'])}")


# ---------------------------------------------------------------------------------------------------
# The problem and its budget


@dataclass
class Budget:
    games: int | None = None
    seconds: float | None = None

    def describe(self) -> str:
        return f"{self.games:,} games" if self.games is not None else f"{self.seconds:g} s"


def parse_budget(text: str | int) -> Budget:
    """`200000`, `200k`, `2M` games, or `90s`, `10m`, `1h` of time."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kKM]?|[smh])\s*", str(text))
    if not match or float(match.group(1)) <= 0:
        raise SearchError(f"--budget {text}: expected games (200000, 200k, 2M) or a time (90s, 10m, 1h)")
    number, unit = float(match.group(1)), match.group(2)
    if unit in ("s", "m", "h"):
        return Budget(seconds=number * {"s": 1, "m": 60, "h": 3600}[unit])
    return Budget(games=int(number * {"": 1, "k": 1_000, "K": 1_000, "M": 1_000_000}[unit]))


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
        """Three candidates' first rung and one candidate's every rung."""
        return self.rungs[-1] + 2 * self.rungs[0]

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
            check_parameter(strategy, dimension.path.rpartition(".")[2], board.strategies.PARAMETERS)
        except StrategyError as exc:
            raise SearchError(f"{item}: {exc}") from None
    objective = Objective("win", "maximize", f"win rate of {strategy}", _win_of(strategy))
    return Problem("optimize", edition, variant, list(fixed or []), names, len(names), dimensions, [objective],
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


# ---------------------------------------------------------------------------------------------------
# The study


def _optuna():
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def open_study(problem: Problem, out: Path | None):
    """A new study, or the one kept in `out` (its interrupted candidate marked failed); refused when `out`
    holds another search or other files."""
    optuna = _optuna()
    storage = None
    if out is not None:
        if out.exists() and any(out.iterdir()) and not (out / STUDY_FILE).exists():
            raise SearchError(f"--out {out}: holds other files, not a search: give a new or empty directory")
        out.mkdir(parents=True, exist_ok=True)
        storage = optuna.storages.RDBStorage(f"sqlite:///{(out / STUDY_FILE).resolve()}")
    definition = problem.definition()
    study = optuna.create_study(storage=storage, study_name=problem.kind, directions=problem.directions,
                                load_if_exists=True)
    stored = study.user_attrs.get("definition")
    if stored is None:
        study.set_user_attr("definition", definition)
    elif stored != definition:
        differ = ", ".join(k for k in definition if stored.get(k) != definition[k])
        raise SearchError(f"--out {out}: holds another search (it differs in: {differ}): give the same options "
                          f"to resume it, or a new directory")
    for trial in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        study._storage.set_trial_state_values(trial._trial_id, optuna.trial.TrialState.FAIL)
    # A resumed study's sampler is the one kept before the interrupted candidate was proposed (Optuna's way to
    # resume a seeded study): it proposes that candidate again and then what an uninterrupted run would have.
    kept = None if out is None else out / SAMPLER_FILE
    study.sampler = pickle.loads(kept.read_bytes()) if kept is not None and kept.exists() and study.trials \
        else optuna.samplers.TPESampler(seed=derived_seed(problem.seed, 0) % 2 ** 32)   # 32-bit seeds
    return study


def keep_sampler(study, out: Path | None) -> None:
    """The sampler as it is now, in `out`, for a resumed study to go on from (written whole, then renamed)."""
    if out is not None:
        partial = out / (SAMPLER_FILE + ".partial")
        partial.write_bytes(pickle.dumps(study.sampler))
        partial.replace(out / SAMPLER_FILE)


def games_spent(study) -> int:
    """The games of the candidates played; an interrupted one (failed) is played again from its start on the same
    seeds, so its games count once, when played again."""
    return sum(t.user_attrs.get("games", 0) for t in study.trials if t.state.name != "FAIL")


class _Unfailed:
    """The study as successive halving sees it: without the interrupted candidates, which an uninterrupted study
    would not hold (their finished rungs would compete beside the same candidate played again)."""

    def __init__(self, study):
        self.study, self._storage, self.direction = study, study._storage, study.direction

    def get_trials(self, deepcopy: bool = True, states=None) -> list:
        return [t for t in self.study.get_trials(deepcopy=deepcopy, states=states) if t.state.name != "FAIL"]


class _HalvingWithoutFailed:
    """Optuna's successive halving over the candidates that were not interrupted."""

    def __init__(self, pruner):
        self.pruner = pruner

    def prune(self, study, trial) -> bool:
        return self.pruner.prune(_Unfailed(study), trial)


def _candidate(problem: Problem, params: dict) -> dict:
    return {d.path: d.value_of(params[d.path]) for d in problem.dimensions}


def _values(problem: Problem, totals: Totals) -> list[float]:
    tally = Tally.of_totals(totals)
    return [float(o.measure(tally)) for o in problem.objectives]


class _Search:
    """The objective Optuna calls: one candidate through its rungs, the games counted, the best so far told."""

    def __init__(self, problem: Problem, study, budget: Budget, executor, progress):
        self.problem, self.study, self.budget, self.executor, self.progress = problem, study, budget, executor, progress
        self.clock = time.perf_counter()
        self.repeats = 0

    def affords(self, games: int) -> bool:
        """Whether the budget pays `games` more (a time budget: whether time is left)."""
        if self.budget.games is not None:
            return games_spent(self.study) + games <= self.budget.games
        return time.perf_counter() - self.clock < self.budget.seconds

    def __call__(self, trial) -> float | list[float]:
        optuna = _optuna()
        problem = self.problem
        values = {d.path: d.suggest(trial) for d in problem.dimensions}
        earlier = next((t for t in self.study.get_trials(deepcopy=False) if t.number != trial.number
                        and t.state in (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
                        and _candidate(problem, t.params) == values), None)
        if earlier is not None:   # the sampler proposed a candidate already played: its outcome, for no games
            self.repeats += 1
            trial.set_user_attr("repeats", earlier.number)
            if earlier.state == optuna.trial.TrialState.PRUNED:
                for step, value in earlier.intermediate_values.items():
                    trial.report(value, step)
                raise optuna.TrialPruned()
            return earlier.values if len(problem.objectives) > 1 else earlier.value
        self.repeats = 0
        totals, played = None, 0
        for rung, games in enumerate(problem.rungs):
            if not self.affords(games - played):
                trial.set_user_attr("stopped", "budget")
                raise optuna.TrialPruned()
            spec = problem.spec(values, games - played, problem.rung_seed(rung))
            added = run(spec, progress=self.progress, executor=self.executor).totals
            if totals is None:
                totals = added
            else:
                totals.merge(added)
            played = games
            trial.set_user_attr("games", played)
            measured = _values(problem, totals)
            if len(problem.objectives) == 1:
                trial.report(measured[0], played)
                if trial.should_prune():
                    raise optuna.TrialPruned()
        return measured if len(problem.objectives) > 1 else measured[0]


def _best_line(problem: Problem, study) -> str:
    optuna = _optuna()
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if not done:
        return "no candidate finished yet"
    if len(problem.objectives) > 1:
        return f"{len(study.best_trials)} on the Pareto front"
    best = study.best_trial
    return (f"best {problem.objectives[0].name} {best.value:.4f}: "
            + ", ".join(f"{short_label(k, problem)}={shown(v)}" for k, v in _candidate(problem, best.params).items()))


def short_label(path: str, problem: Problem) -> str:
    prefix = f"{STRATEGY_PREFIX}{problem.names[0]}." if problem.kind == "optimize" else ""
    return path[len(prefix):] if prefix and path.startswith(prefix) else path


def shown(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else json.dumps(value)


def search(problem: Problem, budget: Budget, out: Path | None = None, executor=None,
           progress: Callable[[int], None] | None = None, describe: Callable[[str], None] | None = None):
    """Run (or resume, with `out`) the study until the budget is spent; returns the study."""
    optuna = _optuna()
    if budget.games is not None and budget.games < problem.smallest_budget():
        raise SearchError(f"--budget {budget.games:,}: too small for candidates of {problem.rungs[-1]:,} games: "
                          f"at least {problem.smallest_budget():,} (three candidates' first rung of "
                          f"{problem.rungs[0]:,} and one candidate's {problem.rungs[-1]:,}); or lower --games")
    study = open_study(problem, out)
    if len(problem.objectives) == 1:
        study.pruner = _HalvingWithoutFailed(optuna.pruners.SuccessiveHalvingPruner(
            min_resource=problem.rungs[0], reduction_factor=REDUCTION))
    else:
        study.pruner = optuna.pruners.NopPruner()
    if progress is not None and games_spent(study):
        progress(games_spent(study))
    objective = _Search(problem, study, budget, executor, progress)
    size = math.prod(d.size() for d in problem.dimensions)
    while objective.affords(problem.rungs[0]):
        distinct = {json.dumps(_candidate(problem, t.params), sort_keys=True) for t in study.trials
                    if t.state in (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)}
        if len(distinct) >= size or objective.repeats >= EXHAUSTED_AFTER:
            break
        keep_sampler(study, out)
        study.optimize(objective, n_trials=1, catch=())
        if describe is not None:
            describe(f"{problem.kind}: {len(study.trials)} candidates, {_best_line(problem, study)}")
    return study


# ---------------------------------------------------------------------------------------------------
# Finalists on fresh seeds


def finalists(problem: Problem, study, count: int) -> list:
    """The best `count` candidates that played every rung (single objective), or the Pareto front."""
    optuna = _optuna()
    if len(problem.objectives) > 1:
        return sorted((t for t in study.best_trials if "repeats" not in t.user_attrs), key=lambda t: t.number)[:count]
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE and "repeats" not in t.user_attrs]
    sign = -1 if problem.directions[0] == "maximize" else 1
    return sorted(done, key=lambda t: (sign * t.value, t.number))[:count]


def _interval(resampled: np.ndarray) -> tuple[float, float]:
    low, high = np.quantile(resampled, [stats.ALPHA / 2, 1 - stats.ALPHA / 2])
    return float(low), float(high)


def recheck(problem: Problem, candidates: list[dict], games: int, executor=None,
            progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """Each candidate ({path: value}; {} is the baseline, as registered or as written) played on the same
    fresh seeds: one row per candidate with each objective's value and bootstrap 95% interval."""
    seed = derived_seed(problem.seed, RECHECK_STREAM)
    rows, baseline = [], {}
    for index, values in enumerate(candidates):
        spec = problem.spec(values, games, seed)
        result = run(spec, progress=progress, executor=executor, keep_frames=True)
        lineup = [s.name for s in spec.lineup]
        point = Tally.of_totals(result.totals)
        # every candidate resamples the same games: differences from the baseline are paired
        resampled = Tally.resampled(result.games, lineup, BOOTSTRAP, seed)
        row = {"candidate": "baseline" if not values else f"#{index}", **values, "games": games}
        for objective in problem.objectives:
            measured = objective.measure(resampled)
            baseline.setdefault(objective.name, (measured, float(objective.measure(point))))
            difference = measured - baseline[objective.name][0]
            row.update({objective.name: float(objective.measure(point)),
                        **dict(zip((f"{objective.name}_ci_low", f"{objective.name}_ci_high"),
                                   objective.interval(resampled))),
                        f"{objective.name}_change": float(objective.measure(point)) - baseline[objective.name][1],
                        **dict(zip((f"{objective.name}_change_ci_low", f"{objective.name}_change_ci_high"),
                                   _interval(difference)))})
        row.update({f"{WIN_RATE_OF}{name}": float(rate) for name, rate in zip(point.names, point.win_rates())})
        row["mean_rounds"] = float(point.rounds / max(point.finished, 1))
        rows.append(row)
    return pd.DataFrame(rows)


WIN_RATE_OF = "win_rate:"   # the finalists frame's column of a strategy's win rate


@dataclass
class Outcome:
    """A finished search: the study's candidates, the finalists on fresh seeds, and the chosen values."""
    problem: Problem
    budget: Budget
    trials: pd.DataFrame          # one row per candidate: values, objectives, games, state
    finalists: pd.DataFrame       # the baseline first, then the finalists, on the same fresh seeds
    candidates: list[dict]        # the finalists frame's rows as values ({} for the baseline)
    importances: dict             # each varied value's importance (PED-ANOVA, summing to 1), if measured
    games: int                    # played by the search
    recheck_games: int
    elapsed: float
    started: str

    @property
    def chosen_index(self) -> int:
        """The finalist best in the (first) objective on the fresh seeds."""
        objective = self.problem.objectives[0]
        rows = self.finalists[objective.name].iloc[1:]
        return int(rows.idxmax() if objective.direction == "maximize" else rows.idxmin())

    @property
    def chosen(self) -> pd.Series:
        return self.finalists.loc[self.chosen_index]

    @property
    def best(self) -> dict:
        return self.candidates[self.chosen_index]

    @property
    def recheck_per_candidate(self) -> int:
        return self.recheck_games // len(self.candidates)


def trials_frame(problem: Problem, study) -> pd.DataFrame:
    rows = []
    for trial in study.trials:
        games = trial.user_attrs.get("games", 0)
        values = trial.values if trial.values is not None else (
            [trial.intermediate_values[max(trial.intermediate_values)]] if trial.intermediate_values else
            [math.nan] * len(problem.objectives))
        state = "repeat" if "repeats" in trial.user_attrs else trial.user_attrs.get("stopped", trial.state.name.lower())
        rows.append({"trial": trial.number, "state": state, "games": games,
                     **({d.path: d.value_of(trial.params[d.path]) for d in problem.dimensions}
                        if set(trial.params) == {d.path for d in problem.dimensions} else {}),
                     **{o.name: v for o, v in zip(problem.objectives, values)}})
    frame = pd.DataFrame(rows)
    if not frame.empty:
        frame["games_spent"] = frame.games.where(frame.state != "fail", 0).cumsum()
    return frame


def _importances(problem: Problem, study) -> dict:
    """PED-ANOVA importances of the varied values (how far each one's values among the best candidates differ
    from its values among all), when there are several and a single objective to explain."""
    optuna = _optuna()
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if len(problem.dimensions) < 2 or len(problem.objectives) > 1 or len(done) < 2:
        return {}
    # PED-ANOVA: deterministic, and needs no scikit-learn (fANOVA's forests do)
    evaluator = optuna.importance.PedAnovaImportanceEvaluator()
    return dict(optuna.importance.get_param_importances(study, evaluator=evaluator))


def run_search(problem: Problem, budget: Budget, finalist_count: int = 3, recheck_games: int | None = None,
               out: Path | None = None, executor=None, progress: Callable[[int], None] | None = None,
               describe: Callable[[str], None] | None = None) -> Outcome:
    """The whole search: the study (resumed from `out` if it holds one), then the finalists and the
    baseline played on fresh seeds; the chosen values are the finalist best on those."""
    if not 1 <= finalist_count <= 20:
        raise SearchError(f"--finalists {finalist_count}: expected 1 to 20 candidates to play again")
    recheck_games = problem.rungs[-1] if recheck_games is None else recheck_games
    if not problem.players <= recheck_games <= 10 ** 9:
        raise SearchError(f"--recheck {recheck_games}: expected {problem.players} to 1,000,000,000 fresh games")
    # whole rotations of the seats, as the rungs: every strategy sits in every seat equally often, so a
    # strategy's win rate is not its seats'
    recheck_games = math.ceil(recheck_games / problem.players) * problem.players
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    clock = time.perf_counter()
    study = search(problem, budget, out, executor, progress, describe)
    best = finalists(problem, study, finalist_count)
    if not best:
        raise SearchError(f"the budget ({budget.describe()}) ended the search before any candidate played "
                          f"every rung: give a larger --budget or lower --games")
    if describe is not None:
        describe(f"{problem.kind}: {len(best)} finalists and the baseline on fresh seeds")
    candidates = [{}] + [_candidate(problem, t.params) for t in best]
    frame = recheck(problem, candidates, recheck_games, executor, progress)
    frame.insert(1, "trial", [None] + [t.number for t in best])
    outcome = Outcome(problem, budget, trials_frame(problem, study), frame, candidates, _importances(problem, study),
                      games_spent(study), recheck_games * len(candidates), time.perf_counter() - clock, started)
    if out is not None:
        keep_sampler(study, out)   # a larger --budget goes on from here
        outcome.trials.to_csv(out / CANDIDATES_FILE, index=False)
        outcome.finalists.to_csv(out / FINALISTS_FILE, index=False)
        (out / SUMMARY_FILE).write_text(json.dumps({
            "definition": problem.definition(), "budget": vars(budget), "games": outcome.games,
            "recheck_games": outcome.recheck_games, "elapsed": outcome.elapsed, "started": started,
            "importances": outcome.importances}, indent=2, default=str))
    return outcome


def is_search(directory: Path) -> bool:
    return (Path(directory) / SUMMARY_FILE).is_file()


def load_outcome(directory: Path) -> Outcome:
    """A finished search as its --out directory keeps it (for reports): its problem rebuilt from the stored
    definition, its candidates and finalists read back."""
    directory = Path(directory)
    stored = json.loads((directory / SUMMARY_FILE).read_text())
    definition = stored["definition"]
    names = definition["lineup"]
    if definition["kind"] == "optimize":
        objectives = [Objective("win", "maximize", f"win rate of {names[0]}", _win_of(names[0]))]
    else:
        objectives = [parse_objective(name) for name in definition["objectives"]]
    problem = Problem(definition["kind"], definition["edition"], definition["variant"],
                      [tuple(pair) for pair in definition["fixed"]], names, definition["players"],
                      [parse_dimension(item, f"--vary {item}") for item in definition["vary"]], objectives,
                      definition["rungs"][-1], definition["seed"])
    finalists = pd.read_csv(directory / FINALISTS_FILE)
    paths = [d.path for d in problem.dimensions]
    candidates = [{} if row["candidate"] == "baseline" else {p: row[p].item() if isinstance(row[p], np.generic)
                                                             else row[p] for p in paths}
                  for _, row in finalists.iterrows()]
    return Outcome(problem, Budget(**stored["budget"]),
                   pd.read_csv(directory / CANDIDATES_FILE), finalists, candidates, stored["importances"],
                   stored["games"], stored["recheck_games"], stored["elapsed"], stored["started"])


# ---------------------------------------------------------------------------------------------------
# What a search writes


def written_base(problem: Problem) -> tuple[str, dict]:
    """The built-in strategy a tuned strategy's file names as its base, and the parameters it changes on it
    before the tuned ones: none for a built-in strategy, a user strategy's own for one of parameters only.
    A user strategy replacing decisions cannot be written as parameters: its own file holds them."""
    family = load_edition(problem.edition, problem.variant).family
    tuned = get(family, problem.names[0])
    if not tuned.code:
        return tuned.name, {}
    user = usercode.loaded_strategy(tuned.code)
    if user.functions:
        raise SearchError(f"--write: {tuned.name} replaces decisions ({', '.join(user.functions)}) in "
                          f"{user.source}: a file of parameters cannot carry them; put the chosen values in "
                          f"that file")
    return user.base, dict(user.params)


def strategy_file(outcome: Outcome, name: str) -> str:
    """A strategies-as-code file (simulator/usercode.py) defining the tuned strategy under `name`: its base
    with the chosen values, played by `--strategy-file FILE -s NAME` on the built-in engine."""
    problem = outcome.problem
    family = load_edition(problem.edition, problem.variant).family
    base, own = written_base(problem)
    changes = {short_label(p, problem): v for p, v in outcome.best.items()}
    chosen = outcome.chosen
    objective = problem.objectives[0]
    summary = (f"{problem.names[0]} tuned against {', '.join(problem.names[1:])} on {problem.edition}: "
               + ", ".join(f"{k}={shown(v)}" for k, v in changes.items()))
    params = {**own, **changes}
    arguments = "".join(f",\n         {key}={_python(value)}" for key, value in params.items())
    needs_math = any(isinstance(v, float) and not math.isfinite(v) for v in params.values())
    return (f'"""{name}: {summary}.\n\n'
            f"Written by `monopoly-mc optimize` on {outcome.started}: {objective.name} "
            f"{chosen[objective.name]:.4f} [{chosen[objective.name + '_ci_low']:.4f}, "
            f"{chosen[objective.name + '_ci_high']:.4f}] in {outcome.recheck_per_candidate:,} "
            f"fresh games (seed {problem.seed}). Play it with `--strategy-file THIS_FILE -s {name}` in any "
            f"command (Python: strategy_files=[THIS_FILE]); the parameters not given are those of "
            f'{base}."""\n'
            + ("import math\n\n" if needs_math else "")
            + "from simulator.usercode import strategy\n\n"
            f"strategy({name!r}, family={family!r}, base={base!r},\n         summary={summary!r}{arguments})\n")


def _python(value: Any) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return "math.inf" if value > 0 else "-math.inf"
    return repr(value)


def _toml_key(part: str) -> str:
    return part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else json.dumps(part)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return ("-" if value < 0 else "") + ("inf" if not math.isnan(value) else "nan")
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml_value, value)) + "]"
    return json.dumps(value)


def _toml_lines(table: dict, path: tuple = ()) -> list[str]:
    """A nested table as dotted keys, one value a line (what a designer would edit)."""
    lines = []
    for key, value in table.items():
        if isinstance(value, dict):
            lines += _toml_lines(value, path + (key,))
        else:
            lines.append(".".join(_toml_key(str(p)) for p in path + (key,)) + " = " + _toml_value(value))
    return lines


def edition_file(outcome: Outcome, name: str) -> str:
    """A data file that extends the edition with the chosen values (and the fixed --set ones)."""
    problem = outcome.problem
    edition = load_edition(problem.edition, problem.variant)
    settings = list(problem.fixed) + list(outcome.best.items())
    if problem.variant is not None:
        variant = edition.document["variants"][problem.variant]
        settings = [(f"rules.{k}", v) for k, v in variant.items() if k != "description"] + settings
    patch: dict = {}
    for path, value in settings:
        patch = merge(patch, override_patch(edition.document, path, value, f"--set {path}"), "")
    chosen = outcome.chosen
    measured = "; ".join(f"{o.name} {chosen[o.name]:.4f} [{chosen[o.name + '_ci_low']:.4f}, "
                         f"{chosen[o.name + '_ci_high']:.4f}]" for o in problem.objectives)
    lineup = [s.name for s in problem.spec({}, 1, 0).lineup]
    extends = problem.edition if Path(problem.edition).suffix != ".toml" else str(Path(problem.edition).resolve())
    goals = ", ".join(o.name for o in problem.objectives)
    header = [f"# {name}: {problem.edition} balanced by `monopoly-mc balance` on {outcome.started}",
              f"# for {goals} ({', '.join(o.meaning for o in problem.objectives)}),",
              f"# played by {', '.join(lineup)}: {measured} in "
              f"{outcome.recheck_per_candidate:,} fresh games (seed {problem.seed}).", ""]
    # the values as dotted keys come before the first table header, which would otherwise hold them
    edition_table = ["", "[edition]", f"extends = {json.dumps(extends)}", f"name = {json.dumps(name)}",
                     f"title = {json.dumps(f'{edition.title}, balanced for {goals}')}"]
    return "\n".join(header + _toml_lines(patch) + edition_table) + "\n"
