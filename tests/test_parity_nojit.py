"""The compiled engine and the same Python code with the JIT off play identical games."""
import json
import os
import subprocess
import sys

import pytest

SCRIPT = """
import json, sys, warnings
warnings.simplefilter("ignore")
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
edition = load_edition(sys.argv[1])
lineup = resolve_lineup(edition, compile_rules(edition), 3, sys.argv[2:])
result = run(RunSpec(edition=edition, lineup=lineup, games=3, seed=21, threads=1, check=True))
print(json.dumps({"wins": result.totals.wins_by_seat.tolist(), "turns": result.totals.turns,
                  "squares": result.totals.sq_agg.tolist(), "cards": result.totals.card_agg.tolist(),
                  "violations": result.totals.violations}))
"""


def _play(disable_jit: bool, edition: str, lineup: list[str]) -> dict:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    out = subprocess.run([sys.executable, "-c", SCRIPT, edition, *lineup], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("edition,lineup", [("classic", ["buy_all", "hard_trader", "random"]),
                                            ("empire", ["swapper", "card_shark", "random"]),
                                            ("millionaire", ["sprinter", "build_first", "random"]),
                                            ("deal", ["late_attacker", "opportunist", "random"]),
                                            ("fortnite", ["aggressive_shooter", "wall_builder", "storm_avoider"])])
def test_jit_and_python_play_the_same_games(edition, lineup):
    compiled = _play(False, edition, lineup)
    interpreted = _play(True, edition, lineup)
    assert compiled == interpreted
    assert compiled["turns"] > 0 and compiled["violations"] == 0
