"""A search's outcome: the finalists played again beside the baseline on fresh games, the verdict, and what the
search keeps in its --out directory (the study, the candidates, the finalists, a summary) for a report.

The finalists' values in the race are the luckiest of many draws; the fresh games remove that luck. Every
candidate plays the same fresh games, and every interval of a change against the baseline is paired (the same
bootstrap weights on the same games). The chosen candidate is the finalist best on the fresh games; it improves
on the baseline only when its paired interval excludes no change in the wanted direction. Those intervals are
simultaneous over the finalists (Bonferroni: each at 1 - 5%/finalists), because the best of several is chosen:
the chance that a search of candidates no better than the baseline says one is better stays under 5%.
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from simulator import stats
from simulator.runner import derived_seed, warn_if_searching
from simulator.tuning.objectives import (BOOTSTRAP, Tally, parse_objective, percentile_interval, resampled_sums,
                                         win_objective)
from simulator.tuning.problem import Problem
from simulator.tuning.race import BASELINE, finalists, games_spent, load_optuna, play_together, race, record_of
from simulator.tuning.space import Budget, SearchError, parse_dimension

RECHECK_STREAM = 1_000_000  # the fresh seeds' index among derived seeds: no rung reaches it
CANDIDATES_FILE, FINALISTS_FILE, SUMMARY_FILE = "candidates.csv", "finalists.csv", "search.json"
WIN_RATE_OF = "win_rate:"   # the finalists frame's column of a strategy's win rate (%)
IMPORTANCE_FROM = 8         # candidates that played every rung: from fewer, importances say nothing


def recheck(problem: Problem, candidates: list[dict], games: int, executor=None,
            progress: Callable[[int], None] | None = None, notice: Callable[..., None] | None = None) -> pd.DataFrame:
    """Each candidate ({path: value}; {} first, the baseline as registered or as written) played on the same
    fresh games: one row per candidate with each objective's value and 95% interval, and its change against
    the baseline with a paired interval simultaneous over the candidates, in the objective's units."""
    seed = derived_seed(problem.seed, RECHECK_STREAM)
    columns = play_together([problem.spec(values, games, seed) for values in candidates], executor, progress,
                            notice)
    lineup = [s.name for s in problem.spec({}, 1, 0).lineup]
    points = [Tally.of_sums(c.sum(axis=0), lineup) for c in columns]
    resampled = [Tally.of_sums(sums, lineup) for sums in resampled_sums(columns, BOOTSTRAP, seed)]
    simultaneous = stats.ALPHA / max(1, len(candidates) - 1)
    rows = []
    for index, (values, point, again) in enumerate(zip(candidates, points, resampled)):
        row = {"candidate": "baseline" if not values else f"#{index}", **values, "games": games}
        for objective in problem.objectives:
            name, scale = objective.name, objective.scale
            difference = (objective.measure(again) - objective.measure(resampled[0])) * scale
            change_low, change_high = percentile_interval(difference, simultaneous) if index else (0.0, 0.0)
            row.update({name: objective.value(point),
                        **dict(zip((f"{name}_ci_low", f"{name}_ci_high"), objective.interval(point, again))),
                        f"{name}_change": objective.value(point) - objective.value(points[0]),
                        f"{name}_change_ci_low": change_low, f"{name}_change_ci_high": change_high})
        row.update({f"{WIN_RATE_OF}{name}": 100 * float(rate) for name, rate in zip(point.names, point.win_rates())})
        row["mean_rounds"] = float(point.rounds / max(point.finished, 1))
        rows.append(row)
    return pd.DataFrame(rows)


@dataclass
class Outcome:
    """A finished search: the study's candidates, the finalists on fresh seeds, and the chosen values."""
    problem: Problem
    budget: Budget
    trials: pd.DataFrame          # one row per candidate (the baseline's first): values, objectives, games, state
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
    def improves(self) -> bool:
        """Whether the chosen finalist beats the baseline on the fresh games in the (first) objective: its paired
        interval (simultaneous over the finalists) holds no change, nor a change the wrong way."""
        objective = self.problem.objectives[0]
        chosen = self.chosen
        if objective.direction == "maximize":
            return bool(chosen[f"{objective.name}_change_ci_low"] > 0)
        return bool(chosen[f"{objective.name}_change_ci_high"] < 0)

    @property
    def recheck_per_candidate(self) -> int:
        return self.recheck_games // len(self.candidates)


def trials_frame(problem: Problem, study) -> pd.DataFrame:
    """One row per candidate raced, the baseline's first (trial empty): its bracket, how it ended, the rungs and
    games it played, its values, each objective at its last rung (in the objective's unit) and the games the
    search had spent when it stopped."""
    raced = [(None, 0, False, study.user_attrs.get(BASELINE, {}), {})]
    raced += [(t.number, t.user_attrs.get("bracket"), t.user_attrs.get("repeat"), record_of(t), t.params)
              for t in study.get_trials(deepcopy=False)]
    rows = []
    for number, bracket, repeat, record, params in raced:
        played = record.get("scores", [])
        scores = played or [[math.nan] * len(problem.objectives)]
        rows.append({"trial": number, "bracket": bracket, "state": "repeat" if repeat else record.get("state", "fail"),
                     "rungs": len(played), "games": problem.rungs[len(played) - 1] if played else 0,
                     **({d.path: d.value_of(params[d.path]) for d in problem.dimensions}
                        if set(params) == {d.path for d in problem.dimensions} else {}),
                     **{o.name: v for o, v in zip(problem.objectives, scores[-1])}})
    frame = pd.DataFrame(rows).astype({"trial": "Int64", "bracket": "Int64"})
    frame["games_spent"] = _spent_when_stopped(problem, frame)
    return frame.sort_values(["games_spent", "trial"], na_position="first", kind="stable").reset_index(drop=True)


