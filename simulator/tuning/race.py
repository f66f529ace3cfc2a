"""The race: candidates proposed by an Optuna study (TPE), raced by successive halving played rung by rung.

A bracket is a set of candidates raced together: every candidate of the bracket plays the first rung (the same
games, on the same seeds: common random numbers), then the best third of them (at least two) play the second,
and so on; a candidate is stopped only once every candidate of its bracket has played the rung it is judged on,
so no candidate is promoted for want of a competitor, whatever the order they are played in. The candidates of a
rung are played together, as one set of batches over the threads or the Dask workers. The first bracket holds
the baseline (the edition as written, the strategy as registered) beside the candidates. Brackets follow one
another while the budget affords one of at least two candidates; a bracket of a games budget is sized so that
it finishes whole. A space small enough to list is raced whole in one bracket when the budget affords it, so
that no candidate is proposed twice. With several objectives nothing is stopped early (every candidate of a
bracket plays every rung) and the finalists are the Pareto front.

Every candidate at the last rung played the same games, so the finalists are the best at the last rung over
every bracket. A study kept in --out resumes as an uninterrupted one: each rung's results are stored once the
whole rung is played, a bracket's ranking is a function of its candidates' stored results, and each bracket's
proposals come from a sampler seeded by the bracket's number, so a resumed bracket is asked the same candidates.
"""
from __future__ import annotations

import functools
import json
import math
import sqlite3
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import numpy as np

from simulator import usercode
from simulator.executors import BatchOutput, BatchTask, LocalExecutor
from simulator.runner import RunSpec, batch_task, derived_seed, prepare_engine, search_notice
from simulator.tuning.objectives import Tally, as_text
from simulator.tuning.problem import REDUCTION, Problem, shown, short_label
from simulator.tuning.space import Budget, SearchError

MOST_PER_BRACKET = 27  # candidates raced together: larger brackets would leave the sampler nothing to learn from
TIME_BRACKET = 9       # candidates of a bracket under a time budget (its games cannot be planned)
EXHAUSTED_AFTER = 30   # proposals in a row that repeat a candidate end the asking of a bracket
STUDY_FILE = "study.db"   # in --out, beside the candidates, the finalists and the summary
BASELINE = "baseline"     # the study's attribute holding the baseline's race record
RACE = "race"             # a trial's attribute holding its race record (Racer.record)
ASKED = "asked"           # the study's attribute: the brackets whose candidates were all proposed


def load_optuna():
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


@dataclass
class Racer:
    """A candidate in its bracket: its values ({} for the baseline), the games it played and what they tally."""
    values: dict
    trial: int | None                  # the study's trial number; None for the baseline
    sums: np.ndarray | None = None     # Tally.columns summed over its games
    scores: list = field(default_factory=list)   # per rung played: each objective's value, in its unit
    state: str = "running"             # running, complete, pruned or budget (stopped when the time ran out)

    @property
    def rungs_played(self) -> int:
        return len(self.scores)

    def record(self) -> dict:
        """What the study keeps of the race of a candidate, written as one attribute once a rung is played."""
        return {"sums": None if self.sums is None else self.sums.tolist(), "scores": self.scores, "state": self.state}

    def restore(self, record: dict) -> Racer:
        if record.get("sums") is not None:
            self.sums = np.array(record["sums"])
        self.scores, self.state = list(record.get("scores", [])), record.get("state", self.state)
        return self


def record_of(trial) -> dict:
    return trial.user_attrs.get(RACE, {})


def survivors(problem: Problem, entrants: int) -> list[int]:
    """How many candidates of a bracket of `entrants` play each rung: a third go on (at least two)."""
    counts = [entrants]
    for _ in problem.rungs[1:]:
        last = counts[-1]
        counts.append(last if len(problem.objectives) > 1 else min(last, max(2, math.ceil(last / REDUCTION))))
    return counts


def bracket_cost(problem: Problem, entrants: int) -> int:
    added = np.diff([0] + problem.rungs)
    return int(sum(count * games for count, games in zip(survivors(problem, entrants), added)))


