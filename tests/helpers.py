"""What every test file may use: the CLI through click's runner, a comparison of two results folders, a
position document written as a position file, a position played on every executor, and the bounds a sound 5%
verdict stays within across seeds (the null tests').
Each family's game table for rule tests is in tests/engines/<family>/table.py."""
from __future__ import annotations


def invoke(*args):
    """Run the CLI through click's runner with these arguments (any value is passed as text)."""
    from click.testing import CliRunner

    from simulator.cli import cli
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def assert_same_results(a, b):
    """Two results directories hold equal tables and summaries (elapsed times and resumed counts may differ)."""
    import pandas as pd

    from simulator.results import read_manifest
    for table in ("games", "players", "squares.parquet", "cards.parquet"):
        pd.testing.assert_frame_equal(pd.read_parquet(a / table), pd.read_parquet(b / table))
    assert read_manifest(a)["summary"] == read_manifest(b)["summary"]


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def position_toml(document: dict) -> str:
    """A position document as a position file (its [position] table and [[players]] tables)."""
    lines = ["[position]"] + [f"{k} = {_toml_value(v)}" for k, v in document["position"].items()]
    for player in document["players"]:
        lines += ["", "[[players]]"] + [f"{k} = {_toml_value(v)}" for k, v in player.items()]
    return "\n".join(lines) + "\n"


def assert_same_on_every_executor(position, games: int, seed: int):
    """A position played on one thread, on two, and on two local Dask workers gives the same players' rows."""
    import pandas as pd

    from simulator import positions
    from simulator.executors import make_executor
    one = positions.play(position, games, seed=seed, threads=1)
    two = positions.play(position, games, seed=seed, threads=2)
    pd.testing.assert_frame_equal(one.players, two.players)
    executor = make_executor(None, None, 2)
    try:
        dask = positions.play(position, games, seed=seed, executor=executor)
    finally:
        executor.close()
    pd.testing.assert_frame_equal(one.players, dask.players)


def assert_relabelled_plays_the_same(document: dict, games: int = 300, seed: int = 3):
    """The position of `document` (two players, the first to play) and the same with its players listed in the
    other order: each game meets the same dice or deal, so each player's wins are the same, in the other seat,
    and so are each game's rounds, counted from the player to play whatever its seat (counted from seat 0, the
    first player listed second gained a round after its first turn)."""
    import copy

    from simulator import positions
    swapped = copy.deepcopy(document)
    swapped["players"].reverse()
    wins, rounds = [], []
    for doc in (document, swapped):
        position = positions.position_from(doc, "test")
        played = positions.play(position, games, seed=seed)
        wins.append(positions.outlook(played, position).set_index("player").wins.to_dict())
        rounds.append(played.games.rounds.to_numpy())
    first = document["players"][0]["name"]
    assert wins[0] == wins[1] and 0 < wins[0][first] < games
    assert (rounds[0] == rounds[1]).all()


def assert_refused_in_one_line(folder, document: dict, message: str):
    """`position` on the document written as a file exits with 2 and one line that says `message`."""
    path = folder / "bad.toml"
    path.write_text(position_toml(document))
    result = invoke("position", path, "-n", 10, "--no-progress")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.output, lines


def most_false_positives(seeds: int) -> int:
    """A sound 5% test fires in more of `seeds` seeds than this once in a thousand suites."""
    from scipy.stats import binom

    from simulator import stats
    return int(binom.ppf(0.999, seeds, stats.ALPHA))


def z_of(p_value: float) -> float:
    """The |z| a two-sided p-value stands for."""
    from scipy.stats import norm
    return float(norm.isf(p_value / 2))


def most_z_squares(seeds: int) -> float:
    """Σz² of `seeds` independent sound z-statistics exceeds this (χ² with `seeds` degrees of freedom) once in
    a thousand suites."""
    from scipy.stats import chi2
    return float(chi2.ppf(0.999, seeds))
