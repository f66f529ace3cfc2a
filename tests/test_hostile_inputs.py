"""Hostile inputs (property-based): random values at any field of every edition's data file, broken data
files, and random strategy parameters. Each either plays with every invariant holding, or is refused with
a one-line message naming what was wrong; never a crash, never a hang (games are capped by max_rounds),
and a refused run writes nothing that looks complete."""
import copy
import json
import math
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.results import MANIFEST, ResultsError
from simulator.rules import EditionError, builtin_editions, compile_rules, load_edition
from simulator.runner import RunError, RunSpec, resolve_lineup, run
from strategies import StrategyError, family_module

REFUSALS = (EditionError, StrategyError, RunError, ResultsError)
EXAMPLES = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

VALUES = st.one_of(
    st.integers(-3, 12),
    st.integers(-10 ** 7, 10 ** 7),
    st.sampled_from([2 ** 31, 2 ** 63 - 1, 2 ** 63, -2 ** 63, 10 ** 30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=6),
    st.lists(st.integers(-5, 60), max_size=7),
)


def leaf_paths(node, prefix=""):
    """Every dotted path to a value in a data file's document (lists addressed by position)."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else None
    if items is None:
        return [prefix]
    paths = []
    for key, child in items:
        if prefix == "" and key == "assumptions":
            continue  # documentation, not rules
        paths += leaf_paths(child, f"{prefix}.{key}" if prefix else str(key))
    return paths or [prefix]


PATHS = {name: leaf_paths(load_edition(name).document) for name in builtin_editions()}


def assert_refused_clearly(error: Exception) -> None:
    message = str(error)
    assert message and "\n" not in message and "Traceback" not in message, repr(message)


def play_or_refuse(make_spec) -> None:
    """Build and play a small checked run into a fresh directory: a refusal is one clear line and leaves
    no results that look complete; a run that plays keeps every invariant."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "run"
        try:
            spec = make_spec()
            result = run(spec, out=out)
        except REFUSALS as error:
            assert_refused_clearly(error)
            assert not (out / MANIFEST).exists()
            return
        assert result.totals.violations == 0, f"invariants broken: {spec.edition.overrides}"
        assert result.totals.games == spec.games and (out / MANIFEST).exists()


def checked_spec(edition, games=4, players=None, names=()):
    board = compile_rules(edition)
    lineup = resolve_lineup(edition, board, board.players_min if players is None else players, list(names))
    return RunSpec(edition=edition, lineup=lineup, games=games, seed=1, batch_size=2, check=True)


@pytest.mark.parametrize("name", builtin_editions())
@EXAMPLES
@given(data=st.data())
def test_random_values_anywhere_in_a_data_file_play_or_are_refused(name, data):
    changes = data.draw(st.lists(st.tuples(st.sampled_from(PATHS[name]), VALUES), min_size=1, max_size=3))
    play_or_refuse(lambda: checked_spec(load_edition(name, None, changes)))


@pytest.mark.parametrize("name", builtin_editions())
@EXAMPLES
@given(data=st.data())
def test_broken_data_files_play_or_are_refused(name, data):
    source = Path(load_edition(name).source)
    text = source.read_text()
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start, min(len(text), start + 200)))
    filler = data.draw(st.sampled_from(["", "=", "[", "]]", "\n[rules]\n", '"', "-1", "x = 1\n", "\x00"]))
    with tempfile.TemporaryDirectory() as scratch:
        broken = Path(scratch) / source.name
        broken.write_text(text[:start] + filler + text[end:])
        play_or_refuse(lambda: checked_spec(load_edition(broken)))


def toml(value) -> str:
    """A document as TOML, every table inline (enough for any document tomllib reads)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else "inf" if value == math.inf else "-inf" if value == -math.inf else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml, value)) + "]"
    return "{" + ", ".join(f"{json.dumps(key)} = {toml(item)}" for key, item in value.items()) + "}"


def node_paths(node, prefix=()):
    """The path of every table, list and value of a document, the document itself first."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    return [prefix] + [path for key, child in items for path in node_paths(child, prefix + (key,))]


WHOLE = st.recursive(VALUES, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                     max_leaves=8)
KEYS = st.one_of(st.text(max_size=8), st.sampled_from(["count", "price", "prce", "cards", "rules", "id", "name",
                                                       "extends", "start_cash", "strat_cash", "family"]))


def mutate(document, data) -> None:
    """One change anywhere in a document: a table, list or value replaced by anything, a key or an entry
    removed, a key added, an entry duplicated."""
    path = data.draw(st.sampled_from(node_paths(document)))
    parent, key = (None, None) if not path else (document, path[-1])
    for step in path[:-1]:
        parent = parent[step]
    node = document if parent is None else parent[key]
    action = data.draw(st.sampled_from(["replace", "remove", "add", "duplicate"]))
    if action == "replace" and parent is not None:
        parent[key] = data.draw(WHOLE)
    elif action == "remove" and parent is not None:
        del parent[key]
    elif action == "add" and isinstance(node, dict):
        node[data.draw(KEYS)] = data.draw(WHOLE)
    elif action == "duplicate" and isinstance(node, list) and node:
        node.append(copy.deepcopy(node[data.draw(st.integers(0, len(node) - 1))]))


@pytest.mark.parametrize("name", builtin_editions())
@EXAMPLES
@given(data=st.data())
def test_whole_data_files_mutated_anywhere_play_or_are_refused(name, data):
    """Tables and lists replaced by numbers, keys added or removed, entries duplicated: anywhere in a
    built-in file, several times."""
    document = tomllib.loads(load_edition(name).source.read_text())
    for _ in range(data.draw(st.integers(1, 4))):
        mutate(document, data)
    with tempfile.TemporaryDirectory() as scratch:
        mutated = Path(scratch) / f"{name}.toml"
        mutated.write_text("\n".join(f"{json.dumps(key)} = {toml(value)}" for key, value in document.items()))
        play_or_refuse(lambda: checked_spec(load_edition(mutated)))


@pytest.mark.parametrize("name", builtin_editions())
@EXAMPLES
@given(data=st.data())
def test_random_strategy_parameters_play_or_are_refused(name, data):
    edition = load_edition(name)
    board = compile_rules(edition)
    parameters = family_module(edition.family).PARAMETERS
    changes = data.draw(st.dictionaries(st.sampled_from(sorted(parameters)), VALUES, min_size=1, max_size=3))

    def spec():
        base = checked_spec(edition)
        lineup = [s.with_params(**changes) for s in base.lineup]
        for strategy in lineup:
            board.parameter_vector(strategy)
        base.lineup = lineup
        return base
    play_or_refuse(spec)


@pytest.mark.parametrize("name", builtin_editions())
@EXAMPLES
@given(players=st.integers(-2, 12), games=st.integers(-2, 5))
def test_player_and_game_counts_play_or_are_refused(name, players, games):
    edition = load_edition(name)
    play_or_refuse(lambda: checked_spec(edition, games=games, players=players))
