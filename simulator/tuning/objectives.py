"""What a search seeks, and how sure each figure is: the tallies the objectives read from games, the objectives
(a strategy's win rate; an edition's spread, first-player advantage or game length) and their 95% intervals by
bootstrap over games.

Units, the same in every table, plot, file and frame of a search: a win rate in %, a difference of win rates
(the spread, the first seat's advantage, any change against the baseline) in points (pts), a length in rounds.
Frames and files hold the figures in those units (22.8 for 22.8%), never as fractions."""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from typing import Callable

import numpy as np

from simulator import stats
from simulator.checks import hint
from simulator.engines.shared import layout as L
from simulator.runner import Totals
from simulator.tuning.space import SearchError

BOOTSTRAP = 1_000      # resamples of the fresh games behind each interval
RESAMPLE_BLOCK = 100   # resamples drawn at a time: bounded memory for any number of games


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

    @staticmethod
    def columns(games: np.ndarray, lineup: list[str]) -> np.ndarray:
        """One row per game (the engine's games array), one column per quantity a tally sums over games."""
        names = sorted(set(lineup))
        code = np.array([names.index(s) for s in lineup])
        seat = games[:, L.GM_WINNER]
        finished = seat >= 0
        strategy = np.where(finished, code[(seat + games[:, L.GM_ROTATION]) % len(lineup)], -1)
        return np.column_stack([np.ones(len(games)), finished, np.where(finished, games[:, L.GM_ROUNDS], 0),
                                *(strategy == k for k in range(len(names))),
                                *(seat == s for s in range(len(lineup)))]).astype(np.float64)

    @classmethod
    def of_sums(cls, sums: np.ndarray, lineup: list[str]) -> Tally:
        """The tally of `columns` summed over games (or over each resample's weighted games: a leading axis)."""
        names = sorted(set(lineup))
        k = len(names)
        seats = np.bincount([names.index(s) for s in lineup], minlength=k)
        return cls(names, seats, sums[..., 0], sums[..., 1], sums[..., 2], sums[..., 3:3 + k], sums[..., 3 + k:])

    @classmethod
    def of_totals(cls, totals: Totals) -> Tally:
        """The tally of a run's summed totals (a sweep's or a screening's point), with no resamples."""
        names = sorted(set(totals.lineup))
        code = np.array([names.index(s) for s in totals.lineup])
        rounds = float((np.arange(len(totals.rounds_histogram)) * totals.rounds_histogram).sum())
        return cls(names, np.bincount(code, minlength=len(names)), np.float64(totals.games),
                   np.float64(totals.finished), np.float64(rounds),
                   np.bincount(code, weights=totals.wins_by_lineup, minlength=len(names)),
                   totals.wins_by_seat.astype(np.float64))

    def win_rates(self) -> np.ndarray:
        return self.wins / (self.games[..., None] * self.seats)


def resampled_sums(columns: list[np.ndarray], resamples: int, seed: int) -> list[np.ndarray]:
    """Poisson-bootstrap resamples of several candidates' games played on the same seeds: every candidate's
    game i gets the same weight in a resample, so that differences between candidates are paired."""
    generator = np.random.default_rng(seed)
    stacked = np.hstack(columns)
    sums = np.concatenate([generator.poisson(1.0, (min(RESAMPLE_BLOCK, resamples - start), len(stacked)))
                           @ stacked for start in range(0, resamples, RESAMPLE_BLOCK)])
    edges = np.cumsum([0] + [c.shape[1] for c in columns])
    return [sums[:, a:b] for a, b in zip(edges[:-1], edges[1:])]


def percentile_interval(resampled: np.ndarray, alpha: float = stats.ALPHA) -> tuple[float, float]:
    low, high = np.quantile(resampled, [alpha / 2, 1 - alpha / 2])
    return float(low), float(high)


@dataclass(frozen=True)
class Objective:
    name: str
    direction: str                  # "maximize" or "minimize"
    meaning: str
    measure: Callable[[Tally], np.ndarray]   # as a fraction (rates and their differences) or in rounds
    unit: str = "%"                 # "%" (a rate), "pts" (a difference of rates) or "rounds"
    signed: Callable[[Tally], np.ndarray] | None = None   # of a distance (measure = |signed|): the signed gap
    bounds: Callable[[Tally, Tally], tuple[float, float]] | None = None   # its own interval (point, resampled)

    @property
    def scale(self) -> float:
        """From what `measure` returns to the unit shown and stored: % and points are hundredths."""
        return 1.0 if self.unit == "rounds" else 100.0

    @property
    def change_unit(self) -> str:
        """The unit of a change of this objective: a change of a rate is a difference, in points."""
        return "pts" if self.unit == "%" else self.unit

    def value(self, tally: Tally) -> float:
        return float(self.measure(tally)) * self.scale

    def interval(self, point: Tally, resampled: Tally) -> tuple[float, float]:
        """The 95% interval, in the objective's unit. A distance's is its signed gap's, folded: near zero every
        resample's distance lies above the games' own, and their percentiles would leave it out."""
        if self.bounds is not None:
            low, high = self.bounds(point, resampled)
        elif self.signed is None:
            low, high = percentile_interval(self.measure(resampled))
        else:
            low, high = percentile_interval(self.signed(resampled))
            low, high = (0.0, max(-low, high)) if low <= 0 <= high else (min(abs(low), abs(high)),
                                                                       max(abs(low), abs(high)))
        return low * self.scale, high * self.scale


