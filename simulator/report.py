"""Reports: one self-contained HTML file (plots embedded) or Markdown (plots beside it) from finished runs.

A report reads only stored or in-memory results. For each source it shows the manifest, the strategy
ranking, seats, game length, head to head, properties and colour groups, cards, and a sweep's points,
then the method.
"""
from __future__ import annotations

import base64
import io
import json
from dataclasses import dataclass
from pathlib import Path

import simulator
from simulator import analysis, plots
from simulator import presentation as present
from simulator.results import COLLECTION, Results, write_atomically
from simulator.tables import interval, percent
from simulator.tuning import Outcome
from simulator.stats import ALPHA, MIN_COUNT

SEARCH_METHOD = (
    "A search (optimize, balance) races its candidates, the baseline among them, in brackets: every candidate of "
    "a bracket plays a rung of games on seeds shared by all candidates before the best third (at least two) go "
    "on to the next (successive halving, rung by rung); the finalists, the best at the last rung, are replayed "
    "beside the baseline on the same fresh seeds, with 95% bootstrap intervals over games and paired intervals "
    "of each change, simultaneous over the finalists. Rates are in %, differences of rates in points.")
METHOD = [
    "Every game is seeded from (seed, game index) with splitmix64 and xoshiro256**, so the same seed gives the "
    "same results whatever the threads or batches; a tournament's tables and a sweep's points are runs of their own "
    "(tournament tables draw independent seeds from the seed; sweep points share it, so they differ by their "
    "values and not by luck).",
    "Rates are per player-game (a strategy seated twice in a game plays twice) with Wilson 95% intervals. "
    "Tests respect how the counts were made: a lead in the ranking is a sign test on the games one of the two "
    "won; head to head weighs a game's meetings as one game (their Mann-Whitney variance); seats are measured "
    "among finished games; runs compared on shared seeds are paired by game. Differences of two rates carry "
    "Newcombe's interval. Tests are two-sided and Holm-adjusted across the comparisons of one table; a row under "
    f"{MIN_COUNT} observations is neither ranked nor tested.",
    "Seats rotate every game unless the manifest says fixed seats, so seat advantage cannot pose as strategy skill.",
    "Colour-group lift compares players who held the group complete at the start of one of their turns (in classic, "
    "Walking Dead and Millionaire before the first bankruptcy, so a group collected from a bankrupt player does not "
    "count) with those who did not, within each strategy, averaged with weights n1*n2/(n1+n2) (Mantel-Haenszel), "
    "with Wilson intervals per strategy combined by MOVER and the Cochran-Mantel-Haenszel test, both widened by the "
    "design effect of the players of one game (one winner, so one player's win is the others' loss; on a board "
    "at most one holder of a group).",
    "Card shifts compare the drawer's outcome after drawing the card with after drawing another card of the same "
    "deck: which card a draw turns up is chance, so the comparison is randomised.",
]


CARDS_SHOWN = 12  # the same cards in the table and the plot


@dataclass
class Block:
    kind: str               # heading, text, list, table, figure
    content: object
    name: str = ""          # figure file name (Markdown)


NOT_AVAILABLE = ("-: no value to show (nothing measured there, e.g. a square that earned no rent has no payback "
                 "and so no rank, a group nobody held complete has no lift).")


def build(sources: list[tuple[str, list[Results] | Outcome]], summary: list[str] = ()) -> list[Block]:
    """The report's blocks: the three findings that matter most (each with its interval), the summary's
    paragraphs (if any), each source, then the method."""
    blocks: list[Block] = [Block("heading", "Key findings"), Block("list", key_findings(sources))]
    if summary:
        blocks += [Block("heading", "Summary")] + [Block("text", p) for p in summary]
    # one colour per strategy over the whole report, whichever sources a strategy plays in
    colours = plots.strategy_colours(entry["strategy"] for _, source in sources if not isinstance(source, Outcome)
                                     for run in source for entry in run.manifest["lineup"])
    for index, (label, source) in enumerate(sources):
        searched = isinstance(source, Outcome)
        blocks += _search_blocks(index, label, source) if searched else _source_blocks(index, label, source, colours)
    blocks.append(Block("heading", "Method"))
    blocks += [Block("text", line) for line in METHOD]
    if any(isinstance(source, Outcome) for _, source in sources):
        blocks.append(Block("text", SEARCH_METHOD))
    blocks.append(Block("text", f"monopoly-mc {simulator.__version__}."))
    for block in blocks:
        if block.kind == "table":
            _mark_missing(block.content)
    return blocks


