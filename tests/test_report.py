"""What a report shows a reader (issue 33): its editions in the title, a table of contents, the three
findings that matter most with their intervals first, the seed as the user gave it, "-" with a note for a
missing value instead of pandas' <NA>, and tables whose cells do not wrap."""
import json
import re
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

from simulator import api, report
from tests.helpers import invoke


@pytest.fixture(scope="module")
def tournament(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "tour"
    result = invoke("tournament", "-s", "buy_all", "-s", "cautious", "-s", "never_build", "--players", 2,
                    "--games", 60, "--seed", 7, "--out", out, "--no-progress")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def html(tournament, tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "report.html"
    assert invoke("report", tournament, "--out", path).exit_code == 0
    return path.read_text()


def test_the_seed_shown_is_the_one_the_user_gave(tournament, html):
    derived = {json.loads(m.read_text())["seed"] for m in Path(tournament).glob("table-*/manifest.json")}
    assert "seed 7 (each table draws its own seed from it)" in html
    assert not any(str(seed) in html for seed in derived - {7})


def test_the_title_names_the_editions_and_the_contents_link_every_section(html):
    assert "<title>monopoly-mc report: classic</title>" in html
    links = re.findall(r'<a href="#([^"]+)">', html)
    headings = re.findall(r'<h2 id="([^"]+)">', html)
    assert links == headings and len(headings) >= 3


def test_the_report_opens_with_three_findings_each_with_its_interval(html):
    first = re.search(r"<h2[^>]*>([^<]+)</h2>\s*<ol class=\"findings\">(.*?)</ol>", html, re.S)
    assert first.group(1) == "Key findings" and html.index("Key findings</h2>") < html.index("Method</h2>")
    items = re.findall(r"<li>(.*?)</li>", first.group(2))
    assert len(items) == 3 and all(re.search(r"\[[-+]?\d+\.\d+(%| pts), [-+]?\d+\.\d+(%| pts)\]", i) for i in items)


def test_table_cells_do_not_wrap(html):
    style = re.search(r"td, th \{([^}]*)\}", html).group(1)
    assert "white-space: nowrap" in style


def test_a_missing_value_reads_as_a_dash_with_a_note(tmp_path):
    # Empire's utilities earn no rent in a short run: no payback, so no rank; a group nobody held, no lift
    runs = [api.simulate("empire", games=200, seed=5)]
    path = tmp_path / "empire.html"
    report.write_html(report.build([("empire", runs)]), report.default_title([("empire", runs)]), path)
    text = path.read_text()
    assert "&lt;NA&gt;" not in text and "<NA>" not in text and ">nan<" not in text and "[-, -]" not in text
    assert report.NOT_AVAILABLE in text.replace("&#39;", "'")
    plt.close("all")


def test_a_strategy_has_one_colour_across_the_reports_sources(tournament):
    # the tournament's field (3 strategies) and a run of two of them: the same colour for each in both plots
    from matplotlib.colors import to_hex
    run = api.simulate(players=2, strategies=["cautious", "never_build"], games=60, seed=2)
    blocks = report.build([("tour", api.load(tournament)), ("run", [run])])
    figures = [b.content for b in blocks if b.kind == "figure" and b.name.endswith("win_rates.png")]
    seen = {}
    for figure in figures:
        labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
        for label, bar in zip(labels, figure.axes[0].patches):
            seen.setdefault(label, set()).add(to_hex(bar.get_facecolor()))
    assert len(figures) == 2 and all(len(colours) == 1 for colours in seen.values()), seen
    assert len({c for colours in seen.values() for c in colours}) == len(seen)
    plt.close("all")


def test_the_group_finding_says_it_is_an_association_not_an_effect():
    """The lift compares holders with non-holders of the same strategy: winners also complete groups, so the
    finding must not read as what completing a group does."""
    run = api.simulate("classic", games=300, seed=1)
    [group] = [f for f in report._run_findings("classic", [run], False) if "completed" in f]
    assert "an association" in group and "not the effect" in group and "changes" not in group
