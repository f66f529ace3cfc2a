"""Positions of Monopoly Fortnite: players' HP, squares, jail, chest items, locations and walls, and the storm, at
one moment (issue 32). The checks of every family's positions: the setup as a position plays a normal run's games;
a position against itself relabelled gives the same games with the players' places swapped; a known limit holds
(full HP against rivals at 1 HP wins nearly always); a position the rules cannot reach is refused in one line; a
trade is refused in one line, `whatif` compares two positions."""
import copy
import json
from pathlib import Path

import pandas as pd
import pytest

from simulator import positions
from simulator.engines.fortnite import layout as F
from simulator.engines.fortnite.position import fortnite_template
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from tests.helpers import (assert_refused_in_one_line, assert_relabelled_plays_the_same, assert_same_on_every_executor,
                           invoke)

EXAMPLES = Path(__file__).parents[2] / "data" / "positions"
LINEUP = ["aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider"]


def _position(players: list[dict], **meta) -> positions.Position:
    return positions.position_from({"position": {"edition": "fortnite", **meta}, "players": players}, "test")


def _duel() -> positions.Position:
    """Ann on Loot Lake with an assault rifle, the storm over GO; Bea in jail with a location and a wall standing
    in Ann's way; Cid out, his location covered."""
    return _position([
        {"name": "Ann", "strategy": "storm_avoider", "hp": 9, "square": "Loot Lake", "items": ["assault_rifle"],
         "locations": ["Loot Lake", "Lucky Landing"]},
        {"name": "Bea", "strategy": "wall_builder", "hp": 12, "in_jail": True, "jail_tries": 1,
         "locations": ["Junk Junction"], "walls": ["Fatal Fields"]},
        {"name": "Cid", "strategy": "passive", "out": True},
    ], storm=["storm_go"], covered=["Greasy Grove"], to_play="Bea")


def test_the_setup_as_a_position_plays_the_games_of_a_normal_run():
    """Rulebook, Mise en place and Sautez du bus de combat !: 15 HP each, nothing owned, the pawns placed in turn.
    As a position saying only the strategies (the pawns placed per game by their strategies), it plays a
    fixed-seat run's games, game by game."""
    edition = load_edition("fortnite")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, LINEUP)
    normal = run(RunSpec(edition=edition, lineup=lineup, games=200, seed=5, rotate_seats=False), keep_frames=True)
    start = _position([{"name": f"p{k}", "strategy": s} for k, s in enumerate(LINEUP)])
    played = positions.play(start, 200, seed=5)
    pd.testing.assert_frame_equal(normal.games, played.games)
    pd.testing.assert_frame_equal(normal.players, played.players)


def test_a_position_loads_as_described_and_plays_without_breaking_an_invariant():
    position = _duel()
    start, board = position.start, compile_rules(position.edition)
    square = board.square_names.index
    assert list(start.pl[:, F.PL_HP]) == [9, 12, 0] and list(start.pl[:, F.PL_ALIVE]) == [1, 1, 0]
    assert start.pl[1, F.PL_JAIL] == 1 and start.pl[1, F.PL_POS] == board.rules[F.R_JAIL_SQUARE]
    assert start.own[square("Loot Lake"), F.O_OWNER] == 0 and start.own[square("Junk Junction"), F.O_OWNER] == 1
    assert start.own[square("Fatal Fields"), F.O_WALL] == 1 and start.bank[F.B_WALLS] == board.rules[F.R_WALLS] - 1
    assert start.own[square("GO"), F.O_COVERED] == 1 and start.own[square("Greasy Grove"), F.O_COVERED] == 1
    assert start.held[0, board.card_ids.index("assault_rifle")] == 1 and start.first_seat == 1
    played = positions.play(position, 300, seed=2, check=True)  # the check counts HP, walls, storm cards, items
    assert (played.games.violations == 0).all()
    assert (played.players[played.players.seat == 3].won == 0).all()  # Cid is out
    assert (played.players[played.players.seat == 2].jail_turns >= 1).all()  # Bea plays first, from jail


def test_full_health_against_rivals_at_one_hp_wins_nearly_every_game():
    """Rulebook, Comment gagner ?: the last player with HP wins. Any damage, a rival's location or a spike trap
    eliminates a player at 1 HP."""
    position = _position([
        {"name": "Ann", "strategy": "aggressive_shooter", "hp": 15, "square": "Loot Lake"},
        {"name": "Bea", "strategy": "aggressive_shooter", "hp": 1, "square": "GO"},
        {"name": "Cid", "strategy": "aggressive_shooter", "hp": 1, "square": "Jail"},
    ], to_play="Bea")
    outlook = positions.outlook(positions.play(position, 400, seed=1, check=True), position)
    assert outlook.set_index("player").loc["Ann", "win_rate"] > 0.85


def test_a_position_against_itself_relabelled_gives_the_same_games_with_the_players_swapped():
    """The same two players listed in the other order, the same to play: each game meets the same dice, so each
    player's wins and each game's rounds are the same, in the other seat."""
    document = {"position": {"edition": "fortnite", "to_play": "Ann"}, "players": [
        {"name": "Ann", "strategy": "storm_avoider", "hp": 9, "square": "Loot Lake", "items": ["assault_rifle"]},
        {"name": "Bea", "strategy": "wall_builder", "hp": 12, "square": "Fatal Fields", "locations": ["Junk Junction"]},
    ]}
    assert_relabelled_plays_the_same(document)


