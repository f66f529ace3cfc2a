"""The pages of the docs site written from the project's own code, so they say what the code does: each
built-in edition (what `monopoly-mc editions NAME --format json` holds), every assumption of the data files,
the strategies of each family (`monopoly-mc strategies`) and the results schema (`monopoly-mc schema`).

They are committed so that they read on the repository too. `python scripts/docs_pages.py` writes them;
`mkdocs build --strict` (this file is its hook) and tests/test_docs.py fail while one is stale.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REGENERATE = "python scripts/docs_pages.py"
_HEADER = "<!-- Written by scripts/docs_pages.py from {source}: edit that, then run `{command}`. -->\n\n"


def _cell(value) -> str:
    """A value as one Markdown table cell: TOML's spelling of lists and booleans, on one line, `|` escaped."""
    from simulator.cli.catalog import _toml
    return " ".join(_toml(value).split()).replace("|", "\\|") or "-"


def _table(rows: list[dict], columns: list[str]) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(row[column]) for column in columns) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def edition_page(name: str) -> str:
    from simulator.rules import describe_edition, load_edition
    sheet = describe_edition(load_edition(name))
    about = sheet["edition"]
    facts = [f"family `{about['family']}`", f"{about['players']} players"]
    facts += [f"amounts in {about['currency']}"] if about["currency"] else []
    facts += [f"{about['squares']} squares"] if about["squares"] else []
    facts += [f"extends [{about['extends']}]({about['extends']}.md)"] if about["extends"] else []
    parts = [_HEADER.format(source=f"simulator/editions/{name}.toml", command=REGENERATE),
             f"# {name}: {about['title']}\n\n",
             ", ".join(facts) + f"; data file `simulator/editions/{name}.toml`. "
             f"`monopoly-mc editions {name}` prints this page in a terminal.\n\n",
             # a line of the data file's description is a paragraph or an item, as `editions NAME` prints it
             "".join(line + "\n\n" for line in about["description"].splitlines() if line.strip()),
             "## Rule options\n\nChange one with `--set rules.OPTION=VALUE` (or in a data file that extends this one).\n\n",
             _table(sheet["rules"], ["option", "value", "allowed", "meaning"])]
    if sheet["variants"]:
        variants = [{"variant": v["variant"], "changes": ", ".join(f"{k} = {_cell(x)}" for k, x in v["changes"].items()),
                     "description": v["description"]} for v in sheet["variants"]]
        parts += ["\n## Variants\n\nSelected with `--variant NAME`.\n\n", _table(variants, ["variant", "changes", "description"])]
    parts += ["\n## Decks\n\nCards by id: `monopoly-mc cards`; change one with `--set decks.DECK.cards.ID.FIELD=V`.\n\n",
              _table(sheet["decks"], ["deck", "title", "cards", "copies", "effects"]),
              "\n## Assumptions\n\nWhere the rulebook is silent or reads two ways"
              + (f" (the first ones are inherited from {about['extends']})" if about["extends"] else "") + ".\n\n",
              _table(sheet["assumptions"], ["field", "value", "source", "note"])]
    return "".join(parts)


def own_assumptions(name: str) -> list[dict]:
    """The assumptions a data file makes itself, not those it inherits through `extends`."""
    from simulator.rules import load_edition
    edition = load_edition(name)
    meta = edition.document["edition"]
    inherited = len(load_edition(meta["extends"]).assumptions) if "extends" in meta else 0
    return edition.assumptions[inherited:]


def assumptions_page() -> str:
    from simulator.rules import builtin_editions
    rows = [{"edition": f"[{name}](editions/{name}.md)", "field": a.get("field", ""), "value": a.get("value", "")}
            for name in builtin_editions() for a in own_assumptions(name)]
    return (_HEADER.format(source="the [[assumptions]] of simulator/editions/*.toml", command=REGENERATE)
            + "# Assumptions\n\nWhere a rulebook is silent or reads two ways, the data file records the choice under "
              "`[[assumptions]]`, with its source and a note; `monopoly-mc editions NAME` and the edition's page "
              "print them in full. One line each (an edition that extends another also inherits its assumptions):\n\n"
            + _table(rows, ["edition", "field", "value"]))


def strategies_page() -> str:
    import strategies as registry
    from simulator import families
    parts = [_HEADER.format(source="strategies/*.py", command=REGENERATE),
             "# Strategies of each family\n\nWhat `monopoly-mc strategies --family FAMILY` prints: each strategy, what "
             "every strategy of the family does whatever its numbers, and every parameter (`--set "
             "strategy.NAME.PARAM=V1,V2` sweeps one).\n"]
    from simulator.cli.catalog import _short
    for family in families.names():
        module, found = registry.family_module(family), registry.available(family)
        plain, searching = [s for s in found if not s.searches], [s for s in found if s.searches]
        parts += [f"\n## {family}\n\nEditions: {families.get(family).editions}.\n\n",
                  _table([{"strategy": f"`{s.name}`", "what it does": s.summary} for s in found], ["strategy", "what it does"]),
                  "\n" + " ".join(module.SHARED_BEHAVIOUR.split()) + "\n"]
        for parameters, members in registry.parameter_groups(family):
            parts += ["\n", _table([{"parameter": key, **{s.name: _short(s.params[key]) for s in members}}
                                    for key in parameters], ["parameter"] + [s.name for s in members]),
                      "\n", _table([{"parameter": key, "meaning": meaning} for key, (_, _, meaning) in parameters.items()],
                                    ["parameter", "meaning"])]
    return "".join(parts)


