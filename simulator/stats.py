"""Statistics shown with every rate: Wilson intervals, differences with their tests, quantiles and moments
from histograms, multiple-comparison adjustment and sample sizes."""
from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (nan, nan) with no trials."""
    if trials <= 0:
        return math.nan, math.nan
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def histogram_quantiles(counts: np.ndarray, quantiles=(0.25, 0.5, 0.75)) -> list[float]:
    """Quantiles of integer values given as counts per value (value = index); nan when empty."""
    total = counts.sum()
    if total == 0:
        return [math.nan] * len(quantiles)
    cumulative = np.cumsum(counts)
    return [float(np.searchsorted(cumulative, q * total, side="left")) for q in quantiles]


def histogram_moments(counts: np.ndarray) -> dict:
    """Mean and standard deviation of integer values given as counts per value; nan when empty."""
    total = int(counts.sum())
    if total == 0:
        return {"mean": math.nan, "sd": math.nan, "n": 0}
    values = np.arange(len(counts), dtype=np.float64)
    mean = float((values * counts).sum() / total)
    variance = float(((values - mean) ** 2 * counts).sum() / max(1, total - 1))
    return {"mean": mean, "sd": math.sqrt(variance), "n": total}


def normal_two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_difference(x1: float, n1: float, x2: float, n2: float, z: float = Z95) -> dict:
    """p1 - p2 with a 95% Wald interval (unpooled) and the two-sided p-value of the pooled z-test."""
    if n1 <= 0 or n2 <= 0:
        return {"difference": math.nan, "ci_low": math.nan, "ci_high": math.nan, "p_value": math.nan}
    p1, p2 = x1 / n1, x2 / n2
    half = z * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    pooled = (x1 + x2) / (n1 + n2)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = normal_two_sided_p((p1 - p2) / se0) if se0 > 0 else (1.0 if p1 == p2 else 0.0)
    return {"difference": p1 - p2, "ci_low": p1 - p2 - half, "ci_high": p1 - p2 + half, "p_value": p_value}


def mean_difference(mean1: float, sd1: float, n1: float, mean2: float, sd2: float, n2: float,
                    z: float = Z95) -> dict:
    """mean1 - mean2 with a 95% normal interval and p-value (Welch's standard error; samples are large)."""
    if n1 < 2 or n2 < 2:
        return {"difference": math.nan, "ci_low": math.nan, "ci_high": math.nan, "p_value": math.nan}
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    diff = mean1 - mean2
    p_value = normal_two_sided_p(diff / se) if se > 0 else (1.0 if diff == 0 else 0.0)
    return {"difference": diff, "ci_low": diff - z * se, "ci_high": diff + z * se, "p_value": p_value}


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p-values: a family of comparisons keeps its 5% error rate as a whole."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        if math.isnan(p_values[i]):
            continue
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


Z_POWER80 = 0.8416212335729143


def games_to_detect(rate: float, difference: float, z_alpha: float = Z95, z_power: float = Z_POWER80) -> float:
    """Observations per arm for a two-sided 5% test to detect rate vs rate + difference with 80% power."""
    other = min(max(rate + difference, 0.0), 1.0)
    mean = (rate + other) / 2
    numerator = (z_alpha * math.sqrt(2 * mean * (1 - mean))
                 + z_power * math.sqrt(rate * (1 - rate) + other * (1 - other))) ** 2
    return math.ceil(numerator / (other - rate) ** 2) if other != rate else math.inf


def proportion_vs(successes: float, trials: float, expected: float) -> float:
    """Two-sided p-value of the normal test of a proportion against an expected value."""
    if trials <= 0:
        return math.nan
    se = math.sqrt(expected * (1 - expected) / trials)
    return normal_two_sided_p((successes / trials - expected) / se) if se > 0 else math.nan
