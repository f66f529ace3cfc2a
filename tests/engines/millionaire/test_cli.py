"""Monopoly Millionaire through every command of the CLI (click's runner): simulate, properties, cards of
the three decks, landing, tournament, a sweep of the upgrade cost, compare, report, plot, strategies."""
import json

import pandas as pd
import pytest

from tests.helpers import invoke


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    out = tmp_path_factory.mktemp("millionaire") / "run"
    result = invoke("simulate", "-e", "millionaire", "--games", 800, "--seed", 2, "--out", out, "--no-progress",
                    "--check")
    assert result.exit_code == 0, result.output
    assert "Invariant checks: 0 games with a violation" in result.output
    return out


def test_simulate_writes_star_columns_and_a_millionaire_per_game(stored):
    manifest = json.loads((stored / "manifest.json").read_text())
    assert manifest["edition"]["family"] == "millionaire" and manifest["players"] == 4
    players = pd.read_parquet(stored / "players")
    games = pd.read_parquet(stored / "games")
    assert set(games.end_reason.cat.categories) == {"million", "last_standing", "turn_cap"}
    assert set(players.stars.unique()) <= {1, 3, 5}
    never = players[players.strategy == "never_upgrade"]
    assert (never.stars == 1).all() and (never.round_3_stars == -1).all() and (never.upgrade_cash_max == -1).all()
    measures = players[["upgrade_cash_max", "upgrade_cash_min", "spend_cash_max", "kept_cash_min"]]
    assert ((measures == -1) | (measures >= 0)).all().all() and (players.bought <= players.offers).all()
    climbed = players[players.stars == 5]
    assert len(climbed) > 0 and (climbed.round_5_stars >= climbed.round_3_stars).all()
    winners = players[players.won].merge(games[["game", "end_reason"]], on="game")
    assert (winners[winners.end_reason == "million"].cash >= 1000).all()
    assert manifest["summary"]["finished"] == int(players.won.sum())


def test_properties_and_cards_cover_the_board_and_the_three_decks(stored):
    result = invoke("properties", stored, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["squares"]) == 32 and len(data["groups"]) == 8
    cards = invoke("cards", stored, "--format", "json")
    assert cards.exit_code == 0, cards.output
    frame = pd.DataFrame(json.loads(cards.output)["cards"])
    assert frame.groupby("deck").copies.sum().to_dict() == {"chance": 14, "fortune": 22, "lifestyle": 14}
    fortune = frame[frame.deck == "fortune"]
    assert fortune.draws.sum() > 0, "Fortune cards are counted when revealed on a property"


def test_star_table_counts_the_levels_each_strategy_reached(stored):
    import simulator
    from simulator.analysis import star_table
    table = star_table(simulator.load(stored))
    never = table[table.strategy == "never_upgrade"]
    assert list(never.stars) == [1] and never.share.iloc[0] == 1.0
    assert never.median_round_3_stars.isna().all()
    climbers = table[(table.strategy == "upgrade_at_once") & (table.stars == 5)]
    assert climbers.median_round_5_stars.iloc[0] > climbers.median_round_3_stars.iloc[0]
    assert abs(table.groupby("strategy").share.sum() - 1).max() < 1e-9
    assert ((table.ci_low <= table.win_rate + 1e-12) & (table.win_rate <= table.ci_high + 1e-12)).all()


def test_landing_uses_the_32_square_board():
    result = invoke("landing", "-e", "millionaire", "--games", 200, "--rolls", 50, "--format", "json")
    assert result.exit_code == 0, result.output
    squares = json.loads(result.output)["squares"]
    assert len(squares) == 32
    jail = next(s for s in squares if s["name"] == "Jail")
    assert jail["share"] == max(s["share"] for s in squares)


def test_tournament_and_strategies_list_the_millionaire_field(tmp_path):
    result = invoke("tournament", "-e", "millionaire", "--games", 400, "--no-progress")
    assert result.exit_code == 0, result.output
    for name in ("upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first", "sprinter"):
        assert name in result.output
    listed = invoke("strategies", "--family", "millionaire", "--params")
    assert listed.exit_code == 0 and "upgrade_reserve" in listed.output and "hoard_from" in listed.output


def test_sweep_over_the_two_readings_of_the_upgrade_cost(tmp_path):
    result = invoke("sweep", "-e", "millionaire", "--set", "rules.upgrade_cost=50,450", "--games", 1500, "--seed", 4,
                    "--no-progress", "--format", "json", "-s", "upgrade_at_once", "-s", "never_upgrade")
    assert result.exit_code == 0, result.output
    points = pd.DataFrame(json.loads(result.output)["points"])
    rate = points.set_index(["rules.upgrade_cost", "strategy"]).win_rate_pct
    assert rate[(50, "upgrade_at_once")] > rate[(450, "upgrade_at_once")], "a dearer upgrade hurts who buys it"


def test_compare_report_and_plot(tmp_path, stored):
    variant = tmp_path / "rich_start.toml"
    variant.write_text('[edition]\nextends = "millionaire"\nname = "rich_start"\n[rules]\nwin_cash = 700\n')
    compared = invoke("compare", "millionaire", variant, "--games", 400, "--no-progress")
    assert compared.exit_code == 0, compared.output
    assert "rounds" in compared.output
    summary = tmp_path / "summary.md"
    summary.write_text("Climbing pays.\n\nAt once.\n")
    report = invoke("report", stored, "--out", tmp_path / "millionaire.md", "--summary", summary)
    assert report.exit_code == 0, report.output
    text = (tmp_path / "millionaire.md").read_text()
    assert text.index("## Summary") < text.index("Climbing pays.") < text.index("At once.") < text.index("## run")
    assert "Dark Blue 2" in text and "steal" in text and "Star levels reached" in text
    plot = invoke("plot", stored, "--kind", "groups", "--out", tmp_path / "groups.png")
    assert plot.exit_code == 0 and (tmp_path / "groups.png").stat().st_size > 5_000


@pytest.mark.parametrize("args,message", [
    (["simulate", "-e", "millionaire", "--players", 5], "millionaire is played by 2 to 4 players"),
    (["simulate", "-e", "millionaire", "-s", "buy_all"], "unknown strategy 'buy_all' for the millionaire family"),
    (["simulate", "-e", "millionaire", "--set", "rules.salary=[150]"], "rules.salary: expected 3 entries"),
    (["sweep", "-e", "millionaire", "--set", "strategy.never_upgrade.upgrade_reserve=-1,1"],
     "parameter upgrade_reserve: expected a number >= 0"),
])
def test_bad_millionaire_input_is_one_line(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
