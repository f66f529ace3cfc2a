"""Plots of the analyses' frames, ready for a slide: titled with the question and the edition, axes in words
with units (rates in %, differences in pts, counts on integer ticks), 95% intervals drawn, the fair share
marked on win rates, legends beside the data rather than over it, and one colour per strategy.

Each function takes a frame from simulator.analysis and returns a matplotlib Figure; `save` writes it as
PNG, SVG or PDF. The backend is left to matplotlib (inline in Jupyter); the CLI chooses Agg for itself.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.colors import TwoSlopeNorm
from matplotlib.legend_handler import HandlerTuple
from matplotlib.ticker import MaxNLocator

from simulator.presentation import FEW
from simulator.stats import ALPHA
from simulator.tables import PLOT_FORMATS as FORMATS

GROUP_COLOURS = {"brown": "#8B4513", "light_blue": "#87CEEB", "pink": "#D93A96", "orange": "#F7941D",
                 "red": "#ED1B24", "yellow": "#FEF200", "green": "#1FB25A", "dark_blue": "#0072BB"}

# The question each plot answers, for its title (the CLI's `plot --kind` names and the report's figures).
QUESTIONS = {
    "win-rates": "Which strategy wins most often?",
    "length": "How long do games last?",
    "landings": "Where do rolls end?",
    "rent": "Which squares earn the most rent?",
    "groups": "Does completing a colour group win games?",
    "cards": "Which cards swing games?",
    "sweep": "How do win rates change with {}?",
}
FAIR_SHARE_COLOUR = "grey"
UNOWNABLE = "#E4E4E4"


def headline(question: str, edition: str, games: int | None = None) -> str:
    """A title for a slide: the question, then the edition (and the games behind the answer)."""
    return f"{question}\n{edition}" + (f", {games:,} games" if games else "")


def title_for(kind: str, runs, *words: str) -> str:
    """The title of plot `kind` (a key of QUESTIONS) drawn from these runs."""
    return headline(QUESTIONS[kind].format(*words), runs[0].edition, sum(r.summary["games"] for r in runs))


def sweep_of(frame: pd.DataFrame, runs, colours: dict | None = None) -> plt.Figure:
    """The sweep plot of a sweep's points (`frame` from analysis.sweep_table of `runs`), titled with the
    swept values in words, with the fair share and the currency of the runs."""
    axes = list(runs[0].info.get("values", {}))
    swept = " and ".join(axis_words(a).split(" (")[0].split("\n")[0] for a in axes)
    return sweep(frame, axes, title_for("sweep", runs, swept), players=runs[0].players_per_game
                 if "players" not in axes else None, currency=runs[0].manifest.get("currency", ""), colours=colours)


def strategy_colours(names) -> dict[str, tuple]:
    """One colour per strategy, the same in every plot of a run: the run's strategies in alphabetical order
    take the palette's colours in turn, whatever order a plot lists them in (a report passes the colours of
    all its sources' strategies to each plot)."""
    ordered = sorted(set(names))
    palette = plt.get_cmap("tab10" if len(ordered) <= 10 else "tab20").colors
    return {name: palette[k % len(palette)] for k, name in enumerate(ordered)}


def axis_words(path: str, currency: str = "") -> str:
    """A swept value in words with its unit, its path below (what --set takes): `rules.start_cash` reads
    "start cash ($)", `decks.deal.cards.deal_breaker.count` "deal breaker count (cards)"."""
    if path == "players":
        return "players at the table"
    parts = path.split(".")
    name = parts[-1]
    if name in ("count", "amount", "price", "value", "rent") and len(parts) > 1:
        name = f"{parts[-2]} {name}"
    if parts[0] == "strategy" and len(parts) == 3:
        name = f"{parts[1]}: {parts[2]}"
    money = any(word in parts[-1] for word in ("cash", "amount", "price", "reserve", "rent", "cost", "salary"))
    unit = "cards" if parts[-1] == "count" and parts[0] == "decks" else currency or "money" if money else ""
    return f"{name.replace('_', ' ')}" + (f" ({unit})" if unit else "") + f"\n{path}"


def _beside(axis: plt.Axes, **options) -> None:
    """The legend to the right of the axes, where it hides no bar, point or line."""
    axis.legend(loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, frameon=False, fontsize=8, **options)


def _integer_ticks(axis, values=None) -> None:
    """Counts on whole-number x ticks: at the values themselves when there are a few, else wherever whole."""
    if values is not None and len(values) <= 12:
        axis.set_xticks(sorted(int(v) for v in values))
    else:
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))


