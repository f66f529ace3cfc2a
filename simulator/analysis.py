"""The answers users come with, computed from finished runs (simulator.results.Results) only.

Every rate comes with a 95% interval; every comparison with a p-value, Holm-adjusted across the family
of comparisons a table makes, and a `significant` flag at the 5% level. Runs may come from disk or from
memory: nothing here simulates.
"""
from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterator

import numpy as np
import pandas as pd
import pyarrow as pa

from simulator import families, stats
from simulator.results import Results, ResultsError
from simulator.tables import with_units

ALPHA = stats.ALPHA


class AnalysisError(ResultsError):
    """Runs that cannot be analysed together; the message says why."""


def _with_interval(frame: pd.DataFrame, successes: str, trials: str, prefix: str = "") -> pd.DataFrame:
    bounds = [stats.wilson(x, n) for x, n in zip(frame[successes], frame[trials])]
    frame[f"{prefix}ci_low"] = [b[0] for b in bounds]
    frame[f"{prefix}ci_high"] = [b[1] for b in bounds]
    return frame


def _small(counted) -> np.ndarray:
    """Rows with fewer observations than stats.MIN_COUNT: no rank, no test."""
    return ~np.array([stats.enough(float(c)) for c in counted], dtype=bool)


def _flag(frame: pd.DataFrame, small: np.ndarray | None = None) -> pd.DataFrame:
    """Holm-adjusted p-values and the `significant` flag; `small` rows get no test and stay out of the
    family."""
    if small is not None:
        frame.loc[small, "p_value"] = math.nan
    frame["p_holm"] = stats.holm(list(frame["p_value"]))
    frame["significant"] = frame["p_holm"] < ALPHA
    return frame


def _rank(values: pd.Series, small: pd.Series, ascending: bool = False) -> pd.Series:
    """Ranks 1, 2, ... of the rows with enough observations; the others have none."""
    return values.where(~small).rank(ascending=ascending, method="min").astype("Int64")


COLOUR_GROUP_KINDS = ("street", "brand", "location")  # squares whose groups a player completes


def _family(run: Results):
    return families.get(run.manifest["edition"]["family"])


def has_board(runs: list[Results]) -> bool:
    return all(_family(r).board for r in runs)


def _one_board(runs: list[Results]) -> None:
    if not runs:
        raise AnalysisError("no runs to analyse")
    boardless = {r.manifest["edition"]["family"] for r in runs if not _family(r).board}
    if boardless:
        raise AnalysisError(f"{runs[0].label}: squares and colour groups exist for board games only, "
                            f"not for {', '.join(sorted(boardless))}")
    boards = {tuple(r.squares()["name"]) for r in runs}
    if len(boards) > 1:
        names = sorted({r.edition for r in runs})
        raise AnalysisError(f"the runs are of different boards ({', '.join(names)}): analyse them one edition "
                            f"at a time, or use `compare`")


def one_setup(runs: list[Results]) -> None:
    """Pooled analyses (squares, groups, cards, plots of them) need runs of one game: the same rules
    (data file, variant and overrides) and player count. A tournament's tables qualify (only their lineups
    differ); a sweep's points do not, and are to be analysed one at a time."""
    if not runs:
        raise AnalysisError("no runs to analyse")
    points = {json.dumps(r.info.get("values"), sort_keys=True, default=str) for r in runs if r.info.get("values")}
    if len(points) > 1:
        raise AnalysisError(f"the runs are {len(points)} points of a sweep, each with other values: analyse one "
                            f"point at a time (its directory under the sweep's), or read the sweep with "
                            f"`sweep --results`")
    rules = {r.manifest["edition"]["rules_sha256"] for r in runs}
    players = {r.players_per_game for r in runs}
    if len(rules) > 1 or len(players) > 1:
        names = sorted({r.label for r in runs})
        raise AnalysisError(f"the runs were played under different rules or player counts ({', '.join(names)}): "
                            f"analyse them one at a time, or set them side by side with `compare`")


def _lineups(runs: list[Results]) -> set[tuple[str, ...]]:
    return {tuple(sorted(e["strategy"] for e in r.manifest["lineup"])) for r in runs}


# ---------------------------------------------------------------------------------------------------
# Strategies and seats


