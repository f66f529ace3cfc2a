"""Which values matter (simulator/screening.py): Morris screening through SALib on the engine, where a value the
engine never reads and one known to matter give the answers they must, and on functions whose effects are known."""
from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from simulator import screening
from tests.helpers import invoke

SEEDS = 100


def test_an_inert_value_has_no_effect_and_the_turn_cap_moves_game_length():
    """rules.players_max only bounds the table size the data file allows (the engine never reads it): at every
    level the same games, effects of exactly 0. The turn cap (rules.max_rounds) ends long games: the mean length
    of a finished game grows with it, an interval above 0."""
    plan = screening.screening("classic", ["rules.players_max=4:8", "rules.max_rounds=20:80"], "length",
                               ["buy_all", "cautious"], players=2, games=200, trajectories=4)
    frame = screening.sensitivity(plan).set_index("value")
    inert, cap = frame.loc["rules.players_max"], frame.loc["rules.max_rounds"]
    assert inert.mu_star_ci_low <= 0 <= inert.mu_star_ci_high and inert.mu_ci_low <= 0 <= inert.mu_ci_high
    assert not inert.matters
    assert cap.mu_star_ci_low > 0 and cap.mu_ci_low > 0 and cap.matters


PROBLEM = {"num_vars": 3, "names": ["a", "b", "c"], "bounds": [[0.0, 1.0], [10.0, 20.0], [-5.0, 5.0]]}


def _design(seed: int) -> np.ndarray:
    from SALib.sample import morris
    return morris.sample(PROBLEM, 8, num_levels=screening.LEVELS, seed=seed)


def test_a_straight_effect_is_its_change_over_the_range():
    """y = 3 a - 0.2 b: over their ranges a adds 3 and b takes 2 away; c does nothing."""
    points = _design(0)
    frame = screening.indices(PROBLEM, points, 3 * points[:, 0] - 0.2 * points[:, 1]).set_index("value")
    assert frame.mu["a"] == pytest.approx(3) and frame.mu_star["a"] == pytest.approx(3)
    assert frame.mu["b"] == pytest.approx(-2) and frame.mu_star["b"] == pytest.approx(2)
    assert frame.mu_star["c"] == pytest.approx(0, abs=1e-12) and not frame.matters["c"]
    assert frame.matters["a"] and frame.matters["b"]


def test_noise_alone_is_seldom_called_an_effect():
    """An objective of pure noise (the sampling noise of a point's games, with no value mattering): the share of
    values called "effect found" stays within what a 5% test allows, over seeds."""
    called = 0
    for seed in range(SEEDS):
        points = _design(seed)
        noise = np.random.default_rng(seed).normal(size=len(points))
        called += int(screening.indices(PROBLEM, points, noise, seed).matters.sum())
    trials = 3 * SEEDS
    assert called <= binom.ppf(0.99, trials, 0.05), f"{called} of {trials} values called an effect"


@pytest.mark.parametrize("args, message", [
    (["--vary", "rules.no_such=1:2", "--objective", "length"], "rules.no_such"),
    (["--vary", "rules.start_cash=2000:1000", "--objective", "length"], "bad range"),
    (["--vary", "rules.start_cash=1000,2000", "--objective", "length"], "ranges LOW:HIGH"),
    (["--vary", "rules.start_cash=1000:2000", "--objective", "luck"], "unknown objective"),
    (["--vary", "rules.start_cash=1000:2000", "--objective", "length", "-r", 1], "--trajectories 1"),
])
def test_sensitivity_refuses_bad_input_in_one_line(args, message):
    result = invoke("sensitivity", *args, "--no-progress")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_sensitivity_prints_the_table_and_writes_the_tornado(tmp_path):
    plot = tmp_path / "tornado.png"
    result = invoke("sensitivity", "--vary", "rules.max_rounds=20:80", "--objective", "first_player", "-s", "buy_all",
                    "-s", "cautious", "-p", 2, "-n", 100, "-r", 2, "--plot", plot, "--no-progress")
    assert result.exit_code == 0, result.output
    assert "rules.max_rounds" in result.output and "mu* (pts)" in result.output and plot.stat().st_size > 0
