"""The analyses' frames as titled tables of formatted cells, rendered for a terminal, Markdown or HTML.

One table definition serves the CLI, the reports and the notebooks, so they cannot drift apart.
"""
from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, field

import pandas as pd

from simulator.stats import MIN_COUNT
from simulator.tables import FIXED_BY_LINEUP, WIDTH, count, fills_every_seat_note, interval, magnitude, percent, render


@dataclass
class Table:
    title: str
    headers: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)
    keys: int | None = None   # the columns naming a row, repeated when a wide table continues below

    def text(self) -> str:
        return "\n".join([render(self.headers, self.rows, title=self.title, keys=self.keys),
                          *(textwrap.fill(note, WIDTH, subsequent_indent="  ") for note in self.notes)])

    def markdown(self) -> str:
        escape = [[cell.replace("|", "\\|") for cell in row] for row in self.rows]
        lines = [f"**{self.title}**", "", "| " + " | ".join(self.headers) + " |",
                 "|" + "|".join("---" for _ in self.headers) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in escape]
        return "\n".join(lines + [""] + [f"_{note}_" for note in self.notes])


def points(value: float, digits: int = 1) -> str:
    """A difference of proportions in percentage points, signed."""
    return "-" if value is None or math.isnan(value) else f"{100 * value:+.{digits}f} pts"


def point_interval(low: float, high: float) -> str:
    return f"[{points(low)}, {points(high)}]"


def number(value: float, digits: int = 1) -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:,.{digits}f}"


def p_value(value: float) -> str:
    if value is None or math.isnan(value):
        return "-"
    return "<0.001" if value < 0.001 else f"{value:.3f}"


def verdict(significant: bool, p: float) -> str:
    if p is None or math.isnan(p):
        return "-"
    return "yes" if significant else "no"


SIGNIFICANCE_NOTE = ("significant: Holm-adjusted p < 0.05 across the table's comparisons; "
                     "the 95% intervals are per comparison, not adjusted")
FEW = "too few"  # the rank or verdict of a row under MIN_COUNT observations


def few_notes(frame: pd.DataFrame, what: str) -> list[str]:
    """The note that explains "too few", when a row of `frame` has it."""
    return [f"{FEW}: fewer than {MIN_COUNT} {what}, not ranked and not tested"] if frame.small_n.any() else []


def rank_cell(rank) -> str:
    return FEW if rank is None or rank is pd.NA or (isinstance(rank, float) and math.isnan(rank)) else str(rank)


def verdict_cell(row) -> str:
    return FEW if row.small_n else verdict(row.significant, row.p_holm)


def ranking_table(frame: pd.DataFrame) -> Table:
    rows = [[rank_cell(r["rank"]), r.strategy, count(r.player_games), count(r.wins), percent(r.win_rate),
             FIXED_BY_LINEUP if r.fills_every_seat else interval(r.ci_low, r.ci_high), points(r.lead_over_next),
             count(r.decided_games) if r.decided_games is not pd.NA else "-", p_value(r.p_holm),
             verdict(r.significant, r.p_holm)]
            for _, r in frame.iterrows()]
    fair = frame.fair_share.iloc[0]
    return Table(f"Strategies ranked by win rate per player-game (fair share {percent(fair)})",
                 ["rank", "strategy", "player-games", "wins", "win rate", "95% CI", "lead over next",
                  "decided games", "p (Holm)", "significant"], rows,
                 ["lead over next: tested on the games both played that one of the two won (decided games): "
                  "each should win in proportion to its seats; no test under "
                  f"{MIN_COUNT} decided games or between strategies that never shared a table",
                  SIGNIFICANCE_NOTE, *few_notes(frame, "player-games"),
                  *(fills_every_seat_note(name) for name in frame.strategy[frame.fills_every_seat])])


