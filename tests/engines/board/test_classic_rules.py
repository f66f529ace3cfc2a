"""Rule tests for the classic rules, as stated by the Walking Dead rulebook
(shared/rules/004_66603cd0e01f861b.txt). Each test names the section it checks."""
from pathlib import Path

import numpy as np
import pytest

from simulator.engines.board import kernel as engine
from simulator.engines.shared import layout as L
from tests.engines.shared.tables import Table

SMALL = Path(__file__).parents[3] / "tests" / "data" / "small"  # small and odd data files


# --- Propriete appartenant deja a un autre joueur -----------------------------------------------------

def test_bare_rent_doubles_on_a_complete_unmortgaged_group():
    """Section 'Lieu': the bare rent doubles when the owner holds every lot of the group (unmortgaged)."""
    t = Table()
    t.give(0, "Mediterranean Avenue")
    assert t.rent("Mediterranean Avenue") == 2
    t.give(0, "Baltic Avenue")
    assert t.rent("Mediterranean Avenue") == 4
    t.give(0, "Baltic Avenue", mortgaged=True)
    assert t.rent("Mediterranean Avenue") == 2, "the French text: doubled only for unmortgaged lots"


def test_us_reading_doubles_rent_with_a_mortgaged_lot():
    """Section 'Lieu', option group_rent_requires_unmortgaged=false (the US reading)."""
    t = Table(overrides=[("rules.group_rent_requires_unmortgaged", False)])
    t.give(0, "Mediterranean Avenue")
    t.give(0, "Baltic Avenue", mortgaged=True)
    assert t.rent("Mediterranean Avenue") == 4


def test_rent_with_houses_and_hotel_follows_the_deed():
    """Section 'Lieu': built lots pay the rent printed for their buildings."""
    t = Table()
    t.give(0, "Park Place", "Boardwalk", level=3)
    assert t.rent("Boardwalk") == 1400
    t.give(0, "Boardwalk", level=5)
    assert t.rent("Boardwalk") == 2000


def test_railroad_rent_depends_on_how_many_are_owned():
    """Section 'Transport': 25 / 50 / 100 / 200 for 1 to 4 owned."""
    t = Table()
    railroads = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"]
    for k, name in enumerate(railroads):
        t.give(0, name)
        assert t.rent("Reading Railroad") == [25, 50, 100, 200][k]


def test_utility_rent_is_four_or_ten_times_the_dice():
    """Section 'Pile ou Eau': 4 times the dice, 10 times with both."""
    t = Table()
    t.give(0, "Electric Company")
    assert t.rent("Electric Company", dice_total=9) == 36
    t.give(0, "Water Works")
    assert t.rent("Electric Company", dice_total=9) == 90


# --- Quand c'est votre tour; Allez en prison -----------------------------------------------------------

def test_passing_go_pays_the_salary_and_go_to_jail_does_not():
    """Sections 'Quand c'est votre tour' 4) and 'Allez en prison' (no 200 on the way to jail)."""
    t = Table()
    t.pl[0, L.PL_POS] = 38
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] == 5)  # 38 + 5 = square 3, Baltic
    t.prm[0, L.P_BUY_PROBABILITY] = 0.0
    t.board.rules[L.R_AUCTIONS] = 0
    t.turn(0)
    assert t.pl[0, L.PL_POS] == 3
    assert t.cash(0) == 1500 + 200
    t2 = Table()
    t2.pl[0, L.PL_POS] = 22
    t2.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] == 8)  # 22 + 8 = Go To Jail
    t2.turn(0)
    assert t2.pl[0, L.PL_POS] == 10 and t2.pl[0, L.PL_JAIL] == 0
    assert t2.cash(0) == 1500


def test_third_double_sends_to_jail():
    """Section 'Quand c'est votre tour' 5): three doubles in a row, go to jail at once."""
    t = Table(strategy="never_build", buy_probability=0.0)
    t.board.rules[L.R_AUCTIONS] = 0
    stops = {2, 7, 17, 22, 33, 36, 30}  # card squares and Go To Jail would end or divert the turn

    def three_doubles_on_plain_squares(rolls):
        first, second = sum(rolls[0]), sum(rolls[0]) + sum(rolls[1])
        return all(a == b for a, b in rolls[:3]) and first not in stops and second not in stops

    t.seek_rolls(three_doubles_on_plain_squares)
    t.turn(0)
    assert t.pl[0, L.PL_POS] == 10
    assert t.pl[0, L.PL_JAIL] == 0
    assert t.sq_agg[10, L.SA_LANDINGS] >= 1


