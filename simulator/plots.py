"""Plots of the analyses' frames: titled, axes labelled with units, 95% intervals drawn.

Each function takes a frame from simulator.analysis and returns a matplotlib Figure; `save` writes it as
PNG, SVG or PDF. The backend is left to matplotlib (inline in Jupyter); the CLI chooses Agg for itself.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from simulator.tables import PLOT_FORMATS as FORMATS

GROUP_COLOURS = {"brown": "#8B4513", "light_blue": "#87CEEB", "pink": "#D93A96", "orange": "#F7941D",
                 "red": "#ED1B24", "yellow": "#FEF200", "green": "#1FB25A", "dark_blue": "#0072BB"}


def save(figure: plt.Figure, path: Path | str) -> Path:
    """Write the figure in the format its suffix names (one of FORMATS) and close it."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        plt.close(figure)
        raise ValueError(f"{path}: expected a file ending in {', '.join(FORMATS)}")
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
    played = histogram.index[histogram.to_numpy() > 0]
    if len(played):
        axis.set_xlim(played.min() - 1, played.max() + 1)  # the axis ends where the games do
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


HEATMAP_LABELS = {
    "landing_share": ("share of rolls ending there", "%"),
    "rent_per_game": ("rent collected per game", None),
}


def board_heatmap(squares: pd.DataFrame, metric: str, title: str) -> plt.Figure:
    """The board as printed, each square coloured by `metric` and labelled with its full name and value;
    a stripe of its colour group along the square. The scale runs from the 3rd to the 97th percentile of
    the squares, so that the jail square or an empty corner does not flatten the rest (2% and 3% differ)."""
    n = len(squares)
    side = n // 4
    what, unit = HEATMAP_LABELS[metric]
    unit = unit or squares.attrs.get("currency", "")
    if metric == "rent_per_game" and not squares.attrs.get("squares_bought", True):
        what = "paid by visitors per game"
    values = squares[metric].to_numpy(dtype=float) * (100 if unit == "%" else 1)
    grid = np.full((side + 1, side + 1), np.nan)
    for (x, y), value in zip(_ring_positions(n), values):
        grid[y, x] = value
    low, high = np.nanpercentile(values, [3, 97])
    cmap = plt.get_cmap("viridis")
    figure, axis = plt.subplots(figsize=(9, 9))
    image = axis.imshow(grid, cmap=cmap, origin="lower", vmin=low, vmax=max(high, low + 1e-9))
    for (x, y), row, value in zip(_ring_positions(n), squares.itertuples(), values):
        colour = GROUP_COLOURS.get(row.group)
        if colour:
            axis.add_patch(plt.Rectangle((x - 0.5, y + 0.32), 1, 0.18, color=colour, ec="white", lw=0.5))
        shade = cmap(image.norm(value))
        light = 0.299 * shade[0] + 0.587 * shade[1] + 0.114 * shade[2] > 0.55
        ink = "black" if light else "white"
        axis.text(x, y + 0.02, textwrap.fill(str(row.name), 11, break_long_words=False), ha="center", va="center", fontsize=5.5, color=ink)
        axis.text(x, y - 0.33, _value_label(value, unit), ha="center", va="center", fontsize=6.5, color=ink,
                  fontweight="bold")
    figure.colorbar(image, ax=axis, shrink=0.7, label=f"{what} ({unit})" if unit else what, extend="both")
    axis.set_xticks([])
    axis.set_yticks([])
    axis.set_title(title)
    return figure


def _value_label(value: float, unit: str) -> str:
    if np.isnan(value) or (value == 0 and unit != "%"):  # no rent on GO, taxes, cards
        return ""
    digits = 1 if unit == "%" or abs(value) >= 10 else 2
    return f"{value:,.{digits}f}{'%' if unit == '%' else ''}"


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
    """The `top` cards of the cards table (the same order as its rows), labelled by deck and text."""
    frame = cards.head(top).iloc[::-1]
    labels = [f"{textwrap.shorten(str(r.text), 48, placeholder='…')}  [{r.deck}]" for r in frame.itertuples()]
    figure, axis = plt.subplots(figsize=(8.5, 0.4 * len(frame) + 1.5))
    colours = ["#55A868" if v > 0 else "#C44E52" for v in frame.win_shift]
    axis.barh(np.arange(len(frame)), frame.win_shift * 100, color=colours,
              xerr=_error(frame, "win_shift", "win_shift_ci_low", "win_shift_ci_high"), capsize=3)
    axis.set_yticks(np.arange(len(frame)), labels, fontsize=8)
    axis.axvline(0, color="black", linewidth=0.8)
    axis.set_xlabel("win rate after drawing it minus after another card of its deck (points), 95% CI")
    axis.set_title(title)
    return figure


