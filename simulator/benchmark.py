"""Speed figures anyone can compare: a machine reference timed beside the engines, and an A/B of two commits.

A games-per-second figure depends on the machine, its load and the day. `reference_turns_per_second` times
a fixed, deliberately simple compiled turn loop (dice, a move, a purchase or a rent) that never changes
with the engines, so `bench` can print each engine's speed as a ratio to it: a ratio measured on another
machine or day is comparable where a raw figure is not. Do not edit `_reference_games`: that would
silently change every ratio ever published.

`ab` times two commits of this repository in one session, alternating their runs so that the machine's
drift falls on both alike, and reports the minimum and median of each with the ratio of medians.
"""
from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

REFERENCE_GAMES = 20_000
REFERENCE_TURNS_PER_GAME = 200
_SQUARES = 40
_PLAYERS = 4


@njit(cache=True)
def _reference_games(games, seed):
    """Each game: 4 players with 1,500 on 40 squares priced 60 + 4·square; every turn rolls two dice
    (splitmix64), moves, buys an unowned square it can afford or pays a tenth of the price to its owner;
    a player below 0 gives its squares back and starts again with 1,500. Returns a checksum of the cash."""
    checksum = 0
    owner = np.empty(_SQUARES, np.int64)
    cash = np.empty(_PLAYERS, np.int64)
    pos = np.empty(_PLAYERS, np.int64)
    state = np.uint64(seed)
    for _ in range(games):
        owner[:] = -1
        cash[:] = 1500
        pos[:] = 0
        for turn in range(REFERENCE_TURNS_PER_GAME):
            p = turn % _PLAYERS
            state += np.uint64(0x9E3779B97F4A7C15)
            z = (state ^ (state >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z = z ^ (z >> np.uint64(31))
            roll = np.int64(z % np.uint64(6)) + np.int64((z >> np.uint64(32)) % np.uint64(6)) + 2
            pos[p] = (pos[p] + roll) % _SQUARES
            s = pos[p]
            price = 60 + 4 * s
            if owner[s] < 0:
                if cash[p] >= price:
                    cash[p] -= price
                    owner[s] = p
            elif owner[s] != p:
                cash[p] -= price // 10
                cash[owner[s]] += price // 10
                if cash[p] < 0:
                    for q in range(_SQUARES):
                        if owner[q] == p:
                            owner[q] = -1
                    cash[p] = 1500
        checksum += cash.sum()
    return checksum


def reference_turns_per_second(repeats: int = 3) -> float:
    """Player turns a second of the reference loop on one thread, best of `repeats` (after a warm-up)."""
    _reference_games(10, 1)
    best = min(_timed(lambda: _reference_games(REFERENCE_GAMES, 1)) for _ in range(repeats))
    return REFERENCE_GAMES * REFERENCE_TURNS_PER_GAME / best


def _timed(call) -> float:
    clock = time.perf_counter()
    call()
    return time.perf_counter() - clock


SEARCH_PLAYER = "search"     # the name each family's search player is registered under (issue 31)
SEARCH_GAMES_SHARE = 1_000   # a search table plays this many times fewer games than a heuristic one
SEARCH_GAMES_LEAST = 20


def search_lineup(family: str, lineup: list) -> list | None:
    """`lineup` with the family's search player, at its default budget, in seat 1; None for a family
    without one."""
    from strategies import StrategyError, get
    try:
        player = get(family, SEARCH_PLAYER)
    except StrategyError:
        return None
    return [player, *lineup[1:]]


def search_games(games: int) -> int:
    """Games to time a search table with, when heuristic tables are timed on `games`."""
    return max(SEARCH_GAMES_LEAST, games // SEARCH_GAMES_SHARE)


# ---------------------------------------------------------------------------------------------------
# A/B of two commits

class ABError(ValueError):
    """A revision that cannot be checked out or benchmarked; the message says why."""


@dataclass
class ABResult:
    revision: str
    commit: str
    games_per_second: list[float]

    @property
    def minimum(self) -> float:
        return min(self.games_per_second)

    @property
    def median(self) -> float:
        return statistics.median(self.games_per_second)


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        raise ABError(f"git {' '.join(args)} in {repo}: {said[-1] if said else 'no such revision or repository'}")
    return done.stdout.strip()


def _bench_rate(checkout: Path, edition: str, games: int, players: int, threads: int | None) -> float:
    """Games a second of one `bench` run of the code in `checkout` (its own numba cache, warmed by bench's
    own warm-up), parsed from bench's table so that older commits without a JSON output can be timed."""
    command = [sys.executable, "-m", "simulator.cli", "bench", "--edition", edition, "--games", str(games),
               "--players", str(players)] + (["--threads", str(threads)] if threads else [])
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ABError(f"bench failed in {checkout.name}: {last}")
    return parse_bench_rate(done.stdout)


def parse_bench_rate(table: str) -> float:
    """The games/s of the last timed row of a `bench` table (the run on all threads), the rows of a search
    player's table left out."""
    lines = table.splitlines()
    header = next((i for i, line in enumerate(lines) if line.startswith("edition")), None)
    if header is None:
        raise ABError("bench printed no table")
    names = re.split(r"\s{2,}", lines[header].strip())
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[header + 2:]
            if line.strip() and not line.startswith(("peak memory", "machine reference"))
            and f" + {SEARCH_PLAYER}" not in line]
    if not rows:
        raise ABError("bench printed no timed row")
    return float(rows[-1][names.index("games/s")].replace(",", ""))


def ab(repo: Path, revisions: list[str], edition: str, games: int, players: int, rounds: int,
       threads: int | None = None, report=print) -> list[ABResult]:
    """Time each revision `rounds` times, alternating A, B, A, B, ... after one untimed run of each (which
    compiles its engine into its own cache)."""
    commits = [_git(repo, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}") for revision in revisions]
    results = [ABResult(revision, commit, []) for revision, commit in zip(revisions, commits)]
    with tempfile.TemporaryDirectory(prefix="monopoly-mc-ab-") as scratch:
        checkouts = []
        try:
            for i, result in enumerate(results):
                checkout = Path(scratch) / f"{i}-{result.commit[:10]}"
                _git(repo, "worktree", "add", "--detach", str(checkout), result.commit)
                checkouts.append(checkout)
            for checkout, result in zip(checkouts, results):
                report(f"compiling {result.revision} ({result.commit[:10]}) ...")
                _bench_rate(checkout, edition, min(games, 2_000), players, threads)
            for round_ in range(rounds):
                for checkout, result in zip(checkouts, results):
                    rate = _bench_rate(checkout, edition, games, players, threads)
                    result.games_per_second.append(rate)
                    report(f"round {round_ + 1}/{rounds}: {result.revision} {rate:,.0f} games/s")
        finally:
            for checkout in checkouts:
                _git(repo, "worktree", "remove", "--force", str(checkout))
    return results