def head_to_head_table(frame: pd.DataFrame) -> Table:
    names = sorted(set(frame.strategy) | set(frame.opponent))
    cell = {(r.strategy, r.opponent): f"{percent(r.share_ahead)}{'*' if r.significant else ''} ({count(r.games)})"
            for r in frame.itertuples()}
    rows = [[a] + [cell.get((a, b), "-") for b in names] for a in names]
    return Table("Head to head: share of meetings in finished games the row strategy ranked above the column "
                 "strategy (finished games both played)",
                 ["strategy"] + names, rows,
                 ["* significant (Holm-adjusted p < 0.05 against an even split; the meetings of one game counted "
                  f"as one game's worth of evidence); no test under {MIN_COUNT} games"])


def seat_table(frame: pd.DataFrame) -> Table:
    rows = [[str(r.seat), count(r.finished), count(r.wins), percent(r.win_rate), interval(r.ci_low, r.ci_high),
             points(r.advantage), p_value(r.p_holm), verdict_cell(r)] for r in frame.itertuples()]
    first = frame.iloc[0]
    return Table("Win rate per seat among finished games (seat 1 plays first)",
                 ["seat", "finished games", "wins", "win rate", "95% CI", "vs fair share", "p (Holm)",
                  "significant"], rows,
                 [f"{count(first.unfinished)} of {count(first.games)} games stopped by the turn cap have no winner "
                  f"and are left out: the fair share 1/{len(frame)} holds among finished games"])


def length_table(frame: pd.DataFrame) -> Table:
    r = frame.iloc[0]
    rows = [[count(r.games), count(r.q1), count(r["median"]), count(r.q3), number(r["mean"]),
             f"{percent(r.unfinished_share, 2)} {interval(r.unfinished_ci_low, r.unfinished_ci_high, 2)}"]]
    return Table("Game length in rounds (finished games) and games stopped by the turn cap",
                 ["games", "q1", "median", "q3", "mean", "unfinished (95% CI)"], rows)


def squares_table(frame: pd.DataFrame) -> Table:
    ownable = frame[frame.price > 0]
    landings_note = "landings: share of all rolls ending there; first owner wins: games won by the first player to own it"
    if not frame.attrs.get("squares_bought", True):
        rows = [[str(rank), r.name, r.group, count(r.price), percent(r.landing_share, 2), magnitude(r.rent_per_game),
                 count(r.first_owned), percent(r.first_owner_win_rate),
                 interval(r.first_owner_ci_low, r.first_owner_ci_high)]
                for rank, r in enumerate(ownable.sort_values("rent_per_game", ascending=False).itertuples(), 1)]
        return Table("Locations ranked by what visitors pay their owners per game (claimed free: no price to repay)",
                     ["rank", "square", "group", "cost", "landings", "paid/game", "owned games", "first owner wins",
                      "95% CI"], rows,
                     [landings_note + "; cost: what a visitor pays the owner; owned games: finished games with an "
                                      "owner"])
    counted = frame.attrs.get("buildings_counted", False)
    rows = [[rank_cell(r.payback_rank), r.name, r.group, count(r.price),
             *([magnitude(r.spend_per_owner)] if counted else []), percent(r.landing_share, 2),
             magnitude(r.rent_per_game), number(r.payback_rounds),
             *([number(r.payback_rounds_price)] if counted else []),
             count(r.first_owned), percent(r.first_owner_win_rate),
             interval(r.first_owner_ci_low, r.first_owner_ci_high)]
            for r in ownable.sort_values(["payback_rank", "first_owned"], ascending=[True, False],
                                         na_position="last").itertuples()]
    what = "its price and buildings" if counted else "its price"
    agreement = frame.attrs.get("payback_rounds_vs_first_owner", math.nan)
    story = [] if math.isnan(agreement) else [
        f"payback against first owner wins (Spearman rank correlation over the ranked squares): {agreement:+.2f}"
        + (f" counting buildings, {frame.attrs['payback_rounds_price_vs_first_owner']:+.2f} counting the price "
           f"alone" if counted else "")
        + "; negative: the squares that repay sooner are those whose first owners win more. Where they disagree, "
          "payback is money back per round owned while first owner wins is the whole game: squares that take no "
          "buildings (railroads, utilities) repay soon at a low rent, and a group's rent once built decides games, "
          "which a rate of repayment does not show"]
    return Table(f"Properties ranked by payback (rounds of ownership for its rent to repay {what})",
                 ["rank", "square", "group", "price", *(["spent per owner"] if counted else []), "landings",
                  "rent/game", "payback rounds", *(["price only"] if counted else []), "owned games",
                  "first owner wins", "95% CI"], rows,
                 [landings_note + "; owned games: finished games with an owner",
                  *(["spent per owner: the price plus what was paid for the buildings on it, per time the bank sold "
                     "it; payback rounds: that over rent per round owned; price only: the price over it"]
                    if counted else []),
                  *story,
                  *few_notes(ownable, "finished games with an owner")])


