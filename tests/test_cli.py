"""The command line through click's runner: the user's path, and every kind of bad input."""
import json
import re

import pandas as pd
import pytest
from click.testing import CliRunner

from simulator.cli import cli
from simulator.rules import load_edition
from tests.helpers import invoke


def test_a_seat_in_the_frames_is_the_same_seat_in_the_printed_table(tmp_path):
    out = tmp_path / "run"
    printed = invoke("simulate", "--games", 200, "--seed", 5, "--fixed-seats", "--out", out, "--no-progress").output
    lines = printed.split("Win rate per seat")[1].split("\n\n")[0].splitlines()[3:]
    table_wins = {int(line.split()[0]): int(line.split()[1]) for line in lines}
    players = pd.read_parquet(out / "players", columns=["seat", "strategy", "won"])
    games = pd.read_parquet(out / "games", columns=["winner_seat"])
    assert players.groupby("seat").won.sum().to_dict() == table_wins
    assert games.winner_seat.value_counts().to_dict() == {k: v for k, v in table_wins.items() if v}
    assert games.winner_seat.isna().sum() == 200 - sum(table_wins.values())
    # with fixed seats, seat 1 holds the first --strategy (buy_all by default)
    assert players[players.seat == 1].strategy.unique().tolist() == ["buy_all"]


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
    finished = games[games.winner_seat.notna()]
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
    from simulator.results import (
        INCOMPLETE_MARKER,
        ResultsError,
        read_manifest,
        read_table,
    )
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
    table = result.output[re.search(r"^edition +threads", result.output, re.M).start():]
    rows = [re.split(r"\s{2,}", line.strip()) for line in table.splitlines()[2:]
            if line and not line.startswith(("peak", "machine reference"))]
    import numba

    from simulator.benchmark import search_lineup
    threads = ["1", str(numba.config.NUMBA_NUM_THREADS)] if numba.config.NUMBA_NUM_THREADS > 1 else ["1"]
    # a family with a search player: its table with the search player in seat 1, on one thread
    searched = {e: search_lineup(load_edition(e).family, ["seat 1"]) is not None for e in ("classic", "empire")}
    assert searched["classic"]
    assert [(r[0], r[1]) for r in rows] == [row for e in ("classic", "empire") for row in
                                            [(e, t) for t in threads] + [(f"{e} + search", "1")] * searched[e]]
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


# --- a data file cannot lie; no work lost ------------------------------------------------------------

