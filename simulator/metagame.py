"""Who is rated above whom, and which mix of strategies is stable: Plackett-Luce ratings from the finishing
orders of stored games, and the equilibrium of the head-to-head meta-game.

The finishing order of a game is its players' stored `rank` (1 = the winner, then the order each family's
schema gives: net worth, sets, tower height, HP, the later bankrupt above the earlier). Games the turn cap
ended have no winner and are left out (and counted). Players who share a rank are tied: a game's order is
used down to its first tie, the tied players and those below them counting as "the rest, in any order" —
the exact Plackett-Luce likelihood of the part of the order that is known.

Ratings are log-strengths centred on the field's mean: a strategy rated d above another finishes first
between the two e^d times as often as it finishes second. They come from any mix of lineups and player
counts of one game (the same rules). The meta-game pits the strategies pairwise: the payoff of A against B
is the share of games A finished above B minus the share B finished above A, from the games they met in;
its equilibrium (a symmetric zero-sum game's optimal mix, the one of largest entropy when several are) is
the mix no strategy can beat on average, with bootstrap intervals over games.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import optimize
from scipy.sparse.csgraph import connected_components
from scipy.stats import norm

from simulator.presentation import Table, few_notes, rank_cell, verdict_cell
from simulator.results import Results, ResultsError
from simulator.stats import ALPHA, enough, holm, wilson
from simulator.tables import count, interval, percent

Z = float(norm.ppf(1 - ALPHA / 2))
RESAMPLES = 200            # bootstrap resamples of the games behind the equilibrium weights' intervals
IN_MIX = 0.01              # a weight above this puts a strategy in the stable mix (the equilibrium's support)


class RatingsError(ResultsError):
    """Results that cannot be rated; the message says why and what is needed."""


# ---------------------------------------------------------------------------------------------------
# Finishing orders


@dataclass
class Orderings:
    """The distinct finishing orders of the games and how many games ended in each. A pattern row holds the
    strategies' codes from first to last (-1 past a smaller table) and, beside each, its tie block: players
    in the same block shared a rank."""
    names: list[str]
    codes: np.ndarray      # (patterns, most players)
    blocks: np.ndarray     # (patterns, most players)
    counts: np.ndarray     # (patterns,)
    unfinished: int = 0    # games left out: the turn cap ended them

    @classmethod
    def from_frame(cls, frame: pd.DataFrame, unfinished: int = 0) -> Orderings:
        """From one row per player per game: columns game, strategy, rank (lower is better)."""
        if frame.empty:
            raise RatingsError("no finished games to rate")
        names = sorted(frame.strategy.astype(str).unique())
        frame = frame.assign(code=pd.Categorical(frame.strategy.astype(str), categories=names).codes)
        frame = frame.sort_values(["game", "rank"], kind="stable")
        position = frame.groupby("game", sort=False).cumcount().to_numpy()
        game_index = pd.factorize(frame.game)[0]
        size = int(position.max()) + 1
        codes = np.full((game_index.max() + 1, size), -1, dtype=np.int64)
        ranks = np.full_like(codes, -1)
        codes[game_index, position] = frame.code.to_numpy()
        ranks[game_index, position] = frame["rank"].to_numpy()
        blocks = np.zeros_like(codes)
        blocks[:, 1:] = np.cumsum(ranks[:, 1:] != ranks[:, :-1], axis=1)
        blocks[codes < 0] = -1
        unique, counts = np.unique(np.hstack([codes, blocks]), axis=0, return_counts=True)
        return cls(names, unique[:, :size], unique[:, size:], counts, unfinished)

    def stages(self, counts: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Plackett-Luce's choices: (the code chosen, how many of each strategy it was chosen from, games),
        one row per distinct choice, down to each order's first tie."""
        counts = self.counts if counts is None else counts
        k = len(self.names)
        rows: dict[tuple, float] = {}
        for codes, blocks, weight in zip(self.codes, self.blocks, counts):
            players = int((codes >= 0).sum())
            remaining = np.bincount(codes[:players], minlength=k)
            for t in range(players - 1):
                if blocks[t] == blocks[t + 1]:   # a tie: who of them came first is not known
                    break
                key = (int(codes[t]), *remaining)
                rows[key] = rows.get(key, 0) + weight
                remaining[codes[t]] -= 1
        table = np.array(list(rows), dtype=np.int64).reshape(-1, k + 1)
        return table[:, 0], table[:, 1:], np.array(list(rows.values()), dtype=np.float64)

    def pair_contributions(self) -> tuple[np.ndarray, np.ndarray]:
        """Per pattern, (finished above, met) for each ordered pair of distinct strategies; a tie is half each."""
        k = len(self.names)
        above = np.zeros((len(self.counts), k, k))
        met = np.zeros_like(above)
        for p, (codes, blocks) in enumerate(zip(self.codes, self.blocks)):
            players = int((codes >= 0).sum())
            for i in range(players):
                for j in range(i + 1, players):
                    a, b = codes[i], codes[j]
                    if a == b:
                        continue
                    met[p, a, b] += 1
                    met[p, b, a] += 1
                    share = 0.5 if blocks[i] == blocks[j] else 1.0
                    above[p, a, b] += share
                    above[p, b, a] += 1 - share
        return above, met