def strategy_ranking(runs: list[Results]) -> pd.DataFrame:
    """Win rate per strategy over all runs (per player-game: a strategy seated twice plays twice), ranked by
    it, with whether each strategy's lead over the next one is significant. The lead is tested on the games
    both played (`decided_games`: those one of the two won; one game has one winner, so their wins are not
    two independent samples): given that one of them won, each should have won in proportion to its seats
    at the table. Strategies that never sat at one table are not tested against each other.
    `fills_every_seat`: the strategy held every seat of every game it played, so its rate is fixed by the
    lineup (the finished share over n)."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    fair = set()
    in_every_seat: dict[str, bool] = {}
    tables = []  # per run: strategy -> (wins, seats)
    for run in runs:
        fair.add(run.summary["fair_share"])
        tables.append({row["strategy"]: (row["wins"], row["seats"]) for row in run.summary["strategies"]})
        for row in run.summary["strategies"]:
            totals[row["strategy"]][0] += row["wins"]
            totals[row["strategy"]][1] += row["player_games"]
            every = row["seats"] == run.players_per_game
            in_every_seat[row["strategy"]] = in_every_seat.get(row["strategy"], True) and every
    frame = pd.DataFrame([{"strategy": k, "wins": w, "player_games": n, "fills_every_seat": in_every_seat[k]}
                          for k, (w, n) in totals.items()])
    frame["win_rate"] = frame.wins / frame.player_games
    frame = _with_interval(frame, "wins", "player_games")
    frame = frame.sort_values("win_rate", ascending=False, ignore_index=True)
    frame["fair_share"] = fair.pop() if len(fair) == 1 else math.nan
    leads = [_lead_test(tables, frame.strategy[i], frame.strategy[i + 1]) for i in range(len(frame) - 1)]
    frame["lead_over_next"] = list(frame.win_rate.diff(-1).iloc[:-1]) + [math.nan]
    frame["decided_games"] = pd.array([d for d, _ in leads] + [pd.NA], dtype="Int64")
    frame["p_value"] = [p for _, p in leads] + [math.nan]
    frame = _flag(frame)
    frame["small_n"] = _small(frame.player_games)
    frame.insert(0, "rank", _rank(frame.win_rate, frame.small_n))
    return with_units(frame, ["win_rate", "ci_low", "ci_high", "fair_share"], ["lead_over_next"])


def _lead_test(tables: list[dict], leader: str, follower: str) -> tuple[int, float]:
    """Games in which `leader` or `follower` won, at tables where both sat, and the p-value of the test that
    each won in proportion to its seats there (a sign test; its variance sums the tables' binomials); no
    test without a shared table or under stats.MIN_COUNT such games."""
    decided, observed, expected, variance = 0, 0.0, 0.0, 0.0
    shared = [table for table in tables if leader in table and follower in table]
    for table in shared:
        (wins, seats), (other_wins, other_seats) = table[leader], table[follower]
        share = seats / (seats + other_seats)
        decided += wins + other_wins
        observed += wins
        expected += (wins + other_wins) * share
        variance += (wins + other_wins) * share * (1 - share)
    if not shared or not stats.enough(decided):
        return decided, math.nan
    return decided, stats.z_test(observed, expected, variance)


def head_to_head(runs: list[Results]) -> pd.DataFrame:
    """For each pair of strategies that met: in how many of their meetings (a seat of one and a seat of the
    other in a finished game) the first ranked above the second, with an interval and a test against an even
    split. The meetings of one game are not independent when a strategy holds several seats: the variance
    of a game's count is the Mann-Whitney one, k_a·k_b·(k_a + k_b + 1)/12, which the test uses and the
    interval takes as a design effect (k_a + k_b + 1)/3 on the meetings. `games`: finished games both
    played, the independent units."""
    ahead: dict[tuple[str, str], int] = defaultdict(int)
    games: dict[tuple[str, str], int] = defaultdict(int)
    spread: dict[tuple[str, str], float] = defaultdict(float)  # meetings times their design effect
    for run in runs:
        names = [entry["strategy"] for entry in run.manifest["lineup"]]
        seats = {name: names.count(name) for name in names}
        matrix = np.asarray(run.summary["head_to_head"])
        for a in seats:
            for b in seats:
                if a == b:
                    continue
                rows, columns = [i for i, n in enumerate(names) if n == a], [j for j, n in enumerate(names) if n == b]
                won, lost = matrix[np.ix_(rows, columns)].sum(), matrix[np.ix_(columns, rows)].sum()
                ahead[(a, b)] += int(won)
                games[(a, b)] += run.summary["finished"]
                spread[(a, b)] += (won + lost) * (seats[a] + seats[b] + 1) / 3
    rows = []
    for (a, b), won in sorted(ahead.items()):
        meetings = won + ahead[(b, a)]
        effect = spread[(a, b)] / meetings if meetings else 1.0
        low, high = stats.wilson(won / effect, meetings / effect)
        rows.append({"strategy": a, "opponent": b, "games": games[(a, b)], "meetings": meetings, "ahead": won,
                     "share_ahead": won / meetings if meetings else math.nan, "ci_low": low, "ci_high": high,
                     "p_value": stats.z_test(won, meetings / 2, spread[(a, b)] / 4) if meetings else math.nan})
    frame = pd.DataFrame(rows, columns=["strategy", "opponent", "games", "meetings", "ahead", "share_ahead", "ci_low",
                                        "ci_high", "p_value"])
    frame["small_n"] = _small(frame.games)
    frame.loc[frame.small_n, "p_value"] = math.nan
    # each pair appears twice (a vs b, b vs a) with the same test: adjust over distinct pairs
    distinct = frame[frame.strategy < frame.opponent]
    adjusted = dict(zip(zip(distinct.strategy, distinct.opponent), stats.holm(list(distinct.p_value))))
    frame["p_holm"] = [adjusted[tuple(sorted(pair))] for pair in zip(frame.strategy, frame.opponent)]
    frame["significant"] = frame.p_holm < ALPHA
    return with_units(frame, ["share_ahead", "ci_low", "ci_high"])


def seat_table(runs: list[Results]) -> pd.DataFrame:
    """Win rate per seat (seat 1 plays first) over all runs' finished games (a game stopped by the turn cap
    has no winner, so the fair share 1/n holds among finished games only), and its advantage over it."""
    players = {r.players_per_game for r in runs}
    if len(players) > 1:
        raise AnalysisError(f"the runs have different player counts ({sorted(players)}): compare seats per count")
    n = players.pop()
    wins = np.zeros(n, dtype=np.int64)
    games = sum(r.summary["games"] for r in runs)
    finished = sum(r.summary["finished"] for r in runs)
    for run in runs:
        wins += [s["wins"] for s in run.summary["seats"]]
    frame = pd.DataFrame({"seat": np.arange(1, n + 1), "games": games, "finished": finished,
                          "unfinished": games - finished, "wins": wins})
    frame["win_rate"] = frame.wins / finished if finished else math.nan
    frame["advantage"] = frame.win_rate - 1 / n
    frame = _with_interval(frame, "wins", "finished")
    frame["p_value"] = [stats.proportion_vs(w, finished, 1 / n) for w in wins]
    frame["small_n"] = _small(frame.finished)
    return with_units(_flag(frame, frame.small_n), ["win_rate", "ci_low", "ci_high"], ["advantage"])


def length_table(runs: list[Results]) -> pd.DataFrame:
    """Game length in rounds over all runs' finished games: quartiles, mean and the unfinished share."""
    histogram = _rounds_histogram(runs)
    games = sum(r.summary["games"] for r in runs)
    unfinished = sum(r.summary["unfinished"] for r in runs)
    q1, median, q3 = stats.histogram_quantiles(histogram)
    moments = stats.histogram_moments(histogram)
    low, high = stats.wilson(unfinished, games)
    return with_units(pd.DataFrame([{"games": games, "finished": games - unfinished, "q1": q1, "median": median,
                                 "q3": q3, "mean": moments["mean"], "sd": moments["sd"], "unfinished": unfinished,
                                 "unfinished_share": unfinished / games, "unfinished_ci_low": low,
                                 "unfinished_ci_high": high}]),
                  ["unfinished_share", "unfinished_ci_low", "unfinished_ci_high"])


