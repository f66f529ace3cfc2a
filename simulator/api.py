"""The Python API: the same runs and frames the CLI prints, with the CLI's defaults.

    from simulator import simulate, squares, groups
    run = simulate("classic", games=20_000, seed=7)
    groups(run)                         # the frame behind `monopoly-mc properties`

Runs are simulator.results.Results. Every analysis takes one run, a list of them (a tournament's tables,
a sweep's points), or the path of a results directory (`load("results/first")` reads one explicitly).
"""
from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from simulator import API, analysis, usercode
from simulator.checks import Edition
from simulator.metagame import RESAMPLES
from simulator.progress import in_notebook, progress_bar
from simulator.results import Results, load_results  # noqa: F401  (Results is re-exported)
from simulator.rules import compile_rules, load_edition
from simulator.runner import (DEFAULT_GAMES, RunError, RunSpec, as_results, resolve_lineup, run, run_many,
                              sweep_plan, tournament_plan)
from simulator.screening import GAMES, TRAJECTORIES

__all__ = list(API)  # one list of names, also read by simulator.__getattr__


# The layers below the API name a bad value as the command line spells it (`--games -5: ...`): the API says
# it as its caller wrote it (`games=-5: ...`).
_OPTION = re.compile(r"--([a-z][a-z-]*)(?: ([^\s:)]+)(?=[:)]|$))?")
_KEYWORD = {"strategy-file": "strategy_files", "strategy": "strategies", "set": "overrides", "fair-price": "side",
            "rival": "rivals", "fair": "target"}


def _keyword(match: re.Match) -> str:
    option, value = match.group(1), match.group(2)
    if option in ("resume", "overwrite"):
        return f"{option}=True" + (f" (out={value})" if value else "")
    keyword = _KEYWORD.get(option, option.replace("-", "_"))
    return keyword if value is None else f"{keyword}={value}"


def in_api_words(message: str) -> str:
    return _OPTION.sub(_keyword, message.replace("--jit off", "jit=False"))


