"""Strategies as code (simulator/usercode.py): a user's own compiled decisions, from a file of their own,
beside the built-in strategies, with the example file in reports/strategies/.

This process runs the built-in engine (as any session that played a built-in strategy), so the API plays
user files in a child process bound to them, as it would in a notebook."""
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import simulator
from simulator import runner, usercode
from simulator.engines.shared import play  # noqa: F401  (the built-in engine is loaded here, see above)
from tests.helpers import invoke

EXAMPLE = Path(__file__).parent.parent / "reports" / "strategies" / "my_bots.py"


RESERVE_FREE = '''
from simulator.engines.shared.layout import P_BID_FACTOR, P_GROUP_BONUS, PL_CASH
from simulator.usercode import strategy

reserve_free = strategy("reserve_free", family="board", base="cautious")


@reserve_free.decision
def builds(prm, pl, p, cost):
    return pl[p, PL_CASH] - cost >= 0


@reserve_free.decision
def house_bid(prm, pl, p, cost):
    return max(0, int(min(cost * max(1.0, prm[p, P_BID_FACTOR]) * (1.0 + prm[p, P_GROUP_BONUS]), pl[p, PL_CASH])))


cautious_without_reserve = strategy("cautious_without_reserve", family="board", base="cautious", build_reserve=0)
'''


@pytest.fixture(scope="module")
def user_files(tmp_path_factory) -> list[Path]:
    """The example file and reserve_free.py: the tests that play user strategies play this one set of files,
    so that each engine bound to it is compiled once (a set of files binds an engine of its own, keyed on
    the files' names and texts: 20 to 30 s of compile each)."""
    file = tmp_path_factory.mktemp("user") / "reserve_free.py"
    file.write_text(RESERVE_FREE)
    return [EXAMPLE, file]


@pytest.fixture(autouse=True)
def no_user_files_after():
    yield
    usercode.use([])


def _games(run) -> pd.DataFrame:
    return run.games().drop(columns=[c for c in run.games().columns if "strateg" in c or c == "lineup"])


def _players(run) -> pd.DataFrame:
    return run.players().drop(columns=[c for c in run.players().columns if "strateg" in c])


def test_a_builtin_strategy_written_as_calls_to_its_decisions_plays_the_same_games(user_files):
    """cautious_as_code replaces every board decision by a call to the built-in one: the same games as
    cautious, seat for seat, on the same seed, though its decisions go through the bound engine's dispatch."""
    rivals = ["buy_all", "hard_trader", "orange_red"]
    as_code = simulator.simulate("classic", 4, ["cautious_as_code", *rivals], games=300, seed=11,
                                 strategy_files=user_files)
    builtin = simulator.simulate("classic", 4, ["cautious", *rivals], games=300, seed=11)
    pd.testing.assert_frame_equal(_games(as_code), _games(builtin))
    pd.testing.assert_frame_equal(_players(as_code), _players(builtin))
    assert as_code.manifest["lineup"][0]["source"].startswith(str(EXAMPLE))
    # and the user's own decision is played: my_builder (cautious, building only while rivals are poor)
    # builds less than cautious on the same seeds
    mine = simulator.simulate("classic", 4, ["my_builder", *rivals], games=300, seed=11, strategy_files=user_files)
    built = {name: run.players().loc[run.players().strategy == name, "buildings_bought"].mean()
             for name, run in (("my_builder", mine), ("cautious", builtin))}
    assert built["my_builder"] < built["cautious"]


def test_a_user_strategy_sits_beside_builtins_in_a_tournament(user_files):
    runs = simulator.tournament(["money_first", "opportunist", "bank_first"], edition="deal", players=2, games=60,
                                seed=3, strategy_files=user_files)
    ranking = simulator.ranking(runs)
    assert set(ranking.strategy) == {"money_first", "opportunist", "bank_first"}
    tables = [run.manifest["lineup"] for run in runs]
    assert sum(any(seat["strategy"] == "money_first" for seat in table) for table in tables) == 2
    # money_first banks first while its bank is low: it banks more cards than the strategy it is built on
    banked = {name: pd.concat([run.players() for run in runs]).query("strategy == @name").cards_banked.mean()
              for name in ("money_first", "opportunist")}
    assert banked["money_first"] > banked["opportunist"]


