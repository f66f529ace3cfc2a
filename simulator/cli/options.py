"""What the commands share: the options every command spells the same way, the checks of output paths made
before any game is played, and the turning of a user's mistake into one line and exit code 2."""
from __future__ import annotations

import functools
import re
from decimal import Decimal
import tempfile
from contextlib import contextmanager
from pathlib import Path

import click

from simulator import usercode
from simulator.executors import ExecutorError, make_executor
from simulator.results import ResultsError
from simulator.rules import EditionError, as_set_option, load_edition, parse_value
from simulator.tables import FORMATS
from strategies import StrategyError

USER_ERRORS = (EditionError, StrategyError, ResultsError, ExecutorError)


class CliError(click.ClickException):
    exit_code = 2


class Interrupted(click.ClickException):
    exit_code = 130


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


class GameCount(click.ParamType):
    """A number of games as people write it: 100000, 100_000, 100,000, 100k or 2M (as --budget takes it)."""
    name = "N"
    SCALE = {"": 1, "k": 1_000, "m": 1_000_000}

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        match = re.fullmatch(r"\s*(-?[\d_,]*\.?\d+)\s*([kKmM]?)\s*", str(value))
        if match:
            number = Decimal(match.group(1).replace("_", "").replace(",", "")) * self.SCALE[match.group(2).lower()]
            if number == number.to_integral_value():
                return int(number)
        self.fail(f"{value}: expected a whole number of games, e.g. 20000, 20k or 2M", param, ctx)


GAMES = GameCount()


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


def overrides_of(values: tuple[str, ...]) -> list[tuple[str, object]]:
    pairs = []
    for item in values:
        path, sep, text = item.partition("=")
        if not sep or not path:
            raise CliError(f"--set {item}: expected PATH=VALUE, e.g. rules.start_cash=2000")
        pairs.append((path.strip(), parse_value(text.strip())))
    return pairs


def edition_of(edition: str, variant: str | None, overrides: tuple[str, ...] = ()):
    """The edition the options name, its errors naming each `--set` as the user typed it."""
    return load_edition(edition, variant, overrides_of(overrides), as_set_option)


edition_option = click.option("--edition", "-e", default="classic", show_default=True, metavar="NAME|PATH",
                              help="A built-in edition (see `monopoly-mc editions`) or a .toml data file.")
variant_option = click.option("--variant", default=None, metavar="NAME",
                              help="A variant of the edition, e.g. `quick` for walking_dead's quick game.")
set_option = click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE",
                          help="Change one value of the edition, e.g. rules.start_cash=2000 or "
                               "squares.Boardwalk.price=450 (repeatable).")


def _use_strategy_files(ctx, param, paths: tuple[Path, ...]) -> None:
    try:
        usercode.use(paths, jit=ctx.meta.get("jit", True))
    except StrategyError as exc:
        raise CliError(str(exc)) from None


def _jit(ctx, param, value: str) -> None:
    ctx.meta["jit"] = value == "on"


def user_code_options(command):
    """--strategy-file and --jit: strategies of the user's own, with compiled decisions (simulator/usercode.py)."""
    command = click.option("--strategy-file", type=click.Path(path_type=Path), multiple=True, metavar="FILE.py",
                           expose_value=False, callback=_use_strategy_files,
                           help="A Python file of your own strategies (see `monopoly-mc strategies --template "
                                "FAMILY`), named then with -s like the built-in ones (repeatable).")(command)
    return click.option("--jit", type=click.Choice(["on", "off"]), default="on", show_default=True, is_eager=True,
                        expose_value=False, callback=_jit,
                        help="off: run the engine and every decision as Python, print() included, in a child "
                             "process (slow; the same results on a seed).")(command)


def simulation_options(games: int):
    def decorate(command):
        for option in reversed([
            edition_option, variant_option, set_option,
            click.option("--players", "-p", default=4, show_default=True, help="Number of players."),
            click.option("--strategy", "-s", "strategy_names", multiple=True, metavar="NAME",
                         help="Strategies (repeatable); default: the default lineup."),
            click.option("--games", "-n", type=GAMES, default=games, show_default=True,
                         help="Games to simulate (20000, 20k, 2M)."),
            click.option("--seed", default=0, show_default=True, help="Seed: the same seed gives the same results."),
            click.option("--threads", type=int, default=None, help="Threads to use (default: all cores)."),
            click.option("--progress/--no-progress", default=True, show_default=True, help="Progress bar on stderr."),
            user_code_options,
        ]):
            command = option(command)
        return command
    return decorate


format_option = click.option("--format", "output_format", type=click.Choice(FORMATS), default="table",
                             show_default=True, help="table: for reading; json or csv: the full frames.")
out_option = click.option("--out", "-o", type=click.Path(path_type=Path), default=None, callback=results_folder,
                          help="Also write the simulated runs here (a results directory), for later commands.")
overwrite_option = click.option("--overwrite", is_flag=True, help="Replace an existing results directory at --out.")


def analysis_command(func):
    """Turn user errors of any layer into one line and exit code 2."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with user_errors():
            return func(*args, **kwargs)
    return wrapper