def _api_errors(function):
    """A function of the API whose refusals (ValueError subclasses, one line) name its keywords."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except ValueError as exc:
            if exc.args and isinstance(exc.args[0], str) and "--" in exc.args[0]:
                exc.args = (in_api_words(exc.args[0]), *exc.args[1:])
            raise
    return wrapper


# progress=None: a bar in a notebook or a terminal, nothing in a log; True or False; or a function called with
# the games each finished batch adds. A compile of the engine (20-60 s, once) is announced above the bar, or on
# stderr.
Progress = bool | Callable[[int], None] | None


@contextmanager
def _feedback(progress: Progress, total: int, label: str) -> Iterator[tuple[Callable | None, Callable, Callable]]:
    """(progress, notice, describe) for a run: the caller's function, or a bar in a notebook or a terminal
    (tqdm's widget in Jupyter), the engine's compile announced above it or on stderr."""
    shown = progress is True or (progress is None and (in_notebook() or sys.stderr.isatty()))
    with progress_bar(total, label, shown) as bar:
        def notice(text: str, paused: float = 0.0) -> None:
            if shown:
                bar.note(text, paused)
            else:
                print(text, file=sys.stderr)
        yield (progress if callable(progress) else bar.update if shown else None), notice, bar.describe


def _runs(value) -> list[Results]:
    """One run, several, or the path of a results directory, as the list every analysis reads."""
    if isinstance(value, Results):
        return [value]
    if isinstance(value, (str, Path)):
        return load_results([value])
    runs = list(value)
    return [r for item in runs for r in _runs(item)] if not all(isinstance(r, Results) for r in runs) else runs


def _on_runs(function):
    """An analysis of simulator.analysis that also takes one run or a path."""
    @functools.wraps(function)
    def wrapper(runs, *args, **kwargs):
        return function(_runs(runs), *args, **kwargs)
    return _api_errors(wrapper)


cards = _on_runs(analysis.card_table)
groups = _on_runs(analysis.group_table)
head_to_head = _on_runs(analysis.head_to_head)
length = _on_runs(analysis.length_table)
rounds_histogram = _on_runs(analysis.rounds_histogram)
seats = _on_runs(analysis.seat_table)
squares = _on_runs(analysis.square_table)
ranking = _on_runs(analysis.strategy_ranking)
sweep_table = _on_runs(analysis.sweep_table)


def ratings(runs, resamples: int = RESAMPLES, seed: int = 0):
    """Plackett-Luce ratings with 95% intervals and the equilibrium weights of the head-to-head meta-game, best
    rated first (the frame behind `monopoly-mc ratings`), and the sentence that answers "is there a dominant
    strategy, and which mix is stable?". Reads the per-player frames: runs played with out= or kept in memory."""
    from simulator import metagame as rating
    table, sentence, _ = rating.ratings(_runs(runs), resamples, seed)
    return table, sentence


USER_CODE_DOC = """
    strategy_files: files of your own strategies (simulator/usercode.py), named then like the built-in ones;
    they stay in use until the next run. jit=False: every decision runs as Python (print() included) in a
    child process, with the same results on a seed."""


def _with_user_code(function):
    """A run of the API that also takes `strategy_files=[...]` and `jit=False` (USER_CODE_DOC)."""
    @functools.wraps(function)
    def wrapper(*args, strategy_files=(), jit: bool = True, **kwargs):
        usercode.use(strategy_files, jit)
        return function(*args, **kwargs)
    wrapper.__doc__ = function.__doc__ + "\n" + USER_CODE_DOC
    return _api_errors(wrapper)


@_api_errors
def compare(a, b, detect: float = 0.01):
    """Two versions side by side (each one run, several, or a path): differences, intervals and tests."""
    return analysis.compare(_runs(a), _runs(b), detect)


def _edition(edition: str | Path | Edition, variant: str | None, overrides: dict | None) -> Edition:
    """The edition a caller names (a built-in name or a data file's path) with its variant and overrides, or
    one already loaded (as the CLI loads it, for messages in its own words)."""
    if not isinstance(edition, Edition):
        return load_edition(edition, variant, list((overrides or {}).items()))
    if variant is not None or overrides:
        raise ValueError("a loaded Edition already has its variant and overrides: pass its name to change them")
    return edition


@_with_user_code
def simulate(edition: str | Path | Edition = "classic", players: int = 4, strategies: list[str] | tuple = (),
             games: int = DEFAULT_GAMES["simulate"],
             seed: int = 0, variant: str | None = None, overrides: dict | None = None, out: str | Path | None = None,
             overwrite: bool = False, threads: int | None = None, progress: Progress = None,
             resume: bool = False) -> Results:
    """Play `games` games; per-game and per-player frames stay in memory, or go to `out` if given
    (`resume`: finish an interrupted run there). `progress`: None shows a bar in a notebook or a terminal;
    True, False, or a function called with the games each finished batch adds."""
    loaded = _edition(edition, variant, overrides)
    lineup = resolve_lineup(loaded, compile_rules(loaded), players, list(strategies))
    spec = RunSpec(edition=loaded, lineup=lineup, games=games, seed=seed, threads=threads)
    spec.validate()
    out = None if out is None else Path(out)
    with _feedback(progress, games, f"Simulating {loaded.name}") as (update, notice, _):
        return as_results(run(spec, out=out, overwrite=overwrite, progress=update, keep_frames=out is None,
                              resume=resume, notice=notice))


def load(*paths: str | Path) -> list[Results]:
    """Every run stored under the paths (a results directory, or a tournament's or sweep's)."""
    return load_results(list(paths))


@_with_user_code
def tournament(strategies: list[str], edition: str | Path | Edition = "classic", players: int = 4,
               games: int = DEFAULT_GAMES["tournament"], seed: int = 0, variant: str | None = None,
               overrides: dict | None = None, out: str | Path | None = None, overwrite: bool = False,
               threads: int | None = None, progress: Progress = None, resume: bool = False) -> list[Results]:
    """Every table the strategies can form, seats rotated; analyse with ranking() and head_to_head().
    Each table plays the same whole number of seat rotations, so `games` is rounded up to a multiple of
    the tables times the players. `progress` as for simulate()."""
    loaded = _edition(edition, variant, overrides)
    plan = tournament_plan(loaded, compile_rules(loaded), list(strategies), players, games, seed, threads=threads)
    with _feedback(progress, sum(p.spec.games for p in plan), "Tournament") as (update, notice, describe):
        return run_many(plan, "tournament", {"strategies": list(strategies), "players": players, "seed": seed},
                        out=None if out is None else Path(out), overwrite=overwrite, resume=resume, progress=update,
                        describe=describe, notice=notice)


@_with_user_code
def sweep(axes: dict[str, list], edition: str = "classic", players: int = 4, strategies: list[str] | tuple = (),
          games: int = DEFAULT_GAMES["sweep"], seed: int = 0, variant: str | None = None, fixed: dict | None = None,
          out: str | Path | None = None, overwrite: bool = False, threads: int | None = None,
          progress: Progress = None, resume: bool = False) -> list[Results]:
    """One run per grid point of one or two `axes` ({path: [values]}); analyse with sweep_table(). A path
    given a single value (not a list) is fixed at it, as in `fixed`. `progress` as for simulate()."""
    if not isinstance(axes, dict):
        raise RunError(f"axes={axes!r}: expected a dict of paths to lists of values, e.g. "
                       f"{{'rules.start_cash': [1000, 1500]}}")
    listed = {path: list(v) if isinstance(v, (list, tuple, range)) else [v] for path, v in axes.items()}
    varied = {path: values for path, values in listed.items() if len(values) > 1}
    fixed = {**(fixed or {}), **{path: values[0] for path, values in listed.items() if len(values) == 1}}
    if not varied:
        raise RunError(f"axes={axes!r}: give one or two paths to vary, each with a list of two or more values, "
                       f"e.g. {{'rules.start_cash': [1000, 1500]}} (a single value is fixed, as in fixed=)")
    plan = sweep_plan(edition, variant, list(fixed.items()), list(varied.items()), list(strategies), players,
                      games, seed, threads=threads)
    with _feedback(progress, games * len(plan), "Sweep") as (update, notice, describe):
        return run_many(plan, "sweep", {"axes": list(varied), "fixed": fixed, "seed": seed},
                        out=None if out is None else Path(out), overwrite=overwrite, resume=resume, progress=update,
                        describe=describe, notice=notice)


@_with_user_code
def position(file: str | Path, games: int = DEFAULT_GAMES["position"], seed: int = 0, threads: int | None = None,
             progress: Progress = None):
    """From the moment a position file describes: per player, the win probability with its 95% interval and
    the final-rank distribution (the frame behind `monopoly-mc position`; attrs: rounds_mean,
    unfinished_share). `progress` as for simulate()."""
    from simulator import positions
    start = positions.load_position(file)
    with _feedback(progress, games, f"Playing {Path(file).name}") as (update, notice, _):
        return positions.outlook(positions.play(start, games, seed, threads, update, notice), start)


@_with_user_code
def trade(file: str | Path, between: tuple[str, str], give: tuple[str, ...] | list[str] = (),
          get: tuple[str, ...] | list[str] = (), cash: int = 0, games: int = DEFAULT_GAMES["position"],
          seed: int = 0, threads: int | None = None, progress: Progress = None):
    """Each side's win probability from a position with and without a trade (`between[0]` gives `give` and
    `cash`, `between[1]` gives `get`), on the same seeds: paired differences, intervals and verdicts.
    `progress` as for simulate()."""
    from simulator import positions
    deal = positions.Trade(between=tuple(between), give=tuple(give), get=tuple(get), cash=cash)
    start = positions.load_position(file)
    positions.traded(start, deal)  # refuses a trade that does not fit before a bar is drawn
    with _feedback(progress, 2 * games, "Trading") as (update, notice, _):
        return positions.trade_table(start, deal, games, seed, threads, update, notice)


@_with_user_code
def fair_price(file: str | Path, between: tuple[str, str], side: str, give: tuple[str, ...] | list[str] = (),
               get: tuple[str, ...] | list[str] = (), games: int = DEFAULT_GAMES["position"], seed: int = 0,
               threads: int | None = None, lowest: int = -2000, highest: int = 2000, step: int = 10) -> dict:
    """The cash paid by `between[0]` to `between[1]` that makes the trade even for `side` (a bisection on
    the same seeds), with the range of the prices tried that are not significantly different from even."""
    from simulator import positions
    deal = positions.Trade(between=tuple(between), give=tuple(give), get=tuple(get))
    return positions.fair_price(positions.load_position(file), deal, side, games, seed, threads, lowest, highest,
                                step)


@_with_user_code
def trades(file: str | Path, player: str, rivals: list[str] | None = None,
           cash: tuple[int, ...] | list[int] | None = None, max_squares: int = 1, screen_games: int = 200,
           finalists: int = 8, games: int = 4000, seed: int = 0,
           threads: int | None = None, progress: Progress = None, field: list[str] | None = None):
    """Which trade `player` should offer from a position (the frame behind `monopoly-mc trades`): every trade with
    each rival (or `rivals`), squares for squares and squares for each amount of `cash` (default 100, 200, 400; Fortnite: locations and chest items, no cash), screened on
    `screen_games` games of `seed`, the `finalists` best re-checked on `games` games of seed + 1. The trades that
    raise the player's chance there, best first: its and the rival's paired differences with 95% intervals,
    Holm-adjusted p-values, whether the rival's strategy accepts (rival_accepts), whether both gain
    (both_gain), and a verdict. `field`: the rivals' strategies instead of the file's (one for all, or one each
    in seat order). `progress` as for simulate()."""
    from simulator import positions, trade_finder as finder
    start = positions.load_position(file)
    if field is not None:
        start = positions.with_field(start, player, list(field))
    budget = finder.Budget(screen_games, finalists, games)
    budget.check()
    offers = finder.candidates(start, player, rivals, cash, max_squares)
    with _feedback(progress, budget.total(len(offers)), "Trading") as (update, notice, _):
        return finder.find_trades(start, player, budget=budget, seed=seed, threads=threads, progress=update,
                                  notice=notice, offers=offers)


@_with_user_code
def fair_prices(file: str | Path, player: str, target: str, rivals: list[str] | None = None, games: int = 2000,
                seed: int = 0, threads: int | None = None, step: int = 25):
    """For `target` (a square or a colour group): the cash that makes each sale of its squares between `player`
    and a rival even for each side, and for its squares still the bank's the highest bid worth paying, each
    with its paired difference, 95% interval and even range (`monopoly-mc trades --fair`)."""
    from simulator import positions, trade_finder as finder
    return finder.fair_prices(positions.load_position(file), player, target, rivals, games, seed, threads, step)


@_with_user_code
def whatif(file: str | Path, alt: str | Path, games: int = DEFAULT_GAMES["position"], seed: int = 0,
           threads: int | None = None, progress: Progress = None):
    """Two positions of the same players on the same seeds: each player's win probability in both, the
    paired difference, its interval and a verdict. `progress` as for simulate()."""
    from simulator import positions
    first, second = positions.load_position(file), positions.load_position(alt)
    with _feedback(progress, 2 * games, "Comparing") as (update, notice, _):
        return positions.compare_positions(first, second, games, seed, threads, update, notice,
                                           verdicts=("better in alt", "worse in alt"))


@_with_user_code
def optimize(strategy: str, params: list[str], edition: str = "classic", field: list[str] | None = None,
             players: int = 4, budget: str | int = "200k", games: int = 20_000, finalists: int = 3,
             recheck: int | None = None, seed: int = 0, variant: str | None = None, overrides: dict | None = None,
             out: str | Path | None = None, threads: int | None = None, progress: Progress = None):
    """The values of `params` (["build_reserve=0:500", "build_target=3,4,5"]) that maximise `strategy`'s win
    rate against `field` (the frames behind `monopoly-mc optimize`: .trials, .finalists, .best;
    simulator.tuning.strategy_file(outcome, name) writes it as a strategy file for strategy_files=[...]).
    `out` keeps the study and resumes it. `progress` as for simulate()."""
    from simulator import tuning
    problem = tuning.optimize_problem(edition, strategy, list(params), None if field is None else list(field),
                                      players, variant, list((overrides or {}).items()), games, seed,
                                      threads=threads)
    return _search(problem, budget, finalists, recheck, out, progress)


@_with_user_code
def balance(vary: list[str], objectives: list[str], edition: str = "classic", strategies: list[str] | tuple = (),
            players: int = 4, budget: str | int = "200k", games: int = 20_000, finalists: int = 3,
            recheck: int | None = None, seed: int = 0, variant: str | None = None, overrides: dict | None = None,
            out: str | Path | None = None, threads: int | None = None, progress: Progress = None):
    """The edition's values (`vary`: ["decks.deal.cards.deal_breaker.count=0:4"]) that best meet `objectives`
    (spread, first_player, length=N) for a lineup, before and after on fresh games (the frames behind
    `monopoly-mc balance`; simulator.tuning.edition_file(outcome, name) writes the data file). `progress` as
    for simulate()."""
    from simulator import tuning
    problem = tuning.balance_problem(edition, list(vary), list(objectives), list(strategies), players, variant,
                                     list((overrides or {}).items()), games, seed, threads=threads)
    return _search(problem, budget, finalists, recheck, out, progress)


def _search(problem, budget: str | int, finalists: int, recheck: int | None, out: str | Path | None,
            progress: Progress):
    from simulator import tuning
    parsed = tuning.parse_budget(budget)
    with _feedback(progress, tuning.games_to_play(problem, parsed, finalists, recheck),
                   problem.kind.capitalize()) as (update, notice, describe):
        return tuning.run_search(problem, parsed, finalists, recheck, None if out is None else Path(out),
                                 progress=update, describe=describe, notice=notice)


@_with_user_code
def sensitivity(vary: list[str], objective: str, edition: str = "classic", strategies: list[str] | tuple = (),
                players: int = 4, games: int = GAMES, trajectories: int = TRAJECTORIES, seed: int = 0,
                variant: str | None = None, overrides: dict | None = None, threads: int | None = None,
                progress: Callable[[int], None] | None = None):
    """Which of the edition's values (`vary`: ["rules.start_cash=1000:2000", ...]) move `objective` (spread,
    first_player or length): Morris screening (SALib), one row per value with mu* and mu and their 95%
    intervals in the objective's unit (the frame behind `monopoly-mc sensitivity`; simulator.plots.tornado
    draws it)."""
    from simulator import screening
    plan = screening.screening(edition, list(vary), objective, list(strategies), players, variant,
                               list((overrides or {}).items()), games, seed, trajectories, threads=threads)
    return screening.sensitivity(plan, progress=progress)