def _whole(values) -> bool:
    numbers = pd.to_numeric(pd.Series(values), errors="coerce")
    return bool(numbers.notna().all()) and bool((numbers == numbers.round()).all())


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


def win_rates(ranking: pd.DataFrame, title: str, colours: dict | None = None) -> plt.Figure:
    """Each strategy's win rate in its colour (`colours`, by default strategy_colours of the ranking's), with
    its interval and the fair share (100/players %)."""
    frame = ranking.iloc[::-1]
    colours = colours or strategy_colours(frame.strategy)
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(frame) + 1.5))
    axis.barh(frame.strategy, frame.win_rate * 100, xerr=_error(frame, "win_rate", "ci_low", "ci_high"),
              color=[colours[s] for s in frame.strategy], capsize=4)
    _fair_share(axis, frame.fair_share.iloc[0])
    axis.set_xlabel("win rate per player-game (%), 95% CI")
    axis.set_title(title)
    _beside(axis)
    return figure


def _fair_share(axis: plt.Axes, share: float, vertical: bool = True) -> None:
    """The win rate every strategy would have if none played better (1/players), as a dashed line."""
    if share == share:  # a ranking over several table sizes has none
        line = axis.axvline if vertical else axis.axhline
        line(share * 100, color=FAIR_SHARE_COLOUR, linestyle="--", linewidth=1.2,
             label=f"fair share ({share * 100:.3g}%)")


