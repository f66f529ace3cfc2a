"""Plots of the analyses' frames: titled, axes labelled with units, 95% intervals drawn.

Each function takes a frame from simulator.analysis and returns a matplotlib Figure; `save` writes it.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display on servers and CI
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

GROUP_COLOURS = {"brown": "#8B4513", "light_blue": "#87CEEB", "pink": "#D93A96", "orange": "#F7941D",
                 "red": "#ED1B24", "yellow": "#FEF200", "green": "#1FB25A", "dark_blue": "#0072BB"}


def save(figure: plt.Figure, path: Path | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(figure)
    return path


def _error(frame: pd.DataFrame, value: str, low: str, high: str) -> np.ndarray:
    return np.vstack([frame[value] - frame[low], frame[high] - frame[value]]) * 100


def win_rates(ranking: pd.DataFrame, title: str) -> plt.Figure:
    frame = ranking.iloc[::-1]
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(frame) + 1.5))
    axis.barh(frame.strategy, frame.win_rate * 100, xerr=_error(frame, "win_rate", "ci_low", "ci_high"),
              color="#4C72B0", capsize=4)
    axis.axvline(frame.fair_share.iloc[0] * 100, color="grey", linestyle="--", label="fair share")
    axis.set_xlabel("win rate per player-game (%), 95% CI")
    axis.set_title(title)
    axis.legend(loc="lower right")
    return figure


def length_distribution(histogram: pd.Series, title: str) -> plt.Figure:
    figure, axis = plt.subplots(figsize=(7, 3.5))
    share = histogram / max(1, histogram.sum()) * 100
    axis.bar(histogram.index, share, width=1.0, color="#55A868")
    axis.set_xlabel("game length (rounds; a round is one turn of every player)")
    axis.set_ylabel("finished games (%)")
    axis.set_title(title)
    return figure


def _ring_positions(n: int) -> list[tuple[int, int]]:
    """Cells of a square board of n squares, GO at the bottom right, play running clockwise as printed."""
    side = n // 4
    cells = []
    for i in range(n):
        edge, k = divmod(i, side)
        cells.append([(side - k, 0), (0, k), (k, side), (side, side - k)][edge])
    return cells


def board_heatmap(squares: pd.DataFrame, metric: str, label: str, title: str) -> plt.Figure:
    n = len(squares)
    side = n // 4
    grid = np.full((side + 1, side + 1), np.nan)
    figure, axis = plt.subplots(figsize=(7.5, 7.5))
    for (x, y), value in zip(_ring_positions(n), squares[metric].to_numpy(dtype=float)):
        grid[y, x] = value
    scaled = grid * (100 if metric.endswith("share") else 1)
    # the jail square alone would set the scale; cap it so the other squares stay apart
    image = axis.imshow(scaled, cmap="YlOrRd", origin="lower", vmax=np.nanpercentile(scaled, 97))
    for (x, y), row in zip(_ring_positions(n), squares.itertuples()):
        colour = GROUP_COLOURS.get(row.group)
        if colour:
            axis.add_patch(plt.Rectangle((x - 0.5, y + 0.3), 1, 0.2, color=colour))
        axis.text(x, y - 0.1, str(row.name)[:10], ha="center", va="center", fontsize=5.5, color="black")
    figure.colorbar(image, ax=axis, shrink=0.7, label=label, extend="max")
    axis.set_xticks([])
    axis.set_yticks([])
    axis.set_title(title)
    return figure


def group_win_rates(groups: pd.DataFrame, title: str) -> plt.Figure:
    frame = groups.sort_values("lift")
    figure, axis = plt.subplots(figsize=(7, 0.45 * len(frame) + 1.5))
    y = np.arange(len(frame))
    axis.barh(y + 0.2, frame.win_rate_held * 100, height=0.4, label="held complete",
              xerr=_error(frame, "win_rate_held", "held_ci_low", "held_ci_high"), capsize=3,
              color=[GROUP_COLOURS.get(g, "#4C72B0") for g in frame.group], edgecolor="black")
    axis.barh(y - 0.2, frame.win_rate_not_held * 100, height=0.4, label="not held", color="#CCCCCC")
    axis.set_yticks(y, frame.group)
    axis.set_xlabel("win rate per player-game (%), 95% CI")
    axis.set_title(title)
    axis.legend(loc="lower right")
    return figure


def card_shifts(cards: pd.DataFrame, title: str, top: int = 15) -> plt.Figure:
    frame = cards.head(top).iloc[::-1]
    figure, axis = plt.subplots(figsize=(7, 0.4 * len(frame) + 1.5))
    colours = ["#55A868" if v > 0 else "#C44E52" for v in frame.win_shift]
    axis.barh(frame.card, frame.win_shift * 100, color=colours,
              xerr=_error(frame, "win_shift", "win_shift_ci_low", "win_shift_ci_high"), capsize=3)
    axis.axvline(0, color="black", linewidth=0.8)
    axis.set_xlabel("win rate after drawing it minus after another card of its deck (points), 95% CI")
    axis.set_title(title)
    return figure


def sweep(frame: pd.DataFrame, axes: list[str], title: str, metric: str = "win_rate") -> plt.Figure:
    """One swept value: win rate per strategy and first-player advantage against it, with 95% bands.
    Two: a heat map of `metric` for the first strategy (or first_player_advantage)."""
    if len(axes) == 1:
        axis_name = axes[0]
        figure, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
        for strategy, rows in frame.groupby("strategy", sort=False):
            top.errorbar(rows[axis_name], rows.win_rate * 100, yerr=_error(rows, "win_rate", "ci_low", "ci_high"),
                         marker="o", capsize=3, label=strategy)
        top.set_ylabel("win rate (%), 95% CI")
        top.legend(fontsize=8)
        point = frame.drop_duplicates(axis_name)
        bottom.errorbar(point[axis_name], point.first_player_advantage * 100, marker="s", capsize=3, color="black",
                        yerr=_error(point, "first_player_advantage", "first_player_ci_low", "first_player_ci_high"))
        bottom.axhline(0, color="grey", linestyle="--")
        bottom.set_ylabel("first-player advantage (points)")
        bottom.set_xlabel(axis_name)
        top.set_title(title)
        return figure
    first = frame.strategy.iloc[0]
    rows = frame[frame.strategy == first]
    table = rows.pivot_table(index=axes[0], columns=axes[1], values=metric, sort=False)
    figure, axis = plt.subplots(figsize=(7, 5))
    image = axis.imshow(table.to_numpy() * 100, cmap="viridis", origin="lower", aspect="auto")
    axis.set_xticks(range(table.shape[1]), [str(c) for c in table.columns])
    axis.set_yticks(range(table.shape[0]), [str(i) for i in table.index])
    axis.set_xlabel(axes[1])
    axis.set_ylabel(axes[0])
    label = f"{first} win rate (%)" if metric == "win_rate" else f"{metric} (%)"
    figure.colorbar(image, ax=axis, label=label)
    axis.set_title(title)
    return figure
