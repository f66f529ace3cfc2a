"""Positions of Monopoly Deal: hands (named and unknown), banks, tables set by set, discards, at one moment
(issue 32). The checks of every family's positions: the setup as a position plays a normal run's games; a position
against itself relabelled gives the same games with the players' places swapped; a known limit holds (two complete
sets and the third set's last property in hand, about to play, wins nearly always); a position the rules cannot
reach is refused in one line; a trade is refused in one line, `whatif` compares two positions."""
import copy
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simulator import positions
from simulator.engines.deal import layout as D
from simulator.engines.deal.position import deal_template
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from tests.helpers import (assert_refused_in_one_line, assert_relabelled_plays_the_same, assert_same_on_every_executor,
                           invoke)

EXAMPLES = Path(__file__).parents[2] / "data" / "positions"
LINEUP = ["bank_first", "rush_properties", "late_attacker", "opportunist"]


def _position(players: list[dict], **meta) -> positions.Position:
    return positions.position_from({"position": {"edition": "deal", **meta}, "players": players}, "test")


def _table_talk() -> positions.Position:
    """Ann: a complete brown set with a house, two oranges, a note and a Just Say No in the bank, two named cards
    in hand and two unknown; Bea: a red and a wild laid as red, 3 unknown cards; a Sly Deal discarded."""
    return _position([
        {"name": "Ann", "strategy": "rush_properties", "hand": ["orange", "money_2"], "unknown_hand": 2,
         "bank": ["money_5", "just_say_no"], "table": {"brown": ["brown", "brown", "house"], "orange": ["orange"] * 2}},
        {"name": "Bea", "strategy": "opportunist", "unknown_hand": 3,
         "table": {"red": ["red", "wild_red_yellow"]}},
    ], discards=["sly_deal"], to_play="Bea")


def test_the_setup_as_a_position_plays_the_games_of_a_normal_run():
    """Rulebook, Mise en place: five cards dealt to each player, one at a time. As a position saying only the
    strategies (the hands dealt per game), it plays a fixed-seat run's games, game by game."""
    edition = load_edition("deal")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, LINEUP)
    normal = run(RunSpec(edition=edition, lineup=lineup, games=200, seed=5, rotate_seats=False), keep_frames=True)
    start = _position([{"name": f"p{k}", "strategy": s} for k, s in enumerate(LINEUP)])
    played = positions.play(start, 200, seed=5)
    pd.testing.assert_frame_equal(normal.games, played.games)
    pd.testing.assert_frame_equal(normal.players, played.players)


def test_a_player_whose_hand_is_empty_in_a_position_draws_5_as_after_an_empty_deal(tmp_path):
    """Rulebook, Étapes du jeu 3: "Si vous n'avez plus de carte dans votre main à la fin de votre tour, prenez-en 5
    au début de votre prochain tour". With no card dealt (hand_start = 0) every hand is empty before the first
    turn: a normal run draws 5 on it, and so must the same moment written as a position (it drew 2)."""
    (tmp_path / "no_deal.toml").write_text('[edition]\nextends = "deal"\n\n[rules]\nhand_start = 0\n')
    edition = load_edition(str(tmp_path / "no_deal.toml"))
    lineup = resolve_lineup(edition, compile_rules(edition), 2, LINEUP[:2])
    normal = run(RunSpec(edition=edition, lineup=lineup, games=200, seed=5, rotate_seats=False), keep_frames=True)
    start = positions.position_from({"position": {"edition": "no_deal.toml"}, "players": [
        {"name": f"p{k}", "strategy": s} for k, s in enumerate(LINEUP[:2])]}, "test", tmp_path)
    played = positions.play(start, 200, seed=5)
    pd.testing.assert_frame_equal(normal.games, played.games)
    pd.testing.assert_frame_equal(normal.players, played.players)