# --- Comment sortir de prison ------------------------------------------------------------------------

def test_third_failed_roll_in_jail_forces_the_fine_and_moves():
    """Section 'Comment sortir de prison' c): after three turns without a double, pay 50 and move."""
    t = Table(jail_stay_buildings=0, buy_probability=0.0)
    t.board.rules[L.R_AUCTIONS] = 0
    t.pl[0, L.PL_POS] = 10
    t.pl[0, L.PL_JAIL] = 2
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] in (3, 4, 6, 8, 9))  # streets or railroad
    total = sum(t.next_rolls(1)[0])
    t.turn(0)
    assert t.pl[0, L.PL_JAIL] == -1
    assert t.pl[0, L.PL_POS] == 10 + total
    assert t.cash(0) == 1500 - 50


def test_failed_roll_before_the_third_stays_in_jail():
    """Section 'Comment sortir de prison' c): a player who waits keeps rolling for a double."""
    t = Table(jail_stay_buildings=0)
    t.pl[0, L.PL_POS] = 10
    t.pl[0, L.PL_JAIL] = 0
    t.seek_rolls(lambda r: r[0][0] != r[0][1])
    t.turn(0)
    assert t.pl[0, L.PL_JAIL] == 1 and t.pl[0, L.PL_POS] == 10 and t.cash(0) == 1500


def test_get_out_of_jail_card_is_kept_used_and_returned_under_its_deck():
    """Sections 'Pillage ou caisse de ravitaillement' and 'Comment sortir de prison' b)."""
    t = Table(buy_probability=0.0)
    t.board.rules[L.R_AUCTIONS] = 0
    t.pl[0, L.PL_POS] = 4
    t.put_on_top("chance", "chance_get_out_of_jail")
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] == 3)  # 4 + 3 = Chance 1
    t.turn(0)
    card = t.board.card_ids.index("chance_get_out_of_jail")
    assert t.held[0, card] == 1
    chance = t.board.deck_names.index("chance")
    assert t.dq[chance, L.DQ_COUNT] == 15
    t.pl[0, L.PL_POS] = 10
    t.pl[0, L.PL_JAIL] = 0
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] in (3, 4, 6, 8, 9))
    t.turn(0)
    assert t.held[0, card] == 0 and t.pl[0, L.PL_JAIL] == -1 and t.cash(0) == 1500
    assert t.dq[chance, L.DQ_COUNT] == 16
    bottom = (t.dq[chance, L.DQ_HEAD] + 15) % 16
    assert t.dq[chance, L.DQ_CARDS + bottom] == card
    assert t.violations() == 0


def test_cards_are_drawn_in_order_and_go_back_under_the_deck():
    """Section 'Pillage ou caisse de ravitaillement': take the top card, then put it under the pile."""
    t = Table(buy_probability=0.0)
    t.board.rules[L.R_AUCTIONS] = 0
    t.put_on_top("community_chest", "bank_error")
    t.pl[0, L.PL_POS] = 12
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] == 5)  # 12 + 5 = Community Chest 2
    t.turn(0)
    assert t.cash(0) == 1500 + 200
    chest = t.board.deck_names.index("community_chest")
    assert t.dq[chest, L.DQ_HEAD] == 1
    assert t.dq[chest, L.DQ_CARDS + 0] == t.board.card_ids.index("bank_error")  # now the bottom card


# --- Vente aux encheres --------------------------------------------------------------------------------

def test_auction_goes_to_the_highest_valuation_at_one_more_than_the_second():
    """Section 'Vente aux encheres': the highest bidder wins; payment in cash."""
    t = Table(players=3)
    t.prm[0, L.P_BID_FACTOR] = 0.5
    t.prm[1, L.P_BID_FACTOR] = 1.2
    t.prm[2, L.P_BID_FACTOR] = 0.9
    t.auction("Boardwalk")
    assert t.owner("Boardwalk") == 1
    assert t.cash(1) == 1500 - (int(400 * 0.9) + 1)
    assert t.violations() == 0


def test_auction_bid_never_exceeds_cash_and_respects_the_minimum():
    """Section 'Vente aux encheres': cash only, minimum bid 1."""
    t = Table(players=2)
    t.set_cash(0, 0)
    t.set_cash(1, 0)
    t.auction("Boardwalk")
    assert t.owner("Boardwalk") == -1
    t.set_cash(1, 90)
    t.auction("Boardwalk")
    assert t.owner("Boardwalk") == 1 and t.cash(1) == 89  # 1 more than the other's 0, at least 1


