"""Plackett-Luce ratings and the meta-game's equilibrium (simulator/ratings.py), on synthetic finishing orders
whose truth is known: Plackett-Luce orders are drawn by sorting log-strength plus Gumbel noise, so a strategy
of strength w wins a game with probability w / (sum of the table's strengths)."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binom, chi2

from simulator import metagame as ratings, stats
from tests.helpers import invoke

SEEDS = 60


def synthetic(strengths: dict[str, float], games: int, players: int, seed: int, ties: float = 0.0) -> pd.DataFrame:
    """One row per player per game: `players` strategies drawn at random for each table (a strategy may sit
    twice), ranked by Plackett-Luce; with `ties`, that share of games has its last two players share a rank."""
    rng = np.random.default_rng(seed)
    names = list(strengths)
    seated = rng.integers(0, len(names), (games, players))
    score = np.log(np.array(list(strengths.values())))[seated] + rng.gumbel(size=(games, players))
    rank = (-score).argsort(axis=1).argsort(axis=1) + 1
    tied = rng.random(games) < ties
    rank[tied] = np.minimum(rank[tied], players - 1)
    return pd.DataFrame({"game": np.repeat(np.arange(games), players),
                         "strategy": np.array(names)[seated.ravel()], "rank": rank.ravel()})


def fitted(strengths, games, players, seed, ties=0.0) -> pd.DataFrame:
    orders = ratings.Orderings.from_frame(synthetic(strengths, games, players, seed, ties))
    return ratings.plackett_luce(orders).set_index("strategy")


def too_many(misses: int, trials: int, rate: float = ratings.ALPHA) -> bool:
    """More misses than a rate of `rate` explains at the 1% level (a one-sided binomial bound)."""
    return misses > binom.ppf(0.99, trials, rate)


def test_clones_are_rated_equal_within_their_intervals_across_seeds():
    """Four identical strategies over 200 seeds: a lead is significant, and each interval misses the true 0, at
    most as often as a 5% rate explains (binomial, 0.999 quantile: 20 of 200; at 60 seeds and the 0.99 quantile
    the bound was 7 of 60, 11.7%). Measured: 1 of 200 seeds, 37 of 800 intervals. The z-statistics of the four
    centred ratings (covariance s²(I - J/4), each z over s·√(3/4)) sum their squares to (4/3)·χ²(3) per seed:
    over the seeds, measured 796 against a bound of 950, where z 1.3 times too large gives 1,345."""
    seeds, called, missed, squares = 200, 0, 0, 0.0
    for seed in range(seeds):
        frame = fitted({"a": 1.0, "b": 1.0, "c": 1.0, "d": 1.0}, 600, 4, seed)
        called += bool(frame.significant.any())
        missed += int(((frame.ci_low > 0) | (frame.ci_high < 0)).sum())
        squares += ((frame.rating / ((frame.ci_high - frame.ci_low) / (2 * ratings.Z))) ** 2).sum()
    assert called <= binom.ppf(0.999, seeds, ratings.ALPHA), f"a clone was rated above another in {called} seeds"
    assert missed <= binom.ppf(0.999, 4 * seeds, ratings.ALPHA), f"{missed} of {4 * seeds} intervals missed 0"
    assert squares <= 4 / 3 * chi2.ppf(0.999, 3 * seeds)


def test_a_strategy_of_too_few_player_games_is_neither_ranked_nor_tested():
    """A strategy seated in a handful of games, however well it did, gets no rank and no lead test."""
    frame = synthetic({"a": 1.0, "b": 1.0, "c": 1.0}, 400, 3, 0)
    rare = frame.index[frame.strategy == "c"][stats.MIN_COUNT - 5:]
    frame = frame.drop(frame.index[(frame.strategy == "c") & frame.index.isin(rare)])
    frame = frame[frame.game.isin(frame.game.value_counts()[lambda n: n == 3].index)]
    rated = ratings.plackett_luce(ratings.Orderings.from_frame(frame)).set_index("strategy")
    assert rated.player_games["c"] < stats.MIN_COUNT
    assert rated.small_n["c"] and rated["rank"].isna()["c"] and not rated.significant["c"]
    assert not rated["rank"].isna()[["a", "b"]].any()
    text = ratings.table_of(rated.reset_index().assign(weight=0.0, weight_ci_low=math.nan, weight_ci_high=math.nan),
                            ratings.Orderings.from_frame(frame), "test").text()
    assert "too few" in text and "by the rating's point estimate" in text


def test_a_strategy_that_wins_a_known_share_gets_its_rating():
    """Among three equal rivals, a strategy of strength 2 wins 2 / (2 + 3) = 40% of four-player games: it is
    rated log 2 above them, within its interval at the 5% rate over seeds; the rivals' ratings agree."""
    missed = 0
    for seed in range(SEEDS):
        frame = fitted({"strong": 2.0, "x": 1.0, "y": 1.0, "z": 1.0}, 800, 4, seed)
        rivals = frame.loc[["x", "y", "z"], "rating"].mean()
        # ratings are centred (they sum to 0): strong minus the rivals' mean is 4/3 of strong's, as its interval
        half = (frame.loc["strong", "ci_high"] - frame.loc["strong", "ci_low"]) / 2 * 4 / 3
        missed += abs(frame.loc["strong", "rating"] - rivals - math.log(2)) > half
    assert not too_many(missed, SEEDS), f"the rating missed log 2 in {missed} of {SEEDS} seeds"


