"""The trade finder (`monopoly-mc trades`, simulator/trade_finder.py): a trade that completes the player's colour group
for a cheap square comes first and significant, trades of identical-value squares are not called significant
across seeds beyond the test's level, the rival's answer is its strategy's own, fair prices and auction ceilings
fall where the position says, the same seed gives the same table on any number of threads, and bad input is
refused in one line."""
import copy
import json
from dataclasses import replace

import pandas as pd
import pytest

from simulator import positions, trade_finder as trades
from simulator.positions import Trade
from tests.helpers import invoke, position_toml

# Ann holds two light blues and Bea the third (Connecticut Avenue, 120); Mediterranean Avenue (60) and Marvin
# Gardens (280) complete nothing for anyone. Rulebook (Passez des accords avec vos adversaires): squares without
# buildings trade freely.
LIGHT_BLUES = {"position": {"edition": "classic", "to_play": "Ann"}, "players": [
    {"name": "Ann", "strategy": "buy_all", "cash": 800, "properties": [
        {"square": "Oriental Avenue"}, {"square": "Vermont Avenue"}, {"square": "Mediterranean Avenue"}]},
    {"name": "Bea", "strategy": "cautious", "cash": 800,
     "properties": [{"square": "Connecticut Avenue"}, {"square": "Marvin Gardens"}]},
]}

# Four colour groups split one square each between two players of one strategy with the same cash, the third
# square of each with the bank; Ann's and Bea's squares of a group have the same price, rents and house costs.
# Swapping them changes only where on the board each player collects: a trade as near to no trade as the
# classic board allows.
TWINS = [("Pacific Avenue", "North Carolina Avenue"), ("St. James Place", "Tennessee Avenue"),
         ("Kentucky Avenue", "Indiana Avenue"), ("Atlantic Avenue", "Ventnor Avenue")]
SYMMETRIC = {"position": {"edition": "classic", "to_play": "Ann"}, "players": [
    {"name": "Ann", "strategy": "buy_all", "cash": 1000, "properties": [{"square": a} for a, _ in TWINS]},
    {"name": "Bea", "strategy": "buy_all", "cash": 1000, "properties": [{"square": b} for _, b in TWINS]},
]}


def _position(document) -> positions.Position:
    return positions.position_from(document, "test")


# The same in Millionaire: Ann holds two oranges, Bea the third; Brown 1 and Light Blue 1 complete nothing.
ORANGES = {"position": {"edition": "millionaire", "to_play": "Ann"}, "players": [
    {"name": "Ann", "strategy": "upgrade_at_once", "cash": 300,
     "properties": [{"square": "Orange 1"}, {"square": "Orange 2"}, {"square": "Brown 1"}]},
    {"name": "Bea", "strategy": "upgrade_at_once", "cash": 300,
     "properties": [{"square": "Orange 3"}, {"square": "Light Blue 1"}]},
]}


@pytest.mark.parametrize("document, cheap, completing", [
    (LIGHT_BLUES, "Mediterranean Avenue", "Connecticut Avenue"), (ORANGES, "Brown 1", "Orange 3"),
], ids=["classic", "millionaire"])
def test_the_trade_that_completes_a_group_for_a_cheap_square_ranks_first_and_significant(document, cheap, completing):
    found = trades.find_trades(_position(document), "Ann", cash=(0,), budget=trades.Budget(100, 6, 1000), seed=3)
    best = found.iloc[0]
    assert (best["give"], best["get"]) == (cheap, completing)
    assert best.verdict.startswith("offer it")
    # a square that completes nothing moves Ann's chance far less whatever she gives for it
    useless = found[found["get"] != completing]
    assert (useless.difference < best.ci_low).all()


def test_trades_of_identical_value_squares_are_not_called_significant_across_seeds():
    """Every verdict passes its null: the finder's verdicts on the twin swaps (and its selection of the best of
    them on the screen) call one significant in at most 2 of 20 seeds; Holm over the finalists on fresh games
    keeps the family-wise rate at 5%, so 3 or more would happen by chance with probability 7.5%."""
    position = _position(SYMMETRIC)
    offers = [Trade(("Ann", "Bea"), (a,), (b,)) for a, b in TWINS]
    called = 0
    for seed in range(20):
        found = trades.find_trades(position, "Ann", budget=trades.Budget(60, 4, 400), seed=seed, offers=offers)
        called += int(((found.p_adjusted < trades.SIGNIFICANCE) | (found.rival_p_adjusted < trades.SIGNIFICANCE)).any())
    assert called <= 2