@dataclass
class Together:
    """Several runs' batches as one set (a BatchTask to the executors): item i is batch batches[i][1] of run
    batches[i][0]; it returns the run's index with the batch's output."""
    tasks: list[BatchTask]
    threads: int | None = None

    def __post_init__(self) -> None:
        self.batches = [(run, batch) for run, task in enumerate(self.tasks)
                        for batch in range(-(-task.games // task.batch_size))]
        self.user_code, self.jit = self.tasks[0].user_code, self.tasks[0].jit

    def __call__(self, item: int) -> tuple[int, BatchOutput]:
        run, batch = self.batches[item]
        task = self.tasks[run]
        task.threads = self.threads
        return run, task(batch)


def play_together(specs: list[RunSpec], executor=None, progress: Callable[[int], None] | None = None,
                  notice: Callable[..., None] | None = None) -> list[np.ndarray]:
    """The runs (candidates, each on the same games and seed), all their batches as one set over the threads or
    workers: per run, Tally.columns of its games in the order of the games. `notice` is told of a compile, as
    in runner.run."""
    together = Together([batch_task(spec) for spec in specs])
    own_executor = executor is None
    executor = executor or LocalExecutor(specs[0].threads)
    kernel = together.tasks[0].kernel()
    # compiled, or loaded from numba's cache, once in this process (Dask's local workers then load it too)
    if executor.prepares_here and usercode.plays_here(together.user_code, together.jit) and \
            not getattr(kernel, "signatures", True):
        prepare_engine(together.tasks[0], specs[0].edition.name, notice)
    search_notice(specs, notice)
    lineups = [[s.name for s in spec.lineup] for spec in specs]
    parts: list[dict] = [{} for _ in specs]
    try:
        for run, output in executor.map(together, range(len(together.batches))):
            parts[run][output.first] = Tally.columns(output.games, lineups[run])
            if progress is not None:
                progress(len(output.games))
    finally:
        if own_executor:
            executor.close()
    return [np.concatenate([part[first] for first in sorted(part)]) for part in parts]


class Race:
    """The study's brackets played until the budget is spent or every candidate was raced."""

    def __init__(self, problem: Problem, study, budget: Budget, executor=None,
                 progress: Callable[[int], None] | None = None, describe: Callable[[str], None] | None = None,
                 notice: Callable[..., None] | None = None):
        self.problem, self.study, self.budget = problem, study, budget
        self.executor, self.progress, self.describe, self.notice = executor, progress, describe, notice
        self.clock = time.perf_counter()
        self.lineup = [s.name for s in problem.spec({}, 1, 0).lineup]
        self.specs: dict[str, RunSpec] = {}   # each candidate's run, read once: its rungs differ in games and seed

    # the budget

    def spent(self) -> int:
        return games_spent(self.problem, self.study)

    def out_of_time(self) -> bool:
        return self.budget.seconds is not None and time.perf_counter() - self.clock >= self.budget.seconds

    # the brackets

    def run(self) -> None:
        if self.progress is not None and self.spent():
            self.progress(self.spent())
        bracket = 0
        while not self.out_of_time():
            racers = self.entrants(bracket)
            if len(racers) < 2:
                break
            self.play(racers)
            bracket += 1

    def entrants(self, bracket: int) -> list[Racer]:
        """The bracket's candidates: those stored if it was proposed whole before (a resumed study), else
        proposed now; the baseline first in the first bracket."""
        optuna = load_optuna()
        trials = [t for t in self.study.get_trials(deepcopy=False) if t.user_attrs.get("bracket") == bracket]
        baseline = [Racer({}, None).restore(self.study.user_attrs.get(BASELINE, {}))] if bracket == 0 else []
        if bracket in self.study.user_attrs.get(ASKED, []):
            racers = baseline + [Racer(self.values(t), t.number).restore(record_of(t)) for t in trials
                                 if t.state != optuna.trial.TrialState.FAIL]
            for racer, trial in zip(racers[len(baseline):], (t for t in trials if t.state.name != "FAIL")):
                if racer.state != "running" and trial.state == optuna.trial.TrialState.RUNNING:
                    self.finish(racer, racer.state)   # interrupted between its result and the study's record
            return racers
        for trial in trials:   # proposed in part before an interruption: proposed again, the same way
            if trial.state == optuna.trial.TrialState.RUNNING:
                self.study.tell(trial.number, state=optuna.trial.TrialState.FAIL)
        room = self.room(len(baseline))
        listed = self.problem.every_candidate()
        raced = {_key(self.values(t)) for t in self.study.get_trials(deepcopy=False)
                 if t.state != optuna.trial.TrialState.FAIL}
        if listed is not None:
            unraced = [values for values in listed if _key(values) not in raced]
            if len(unraced) <= room:   # every candidate left, raced at once: none is proposed twice
                for values in unraced:
                    self.study.enqueue_trial({d.path: d.stored(values[d.path]) for d in self.problem.dimensions})
            room = min(room, len(unraced))
        racers = baseline + self.propose(bracket, room, raced)
        if len(racers) < 2:   # nothing to race: the study stays open to a larger budget
            for racer in racers[len(baseline):]:
                self.study.tell(racer.trial, state=optuna.trial.TrialState.FAIL)
            return []
        self.study.set_user_attr(ASKED, self.study.user_attrs.get(ASKED, []) + [bracket])
        return racers

    def room(self, baseline: int) -> int:
        """The candidates (besides the baseline) of the next bracket: as many as a games budget pays whole."""
        if self.budget.games is None:
            return TIME_BRACKET - baseline
        left = self.budget.games - self.spent()
        entrants = MOST_PER_BRACKET
        while entrants >= 2 and bracket_cost(self.problem, entrants) > left:
            entrants -= 1
        return max(0, entrants - baseline) if entrants >= 2 else 0

    def propose(self, bracket: int, room: int, raced: set) -> list[Racer]:
        """`room` new candidates from the study's sampler (or its queue), none a repeat of a candidate raced."""
        optuna = load_optuna()
        self.study.sampler = optuna.samplers.TPESampler(seed=derived_seed(self.problem.seed, bracket) % 2 ** 32,
                                                        constant_liar=True)   # 32-bit seeds
        racers, repeats = [], 0
        while len(racers) < room and repeats < EXHAUSTED_AFTER:
            trial = self.study.ask()
            trial.set_user_attr("bracket", bracket)
            values = {d.path: d.suggest(trial) for d in self.problem.dimensions}
            if _key(values) in raced:
                repeats += 1
                trial.set_user_attr("repeat", True)
                self.study.tell(trial, state=optuna.trial.TrialState.FAIL)
                continue
            raced.add(_key(values))
            repeats = 0
            racers.append(Racer(values, trial.number))
        return racers

    def play(self, racers: list[Racer]) -> None:
        """Successive halving of a bracket, rung by rung: the candidates judged on a rung all played it."""
        problem = self.problem
        counts = survivors(problem, len(racers))
        for rung, games in enumerate(problem.rungs):
            standing = self.ranked(racers, rung - 1)[:counts[rung]] if rung else racers
            for racer in racers:
                if racer not in standing and racer.state == "running":
                    self.finish(racer, "pruned")
            behind = [r for r in standing if r.rungs_played <= rung]
            if behind and (self.out_of_time() or (self.budget.games is not None and
                                                  self.spent() + len(behind) * self.added(rung) > self.budget.games)):
                for racer in standing:
                    if racer.state == "running":
                        self.finish(racer, "budget")
                return
            if behind:
                self.race_rung(behind, rung)
        for racer in racers:
            if racer.state == "running":
                self.finish(racer, "complete")
        if self.describe is not None:
            self.describe(f"{problem.kind}: {len(self.study.trials)} candidates, {self.best_line()}")

    def added(self, rung: int) -> int:
        return self.problem.rungs[rung] - (self.problem.rungs[rung - 1] if rung else 0)

    def ranked(self, racers: list[Racer], rung: int) -> list[Racer]:
        """The racers that played `rung`, best first in the first objective (ties: the earlier candidate)."""
        sign = -1 if self.problem.directions[0] == "maximize" else 1
        played = [r for r in racers if r.rungs_played > rung]
        return sorted(played, key=lambda r: (sign * r.scores[rung][0], -1 if r.trial is None else r.trial))

    def race_rung(self, racers: list[Racer], rung: int) -> None:
        """The racers play the rung's games together; the results are stored once the whole rung is played."""
        games, seed = self.added(rung), self.problem.rung_seed(rung)
        specs = [replace(self.spec_of(r.values), games=games, seed=seed) for r in racers]
        columns = play_together(specs, self.executor, self.progress, self.notice)
        for racer, games in zip(racers, columns):
            added = games.sum(axis=0)
            racer.sums = added if racer.sums is None else racer.sums + added
            tally = Tally.of_sums(racer.sums, self.lineup)
            racer.scores.append([o.value(tally) for o in self.problem.objectives])
            self.store(racer)

    def spec_of(self, values: dict) -> RunSpec:
        key = _key(values)
        if key not in self.specs:
            self.specs[key] = self.problem.spec(values, 1, 0)
        return self.specs[key]

    def finish(self, racer: Racer, state: str) -> None:
        racer.state = state
        self.store(racer)
        if racer.trial is None:
            return
        optuna = load_optuna()
        if state == "complete":
            self.study.tell(racer.trial, racer.scores[-1])
        else:   # Optuna's samplers read a stopped candidate's last value as its intermediate value
            if len(self.problem.objectives) == 1 and racer.scores:
                optuna.trial.Trial(self.study, self.trial_id(racer)).report(
                    racer.scores[-1][0], self.problem.rungs[racer.rungs_played - 1])
            self.study.tell(racer.trial, state=optuna.trial.TrialState.PRUNED)

    def store(self, racer: Racer) -> None:
        if racer.trial is None:
            self.study.set_user_attr(BASELINE, racer.record())
        else:
            self.study._storage.set_trial_user_attr(self.trial_id(racer), RACE, racer.record())

    def trial_id(self, racer: Racer) -> int:
        return self.study._storage.get_trial_id_from_study_id_trial_number(self.study._study_id, racer.trial)

    def values(self, trial) -> dict:
        return {d.path: d.value_of(trial.params[d.path]) for d in self.problem.dimensions}

    def best_line(self) -> str:
        best = finalists(self.problem, self.study, 1)
        if not best:
            return "no candidate played every rung yet"
        objective = self.problem.objectives[0]
        return (f"best {objective.name} {as_text(objective, record_of(best[0])['scores'][-1][0])}: "
                + ", ".join(f"{short_label(k, self.problem)}={shown(v)}" for k, v in self.values(best[0]).items()))


def _key(values: dict) -> str:
    return json.dumps(values, sort_keys=True)


def games_spent(problem: Problem, study) -> int:
    """The games of the rungs played and stored (a rung interrupted before it was stored is played again)."""
    records = [study.user_attrs.get(BASELINE, {})] + [record_of(t) for t in study.get_trials(deepcopy=False)]
    return sum(problem.rungs[len(record["scores"]) - 1] for record in records if record.get("scores"))


def finalists(problem: Problem, study, count: int) -> list:
    """The best `count` candidates at the last rung, over every bracket (they all played the same games), or
    the Pareto front of them with several objectives. A candidate stopped by the budget is not one."""
    last = len(problem.rungs)
    reached = [t for t in study.get_trials(deepcopy=False)
               if len(record_of(t).get("scores", [])) == last and record_of(t).get("state") == "complete"]
    if len(problem.objectives) > 1:
        front = _pareto(problem, [record_of(t)["scores"][-1] for t in reached])
        return [t for t, on in zip(reached, front) if on][:count]
    sign = -1 if problem.directions[0] == "maximize" else 1
    return sorted(reached, key=lambda t: (sign * record_of(t)["scores"][-1][0], t.number))[:count]


def _pareto(problem: Problem, scores: list[list[float]]) -> list[bool]:
    signs = np.array([-1 if d == "maximize" else 1 for d in problem.directions])
    costs = np.array(scores) * signs
    return [not any((other <= cost).all() and (other < cost).any() for other in costs) for cost in costs]


def open_study(problem: Problem, out: Path | None):
    """A new study, or the one kept in `out`; refused when `out` holds another search or other files."""
    optuna = load_optuna()
    storage = None
    if out is not None:
        if out.exists() and any(out.iterdir()) and not (out / STUDY_FILE).exists():
            raise SearchError(f"--out {out}: holds other files, not a search: give a new or empty directory")
        out.mkdir(parents=True, exist_ok=True)
        path = (out / STUDY_FILE).resolve()
        storage = optuna.storages.RDBStorage(f"sqlite:///{path}",
                                             engine_kwargs={"creator": functools.partial(_unsynced, path)})
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
    for trial in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.WAITING,)):
        # queued but never proposed before an interruption: the bracket is proposed again
        study._storage.set_trial_state_values(trial._trial_id, optuna.trial.TrialState.FAIL)
    return study


def _unsynced(path: Path):
    """A connection to the study's SQLite file whose commits do not wait for the disk (each waited 15 ms, 8 s of
    a search of 500 commits): a process interrupted in any way keeps every commit made (SQLite's journal holds
    it); only a crash of the machine itself could lose the last ones, which a resumed study plays again."""
    connection = sqlite3.connect(path, check_same_thread=False)
    connection.execute("PRAGMA synchronous = OFF")
    return connection


def race(problem: Problem, budget: Budget, out: Path | None = None, executor=None,
         progress: Callable[[int], None] | None = None, describe: Callable[[str], None] | None = None,
         notice: Callable[..., None] | None = None):
    """Race (or resume, with `out`) the study's candidates until the budget is spent; returns the study. A games
    budget that cannot bring two candidates through every rung is refused before any game."""
    if budget.games is not None and budget.games < problem.smallest_budget():
        raise SearchError(f"--budget {budget.games:,}: too small to race candidates of {problem.rungs[-1]:,} games: "
                          f"at least {problem.smallest_budget():,} (two candidates, the baseline and one other, "
                          f"through every rung); or lower --games")
    study = open_study(problem, out)
    Race(problem, study, budget, executor, progress, describe, notice).run()
    return study