def _rounds_histogram(runs: list[Results]) -> np.ndarray:
    size = max(len(r.summary["rounds_histogram"]) for r in runs)
    histogram = np.zeros(size, dtype=np.int64)
    for run in runs:
        counts = np.asarray(run.summary["rounds_histogram"], dtype=np.int64)  # [] when no game finished
        histogram[:len(counts)] += counts
    return histogram


def rounds_histogram(runs: list[Results]) -> pd.Series:
    """Finished games per number of rounds, over all runs."""
    histogram = _rounds_histogram(runs)
    return pd.Series(histogram, index=pd.RangeIndex(len(histogram), name="rounds"), name="games")


# ---------------------------------------------------------------------------------------------------
# Squares and colour groups


def square_table(runs: list[Results]) -> pd.DataFrame:
    """Per square: how often a roll ends there, rent per game, rounds of ownership its rent takes to
    repay what its owners spent on it (`payback_rounds`: its price and the buildings put on it, per time it was
    sold by the bank; `payback_rounds_price`: the price alone), and how often its first owner won the game
    (against the fair share 1/players). Ownable squares are ranked by payback, those owned in at least
    stats.MIN_COUNT finished games (`first_owned`) only. Results written before the engine counted building
    spend per square have no `building_spend`: their payback counts the price alone (attrs["buildings_counted"])."""
    _one_board(runs)
    one_setup(runs)
    counted = all("building_spend" in r.squares() for r in runs)
    summed = ["landings", "bought", "auctioned", "rent_collected", "owned_rounds", "first_owned", "first_owner_won",
              *(["building_spend"] if counted else [])]
    frame = runs[0].squares(["square", "name", "kind", "group", "price"]).copy()
    for column in summed:
        frame[column] = sum(r.squares()[column].to_numpy() for r in runs)
    games = sum(r.summary["games"] for r in runs)
    frame["landing_share"] = frame.landings / max(1, frame.landings.sum())
    frame["rent_per_game"] = frame.rent_collected / games
    ownable = frame.price > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        per_round = frame.rent_collected / frame.owned_rounds
        frame["rent_per_owned_round"] = per_round.where(ownable)
        frame["payback_rounds_price"] = (frame.price / per_round).where(ownable & (per_round > 0))
        # each time the bank sold it, its buyer paid the price; the buildings are spread over those times
        spend = frame.price + (frame.building_spend / (frame.bought + frame.auctioned)).fillna(0) if counted \
            else frame.price
        frame["spend_per_owner"] = spend.where(ownable)
        frame["payback_rounds"] = (spend / per_round).where(ownable & (per_round > 0))
        frame["first_owner_win_rate"] = (frame.first_owner_won / frame.first_owned).where(ownable)
    frame = _with_interval(frame, "first_owner_won", "first_owned", prefix="first_owner_")
    frame.loc[~ownable, ["first_owner_ci_low", "first_owner_ci_high"]] = math.nan
    bought = not _claimed_free(runs)
    if not bought:
        frame[["payback_rounds", "payback_rounds_price", "spend_per_owner"]] = math.nan
    frame["small_n"] = _small(frame.first_owned) & ownable
    frame["payback_rank"] = _rank(frame.payback_rounds, frame.small_n, ascending=True)
    ranked = frame[frame.payback_rank.notna() & frame.first_owner_win_rate.notna()]
    for column in ("payback_rounds", "payback_rounds_price"):
        # do squares that repay sooner make their first owners win more? (negative: they do)
        frame.attrs[f"{column}_vs_first_owner"] = float(ranked[column].corr(ranked.first_owner_win_rate,
                                                                             method="spearman")) \
            if len(ranked) > 2 else math.nan
    frame.attrs["squares_bought"] = bought
    frame.attrs["buildings_counted"] = counted
    frame.attrs["currency"] = runs[0].manifest.get("currency", "")
    return with_units(frame, ["landing_share", "first_owner_win_rate", "first_owner_ci_low", "first_owner_ci_high"])


def _claimed_free(runs: list[Results]) -> bool:
    """Squares claimed for nothing have no price to repay: their `price` is what a visitor pays."""
    return _family(runs[0]).squares_claimed