def _spent_when_stopped(problem: Problem, frame: pd.DataFrame) -> pd.Series:
    """The games the search had spent when each candidate played its last rung: brackets one after another,
    each rung played by all its candidates at once."""
    spent, when = 0, pd.Series(0, index=frame.index)
    added = np.diff([0] + problem.rungs)
    for _, members in frame[frame.rungs > 0].groupby("bracket", sort=True):
        for rung, games in enumerate(added):
            spent += int((members.rungs > rung).sum()) * int(games)
            when[members.index[members.rungs == rung + 1]] = spent
    return when


def _importances(problem: Problem, study) -> dict:
    """PED-ANOVA importances of the varied values (how far each one's values among the best candidates differ
    from its values among all, over the candidates that played every rung), when there are several, a single
    objective to explain and enough candidates to explain it."""
    optuna = load_optuna()
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if len(problem.dimensions) < 2 or len(problem.objectives) > 1 or len(done) < IMPORTANCE_FROM:
        return {}
    # PED-ANOVA: deterministic, and needs no scikit-learn (fANOVA's forests do)
    evaluator = optuna.importance.PedAnovaImportanceEvaluator()
    return dict(optuna.importance.get_param_importances(study, evaluator=evaluator))


def games_to_play(problem: Problem, budget: Budget, finalist_count: int = 3,
                  recheck_games: int | None = None) -> int | None:
    """The games a search plays in all, the race's budget and the finalists' and baseline's fresh games (what its
    progress bar counts to); None when the budget is a time."""
    if budget.games is None:
        return None
    return budget.games + (finalist_count + 1) * (recheck_games or problem.rungs[-1])


def run_search(problem: Problem, budget: Budget, finalist_count: int = 3, recheck_games: int | None = None,
               out: Path | None = None, executor=None, progress: Callable[[int], None] | None = None,
               describe: Callable[[str], None] | None = None, notice: Callable[..., None] | None = None) -> Outcome:
    """The whole search: the race (resumed from `out` if it holds one), then the finalists and the baseline
    played on fresh seeds; the chosen values are the finalist best on those. `notice` is told of a compile."""
    if not 1 <= finalist_count <= 20:
        raise SearchError(f"--finalists {finalist_count}: expected 1 to 20 candidates to play again")
    recheck_games = problem.rungs[-1] if recheck_games is None else recheck_games
    if not problem.players <= recheck_games <= 10 ** 9:
        raise SearchError(f"--recheck {recheck_games}: expected {problem.players} to 1,000,000,000 fresh games")
    # whole rotations of the seats, as the rungs: every strategy sits in every seat equally often, so a
    # strategy's win rate is not its seats'
    recheck_games = math.ceil(recheck_games / problem.players) * problem.players
    warn_if_searching([problem.spec({}, problem.games, problem.seed)], notice)
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    clock = time.perf_counter()
    study = race(problem, budget, out, executor, progress, describe, notice)
    best = finalists(problem, study, finalist_count)
    if not best:
        raise SearchError(f"the budget ({budget.describe()}) ended the search before any candidate played "
                          f"every rung: give a larger --budget or lower --games")
    if describe is not None:
        describe(f"{problem.kind}: {len(best)} finalists and the baseline on fresh seeds")
    candidates = [{}] + [{d.path: d.value_of(t.params[d.path]) for d in problem.dimensions} for t in best]
    frame = recheck(problem, candidates, recheck_games, executor, progress, notice)
    frame.insert(1, "trial", pd.array([None] + [t.number for t in best], dtype="Int64"))
    outcome = Outcome(problem, budget, trials_frame(problem, study), frame, candidates, _importances(problem, study),
                      games_spent(problem, study), recheck_games * len(candidates), time.perf_counter() - clock,
                      started)
    if out is not None:
        outcome.trials.to_csv(out / CANDIDATES_FILE, index=False)
        outcome.finalists.to_csv(out / FINALISTS_FILE, index=False)
        (out / SUMMARY_FILE).write_text(json.dumps({
            "definition": problem.definition(), "budget": vars(budget), "games": outcome.games,
            "recheck_games": outcome.recheck_games, "elapsed": outcome.elapsed, "started": started,
            "units": {o.name: o.unit for o in problem.objectives}, "importances": outcome.importances},
            indent=2, default=str))
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
        objectives = [win_objective(names[0])]
    else:
        objectives = [parse_objective(name) for name in definition["objectives"]]
    problem = Problem(definition["kind"], definition["edition"], definition["variant"],
                      [tuple(pair) for pair in definition["fixed"]], names, definition["players"],
                      [parse_dimension(item, f"--vary {item}") for item in definition["vary"]], objectives,
                      definition["rungs"][-1], definition["seed"])
    finalists_frame = pd.read_csv(directory / FINALISTS_FILE).astype({"trial": "Int64"})
    paths = [d.path for d in problem.dimensions]
    candidates = [{} if row["candidate"] == "baseline" else {p: row[p].item() if isinstance(row[p], np.generic)
                                                             else row[p] for p in paths}
                  for _, row in finalists_frame.iterrows()]
    return Outcome(problem, Budget(**stored["budget"]),
                   pd.read_csv(directory / CANDIDATES_FILE).astype({"trial": "Int64", "bracket": "Int64"}),
                   finalists_frame, candidates, stored["importances"], stored["games"], stored["recheck_games"],
                   stored["elapsed"], stored["started"])
