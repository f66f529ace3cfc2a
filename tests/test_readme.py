"""The README is the front door: what it lists of the editions, strategies and assumptions keeps up with the
data files and the strategy registry, which hold the detail (`monopoly-mc editions NAME`, `strategies`)."""
import re
from pathlib import Path

import pytest

import strategies
from simulator import families
from simulator.rules import builtin_editions, compile_rules, load_edition

README = (Path(__file__).parent.parent / "README.md").read_text()


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    following = README.find("\n## ", start + 1)
    return README[start:following if following != -1 else len(README)]


def _rows(section: str) -> list[list[str]]:
    """The cells of a Markdown table's body rows (an escaped `\\|` stays inside its cell)."""
    rows = []
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            rows.append([cell.replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows[1:] if rows else rows  # without the header


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else " ".join(str(value).split())


@pytest.mark.parametrize("name", builtin_editions())
def test_the_assumptions_list_is_each_data_files_own_assumptions(name):
    """One line per assumption a data file makes itself (not those it inherits through `extends`): the same
    fields and values, in the file's order, so an assumption added, changed or dropped shows here."""
    edition = load_edition(name)
    meta = edition.document["edition"]
    inherited = len(load_edition(meta["extends"]).assumptions) if "extends" in meta else 0
    own = [(_text(a["field"]), _text(a["value"])) for a in edition.assumptions[inherited:]]
    listed = [(field, value) for edition_name, field, value in _rows(_section("Assumptions")) if edition_name == name]
    assert own and listed == own


def test_the_editions_table_names_every_built_in_edition_with_its_family_and_players():
    rows = {row[0].strip("`"): row for row in _rows(_section("Editions are data"))}
    assert sorted(rows) == builtin_editions()
    for name, (_, family, players, _) in rows.items():
        board = compile_rules(load_edition(name))
        assert family == load_edition(name).family
        assert players.startswith(f"{board.players_min}–{board.players_max}"), name


def test_the_strategies_table_lists_every_family_and_its_strategies():
    rows = {row[0].strip("`"): row for row in _rows(_section("Strategies"))}
    assert sorted(rows) == sorted(families.names())
    for family, (_, editions, names) in rows.items():
        assert editions == families.get(family).editions
        assert sorted(re.findall(r"`(\w+)`", names)) == sorted(s.name for s in strategies.available(family))