# --- Construire; Vendre un batiment; Crise du batiment -----------------------------------------------

def test_building_is_even_and_a_hotel_replaces_four_houses():
    """Section 'Construire' b), c), d)."""
    t = Table()
    t.set_cash(0, 100_000)
    t.give(0, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    t.build(0)
    levels = [t.level(n) for n in ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")]
    assert levels == [5, 5, 5]
    assert t.bank[L.B_HOUSES] == 32 and t.bank[L.B_HOTELS] == 9
    assert t.violations() == 0


def test_what_is_paid_for_buildings_is_counted_on_the_square_built():
    """Section 'Construire' a): each house and hotel is paid at the price on its title deed; the square it
    stands on counts what was paid (the properties table's payback counts it)."""
    t = Table()
    t.set_cash(0, 100_000)
    t.give(0, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    cash = t.cash(0)
    t.build(0)
    spend = t.sq_agg[:, L.SA_BUILDING_SPEND]
    for name in ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"):
        s = t.sq(name)
        # four houses then a hotel, each at the deed's house price (50 on the light blues)
        assert spend[s] == 5 * t.board.sq[s, L.SQ_HOUSE_COST]
    assert spend.sum() == cash - t.cash(0)


def test_no_building_on_a_group_with_a_mortgaged_lot():
    """Section 'Construire', Important: no building while a lot of the group is mortgaged."""
    t = Table()
    t.set_cash(0, 100_000)
    t.give(0, "Oriental Avenue", "Vermont Avenue")
    t.give(0, "Connecticut Avenue", mortgaged=True)
    t.prm[0, L.P_UNMORTGAGE_RESERVE] = np.inf
    t.build(0)
    assert t.level("Oriental Avenue") == 0


def test_stopping_at_three_houses():
    """Section 'Construire' c): the strategy's target caps building (three_houses stops at 3)."""
    t = Table(strategy="three_houses")
    t.set_cash(0, 100_000)
    t.give(0, "Park Place", "Boardwalk")
    t.build(0)
    assert (t.level("Park Place"), t.level("Boardwalk")) == (3, 3)


def test_buildings_sell_back_at_half_and_evenly():
    """Section 'Vendre un batiment': half the price, evenly; a hotel trades back for 4 houses."""
    t = Table()
    t.give(0, "Park Place", "Boardwalk", level=5)
    cash = t.cash(0)
    assert t.sell_building(0, "dark_blue")
    assert sorted([t.level("Park Place"), t.level("Boardwalk")]) == [4, 5]
    assert t.cash(0) == cash + 100
    assert t.bank[L.B_HOUSES] == 32 - 4
    assert t.violations() == 0


def test_housing_shortage_auctions_contested_houses():
    """Section 'Crise du batiment': limited houses wanted by two players go to the highest bidder."""
    t = Table(players=2)
    t.set_cash(0, 5000)
    t.set_cash(1, 5000)
    t.give(0, "Park Place", "Boardwalk")
    t.give(1, "Mediterranean Avenue", "Baltic Avenue")
    t.bank[L.B_HOUSES] = 1
    t.prm[1, L.P_BID_FACTOR] = 10.0  # bids up to 500 for a 50 house; player 0 up to its 200 list price
    t.build(0)
    assert t.level("Mediterranean Avenue") + t.level("Baltic Avenue") == 1
    assert t.level("Park Place") + t.level("Boardwalk") == 0
    assert t.cash(1) == 5000 - 201, "one more than the other bidder's ceiling"
    assert t.bank[L.B_HOUSES] == 0



def test_a_housing_shortage_auction_opens_at_the_minimum_bid_not_at_the_price():
    """Sections 'Crise du batiment' and 'Vente aux encheres': "L'enchère commence à n'importe quel prix fixé
    par un joueur désireux de l'acheter et avec un minimum de €1". Player 0 wants a 200 house on the dark blues,
    player 1 a 50 one on the browns, each bidding up to the house's price: player 0 wins the last house for
    one more than 50. With rules.shortage_auction_from_price, the auction opens at the house's price: 200."""
    for from_price, paid in ((False, 51), (True, 200)):
        t = Table(players=2, overrides=[("rules.shortage_auction_from_price", from_price)])
        t.set_cash(0, 5000)
        t.set_cash(1, 5000)
        t.give(0, "Park Place", "Boardwalk")
        t.give(1, "Mediterranean Avenue", "Baltic Avenue")
        t.bank[L.B_HOUSES] = 1
        t.build(0)
        assert t.level("Park Place") + t.level("Boardwalk") == 1
        assert t.cash(0) == 5000 - paid and t.cash(1) == 5000


def test_housing_shortage_auctions_contested_hotels():
    """Section 'Crise du batiment': the rule covers hotels too; the last hotel wanted by two players goes
    to the highest bidder, and the loser keeps its four houses."""
    t = Table(players=2)
    t.set_cash(0, 5000)
    t.set_cash(1, 5000)
    t.give(0, "Park Place", "Boardwalk", level=4)
    t.give(1, "Mediterranean Avenue", "Baltic Avenue", level=4)
    t.bank[L.B_HOTELS] = 1
    t.prm[1, L.P_BID_FACTOR] = 10.0  # bids up to 500 for a 50 hotel; player 0 up to its 200 list price
    t.build(0)
    levels_1 = sorted([t.level("Mediterranean Avenue"), t.level("Baltic Avenue")])
    assert levels_1 == [4, 5]
    assert (t.level("Park Place"), t.level("Boardwalk")) == (4, 4)
    assert t.cash(1) == 5000 - 201, "one more than the other bidder's ceiling"
    assert t.bank[L.B_HOTELS] == 0


def test_an_uncontested_last_hotel_is_bought_at_its_price():
    """Section 'Crise du batiment': no auction when only one player wants the scarce hotel."""
    t = Table(players=2)
    t.set_cash(0, 5000)
    t.give(0, "Park Place", "Boardwalk", level=4)
    t.bank[L.B_HOTELS] = 1
    t.build(0)
    assert sorted([t.level("Park Place"), t.level("Boardwalk")]) == [4, 5]
    assert t.cash(0) == 5000 - 200

# --- Hypothequer ---------------------------------------------------------------------------------------

def test_raising_money_mortgages_then_sells_and_lifting_costs_ten_percent():
    """Sections 'Au secours ! J'ai besoin d'argent !' and 'Hypothequer une propriete'."""
    t = Table()
    t.set_cash(0, 0)
    t.give(0, "Reading Railroad")
    assert t.pay_bank(0, 90)
    assert t.own[t.sq("Reading Railroad"), L.O_MORTGAGED] == 1
    assert t.cash(0) == 10
    t.set_cash(0, 200)
    from simulator.engines.shared.play import lift_mortgages
    b = t.board
    lift_mortgages(b.sq, b.groups, t.own, b.rules, t.prm, t.pl, t.bank, 0)
    assert t.own[t.sq("Reading Railroad"), L.O_MORTGAGED] == 0
    assert t.cash(0) == 200 - 110


# --- Faillite ------------------------------------------------------------------------------------------

def test_bankruptcy_to_a_player_hands_over_everything_and_the_creditor_pays_interest():
    """Section 'Au secours !': mortgaged deeds and jail cards pass; the creditor pays 10% at once, and may
    "conserver les hypothèques": a strategy with lift_received_mortgages = 0 keeps them."""
    t = Table()
    t.prm[1, L.P_LIFT_RECEIVED_MORTGAGES] = 0.0
    t.set_cash(0, 30)
    t.give(0, "Baltic Avenue", mortgaged=True)
    t.deal_card(0, "cc_get_out_of_jail")
    card = t.board.card_ids.index("cc_get_out_of_jail")
    assert not t.pay_player(0, 1, 500)
    assert t.pl[0, L.PL_ALIVE] == 0
    assert t.owner("Baltic Avenue") == 1
    assert t.held[1, card] == 1
    assert t.cash(1) == 1500 + 30 - 3  # interest on a 30 mortgage
    assert t.own[t.sq("Baltic Avenue"), L.O_MORTGAGED] == 1
    assert t.violations() == 0


def test_a_creditor_pays_off_the_mortgages_it_receives_as_far_as_its_reserve_allows():
    """Section 'Au secours !': the creditor pays the 10% "puis choisir de conserver les hypothèques sur ces
    propriétés, ou tout régler tout de suite". By default a strategy pays off at once (the mortgage alone, the
    interest being paid) each mortgage it can while keeping its unmortgage_reserve; the rest it keeps."""
    for reserve, lifted in ((0.0, True), (1500 + 30 - 3 - 29, False)):
        t = Table()
        t.prm[1, L.P_UNMORTGAGE_RESERVE] = reserve
        t.set_cash(0, 30)
        t.give(0, "Baltic Avenue", mortgaged=True)
        assert not t.pay_player(0, 1, 500)
        assert t.owner("Baltic Avenue") == 1
        assert t.own[t.sq("Baltic Avenue"), L.O_MORTGAGED] == (0 if lifted else 1)
        assert t.cash(1) == 1500 + 30 - 3 - (30 if lifted else 0)
        assert t.pl[1, L.PL_MORTGAGES] == (0 if lifted else 1) and t.violations() == 0


def test_bankruptcy_to_the_bank_auctions_the_deeds_unmortgaged():
    """Section 'Au secours !': the bank takes the deeds and auctions them unmortgaged."""
    t = Table(players=3)
    t.set_cash(0, 0)
    t.give(0, "Boardwalk", mortgaged=True)
    assert not t.pay_bank(0, 5000)
    assert t.pl[0, L.PL_ALIVE] == 0
    assert t.owner("Boardwalk") in (1, 2)
    assert t.own[t.sq("Boardwalk"), L.O_MORTGAGED] == 0
    assert t.violations() == 0


# --- Passez des accords ----------------------------------------------------------------------------------

def test_trade_completes_a_group_when_the_seller_accepts_the_price():
    """Section 'Passez des accords avec vos adversaires': deeds sold between players at an agreed price."""
    t = Table(strategy="hard_trader")
    t.give(0, "Park Place")
    t.give(1, "Boardwalk")
    t.prm[0, L.P_SWAPS] = 0
    t.prm[1, L.P_TRADE_ACCEPT] = 1.5  # sells at 1.5x; player 0 offers 2x
    t.trade(0)
    assert t.owner("Boardwalk") == 0
    assert t.cash(0) == 1500 - 800 and t.cash(1) == 1500 + 800
    t2 = Table(strategy="hard_trader")
    t2.give(0, "Park Place")
    t2.give(1, "Boardwalk")
    t2.trade(0)  # hard traders sell only at 3x: no deal
    assert t2.owner("Boardwalk") == 1


def test_swap_completes_a_group_for_both_players():
    """Section 'Passez des accords': deeds exchanged for deeds, the difference in cash."""
    t = Table()
    t.give(0, "Park Place", "Mediterranean Avenue")
    t.give(1, "Boardwalk", "Baltic Avenue")
    t.trade(0)  # player 0 gets Baltic (60) for Park Place (350): player 1 pays the 290 difference
    assert (t.owner("Baltic Avenue"), t.owner("Park Place")) == (0, 1)
    assert t.cash(0) == 1500 + 290 and t.cash(1) == 1500 - 290
    assert t.violations() == 0


# --- House rules (options in the data file) ------------------------------------------------------------

def test_free_parking_jackpot_collects_taxes_when_switched_on():
    """'N'inventez pas vos regles': taxes go to the bank; the jackpot is a house-rule option, off by default."""
    t = Table(overrides=[("rules.free_parking_jackpot", True)])
    assert t.pay_bank(0, 200)
    assert t.bank[L.B_POT] == 200
    t.pl[1, L.PL_POS] = 15
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] == 5)
    t.turn(1)
    assert t.cash(1) == 1700 and t.bank[L.B_POT] == 0
    assert t.violations() == 0
    default = Table()
    assert default.pay_bank(0, 200) and default.bank[L.B_POT] == 0


# --- Au secours ! J'ai besoin d'argent ! (players out) -------------------------------------------------

def _ranks(t: Table) -> list[int]:
    """The ranks the engine records for the game as it stands (players_out's rank column)."""
    b = t.board
    rows = np.zeros((t.n, L.PO_COLUMNS), dtype=np.int64)
    engine._record(b.sq, t.own, b.rules, t.pl, t.bank, t.draws, np.zeros(b.n_squares, dtype=np.int64),
                   L.END_LAST_STANDING, 0, 0, np.zeros(L.GM_COLUMNS, dtype=np.int64), rows,
                   np.zeros((b.n_squares, L.SA_COLUMNS), dtype=np.int64),
                   np.zeros((len(b.card_ids), L.CA_COLUMNS), dtype=np.int64))
    return rows[:, L.PO_RANK].tolist()


def test_players_out_in_the_same_turn_rank_by_the_order_they_went_out():
    """Section 'Au secours ! J'ai besoin d'argent !': a player who cannot pay is out. Two players out in one
    turn (a birthday card each cannot pay) rank by the order they went out, the later out higher
    (`monopoly-mc schema`: rank), and no two players share a rank."""
    t = Table(players=3, buy_probability=0.0)
    t.board.rules[L.R_AUCTIONS] = 0
    t.set_cash(1, 5)
    t.set_cash(2, 5)
    t.put_on_top("community_chest", "birthday")
    t.pl[0, L.PL_POS] = 12
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and sum(r[0]) == 5)  # 12 + 5 = Community Chest 2
    t.turn(0)
    assert t.pl[:, L.PL_ALIVE].tolist() == [1, 0, 0]
    assert t.pl[1, L.PL_OUT_TURN] == t.pl[2, L.PL_OUT_TURN], "both out in the same turn"
    assert _ranks(t) == [1, 3, 2], "seat 1 paid first, so went out first"
    assert t.violations() == 0


