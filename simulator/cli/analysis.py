"""The analysis commands: tournament, properties, cards, designer, sweep, compare, report and plot.

Each reads stored results (`RESULTS` directories written by --out) where given, or simulates first with
the same options as `simulate`; each prints tables with 95% intervals and can write JSON or plots.
"""
from __future__ import annotations

from pathlib import Path

import click

from simulator import analysis
from simulator.progress import progress_bar
from simulator.tables import PLOT_FORMATS, as_csv, as_json
from simulator import presentation as present
from simulator.cli.options import (
    user_code_options,
    GAMES, CliError, analysis_command, batches_on, edition_option, format_option, out_option, output_file, edition_of,
    overwrite_option, resume_option, scheduler_option, simulation_options, variant_option,
    workers_option,
)
from simulator.results import load_results
from simulator.rules import compile_rules, load_edition
from simulator.runner import DEFAULT_GAMES
from simulator.designer import COMEBACK_ROUND
from simulator.engines.shared.layout import LAST_ROUNDS

comeback_option = click.option(
    "--comeback-round", "comeback_round", type=click.IntRange(1, LAST_ROUNDS), default=COMEBACK_ROUND,
    show_default=True, help=f"R of the comeback rate: games won by the player alone in last place at the end of "
                            f"round R (1 to {LAST_ROUNDS}).")


def _simulated(edition, variant, overrides, players, strategy_names, games, seed, threads, progress, out=None,
               overwrite=False):
    from simulator.runner import RunSpec, as_results, resolve_lineup, run
    loaded = edition_of(edition, variant, overrides)
    lineup = resolve_lineup(loaded, compile_rules(loaded), players, list(strategy_names))
    spec = RunSpec(edition=loaded, lineup=lineup, games=games, seed=seed, threads=threads)
    spec.validate()
    with progress_bar(games, f"Simulating {loaded.name}", progress) as bar:
        return [as_results(run(spec, out=out, overwrite=overwrite, progress=bar.update, keep_frames=out is None,
                               notice=bar.note))]


def _runs(results_paths, simulate_args) -> list:
    if results_paths:
        return load_results(list(results_paths))
    return _simulated(**simulate_args)


def _emit(tables: list, frames: dict, output_format: str) -> None:
    if output_format == "json":
        click.echo(as_json(frames))
    elif output_format == "csv":
        click.echo(as_csv(frames))
    else:
        click.echo("\n\n".join(t.text() for t in tables))


@click.command()
@click.argument("results", nargs=-1, type=click.Path(path_type=Path))
@simulation_options(games=DEFAULT_GAMES["analysis"])
@click.option("--top", type=click.IntRange(min=1), default=None, help="Show only the first N properties.")
@format_option
@out_option
@overwrite_option
@analysis_command
def properties(results, top, output_format, out, overwrite, **simulate_args):
    """Which properties and colour groups win: per square landings, rent per game, payback time and how
    often its first owner wins; per colour group the win rate of players who complete it against those
    who do not, controlled for strategy (Monopoly Deal: per colour set, with no board). Reads RESULTS
    directories, or simulates first."""
    runs = _runs(results, {**simulate_args, "out": out, "overwrite": overwrite})
    groups = analysis.group_table(runs)
    if not analysis.has_board(runs):
        _emit([present.groups_table(groups)], {"groups": groups}, output_format)
        return
    squares = analysis.square_table(runs)
    squares_view = present.squares_table(squares)
    if top is not None:
        squares_view.rows = squares_view.rows[:top]
    _emit([present.groups_table(groups), squares_view], {"squares": squares, "groups": groups}, output_format)


@click.command()
@click.argument("results", nargs=-1, type=click.Path(path_type=Path))
@simulation_options(games=DEFAULT_GAMES["analysis"])
@click.option("--top", type=click.IntRange(min=1), default=None, help="Show only the N cards with the largest shift.")
@format_option
@out_option
@overwrite_option
@analysis_command
def cards(results, top, output_format, out, overwrite, **simulate_args):
    """Which cards swing games: per card of every deck, draws per game, and the drawer's win rate and
    final rank after drawing it against after drawing another card of its deck. Reads RESULTS
    directories, or simulates first."""
    runs = _runs(results, {**simulate_args, "out": out, "overwrite": overwrite})
    frame = analysis.card_table(runs)
    _emit([present.cards_table(frame, top)], {"cards": frame}, output_format)


