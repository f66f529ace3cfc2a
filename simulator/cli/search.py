"""Searches: `optimize` (a strategy's best response to a field) and `balance` (an edition's values that meet a
designer's goals), each an Optuna study over the runner, written out as a strategy file or a data file."""
from __future__ import annotations

from pathlib import Path

import click

from simulator import presentation as present
from simulator import tables
from simulator.cli.options import (
    CliError, Interrupted, batches_on, edition_option, output_file, overrides_of, results_folder, scheduler_option,
    set_option, user_code_options, user_errors, variant_option, workers_option,
)
from simulator.progress import progress_bar
from simulator.tables import PLOT_FORMATS
from strategies import available

NO_IMPROVEMENT = 3   # the exit code of a search whose best finalist does not beat the baseline on the fresh games


def search_options(command):
    """The options both searches share: budget, games per candidate, finalists, seeds, where to play and keep."""
    for option in reversed([
        edition_option, variant_option, set_option,
        click.option("--budget", default="200k", show_default=True, metavar="GAMES|TIME",
                     help="Games the search may play (200000, 200k, 2M), at least two candidates' every rung "
                          "(refused before any game if less), or its time (90s, 10m, 1h); the finalists' fresh "
                          "games come on top."),
        click.option("--games", "-n", default=20_000, show_default=True,
                     help="Games a candidate plays if it is never pruned (rungs of about 1/9, 1/3 and all of it, "
                          "rounded up to whole rotations of the seats)."),
        click.option("--finalists", default=3, show_default=True,
                     help="The best candidates played again on fresh seeds, beside the baseline."),
        click.option("--recheck", type=int, default=None, metavar="GAMES",
                     help="Fresh games per finalist (default: --games)."),
        click.option("--seed", default=0, show_default=True,
                     help="Seed of the sampler and of the games: the same seed gives the same study."),
        click.option("--threads", type=int, default=None, help="Threads to use (default: all cores)."),
        scheduler_option, workers_option,
        click.option("--out", "-o", type=click.Path(path_type=Path), default=None, callback=results_folder,
                     help="Keep the study here (an SQLite file, the candidates and finalists as CSV); the same "
                          "command resumes it after an interruption."),
        click.option("--plot", type=click.Path(path_type=Path), default=None, callback=output_file(*PLOT_FORMATS),
                     help="Draw the search: the objective against games spent, and the importance of each "
                          "value (.png, .svg or .pdf)."),
        click.option("--format", "output_format", type=click.Choice(tables.FORMATS), default="table",
                     show_default=True, help="table: for reading; json or csv: the candidates and finalists."),
        click.option("--progress/--no-progress", default=True, show_default=True,
                     help="Progress bar with the best so far on stderr."),
        user_code_options,
    ]):
        command = option(command)
    return command


def written_options(players_help: str, named: str, suffix: str, written: str):
    """--players, and the name and file of what the search writes, then the shared options."""
    def decorate(command):
        for option in reversed([
            click.option("--players", "-p", default=4, show_default=True, help=players_help),
            click.option("--name", default=None, help=f"Name of {named}."),
            click.option("--write", type=click.Path(path_type=Path), default=None, callback=output_file(suffix),
                         help=f"Write {written}, if it beats the baseline on the fresh games (paired interval); "
                              f"else nothing is written and the exit code is {NO_IMPROVEMENT}."),
            click.option("--force", is_flag=True,
                         help="Write the best finalist even when it does not beat the baseline (the exit code "
                              f"is still {NO_IMPROVEMENT})."),
        ]):
            command = option(command)
        return search_options(command)
    return decorate


def _run(problem, budget_text, finalists, recheck, threads, scheduler, workers, out, progress, output_format):
    from simulator.tuning import games_to_play, parse_budget, run_search
    budget = parse_budget(budget_text)
    try:
        with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                progress_bar(games_to_play(problem, budget, finalists, recheck), problem.kind.capitalize(),
                             progress and output_format == "table") as bar:
            return run_search(problem, budget, finalists, recheck, out, executor, bar.update, bar.describe,
                              bar.note)
    except Interrupted:
        raise Interrupted(f"the study is kept in {out}: run the same command to resume it" if out is not None
                          else "nothing was kept (no --out)") from None


