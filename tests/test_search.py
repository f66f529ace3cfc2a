"""Searches (optimize, balance): on a grid small enough to play whole, the search finds its best for fewer
games; a seed fixes the study; an interrupted study resumes; what a search writes loads and plays; bad input
is one line; every edition can be searched."""
import math
from pathlib import Path

import pandas as pd
import pytest

import simulator
from simulator import search, usercode
from simulator.rules import builtin_editions, compile_rules, load_edition
from strategies import family_module, get
from tests.helpers import invoke

FIELD = ["cautious", "three_houses", "hard_trader"]
MY_BOTS = Path(__file__).parent.parent / "reports" / "strategies" / "my_bots.py"   # strategies replacing decisions
GRID = [0, 1, 3, 5]          # buy_all's build_target: building nothing or one house loses to building hotels
GAMES = 1_800                # per grid point, and per candidate that plays every rung


@pytest.fixture(scope="module")
def grid():
    """buy_all's win rate at every build_target of the grid, every point on the same seed (a sweep)."""
    runs = simulator.sweep({"strategy.buy_all.build_target": GRID}, strategies=["buy_all", *FIELD], games=GAMES,
                           seed=3)
    table = simulator.sweep_table(runs)
    return table[table.strategy == "buy_all"].set_index("strategy.buy_all.build_target")


@pytest.fixture(scope="module")
def found():
    # a budget larger than the grid: the search must spend fewer games by itself (pruning, ending once every
    # point is played), not because the budget forbids more
    return simulator.optimize("buy_all", [f"build_target={','.join(map(str, GRID))}"], field=FIELD, games=GAMES,
                              budget=2 * len(GRID) * GAMES, finalists=2, recheck=GAMES, seed=3)


def test_the_search_finds_the_grids_best_within_its_interval_for_fewer_games(grid, found):
    best = grid.win_rate.idxmax()
    chosen = found.best["strategy.buy_all.build_target"]
    assert grid.win_rate[chosen] >= grid.ci_low[best], (chosen, best, grid.win_rate.to_dict())
    assert found.games < len(GRID) * GAMES
    # the pruned candidates played fewer games than a full one, on the rungs the problem defines
    played = found.trials[found.trials.state != "repeat"].games
    assert played.max() == found.problem.rungs[-1] and played.min() < found.problem.rungs[-1]


def test_the_finalists_are_played_again_on_fresh_seeds_beside_the_baseline(found):
    rows = found.finalists
    assert rows.candidate.iloc[0] == "baseline" and len(rows) >= 2
    assert (rows.win_ci_low <= rows.win).all() and (rows.win <= rows.win_ci_high).all()
    # the baseline is buy_all as registered (build_target 5): its fresh games are its own, not the search's
    searched = found.trials.set_index("trial").win
    assert any(searched[int(t)] != w for t, w in zip(rows.trial.iloc[1:], rows.win.iloc[1:]))
    assert rows.win_change.iloc[0] == 0 and rows.win_change_ci_low.iloc[0] == rows.win_change_ci_high.iloc[0] == 0


def tiny_balance(**changes):
    options = dict(vary=["decks.deal.cards.deal_breaker.count=0:4"], objectives=["spread"], edition="deal",
                   games=72, budget=400, finalists=1, recheck=40, seed=5)
    return simulator.balance(**{**options, **changes})


def test_a_fixed_seed_gives_the_same_study():
    a, b, other = tiny_balance(), tiny_balance(), tiny_balance(seed=6)
    assert a.trials.equals(b.trials) and a.finalists.equals(b.finalists)
    assert not a.trials.equals(other.trials)


# candidates of 180 games (rungs of 20, 60, 180): a few stored trials, each an SQLite write
INTERRUPTED = dict(vary=["decks.deal.cards.deal_breaker.count=0:4", "decks.deal.cards.just_say_no.count=1:5"],
                   games=180, budget=600)


def stopping_after(games: int):
    """A progress callback that interrupts the search (as Ctrl-C) once more than `games` were played."""
    played = []

    def progress(added):
        played.append(added)
        if sum(played) > games:
            raise KeyboardInterrupt
    return progress


def test_an_interrupted_study_resumes_where_it_stopped(tmp_path):
    options = dict(**INTERRUPTED, out=tmp_path / "study")
    with pytest.raises(KeyboardInterrupt):
        tiny_balance(**options, progress=stopping_after(250))
    import optuna
    before = optuna.load_study(study_name="balance", storage=f"sqlite:///{tmp_path / 'study' / 'study.db'}").trials
    assert before and before[-1].state == optuna.trial.TrialState.FAIL
    resumed = tiny_balance(**options)
    kept = resumed.trials.set_index("trial")
    assert len(before) > 1
    for trial in before[:-1]:   # the candidates played before the interruption are kept, not replayed
        assert kept.loc[trial.number, "games"] == trial.user_attrs.get("games", 0)
    assert kept.loc[before[-1].number, "state"] == "fail"
    assert resumed.games <= 600 and len(resumed.trials) > len(before)
    with pytest.raises(search.SearchError, match="holds another search"):
        tiny_balance(**options, seed=9)