@click.command()
@click.argument("results", nargs=-1, type=click.Path(path_type=Path))
@simulation_options(games=DEFAULT_GAMES["analysis"])
@comeback_option
@format_option
@out_option
@overwrite_option
@analysis_command
def designer(results, comeback_round, output_format, out, overwrite, **simulate_args):
    """The measures game designers use, at a glance for an edition and a variant: first-player advantage,
    lead changes, the round from which the winner led for good, comebacks from last place, kingmaking,
    and how much of the outcome the strategies explain against the seats and luck, each with its 95%
    interval (docs/measures.md defines each). Reads RESULTS directories, or simulates first."""
    from simulator.designer import designer_table
    runs = _runs(results, {**simulate_args, "out": out, "overwrite": overwrite})
    frame = designer_table(runs, comeback_round)
    edition = runs[0].manifest["edition"]
    label = runs[0].label + (f", variant {edition['variant']}" if edition.get("variant") else "")
    lineup = ", ".join(entry["strategy"] for entry in runs[0].manifest["lineup"])
    _emit([present.designer_summary(frame, f"{label} ({lineup})")], {"designer": frame}, output_format)


@click.command()
@click.option("--results", "results_path", type=click.Path(path_type=Path), default=None,
              help="Read a tournament written earlier with --out instead of playing one.")
@simulation_options(games=DEFAULT_GAMES["tournament"])
@format_option
@out_option
@overwrite_option
@resume_option
@scheduler_option
@workers_option
@click.option("--plot", type=click.Path(path_type=Path), default=None, callback=output_file(*PLOT_FORMATS),
              help="Write the win-rate plot (.png, .svg or .pdf).")
@analysis_command
def tournament(results_path, edition, variant, overrides, players, strategy_names, games, seed, threads, progress,
               output_format, out, overwrite, resume, scheduler, workers, plot):
    """Strategies meet at every table they can form, seats rotated every game so that seat advantage
    cannot pose as skill: a ranking with win rates and 95% intervals, whether each lead is
    significant, and head to head. --games is the total over all tables; without --strategy the
    field is the family's TOURNAMENT_FIELD (board: buy_all, cautious, three_houses, hard_trader,
    never_build; empire: buy_everything, skyscraper_saver, card_shark, swapper, cautious)."""
    from simulator.runner import run_many, tournament_plan
    if results_path is not None:
        runs = load_results([results_path])
    else:
        loaded = edition_of(edition, variant, overrides)
        board = compile_rules(loaded)
        names = list(strategy_names) or list(board.strategies.TOURNAMENT_FIELD)
        plan = tournament_plan(loaded, board, names, players, games, seed, threads=threads)
        total = sum(p.spec.games for p in plan)
        rounded = (f": --games {games:,} rounded up, as every table plays whole rotations of its {players} seats"
                   if total != games else "")
        click.echo(f"{len(plan)} tables of {players} from {len(names)} strategies, "
                   f"{plan[0].spec.games:,} games each ({total:,} in all){rounded}", err=True)
        with batches_on(threads, scheduler, workers, out, resume, overwrite) as executor, \
                progress_bar(total, "Tournament", progress) as bar:
            runs = run_many(plan, "tournament", {"strategies": names, "players": players, "seed": seed},
                            out=out, overwrite=overwrite, progress=bar.update, keep_frames=False, resume=resume,
                            executor=executor, describe=bar.describe, notice=bar.note)
    ranking, pairs = analysis.strategy_ranking(runs), analysis.head_to_head(runs)
    seats = analysis.seat_table(runs)
    _emit([present.ranking_table(ranking), present.head_to_head_table(pairs), present.seat_table(seats)],
          {"ranking": ranking, "head_to_head": pairs, "seats": seats}, output_format)
    if plot is not None:
        from simulator import plots
        plots.save(plots.win_rates(ranking, plots.title_for("win-rates", runs)), plot)


