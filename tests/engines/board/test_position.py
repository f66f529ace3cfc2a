"""Positions and trades of the classic family: playing from a moment of a game, and comparing two moments on
the same dice. The checks of issue 18: the setup as a position plays a normal run's games; known limits hold
(an overwhelming position wins, a seat-swapped position changes nothing, a trade and its mirror give opposite
differences); every executor gives the same results; a position the rules cannot reach is refused in one line."""
import copy
import io
from pathlib import Path

import pandas as pd
import pytest

from simulator import positions
from simulator.engines.shared.position import template
from simulator.engines.shared import layout as L
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from tests.helpers import assert_refused_in_one_line, assert_same_on_every_executor, invoke, position_toml

POSITIONS = Path(__file__).parents[2] / "data" / "positions"
LINEUP = ["buy_all", "cautious", "three_houses", "hard_trader"]


def _position(players: list[dict], **meta) -> positions.Position:
    return positions.position_from({"position": {"edition": "classic", **meta}, "players": players}, "test")


def _two_players() -> positions.Position:
    """Ann holds the oranges with houses, Bea the greens bare with more cash (the issue's example)."""
    return _position([
        {"name": "Ann", "strategy": "buy_all", "cash": 400,
         "properties": [{"square": "St. James Place", "houses": 3}, {"square": "Tennessee Avenue", "houses": 3},
                        {"square": "New York Avenue", "houses": 3}, {"square": "Reading Railroad"}]},
        {"name": "Bea", "strategy": "cautious", "cash": 1100,
         "properties": [{"square": "Pacific Avenue"}, {"square": "North Carolina Avenue"},
                        {"square": "Pennsylvania Avenue"}, {"square": "Short Line"}]},
    ])


@pytest.mark.parametrize("edition_name", ["classic", "walking_dead"])
def test_the_setup_as_a_position_plays_the_games_of_a_normal_run(edition_name):
    """Rulebook, Preparation (Walking Dead: Mise en place): every player at GO with the start cash, nothing
    owned, the first player to play. Described as a position, it gives a fixed-seat run's games, game by game."""
    edition = load_edition(edition_name)
    lineup = resolve_lineup(edition, compile_rules(edition), 4, LINEUP)
    normal = run(RunSpec(edition=edition, lineup=lineup, games=300, seed=5, rotate_seats=False), keep_frames=True)
    start = positions.position_from({"position": {"edition": edition_name},
                                     "players": [{"name": f"p{k}", "strategy": s} for k, s in enumerate(LINEUP)]},
                                    "test")
    played = positions.play(start, 300, seed=5)
    pd.testing.assert_frame_equal(normal.games, played.games)
    pd.testing.assert_frame_equal(normal.players, played.players)


def test_a_position_loads_as_described_and_plays_without_breaking_an_invariant():
    position = _position([
        {"name": "Ann", "strategy": "buy_all", "cash": 321, "square": "Boardwalk",
         "properties": [{"square": "Baltic Avenue", "houses": 2}, {"square": "Mediterranean Avenue", "houses": 1},
                        {"square": "Water Works", "mortgaged": True}],
         "jail_cards": ["chance_get_out_of_jail"]},
        {"name": "Bea", "strategy": "cautious", "in_jail": True, "jail_tries": 2},
        {"name": "Cy", "strategy": "hard_trader", "out": True, "cash": 0},
    ], to_play="Bea")
    start, board = position.start, compile_rules(position.edition)
    square = board.square_names.index
    assert start.pl[0, L.PL_CASH] == 321 and start.pl[0, L.PL_POS] == square("Boardwalk")
    assert start.own[square("Baltic Avenue"), L.O_LEVEL] == 2 and start.own[square("Water Works"), L.O_MORTGAGED] == 1
    assert start.pl[1, L.PL_JAIL] == 2 and start.pl[1, L.PL_POS] == board.rules[L.R_JAIL_SQUARE]
    assert start.pl[1, L.PL_CASH] == board.rules[L.R_START_CASH]  # cash not given: the start cash
    assert start.pl[2, L.PL_ALIVE] == 0 and start.first_seat == 1
    assert start.bank[L.B_HOUSES] == board.rules[L.R_BANK_HOUSES] - 3
    assert start.held[0, board.card_ids.index("chance_get_out_of_jail")] == 1
    played = positions.play(position, 400, seed=2, check=True)
    assert (played.games.violations == 0).all()
    assert not played.players[played.players.seat == 3].won.any()  # out before the first turn


def test_hotels_on_every_group_against_fifty_in_cash_win_nearly_every_game():
    position = positions.load_position(POSITIONS / "hotels_everywhere.toml")
    outlook = positions.outlook(positions.play(position, 500, seed=1, check=True), position)
    assert outlook.set_index("player").loc["Ann", "ci_low"] > 0.97