def test_the_written_strategy_is_a_strategy_file_that_plays(found, tmp_path):
    """The tuned strategy is written as strategies as code: buy_all's parameters with the chosen one."""
    path = tmp_path / "tuned.py"
    path.write_text(search.strategy_file(found, "buy_all_tuned_test"))
    try:
        run = simulator.simulate(strategies=["buy_all_tuned_test", "cautious"], players=2, games=40, seed=1,
                                 strategy_files=[path])
        tuned = get("board", "buy_all_tuned_test")
        assert tuned.params == {**get("board", "buy_all").params, "build_target": found.best[
            "strategy.buy_all.build_target"]}
        assert run.summary["games"] == 40 and "buy_all_tuned_test" in set(run.players().strategy)
    finally:
        usercode.use([])


def test_the_written_data_file_extends_the_edition_with_the_chosen_values(tmp_path):
    outcome = tiny_balance(vary=["decks.deal.cards.deal_breaker.count=0:4", "rules.hand_start=4,6"])
    path = tmp_path / "balanced.toml"
    path.write_text(search.edition_file(outcome, "deal_balanced_test"))
    edition = load_edition(path)
    assert edition.name == "deal_balanced_test" and edition.document["edition"]["extends"] == "deal"
    card = next(c for c in edition.document["decks"]["deal"]["cards"] if c["id"] == "deal_breaker")
    assert card["count"] == outcome.best["decks.deal.cards.deal_breaker.count"]
    assert edition.document["rules"]["hand_start"] == outcome.best["rules.hand_start"]
    assert simulator.simulate(str(path), games=40, seed=1).summary["games"] == 40


@pytest.mark.parametrize("args, expected", [
    (["optimize", "-s", "buy_all", "--param", "build_reservz=0:500"], "unknown parameter 'build_reservz'"),
    (["optimize", "-s", "buy_all", "--param", "build_reserve=500:0"], "bad range: expected LOW < HIGH"),
    (["optimize", "-s", "buy_all", "--param", "build_reserve=0:500", "--field", "buy_all,cautious"],
     "the strategy being tuned"),
    (["optimize", "-s", "buy_all", "--param", "build_reserve=0:500", "--budget", "1000"], "too small"),
    (["optimize", "-s", "buy_all", "--param", "build_reserve=0:500", "--name", "cautious"], "of that name exists"),
    (["optimize", "-s", "buy_all", "--param", "build_reserve=0:500", "--budget", "lots"], "expected games"),
    (["balance", "-e", "deal", "--vary", "decks.deal.cards.deal_breaker.count=0:4", "--objective", "sprad"],
     "unknown objective: expected spread, first_player, length=N"),
    (["balance", "-e", "deal", "--vary", "decks.deal.cards.deal_breakr.count=0:4", "--objective", "spread"],
     "did you mean deal_breaker"),
    (["balance", "-e", "deal", "--vary", "decks.deal.cards.deal_breaker.cnt=0:4", "--objective", "spread"],
     "--vary decks.deal.cards.deal_breaker.cnt=0:4: decks.deal.cards.deal_breaker: no field 'cnt'"),
    (["balance", "-e", "deal", "--vary", "decks.deal.cards.deal_breaker.count=-3:4", "--objective", "spread"],
     "--vary decks.deal.cards.deal_breaker.count=-3:4: decks.deal.cards.deal_breaker.count: expected an integer"),
    (["balance", "--vary", "strategy.buy_all.build_reserve=0:4", "--objective", "spread"], "tune a strategy with"),
    (["optimize", "--strategy-file", MY_BOTS, "-s", "my_builder", "--param", "build_reserve=0:500", "--write",
      "tuned.py"], "my_builder replaces decisions (builds)"),
])
def test_bad_input_is_one_line(args, expected):
    try:
        result = invoke(*args, "--no-progress")
    finally:
        usercode.use([])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and expected in lines[0], result.output


def _a_parameter(family: str) -> str:
    """The family's first numeric parameter, at 0 and at its default (or 1)."""
    for name, (_, default, _) in family_module(family).PARAMETERS.items():
        if isinstance(default, (int, float)) and not isinstance(default, bool) and math.isfinite(default):
            return f"{name}=0,{default if default else 1}"
    raise AssertionError(f"{family}: no numeric parameter")


