"""What there is to play: the built-in editions and the strategies of each family."""
from __future__ import annotations

import itertools
import json
import math
import re
import sys
import textwrap

import click
import pandas as pd

from simulator import families, tables
from simulator.checks import hint
from simulator.cli.options import CliError, format_option, user_code_options, user_errors
from simulator.rules import BUILTIN_DIR, builtin_editions, compile_rules, describe_edition, load_edition
from simulator.tables import as_csv, as_json

INDENT = "  "  # begins the continued lines of a wrapped table's first cell
NAME_CUTS = re.compile(r"[^_/]*[_/]|[^_/]+")  # the parts of a name a table may cut it into, each keeping its mark
TABLES = {"games": "games/part-NNNNN.parquet, one row per game",
          "players": "players/part-NNNNN.parquet, one row per player per game",
          "squares": "squares.parquet, one row per square, summed over the run",
          "cards": "cards.parquet, one row per card of every deck, summed over the run"}


@click.command()
@click.argument("name", required=False, metavar="[NAME|PATH]")
@click.option("--variant", default=None, metavar="NAME", help="Show the edition with this variant applied.")
@format_option
def editions(name, variant, output_format):
    """List the built-in editions; with NAME (or a data file's PATH), print that edition's rule options (value,
    allowed values, meaning), variants, decks and documented assumptions, all read from its data file."""
    with user_errors():
        if name is None:
            if variant is not None:
                raise CliError("--variant: give the edition it belongs to, e.g. `monopoly-mc editions walking_dead "
                               "--variant quick`")
            _list_editions(output_format)
        else:
            _show_edition(describe_edition(load_edition(name, variant)), output_format)


def _list_editions(output_format: str) -> None:
    rows = []
    for name in builtin_editions():
        edition = load_edition(name)
        board = compile_rules(edition)
        rows.append({"edition": name, "family": edition.family, "players": f"{board.players_min}-{board.players_max}",
                     "variants": ", ".join(edition.variants) or "-", "title": edition.title})
    if output_format != "table":
        click.echo(as_json(rows) if output_format == "json" else as_csv({"editions": pd.DataFrame(rows)}))
        return
    click.echo(tables.render(list(rows[0]), [list(row.values()) for row in rows]))
    click.echo("\nmonopoly-mc editions NAME prints an edition's rules, decks and assumptions.\nData files: "
               + str(BUILTIN_DIR) + " (copy one and pass --edition PATH)")


def _show_edition(sheet: dict, output_format: str) -> None:
    if output_format == "json":
        click.echo(as_json(sheet))
        return
    if output_format == "csv":
        click.echo(as_csv({"edition": pd.DataFrame([sheet["edition"]]),
                           **{part: pd.DataFrame(sheet[part]) for part in ("rules", "variants", "decks", "assumptions")}}))
        return
    about = sheet["edition"]
    lines = [*textwrap.wrap(f"{about['edition']}: {about['title']}", tables.WIDTH),
             *textwrap.wrap(f"family {about['family']}, {about['players']} players"
                            + (f", amounts in {about['currency']}" if about["currency"] else "")
                            + (f", {about['squares']} squares" if about["squares"] else "")
                            + (f", variant {about['variant']}" if about["variant"] else "")
                            + f"; data file {about['data file']}"
                            + (f" (extends {about['extends']})" if about["extends"] else ""), tables.WIDTH), ""]
    for paragraph in about["description"].splitlines() or [""]:  # a line of the data file is a paragraph or an item
        lines += textwrap.wrap(paragraph, tables.WIDTH, subsequent_indent="  " if paragraph.startswith("- ") else "") or [""]
    blocks = ["\n".join(lines)]
    blocks.append(_wrapped("Rules (change one with --set rules.OPTION=VALUE)", sheet["rules"],
                           {"option": None, "value": 22, "allowed": 34, "meaning": 50}))
    if sheet["variants"]:
        blocks.append(_wrapped("Variants (--variant NAME)", [
            {"variant": v["variant"], "changes": ", ".join(f"{k} = {_toml(x)}" for k, x in v["changes"].items()),
             "description": v["description"]} for v in sheet["variants"]],
            {"variant": None, "changes": 40, "description": 60}))
    blocks.append(_wrapped("Decks (cards by id: monopoly-mc cards; change one with --set decks.DECK.cards.ID.FIELD=V)",
                           sheet["decks"], {"deck": None, "title": 22, "cards": 5, "copies": 6, "effects": 70}))
    blocks.append(_wrapped("Assumptions (where the rulebook is silent or reads two ways)", sheet["assumptions"],
                           {"field": None, "value": 30, "source": 34, "note": 42}))
    click.echo("\n\n".join(blocks))


