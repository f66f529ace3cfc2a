"""The Python API: the same runs and frames the CLI prints.

    from simulator import simulate, squares, groups
    run = simulate("classic", games=20_000, seed=7)
    groups([run])                       # the frame behind `monopoly-mc properties`

Runs are simulator.results.Results; every analysis takes a list of them, from memory or from disk
(`load("results/first")`).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from simulator import API
from simulator.analysis import (  # noqa: F401  (re-exported: the API's analyses)
    card_table as cards,
    compare,
    group_table as groups,
    head_to_head,
    length_table as length,
    rounds_histogram,
    seat_table as seats,
    square_table as squares,
    strategy_ranking as ranking,
    sweep_table,
)
from simulator.results import Results, load_results  # noqa: F401  (Results is re-exported)
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, as_results, resolve_lineup, run, run_many, sweep_plan, tournament_plan

__all__ = list(API)  # one list of names, also read by simulator.__getattr__


def simulate(edition: str = "classic", players: int = 4, strategies: list[str] | tuple = (), games: int = 10_000,
             seed: int = 0, variant: str | None = None, overrides: dict | None = None, out: str | Path | None = None,
             overwrite: bool = False, threads: int | None = None,
             progress: Callable[[int], None] | None = None, resume: bool = False,
             notice: Callable[..., None] | None = None) -> Results:
    """Play `games` games; per-game and per-player frames stay in memory, or go to `out` if given
    (`resume`: finish an interrupted run there). `progress` is called with the games each finished batch
    adds, `notice` with a line when the engine is compiled."""
    loaded = load_edition(edition, variant, list((overrides or {}).items()))
    lineup = resolve_lineup(loaded, compile_rules(loaded), players, list(strategies))
    spec = RunSpec(edition=loaded, lineup=lineup, games=games, seed=seed, threads=threads)
    out = None if out is None else Path(out)
    return as_results(run(spec, out=out, overwrite=overwrite, progress=progress, keep_frames=out is None,
                          resume=resume, notice=notice))


def load(*paths: str | Path) -> list[Results]:
    """Every run stored under the paths (a results directory, or a tournament's or sweep's)."""
    return load_results(list(paths))


def tournament(strategies: list[str], edition: str = "classic", players: int = 4, games: int = 24_000, seed: int = 0,
               variant: str | None = None, out: str | Path | None = None, overwrite: bool = False,
               resume: bool = False) -> list[Results]:
    """Every table the strategies can form, seats rotated; analyse with ranking() and head_to_head()."""
    loaded = load_edition(edition, variant)
    plan = tournament_plan(loaded, compile_rules(loaded), list(strategies), players, games, seed)
    return run_many(plan, "tournament", {"strategies": list(strategies), "players": players, "seed": seed},
                    out=None if out is None else Path(out), overwrite=overwrite, resume=resume)


def sweep(axes: dict[str, list], edition: str = "classic", players: int = 4, strategies: list[str] | tuple = (),
          games: int = 10_000, seed: int = 0, variant: str | None = None, fixed: dict | None = None,
          out: str | Path | None = None, overwrite: bool = False, resume: bool = False) -> list[Results]:
    """One run per grid point of one or two `axes` ({path: values}); analyse with sweep_table()."""
    plan = sweep_plan(edition, variant, list((fixed or {}).items()), list(axes.items()), list(strategies), players,
                      games, seed)
    return run_many(plan, "sweep", {"axes": list(axes), "fixed": fixed or {}, "seed": seed},
                    out=None if out is None else Path(out), overwrite=overwrite, resume=resume)