@pytest.mark.parametrize("edition", builtin_editions())
def test_every_edition_can_be_searched(edition, tmp_path):
    loaded = load_edition(edition)
    board = compile_rules(loaded)
    strategy = board.strategies.DEFAULT_LINEUP[0]
    result = invoke("optimize", "-e", edition, "-s", strategy, "--param", _a_parameter(loaded.family),
                    "--games", 36, "--budget", 80, "--recheck", 8, "--finalists", 1, "--no-progress",
                    "--write", tmp_path / "tuned.py")
    assert result.exit_code == 0 and "Best:" in result.output, result.output
    try:   # the tuned strategy is a strategy file of its family
        usercode.use([tmp_path / "tuned.py"])
        assert get(loaded.family, f"{strategy}_tuned").family == loaded.family
    finally:
        usercode.use([])
    result = invoke("balance", "-e", edition, "--vary", "rules.max_rounds=150:300", "--objective", "spread",
                    "--objective", "length=40", "--games", 36, "--budget", 200, "--recheck", 8, "--finalists", 1,
                    "--no-progress", "--write", tmp_path / "balanced.toml")
    assert result.exit_code == 0 and "Best:" in result.output, result.output
    assert load_edition(tmp_path / "balanced.toml").document["edition"]["extends"] == edition


def test_the_plot_draws_the_best_so_far_in_the_objectives_direction(found):
    from simulator import plots
    figure = plots.search(found.trials, {"win": "maximize"}, {"a": 0.7, "b": 0.3}, "optimize")
    searched, importances = figure.axes
    best = searched.lines[0].get_ydata()
    complete = found.trials[found.trials.state == "complete"].win
    assert list(best) == list(complete.cummax()) and len(importances.patches) == 2


def test_a_kept_search_goes_into_a_report(tmp_path):
    outcome = tiny_balance(out=tmp_path / "study")
    result = invoke("report", tmp_path / "study", "--out", tmp_path / "report.md")
    text = (tmp_path / "report.md").read_text()
    assert result.exit_code == 0 and (tmp_path / "report_files" / "s0_search.png").exists()
    chosen = outcome.finalists.loc[outcome.chosen_index]
    assert f"trial {int(chosen.trial)}" in text and "Finalists and the baseline on the same 40 fresh games" in text


DEAL_BREAKERS = "decks.deal.cards.deal_breaker.count"
SPELLINGS = [   # the search, its Python arguments, its command line, the setting as each wrote it
    ("balance", dict(vary=[f"{DEAL_BREAKERS}=-1:4"], objectives=["spread"], edition="deal"),
     ["-e", "deal", "--vary", f"{DEAL_BREAKERS}=-1:4", "--objective", "spread"],
     f"vary=[..., '{DEAL_BREAKERS}=-1:4', ...]", f"--vary {DEAL_BREAKERS}=-1:4"),
    ("balance", dict(vary=[f"{DEAL_BREAKERS}=0:4"], objectives=["spread"], edition="deal",
                     overrides={"rules.hand_start": "x"}),
     ["-e", "deal", "--vary", f"{DEAL_BREAKERS}=0:4", "--objective", "spread", "--set", "rules.hand_start=x"],
     "overrides={'rules.hand_start': 'x'}", '--set rules.hand_start="x"'),
    ("optimize", dict(strategy="buy_all", params=["build_reservz=0:500"]),
     ["-s", "buy_all", "--param", "build_reservz=0:500"],
     "params=[..., 'build_reservz=0:500', ...]", "--param build_reservz=0:500"),
    ("optimize", dict(strategy="buy_all", params=["build_reserve=0:500"], overrides={"rules.start_cash": "lots"}),
     ["-s", "buy_all", "--param", "build_reserve=0:500", "--set", "rules.start_cash=lots"],
     "overrides={'rules.start_cash': 'lots'}", '--set rules.start_cash="lots"'),
]


@pytest.mark.parametrize("command, arguments, options, in_python, on_command_line", SPELLINGS)
def test_a_bad_setting_is_named_as_its_caller_wrote_it(command, arguments, options, in_python, on_command_line):
    with pytest.raises(Exception) as raised:
        getattr(simulator, command)(**arguments, games=36, budget=80)
    assert str(raised.value).startswith(in_python + ":"), str(raised.value)
    result = invoke(command, *options, "--games", 36, "--budget", 80, "--no-progress")
    assert result.exit_code == 2 and f"error: {on_command_line}:" in result.output, result.output
    assert in_python not in result.output


PARAMETERS_ONLY = """from simulator.usercode import strategy

strategy("reserved", family="board", base="buy_all", build_reserve=350, trade_offer=2)
"""


