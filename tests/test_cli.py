"""The command line through click's runner: the user's path, and every kind of bad input."""
import json

import pandas as pd
import pytest
from click.testing import CliRunner

from simulator.cli import cli
from tests.helpers import invoke


def test_simulate_prints_tables_and_writes_tidy_results(tmp_path):
    out = tmp_path / "run"
    result = invoke("simulate", "--games", 300, "--seed", 4, "--out", out, "--no-progress")
    assert result.exit_code == 0, result.output
    assert "Win rate per strategy" in result.output and "95% CI" in result.output
    assert "Win rate per seat" in result.output and "Unfinished (turn cap)" in result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 300 and manifest["seed"] == 4 and len(manifest["edition"]["file_sha256"]) == 64
    games = pd.read_parquet(out / "games")
    players = pd.read_parquet(out / "players")
    squares = pd.read_parquet(out / "squares.parquet")
    cards = pd.read_parquet(out / "cards.parquet")
    assert len(games) == 300 and len(players) == 1200 and len(squares) == 40 and len(cards) == 31
    assert players.groupby("game").won.sum().le(1).all()
    finished = games[games.winner_seat >= 0]
    assert manifest["summary"]["finished"] == len(finished)
    wins = players[players.won].strategy.value_counts()
    reported = {s["strategy"]: s["wins"] for s in manifest["summary"]["strategies"]}
    assert {k: int(v) for k, v in wins.items() if v} == {k: v for k, v in reported.items() if v}
    assert squares.landings.sum() > 0 and cards.draws.sum() > 0
    assert not (out / "INCOMPLETE").exists()


