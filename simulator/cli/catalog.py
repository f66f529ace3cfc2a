"""What there is to play: the built-in editions and the strategies of each family."""
from __future__ import annotations

import math
from pathlib import Path

import click

from simulator import families, tables
from simulator.cli.options import user_code_options, user_errors
from simulator.rules import builtin_editions, compile_rules, load_edition


@click.command()
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
    click.echo("\nData files: " + str(Path(__file__).parent.parent / "editions") + " (copy one and pass --edition PATH)")


@click.command()
@click.option("--family", type=click.Choice(families.names()), default="board", show_default=True,
              help="Game family whose strategies to list: "
                   + "; ".join(f"{family} ({families.get(family).editions})" for family in families.names()) + ".")
@click.option("--params/--no-params", default=True, show_default=True, help="Show each strategy's parameters.")
@click.option("--template", "template_family", type=click.Choice(families.names()), default=None, metavar="FAMILY",
              help="Print a commented starting file of strategies as code for FAMILY (its decisions, their "
                   "parameters, the columns of the arrays they read), and exit.")
@user_code_options
def strategies(family, params, template_family):
    """List the strategies with what they do and the parameters a sweep can vary (with --strategy-file,
    yours too)."""
    if template_family is not None:
        from simulator import usercode
        click.echo(usercode.template(template_family), nl=False)
        return
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


COMMANDS = (editions, strategies)
