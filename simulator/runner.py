"""Runs games in batches: threads, progress, streaming aggregates, and results on disk.

Memory stays flat in the number of games: a batch's arrays are written out and folded into running
totals (wins, histograms of game length, per-square and per-card sums) before the next batch starts.
"""
from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pandas as pd

import simulator
from simulator import results, stats, usercode
from simulator.engines.shared import layout as L
from simulator.executors import BatchTask, LocalExecutor
from simulator.checks import Edition, hint
from simulator.engines.shared.rules import GameRules
from simulator.rules import as_keyword, as_set_option, compile_rules, load_edition, parse_value
from strategies import Strategy, StrategyError, check_parameter, get, parameters_of

DEFAULT_BATCH = 10_000
# Games when none are asked for, the same from the CLI and the Python API
DEFAULT_GAMES = {"simulate": 100_000, "analysis": 20_000, "tournament": 24_000, "sweep": 20_000, "position": 20_000}
# A run's bounds: a batch's arrays are held in memory whole (about 1 kB a game with 8 players), and a trillion
# games is weeks of the fastest engine on a large cluster; beyond that a typo is likelier than a plan.
MOST_BATCH = 100_000
MOST_GAMES = 10 ** 12


class RunError(ValueError):
    """A run that cannot start (bad player count, game count, lineup); the message says what is allowed."""


def check_players(edition: Edition, board: GameRules, players: int) -> None:
    """Refuse a table the edition cannot seat: outside its player range (naming the variant that plays it, if
    one does), or one its setup cannot deal."""
    if not board.players_min <= players <= board.players_max:
        fits = [(name, rules.get("players_min", board.players_min), rules["players_max"])
                for name, rules in edition.document.get("variants", {}).items()
                if edition.variant is None and isinstance(rules, dict) and "players_max" in rules
                and rules.get("players_min", board.players_min) <= players <= rules["players_max"]]
        hint = "".join(f"; the {name} variant plays {low} to {high}: add --variant {name}"
                       for name, low, high in fits[:1])
        raise RunError(f"--players {players}: {edition.name} is played by {board.players_min} to "
                       f"{board.players_max} players{hint}")
    if refused := board.table_refused(players):
        raise RunError(f"--players {players}: {refused}")


def resolve_lineup(edition: Edition, board: GameRules, players: int, names: list[str]) -> list[Strategy]:
    """One strategy per lineup position: the names given, repeated in order to fill the table, or the
    default lineup."""
    check_players(edition, board, players)
    if len(names) > players:
        raise RunError(f"{len(names)} strategies for {players} players: give at most one per player")
    if not names:
        names = board.strategies.DEFAULT_LINEUP[:players]
    chosen = [get(edition.family, name) for name in names]
    return [chosen[i % len(chosen)] for i in range(players)]


@dataclass
class RunSpec:
    edition: Edition
    lineup: list[Strategy]
    games: int
    seed: int = 0
    batch_size: int = DEFAULT_BATCH
    threads: int | None = None
    rotate_seats: bool = True
    check: bool = False
    position: object | None = None  # a simulator.positions.Position to play from, seats fixed

    def validate(self) -> None:
        if not 1 <= self.games <= MOST_GAMES:
            raise RunError(f"--games {self.games}: expected a number of games from 1 to {MOST_GAMES:,}")
        if not 1 <= self.batch_size <= MOST_BATCH:
            raise RunError(f"--batch-size {self.batch_size}: expected a number of games from 1 to {MOST_BATCH:,}")
        if not 0 <= self.seed < 2 ** 63:
            raise RunError(f"--seed {self.seed}: expected an integer from 0 to 2**63-1")
        if self.threads is not None:
            import numba
            if not 1 <= self.threads <= numba.config.NUMBA_NUM_THREADS:
                raise RunError(f"--threads {self.threads}: expected 1 to {numba.config.NUMBA_NUM_THREADS} on this machine")
        if self.position is not None and self.rotate_seats:
            raise RunError("a position's players keep their seats: play it with rotate_seats=False")