def refused(*args, message):
    """The command is refused in one line on stderr naming `message`, with exit code 2 and no output."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], (result.exit_code, result.output)
    assert result.stdout == "" and result.exception is None or isinstance(result.exception, SystemExit)
    return lines[0]


EXTENDS_CLASSIC = '[edition]\nname = "mine"\nextends = "classic"\n'


@pytest.mark.parametrize("body,message", [
    ("[rules]\nstrat_cash = 2000\n", "rules: no rule 'strat_cash': did you mean start_cash?"),
    ('[squares."Boardwalk"]\nprce = 450\n', "squares.Boardwalk: no field 'prce': did you mean price?"),
    ("[decks.chance.cards.bank_dividend]\ncuont = 2\n",
     "decks.chance.cards.bank_dividend: no field 'cuont': did you mean count?"),
    ('[squares."Bordwalk"]\nprice = 450\n', "no entry named 'Bordwalk': did you mean Boardwalk?"),
    ("[variants.short]\nmax_housez = 3\n", "variants.short: no rule 'max_housez': did you mean max_houses?"),
    ("[rule]\nstart_cash = 2000\n", "no field 'rule': did you mean rules?"),
    ("[decks.chance.cards.bank_dividend]\namount = 1.5\n", "decks.chance.cards.bank_dividend.amount: expected an integer"),
])
def test_a_data_file_with_an_unknown_key_or_a_bad_value_is_refused_naming_it(tmp_path, monkeypatch, body, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(EXTENDS_CLASSIC + body)
    line = refused("simulate", "--edition", "mine.toml", "--games", 10, message=message)
    assert line.startswith("monopoly-mc: error: mine.toml: "), "the file as the user wrote it"


@pytest.mark.parametrize("args,message", [
    (["--set", "squares.Boardwalk.prce=450"], "--set squares.Boardwalk.prce=450: squares.Boardwalk: no field 'prce': "
                                              "did you mean price?"),
    (["--set", "squares.Bordwalk.price=450"], "did you mean Boardwalk?"),
    (["--set", "edition.family=empire"], "--set edition.family=\"empire\": the [edition] table"),
    (["--set", "rules.start_cash=1.5"], "--set rules.start_cash=1.5: rules.start_cash: expected an integer"),
    (["--set", "rules.deal_deeds=20"], "--set rules.deal_deeds=20: rules.deal_deeds: expected at most 3 deeds"),
    (["--set", "decks.chance.cards.bank_dividend.count=1000000000"],
     "decks.chance.cards.bank_dividend.count: expected an integer <= 1000"),
    (["-s", "Buy_All"], "unknown strategy 'Buy_All' for the board family: did you mean buy_all?"),
    (["--edition", "deal", "--set", "decks.deal.cards.pass_go.count=1000000000"], "pass_go.count: expected an integer"),
    (["--edition", "empire", "--set", "rules.starting_cards=1000000000"], "rules.starting_cards: expected at most"),
    (["--games", "99999999999999999999"], "--games 99999999999999999999: expected a number of games from 1"),
    (["--batch-size", "1000000000"], "--batch-size 1000000000: expected a number of games from 1"),
    (["--scheduler", "bogus"], "--scheduler bogus: no Dask cluster"),
    (["--workers", "100000"], "--workers 100000: expected a positive number of local worker processes, at most 256"),
])
def test_bad_values_name_what_was_written(args, message):
    line = refused("simulate", "--games", 10, *args, message=message)
    assert "editions/classic.toml" not in line


def test_a_bad_extends_names_the_file_that_says_it(tmp_path):
    (tmp_path / "base.toml").write_text('[edition]\nname = "base"\nextends = "clasic"\n')
    (tmp_path / "mine.toml").write_text('[edition]\nname = "mine"\nextends = "base.toml"\n')
    refused("simulate", "--edition", tmp_path / "mine.toml",
            message=f"{tmp_path / 'base.toml'}: edition.extends: unknown edition 'clasic'")


def test_optional_keys_the_compiler_reads_are_known(tmp_path):
    """Known keys: what the family's built-in files hold, and what its compiler reads (keys with a default,
    or read only for squares the built-in file lacks)."""
    from simulator.engines.shared import layout as L
    from simulator.rules import EditionError, compile_rules, load_edition
    mortgaged = load_edition("classic", overrides=[("squares.Boardwalk.mortgage", 150),
                                                   ("squares.Boardwalk.hotel_cost", 300)])
    board = compile_rules(mortgaged)
    boardwalk = board.sq[board.square_names.index("Boardwalk")]
    assert boardwalk[L.SQ_MORTGAGE] == 150 and boardwalk[L.SQ_HOTEL_COST] == 300
    railroads = tmp_path / "railroads.toml"
    railroads.write_text('[edition]\nname = "railroads"\nextends = "millionaire"\n[rules]\nrailroad_rent = [25]\n'
                         '[squares."Brown 2"]\nkind = "railroad"\n')
    assert "Brown 2" in compile_rules(load_edition(railroads)).square_names
    railroads.write_text(railroads.read_text().replace("railroad_rent", "railroad_rnt"))
    with pytest.raises(EditionError, match="rules.railroad_rent: expected a list of integers"):
        load_edition(railroads)  # the railroad needs it: what the compiler missed is the clearer message
    railroads.write_text(railroads.read_text().replace("railroad_rnt = [25]", "railroad_rent = [25]\nwheels = 4"))
    with pytest.raises(EditionError, match="railroads.toml: rules: no rule 'wheels'"):
        load_edition(railroads)  # once the file compiles, a key nothing reads is refused


@pytest.mark.parametrize("command", [
    ["report", "{results}", "--out", "{dir}.html"],
    ["plot", "{results}", "--kind", "length", "--out", "{dir}.png"],
    ["sweep", "--set", "rules.start_cash=1000,2000", "--games", "8", "--plot", "{dir}.png"],
    ["tournament", "--games", "8", "--plot", "{dir}.png"],
    ["simulate", "--games", "8", "--out", "{file}"],
    ["report", "{results}", "--out", "/proc/report.html"],
    ["sweep", "--set", "rules.start_cash=1000,2000", "--games", "8", "--plot", "/proc/sweep.png"],
    ["simulate", "--games", "8", "--out", "/proc/results"],
])
def test_outputs_that_cannot_be_written_are_refused_before_any_game(tmp_path, command):
    (tmp_path / "taken.html").mkdir()
    (tmp_path / "taken.png").mkdir()
    (tmp_path / "a_file").write_text("mine")
    args = [a.format(results=tmp_path, dir=tmp_path / "taken", file=tmp_path / "a_file") for a in command]
    refused(*args, message="--")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file", "taken.html", "taken.png"]
    assert not list(tmp_path.glob("**/*.partial"))


@pytest.mark.parametrize("args,message", [
    (["cards", "--top", "0"], "Invalid value for '--top': 0"),
    (["properties", "--top", "-3"], "Invalid value for '--top': -3"),
    (["simulate", "--out", "{out}", "--overwrite", "--resume"], "--overwrite and --resume: give one"),
    (["sweep", "--set", "strategy.buy_all.bid_factr=1,2"], "unknown parameter 'bid_factr': did you mean bid_factor?"),
    (["sweep", "--set", "strategy.buy_al.bid_factor=1,2"], "strategy 'buy_al' is not in the lineup: did you mean buy_all?"),
    (["landing", "--games", "99999999999999999999"], "--games 99999999999999999999 --rolls 10000: expected 1 to"),
])
def test_bad_options_are_one_line(tmp_path, args, message):
    refused(*[a.format(out=tmp_path / "run") for a in args], message=message)


def test_a_failed_write_leaves_no_partial_file(tmp_path):
    from simulator.results import write_atomically

    def fail(partial):
        partial.write_text("half")
        raise OSError(28, "No space left on device")
    with pytest.raises(OSError):
        write_atomically(tmp_path / "manifest.json", write=fail)
    assert list(tmp_path.iterdir()) == []


def test_a_sweep_prints_its_table_before_plotting(monkeypatch):
    from simulator import plots

    def broken(figure, path):
        raise RuntimeError("the plot failed")
    monkeypatch.setattr(plots, "save", broken)
    result = CliRunner().invoke(cli, ["sweep", "--set", "rules.start_cash=1000,2000", "--games", "8",
                                      "--no-progress", "--plot", "sweep.png"])
    assert isinstance(result.exception, RuntimeError) and "Sweep: win rate per strategy" in result.stdout


def test_batches_are_planned_as_they_are_played():
    """A run of many batches does not hold a list of them: memory stays flat before the first game."""
    import tracemalloc

    from simulator.rules import compile_rules, load_edition
    from simulator.runner import RunSpec, resolve_lineup, run

    class Stop(Exception):
        pass

    class FirstBatchOnly:
        description = {"threads": 1}
        prepares_here = False

        def map(self, task, batches):
            assert next(iter(batches)) == 0
            raise Stop

    edition = load_edition("classic")
    spec = RunSpec(edition=edition, lineup=resolve_lineup(edition, compile_rules(edition), 4, []), games=2_000_000,
                   batch_size=1)
    tracemalloc.start()
    with pytest.raises(Stop):
        run(spec, executor=FirstBatchOnly())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 20_000_000, f"{peak:,} bytes"


@pytest.mark.parametrize("args,message", [
    (["--edition", "clasic"], "unknown edition 'clasic': did you mean classic?"),
    (["--edition", "Classic"], "unknown edition 'Classic': did you mean classic?"),
    (["--edition", "walking-dead"], "unknown edition 'walking-dead': did you mean walking_dead?"),
    (["--edition", "deal", "--players", "7"],
     "--players 7: deal is played by 2 to 5 players; the two_decks variant plays 2 to 10: add --variant two_decks"),
    (["--set", "start_cash=2000"], "--set start_cash=2000: no field 'start_cash': did you mean rules.start_cash?"),
    (["--set", "decks.deal.cards.rent_wild.count=0"],
     "decks: no field 'deal' (known: chance, community_chest); decks.deal is a path of the deal edition: add "
     "--edition deal"),
    (["--games", "12q"], "12q: expected a whole number of games, e.g. 20000, 20k or 2M"),
])
def test_a_newcomer_s_slip_is_one_line_with_the_hint_it_needs(args, message):
    result = CliRunner().invoke(cli, ["simulate", *args, "--no-progress"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert message in result.output


def test_game_counts_are_written_as_people_write_them():
    for written, games in (("2k", 2000), ("1.5k", 1500), ("1_000", 1000), ("1,000", 1000)):
        result = invoke("simulate", "--games", written, "--no-progress", "--format", "json", "-e", "empire")
        assert result.exit_code == 0 and json.loads(result.output)["games"] == games


def test_a_tournament_says_when_it_rounds_the_games_up():
    result = CliRunner().invoke(cli, ["tournament", "--games", "10", "--no-progress"])
    assert result.exit_code == 0
    assert "(20 in all): --games 10 rounded up, as every table plays whole rotations of its 4 seats" in result.output
    exact = CliRunner().invoke(cli, ["tournament", "--games", "20", "--no-progress"])
    assert "rounded up" not in exact.output


def test_help_lists_the_users_commands_first_and_the_developers_apart():
    text = invoke("--help").output
    users, developers = text.split("Developer commands:")
    assert "simulate" in users and " ab " not in users and "  ab  " in developers
    assert users.index("simulate") < users.index("tournament") < users.index("schema")
