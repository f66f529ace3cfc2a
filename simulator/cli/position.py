"""From a moment of a game: `position` (who wins from here), `trade` (is this trade worth it, and at what
price) and `whatif` (two positions compared on the same dice)."""
from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from simulator import tables
from simulator.cli.options import (
    GAMES, CliError, batches_on, format_option, scheduler_option, user_code_options, user_errors, workers_option,
)
from simulator.progress import progress_bar
from simulator.runner import DEFAULT_GAMES
from simulator.tables import as_csv, as_json

position_file = click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
games_option = click.option("--games", "-n", type=GAMES, default=DEFAULT_GAMES["position"], show_default=True,
                            help="Games played from the position (each side of a comparison plays as many; 20000, "
                                 "20k).")
seed_option = click.option("--seed", default=0, show_default=True,
                           help="Seed: the same seed gives the same results, and both sides of a comparison the same "
                                "dice and cards game by game.")
threads_option = click.option("--threads", type=int, default=None, help="Threads to use (default: all cores).")
progress_option = click.option("--progress/--no-progress", default=True, show_default=True,
                               help="Show a progress bar on stderr.")


def played_options(command):
    """The options of every command that plays games from a position: the seed, where the games run, the
    progress bar, the output format and the user's strategy files."""
    for option in reversed((seed_option, threads_option, scheduler_option, workers_option, progress_option,
                            format_option, user_code_options)):
        command = option(command)
    return command


def field_option(rivals: str):
    return click.option("--field", default=None, metavar="A[,B,...]",
                        help=f"{rivals} played by these strategies instead of the position file's: one for all of "
                             f"them, or one each in seat order (any strategy of the family, --strategy-file ones "
                             f"included).")


def fielded(start, player: str, field: str | None, player_option: str):
    """The position with --field's strategies for the players other than `player` (none given: as it is)."""
    from simulator.positions import with_field
    if field is None:
        return start
    return with_field(start, player, [name.strip() for name in field.split(",")], player_option)


def field_note(field: str | None, players: str) -> list[str]:
    """The line saying who --field plays, if given."""
    return [] if field is None else [f"{players} played by {field} (--field), not by the position file's strategies."]


def _load(file: Path):
    from simulator.positions import load_position
    if not file.is_file():
        raise CliError(f"{file}: no such position file (write one with `monopoly-mc position --template`)")
    return load_position(file)


@click.command()
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False), required=False)
@click.option("--template", "write_template", is_flag=True,
              help="Print a commented example position (of --edition) to start from, and exit.")
@click.option("--edition", "-e", default="classic", show_default=True, metavar="NAME|PATH",
              help="The edition of the --template.")
@games_option
@played_options
def position(file, write_template, edition, games, seed, threads, scheduler, workers, progress, output_format):
    """From the moment a position FILE describes, who wins: each player's win probability with its 95%
    interval, its final-rank distribution, the expected remaining rounds and the unfinished share. Seats stay
    as the file lists the players; the decks are shuffled per game from the cards not held."""
    from simulator import positions
    with user_errors():
        if write_template:
            from simulator import families
            from simulator.rules import compile_rules, load_edition
            loaded = load_edition(edition)
            click.echo(families.get(loaded.family).position_template(loaded.name, compile_rules(loaded)), nl=False)
            return
        if file is None:
            raise CliError("position: give a position FILE, or --template to write one")
        start = _load(file)
        with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                progress_bar(games, f"Playing {file.name}", progress and output_format == "table") as bar:
            frame = positions.outlook(positions.play(start, games, seed, threads, bar.update, bar.note, executor),
                                      start)
    if output_format != "table":
        summary = {key: value for key, value in frame.attrs.items() if key != "units"}  # the columns carry theirs
        click.echo(as_json({"outlook": frame, **summary}) if output_format == "json" else as_csv({"outlook": frame}))
        return
    players = len(start.players)
    rows = [[r["player"], r["strategy"], tables.percent(r["win_rate"]), tables.interval(r["ci_low"], r["ci_high"])]
            + [tables.percent(r[f"rank_{k}"]) for k in range(1, players + 1)] for r in frame.to_dict("records")]
    click.echo(tables.render(["player", "strategy", "wins", "95% CI"] + [f"rank {k}" for k in range(1, players + 1)],
                             rows, title=f"From {file.name} ({_edition_label(start.edition)}), {games:,} games, "
                                         f"seed {seed}, "
                                         f"{start.players[start.start.first_seat]} to play"))
    click.echo(f"\nRemaining rounds (finished games): {frame.attrs['rounds_mean']:.1f} on average; unfinished "
               f"(turn cap): {tables.percent(frame.attrs['unfinished_share'], 2)}")