def group_table(runs: list[Results]) -> pd.DataFrame:
    """Per colour group: the win rate of players who held it complete at the start of one of their turns
    (in the board family before the first bankruptcy, so not merely collected from a bankrupt player; each
    family's groups_held_meaning says it, and `attrs["held_meaning"]` for these runs) against those who did
    not, with the difference controlled for strategy (compared within each strategy, then averaged with
    weights n_with·n_without/(n_with+n_without): stats.stratified_difference). Ranked by that lift, the groups
    held and not held in at least stats.MIN_COUNT player-games each only (the others are `small_n`: no rank,
    no test). On a board, also the group's price, landings, rent and payback; Monopoly Deal's groups are its
    colour sets."""
    if has_board(runs):
        squares = square_table(runs)  # which checks that the runs are of one board and one setup
        groups = list(dict.fromkeys(squares[squares.kind.isin(COLOUR_GROUP_KINDS)].group))
    else:
        one_setup(runs)
        groups = [c[len("held_"):] for c in runs[0].player_columns if c.startswith("held_")]
        if any([c[len("held_"):] for c in r.player_columns if c.startswith("held_")] != groups for r in runs):
            raise AnalysisError("the runs have different colour sets: analyse them one edition at a time")
        squares = None
    histogram = _held_histogram(runs, groups)
    rows = []
    for group in groups:
        members, count = histogram.clusters(group)
        observations, wins = stats.arm_counts(members, count)  # per strategy, [not held, held]
        with_wins, with_n = int(wins[:, 1].sum()), int(observations[:, 1].sum())
        without_wins, without_n = int(wins[:, 0].sum()), int(observations[:, 0].sum())
        row = {"group": group}
        if squares is not None:
            group_squares = squares[squares.group == group]
            row.update({
                "squares": len(group_squares), "price": int(group_squares.price.sum()),
                "landing_share": group_squares.landing_share.sum(),
                "rent_per_game": group_squares.rent_per_game.sum(),
                "payback_rounds": group_squares.spend_per_owner.sum() / group_squares.rent_per_owned_round.sum()
                if squares.attrs["squares_bought"] and group_squares.rent_per_owned_round.sum() > 0 else math.nan})
        rows.append({
            **row,
            "held_share": with_n / (with_n + without_n) if with_n + without_n else math.nan,
            "held_player_games": with_n, "held_wins": with_wins, "not_held_player_games": without_n,
            "win_rate_held": with_wins / with_n if with_n else math.nan,
            "win_rate_not_held": without_wins / without_n if without_n else math.nan,
            **stats.stratified_difference(wins[:, 1], observations[:, 1], wins[:, 0], observations[:, 0],
                                          stats.design_effect_of_clusters(members, count)),
        })
    frame = _with_interval(pd.DataFrame(rows), "held_wins", "held_player_games", prefix="held_")
    frame["small_n"] = _small(np.minimum(frame.held_player_games, frame.not_held_player_games))
    frame = _flag(frame, frame.small_n)
    frame["rank"] = _rank(frame.lift, frame.small_n)
    frame = frame.sort_values(["rank", "held_player_games"], ascending=[True, False], na_position="last",
                              ignore_index=True)
    frame.attrs["held_meaning"] = "; ".join(sorted({_family(r).groups_held_meaning
                                                    for r in runs}))
    frame.attrs["squares_bought"] = squares is None or squares.attrs["squares_bought"]
    return with_units(frame, ["landing_share", "held_share", "win_rate_held", "win_rate_not_held", "held_ci_low",
                          "held_ci_high"], ["lift", "lift_ci_low", "lift_ci_high"])


def _numbered(column: pa.ChunkedArray, number: dict[str, int]) -> np.ndarray:
    """A column of names (as stored: dictionary-encoded) as their numbers in `number`, -1 for a name not in it
    or none."""
    if not pa.types.is_dictionary(column.type):
        column = column.dictionary_encode()
    # a null (a game nobody won) points past the dictionary, at the -1 appended to it
    parts = [np.array([number.get(name, -1) for name in chunk.dictionary.to_pylist()] + [-1], dtype=np.int64)[
        chunk.indices.fill_null(len(chunk.dictionary)).to_numpy()] for chunk in column.chunks]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def _held_histogram(runs: list[Results], groups: list[str]) -> _HeldHistogram:
    histogram = _HeldHistogram(sorted({e["strategy"] for r in runs for e in r.manifest["lineup"]}), groups,
                               runs[0].players_per_game)
    for run in runs:
        for players in run.player_batches(["game", "strategy", "won", *(f"held_{g}" for g in groups)]):
            histogram.add(players, run.label)
    return histogram


