"""The Python API feels like pandas: one run or many or a path, a readable repr, what dir() shows, the
CLI's defaults, and tournaments with overrides."""
import inspect

import pytest

import simulator
from simulator.runner import DEFAULT_GAMES


@pytest.fixture(scope="module")
def run():
    return simulator.simulate(games=300, seed=1)


def test_every_analysis_takes_one_run_a_list_or_a_path(run, tmp_path):
    stored = simulator.simulate(games=300, seed=1, out=tmp_path / "run")
    one, many, path = simulator.groups(run), simulator.groups([run]), simulator.groups(tmp_path / "run")
    assert one.equals(many) and list(path.group) == list(one.group)
    assert simulator.ranking(stored).win_rate.tolist() == simulator.ranking([run]).win_rate.tolist()
    assert simulator.compare(run, [run]).difference.abs().max() == 0


def test_a_run_says_what_it_is(run):
    text = repr(run)
    assert text.startswith("<Results classic: 300 games of 4 players") and "seed 1" in text
    assert "buy_all, cautious, three_houses, hard_trader" in text


def test_dir_shows_the_api_not_the_imports():
    names = dir(simulator)
    assert {"simulate", "tournament", "sweep", "groups", "Results"} <= set(names)
    assert not {"os", "hashlib", "numba", "Path"} & set(names)


def test_defaults_are_the_clis():
    from simulator.cli.analysis import sweep as cli_sweep
    from simulator.cli.analysis import tournament as cli_tournament
    from simulator.cli.play import simulate as cli_simulate

    def default(command, name):
        return next(p.default for p in command.params if p.name == name)
    assert inspect.signature(simulator.simulate).parameters["games"].default == default(cli_simulate, "games") \
        == DEFAULT_GAMES["simulate"]
    assert inspect.signature(simulator.tournament).parameters["games"].default == default(cli_tournament, "games")
    assert inspect.signature(simulator.sweep).parameters["games"].default == default(cli_sweep, "games")


def test_tournaments_take_overrides_threads_and_progress():
    seen = []
    rich = simulator.tournament(["buy_all", "cautious"], players=2, games=60, seed=2, threads=1,
                                overrides={"rules.start_cash": 5000}, progress=seen.append)
    poor = simulator.tournament(["buy_all", "cautious"], players=2, games=60, seed=2, threads=1)
    assert sum(seen) == sum(r.summary["games"] for r in rich)
    assert rich[0].manifest["edition"]["overrides"] == [["rules.start_cash", 5000]]
    assert simulator.length(rich)["mean"].iloc[0] != simulator.length(poor)["mean"].iloc[0]  # the rule applied
