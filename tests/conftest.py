"""The suite runs on pytest-xdist's workers (`-n auto` in pyproject.toml's addopts), each test file on one
worker (`--dist loadfile`: a file's module fixtures are computed once, and the engine entry points its game
table calls are compiled by one worker, not by two at once).

Before the workers start on the whole suite (`python -m pytest`), every engine is compiled (or loaded from
numba's cache) once, plain and in checking mode, spread over as many processes as there are workers: a cold
compile is 20 to 30 s of one core, and a worker that found an engine missing would compile it while the
other worker, reaching the same engine, compiled it too. The workers then load every engine from the cache.
What tests still compile (a game table's entry points, an engine bound to a user's strategy files) goes to
the same cache, which simulator/cache_lock.py keeps whole when two processes write into it at once. A run of
chosen files compiles only what its tests use (an edit to any engine source recompiles every engine:
simulator/__init__.py); `-n 0` runs them without workers."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest


def compile_engine(edition: str, check: bool) -> None:
    """Compile (or load) the engine of this edition's family, plain or in checking mode."""
    import numpy as np

    from simulator.executors import BatchTask
    from simulator.rules import compile_rules, load_edition
    from simulator.runner import resolve_lineup
    loaded = load_edition(edition)
    board = compile_rules(loaded)
    params = np.stack([board.parameter_vector(s) for s in resolve_lineup(loaded, board, board.players_min, [])])
    BatchTask(board, params, games=1, batch_size=1, seed=1, rotate_seats=True, check=check, threads=1).warm_up()


def one_edition_per_engine() -> list[str]:
    from simulator.rules import builtin_editions, load_edition
    first = {}
    for name in builtin_editions():
        first.setdefault(load_edition(name).family, name)
    return list(first.values())


def pytest_configure(config):
    workers = len(config.option.tx or []) if getattr(config.option, "dist", "no") != "no" else 0
    whole_suite = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    if hasattr(config, "workerinput") or workers < 2 or not whole_suite or config.option.collectonly:
        return   # a worker, no workers, or chosen files: tests compile what they use as they go
    editions = one_edition_per_engine()
    # Ten compiles rather than five engines keep the processes evenly busy; the plain ones first, so that an
    # engine's checking compile loads the functions they share from the cache (cold, CPU s one after another,
    # 2026-11-28: plain 28 classic, 29 Deal, 22 Empire, 19 Fortnite, 12 Millionaire after classic; checking
    # 4 to 12; 145 in all, which two processes share with a last task ending at about 73).
    plain_then_checking = [(edition, check) for check in (False, True) for edition in editions]
    spawn = multiprocessing.get_context("spawn")   # a fresh interpreter: this one has not imported numba
    with ProcessPoolExecutor(min(workers, len(editions)), mp_context=spawn) as pool:
        list(pool.map(compile_engine, *zip(*plain_then_checking)))