def _emit(outcome, output_format: str, text: str, plot: Path | None) -> None:
    if output_format == "json":
        click.echo(tables.as_json({"trials": outcome.trials, "finalists": outcome.finalists,
                                   "best": outcome.best, "improves": outcome.improves,
                                   "games": outcome.games,
                                   "recheck_games": outcome.recheck_games, "importances": outcome.importances}))
    elif output_format == "csv":
        click.echo(tables.as_csv({"trials": outcome.trials, "finalists": outcome.finalists}))
    else:
        click.echo(text)
    if plot is not None:
        from simulator import plots
        plots.save(plots.search_of(outcome), plot)


def _report(outcome, baseline_label: str) -> list[str]:
    """The search's line, the finalists beside the baseline on the same fresh games, and the importances."""
    lines = [present.search_line(outcome), "", present.finalists_table(outcome, baseline_label).text()]
    if outcome.importances:
        lines.append(present.importance_line(outcome))
    if len(outcome.problem.objectives) > 1:
        lines.append(f"(the Pareto front of the search, at most --finalists of it; the one written is the best "
                     f"in {outcome.problem.objectives[0].name} on the fresh games)")
    return lines


def _written(outcome, force: bool, write: Path | None, text: str, played: str) -> list[str]:
    """Write the chosen values if they beat the baseline (or --force); else say that nothing was written."""
    if write is None:
        return []
    if not outcome.improves and not force:
        return [f"Wrote nothing (exit code {NO_IMPROVEMENT}): --force writes the best finalist anyway"]
    write.parent.mkdir(parents=True, exist_ok=True)
    write.write_text(text)
    return [f"Wrote {write}: {played}" + ("" if outcome.improves else " (--force: it does not beat the baseline)")]


@click.command()
@click.option("--strategy", "-s", "strategy", required=True, metavar="NAME", help="The strategy to tune.")
@click.option("--param", "params", multiple=True, required=True, metavar="NAME=LOW:HIGH|A,B,...",
              help="A parameter of the strategy to vary: a range of integers (build_reserve=0:500), of reals "
                   "(trade_offer=0.0:3.0) or choices (build_target=3,4,5) (repeatable).")
@click.option("--field", "field_names", default=None, metavar="A,B,...",
              help="The opponents, one seat each (default: the family's default lineup without the strategy, "
                   "up to --players).")
@written_options("Table size when --field is not given.", "the tuned strategy (default: NAME_tuned)", ".py",
                 "the tuned strategy as a strategy file of your own (--strategy-file FILE.py -s NAME plays it)")
def optimize(strategy, params, field_names, players, name, write, force, edition, variant, overrides, budget, games,
             finalists, recheck, seed, threads, scheduler, workers, out, plot, output_format, progress):
    """The parameter values of a strategy that maximise its win rate against a field: an Optuna study whose
    candidates, the strategy as registered among them, race on the same seeds in rungs of more and more games,
    the worse of each rung stopped once all played it; then the best few and the strategy as registered played
    again on fresh seeds, with 95% intervals. Exit code 3 when no finalist beats the strategy as registered."""
    from simulator.tuning import CLI_SEARCH, optimize_problem, strategy_file, written_base
    with user_errors():
        names = None if field_names is None else [n.strip() for n in field_names.split(",") if n.strip()]
        problem = optimize_problem(edition, strategy, list(params), names, players, variant, overrides_of(overrides),
                                   games, seed, CLI_SEARCH, threads=threads)
        name = name or f"{strategy}_tuned"
        if not name.isidentifier():
            raise CliError(f"--name {name}: expected a name of letters, digits and underscores")
        family = problem.spec({}, 1, 0).edition.family
        if name in {s.name for s in available(family)}:
            raise CliError(f"--name {name}: a {family} strategy of that name exists: give the tuned one its own")
        if write is not None:
            written_base(problem)   # a strategy that cannot be written fails before the search, not after
        outcome = _run(problem, budget, finalists, recheck, threads, scheduler, workers, out, progress,
                       output_format)
    lines = [f"optimize {strategy} on {edition} against {', '.join(problem.names[1:])}: {problem.players} players, "
             f"seats rotated every game; objective: win rate of {strategy}"]
    lines += _report(outcome, f"{strategy} as registered")
    lines += ["", present.best_line(outcome, f"{strategy} as registered")]
    lines += _written(outcome, force, write, strategy_file(outcome, name),
                      f"`--strategy-file {write} -s {name}` plays {name} in any command")
    _emit(outcome, output_format, "\n".join(lines), plot)
    return 0 if outcome.improves else NO_IMPROVEMENT