@click.command()
@click.option("--results", "results_path", type=click.Path(path_type=Path), default=None,
              help="Read a sweep written earlier with --out instead of running one.")
@edition_option
@variant_option
@click.option("--set", "axes", multiple=True, metavar="PATH=V1,V2,...",
              help="A value to vary (one or two) or to fix (a single value): an edition path like --set of "
                   "`simulate` (rules.start_cash=1000,1500,2000), strategy.NAME.PARAM=... for a strategy "
                   "parameter, or players=2,3,4,5 for the number of players.")
@click.option("--players", "-p", default=4, show_default=True)
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME", help="Lineup (repeatable).")
@click.option("--games", "-n", type=GAMES, default=DEFAULT_GAMES["sweep"], show_default=True,
              help="Games per point (20000, 20k, 2M).")
@click.option("--seed", default=0, show_default=True, help="The seed of every point (common random numbers).")
@click.option("--threads", type=int, default=None)
@click.option("--progress/--no-progress", default=True, show_default=True)
@format_option
@out_option
@overwrite_option
@resume_option
@scheduler_option
@workers_option
@click.option("--plot", type=click.Path(path_type=Path), default=None, callback=output_file(*PLOT_FORMATS),
              help="Write a line plot (one value) or heat maps (two values): .png, .svg or .pdf.")
@comeback_option
@analysis_command
@user_code_options
def sweep(results_path, edition, variant, axes, players, strategy_names, games, seed, threads, progress,
          output_format, out, overwrite, resume, scheduler, workers, plot, comeback_round):
    """Vary one or two values over a grid and see, per point, win rates, first-player advantage, game
    length and unfinished games, each with 95% intervals; then the designer measures at each point
    (lead changes, decisiveness, comebacks, kingmaking, luck against skill: see `designer`)."""
    from simulator.runner import CLI_SWEEP, parse_axis, run_many, sweep_plan
    if results_path is not None:
        runs = load_results([results_path])
    else:
        parsed = [parse_axis(item) for item in axes]
        fixed = [(path, values[0]) for path, values in parsed if len(values) == 1]
        varied = [(path, values) for path, values in parsed if len(values) > 1]
        if not varied:
            raise CliError("--set: give one or two values to vary as PATH=V1,V2,... (e.g. rules.start_cash=1000,2000)")
        plan = sweep_plan(edition, variant, fixed, varied, list(strategy_names), players, games, seed, CLI_SWEEP,
                          threads=threads)
        with batches_on(threads, scheduler, workers, out, resume, overwrite) as executor, \
                progress_bar(games * len(plan), "Sweep", progress) as bar:
            runs = run_many(plan, "sweep", {"axes": [p for p, _ in varied], "fixed": fixed, "seed": seed},
                            out=out, overwrite=overwrite, progress=bar.update, keep_frames=False, resume=resume,
                            executor=executor, describe=bar.describe, notice=bar.note)
    from simulator.designer import designer_points
    axis_names = list(runs[0].info.get("values", {}))
    frame = analysis.sweep_table(runs)
    measures = designer_points(runs, comeback_round)
    _emit([present.sweep_table(frame, axis_names), present.designer_points_table(measures, axis_names)],
          {"points": frame, "designer": measures}, output_format)
    if plot is not None:
        from simulator import plots
        plots.save(plots.sweep_of(frame, runs), plot)


@click.command()
@click.argument("a")
@click.argument("b")
@click.option("--variant", default=None, metavar="NAME", help="Variant for both data files.")
@click.option("--players", "-p", default=4, show_default=True)
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME", help="Lineup (repeatable).")
@click.option("--games", "-n", type=GAMES, default=20_000, show_default=True,
              help="Games per side when simulating (20000, 20k, 2M).")
@click.option("--seed", default=0, show_default=True, help="Seed of both sides (common random numbers).")
@click.option("--threads", type=int, default=None)
@click.option("--detect", default=0.01, show_default=True,
              help="Difference (as a proportion: 0.01 = 1 point) for the games-to-detect column.")
