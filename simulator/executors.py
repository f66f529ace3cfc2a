"""Where batches are played: in this process on a pool of threads, or on a Dask cluster.

A batch is a pure function of the run's arrays, its seed and its index (every game draws from the
stream of its own index), so any executor, in any order, retrying any batch, gives the same results.
"""
from __future__ import annotations

import gc
import itertools
import os
import queue
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Iterator

import numpy as np

from simulator import usercode
from simulator.engines.shared import layout as L
from simulator.engines.shared.rules import GameRules


MOST_WORKERS = 256  # local processes: beyond, a cluster of machines (--scheduler) is what is meant


class ExecutorError(ValueError):
    """A cluster that cannot be reached or started; the message says what was asked and why it failed."""


@dataclass
class BatchOutput:
    batch: int
    first: int               # index of the batch's first game
    games: np.ndarray        # (size, GM_COLUMNS)
    players: np.ndarray      # (size, players, po_columns)
    sq_agg: np.ndarray       # summed over the kernel's chunks
    card_agg: np.ndarray


@dataclass
class BatchTask:
    """Plays one batch of a run. Picklable: a Dask worker receives it once and calls it per batch."""
    board: GameRules
    params: np.ndarray
    games: int
    batch_size: int
    seed: int
    rotate_seats: bool
    check: bool
    threads: int | None = None   # None: one per core (NUMBA_NUM_THREADS), or the Dask worker's own
    user_code: usercode.UserCode | None = None   # the user strategy files in use, sent to where batches play
    jit: bool = True             # False: the engine and every decision run as Python (debugging)

    def kernel(self):
        """The engine's kernel, bound first to the user strategy files of the run (simulator/usercode.py)."""
        if self.user_code is not None:
            usercode.bind(self.user_code)
        return self.board.kernel()

    def warm_up(self) -> None:
        """Compile the engine, or load it from numba's cache, by playing one game on one thread."""
        with _older_objects_unscanned():
            replace(self, games=1, batch_size=1, threads=1)(0)

    def size(self, batch: int) -> int:
        return min(self.batch_size, self.games - batch * self.batch_size)

    def __call__(self, batch: int) -> BatchOutput:
        import numba
        threads = min(self.threads or _worker_threads() or numba.config.NUMBA_NUM_THREADS,
                      numba.config.NUMBA_NUM_THREADS)
        if not self.jit:
            # As Python the chunks would take turns on the GIL, and numpy's error state that keeps the
            # wrapping arithmetic quiet (_wrap_silently) is the calling thread's: play on this thread.
            threads = 1
        board = self.board
        first = batch * self.batch_size
        size = self.size(batch)
        n = self.params.shape[0]
        parts = chunks(size, threads)
        games = np.zeros((size, L.GM_COLUMNS), dtype=np.int64)
        players = np.zeros((size, n, board.po_columns), dtype=np.int64)
        sq_agg = np.zeros((len(parts), board.n_squares, L.SA_COLUMNS), dtype=np.int64)
        card_agg = np.zeros((len(parts), len(board.card_ids), L.CA_COLUMNS), dtype=np.int64)
        # Not checking, the kernel is passed None: numba drops the checking mode's code from what it compiles
        # (a kernel that tests `check is not None`), and compiles the checking kernel only when it is asked for.
        check = True if self.check else None
        with usercode.user_code_errors(self.user_code):
            kernel, arrays = self.kernel(), board.kernel_args

            def play(chunk: int, begin: int, end: int) -> None:
                kernel(*arrays, self.params, self.rotate_seats, self.seed, first + begin, check,
                       games[begin:end], players[begin:end], sq_agg[chunk], card_agg[chunk])

            if self.user_code is None:
                play_chunks(play, parts, threads)
            else:
                play_watched(play, parts, threads, lambda: not hasattr(kernel, "signatures") or kernel.signatures,
                             lambda seconds: _notice(usercode.looping_notice(board.family, self.params, seconds)))
        return BatchOutput(batch, first, games, players, sq_agg.sum(axis=0), card_agg.sum(axis=0))


@contextmanager
def _older_objects_unscanned():
    """A compile makes millions of objects, and each of Python's full collections scans every object alive:
    the modules imported before it (numba, numpy, pandas) need no scan, so they are set aside (gc.freeze) for
    the compile and given back after. A cold compile of Millionaire took 28.3 and 32.0 s CPU so against 32.2
    and 35.8 without, at the same peak memory (collections switched off: 26.8 and 32.8 s, 170 MB more)."""
    if gc.get_freeze_count() > 0:  # set aside by the program that runs us, which gives them back itself
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


