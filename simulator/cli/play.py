"""Playing games: `simulate` (win rates, seats, length, Parquet results) and `landing` (where rolls end)."""
from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from simulator import families, tables
from simulator.cli.options import (
    user_code_options,
    GAMES, CliError, batches_on, edition_option, edition_of, resume_option, results_folder, scheduler_option, set_option,
    user_errors, variant_option, workers_option,
)
from simulator.progress import progress_bar
from simulator.rules import compile_rules
from simulator.runner import DEFAULT_GAMES
from simulator.tables import FIXED_BY_LINEUP, fills_every_seat_note


def _first_of(lineup: list[str], shown: int = 4) -> str:
    return ", ".join(lineup[:shown]) + (", ..." if len(lineup) > shown else "")


@click.command()
@edition_option
@variant_option
@set_option
@click.option("--players", "-p", default=4, show_default=True, help="Number of players.")
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME",
              help="A strategy per player, in lineup order (repeatable; fewer than players repeat in order). "
                   "Default: the first N of the family's default lineup ("
                   + "; ".join(f"{name}: {_first_of(families.get(name).strategies.DEFAULT_LINEUP)}"
                               for name in families.names()) + ").")
@click.option("--games", "-n", type=GAMES, default=DEFAULT_GAMES["simulate"], show_default=True,
              help="Number of games (100000, 100k, 2M).")
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
@user_code_options
def simulate(edition, variant, overrides, players, strategy_names, games, seed, out, overwrite, resume, output_format,
             batch_size, threads, scheduler, workers, fixed_seats, check, progress):
    """Simulate games and print win rates per strategy and seat with 95% intervals, game length and
    the share of unfinished games."""
    from simulator.runner import RunSpec, resolve_lineup, run
    with user_errors():
        loaded = edition_of(edition, variant, overrides)
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


@click.command()
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
        loaded = edition_of(edition, variant, overrides)
        family = families.get(loaded.family)
        if not family.board:
            raise CliError(f"landing: {loaded.name} is a card game with no board: try `cards` or `properties` "
                           f"(its colour sets)")
        if not family.movement_model:
            covered = ", ".join(families.get(name).editions for name in families.names()
                                if families.get(name).movement_model)
            raise CliError(f"landing: the movement model covers the classic board's movement ({covered}), not "
                           f"{loaded.name}; its landings are in `simulate --out` results (squares.parquet)")
        board = compile_rules(loaded)
        if not (1 <= games <= 10 ** 6 and 1 <= rolls <= 10 ** 6):
            raise CliError(f"--games {games} --rolls {rolls}: expected 1 to 1,000,000 pawns and rolls per pawn")
        from simulator.engines.board.kernel import landing_counts
        from simulator.executors import chunks, play_chunks
        threads = numba.config.NUMBA_NUM_THREADS
        parts = chunks(games, threads)
        counts = np.zeros((len(parts), board.n_squares), dtype=np.int64)
        play_chunks(lambda chunk, begin, end: landing_counts(board.sq, board.cards, board.decks, board.rules,
                                                             jail == "stay", seed, begin, end - begin, rolls,
                                                             counts[chunk]), parts, threads)
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


COMMANDS = (simulate, landing)