def _edition_label(edition) -> str:
    """The edition, and its variant when the position names one (the quick game plays other rules)."""
    return f"{edition.name}, variant {edition.variant}" if edition.variant else edition.name


def _effect_rows(frame):
    return [[r.player, tables.percent(r.without), tables.percent(r.with_), f"{100 * r.difference:+.1f} pts",
             f"[{100 * r.ci_low:+.1f}, {100 * r.ci_high:+.1f}] pts", r.verdict]
            for r in frame.rename(columns={"with": "with_"}).itertuples()]


@click.command()
@position_file
@click.option("--between", nargs=2, required=True, metavar="A B",
              help="The two players of the trade: A gives --give and --cash, B gives --get.")
@click.option("--give", multiple=True, metavar="SQUARE", help="A square A gives B (repeatable; Fortnite: a location "
              "or a chest item's id).")
@click.option("--get", "get_", multiple=True, metavar="SQUARE", help="A square B gives A (repeatable; Fortnite: a "
              "location or a chest item's id).")
@click.option("--cash", default=0, show_default=True, help="Cash A pays B (negative: B pays A).")
@click.option("--fair-price", "fair_for", default=None, metavar="PLAYER",
              help="Also find the cash (paid by A to B) that makes the trade even for PLAYER (A or B): a bisection "
                   "on the same seeds, with the range of prices not significantly different from even.")
@field_option("The players other than A")
@games_option
@played_options
def trade(file, between, give, get_, cash, fair_for, field, games, seed, threads, scheduler, workers, progress,
          output_format):
    """Each player's win probability from a position FILE with and without a trade, played on the same dice
    and cards game by game (common random numbers), with the paired difference, its 95% interval and a
    verdict per side. Squares change hands without buildings; in Fortnite, locations and chest items (no cash)."""
    from simulator import positions
    with user_errors():
        deal = positions.Trade(between=tuple(between), give=tuple(give), get=tuple(get_), cash=cash)
        start = _load(file)
        start = fielded(start, between[0], field, "--between")
        positions.traded(start, deal)  # refuses a trade that does not fit before any game is played
        if fair_for is not None:
            positions.check_fair_side(deal, fair_for)
            positions.refuse_pricing(start, "--fair-price")
        sides = 2 + (1 + positions.bisection_steps(-2000, 2000, 10) if fair_for else 0)
        with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                progress_bar(games * sides, "Trading", progress and output_format == "table") as bar:
            frame = positions.trade_table(start, deal, games, seed, threads, bar.update, bar.note, executor)
            price = None if fair_for is None else positions.fair_price(
                start, deal, fair_for, games, seed, threads, progress=bar.update, notice=bar.note, executor=executor)
    if output_format != "table":
        payload = {"trade": frame, "fair_price": price} if price else {"trade": frame}
        if output_format == "json":
            click.echo(as_json(payload))
        else:  # the prices tried are a mapping: CSV keeps the price's row without them
            fair_row = None if price is None else pd.DataFrame([{k: v for k, v in price.items() if k != "tried"}])
            click.echo(as_csv({**payload, "fair_price": fair_row} if price else payload))
        return
    click.echo(tables.render(["player", "without", "with", "difference", "95% CI", "verdict"], _effect_rows(frame),
                             title=f"{deal.text()} ({games:,} paired games, seed {seed})"))
    for line in field_note(field, f"The players other than {between[0]}"):
        click.echo(line)
    if price is not None:
        low, high = price["even_from"], price["even_to"]
        payer, most = ((between[0], price["payable_to"]) if price["price"] > 0 else
                       (between[1], -price["payable_from"]))
        around = (f"even within the interval from {low:+,} to {high:+,}" if low == low else
                  f"no even price: the search reached the most {payer} holds ({most:,})" if price["at_payable_limit"]
                  else "no price tried is even within its interval (more games narrow it, a smaller step finds one)")
        click.echo(f"\nFair price for {fair_for}: {price['price']:+,} paid by {between[0]} to {between[1]} "
                   f"({fair_for}'s difference there {100 * price['difference']:+.1f} pts, 95% CI "
                   f"[{100 * price['ci_low']:+.1f}, {100 * price['ci_high']:+.1f}]); {around}; "
                   f"{price['evaluated']} prices played")


@click.command()
@position_file
@click.option("--alt", "alternative", required=True, type=click.Path(path_type=Path, dir_okay=False),
              help="The other position (the same players by name), e.g. the same moment after building.")