def test_a_strategy_file_gives_the_field_and_the_tuned_strategy(tmp_path):
    file = tmp_path / "reserved.py"
    file.write_text(PARAMETERS_ONLY)
    try:
        in_field = simulator.optimize("buy_all", ["build_target=0,5"], field=["reserved", "cautious"], games=36,
                                      budget=80, recheck=12, finalists=1, strategy_files=[file])
        assert "win_rate:reserved" in in_field.finalists.columns
        assert in_field.finalists["win_rate:reserved"].notna().all()
        # a user strategy tuned, and written over its own base with its own parameters and the chosen one
        written = tmp_path / "tuned.py"
        result = invoke("optimize", "--strategy-file", file, "-s", "reserved", "--param", "build_target=0,5",
                        "--field", "cautious", "--games", 36, "--budget", 80, "--recheck", 12, "--finalists", 1,
                        "--no-progress", "--write", written)
        assert result.exit_code == 0 and f"--strategy-file {written} -s reserved_tuned" in result.output, \
            result.output
        usercode.use([written])
        tuned = get("board", "reserved_tuned")
        assert tuned.params == {**get("board", "buy_all").params, "build_reserve": 350, "trade_offer": 2,
                                "build_target": tuned.params["build_target"]}
        assert tuned.params["build_target"] in (0, 5)
    finally:
        usercode.use([])


def test_a_kept_study_is_resumed_only_with_the_same_strategy_file(tmp_path):
    file = tmp_path / "reserved.py"
    file.write_text(PARAMETERS_ONLY)
    options = dict(field=["reserved", "cautious"], games=36, budget=80, recheck=12, finalists=1,
                   out=tmp_path / "study")
    try:
        simulator.optimize("buy_all", ["build_target=0,5"], strategy_files=[file], **options)
        file.write_text(PARAMETERS_ONLY.replace("build_reserve=350", "build_reserve=100"))
        with pytest.raises(search.SearchError, match=r"holds another search \(it differs in: sources\)"):
            simulator.optimize("buy_all", ["build_target=0,5"], strategy_files=[file], **options)
    finally:
        usercode.use([])


def test_a_resumed_study_is_the_one_an_uninterrupted_run_gives(tmp_path):
    options = INTERRUPTED
    whole = tiny_balance(**options)
    with pytest.raises(KeyboardInterrupt):
        tiny_balance(**options, out=tmp_path / "study", progress=stopping_after(250))
    resumed = tiny_balance(**options, out=tmp_path / "study")
    # the interrupted candidate is played again from its start: without it, the same candidates in the same order
    played_whole = whole.trials.drop(columns=["trial"])
    played_resumed = resumed.trials[resumed.trials.state != "fail"].drop(columns=["trial"]).reset_index(drop=True)
    assert (resumed.trials.state == "fail").sum() == 1
    pd.testing.assert_frame_equal(played_resumed, played_whole)
    assert resumed.games == whole.games
    pd.testing.assert_frame_equal(resumed.finalists.drop(columns=["trial"]), whole.finalists.drop(columns=["trial"]))


def test_a_best_worse_than_the_baseline_on_the_fresh_games_is_told():
    # on these seeds the deck as written beats both finalists on the fresh games (the search's 180 games each
    # were too few to tell them apart)
    args = ["balance", "-e", "deal", "--vary", "decks.deal.cards.deal_breaker.count=0:4", "--objective", "spread",
            "--games", 180, "--budget", 1500, "--recheck", 400, "--finalists", 2, "--seed", 3, "--no-progress"]
    outcome = simulator.balance(["decks.deal.cards.deal_breaker.count=0:4"], ["spread"], edition="deal", games=180,
                                budget=1500, finalists=2, recheck=400, seed=3)
    assert outcome.chosen.spread > outcome.finalists.spread.iloc[0]
    result = invoke(*args)
    assert result.exit_code == 0 and "no finalist does better than as written" in result.output, result.output


def test_the_fresh_games_are_whole_rotations_of_the_seats():
    outcome = tiny_balance(recheck=41)
    assert (outcome.finalists.games == 44).all() and outcome.recheck_per_candidate == 44


def test_every_objectives_interval_holds_its_value_even_near_zero():
    # first_player and length=N are distances (absolute values): near zero, resamples of the distance all lie
    # above it; the interval is that of the signed gap, folded
    outcome = simulator.balance(["decks.deal.cards.deal_breaker.count=0:4", "rules.hand_start=3:7"],
                                ["spread", "first_player", "length=8"], edition="deal", games=180, budget=3000,
                                finalists=4, recheck=400, seed=2)
    rows = outcome.finalists
    for name in ("spread", "first_player", "length=8"):
        assert ((rows[f"{name}_ci_low"] <= rows[name]) & (rows[name] <= rows[f"{name}_ci_high"])).all(), \
            rows[[name, f"{name}_ci_low", f"{name}_ci_high"]]
