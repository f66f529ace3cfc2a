"""The README is the front door and docs/ the rest of the house. The README stays a short page whose commands
are the CLI's and whose links lead somewhere; the docs list every edition, strategy and assumption the data
files and the strategy registry hold, and the pages written from the code say what the code says now."""
import importlib.util
import re
import shlex
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import strategies
from simulator import families, usercode
from simulator.cli import cli
from simulator.rules import builtin_editions, compile_rules, load_edition

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
DOCS = ROOT / "docs"


def _docs_pages():
    spec = importlib.util.spec_from_file_location("docs_pages", ROOT / "scripts" / "docs_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    following = text.find("\n## ", start + 1)
    return text[start:following if following != -1 else len(text)]


def _rows(text: str) -> list[list[str]]:
    """The cells of a Markdown table's body rows (an escaped `\\|` stays inside its cell)."""
    rows = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            rows.append([cell.replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows[1:] if rows else rows  # without the header


def _name(cell: str) -> str:
    """An edition or strategy as a table names it: `classic`, or [classic](classic.md)."""
    return re.sub(r"^\[(.+)\]\(.+\)$", r"\1", cell).strip("`")


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else " ".join(str(value).split())


def _code_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.startswith("    ") and line.strip()]


def test_the_readme_is_a_front_page_of_at_most_200_lines():
    assert len(README.splitlines()) <= 200


def test_every_link_of_the_readme_leads_to_a_file_of_the_repository():
    targets = [target for target in re.findall(r"\]\(([^)#\s]+)", README) if "://" not in target]
    assert targets
    for target in targets:
        assert (ROOT / target).exists(), target


def test_the_quick_start_installs_the_package_alone_and_the_tests_install_the_test_tools():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    quick_start, tests = _code_lines(_section(README, "Quick start"))
    assert "pip install -e . " in quick_start and "[" not in quick_start and "monopoly-mc simulate" in quick_start
    assert 'pip install -e ".[test]"' in tests and tests.endswith("python -m pytest")
    for extra in set(re.findall(r'-e "\.\[(\w+)\]"', README)):
        assert extra in extras, extra
    assert any(requirement.startswith("jupyterlab") for requirement in extras["notebooks"])
    assert "jupyter lab notebooks/" in README


def test_the_quick_start_runs_and_its_results_answer_the_players_question(tmp_path, monkeypatch):
    """The first command as written, with fewer games, then `properties results/first` as the player's table
    says: a newcomer's first two commands."""
    monkeypatch.chdir(tmp_path)
    quick_start = _code_lines(_section(README, "Quick start"))[0]
    command = shlex.split(quick_start.split("&& ")[-1].replace(".venv/bin/", ""))
    command[command.index("--games") + 1] = "400"
    runner = CliRunner()
    first = runner.invoke(cli, command[1:] + ["--no-progress"])
    assert first.exit_code == 0, first.output
    assert (tmp_path / "results" / "first" / "manifest.json").is_file()
    (properties,) = [c for c in _question_commands() if c.startswith("monopoly-mc properties")]
    answer = runner.invoke(cli, shlex.split(properties)[1:])
    assert answer.exit_code == 0, answer.output
    assert "Boardwalk" in answer.output


def _question_commands() -> list[str]:
    """Every `monopoly-mc ...` of the tables "your question, this command", without a shell redirection."""
    commands = re.findall(r"`(monopoly-mc [^`]+)`", _section(README, "Your question, this command"))
    return [command.split(" > ")[0] for command in commands if "COMMAND" not in command]


@pytest.mark.parametrize("command", _question_commands())
def test_each_command_that_answers_a_question_parses(command, tmp_path, monkeypatch):
    """Each command is one the CLI takes as written: its options exist and their values have the right type
    and are among the allowed choices; an example file it names is in the repository, and the strategy file
    it plays is the one the table writes."""
    monkeypatch.chdir(tmp_path)
    if "--strategy-file my_bots.py" in command:
        # The table writes the file with `strategies --template board`; loading it would bind this process's
        # engine to it, so the test reads it instead: it defines the strategy the command names.
        template = CliRunner().invoke(cli, ["strategies", "--template", "board"]).output
        named = shlex.split(command)[shlex.split(command).index("my_bots.py") + 2]
        assert f'strategy("{named}", family="board"' in template, named
        monkeypatch.setattr(usercode, "use", lambda paths, jit=True: None)
    args = shlex.split(command)[1:]
    for example in [arg for arg in args if arg.startswith("reports/")]:
        assert (ROOT / example).is_file(), example
    parent = click.Context(cli, info_name="monopoly-mc")
    subcommand = cli.get_command(parent, args[0])
    assert subcommand is not None, command
    subcommand.make_context(args[0], args[1:], parent=parent)


def test_the_commands_table_lists_every_command_once():
    listed = [re.match(r"`monopoly-mc (\w+)", row[0]).group(1) for row in _rows(_section(README, "Commands"))]
    assert sorted(set(listed)) == sorted(cli.commands)
    assert listed[-1] == "ab"   # the developers' command after the users'


def test_the_pages_written_from_the_code_are_current():
    stale = _docs_pages().stale_pages()
    assert stale == [], f"stale docs pages {stale}: run `python scripts/docs_pages.py`"


@pytest.mark.parametrize("name", builtin_editions())
def test_the_assumptions_page_lists_each_data_files_own_assumptions(name):
    """One line per assumption a data file makes itself (not those it inherits through `extends`): the same
    fields and values, in the file's order, so an assumption added, changed or dropped shows there; the
    README points to that page."""
    edition = load_edition(name)
    meta = edition.document["edition"]
    inherited = len(load_edition(meta["extends"]).assumptions) if "extends" in meta else 0
    own = [(_text(a["field"]), _text(a["value"])) for a in edition.assumptions[inherited:]]
    listed = [(field, value) for edition_name, field, value in _rows((DOCS / "assumptions.md").read_text())
              if _name(edition_name) == name]
    assert own and listed == own
    assert "(docs/assumptions.md)" in _section(README, "Assumptions")
    assert f"(docs/editions/{name}.md)" in _section(README, "Assumptions")


def test_the_editions_table_names_every_built_in_edition_with_its_family_and_players():
    rows = {_name(row[0]): row for row in _rows((DOCS / "editions" / "index.md").read_text())}
    assert sorted(rows) == builtin_editions()
    for name, (_, family, players, _) in rows.items():
        board = compile_rules(load_edition(name))
        assert family == load_edition(name).family
        assert players.startswith(f"{board.players_min}–{board.players_max}"), name


def test_the_strategies_table_lists_every_family_and_its_strategies():
    rows = {_name(row[0]): row for row in _rows((DOCS / "strategies.md").read_text()) if row[0].startswith("`")}
    assert sorted(rows) == sorted(families.names())
    for family, (_, editions, names) in rows.items():
        assert editions == families.get(family).editions
        assert sorted(re.findall(r"`(\w+)`", names)) == sorted(s.name for s in strategies.available(family))