MISSING = {"<NA>", "nan", "NaN", "None", "NaT", "[-, -]"}


def _mark_missing(table: present.Table) -> None:
    """Cells with no value read "-", and the table says what "-" means, instead of pandas' `<NA>` or `nan`."""
    replaced = [["-" if cell.strip() in MISSING else cell for cell in row] for row in table.rows]
    if replaced != table.rows:
        table.rows = replaced
        table.notes.append(NOT_AVAILABLE)


def default_title(sources: list[tuple[str, list[Results] | Outcome]]) -> str:
    """The report's title when the user gives none: the editions it covers."""
    editions = dict.fromkeys(source.problem.edition if isinstance(source, Outcome) else source[0].edition
                             for _, source in sources)
    return f"monopoly-mc report: {', '.join(editions)}"


def key_findings(sources: list[tuple[str, list[Results] | Outcome]], count: int = 3) -> list[str]:
    """The `count` findings that matter most, each with its 95% interval: per source, in that order, the
    leading strategy against the fair share, then the colour group (or card) that moves games the most,
    then the first seat; a sweep's largest swing and a search's best finalist. With several sources, their
    first findings come first."""
    per_source = [_search_findings(label, source) if isinstance(source, Outcome) else
                  _sweep_findings(label, source) if all("values" in r.info for r in source) else
                  _run_findings(label, source, len(sources) > 1) for label, source in sources]
    ordered = [f for rank in range(max(map(len, per_source), default=0)) for f in
               (findings[rank] for findings in per_source if rank < len(findings))]
    return ordered[:count]


def _run_findings(label: str, runs: list[Results], named: bool) -> list[str]:
    where = f" ({label})" if named else ""
    ranking = analysis.strategy_ranking(runs)
    leader = ranking.iloc[0]
    lead = (f"; {'a significant' if leader.significant else 'not a significant'} lead of "
            f"{present.points(leader.lead_over_next)} over {ranking.strategy.iloc[1]}" if len(ranking) > 1 else "")
    fair = f" against a fair share of {percent(leader.fair_share)}" if leader.fair_share == leader.fair_share else ""
    findings = [f"{leader.strategy} wins {percent(leader.win_rate)} of its games "
                f"{interval(leader.ci_low, leader.ci_high)}{fair}{lead}{where}."]
    if all(r.has_frames for r in runs) and analysis.has_board(runs):
        groups = analysis.group_table(runs)
        groups = groups[~groups.small_n].dropna(subset=["lift"])  # a row too few to rank is no finding
        if len(groups):
            best = groups.sort_values("lift", ascending=False).iloc[0]
            findings.append(f"Players who completed {best.group} won {present.points(best.lift)} "
                            f"{present.point_interval(best.lift_ci_low, best.lift_ci_high)} more often than players "
                            f"of the same strategy who did not, the largest such lift"
                            f"{'' if best.significant else ', not significant'}{where}: an association (winners "
                            f"also complete groups), not the effect of completing it.")
    else:
        cards = analysis.card_table(runs)
        cards = cards[~cards.small_n].dropna(subset=["win_shift"])
        if len(cards):
            card = cards.loc[cards.win_shift.abs().idxmax()]
            findings.append(f"The card that swings games the most is \u201c{card.text}\u201d ({card.deck}): "
                            f"{present.points(card.win_shift)} "
                            f"{present.point_interval(card.win_shift_ci_low, card.win_shift_ci_high)} on the "
                            f"drawer's win rate against another card of its deck"
                            f"{'' if card.significant else ', not significant'}{where}.")
    seat = analysis.seat_table(runs).iloc[0]
    findings.append(f"The first seat wins {percent(seat.win_rate)} {interval(seat.ci_low, seat.ci_high)}, "
                    f"{present.points(seat.advantage)} against the fair share, "
                    f"{'a significant' if seat.significant else 'not a significant'} difference{where}.")
    return findings