@dataclass
class Totals:
    """Running totals over batches: everything the summary table needs, in bounded memory."""
    lineup: list[str]
    max_rounds: int
    n_squares: int
    n_cards: int
    games: int = 0
    finished: int = 0
    violations: int = 0
    turns: int = 0
    wins_by_lineup: np.ndarray = field(init=False)
    wins_by_seat: np.ndarray = field(init=False)
    rounds_histogram: np.ndarray = field(init=False)
    turns_histogram: np.ndarray = field(init=False)
    sq_agg: np.ndarray = field(init=False)
    card_agg: np.ndarray = field(init=False)
    ahead: np.ndarray = field(init=False)
    # the designer measures (simulator/designer.py), over finished games
    kingmade: int = 0
    games_with_exit: int = 0       # games in which a player went out
    wins_by_entry_and_seat: np.ndarray = field(init=False)
    lead_changes_histogram: np.ndarray = field(init=False)
    decisive_round_histogram: np.ndarray = field(init=False)
    winner_last_at_round: np.ndarray = field(init=False)  # [r - 1]: the winner was alone last at round r's end
    last_alone_at_round: np.ndarray = field(init=False)   # [r - 1]: some player was alone last at round r's end

    def __post_init__(self) -> None:
        n = len(self.lineup)
        self.ahead = np.zeros((n, n), dtype=np.int64)
        self.wins_by_lineup = np.zeros(n, dtype=np.int64)
        self.wins_by_seat = np.zeros(n, dtype=np.int64)
        self.rounds_histogram = np.zeros(self.max_rounds + 2, dtype=np.int64)
        self.turns_histogram = np.zeros(n * (self.max_rounds + 2) + 1, dtype=np.int64)
        self.sq_agg = np.zeros((self.n_squares, L.SA_COLUMNS), dtype=np.int64)
        self.card_agg = np.zeros((self.n_cards, L.CA_COLUMNS), dtype=np.int64)
        self.wins_by_entry_and_seat = np.zeros((n, n), dtype=np.int64)
        self.lead_changes_histogram = np.zeros(self.max_rounds + 2, dtype=np.int64)
        self.decisive_round_histogram = np.zeros(self.max_rounds + 2, dtype=np.int64)
        self.winner_last_at_round = np.zeros(L.LAST_ROUNDS, dtype=np.int64)
        self.last_alone_at_round = np.zeros(L.LAST_ROUNDS, dtype=np.int64)

    COUNTS = ("games", "finished", "violations", "turns", "kingmade", "games_with_exit")
    ARRAYS = ("wins_by_lineup", "wins_by_seat", "rounds_histogram", "turns_histogram", "sq_agg", "card_agg", "ahead",
              "wins_by_entry_and_seat", "lead_changes_histogram", "decisive_round_histogram", "winner_last_at_round",
              "last_alone_at_round")

    def add(self, games: np.ndarray, players: np.ndarray, sq_agg: np.ndarray, card_agg: np.ndarray) -> None:
        """Fold in a batch's games, players and (summed) per-square and per-card aggregates."""
        n = len(self.lineup)
        winner = games[:, L.GM_WINNER]
        done = winner >= 0
        # ahead[i, j]: finished games in which lineup entry i ranked above entry j
        seats_of = (np.arange(n)[None, :] - games[done, L.GM_ROTATION][:, None]) % n
        ranks = np.take_along_axis(players[done, :, L.PO_RANK], seats_of, axis=1)
        self.ahead += (ranks[:, :, None] < ranks[:, None, :]).sum(axis=0)
        self.games += len(games)
        self.finished += int(done.sum())
        self.violations += int((games[:, L.GM_VIOLATIONS] != 0).sum())
        self.turns += int(games[:, L.GM_TURNS].sum())
        self.wins_by_seat += np.bincount(winner[done], minlength=n)
        self.wins_by_lineup += np.bincount((winner[done] + games[done, L.GM_ROTATION]) % n, minlength=n)
        self.rounds_histogram += np.bincount(games[done, L.GM_ROUNDS], minlength=len(self.rounds_histogram))
        self.turns_histogram += np.bincount(games[done, L.GM_TURNS], minlength=len(self.turns_histogram))
        self.sq_agg += sq_agg
        self.card_agg += card_agg
        self.kingmade += int(games[done, L.GM_KINGMADE].sum())
        self.games_with_exit += int((players[done, :, L.PO_OUT_TURN] >= 0).any(axis=1).sum())
        np.add.at(self.wins_by_entry_and_seat, ((winner[done] + games[done, L.GM_ROTATION]) % n, winner[done]), 1)
        self.lead_changes_histogram += np.bincount(games[done, L.GM_LEAD_CHANGES],
                                                   minlength=len(self.lead_changes_histogram))
        self.decisive_round_histogram += np.bincount(games[done, L.GM_DECISIVE_ROUND],
                                                     minlength=len(self.decisive_round_histogram))
        for column, total in ((L.GM_WINNER_LAST, self.winner_last_at_round), (L.GM_LAST_ALONE, self.last_alone_at_round)):
            total += ((games[done, column][:, None] >> np.arange(L.LAST_ROUNDS)[None, :]) & 1).sum(axis=0)

    def merge(self, other: Totals) -> None:
        for name in self.COUNTS + self.ARRAYS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_arrays(self) -> dict[str, np.ndarray]:
        """Everything, as arrays to store with a batch (a resumed run reads them back instead of replaying)."""
        return {name: np.asarray(getattr(self, name)) for name in self.COUNTS + self.ARRAYS}

    def fresh(self) -> Totals:
        """Empty totals shaped like these."""
        return Totals(self.lineup, self.max_rounds, self.n_squares, self.n_cards)

    def from_arrays(self, arrays: dict[str, np.ndarray]) -> Totals:
        """Totals shaped like these, holding the stored `arrays`."""
        other = self.fresh()
        for name in self.COUNTS:
            setattr(other, name, int(arrays[name]))
        for name in self.ARRAYS:
            stored = arrays[name]
            if stored.shape != getattr(other, name).shape:
                raise results.ResultsError(f"stored batch totals: {name} has shape {stored.shape}, expected "
                                           f"{getattr(other, name).shape}")
            setattr(other, name, stored.astype(np.int64))
        return other

    def summary(self) -> dict:
        n = len(self.lineup)
        by_strategy = {}
        for index, name in enumerate(self.lineup):
            entry = by_strategy.setdefault(name, {"strategy": name, "seats": 0, "wins": 0})
            entry["seats"] += 1
            entry["wins"] += int(self.wins_by_lineup[index])
        strategies_rows = []
        for entry in by_strategy.values():
            trials = self.games * entry["seats"]
            low, high = stats.wilson(entry["wins"], trials)
            # a strategy in every seat wins every finished game: its rate is the finished share over n
            strategies_rows.append({**entry, "player_games": trials, "win_rate": entry["wins"] / trials,
                                    "ci_low": low, "ci_high": high, "fills_every_seat": entry["seats"] == n})
        strategies_rows.sort(key=lambda r: -r["win_rate"])
        seats = []
        for seat in range(n):
            low, high = stats.wilson(int(self.wins_by_seat[seat]), self.games)
            seats.append({"seat": seat + 1, "wins": int(self.wins_by_seat[seat]),
                          "win_rate": self.wins_by_seat[seat] / self.games, "ci_low": low, "ci_high": high})
        unfinished = self.games - self.finished
        low, high = stats.wilson(unfinished, self.games)
        q_rounds = stats.histogram_quantiles(self.rounds_histogram)
        q_turns = stats.histogram_quantiles(self.turns_histogram)
        return {
            "games": self.games,
            "finished": self.finished,
            "unfinished": unfinished,
            "unfinished_share": unfinished / self.games,
            "unfinished_ci_low": low,
            "unfinished_ci_high": high,
            "games_with_violations": self.violations,
            "fair_share": 1 / n,
            "strategies": strategies_rows,
            "seats": seats,
            "head_to_head": self.ahead.tolist(),
            "rounds_histogram": np.trim_zeros(self.rounds_histogram, "b").tolist(),
            "designer": {
                "kingmade": self.kingmade, "games_with_exit": self.games_with_exit,
                "wins_by_entry_and_seat": self.wins_by_entry_and_seat.tolist(),
                "lead_changes_histogram": np.trim_zeros(self.lead_changes_histogram, "b").tolist(),
                "decisive_round_histogram": np.trim_zeros(self.decisive_round_histogram, "b").tolist(),
                "winner_last_at_round": self.winner_last_at_round.tolist(),
                "last_alone_at_round": self.last_alone_at_round.tolist(),
            },
            "length": {
                "rounds": {**dict(zip(("q1", "median", "q3"), q_rounds)), **stats.histogram_moments(self.rounds_histogram)},
                "turns": {**dict(zip(("q1", "median", "q3"), q_turns)), **stats.histogram_moments(self.turns_histogram)},
            },
        }