# --- Quand c'est votre tour: laps of a small board ------------------------------------------------------

def test_a_roll_that_laps_a_small_board_pays_the_salary_once_for_each_lap():
    """Section 'Quand c'est votre tour' 4): the salary each time GO is passed. A data file may give 4
    squares: a roll of 12 from the last square passes GO three times and ends on that square."""
    t = Table(SMALL / "board_4_squares.toml")
    salary = t.board.rules[L.R_GO_SALARY]
    t.pl[0, L.PL_POS] = 3
    engine.advance(t.board.rules, t.pl, t.bank, 0, 12, 4)
    assert t.pl[0, L.PL_POS] == 3 and t.cash(0) == 1500 + 3 * salary
    engine.advance(t.board.rules, t.pl, t.bank, 0, 9, 4)  # 3 + 9 = 12: three laps, ending on GO
    assert t.pl[0, L.PL_POS] == 0 and t.cash(0) == 1500 + 6 * salary
    assert t.violations() == 0


# --- Every rule option moves the results the way its documentation says --------------------------------
# The board rule options (`monopoly-mc editions classic`), and the test of each: the parametrized test below for those in
# OPTION_EFFECTS; group_rent_requires_unmortgaged: test_us_reading_doubles_rent_with_a_mortgaged_lot;
# free_parking_jackpot: test_free_parking_jackpot_collects_taxes_when_switched_on; go_landing_bonus,
# sell_buildings_first, mortgage_percent, mortgage_interest_percent, building_sellback_percent: the tests
# after it (each sets one price or order); players_min, players_max: tests/test_hostile_inputs.py.

