"""`trades`: from a position, which trade a player should offer each rival, and at what price
(simulator/trade_finder.py)."""
from __future__ import annotations

from pathlib import Path

import click

from simulator import tables
from simulator.cli.options import GAMES, CliError, batches_on, output_file, user_errors
from simulator.cli.position import _load, field_note, field_option, fielded, played_options, position_file
from simulator.progress import progress_bar
from simulator.tables import as_csv, as_json


def _amounts(ctx, param, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        return tuple(int(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"{value}: expected whole amounts separated by commas (100,200,400)") from None


@click.command()
@position_file
@click.option("--player", required=True, metavar="NAME", help="The player who offers the trades.")
@click.option("--rival", "rivals", multiple=True, metavar="NAME",
              help="Only trades with this player (repeatable; default: every player still in).")
@click.option("--cash", "cash", default=None, callback=_amounts, metavar="A,B,...",
              help="The cash amounts tried: squares sold or bought for each, and swaps with each paid either way "
                   "(or none). Default: 100,200,400 (Fortnite trades locations and chest items, no cash).")
@click.option("--max-squares", default=1, show_default=True, help="Most squares each side hands over in one trade (Fortnite: locations and chest items).")
@click.option("--screen-games", type=GAMES, default=200, show_default=True,
              help="Games every candidate plays first, on --seed.")
@click.option("--finalists", default=8, show_default=True,
              help="Candidates re-checked on --games fresh games (half among those the rival's strategy accepts).")
@click.option("--games", "-n", type=GAMES, default=4000, show_default=True,
              help="Games each finalist (and the position as it stands) plays on seed + 1: the intervals' games; "
                   "with --fair, the games of each price tried.")
@click.option("--fair", "fair_target", default=None, metavar="SQUARE|GROUP",
              help="Instead: the price of a square or colour group that makes its sale even for each side, and for "
                   "its squares still the bank's, the highest bid worth paying.")
@click.option("--step", default=25, show_default=True, help="With --fair: the resolution of the prices.")
@field_option("The rivals (every player other than --player)")
@click.option("--out", "-o", "out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              callback=output_file(".html"),
              help="Also write the finalists as a self-contained page (trades.html): bars with 95% intervals.")
@played_options
def trades(file, player, rivals, cash, max_squares, screen_games, finalists, games, fair_target, step, field, out,
           seed, threads, scheduler, workers, progress, output_format):
    """Which trade PLAYER should offer from a position FILE: every trade with each rival (squares for squares,
    squares for cash over --cash; Fortnite: locations and chest items each way, no cash), played on the same dice as the position; each screened on a few games, the
    best re-checked on fresh ones. The trades that raise PLAYER's win probability, best first, with the paired
    difference, its 95% interval, the rival's difference, whether the rival's own strategy accepts, and a verdict
    Holm-adjusted over the finalists. --fair prices one square or group instead."""
    from simulator import positions, trade_finder as finder
    with user_errors():
        start = _load(file)
        finder.seat_of(start, player, "--player")
        start = fielded(start, player, field, "--player")
        if step < 1:
            raise CliError(f"--step {step}: expected a whole number of at least 1")
        if fair_target is not None:
            if out is not None:
                raise CliError(f"--out {out}: a page of the trade finder's finalists, not of --fair's prices")
            positions.refuse_untradable(start, "trades")
            positions.refuse_pricing(start, "--fair")
            finder.squares_of(start, fair_target)
            with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                    progress_bar(None, "Pricing", progress and output_format == "table") as bar:
                frame = finder.fair_prices(start, player, fair_target, list(rivals) or None, games, seed, threads,
                                           step, bar.update, bar.note, executor)
            _print_prices(frame, fair_target, games, seed, output_format)
            return
        budget = finder.Budget(screen_games, finalists, games)
        budget.check()
        offers = finder.candidates(start, player, list(rivals) or None, cash, max_squares)
        with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                progress_bar(budget.total(len(offers)), "Trading", progress and output_format == "table") as bar:
            frame = finder.find_trades(start, player, budget=budget, seed=seed, threads=threads,
                                       progress=bar.update, notice=bar.note, executor=executor, offers=offers)
    table, notes = _finalists_table(frame, player, file.name, seed), _notes(frame, player, seed, field)
    if out is not None:
        _write_page(out, frame, table, player, file.name, notes)
    if output_format != "table":
        summary = {k: v for k, v in frame.attrs.items() if k != "units"}
        click.echo(as_json({"trades": frame, **summary}) if output_format == "json" else as_csv({"trades": frame}))
        return
    click.echo(table.text() if table.rows else table.title)
    for line in notes + [f"Wrote {out}"] * (out is not None):
        click.echo(f"\n{line}")


def _finalists_table(frame, player: str, source: str, seed: int):
    """The finalists as a titled table (the terminal's and the page's); no rows when none raised the chance."""
    from simulator.presentation import Table
    a = frame.attrs
    accepted = bool((frame.rival_accepts == "yes").any())
    # the rival's answer is a column only when some row says yes: a column of "no" reads as a missing mark
    headers = ["rank", "trade", f"{player} wins", "difference", "95% CI", "rival's difference"] + \
        ["rival accepts"] * accepted + ["verdict"]
    rows = [[str(k + 1), r["trade"], tables.percent(r["with"]), f"{100 * r['difference']:+.1f} pts",
             f"[{100 * r['ci_low']:+.1f}, {100 * r['ci_high']:+.1f}] pts", f"{100 * r['rival_difference']:+.1f} pts"]
            + [r["rival_accepts"]] * accepted + [r["verdict"]] for k, r in enumerate(frame.to_dict("records"))]
    title = (f"Trades {player} could offer from {source}: {player} wins {tables.percent(a['without'])} without one "
             f"({a['games']:,} paired games, seed {seed} + 1)" if rows else
             f"No trade {player} could offer raised its chance on the re-check ({player} wins "
             f"{tables.percent(a['without'])} without one).")
    return Table(title, headers, rows)


def _notes(frame, player: str, seed: int, field: str | None) -> list[str]:
    """How the finalists were found, the field, and whether any is a trade its rival accepts."""
    a = frame.attrs
    lines = [f"{a['candidates']:,} candidates screened on {a['screen_games']:,} games each (seed {seed}); the best "
             f"{a['finalists']} re-checked on {a['games']:,} fresh games, {a['dropped']} of them dropped for not "
             f"raising {player}'s chance there; {a['games_played']:,} games in all. Verdicts are Holm-adjusted over "
             f"the {a['finalists']} finalists (5% level)."]
    lines += field_note(field, "The rivals")
    if len(frame) and not (frame.rival_accepts == "yes").any():
        lines.append("None of these is a trade its rival's strategy accepts.")
    return lines


def _write_page(out, frame, table, player: str, source: str, notes: list[str]) -> None:
    """The finalists as one self-contained page: the bars with their intervals, then the table (report.py's
    HTML writer)."""
    from simulator import plots
    from simulator.report import Block, write_html
    best = f"Trades {player} could offer, best first"
    blocks = [Block("heading", best)]
    blocks += ([Block("figure", plots.trade_offers(frame, player, "Each side's change in win probability")), Block("table", table)] if table.rows else
               [Block("text", table.title)])
    blocks += [Block("heading", "How they were found"), *(Block("text", line) for line in notes)]
    write_html(blocks, f"Which trade should {player} offer? ({source})", out)


def _print_prices(frame, target: str, games: int, seed: int, output_format: str) -> None:
    if output_format != "table":
        click.echo(as_json({"fair_prices": frame}) if output_format == "json" else as_csv({"fair_prices": frame}))
        return
    rows = []
    for r in frame.to_dict("records"):
        even = (f"{int(r['even_from']):,} to {int(r['even_to']):,}" if r["even_from"] == r["even_from"] else
                "none up to the cash a side holds" if r["at_payable_limit"] else "none tried")
        rows.append([r["squares"], r["buyer"], r["seller"], r["even_for"], f"{int(r['price']):,}",
                     f"{100 * r['difference']:+.1f} pts", f"[{100 * r['ci_low']:+.1f}, {100 * r['ci_high']:+.1f}] pts",
                     even, r["evaluated"]])
    click.echo(tables.render(["squares", "buyer", "seller", "even for", "price", "difference there", "95% CI",
                              "even range", "prices played"], rows,
                             title=f"Fair prices of {target} ({games:,} paired games a price, seed {seed}): the "
                                   f"price the buyer pays (from the bank: the highest bid worth paying)"))


COMMANDS = (trades,)