def test_swapping_seats_of_a_position_changes_no_player_s_chances():
    """The same players, states and turn order, listed in the other order: the seat numbers change, the game
    does not. Ann's paired difference between the two listings is zero within its interval."""
    position = _two_players()
    swapped = copy.deepcopy(position.document)
    swapped["players"].reverse()
    swapped["position"]["to_play"] = "Ann"
    other = positions.position_from(swapped, "swapped")
    frame = positions.compare_positions(position, other, 2000, seed=4)
    for row in frame.itertuples():
        assert row.ci_low <= 0 <= row.ci_high, row


def test_a_position_listed_in_another_order_plays_the_same_games_and_counts_the_same_rounds():
    """The same moment with Ann, who plays first, listed second: game by game the same winner, turns and
    rounds. Rounds are counted from the player who plays first, not from seat 0 (counted from seat 0, a game
    whose first player sits second gained a round after its first turn: 51.66 mean rounds against 51.14)."""
    position = _two_players()
    swapped = copy.deepcopy(position.document)
    swapped["players"].reverse()
    swapped["position"]["to_play"] = "Ann"
    first, second = (positions.play(p, 300, seed=4).games
                     for p in (position, positions.position_from(swapped, "swapped")))
    assert (first.turns % 2 == 1).any(), "games ending after Ann's turn tell the two countings apart"
    assert (first.turns.to_numpy() == second.turns.to_numpy()).all()
    assert (first.rounds.to_numpy() == second.rounds.to_numpy()).all()
    assert first.winner_seat.notna().all()
    assert (first.rounds == (first.turns + 1) // 2).all()  # the round under way counts
    assert (first.winner_seat.to_numpy() == 3 - second.winner_seat.to_numpy()).all()  # seats 1 and 2 swapped


def test_a_trade_and_its_mirror_give_opposite_differences_and_the_mirror_restores_the_position():
    position = _two_players()
    deal = positions.Trade(between=("Ann", "Bea"), give=("Reading Railroad",), get=("Short Line",), cash=150)
    after = positions.traded(position, deal)
    mirror = positions.Trade(between=("Bea", "Ann"), give=("Reading Railroad",), get=("Short Line",), cash=150)
    back = positions.traded(after, mirror)
    for column in ("pl", "own", "bank", "held"):
        assert (getattr(back.start, column) == getattr(position.start, column)).all(), column
    forward = positions.trade_table(position, deal, 1500, seed=8).set_index("player")
    backward = positions.trade_table(after, mirror, 1500, seed=8).set_index("player")
    for player in ("Ann", "Bea"):
        assert forward.loc[player, "difference"] == pytest.approx(-backward.loc[player, "difference"])
    assert forward.loc["Ann", "difference"] == pytest.approx(-forward.loc["Bea", "difference"], abs=0.02)


def test_a_position_gives_the_same_results_on_one_thread_two_threads_and_dask_workers():
    assert_same_on_every_executor(_two_players(), 400, seed=6)


def test_the_cli_prints_the_outlook_and_a_trade_verdict(tmp_path):
    board = compile_rules(load_edition("classic"))
    written = invoke("position", "--template")
    assert written.exit_code == 0 and written.output == template("classic", board, ("buy_all", "cautious"))
    path = tmp_path / "moment.toml"
    path.write_text(written.output.replace('{ square = "Reading Railroad", mortgaged = true }',
                                           '{ square = "Reading Railroad" }'))
    shown = invoke("position", path, "-n", 300, "--no-progress")
    assert shown.exit_code == 0, shown.output
    assert "Ann" in shown.output and "95% CI" in shown.output and "Remaining rounds" in shown.output
    traded = invoke("trade", path, "--between", "Ann", "Bea", "--give", "Reading Railroad", "--get",
                    "Pacific Avenue", "-n", 300, "--no-progress")
    assert traded.exit_code == 0, traded.output
    assert "paired games" in traded.output and ("accept" in traded.output or "refuse" in traded.output
                                                or "even" in traded.output)


def test_the_fair_price_makes_the_trade_even_for_that_side():
    position = _two_players()
    deal = positions.Trade(between=("Ann", "Bea"), give=("Reading Railroad",), get=("Short Line",))
    price = positions.fair_price(position, deal, "Ann", 600, seed=3, lowest=-400, highest=400, step=50)
    at_price = positions.trade_table(position, positions.Trade(**{**deal.__dict__, "cash": price["price"]}),
                                     600, seed=3).set_index("player")
    # railroads for railroads: about even with no cash, and even (within the interval) at the price found
    assert -400 < price["price"] < 400
    assert at_price.loc["Ann", "ci_low"] <= 0.02 and at_price.loc["Ann", "ci_high"] >= -0.02


def test_the_fair_price_is_the_tried_price_nearest_even_and_has_its_even_range():
    """On paired games the difference moves in steps with the cash (here from -1.4 pts at -10 to +0.3 at 0):
    the price is the tried price of the final bracket nearest even, not its untried middle, so a bracket with
    an even end yields an even range instead of (price, nan, nan)."""
    deal = positions.Trade(between=("Ann", "Bea"), give=("Reading Railroad",), get=("Short Line",))
    price = positions.fair_price(_two_players(), deal, "Bea", 2000, seed=1, lowest=-600, highest=600, step=25)
    near = {cash: d for cash, d in price["tried"].items() if abs(cash - price["price"]) <= 25}
    assert abs(price["difference"]) == min(abs(d) for d in near.values())
    assert price["ci_low"] <= 0 <= price["ci_high"] and price["even_from"] <= price["price"] <= price["even_to"]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["players"][0]["properties"].append({"square": "Pacific Avenue"}), "a square no other player owns"),
    (lambda d: d["players"][0]["properties"][0].update(houses=1), "even building"),
    (lambda d: d["players"][0]["properties"][0].update(mortgaged=True), "no buildings on a mortgaged square"),
    (lambda d: d["players"][0]["properties"].pop(2), "buildings only on a group one player owns complete"),
    (lambda d: d["players"][1]["properties"].extend(
        {"square": s, "houses": 4} for s in ("Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue",
                                              "Vermont Avenue", "Connecticut Avenue", "St. Charles Place",
                                              "States Avenue", "Virginia Avenue")),
     "at most the bank's 32 houses on the board, got 41"),
    (lambda d: d["players"][0]["properties"].append({"square": "Reading Railroad"}), "each square listed once"),
    # classic has no Free Parking jackpot (rules.free_parking_jackpot): a pot could never be collected
    (lambda d: d["position"].update(pot=100), "position.pot: expected no pot"),
    (lambda d: d["players"][0].update(strategy="buy_al"), "did you mean buy_all"),
    (lambda d: d["players"][0].update(cahs=3), "no field 'cahs'"),
    (lambda d: d["position"].update(to_play="Cyd"), "no player 'Cyd'"),
    (lambda d: d["players"][0]["properties"][0].update(square="Chance 1"), "a property"),
])
def test_a_position_the_rules_cannot_reach_is_refused_in_one_line_naming_the_field(tmp_path, change, message):
    document = copy.deepcopy(_two_players().document)
    document["players"][1]["properties"] = [p for p in document["players"][1]["properties"]
                                            if p["square"] != "Short Line"]
    change(document)
    assert_refused_in_one_line(tmp_path, document, message)