def groups_table(frame: pd.DataFrame) -> Table:
    on_board = "price" in frame
    bought = frame.attrs.get("squares_bought", True)
    rows = []
    for r in frame.itertuples():
        board = [count(r.price), percent(r.landing_share, 1), magnitude(r.rent_per_game)] + \
            ([number(r.payback_rounds)] if bought else []) if on_board else []
        rows.append([rank_cell(r.rank), r.group, *board, count(r.held_player_games), count(r.not_held_player_games),
                     percent(r.held_share, 2 if 0 < r.held_share < 0.01 else 1),
                     percent(r.win_rate_held), percent(r.win_rate_not_held), points(r.lift),
                     point_interval(r.lift_ci_low, r.lift_ci_high), verdict_cell(r)])
    board_headers = (["price", "landings", "rent/game", "payback rounds"] if bought
                     else ["cost", "landings", "paid/game"]) if on_board else []
    held = frame.attrs.get("held_meaning", "complete at the start of one of the player's turns")
    return Table(f"Colour {'groups' if on_board else 'sets'} ranked by the point estimate of the win-rate lift "
                 f"of their holders (same strategy)",
                 ["rank", "group" if on_board else "set", *board_headers, "held", "not held",
                  "held by", "win rate held", "win rate not held", "lift (same strategy)", "95% CI", "significant"],
                 rows,
                 [f"held, not held: player-games holding the group or not; held: {held}; lift: held minus not held within each strategy, averaged over strategies with "
                  f"Mantel-Haenszel weights; interval: Wilson per strategy combined (MOVER); test: "
                  f"Cochran-Mantel-Haenszel; both widened by the design effect of the players of one game",
                  "rank: by the lift's point estimate; groups whose intervals overlap may not differ, and a lift is "
                  "an association (winners also complete groups), not what completing one does",
                  SIGNIFICANCE_NOTE,
                  *few_notes(frame, "player-games holding it (or not holding it)")])


def star_table(frame: pd.DataFrame) -> Table:
    def median(value: float) -> str:
        return "-" if math.isnan(value) else number(value, 0)

    rows = [[r.strategy, str(r.stars), count(r.player_games) + (f" ({FEW})" if r.small_n else ""),
             percent(r.share), percent(r.win_rate), interval(r.ci_low, r.ci_high), median(r.median_round_3_stars),
             median(r.median_round_5_stars)]
            for r in frame.itertuples()]
    return Table("Star levels reached by the end of the game, per strategy",
                 ["strategy", "stars", "player-games", "share", "win rate", "95% CI", "median round to 3 stars",
                  "to 5 stars"], rows,
                 ["descriptive: players who pass GO more often also climb higher; a sweep over when a strategy "
                  "upgrades (strategy.NAME.upgrade_from_round) measures the effect of climbing",
                  *([f"{FEW}: fewer than {MIN_COUNT} player-games, a rate to read with care"] if frame.small_n.any()
                    else [])])


