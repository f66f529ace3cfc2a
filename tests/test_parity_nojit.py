"""The compiled engine and the same Python code with the JIT off play identical games."""
import json
import os
import subprocess
import sys

SCRIPT = """
import json, warnings
warnings.simplefilter("ignore")
from simulator.rules import compile_board, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
edition = load_edition("classic")
lineup = resolve_lineup(edition, compile_board(edition), 3, ["buy_all", "hard_trader", "random"])
result = run(RunSpec(edition=edition, lineup=lineup, games=3, seed=21, threads=1, check=True))
print(json.dumps({"wins": result.totals.wins_by_seat.tolist(), "turns": result.totals.turns,
                  "squares": result.totals.sq_agg.tolist(), "cards": result.totals.card_agg.tolist(),
                  "violations": result.totals.violations}))
"""


def _play(disable_jit: bool) -> dict:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_jit_and_python_play_the_same_games():
    compiled = _play(False)
    interpreted = _play(True)
    assert compiled == interpreted
    assert compiled["turns"] > 0 and compiled["violations"] == 0
