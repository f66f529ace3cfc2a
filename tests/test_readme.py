"""The README is the front door: its assumptions table keeps up with the data files."""
from pathlib import Path

import pytest

from simulator.rules import builtin_editions, load_edition

README = (Path(__file__).parent.parent / "README.md").read_text()


@pytest.mark.parametrize("name", builtin_editions())
def test_readme_lists_every_assumption_of_each_data_file(name):
    """A data file's own assumptions (not those it inherits through `extends`) each have a README row."""
    edition = load_edition(name)
    inherited = load_edition(edition.document["edition"]["extends"]).assumptions \
        if "extends" in edition.document["edition"] else []
    own = len(edition.assumptions) - len(inherited)
    section = README[README.index("## Assumptions"):README.index("## Tests")]
    rows = [line for line in section.splitlines() if line.startswith(f"| {name} |")]
    assert own > 0 and len(rows) >= own, f"{name}: {own} assumptions in the data file, {len(rows)} README rows"