CHUNKS_PER_THREAD = 16
_POOLS: dict[int, ThreadPoolExecutor] = {}
os.register_at_fork(after_in_child=_POOLS.clear)   # a forked child has none of the parent's threads


def chunks(size: int, threads: int) -> list[tuple[int, int]]:
    """Items 0 .. size - 1 cut into chunks (begin, end) for `threads` threads: one chunk per thread would
    leave a thread idle while another finishes its longer games, so many small chunks, handed out as
    threads come free, keep every thread busy to the end; one thread plays one chunk."""
    count = 1 if threads == 1 else min(size, threads * CHUNKS_PER_THREAD)
    step = -(-size // count)
    return [(begin, min(size, begin + step)) for begin in range(0, size, step)]


def play_chunks(play: Callable[[int, int, int], None], parts: list[tuple[int, int]], threads: int) -> None:
    """play(chunk, begin, end) for every chunk: on this thread when there is one thread, else on a pool of
    `threads` threads, which play in parallel because the kernels release the GIL (nogil)."""
    if threads == 1:
        for chunk, (begin, end) in enumerate(parts):
            play(chunk, begin, end)
        return
    pool = _POOLS.get(threads) or _POOLS.setdefault(threads, ThreadPoolExecutor(threads, "monopoly-mc"))
    list(pool.map(lambda chunk: play(chunk, *parts[chunk]), range(len(parts))))


def stall_seconds() -> float:
    """How long a run of user strategies may go without a finished chunk of games before it is said to be
    stalled (MONOPOLY_MC_STALL_SECONDS; the time a compile takes does not count)."""
    return float(os.environ.get("MONOPOLY_MC_STALL_SECONDS", 60))


def play_watched(play: Callable[[int, int, int], None], parts: list[tuple[int, int]], threads: int,
                 compiled: Callable[[], bool], stalled: Callable[[float], None]) -> None:
    """play_chunks for chunks that run a user's decisions, which may never return: played on daemon threads
    (a thread looping in compiled code cannot be stopped, but must not keep the process from exiting)
    while this thread waits, interruptible by Ctrl-C, and calls `stalled` once no chunk has finished for
    stall_seconds() since the kernel was `compiled`."""
    todo: queue.SimpleQueue = queue.SimpleQueue()
    for chunk in range(len(parts)):
        todo.put(chunk)
    finished: queue.SimpleQueue = queue.SimpleQueue()
    stop = threading.Event()
    errors = np.geterr()   # numpy's error state is per thread: the caller's (_wrap_silently) holds in the workers

    def work() -> None:
        np.seterr(**errors)
        while not stop.is_set():
            try:
                chunk = todo.get_nowait()
            except queue.Empty:
                return
            try:
                play(chunk, *parts[chunk])
            except BaseException as exc:  # noqa: B036  (handed to the waiting thread, which raises it)
                finished.put(exc)
                return
            finished.put(None)

    for _ in range(min(threads, len(parts))):
        threading.Thread(target=work, name="monopoly-mc-user-code", daemon=True).start()
    quiet_since, warned = time.monotonic(), False
    try:
        for _ in parts:
            while True:
                try:
                    failure = finished.get(timeout=1.0)
                    break
                except queue.Empty:
                    now = time.monotonic()
                    if not compiled():
                        quiet_since = now
                    elif not warned and now - quiet_since >= stall_seconds():
                        stalled(now - quiet_since)
                        warned = True
            if failure is not None:
                raise failure
            quiet_since = time.monotonic()
    finally:
        stop.set()


def _notice(text: str) -> None:
    """A line on stderr that does not break a progress bar."""
    from tqdm import tqdm
    tqdm.write(f"monopoly-mc: {text}", file=sys.stderr)


def _worker_threads() -> int | None:
    """The threads of the Dask worker running this task (one thread per single-threaded worker)."""
    from distributed import get_worker
    try:
        return get_worker().state.nthreads
    except ValueError:  # not on a Dask worker
        return None


class LocalExecutor:
    """Batches one after another in this process, each on `threads` threads; or in one child
    process when this one cannot play them: user strategy files other than those its engine is bound to
    (simulator/usercode.py), or the JIT switched the other way."""

    def __init__(self, threads: int | None = None):
        import numba
        self.threads = threads or numba.config.NUMBA_NUM_THREADS
        self.description = {"threads": self.threads}
        self.children: dict[bool, object] = {}   # by JIT on or off

    # the engine runs in this process: run() prepares it here, before its clock starts
    prepares_here = True

    def map(self, task: BatchTask, batches: Iterable[int]) -> Iterator[BatchOutput]:
        task.threads = self.threads
        if usercode.plays_here(task.user_code, task.jit):
            for batch in batches:
                yield task(batch)
            return
        child = self.children.get(task.jit) or self.children.setdefault(task.jit, _child_process(task.jit))
        for batch in batches:
            yield child.apply(_play, (task, batch))

    def close(self) -> None:
        for child in self.children.values():
            child.terminate()
        self.children.clear()


def _child_process(jit: bool):
    """A fresh process for batches (started, not forked: it imports the engine anew, bound as the task says)."""
    import multiprocessing
    before = os.environ.get("NUMBA_DISABLE_JIT")
    os.environ["NUMBA_DISABLE_JIT"] = "0" if jit else "1"   # read by numba when the child imports it
    try:
        return multiprocessing.get_context("spawn").Pool(1, initializer=None if jit else _wrap_silently)
    finally:
        if before is None:
            del os.environ["NUMBA_DISABLE_JIT"]
        else:
            os.environ["NUMBA_DISABLE_JIT"] = before


class DaskExecutor:
    """Batches on a Dask cluster: an existing one at `scheduler`, or `workers` local single-threaded worker
    processes started here. A batch lost with its worker is resubmitted by Dask; results come back in
    the order they finish and are stored by batch index, so a retry overwrites and order does not matter."""

    def __init__(self, scheduler: str | None = None, workers: int | None = None):
        from distributed import Client, LocalCluster
        self.cluster = None
        try:
            if scheduler is not None:
                self.client = Client(scheduler, timeout="10s")
                self.description = {"threads": None, "scheduler": scheduler}
            else:
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=None)
                self.client = Client(self.cluster)
                self.description = {"threads": None, "workers": workers}
            # Local workers load the engine from numba's cache on this machine once run() has compiled
            # (or loaded) it here, instead of each compiling it; a remote cluster's workers compile their own.
            self.prepares_here = self.cluster is not None
        except (OSError, TimeoutError, ValueError) as exc:  # ValueError: an address Dask cannot read
            where = f"--scheduler {scheduler}" if scheduler is not None else f"--workers {workers}"
            raise ExecutorError(f"{where}: no Dask cluster to run on: {exc}".splitlines()[0]) from None

    def map(self, task: BatchTask, batches: Iterable[int]) -> Iterator[BatchOutput]:
        from distributed import as_completed
        batches = iter(batches)
        first = next(batches, None)
        if first is None:
            return
        task.threads = None
        shared = self.client.scatter(task, broadcast=True)

        def submit(batch: int):
            return self.client.submit(_play, shared, batch, pure=False, retries=2)

        # Batches are planned as they are submitted, a few per worker thread ahead: a run of any length
        # holds a bounded number of futures, never a list of every batch.
        ahead = 4 * max(1, sum(self.client.nthreads().values()))
        pending = [submit(first)] + [submit(batch) for batch in itertools.islice(batches, ahead - 1)]
        flow = as_completed(pending)
        try:
            for future in flow:
                yield future.result()
                pending.remove(future)
                future.release()
                for batch in itertools.islice(batches, 1):
                    pending.append(submit(batch))
                    flow.add(pending[-1])
        finally:
            self.client.cancel(pending)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _wrap_silently() -> None:
    """The engine's 64-bit arithmetic wraps around (the random streams rely on it), silently when compiled: run
    as Python, numpy would warn at every game, burying the user's print() under warnings."""
    import numpy as np
    np.seterr(over="ignore")


def _play(task: BatchTask, batch: int) -> BatchOutput:
    return task(batch)


def make_executor(threads: int | None = None, scheduler: str | None = None, workers: int | None = None):
    """The executor the options ask for: Dask with --scheduler or --workers, else this process."""
    if scheduler is not None and workers is not None:
        raise ExecutorError("--scheduler and --workers: give one (an existing cluster, or N local workers)")
    if (scheduler is not None or workers is not None) and not usercode.jit_enabled():
        raise ExecutorError("--jit off runs the batches as Python in one local process: drop --scheduler/--workers")
    if (scheduler is not None or workers is not None) and threads is not None:
        raise ExecutorError("--threads applies to a run in this process: each Dask worker uses its own threads")
    if workers is not None and not 1 <= workers <= MOST_WORKERS:
        raise ExecutorError(f"--workers {workers}: expected a positive number of local worker processes, at most "
                            f"{MOST_WORKERS} (a larger cluster is started apart and given with --scheduler)")
    if scheduler is not None or workers is not None:
        return DaskExecutor(scheduler, workers)
    return LocalExecutor(threads)
