"""The designer's measures over stored or sampled games: `ratings` (who is rated above whom, and which mix of
strategies is stable) and `sensitivity` (which of an edition's values matter)."""
from __future__ import annotations

from pathlib import Path

import click

from simulator.cli.options import CliError, analysis_command, format_option
from simulator.tables import as_csv, as_json


@click.command()
@click.argument("results", nargs=-1, type=click.Path(path_type=Path))
@click.option("--resamples", default=200, show_default=True, type=click.IntRange(min=0, max=10_000),
              help="Bootstrap resamples of the games behind the equilibrium weights' intervals (0: none).")
@click.option("--seed", default=0, show_default=True, help="Seed of the bootstrap.")
@format_option
@analysis_command
def ratings(results, resamples, seed, output_format):
    """Who is rated above whom, and which mix of strategies is stable: Plackett-Luce ratings with 95% intervals
    from the finishing orders of the stored games of RESULTS (tournaments and runs of one game, any lineups
    and player counts), and the equilibrium of the head-to-head meta-game. Ends with one sentence: is there a
    dominant strategy, and which mix is stable?"""
    from simulator import metagame as rating
    from simulator.results import load_results
    if not results:
        raise CliError("ratings: give the RESULTS directories to rate (a tournament's --out, or runs of one game)")
    runs = load_results(list(results))
    table, sentence, orderings = rating.ratings(runs, resamples, seed)
    if output_format == "json":
        click.echo(as_json({"ratings": table, "answer": sentence, "finished_games": int(orderings.counts.sum()),
                            "unfinished_games": orderings.unfinished}))
    elif output_format == "csv":
        click.echo(as_csv({"ratings": table}))
    else:
        click.echo(rating.table_of(table, orderings, runs[0].edition).text() + "\n\n" + sentence)


COMMANDS = (ratings,)
