"""Tidy frames from the engine's arrays, and the results directory they are stored in.

A results directory holds `games/` and `players/` (Parquet, one file per batch, named by batch index so a
rerun of a batch overwrites it), `squares.parquet`, `cards.parquet`, `manifest.json` and `run.json` (what
fixes the results). While a run is written, `totals/` keeps each finished batch's share of the summary, so
that --resume replays only the batches missing. The manifest is written last: a directory without it (and
with `INCOMPLETE`) is a run that did not finish. `schema()` (`monopoly-mc schema`) documents every column.
"""
from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet

from simulator.engines.shared import layout as L
from simulator.engines.shared.rules import GameRules

INCOMPLETE_MARKER = "INCOMPLETE"
MANIFEST = "manifest.json"
FORMAT = "monopoly-mc results"
FORMAT_VERSION = 4  # 3: seats count from 1, as the printed tables do; no winner is a null; 4: who led (designer)


class ResultsError(ValueError):
    """A results directory that cannot be written or read; the message says why."""


def games_frame(games: np.ndarray, first_game: int, lineup: list[str], end_reasons: tuple[str, ...]) -> pd.DataFrame:
    n = len(lineup)
    winner_seat = games[:, L.GM_WINNER]
    winner_index = np.where(winner_seat >= 0, (winner_seat + games[:, L.GM_ROTATION]) % n, -1)
    codes_of_lineup, names = _unique_labels(lineup)
    winner_codes = np.where(winner_index >= 0, codes_of_lineup[np.maximum(winner_index, 0)], -1)
    return pd.DataFrame({
        "game": np.arange(first_game, first_game + len(games), dtype=np.int64),
        "winner_seat": pd.arrays.IntegerArray((winner_seat + 1).astype(np.int8), winner_seat < 0),
        "winner_strategy": pd.Categorical.from_codes(winner_codes, categories=names),
        "rounds": games[:, L.GM_ROUNDS].astype(np.int32),
        "turns": games[:, L.GM_TURNS].astype(np.int32),
        "end_reason": pd.Categorical.from_codes(games[:, L.GM_END], categories=list(end_reasons)),
        "violations": games[:, L.GM_VIOLATIONS].astype(np.int16),
        "lead_changes": games[:, L.GM_LEAD_CHANGES].astype(np.int16),
        "decisive_round": pd.arrays.IntegerArray(games[:, L.GM_DECISIVE_ROUND].astype(np.int32), winner_seat < 0),
        "winner_last_rounds": games[:, L.GM_WINNER_LAST],
        "kingmade": games[:, L.GM_KINGMADE] != 0,
        "last_alone_rounds": games[:, L.GM_LAST_ALONE],
    })


def _unique_labels(lineup: list[str]) -> tuple[np.ndarray, list[str]]:
    """Codes of each lineup entry into the sorted distinct strategy names, and those names."""
    names = sorted(set(lineup))
    return np.array([names.index(s) for s in lineup]), names


def players_frame(games: np.ndarray, players: np.ndarray, first_game: int, lineup: list[str],
                  board: GameRules) -> pd.DataFrame:
    n_games, n = players.shape[0], players.shape[1]
    seat = np.tile(np.arange(n, dtype=np.int8), n_games)  # from 0 here, as the engine counts
    rotation = np.repeat(games[:, L.GM_ROTATION], n)
    lineup_index = (seat + rotation) % n
    codes_of_lineup, names = _unique_labels(lineup)
    flat = players.reshape(n_games * n, board.po_columns)
    winner = np.repeat(games[:, L.GM_WINNER], n)
    columns = {
        "game": np.repeat(np.arange(first_game, first_game + n_games, dtype=np.int64), n),
        "seat": seat + 1,
        "strategy": pd.Categorical.from_codes(codes_of_lineup[lineup_index], categories=names),
        "lineup_index": lineup_index.astype(np.int8),
        "won": winner == seat,
    }
    for name, column, dtype in board.player_columns:
        columns[name] = flat[:, column].astype(dtype)
    held = flat[:, board.groups_held_column]
    for g, name in board.colour_groups:
        columns[f"held_{name}"] = (held >> g) & 1 == 1
    return pd.DataFrame(columns)