def _sweep_findings(label: str, runs: list[Results]) -> list[str]:
    frame = analysis.sweep_table(runs)
    axes = list(runs[0].info["values"])

    def at(row) -> str:
        return ", ".join(f"{a} = {row[a]}" for a in axes)
    # over a players sweep the fair share moves too: a strategy's swing is measured against it
    above_fair = frame.win_rate - (1 / frame.players if "players" in axes else 0)
    swings = above_fair.groupby(frame.strategy).agg(lambda rates: rates.max() - rates.min())
    strategy = swings.idxmax()
    rows = above_fair[frame.strategy == strategy]
    low, high = frame.loc[rows.idxmin()], frame.loc[rows.idxmax()]
    findings = [f"{strategy}'s win rate moves the most over the sweep ({label}): {percent(low.win_rate)} "
                f"{interval(low.ci_low, low.ci_high)} at {at(low)}, {percent(high.win_rate)} "
                f"{interval(high.ci_low, high.ci_high)} at {at(high)}"
                + (" (against a fair share of 100/players %, not tested: the fair share moves)." if "players" in axes
                   else f"; {_swing_test(runs, axes, low, high, strategy, frame)}.")]
    points = frame.drop_duplicates(axes)
    short, long = points.loc[points.mean_rounds.idxmin()], points.loc[points.mean_rounds.idxmax()]
    findings.append(f"Games last {short.mean_rounds:.1f} rounds on average [{short.mean_rounds_ci_low:.1f}, "
                    f"{short.mean_rounds_ci_high:.1f}] at {at(short)} and {long.mean_rounds:.1f} "
                    f"[{long.mean_rounds_ci_low:.1f}, {long.mean_rounds_ci_high:.1f}] at {at(long)} ({label}).")
    return findings


def _swing_test(runs: list[Results], axes: list[str], low, high, strategy: str, frame) -> str:
    """The test of the largest swing between its two points, Bonferroni-adjusted over every strategy and
    pair of points it was chosen from (the choice is made after seeing the rates)."""
    def run_at(row) -> Results:
        return next(r for r in runs if all(r.info["values"][a] == row[a] for a in axes))
    difference = analysis.point_difference(run_at(low), run_at(high), strategy)
    points = len(frame.drop_duplicates(axes))
    considered = frame.strategy.nunique() * points * (points - 1) // 2
    adjusted = min(1.0, difference["p_value"] * considered)
    how = "paired on the shared seeds" if difference["paired"] else "as independent samples"
    called = "a significant change" if adjusted < ALPHA else "within noise"
    return (f"{present.points(difference['difference'])} "
            f"{present.point_interval(difference['ci_low'], difference['ci_high'])} {how}, p = "
            f"{present.p_value(adjusted)} Bonferroni-adjusted over the {considered} strategy and point pairs it "
            f"was chosen from: {called}")


def _search_findings(label: str, outcome: Outcome) -> list[str]:
    """The search's verdict as the command printed it: the finalist best on the fresh games against the baseline,
    paired, and whether it beats it."""
    baseline = f"{outcome.problem.names[0]} as registered" if outcome.problem.kind == "optimize" else "as written"
    return [f"The {outcome.problem.kind} search ({label}): " + present.best_line(outcome, baseline).replace("\n", " ")]
