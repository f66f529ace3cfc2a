"""The designer's measures over stored or sampled games: `ratings` (who is rated above whom, and which mix of
strategies is stable) and `sensitivity` (which of an edition's values matter)."""
from __future__ import annotations

from pathlib import Path

import click

from simulator.cli.options import (CliError, analysis_command, edition_option, format_option, output_file,
                                   overrides_of, set_option, user_code_options, variant_option)
from simulator.metagame import RESAMPLES
from simulator.progress import progress_bar
from simulator.screening import GAMES, TRAJECTORIES
from simulator.tables import PLOT_FORMATS, as_csv, as_json


@click.command()
@click.argument("results", nargs=-1, type=click.Path(path_type=Path))
@click.option("--resamples", default=RESAMPLES, show_default=True, type=click.IntRange(min=0, max=10_000),
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


@click.command()
@edition_option
@variant_option
@set_option
@click.option("--vary", multiple=True, required=True, metavar="PATH=LOW:HIGH",
              help="A value of the edition to screen over a range, any path --set takes "
                   "(rules.start_cash=1000:2000, decks.deal.cards.deal_breaker.count=0:4) (repeatable).")
@click.option("--objective", required=True, metavar="NAME",
              help="spread (strongest minus weakest strategy's win rate, pts), first_player (the first seat's "
                   "win rate minus its fair share, pts) or length (mean rounds of a finished game).")
@click.option("--players", "-p", default=4, show_default=True, help="Number of players.")
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME",
              help="The lineup (repeatable; default: the family's default lineup).")
@click.option("--games", "-n", default=GAMES, show_default=True, help="Games per design point.")
@click.option("--trajectories", "-r", default=TRAJECTORIES, show_default=True,
              help="Morris paths through the ranges: the design plays (values + 1) points per path.")
@click.option("--seed", default=0, show_default=True,
              help="Seed of the design and of every point's games (common random numbers).")
@click.option("--threads", type=int, default=None, help="Threads to use (default: all cores).")
@click.option("--plot", type=click.Path(path_type=Path), default=None, callback=output_file(*PLOT_FORMATS),
              help="Write the tornado plot (.png, .svg or .pdf).")
@format_option
@click.option("--progress/--no-progress", default=True, show_default=True, help="Progress bar on stderr.")
@analysis_command
@user_code_options
def sensitivity(edition, variant, overrides, vary, objective, players, strategy_names, games, trajectories, seed,
                threads, plot, output_format, progress):
    """Which of an edition's values matter for an objective: Morris screening (SALib) over the --vary ranges,
    every point of the design played like a sweep's point on the same seed. Per value, mu* (how much it
    matters) with its 95% interval, mu (its direction) with its interval, and whether an effect is found;
    a tornado plot with --plot."""
    from simulator import screening
    from simulator.search import CLI_SEARCH
    plan = screening.screening(edition, list(vary), objective, list(strategy_names), players, variant,
                               overrides_of(overrides), games, seed, trajectories, CLI_SEARCH, threads=threads)
    points = plan.trajectories * (len(plan.dimensions) + 1)
    with progress_bar(points * plan.games, "Sensitivity", progress and output_format == "table") as bar:
        frame = screening.sensitivity(plan, progress=bar.update)
    label = plan.spec({}, 1).edition.name + (f" ({variant})" if variant else "")
    if output_format == "json":
        click.echo(as_json({"objective": objective, "meaning": plan.question.meaning, "unit": plan.question.unit,
                            "edition": label, "values": frame}))
    elif output_format == "csv":
        click.echo(as_csv({"values": frame}))
    else:
        click.echo(screening.table_of(frame, plan, label).text())
    if plot is not None:
        from simulator import plots
        title = (f"{label}: which values move the {plan.question.meaning}? Morris screening, "
                 f"{plan.trajectories} paths of {plan.games:,} games a point")
        plots.save(plots.tornado(frame, title, plan.question.meaning, plan.question.unit), plot)
        click.echo(f"Plot: {plot}")


COMMANDS = (ratings, sensitivity)