def cards_table(frame: pd.DataFrame, top: int | None = None) -> Table:
    shown = frame if top is None else frame.head(top)
    rows = [[r.deck, f"{r.card}: {r.text}",
             str(r.copies), number(r.draws_per_game, 2), count(r.finished_draws), percent(r.win_rate_after),
             points(r.win_shift), point_interval(r.win_shift_ci_low, r.win_shift_ci_high), number(r.rank_shift, 3),
             verdict_cell(r)] for r in shown.itertuples()]
    title = "Cards ranked by how much drawing them shifts the drawer's chance to win (size of the win shift)"
    return Table(title + (f" (top {top} of {len(frame)})" if top is not None and top < len(frame) else ""),
                 ["deck", "card", "copies", "draws/game", "finished draws", "win rate after", "win shift", "95% CI",
                  "rank shift", "significant"], rows,
                 ["shift: after drawing this card minus after drawing another card of the same deck "
                  "(rank shift < 0: better final rank); finished draws: draws in finished games",
                  SIGNIFICANCE_NOTE, *few_notes(frame, "finished draws (listed last)")])


def sweep_table(frame: pd.DataFrame, axes: list[str]) -> Table:
    strategies = list(dict.fromkeys(frame.strategy))
    rows = []
    for values, point in frame.groupby(axes, sort=False):
        values = values if isinstance(values, tuple) else (values,)
        first = point.iloc[0]
        rates = {r.strategy: f"{percent(r.win_rate)} {interval(r.ci_low, r.ci_high)}" for r in point.itertuples()}
        rows.append([str(v) for v in values] + [rates.get(s, "-") for s in strategies]
                    + [f"{points(first.first_player_advantage)} "
                       f"{point_interval(first.first_player_ci_low, first.first_player_ci_high)}",
                       f"{number(first.mean_rounds)} [{number(first.mean_rounds_ci_low)}, "
                       f"{number(first.mean_rounds_ci_high)}]",
                       f"{percent(first.unfinished_share, 2)} "
                       f"{interval(first.unfinished_ci_low, first.unfinished_ci_high, 2)}"])
    return Table("Sweep: win rate per strategy (95% CI) at each point",
                 axes + strategies + ["first-player advantage", "mean rounds", "unfinished"], rows,
                 [f"{count(frame.games.iloc[0])} games per point; first-player advantage: seat 1's share of the "
                  f"finished games minus the fair share; mean rounds: finished games"], keys=len(axes))


def compare_table(frame: pd.DataFrame, label_a: str, label_b: str, detect: float) -> Table:
    rows = []
    for r in frame.itertuples():
        if r.note:
            rows.append([r.measure, "-", "-", "-", "-", "-", "-", "-", r.note])
            continue
        rate = r.rate
        show = percent if rate else number
        rows.append([r.measure, show(r.a), show(r.b), points(r.difference) if rate else number(r.difference, 2),
                     point_interval(r.ci_low, r.ci_high) if rate else f"[{number(r.ci_low, 2)}, {number(r.ci_high, 2)}]",
                     p_value(r.p_holm), verdict_cell(r), detect_cell(r.games_to_detect) if rate else "-", ""])
    first = frame.iloc[0]
    pairing = ("games paired by seed (both sides played the same seeds): B - A is the mean of per-game "
               "differences, with a t interval and test (for a win or loss per game, McNemar's exact test on "
               "the games that differ, so p can exceed 0.05 when the interval just excludes 0)" if first.paired else
               "independent samples (the sides were not played on the same seeds, or their per-game frames "
               "were not kept)")
    return Table(f"A = {label_a} ({count(first.games_a)} games), B = {label_b} ({count(first.games_b)} games)",
                 ["measure", "A", "B", "B - A", "95% CI", "p (Holm)", "significant",
                  f"games to detect {100 * detect:g} pts", "note"], rows,
                 [pairing, SIGNIFICANCE_NOTE,
                  f"games to detect: games per side for an 80% chance of finding a difference of {100 * detect:g} "
                  f"points at the 5% level" + (" on shared seeds" if first.paired else "") + f"; {NEVER}: no "
                  f"number of games would (a rate of 0% or 100%)",
                  *few_notes(frame, "observations a side (player-games, finished games or games, as the "
                                    "measure counts them)")])


