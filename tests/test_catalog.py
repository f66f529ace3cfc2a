"""`monopoly-mc editions NAME` prints what an edition's data file says (rule options with their values,
allowed values and meanings, variants, decks, assumptions), so the docs need not repeat it; and
`monopoly-mc editions` lists the built-in editions."""
import io
import json
import re

import pandas as pd
import pytest

from simulator import families
from simulator.rules import builtin_editions, load_edition
from simulator.tables import WIDTH
from tests.helpers import invoke

EDITIONS = [(name, None) for name in builtin_editions()] + [("walking_dead", "quick"), ("deal", "two_decks")]


def _blocks(output: str) -> dict[str, list[dict[str, str]]]:
    """The titled tables of the output, each as its records: a record starts on a line that starts at the
    margin (a first cell continued on the next lines is indented), and a cell wrapped onto the next lines is
    joined back with spaces, without one after a name cut at its "_" or "/"."""
    tables = {}
    for block in output.split("\n\n"):
        lines = block.split("\n")
        if len(lines) < 3 or not set(lines[2]) <= {"-", " "} or not lines[2]:
            continue
        spans, start = [], None
        for i, char in enumerate(lines[2] + " "):
            if char == "-" and start is None:
                start = i
            elif char != "-" and start is not None:
                spans.append((start, i))
                start = None
        ends = [s for s, _ in spans[1:]] + [None]
        columns = [(lines[1][s:e].strip(), s, end) for (s, e), end in zip(spans, ends)]
        records = []
        for line in lines[3:]:
            cells = {name: line[s:end].strip() if end else line[s:].strip() for name, s, end in columns}
            if line and not line.startswith(" "):
                records.append(cells)
            else:
                for name, text in cells.items():
                    if text:
                        before = records[-1][name]
                        records[-1][name] = before + text if before.endswith(("_", "/")) else f"{before} {text}".strip()
        tables[lines[0].split(" (")[0]] = records
    return tables


def _text(value) -> str:
    return " ".join((value if isinstance(value, str) else json.dumps(value)).split())


@pytest.mark.parametrize("name,variant", EDITIONS)
def test_every_rule_option_and_assumption_of_the_data_file_is_printed(name, variant):
    result = invoke("editions", name, *(["--variant", variant] if variant else []))
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= WIDTH  # long cells wrap, whole names kept
    tables = _blocks(result.output)
    edition = load_edition(name, variant)
    printed = {row["option"]: row for row in tables["Rules"]}
    assert list(printed) == list(edition.document["rules"]), "every option, in the data file's order"
    texts = "\n".join(source.read_text() for source in edition.sources)
    for option, value in edition.document["rules"].items():
        row = printed[option]
        assert row["value"] == _text(value), option
        assert row["allowed"].startswith(("integer from", "true or false", "one of", "a list of")), option
        assert row["meaning"] and f"# {row['meaning']}" in " ".join(texts.split()), \
            f"{option}: its meaning is the comment beside it in the data file"
    assumptions = [(_text(a["field"]), _text(a["value"]), _text(a["source"]), _text(a.get("note", "")))
                   for a in edition.assumptions]
    assert [(r["field"], r["value"], r["source"], r["note"]) for r in tables["Assumptions"]] == assumptions
    assert len(assumptions) >= 5
    assert {r["deck"] for r in tables["Decks"]} == set(edition.document["decks"])
    assert [r["variant"] for r in tables.get("Variants", [])] == list(edition.variants)


def test_a_variant_shows_its_values():
    quick = _blocks(invoke("editions", "walking_dead", "--variant", "quick").output)
    plain = _blocks(invoke("editions", "walking_dead").output)
    assert {r["option"]: r["value"] for r in quick["Rules"]}["max_houses"] == "3"
    assert {r["option"]: r["value"] for r in plain["Rules"]}["max_houses"] == "4"