@dataclass
class RunResult:
    spec: RunSpec
    board: GameRules
    totals: Totals | None      # None when a finished run was read back from disk by --resume
    elapsed: float
    out: Path | None
    manifest: dict
    squares: pd.DataFrame
    cards: pd.DataFrame
    games: pd.DataFrame | None = None
    players: pd.DataFrame | None = None

    @property
    def summary(self) -> dict:
        return self.manifest["summary"]


def run_definition(spec: RunSpec) -> dict:
    """What fixes a run's results (threads, workers and batches already played do not): stored when the
    run starts, so that --resume refuses to finish it with other settings."""
    edition = spec.edition
    return {
        "version": simulator.__version__,
        "edition": {
            "name": edition.name,
            "title": edition.title,
            "family": edition.family,
            "source": str(edition.source),
            "file_sha256": edition.file_hash,
            "rules_sha256": edition.rules_hash,
            "variant": edition.variant,
            "overrides": [[path, value] for path, value in edition.overrides],
        },
        "players": len(spec.lineup),
        "lineup": [{"position": i, "strategy": s.name, "params": s.params, **({"source": s.source} if s.code else {})}
                   for i, s in enumerate(spec.lineup)],
        "rotate_seats": spec.rotate_seats,
        "seed": spec.seed,
        "games": spec.games,
        "batch_size": spec.batch_size,
        "checking": spec.check,
        **({"position": spec.position.describe()} if spec.position is not None else {}),
    }