NEVER = "never"


def detect_cell(games) -> str:
    return NEVER if pd.isna(games) else count(int(games))


# A search (simulator.tuning.Outcome): its line, its finalists on fresh games, its importances


def search_label(path: str, outcome) -> str:
    from simulator.tuning import short_label
    return short_label(path, outcome.problem)


def search_line(outcome) -> str:
    """How many candidates, in how many brackets, how each ended, the games spent and the rungs."""
    problem, trials = outcome.problem, outcome.trials
    counts = trials.state.value_counts()
    raced = trials[trials.rungs > 0]
    return (f"Search: {len(raced)} candidates with the baseline, in {raced.bracket.nunique()} bracket(s) raced rung "
            f"by rung ({int(counts.get('complete', 0))} played every rung, {int(counts.get('pruned', 0))} stopped "
            f"by successive halving, {int(counts.get('budget', 0))} by the budget; {int(counts.get('repeat', 0))} "
            f"repeated proposals not played), {outcome.games:,} games of a budget of {outcome.budget.describe()}; "
            f"rungs of {' / '.join(f'{g:,}' for g in problem.rungs)} games on shared seeds; seed {problem.seed}, "
            f"{outcome.elapsed:.0f} s")


def finalists_table(outcome, baseline_label: str) -> Table:
    """The baseline and the finalists: their values, each objective in the search (at the last rung) and on
    the fresh games, in the objective's unit."""
    from simulator.tuning import shown
    from simulator.tuning.objectives import as_text, interval_as_text
    problem = outcome.problem
    trials = outcome.trials
    last = len(problem.rungs)
    searched = {(None if pd.isna(row["trial"]) else int(row["trial"])): row for row in trials.to_dict("records")
                if row["rungs"] == last}
    headers = ["candidate"] + [search_label(d.path, outcome) for d in problem.dimensions]
    for objective in problem.objectives:
        headers += [f"{objective.name} (search)", f"{objective.name} (fresh)", "95% CI"]
    rows = []
    for index, row in outcome.finalists.iterrows():
        values = outcome.candidates[index]
        trial = None if pd.isna(row.trial) else int(row.trial)
        cells = [baseline_label if not values else f"trial {trial}"]
        cells += [shown(values[d.path]) if values else "-" for d in problem.dimensions]
        for objective in problem.objectives:
            in_search = as_text(objective, searched[trial][objective.name]) if trial in searched else "-"
            cells += [in_search, as_text(objective, row[objective.name]),
                      interval_as_text(objective, row[f"{objective.name}_ci_low"], row[f"{objective.name}_ci_high"])]
        rows.append(cells)
    return Table(f"Finalists and the baseline on the same {outcome.recheck_per_candidate:,} fresh games each",
                 headers, rows)


def best_line(outcome, baseline_label: str) -> str:
    """The chosen values against the baseline, paired over the same fresh games; when they do not beat it, one
    plain line that says so, so that nothing is taken for an improvement (the CLI and the report alike)."""
    from simulator.tuning import shown
    from simulator.tuning.objectives import as_text, change_as_text, measured_as_text
    chosen, baseline = outcome.chosen, outcome.finalists.iloc[0]
    values = ", ".join(f"{search_label(k, outcome)}={shown(v)}" for k, v in outcome.best.items())
    measured = "; ".join(f"{measured_as_text(o, chosen)}, against the baseline's {as_text(o, baseline[o.name])}: "
                         f"{change_as_text(o, chosen)}" for o in outcome.problem.objectives)
    finalists = len(outcome.candidates) - 1
    line = (f"Best: {values}: {measured} (paired over the same games; "
            + (f"intervals of a change simultaneous over the {finalists} finalists)" if finalists > 1 else "95%)"))
    if not outcome.improves:
        first = outcome.problem.objectives[0]
        line += (f"\nNo finalist beats {baseline_label} in {first.name} on the fresh games: the best one's change "
                 f"{change_as_text(first, chosen)} does not exclude no change")
    return line


