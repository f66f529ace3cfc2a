"""Timing the engines: `bench` (games and turns a second, against a machine reference) and `ab` (two commits
timed in one session)."""
from __future__ import annotations

import os
import platform
import resource
from pathlib import Path

import click

from simulator import tables
from simulator.cli.options import GAMES, CliError, user_errors
from simulator.rules import builtin_editions, compile_rules, load_edition


@click.command()
@click.option("--edition", "-e", "editions", multiple=True, metavar="NAME|PATH",
              help="Edition to time (repeatable). Default: every built-in edition.")
@click.option("--games", "-n", type=GAMES, default=200_000, show_default=True, help="Games in each timed run.")
@click.option("--players", "-p", default=4, show_default=True)
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--scaling", is_flag=True, help="Also time 1 thread, to show the scaling over cores.")
@click.option("--seed", default=1, show_default=True)
def bench(editions, games, players, threads, scaling, seed):
    """Throughput of each edition's engine on its default lineup, warm cache: complete games and player
    turns per second (with --scaling, on 1 thread and on all), and peak memory; for a family with a search
    player, a row more: the same table with the search player in seat 1, on one thread, for a thousandth of
    the games (the search rows of a table for the family's docs). Results are streamed,
    not written. Beside each row, the cost of one player turn on one thread in turns of the machine
    reference (a fixed, simple compiled loop timed in the same run), a figure that other machines and days
    can compare."""
    import numba
    from simulator.benchmark import reference_turns_per_second, search_games, search_lineup
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
        def timed(label, loaded, lineup, games, count):
            result = run(RunSpec(edition=loaded, lineup=lineup, games=games, seed=seed, threads=count))
            turns = result.totals.turns
            per_thread = turns / result.elapsed / count
            rows.append([label, count, f"{result.elapsed:.2f}", f"{games / result.elapsed:,.0f}",
                         f"{turns / result.elapsed:,.0f}", f"{turns / games:.1f}",
                         f"{1e6 / per_thread:.2f}", f"{reference / per_thread:.1f}"])

        for loaded, lineup in specs:
            run(RunSpec(edition=loaded, lineup=lineup, games=200, seed=seed, threads=all_threads))  # warm-up
            click.echo(f"timing {games:,} games of {loaded.name}, {players} players: "
                       f"{', '.join(s.name for s in lineup)}", err=True)
            for count in ([1] if scaling and all_threads > 1 else []) + [all_threads]:
                timed(loaded.name, loaded, lineup, games, count)
            searching = search_lineup(loaded.family, lineup)
            if searching:
                played = search_games(games)
                click.echo(f"timing {played:,} games of {loaded.name} with {searching[0].name} in seat 1 at its "
                           f"default budget, on 1 thread", err=True)
                timed(f"{loaded.name} + {searching[0].name}", loaded, searching, played, 1)
    click.echo(tables.render(["edition", "threads", "seconds", "games/s", "player turns/s", "turns/game",
                              "µs/turn/thread", "× reference turn"], rows))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    click.echo(f"machine reference: {reference / 1e6:.1f} M turns/s on 1 thread (simulator/benchmark.py)")
    click.echo(f"peak memory {peak:,.0f} MB; machine: {platform.machine()}, {os.cpu_count()} cores, "
               f"Python {platform.python_version()}, numba {numba.__version__}")


@click.command()
@click.argument("revisions", nargs=2, metavar="REV_A REV_B")
@click.option("--edition", "-e", default="classic", show_default=True, help="Built-in edition to time.")
@click.option("--games", "-n", type=GAMES, default=100_000, show_default=True, help="Games in each timed run.")
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


COMMANDS = (bench,)
DEVELOPER_COMMANDS = (ab,)   # for work on monopoly-mc itself: --help lists them apart