def prepare_engine(task: BatchTask, edition: str, notice: Callable[..., None] | None) -> None:
    """Compile or load the engine before the clock starts, so that a run's speed figure is the engine's and
    not the compiler's. A cold compile takes 20 to 30 s with nothing else to show: say so when numba has
    no cached copy to load (a load takes about a second)."""
    kernel = task.kernel()
    # with NUMBA_DISABLE_JIT the kernel is a plain function: nothing to compile
    compiling = hasattr(kernel, "signatures") and not kernel.signatures and not _in_numba_cache(kernel)
    if compiling and notice is not None:
        notice(f"compiling the {edition} engine (once: later runs load it from numba's cache) ...")
    clock = time.perf_counter()
    task.warm_up()
    if compiling and notice is not None:
        seconds = time.perf_counter() - clock
        notice(f"{edition} engine compiled in {seconds:.0f} s", paused=seconds)


SLOW_SEARCH_GAMES = 1_000   # from this many games with a search player, a run says first that they are slow


def warn_if_searching(specs: list[RunSpec], notice: Callable[..., None] | None) -> None:
    """Before many games that seat a search player, say they are slow: each of its turns plays the game forward
    (rollouts per candidate), so a game takes milliseconds where a heuristic's takes microseconds."""
    def slow(strategy: Strategy) -> bool:
        return strategy.searches and strategy.params["rollouts"] != 0   # with none it plays its base, as fast

    searching = [s for s in specs if any(slow(strategy) for strategy in s.lineup)]
    games = sum(s.games for s in searching)
    if notice is None or games < SLOW_SEARCH_GAMES:
        return
    names = sorted({strategy.name for s in searching for strategy in s.lineup if slow(strategy)})
    notice(f"{games:,} games seat a search player ({', '.join(names)}): each of its turns plays the game forward "
           "for every candidate, so expect milliseconds a game, not microseconds (fewer rollouts or a horizon "
           "make it faster)")


