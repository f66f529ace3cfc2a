"""Reports: one self-contained HTML file (plots embedded) or Markdown (plots beside it) from finished runs.

A report reads only stored or in-memory results. For each source it shows the manifest, the strategy
ranking, seats, game length, head to head, properties and colour groups, cards, and a sweep's points,
then the method.
"""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from pathlib import Path

import simulator
from simulator import analysis, plots
from simulator import presentation as present
from simulator.results import Results, write_atomically
from simulator.tuning import Outcome

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
    "Differences carry normal 95% intervals and two-sided tests, Holm-adjusted across the comparisons of one table.",
    "Seats rotate every game unless the manifest says fixed seats, so seat advantage cannot pose as strategy skill.",
    "Colour-group lift compares players who held the group complete at the start of one of their turns (in classic, "
    "Walking Dead and Millionaire before the first bankruptcy, so a group collected from a bankrupt player does not "
    "count) with those who did not, within each strategy, averaged with weights n1*n2/(n1+n2).",
    "Card shifts compare the drawer's outcome after drawing the card with after drawing another card of the same "
    "deck: which card a draw turns up is chance, so the comparison is randomised.",
]


CARDS_SHOWN = 12  # the same cards in the table and the plot


@dataclass
class Block:
    kind: str               # heading, text, table, figure
    content: object
    name: str = ""          # figure file name (Markdown)


def build(sources: list[tuple[str, list[Results] | Outcome]], summary: list[str] = ()) -> list[Block]:
    """The report's blocks: the summary's paragraphs (if any), each source, then the method."""
    blocks: list[Block] = [Block("heading", "Summary")] + [Block("text", p) for p in summary] if summary else []
    for index, (label, source) in enumerate(sources):
        searched = isinstance(source, Outcome)
        blocks += _search_blocks(index, label, source) if searched else _source_blocks(index, label, source)
    blocks.append(Block("heading", "Method"))
    blocks += [Block("text", line) for line in METHOD]
    if any(isinstance(source, Outcome) for _, source in sources):
        blocks.append(Block("text", SEARCH_METHOD))
    blocks.append(Block("text", f"monopoly-mc {simulator.__version__}."))
    return blocks


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
    lines.append(f"{len(runs)} run(s), {games:,} games, {first['players']} players, seed {first['seed']}"
                 + (" (first run)" if len(runs) > 1 else "")
                 + f", seats {'rotated' if first['rotate_seats'] else 'fixed'}, version {first['version']}, "
                   f"started {first['started']}")
    lineups = {", ".join(e["strategy"] for e in r.manifest["lineup"]) for r in runs}
    lines.append("Lineups: " + "; ".join(sorted(lineups)))
    return lines


def _source_blocks(index: int, label: str, runs: list[Results]) -> list[Block]:
    prefix = f"s{index}"
    heading = label if label == runs[0].edition else f"{label} ({runs[0].edition})"
    blocks = [Block("heading", heading)]
    blocks += [Block("text", line) for line in _manifest_lines(runs)]
    if all("values" in r.info for r in runs):
        axes = list(runs[0].info["values"])
        table = analysis.sweep_table(runs)
        blocks.append(Block("table", present.sweep_table(table, axes)))
        blocks.append(Block("figure", plots.sweep(table, axes, f"Sweep over {' and '.join(axes)}"), f"{prefix}_sweep.png"))
        return blocks
    ranking = analysis.strategy_ranking(runs)
    blocks.append(Block("table", present.ranking_table(ranking)))
    blocks.append(Block("figure", plots.win_rates(ranking, f"Win rate per strategy, {runs[0].edition}"),
                        f"{prefix}_win_rates.png"))
    blocks.append(Block("table", present.head_to_head_table(analysis.head_to_head(runs))))
    blocks.append(Block("table", present.seat_table(analysis.seat_table(runs))))
    blocks.append(Block("table", present.length_table(analysis.length_table(runs))))
    blocks.append(Block("figure", plots.length_distribution(analysis.rounds_histogram(runs), "Game length"),
                        f"{prefix}_length.png"))
    if analysis.has_board(runs):
        squares = analysis.square_table(runs)
        blocks.append(Block("table", present.squares_table(squares)))
        blocks.append(Block("figure", plots.board_heatmap(squares, "landing_share", "Where rolls end"),
                            f"{prefix}_landings.png"))
        blocks.append(Block("figure", plots.board_heatmap(squares, "rent_per_game", "Rent collected per game"),
                            f"{prefix}_rent.png"))
    if all(r.has_frames for r in runs):
        groups = analysis.group_table(runs)
        blocks.append(Block("table", present.groups_table(groups)))
        blocks.append(Block("figure", plots.group_win_rates(groups, "Win rate with and without each colour group"),
                            f"{prefix}_groups.png"))
    if analysis.has_star_levels(runs):
        blocks.append(Block("table", present.star_table(analysis.star_table(runs))))
    cards = analysis.card_table(runs)
    blocks.append(Block("table", present.cards_table(cards, top=CARDS_SHOWN)))
    blocks.append(Block("figure", plots.card_shifts(cards, "Cards that swing games", top=CARDS_SHOWN),
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
             present.search_line(outcome)]
    if outcome.importances:
        lines.append(present.importance_line(outcome))
    directions = {o.name: o.direction for o in problem.objectives}
    return [Block("heading", f"{label} ({problem.kind})"), *(Block("text", line) for line in lines),
            Block("table", present.finalists_table(outcome, baseline)),
            Block("figure", plots.search(outcome.trials, directions, outcome.importances,
                                         f"{problem.kind}, {label}"), f"s{index}_search.png")]


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
    _write_whole(path, environment.get_template("report.html.j2").render(title=title, blocks=blocks, images=images))


def write_markdown(blocks: list[Block], title: str, path: Path) -> None:
    figures = path.parent / f"{path.stem}_files"
    parts = [f"# {title}", ""]
    for block in blocks:
        if block.kind == "heading":
            parts += [f"## {block.content}", ""]
        elif block.kind == "text":
            parts += [block.content, ""]
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