class _HeldHistogram:
    """Per colour group, how many games looked alike: the same strategies in the same seats, the same seat
    winning (or none) and the same seats holding the group. That is all the lift and its game-clustered
    design effect depend on (stats.design_effect_of_clusters), so the players are read a batch at a time
    and memory stays flat in the number of games."""

    def __init__(self, strategies: list[str], groups: list[str], seats: int):
        self.strategies, self.groups, self.seats = strategies, groups, seats
        self.number = {name: i for i, name in enumerate(strategies)}
        # strategies seat by seat, as a number in base len(strategies) -> [winner seat or `seats`, held bits, group]
        self.counts: dict[int, np.ndarray] = {}

    def add(self, players: pa.Table, label: str) -> None:
        n, strategies = self.seats, len(self.strategies)
        game = players.column("game").to_numpy()
        order = np.argsort(game, kind="stable") if np.any(game[1:] < game[:-1]) else slice(None)
        by_game = game[order].reshape(-1, n) if len(game) % n == 0 else None
        if by_game is None or np.any(by_game != by_game[:, :1]) or np.any(by_game[1:, 0] == by_game[:-1, 0]):
            raise AnalysisError(f"{label}: the players table does not hold {n} rows for each game: was it "
                                f"written by another version or changed?")
        seated = _numbered(players.column("strategy"), self.number)[order].reshape(-1, n)
        won = players.column("won").to_numpy()[order].reshape(-1, n)
        if np.any(seated < 0) or np.any(won.sum(axis=1) > 1):
            raise AnalysisError(f"{label}: the players table holds a strategy not in the lineup or a game with "
                                f"two winners: was it written by another version or changed?")
        lineup, lineups = pd.factorize(seated @ strategies ** np.arange(n, dtype=np.int64))
        first = (lineup * (n + 1) + np.where(won.any(axis=1), won.argmax(axis=1), n)) << n
        kind = np.empty((len(first), len(self.groups)), dtype=np.int64)
        for g, group in enumerate(self.groups):
            held = players.column(f"held_{group}").to_numpy()[order].reshape(-1, n)
            kind[:, g] = first + sum(held[:, seat].astype(np.int64) << seat for seat in range(n))
        kind = kind * len(self.groups) + np.arange(len(self.groups))
        counted = np.bincount(kind.ravel(), minlength=len(lineups) * (n + 1) * 2 ** n * len(self.groups))
        for lineup_number, counts in zip(lineups, counted.reshape(len(lineups), n + 1, 2 ** n, len(self.groups))):
            self.counts[lineup_number] = self.counts.get(lineup_number, 0) + counts

    def clusters(self, group: str) -> tuple[np.ndarray, np.ndarray]:
        """The kinds of game for one group, as stats.design_effect_of_clusters takes them: members by strategy,
        held and won, and how many games were of each kind."""
        n, g = self.seats, self.groups.index(group)
        members, count = [], []
        for lineup_number, counts in sorted(self.counts.items()):  # an order that the batches do not change
            seated = lineup_number // len(self.strategies) ** np.arange(n) % len(self.strategies)
            winner, held_bits = np.nonzero(counts[:, :, g])
            kinds = np.zeros((len(winner), len(self.strategies), 2, 2), dtype=np.int64)
            for seat in range(n):
                np.add.at(kinds, (np.arange(len(winner)), seated[seat], held_bits >> seat & 1,
                                  (winner == seat).astype(np.int64)), 1)
            members.append(kinds)
            count.append(counts[winner, held_bits, g])
        return (np.concatenate(members) if members else np.zeros((0, len(self.strategies), 2, 2), dtype=np.int64),
                np.concatenate(count) if count else np.zeros(0, dtype=np.int64))


# ---------------------------------------------------------------------------------------------------
# Star levels (Monopoly Millionaire)


def has_star_levels(runs: list[Results]) -> bool:
    """Runs whose players reached star levels (Monopoly Millionaire's `stars` column), with their frames."""
    return all(r.has_frames and "stars" in r.player_columns for r in runs)


def star_table(runs: list[Results]) -> pd.DataFrame:
    """Per strategy and star level reached by the end: player-games, win rate with its interval, and the
    median round of each upgrade. Descriptive: a player who passes GO more often also climbs higher, so
    the causal answer is a sweep over when a strategy upgrades."""
    if not has_star_levels(runs):
        raise AnalysisError("star levels: only Monopoly Millionaire runs with their per-player frames have them")
    names = sorted({e["strategy"] for r in runs for e in r.manifest["lineup"]})
    number = {name: i for i, name in enumerate(names)}
    upgrades = ["round_3_stars", "round_5_stars"]
    counts, rounds = [], {upgrade: [] for upgrade in upgrades}  # per batch: small tables, summed at the end
    for run in runs:
        for players in run.player_batches(["strategy", "won", "stars", *upgrades]):
            part = pd.DataFrame({"strategy": _numbered(players.column("strategy"), number),
                                 **{c: players.column(c).to_numpy() for c in ["won", "stars", *upgrades]}})
            counts.append(part.groupby(["strategy", "stars"]).won.agg(player_games="size", wins="sum"))
            for upgrade in upgrades:  # -1: never reached
                rounds[upgrade].append(part[part[upgrade] >= 0].groupby(["strategy", "stars", upgrade]).size())
    table = pd.concat(counts).groupby(level=[0, 1]).sum()
    for upgrade in upgrades:
        reached = pd.concat(rounds[upgrade]).groupby(level=[0, 1, 2]).sum()
        table[f"median_{upgrade}"] = reached.groupby(level=[0, 1]).apply(
            lambda counted: stats.median_of_counts(counted.index.get_level_values(2), counted.to_numpy()))
    table = table.reset_index()
    table["strategy"] = [names[i] for i in table.strategy]
    table["share"] = table.player_games / table.groupby("strategy").player_games.transform("sum")
    table["win_rate"] = table.wins / table.player_games
    table["small_n"] = _small(table.player_games)
    return with_units(_with_interval(table, "wins", "player_games"), ["share", "win_rate", "ci_low", "ci_high"])


# ---------------------------------------------------------------------------------------------------
# Cards