def test_duckdb_reads_the_results(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    out = tmp_path / "run"
    assert invoke("simulate", "--games", 100, "--out", out, "--no-progress").exit_code == 0
    rows = duckdb.sql(f"select strategy, avg(won::int) from read_parquet('{out}/players/*.parquet') group by 1").fetchall()
    assert len(rows) == 4


def test_json_output_and_quick_variant():
    result = invoke("simulate", "--edition", "walking_dead", "--variant", "quick", "--games", 50, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["edition"]["variant"] == "quick" and data["summary"]["games"] == 50


def test_listings():
    editions = invoke("editions")
    assert editions.exit_code == 0 and "walking_dead" in editions.output and "quick" in editions.output
    listing = invoke("strategies")
    assert listing.exit_code == 0
    for name in ("buy_all", "cautious", "orange_red", "three_houses", "never_build", "jail_late", "hard_trader"):
        assert name in listing.output


def test_landing_with_exact_chain():
    result = invoke("landing", "--jail", "stay", "--exact", "--games", 20, "--rolls", 500)
    assert result.exit_code == 0
    assert "Illinois Avenue" in result.output and "exact" in result.output


@pytest.mark.parametrize("args,message", [
    (["simulate", "--edition", "chess"], "unknown edition 'chess'"),
    (["simulate", "--strategy", "lucky"], "unknown strategy 'lucky'"),
    (["simulate", "--players", "1"], "--players 1"),
    (["simulate", "--players", "9"], "--players 9"),
    (["simulate", "--games", "-5"], "--games -5"),
    (["simulate", "--variant", "fast"], "unknown variant 'fast'"),
    (["simulate", "--set", "rules.salary=3"], "no rule 'salary'"),
    (["simulate", "--set", "rules.start_cash=lots"], "rules.start_cash: expected an integer"),
    (["simulate", "--format", "xml"], "xml"),
    (["landing", "--jail", "never"], "never"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, args, message):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, args + ["--out", str(out)] if args[0] == "simulate" else args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_malformed_data_file_names_file_and_field(tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text('[edition]\nname = "mine"\nfamily = "board"\nextends = "classic"\n'
                   '[squares."Boardwalk"]\nprice = "cheap"\n')
    result = CliRunner().invoke(cli, ["simulate", "--edition", str(bad), "--games", "10"])
    assert result.exit_code == 2
    assert str(bad) in result.output and "price" in result.output and "integer" in result.output
    broken = tmp_path / "broken.toml"
    broken.write_text("[edition\n")
    result = CliRunner().invoke(cli, ["simulate", "--edition", str(broken)])
    assert result.exit_code == 2 and "not valid TOML" in result.output


def test_designer_file_extends_a_builtin_and_changes_the_game(tmp_path):
    rich = tmp_path / "rich.toml"
    rich.write_text('[edition]\nname = "rich"\nfamily = "board"\nextends = "classic"\n[rules]\nstart_cash = 3000\n')
    result = invoke("simulate", "--edition", rich, "--games", 200, "--seed", 1, "--format", "json")
    plain = invoke("simulate", "--games", 200, "--seed", 1, "--format", "json")
    rich_run, plain_run = json.loads(result.output), json.loads(plain.output)
    assert rich_run["edition"]["source"] == str(rich)
    assert rich_run["edition"]["rules_sha256"] != plain_run["edition"]["rules_sha256"]
    # More money to start builds sooner: games are shorter
    assert rich_run["summary"]["length"]["rounds"]["median"] < plain_run["summary"]["length"]["rounds"]["median"]


def test_existing_results_need_overwrite(tmp_path):
    out = tmp_path / "run"
    assert invoke("simulate", "--games", 20, "--out", out).exit_code == 0
    again = CliRunner().invoke(cli, ["simulate", "--games", "20", "--out", str(out)])
    assert again.exit_code == 2 and "--overwrite" in again.output
    assert invoke("simulate", "--games", 20, "--out", out, "--overwrite").exit_code == 0


def test_results_read_back_and_an_unfinished_run_is_refused(tmp_path):
    from simulator.results import INCOMPLETE_MARKER, ResultsError, read_manifest, read_table
    out = tmp_path / "run"
    assert invoke("simulate", "--games", 30, "--out", out).exit_code == 0
    assert read_manifest(out)["games"] == 30
    assert len(read_table(out, "players")) == 120 and len(read_table(out, "squares")) == 40
    (out / "manifest.json").unlink()
    (out / INCOMPLETE_MARKER).write_text("")
    with pytest.raises(ResultsError, match="unfinished run"):
        read_table(out, "games")


def test_bench_reports_each_edition_and_the_scaling():
    result = invoke("bench", "-e", "classic", "-e", "empire", "--games", 300, "--scaling")
    assert result.exit_code == 0, result.output
    table = result.output[result.output.index("edition  threads"):]
    rows = [line.split() for line in table.splitlines()[2:]
            if line and not line.startswith(("peak", "machine reference"))]
    import numba
    threads = ["1", str(numba.config.NUMBA_NUM_THREADS)] if numba.config.NUMBA_NUM_THREADS > 1 else ["1"]
    assert [(r[0], r[1]) for r in rows] == [(e, t) for e in ("classic", "empire") for t in threads]
    assert "peak memory" in result.output
    # the cost of a turn against the machine reference: reference turns/s over the engine's per thread
    reference = float(result.output.split("machine reference: ")[1].split(" M")[0]) * 1e6
    for row in rows:
        per_thread = float(row[4].replace(",", "")) / int(row[1])
        assert float(row[7]) == pytest.approx(reference / per_thread, rel=0.06)
    assert invoke("bench", "-e", "monopoly_junior").exit_code == 2


def test_json_has_no_float_noise_or_infinity_and_csv_reads_back():
    """JSON: 2000 games print as 2000, a missing rate as null; CSV: every table, as pandas reads it."""
    import io
    manifest = json.loads(invoke("simulate", "--games", 200, "--format", "json", "--no-progress").output)
    assert manifest["summary"]["games"] == 200 and isinstance(manifest["summary"]["fair_share"], float)
    strict = json.loads(invoke("cards", "--games", 200, "--format", "json", "--no-progress").output,
                        parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert all(isinstance(row["copies"], int) for row in strict["cards"])
    seats = invoke("simulate", "--games", 200, "--format", "csv", "--no-progress").output
    blocks = {b.splitlines()[0]: "\n".join(b.splitlines()[1:]) for b in seats.strip().split("\n\n")}
    assert set(blocks) == {"# strategies", "# seats"}
    assert pd.read_csv(io.StringIO(blocks["# seats"])).wins.sum() <= 200
    single = invoke("cards", "--games", 200, "--format", "csv", "--no-progress").output
    assert list(pd.read_csv(io.StringIO(single)).columns[:3]) == ["card", "deck", "text"]