def test_whatif_compares_two_positions_of_the_same_players_and_refuses_other_players(tmp_path):
    now = _two_players().document
    built = copy.deepcopy(now)
    for prop in built["players"][0]["properties"][:3]:
        prop["houses"] = 4
    built["players"][0]["cash"] = 100  # three more houses at 100 each
    (tmp_path / "now.toml").write_text(position_toml(now))
    (tmp_path / "built.toml").write_text(position_toml(built))
    result = invoke("whatif", tmp_path / "now.toml", "--alt", tmp_path / "built.toml", "-n", 400, "--no-progress")
    assert result.exit_code == 0, result.output
    assert "Ann" in result.output and "in --alt" in result.output
    other = copy.deepcopy(now)
    other["players"][1]["name"] = "Cy"
    (tmp_path / "other.toml").write_text(position_toml(other))
    refused = invoke("whatif", tmp_path / "now.toml", "--alt", tmp_path / "other.toml", "-n", 10, "--no-progress")
    assert refused.exit_code == 2 and "the players differ" in refused.output


def test_the_api_returns_the_frames_of_the_commands(tmp_path):
    import simulator
    path = tmp_path / "moment.toml"
    path.write_text(position_toml(_two_players().document))
    outlook = simulator.position(path, games=300, seed=2)
    assert list(outlook.player) == ["Ann", "Bea"] and outlook.win_rate.sum() == pytest.approx(1.0)
    frame = simulator.trade(path, ("Ann", "Bea"), give=["Reading Railroad"], get=["Pacific Avenue"], games=300)
    assert set(frame.columns) >= {"player", "without", "with", "difference", "ci_low", "ci_high", "verdict"}


def test_the_fair_price_search_stays_within_the_cash_the_payer_holds():
    # Ann (400 in cash) gains so much from this trade that a bisection over -2,000..2,000 would ask her for
    # 1,000 she does not hold: the search stays within what she can pay
    deal = positions.Trade(between=("Ann", "Bea"), give=("Reading Railroad",), get=("Pacific Avenue", "Short Line"))
    price = positions.fair_price(_two_players(), deal, "Ann", 200, seed=3, step=100)
    assert (price["payable_from"], price["payable_to"]) == (-1100, 400)
    assert -1100 <= price["price"] <= 400 and all(-1100 <= cash <= 400 for cash in price["tried"])


