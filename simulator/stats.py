"""Statistics shown with every rate: Wilson intervals for proportions, quantiles from histograms."""
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
