"""The `monopoly-mc` command line: thin commands over simulator.runner, simulator.rules and the stats."""
from __future__ import annotations

import math
import os
import platform
import resource
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import click
import pandas as pd

from simulator import tables
from simulator.tables import FIXED_BY_LINEUP, fills_every_seat_note
from simulator.executors import ExecutorError, make_executor
from simulator.progress import progress_bar
from simulator.results import ResultsError
from simulator.runner import DEFAULT_GAMES
from simulator.rules import FAMILIES, EditionError, builtin_editions, compile_rules, load_edition, parse_value
from strategies import StrategyError

USER_ERRORS = (EditionError, StrategyError, ResultsError, ExecutorError)


class CliError(click.ClickException):
    exit_code = 2


class Interrupted(click.ClickException):
    exit_code = 130


class OneLineErrors(click.Group):
    """Every mistake of the user ends as one line on stderr and exit code 2, never a traceback."""

    def main(self, args=None, prog_name=None, **kwargs):
        try:
            code = super().main(args=args, prog_name=prog_name or "monopoly-mc", standalone_mode=False, **kwargs)
        except click.exceptions.Abort:
            click.echo("monopoly-mc: interrupted", err=True)
            sys.exit(130)
        except click.UsageError as exc:
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            click.echo(f"monopoly-mc: error: {exc.format_message()}{hint}", err=True)
            sys.exit(2)
        except Interrupted as exc:
            click.echo(f"monopoly-mc: interrupted: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"monopoly-mc: error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        sys.exit(code if isinstance(code, int) else 0)


@contextmanager
def user_errors():
    try:
        yield
    except USER_ERRORS as exc:
        raise CliError(str(exc)) from None
    except ValueError as exc:
        from simulator.runner import RunError
        if isinstance(exc, RunError):
            raise CliError(str(exc)) from None
        raise


@contextmanager
def batches_on(threads: int | None, scheduler: str | None, workers: int | None, out: Path | None, resume: bool,
               overwrite: bool):
    """The executor for a run's batches (this process, or Dask), closed at the end. A run stopped by
    Ctrl-C or a failed write leaves its finished batches in `out` and says how to finish it."""
    if resume and out is None:
        raise CliError("--resume: give the --out directory of the run to finish")
    if resume and overwrite:
        raise CliError("--overwrite and --resume: give one: --resume finishes the run in --out, --overwrite "
                       "replaces it")
    executor = make_executor(threads, scheduler, workers)
    how = "run the same command with --resume to finish it"
    try:
        yield executor
    except KeyboardInterrupt:
        raise Interrupted(f"the finished batches are in {out}: {how}" if out is not None else
                          "nothing was written (no --out)") from None
    except OSError as exc:
        if out is None:
            raise
        raise click.ClickException(f"writing {out}: {exc.strerror or exc}: the finished batches are kept; once "
                                   f"fixed, {how}") from None
    finally:
        executor.close()


def _writable(option: str, path: Path, folder: Path) -> None:
    """Refuse, before any game is played, an output that could not be written: the nearest folder of
    `folder` that exists must be a folder this process can write in."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise CliError(f"{option} {path}: {existing} is not a directory")
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        raise CliError(f"{option} {path}: cannot write in {existing} ({exc.strerror})") from None


def output_file(*suffixes: str):
    """A click callback checking an output file (a plot, a report) before any work."""
    kinds = " or ".join(suffixes)

    def check(ctx, param, path: Path | None) -> Path | None:
        if path is not None:
            option = param.opts[0]
            if path.suffix not in suffixes:
                raise CliError(f"{option} {path}: expected a {kinds} file")
            if path.is_dir():
                raise CliError(f"{option} {path}: is a directory: expected a {kinds} file")
            _writable(option, path, path.parent)
        return path
    return check


def results_folder(ctx, param, path: Path | None) -> Path | None:
    """A click callback checking a results directory to write (--out) before any game is played."""
    if path is not None:
        if path.exists() and not path.is_dir():
            raise CliError(f"{param.opts[0]} {path}: exists and is not a directory")
        _writable(param.opts[0], path, path)
    return path


resume_option = click.option("--resume", is_flag=True,
                             help="Finish an interrupted run in --out: only its missing batches are played, and "
                                  "the results are those of an uninterrupted run. The other options must be "
                                  "the same as the first time.")
scheduler_option = click.option("--scheduler", metavar="ADDRESS", default=None,
                                help="Play the batches on the Dask cluster whose scheduler is at ADDRESS "
                                     "(e.g. tcp://10.0.0.5:8786); same seed, same results.")
workers_option = click.option("--workers", type=int, default=None, metavar="N",
                              help="Start a local Dask cluster of N single-threaded worker processes for the "
                                   "batches.")


def _overrides(values: tuple[str, ...]) -> list[tuple[str, object]]:
    pairs = []
    for item in values:
        path, sep, text = item.partition("=")
        if not sep or not path:
            raise CliError(f"--set {item}: expected PATH=VALUE, e.g. rules.start_cash=2000")
        pairs.append((path.strip(), parse_value(text.strip())))
    return pairs


edition_option = click.option("--edition", "-e", default="classic", show_default=True, metavar="NAME|PATH",
                              help="A built-in edition (see `monopoly-mc editions`) or a .toml data file.")
variant_option = click.option("--variant", default=None, metavar="NAME",
                              help="A variant of the edition, e.g. `quick` for walking_dead's quick game.")
set_option = click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE",
                          help="Change one value of the edition, e.g. rules.start_cash=2000 or "
                               "squares.Boardwalk.price=450 (repeatable).")


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="monopoly-mc", prog_name="monopoly-mc")
def cli():
    """Monte Carlo strategy analyzer for the Monopoly family of games.

    Simulate millions of games with heuristic strategies, read win rates with confidence intervals,
    and find tidy Parquet results on disk for further analysis.

    \b
    Start with:
      monopoly-mc simulate --games 100000 --out results/first
      monopoly-mc editions          the built-in editions and their variants
      monopoly-mc strategies        the strategies and their parameters
    """


@cli.command()
def editions():
    """List the built-in editions, their variants and their data files."""
    with user_errors():
        rows = []
        for name in builtin_editions():
            edition = load_edition(name)
            board = compile_rules(edition)
            variants = ", ".join(edition.variants) or "-"
            rows.append([name, edition.family, f"{board.players_min}-{board.players_max}", variants, edition.title])
    click.echo(tables.render(["edition", "family", "players", "variants", "title"], rows))
    click.echo("\nData files: " + str(Path(__file__).parent / "editions") + " (copy one and pass --edition PATH)")


@cli.command()
@click.option("--family", type=click.Choice(list(FAMILIES)), default="board", show_default=True,
              help="Game family whose strategies to list: board (classic, walking_dead), empire, millionaire, "
                   "deal or fortnite.")
@click.option("--params/--no-params", default=True, show_default=True, help="Show each strategy's parameters.")
def strategies(family, params):
    """List the strategies with what they do and the parameters a sweep can vary."""
    import strategies as registry
    parameters = registry.family_module(family).PARAMETERS
    found = registry.available(family)
    click.echo(tables.render(["strategy", "what it does"], [[s.name, s.summary] for s in found]))
    if params:
        click.echo("")
        rows = [[key] + [_short(s.params[key]) for s in found] for key in parameters]
        click.echo(tables.render(["parameter"] + [s.name for s in found], rows, title="Parameters"))
        click.echo("")
        click.echo(tables.render(["parameter", "meaning"], [[k, v[2]] for k, v in parameters.items()]))


def _short(value) -> str:
    if isinstance(value, list):
        return "+".join(value) or "-"
    if isinstance(value, float) and math.isinf(value):
        return "never"
    return f"{value:g}" if isinstance(value, float) else str(value)


@cli.command()
@edition_option
@variant_option
@set_option
@click.option("--players", "-p", default=4, show_default=True, help="Number of players.")
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME",
              help="A strategy per player, in lineup order (repeatable; fewer than players repeat in order). "
                   "Default: the first N of the family's default lineup (board: buy_all, cautious, three_houses, "
                   "hard_trader, ...; empire: buy_everything, skyscraper_saver, card_shark, swapper; millionaire: "
                   "upgrade_at_once, never_upgrade, upgrade_rich, build_first; deal: bank_first, rush_properties, "
                   "late_attacker, opportunist, ...; fortnite: aggressive_shooter, wall_builder, pair_collector, "
                   "storm_avoider, ...).")
@click.option("--games", "-n", default=DEFAULT_GAMES["simulate"], show_default=True, help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Seed: the same seed gives the same results.")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None, callback=results_folder,
              help="Write Parquet results (games, players, squares, cards) and a manifest to this directory.")
@click.option("--overwrite", is_flag=True, help="Replace an existing results directory at --out.")
@resume_option
@click.option("--format", "output_format", type=click.Choice(tables.FORMATS), default="table", show_default=True,
              help="table: for reading; json: the manifest with the summary; csv: the per-strategy and per-seat "
                   "summaries.")
@click.option("--batch-size", default=10_000, show_default=True, help="Games per batch (one Parquet file each).")
@click.option("--threads", type=int, default=None, help="Threads to use (default: all cores).")
@scheduler_option
@workers_option
@click.option("--fixed-seats", is_flag=True,
              help="Keep lineup position = seat. By default seats rotate every game so that seat advantage "
                   "cannot pose as strategy skill.")
@click.option("--check", is_flag=True, help="Check the invariants (money, ownership, buildings) after every turn.")
@click.option("--progress/--no-progress", default=True, show_default=True, help="Show a progress bar on stderr.")
def simulate(edition, variant, overrides, players, strategy_names, games, seed, out, overwrite, resume, output_format,
             batch_size, threads, scheduler, workers, fixed_seats, check, progress):
    """Simulate games and print win rates per strategy and seat with 95% intervals, game length and
    the share of unfinished games."""
    from simulator.runner import RunSpec, resolve_lineup, run
    with user_errors():
        loaded = load_edition(edition, variant, _overrides(overrides))
        board = compile_rules(loaded)
        lineup = resolve_lineup(loaded, board, players, list(strategy_names))
        spec = RunSpec(edition=loaded, lineup=lineup, games=games, seed=seed, batch_size=batch_size,
                       threads=threads, rotate_seats=not fixed_seats, check=check)
        spec.validate()
        with batches_on(threads, scheduler, workers, out, resume, overwrite) as executor, \
                progress_bar(games, f"Simulating {loaded.name}", progress and output_format == "table") as bar:
            result = run(spec, out=out, overwrite=overwrite, progress=bar.update, resume=resume, executor=executor,
                         notice=bar.note)
    if output_format == "json":
        click.echo(tables.as_json(result.manifest))
    elif output_format == "csv":
        summary = result.manifest["summary"]
        click.echo(tables.as_csv({"strategies": pd.DataFrame(summary["strategies"]),
                                  "seats": pd.DataFrame(summary["seats"])}))
    else:
        click.echo(_summary_text(result))


def _where(manifest: dict) -> str:
    """Where the batches of this invocation were played."""
    if manifest.get("scheduler"):
        return f"on the Dask cluster at {manifest['scheduler']}"
    if manifest.get("workers"):
        return f"on {manifest['workers']} local Dask workers"
    return f"{manifest['threads']} threads"


def _summary_text(result) -> str:
    manifest = result.manifest
    summary = manifest["summary"]
    edition = manifest["edition"]
    label = edition["name"] + (f" ({edition['variant']})" if edition["variant"] else "")
    rate = f"{manifest['games_per_second']:,.0f} games/s, " if manifest.get("games_per_second") else ""
    lines = [f"{label}: {manifest['players']} players, {manifest['games']:,} games, seed {manifest['seed']}, "
             f"{manifest['elapsed_seconds']:.1f} s ({rate}{_where(manifest)})"]
    if manifest.get("resumed_batches"):
        lines.append(f"Resumed: {manifest['resumed_batches']} of {manifest['batches']} batches were already written")
    seating = "seats rotated every game" if manifest["rotate_seats"] else "fixed seats"
    lines.append(f"Lineup ({seating}): " + ", ".join(s["strategy"] for s in manifest["lineup"]))
    lines.append("")
    rows = [[s["strategy"], s["seats"], tables.count(s["wins"]), tables.percent(s["win_rate"]),
             FIXED_BY_LINEUP if s.get("fills_every_seat") else tables.interval(s["ci_low"], s["ci_high"])]
            for s in summary["strategies"]]
    lines.append(tables.render(["strategy", "seats", "wins", "win rate", "95% CI"], rows,
                               title=f"Win rate per strategy and player (fair share {tables.percent(summary['fair_share'])})"))
    lines += [fills_every_seat_note(s["strategy"]) for s in summary["strategies"] if s.get("fills_every_seat")]
    lines.append("")
    rows = [[s["seat"], tables.count(s["wins"]), tables.percent(s["win_rate"]),
             tables.interval(s["ci_low"], s["ci_high"])] for s in summary["seats"]]
    lines.append(tables.render(["seat", "wins", "win rate", "95% CI"], rows, title="Win rate per seat (seat 1 plays first)"))
    lines.append("")
    length = summary["length"]
    rows = [[unit, tables.count(q["q1"]), tables.count(q["median"]), tables.count(q["q3"])] for unit, q in length.items()]
    lines.append(tables.render(["length", "q1", "median", "q3"], rows, title="Game length (finished games)"))
    lines.append("")
    lines.append(f"Unfinished (turn cap): {summary['unfinished']:,} games, {tables.percent(summary['unfinished_share'], 2)} "
                 f"{tables.interval(summary['unfinished_ci_low'], summary['unfinished_ci_high'], 2)}")
    if manifest["checking"]:
        lines.append(f"Invariant checks: {summary['games_with_violations']:,} games with a violation")
    if result.out is not None:
        lines.append(f"Results: {result.out}/ (games/, players/, squares.parquet, cards.parquet, manifest.json)")
    return "\n".join(lines)


@cli.command()
@edition_option
@variant_option
@set_option
@click.option("--jail", type=click.Choice(["leave", "stay"]), default="leave", show_default=True,
              help="leave: pay and leave jail at once; stay: roll for doubles as long as the rules allow.")
@click.option("--exact", is_flag=True, help="Also solve the movement Markov chain and show it beside the simulation.")
@click.option("--games", "-n", default=1_000, show_default=True, help="Independent pawns simulated.")
@click.option("--rolls", default=10_000, show_default=True, help="Rolls per pawn.")
@click.option("--seed", default=0, show_default=True)
@click.option("--format", "output_format", type=click.Choice(tables.FORMATS), default="table", show_default=True)
def landing(edition, variant, overrides, jail, exact, games, rolls, seed, output_format):
    """How often a roll ends on each square: after any card or Go To Jail; a roll in jail that does not
    get out counts on the jail square."""
    import numba
    import numpy as np
    with user_errors():
        loaded = load_edition(edition, variant, _overrides(overrides))
        if loaded.family == "deal":
            raise CliError(f"landing: {loaded.name} is a card game with no board: try `cards` or `properties` "
                           f"(its colour sets)")
        if loaded.family not in ("board", "millionaire"):
            raise CliError(f"landing: the movement model covers the classic board's movement (classic, walking_dead, "
                           f"millionaire), not {loaded.name}; its landings are in `simulate --out` results "
                           f"(squares.parquet)")
        board = compile_rules(loaded)
        if not (1 <= games <= 10 ** 6 and 1 <= rolls <= 10 ** 6):
            raise CliError(f"--games {games} --rolls {rolls}: expected 1 to 1,000,000 pawns and rolls per pawn")
        from simulator.engines.board import landing_counts
        chunks = max(1, min(games, numba.get_num_threads() * 4))
        counts = np.zeros((chunks, board.n_squares), dtype=np.int64)
        landing_counts(board.sq, board.cards, board.decks, board.rules, jail == "stay", seed, games, rolls, chunks, counts)
    from simulator import stats
    totals = counts.sum(axis=0)
    total = int(totals.sum())
    exact_shares = None
    if exact:
        from simulator.markov import landing_distribution
        exact_shares, in_jail = landing_distribution(board, jail == "stay")
    rows = []
    for s in range(board.n_squares):
        share = totals[s] / total
        low, high = stats.wilson(int(totals[s]), total)
        row = {"square": s, "name": board.square_names[s], "rolls": int(totals[s]), "share": share,
               "ci_low": low, "ci_high": high}
        if exact_shares is not None:
            row["exact"] = float(exact_shares[s])
        rows.append(row)
    if output_format == "json":
        click.echo(tables.as_json({"edition": loaded.name, "jail": jail, "rolls": total, "squares": rows}))
        return
    if output_format == "csv":
        click.echo(tables.as_csv({"squares": pd.DataFrame(rows)}))
        return
    headers = ["#", "square", "simulated", "95% CI"] + (["exact", "sim - exact"] if exact else [])
    body = []
    for row in rows:
        line = [row["square"], row["name"], tables.percent(row["share"], 2), tables.interval(row["ci_low"], row["ci_high"], 2)]
        if exact:
            line += [tables.percent(row["exact"], 2), f"{100 * (row['share'] - row['exact']):+.3f}"]
        body.append(line)
    click.echo(tables.render(headers, body, title=f"{loaded.name}: where rolls end, jail = {jail}, {total:,} rolls"))
    if exact:
        click.echo(f"\nExact chain: {tables.percent(in_jail, 2)} of rolls end in jail (rather than just visiting).")


@cli.command()
@click.option("--edition", "-e", "editions", multiple=True, metavar="NAME|PATH",
              help="Edition to time (repeatable). Default: every built-in edition.")
@click.option("--games", "-n", default=200_000, show_default=True, help="Games in each timed run.")
@click.option("--players", "-p", default=4, show_default=True)
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--scaling", is_flag=True, help="Also time 1 thread, to show the scaling over cores.")
@click.option("--seed", default=1, show_default=True)
def bench(editions, games, players, threads, scaling, seed):
    """Throughput of each edition's engine on its default lineup, warm cache: complete games and player
    turns per second (with --scaling, on 1 thread and on all), and peak memory. Results are streamed,
    not written. Beside each row, the cost of one player turn on one thread in turns of the machine
    reference (a fixed, simple compiled loop timed in the same run), a figure that other machines and days
    can compare."""
    import numba
    from simulator.benchmark import reference_turns_per_second
    from simulator.runner import RunSpec, resolve_lineup, run
    rows = []
    with user_errors():
        reference = reference_turns_per_second()
        all_threads = threads or numba.config.NUMBA_NUM_THREADS
        specs = []
        for name in editions or builtin_editions():
            loaded = load_edition(name)
            lineup = resolve_lineup(loaded, compile_rules(loaded), players, [])
            specs.append((loaded, lineup))
        for loaded, lineup in specs:
            run(RunSpec(edition=loaded, lineup=lineup, games=200, seed=seed, threads=all_threads))  # warm-up
            click.echo(f"timing {games:,} games of {loaded.name}, {players} players: "
                       f"{', '.join(s.name for s in lineup)}", err=True)
            for count in ([1] if scaling and all_threads > 1 else []) + [all_threads]:
                result = run(RunSpec(edition=loaded, lineup=lineup, games=games, seed=seed, threads=count))
                turns = result.totals.turns
                per_thread = turns / result.elapsed / count
                rows.append([loaded.name, count, f"{result.elapsed:.2f}", f"{games / result.elapsed:,.0f}",
                             f"{turns / result.elapsed:,.0f}", f"{turns / games:.1f}",
                             f"{1e6 / per_thread:.2f}", f"{reference / per_thread:.1f}"])
    click.echo(tables.render(["edition", "threads", "seconds", "games/s", "player turns/s", "turns/game",
                              "µs/turn/thread", "× reference turn"], rows))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    click.echo(f"machine reference: {reference / 1e6:.1f} M turns/s on 1 thread (simulator/benchmark.py)")
    click.echo(f"peak memory {peak:,.0f} MB; machine: {platform.machine()}, {os.cpu_count()} cores, "
               f"Python {platform.python_version()}, numba {numba.__version__}")


@cli.command()
@click.argument("revisions", nargs=2, metavar="REV_A REV_B")
@click.option("--edition", "-e", default="classic", show_default=True, help="Built-in edition to time.")
@click.option("--games", "-n", default=100_000, show_default=True, help="Games in each timed run.")
@click.option("--players", "-p", default=4, show_default=True)
@click.option("--rounds", default=5, show_default=True, type=click.IntRange(1, 100),
              help="Timed runs of each revision, alternating A and B.")
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--repo", type=click.Path(path_type=Path, file_okay=False, exists=True), default=Path("."),
              show_default=True, help="The git repository of monopoly-mc.")
def ab(revisions, edition, games, players, rounds, threads, repo):
    """Time two commits of this repository in one session (`monopoly-mc ab 58fff0b HEAD`): each is
    checked out in a temporary worktree, compiled once, then `bench` runs alternate A, B, A, B, ... so
    that the machine's drift falls on both. Prints the minimum and median games/s of each and the ratio
    of medians (B over A)."""
    from simulator.benchmark import ABError, ab as run_ab
    try:
        a, b = run_ab(repo, list(revisions), edition, games, players, rounds, threads,
                      report=lambda line: click.echo(line, err=True))
    except ABError as error:
        raise CliError(str(error))
    rows = [[r.revision, r.commit[:10], f"{r.minimum:,.0f}", f"{r.median:,.0f}",
             " ".join(f"{x:,.0f}" for x in r.games_per_second)] for r in (a, b)]
    click.echo(tables.render(["revision", "commit", "min games/s", "median games/s", "runs"], rows,
                             title=f"{edition}, {players} players, {games:,} games a run, {rounds} alternating rounds"))
    click.echo(f"B / A (medians): {b.median / a.median:.2f}x")


# The analysis commands register themselves on `cli`.
from simulator import cli_analysis  # noqa: E402, F401


def main():
    # The CLI only writes plots to files: no display is wanted (or present on servers and CI). Set here,
    # before matplotlib loads, not in the library: Jupyter then shows plots inline.
    os.environ.setdefault("MPLBACKEND", "Agg")
    cli()


if __name__ == "__main__":
    # Run with -m, this file is __main__, while cli_analysis registers its commands on simulator.cli's `cli`.
    from simulator.cli import main as registered_main
    registered_main()
