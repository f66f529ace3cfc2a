"""The Python API feels like pandas: one run or many or a path, a readable repr, what dir() shows, the
CLI's defaults, and tournaments with overrides."""
import inspect
from pathlib import Path

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


def test_help_lists_the_functions_users_call():
    import pydoc
    text = pydoc.render_doc(simulator, renderer=pydoc.plaintext)
    assert set(simulator.__all__) >= {"simulate", "tournament", "sweep", "groups", "trade", "load", "Results"}
    for name in ("simulate(", "tournament(", "sweep(", "trade(", "optimize(", "groups = group_table("):
        assert name in text, name


@pytest.mark.parametrize("call,message", [
    (lambda: simulator.simulate(games=-5), "games=-5: expected a number of games from 1"),
    (lambda: simulator.simulate(games=10, threads=10_000), "threads=10000: expected 1 to"),
    (lambda: simulator.simulate("deal", players=7, games=10),
     "players=7: deal is played by 2 to 5 players; the two_decks variant plays 2 to 10: add variant=two_decks"),
    (lambda: simulator.simulate(games=10, overrides={"start_cash": 2000}),
     "overrides={'start_cash': 2000}: no field 'start_cash': did you mean rules.start_cash?"),
    (lambda: simulator.sweep({"rules.start_cash": 1000}, games=10),
     "axes={'rules.start_cash': 1000}: give one or two paths to vary, each with a list of two or more values"),
])
def test_api_refusals_are_one_line_in_the_api_s_words(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value).startswith(message) and "--" not in str(raised.value) and "\n" not in str(raised.value)


def test_a_single_value_in_a_sweep_s_axes_is_fixed_like_fixed():
    runs = simulator.sweep({"rules.start_cash": 1000, "rules.go_salary": [100, 200]}, games=20, progress=False)
    assert [run.info["values"] for run in runs] == [{"rules.go_salary": 100}, {"rules.go_salary": 200}]
    assert all(["rules.start_cash", 1000] in run.manifest["edition"]["overrides"] for run in runs)


def test_progress_shows_by_itself_in_a_notebook_and_not_in_a_log(monkeypatch, capsys):
    simulator.simulate(games=20, seed=1)
    assert "Simulating" not in capsys.readouterr().err   # a log (pytest's capture is no terminal)
    monkeypatch.setattr(simulator.api, "in_notebook", lambda: True)
    simulator.simulate(games=20, seed=1)
    assert "Simulating classic" in capsys.readouterr().err


POSITION = Path(__file__).parent.parent / "reports" / "positions" / "oranges_against_greens.toml"
FROM_A_POSITION_OR_A_SEARCH = {
    "Playing oranges_against_greens.toml": lambda progress: simulator.position(POSITION, games=20, progress=progress),
    "Trading": lambda progress: simulator.trade(POSITION, ("Ann", "Bea"), give=["Reading Railroad"],
                                                get=["Short Line"], games=20, progress=progress),
    "Comparing": lambda progress: simulator.whatif(POSITION, POSITION, games=20, progress=progress),
    "Optimize": lambda progress: simulator.optimize("buy_all", ["build_target=0,5"], games=36, budget=120,
                                                    recheck=12, finalists=1, progress=progress),
    "Balance": lambda progress: simulator.balance(["rules.go_salary=100:300"], ["spread"], games=36, budget=120,
                                                  recheck=12, finalists=1, progress=progress),
}


@pytest.mark.parametrize("label", FROM_A_POSITION_OR_A_SEARCH)
def test_positions_and_searches_show_progress_as_simulate_does(label, monkeypatch, capsys):
    call = FROM_A_POSITION_OR_A_SEARCH[label]
    counted = []
    call(counted.append)
    assert sum(counted) > 0 and label not in capsys.readouterr().err  # the caller's function, no bar
    call(None)
    assert label not in capsys.readouterr().err   # a log (pytest's capture is no terminal)
    monkeypatch.setattr(simulator.api, "in_notebook", lambda: True)
    call(None)
    assert label in capsys.readouterr().err
