"""monopoly-mc: a Monte Carlo strategy analyzer for the Monopoly family of games.

The Python API, with the command line's defaults (each function's help says more):

    from simulator import simulate, groups
    run = simulate("classic", games=20_000, seed=7)
    groups(run)                             # the frame behind `monopoly-mc properties`

Play:     simulate, tournament, sweep; from a position file: position, trade, fair_price, whatif,
          trades, fair_prices;
          searches: optimize (a strategy's parameters), balance (an edition's values)
Read:     load (results directories written by `--out` or out=...)
Analyse:  ranking, head_to_head, seats, length, rounds_histogram, squares, groups, cards, sweep_table,
          compare; each takes one run, a list of runs, or the path of a results directory

Seats count from 1 everywhere (seat 1 plays first): the printed tables, the seats() frame, and the per-game
frames' `seat` and `winner_seat` (run.games(), run.players()); a game nobody won has a null winner_seat.
Refusals are ValueError subclasses whose one-line message names the argument as written here (games=-5).
"""
import hashlib
import os
from pathlib import Path

__version__ = "0.1.0"

# The engine uses no linear algebra; OpenBLAS's idle worker threads spun on the cores the games need
# (4% of a profiled run).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _engine_cache_dir() -> Path:
    """numba's on-disk cache checks only the file that defines a kernel, so a kernel would keep stale
    code after an edit to a function it calls from another file (strategies/*_logic.py, engines/shared/).
    Keying the cache directory on the hash of every engine source makes any edit recompile."""
    root = Path(__file__).resolve().parent
    sources = sorted([*(root / "engines").rglob("*.py"), *(root.parent / "strategies").glob("*_logic.py")])
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.relative_to(root.parent).as_posix().encode())
        digest.update(path.read_bytes())
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "monopoly-mc" / "numba"
    return base / digest.hexdigest()[:16]


if not os.environ.get("NUMBA_CACHE_DIR"):
    import numba

    numba.config.CACHE_DIR = str(_engine_cache_dir())

from simulator import cache_lock  # noqa: E402  (numba's cache, before anything compiles)

cache_lock.install()


API = ("simulate", "load", "tournament", "sweep", "ranking", "head_to_head", "seats", "length", "rounds_histogram",
       "squares", "groups", "cards", "sweep_table", "compare", "position", "trade", "fair_price", "whatif", "trades",
       "fair_prices", "optimize", "balance", "ratings", "sensitivity", "Results")
__all__ = list(API)


def __dir__() -> list[str]:
    """The API (loaded on first use, so invisible to a plain dir()) and the dunders, not the imports."""
    return sorted({*API, *(name for name in globals() if name.startswith("__"))})


def __getattr__(name: str):
    """`from simulator import simulate, groups, ...`: the API (simulator/api.py) loads on first use, so
    the CLI and the engine do not pay for what they do not use."""
    if name not in API:
        raise AttributeError(f"module 'simulator' has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module("simulator.api"), name)
