"""The analysis commands through click's runner: stored results in, tables, JSON, plots and reports out,
and every bad input as one line with exit code 2."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from simulator import analysis
from simulator.cli import cli
from simulator.results import FORMAT_VERSION, load_results
from tests.helpers import invoke


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs") / "classic"
    assert invoke("simulate", "--games", 600, "--seed", 3, "--out", out, "--no-progress").exit_code == 0
    return out


def test_properties_and_cards_read_stored_results(stored):
    properties = invoke("properties", stored, "--top", 5)
    assert properties.exit_code == 0
    assert "Colour groups ranked by the point estimate of the win-rate lift" in properties.output
    assert "Baltic Avenue" in properties.output
    assert max(len(line) for line in properties.output.splitlines()) <= 100   # the tables fit 100 columns
    data = json.loads(invoke("properties", stored, "--format", "json").output)
    assert len(data["squares"]) == 40 and len(data["groups"]) == 8
    cards = invoke("cards", stored, "--top", 3)
    assert cards.exit_code == 0 and "top 3 of 31" in " ".join(cards.output.split())  # the title may wrap
    assert max(len(line) for line in cards.output.splitlines()) <= 100 and "…" not in cards.output


def test_json_and_csv_give_rates_in_percent_differences_in_points_and_counts_as_integers(stored):
    data = json.loads(invoke("properties", stored, "--format", "json").output)
    group = data["groups"][0]
    assert {"lift_pts", "lift_ci_low_pts", "held_share_pct", "win_rate_held_pct"} <= group.keys()
    assert "lift" not in group and isinstance(group["held_player_games"], int)
    frame = analysis.group_table(load_results([stored]))
    assert group["lift_pts"] == pytest.approx(100 * frame.lift[0])
    assert 0 <= group["held_share_pct"] <= 100 and group["held_share_pct"] == pytest.approx(100 * frame.held_share[0])
    header = invoke("properties", stored, "--format", "csv").output.split("# groups\n")[1].splitlines()[0]
    assert "lift_pts" in header.split(",") and "win_rate_held_pct" in header.split(",")


def test_properties_simulate_when_given_no_results():
    result = invoke("properties", "--edition", "walking_dead", "--games", 300, "--no-progress")
    assert result.exit_code == 0 and "Colour groups" in result.output


def test_tournament_stored_and_read_back_gives_the_same_tables(tmp_path):
    out = tmp_path / "tour"
    first = invoke("tournament", "-s", "buy_all", "-s", "cautious", "-s", "never_build", "--players", 2,
                   "--games", 300, "--out", out, "--no-progress", "--plot", tmp_path / "wins.png")
    assert first.exit_code == 0, first.output
    assert "Head to head" in first.output and (tmp_path / "wins.png").stat().st_size > 10_000
    again = invoke("tournament", "--results", out)
    assert again.exit_code == 0
    assert again.output.split("Strategies ranked")[1] == first.output.split("Strategies ranked")[1]


def test_sweep_with_plot_and_read_back(tmp_path):
    out = tmp_path / "sweep"
    result = invoke("sweep", "--set", "rules.start_cash=1000,2500", "--games", 200, "--out", out,
                    "--plot", tmp_path / "sweep.png", "--no-progress")
    assert result.exit_code == 0, result.output
    assert "first-player" in result.output and "2500" in result.output
    assert (tmp_path / "sweep.png").exists()
    assert invoke("sweep", "--results", out).output == result.output
    # the win rates' block (the designer measures follow it, each block after a "# name" line)
    csv = invoke("sweep", "--results", out, "--format", "csv").output.split("\n\n")[0].splitlines()[1:]
    counts = [row.split(",")[csv[0].split(",").index(c)] for row in csv[1:] for c in ("games", "finished")]
    assert all(c.isdigit() for c in counts), counts  # counts as integers, not 200.0
    heat = invoke("sweep", "--set", "rules.go_salary=100,200", "--set", "strategy.buy_all.build_reserve=0,300",
                  "--games", 100, "--plot", tmp_path / "heat.png", "--no-progress")
    assert heat.exit_code == 0 and (tmp_path / "heat.png").exists()


def test_a_sweep_point_with_no_finished_game_reports_it_like_simulate():
    # one round is too short for any bankruptcy: every game of both points stops at the turn cap
    result = invoke("sweep", "--set", "rules.max_rounds=1,2", "--games", 50, "--no-progress")
    assert result.exit_code == 0, result.output
    unfinished = [line.split()[0] for line in result.output.splitlines() if "100.00% [" in line]
    assert unfinished == ["1", "2"], result.output


def test_compare_two_stored_runs_and_two_data_files(stored):
    same = invoke("compare", stored, stored)
    assert same.exit_code == 0 and "+0.0 pts" in same.output
    assert not [line for line in same.output.splitlines() if line.startswith(("win rate", "unfinished")) and "*" in line]
    files = invoke("compare", "classic", "walking_dead", "--games", 200, "--no-progress")
    assert files.exit_code == 0 and "note: A is classic and B is walking_dead" in files.output


def test_compare_json_and_csv_keep_rates_and_rounds_in_columns_of_their_own(stored):
    """compare's rows are rates and one mean length: the length goes in `_rounds` columns, never in a `_pct`
    or `_pts` one (it was 56.1 under a_pct)."""
    rows = {r["measure"]: r for r in json.loads(invoke("compare", stored, stored, "--format", "json").output)
            ["comparison"]}
    length, seat = rows["mean rounds"], rows["win rate: seat 1"]
    assert length["a_pct"] is None and length["difference_pts"] is None and length["a_rounds"] > 10
    assert seat["a_rounds"] is None and 0 < seat["a_pct"] < 100 and seat["difference_pts"] == 0
    header = invoke("compare", stored, stored, "--format", "csv").output.splitlines()[0].split(",")
    assert {"a_pct", "difference_pts", "a_rounds", "difference_rounds", "ci_low_rounds"} <= set(header)


def test_report_html_and_markdown(stored, tmp_path):
    html = tmp_path / "report.html"
    result = invoke("report", stored, "--out", html)
    assert result.exit_code == 0, result.output
    text = html.read_text()
    assert text.count("<img") >= 6 and "Method" in text and "Wilson" in text and "SHA-256" in text
    markdown = tmp_path / "report.md"
    assert invoke("report", stored, "--out", markdown).exit_code == 0
    assert "| rank | strategy |" in markdown.read_text()
    assert len(list((tmp_path / "report_files").glob("*.png"))) >= 6


@pytest.mark.parametrize("kind", ["win-rates", "length", "landings", "rent", "groups", "cards"])
def test_every_plot(stored, tmp_path, kind):
    out = tmp_path / f"{kind}.png"
    assert invoke("plot", stored, "--kind", kind, "--out", out).exit_code == 0
    assert out.read_bytes()[:4] == b"\x89PNG"


def _old_format(stored, tmp_path):
    import shutil
    old = tmp_path / "old"
    shutil.copytree(stored, old)
    manifest = json.loads((old / "manifest.json").read_text())
    # the previous format, whose frames counted seats from 0: refused, not read with the seats shifted
    (old / "manifest.json").write_text(json.dumps({**manifest, "format_version": FORMAT_VERSION - 1}))
    return old


@pytest.mark.parametrize("command", [
    ["properties", "{old}"], ["cards", "{old}"], ["report", "{old}", "--out", "{tmp}/r.html"],
    ["plot", "{old}", "--kind", "length", "--out", "{tmp}/p.png"], ["compare", "{old}", "{old}"],
    ["tournament", "--results", "{old}"], ["sweep", "--results", "{old}"],
])
def test_every_command_refuses_an_older_results_format_in_one_line(stored, tmp_path, command):
    old = _old_format(stored, tmp_path)
    args = [a.format(old=old, tmp=tmp_path) for a in command]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"results format {FORMAT_VERSION - 1}" in lines[0] and "rerun" in lines[0]
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "p.png").exists()


@pytest.mark.parametrize("args,message", [
    (["properties", "{stored}", "{quick}"], "different boards"),
    (["sweep", "--results", "{stored}"], "not a sweep point"),
    (["sweep", "--set", "rules.start_cash=1000"], "give one or two values to vary"),
    (["sweep", "--set", "rules.start_cash=1,2", "--set", "rules.go_salary=1,2", "--set", "rules.jail_fine=1,2"],
     "one or two values"),
    (["sweep", "--set", "strategy.buy_all.luck=1,2"], "unknown parameter 'luck'"),
    (["sweep", "--set", "rules.salary=1,2"], "no rule 'salary'"),
    (["tournament", "-s", "buy_all"], "at least two different strategies"),
    (["tournament", "-s", "buy_all", "-s", "lucky"], "unknown strategy 'lucky'"),
    (["compare", "classic", "chess"], "unknown edition 'chess'"),
    (["compare", "{stored}", "{stored}", "--detect", "2"], "--detect 2"),
    (["report", "{stored}", "--out", "{tmp}/r.pdf"], "expected a .html or .md file"),
    (["plot", "{stored}", "--kind", "pie", "--out", "{tmp}/p.png"], "pie"),
    (["cards", "{tmp}/missing"], "not a directory"),
])
def test_bad_analysis_input_is_one_line_exit_2(stored, tmp_path, args, message):
    quick = tmp_path / "quick"
    if "{quick}" in args:
        assert invoke("simulate", "--edition", "walking_dead", "--variant", "quick", "--games", 50,
                      "--out", quick, "--no-progress").exit_code == 0
    result = CliRunner().invoke(cli, [a.format(stored=stored, quick=quick, tmp=tmp_path) for a in args])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_python_m_simulator_cli_knows_the_analysis_commands():
    """`python -m simulator.cli` runs the module as __main__: the analysis commands must be there too."""
    result = subprocess.run([sys.executable, "-m", "simulator.cli", "cards", "--help"], capture_output=True,
                            text=True, timeout=120, cwd=Path(__file__).resolve().parent.parent)
    assert result.returncode == 0 and "Usage:" in result.stdout and "cards" in result.stdout