@click.command()
@click.option("--vary", multiple=True, required=True, metavar="PATH=LOW:HIGH|A,B,...",
              help="A value of the edition to vary, any path --set takes: a range of integers "
                   "(decks.deal.cards.deal_breaker.count=0:4), of reals, or choices (repeatable).")
@click.option("--objective", "objectives", multiple=True, required=True, metavar="NAME",
              help="spread (strongest minus weakest strategy's win rate), first_player (the first seat's "
                   "advantage) or length=N (mean rounds away from N); several give a Pareto front (repeatable, "
                   "or comma-separated).")
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME",
              help="The lineup (repeatable; default: the family's default lineup).")
@written_options("Number of players.", "the edition (default: EDITION_balanced)", ".toml",
                 "the chosen values as a data file that extends the edition")
def balance(vary, objectives, strategy_names, players, name, write, force, edition, variant, overrides, budget, games,
            finalists, recheck, seed, threads, scheduler, workers, out, plot, output_format, progress):
    """The values of an edition (card counts, prices, rules) that best meet a designer's goal for a lineup:
    the smallest gap between strongest and weakest strategy, the smallest seat advantage, or a target game
    length; searched like `optimize`, then shown before and after on the same fresh games. Exit code 3 when no
    finalist beats the edition as written."""
    from simulator.tuning import CLI_SEARCH, WIN_RATE_OF, balance_problem, edition_file
    with user_errors():
        goals = [g.strip() for item in objectives for g in item.split(",") if g.strip()]
        problem = balance_problem(edition, list(vary), goals, list(strategy_names), players, variant,
                                  overrides_of(overrides), games, seed, CLI_SEARCH, threads=threads)
        outcome = _run(problem, budget, finalists, recheck, threads, scheduler, workers, out, progress,
                       output_format)
    name = name or f"{Path(edition).stem}_balanced"
    lineup = [s.name for s in problem.spec({}, 1, 0).lineup]
    lines = [f"balance {edition}: {', '.join(o.name for o in problem.objectives)}, played by {', '.join(lineup)}, "
             f"seats rotated every game"]
    lines += _report(outcome, "as written")
    before, after = outcome.finalists.iloc[0], outcome.chosen
    rows = [[column[len(WIN_RATE_OF):], f"{before[column]:.1f}%", f"{after[column]:.1f}%",
             f"{after[column] - before[column]:+.1f} pts"]
            for column in outcome.finalists.columns if column.startswith(WIN_RATE_OF)]
    rows.append(["mean rounds", f"{before.mean_rounds:.1f}", f"{after.mean_rounds:.1f}",
                 f"{after.mean_rounds - before.mean_rounds:+.1f}"])
    lines += ["", tables.render(["win rate per player", "before", "after", "difference"], rows,
                                title="Before and after, on the same fresh games"), "",
              present.best_line(outcome, "as written")]
    lines += _written(outcome, force, write, edition_file(outcome, name), f"`--edition {write}` plays it")
    _emit(outcome, output_format, "\n".join(lines), plot)
    return 0 if outcome.improves else NO_IMPROVEMENT


COMMANDS = (optimize, balance)