def squares_frame(board: GameRules, sq_agg: np.ndarray, games: int, finished: int) -> pd.DataFrame:
    landings = sq_agg[:, L.SA_LANDINGS]
    with np.errstate(invalid="ignore", divide="ignore"):
        return pd.DataFrame({
            "square": np.arange(board.n_squares, dtype=np.int16),
            "name": board.square_names,
            "kind": board.square_kinds,
            "group": board.square_groups,
            "price": board.square_prices,
            "landings": landings,
            "landing_share": landings / max(1, landings.sum()),
            "bought": sq_agg[:, L.SA_BOUGHT],
            "auctioned": sq_agg[:, L.SA_AUCTIONED],
            "rent_collected": sq_agg[:, L.SA_RENT],
            "rent_per_game": sq_agg[:, L.SA_RENT] / max(1, games),
            "building_spend": sq_agg[:, L.SA_BUILDING_SPEND],
            "owned_rounds": sq_agg[:, L.SA_OWNED_ROUNDS],
            "owned_at_end": sq_agg[:, L.SA_OWNED_AT_END],
            "first_owned": sq_agg[:, L.SA_FIRST_OWNED],
            "first_owner_won": sq_agg[:, L.SA_FIRST_OWNER_WON],
            "winner_owned": sq_agg[:, L.SA_WINNER_OWNED],
            "winner_owned_share": sq_agg[:, L.SA_WINNER_OWNED] / finished if finished else np.nan,
        })


def cards_frame(board: GameRules, card_agg: np.ndarray) -> pd.DataFrame:
    deck_of = board.card_decks
    drawers = card_agg[:, L.CA_DRAWERS]
    with np.errstate(invalid="ignore", divide="ignore"):
        return pd.DataFrame({
            "card": board.card_ids,
            "deck": [board.deck_names[d] for d in deck_of],
            "text": board.card_texts,
            "effect": board.card_effects,
            "copies": board.card_copies,
            "draws": card_agg[:, L.CA_DRAWS],
            "drawers": drawers,
            "drawer_wins": card_agg[:, L.CA_DRAWER_WINS],
            "drawer_win_rate": np.where(drawers > 0, card_agg[:, L.CA_DRAWER_WINS] / np.maximum(drawers, 1), np.nan),
            "finished_draws": card_agg[:, L.CA_FINISHED_DRAWS],
            "draw_wins": card_agg[:, L.CA_DRAW_WINS],
            "draw_rank_sum": card_agg[:, L.CA_DRAW_RANK_SUM],
            "draw_rank_squares": card_agg[:, L.CA_DRAW_RANK_SQUARES],
        })