def test_a_position_loads_as_described_and_plays_without_breaking_an_invariant():
    position = _table_talk()
    start, board = position.start, compile_rules(position.edition)
    placed = start.loc[start.loc[:, D.LOC_ZONE] != D.Z_DRAW]
    kind = board.card_ids.index
    at = {(board.card_ids[board.deck[k]], *map(int, start.loc[k])) for k in np.flatnonzero(start.loc[:, D.LOC_ZONE]
                                                                                          != D.Z_DRAW)}
    assert len(placed) == 12 and list(start.dealt) == [2, 3] and start.first_seat == 1
    brown, red = board.group_names.index("brown"), board.group_names.index("red")
    assert ("house", D.Z_TABLE, 0, brown) in at and ("wild_red_yellow", D.Z_TABLE, 1, red) in at
    assert ("just_say_no", D.Z_BANK, 0, -1) in at and ("sly_deal", D.Z_DISCARD, -1, -1) in at
    assert board.deck[start.loc[:, D.LOC_ZONE] == D.Z_HAND].tolist() == sorted([kind("orange"), kind("money_2")])
    played = positions.play(position, 300, seed=2, check=True)  # the check recounts every copy's place
    assert (played.games.violations == 0).all()


def test_two_sets_and_the_third_sets_last_property_in_hand_about_to_play_wins_nearly_every_game():
    """Rulebook, Comment gagner: three complete sets of different colours on one's own turn. Ann lays the last
    green of her third set on her turn: a Just Say No cannot stop a property being laid."""
    position = _position([
        {"name": "Ann", "strategy": "bank_first", "hand": ["green"], "unknown_hand": 2,
         "table": {"brown": ["brown"] * 2, "dark_blue": ["dark_blue"] * 2, "green": ["green"] * 2}},
        {"name": "Bea", "strategy": "late_attacker", "hand": ["just_say_no"], "unknown_hand": 4,
         "table": {"red": ["red"] * 2}},
    ])
    outlook = positions.outlook(positions.play(position, 400, seed=1, check=True), position)
    assert outlook.set_index("player").loc["Ann", "ci_low"] > 0.95


def test_a_position_against_itself_relabelled_gives_the_same_games_with_the_players_swapped():
    """The same two players listed in the other order, the same to play (their named cards of different kinds, so
    each takes the same copies): each game meets the same deal, so each player's wins are the same, in the other
    seat."""
    document = {"position": {"edition": "deal", "to_play": "Ann"}, "players": [
        {"name": "Ann", "strategy": "bank_first", "hand": ["brown", "money_1"], "unknown_hand": 3,
         "table": {"orange": ["orange"]}},
        {"name": "Bea", "strategy": "opportunist", "unknown_hand": 5, "bank": ["money_5"],
         "table": {"red": ["red"] * 2}},
    ]}
    assert_relabelled_plays_the_same(document)