def importance_line(outcome) -> str:
    return ("Importance of each value (PED-ANOVA over the candidates that played every rung, summing to 1): "
            + ", ".join(f"{search_label(path, outcome)} {share:.2f}" for path, share in outcome.importances.items()))


def effects_table(frame: pd.DataFrame, association: pd.DataFrame | None) -> Table:
    """Values by intervention (effects.group_effects) with, beside each group, the association lift of the
    properties table (analysis.group_table) from games of the same lineup."""
    lifts = {} if association is None else {r.group: r for r in association.itertuples()}
    cash_most = int(frame.cash_searched_to.iloc[0]) if "cash" in frame else 0

    def cash_cell(value: float) -> str:
        if math.isnan(value):
            return "-"
        return f"> {cash_most:,}" if value > cash_most else f"{value:,.0f}"

    rows = []
    for r in frame.itertuples():
        lift = lifts.get(r.target)
        row = [r.target, percent(r.win_without), percent(r.win_with), points(r.difference),
               point_interval(r.ci_low, r.ci_high)]
        if "cash" in frame:
            row += [cash_cell(r.cash), f"[{cash_cell(r.cash_from)}, {cash_cell(r.cash_to)}]", points(r.short_at_most)]
        if association is not None:
            row += ["-", "-"] if lift is None else [points(lift.lift), point_interval(lift.lift_ci_low,
                                                                                       lift.lift_ci_high)]
        rows.append(row)
    headers = ["given", "win without", "win with", "effect", "95% CI"]
    headers += ["cash equivalent", "range", f"short at {cash_most:,}"] if "cash" in frame else []
    headers += ["association lift", "95% CI"] if association is not None else []
    first = frame.iloc[0]
    return Table(f"What holding it at the end of round {first['round']} is worth to player {frame.attrs['player']} "
                 f"({frame.attrs['strategy']}): {first['positions']:,} mid-game positions, "
                 f"{first['games'] // first['positions']:,} paired games each",
                 headers, rows,
                 ["effect: the player's win probability with the group given (bare) minus with it left to the bank "
                  "(Deal: its set's cards in the draw pile), the rest of each position the same, on the same dice; "
                  "interval: 95% t over the positions; a game the turn cap ends is won by nobody",
                  *(["cash equivalent: the cash given instead that moves the win probability as much (bisection on "
                     "the same dice); range: the cash whose win probability does not differ significantly from the "
                     f"group's; > {cash_most:,}: no cash searched is worth as much, and short at {cash_most:,} says by "
                     "how much that cash still falls short of the group"]
                    if "cash" in frame else []),
                  *([f"no cash equivalent: {frame.attrs['no_cash']}"] if frame.attrs.get("no_cash") else []),
                  *(["association lift: win rate of players who held the group complete against those who did not, "
                     "same strategy (the properties table). The two answer different questions: the lift compares "
                     "players who completed the group at any time, paid for it, and mixes in that winners complete "
                     "groups; the effect gives the group complete, free and at one round, to one player, and changes "
                     "nothing else, on the same dice"] if association is not None else [])])


def _enough_or(row, games: float, cell: str) -> str:
    """A measure's cell, or "too few" when it stands on fewer than MIN_COUNT games."""
    return cell if games >= MIN_COUNT else f"too few ({count(games)})"