def test_the_jit_off_plays_the_same_games_as_python(user_files):
    lineup = ["my_builder", "buy_all", "hard_trader"]
    compiled = simulator.simulate("classic", 3, lineup, games=3, seed=5, strategy_files=user_files)
    python = simulator.simulate("classic", 3, lineup, games=3, seed=5, strategy_files=user_files, jit=False)
    pd.testing.assert_frame_equal(compiled.games(), python.games())
    pd.testing.assert_frame_equal(compiled.players(), python.players())


def test_the_jit_off_says_nothing_of_the_engine_s_wrapping_arithmetic(capfd):
    """Only the user's print() should reach the terminal: the random streams' 64-bit wrap-around is no error."""
    simulator.simulate("classic", 2, ["buy_all", "cautious"], games=1, seed=1, jit=False)
    assert "overflow" not in capfd.readouterr().err


def test_dask_workers_receive_the_files_and_play_the_same_games(user_files):
    """Each batch carries the files' text: a worker started for the run binds its engine to them."""
    args = ["simulate", *(option for file in user_files for option in ("--strategy-file", file)), "-s", "my_builder", "-s", "buy_all", "-s", "cautious", "-n", "60",
            "--seed", "2", "--batch-size", "20", "--no-progress", "--format", "json"]
    local, workers = invoke(*args), invoke(*args, "--workers", "1")
    assert local.exit_code == 0 and workers.exit_code == 0, workers.output
    assert json.loads(local.output)["summary"] == json.loads(workers.output)["summary"]


def test_the_jit_off_runs_in_one_local_process():
    result = invoke("simulate", "--jit", "off", "--workers", "2", "-n", "10")
    assert result.exit_code == 2 and "--jit off runs the batches as Python in one local process" in result.output


CACHE_PROBE = """
import json, sys
from simulator import simulate, usercode
simulate("classic", 2, ["my_builder", "buy_all"], games=2, seed=1, strategy_files=sys.argv[1:])
from simulator.engines.board import kernel  # bound in this process: nothing imported the engine before
stats = kernel.play_chunk.stats
print(json.dumps({"hits": sum(stats.cache_hits.values()), "misses": sum(stats.cache_misses.values()),
                  "directory": str(usercode.in_use().directory)}))
"""