@click.option("--progress/--no-progress", default=True, show_default=True)
@format_option
@analysis_command
@user_code_options
def compare(a, b, variant, players, strategy_names, games, seed, threads, detect, progress, output_format):
    """Two editions or data files (simulated with the same lineup and seed) or two results directories,
    side by side: win rates, first seat, unfinished games and length, the differences with intervals
    and tests, and how many games a difference of --detect would take to detect."""
    if not 0 < detect < 1:
        raise CliError(f"--detect {detect}: expected a proportion between 0 and 1, e.g. 0.01")
    for source in (a, b):  # both sides are checked before either is simulated
        if not Path(source).is_dir():
            load_edition(source, variant)
    sides = []
    for source in (a, b):
        if Path(source).is_dir():
            sides.append(load_results([source]))
        else:
            sides.append(_simulated(source, variant, (), players, strategy_names, games, seed, threads, progress))
    frame = analysis.compare(sides[0], sides[1], detect)
    notes = []
    if sides[0][0].edition != sides[1][0].edition:
        notes.append(f"note: A is {sides[0][0].edition} and B is {sides[1][0].edition}")
    table = present.compare_table(frame, a, b, detect)
    table.notes += notes
    _emit([table], {"comparison": frame}, output_format)


@click.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "-o", "out", type=click.Path(path_type=Path), required=True, callback=output_file(".html", ".md"),
              help="report.html (self-contained, plots embedded) or report.md (plots in report_files/).")
@click.option("--title", default=None, help="The report's title.  [default: monopoly-mc report: EDITIONS]")
@click.option("--summary", type=click.Path(path_type=Path, exists=True, dir_okay=False),
              help="A text file whose paragraphs open the report under 'Summary' (the findings, in words).")
@analysis_command
def report(results, out, title, summary):
    """One report from RESULTS directories (runs, tournaments, sweeps, or the --out of a search): manifest,
    tables, plots and the method."""
    from simulator import report as reporting
    from simulator.tuning import is_search, load_outcome
    sources = [(path.name, load_outcome(path) if is_search(path) else load_results([path])) for path in results]
    paragraphs = [] if summary is None else [" ".join(p.split()) for p in summary.read_text().split("\n\n")
                                              if p.strip()]
    blocks = reporting.build(sources, paragraphs)
    (reporting.write_html if out.suffix == ".html" else reporting.write_markdown)(
        blocks, title or reporting.default_title(sources), out)
    click.echo(f"Report: {out}")


# Each plot from the runs, given the plots module (imported by the command that draws, so that matplotlib
# loads only then); the report draws the same.
PLOTS = {
    "win-rates": lambda plots, runs: plots.win_rates(analysis.strategy_ranking(runs),
                                                     plots.title_for("win-rates", runs)),
    "length": lambda plots, runs: plots.length_distribution(analysis.rounds_histogram(runs),
                                                            plots.title_for("length", runs)),
    "landings": lambda plots, runs: plots.board_heatmap(analysis.square_table(runs), "landing_share",
                                                        plots.title_for("landings", runs)),
    "rent": lambda plots, runs: plots.board_heatmap(analysis.square_table(runs), "rent_per_game",
                                                    plots.title_for("rent", runs)),
    "groups": lambda plots, runs: plots.group_win_rates(analysis.group_table(runs), plots.title_for("groups", runs),
                                                        fair_share=runs[0].summary["fair_share"]),
    "cards": lambda plots, runs: plots.card_shifts(analysis.card_table(runs), plots.title_for("cards", runs)),
}


@click.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--kind", type=click.Choice(list(PLOTS)), required=True, help="Which plot.")
@click.option("--out", "-o", type=click.Path(path_type=Path), required=True, callback=output_file(*PLOT_FORMATS),
              help="File to write: .png, .svg or .pdf.")
@analysis_command
def plot(results, kind, out):
    """One plot from RESULTS directories: win rates, game length, board heat maps of landings or rent,
    win rate by colour group held, or card shifts."""
    from simulator import plots
    plots.save(PLOTS[kind](plots, load_results(list(results))), out)
    click.echo(f"Plot: {out}")


COMMANDS = (properties, cards, designer, tournament, sweep, compare, report, plot)