def length_distribution(histogram: pd.Series, title: str) -> plt.Figure:
    figure, axis = plt.subplots(figsize=(7, 3.5))
    share = histogram / max(1, histogram.sum()) * 100
    axis.bar(histogram.index, share, width=1.0, color="#55A868")
    played = histogram.index[histogram.to_numpy() > 0]
    if len(played):
        axis.set_xlim(played.min() - 1, played.max() + 1)  # the axis ends where the games do
    _integer_ticks(axis)
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
    the squares, so that the jail square or an empty corner does not flatten the rest (2% and 3% differ).
    For rent, squares nobody can own are grey and hatched, apart from owned squares that earned nothing."""
    n = len(squares)
    side = n // 4
    what, unit = HEATMAP_LABELS[metric]
    unit = unit or squares.attrs.get("currency", "")
    if metric == "rent_per_game" and not squares.attrs.get("squares_bought", True):
        what = "paid by visitors per game"
    values = squares[metric].to_numpy(dtype=float) * (100 if unit == "%" else 1)
    unownable = (squares.price <= 0).to_numpy() if metric == "rent_per_game" else np.zeros(n, dtype=bool)
    values[unownable] = np.nan
    grid = np.full((side + 1, side + 1), np.nan)
    for (x, y), value in zip(_ring_positions(n), values):
        grid[y, x] = value
    low, high = np.nanpercentile(values, [3, 97])
    cmap = plt.get_cmap("viridis")
    figure, axis = plt.subplots(figsize=(9, 9))
    image = axis.imshow(grid, cmap=cmap, origin="lower", vmin=low, vmax=max(high, low + 1e-9))
    for (x, y), row, value, apart in zip(_ring_positions(n), squares.itertuples(), values, unownable):
        if apart:
            axis.add_patch(plt.Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=UNOWNABLE, edgecolor="white",
                                         hatch="///", linewidth=0.5))
        colour = GROUP_COLOURS.get(row.group)
        if colour:
            axis.add_patch(plt.Rectangle((x - 0.5, y + 0.32), 1, 0.18, color=colour, ec="white", lw=0.5))
        shade = (0.9, 0.9, 0.9) if apart else cmap(image.norm(value))
        light = 0.299 * shade[0] + 0.587 * shade[1] + 0.114 * shade[2] > 0.55
        ink = "black" if light else "white"
        axis.text(x, y + 0.02, textwrap.fill(str(row.name), 11, break_long_words=False), ha="center", va="center", fontsize=5.5, color=ink)
        axis.text(x, y - 0.33, _value_label(value, unit), ha="center", va="center", fontsize=6.5, color=ink,
                  fontweight="bold")
    if unownable.any():
        axis.add_patch(plt.Rectangle((side / 2 - 2.2, side / 2 - 0.25), 0.5, 0.5, facecolor=UNOWNABLE,
                                     edgecolor="grey", hatch="///", linewidth=0.5))
        axis.text(side / 2 - 1.55, side / 2, "nobody can own it: no rent", va="center", fontsize=9)
    extend = {(False, False): "neither", (True, False): "min", (False, True): "max", (True, True): "both"}[
        (bool(np.nanmin(values) < low), bool(np.nanmax(values) > high))]
    figure.colorbar(image, ax=axis, shrink=0.7, label=f"{what} ({unit})" if unit else what, extend=extend)
    axis.set_xticks([])
    axis.set_yticks([])
    axis.set_title(title)
    return figure


def _value_label(value: float, unit: str) -> str:
    if np.isnan(value):  # a square nobody can own
        return ""
    digits = 0 if value == 0 else 1 if unit == "%" or abs(value) >= 10 else 2
    return f"{value:,.{digits}f}{'%' if unit == '%' else ''}"


def group_win_rates(groups: pd.DataFrame, title: str, fair_share: float | None = None) -> plt.Figure:
    """Per colour group, the win rate of players who held it complete (in the group's colour) against those
    who did not (grey), with the fair share (1/players) when given. Groups are ordered as the table ranks
    them (by lift, the largest on top); groups too few to rank sit apart below them, faded and hatched; every
    label gives the held and not-held player-games."""
    frame = pd.concat([groups[groups.small_n].sort_values("held_player_games"),
                       groups[~groups.small_n].sort_values("lift")])
    figure, axis = plt.subplots(figsize=(7, 0.45 * len(frame) + 1.5))
    y = np.arange(len(frame))
    colours = [GROUP_COLOURS.get(g, "#4C72B0") for g in frame.group]
    held = axis.barh(y + 0.2, frame.win_rate_held * 100, height=0.4,
                     xerr=_error(frame, "win_rate_held", "held_ci_low", "held_ci_high"), capsize=3,
                     color=colours, edgecolor="black")
    not_held = axis.barh(y - 0.2, frame.win_rate_not_held * 100, height=0.4, color="#CCCCCC")
    for row, few in enumerate(frame.small_n):
        if few:
            for bar in (held.patches[row], not_held.patches[row]):
                bar.set_alpha(0.35)
                bar.set_hatch("//")
    labels = [f"{str(r.group).replace('_', ' ')} ({r.held_player_games:,} / {r.not_held_player_games:,})"
              + (f", {FEW}" if r.small_n else "") for r in frame.itertuples()]
    axis.set_yticks(y, labels, fontsize=8)
    if frame.small_n.any() and not frame.small_n.all():
        axis.axhline(frame.small_n.sum() - 0.5, color="black", linewidth=0.6, linestyle=":")
    if fair_share is not None:
        _fair_share(axis, fair_share)
    axis.set_xlabel("win rate per player-game (%), 95% CI; (held / not held player-games)")
    axis.set_title(title)
    # the "held complete" swatch shows every ranked group's colour, as the bars do, not the first bar's alone;
    # the swatches are drawn from ranked rows, so the faded hatching of the rows too few to rank is not taken
    # for what "not held" looks like
    ranked = [row for row, few in enumerate(frame.small_n) if not few] or list(range(len(frame)))
    handles, labels = axis.get_legend_handles_labels()
    axis.legend([tuple(held.patches[row] for row in ranked[::-1]), not_held.patches[ranked[0]], *handles],
                ["held complete (group's colour)", "not held", *labels],
                handler_map={tuple: HandlerTuple(ndivide=None, pad=0)}, handlelength=len(frame) * 0.8,
                loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, frameon=False, fontsize=8)
    return figure


def card_shifts(cards: pd.DataFrame, title: str, top: int = 15) -> plt.Figure:
    """The `top` cards of the cards table (the same order as its rows), labelled by deck and text; green or
    red where the table calls the shift significant, grey where it does not."""
    frame = cards.head(top).iloc[::-1]
    labels = [f"{textwrap.shorten(str(r.text), 48, placeholder='…')}  [{r.deck}]" for r in frame.itertuples()]
    figure, axis = plt.subplots(figsize=(8.5, 0.4 * len(frame) + 1.5))
    # the table's verdict (Holm-adjusted over the deck's cards) colours the bar, so plot and table agree
    colours = _verdict_colours(frame.win_shift_ci_low, frame.win_shift_ci_high, frame.get("significant"))
    axis.barh(np.arange(len(frame)), frame.win_shift * 100, color=colours,
              xerr=_error(frame, "win_shift", "win_shift_ci_low", "win_shift_ci_high"), capsize=3)
    axis.set_yticks(np.arange(len(frame)), labels, fontsize=8)
    axis.axvline(0, color="black", linewidth=0.8)
    axis.set_xlabel("win rate after drawing it minus after another card of its deck (pts), 95% CI")
    axis.set_title(title)
    return figure


def _verdict_colours(lows, highs, significant=None) -> list[str]:
    """Green above zero, red below, grey when the 95% interval holds zero or `significant` says no verdict."""
    verdicts = [True] * len(lows) if significant is None else list(significant)
    return ["#999999" if not verdict else "#1FB25A" if low > 0 else "#ED1B24" if high < 0 else "#999999"
            for low, high, verdict in zip(lows, highs, verdicts)]


def sweep(frame: pd.DataFrame, axes: list[str], title: str, metric: str = "win_rate", players: int | None = None,
          currency: str = "", colours: dict | None = None) -> plt.Figure:
    """One swept value: win rate per strategy and first-player advantage against it, with 95% bands, the
    fair share 1/players (per point when the players are swept) and whole ticks for whole values. Two: one
    heat map per strategy, the swept strategy first, with the value in every cell, coloured away from the
    fair share when `players` is given."""
    if len(axes) == 1:
        return _sweep_lines(frame, axes[0], title, players, currency, colours or strategy_colours(frame.strategy))
    strategies = list(dict.fromkeys(frame.strategy))
    colours = colours or strategy_colours(strategies)
    swept = [s for s in strategies if any(a.startswith(f"strategy.{s}.") for a in axes)]
    strategies = swept + [s for s in strategies if s not in swept]
    columns = min(len(strategies), 3)
    rows_count = -(-len(strategies) // columns)
    figure, grid = plt.subplots(rows_count, columns, figsize=(4.2 * columns, 3.6 * rows_count), squeeze=False,
                                layout="constrained", sharex=True, sharey=True)
    values = frame[metric].to_numpy(dtype=float) * 100
    low, high = np.nanmin(values), np.nanmax(values)
    fair = 100 / players if players and metric == "win_rate" and "players" not in axes else None
    if fair is not None:  # above the fair share one hue, below it the other
        norm, cmap = TwoSlopeNorm(fair, min(low, fair - 1), max(high, fair + 1)), "RdBu_r"
    else:
        norm, cmap = plt.Normalize(low, high), "viridis"
    for axis, strategy in zip(grid.flat, strategies):
        table = frame[frame.strategy == strategy].pivot_table(index=axes[0], columns=axes[1], values=metric,
                                                              sort=False) * 100
        image = axis.imshow(table.to_numpy(), cmap=cmap, norm=norm, origin="lower", aspect="auto")
        for (i, j), value in np.ndenumerate(table.to_numpy()):
            shade = image.cmap(image.norm(value))
            ink = "black" if 0.299 * shade[0] + 0.587 * shade[1] + 0.114 * shade[2] > 0.55 else "white"
            axis.text(j, i, f"{value:.1f}%", ha="center", va="center", fontsize=8, color=ink)
        axis.set_xticks(range(table.shape[1]), [str(c) for c in table.columns])
        axis.set_yticks(range(table.shape[0]), [str(i) for i in table.index])
        axis.set_title(strategy + (" (swept)" if strategy in swept else ""), fontsize=10, color=colours[strategy],
                       fontweight="bold")
    for axis in list(grid.flat)[len(strategies):]:
        axis.set_visible(False)
    label = "win rate per player-game (%)" if metric == "win_rate" else f"{metric.replace('_', ' ')} (%)"
    if fair is not None:
        label += f"\nwhite: the fair share, {fair:.3g}%"
    bar = figure.colorbar(image, ax=list(grid.flat), shrink=0.8, label=label)
    if fair is not None:
        bar.ax.axhline(fair, color=FAIR_SHARE_COLOUR, linewidth=1.5, linestyle="--", label="fair share")
    figure.supxlabel(axis_words(axes[1], currency), fontsize=9)
    figure.supylabel(axis_words(axes[0], currency), fontsize=9)
    figure.suptitle(title)
    return figure


def _sweep_lines(frame: pd.DataFrame, axis_name: str, title: str, players: int | None, currency: str,
                 colours: dict) -> plt.Figure:
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for strategy, rows in frame.groupby("strategy", sort=False):
        top.errorbar(rows[axis_name], rows.win_rate * 100, yerr=_error(rows, "win_rate", "ci_low", "ci_high"),
                     marker="o", capsize=3, label=strategy, color=colours[strategy])
    point = frame.drop_duplicates(axis_name)
    if axis_name == "players":
        top.plot(point[axis_name], 100 / point[axis_name], color=FAIR_SHARE_COLOUR, linestyle="--", label="fair share")
    elif players:
        _fair_share(top, 1 / players, vertical=False)
    if _whole(point[axis_name]):
        _integer_ticks(bottom, values=point[axis_name])
    top.set_ylabel("win rate per player-game (%),\n95% CI")
    _beside(top)
    bottom.errorbar(point[axis_name], point.first_player_advantage * 100, marker="s", capsize=3, color="black",
                    yerr=_error(point, "first_player_advantage", "first_player_ci_low", "first_player_ci_high"))
    bottom.axhline(0, color=FAIR_SHARE_COLOUR, linestyle="--")
    bottom.set_ylabel("first seat's win rate\nminus the fair share (pts)")
    bottom.set_xlabel(axis_words(axis_name, currency))
    top.set_title(title)
    return figure


def trade_effects(frame: pd.DataFrame, title: str) -> plt.Figure:
    """Each player's win probability without and with a change (a trade, another position), with the paired
    difference's 95% interval drawn on the bar that shows it."""
    figure, (rates, differences) = plt.subplots(1, 2, figsize=(9, 0.6 * len(frame) + 2.2), sharey=True,
                                                layout="constrained")
    y = np.arange(len(frame))
    rates.barh(y + 0.2, frame["without"] * 100, height=0.4, color="#CCCCCC", label="without")
    rates.barh(y - 0.2, frame["with"] * 100, height=0.4, color="#4C72B0", label="with")
    rates.set_yticks(y, frame.player)
    rates.set_xlabel("win probability (%)")
    figure.legend(*rates.get_legend_handles_labels(), loc="outside lower left", ncols=2, frameon=False, fontsize=8)
    differences.barh(y, frame.difference * 100, color=_verdict_colours(frame.ci_low, frame.ci_high),
                     xerr=_error(frame, "difference", "ci_low", "ci_high"), capsize=4)
    differences.axvline(0, color="black", linewidth=0.8)
    differences.set_xlabel("paired difference (pts), 95% CI")
    figure.suptitle(title)
    return figure


def trade_offers(frame: pd.DataFrame, player: str, title: str) -> plt.Figure:
    """The trade finder's finalists (simulator/trade_finder.py's frame, best first, top down): the player's paired
    difference and the rival's, each with its 95% interval; green or red where the Holm-adjusted verdict calls it
    significant, grey where it does not; a trade the rival's strategy accepts says so."""
    frame = frame.iloc[::-1]
    labels = [textwrap.fill(r.trade + " (rival accepts)" * (r.rival_accepts == "yes"), 34)
              for r in frame.itertuples()]
    figure, (mine, theirs) = plt.subplots(1, 2, figsize=(10, 0.75 * len(frame) + 1.8), sharey=True,
                                          layout="constrained")
    y = np.arange(len(frame))
    for axis, prefix, who in ((mine, "", player), (theirs, "rival_", "the rival")):
        axis.barh(y, frame[f"{prefix}difference"] * 100, capsize=4,
                  xerr=_error(frame, f"{prefix}difference", f"{prefix}ci_low", f"{prefix}ci_high"),
                  color=_verdict_colours(frame[f"{prefix}ci_low"], frame[f"{prefix}ci_high"],
                                         frame[f"{prefix}p_adjusted"] < ALPHA))
        axis.axvline(0, color="black", linewidth=0.8)
        axis.set_title(f"{who}'s win probability", fontsize=10)
        axis.set_xlabel("with the trade minus without (pts), 95% CI")
    mine.set_yticks(y, labels, fontsize=8)
    figure.suptitle(title)
    return figure


def search_of(outcome) -> plt.Figure:
    """The search plot of a search's outcome, each objective in its own unit (%, pts or rounds, as the trials
    store it), titled with the search's question, its edition and the games it spent."""
    problem = outcome.problem
    labels = {o.name: f"{o.name} ({o.unit})" for o in problem.objectives}
    question = f"Which values does the {problem.kind} search find best?"
    return search(outcome.trials, {o.name: o.direction for o in problem.objectives}, outcome.importances,
                  headline(question, problem.edition, outcome.games), labels=labels)


def search(trials: pd.DataFrame, objectives: dict[str, str], importances: dict, title: str,
           labels: dict[str, str] | None = None) -> plt.Figure:
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
        _integer_ticks(axis)
        axis.set_ylabel((labels or {}).get(objective, objective))
        axis.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), frameon=False, fontsize=8)
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