def _mean_rounds(frames):
    return frames["games"].rounds.mean()


def _per_game(column):
    return lambda frames: frames["players"].groupby("game")[column].sum().mean()


def _rent_on(kind):
    return lambda frames: frames["squares"].rent_collected[frames["squares"].kind == kind].sum()


OPTION_EFFECTS = [  # (option, value, what it moves, up or down, by at least this factor; None: from none to some)
    ("start_cash", 3000, _per_game("buildings_bought"), "up", 1.1),
    ("go_salary", 400, _mean_rounds, "up", 1.1),
    ("jail_fine", 1000, _per_game("jail_turns"), "up", 1.2),
    ("bank_houses", 8, _per_game("buildings_bought"), "down", 0.8),
    ("bank_hotels", 2, _per_game("hotels"), "down", 0.8),
    ("max_houses", 2, lambda f: f["players"].top_level.max(), "down", 0.8),
    ("complete_group_rent_multiplier", 10, lambda f: f["players"].rent_paid.sum() / f["games"].turns.sum(), "up",
     1.05),
    ("railroad_rent", [100, 200, 400, 800], _rent_on("railroad"), "up", 1.5),
    ("utility_multipliers", [40, 100], _rent_on("utility"), "up", 1.5),
    ("doubles_to_jail", 1, _per_game("jail_turns"), "up", 1.5),
    ("jail_max_turns", 1, _per_game("jail_turns"), "down", 0.9),
    ("auctions", False, lambda f: f["squares"].auctioned.sum(), "down", 0.1),
    ("auction_min_bid", 300, lambda f: f["squares"].auctioned.sum(), "down", 0.8),
    ("deal_deeds", 3, lambda f: f["squares"].bought.sum(), "down", 0.8),
    ("end_on_first_bankruptcy", True, lambda f: (f["games"].end_reason == "first_bankruptcy").mean(), "up", None),
    ("trading", False, _per_game("trades"), "down", 0.1),
    ("max_rounds", 30, lambda f: (f["games"].end_reason == "turn_cap").mean(), "up", None),
]
OPTION_LINEUP = ("buy_all", "cautious", "jail_late", "hard_trader")