def test_the_rivals_answer_is_its_strategys():
    """cautious sells at 1.5 times the list price (strategies/board.py) and swaps only when the swap completes a
    group for each side; buy_all offers nothing for squares (trade_offer 0), hard_trader twice their price."""
    position = _position(LIGHT_BLUES)
    assert trades.rival_answer(position, Trade(("Ann", "Bea"), get=("Connecticut Avenue",), cash=180)) == "yes"
    assert trades.rival_answer(position, Trade(("Ann", "Bea"), get=("Connecticut Avenue",), cash=179)) == "no"
    swap = Trade(("Ann", "Bea"), ("Mediterranean Avenue",), ("Connecticut Avenue",), cash=500)
    assert trades.rival_answer(position, swap) == "no"
    # Bea offering Ann the square that completes Ann's group, for cash Ann pays
    sale = Trade(("Bea", "Ann"), give=("Connecticut Avenue",), cash=-240)
    assert trades.rival_answer(position, sale) == "no"
    hard = copy.deepcopy(LIGHT_BLUES)
    hard["players"][0]["strategy"] = "hard_trader"
    assert trades.rival_answer(_position(hard), sale) == "yes"
    assert trades.rival_answer(_position(hard), replace(sale, cash=-241)) == "no"


def test_a_swap_that_completes_both_groups_is_one_the_rival_accepts_at_the_list_difference():
    document = {"position": {"edition": "classic"}, "players": [
        {"name": "Ann", "strategy": "buy_all", "cash": 800,
         "properties": [{"square": "Oriental Avenue"}, {"square": "Vermont Avenue"}, {"square": "St. James Place"}]},
        {"name": "Bea", "strategy": "cautious", "cash": 800, "properties": [
            {"square": "Connecticut Avenue"}, {"square": "Tennessee Avenue"}, {"square": "New York Avenue"}]}]}
    position = _position(document)
    swap = Trade(("Ann", "Bea"), ("St. James Place",), ("Connecticut Avenue",))
    # St. James (180) is worth 60 more than Connecticut (120): the engine's swap has Bea pay that to Ann
    assert trades.rival_answer(position, replace(swap, cash=-60)) == "yes"
    assert trades.rival_answer(position, replace(swap, cash=-61)) == "no"


def test_candidates_cover_each_exchange_and_cash_amount_a_payer_holds():
    position = _position(LIGHT_BLUES)
    offers = trades.candidates(position, "Ann", cash=(100, 900))
    # 3 x 2 swaps at 0 and +-100 (900 is more than either holds), 2 squares bought for 100, 3 sold for 100
    assert len(offers) == 6 * 3 + 2 + 3
    assert all(-800 <= offer.cash <= 800 for offer in offers)
    # bundles of one or two: Ann's 3 + 3, Bea's 2 + 1
    assert len(trades.candidates(position, "Ann", cash=(0,), max_squares=2)) == 6 * 3


def test_the_same_seed_gives_the_same_table_on_one_thread_and_on_two():
    position = _position(LIGHT_BLUES)
    one, two = (trades.find_trades(position, "Ann", cash=(0, 200), budget=trades.Budget(50, 3, 200), seed=9,
                                   threads=threads) for threads in (1, 2))
    pd.testing.assert_frame_equal(one, two)


def test_buying_the_square_that_completes_a_group_has_a_positive_fair_price_for_both_sides():
    """Two players: one's gain is nearly the other's loss, so the buyer pays at both sides' even prices."""
    frame = trades.fair_prices(_position(LIGHT_BLUES), "Ann", "Connecticut Avenue", games=300, step=50)
    assert list(frame.even_for) == ["Ann", "Bea"] and (frame.kind == "sale").all() and (frame.buyer == "Ann").all()
    assert (frame.price > 0).all()


def test_the_auction_ceiling_of_a_square_completing_a_group_is_within_the_cash_and_above_nothing():
    document = {**LIGHT_BLUES, "players": [LIGHT_BLUES["players"][0],
                                           {**LIGHT_BLUES["players"][1], "properties": [{"square": "Short Line"}]}]}
    frame = trades.fair_prices(_position(document), "Ann", "light_blue", games=300, step=50)
    auction = frame[frame.kind == "auction"].iloc[0]
    assert (auction.squares, auction.buyer, auction.seller) == ("Connecticut Avenue", "Ann", "the bank")
    assert 0 < auction.price <= 800


