"""The measures game designers use, per run and per sweep point, from the stored summary of a run (no frames
needed, so a sweep's points have them too): first-player advantage, lead changes, decisiveness, comebacks,
kingmaking and luck against skill, each with its 95% interval. docs/measures.md defines each one and its
source; the engines record who leads at every round's end (simulator/engines/shared/lead.py).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from simulator import stats
from simulator.analysis import AnalysisError, one_setup, seat_table
from simulator.engines.shared.layout import LAST_ROUNDS
from simulator.results import Results
from simulator.tables import with_units

COMEBACK_ROUND = 10  # "last at round R": late enough for the order to mean something, early enough that most
#                      classic games reach it (docs/measures.md shows the share that does)
BOOTSTRAP_DRAWS = 2000
RATES = ["comeback_rate", "comeback_ci_low", "comeback_ci_high", "kingmaker_share", "kingmaker_ci_low",
         "kingmaker_ci_high", "skill_share", "skill_ci_low", "skill_ci_high", "seat_share", "seat_ci_low",
         "seat_ci_high", "luck_share", "luck_ci_low", "luck_ci_high", "comeback_fair_share"]
POINTS = ["first_player_advantage", "first_player_ci_low", "first_player_ci_high"]


def _pooled(runs: list[Results]) -> dict:
    """The runs' designer counts summed (runs of one setup), with their lineup and round counts."""
    first = runs[0].summary["designer"]
    size = max(len(r.summary["rounds_histogram"]) for r in runs)
    pooled = {"kingmade": 0, "games_with_exit": 0, "finished": 0,
              "wins": np.zeros_like(np.asarray(first["wins_by_entry_and_seat"], dtype=np.int64)),
              "winner_last": np.zeros(LAST_ROUNDS, dtype=np.int64),
              "last_alone": np.zeros(LAST_ROUNDS, dtype=np.int64), "rounds": np.zeros(size, dtype=np.int64)}
    histograms = {"lead_changes_histogram": [], "decisive_round_histogram": []}
    for run in runs:
        counts = run.summary["designer"]
        pooled["kingmade"] += counts["kingmade"]
        pooled["games_with_exit"] += counts["games_with_exit"]
        pooled["finished"] += run.summary["finished"]
        pooled["wins"] += np.asarray(counts["wins_by_entry_and_seat"], dtype=np.int64)
        pooled["winner_last"] += np.asarray(counts["winner_last_at_round"], dtype=np.int64)
        pooled["last_alone"] += np.asarray(counts["last_alone_at_round"], dtype=np.int64)
        rounds = np.asarray(run.summary["rounds_histogram"], dtype=np.int64)
        pooled["rounds"][:len(rounds)] += rounds
        for name in histograms:
            histograms[name].append(np.asarray(counts[name], dtype=np.int64))
    for name, parts in histograms.items():
        total = np.zeros(max([len(p) for p in parts] + [1]), dtype=np.int64)
        for part in parts:
            total[:len(part)] += part
        pooled[name] = total
    pooled["lineup"] = [e["strategy"] for e in runs[0].manifest["lineup"]]
    return pooled


def _mean_row(name: str, histogram: np.ndarray) -> dict:
    moments = stats.histogram_moments(histogram)
    low, high = stats.mean_interval(moments["mean"], moments["sd"], histogram.sum())
    return {name: moments["mean"], f"{name}_ci_low": low, f"{name}_ci_high": high}


def _rate_row(name: str, interval: str, successes: int, trials: int) -> dict:
    low, high = stats.wilson(successes, trials)
    return {name: successes / trials if trials else math.nan, f"{interval}_ci_low": low,
            f"{interval}_ci_high": high, f"{interval}_games": int(trials)}


