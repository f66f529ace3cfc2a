"""Positions of Monopoly Empire: players' towers, cash, squares, jail and kept cards at one moment. The checks of
issue 18: the setup as a position plays a normal run's games; known limits hold (an almost full tower wins, a
seat-swapped position changes nothing); every executor gives the same results; a position the rules cannot
reach is refused in one line; a trade is refused, the rulebook having none between players."""
import copy

import pandas as pd
import pytest

from simulator import positions
from simulator.engines.empire import layout as E
from simulator.engines.empire.position import empire_template
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from tests.helpers import assert_refused_in_one_line, assert_same_on_every_executor, invoke, position_toml

LINEUP = ["buy_everything", "skyscraper_saver", "card_shark", "swapper"]


def _position(players: list[dict], **meta) -> positions.Position:
    return positions.position_from({"position": {"edition": "empire", **meta}, "players": players}, "test")


def _race() -> positions.Position:
    """Ann's tower of 10 units (the browns complete, their bonus skyscraper, Beats) and 300k; Bea's of 4 units,
    in jail, with 900k and an Empire card she cannot name."""
    return _position([
        {"name": "Ann", "strategy": "buy_everything", "cash": 300, "square": "Beats",
         "tower": ["Nerf", "Transformers", "skyscraper", "Beats"], "empire_cards": ["just_say_no"]},
        {"name": "Bea", "strategy": "swapper", "cash": 900, "in_jail": True, "jail_tries": 2,
         "tower": ["Razor", "Polaroid", "Electric Company"], "unknown_empire_cards": 1,
         "jail_cards": ["chance_get_out_of_jail"]},
    ], to_play="Bea")


@pytest.mark.parametrize("cards", [{}, {"unknown_empire_cards": 2}], ids=["unsaid", "two_unknown"])
def test_the_setup_as_a_position_plays_the_games_of_a_normal_run(cards):
    """Rulebook, Mise en place 6: each player with 1000k, an empty tower, a pawn on GO and two Empire cards dealt
    ("Vous en recevez 2 avant de commencer la partie"). As a position that names only the strategies (what the
    file does not say is as at the start), or says two cards each not named, it plays a fixed-seat run's games,
    game by game."""
    edition = load_edition("empire")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, LINEUP)
    normal = run(RunSpec(edition=edition, lineup=lineup, games=300, seed=5, rotate_seats=False), keep_frames=True)
    start = _position([{"name": f"p{k}", "strategy": s, **cards} for k, s in enumerate(LINEUP)])
    assert list(start.start.dealt) == [2, 2, 2, 2]
    played = positions.play(start, 300, seed=5)
    pd.testing.assert_frame_equal(normal.games, played.games)
    pd.testing.assert_frame_equal(normal.players, played.players)


def test_a_player_whose_empire_cards_are_named_holds_only_those():
    position = _position([{"name": "Ann", "strategy": "buy_everything", "empire_cards": ["just_say_no"]},
                          {"name": "Bea", "strategy": "swapper", "empire_cards": []}])
    assert list(position.start.dealt) == [0, 0]


def test_a_position_loads_as_described_and_plays_without_breaking_an_invariant():
    position = _race()
    start, board = position.start, compile_rules(position.edition)
    square = board.square_names.index
    assert list(start.tw[0, :4]) == [square("Nerf"), square("Transformers"), E.SKYSCRAPER, square("Beats")]
    assert list(start.pl[:, E.PL_HEIGHT]) == [10, 4] and list(start.pl[:, E.PL_TILES]) == [4, 3]
    assert start.own[square("Beats"), E.O_OWNER] == 0 and start.own[square("Razor"), E.O_OWNER] == 1
    assert start.own[square("Virgin"), E.O_OWNER] == -1
    assert start.own[square("Electric Company"), E.O_STOCK] == 3 and start.bank[E.B_SKYSCRAPERS] == 5
    brown = board.group_names.index("brown")
    assert start.pl[0, E.PL_BONUS_GIVEN] == 1 << brown and start.pl[1, E.PL_BONUS_GIVEN] == 0
    assert start.pl[1, E.PL_JAIL] == 2 and start.pl[1, E.PL_POS] == board.rules[E.R_JAIL_SQUARE]
    assert start.held[0, board.card_ids.index("just_say_no")] == 1 and list(start.dealt) == [0, 1]
    assert start.first_seat == 1
    played = positions.play(position, 300, seed=2, check=True)
    assert (played.games.violations == 0).all()
    bea = played.players[played.players.seat == 2]
    assert (bea.jail_turns >= 1).all()  # she plays first, from jail


