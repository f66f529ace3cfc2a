"""The `monopoly-mc` command line: thin commands over simulator.runner, simulator.rules and the analyses. One
module per group of commands (catalog, play, position, trades, analysis, measures, search, speed), the options they share in options.py."""
from __future__ import annotations

import os
import sys

import click

from simulator.cli import advise, analysis, catalog, measures, play, position, search, speed, trades
from simulator.cli.options import Interrupted


class OneLineErrors(click.Group):
    """Every mistake of the user ends as one line on stderr and exit code 2, never a traceback. --help lists
    the commands in the order a user meets them, those for developing monopoly-mc itself apart, last."""

    developer_commands: tuple[str, ...] = ()

    def list_commands(self, ctx) -> list[str]:
        return list(self.commands)

    def format_commands(self, ctx, formatter) -> None:
        for title, developer in (("Commands", False), ("Developer commands", True)):
            rows = [(name, command.get_short_help_str(formatter.width - 6 - max(map(len, self.commands))))
                    for name, command in self.commands.items()
                    if (name in self.developer_commands) == developer and not command.hidden]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

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


for group in (play, analysis, measures, position, trades, advise, search, catalog, speed):
    for command in group.COMMANDS + getattr(group, "DEVELOPER_COMMANDS", ()):
        cli.add_command(command)
cli.developer_commands = tuple(command.name for command in speed.DEVELOPER_COMMANDS)


def main():
    # The CLI only writes plots to files: no display is wanted (or present on servers and CI). Set here,
    # before matplotlib loads, not in the library: Jupyter then shows plots inline.
    os.environ.setdefault("MPLBACKEND", "Agg")
    cli()
