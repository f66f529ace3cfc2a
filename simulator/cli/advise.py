"""`advise`: what should a player do now, from a position: every choice open to it, ranked by win probability
on the same dice and cards."""
from __future__ import annotations

from pathlib import Path

import click

from simulator import presentation as present, tables
from simulator.cli.options import (
    GAMES, batches_on, format_option, output_file, scheduler_option, user_code_options, user_errors, workers_option,
)
from simulator.cli.position import position_file, progress_option, seed_option, threads_option
from simulator.advise import DEFAULT_GAMES
from simulator.progress import progress_bar
from simulator.tables import as_csv, as_json


@click.command()
@position_file
@click.option("--player", "-p", default=None, metavar="NAME", help="The player advised (default: the player to play).")
@click.option("--games", "-n", type=GAMES, default=DEFAULT_GAMES, show_default=True,
              help="Games played after each choice, on the same seeds for every choice (10000, 10k).")
@click.option("--field", default=None, metavar="STRATEGY[,STRATEGY...]",
              help="The rivals' strategies: one for every rival, or one per rival in seat order (default: the "
                   "strategies the position file gives them); --strategy-file strategies are named here too.")
@click.option("--rolled", default=None, metavar="FACE",
              help="The die face the player to play has just rolled, for the choices that follow it: crosshair "
                   "(Fortnite: whom to shoot), wall (Fortnite: where to stand it; give --moved), swap (Empire: which "
                   "towers swap); the position is the moment after the roll and the move.")
@click.option("--moved", type=int, default=None, metavar="N",
              help="With --rolled wall: the squares the move took the player to the square it stands on (the "
                   "wall goes on one of them, the start included).")
@click.option("--out", "out", type=click.Path(path_type=Path), default=None, callback=output_file(".html", ".htm"),
              help="Also write the advice as a self-contained HTML page (the players, and the choices as bars with "
                   "their intervals).")
@seed_option
@threads_option
@scheduler_option
@workers_option
@progress_option
@format_option
@user_code_options
def advise(file, player, games, field, rolled, moved, out, seed, threads, scheduler, workers, progress, output_format):
    """Every choice open to a player at the position FILE (board family and Millionaire: buy, or decline with a
    bid ceiling at the auction, build, mortgage, lift, leave jail, upgrade; Empire: buy, a skyscraper, an Empire
    card and its target; Fortnite: a chest item, a grenade's target, whom to shoot, where to stand a wall; Deal:
    the card to play, banked or laid and as which colour, its target, and a say-no policy), each played on by everyone's strategies on the same seeds: its win probability,
    its paired difference against the best with a 95% interval, best first, and a verdict that says which choices
    cannot be told apart at this number of games. docs/advise.md says what each choice means."""
    from simulator import advise as advice
    from simulator.cli.position import _load
    with user_errors():
        start = _load(file)
        rivals = None if field is None else [name.strip() for name in field.split(",")]
        advised, options = advice.open_choices(start, player, rivals, rolled, moved)
        with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                progress_bar(games * advice.distinct_positions(options), "Advising",
                             progress and output_format == "table") as bar:
            frame = advice.play_choices(start, advised, options, games, seed, threads, bar.update, bar.note, executor)
        frame.attrs["field"] = rivals or []
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(advice.page(frame, start), encoding="utf-8")
    if output_format != "table":
        summary = {key: frame.attrs[key] for key in ("player", "games", "seed", "field", "verdict")}
        click.echo(as_json({"advice": frame, **summary}) if output_format == "json" else as_csv({"advice": frame}))
        return
    rows = [[r.choice, tables.percent(r.win_rate), tables.interval(r.ci_low, r.ci_high),
             "best" if k == 0 else f"{100 * r.difference:+.1f} pts",
             "" if k == 0 else f"[{100 * r.difference_low:+.1f}, {100 * r.difference_high:+.1f}] pts",
             "" if k == 0 else present.p_value(r.p_adjusted) + ("" if r.tied else " *")]
            for k, r in enumerate(frame.itertuples())]
    click.echo(tables.render(["choice", "wins", "95% CI", "vs best", "95% CI", "adj. p"], rows,
                             title=f"{advised} at {file.name}: {len(frame)} choices, {games:,} games each, "
                                   f"seed {seed}"))
    notes = [f"  {r.choice}: {r.note}" for r in frame.itertuples() if r.note]
    if notes:
        click.echo("\nAssumed:\n" + "\n".join(notes))
    click.echo(f"\n* {present.SIGNIFICANCE_NOTE}\n{frame.attrs['verdict']}")


COMMANDS = (advise,)
