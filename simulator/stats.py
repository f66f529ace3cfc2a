"""Statistics shown with every rate: Wilson intervals, differences with their tests, quantiles and moments
from histograms, multiple-comparison adjustment and sample sizes. The formulas are statsmodels', scipy's
and numpy's; this module fixes the conventions (95%, two-sided, 80% power) and the empty cases."""
from __future__ import annotations

import math

import numpy as np
from scipy.stats import norm
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import (confint_proportions_2indep, proportion_confint, proportions_ztest,
                                          samplesize_proportions_2indep_onetail)

ALPHA = 0.05
Z95 = float(norm.ppf(1 - ALPHA / 2))
POWER = 0.8
_NO_DIFFERENCE = {"difference": math.nan, "ci_low": math.nan, "ci_high": math.nan, "p_value": math.nan}


def wilson(successes: float, trials: float) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95%); (nan, nan) with no trials."""
    if trials <= 0:
        return math.nan, math.nan
    low, high = proportion_confint(successes, trials, alpha=ALPHA, method="wilson")
    return max(0.0, float(low)), min(1.0, float(high))


def histogram_quantiles(counts: np.ndarray, quantiles=(0.25, 0.5, 0.75)) -> list[float]:
    """Quantiles of integer values given as counts per value (value = index); nan when empty."""
    if counts.sum() == 0:
        return [math.nan] * len(quantiles)
    values = np.arange(len(counts), dtype=np.float64)
    return [float(q) for q in np.quantile(values, quantiles, weights=counts, method="inverted_cdf")]


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


def proportion_difference(x1: float, n1: float, x2: float, n2: float) -> dict:
    """p1 - p2 with a 95% Wald interval (unpooled) and the two-sided p-value of the pooled z-test."""
    if n1 <= 0 or n2 <= 0:
        return dict(_NO_DIFFERENCE)
    p1, p2 = x1 / n1, x2 / n2
    low, high = confint_proportions_2indep(x1, n1, x2, n2, method="wald", compare="diff", alpha=ALPHA)
    pooled = (x1 + x2) / (n1 + n2)
    if pooled in (0.0, 1.0):  # no variance under the null: the test is undefined, the sides equal
        p_value = 1.0
    else:
        p_value = float(proportions_ztest([x1, x2], [n1, n2])[1])
    return {"difference": p1 - p2, "ci_low": float(low), "ci_high": float(high), "p_value": p_value}


def mean_difference(mean1: float, sd1: float, n1: float, mean2: float, sd2: float, n2: float) -> dict:
    """mean1 - mean2 with a 95% normal interval and p-value (Welch's standard error; samples are large).
    From summaries, not data, which is what the stored histograms give."""
    if n1 < 2 or n2 < 2:
        return dict(_NO_DIFFERENCE)
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    diff = mean1 - mean2
    p_value = normal_two_sided_p(diff / se) if se > 0 else (1.0 if diff == 0 else 0.0)
    return {"difference": diff, "ci_low": diff - Z95 * se, "ci_high": diff + Z95 * se, "p_value": p_value}


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p-values: a family of comparisons keeps its 5% error rate as a whole (nan stays nan
    and does not count in the family)."""
    tested = [i for i, p in enumerate(p_values) if not math.isnan(p)]
    adjusted = [math.nan] * len(p_values)
    if tested:
        corrected = multipletests([p_values[i] for i in tested], alpha=ALPHA, method="holm")[1]
        for i, p in zip(tested, corrected):
            adjusted[i] = float(p)
    return adjusted


def games_to_detect(rate: float, difference: float) -> float:
    """Observations per arm for a two-sided 5% test to detect rate vs rate + difference with 80% power
    (the normal approximation without continuity correction, as in Fleiss)."""
    other = min(max(rate + difference, 0.0), 1.0)
    if other == rate:
        return math.inf
    needed = samplesize_proportions_2indep_onetail(other - rate, rate, POWER, alpha=ALPHA, alternative="two-sided")
    return math.ceil(needed)


def proportion_vs(successes: float, trials: float, expected: float) -> float:
    """Two-sided p-value of the normal test of a proportion against an expected value."""
    if trials <= 0 or expected in (0.0, 1.0):
        return math.nan
    return float(proportions_ztest(successes, trials, value=expected, prop_var=expected)[1])