def test_the_command_prints_the_finalists_best_first_and_draws_them_on_a_page(tmp_path):
    path, page = tmp_path / "blues.toml", tmp_path / "trades.html"
    path.write_text(position_toml(LIGHT_BLUES))
    result = invoke("trades", path, "--player", "Ann", "--cash", "0", "--screen-games", 60, "--finalists", 3,
                    "-n", 300, "--no-progress", "--format", "json", "--out", page)
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["trades"][0]["get"] == "Connecticut Avenue" and printed["candidates"] == 6
    html = page.read_text()
    # self-contained: the bars embedded, nothing fetched; every finalist in the table, best first
    assert html.count("data:image/png;base64,") == 1 and "src=\"http" not in html and "<link" not in html
    at = [html.index(f"<td>{row['trade']}</td>") for row in printed["trades"]]
    assert at == sorted(at) and len(at) >= 1


@pytest.mark.parametrize("args, message", [
    (["--player", "Zed"], "--player Zed: no such player"),
    (["--player", "Ann", "--rival", "Zed"], "--rival Zed: no such player"),
    (["--player", "Ann", "--rival", "Ann"], "--rival Ann: the player itself"),
    (["--player", "Ann", "--cash", "-5"], "--cash -5: expected amounts of 0 or more"),
    (["--player", "Ann", "--cash", "lots"], "expected whole amounts separated by commas"),
    (["--player", "Ann", "--max-squares", "0"], "--max-squares 0: expected a whole number of at least 1"),
    (["--player", "Ann", "--finalists", "0"], "--finalists 0: expected a whole number of at least 1"),
    (["--player", "Ann", "--fair", "Nowhere Avenue"], "--fair Nowhere Avenue: no such square or colour group"),
    (["--player", "Ann", "--fair", "Chance 1"], "--fair Chance 1: not a square that can be owned"),
    (["--player", "Ann", "--out", "trades.txt"], "--out trades.txt: expected a .html file"),
    (["--player", "Ann", "--fair", "light_blue", "--out", "t.html"], "--out t.html: a page of the trade finder's"),
])
def test_bad_input_is_refused_in_one_line(tmp_path, args, message):
    path = tmp_path / "blues.toml"
    path.write_text(position_toml(LIGHT_BLUES))
    result = invoke("trades", path, *args, "--no-progress")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output


@pytest.mark.parametrize("edition, strategy, rulebook", [("empire", "cautious", "rulebook has no trades"),
                                                         ("deal", "bank_first", "rulebook has no trades")])
def test_a_family_whose_trades_are_not_covered_is_refused_citing_its_rulebook(tmp_path, edition, strategy, rulebook):
    path = tmp_path / "moment.toml"
    players = [{"name": name, "strategy": strategy} for name in ("Ann", "Bea")]
    path.write_text(position_toml({"position": {"edition": edition}, "players": players}))
    result = invoke("trades", path, "--player", "Ann", "--no-progress")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and rulebook in lines[0], result.output


def test_the_api_has_the_commands_defaults_and_speaks_of_its_own_arguments(tmp_path):
    import inspect

    import simulator
    from simulator.cli.trades import trades as command
    path = tmp_path / "blues.toml"
    path.write_text(position_toml(LIGHT_BLUES))
    signature = inspect.signature(simulator.trades).parameters
    defaults = {option.name: option.default for option in command.params}
    for name in ("max_squares", "screen_games", "finalists", "games"):
        assert signature[name].default == defaults[name], name
    assert signature["cash"].default is None and defaults["cash"] is None  # both: trade_finder.DEFAULT_CASH
    with pytest.raises(ValueError, match=r"^rivals=Zed: no such player"):
        simulator.trades(path, "Ann", rivals=["Zed"])
    with pytest.raises(ValueError, match=r"^target=Nowhere: no such square or colour group"):
        simulator.fair_prices(path, "Ann", "Nowhere")


# Monopoly Fortnite (rulebook: Transactions de lieux): Ann holds Tomato Town and Fatal Fields, Bea the other half of
# each pair (Moisty Mire, Salty Springs); Ann also holds Junk Junction (its pair's other half is free), three chest
# items, Bea one.
PAIRS = {"position": {"edition": "fortnite", "to_play": "Ann"}, "players": [
    {"name": "Ann", "strategy": "pair_collector", "hp": 10, "locations": ["Tomato Town", "Fatal Fields", "Junk Junction"],
     "items": ["med_kit", "med_kit", "assault_rifle"]},
    {"name": "Bea", "strategy": "pair_collector", "hp": 10, "locations": ["Moisty Mire", "Salty Springs"],
     "items": ["bandages"]},
]}