@games_option
@played_options
def whatif(file, alternative, games, seed, threads, scheduler, workers, progress, output_format):
    """Two positions of the same players compared on the same dice and cards game by game: each player's win
    probability in FILE and in --alt, the paired difference, its 95% interval and a verdict."""
    from simulator import positions
    with user_errors():
        first, second = _load(file), _load(alternative)
        with batches_on(threads, scheduler, workers, None, False, False) as executor, \
                progress_bar(2 * games, "Comparing", progress and output_format == "table") as bar:
            frame = positions.compare_positions(first, second, games, seed, threads, bar.update, bar.note,
                                                verdicts=("better in --alt", "worse in --alt"), executor=executor)
    if output_format != "table":
        click.echo(as_json({"whatif": frame}) if output_format == "json" else as_csv({"whatif": frame}))
        return
    click.echo(tables.render(["player", "in FILE", "in --alt", "difference", "95% CI", "verdict"],
                             _effect_rows(frame), title=f"{file.name} against {alternative.name} "
                                                        f"({games:,} paired games, seed {seed})"))


@click.command()
@click.option("--edition", "-e", default="classic", show_default=True, metavar="NAME|PATH",
              help="Built-in edition name or path to a data file.")
@click.option("--variant", default=None, metavar="NAME", help="A variant of the edition (e.g. quick).")
@click.option("--players", "-p", default=4, show_default=True, help="Number of players.")
@click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME",
              help="Strategies (repeatable), seat by seat; default: the default lineup.")
@click.option("--round", "rounds", type=click.IntRange(min=1), default=10, show_default=True,
              help="The positions are the games still going at the end of this round.")
@click.option("--positions", type=click.IntRange(min=2), default=100, show_default=True,
              help="Mid-game positions drawn (the interval's units).")
@click.option("--games", "-n", type=GAMES, default=100, show_default=True,
              help="Paired games played from each position and each copy (20000, 20k).")
@click.option("--player", type=click.IntRange(min=1), default=1, show_default=True,
              help="The seat (from 1) given the group.")
@click.option("--group", "groups", multiple=True, metavar="NAME",
              help="A colour group to give (repeatable); default: every colour group.")
@click.option("--square", "squares", multiple=True, metavar="NAME", help="A single property to give (repeatable).")
@click.option("--card", "cards", multiple=True, metavar="ID",
              help="A card to hold, against every copy back in its deck (repeatable): a card players keep in hand "
                   "(Get Out of Jail Free; Millionaire's kept Fortune cards; Empire cards).")
@click.option("--cash-equivalent/--no-cash-equivalent", "cash", default=True, show_default=True,
              help="Also find the cash worth as much (about 25 more plays of every position per group).")
@click.option("--association-games", type=GAMES, default=20000, show_default=True,
              help="Games of the same lineup (seats rotated) for the association lift shown beside; 0: none.")
@seed_option
@threads_option
@progress_option
@format_option
def effect(edition, variant, players, strategy_names, rounds, positions, games, player, groups, squares, cards,
           cash, association_games, seed, threads, progress, output_format):
    """Values by intervention: what holding a colour group (a square, a card) at the end of a round is worth to a
    player (classic, Walking Dead and its quick game, Millionaire, Empire, Fortnite, Deal). Mid-game positions are
    drawn from simulated games; each is played with the group given to the player and with it left to the bank
    (Deal: its set's cards in the draw pile), on the same dice: the paired difference in win probability, its 95%
    interval, and its cash equivalent (not in Fortnite or Deal), beside the association lift of the properties
    table."""
    from simulator import analysis, effects, presentation
    from simulator.cli.options import edition_of
    from simulator.rules import compile_rules
    from simulator.runner import RunSpec, as_results, resolve_lineup, run
    with user_errors():
        loaded = edition_of(edition, variant)
        effects.capturable(loaded)
        board = compile_rules(loaded)
        lineup = resolve_lineup(loaded, board, players, list(strategy_names))
        if player > players:
            raise CliError(f"--player {player}: expected a seat from 1 to {players}")
        chosen = list(groups) if groups or squares or cards else [name for _, name in board.colour_groups]
        for group in chosen:
            effects.check_group(board, group)  # an unknown group is refused before any game is played
        moments = effects.mid_game_positions(loaded, lineup, rounds, positions, seed, player - 1)
        plays = len(chosen) + len(squares) + len(cards)
        # the cash bisections stop when they converge: their games are not known ahead
        with progress_bar(None if cash else plays * 2 * positions * games, "Intervening",
                          progress and output_format == "table") as bar:
            frame = effects.group_effects(moments, chosen, player - 1, games, seed, threads, cash, list(squares),
                                          list(cards), bar.update)
        association = None
        if association_games:
            spec = RunSpec(edition=loaded, lineup=lineup, games=association_games, seed=seed, threads=threads)
            association = analysis.group_table([as_results(run(spec, keep_frames=True))])
    frames = {"effects": frame, **({"association": association} if association is not None else {})}
    if output_format != "table":
        click.echo(as_json(frames) if output_format == "json" else as_csv(frames))
        return
    click.echo(presentation.effects_table(frame, association).text())


COMMANDS = (position, trade, whatif, effect)