def orderings_of(runs: list[Results]) -> Orderings:
    """The finishing orders of the stored games of `runs` (finished games only)."""
    if not runs:
        raise RatingsError("no runs to rate")
    rules = {r.manifest["edition"]["rules_sha256"] for r in runs}
    if len(rules) > 1:
        raise RatingsError(f"the runs were played under different rules ({', '.join(sorted({r.label for r in runs}))}): "
                           f"rate one game at a time (player counts and lineups may differ)")
    params: dict[str, str] = {}
    for run in runs:
        for entry in run.manifest["lineup"]:
            text = json.dumps(entry["params"], sort_keys=True, default=str)
            if params.setdefault(entry["strategy"], text) != text:
                raise RatingsError(f"{entry['strategy']}: plays with other parameters in {run.label} than in an "
                                   f"earlier run: a rating is of one strategy; rate them apart")
    frames, unfinished, offset = [], 0, 0
    for run in runs:
        games = run.games(["game", "winner_seat"])
        finished = games.game[games.winner_seat.notna()]
        unfinished += len(games) - len(finished)
        players = run.players(["game", "strategy", "rank"])
        players = players[players.game.isin(finished)]
        frames.append(players.assign(game=players.game + offset, strategy=players.strategy.astype(str)))
        offset += int(games.game.max()) + 1 if len(games) else 0
    return Orderings.from_frame(pd.concat(frames, ignore_index=True), unfinished)


# ---------------------------------------------------------------------------------------------------
# Plackett-Luce


def _log_likelihood(theta: np.ndarray, chosen, pools, weights) -> tuple[float, np.ndarray, np.ndarray]:
    """The log-likelihood, its gradient and Hessian in the log-strengths."""
    strength = pools * np.exp(theta)                       # (rows, k)
    total = strength.sum(axis=1)
    share = strength / total[:, None]
    value = float(weights @ (theta[chosen] - np.log(total)))
    gradient = np.bincount(chosen, weights=weights, minlength=len(theta)) - weights @ share
    hessian = (share * weights[:, None]).T @ share - np.diag(weights @ share)
    return value, gradient, hessian


def _check_ratable(names: list[str], chosen, pools) -> None:
    """A finite rating needs every strategy to have finished above and below the others, linked: the graph
    "A finished above B" must be strongly connected (Hunter 2004)."""
    k = len(names)
    graph = np.zeros((k, k), dtype=bool)
    for c, pool in zip(chosen, pools):
        graph[c, pool > 0] = True
    np.fill_diagonal(graph, False)
    count, labels = connected_components(graph, directed=True, connection="strong")
    if k < 2:
        raise RatingsError(f"one strategy only ({names[0]}): ratings compare two or more")
    if count > 1:
        never_below = [names[i] for i in range(k) if not graph[:, i].any()]
        never_above = [names[i] for i in range(k) if not graph[i].any()]
        why = (f"{', '.join(never_below)} never finished below another strategy" if never_below else
               f"{', '.join(never_above)} never finished above another strategy" if never_above else
               "the strategies split into groups that never finished both above and below each other")
        raise RatingsError(f"too few results to rate: {why}: play more games")


