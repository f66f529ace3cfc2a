"""What a search writes: the tuned strategy as a strategies-as-code file (`optimize --write`), the balanced
edition as a data file that extends the edition (`balance --write`)."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from simulator import usercode
from simulator.rules import load_edition, merge, override_patch
from simulator.tuning.objectives import measured_as_text
from simulator.tuning.outcome import Outcome
from simulator.tuning.problem import Problem, short_label, shown
from simulator.tuning.space import SearchError
from strategies import get


def written_base(problem: Problem) -> tuple[str, dict]:
    """The built-in strategy a tuned strategy's file names as its base, and the parameters it changes on it
    before the tuned ones: none for a built-in strategy, a user strategy's own for one of parameters only.
    A user strategy replacing decisions cannot be written as parameters: its own file holds them."""
    family = load_edition(problem.edition, problem.variant).family
    tuned = get(family, problem.names[0])
    if not tuned.code:
        return tuned.name, {}
    user = usercode.loaded_strategy(tuned.code)
    if user.functions:
        raise SearchError(f"--write: {tuned.name} replaces decisions ({', '.join(user.functions)}) in "
                          f"{user.source}: a file of parameters cannot carry them; put the chosen values in "
                          f"that file")
    return user.base, dict(user.params)


def strategy_file(outcome: Outcome, name: str) -> str:
    """A strategies-as-code file (simulator/usercode.py) defining the tuned strategy under `name`: its base
    with the chosen values, played by `--strategy-file FILE -s NAME` on the built-in engine."""
    problem = outcome.problem
    family = load_edition(problem.edition, problem.variant).family
    base, own = written_base(problem)
    changes = {short_label(p, problem): v for p, v in outcome.best.items()}
    chosen = outcome.chosen
    objective = problem.objectives[0]
    summary = (f"{problem.names[0]} tuned against {', '.join(problem.names[1:])} on {problem.edition}: "
               + ", ".join(f"{k}={shown(v)}" for k, v in changes.items()))
    params = {**own, **changes}
    arguments = "".join(f",\n         {key}={_python(value)}" for key, value in params.items())
    needs_math = any(isinstance(v, float) and not math.isfinite(v) for v in params.values())
    return (f'"""{name}: {summary}.\n\n'
            f"Written by `monopoly-mc optimize` on {outcome.started}: {measured_as_text(objective, chosen)} in "
            f"{outcome.recheck_per_candidate:,} fresh games (seed {problem.seed}). Play it with `--strategy-file THIS_FILE -s {name}` in any "
            f"command (Python: strategy_files=[THIS_FILE]); the parameters not given are those of "
            f'{base}."""\n'
            + ("import math\n\n" if needs_math else "")
            + "from simulator.usercode import strategy\n\n"
            f"strategy({name!r}, family={family!r}, base={base!r},\n         summary={summary!r}{arguments})\n")


def _python(value: Any) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return "math.inf" if value > 0 else "-math.inf"
    return repr(value)


def _toml_key(part: str) -> str:
    return part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else json.dumps(part)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return ("-" if value < 0 else "") + ("inf" if not math.isnan(value) else "nan")
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml_value, value)) + "]"
    return json.dumps(value)


def _toml_lines(table: dict, path: tuple = ()) -> list[str]:
    """A nested table as dotted keys, one value a line (what a designer would edit)."""
    lines = []
    for key, value in table.items():
        if isinstance(value, dict):
            lines += _toml_lines(value, path + (key,))
        else:
            lines.append(".".join(_toml_key(str(p)) for p in path + (key,)) + " = " + _toml_value(value))
    return lines


def edition_file(outcome: Outcome, name: str) -> str:
    """A data file that extends the edition with the chosen values (and the fixed --set ones)."""
    problem = outcome.problem
    edition = load_edition(problem.edition, problem.variant)
    settings = list(problem.fixed) + list(outcome.best.items())
    if problem.variant is not None:
        variant = edition.document["variants"][problem.variant]
        settings = [(f"rules.{k}", v) for k, v in variant.items() if k != "description"] + settings
    patch: dict = {}
    for path, value in settings:
        patch = merge(patch, override_patch(edition.document, path, value, f"--set {path}"), "")
    chosen = outcome.chosen
    results = "; ".join(measured_as_text(o, chosen) for o in problem.objectives)
    lineup = [s.name for s in problem.spec({}, 1, 0).lineup]
    extends = problem.edition if Path(problem.edition).suffix != ".toml" else str(Path(problem.edition).resolve())
    goals = ", ".join(o.name for o in problem.objectives)
    header = [f"# {name}: {problem.edition} balanced by `monopoly-mc balance` on {outcome.started}",
              f"# for {goals} ({', '.join(o.meaning for o in problem.objectives)}),",
              f"# played by {', '.join(lineup)}: {results} in "
              f"{outcome.recheck_per_candidate:,} fresh games (seed {problem.seed}).", ""]
    # the values as dotted keys come before the first table header, which would otherwise hold them
    edition_table = ["", "[edition]", f"extends = {json.dumps(extends)}", f"name = {json.dumps(name)}",
                     f"title = {json.dumps(f'{edition.title}, balanced for {goals}')}"]
    return "\n".join(header + _toml_lines(patch) + edition_table) + "\n"