def _probe(files: list[Path]) -> dict:
    out = subprocess.run([sys.executable, "-c", CACHE_PROBE, *map(str, files)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_second_run_loads_the_engine_from_the_cache_and_an_edit_compiles_anew(tmp_path, user_files):
    _probe(user_files)            # compiles, unless an earlier run did
    again = _probe(user_files)
    assert again["hits"] == 1 and again["misses"] == 0
    edited = tmp_path / "my_bots.py"
    edited.write_text(EXAMPLE.read_text() + "\n# an edit\n")
    code = usercode.read_files([edited, *user_files[1:]])
    assert str(code.directory) != again["directory"]
    assert usercode.read_files(user_files).directory == Path(again["directory"])
    # a new directory: nothing there yet, so the edited file's engine is compiled, not loaded
    assert not code.directory.exists() or not any(code.directory.rglob("*.nbi"))


PARAMETERS_ONLY = """from simulator.usercode import strategy

strategy("reserved", family="board", base="buy_all", build_reserve=350, trade_offer=2)
"""

PARAMETERS_PROBE = """
import json, sys
import numba
from simulator import simulate, usercode
run = simulate("classic", 3, ["reserved", "cautious", "hard_trader"], games=60, seed=4, strategy_files=[sys.argv[1]])
from simulator.engines.board import kernel  # nothing imported the engine before: the file could have bound it
stats = kernel.play_chunk.stats
print(json.dumps({"hits": sum(stats.cache_hits.values()), "misses": sum(stats.cache_misses.values()),
                  "cache": numba.config.CACHE_DIR, "engine_cache": str(usercode.ENGINE_CACHE),
                  "bound_directory": usercode.read_files([sys.argv[1]]).directory.exists(),
                  "games": run.games().drop(columns=["winner_strategy"]).to_json()}))
"""


def test_a_file_of_parameters_only_plays_on_the_builtin_engine_and_its_cache(tmp_path):
    """A strategy replacing no decision is the base strategy with those parameters: no engine of its own."""
    file = tmp_path / "reserved.py"
    file.write_text(PARAMETERS_ONLY)
    settings = [("strategy.buy_all.build_reserve", 350), ("strategy.buy_all.trade_offer", 2)]
    builtin = runner.run(runner.point_spec("classic", None, settings, ["buy_all", "cautious", "hard_trader"], 3, 60, 4),
                         keep_frames=True)   # and the built-in engine is in its cache, compiled if it was not
    out = subprocess.run([sys.executable, "-c", PARAMETERS_PROBE, str(file)], capture_output=True, text=True,
                         check=True)
    probe = json.loads(out.stdout.strip().splitlines()[-1])
    assert probe["misses"] == 0 and probe["hits"] >= 1          # loaded from the built-in cache, not compiled
    assert probe["cache"] == probe["engine_cache"] and not probe["bound_directory"]
    played = pd.read_json(io.StringIO(probe["games"]))
    expected = builtin.games.drop(columns=["winner_strategy"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(played.reset_index(drop=True), expected, check_dtype=False,
                                  check_categorical=False)


BAD_TYPE = '''from simulator.usercode import strategy

broken = strategy("broken", family="board", base="buy_all")


@broken.decision
def builds(prm, pl, p, cost):
    return pl.cash[p] > cost
'''


def test_user_code_numba_cannot_type_is_one_line_naming_file_line_function_and_why(tmp_path):
    bad = tmp_path / "bad_bots.py"
    bad.write_text(BAD_TYPE)
    usercode.use([bad])
    with pytest.raises(usercode.UserCodeError) as error:
        with usercode.user_code_errors(usercode.in_use()):
            usercode.compiled(1, "builds")(np.zeros((2, 14)), np.zeros((2, 21), dtype=np.int64), 0, 10)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f"{bad}:8: builds of strategy broken: numba cannot compile it: Unknown attribute 'cash'")


HOSTILE = """from simulator.usercode import strategy

boom = strategy("boom", family="board", base="buy_all")
spin = strategy("spin", family="board", base="buy_all")


@boom.decision
def buys(sq, prm, pl, rng, p, s):
    if s >= 0:
        raise ValueError("no buying today")
    return True


@spin.decision
def buys(sq, prm, pl, rng, p, s):
    while True:
        pass
    return True
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """One file for both strategies, so that one engine (compiled once, then loaded) serves both tests."""
    path = tmp_path_factory.mktemp("hostile") / "hostile_bots.py"
    path.write_text(HOSTILE)
    return path


def test_a_decision_that_raises_is_one_line_naming_file_line_strategy_and_decision(hostile):
    result = invoke("simulate", "--strategy-file", hostile, "-s", "boom", "-s", "buy_all", "-n", "20", "--no-progress")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.strip() == (f"monopoly-mc: error: {hostile}:10: buys of strategy boom: raised ValueError: "
                                     f"no buying today")


def test_a_decision_that_never_returns_is_named_and_ctrl_c_ends_the_run(hostile):
    """The CLI in a process of its own (a compiled loop cannot be stopped from outside its process): once the
    batches stop progressing it names the user strategy whose decisions may loop, and SIGINT ends it."""
    command = [sys.executable, "-m", "simulator.cli", "simulate", "--strategy-file", str(hostile), "-s", "spin", "-s",
               "buy_all", "-n", "20", "--no-progress"]
    child = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "MONOPOLY_MC_STALL_SECONDS": "2"},
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        said = child.stderr.readline()   # blocks until the notice (a hang here is the bug this test is for)
        assert "no games have finished for 2 s" in said and "spin (buys) may be looping; Ctrl-C ends the run" in said
        child.send_signal(signal.SIGINT)
        rest = child.communicate(timeout=30)[1]
    finally:
        child.kill()
    assert child.returncode == 130 and rest.strip() == "monopoly-mc: interrupted: nothing was written (no --out)"


WRONG_RETURN = """from simulator.usercode import strategy

odd = strategy("odd", family="board", base="buy_all")


@odd.decision
def builds(prm, pl, p, cost):
    return (cost, 2)
"""

DISPATCH_PROBE = """
import sys
import numpy as np
from simulator import usercode
usercode.use([sys.argv[1]])
usercode.bind(usercode.in_use())
from strategies import board_logic   # the bound decisions: typing them types the user's and the built-in one
try:
    with usercode.user_code_errors(usercode.in_use()):
        board_logic.builds(np.zeros((2, 14)), np.zeros((2, 21), dtype=np.int64), 0, 10)
except usercode.UserCodeError as error:
    print(error)
"""


def test_a_decision_returning_another_type_is_one_line_naming_file_line_strategy_and_types(tmp_path):
    """numba fails in the generated dispatch, not the user's file: the message still names the user's return."""
    file = tmp_path / "odd_bots.py"
    file.write_text(WRONG_RETURN)
    out = subprocess.run([sys.executable, "-c", DISPATCH_PROBE, str(file)], capture_output=True, text=True,
                         check=True, cwd=tmp_path)
    assert out.stdout.strip().splitlines() == [
        f"{file}:8: builds of strategy odd: returns Tuple(int64, Literal[int](2)), where the engine expects what the "
        f"built-in builds returns: bool"]


@pytest.mark.parametrize("text,expected", [
    ("from simulator.usercode import strategy\nmine = strategy('mine', family='board', base='buy_al')\n",
     "bad.py:2: strategy mine: base: unknown built-in strategy 'buy_al' for the board family: did you mean buy_all?"),
    ("from simulator.usercode import strategy\nmine = strategy('mine', family='board', base='buy_all', reserve=3)\n",
     "bad.py:2: strategy mine: unknown parameter 'reserve'"),
    ("from simulator.usercode import strategy\nmine = strategy('cautious', family='board', base='buy_all')\n",
     "strategy 'cautious' is already a built-in board strategy: give yours another name"),
    ("from simulator.usercode import strategy\nmine = strategy('mine', family='board', base='buy_all')\n"
     "@mine.decision\ndef buy(prm, p):\n    return True\n",
     "bad.py:3: strategy mine: 'buy' is not a decision of the board family (known: buys, max_bid,"),
    ("from simulator.usercode import strategy\nmine = strategy('mine', family='board', base='buy_all')\n"
     "@mine.decision\ndef builds(prm, pl, p):\n    return True\n",
     "bad.py:3: strategy mine: builds(prm, pl, p): expected the parameters (prm, pl, p, cost)"),
    ("from simulator.usercode import strategy\nmine = strategy('mine', family='board', base='buy_all'\n",
     "bad.py:2: '(' was never closed"),
    ("x = 1\n", "bad.py: defines no strategy"),
    ("from simulator.usercode import strategy\nmine = strategy('mine', family='board', base='buy_all')\n"
     "@mine.decision\ndef builds(prm, pl, p, cost):\n    return cost < reserve(prm, p)\n"
     "def reserve(prm, p):\n    return 2 * build_reserv\n",
     "bad.py:7: builds of strategy mine: name 'build_reserv' is not defined"),
])
def test_a_user_file_that_cannot_load_is_one_line_and_exit_2(tmp_path, text, expected):
    bad = tmp_path / "bad.py"
    bad.write_text(text)
    result = invoke("simulate", "--strategy-file", bad, "-s", "buy_all", "-n", "10", "--no-progress")
    assert result.exit_code == 2
    assert expected in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_two_files_defining_one_name_are_refused_naming_both(tmp_path):
    files = []
    for name, base in (("first.py", "cautious"), ("second.py", "buy_all")):
        files += ["--strategy-file", tmp_path / name]
        (tmp_path / name).write_text(f"from simulator.usercode import strategy\ntwin = strategy('twin', "
                                     f"family='board', base='{base}')\n")
    result = invoke("simulate", *files, "-s", "twin", "-s", "buy_all", "-n", "10", "--no-progress")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{tmp_path / 'second.py'}: strategy 'twin' is defined in {tmp_path / 'first.py'} too" in result.output


UNLOADABLE_THEN_BUILTIN = """
import json, sys, numba
from simulator import usercode
before = numba.config.CACHE_DIR
try:
    usercode.use([sys.argv[1]])
except usercode.UserCodeError:
    pass
print(json.dumps({"cache": numba.config.CACHE_DIR == before,
                  "plays_fixed": usercode.plays_here(usercode.read_files([sys.argv[2]]), True)}))
"""


def test_a_file_that_does_not_load_leaves_a_fresh_process_free(tmp_path):
    """As a notebook after a typo: the built-in engine still loads from its own cache, not compiled anew
    into the broken file's, and the fixed file binds this process instead of a child's."""
    broken, fixed = tmp_path / "broken.py", tmp_path / "fixed.py"
    fixed.write_text("from simulator.usercode import strategy\n"
                     "mine = strategy('mine', family='board', base='buy_all')\n")
    broken.write_text(fixed.read_text().replace("base='buy_all')", "base='buy_all'"))
    out = subprocess.run([sys.executable, "-c", UNLOADABLE_THEN_BUILTIN, str(broken), str(fixed)],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"cache": True, "plays_fixed": True}


def test_the_decisions_are_those_the_engines_call_with_a_seat_and_its_parameters():
    """Read from the code: the board decisions the shared economy calls, Millionaire's on top of them, Deal's
    that take the parameter rows; the rules of play that take none (Deal's payment_card) are not offered."""
    board = usercode.decisions("board")
    assert {"buys", "builds", "sells", "swaps"} <= set(board) and "prefers" not in board
    assert set(usercode.decisions("millionaire")) == set(board) | {"hoards", "upgrades", "steals_any"}
    assert board["sells"].seat == "q" and board["builds"].parameters == ("prm", "pl", "p", "cost")
    deal = usercode.decisions("deal")
    assert "choose_play" in deal and "payment_card" not in deal


@pytest.mark.parametrize("family", ["board", "millionaire", "deal", "empire", "fortnite"])
def test_the_template_is_a_file_of_strategies_that_loads(tmp_path, family):
    result = invoke("strategies", "--template", family)
    assert result.exit_code == 0
    file = tmp_path / "mine.py"
    file.write_text(result.output)
    usercode.use([file])
    (mine,) = usercode._loaded.strategies
    first = next(iter(usercode.decisions(family)))
    assert mine.family == family and list(mine.functions) == [first]
    for decision in usercode.decisions(family).values():
        assert f"def {decision.signature}:" in result.output
    assert "P_USER_STRATEGY" in result.output
    # each array says what its rows are, as its family's layout does (Deal's are cards, copies and sets too)
    assert "#   pl: Player matrix `pl[player, column]`" in result.output
    if family == "deal":
        assert "`loc[copy, column]`" in result.output and "`tab[player, column, set]`" in result.output


ROOT = Path(__file__).parent.parent
# Each family's decisions and an example of each live in the report the docs' page points to
REFERENCE = (ROOT / "reports" / "strategies_as_code.md").read_text()
DOCS_PAGE = (ROOT / "docs" / "strategies-as-code.md").read_text()


def _python_blocks(text: str) -> list[str]:
    return [block.split("```")[0] for block in text.split("```python\n")[1:]]


@pytest.mark.parametrize("family", ["board", "millionaire", "deal", "empire", "fortnite"])
def test_the_reference_gives_each_decision_of_each_family_as_the_code_has_it(family):
    (row,) = [line for line in REFERENCE.splitlines() if line.startswith(f"| {family} ")]
    documented = usercode.decisions(family)
    if family == "millionaire":   # its row gives its own decisions after "the board family's"
        assert "the board family's" in row and set(usercode.decisions("board")) <= set(documented)
        documented = {n: d for n, d in documented.items() if n not in usercode.decisions("board")}
    for decision in documented.values():
        assert f"`{decision.signature}`" in row
    assert row.count("(") == len(documented) + (1 if family == "board" else 0)


def test_the_reference_examples_load_one_strategy_of_their_family(tmp_path):
    examples = _python_blocks(REFERENCE)
    assert len(examples) == 5
    for number, example in enumerate(examples):
        file = tmp_path / f"example_{number}.py"
        file.write_text(example)
        usercode.use([file])
        (mine,) = usercode._loaded.strategies
        assert example.startswith(f"# {mine.family}") and len(mine.functions) == 1


def test_the_docs_example_is_one_the_reference_loads():
    """The docs page shows one of the reference's examples as it is, so the test above covers it too."""
    (example,) = _python_blocks(DOCS_PAGE)
    assert example in _python_blocks(REFERENCE)


ALLOCATING = '''import numpy as np
from simulator.engines.shared.layout import PL_CASH
from simulator.usercode import strategy

scratchy = strategy("scratchy", family="board", base="cautious")


@scratchy.decision
def builds(prm, pl, p, cost):
    cash = np.zeros(pl.shape[0])
    for q in range(pl.shape[0]):
        cash[q] = pl[q, PL_CASH]
    return pl[p, PL_CASH] - cost > cash.mean()
'''


def test_a_user_decision_keeps_reference_counts_so_it_may_allocate(tmp_path):
    """A turn is compiled without numba's reference counts (simulator/engines/shared/jit.py), and numba
    compiles a callee with its caller's setting unless the callee sets its own: a user's decision, which may
    allocate, sets them (the engine's functions do not), and compiles and plays where the engine calls it."""
    from simulator.engines.shared.jit import engine_njit
    from simulator.engines.shared.layout import N_PARAMS, PL_CASH, PL_COLUMNS

    mine = tmp_path / "allocating.py"
    mine.write_text(ALLOCATING)
    usercode.use([mine])
    decision = usercode.compiled(1, "builds")
    assert decision.targetoptions["_nrt"] is True

    @engine_njit
    def engine_asks(prm, pl):
        return decision(prm, pl, 0, 10)

    assert engine_asks.targetoptions["_nrt"] is False
    pl = np.zeros((3, PL_COLUMNS), dtype=np.int64)
    pl[:, PL_CASH] = [500, 100, 100]
    assert engine_asks(np.zeros((3, N_PARAMS)), pl)
    pl[0, PL_CASH] = 110  # 100 left against a mean of 103
    assert not engine_asks(np.zeros((3, N_PARAMS)), pl)




def test_a_user_s_builds_is_asked_again_by_its_own_rule_not_by_the_built_in_bound(user_files):
    """build_cash, the cash the engine waits for before it asks builds again, is read from the built-in builds:
    a user's builds that ignores cautious's building reserve of 300 must play as cautious with a reserve of 0,
    not wait for the reserve it ignores (reports/strategies_as_code.md, the decisions of each family)."""
    rivals = ["buy_all", "hard_trader", "orange_red"]
    user = simulator.simulate("classic", 4, ["reserve_free", *rivals], games=200, seed=3, strategy_files=user_files)
    params = simulator.simulate("classic", 4, ["cautious_without_reserve", *rivals], games=200, seed=3,
                                strategy_files=user_files)
    pd.testing.assert_frame_equal(_games(user), _games(params))
    pd.testing.assert_frame_equal(_players(user), _players(params))
    assert user.players().query("strategy == 'reserve_free'").buildings_bought.sum() > 0