def test_known_strengths_are_covered_across_player_counts_and_ties():
    """Mixed table sizes, strengths far apart, and ties at the bottom of a fifth of the games: each
    rating's interval holds the truth (the log-strength centred on the field's mean) at the 5% rate."""
    truth = np.log([0.5, 1.0, 2.0, 4.0])
    truth = dict(zip("abcd", truth - truth.mean()))
    missed = 0
    for seed in range(SEEDS // 2):
        frames = [synthetic(dict(zip("abcd", [0.5, 1.0, 2.0, 4.0])), 400, players, 10 * seed + players, ties=0.2)
                  for players in (2, 3, 5)]
        for offset, frame in enumerate(frames):
            frame["game"] += offset * 1_000
        rated = ratings.plackett_luce(ratings.Orderings.from_frame(pd.concat(frames))).set_index("strategy")
        missed += sum(not rated.ci_low[s] <= truth[s] <= rated.ci_high[s] for s in truth)
    assert not too_many(missed, 4 * (SEEDS // 2)), f"{missed} intervals missed the true rating"


def test_an_order_is_used_down_to_its_first_tie():
    """Three players, the last two tied: only the winner's choice is known; a shared first place is no one's
    win and no choice."""
    frame = pd.DataFrame({"game": [0, 0, 0, 1, 1, 1], "strategy": ["a", "b", "c", "a", "b", "c"],
                          "rank": [1, 2, 2, 1, 1, 3]})
    chosen, pools, weights = ratings.Orderings.from_frame(frame).stages()
    assert chosen.tolist() == [0] and pools.tolist() == [[1, 1, 1]] and weights.tolist() == [1.0]


def test_a_strategy_that_never_loses_has_no_finite_rating():
    frame = synthetic({"a": 1.0, "b": 1.0}, 50, 2, 0)
    frame.loc[frame.strategy == "a", "rank"] = 1
    frame.loc[frame.strategy == "b", "rank"] = 2
    mixed = frame.groupby("game").strategy.transform("nunique") == 2
    with pytest.raises(ratings.RatingsError, match="a never finished below"):
        ratings.plackett_luce(ratings.Orderings.from_frame(frame[mixed]))


ROCK_PAPER_SCISSORS = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)


def test_the_equilibrium_of_rock_paper_scissors_is_uniform():
    assert ratings.equilibrium(ROCK_PAPER_SCISSORS) == pytest.approx([1 / 3] * 3, abs=1e-6)


def test_a_dominant_strategy_takes_the_whole_equilibrium():
    payoff = np.array([[0, 0.2, 0.1, 0.3], [-0.2, 0, 0.4, -0.1], [-0.1, -0.4, 0, 0.2], [-0.3, 0.1, -0.2, 0]])
    assert ratings.equilibrium(payoff) == pytest.approx([1, 0, 0, 0], abs=1e-6)


def test_the_equilibrium_splits_evenly_between_strategies_the_game_cannot_tell_apart():
    """Scissors twice: of the optimal mixes, the widest gives the two copies half of scissors' third each."""
    payoff = ROCK_PAPER_SCISSORS[[0, 1, 2, 2]][:, [0, 1, 2, 2]]
    assert ratings.equilibrium(payoff) == pytest.approx([1 / 3, 1 / 3, 1 / 6, 1 / 6], abs=1e-4)


def test_a_dominant_strategy_is_found_and_clones_are_not_called_dominant():
    strong = ratings.meta_game(ratings.Orderings.from_frame(synthetic({"a": 2.0, "b": 1.0, "c": 1.0}, 3000, 3, 0)),
                               resamples=20)
    assert strong.set_index("strategy").dominant.tolist() == [True, False, False]
    assert strong.weight.tolist() == pytest.approx([1, 0, 0], abs=1e-6)
    called = sum(ratings.meta_game(ratings.Orderings.from_frame(synthetic({"a": 1.0, "b": 1.0, "c": 1.0}, 600, 3,
                                                                          seed)), resamples=0).dominant.any()
                 for seed in range(SEEDS))
    assert not too_many(called, SEEDS), f"a clone was called dominant in {called} of {SEEDS} seeds"


def test_rps_tournament_meta_game_has_an_interior_stable_mix():
    """Three strategies that beat each other in a circle in two-player games: no one dominates; all three are in
    the stable mix, each about a third, and the sentence says so."""
    rng = np.random.default_rng(3)
    beats = {("r", "s"), ("s", "p"), ("p", "r")}
    rows = []
    for game in range(3000):
        a, b = rng.choice(["r", "p", "s"], 2, replace=False)
        first = a if ((a, b) in beats) == (rng.random() < 0.7) else b
        rows += [(game, first, 1), (game, b if first == a else a, 2)]
    frame = pd.DataFrame(rows, columns=["game", "strategy", "rank"])
    table = ratings.rating_table(ratings.Orderings.from_frame(frame), resamples=30)
    assert not table.dominant.any()
    assert table.weight.to_numpy() == pytest.approx([1 / 3] * 3, abs=0.1)
    assert ratings.answer(table).startswith("No strategy is dominant; the stable mix is")


@pytest.mark.parametrize("args, message", [
    ([], "give the RESULTS"),
    (["{missing}"], "not a directory"),
])
def test_ratings_refuses_bad_input_in_one_line(tmp_path, args, message):
    result = invoke("ratings", *[a.format(missing=tmp_path / "nothing") for a in args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_ratings_of_a_stored_tournament_and_its_refusals(tmp_path):
    """A small tournament read back: every finished game's players rated, the weights a mix, the sentence
    printed; a run of one strategy and runs of two different games are refused in one line."""
    import json
    out = tmp_path / "t"
    played = invoke("tournament", "-s", "buy_all", "-s", "cautious", "-s", "never_build", "--players", 2,
                    "--games", 300, "--seed", 1, "--out", out, "--no-progress")
    assert played.exit_code == 0, played.output
    result = invoke("ratings", out, "--resamples", 20, "--format", "json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    rows = document["ratings"]
    assert sum(r["player_games"] for r in rows) == 2 * document["finished_games"]
    assert document["finished_games"] + document["unfinished_games"] == 300
    assert sum(r["weight"] for r in rows) == pytest.approx(1)
    assert document["answer"] in invoke("ratings", out, "--resamples", 0).output
    alone = tmp_path / "alone"
    assert invoke("simulate", "-s", "buy_all", "-s", "buy_all", "-n", 20, "--out", alone, "--no-progress").exit_code == 0
    other = tmp_path / "other"
    assert invoke("simulate", "--set", "rules.start_cash=2000", "-s", "buy_all", "-s", "cautious", "-n", 20,
                  "--out", other, "--no-progress").exit_code == 0
    for args, message in [([alone], "one strategy only (buy_all)"), ([out, other], "different rules")]:
        refused = invoke("ratings", *args)
        assert refused.exit_code == 2
        assert len(refused.output.strip().splitlines()) == 1 and message in refused.output, refused.output