# What the columns every family writes alike mean; a family's layout (COLUMN_MEANINGS) says what its own
# columns mean and where a shared one means more.
COLUMN_MEANINGS = {
    "games": {
        "game": "the game index, which seeds it",
        "winner_seat": "seat 1 plays first; null when the turn cap ended the game",
        "winner_strategy": "null when unfinished", "rounds": "a round is one turn of every player",
        "turns": "player turns (a turn includes its rolls after doubles)",
        "violations": "invariant flags found in --check mode (the V_ flags of the family's layout); 0 otherwise",
        "lead_changes": "times the leader changed from one round's end to the next, and at the game's end to its "
                        "winner; the leader is ahead by the measure the family ranks by (net worth; Millionaire: "
                        "cash; Empire: tower height, then cash; Fortnite: HP; Deal: complete sets, then value), "
                        "ties kept by the leader before (docs/measures.md)",
        "decisive_round": "the round from whose end the winner led at every round's end (the last round when it "
                          "took the lead only as the game ended); null when unfinished",
        "winner_last_rounds": "bit r - 1 set (r = 1 to 48): the winner was alone in last place among the players "
                              "still in at the end of round r (the comeback measure: docs/measures.md)",
        "kingmade": "the winner took the lead for good in a round in which a player went out while 3 or more "
                    "were in and the leader before it stayed in (the kingmaker measure: docs/measures.md)",
        "last_alone_rounds": "bit r - 1 set (r = 1 to 48): one player was alone in last place among the players "
                             "still in at the end of round r (a tie for last has no one to come back: the comeback "
                             "measure counts only these games)",
    },
    "players": {
        "game": "the game index", "seat": "1 plays first, as in the printed tables",
        "strategy": "the strategy in that seat",
        "lineup_index": "its position in the --strategy list, from 0", "won": "it won the game",
    },
    "squares": {
        "square": "board index", "name": "as the data file names it", "kind": "the square's kind",
        "group": "its colour group, if any", "price": "its printed price",
        "landings": "rolls ending there, as in `landing`", "landing_share": "its share of all landings",
        "bought": "bought at the list price", "auctioned": "sold at auction", "rent_collected": "rent collected on it",
        "rent_per_game": "rent collected per game",
        "building_spend": "paid for the houses and hotels built on it (at the list price, or a building shortage "
                          "auction's price)",
        "owned_rounds": "rounds that ended with it owned",
        "owned_at_end": "finished games in which someone owned it at the end",
        "first_owned": "finished games in which someone owned it",
        "first_owner_won": "of those, games won by its first owner",
        "winner_owned": "finished games whose winner owned it at the end (in a game played to the last player "
                        "nearly every owned square)",
        "winner_owned_share": "winner_owned over finished games",
    },
    "cards": {
        "card": "its id", "deck": "the deck it belongs to", "text": "what the card says", "effect": "its effect",
        "copies": "copies in a game", "draws": "times drawn",
        "drawers": "player-games in finished games where the player drew it at least once",
        "drawer_wins": "of those, games the drawer won", "drawer_win_rate": "drawer_wins over drawers",
        "finished_draws": "draws in finished games", "draw_wins": "of those, draws by the eventual winner",
        "draw_rank_sum": "the drawer's final rank summed over those draws (for the rank shift)",
        "draw_rank_squares": "the same, squared (for the rank shift's interval)",
    },
}


def schema(board: GameRules) -> pd.DataFrame:
    """Every column each table of a run of `board` holds, with its type and meaning: the frames are built empty
    by the same functions that write them, so the schema is what is written."""
    games = np.zeros((0, L.GM_COLUMNS), dtype=np.int64)
    players = np.zeros((0, board.players_min, board.po_columns), dtype=np.int64)
    lineup = ["-"] * board.players_min
    frames = {"games": games_frame(games, 0, lineup, board.end_reasons),
              "players": players_frame(games, players, 0, lineup, board),
              "squares": squares_frame(board, np.zeros((board.n_squares, L.SA_COLUMNS), dtype=np.int64), 0, 0),
              "cards": cards_frame(board, np.zeros((len(board.card_ids), L.CA_COLUMNS), dtype=np.int64))}
    rows = []
    for table, frame in frames.items():
        if table == "squares" and board.n_squares == 0:
            # an edition without a board (Monopoly Deal) writes the table with no rows, so every run reads alike
            rows.append({"table": table, "column": "-", "type": "-",
                         "meaning": "none: the edition has no board, and squares.parquet has no rows"})
            continue
        meanings = {**COLUMN_MEANINGS[table], **board.layout.COLUMN_MEANINGS.get(table, {})}
        held_listed = False
        for column, dtype in frame.dtypes.items():
            if column.startswith("held_"):  # one row stands for the column of every colour group
                if held_listed:
                    continue
                held_listed, column = True, "held_<group>"
            rows.append({"table": table, "column": column, "type": str(dtype), "meaning": meanings.get(column, "")})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------------
# The directory


