"""What every test file may use: the CLI through click's runner, and a comparison of two results folders.
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
