"""Small and odd data files, where an engine most easily reads or writes outside its arrays: boards of 4 and
8 squares that a roll laps more than once, one colour group, decks of one card, the fewest and most players.

The CI test plays every engine (all six editions) on them in one subprocess with numba's bounds checking on
(NUMBA_BOUNDSCHECK=1: every array index checked, an IndexError instead of a silent write), in checking mode,
with every strategy of the family. Bounds checking changes the compiled code, so the subprocess compiles
into a cache directory of its own, never the normal one."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import strategies
from simulator.engines.empire import kernel as empire_engine
from simulator.engines.empire import layout as E
from simulator.engines.shared import layout as L
from simulator.results import players_frame
from simulator.rules import builtin_editions, compile_rules, load_edition
from simulator.runner import RunSpec, run
from strategies.board import DEFAULT_LINEUP
from tests.engines.millionaire.table import MillionaireTable

SMALL = Path(__file__).parent / "data" / "small"
ROOT = Path(__file__).parent.parent


def _one_copy_of_each_card(name: str) -> list[tuple[str, int]]:
    edition = load_edition(name)
    return [(f"decks.{deck}.cards.{card.get('id', k)}.count", 1)
            for deck, table in edition.document["decks"].items() for k, card in enumerate(table["cards"])]


# (edition, variant, overrides): each is played at its fewest and its most players
CASES = [
    (str(SMALL / "board_4_squares.toml"), None, []),
    (str(SMALL / "board_8_squares.toml"), None, []),
    ("walking_dead", "quick", []),
    ("classic", None, _one_copy_of_each_card("classic")),
    (str(SMALL / "empire_4_squares.toml"), None, []),
    (str(SMALL / "empire_8_squares.toml"), None, []),
    (str(SMALL / "millionaire_4_squares.toml"), None, []),
    (str(SMALL / "millionaire_8_squares.toml"), None, []),
    (str(SMALL / "fortnite_8_squares.toml"), None, []),
    ("deal", None, _one_copy_of_each_card("deal")),
    ("deal", "two_decks", []),
]
GAMES = 3


# Two shares of the cases with about the same compile cost (board and Millionaire engines; Empire, Fortnite
# and Deal), each played by its own subprocess so that the two cores compile at once
SHARES = (range(0, 4), range(6, 8)), (range(4, 6), range(8, 11))


def play_all(share: int | None = None) -> None:
    """Play every case (or one share of them) with every strategy at both player limits; one JSON line per
    run on stdout (a line before each run, so a crash names the run it happened in). Exits 1 when a run
    raised."""
    failed = False
    chosen = CASES if share is None else [CASES[i] for part in SHARES[share] for i in part]
    for ref, variant, overrides in chosen:
        edition = load_edition(ref, variant, overrides)
        board = compile_rules(edition)
        every = strategies.available(edition.family)
        for players in sorted({board.players_min, board.players_max}):
            for strategy in every:
                lineup = [strategy] + [every[(every.index(strategy) + k) % len(every)] for k in range(1, players)]
                where = {"edition": Path(ref).stem, "variant": variant, "players": players, "strategy": strategy.name}
                print(json.dumps({"start": where}), flush=True)
                try:
                    result = run(RunSpec(edition=edition, lineup=lineup, games=GAMES, seed=7, check=True,
                                         batch_size=GAMES))
                except Exception as error:  # reported with the run it happened in, then the next run
                    failed = True
                    print(json.dumps({"error": where, "message": f"{type(error).__name__}: {error}"}), flush=True)
                    continue
                print(json.dumps({"done": where, "games": int(result.totals.games),
                                  "violations": int(result.totals.violations)}), flush=True)
    sys.exit(1 if failed else 0)


@pytest.mark.boundscheck
def test_every_engine_plays_small_and_odd_files_with_bounds_checking(tmp_path):
    """The CI test (`.ci/run` runs it after the suite: `pytest -m boundscheck`). Two subprocesses, one a
    core, each compile their engines once with bounds checking into a cache of their own: the compiles are
    nearly all of its time."""
    assert sorted(i for share in SHARES for part in share for i in part) == list(range(len(CASES)))
    started = time.perf_counter()
    workers = []
    for share in range(len(SHARES)):
        env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / f"numba-cache-{share}"),
                   NUMBA_NUM_THREADS="1", PYTHONPATH=str(ROOT))
        workers.append(subprocess.Popen(
            [sys.executable, "-c", f"from tests.test_small_files import play_all; play_all({share})"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    lines = []
    for worker in workers:
        stdout, stderr = worker.communicate(timeout=3000)
        share_lines = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
        errors = [line for line in share_lines if "error" in line]
        started_runs = [line["start"] for line in share_lines if "start" in line]
        assert worker.returncode == 0, (f"exit {worker.returncode}; errors: {errors}; last run started: "
                                        f"{started_runs[-1] if started_runs else None}; stderr: {stderr[-2000:]}")
        lines += share_lines
    runs = [line for line in lines if "done" in line]
    assert len(runs) == len([line for line in lines if "start" in line]) > 0
    assert {r["done"]["edition"] for r in runs} >= {"board_4_squares", "empire_4_squares", "millionaire_8_squares",
                                                    "fortnite_8_squares", "deal", "walking_dead"}
    assert all(r["games"] == GAMES and r["violations"] == 0 for r in runs), [r for r in runs if r["violations"]]
    print(f"bounds-checked runs: {len(runs)} in {time.perf_counter() - started:.0f} s")


# --- Laps: a roll may pass GO more than once on a small board (classic's: test_classic_rules.py) --------

def test_empire_pays_the_tower_value_once_for_each_lap():
    """Empire rulebook, 'Case Depart': paid each time GO is passed or landed on (50k with an empty tower)."""
    rules = compile_rules(load_edition("empire")).rules
    ladder = compile_rules(load_edition("empire")).ladder
    pl = np.zeros((2, E.PL_COLUMNS), dtype=np.int64)
    bank = np.zeros(E.B_COLUMNS, dtype=np.int64)
    pl[0, E.PL_POS] = 3
    empire_engine.advance(ladder, rules, pl, bank, 0, 12, 4)
    assert pl[0, E.PL_POS] == 3 and pl[0, E.PL_CASH] == 3 * rules[E.R_EMPTY_TOWER_SALARY]


def test_millionaire_passes_go_once_for_each_lap():
    """Millionaire rulebook, 'Depart': the salary of one's star level each time GO is passed."""
    t = MillionaireTable(edition=SMALL / "millionaire_4_squares.toml", strategy="never_upgrade")
    t.pl[0, L.PL_POS] = 3
    t.advance(0, 12)
    salary = t.board.rules[t.board.layout.R_SALARY]
    assert t.pl[0, L.PL_POS] == 3 and t.cash(0) == t.board.rules[L.R_START_CASH] + 3 * salary