RUN_DEFINITION = "run.json"     # what fixes a run's results, checked by --resume
BATCH_TOTALS = "totals"         # per batch, its share of the summary: read back by --resume


def prepare_directory(out: Path, overwrite: bool, collection: bool = False, resume: bool = False) -> bool:
    """Refuse to mix results: a non-empty directory is replaced only with `overwrite`, or continued with
    `resume` if it is an unfinished run (True: it holds earlier work to continue). A collection (a
    tournament's or sweep's runs) holds one results directory per run and its collection.json."""
    if out.exists() and not out.is_dir():
        raise ResultsError(f"--out {out}: exists and is not a directory")
    if out.exists() and any(out.iterdir()):
        if not any((out / marker).exists() for marker in (MANIFEST, COLLECTION, INCOMPLETE_MARKER)):
            raise ResultsError(f"--out {out}: directory is not empty and holds no monopoly-mc results: choose "
                               f"another directory")
        if resume:
            return True
        if not overwrite:
            raise ResultsError(f"--out {out}: directory is not empty: pass --resume to finish an interrupted run "
                               f"there, or --overwrite to replace it")
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    if not collection:
        for folder in ("games", "players", BATCH_TOTALS):
            (out / folder).mkdir()
    missing = COLLECTION if collection else MANIFEST
    (out / INCOMPLETE_MARKER).write_text(f"This run has not finished: its {missing} is missing. Run the same "
                                         f"command with --resume to finish it.\n")
    return False


def check_definition(out: Path, definition: dict) -> None:
    """Record what fixes the results of the run being written, or check that a resumed run's are the same."""
    path = out / RUN_DEFINITION
    given = json.loads(json.dumps(definition, default=str))
    if not path.exists():
        write_atomically(path, json.dumps(given, indent=2) + "\n")
        return
    started = json.loads(path.read_text())
    changed = sorted(key for key in started.keys() | given.keys() if started.get(key) != given.get(key))
    if changed:
        raise ResultsError(f"--resume {out}: it was started with other settings (what differs: {', '.join(changed)}): "
                           f"run the same command again, or pass --overwrite to start over")


def open_run(out: Path, definition: dict, overwrite: bool, resume: bool) -> dict[int, dict] | None:
    """Make `out` ready for a run: the stored totals of each batch already written (by batch index), or
    None if `resume` finds the run already finished."""
    continuing = prepare_directory(out, overwrite, resume=resume)
    if continuing and (out / COLLECTION).exists():
        raise ResultsError(f"--resume {out}: holds a tournament or sweep, not one run")
    check_definition(out, definition)
    if continuing and (out / MANIFEST).exists():
        read_manifest(out)
        return None
    (out / BATCH_TOTALS).mkdir(exist_ok=True)  # a run interrupted by an older version has none
    stored = {}
    for path in sorted((out / BATCH_TOTALS).glob("part-*.npz")):
        with np.load(path) as arrays:
            stored[int(path.stem.removeprefix("part-"))] = {name: arrays[name] for name in arrays.files}
    return stored