def _frames(overrides, out):
    import pandas as pd

    from simulator.rules import load_edition
    from simulator.runner import RunSpec, run
    from strategies import get
    edition = load_edition("classic", overrides=overrides)
    run(RunSpec(edition=edition, lineup=[get("board", n) for n in OPTION_LINEUP], games=400, seed=21), out=out)
    return {"games": pd.read_parquet(out / "games"), "players": pd.read_parquet(out / "players"),
            "squares": pd.read_parquet(out / "squares.parquet")}


@pytest.fixture(scope="module")
def default_frames(tmp_path_factory):
    return _frames([], tmp_path_factory.mktemp("defaults"))


@pytest.mark.parametrize("option,value,measure,direction,factor", OPTION_EFFECTS,
                         ids=[effect[0] for effect in OPTION_EFFECTS])
def test_each_rule_option_moves_the_results_as_documented(default_frames, tmp_path, option, value, measure,
                                                          direction, factor):
    """The rule options of the board games, as the comments of classic.toml describe them: each option changed from
    its default moves what it governs, in its direction, by more than chance would (400 games, fixed seed)."""
    before = measure(default_frames)
    after = measure(_frames([(f"rules.{option}", value)], tmp_path / "r"))
    if factor is None:
        assert before == 0 < after
    elif direction == "up":
        assert after > factor * before > 0, (before, after)
    else:
        assert after < factor * before and before > 0, (before, after)