def card_table(runs: list[Results]) -> pd.DataFrame:
    """Per card of every deck: draws per game, and the drawer's win rate and final rank after drawing it
    against after drawing any other card of the same deck. Which card a draw turns up is chance, so the
    shift is the card's effect relative to the rest of its deck; players who draw more cards weigh the
    same on both sides. Draws of one player in one game are counted as independent, so the intervals
    are slightly narrow for cards drawn often by the same player. Sorted by the size of the win shift, the
    cards drawn at least stats.MIN_COUNT times in finished games first (the others are `small_n`: no test)."""
    one_setup(runs)
    decks = {tuple(r.cards()["card"]) for r in runs}
    if len(decks) > 1:
        raise AnalysisError("the runs have different decks: analyse them one edition at a time, or use `compare`")
    summed = ["draws", "finished_draws", "draw_wins", "draw_rank_sum", "draw_rank_squares"]
    frame = runs[0].cards(["card", "deck", "text", "effect", "copies"]).copy()
    for column in summed:
        frame[column] = sum(r.cards()[column].to_numpy() for r in runs).astype(np.int64)
    frame["draws_per_game"] = frame.draws / sum(r.summary["games"] for r in runs)
    deck = frame.groupby("deck")[summed].transform("sum")
    others = deck - frame[summed]
    with np.errstate(divide="ignore", invalid="ignore"):
        frame["win_rate_after"] = frame.draw_wins / frame.finished_draws
        frame["win_rate_after_others"] = others.draw_wins / others.finished_draws
        mean, sd = _mean_sd(frame.draw_rank_sum, frame.draw_rank_squares, frame.finished_draws)
        other_mean, other_sd = _mean_sd(others.draw_rank_sum, others.draw_rank_squares, others.finished_draws)
    frame["rank_after"] = mean
    frame["rank_after_others"] = other_mean
    shifts = [stats.proportion_difference(w, n, ow, on) for w, n, ow, on in
              zip(frame.draw_wins, frame.finished_draws, others.draw_wins, others.finished_draws)]
    frame["win_shift"] = [s["difference"] for s in shifts]
    frame["win_shift_ci_low"] = [s["ci_low"] for s in shifts]
    frame["win_shift_ci_high"] = [s["ci_high"] for s in shifts]
    frame["p_value"] = [s["p_value"] for s in shifts]
    ranks = [stats.mean_difference(m, s, n, om, os_, on) for m, s, n, om, os_, on in
             zip(mean, sd, frame.finished_draws, other_mean, other_sd, others.finished_draws)]
    frame["rank_shift"] = [r["difference"] for r in ranks]
    frame["rank_shift_ci_low"] = [r["ci_low"] for r in ranks]
    frame["rank_shift_ci_high"] = [r["ci_high"] for r in ranks]
    frame["small_n"] = _small(frame.finished_draws)
    frame = _flag(frame, frame.small_n)
    frame = frame.drop(columns=["draw_rank_sum", "draw_rank_squares"])
    frame["order"] = -frame.win_shift.abs()
    frame = frame.sort_values(["small_n", "order"], ignore_index=True).drop(columns="order")
    return with_units(frame, ["win_rate_after", "win_rate_after_others"], ["win_shift", "win_shift_ci_low",
                                                                        "win_shift_ci_high"])


def _mean_sd(total: pd.Series, squares: pd.Series, n: pd.Series) -> tuple[pd.Series, pd.Series]:
    mean = total / n
    variance = (squares - n * mean * mean) / (n - 1)
    return mean, np.sqrt(variance.clip(lower=0))


# ---------------------------------------------------------------------------------------------------
# Sweeps and comparisons


def sweep_table(runs: list[Results]) -> pd.DataFrame:
    """One row per sweep point and strategy: the point's values, the strategy's win rate, and the
    point's first-player advantage (among finished games, as seat_table), game length and unfinished share,
    each with its interval and its count."""
    rows = []
    for run in runs:
        values = run.info.get("values")
        if values is None:
            raise AnalysisError(f"{run.label}: not a sweep point (no swept values)")
        seat = seat_table([run]).iloc[0]
        length = length_table([run]).iloc[0]
        rounds_low, rounds_high = stats.mean_interval(length["mean"], length.sd, length.finished)
        for strategy in strategy_ranking([run]).itertuples():
            rows.append({**values, "strategy": strategy.strategy, "player_games": strategy.player_games,
                         "win_rate": strategy.win_rate,
                         "ci_low": strategy.ci_low, "ci_high": strategy.ci_high,
                         "first_player_advantage": seat.advantage,
                         "first_player_ci_low": seat.ci_low - 1 / run.players_per_game,
                         "first_player_ci_high": seat.ci_high - 1 / run.players_per_game,
                         "median_rounds": length["median"], "mean_rounds": length["mean"],
                         "mean_rounds_ci_low": rounds_low, "mean_rounds_ci_high": rounds_high,
                         "unfinished_share": length.unfinished_share,
                         "unfinished_ci_low": length.unfinished_ci_low,
                         "unfinished_ci_high": length.unfinished_ci_high, "games": int(length.games),
                         "finished": int(length.finished)})
    return with_units(pd.DataFrame(rows), ["win_rate", "ci_low", "ci_high", "unfinished_share", "unfinished_ci_low",
                                       "unfinished_ci_high"],
                  ["first_player_advantage", "first_player_ci_low", "first_player_ci_high"])