def luck_and_skill(wins: np.ndarray, lineup: list[str], draws: int = BOOTSTRAP_DRAWS, seed: int = 0) -> dict:
    """Shares of the variance of the win indicator (finished games) explained by the strategies and by the
    seats, and the rest (dice, cards, and how strategies and seats meet), with 95% bootstrap intervals over
    games. `wins[e, s]`: games won by lineup entry e from seat s (seats rotated, so the two are balanced).

    A between-group share corrected for its bias (docs/measures.md): for a factor whose level g holds m_g of
    the n seats of a game and won a share q_g of the G games, sum_g (m_g/n) [(q_g/m_g - 1/n)^2 -
    V_g/m_g^2] over (1/n)(1 - 1/n), V_g the variance chance alone gives q_g. With seats rotated, the games of
    each rotation are a fixed set, so V_g sums each rotation's binomial variance (G_d games, the level won a
    share p_gd of them): sum_d G_d^2 p_gd(1 - p_gd)/(G_d - 1) / G^2, unbiased. Identical strategies, or seats
    that do not matter, give 0 on average and an interval around it; so do seats beside a dominant strategy
    (one rotation-blind variance, q_g(1 - q_g)/(G - 1), had put them below 0). Resampling games resamples
    each rotation's winners: a multinomial draw of the (entry, seat) cells of each rotation. The interval is the resampled estimates' spread around the share
    the resampled games hold (its uncorrected value on the observed counts), added to the estimate: a
    percentile interval moved by the bias. It keeps the long upper tail a sum of squares has; the basic
    (pivotal) bootstrap, which mirrors it, put the interval below a true share of 0.7% in 8 to 11% of seeds."""
    n = wins.shape[0]
    games = int(wins.sum())
    names = sorted(set(lineup))
    if games < 2:
        return {}
    # the cells of each level: entries by strategy name, seats alone; cell [e, s] holds the games of rotation
    # (e - s) mod n, so each rotation's games are a fixed set and only their winner is drawn
    strategy_of = np.array([names.index(s) for s in lineup])
    seats_per_strategy = np.bincount(strategy_of, minlength=len(names))
    rotation_of = (np.arange(n)[:, None] - np.arange(n)[None, :]) % n
    rng = np.random.default_rng(seed)
    cells = np.repeat(wins[None].astype(np.int64), draws + 1, axis=0)
    for d in range(n):
        in_rotation = rotation_of == d
        played = int(wins[in_rotation].sum())
        if played:
            cells[1:, in_rotation] = rng.multinomial(played, wins[in_rotation] / played, size=draws)

    def by_rotation(level_of_cell, levels):
        """[sample, level, rotation]: the games each level won in each rotation."""
        return np.stack([np.stack([cells[:, (level_of_cell == k) & (rotation_of == d)].sum(axis=1)
                                   for d in range(n)], axis=1) for k in range(levels)], axis=1)

    by_strategy = by_rotation(np.broadcast_to(strategy_of[:, None], (n, n)), len(names))
    by_seat = by_rotation(np.broadcast_to(np.arange(n)[None, :], (n, n)), n)

    def share(counts, per_level, corrected=True):
        q = counts.sum(axis=2) / games
        chance = 0
        if corrected:
            # a level's wins vary by chance within each rotation only: the sum of the rotations' binomial
            # variances, each estimated without bias (played / (played - 1))
            played = counts.sum(axis=1, keepdims=True)
            p = np.divide(counts, played, out=np.zeros(counts.shape), where=played > 0)
            spread = np.where(played > 1, played ** 2 * p * (1 - p) / np.maximum(played - 1, 1), 0)
            chance = spread.sum(axis=2) / (games ** 2 * per_level ** 2)
        return ((per_level / n) * ((q / per_level - 1 / n) ** 2 - chance)).sum(axis=1) / ((1 / n) * (1 - 1 / n))

    if len(names) > 1:
        skill, skill_truth = share(by_strategy, seats_per_strategy), share(by_strategy[:1], seats_per_strategy, False)
    else:
        skill, skill_truth = np.full(len(cells), np.nan), np.full(1, np.nan)
    seat, seat_truth = share(by_seat, np.ones(n)), share(by_seat[:1], np.ones(n), False)
    luck, luck_truth = 1 - np.nan_to_num(skill) - seat, 1 - np.nan_to_num(skill_truth) - seat_truth
    result = {}
    for name, values, truth in (("skill", skill, skill_truth), ("seat", seat, seat_truth), ("luck", luck, luck_truth)):
        result[f"{name}_share"] = values[0]
        low, high = np.percentile(values[1:], [2.5, 97.5]) if not np.isnan(values[0]) else (math.nan, math.nan)
        error_low, error_high = low - truth[0], high - truth[0]
        result[f"{name}_ci_low"], result[f"{name}_ci_high"] = values[0] + error_low, values[0] + error_high
    return result