def _distance(signed: Callable[[Tally], np.ndarray]) -> Callable[[Tally], np.ndarray]:
    return lambda tally: np.abs(signed(tally))


def win_of(strategy: str) -> Callable[[Tally], np.ndarray]:
    return lambda tally: tally.win_rates()[..., tally.names.index(strategy)]


def spread(tally: Tally) -> np.ndarray:
    rates = tally.win_rates()
    return rates.max(axis=-1) - rates.min(axis=-1)


def spread_interval(point: Tally, resampled: Tally) -> tuple[float, float]:
    """A 95% interval of the spread (strongest minus weakest win rate) that holds at a true spread of 0.

    The spread is the largest of the |differences| between two strategies' win rates, a maximum: a percentile
    bootstrap of it lies wholly above the estimate when the strategies are alike (every resample's maximum of
    noisy differences is larger), so it could never cover a spread of 0 (0 of 20 did for four clones) and once
    left out its own estimate. Instead, each pair's difference d_ij gets an interval d_ij +- c * se_ij, with
    se_ij its bootstrap standard error and c the 95% quantile over resamples of the largest standardised
    deviation max_ij |d*_ij - d_ij| / se_ij: the intervals hold all together in 95% of samples (a studentised
    simultaneous band, as Tukey's for pairwise comparisons). Whenever they all hold, the true spread, the
    largest true |d_ij|, lies between the largest distance from 0 to an interval (0 when every interval holds
    0) and the largest |end| of one. So the interval covers the spread in at least 95% of samples, contains 0
    when no pair of strategies can be told apart, and always contains its estimate."""
    pairs = list(combinations(range(len(point.names)), 2))
    if not pairs:
        return 0.0, 0.0
    rates, resampled_rates = point.win_rates(), resampled.win_rates()
    first, second = (np.array(side) for side in zip(*pairs))
    estimate = rates[first] - rates[second]
    resampled_differences = resampled_rates[:, first] - resampled_rates[:, second]
    error = resampled_differences.std(axis=0)
    deviations = np.abs(resampled_differences - estimate) / np.where(error > 0, error, 1)
    half = np.quantile(deviations.max(axis=1), 1 - stats.ALPHA) * error
    return float(np.maximum(np.abs(estimate) - half, 0).max()), float((np.abs(estimate) + half).max())


def first_player_advantage(tally: Tally) -> np.ndarray:
    # the fair share of the first seat is that of the finished games: unfinished games are no one's win
    return (tally.seat_wins[..., 0] - tally.finished / tally.seat_wins.shape[-1]) / tally.games


def _length_excess(target: float) -> Callable[[Tally], np.ndarray]:
    return lambda tally: tally.rounds / np.maximum(tally.finished, 1) - target


BALANCE_OBJECTIVES = ("spread", "first_player", "length=N")


def win_objective(strategy: str) -> Objective:
    return Objective("win", "maximize", f"win rate of {strategy}", win_of(strategy))


def parse_objective(text: str) -> Objective:
    """A balance objective: spread, first_player or length=N (rounds)."""
    name = text.strip()
    if name == "spread":
        return Objective(name, "minimize", "win rate of the strongest strategy minus that of the weakest", spread,
                         unit="pts", bounds=spread_interval)
    if name == "first_player":
        return Objective(name, "minimize", "first seat's win rate away from its fair share (absolute)",
                         _distance(first_player_advantage), unit="pts", signed=first_player_advantage)
    target = re.fullmatch(r"length=(\d+(?:\.\d+)?)", name)
    if target and float(target.group(1)) > 0:
        excess = _length_excess(float(target.group(1)))
        return Objective(name, "minimize", f"mean rounds of a finished game away from {target.group(1)}",
                         _distance(excess), unit="rounds", signed=excess)
    raise SearchError(f"--objective {text}: unknown objective: expected {', '.join(BALANCE_OBJECTIVES)} "
                      f"(N rounds > 0){hint(name, ['spread', 'first_player'])}")


def as_text(objective: Objective, value: float) -> str:
    """A value of the objective as printed: 22.8%, 22.8 pts or 7.8 rounds."""
    return f"{value:.1f}%" if objective.unit == "%" else f"{value:.1f} {objective.unit}"


def interval_as_text(objective: Objective, low: float, high: float) -> str:
    """[16.5%, 18.6%], [16.5, 18.6] pts or [7.1, 8.0] rounds."""
    if objective.unit == "%":
        return f"[{low:.1f}%, {high:.1f}%]"
    return f"[{low:.1f}, {high:.1f}] {objective.unit}"


def measured_as_text(objective: Objective, row) -> str:
    """An objective's value in a finalists row with its interval, the unit said once: spread 17.6 [16.5, 18.6]
    pts, or win 34.9% [34.3%, 35.6%]."""
    name = objective.name
    value = as_text(objective, row[name]) if objective.unit == "%" else f"{row[name]:.1f}"
    return f"{name} {value} {interval_as_text(objective, row[name + '_ci_low'], row[name + '_ci_high'])}"


def change_as_text(objective: Objective, row) -> str:
    """A finalists row's change against the baseline with its paired interval: -1.7 pts [-3.2, -0.2]."""
    name = objective.name
    return (f"{row[name + '_change']:+.1f} {objective.change_unit} [{row[name + '_change_ci_low']:+.1f}, "
            f"{row[name + '_change_ci_high']:+.1f}]")
