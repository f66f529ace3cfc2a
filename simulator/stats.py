"""Statistics shown with every rate: Wilson intervals, differences with their tests, quantiles and moments
from histograms, multiple-comparison adjustment and sample sizes. The formulas are statsmodels', scipy's
and numpy's; this module fixes the conventions (95%, two-sided, 80% power), the smallest count a verdict
is given on, and the empty cases."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy.stats import binomtest, chi2, norm, t as student
from statsmodels.stats.contingency_tables import StratifiedTable
from statsmodels.stats.proportion import (confint_proportions_2indep, proportion_confint, proportions_ztest,
                                          samplesize_proportions_2indep_onetail)

ALPHA = 0.05
Z95 = float(norm.ppf(1 - ALPHA / 2))
POWER = 0.8
# The fewest observations (player-games, games, draws) a row needs to be ranked or called significant.
# The tests behind the verdicts are normal approximations, sound once about 5 events are expected in each
# cell; at a win rate of 1/6 (six players, the most any family seats) that takes 30 observations, and
# below it a 95% Wilson interval of a win rate spans more than 30 points.
MIN_COUNT = 30
_NO_DIFFERENCE = {"difference": math.nan, "ci_low": math.nan, "ci_high": math.nan, "p_value": math.nan}


def wilson(successes: float, trials: float) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95%); (nan, nan) with no trials. statsmodels'
    proportion_confint(method="wilson") by its closed form: that function asks scipy for the normal quantile
    on every call, which made a tenth of a null test's time over hundreds of seeds."""
    if trials <= 0:
        return math.nan, math.nan
    rate, z2 = successes / trials, Z95 * Z95
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def enough(count: float) -> bool:
    """Whether a row with this many observations gets a rank and a verdict (see MIN_COUNT)."""
    return not math.isnan(count) and count >= MIN_COUNT


def histogram_quantiles(counts: np.ndarray, quantiles=(0.25, 0.5, 0.75)) -> list[float]:
    """Quantiles of integer values given as counts per value (value = index); nan when empty."""
    if counts.sum() == 0:
        return [math.nan] * len(quantiles)
    values = np.arange(len(counts), dtype=np.float64)
    return [float(q) for q in np.quantile(values, quantiles, weights=counts, method="inverted_cdf")]