def test_allowed_values_are_the_checks_own(tmp_path):
    """What `allowed` says is what the loader refuses beyond: a value past the printed bound is refused."""
    rows = {r["option"]: r for r in _blocks(invoke("editions", "deal").output)["Rules"]}
    assert rows["deck_copies"]["allowed"] == "integer from 1 to 4"
    assert rows["wild_moves"]["allowed"] == "one of rulebook, on_lay, free, costs_play"
    refused = invoke("simulate", "-e", "deal", "--set", "rules.deck_copies=5", "-n", 10)
    assert refused.exit_code == 2 and "deck_copies" in refused.output


def test_a_designers_file_prints_its_own_comments_and_assumptions(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(
        '[edition]\nname = "rich"\nfamily = "board"\nextends = "classic"\n'
        'description = """Classic with more cash."""\n\n'
        '[rules]\nstart_cash = 3000   # twice the cash, to see if buying everything pays\n\n'
        '[[assumptions]]\nfield = "rules.start_cash"\nvalue = 3000\nsource = "a house rule of ours"\n'
        'note = "Games run shorter."\n')
    result = invoke("editions", "mine.toml")
    tables = _blocks(result.output)
    assert "data file mine.toml (extends classic)" in result.output and "Classic with more cash." in result.output
    start = next(r for r in tables["Rules"] if r["option"] == "start_cash")
    assert (start["value"], start["meaning"]) == ("3000", "twice the cash, to see if buying everything pays")
    go = next(r for r in tables["Rules"] if r["option"] == "go_salary")
    assert go["meaning"] == "paid by the bank each time a player passes or lands on GO"  # from classic's file
    assert tables["Assumptions"][-1] == {"field": "rules.start_cash", "value": "3000",
                                         "source": "a house rule of ours", "note": "Games run shorter."}


@pytest.mark.parametrize("name", ["empire", "deal"])
def test_json_and_csv_carry_the_same_sheet(name):
    sheet = json.loads(invoke("editions", name, "--format", "json").output)
    edition = load_edition(name)
    assert [r["option"] for r in sheet["rules"]] == list(edition.document["rules"])
    assert [r["field"] for r in sheet["assumptions"]] == [a["field"] for a in edition.assumptions]
    text = invoke("editions", name, "--format", "csv").output
    blocks = {b.split("\n", 1)[0][2:]: b.split("\n", 1)[1] for b in re.split(r"\n\n(?=# )", text)}
    assumptions = pd.read_csv(io.StringIO(blocks["assumptions"]))
    assert list(assumptions["field"]) == [a["field"] for a in edition.assumptions]
    assert len(pd.read_csv(io.StringIO(blocks["rules"]))) == len(edition.document["rules"])
    assert pd.read_csv(io.StringIO(blocks["edition"]))["description"][0] == edition.document["edition"]["description"]


@pytest.mark.parametrize("args,message", [
    (["editions", "monopoly_space"], "unknown edition 'monopoly_space': expected one of classic, deal, empire, "
                                     "fortnite, millionaire, walking_dead or the path of a .toml data file"),
    (["editions", "classic", "--variant", "qiuck"], "unknown variant 'qiuck' of edition classic"),
    (["editions", "walking_dead", "--variant", "qiuck"], "did you mean quick?"),
    (["editions", "--variant", "quick"], "--variant: give the edition it belongs to"),
])
def test_bad_names_get_one_line(args, message):
    result = invoke(*args)
    assert result.exit_code == 2 and result.output.count("\n") == 1 and message in result.output


def test_the_list_names_every_built_in_edition_in_each_format():
    table = invoke("editions").output
    assert all(name in table for name in builtin_editions()) and "monopoly-mc editions NAME" in table
    listed = json.loads(invoke("editions", "--format", "json").output)
    assert [row["edition"] for row in listed] == builtin_editions()


@pytest.mark.parametrize("family", families.names())
def test_strategies_print_each_strategy_and_what_they_all_do(family):
    """The docs point here for the strategies: each one's summary and the family's shared behaviour."""
    import strategies
    output = invoke("strategies", "--family", family, "--no-params").output
    records = _blocks("title\n" + output)["title"]
    assert {r["strategy"]: r["what it does"] for r in records} == \
        {s.name: " ".join(s.summary.split()) for s in strategies.available(family)}
    assert " ".join(strategies.family_module(family).SHARED_BEHAVIOUR.split()) in " ".join(output.split())


@pytest.mark.parametrize("name", builtin_editions())
def test_the_schema_gives_every_column_a_type_and_a_meaning(name):
    rows = json.loads(invoke("schema", "--edition", name, "--format", "json").output)
    assert {r["table"] for r in rows} == {"games", "players", "squares", "cards"}
    assert all(r["meaning"] and r["type"] for r in rows), [r["column"] for r in rows if not r["meaning"]]
    text = invoke("schema", "--edition", name, "--table", "players").output
    assert "held_<group>" in text and "squares (" not in text


def test_the_schema_of_an_edition_without_a_board_describes_no_squares():
    """Monopoly Deal is a card game: its squares table has no rows, and the schema says so instead of listing
    the board's columns."""
    rows = [r for r in json.loads(invoke("schema", "--edition", "deal", "--format", "json").output)
            if r["table"] == "squares"]
    assert len(rows) == 1 and "no board" in rows[0]["meaning"]
    assert len([r for r in json.loads(invoke("schema", "--format", "json").output) if r["table"] == "squares"]) > 5


def test_the_schema_is_what_a_run_writes(tmp_path):
    """Every column of every table a run writes is in the schema, with the type written."""
    assert invoke("simulate", "-n", 20, "--seed", 1, "--out", tmp_path / "run", "--no-progress").exit_code == 0
    rows = json.loads(invoke("schema", "--format", "json").output)
    for table in ("games", "players", "squares.parquet", "cards.parquet"):
        frame = pd.read_parquet(tmp_path / "run" / table)
        written = {("held_<group>" if c.startswith("held_") else c): str(t) for c, t in frame.dtypes.items()}
        documented = {r["column"]: r["type"] for r in rows if r["table"] == table.removesuffix(".parquet")}
        assert written == documented, table


def test_the_schema_refuses_bad_names_in_one_line():
    result = invoke("schema", "--edition", "monopoly_space")
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "unknown edition" in result.output
    assert invoke("schema", "--table", "dice").exit_code == 2


@pytest.mark.parametrize("body,message", [
    ('description = 5\n', "edition.description: expected a string"),
    ('\n[[assumptions]]\nfield = "rules.start_cash"\nvalue = 1\n', "assumptions[{classic}]: expected a table with a field"),
    ('\n[[assumptions]]\nfield = 3\nvalue = 1\nsource = "ours"\n', "assumptions[{classic}]: expected a table"),
])
def test_a_data_file_whose_documentation_cannot_be_printed_is_refused(tmp_path, monkeypatch, body, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text('[edition]\nname = "mine"\nfamily = "board"\nextends = "classic"\n' + body)
    result = invoke("editions", "mine.toml")
    message = message.format(classic=len(load_edition("classic").assumptions))  # the file's own come after classic's
    assert result.exit_code == 2 and result.output.count("\n") == 1 and f"mine.toml: {message}" in result.output


def test_strategies_takes_an_edition_or_family_name_and_refuses_another_in_one_line():
    """A newcomer types `strategies empire` (an edition) or `strategies board` (a family): the same list as
    --family; an unknown name gets one line with the closest name (the rules audit found no hint there)."""
    by_edition = invoke("strategies", "walking_dead", "--no-params")
    by_family = invoke("strategies", "--family", "board", "--no-params")
    assert by_edition.exit_code == 0 and by_edition.output == by_family.output
    assert invoke("strategies", "empire").output == invoke("strategies", "--family", "empire").output
    refused = invoke("strategies", "clasic")
    assert refused.exit_code == 2 and refused.output.strip().splitlines() == [
        "monopoly-mc: error: unknown edition or family 'clasic': did you mean classic?"]