def test_fortnite_trades_move_locations_and_chest_items_and_never_hp():
    """Rulebook, Transactions de lieux: players trade locations and chest-card items; HP is not traded."""
    position = _position(PAIRS)
    after = positions.traded(position, Trade(("Ann", "Bea"), give=("Fatal Fields", "med_kit", "med_kit"),
                                             get=("Moisty Mire",)))
    ann, bea = after.document["players"]
    assert (ann["locations"], ann["items"]) == (["Tomato Town", "Junk Junction", "Moisty Mire"], ["assault_rifle"])
    assert (bea["locations"], sorted(bea["items"])) == (["Salty Springs", "Fatal Fields"],
                                                        ["bandages", "med_kit", "med_kit"])
    assert list(after.start.pl[:, 0]) == list(position.start.pl[:, 0]) == [10, 10]  # F.PL_HP
    with pytest.raises(ValueError, match=r"^--cash 2: fortnite's trades move locations and chest items, no cash$"):
        positions.traded(position, Trade(("Ann", "Bea"), give=("med_kit",), cash=2))


@pytest.mark.parametrize("trade, message", [
    (Trade(("Ann", "Bea"), give=("Moisty Mire",)), "Moisty Mire: Ann does not hold this location"),
    (Trade(("Ann", "Bea"), give=("med_kit",) * 3), "med_kit: Ann does not hold this chest item"),
    (Trade(("Ann", "Bea"), get=("grenade",)), "grenade: Bea does not hold this chest item"),
    (Trade(("Ann", "Bea"), give=("Tilted Tower",)), "Tilted Tower: neither a location nor a chest item"),
])
def test_a_fortnite_trade_of_what_the_giver_does_not_hold_is_refused(trade, message):
    with pytest.raises(ValueError, match="^" + message):
        positions.traded(_position(PAIRS), trade)


def test_the_fortnite_rivals_answer_is_the_one_its_engine_plays():
    """kernel.py's trade_pairs: a trader swaps a location completing the proposer's pair for one completing its own,
    or sells it for its item_price in chest items (pair_collector: 3); a non-trader refuses everything."""
    position = _position(PAIRS)
    swap = Trade(("Ann", "Bea"), give=("Fatal Fields",), get=("Moisty Mire",))
    assert trades.rival_answer(position, swap) == "yes"
    assert trades.rival_answer(position, replace(swap, give=("Junk Junction",))) == "no"  # completes nothing of Bea's
    # the two halves of one pair change owners: neither side completes anything (kernel: h != g)
    assert trades.rival_answer(position, replace(swap, get=("Salty Springs",))) == "no"
    items = ("med_kit", "med_kit", "assault_rifle")
    assert trades.rival_answer(position, replace(swap, give=items)) == "yes"
    assert trades.rival_answer(position, replace(swap, give=items[:2])) == "no"
    shooter = copy.deepcopy(PAIRS)
    shooter["players"][1]["strategy"] = "aggressive_shooter"  # trade = 0
    assert trades.rival_answer(_position(shooter), swap) == "no"


def test_fortnite_candidates_exchange_things_both_ways_and_giving_everything_costs_the_giver():
    position = _position(PAIRS)
    offers = trades.candidates(position, "Ann", max_squares=1)
    # Ann's 3 locations and 2 distinct items for Bea's 2 locations and 1 item, no cash
    assert len(offers) == 5 * 3 and all(o.cash == 0 and o.give and o.get for o in offers)
    with pytest.raises(ValueError, match=r"^--cash 100: fortnite's trades move"):
        trades.candidates(position, "Ann", cash=(100,))
    everything = Trade(("Ann", "Bea"), give=("Tomato Town", "Fatal Fields", "Junk Junction", "med_kit", "med_kit",
                                                "assault_rifle"),
                       get=("bandages",))
    frame = positions.trade_table(position, everything, 400, seed=1)
    ann, bea = frame.set_index("player").loc["Ann"], frame.set_index("player").loc["Bea"]
    assert ann.ci_high < 0 < bea.ci_low


def test_the_field_plays_the_rivals_and_their_answers_follow_it(tmp_path):
    """--field: every rival played (and answering trades) by the strategies named, the player keeping its own."""
    position = _position(PAIRS)
    fielded = positions.with_field(position, "Ann", ["aggressive_shooter"])
    assert fielded.strategies == ["pair_collector", "aggressive_shooter"]
    swap = Trade(("Ann", "Bea"), give=("Fatal Fields",), get=("Moisty Mire",))
    assert (trades.rival_answer(position, swap), trades.rival_answer(fielded, swap)) == ("yes", "no")
    path = tmp_path / "pairs.toml"
    path.write_text(position_toml(PAIRS))
    for field, message in (("pair_collecter", "--field pair_collecter: no fortnite strategy of that name (allowed: "
                                               "aggressive_shooter, pair_collector, passive"),
                           ("passive,passive", "--field passive,passive: expected one strategy for every rival")):
        result = invoke("trades", path, "--player", "Ann", "--field", field, "--no-progress")
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output