def _in_numba_cache(kernel) -> bool:
    cache = getattr(kernel, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    return index is not None and Path(index).exists()


def batch_task(spec: RunSpec) -> BatchTask:
    """What plays the batches of a run, wherever they are played (also several runs' batches together)."""
    board = compile_rules(spec.edition)
    if spec.position is not None:
        board = replace(board, start=spec.position.start)
    params = board.lineup_array(spec.lineup)
    return BatchTask(board, params, spec.games, spec.batch_size, spec.seed, spec.rotate_seats, spec.check,
                     user_code=usercode.in_use(), jit=usercode.jit_enabled())


def run(spec: RunSpec, out: Path | None = None, overwrite: bool = False,
        progress: Callable[[int], None] | None = None, keep_frames: bool = False, resume: bool = False,
        executor=None, notice: Callable[..., None] | None = None, warned: bool = False) -> RunResult:
    """Play spec.games games in batches; with `out`, write the results directory, each batch as it
    finishes (`resume` finishes an interrupted one, replaying only its missing batches). `progress` is
    called with the number of games each finished batch adds. `keep_frames` also returns the per-game
    and per-player frames in memory (for small runs from the Python API). `executor` plays the batches
    (default: this process, on spec.threads). `notice(text, paused=seconds)` is told when the engine is
    compiled, and for how long (time to keep out of a rate), and before many games of a search player that they
    are slow, unless the caller has `warned` of it (warn_if_searching)."""
    spec.validate()
    if not warned:
        warn_if_searching([spec], notice)
    task = batch_task(spec)
    board = task.board
    names = [s.name for s in spec.lineup]
    definition = run_definition(spec)
    totals = Totals(names, board.max_rounds, board.n_squares, len(board.card_ids))
    batches = -(-spec.games // spec.batch_size)
    stored = {}
    if out is not None:
        stored = results.open_run(out, definition, overwrite, resume)
        if stored is None:  # finished earlier: nothing to resume
            if progress is not None:
                progress(spec.games)
            return RunResult(spec=spec, board=board, totals=None, elapsed=0.0, out=out,
                             manifest=results.read_manifest(out), squares=results.read_table(out, "squares"),
                             cards=results.read_table(out, "cards"))
    for batch, arrays in sorted(stored.items()):
        totals.merge(totals.from_arrays(arrays))
        if progress is not None:
            progress(task.size(batch))
    own_executor = executor is None
    executor = executor or LocalExecutor(spec.threads)
    if executor.prepares_here and usercode.plays_here(task.user_code, task.jit) and len(stored) < batches:
        prepare_engine(task, spec.edition.name, notice)
    kept = {}
    started = datetime.now(timezone.utc)
    clock = time.perf_counter()
    played = 0
    try:
        for output in executor.map(task, (b for b in range(batches) if b not in stored)):
            added = totals.fresh()
            added.add(output.games, output.players, output.sq_agg, output.card_agg)
            totals.merge(added)
            if out is not None or keep_frames:
                games_frame = results.games_frame(output.games, output.first, names, board.end_reasons)
                players_frame = results.players_frame(output.games, output.players, output.first, names, board)
                if out is not None:
                    results.write_batch(out, output.batch, games_frame, players_frame, added.as_arrays())
                if keep_frames:
                    kept[output.batch] = (games_frame, players_frame)
            played += len(output.games)
            if progress is not None:
                progress(len(output.games))
    finally:
        if own_executor:
            executor.close()
    elapsed = time.perf_counter() - clock
    manifest = {
        **definition,
        "batches": batches,
        **executor.description,
        "resumed_batches": len(stored),
        "started": started.isoformat(timespec="seconds"),
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(played / elapsed, 1) if elapsed > 0 and played else None,
        "turns": totals.turns,
        "currency": spec.edition.document["edition"].get("currency", ""),
        "summary": totals.summary(),
    }
    squares = results.squares_frame(board, totals.sq_agg, totals.games, totals.finished)
    cards = results.cards_frame(board, totals.card_agg)
    if out is not None:
        results.finish_directory(out, squares, cards, manifest)
    frames = [kept[b] for b in sorted(kept)]
    return RunResult(spec=spec, board=board, totals=totals, elapsed=elapsed, out=out, manifest=manifest,
                     squares=squares, cards=cards,
                     games=pd.concat([g for g, _ in frames], ignore_index=True) if keep_frames else None,
                     players=pd.concat([p for _, p in frames], ignore_index=True) if keep_frames else None)


# ---------------------------------------------------------------------------------------------------
# Several runs: tournaments and sweeps


@dataclass
class PlannedRun:
    label: str      # its directory name under --out
    spec: RunSpec
    info: dict      # what sets it apart: a tournament's lineup, a sweep point's values


def derived_seed(seed: int, index: int) -> int:
    """The seed of the index-th run of a collection: an independent stream for each, from one seed."""
    words = np.random.SeedSequence([seed, index]).generate_state(2, np.uint32)
    return (int(words[0]) << 31) ^ int(words[1])


def tournament_plan(edition: Edition, board: GameRules, names: list[str], players: int, games: int, seed: int,
                    **options) -> list[PlannedRun]:
    """Every table of `players` seats the strategies can form: each combination of distinct strategies
    when there are enough of them, else every mix of them with repeats (never one strategy alone). Each
    table plays the same number of games, a multiple of the player count, with seats rotated every game
    so every strategy sits in every seat equally often."""
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise RunError("a tournament needs at least two different strategies, each named once")
    check_players(edition, board, players)
    chosen = [get(edition.family, name) for name in names]
    if len(chosen) >= players:
        tables = list(itertools.combinations(range(len(chosen)), players))
    else:
        tables = [t for t in itertools.combinations_with_replacement(range(len(chosen)), players) if len(set(t)) > 1]
    per_table = max(1, math.ceil(games / len(tables) / players)) * players
    return [PlannedRun(label=f"table-{i:03d}",
                       spec=RunSpec(edition=edition, lineup=[chosen[k] for k in table], games=per_table,
                                    seed=derived_seed(seed, i), rotate_seats=True, **options),
                       info={"lineup": [names[k] for k in table]})
            for i, table in enumerate(tables)]


STRATEGY_PREFIX = "strategy."
PLAYERS_AXIS = "players"  # a sweep may vary the number of players (the first-player advantage by table size)


def parse_axis(item: str) -> tuple[str, list]:
    """`PATH=V1,V2,...` into the path and its values (each read as TOML; commas inside brackets or
    quotes belong to the value)."""
    path, sep, text = item.partition("=")
    if not sep or not path.strip() or not text.strip():
        raise RunError(f"--set {item}: expected PATH=V1,V2,..., e.g. rules.start_cash=1000,1500,2000")
    values, depth, quote, start = [], 0, None, 0
    for i, char in enumerate(text + ","):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            values.append(parse_value(text[start:i].strip()))
            start = i + 1
    return path.strip(), values


@dataclass(frozen=True)
class SweepSpelling:
    """How the caller wrote a sweep's fixed values and its axes, so that an error names them in its words."""
    fixed: Callable[[str, Any], str]
    axis: Callable[[str, Any], str]


CLI_SWEEP = SweepSpelling(fixed=as_set_option, axis=as_set_option)
API_SWEEP = SweepSpelling(fixed=as_keyword("fixed"), axis=as_keyword("axes", listed=True))


def sweep_plan(edition_ref: str, variant: str | None, overrides: list, axes: list[tuple[str, list]],
               names: list[str], players: int, games: int, seed: int, spelling: SweepSpelling = API_SWEEP,
               **options) -> list[PlannedRun]:
    """One run per point of the grid of `axes`, each with the fixed `overrides`. Paths starting with
    `strategy.NAME.` change a parameter of that strategy, `players` the number of players; the others
    change the edition like an override. Every point plays the same seed, so points differ by their values
    and not by their luck (common random numbers)."""
    if not 1 <= len(axes) <= 2:
        raise RunError(f"a sweep varies one or two values: got {len(axes)} ({', '.join(p for p, _ in axes)})")
    plan = []
    for index, values in enumerate(itertools.product(*[v for _, v in axes])):
        point = {path: value for (path, _), value in zip(axes, values)}
        settings = list(overrides) + list(point.items())   # fixed values, then the point's

        def said(path: str, value: Any, point=point) -> str:
            return (spelling.axis if path in point else spelling.fixed)(path, value)
        spec = point_spec(edition_ref, variant, settings, names, players, games, seed, said, **options)
        plan.append(PlannedRun(label=f"point-{index:03d}", spec=spec, info={"values": point}))
    return plan


def point_spec(edition_ref: str, variant: str | None, settings: list, names: list[str], players: int, games: int,
               seed: int, said: Callable[[str, Any], str] = as_set_option, **options) -> RunSpec:
    """The run of one point of a sweep or a search: `settings` are (path, value) pairs applied in order,
    `strategy.NAME.PARAM` to a strategy of the lineup, `players` to the table size, the others to the
    edition like an override. Every value is checked here, before any game; `said` spells a setting as the
    caller wrote it, for the error that names it."""
    edition_sets = [(p, v) for p, v in settings if not p.startswith(STRATEGY_PREFIX) and p != PLAYERS_AXIS]
    edition = load_edition(edition_ref, variant, edition_sets, said)
    board = compile_rules(edition)
    table = dict(settings).get(PLAYERS_AXIS, players)
    if isinstance(table, bool) or not isinstance(table, int):
        raise RunError(f"{said(PLAYERS_AXIS, table)}: expected whole numbers of players")
    lineup = resolve_lineup(edition, board, table, names)
    for path, value in settings:
        if not path.startswith(STRATEGY_PREFIX):
            continue
        name, _, param = path[len(STRATEGY_PREFIX):].partition(".")
        if name not in {s.name for s in lineup}:
            raise RunError(f"{said(path, value)}: strategy '{name}' is not in the lineup"
                           f"{hint(name, dict.fromkeys(s.name for s in lineup))}")
        try:
            check_parameter(name, param, parameters_of(next(s for s in lineup if s.name == name),
                                                        board.strategies.PARAMETERS))
        except StrategyError as exc:
            raise RunError(f"{said(path, value)}: {exc}") from None
        lineup = [s.with_params(**{param: value}) if s.name == name else s for s in lineup]
    for strategy in lineup:
        board.parameter_vector(strategy)  # a bad value fails here, before any game
    return RunSpec(edition=edition, lineup=lineup, games=games, seed=seed, **options)


def run_many(plan: list[PlannedRun], kind: str, settings: dict, out: Path | None = None, overwrite: bool = False,
             progress: Callable[[int], None] | None = None, keep_frames: bool = True, resume: bool = False,
             executor=None, describe: Callable[[str], None] | None = None,
             notice: Callable[..., None] | None = None) -> list[results.Results]:
    """Play every planned run; with `out`, each into its own results directory under it, indexed by a
    collection.json written last (`resume` keeps the runs already finished and finishes the one
    interrupted). Without `out` the per-game frames stay in memory if `keep_frames` (the rankings, seats
    and sweep tables need only the summaries). `describe` is told which run of the plan is playing."""
    for item in plan:
        item.spec.validate()
    if out is not None:
        continuing = results.prepare_directory(out, overwrite, collection=True, resume=resume)
        if continuing and (out / results.MANIFEST).exists():
            raise results.ResultsError(f"--resume {out}: holds one run, not a tournament or sweep")
        results.check_definition(out, {"kind": kind, **settings,
                                       "runs": [{"directory": p.label, **run_definition(p.spec)} for p in plan]})
        if continuing and (out / results.COLLECTION).exists():
            if progress is not None:
                progress(sum(p.spec.games for p in plan))
            return results.load_results([out])
    warn_if_searching([item.spec for item in plan], notice)
    runs = []
    for number, item in enumerate(plan, 1):
        if describe is not None:
            describe(f"{kind} {number}/{len(plan)}: {_plain_label(item)}")
        result = run(item.spec, out=None if out is None else out / item.label, progress=progress,
                     keep_frames=keep_frames and out is None, resume=resume, executor=executor, notice=notice,
                     warned=True)
        runs.append(as_results(result, item.label, item.info))
    if out is not None:
        results.write_collection(out, kind, [{"directory": p.label, "info": p.info} for p in plan], settings)
    return runs


def _plain_label(item: PlannedRun) -> str:
    """A sweep point by its values, a tournament table by its lineup."""
    values = item.info.get("values")
    if values:
        return ", ".join(f"{path}={value}" for path, value in values.items())
    return ", ".join(s.name for s in item.spec.lineup)


def as_results(result: RunResult, label: str | None = None, info: dict | None = None) -> results.Results:
    """A finished run as the analyses read it."""
    return results.Results(result.manifest, result.squares, result.cards, result.out, result.games, result.players,
                           label=label, info=info)