def test_the_cli_writes_a_template_plays_it_compares_it_with_whatif_and_refuses_a_trade(tmp_path):
    board = compile_rules(load_edition("deal"))
    written = invoke("position", "--template", "--edition", "deal")
    assert written.exit_code == 0 and written.output == deal_template("deal", board)
    path = tmp_path / "moment.toml"
    path.write_text(written.output)
    shown = invoke("position", path, "-n", 200, "--no-progress")
    assert shown.exit_code == 0 and "Ann" in shown.output and "95% CI" in shown.output, shown.output
    bare = tmp_path / "bare.toml"  # Ann's last utility leaves her hand for the draw pile
    bare.write_text(written.output.replace('hand = ["utility"]', "hand = []"))
    compared = invoke("whatif", path, "--alt", bare, "-n", 200, "--no-progress", "--format", "json")
    assert compared.exit_code == 0, compared.output
    ann = next(row for row in json.loads(compared.output)["whatif"] if row["player"] == "Ann")
    assert ann["difference_pts"] < 0
    traded = invoke("trade", path, "--between", "Ann", "Bea", "--give", "utility", "-n", 10, "--no-progress")
    lines = traded.output.strip().splitlines()
    assert traded.exit_code == 2 and len(lines) == 1 and "no trades between players" in lines[0] \
        and "whatif" in lines[0]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["players"][1].update(hand=["house"] * 3), "at most the deck's 3 house card(s) in all places"),
    (lambda d: d["players"][1].update(hand=["sly_deal"] * 3), "at most the deck's 3 sly_deal card(s)"),
    (lambda d: d["players"][1].update(unknown_hand=8), "players.Bea.unknown_hand: expected an integer from 0 to 7"),
    (lambda d: d["players"][1].update(bank=["money_5"] * 2), "at most the deck's 2 money_5 card(s)"),
    (lambda d: d["players"][1].update(hand=["pink", "money_3"], unknown_hand=6),
     "at most the hand limit of 7 cards, named and unknown"),
    (lambda d: d["players"][1].update(bank=["red"]), "a card that can be banked"),
    (lambda d: d["players"][1]["table"].update(red=["red", "yellow"]), "a property of the red set"),
    (lambda d: d["players"][1]["table"].update(red=["red", "money_1"]), "a property or a building"),
    (lambda d: d["players"][1]["table"].update(purple=["red"]), "no colour set 'purple'"),
    (lambda d: d["players"][1]["table"].update(red=["red", "rde"]), "no card 'rde': did you mean red"),
    (lambda d: d["players"][1]["table"].update(red=["red", "red", "house"]), "buildings on a complete set only"),
    (lambda d: d["players"][1]["table"].update(red=["red"] * 3 + ["hotel"]), "a hotel only on a house"),
    (lambda d: d["players"][1]["table"].update(utility=["utility"] * 2 + ["house"]), "the utility set takes none"),
    (lambda d: d["position"].update(discards=["money_1"]), "an action or rent card"),
    (lambda d: d["players"].extend([{"name": f"x{k}", "strategy": "random"} for k in range(4)]),
     "expected 2 to 5 players"),
    (lambda d: d["players"][1].update(cash=3), "no field 'cash'"),
    (lambda d: d["players"][1].update(strategy="opportunis"), "did you mean opportunist"),
])
def test_a_position_the_rules_cannot_reach_is_refused_in_one_line_naming_the_field(tmp_path, change, message):
    document = copy.deepcopy(_table_talk().document)
    change(document)
    assert_refused_in_one_line(tmp_path, document, message)


def test_more_unknown_hands_than_the_draw_pile_holds_are_refused_in_one_line(tmp_path):
    """Five players holding every card that can be banked, the railroads and the utilities leave fewer cards in the draw
    pile than their five unknown hands of 7."""
    board = compile_rules(load_edition("deal"))
    bankable = [board.card_ids[c] for c in board.deck if board.cards[c, D.C_EFFECT] != D.PROPERTY]
    players = [{"name": f"p{k}", "strategy": "random", "unknown_hand": 7, "bank": bankable[k::5]} for k in range(5)]
    players[0]["table"] = {"railroad": ["railroad"] * 4, "utility": ["utility"] * 2}
    rest = len(board.deck) - len(bankable) - 6
    assert rest < 5 * 7
    assert_refused_in_one_line(tmp_path, {"position": {"edition": "deal"}, "players": players},
                               f"at most the {rest} cards left in the draw pile")


def test_the_example_file_loads_and_its_player_with_the_last_property_wins():
    """tests/data/positions/deal_last_property.toml, the docs' example: the known limit above, as a file."""
    position = positions.load_position(EXAMPLES / "deal_last_property.toml")
    outlook = positions.outlook(positions.play(position, 300, seed=1, check=True), position).set_index("player")
    assert outlook.loc["Ann", "ci_low"] > 0.95


def test_a_position_gives_the_same_results_on_one_thread_two_threads_and_dask_workers():
    assert_same_on_every_executor(_table_talk(), 200, seed=6)