def plackett_luce(orderings: Orderings) -> pd.DataFrame:
    """Maximum-likelihood log-strengths centred on the field's mean, with 95% Wald intervals; also each
    strategy's player-games and wins, and whether its lead over the next is significant."""
    names, k = orderings.names, len(orderings.names)
    chosen, pools, weights = orderings.stages()
    _check_ratable(names, chosen, pools)
    theta = np.zeros(k)
    value = _log_likelihood(theta, chosen, pools, weights)[0]
    for _ in range(100):    # Newton's method with the first strategy fixed at 0 (the likelihood is concave)
        _, gradient, hessian = _log_likelihood(theta, chosen, pools, weights)
        step = np.zeros(k)
        step[1:] = np.linalg.solve(hessian[1:, 1:], -gradient[1:])
        scale = 1.0
        while (new := _log_likelihood(theta + scale * step, chosen, pools, weights)[0]) < value - 1e-12 and scale > 1e-6:
            scale /= 2
        theta, value = theta + scale * step, new
        if np.abs(scale * step).max() < 1e-10:
            break
    hessian = _log_likelihood(theta, chosen, pools, weights)[2]
    covariance = np.zeros((k, k))
    covariance[1:, 1:] = np.linalg.inv(-hessian[1:, 1:])
    centre = np.eye(k) - 1 / k
    rating, centred = centre @ theta, centre @ covariance @ centre
    se = np.sqrt(np.diag(centred))
    player_games = np.zeros(k)
    wins = np.zeros(k)
    for codes, blocks, count in zip(orderings.codes, orderings.blocks, orderings.counts):
        player_games += count * np.bincount(codes[codes >= 0], minlength=k)
        if blocks[1] != blocks[0]:       # a shared first place is no one's win
            wins[codes[0]] += count
    frame = pd.DataFrame({"strategy": names, "rating": rating, "ci_low": rating - Z * se, "ci_high": rating + Z * se,
                          "player_games": player_games.astype(np.int64), "wins": wins.astype(np.int64)})
    frame["above_average"] = 1 / (1 + np.exp(-frame.rating))
    order = np.argsort(-rating, kind="stable")
    frame = frame.iloc[order].reset_index(drop=True)
    lead, low, high, p = [], [], [], []
    for a, b in zip(order[:-1], order[1:]):
        difference = rating[a] - rating[b]
        spread = math.sqrt(max(covariance[a, a] + covariance[b, b] - 2 * covariance[a, b], 0.0))
        lead.append(difference)
        low.append(difference - Z * spread)
        high.append(difference + Z * spread)
        p.append(float(2 * norm.sf(abs(difference) / spread)) if spread > 0 else math.nan)
    frame["lead_over_next"] = lead + [math.nan]
    frame["lead_ci_low"] = low + [math.nan]
    frame["lead_ci_high"] = high + [math.nan]
    frame["small_n"] = [not enough(n) for n in frame.player_games]
    # a lead is tested only between two strategies of enough player-games each, like every other ranking
    untested = frame.small_n | frame.small_n.shift(-1, fill_value=True)
    frame["p_value"] = np.where(untested, math.nan, p + [math.nan])
    frame["p_holm"] = holm(list(frame.p_value))
    frame["significant"] = frame.p_holm < ALPHA
    frame.insert(0, "rank", frame.rating.where(~frame.small_n).rank(ascending=False, method="min").astype("Int64"))
    return frame


# ---------------------------------------------------------------------------------------------------
# The meta-game


def equilibrium(payoff: np.ndarray) -> np.ndarray:
    """The optimal mix of a symmetric zero-sum game (payoff antisymmetric: what the row strategy gains against
    the column one), and of the optimal mixes the one of largest entropy (unique; it splits evenly between
    strategies the game cannot tell apart). Its value is 0: no mix does better against it."""
    k = len(payoff)
    # linprog: the game's value v and a mix x with x @ payoff >= v against every column
    solved = optimize.linprog(np.r_[np.zeros(k), -1.0], A_ub=np.c_[-payoff.T, np.ones(k)], b_ub=np.zeros(k),
                              A_eq=np.r_[np.ones(k), 0.0][None], b_eq=[1.0],
                              bounds=[(0, None)] * k + [(None, None)], method="highs")
    value, start = -solved.fun, solved.x[:k]
    tolerance = 1e-9 * max(1.0, np.abs(payoff).max())

    def negative_entropy(x):
        x = np.maximum(x, 1e-300)
        return float(x @ np.log(x))

    widest = optimize.minimize(negative_entropy, np.clip(start, 1e-6, None) / np.clip(start, 1e-6, None).sum(),
                               jac=lambda x: np.log(np.maximum(x, 1e-300)) + 1, method="SLSQP",
                               bounds=[(0, 1)] * k,
                               constraints=[{"type": "eq", "fun": lambda x: x.sum() - 1},
                                            {"type": "ineq", "fun": lambda x: x @ payoff - value + tolerance}])
    # SLSQP meets the constraints to its own precision, about 1e-8
    mix = widest.x if widest.success and (widest.x @ payoff >= value - 1e3 * tolerance).all() else start
    mix = np.where(mix > 1e-6, mix, 0.0)    # the solvers' round-off, not a weight
    return mix / mix.sum()


def meta_payoff(above: np.ndarray, met: np.ndarray) -> np.ndarray:
    """The head-to-head meta-game: share above minus share below, per pair that met."""
    with np.errstate(invalid="ignore", divide="ignore"):
        share = above / met
    return np.where(met > 0, share - share.T, 0.0)