def sweep(frame: pd.DataFrame, axes: list[str], title: str, metric: str = "win_rate") -> plt.Figure:
    """One swept value: win rate per strategy and first-player advantage against it, with 95% bands
    (integer ticks and the fair share 1/players when the players are swept). Two: one heat map per
    strategy, the swept strategy first, with the value in every cell."""
    if len(axes) == 1:
        return _sweep_lines(frame, axes[0], title)
    strategies = list(dict.fromkeys(frame.strategy))
    swept = [s for s in strategies if any(a.startswith(f"strategy.{s}.") for a in axes)]
    strategies = swept + [s for s in strategies if s not in swept]
    columns = min(len(strategies), 3)
    rows_count = -(-len(strategies) // columns)
    figure, grid = plt.subplots(rows_count, columns, figsize=(4.2 * columns, 3.6 * rows_count), squeeze=False,
                                layout="constrained", sharex=True, sharey=True)
    values = frame[metric].to_numpy(dtype=float) * 100
    low, high = np.nanmin(values), np.nanmax(values)
    for axis, strategy in zip(grid.flat, strategies):
        table = frame[frame.strategy == strategy].pivot_table(index=axes[0], columns=axes[1], values=metric,
                                                              sort=False) * 100
        image = axis.imshow(table.to_numpy(), cmap="viridis", origin="lower", aspect="auto", vmin=low, vmax=high)
        for (i, j), value in np.ndenumerate(table.to_numpy()):
            shade = image.cmap(image.norm(value))
            ink = "black" if 0.299 * shade[0] + 0.587 * shade[1] + 0.114 * shade[2] > 0.55 else "white"
            axis.text(j, i, f"{value:.1f}", ha="center", va="center", fontsize=8, color=ink)
        axis.set_xticks(range(table.shape[1]), [str(c) for c in table.columns])
        axis.set_yticks(range(table.shape[0]), [str(i) for i in table.index])
        axis.set_title(strategy + (" (swept)" if strategy in swept else ""), fontsize=9)
    for axis in list(grid.flat)[len(strategies):]:
        axis.set_visible(False)
    label = "win rate (%)" if metric == "win_rate" else f"{metric} (%)"
    figure.colorbar(image, ax=list(grid.flat), shrink=0.8, label=label)
    figure.supxlabel(axes[1], fontsize=9)
    figure.supylabel(axes[0], fontsize=9)
    figure.suptitle(title)
    return figure


def _sweep_lines(frame: pd.DataFrame, axis_name: str, title: str) -> plt.Figure:
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for strategy, rows in frame.groupby("strategy", sort=False):
        top.errorbar(rows[axis_name], rows.win_rate * 100, yerr=_error(rows, "win_rate", "ci_low", "ci_high"),
                     marker="o", capsize=3, label=strategy)
    point = frame.drop_duplicates(axis_name)
    if axis_name == "players":
        top.plot(point[axis_name], 100 / point[axis_name], color="grey", linestyle="--", label="fair share")
        bottom.set_xticks(sorted(point[axis_name].astype(int)))
    top.set_ylabel("win rate (%), 95% CI")
    top.legend(fontsize=8)
    bottom.errorbar(point[axis_name], point.first_player_advantage * 100, marker="s", capsize=3, color="black",
                    yerr=_error(point, "first_player_advantage", "first_player_ci_low", "first_player_ci_high"))
    bottom.axhline(0, color="grey", linestyle="--")
    bottom.set_ylabel("first-player advantage (points)")
    bottom.set_xlabel(axis_name)
    top.set_title(title)
    return figure


def trade_effects(frame: pd.DataFrame, title: str) -> plt.Figure:
    """Each player's win probability without and with a change (a trade, another position), with the paired
    difference's 95% interval drawn on the bar that shows it."""
    figure, (rates, differences) = plt.subplots(1, 2, figsize=(9, 0.6 * len(frame) + 1.8), sharey=True)
    y = np.arange(len(frame))
    rates.barh(y + 0.2, frame["without"] * 100, height=0.4, color="#CCCCCC", label="without")
    rates.barh(y - 0.2, frame["with"] * 100, height=0.4, color="#4C72B0", label="with")
    rates.set_yticks(y, frame.player)
    rates.set_xlabel("win probability (%)")
    rates.legend(loc="lower right")
    colours = ["#1FB25A" if low > 0 else "#ED1B24" if high < 0 else "#999999"
               for low, high in zip(frame.ci_low, frame.ci_high)]
    differences.barh(y, frame.difference * 100, color=colours,
                     xerr=_error(frame, "difference", "ci_low", "ci_high"), capsize=4)
    differences.axvline(0, color="black", linewidth=0.8)
    differences.set_xlabel("paired difference (points), 95% CI")
    figure.suptitle(title)
    return figure


def search(trials: pd.DataFrame, objectives: dict[str, str], importances: dict, title: str) -> plt.Figure:
    """A search's candidates: each objective ({name: "maximize" or "minimize"}) against the games spent when
    the candidate stopped (those stopped early lighter, the best so far as a line for one objective), and
    each varied value's importance when it was measured."""
    panels = len(objectives) + (1 if importances else 0)
    figure, axes = plt.subplots(1, panels, figsize=(5.5 * panels, 4), squeeze=False)
    played = trials[trials.state != "repeat"]
    finished = played.state == "complete"
    for axis, objective in zip(axes[0], objectives):
        axis.scatter(played.games_spent[~finished], played[objective][~finished], color="#BBBBBB", s=14,
                     label="stopped early (value at its last rung)")
        axis.scatter(played.games_spent[finished], played[objective][finished], color="#4C72B0", s=20,
                     label="played every rung")
        if len(objectives) == 1 and finished.any():
            complete = played[finished]
            best = complete[objective].cummax() if objectives[objective] == "maximize" else complete[objective].cummin()
            axis.step(complete.games_spent, best, where="post", color="black", label="best so far")
        axis.set_xlabel("games spent by the search")
        axis.set_ylabel(objective)
        axis.legend(fontsize=8)
    if importances:
        axis = axes[0][-1]
        names = list(importances)[::-1]
        axis.barh(names, [importances[n] for n in names], color="#4C72B0")
        axis.set_xlabel("importance (PED-ANOVA, summing to 1)")
    figure.suptitle(title)
    figure.tight_layout()
    return figure


def tornado(frame: pd.DataFrame, title: str, meaning: str, unit: str) -> plt.Figure:
    """The screening's values, the one that matters most on top: each bar its mean signed effect over the value's
    range (mu) with its 95% interval, coloured by direction, grey where no effect was found; mu* beside it."""
    frame = frame.iloc[::-1]
    figure, axis = plt.subplots(figsize=(8, 0.55 * len(frame) + 1.8))
    colours = ["#BBBBBB" if not matters else "#4C72B0" if mu > 0 else "#DD8452"
               for matters, mu in zip(frame.matters, frame.mu)]
    labels = [f"{value}\n({low:g} to {high:g})" for value, low, high in zip(frame.value, frame.low, frame.high)]
    error = np.vstack([frame.mu - frame.mu_ci_low, frame.mu_ci_high - frame.mu])
    axis.barh(labels, frame.mu, xerr=error, color=colours, capsize=4)
    axis.axvline(0, color="black", linewidth=0.8)
    for y, (mu, high, star) in enumerate(zip(frame.mu, frame.mu_ci_high, frame.mu_star)):
        axis.annotate(f"μ* {star:.1f}", (max(mu, high, 0), y), xytext=(6, 0), textcoords="offset points",
                      va="center", fontsize=8)
    axis.set_xlabel(f"change of the {meaning} from the low to the high end of the value ({unit}),\n"
                    f"mean over the Morris paths, 95% CI (grey: no effect found)")
    axis.set_title("\n".join(textwrap.wrap(title, 70)))
    axis.margins(x=0.15)
    return figure
