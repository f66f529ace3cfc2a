"""The answers users come with, computed from finished runs (simulator.results.Results) only.

Every rate comes with a 95% interval; every comparison with a p-value, Holm-adjusted across the family
of comparisons a table makes, and a `significant` flag at the 5% level. Runs may come from disk or from
memory: nothing here simulates.
"""
from __future__ import annotations

import json
import math
from collections import defaultdict

import numpy as np
import pandas as pd

from simulator import families, stats
from simulator.results import Results, ResultsError

ALPHA = stats.ALPHA


class AnalysisError(ResultsError):
    """Runs that cannot be analysed together; the message says why."""


def _with_interval(frame: pd.DataFrame, successes: str, trials: str, prefix: str = "") -> pd.DataFrame:
    bounds = [stats.wilson(x, n) for x, n in zip(frame[successes], frame[trials])]
    frame[f"{prefix}ci_low"] = [b[0] for b in bounds]
    frame[f"{prefix}ci_high"] = [b[1] for b in bounds]
    return frame


def _flag(frame: pd.DataFrame, p_column: str = "p_value") -> pd.DataFrame:
    frame["p_holm"] = stats.holm(list(frame[p_column]))
    frame["significant"] = frame["p_holm"] < ALPHA
    return frame


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
    """Win rate per strategy over all runs (per player-game: a strategy seated twice plays twice), ranked,
    with whether each strategy's lead over the next one is significant. `fills_every_seat`: the strategy held
    every seat of every game it played, so its rate is fixed by the lineup (the finished share over n)."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    fair = set()
    in_every_seat: dict[str, bool] = {}
    for run in runs:
        fair.add(run.summary["fair_share"])
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
    frame.insert(0, "rank", np.arange(1, len(frame) + 1))
    frame["fair_share"] = fair.pop() if len(fair) == 1 else math.nan
    gaps = [stats.proportion_difference(frame.wins[i], frame.player_games[i], frame.wins[i + 1],
                                        frame.player_games[i + 1]) for i in range(len(frame) - 1)]
    frame["lead_over_next"] = [g["difference"] for g in gaps] + [math.nan]
    frame["p_value"] = [g["p_value"] for g in gaps] + [math.nan]
    return _flag(frame)


def head_to_head(runs: list[Results]) -> pd.DataFrame:
    """For each pair of strategies that met: in how many finished games the first ranked above the
    second, with an interval and a test against an even split."""
    ahead: dict[tuple[str, str], int] = defaultdict(int)
    for run in runs:
        names = [entry["strategy"] for entry in run.manifest["lineup"]]
        matrix = run.summary["head_to_head"]
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                if a != b:
                    ahead[(a, b)] += matrix[i][j]
    rows = []
    for (a, b), won in sorted(ahead.items()):
        meetings = won + ahead[(b, a)]
        rows.append({"strategy": a, "opponent": b, "meetings": meetings, "ahead": won,
                     "share_ahead": won / meetings if meetings else math.nan,
                     "p_value": stats.proportion_vs(won, meetings, 0.5)})
    frame = pd.DataFrame(rows, columns=["strategy", "opponent", "meetings", "ahead", "share_ahead", "p_value"])
    frame = _with_interval(frame, "ahead", "meetings")
    # each pair appears twice (a vs b, b vs a) with the same test: adjust over distinct pairs
    distinct = frame[frame.strategy < frame.opponent]
    adjusted = dict(zip(zip(distinct.strategy, distinct.opponent), stats.holm(list(distinct.p_value))))
    frame["p_holm"] = [adjusted[tuple(sorted(pair))] for pair in zip(frame.strategy, frame.opponent)]
    frame["significant"] = frame.p_holm < ALPHA
    return frame


def seat_table(runs: list[Results]) -> pd.DataFrame:
    """Win rate per seat (seat 1 plays first) over all runs, and its advantage over the fair share."""
    players = {r.players_per_game for r in runs}
    if len(players) > 1:
        raise AnalysisError(f"the runs have different player counts ({sorted(players)}): compare seats per count")
    n = players.pop()
    wins = np.zeros(n, dtype=np.int64)
    games = sum(r.summary["games"] for r in runs)
    for run in runs:
        wins += [s["wins"] for s in run.summary["seats"]]
    frame = pd.DataFrame({"seat": np.arange(1, n + 1), "games": games, "wins": wins})
    frame["win_rate"] = frame.wins / games
    frame["advantage"] = frame.win_rate - 1 / n
    tests = [stats.proportion_vs(w, games, 1 / n) for w in wins]
    frame = _with_interval(frame, "wins", "games")
    frame["p_value"] = tests
    return _flag(frame)


def length_table(runs: list[Results]) -> pd.DataFrame:
    """Game length in rounds over all runs' finished games: quartiles, mean and the unfinished share."""
    histogram = _rounds_histogram(runs)
    games = sum(r.summary["games"] for r in runs)
    unfinished = sum(r.summary["unfinished"] for r in runs)
    q1, median, q3 = stats.histogram_quantiles(histogram)
    moments = stats.histogram_moments(histogram)
    low, high = stats.wilson(unfinished, games)
    return pd.DataFrame([{"games": games, "finished": games - unfinished, "q1": q1, "median": median, "q3": q3,
                          "mean": moments["mean"], "sd": moments["sd"], "unfinished": unfinished,
                          "unfinished_share": unfinished / games, "unfinished_ci_low": low,
                          "unfinished_ci_high": high}])


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
    repay its price (rent over the rounds it was owned; buildings' cost not counted), and how often its
    first owner won the game (against the fair share 1/players). Ownable squares are ranked by payback."""
    _one_board(runs)
    one_setup(runs)
    summed = ["landings", "bought", "auctioned", "rent_collected", "owned_rounds", "first_owned", "first_owner_won"]
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
        frame["payback_rounds"] = (frame.price / per_round).where(ownable & (per_round > 0))
        frame["first_owner_win_rate"] = (frame.first_owner_won / frame.first_owned).where(ownable)
    frame = _with_interval(frame, "first_owner_won", "first_owned", prefix="first_owner_")
    frame.loc[~ownable, ["first_owner_ci_low", "first_owner_ci_high"]] = math.nan
    bought = not _claimed_free(runs)
    if not bought:
        frame["payback_rounds"] = math.nan
    frame["payback_rank"] = frame.payback_rounds.rank(method="min").astype("Int64")
    frame.attrs["squares_bought"] = bought
    frame.attrs["currency"] = runs[0].manifest.get("currency", "")
    return frame


def _claimed_free(runs: list[Results]) -> bool:
    """Squares claimed for nothing have no price to repay: their `price` is what a visitor pays."""
    return _family(runs[0]).squares_claimed


def group_table(runs: list[Results]) -> pd.DataFrame:
    """Per colour group: the win rate of players who held it complete at the start of one of their turns
    (in the board family before the first bankruptcy, so not merely collected from a bankrupt player; each
    family's groups_held_meaning says it, and `attrs["held_meaning"]` for these runs) against those who did
    not, with the difference controlled for strategy (compared within each strategy, then averaged with weights n_with·n_without/(n_with+n_without)). Ranked by that lift. On a board, also
    the group's price, landings, rent and payback; Monopoly Deal's groups are its colour sets."""
    if has_board(runs):
        squares = square_table(runs)  # which checks that the runs are of one board and one setup
        groups = list(dict.fromkeys(squares[squares.kind.isin(COLOUR_GROUP_KINDS)].group))
    else:
        one_setup(runs)
        groups = [c[len("held_"):] for c in runs[0].player_columns if c.startswith("held_")]
        if any([c[len("held_"):] for c in r.player_columns if c.startswith("held_")] != groups for r in runs):
            raise AnalysisError("the runs have different colour sets: analyse them one edition at a time")
        squares = None
    rows = []
    for group in groups:
        counts = _held_counts(runs, group)
        with_wins, with_n = counts.with_wins.sum(), counts.with_n.sum()
        without_wins, without_n = counts.without_wins.sum(), counts.without_n.sum()
        row = {"group": group}
        if squares is not None:
            members = squares[squares.group == group]
            row.update({
                "squares": len(members), "price": int(members.price.sum()),
                "landing_share": members.landing_share.sum(), "rent_per_game": members.rent_per_game.sum(),
                "payback_rounds": members.price.sum() / members.rent_per_owned_round.sum()
                if squares.attrs["squares_bought"] and members.rent_per_owned_round.sum() > 0 else math.nan})
        rows.append({
            **row,
            "held_share": with_n / (with_n + without_n) if with_n + without_n else math.nan,
            "held_player_games": with_n, "held_wins": with_wins,
            "win_rate_held": with_wins / with_n if with_n else math.nan,
            "win_rate_not_held": without_wins / without_n if without_n else math.nan,
            **_stratified_difference(counts),
        })
    frame = _with_interval(pd.DataFrame(rows), "held_wins", "held_player_games", prefix="held_")
    frame = _flag(frame)
    frame["rank"] = frame.lift.rank(ascending=False, method="min").astype("Int64")
    frame = frame.sort_values("rank", ignore_index=True)
    frame.attrs["held_meaning"] = "; ".join(sorted({_family(r).groups_held_meaning
                                                    for r in runs}))
    frame.attrs["squares_bought"] = squares is None or squares.attrs["squares_bought"]
    return frame


def _held_counts(runs: list[Results], group: str) -> pd.DataFrame:
    """Per strategy: player-games and wins with and without the group held complete."""
    parts = []
    for run in runs:
        players = run.players(["strategy", "won", f"held_{group}"])
        held = players[f"held_{group}"].to_numpy()
        parts.append(pd.DataFrame({"strategy": players.strategy.astype(str), "held": held, "won": players.won}))
    table = pd.concat(parts).groupby(["strategy", "held"]).won.agg(["sum", "count"]).unstack("held", fill_value=0)
    counts = pd.DataFrame(index=table.index)
    for flag, name in ((True, "with"), (False, "without")):
        counts[f"{name}_wins"] = table["sum"][flag] if flag in table["sum"] else 0
        counts[f"{name}_n"] = table["count"][flag] if flag in table["count"] else 0
    return counts


def _stratified_difference(counts: pd.DataFrame) -> dict:
    """Win rate with minus without, within strategies and averaged (a Cochran-Mantel-Haenszel style
    weighting), with a 95% normal interval and p-value."""
    weight_sum, estimate, variance = 0.0, 0.0, 0.0
    for row in counts.itertuples():
        if row.with_n == 0 or row.without_n == 0:
            continue
        p1, p2 = row.with_wins / row.with_n, row.without_wins / row.without_n
        weight = row.with_n * row.without_n / (row.with_n + row.without_n)
        weight_sum += weight
        estimate += weight * (p1 - p2)
        variance += weight * weight * (p1 * (1 - p1) / row.with_n + p2 * (1 - p2) / row.without_n)
    if weight_sum == 0:
        return {"lift": math.nan, "lift_ci_low": math.nan, "lift_ci_high": math.nan, "p_value": math.nan}
    estimate /= weight_sum
    se = math.sqrt(variance) / weight_sum
    p_value = stats.normal_two_sided_p(estimate / se) if se > 0 else (1.0 if estimate == 0 else 0.0)
    return {"lift": estimate, "lift_ci_low": estimate - stats.Z95 * se, "lift_ci_high": estimate + stats.Z95 * se,
            "p_value": p_value}


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
    frame = pd.concat([r.players(["strategy", "won", "stars", "round_3_stars", "round_5_stars"]) for r in runs])
    frame["strategy"] = frame.strategy.astype(str)
    rounds = frame.replace(-1, np.nan)
    table = rounds.groupby(["strategy", "stars"]).agg(
        player_games=("won", "size"), wins=("won", "sum"), median_round_3_stars=("round_3_stars", "median"),
        median_round_5_stars=("round_5_stars", "median")).reset_index()
    table["share"] = table.player_games / table.groupby("strategy").player_games.transform("sum")
    table["win_rate"] = table.wins / table.player_games
    return _with_interval(table, "wins", "player_games")


# ---------------------------------------------------------------------------------------------------
# Cards


def card_table(runs: list[Results]) -> pd.DataFrame:
    """Per card of every deck: draws per game, and the drawer's win rate and final rank after drawing it
    against after drawing any other card of the same deck. Which card a draw turns up is chance, so the
    shift is the card's effect relative to the rest of its deck; players who draw more cards weigh the
    same on both sides. Draws of one player in one game are counted as independent, so the intervals
    are slightly narrow for cards drawn often by the same player. Sorted by the size of the win shift."""
    one_setup(runs)
    decks = {tuple(r.cards()["card"]) for r in runs}
    if len(decks) > 1:
        raise AnalysisError("the runs have different decks: analyse them one edition at a time, or use `compare`")
    summed = ["draws", "finished_draws", "draw_wins", "draw_rank_sum", "draw_rank_squares"]
    frame = runs[0].cards(["card", "deck", "text", "effect", "copies"]).copy()
    for column in summed:
        frame[column] = sum(r.cards()[column].to_numpy() for r in runs).astype(np.float64)
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
    frame = _flag(frame)
    frame = frame.drop(columns=["draw_rank_sum", "draw_rank_squares"])
    return frame.sort_values("win_shift", key=lambda s: -s.abs(), ignore_index=True)


def _mean_sd(total: pd.Series, squares: pd.Series, n: pd.Series) -> tuple[pd.Series, pd.Series]:
    mean = total / n
    variance = (squares - n * mean * mean) / (n - 1)
    return mean, np.sqrt(variance.clip(lower=0))


# ---------------------------------------------------------------------------------------------------
# Sweeps and comparisons


def sweep_table(runs: list[Results]) -> pd.DataFrame:
    """One row per sweep point and strategy: the point's values, the strategy's win rate, and the
    point's first-player advantage, game length and unfinished share, each with its interval."""
    rows = []
    for run in runs:
        values = run.info.get("values")
        if values is None:
            raise AnalysisError(f"{run.label}: not a sweep point (no swept values)")
        seat = seat_table([run]).iloc[0]
        length = length_table([run]).iloc[0]
        for strategy in strategy_ranking([run]).itertuples():
            rows.append({**values, "strategy": strategy.strategy, "win_rate": strategy.win_rate,
                         "ci_low": strategy.ci_low, "ci_high": strategy.ci_high,
                         "first_player_advantage": seat.advantage,
                         "first_player_ci_low": seat.ci_low - 1 / run.players_per_game,
                         "first_player_ci_high": seat.ci_high - 1 / run.players_per_game,
                         "median_rounds": length["median"], "mean_rounds": length["mean"],
                         "mean_rounds_ci_low": length["mean"] - stats.Z95 * length.sd / math.sqrt(length.finished),
                         "mean_rounds_ci_high": length["mean"] + stats.Z95 * length.sd / math.sqrt(length.finished),
                         "unfinished_share": length.unfinished_share,
                         "unfinished_ci_low": length.unfinished_ci_low,
                         "unfinished_ci_high": length.unfinished_ci_high, "games": length.games})
    return pd.DataFrame(rows)


def compare(a: list[Results], b: list[Results], detect: float = 0.01) -> pd.DataFrame:
    """Side by side: each strategy's win rate, the first seat's win rate, the unfinished share and the
    mean length, with B - A, its interval, a Holm-adjusted test, and the games per side a difference of
    `detect` (a proportion, e.g. 0.01 for one point) would need to be found 80% of the time. Both sides must
    have been played by the same lineups and player count: otherwise a difference would be the lineup's."""
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
    rows.append(_proportion_row("win rate: seat 1", seat_a.wins, seat_a.games, seat_b.wins, seat_b.games, detect))
    length_a, length_b = length_table(a).iloc[0], length_table(b).iloc[0]
    rows.append(_proportion_row("unfinished share", length_a.unfinished, length_a.games, length_b.unfinished,
                                length_b.games, detect))
    difference = stats.mean_difference(length_b["mean"], length_b.sd, length_b.finished, length_a["mean"],
                                       length_a.sd, length_a.finished)
    rows.append({"measure": "mean rounds", "a": length_a["mean"], "b": length_b["mean"], **difference})
    columns = ["measure", "a", "b", "difference", "ci_low", "ci_high", "p_value", "games_to_detect", "note"]
    frame = pd.DataFrame(rows, columns=columns)
    frame["note"] = frame.note.astype(object).fillna("")
    return _flag(frame)


def _seats_per_game(runs: list[Results], name: str) -> float:
    seats = [sum(1 for e in r.manifest["lineup"] if e["strategy"] == name) for r in runs]
    seats = [s for s in seats if s]
    return sum(seats) / len(seats) if seats else 1.0


def _proportion_row(measure: str, xa: float, na: float, xb: float, nb: float, detect: float,
                    per_game: float = 1.0) -> dict:
    difference = stats.proportion_difference(xb, nb, xa, na)
    needed = stats.games_to_detect(xa / na, detect) if na else math.nan
    return {"measure": measure, "a": xa / na, "b": xb / nb, **difference,
            "games_to_detect": math.ceil(needed / per_game) if math.isfinite(needed) else needed}