# --- Money columns hold what the engines add in 64 bits ------------------------------------------------

MONEY_COLUMNS = {
    "board": ("cash", "net_worth", "rent_received", "rent_paid"),
    "millionaire": ("cash", "net_worth", "rent_received", "rent_paid"),
    "empire": ("cash", "tower_value", "rent_received", "rent_paid"),
    "deal": ("bank", "worth", "rent_received", "received", "paid"),
    "fortnite": ("hp", "damage_dealt", "storm_lost", "healed", "paid"),
}


@pytest.mark.parametrize("name", builtin_editions())
def test_money_columns_hold_sums_beyond_32_bits(name):
    """Data values up to 10^9 are accepted and the engines add them in int64: every money column of every
    family's players table keeps a sum of several of them."""
    board = compile_rules(load_edition(name))
    n = board.players_min
    games = np.zeros((1, L.GM_COLUMNS), dtype=np.int64)
    players = np.zeros((1, n, board.po_columns), dtype=np.int64)
    column_of = {column_name: column for column_name, column, _ in board.player_columns}
    big = 5 * 10 ** 9 + 7
    for column_name in MONEY_COLUMNS[board.family]:
        players[0, :, column_of[column_name]] = big
    frame = players_frame(games, players, 0, [s.name for s in strategies.available(board.family)[:n]], board)
    for column_name in MONEY_COLUMNS[board.family]:
        assert (frame[column_name] == big).all(), column_name


def test_a_huge_salary_leaves_no_survivor_with_negative_cash(tmp_path):
    """The audit's case: with go_salary = 100,000,000 survivors' cash passed 2^31 and read back negative."""
    import pandas as pd
    edition = load_edition("classic", overrides=[("rules.go_salary", 100_000_000)])
    lineup = [strategies.get("board", s) for s in DEFAULT_LINEUP[:4]]
    run(RunSpec(edition=edition, lineup=lineup, games=300, seed=1), out=tmp_path / "r")
    players = pd.read_parquet(tmp_path / "r" / "players")
    survivors = players[players.bankrupt_turn < 0]
    assert len(survivors) > 0 and survivors.cash.max() > 2 ** 31
    assert (survivors.cash >= 0).all()


def test_every_small_case_is_a_valid_data_file():
    """The bounds-checked run plays these in CI only; the suite at least loads and compiles each of them."""
    for ref, variant, overrides in CASES:
        assert compile_rules(load_edition(ref, variant, overrides)).n_squares >= 0
