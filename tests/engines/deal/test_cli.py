"""Monopoly Deal through every command of the CLI (click's runner): simulate, properties (its colour sets),
cards per card type, landing (no board), tournament, sweeps over a card count and over the number of
players, compare, report, plot, strategies."""
import json

import pandas as pd
import pytest

from tests.helpers import invoke


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    out = tmp_path_factory.mktemp("deal") / "run"
    result = invoke("simulate", "-e", "deal", "--games", 1500, "--seed", 2, "--out", out, "--no-progress", "--check")
    assert result.exit_code == 0, result.output
    assert "Invariant checks: 0 games with a violation" in result.output
    return out


def test_simulate_writes_the_card_games_columns(stored):
    manifest = json.loads((stored / "manifest.json").read_text())
    assert manifest["edition"]["family"] == "deal" and manifest["players"] == 4
    players = pd.read_parquet(stored / "players")
    games = pd.read_parquet(stored / "games")
    assert set(games.end_reason.cat.categories) == {"three_sets", "turn_cap"}
    winners = players[players.won]
    assert (winners.sets >= 3).all() and len(winners) == manifest["summary"]["finished"]
    assert players.paid.sum() == players.received.sum(), "every payment is received"
    assert (players.rent_received <= players.received).all()
    assert {f"held_{s}" for s in ("brown", "dark_blue", "railroad", "utility")} <= set(players.columns)
    assert pd.read_parquet(stored / "squares.parquet").empty


def test_properties_rank_the_colour_sets_and_cards_cover_every_card_type(stored):
    result = invoke("properties", stored, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert "squares" not in data and len(data["groups"]) == 10
    cards = invoke("cards", stored, "--format", "json")
    assert cards.exit_code == 0, cards.output
    frame = pd.DataFrame(json.loads(cards.output)["cards"])
    assert frame.copies.sum() == 106 and len(frame) == 40
    breaker = frame.set_index("card").loc["deal_breaker"]
    assert breaker.copies == 2 and breaker.draws > 0


def test_landing_explains_there_is_no_board():
    result = invoke("landing", "-e", "deal")
    assert result.exit_code == 2 and "card game with no board" in result.output


def test_tournament_and_strategies_list_the_deal_field():
    result = invoke("tournament", "-e", "deal", "--games", 400, "--no-progress")
    assert result.exit_code == 0, result.output
    for name in ("bank_first", "rush_properties", "late_attacker", "opportunist", "random"):
        assert name in result.output
    listed = invoke("strategies", "--family", "deal", "--params")
    assert listed.exit_code == 0 and "say_no_min_loss" in listed.output and "attack_from_round" in listed.output


def test_sweep_over_a_card_count_changes_the_game():
    """A designer's question: what do more Deal Breakers do? With none no set is ever taken; with six,
    sets change hands."""
    result = invoke("sweep", "-e", "deal", "--set", "decks.deal.cards.deal_breaker.count=0,6", "--games", 600,
                    "--seed", 4, "--no-progress", "--format", "json")
    assert result.exit_code == 0, result.output
    assert sorted(pd.DataFrame(json.loads(result.output)["points"])["decks.deal.cards.deal_breaker.count"]) \
        == [0] * 4 + [6] * 4
    import simulator
    runs = simulator.sweep({"decks.deal.cards.deal_breaker.count": [0, 6]}, edition="deal", games=600, seed=4)
    taken = [int(run.players(["sets_taken"]).sets_taken.sum()) for run in runs]
    assert taken[0] == 0 and taken[1] > 50


def test_sweep_over_the_number_of_players_gives_the_first_player_advantage():
    result = invoke("sweep", "-e", "deal", "--set", "players=2,5", "--games", 600, "--no-progress", "--format", "json")
    assert result.exit_code == 0, result.output
    points = pd.DataFrame(json.loads(result.output)["points"])
    assert sorted(points.players.unique()) == [2, 5]
    fair = points.groupby("players").first_player_advantage_pts.first()
    assert fair.notna().all()
    assert set(points[points.players == 2].strategy) == {"bank_first", "rush_properties"}


def test_compare_report_and_plot(tmp_path, stored):
    variant = tmp_path / "more_breakers.toml"
    variant.write_text('[edition]\nextends = "deal"\nname = "more_breakers"\n'
                       '[decks.deal.cards.deal_breaker]\ncount = 4\n')
    compared = invoke("compare", "deal", variant, "--games", 400, "--no-progress")
    assert compared.exit_code == 0, compared.output
    report = invoke("report", stored, "--out", tmp_path / "deal.md")
    assert report.exit_code == 0, report.output
    text = (tmp_path / "deal.md").read_text()
    assert "Colour sets ranked" in text and "deal_breaker" in text and "Where rolls end" not in text
    plot = invoke("plot", stored, "--kind", "groups", "--out", tmp_path / "sets.png")
    assert plot.exit_code == 0 and (tmp_path / "sets.png").stat().st_size > 5_000
    board = invoke("plot", stored, "--kind", "landings", "--out", tmp_path / "landings.png")
    assert board.exit_code == 2 and "board games only" in board.output
    assert not (tmp_path / "landings.png").exists()


@pytest.mark.parametrize("args,message", [
    (["simulate", "-e", "deal", "--players", 6], "deal is played by 2 to 5 players"),
    (["simulate", "-e", "deal", "-s", "buy_all"], "unknown strategy 'buy_all' for the deal family"),
    (["simulate", "-e", "deal", "--set", "rules.wild_moves=often"], "rules.wild_moves: expected one of rulebook"),
    (["simulate", "-e", "deal", "--set", "decks.deal.cards.house.count=-1"], "count: expected an integer >= 0"),
    (["sweep", "-e", "deal", "--set", "players=2,11"], "deal is played by 2 to 5 players"),
    (["sweep", "-e", "deal", "--set", "strategy.opportunist.randomness=0.5,2"], "randomness: expected 0 to 1"),
])
def test_bad_deal_input_is_one_line(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