def designer_cells(row) -> dict[str, str]:
    """Each designer measure of one designer_table row as a cell (value and 95% interval)."""
    def mean(name, digits=1):
        value = f"{number(row[name], digits)} [{number(row[name + '_ci_low'], digits)}, " \
                f"{number(row[name + '_ci_high'], digits)}]"
        return _enough_or(row, row.finished, value)

    def rate(name, prefix, games):
        if row.get(f"{prefix}_note"):
            return f"- ({row[f'{prefix}_note']})"
        bounds = interval(row[prefix + "_ci_low"], row[prefix + "_ci_high"])
        return _enough_or(row, games, f"{percent(row[name])} {bounds}")

    def share(prefix):
        if isinstance(row.get(f"{prefix}_share"), float) and not math.isnan(row[f"{prefix}_share"]):
            return _enough_or(row, row.finished, f"{percent(row[prefix + '_share'])} "
                                                 f"{interval(row[prefix + '_ci_low'], row[prefix + '_ci_high'])}")
        if row.get("seats_note"):
            return f"- ({row.seats_note})"
        return "- (one strategy)" if prefix == "skill" else "-"

    return {
        "first-player advantage": f"- ({row.seats_note})" if row.get("seats_note") else _enough_or(
            row, row.finished, f"{points(row.first_player_advantage)} "
                               f"{point_interval(row.first_player_ci_low, row.first_player_ci_high)}"),
        "lead changes a game": mean("lead_changes", 2),
        "decided at round": mean("decisive_round"),
        "rounds a game": mean("mean_rounds"),
        f"comeback (last at round {row.comeback_round})": rate("comeback_rate", "comeback", row.comeback_games),
        "kingmaker share": rate("kingmaker_share", "kingmaker", row.kingmaker_games),
        "skill (strategies)": share("skill"),
        "seat": share("seat"),
        "luck (dice, cards, the rest)": share("luck"),
    }


DESIGNER_READINGS = {
    "first-player advantage": "seat 1's share of finished games minus the fair share",
    "lead changes a game": "times the leader (the family's measure of who is ahead) changed, round end to round end",
    "decided at round": "the round from which the eventual winner led at every round's end",
    "rounds a game": "finished games' length, for scale",
    "kingmaker share": "winner took the lead for good in a round a player went out (3+ in, the leader stayed)",
    "skill (strategies)": "share of the win's variance the strategies explain (bias-corrected; 0: no skill shows)",
    "seat": "share the seats explain",
    "luck (dice, cards, the rest)": "what neither explains",
}


def designer_summary(frame: pd.DataFrame, label: str) -> Table:
    """A designer's summary of one setup: each measure, its 95% interval and how to read it."""
    row = frame.iloc[0]
    rows = []
    for measure, cell in designer_cells(row).items():
        reading = DESIGNER_READINGS.get(measure, f"games won by the player alone in last place at round "
                                                 f"{row.comeback_round}'s end; the fair share is "
                                                 f"{percent(row.comeback_fair_share)}, over "
                                                 f"{count(row.comeback_games)} games with one player alone last then")
        rows.append([measure, cell, reading])
    return Table(f"Designer's summary: {label}", ["measure", "value [95% CI]", "reading"], rows,
                 [f"{count(row.games)} games of {row.players} players, {count(row.finished)} finished (every "
                  f"measure is over finished games); definitions and sources: docs/measures.md"])


def designer_points_table(frame: pd.DataFrame, axes: list[str]) -> Table:
    """The designer measures at each point of a sweep."""
    rows, headers = [], None
    for _, row in frame.iterrows():
        cells = designer_cells(row)
        cells.pop("rounds a game")
        headers = axes + list(cells)
        rows.append([str(row[a]) for a in axes] + list(cells.values()))
    return Table("Sweep: the designer measures at each point (95% CI)", headers, rows,
                 ["definitions and sources: docs/measures.md (`monopoly-mc designer` for one setup)"], keys=len(axes))