def test_an_almost_full_tower_against_an_empty_one_wins_nearly_every_game():
    """Rulebook, Comment gagner ?: the first tower full wins. Ann needs one unit; Bea has an empty tower."""
    position = _position([
        {"name": "Ann", "strategy": "buy_everything",
         "tower": ["Heinz", "Universal", "Xbox", "Electric Company"], "cash": 1000},  # 4 + 4 + 4 + 2 = 14 of 16
        {"name": "Bea", "strategy": "buy_everything", "cash": 1000},
    ], to_play="Bea")
    outlook = positions.outlook(positions.play(position, 400, seed=1, check=True), position)
    assert outlook.set_index("player").loc["Ann", "ci_low"] > 0.9


def test_swapping_seats_of_a_position_changes_no_player_s_chances():
    """The same players, towers and turn order, listed in the other order: the seat numbers change, the game
    does not. Each player's paired difference between the two listings is zero within its interval."""
    position = _race()
    swapped = copy.deepcopy(position.document)
    swapped["players"].reverse()
    other = positions.position_from(swapped, "swapped")
    frame = positions.compare_positions(position, other, 1500, seed=4)
    for row in frame.itertuples():
        assert row.ci_low <= 0 <= row.ci_high, row


def test_a_position_gives_the_same_results_on_one_thread_two_threads_and_dask_workers():
    assert_same_on_every_executor(_race(), 300, seed=6)


def test_the_cli_writes_a_template_plays_it_and_compares_it_with_whatif(tmp_path):
    board = compile_rules(load_edition("empire"))
    written = invoke("position", "--template", "--edition", "empire")
    assert written.exit_code == 0 and written.output == empire_template("empire", board)
    path = tmp_path / "moment.toml"
    path.write_text(written.output)
    shown = invoke("position", path, "-n", 200, "--no-progress")
    assert shown.exit_code == 0, shown.output
    assert "Ann" in shown.output and "95% CI" in shown.output and "Remaining rounds" in shown.output
    richer = tmp_path / "richer.toml"
    richer.write_text(written.output.replace("cash = 200", "cash = 1200"))
    compared = invoke("whatif", path, "--alt", richer, "-n", 200, "--no-progress", "--format", "json")
    assert compared.exit_code == 0, compared.output
    import json
    ann = next(row for row in json.loads(compared.output)["whatif"] if row["player"] == "Ann")
    assert ann["difference_pts"] > 0  # 1000k more, on the same dice: skyscrapers at 500k each
    # JSON gives rates in % and differences in pts, as every command's JSON does
    assert ann["with_pct"] - ann["without_pct"] == pytest.approx(ann["difference_pts"])
    assert ann["with_pct"] > 1 and "without" not in ann


def test_a_trade_is_refused_in_one_line_the_rulebook_having_none_between_players(tmp_path):
    path = tmp_path / "moment.toml"
    path.write_text(position_toml(_race().document))
    result = invoke("trade", path, "--between", "Ann", "Bea", "--give", "Beats", "-n", 10, "--no-progress")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "no trades between players" in lines[0] and "whatif" in lines[0]
    with pytest.raises(Exception, match="no trades between players"):
        positions.fair_price(_race(), positions.Trade(between=("Ann", "Bea"), give=("Beats",)), "Ann", 10)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["players"][1]["tower"].append("Beats"), "a brand in no other tower"),
    (lambda d: d["players"][1]["tower"].extend(["skyscraper"] * 6), "at most the box's 6 skyscrapers"),
    (lambda d: d["players"][1]["tower"].extend(["Water Works"] * 5), "at most the 4 Water Works billboards"),
    (lambda d: d["players"][0]["tower"].extend(["Heinz", "Universal"]), "under its capacity of 16 units"),
    (lambda d: d["players"][0]["tower"].append("Chance 1"), "a brand, a utility or \"skyscraper\""),
    (lambda d: d["players"][0].update(towr=[]), "no field 'towr': did you mean tower?"),
    (lambda d: d["players"][0].update(out=True), "no one is out of a game of Monopoly Empire"),
    (lambda d: d["players"][0].update(empire_cards=["just_say_yes"]), "did you mean just_say_no"),
    (lambda d: d["players"][0].update(empire_cards=["chance_get_out_of_jail"]), "no Empire card"),
    (lambda d: d["players"][0].update(unknown_empire_cards=14), "at most the 14 cards of the empire deck"),
    (lambda d: d["players"][0].update(strategy="buy_everythin"), "did you mean buy_everything"),
])
def test_a_position_the_rules_cannot_reach_is_refused_in_one_line_naming_the_field(tmp_path, change, message):
    document = copy.deepcopy(_race().document)
    change(document)
    assert_refused_in_one_line(tmp_path, document, message)