def _toml(value) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _wrapped(title: str | None, rows: list[dict], widths: dict[str, int | None]) -> str:
    """A table within tables.WIDTH whose long cells wrap onto the next lines of their column. `widths` are the
    columns' preferred widths (None: as wide as its longest cell); a table too wide for them narrows the columns
    with the most room to spare, down to their longest word, then if it must down to the longest part of a name
    cut after a "_" or "/" (its line ends with that mark). The first column's continued lines are indented by
    two spaces, so a line that starts at the margin starts a row."""
    columns = list(widths)
    texts = [[_toml(row[column]) for column in columns] for row in rows]
    indent = [INDENT if i == 0 else "" for i in range(len(columns))]

    def floor(i: int, pieces) -> int:
        return max([len(columns[i])] + [len(indent[i]) + len(piece) for row in texts for word in row[i].split()
                                        for piece in pieces(word)])
    fullest = [max([len(column)] + [len(row[i]) for row in texts]) for i, column in enumerate(columns)]
    chosen = [min(fullest[i], widths[column] or fullest[i]) for i, column in enumerate(columns)]
    room = tables.WIDTH - len(tables.GAP) * (len(columns) - 1)
    for pieces in (lambda word: [word], lambda word: NAME_CUTS.findall(word)):
        floors = [floor(i, pieces) for i in range(len(columns))]
        while sum(chosen) > room and any(c > f for c, f in zip(chosen, floors)):
            chosen[max(range(len(columns)), key=lambda i: chosen[i] - floors[i])] -= 1
    lines = []
    for row in texts:
        cells = [_fitted(text, width, indent[i]) for i, (text, width) in enumerate(zip(row, chosen))]
        lines += [list(line) for line in itertools.zip_longest(*cells, fillvalue="")]
    # wrapped here already, line by line: narrowed again, a first cell would wrap and start a false row
    return tables.render(columns, lines, title=title, width=sys.maxsize)


def _fitted(text: str, width: int, indent: str) -> list[str]:
    """`text` wrapped at spaces into lines of `width`; a name longer than that is cut after a "_" or "/"."""
    fitted = []
    for line in textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=False,
                              break_on_hyphens=False) or [""]:
        while len(line) > width and (cut := max(line.rfind("_", 0, width), line.rfind("/", 0, width))) > len(indent):
            fitted.append(line[:cut + 1])
            line = indent + line[cut + 1:]
        fitted.append(line)
    return fitted


@click.command()
@click.argument("name", required=False, metavar="[EDITION|FAMILY]")
@click.option("--family", type=click.Choice(families.names()), default="board", show_default=True,
              help="Game family whose strategies to list: "
                   + "; ".join(f"{family} ({families.get(family).editions})" for family in families.names()) + ".")
@click.option("--params/--no-params", default=True, show_default=True, help="Show each strategy's parameters.")
@click.option("--template", "template_family", type=click.Choice(families.names()), default=None, metavar="FAMILY",
              help="Print a commented starting file of strategies as code for FAMILY (its decisions, their "
                   "parameters, the columns of the arrays they read), and exit.")
@user_code_options
def strategies(name, family, params, template_family):
    """List the strategies with what they do and the parameters a sweep can vary (with --strategy-file,
    yours too): of the family of EDITION (`strategies empire`), or of FAMILY, or of --family."""
    if name is not None:
        family = _family_named(name)
    if template_family is not None:
        from simulator import usercode
        click.echo(usercode.template(template_family), nl=False)
        return
    import strategies as registry
    module = registry.family_module(family)
    parameters = module.PARAMETERS
    found = registry.available(family)
    click.echo(_wrapped(None, [{"strategy": s.name, "what it does": s.summary} for s in found],
                        {"strategy": None, "what it does": 80}))
    click.echo("\n" + textwrap.fill(" ".join(module.SHARED_BEHAVIOUR.split()), 100))
    if params:
        click.echo("")
        plain, searching = [s for s in found if not s.searches], [s for s in found if s.searches]
        rows = [[key] + [_short(s.params[key]) for s in plain] for key in parameters]
        click.echo(tables.render(["parameter"] + [s.name for s in plain], rows, title="Parameters"))
        click.echo("")
        click.echo(tables.render(["parameter", "meaning"], [[k, v[2]] for k, v in parameters.items()]))
        if searching:  # a search player's parameters are its search's, not the family's
            click.echo("")
            click.echo(tables.render(["parameter"] + [s.name for s in searching] + ["meaning"],
                                     [[key] + [_short(s.params[key]) for s in searching] + [meaning]
                                      for key, (_, _, meaning) in registry.SEARCH_PARAMETERS.items()],
                                     title="Search players' parameters"))


def _family_named(name: str) -> str:
    """The game family of a built-in edition or family name, as a newcomer types either."""
    if name in families.names():
        return name
    if name in builtin_editions():
        return load_edition(name).family
    raise CliError(f"unknown edition or family '{name}'{hint(name, [*builtin_editions(), *families.names()])}")


@click.command()
@click.option("--edition", "-e", default="classic", show_default=True, metavar="NAME|PATH",
              help="The edition whose results to describe (its family decides the players columns).")
@click.option("--table", "only", type=click.Choice(TABLES), default=None, help="Only this table.")
@format_option
def schema(edition, only, output_format):
    """The columns of the results a run writes with --out (games, players, squares, cards): type and meaning,
    from the code that writes them."""
    from simulator.results import schema as results_schema
    with user_errors():
        frame = results_schema(compile_rules(load_edition(edition)))
    if only is not None:
        frame = frame[frame.table == only]
    if output_format != "table":
        click.echo(as_json(frame) if output_format == "json" else as_csv({"schema": frame}))
        return
    click.echo("\n\n".join(_wrapped(f"{table} ({TABLES[table]})", rows.drop(columns="table").to_dict("records"),
                                      {"column": None, "type": 8, "meaning": 80})
                             for table, rows in frame.groupby("table", sort=False)))


def _short(value) -> str:
    if isinstance(value, list):
        return "+".join(value) or "-"
    if isinstance(value, float) and math.isinf(value):
        return "never"
    return f"{value:g}" if isinstance(value, float) else str(value)


COMMANDS = (editions, strategies, schema)