def test_the_cli_writes_a_template_plays_it_compares_it_with_whatif_and_trades_from_it(tmp_path):
    board = compile_rules(load_edition("fortnite"))
    written = invoke("position", "--template", "--edition", "fortnite")
    assert written.exit_code == 0 and written.output == fortnite_template("fortnite", board)
    path = tmp_path / "moment.toml"
    path.write_text(written.output)
    shown = invoke("position", path, "-n", 200, "--no-progress")
    assert shown.exit_code == 0 and "Ann" in shown.output and "95% CI" in shown.output, shown.output
    weaker = tmp_path / "weaker.toml"
    weaker.write_text(written.output.replace("hp = 12", "hp = 2"))
    compared = invoke("whatif", path, "--alt", weaker, "-n", 200, "--no-progress", "--format", "json")
    assert compared.exit_code == 0, compared.output
    ann = next(row for row in json.loads(compared.output)["whatif"] if row["player"] == "Ann")
    assert ann["difference_pts"] < 0  # 10 HP fewer, on the same dice
    # rulebook, Transactions de lieux: locations change hands (tests/test_trades.py checks the trades themselves)
    traded = invoke("trade", path, "--between", "Ann", "Bea", "--give", "Tomato Town", "-n", 10, "--no-progress")
    assert traded.exit_code == 0 and "Ann gives Tomato Town" in traded.output, traded.output
    refused = invoke("trade", path, "--between", "Ann", "Bea", "--give", "Junk Junction", "-n", 10, "--no-progress")
    lines = refused.output.strip().splitlines()
    assert refused.exit_code == 2 and len(lines) == 1 and "Ann does not hold this location" in lines[0], lines


@pytest.mark.parametrize("change, message", [
    (lambda d: d["players"][0].update(hp=16), "players.Ann.hp: expected an integer from 1 to 15"),
    (lambda d: d["players"][0].update(hp=0), "players.Ann.hp: expected an integer from 1 to 15"),
    (lambda d: d["players"][1]["locations"].append("Loot Lake"), "a location no other player owns"),
    (lambda d: d["players"][0]["locations"].append("Chest 1"), "expected a location"),
    (lambda d: d["players"][0]["locations"].append("Greasy Grove"), "a location the storm does not cover"),
    (lambda d: d["players"][0].update(items=["sniper_rifle", "sniper_rifle", "sniper_rifle"]), "holder(s) of card"),
    (lambda d: d["players"][0].update(items=["storm_go"]), "no chest item 'storm_go'"),
    (lambda d: d["players"][0].update(items=["assault_rifel"]), "did you mean assault_rifle"),
    (lambda d: d["players"][0].update(walls=["Fatal Fields"]), "one wall a square"),
    (lambda d: d["players"][0].update(walls=[f"Chest {k}" for k in (1, 2, 3, 4)] + ["GO", "Jail", "Campfire 1",
                                                                                    "Campfire 2"]),
     "at most the pile's 8 walls"),
    (lambda d: d["position"].update(storm=["storm_jail"]), "the storm covering the jail frees its prisoners"),
    (lambda d: d["position"].update(storm=["storm_go", "storm_go"]), "each storm card turned over once"),
    (lambda d: d["position"].update(storm=["storm_moon"]), "no storm card 'storm_moon'"),
    (lambda d: d["position"].update(covered=["Greasy Grove"] * 2), "a square not covered already"),
    (lambda d: d["position"].update(covered=["Chest 1"]), "position.covered[0]: expected a location"),
    (lambda d: d["players"][2].update(hp=3), "nothing for a player out of the game"),
    (lambda d: d["players"].__setitem__(0, {"name": "Ann", "strategy": "passive", "out": True}),
     "at least two players still in the game"),
    (lambda d: d["position"].update(to_play="Cid"), "position.to_play: expected a player still in the game"),
    (lambda d: d["players"].extend([{"name": f"x{k}", "strategy": "passive"} for k in range(5)]),
     "expected 2 to 7 players"),
    (lambda d: d["players"][0].update(shield=1), "no field 'shield'"),
    (lambda d: d["players"][0].update(strategy="storm_avoidr"), "did you mean storm_avoider"),
])
def test_a_position_the_rules_cannot_reach_is_refused_in_one_line_naming_the_field(tmp_path, change, message):
    document = copy.deepcopy(_duel().document)
    change(document)
    assert_refused_in_one_line(tmp_path, document, message)


def test_the_example_file_loads_and_its_healthier_pair_holder_leads():
    """tests/data/positions/fortnite_storm_closing.toml, the docs' example: Ann (12 HP, a pair, a rifle) ahead of
    Bea (7 HP, in jail); Cid, out, never wins."""
    position = positions.load_position(EXAMPLES / "fortnite_storm_closing.toml")
    outlook = positions.outlook(positions.play(position, 300, seed=1, check=True), position).set_index("player")
    assert outlook.loc["Ann", "win_rate"] > outlook.loc["Bea", "win_rate"] and outlook.loc["Cid", "wins"] == 0


def test_a_position_gives_the_same_results_on_one_thread_two_threads_and_dask_workers():
    assert_same_on_every_executor(_duel(), 200, seed=6)
