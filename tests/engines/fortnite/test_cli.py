"""Monopoly Fortnite through every command of the CLI (click's runner): simulate, properties (locations and
colour pairs), cards (storm deck, chest items, action die faces), landing (refused: walls make the movement
the strategies'), tournament, a sweep over the walls, compare, report, plot, strategies."""
import json

import pandas as pd
import pytest

from tests.helpers import invoke


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    out = tmp_path_factory.mktemp("fortnite") / "run"
    result = invoke("simulate", "-e", "fortnite", "--games", 1500, "--seed", 2, "--out", out, "--no-progress",
                    "--check")
    assert result.exit_code == 0, result.output
    assert "Invariant checks: 0 games with a violation" in result.output
    return out


def test_simulate_writes_hp_and_the_survivor(stored):
    manifest = json.loads((stored / "manifest.json").read_text())
    assert manifest["edition"]["family"] == "fortnite" and manifest["players"] == 4
    players = pd.read_parquet(stored / "players")
    games = pd.read_parquet(stored / "games")
    assert set(games.end_reason.cat.categories) == {"last_survivor", "turn_cap"}
    winners = players[players.won]
    assert (winners.hp >= 1).all() and (winners.eliminated_turn == -1).all()
    finished = games[games.end_reason == "last_survivor"].game
    losers = players[players.game.isin(finished) & ~players.won]
    assert (losers.hp == 0).all() and (losers.eliminated_turn >= 0).all() and (losers.locations == 0).all()
    assert players.hp.max() <= 15
    assert players.walls.sum() > 0 and players.damage_dealt.sum() > 0 and players.storm_lost.sum() > 0


def test_properties_and_cards_cover_the_board_the_decks_and_the_die(stored):
    result = invoke("properties", stored, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["squares"]) == 32 and len(data["groups"]) == 8
    cards = invoke("cards", stored, "--format", "json")
    assert cards.exit_code == 0, cards.output
    frame = pd.DataFrame(json.loads(cards.output)["cards"])
    assert frame.groupby("deck").copies.sum().to_dict() == {"action_die": 6, "chest": 16, "storm": 15}
    die = frame[frame.deck == "action_die"].set_index("card")
    assert die.loc["face_crosshair"].draws > 1.5 * die.loc["face_bandages"].draws, "two crosshair faces of six"


def test_landing_is_refused_with_a_reason():
    result = invoke("landing", "-e", "fortnite")
    assert result.exit_code == 2 and "not fortnite" in result.output


def test_tournament_and_strategies_list_the_fortnite_field():
    result = invoke("tournament", "-e", "fortnite", "--games", 300, "--no-progress")
    assert result.exit_code == 0, result.output
    for name in ("aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider", "passive"):
        assert name in result.output
    listed = invoke("strategies", "--family", "fortnite", "--params")
    assert listed.exit_code == 0 and "wall_trap" in listed.output and "storm_fear" in listed.output


def test_sweep_over_the_pile_of_walls():
    """A designer's question: what do walls do to the game? With none, nobody stands one."""
    import simulator
    runs = simulator.sweep({"rules.walls": [0, 8]}, edition="fortnite", games=400, seed=4)
    walls = [int(run.players(["walls"]).walls.sum()) for run in runs]
    assert walls[0] == 0 and walls[1] > 100
    result = invoke("sweep", "-e", "fortnite", "--set", "players=2,7", "--games", 300, "--no-progress", "--format",
                    "json")
    assert result.exit_code == 0, result.output
    assert sorted(pd.DataFrame(json.loads(result.output)["points"]).players.unique()) == [2, 7]


def test_compare_report_and_plot(tmp_path, stored):
    variant = tmp_path / "fragile.toml"
    variant.write_text('[edition]\nextends = "fortnite"\nname = "fragile"\n[rules]\nstart_hp = 8\n')
    compared = invoke("compare", "fortnite", variant, "--games", 300, "--no-progress")
    assert compared.exit_code == 0, compared.output
    report = invoke("report", stored, "--out", tmp_path / "fortnite.md")
    assert report.exit_code == 0, report.output
    text = (tmp_path / "fortnite.md").read_text()
    assert "Snobby Shores" in text and "Colour groups ranked" in text and "Cards ranked" in text
    plot = invoke("plot", stored, "--kind", "landings", "--out", tmp_path / "landings.png")
    assert plot.exit_code == 0 and (tmp_path / "landings.png").stat().st_size > 5_000


@pytest.mark.parametrize("args,message", [
    (["simulate", "-e", "fortnite", "--players", 8], "fortnite is played by 2 to 7 players"),
    (["simulate", "-e", "fortnite", "-s", "buy_all"], "unknown strategy 'buy_all' for the fortnite family"),
    (["simulate", "-e", "fortnite", "--set", "rules.start_hp=16"], "rules.start_hp: expected at most max_hp"),
    (["sweep", "-e", "fortnite", "--set", "strategy.wall_builder.wall_trap=-1,1"],
     "parameter wall_trap: expected a number >= 0"),
])
def test_bad_fortnite_input_is_one_line(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