def designer_table(runs: list[Results], comeback_round: int = COMEBACK_ROUND) -> pd.DataFrame:
    """One row per run group (a setup, or a sweep point: see designer_points): every designer measure with its
    95% interval and the games it is over. Rates in the frame are proportions; tables print % and pts."""
    one_setup(runs)
    if not 1 <= comeback_round <= LAST_ROUNDS:
        raise AnalysisError(f"comeback round {comeback_round}: expected a round from 1 to {LAST_ROUNDS} (the rounds "
                            f"whose last place the engines record)")
    lineups = {tuple(e["strategy"] for e in r.manifest["lineup"]) for r in runs}
    if len(lineups) > 1:
        raise AnalysisError(f"the runs have {len(lineups)} different lineups (a tournament's tables): the strategies' "
                            f"share of the outcome is measured for one lineup, so give one table at a time")
    missing = [r.label for r in runs if "last_alone_at_round" not in r.summary.get("designer", {})]
    if missing:
        raise AnalysisError(f"{', '.join(missing)}: written before the designer measures were recorded: rerun it")
    counts = _pooled(runs)
    n = runs[0].players_per_game
    finished = counts["finished"]
    seat = seat_table(runs).iloc[0]
    row = {"players": n, "games": sum(r.summary["games"] for r in runs), "finished": finished,
           "first_player_advantage": seat.advantage, "first_player_ci_low": seat.ci_low - 1 / n,
           "first_player_ci_high": seat.ci_high - 1 / n}
    row.update(_mean_row("lead_changes", counts["lead_changes_histogram"]))
    row.update(_mean_row("decisive_round", counts["decisive_round_histogram"]))
    row.update(_mean_row("mean_rounds", counts["rounds"]))
    # only a game with one player alone in last place at round R's end has someone to come back (at round 1
    # of classic 36% of games have a tie for last, which would pull the rate below the fair share 1/n)
    row.update({"comeback_round": comeback_round, "comeback_fair_share": 1 / n,
                **_rate_row("comeback_rate", "comeback", int(counts["winner_last"][comeback_round - 1]),
                            int(counts["last_alone"][comeback_round - 1]))})
    kingmaker = _rate_row("kingmaker_share", "kingmaker", counts["kingmade"], finished)
    if n < 3 or counts["games_with_exit"] == 0:
        kingmaker = {k: math.nan for k in kingmaker} | {"kingmaker_games": 0}
    row.update(kingmaker)
    row["kingmaker_note"] = ("2 players" if n < 3 else "nobody went out" if counts["games_with_exit"] == 0 else "")
    row["games_with_exit"] = counts["games_with_exit"]
    row["strategies"] = len(set(counts["lineup"]))
    # with seats fixed each strategy keeps its seat, so the strategies' and the seats' effects are one and the
    # same (both shares would count it, luck the rest twice over) and seat 1's edge is its strategy's too
    confounded = row["strategies"] > 1 and not all(r.manifest.get("rotate_seats", True) for r in runs)
    row["seats_note"] = "seats fixed" if confounded else ""
    if confounded:
        row.update({k: math.nan for k in POINTS})
    else:
        row.update(luck_and_skill(counts["wins"], counts["lineup"]))
    return with_units(pd.DataFrame([row]), RATES, POINTS)


def designer_points(runs: list[Results], comeback_round: int = COMEBACK_ROUND) -> pd.DataFrame:
    """designer_table for each point of a sweep, the point's values first."""
    rows = []
    for run in runs:
        values = run.info.get("values")
        if values is None:
            raise AnalysisError(f"{run.label}: not a sweep point (no swept values)")
        table = designer_table([run], comeback_round)
        rows.append(pd.concat([pd.DataFrame([values]), table.drop(columns=[c for c in values if c in table])], axis=1))
    return with_units(pd.concat(rows, ignore_index=True), RATES, POINTS)
