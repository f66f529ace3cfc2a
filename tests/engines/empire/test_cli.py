"""Monopoly Empire through every command of the CLI (click's runner): simulate, properties per brand and
colour group, cards of the Chance and Empire decks, tournament, sweep, compare, report, plot."""
import json
import re

import pandas as pd
import pytest

from tests.helpers import invoke


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    out = tmp_path_factory.mktemp("empire") / "run"
    result = invoke("simulate", "-e", "empire", "--games", 800, "--seed", 2, "--out", out, "--no-progress", "--check")
    assert result.exit_code == 0, result.output
    assert "Invariant checks: 0 games with a violation" in result.output
    return out


def test_simulate_writes_tower_columns_that_agree_with_the_summary(stored):
    manifest = json.loads((stored / "manifest.json").read_text())
    assert manifest["edition"]["family"] == "empire" and manifest["players"] == 4
    players = pd.read_parquet(stored / "players")
    games = pd.read_parquet(stored / "games")
    for column in ("tower_height", "tower_value", "brands", "utilities", "skyscrapers", "swaps", "cards_played",
                   "attacks_blocked", "billboards_lost", "held_brown", "held_dark_blue"):
        assert column in players.columns
    assert set(games.end_reason.cat.categories) == {"tower_full", "turn_cap"}
    finished = games[games.end_reason == "tower_full"]
    assert manifest["summary"]["finished"] == len(finished) == int(players.won.sum())
    assert (players.tower_value == players.tower_height.astype(int).clip(upper=16) * 50).all()


def test_properties_rank_brands_and_colour_groups(stored):
    result = invoke("properties", stored, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["squares"]) == 36
    assert {g["group"] for g in data["groups"]} == {"brown", "light_blue", "pink", "orange", "red", "yellow",
                                                     "green", "dark_blue"}
    brands = [s for s in data["squares"] if s["kind"] == "brand"]
    assert len(brands) == 22 and all(s["rent_collected"] >= 0 for s in brands)
    assert sum(s["rent_collected"] for s in brands) > 0


def test_cards_cover_the_chance_and_empire_decks(stored):
    result = invoke("cards", stored, "--format", "json")
    assert result.exit_code == 0
    cards = pd.DataFrame(json.loads(result.output)["cards"])
    assert set(cards.deck) == {"chance", "empire"} and len(cards) == 22
    assert cards[cards.deck == "empire"].copies.sum() == 14 and cards[cards.deck == "chance"].copies.sum() == 14


def test_tournament_uses_the_empire_field(tmp_path):
    result = invoke("tournament", "-e", "empire", "--games", 400, "--no-progress", "--plot", tmp_path / "w.png")
    assert result.exit_code == 0, result.output
    for name in ("buy_everything", "skyscraper_saver", "card_shark", "swapper", "cautious"):
        assert name in result.output


def test_sweep_of_a_rule_option_with_a_fixed_strategy_parameter(tmp_path):
    result = invoke("sweep", "-e", "empire", "--set", "rules.swap_then_move=false,true",
                    "--set", "strategy.swapper.swap_min_gain=3", "--games", 300, "--no-progress", "--format", "json",
                    "--out", tmp_path / "sweep")
    assert result.exit_code == 0, result.output
    points = pd.DataFrame(json.loads(result.output)["points"])
    assert sorted(points["rules.swap_then_move"].unique()) == [False, True]
    assert set(points.strategy) == {"buy_everything", "skyscraper_saver", "card_shark", "swapper"}
    for point in ("point-000", "point-001"):
        manifest = json.loads((tmp_path / "sweep" / point / "manifest.json").read_text())
        swapper = next(s for s in manifest["lineup"] if s["strategy"] == "swapper")
        assert swapper["params"]["swap_min_gain"] == 3, "the fixed value reaches every point"


def test_compare_two_data_files_and_report_and_plot(tmp_path, stored):
    variant = tmp_path / "pricier_skyscrapers.toml"
    variant.write_text('[edition]\nextends = "empire"\nname = "pricier"\n[rules]\nskyscraper_price = 800\n')
    compared = invoke("compare", "empire", variant, "--games", 400, "--no-progress")
    assert compared.exit_code == 0, compared.output
    saver = next(line for line in compared.output.splitlines() if line.startswith("win rate: skyscraper_saver"))
    assert " -" in saver and re.search(r"(<0\.001|\d\.\d{3})\*", saver), "dearer skyscrapers hurt the strategy that buys them"
    report = invoke("report", stored, "--out", tmp_path / "empire.md")
    assert report.exit_code == 0, report.output
    text = (tmp_path / "empire.md").read_text()
    assert "Nerf" in text and "dark_blue" in text and "charge_400" in text
    plot = invoke("plot", stored, "--kind", "groups", "--out", tmp_path / "groups.png")
    assert plot.exit_code == 0 and (tmp_path / "groups.png").stat().st_size > 5_000


@pytest.mark.parametrize("args,message", [
    (["simulate", "-e", "empire", "--players", 5], "empire is played by 2 to 4 players"),
    (["simulate", "-e", "empire", "-s", "buy_all"], "unknown strategy 'buy_all' for the empire family"),
    (["simulate", "-e", "empire", "--set", "rules.swap_face=9"], "rules.swap_face: expected an integer <= 6"),
    (["landing", "-e", "empire"], "the movement model covers the classic board"),
    (["strategies", "--family", "junior"], "Invalid value for '--family'"),
])
def test_bad_empire_input_is_one_line(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