def _given_seed(runs: list[Results]) -> tuple[int, str]:
    """The seed as the user gave it, and how the runs drew theirs from it: a tournament's tables each draw
    a seed of their own from it, stored in their manifests; the collection keeps the given one."""
    directory = runs[0].directory
    collection = directory.parent / COLLECTION if directory is not None else None
    if collection is not None and collection.is_file():
        settings = json.loads(collection.read_text())
        if settings.get("kind") == "tournament" and "seed" in settings:
            return settings["seed"], " (each table draws its own seed from it)"
    return runs[0].manifest["seed"], " (shared by every point)" if len(runs) > 1 else ""


def _manifest_lines(runs: list[Results]) -> list[str]:
    first = runs[0].manifest
    edition = first["edition"]
    games = sum(r.summary["games"] for r in runs)
    lines = [f"Edition {runs[0].edition}: {edition.get('title', '')} (data file {Path(edition['source']).name}, "
             f"SHA-256 {edition['file_sha256'][:16]}..., rules SHA-256 {edition['rules_sha256'][:16]}...)"]
    # a sweep's points differ by their values: only what every run shares is a fixed override
    shared = [tuple(o) for o in edition["overrides"]
              if all(list(o) in r.manifest["edition"]["overrides"] for r in runs)]
    swept = {path for r in runs for path in r.info.get("values", {})}
    fixed = [(p, v) for p, v in shared if p not in swept]
    if fixed:
        lines.append("Overrides: " + ", ".join(f"{p}={v}" for p, v in fixed))
    for path in sorted(swept):
        values = list(dict.fromkeys(r.info["values"][path] for r in runs if path in r.info.get("values", {})))
        lines.append(f"Swept: {path} over {', '.join(map(str, values))}")
    seed, drawn = _given_seed(runs)
    lines.append(f"{len(runs)} run(s), {games:,} games, {first['players']} players, seed {seed}{drawn}"
                 + f", seats {'rotated' if first['rotate_seats'] else 'fixed'}, version {first['version']}, "
                   f"started {first['started']}")
    lineups = {", ".join(e["strategy"] for e in r.manifest["lineup"]) for r in runs}
    lines.append("Lineups: " + "; ".join(sorted(lineups)))
    return lines


def _source_blocks(index: int, label: str, runs: list[Results], colours: dict) -> list[Block]:
    prefix = f"s{index}"
    heading = label if label == runs[0].edition else f"{label} ({runs[0].edition})"
    blocks = [Block("heading", heading)]
    blocks += [Block("text", line) for line in _manifest_lines(runs)]
    if all("values" in r.info for r in runs):
        axes = list(runs[0].info["values"])
        table = analysis.sweep_table(runs)
        blocks.append(Block("table", present.sweep_table(table, axes)))
        blocks.append(Block("figure", plots.sweep_of(table, runs, colours), f"{prefix}_sweep.png"))
        return blocks
    ranking = analysis.strategy_ranking(runs)
    blocks.append(Block("table", present.ranking_table(ranking)))
    blocks.append(Block("figure", plots.win_rates(ranking, plots.title_for("win-rates", runs), colours),
                        f"{prefix}_win_rates.png"))
    blocks.append(Block("table", present.head_to_head_table(analysis.head_to_head(runs))))
    blocks.append(Block("table", present.seat_table(analysis.seat_table(runs))))
    blocks.append(Block("table", present.length_table(analysis.length_table(runs))))
    blocks.append(Block("figure", plots.length_distribution(analysis.rounds_histogram(runs),
                                                            plots.title_for("length", runs)),
                        f"{prefix}_length.png"))
    if analysis.has_board(runs):
        squares = analysis.square_table(runs)
        blocks.append(Block("table", present.squares_table(squares)))
        blocks.append(Block("figure", plots.board_heatmap(squares, "landing_share", plots.title_for("landings", runs)),
                            f"{prefix}_landings.png"))
        blocks.append(Block("figure", plots.board_heatmap(squares, "rent_per_game", plots.title_for("rent", runs)),
                            f"{prefix}_rent.png"))
    if all(r.has_frames for r in runs):
        groups = analysis.group_table(runs)
        blocks.append(Block("table", present.groups_table(groups)))
        blocks.append(Block("figure", plots.group_win_rates(groups, plots.title_for("groups", runs),
                                                            fair_share=runs[0].summary["fair_share"]),
                            f"{prefix}_groups.png"))
    if analysis.has_star_levels(runs):
        blocks.append(Block("table", present.star_table(analysis.star_table(runs))))
    cards = analysis.card_table(runs)
    blocks.append(Block("table", present.cards_table(cards, top=CARDS_SHOWN)))
    blocks.append(Block("figure", plots.card_shifts(cards, plots.title_for("cards", runs), top=CARDS_SHOWN),
                        f"{prefix}_cards.png"))
    return blocks