def point_difference(low: Results, high: Results, strategy: str) -> dict:
    """`strategy`'s win rate at `high` minus at `low` (two runs, e.g. two sweep points): paired by game when
    both were played on the same seeds with their per-game frames kept (stats.paired_difference; `paired`),
    otherwise as independent samples (stats.proportion_difference), which shared seeds make conservative."""
    pairs = _paired_runs([low], [high])
    paired = _paired_sums(pairs) if pairs is not None else None
    if paired is not None and f"win rate: {strategy}" in paired:
        return {**stats.paired_difference_of(paired[f"win rate: {strategy}"]), "paired": True}
    before, after = (strategy_ranking([run]).set_index("strategy").loc[strategy] for run in (low, high))
    return {**stats.proportion_difference(after.wins, after.player_games, before.wins, before.player_games),
            "paired": False}


def compare(a: list[Results], b: list[Results], detect: float = 0.01) -> pd.DataFrame:
    """Side by side: each strategy's win rate, the first seat's share of finished games, the unfinished share
    and the mean length, with B - A, its interval, a Holm-adjusted test, and the games per side a difference
    of `detect` (a proportion, e.g. 0.01 for one point) would need to be found 80% of the time. Both sides
    must have been played by the same lineups and player count: otherwise a difference would be the lineup's.

    When each run of one side has a run of the other played on the same seeds (the same seed, games and lineup
    in their manifests) and the per-game frames are at hand, the games are paired by seed (`paired`): each
    difference is a mean of per-game differences, with a t interval and test (stats.paired_difference) and a
    paired number of games to detect, narrower than independent samples give when the shared seeds make the
    sides alike; a win or loss per game is tested by McNemar's exact test. Otherwise the sides are independent
    samples. `counted`: the fewer of the two sides' observations the row is measured on (player-games for a
    strategy's win rate, finished games for seat 1 and the mean rounds, games for the unfinished share);
    under stats.MIN_COUNT the row is `small_n`. `games_to_detect` counts games per side, NA when no number
    of games would detect the difference."""
    for side, runs in (("A", a), ("B", b)):
        if not runs:
            raise AnalysisError(f"{side}: no runs to compare")
    players = ({r.players_per_game for r in a}, {r.players_per_game for r in b})
    if _lineups(a) != _lineups(b) or players[0] != players[1]:
        def describe(runs):
            return "; ".join(", ".join(t) for t in sorted(_lineups(runs)))
        raise AnalysisError(f"A and B were played by different lineups or player counts (A: {describe(a)}; "
                            f"B: {describe(b)}): compare runs of the same lineup, e.g. simulate both data files "
                            f"with the same --strategy and --players")
    pairs = _paired_runs(a, b)
    rows = _paired_rows(pairs, detect) if pairs is not None else _independent_rows(a, b, detect)
    columns = ["measure", "a", "b", "difference", "ci_low", "ci_high", "p_value", "games_to_detect", "games_a",
               "games_b", "counted", "paired", "note"]
    frame = pd.DataFrame(rows, columns=columns)
    frame["note"] = frame.note.astype(object).fillna("")
    frame["games_a"] = sum(r.summary["games"] for r in a)
    frame["games_b"] = sum(r.summary["games"] for r in b)
    frame["paired"] = pairs is not None
    frame["counted"] = frame.counted.round().astype("Int64")
    frame["small_n"] = _small(frame.counted.fillna(0))
    # an integer count of games; none (NA) where no number of games detects it (a rate of 0 or 1 that
    # cannot move by `detect`, a side with no observations, or a mean, which is not a rate)
    needed = pd.to_numeric(frame.games_to_detect, errors="coerce")
    frame["games_to_detect"] = needed.where(np.isfinite(needed)).round().astype("Int64")
    frame["rate"] = frame.measure != "mean rounds"
    return with_units(_flag(frame, frame.small_n), ["a", "b"], ["difference", "ci_low", "ci_high"], rows="rate",
                  other="rounds")


def _seed_key(run: Results) -> tuple:
    lineup = tuple((e["strategy"], json.dumps(e.get("params"), sort_keys=True, default=str))
                   for e in run.manifest["lineup"])
    return run.manifest["seed"], run.summary["games"], lineup, run.manifest.get("rotate_seats")


def _paired_runs(a: list[Results], b: list[Results]) -> list[tuple[Results, Results]] | None:
    """Each run of A with the run of B played on the same seeds, or None when the sides do not match one
    to one or a side's per-game frames were not kept."""
    keys_a, keys_b = [_seed_key(r) for r in a], [_seed_key(r) for r in b]
    if len(set(keys_a)) != len(a) or set(keys_a) != set(keys_b) or len(a) != len(b):
        return None
    if not all(r.has_frames for r in a + b):
        return None
    partner = dict(zip(keys_b, b))
    return [(run, partner[key]) for run, key in zip(a, keys_a)]


GAME_COLUMNS = ["game", "winner_seat", "winner_strategy", "rounds"]


def _paired_sums(pairs: list[tuple[Results, Results]]) -> dict[str, stats.PairedSums] | None:
    """Per measure, what stats.paired_difference_of needs of the games of every pair of runs, read a batch at a
    time on both sides; None when the two sides of a pair hold different games. The measures, each a ratio of
    per-game sums: each strategy's win rate (wins over its seats), seat 1's (wins over finished games), the
    unfinished share and the mean rounds of finished games."""
    names = sorted({e["strategy"] for pair in pairs for e in pair[0].manifest["lineup"]})
    sums: dict[str, stats.PairedSums] = {}
    for pair in pairs:
        seats = [[entry["strategy"] for entry in run.manifest["lineup"]] for run in pair]
        for part_a, part_b in _aligned_games(*pair):
            if part_a is None:
                return None
            side_a, side_b = (_game_measures(part, lineup, names) for part, lineup in zip((part_a, part_b), seats))
            for measure, (num_a, den_a) in side_a.items():
                sums.setdefault(measure, stats.PairedSums()).add(num_a, den_a, *side_b[measure])
    return sums