def meta_game(orderings: Orderings, resamples: int = RESAMPLES, seed: int = 0) -> pd.DataFrame:
    """Per strategy: its equilibrium weight with a bootstrap 95% interval (none with no resamples), the share of resamples in which it
    is in the stable mix, and whether it dominates (finished above every other strategy head to head, each
    share's Wilson interval above 50%: an intersection-union test at 5%)."""
    names, k = orderings.names, len(orderings.names)
    contributions_above, contributions_met = orderings.pair_contributions()
    above = np.tensordot(orderings.counts, contributions_above, axes=1)
    met = np.tensordot(orderings.counts, contributions_met, axes=1)
    unmet = [(names[a], names[b]) for a in range(k) for b in range(a + 1, k) if met[a, b] == 0]
    if unmet:
        pairs = ", ".join(f"{a} and {b}" for a, b in unmet[:3]) + (" ..." if len(unmet) > 3 else "")
        raise RatingsError(f"too few results for the meta-game: {pairs} never met: play a tournament where "
                           f"every pair meets")
    weight = equilibrium(meta_payoff(above, met))
    generator = np.random.default_rng(seed)
    draws = np.array([equilibrium(meta_payoff(np.tensordot(counts, contributions_above, axes=1),
                                              np.tensordot(counts, contributions_met, axes=1)))
                      for counts in generator.poisson(orderings.counts, (resamples, len(orderings.counts)))])
    low, high = np.quantile(draws, [ALPHA / 2, 1 - ALPHA / 2], axis=0) if resamples else np.full((2, k), np.nan)
    lowest_share = [min(wilson(above[a, b], met[a, b])[0] for b in range(k) if b != a) for a in range(k)]
    return pd.DataFrame({"strategy": names, "weight": weight, "weight_ci_low": low, "weight_ci_high": high,
                         "in_mix_share": (draws > IN_MIX).mean(axis=0) if resamples else np.nan,
                         "dominant": [share > 0.5 for share in lowest_share]})


# ---------------------------------------------------------------------------------------------------
# The answer


def rating_table(orderings: Orderings, resamples: int = RESAMPLES, seed: int = 0) -> pd.DataFrame:
    """The ratings beside the equilibrium weights, best rated first."""
    rated = plackett_luce(orderings)     # first: it says why too few results cannot be rated
    return rated.merge(meta_game(orderings, resamples, seed), on="strategy", how="left")


def answer(table: pd.DataFrame) -> str:
    """One sentence: is there a dominant strategy, and which mix is stable?"""
    mix = table[table.weight > IN_MIX].sort_values("weight", ascending=False)
    weights = ", ".join(f"{row.strategy} {100 * row.weight:.0f}%" for row in mix.itertuples())
    dominant = table[table.dominant]
    if len(dominant):
        name = dominant.strategy.iloc[0]
        return (f"{name} is dominant: it finished above every other strategy head to head (each share's 95% "
                f"interval above 50%), so the stable mix is {name} alone.")
    if len(mix) == 1:
        return (f"No strategy is dominant at this sample size (not every head-to-head share of "
                f"{mix.strategy.iloc[0]} is surely above 50%), but the stable mix is {mix.strategy.iloc[0]} alone.")
    return f"No strategy is dominant; the stable mix is {weights}: no strategy does better against it."


def ratings(runs: list[Results], resamples: int = RESAMPLES, seed: int = 0) -> tuple[pd.DataFrame, str, Orderings]:
    """Ratings and the equilibrium of the stored games of `runs`, the sentence answering "is there a dominant
    strategy, and which mix is stable?", and the orderings they came from."""
    orderings = orderings_of(runs)
    table = rating_table(orderings, resamples, seed)
    return table, answer(table), orderings


def table_of(table: pd.DataFrame, orderings: Orderings, label: str) -> Table:
    """The ratings and the equilibrium as one titled table, its notes saying what the numbers mean."""
    def signed(value: float) -> str:
        return "-" if math.isnan(value) else f"{value:+.2f}"

    rows = [[rank_cell(r.rank), r.strategy, signed(r.rating), f"[{signed(r.ci_low)}, {signed(r.ci_high)}]",
             count(r.player_games), signed(r.lead_over_next), verdict_cell(r), percent(r.weight), interval(r.weight_ci_low, r.weight_ci_high) if not math.isnan(r.weight_ci_low) else "-"]
            for r in table.itertuples()]
    games = int(orderings.counts.sum())
    return Table(f"Plackett-Luce ratings and the stable mix, {label}: {games:,} finished games "
                 f"({orderings.unfinished:,} unfinished left out)",
                 ["rank", "strategy", "rating", "95% CI", "n", "lead", "significant", "weight", "95% CI"], rows,
                 ["rating: log-strength from each game's finishing order (the stored rank, down to its first tie), "
                  "centred on the field's mean; rated d higher, a strategy finishes above the other e^d times as "
                  "often as below (0.10: 52.5% of the time); n: its player-games in finished games; lead: over the "
                  "next, significant at Holm-adjusted p < 0.05",
                  "weight: its weight in the equilibrium mix of the head-to-head meta-game (share finished above "
                  "minus share below), the widest of the optimal mixes; 95% CI by bootstrap over games",
                  "rank: by the rating's point estimate; neighbours whose lead is not significant may not differ",
                  *few_notes(table, "player-games")])