def _search_blocks(index: int, label: str, outcome: Outcome) -> list[Block]:
    """A search kept by --out: what it varied and sought, its candidates against the games, its finalists."""
    problem = outcome.problem
    baseline = f"{problem.names[0]} as registered" if problem.kind == "optimize" else "as written"
    lineup = [s.name for s in problem.spec({}, 1, 0).lineup]
    lines = [f"{problem.kind} on {problem.edition}, played by {', '.join(lineup)}, seats rotated every game; "
             f"started {outcome.started}",
             "Varied: " + ", ".join(d.describe() for d in problem.dimensions),
             "Sought: " + "; ".join(f"{o.name}, {o.direction}d: {o.meaning}" for o in problem.objectives),
             present.search_line(outcome), *present.best_line(outcome, baseline).split("\n")]
    if outcome.importances:
        lines.append(present.importance_line(outcome))
    return [Block("heading", f"{label} ({problem.kind})"), *(Block("text", line) for line in lines),
            Block("table", present.finalists_table(outcome, baseline)),
            Block("figure", plots.search_of(outcome), f"s{index}_search.png")]


def _png(figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plots.plt.close(figure)
    return buffer.getvalue()


def write_html(blocks: list[Block], title: str, path: Path) -> None:
    """One self-contained page (plots embedded) from templates/report.html.j2, every text escaped."""
    import jinja2
    environment = jinja2.Environment(loader=jinja2.PackageLoader("simulator", "templates"), autoescape=True,
                                     trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    images = [base64.b64encode(_png(b.content)).decode() if b.kind == "figure" else "" for b in blocks]
    contents = [(anchor, block.content) for anchor, block in zip(_anchors(blocks), blocks) if anchor]
    _write_whole(path, environment.get_template("report.html.j2").render(
        title=title, blocks=blocks, images=images, anchors=_anchors(blocks), contents=contents))


def _anchors(blocks: list[Block]) -> list[str]:
    """Each heading's anchor for the table of contents (blank for the other blocks)."""
    return [f"section-{k}" if b.kind == "heading" else "" for k, b in enumerate(blocks)]


def write_markdown(blocks: list[Block], title: str, path: Path) -> None:
    figures = path.parent / f"{path.stem}_files"
    parts = [f"# {title}", "", "Contents:", ""]
    parts += [f"- [{b.content}](#{anchor})" for anchor, b in zip(_anchors(blocks), blocks) if anchor] + [""]
    for anchor, block in zip(_anchors(blocks), blocks):
        if block.kind == "heading":
            parts += [f'<a id="{anchor}"></a>', "", f"## {block.content}", ""]
        elif block.kind == "text":
            parts += [block.content, ""]
        elif block.kind == "list":
            parts += [f"- {item}" for item in block.content] + [""]
        elif block.kind == "table":
            parts += [block.content.markdown(), ""]
        else:
            figures.mkdir(parents=True, exist_ok=True)
            (figures / block.name).write_bytes(_png(block.content))
            parts += [f"![{block.name}]({figures.name}/{block.name})", ""]
    _write_whole(path, "\n".join(parts))


def _write_whole(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, text)