def median_of_counts(values, counts) -> float:
    """The median of values given with how often each occurs, as pandas and numpy take it (the mean of the
    two middle values when their number is even); nan when empty."""
    values, counts = np.asarray(values, dtype=np.float64), np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return math.nan
    order = np.argsort(values, kind="stable")
    ends = np.cumsum(counts[order])  # the values up to each one, in order
    lower, upper = (values[order][np.searchsorted(ends, rank, side="right")] for rank in ((total - 1) // 2, total // 2))
    return float((lower + upper) / 2)


def histogram_moments(counts: np.ndarray) -> dict:
    """Mean and standard deviation (n - 1) of integer values given as counts per value; nan when empty."""
    total = int(counts.sum())
    if total == 0:
        return {"mean": math.nan, "sd": math.nan, "n": 0}
    values = np.arange(len(counts), dtype=np.float64)
    mean = float(np.average(values, weights=counts))
    variance = float(np.average((values - mean) ** 2, weights=counts)) * total / max(1, total - 1)
    return {"mean": mean, "sd": math.sqrt(variance), "n": total}


def normal_two_sided_p(z: float) -> float:
    return float(2 * norm.sf(abs(z)))


def z_test(observed: float, expected: float, variance: float) -> float:
    """Two-sided p-value of `observed` against its expectation and variance under the null; 1 when the null
    leaves no variance and nothing differs, nan when there is nothing to test."""
    if variance <= 0:
        return math.nan if observed == expected == 0 else (1.0 if observed == expected else 0.0)
    return normal_two_sided_p((observed - expected) / math.sqrt(variance))


def proportion_difference(x1: float, n1: float, x2: float, n2: float) -> dict:
    """p1 - p2 with Newcombe's hybrid score interval (95%; it holds at small counts, where Wald's does not)
    and the two-sided p-value of the pooled z-test."""
    if n1 <= 0 or n2 <= 0:
        return dict(_NO_DIFFERENCE)
    low, high = confint_proportions_2indep(x1, n1, x2, n2, method="newcomb", compare="diff", alpha=ALPHA)
    pooled = (x1 + x2) / (n1 + n2)
    if pooled in (0.0, 1.0):  # no variance under the null: the test is undefined, the sides equal
        p_value = 1.0
    else:
        p_value = float(proportions_ztest([x1, x2], [n1, n2])[1])
    return {"difference": x1 / n1 - x2 / n2, "ci_low": float(low), "ci_high": float(high), "p_value": p_value}


def stratified_difference(with_wins, with_n, without_wins, without_n, design_effect: float = 1.0) -> dict:
    """The Mantel-Haenszel difference of proportions over strata (weights n_with·n_without/(n_with+n_without)),
    its 95% interval by MOVER from Wilson intervals of each stratum's proportions (Newcombe's hybrid score
    method carried over to strata, Zou & Donner 2008: it holds at a handful of observations, where a Wald
    interval with plug-in variances collapses to a point on a stratum of 1 win in 1) and the p-value of the
    Cochran-Mantel-Haenszel test (continuity-corrected). Strata missing either side are left out.
    `design_effect` (clustered_design_effect) widens the interval by its square root and divides the test's
    statistic by it, for observations that come in correlated clusters (the players of one game)."""
    x1, n1, x0, n0 = (np.asarray(a, dtype=np.float64) for a in (with_wins, with_n, without_wins, without_n))
    keep = (n1 > 0) & (n0 > 0)
    x1, n1, x0, n0 = x1[keep], n1[keep], x0[keep], n0[keep]
    if not keep.any():
        return {"lift": math.nan, "lift_ci_low": math.nan, "lift_ci_high": math.nan, "p_value": math.nan}
    weight = n1 * n0 / (n1 + n0)
    weight /= weight.sum()
    p1, p0 = x1 / n1, x0 / n0
    low1, high1 = proportion_confint(x1, n1, alpha=ALPHA, method="wilson")
    low0, high0 = proportion_confint(x0, n0, alpha=ALPHA, method="wilson")
    estimate = float(np.sum(weight * (p1 - p0)))
    inflation = math.sqrt(design_effect)
    below = inflation * math.sqrt(np.sum(weight ** 2 * ((p1 - low1) ** 2 + (high0 - p0) ** 2)))
    above = inflation * math.sqrt(np.sum(weight ** 2 * ((high1 - p1) ** 2 + (p0 - low0) ** 2)))
    wins = x1 + x0
    if np.all((wins == 0) | (wins == n1 + n0)):  # every stratum all wins or all losses: nothing to test
        p_value = 1.0
    else:
        tables = np.stack([np.stack([x1, n1 - x1]), np.stack([x0, n0 - x0])])  # 2 x 2 x strata
        statistic = StratifiedTable(tables).test_null_odds(correction=True).statistic
        p_value = float(chi2.sf(statistic / design_effect, 1))
    return {"lift": estimate, "lift_ci_low": estimate - below, "lift_ci_high": estimate + above, "p_value": p_value}


def clustered_design_effect(stratum, held, won, cluster) -> float:
    """How much the variance of stratified_difference's estimate grows because its observations come in
    clusters (the players of one game: one winner, at most one holder of a group, so one player's win is
    another's loss, in the other arm or another stratum), from one row per observation: see
    design_effect_of_clusters, which this counts the clusters for."""
    strata, stratum_index = np.unique(np.asarray(stratum), return_inverse=True)
    _, cluster_index = np.unique(np.asarray(cluster), return_inverse=True)
    members = np.zeros((cluster_index.max(initial=-1) + 1, len(strata), 2, 2), dtype=np.int64)
    np.add.at(members, (cluster_index, stratum_index, np.asarray(held, dtype=np.int64),
                        np.asarray(won, dtype=np.int64)), 1)
    return design_effect_of_clusters(members, np.ones(len(members), dtype=np.int64))


def arm_counts(members: np.ndarray, count: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Observations and wins per stratum and arm (`[s, held]`) of clusters given as design_effect_of_clusters
    takes them."""
    summed = np.tensordot(np.asarray(count, dtype=np.int64), members, axes=1)  # [stratum, held, won]
    return summed.sum(axis=2), summed[:, :, 1]


def design_effect_of_clusters(members: np.ndarray, count: np.ndarray) -> float:
    """How much the variance of stratified_difference's estimate grows because its observations come in
    clusters: the variance of the estimate's linearisation summed per cluster over the same summed per
    observation. At least 1 (within-cluster correlation that shrinks the variance is not relied on); 1 when
    nothing varies. The clusters come counted by kind, which is all the estimate depends on (its
    sufficient statistic), so that millions of games are aggregated a batch at a time: `members[k, s, h, w]`
    is how many observations of the k-th kind of cluster are in stratum s, held (h = 1) or not, won (w = 1)
    or not; `count[k]` how many clusters were of that kind."""
    members, count = np.asarray(members, dtype=np.float64), np.asarray(count, dtype=np.float64)
    observations, wins = arm_counts(members, count)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(observations > 0, wins / observations, 0.0)
        per_stratum = observations.sum(axis=1)
        weight = np.where(per_stratum > 0, observations[:, 1] * observations[:, 0] / per_stratum, 0.0)
        weight = weight / weight.sum() if weight.sum() > 0 else weight
        share = np.where(observations > 0, weight[:, None] * np.array([-1.0, 1.0]) / observations, 0.0)
    # what one observation adds to the linearised estimate, by stratum, arm and outcome
    contribution = share[:, :, None] * (np.array([0.0, 1.0]) - mean[:, :, None])
    alone = float(np.tensordot(count, members, axes=1).ravel() @ (contribution ** 2).ravel())
    per_cluster = members.reshape(len(members), -1) @ contribution.ravel()
    clusters = float(count.sum())
    if alone <= 0 or clusters < 2:
        return 1.0
    together = float(count @ per_cluster ** 2) * clusters / (clusters - 1)
    return max(1.0, together / alone)


class PairedSums:
    """What paired_difference needs of units measured on both sides (games played on the same seeds), added a
    batch of units at a time: their number, the sums and cross-products of (num_a, den_a, num_b, den_b) (the
    sufficient statistic of the delta-method variance), and what McNemar's test counts. Exact while the sums
    stay under 2**53 (the measures are counts per game)."""

    def __init__(self):
        self.units = 0
        self.sums = np.zeros(4)
        self.products = np.zeros((4, 4))
        self.gained = self.lost = 0
        self.binary = True  # every unit 0 or 1 on both sides, over one denominator shared by all
        self.shared = math.nan

    def add(self, num_a, den_a, num_b, den_b) -> PairedSums:
        values = np.column_stack([np.asarray(v, dtype=np.float64) for v in (num_a, den_a, num_b, den_b)])
        if not len(values):
            return self
        if self.units == 0:
            self.shared = values[0, 1]
        self.units += len(values)
        self.sums += values.sum(axis=0)
        self.products += values.T @ values
        self.gained += int(np.sum(values[:, 2] > values[:, 0]))
        self.lost += int(np.sum(values[:, 2] < values[:, 0]))
        self.binary = self.binary and bool(np.all(values[:, [1, 3]] == self.shared)
                                           and np.all(np.isin(values[:, [0, 2]], (0, 1))))
        return self


def paired_difference(num_a, den_a, num_b, den_b) -> dict:
    """paired_difference_of the units given as arrays."""
    return paired_difference_of(PairedSums().add(num_a, den_a, num_b, den_b))


def paired_difference_of(paired: PairedSums) -> dict:
    """B - A of two ratios Σnum/Σden measured on the same units (games played on the same seeds), from the
    per-unit differences of their linearised values (the delta method; with den = 1 the mean of the per-game
    differences): 95% t interval, two-sided p-value, and the standard deviation of one unit's difference
    (what a paired sample size needs). When each unit counts one event or none on both sides over the same
    constant denominator (a game won or not), the p-value is McNemar's exact test on the units that differ:
    the t test is liberal when few do (4 games all one way: t gives 0.046, the exact test 0.125)."""
    units = paired.units
    num_a, den_a, num_b, den_b = paired.sums
    if units < 2 or den_a <= 0 or den_b <= 0:
        return {**_NO_DIFFERENCE, "sd": math.nan, "units": units}
    ratio_a, ratio_b = num_a / den_a, num_b / den_b
    # a unit's linearised difference, (num_b - ratio_b·den_b)/mean_b - (num_a - ratio_a·den_a)/mean_a, as
    # weights on (num_a, den_a, num_b, den_b): its spread comes from their sums and cross-products, taken as
    # the exact fractions they are so that nothing cancels to rounding (no spread when no unit differs)
    sums = [Fraction(v) for v in paired.sums]
    mean_a, mean_b = sums[1] / units, sums[3] / units
    weights = [-1 / mean_a, sums[0] / sums[1] / mean_a, 1 / mean_b, -sums[2] / sums[3] / mean_b]
    total = sum(w * v for w, v in zip(weights, sums))
    squares = sum(weights[i] * weights[j] * Fraction(paired.products[i, j]) for i in range(4) for j in range(4))
    sd = math.sqrt((squares - total * total / units) / (units - 1))
    se = sd / math.sqrt(units)
    difference = float(ratio_b - ratio_a)
    quantile = float(student.ppf(1 - ALPHA / 2, units - 1))
    if paired.binary:
        changed = paired.gained + paired.lost
        p_value = float(binomtest(paired.gained, changed).pvalue) if changed else 1.0
    elif se > 0:
        p_value = float(2 * student.sf(abs(difference) / se, units - 1))
    else:
        p_value = 1.0 if difference == 0 else 0.0
    return {"difference": difference, "ci_low": difference - quantile * se, "ci_high": difference + quantile * se,
            "p_value": p_value, "sd": sd, "units": units}


def mean_interval(mean: float, sd: float, n: float) -> tuple[float, float]:
    """The 95% t interval of a mean from its summary; (nan, nan) under 2 observations."""
    if not n >= 2:
        return math.nan, math.nan
    half = float(student.ppf(1 - ALPHA / 2, n - 1)) * sd / math.sqrt(n)
    return mean - half, mean + half


def mean_difference(mean1: float, sd1: float, n1: float, mean2: float, sd2: float, n2: float) -> dict:
    """mean1 - mean2 with a 95% interval and p-value from Welch's t (degrees of freedom by
    Welch-Satterthwaite). From summaries, not data, which is what the stored histograms give."""
    if n1 < 2 or n2 < 2:
        return dict(_NO_DIFFERENCE)
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    se = math.sqrt(v1 + v2)
    diff = mean1 - mean2
    if se == 0:
        return {"difference": diff, "ci_low": diff, "ci_high": diff, "p_value": 1.0 if diff == 0 else 0.0}
    freedom = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    quantile = float(student.ppf(1 - ALPHA / 2, freedom))
    return {"difference": diff, "ci_low": diff - quantile * se, "ci_high": diff + quantile * se,
            "p_value": float(2 * student.sf(abs(diff) / se, freedom))}


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p-values: a family of comparisons keeps its 5% error rate as a whole (nan stays nan
    and does not count in the family). Written out (statsmodels' multipletests runs the garbage collector
    on every call, 0.4 s, which a null test over hundreds of seeds cannot afford)."""
    values = np.asarray(p_values, dtype=np.float64)
    tested = np.flatnonzero(~np.isnan(values))
    adjusted = np.full(len(values), np.nan)
    order = tested[np.argsort(values[tested], kind="stable")]
    steps = (len(order) - np.arange(len(order))) * values[order]
    adjusted[order] = np.minimum(np.maximum.accumulate(steps), 1.0)
    return [float(p) for p in adjusted]


def games_to_detect(rate: float, difference: float) -> float:
    """Observations per arm for a two-sided 5% test to detect rate vs rate + difference with 80% power
    (the normal approximation without continuity correction, as in Fleiss)."""
    other = min(max(rate + difference, 0.0), 1.0)
    if other == rate:
        return math.inf
    needed = samplesize_proportions_2indep_onetail(other - rate, rate, POWER, alpha=ALPHA, alternative="two-sided")
    return math.ceil(needed)


def paired_games_to_detect(sd: float, difference: float, seats: float = 1.0) -> float:
    """Games on shared seeds for a two-sided 5% paired test to detect a change of `difference` in a rate with
    80% power, given the standard deviation of one game's difference in that rate (`seats`: the rate's
    denominator per game, e.g. a strategy's seats). A change of d per seat changes the outcome of at least a
    share d·seats of games, so the standard deviation used is at least the one that gives."""
    if difference == 0:
        return math.inf
    changed = min(abs(difference) * seats, 1.0)
    floor = math.sqrt(changed * (1 - changed)) / seats
    used = max(sd, floor) if not math.isnan(sd) else math.nan
    return math.ceil(((Z95 + norm.ppf(POWER)) * used / difference) ** 2) if used > 0 else math.nan


def proportion_vs(successes: float, trials: float, expected: float) -> float:
    """Two-sided p-value of the normal test of a proportion against an expected value."""
    if trials <= 0 or expected in (0.0, 1.0):
        return math.nan
    return float(proportions_ztest(successes, trials, value=expected, prop_var=expected)[1])