def test_a_fair_price_for_a_player_outside_the_trade_is_refused_before_any_game(tmp_path, monkeypatch):
    def no_game(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")
    monkeypatch.setattr(positions, "play", no_game)
    path = tmp_path / "moment.toml"
    path.write_text(position_toml(_two_players().document))
    result = invoke("trade", path, "--between", "Ann", "Bea", "--give", "Reading Railroad", "--fair-price", "Cid",
                    "-n", 100,
                    "--no-progress")
    assert result.exit_code == 2 and "--fair-price Cid" in result.output


def test_the_fair_price_is_in_the_csv_output(tmp_path):
    path = tmp_path / "moment.toml"
    path.write_text(position_toml(_two_players().document))
    result = invoke("trade", path, "--between", "Ann", "Bea", "--give", "Reading Railroad", "--get", "Short Line",
                    "--fair-price", "Bea", "-n", 100, "--no-progress", "--format", "csv")
    assert result.exit_code == 0, result.output
    block = result.output.split("# fair_price\n")[1]
    price = pd.read_csv(io.StringIO(block))
    assert list(price.side) == ["Bea"] and -1100 <= price.price[0] <= 400


@pytest.mark.parametrize("options, message", [
    ([], "name a square to move"),
    (["--give", "Reading Railroad", "--give", "Reading Railroad"], "--give Reading Railroad: named twice"),
])
def test_a_trade_that_moves_no_square_or_one_square_twice_is_refused_in_one_line(tmp_path, options, message):
    path = tmp_path / "moment.toml"
    path.write_text(position_toml(_two_players().document))
    result = invoke("trade", path, "--between", "Ann", "Bea", *options, "-n", 10, "--no-progress")
    assert result.exit_code == 2 and result.output.count("\n") == 1 and message in result.output, result.output


def test_the_api_s_whatif_refuses_positions_of_other_players_before_any_game(tmp_path):
    import simulator
    from simulator.checks import EditionError
    now = _two_players().document
    other = copy.deepcopy(now)
    other["players"][1]["name"] = "Cy"
    (tmp_path / "now.toml").write_text(position_toml(now))
    (tmp_path / "other.toml").write_text(position_toml(other))
    with pytest.raises(EditionError, match="the players differ"):
        simulator.whatif(tmp_path / "now.toml", tmp_path / "other.toml", games=10)


def test_a_bare_square_of_a_built_group_is_refused_in_a_trade_naming_the_rule(tmp_path):
    # Rulebook (Walking Dead, 6) Passez des accords avec vos adversaires: every building of the colour group
    # is sold before one of its squares is sold
    document = copy.deepcopy(_two_players().document)
    ann = document["players"][0]["properties"]
    ann[0]["houses"], ann[1]["houses"], ann[2]["houses"] = 1, 1, 0
    path = tmp_path / "moment.toml"
    path.write_text(position_toml(document))
    result = invoke("trade", path, "--between", "Ann", "Bea", "--give", "New York Avenue", "-n", 10, "--no-progress")
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "New York Avenue: squares change hands only when no square of their colour group has buildings" \
        in result.output
    assert "Passez des accords avec vos adversaires" in result.output


@pytest.mark.parametrize("tries, low, high", [(2, 0.78, 0.89), (0, 0.0, 0.05)])
def test_a_player_in_jail_after_two_failed_tries_pays_on_the_first_turn_of_the_position(tries, low, high):
    # Rulebook (Walking Dead, 5) Comment sortir de prison ? c): three turns to roll a double, then pay 50 and
    # move. After two failed tries, Ann (no cash, no card) fails the third roll 5 times in 6 and goes bankrupt
    # on her first turn; with no try made yet she cannot be made to pay then
    position = _position([{"name": "Ann", "strategy": "buy_all", "cash": 0, "in_jail": True, "jail_tries": tries},
                          {"name": "Bea", "strategy": "buy_all"}], to_play="Ann")
    games = positions.play(position, 600, seed=4).games
    out_at_once = ((games.rounds == 1) & (games.winner_seat == 2)).mean()
    assert low <= out_at_once <= high, out_at_once


def test_the_outlook_names_the_variant_of_the_position(tmp_path):
    path = tmp_path / "quick.toml"
    path.write_text(position_toml({"position": {"edition": "walking_dead", "variant": "quick"},
                                   "players": [{"name": "Ann", "strategy": "buy_all"},
                                               {"name": "Bea", "strategy": "buy_all"}]}))
    result = invoke("position", path, "-n", 20, "--no-progress")
    assert result.exit_code == 0 and "(walking_dead, variant quick)" in result.output.splitlines()[0], result.output