def _parameters_tables(parameters, found) -> str:
    """Each parameter's value in each strategy of `found`, then what each parameter means."""
    from simulator.cli.catalog import _short
    return "".join([_table([{"parameter": key, **{s.name: _short(s.params[key]) for s in found}} for key in parameters],
                           ["parameter"] + [s.name for s in found]),
                    "\n", _table([{"parameter": key, "meaning": meaning} for key, (_, _, meaning) in parameters.items()],
                                  ["parameter", "meaning"])])


def schema_page() -> str:
    """Each table's columns once for every group of families that write the same ones."""
    from simulator import families
    from simulator.cli.catalog import TABLES
    from simulator.results import schema
    from simulator.rules import builtin_editions, compile_rules, load_edition
    first_edition = {}
    for name in builtin_editions():
        first_edition.setdefault(load_edition(name).family, name)
    frames = {family: schema(compile_rules(load_edition(first_edition[family]))) for family in families.names()}
    parts = [_HEADER.format(source="simulator/results.py and each family's layout", command=REGENERATE),
             "# Results schema: every column\n\nWhat `monopoly-mc schema --edition NAME` prints, from the code that "
             "writes the tables (the players table's columns depend on the family). What a results directory "
             "holds is on the [results page](results.md).\n"]
    for table, what in TABLES.items():
        parts.append(f"\n## {table}\n\n`{what}`.\n")
        shared: dict[str, list[str]] = {}
        for family, frame in frames.items():
            rows = frame[frame.table == table].drop(columns="table").to_dict("records")
            shared.setdefault(_table(rows, ["column", "type", "meaning"]) if rows else "", []).append(family)
        for text, group in shared.items():
            if len(shared) > 1:
                parts.append(f"\n### {', '.join(group)}\n")
            parts.append("\n" + (text or "No rows: this family has no squares.\n"))
    return "".join(parts)


def pages() -> dict[str, str]:
    """Each generated page by its path under docs/."""
    from simulator.rules import builtin_editions
    generated = {f"editions/{name}.md": edition_page(name) for name in builtin_editions()}
    generated.update({"assumptions.md": assumptions_page(), "strategies-list.md": strategies_page(),
                      "schema.md": schema_page()})
    return generated


def stale_pages(docs: Path = DOCS) -> list[str]:
    """The generated pages missing from `docs` or different from what the code says now."""
    return [path for path, text in pages().items()
            if not (docs / path).is_file() or (docs / path).read_text(encoding="utf-8") != text]


def on_pre_build(config) -> None:
    """mkdocs hook: a stale generated page is a warning, so `mkdocs build --strict` fails on it."""
    for path in stale_pages(Path(config["docs_dir"])):
        logging.getLogger("mkdocs").warning(f"docs/{path} is not what the code says now: run `{REGENERATE}`")


# A link from a page to a file of the repository outside docs/ ([a report](../reports/x.md)): right where the
# Markdown is read in the repository, but not a page of the site
_OUTSIDE_LINK = re.compile(r"\[([^\]]+)\]\(((?:\.\./)+[^)#\s]*)(#[^)\s]*)?\)")


def on_page_markdown(markdown: str, page, config, files) -> str:
    """mkdocs hook: a link to a repository file outside docs/ becomes its path in the repository, and a link
    to a file that does not exist is a warning (so `--strict` fails), as mkdocs does for its own pages."""
    docs = Path(config["docs_dir"]).resolve()
    page_dir = (docs / page.file.src_uri).parent

    def repository_path(match: re.Match) -> str:
        text, target = match.group(1), (page_dir / match.group(2)).resolve()
        if target.is_relative_to(docs):
            return match.group(0)
        shown = target.relative_to(ROOT).as_posix()
        if not target.exists():
            logging.getLogger("mkdocs").warning(f"docs/{page.file.src_uri} links to {shown}, which does not exist")
        return f"`{shown}`" if text.strip("`") == shown else f"{text} (`{shown}`)"
    return _OUTSIDE_LINK.sub(repository_path, markdown)


if __name__ == "__main__":
    for path, text in pages().items():
        (DOCS / path).parent.mkdir(parents=True, exist_ok=True)
        (DOCS / path).write_text(text, encoding="utf-8")