def _aligned_games(a: Results, b: Results) -> Iterator[tuple[pa.Table | None, pa.Table | None]]:
    """The games of two runs played on the same seeds, in parts that hold the same games on both sides (the
    runs' batches may differ in size); (None, None) when they turn out to hold different games."""
    sides = [_in_order(run.game_batches(GAME_COLUMNS)) for run in (a, b)]
    parts: list[pa.Table | None] = [None, None]
    while True:
        parts = [part if part is not None and len(part) else next(side, None) for part, side in zip(parts, sides)]
        if parts[0] is None or parts[1] is None:
            if parts[0] is not None or parts[1] is not None:
                yield None, None
            return
        size = min(len(parts[0]), len(parts[1]))
        heads = [part.slice(0, size) for part in parts]
        if not np.array_equal(heads[0].column("game").to_numpy(), heads[1].column("game").to_numpy()):
            yield None, None
            return
        yield heads[0], heads[1]
        parts = [part.slice(size) for part in parts]


def _in_order(parts: Iterator[pa.Table]) -> Iterator[pa.Table]:
    for part in parts:
        game = part.column("game").to_numpy()
        yield part.sort_by("game") if np.any(game[1:] < game[:-1]) else part


def _game_measures(games: pa.Table, lineup: list[str], names: list[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per measure, its numerator and denominator in each game."""
    winner_seat = games.column("winner_seat")
    finished = winner_seat.is_valid().to_numpy(zero_copy_only=False).astype(np.float64)
    number = {name: i for i, name in enumerate(names)}
    winner = _numbered(games.column("winner_strategy"), number)
    found = {f"win rate: {name}": ((winner == number[name]).astype(np.float64),
                                   np.full(len(games), float(lineup.count(name)))) for name in names}
    found["win rate: seat 1"] = ((winner_seat.fill_null(0).to_numpy() == 1).astype(np.float64), finished)
    found["unfinished share"] = (1 - finished, np.ones(len(games)))
    found["mean rounds"] = (games.column("rounds").to_numpy().astype(np.float64) * finished, finished)
    return found


def _paired_rows(pairs: list[tuple[Results, Results]], detect: float) -> list[dict]:
    paired = _paired_sums(pairs)
    if paired is None:
        raise AnalysisError("runs played on the same seeds hold different games: was one of them resumed with "
                            "other settings?")
    rows = []
    for measure, sums in paired.items():
        num_a, den_a, num_b, den_b = sums.sums
        difference = stats.paired_difference_of(sums)
        rate = measure != "mean rounds"
        rows.append({"measure": measure, "a": num_a / den_a, "b": num_b / den_b,
                     **{k: difference[k] for k in ("difference", "ci_low", "ci_high", "p_value")},
                     "counted": min(den_a, den_b),
                     "games_to_detect": stats.paired_games_to_detect(difference["sd"], detect, den_a / sums.units)
                     if rate else math.nan})
    return rows


def _independent_rows(a: list[Results], b: list[Results], detect: float) -> list[dict]:
    rank_a, rank_b = strategy_ranking(a).set_index("strategy"), strategy_ranking(b).set_index("strategy")
    rows = []
    for name in rank_a.index.union(rank_b.index):
        if name not in rank_a.index or name not in rank_b.index:
            rows.append({"measure": f"win rate: {name}", "note": "played on one side only"})
            continue
        x, y = rank_a.loc[name], rank_b.loc[name]
        rows.append(_proportion_row(f"win rate: {name}", x.wins, x.player_games, y.wins, y.player_games, detect,
                                    per_game=_seats_per_game(a + b, name)))
    seat_a, seat_b = seat_table(a).iloc[0], seat_table(b).iloc[0]
    rows.append(_proportion_row("win rate: seat 1", seat_a.wins, seat_a.finished, seat_b.wins, seat_b.finished,
                                detect, per_game=seat_a.finished / seat_a.games if seat_a.games else 1.0))
    length_a, length_b = length_table(a).iloc[0], length_table(b).iloc[0]
    rows.append(_proportion_row("unfinished share", length_a.unfinished, length_a.games, length_b.unfinished,
                                length_b.games, detect))
    difference = stats.mean_difference(length_b["mean"], length_b.sd, length_b.finished, length_a["mean"],
                                       length_a.sd, length_a.finished)
    rows.append({"measure": "mean rounds", "a": length_a["mean"], "b": length_b["mean"], **difference,
                 "counted": min(length_a.finished, length_b.finished)})
    return rows


def _seats_per_game(runs: list[Results], name: str) -> float:
    seats = [sum(1 for e in r.manifest["lineup"] if e["strategy"] == name) for r in runs]
    seats = [s for s in seats if s]
    return sum(seats) / len(seats) if seats else 1.0


def _proportion_row(measure: str, xa: float, na: float, xb: float, nb: float, detect: float,
                    per_game: float = 1.0) -> dict:
    """`per_game`: observations per game (a strategy's seats; for seat 1, the finished share), so that the
    games to detect count games per side."""
    difference = stats.proportion_difference(xb, nb, xa, na)
    needed = stats.games_to_detect(xa / na, detect) if na else math.nan
    return {"measure": measure, "a": xa / na if na else math.nan, "b": xb / nb if nb else math.nan, **difference,
            "counted": min(na, nb), "games_to_detect": math.ceil(needed / per_game) if math.isfinite(needed) else needed}
