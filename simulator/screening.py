"""Which of an edition's values matter: Morris screening (SALib) of values varied over ranges, each point of
the design played by the runner like a sweep's point, for one objective (spread, first_player or length).

Morris's design walks `trajectories` paths through the ranges (each value cut into `levels` steps), moving one
value at a time; a step's elementary effect is the change of the objective divided by the step, as a share of
the value's range: the change over the whole range, were the effect straight. Per value, SALib gives mu* (the
mean absolute effect: how much it matters, its 95% interval by bootstrap over the effects), mu (the mean
signed effect: its direction) and sigma (their spread: interactions or curvature). A value "matters" when
mu's 95% t-interval over the trajectories leaves out 0 (sound when the effects are noise only; mu* is never
below 0 and its interval does not test). Every point plays the same seed (common random numbers), so a value
the engine never reads gives the same games at every level, and effects of exactly 0.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import pandas as pd
from scipy.stats import t as student

from simulator.presentation import Table
from simulator.runner import point_spec, run
from simulator.search import (API_SEARCH, SearchError, Spelling, Tally, _first_player_advantage, _spread,
                              parse_dimension)
from simulator.stats import ALPHA

LEVELS = 4          # Morris's grid: each value at 4 levels of its range
RESAMPLES = 1_000   # SALib's bootstrap of mu*'s interval
GAMES = 2_000       # games per design point
TRAJECTORIES = 10   # Morris paths


class ScreeningError(SearchError):
    """A screening that cannot start; the message says what is allowed."""


@dataclass(frozen=True)
class Question:
    """An objective of the screening: what it measures of a point's games and in which unit."""
    name: str
    meaning: str
    unit: str           # "pts" (a rate: effects shown ×100) or "rounds"
    measure: Callable[[Tally], float]

    @property
    def scale(self) -> float:
        return 100.0 if self.unit == "pts" else 1.0


QUESTIONS = {
    "spread": Question("spread", "win rate of the strongest strategy minus the weakest's", "pts", _spread),
    "first_player": Question("first_player", "first seat's win rate minus its fair share", "pts",
                             _first_player_advantage),
    "length": Question("length", "mean rounds of a finished game", "rounds",
                       lambda tally: tally.rounds / max(tally.finished, 1)),
}


@dataclass
class Screening:
    """A screening: the values varied and the runs of a point."""
    edition: str
    variant: str | None
    fixed: list
    names: list[str]
    players: int
    question: Question
    dimensions: list
    games: int
    seed: int
    trajectories: int
    options: dict
    spelling: Spelling = API_SEARCH
    written: dict = field(default_factory=dict)    # each varied path -> its item as the caller wrote it

    @property
    def salib_problem(self) -> dict:
        return {"num_vars": len(self.dimensions), "names": [d.path for d in self.dimensions],
                "bounds": [[float(d.low), float(d.high)] for d in self.dimensions]}

    def values(self, row: np.ndarray) -> dict:
        """A design point's values, integers rounded for values given as integer ranges."""
        return {d.path: int(round(x)) if d.integer else float(x) for d, x in zip(self.dimensions, row)}

    def spec(self, values: dict, games: int):
        return point_spec(self.edition, self.variant, list(self.fixed) + list(values.items()), self.names,
                          self.players, games, self.seed, self.said, **self.options)

    def said(self, path: str, value) -> str:
        """A setting as the caller wrote it: a varied value by its item (its range)."""
        return self.written[path] if path in self.written else self.spelling.fixed(path, value)


def screening(edition: str, vary: list[str], objective: str, strategies: list[str] | None = None, players: int = 4,
              variant: str | None = None, fixed: list | None = None, games: int = GAMES, seed: int = 0,
              trajectories: int = TRAJECTORIES, spelling: Spelling = API_SEARCH, **options) -> Screening:
    """Check and build a screening; every extreme of every value is tried as a game's setting here, before any
    game is played."""
    if objective not in QUESTIONS:
        said = f"objective={objective!r}" if spelling.listed else f"--objective {objective}"
        raise ScreeningError(f"{said}: unknown objective: expected "
                          f"{', '.join(QUESTIONS)}")
    if not vary:
        raise ScreeningError(f"{spelling.vary}: give at least one value to vary, e.g. rules.start_cash=1000:2000")
    said = [spelling.item(spelling.vary, v) for v in vary]
    dimensions = [parse_dimension(v, item) for v, item in zip(vary, said)]
    paths = [d.path for d in dimensions]
    for dimension, item in zip(dimensions, said):
        if dimension.choices:
            raise ScreeningError(f"{item}: screening varies ranges LOW:HIGH (numbers), not choices")
        if dimension.path.startswith("strategy.") or dimension.path == "players":
            raise ScreeningError(f"{item}: sensitivity varies the edition's values (a data file holds them)")
        if paths.count(dimension.path) > 1:
            raise ScreeningError(f"{item}: the value is varied twice")
    if not 2 <= trajectories <= 1_000:
        raise ScreeningError(f"--trajectories {trajectories}: expected 2 to 1,000 paths through the ranges")
    if not players <= games <= 10 ** 9:
        raise ScreeningError(f"--games {games}: expected {players} to 1,000,000,000 games per point")
    games = math.ceil(games / players) * players   # whole rotations of the seats, as a search's rungs
    plan = Screening(edition, variant, list(fixed or []), list(strategies or []), players, QUESTIONS[objective],
                     dimensions, games, seed, trajectories, options, spelling, dict(zip(paths, said)))
    for dimension in dimensions:
        for value in dimension.extremes():
            plan.spec(plan.values(np.array([value if d is dimension else d.low for d in dimensions])), 1)
    return plan