def test_go_landing_bonus_pays_the_salary_twice_on_go():
    """House rule go_landing_bonus (off by default): a move ending exactly on GO pays the salary twice."""
    for bonus, paid in ((False, 200), (True, 400)):
        t = Table(overrides=[("rules.go_landing_bonus", bonus)])
        t.pl[0, L.PL_POS] = 35
        engine.advance(t.board.rules, t.pl, t.bank, 0, 5, 40)
        assert t.pl[0, L.PL_POS] == 0 and t.cash(0) == 1500 + paid


def test_sell_buildings_first_sells_before_mortgaging():
    """Section 'Au secours ! J'ai besoin d'argent !' with option sell_buildings_first: by default a square
    outside complete groups is mortgaged before a building is sold; the option sells buildings first."""
    for first, mortgaged, houses in ((False, 1, 2), (True, 0, 1)):
        t = Table(overrides=[("rules.sell_buildings_first", first)])
        t.set_cash(0, 0)
        t.give(0, "Park Place", "Boardwalk", level=1)
        t.give(0, "Reading Railroad")
        assert t.pay_bank(0, 50)
        assert t.own[t.sq("Reading Railroad"), L.O_MORTGAGED] == mortgaged
        assert t.level("Park Place") + t.level("Boardwalk") == houses


@pytest.mark.parametrize("option,value,price", [
    ("mortgage_interest_percent", 50, 100 + 50),     # lifting a 100 mortgage
    ("building_sellback_percent", 100, 200),         # selling a 200 house
    ("mortgage_percent", 80, 160),                   # mortgaging a 200 railroad
])
def test_each_price_option_sets_its_price(option, value, price):
    """Sections 'Hypothequer une propriete' and 'Vendre un batiment': the percentages of the data file set
    what a mortgage pays and costs to lift and what a building sells back for."""
    t = Table(overrides=[(f"rules.{option}", value)])
    b = t.board
    t.set_cash(0, 0)
    if option == "building_sellback_percent":
        t.give(0, "Park Place", "Boardwalk", level=1)
        t.sell_building(0, "dark_blue")
        assert t.cash(0) == price
    elif option == "mortgage_percent":
        t.give(0, "Reading Railroad")
        assert t.pay_bank(0, 1) and t.cash(0) == price - 1
    else:
        t.give(0, "Reading Railroad", mortgaged=True)
        t.set_cash(0, 1000)
        engine.lift_mortgages(b.sq, b.groups, t.own, b.rules, t.prm, t.pl, t.bank, 0)
        assert t.cash(0) == 1000 - price
