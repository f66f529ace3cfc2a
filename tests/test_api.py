"""The Python API feels like pandas: one run or many or a path, a readable repr, what dir() shows, the
CLI's defaults, and tournaments with overrides."""
import inspect

import pytest

import simulator
from simulator.runner import DEFAULT_GAMES
from tests.helpers import invoke


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


def test_every_frame_of_a_run_is_a_method_taking_columns(run, tmp_path):
    """games(), players(), squares() and cards() alike, in memory or read back from disk."""
    stored = simulator.simulate(games=300, seed=1, out=tmp_path / "run")
    for one in (run, simulator.load(tmp_path / "run")[0], stored):
        for table in ("games", "players", "squares", "cards"):
            frame = getattr(one, table)()
            assert len(frame) > 0 and list(getattr(one, table)(list(frame.columns[:2])).columns) == list(frame.columns[:2])
    assert run.squares()["landings"].sum() > 0 and run.cards()["draws"].sum() > 0


@pytest.mark.parametrize("call,message", [
    (lambda: simulator.simulate(games=10, overrides={"rules.start_cash": 1.5}),
     "overrides={'rules.start_cash': 1.5}: rules.start_cash: expected an integer"),
    (lambda: simulator.tournament(["buy_all", "cautious"], players=2, games=10, overrides={"rules.strat_cash": 9}),
     "overrides={'rules.strat_cash': 9}: rules: no rule 'strat_cash': did you mean start_cash?"),
    (lambda: simulator.simulate(games=10, overrides={"edition.family": "empire"}),
     "overrides={'edition.family': 'empire'}: the [edition] table"),
    (lambda: simulator.sweep({"rules.start_cash": [1000, 1.5]}, games=10),
     "axes={'rules.start_cash': [..., 1.5, ...]}: rules.start_cash: expected an integer"),
    (lambda: simulator.sweep({"rules.start_cash": [1000, 2000]}, fixed={"rules.jail_fine": "lots"}, games=10),
     "fixed={'rules.jail_fine': 'lots'}: rules.jail_fine: expected an integer"),
    (lambda: simulator.sweep({"strategy.buy_al.bid_factor": [1, 2]}, games=10),
     "axes={'strategy.buy_al.bid_factor': [..., 1, ...]}: strategy 'buy_al' is not in the lineup"),
    (lambda: simulator.sweep({"players": [2, "three"]}, games=10),
     "axes={'players': [..., 'three', ...]}: expected whole numbers of players"),
])
def test_api_errors_name_the_override_as_the_caller_wrote_it(call, message):
    """An error raised through the API speaks of the caller's own argument, never of a CLI flag."""
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value).startswith(message) and "--set" not in str(raised.value)


@pytest.mark.parametrize("args", [
    ["simulate", "--set", "rules.start_cash=1.5"],
    ["properties", "--set", "rules.start_cash=1.5"],   # an analysis that simulates through the API
    ["tournament", "--set", "rules.start_cash=1.5"],
    ["sweep", "--set", "rules.start_cash=1.5", "--set", "rules.jail_fine=10,20"],
])
def test_the_cli_still_names_its_own_flag(args):
    result = invoke(*args, "--games", 10)
    assert result.exit_code == 2
    assert "error: --set rules.start_cash=1.5: rules.start_cash: expected an integer" in result.output