def write_atomically(path: Path, text: str | None = None, write=None) -> None:
    """Write to a temporary name, then rename: a killed process never leaves a file that looks whole, and
    a failed write leaves nothing."""
    partial = path.with_name(path.name + ".partial")
    try:
        if write is not None:
            write(partial)
        else:
            partial.write_text(text)
        partial.replace(path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def write_batch(out: Path, batch: int, games: pd.DataFrame, players: pd.DataFrame,
                totals: dict[str, np.ndarray]) -> None:
    """A finished batch: its games and players, then its totals, whose file marks the batch as done."""
    name = f"part-{batch:05d}"
    write_atomically(out / "games" / f"{name}.parquet", write=lambda p: games.to_parquet(p, index=False))
    write_atomically(out / "players" / f"{name}.parquet", write=lambda p: players.to_parquet(p, index=False))
    write_atomically(out / BATCH_TOTALS / f"{name}.npz", write=lambda p: _save_npz(p, totals))


def _save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    with open(path, "wb") as handle:
        np.savez(handle, **arrays)


def finish_directory(out: Path, squares: pd.DataFrame, cards: pd.DataFrame, manifest: dict) -> None:
    squares.to_parquet(out / "squares.parquet", index=False)
    cards.to_parquet(out / "cards.parquet", index=False)
    manifest = {"format": FORMAT, "format_version": FORMAT_VERSION, **manifest}
    write_atomically(out / MANIFEST, json.dumps(manifest, indent=2, default=str) + "\n")
    (out / INCOMPLETE_MARKER).unlink()
    shutil.rmtree(out / BATCH_TOTALS)


def read_manifest(directory: Path) -> dict:
    path = Path(directory) / MANIFEST
    if not path.exists():
        state = "an unfinished run" if (Path(directory) / INCOMPLETE_MARKER).exists() else "not a results directory"
        raise ResultsError(f"{directory}: no {MANIFEST}: {state}")
    manifest = json.loads(path.read_text())
    if manifest.get("format") != FORMAT or manifest.get("format_version") != FORMAT_VERSION:
        raise ResultsError(f"{directory}: results format {manifest.get('format_version')!r} is not "
                           f"{FORMAT_VERSION}: rerun the simulation with this version")
    return manifest


def read_table(directory: Path, table: str) -> pd.DataFrame:
    """One of games, players, squares, cards from a finished run."""
    read_manifest(directory)
    path = Path(directory) / (table if table in ("games", "players") else f"{table}.parquet")
    return pd.read_parquet(path)


# ---------------------------------------------------------------------------------------------------
# Runs as the analyses see them


COLLECTION = "collection.json"


class Results:
    """One finished run: its manifest, per-square and per-card aggregates, and (stored or kept in
    memory) its per-game and per-player frames. Analyses read only this."""

    def __init__(self, manifest: dict, squares: pd.DataFrame, cards: pd.DataFrame, directory: Path | None = None,
                 games: pd.DataFrame | None = None, players: pd.DataFrame | None = None, label: str | None = None,
                 info: dict | None = None):
        self.manifest = manifest
        self.info = info or {}  # what sets this run apart in a collection: a sweep point's values
        self._squares = squares
        self._cards = cards
        self.directory = directory
        self._games = games
        self._players = players
        self.label = label or (directory.name if directory is not None else manifest["edition"]["name"])

    def __repr__(self) -> str:
        summary = self.summary
        lineup = ", ".join(entry["strategy"] for entry in self.manifest["lineup"])
        where = f", at {self.directory}" if self.directory is not None else ""
        point = "".join(f", {path}={value}" for path, value in self.info.get("values", {}).items())
        return (f"<Results {self.edition}: {summary['games']:,} games of {self.players_per_game} players "
                f"({lineup}), seed {self.manifest['seed']}{point}, {summary['unfinished_share']:.1%} unfinished"
                f"{where}>")

    @classmethod
    def load(cls, directory: Path | str, info: dict | None = None) -> Results:
        directory = Path(directory)
        manifest = read_manifest(directory)
        return cls(manifest, read_table(directory, "squares"), read_table(directory, "cards"), directory, info=info)

    @property
    def summary(self) -> dict:
        return self.manifest["summary"]

    @property
    def edition(self) -> str:
        edition = self.manifest["edition"]
        return edition["name"] + (f" ({edition['variant']})" if edition.get("variant") else "")

    @property
    def players_per_game(self) -> int:
        return int(self.manifest["players"])

    @property
    def has_frames(self) -> bool:
        """Per-game and per-player frames are on disk or in memory (not only the summaries)."""
        return self.directory is not None or self._players is not None

    def _frame(self, table: str, kept: pd.DataFrame | None, columns: list[str] | None) -> pd.DataFrame:
        if kept is not None:
            return kept if columns is None else kept[columns]
        if self.directory is None:
            raise ResultsError(f"{self.label}: the {table} frame was not kept: run with keep_frames=True or --out")
        return pd.read_parquet(self.directory / table, columns=columns)

    @property
    def player_columns(self) -> list[str]:
        """The columns of the per-player frame, without reading it."""
        if self._players is not None:
            return list(self._players.columns)
        if self.directory is None:
            raise ResultsError(f"{self.label}: the players frame was not kept: run with keep_frames=True or --out")
        import pyarrow.dataset
        return pyarrow.dataset.dataset(self.directory / "players", format="parquet").schema.names

    def games(self, columns: list[str] | None = None) -> pd.DataFrame:
        """One row per game (the games table of the results schema)."""
        return self._frame("games", self._games, columns)

    def players(self, columns: list[str] | None = None) -> pd.DataFrame:
        """One row per player per game."""
        return self._frame("players", self._players, columns)

    def game_batches(self, columns: list[str]) -> Iterator[pa.Table]:
        """The games in parts, in the order of their index: see _parts."""
        return self._parts("games", self._games, columns)

    def player_batches(self, columns: list[str]) -> Iterator[pa.Table]:
        """The players in parts, each holding every player of its games, in the order of the games: see
        _parts."""
        return self._parts("players", self._players, columns)

    def _parts(self, table: str, kept: pd.DataFrame | None, columns: list[str]) -> Iterator[pa.Table]:
        """A stored table one batch file at a time, as Arrow tables (the next file read on a thread while the
        caller works on this one; no pandas frame, whose building costs more than the reading), or the kept
        frame at once: what an analysis of many games reads, so that its memory stays flat in their number."""
        if kept is not None:
            yield pa.Table.from_pandas(kept[columns], preserve_index=False)
            return
        if self.directory is None:
            raise ResultsError(f"{self.label}: the {table} frame was not kept: run with keep_frames=True or --out")

        def read(path: Path) -> pa.Table:
            return pyarrow.parquet.ParquetFile(path).read(columns=columns, use_threads=False)

        with ThreadPoolExecutor(max_workers=1) as reader:
            ahead = None
            for path in sorted((self.directory / table).glob("part-*.parquet")):
                following = reader.submit(read, path)
                if ahead is not None:
                    yield ahead.result()
                ahead = following
            if ahead is not None:
                yield ahead.result()

    def squares(self, columns: list[str] | None = None) -> pd.DataFrame:
        """One row per square, summed over the run (always in memory, as the cards)."""
        return self._squares if columns is None else self._squares[columns]

    def cards(self, columns: list[str] | None = None) -> pd.DataFrame:
        """One row per card of every deck, summed over the run."""
        return self._cards if columns is None else self._cards[columns]


def load_results(paths: list[Path | str]) -> list[Results]:
    """Every run under the given paths: a results directory is one run; a tournament's or sweep's
    directory (with collection.json) is all of its runs."""
    runs = []
    for path in map(Path, paths):
        if not path.is_dir():
            raise ResultsError(f"{path}: not a directory: expected a results directory written by --out")
        if (path / COLLECTION).exists():
            collection = json.loads((path / COLLECTION).read_text())
            if collection.get("format_version") != FORMAT_VERSION:
                raise ResultsError(f"{path}: results format {collection.get('format_version')!r} is not "
                                   f"{FORMAT_VERSION}: rerun with this version")
            runs.extend(Results.load(path / entry["directory"], entry.get("info")) for entry in collection["runs"])
        else:
            runs.append(Results.load(path))
    return runs


def write_collection(out: Path, kind: str, entries: list[dict], settings: dict) -> None:
    """The index of a tournament's or sweep's runs, written last like a manifest."""
    document = {"format": FORMAT, "format_version": FORMAT_VERSION, "kind": kind, **settings, "runs": entries}
    write_atomically(out / COLLECTION, json.dumps(document, indent=2, default=str) + "\n")
    (out / INCOMPLETE_MARKER).unlink()