def design(plan: Screening) -> np.ndarray:
    """Morris's trajectories through the ranges (SALib), reproducible from the seed."""
    from SALib.sample import morris
    return morris.sample(plan.salib_problem, plan.trajectories, num_levels=LEVELS, seed=plan.seed % 2 ** 32)


def evaluate(plan: Screening, points: np.ndarray, executor=None, progress=None) -> np.ndarray:
    """The objective at every design point, each played on the plan's seed."""
    measured = []
    for row in points:
        totals = run(plan.spec(plan.values(row), plan.games), progress=progress, executor=executor).totals
        measured.append(float(plan.question.measure(Tally.of_totals(totals))))
    return np.array(measured)


def indices(problem: dict, points: np.ndarray, measured: np.ndarray, seed: int = 0) -> pd.DataFrame:
    """Per value: mu* with its bootstrap 95% interval, mu with its t-interval over the trajectories, sigma, and
    whether the value matters (mu's interval leaves out 0)."""
    from SALib.analyze import morris
    found = morris.analyze(problem, points, measured, num_resamples=RESAMPLES, conf_level=1 - ALPHA,
                           num_levels=LEVELS, seed=seed % 2 ** 32)
    trajectories = len(measured) // (problem["num_vars"] + 1)
    half = student.ppf(1 - ALPHA / 2, trajectories - 1) * np.asarray(found["sigma"]) / math.sqrt(trajectories)
    frame = pd.DataFrame({"value": problem["names"], "low": [b[0] for b in problem["bounds"]],
                          "high": [b[1] for b in problem["bounds"]], "mu_star": found["mu_star"],
                          "mu_star_ci_low": np.maximum(np.asarray(found["mu_star"]) - found["mu_star_conf"], 0.0),
                          "mu_star_ci_high": np.asarray(found["mu_star"]) + found["mu_star_conf"],
                          "mu": found["mu"], "mu_ci_low": np.asarray(found["mu"]) - half,
                          "mu_ci_high": np.asarray(found["mu"]) + half, "sigma": found["sigma"],
                          "trajectories": trajectories})
    frame["matters"] = (frame.mu_ci_low > 0) | (frame.mu_ci_high < 0)
    return frame.sort_values("mu_star", ascending=False, kind="stable", ignore_index=True)


def sensitivity(plan: Screening, executor=None, progress=None) -> pd.DataFrame:
    """The screening played: its indices, in the objective's own unit (pts or rounds) over each value's range."""
    points = design(plan)
    frame = indices(plan.salib_problem, points, evaluate(plan, points, executor, progress), plan.seed)
    for column in ("mu_star", "mu_star_ci_low", "mu_star_ci_high", "mu", "mu_ci_low", "mu_ci_high", "sigma"):
        frame[column] *= plan.question.scale
    frame.insert(3, "unit", plan.question.unit)
    frame["games_per_point"] = plan.games
    return frame


def table_of(frame: pd.DataFrame, plan: Screening, label: str) -> Table:
    """The indices as a titled table, in the objective's unit, the value that matters most first."""
    def amount(value: float) -> str:
        return f"{value:.1f}"

    def signed(value: float) -> str:
        return f"{value:+.1f}"

    rows = [[r.value, f"{r.low:g} to {r.high:g}", amount(r.mu_star),
             f"[{amount(r.mu_star_ci_low)}, {amount(r.mu_star_ci_high)}]", signed(r.mu),
             f"[{signed(r.mu_ci_low)}, {signed(r.mu_ci_high)}]", amount(r.sigma), "yes" if r.matters else "no"]
            for r in frame.itertuples()]
    unit = plan.question.unit
    return Table(f"Which values move the {plan.question.meaning}, {label}: Morris screening, {plan.trajectories} "
                 f"paths, {plan.games:,} games a point ({len(frame) + 1} points a path), seed {plan.seed}",
                 ["value", "range", f"mu* ({unit})", "95% CI", f"mu ({unit})", "95% CI", f"sigma ({unit})", "effect found"], rows,
                 ["mu*: mean absolute change of the objective over the value's whole range (Morris's elementary "
                  "effects), 95% CI by bootstrap (SALib); mu: the mean signed change, 95% t-interval over the paths; "
                  "sigma: their spread (interactions, curvature)",
                  "effect found: mu's interval leaves out 0; every point plays the same seed, so a value the engine "
                  "never reads has effects of exactly 0", *_rounding_notes(plan)])


def _rounding_notes(plan: Screening) -> list[str]:
    """An integer range whose levels are not whole numbers is played at the nearest ones: its steps are not
    the ones its effects are divided by, and the reader is told."""
    notes = []
    for dimension in plan.dimensions:
        if dimension.integer and (dimension.high - dimension.low) % (LEVELS - 1):
            levels = [plan.values(np.array([dimension.low + (dimension.high - dimension.low) * k / (LEVELS - 1)
                                            if d is dimension else d.low for d in plan.dimensions]))[dimension.path]
                      for k in range(LEVELS)]
            notes.append(f"{dimension.path}: played at {', '.join(map(str, levels))} (its {LEVELS} levels rounded "
                         f"to whole numbers; a range whose width is a multiple of {LEVELS - 1} has none to round)")
    return notes
