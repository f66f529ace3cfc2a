"""Rule tests for Monopoly Millionaire (shared/rules/003_b78aa77f0f31f052.txt). Each test names the section
it checks; amounts are in thousands, as in the data file."""
import pandas as pd
import pytest

import strategies
from simulator.engines.millionaire import kernel as engine
from simulator.engines.millionaire import layout as M
from simulator.engines.shared.play import lift_mortgages, use_jail_card
from simulator.rules import EditionError, load_edition
from simulator.runner import RunSpec, run
from tests.engines.millionaire.table import MillionaireTable


def _fortune_discards(t: MillionaireTable) -> list[str]:
    return [t.board.card_ids[c] for c in t._queue(t.board.deck_names.index("fortune"))]


# --- Mise en place; Votre cash ------------------------------------------------------------------------

def test_each_player_starts_with_372k_at_one_star():
    """Votre cash !: 372,000 each; Les quatre differences: every pawn starts at 1 star."""
    t = MillionaireTable(players=4)
    assert [t.cash(p) for p in range(4)] == [372] * 4
    assert [t.stars(p) for p in range(4)] == [1] * 4


def test_a_fortune_card_lies_face_down_on_every_property():
    """Mise en place, Cartes Fortune: one card, face down and at random, on each property square."""
    t = MillionaireTable()
    b = t.board
    engine.deal_fortune(b.sq, b.rules, t.own, b.decks, t.dq)
    streets = b.sq[:, M.SQ_GROUP] >= 0
    cards = t.own[streets, M.O_FORTUNE]
    assert streets.sum() == 22 and (cards >= 0).all()
    assert (t.own[~streets, M.O_FORTUNE] == -1).all()
    assert sorted(cards) == sorted(b.decks[b.deck_names.index("fortune"), 1:23])
    assert t.violations() == 0


# --- Case Depart & evolution des pions --------------------------------------------------------------------

@pytest.mark.parametrize("stars,salary", [(1, 150), (3, 200), (5, 250)])
def test_go_pays_the_salary_of_the_star_level(stars, salary):
    """Case Depart, Montant de votre salaire: the salary grows with the level (facts.md: 150/200/250k)."""
    t = MillionaireTable(strategy="never_upgrade")
    t.set_stars(0, stars)
    t.pl[0, M.PL_POS] = 30
    t.advance(0, 4)
    assert t.cash(0) == 372 + salary and t.stars(0) == stars


def test_upgrading_takes_the_cost_out_of_the_salary_one_level_at_a_time():
    """Case Depart & evolution des pions: take the salary less the cost and swap 1 star for 3, then 3 for 5;
    no level is skipped, and 5 stars is the top."""
    t = MillionaireTable(strategy="upgrade_at_once")
    t.pl[0, M.PL_POS] = 30
    t.advance(0, 4)
    assert t.stars(0) == 3 and t.cash(0) == 372 + 150 - 50
    t.bank[M.B_ROUND] = 4
    t.advance(0, 32)
    assert t.stars(0) == 5 and t.cash(0) == 372 + 100 + 200 - 50
    assert t.pl[0, M.PL_STAR_ROUND + 1] == 4
    t.advance(0, 32)
    assert t.stars(0) == 5 and t.cash(0) == 372 + 100 + 150 + 250


def test_the_450k_reading_of_the_upgrade_cost_is_an_option():
    """Case Depart & evolution des pions gives 450k where Depart gives 50k: option rules.upgrade_cost."""
    t = MillionaireTable(strategy="upgrade_at_once", overrides=[("rules.upgrade_cost", 450)])
    t.pl[0, M.PL_POS] = 30
    t.advance(0, 4)
    assert t.stars(0) == 3 and t.cash(0) == 372 + 150 - 450
    t.use(1, "upgrade_rich")                      # keeps 300k after paying: 372 + 150 - 450 = 72 is too little
    t.pl[1, M.PL_POS] = 30
    t.advance(1, 4)
    assert t.stars(1) == 1 and t.cash(1) == 372 + 150


def test_no_upgrade_when_the_whole_salary_reaches_the_million():
    """Le premier joueur a 1 million remporte la partie: the salary alone wins, so it is taken whole."""
    t = MillionaireTable(strategy="upgrade_at_once")
    t.set_cash(0, 900)
    t.pl[0, M.PL_POS] = 30
    t.advance(0, 4)
    assert t.stars(0) == 1 and t.cash(0) == 1050
    t.land(0, "Light Blue 1")
    assert t.winner() == 0
    assert t.owner("Light Blue 1") == -1, "the game is over before buying"


# --- Comment reunir un million pour gagner ---------------------------------------------------------------

def test_a_player_wins_the_moment_it_holds_a_million_even_on_another_players_turn():
    """Le premier joueur qui possede 1 million en billets remporte la partie."""
    t = MillionaireTable()
    t.give(1, "Dark Blue 1", "Dark Blue 2", level=2)    # rent 250k
    t.set_cash(1, 800)
    t.land(0, "Dark Blue 2")
    assert t.cash(1) == 1050 and t.winner() == 1
    assert t.violations() == 0


def test_holding_property_worth_a_million_does_not_win():
    """Le premier joueur qui possede 1 million en billets: cash counts, not property."""
    t = MillionaireTable()
    t.give(0, *[name for name in t.board.square_names if name.startswith(("Green", "Dark Blue", "Yellow"))],
           level=5)
    t.land(1, "Free Parking")
    assert t.winner() == -1


# --- Cartes Fortune ---------------------------------------------------------------------------------------

def test_a_fortune_card_used_now_is_followed_by_buying_the_property():
    """Cartes Fortune: a 'use now' card gives two actions, the card, then buy or auction the property."""
    t = MillionaireTable()
    t.lay_fortune("Red 1", "windfall_100")
    t.land(0, "Red 1")
    assert t.cash(0) == 372 + 100 - 80 and t.owner("Red 1") == 0
    assert t.own[t.sq("Red 1"), M.O_FORTUNE] == -1
    assert _fortune_discards(t)[-1] == "windfall_100", "used Fortune cards go to the discard pile"
    assert t.draws[0, t.board.card_ids.index("windfall_100")] == 1
    t.land(1, "Red 1")
    assert t.cash(1) == 372 - 35, "an owned property holds no card: the lander only pays rent"


def test_a_fortune_card_kept_for_later_is_held_and_played_when_it_helps():
    """Cartes Fortune: a 'keep for later' card is kept face down and played once, later. Steal: the rival's
    property that completes the player's group (assumption: only with no buildings in its group)."""
    t = MillionaireTable()
    t.lay_fortune("Pink 1", "steal")
    t.land(0, "Pink 1")
    assert t.owner("Pink 1") == 0 and t.held[0, t.board.card_ids.index("steal")] == 1
    t.give(0, "Pink 2")
    t.give(1, "Pink 3")
    t.play_kept_cards(0)
    assert t.owner("Pink 3") == 0 and t.held[0].sum() == 0
    assert t.pl[0, M.PL_FORTUNE_PLAYED] == 1 and _fortune_discards(t)[-1] == "steal"


def test_a_steal_card_waits_for_a_completing_property_when_the_strategy_says_so():
    """Cartes Fortune, kept cards are used when the player wants (strategy parameter steal_any)."""
    t = MillionaireTable(strategy="upgrade_at_once", steal_any=0)
    t.deal_card(0, "steal")
    t.give(1, "Green 1", "Yellow 1")
    t.play_kept_cards(0)
    assert t.owner("Green 1") == 1 and t.held[0].sum() == 1
    t.use(0, "upgrade_at_once", steal_any=1)
    t.play_kept_cards(0)
    assert t.owner("Green 1") == 0, "the dearest property when none completes a group"


def test_no_property_moves_out_of_a_group_with_buildings():
    """Assumption: a card moves a property only when its group has no buildings, as in a trade."""
    t = MillionaireTable()
    t.deal_card(0, "steal")
    t.give(1, "Brown 1", "Brown 2", level=1)
    t.play_kept_cards(0)
    assert t.owner("Brown 1") == 1 and t.held[0].sum() == 1


def test_a_forced_swap_trades_a_spare_property_for_the_one_completing_a_group():
    """Cartes Fortune, 'force a swap' (facts.md): the player chooses both properties."""
    t = MillionaireTable()
    t.deal_card(0, "forced_swap")
    t.give(0, "Orange 1", "Orange 2", "Brown 1")
    t.give(1, "Orange 3", "Green 1")
    t.play_kept_cards(0)
    assert t.owner("Orange 3") == 0 and t.owner("Brown 1") == 1
    assert t.owner("Green 1") == 1 and t.violations() == 0


def test_a_free_house_is_built_evenly_without_paying():
    """Cartes Fortune, 'buy houses' (facts.md); Maisons & Hotels: build evenly on a complete group."""
    t = MillionaireTable()
    t.deal_card(0, "free_house")
    t.give(0, "Brown 1", "Brown 2", level=1)
    t.own[t.sq("Brown 2"), M.O_LEVEL] = 2
    t.bank[M.B_HOUSES] -= 1
    t.play_kept_cards(0)
    assert t.level("Brown 1") == 2 and t.cash(0) == 372
    assert t.violations() == 0


def test_a_housing_shortage_auction_opens_at_1k_a_rule_the_data_file_lists_as_borrowed_from_classic():
    """Contient (32 houses, 12 hotels) and Vente aux encheres ("Les enchères commencent à ₳1,000"); the rulebook
    says nothing of a shortage, so the classic Crise du batiment applies and the data file lists it as an
    assumption. Player 0 wants a 60k dark blue house, player 1 a 10k brown one, each bidding up to its price:
    player 0 wins the last house for 11k; with rules.shortage_auction_from_price, for its 60k price."""
    shortage = [a for a in load_edition("millionaire").assumptions if "shortage" in a["field"]]
    assert len(shortage) == 1 and "classic" in shortage[0]["source"] and "Contient" in shortage[0]["source"]
    for from_price, paid in ((False, 11), (True, 60)):
        t = MillionaireTable(overrides=[("rules.shortage_auction_from_price", from_price)])
        for p in (0, 1):
            t.prm[p, M.P_BID_FACTOR], t.prm[p, M.P_GROUP_BONUS], t.prm[p, M.P_BUILD_RESERVE] = 1.0, 0.0, 0.0
            t.set_cash(p, 500)
        t.give(0, "Dark Blue 1", "Dark Blue 2")
        t.give(1, "Brown 1", "Brown 2")
        t.bank[M.B_HOUSES] = 1
        t.build(0)
        assert t.level("Dark Blue 1") + t.level("Dark Blue 2") == 1
        assert t.cash(0) == 500 - paid and t.cash(1) == 500


def test_giving_a_property_away_hands_the_cheapest_spare_one_to_the_poorest_rival():
    """Cartes Fortune, 'give a property away' (facts.md); the receiver is an assumption."""
    t = MillionaireTable(players=3)
    t.give(0, "Red 1", "Pink 1")
    t.set_cash(2, 100)
    t.lay_fortune("Yellow 1", "give_away")
    t.land(0, "Yellow 1")
    assert t.owner("Pink 1") == 2 and t.owner("Red 1") == 0 and t.owner("Yellow 1") == 0


def test_a_jail_card_from_the_fortune_deck_frees_the_player_and_no_other_kept_card_does():
    """Aller en prison: use a 'Vous etes libere de prison' card, then roll; a Steal card is no such card.
    A used Fortune card goes to the discard pile."""
    t = MillionaireTable()
    b = t.board
    t.deal_card(0, "steal")
    assert not use_jail_card(t.held, b.decks, t.dq, b.cards, 0)
    t.deal_card(1, "fortune_get_out_of_jail")
    t.pl[1, M.PL_JAIL] = 0
    t.pl[1, M.PL_POS] = t.sq("Jail")
    t.set_cash(1, 0)                               # cannot pay the 50k: the card is the way out
    t.turn(1)
    assert t.pl[1, M.PL_JAIL] == -1 and t.held[1].sum() == 0
    assert "fortune_get_out_of_jail" in _fortune_discards(t)


# --- Cartes Vie de Millionnaire & Chance ------------------------------------------------------------------

def test_a_card_pays_the_amount_of_the_drawers_level():
    """Cartes Vie de Millionnaire & Chance, first example: at 3 stars this card pays 100k."""
    t = MillionaireTable()
    t.set_stars(0, 3)
    t.put_on_top("lifestyle", "shares_soar")
    t.land(0, "Lifestyle 1")
    assert t.cash(0) == 372 + 100
    t.put_on_top("lifestyle", "charity_gala")
    t.set_stars(1, 5)
    t.land(1, "Lifestyle 2")
    assert t.cash(1) == 372 - 100, "higher levels can cost more"


@pytest.mark.parametrize("wins", [True, False])
def test_a_dice_challenge_wins_when_the_total_reaches_the_levels_range(wins):
    """Cartes Vie de Millionnaire & Chance, second example: at 3 stars a total of 8 to 12 wins 150k."""
    t = MillionaireTable()
    t.set_stars(0, 3)
    t.seek_rolls(lambda rolls: (sum(rolls[0]) >= 8) == wins and sum(rolls[0]) in (7, 8))
    t.put_on_top("lifestyle", "casino")
    t.land(0, "Lifestyle 1")
    assert t.cash(0) == 372 + (150 if wins else 0)


def test_a_risky_card_fines_a_failed_roll_more_at_higher_levels():
    """Cartes Vie de Millionnaire & Chance: the action differs by level (assumed venture card: 7+ wins)."""
    t = MillionaireTable()
    t.set_stars(0, 5)
    t.seek_rolls(lambda rolls: sum(rolls[0]) < 7)
    t.put_on_top("lifestyle", "venture")
    t.land(0, "Lifestyle 1")
    assert t.cash(0) == 372 - 150


def test_a_card_advancing_past_go_pays_the_salary_and_offers_the_upgrade():
    """Case Depart: passing GO, by dice or card, pays the salary and allows the upgrade."""
    t = MillionaireTable(strategy="upgrade_at_once")
    t.put_on_top("chance", "advance_pink")
    t.land(0, "Chance 3")
    assert t.pl[0, M.PL_POS] == t.sq("Pink 1") and t.stars(0) == 3
    assert t.cash(0) == 372 + 150 - 50 - 35


# --- Propriete & loyer; Vente aux encheres --------------------------------------------------------------

def test_bare_rent_doubles_on_a_complete_group_even_with_a_mortgage():
    """Propriete & loyer: the bare rent is double when the owner holds the rest of the group (no word on
    mortgages: option group_rent_requires_unmortgaged, false)."""
    t = MillionaireTable()
    t.give(1, "Brown 1")
    assert t.rent("Brown 1") == 7
    t.give(1, "Brown 2", mortgaged=True)
    assert t.rent("Brown 1") == 14


def test_the_rulebooks_example_deed_sets_the_dark_blue_rents():
    """Propriete & loyer, the example deed: 65k bare, 100k / 250k / 370k / 430k with 1 to 4 houses."""
    t = MillionaireTable()
    rents = []
    for level in range(1, 5):
        t.give(1, "Dark Blue 1", "Dark Blue 2", level=level)
        rents.append(t.rent("Dark Blue 2"))
    assert rents == [100, 250, 370, 430]


def test_an_auction_starts_at_1k():
    """Vente aux encheres: 'Les encheres commencent a 1,000'; the player who declined may bid."""
    t = MillionaireTable()
    t.set_cash(0, 0)
    t.set_cash(1, 1)
    t.auction("Green 1", first=0)
    assert t.owner("Green 1") == 1 and t.cash(1) == 0


# --- Faillite ---------------------------------------------------------------------------------------------

def test_money_is_raised_by_selling_buildings_before_mortgaging():
    """Faillite: only when short, sell houses, then hotels, then mortgage (rules.sell_buildings_first)."""
    t = MillionaireTable()
    t.give(0, "Brown 1", "Brown 2", level=1)
    t.give(0, "Green 1")
    t.set_cash(0, 0)
    assert t.pay_bank(0, 5)
    assert t.level("Brown 1") + t.level("Brown 2") == 1, "one house sold back at half its 10k"
    assert t.own[t.sq("Green 1"), M.O_MORTGAGED] == 0 and t.cash(0) == 0
    classic_order = MillionaireTable(overrides=[("rules.sell_buildings_first", False)])
    classic_order.give(0, "Brown 1", "Brown 2", level=1)
    classic_order.give(0, "Green 1")
    classic_order.set_cash(0, 0)
    assert classic_order.pay_bank(0, 5)
    assert classic_order.own[classic_order.sq("Green 1"), M.O_MORTGAGED] == 1


def test_a_player_who_cannot_pay_is_out_and_the_last_one_in_wins():
    """Faillite (assumption: the classic rules): assets go to the creditor; alone, the last player wins."""
    t = MillionaireTable()
    t.give(1, "Dark Blue 1", "Dark Blue 2", level=5)
    t.give(0, "Brown 1")
    t.set_cash(0, 10)
    t.land(0, "Dark Blue 1")
    assert t.pl[0, M.PL_ALIVE] == 0 and t.owner("Brown 1") == 1
    assert t.violations() == 0


# --- Games ------------------------------------------------------------------------------------------------

def test_a_game_ends_with_a_millionaire_who_ranks_first():
    """Le premier joueur a 1 million remporte la partie: the games end by the million, its holder first."""
    edition = load_edition("millionaire")
    lineup = [strategies.get("millionaire", n) for n in ("upgrade_at_once", "never_upgrade", "sprinter", "random")]
    result = run(RunSpec(edition=edition, lineup=lineup, games=200, seed=3, check=True, batch_size=200),
                 keep_frames=True)
    games, players = result.games, result.players
    assert result.totals.violations == 0
    million = games[games.end_reason == "million"]
    assert len(million) > 150
    winners = players[players.won]
    assert (winners["rank"] == 1).all()
    assert (winners[winners.game.isin(million.game)].cash >= 1000).all()


def test_fortune_cards_may_not_move_the_pawn():
    """Cartes Fortune: after the card the landed-on property is bought or auctioned, so no move."""
    with pytest.raises(EditionError, match="decks.fortune.cards"):
        load_edition("millionaire", overrides=[("decks.fortune.cards.salary.effect", "go_to_jail")])


@pytest.mark.parametrize("path,value,message", [
    ("rules.salary", [150, 200], "rules.salary: expected 3 entries"),
    ("decks.lifestyle.cards.casino.min_roll", [10, 8, 13], "min_roll: expected an integer from 2 to 12"),
    ("decks.chance.cards.dividend.amount", "lots", "amount: expected an integer"),
    # found by the hostile-inputs test: a value past int64 raised OverflowError instead of a message
    ("decks.chance.cards.dividend.amount", 2 ** 63, "amount: expected an integer from -1,000,000,000 to"),
    ("rules.fortune_deck", "treasure", "rules.fortune_deck: expected one of lifestyle, chance, fortune"),
    ("rules.start_cash", 1000, "rules.start_cash: expected less than win_cash"),
])
def test_bad_values_are_refused_with_the_field_named(path, value, message):
    with pytest.raises(EditionError, match=message.replace("(", r"\(")):
        load_edition("millionaire", overrides=[(path, value)])


# --- Hypotheque -------------------------------------------------------------------------------------------

def _lift_mortgages(t: MillionaireTable, player: int) -> None:
    b = t.board
    lift_mortgages(b.sq, b.groups, t.own, b.rules, t.prm, t.pl, t.bank, player)


def test_lifting_a_mortgage_costs_the_mortgage_plus_10_percent_of_the_printed_value():
    """Hypotheque, Lever une hypotheque: pay the mortgage 'plus les interets correspondant a 10% de la valeur
    initiale de la propriete (indiquee sur la case du plateau)': Dark Blue 2 (200k, mortgage 100k) costs 120k.
    Option rules.mortgage_interest_on_price (true here; false is classic's 10% of the mortgage)."""
    t = MillionaireTable()
    t.give(0, "Dark Blue 2", mortgaged=True)
    _lift_mortgages(t, 0)
    assert t.own[t.sq("Dark Blue 2"), M.O_MORTGAGED] == 0 and t.cash(0) == 372 - 120
    assert t.violations() == 0
    classic = MillionaireTable(overrides=[("rules.mortgage_interest_on_price", False)])
    classic.give(0, "Dark Blue 2", mortgaged=True)
    _lift_mortgages(classic, 0)
    assert classic.cash(0) == 372 - 110


# --- Vente aux encheres -----------------------------------------------------------------------------------

def test_an_auctioned_property_finds_a_buyer_whenever_a_player_can_pay_the_minimum():
    """Vente aux encheres; Petites astuces: 'Votre tour n'est pas termine tant que la propriete n'a pas trouve
    son acheteur': players keeping a buying reserve still bid the 1k minimum when nobody bids more."""
    t = MillionaireTable(strategy="upgrade_rich")          # keeps 100k when buying
    t.set_cash(0, 60)
    t.set_cash(1, 60)
    t.auction("Pink 1", first=0)
    assert t.owner("Pink 1") == 0 and t.cash(0) == 59


# --- Strategies ---------------------------------------------------------------------------------------------

def test_build_first_takes_no_upgrade_before_it_has_built_a_complete_group_to_three_houses():
    """Case Depart & evolution des pions: the upgrade is the player's choice; build_first's description says
    it upgrades only once its complete groups are built to three houses, so not while it holds none."""
    t = MillionaireTable(strategy="build_first")
    t.pl[0, M.PL_POS] = 30
    t.advance(0, 4)
    assert t.stars(0) == 1, "no complete group yet"
    t.give(0, "Brown 1", "Brown 2", level=2)
    t.advance(0, 32)
    assert t.stars(0) == 1, "its group is below three houses"
    t.give(0, "Brown 1", "Brown 2", level=3)
    t.advance(0, 32)
    assert t.stars(0) == 3


# --- Strategies: each one-line description (strategies/millionaire.py, `monopoly-mc strategies`) holds on simulated games ----------

def _players(lineup: list[str], games: int = 2000, seed: int = 8, overrides=()):
    edition = load_edition("millionaire", overrides=list(overrides))
    result = run(RunSpec(edition=edition, lineup=[strategies.get("millionaire", n) for n in lineup], games=games,
                         seed=seed, check=True, batch_size=games), keep_frames=True)
    assert result.totals.violations == 0
    return result.players


@pytest.fixture(scope="module")
def played():
    """Every Millionaire strategy, in two tables of four, a few thousand games each."""
    return pd.concat([_players(["upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first"]),
                      _players(["sprinter", "random", "upgrade_at_once", "upgrade_rich"])])


def _of(players, name):
    return players[players.strategy == name]


def test_upgrade_at_once_takes_every_upgrade_and_buys_every_property_it_can_afford(played):
    """'takes every star upgrade it can afford on GO, buys and builds like buy_all'."""
    mine, never = _of(played, "upgrade_at_once"), _of(played, "never_upgrade")
    assert (mine.upgrades_skipped == 0).all() and never.upgrades_skipped.sum() > 100, "a skip is seen when it happens"
    assert (mine.bought == mine.offers).all() and mine.offers.sum() > 1000
    assert (mine.stars == 5).mean() > 0.5 and mine.hotels.sum() > 0


def test_never_upgrade_stays_at_one_star_and_keeps_the_whole_salary(played):
    """'stays at 1 star and keeps the whole salary'."""
    never = _of(played, "never_upgrade")
    assert (never.stars == 1).all() and (never.round_3_stars == -1).all() and (never.upgrade_cash_max == -1).all()


def test_upgrade_rich_keeps_300k_after_an_upgrade_and_100k_after_buying_or_building(played):
    """'upgrades only with 300k left after paying; keeps 100k when buying and building' (at the list price:
    at auction it bids at least the 1k minimum, rules.auction_must_sell)."""
    rich, eager = _of(played, "upgrade_rich"), _of(played, "upgrade_at_once")
    upgraded = rich[rich.upgrade_cash_min >= 0]
    assert len(upgraded) > 100 and (upgraded.upgrade_cash_min >= 300).all()
    assert (eager[eager.upgrade_cash_min >= 0].upgrade_cash_min < 300).any(), "a lower reserve is seen"
    spent = rich[rich.kept_cash_min >= 0]
    assert len(spent) > 100 and (spent.kept_cash_min >= 100).all()
    assert (eager[eager.kept_cash_min >= 0].kept_cash_min < 100).any()


def test_build_first_upgrades_only_once_its_complete_groups_have_three_houses(played):
    """'upgrades only once its complete groups are built to three houses': never with no complete group, nor
    with one below three houses."""
    first, eager = _of(played, "build_first"), _of(played, "upgrade_at_once")
    assert (first.upgrades_unbuilt == 0).all() and eager.upgrades_unbuilt.sum() > 100
    assert (first.stars > 1).sum() > 10, "it does climb once built"
    assert first[first.stars > 1].houses.sum() > 0


def test_sprinter_stops_spending_from_700k_and_trades_hard(played):
    """'stops building, lifting mortgages and upgrading from 700k of cash ...; trades hard for groups'."""
    sprinter, eager = _of(played, "sprinter"), _of(played, "upgrade_at_once")
    assert (sprinter.spend_cash_max < 700).all() and (sprinter.spend_cash_max >= 0).sum() > 100
    assert (eager.spend_cash_max >= 700).any(), "spending from 700k is seen when it happens"
    assert sprinter.trades.mean() > 2 * played[played.strategy != "sprinter"].trades.mean()


def test_random_buys_half_bids_half_the_price_climbs_to_three_stars_builds_to_two_houses(played):
    """'buys half the squares it lands on, bids half the price, climbs to 3 stars, builds to 2 houses'."""
    rnd, eager = _of(played, "random"), _of(played, "upgrade_at_once")
    assert 0.4 < rnd.bought.sum() / rnd.offers.sum() < 0.6
    won = rnd[rnd.auction_price_max >= 0]
    assert len(won) > 100 and (won.auction_price_max <= 50).all() and (eager.auction_price_max > 50).any()
    assert rnd.stars.max() == 3 and (rnd.stars == 3).mean() > 0.5
    assert rnd.hotels.sum() == 0 and (rnd.houses <= 2 * rnd.properties).all() and rnd.houses.sum() > 0


def test_no_strategy_upgrades_when_the_whole_salary_reaches_the_million():
    """strategies/millionaire.py SHARED_BEHAVIOUR: 'Every Millionaire strategy never upgrades when the whole salary would reach the million' (Le
    premier joueur qui possede 1 million remporte la partie). A 500k goal makes the case frequent."""
    names = ["upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first", "sprinter", "random"]
    players = pd.concat([_players(names[:4], overrides=[("rules.win_cash", 500)]),
                        _players(names[4:] + names[:2], overrides=[("rules.win_cash", 500)])])
    upgraded = players[players.upgrade_cash_max >= 0]
    assert upgraded.strategy.nunique() == 5 and (upgraded.upgrade_cash_max < 500).all()
    assert (upgraded.upgrade_cash_max >= 450).any(), "upgrades close to the goal are seen"
    assert players.groupby("strategy", observed=True).fortune_played.sum().min() > 0, "kept Fortune cards are played"


# --- Rule options: changing one moves the results the way the data file documents it ----------------------------

_WINDFALLS = {"title": "Windfalls", "cards": [{"id": "windfall", "text": "Receive 100k", "effect": "bank",
                                               "amount": 100, "count": 22}]}


def _games(overrides, lineup=("upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first"), games=1500):
    edition = load_edition("millionaire", overrides=list(overrides))
    result = run(RunSpec(edition=edition, lineup=[strategies.get("millionaire", n) for n in lineup], games=games,
                         seed=21, batch_size=games), keep_frames=True)
    return result


def _rounds(r):
    return r.games.rounds.mean()


def _players_sum(column):
    return lambda r: r.players[column].sum()


def _end_share(reason):
    return lambda r: (r.games.end_reason == reason).mean()


# (option, documented default, changed value, measure, the measure under the change: "more" or "less")
OPTION_EFFECTS = [
    ("rules.win_cash", 1000, 700, _rounds, "less"),                       # the first holding it wins
    ("rules.salary", [150, 200, 250], [300, 400, 500], _rounds, "less"),  # GO pays more
    ("rules.upgrade_cost", 50, 450, lambda r: (r.players.stars == 5).mean(), "less"),  # dearer stars
    ("rules.fortune_deck", "fortune", "windfalls", _players_sum("fortune_played"), "less"),  # no kept cards dealt
    ("rules.start_cash", 372, 600, _rounds, "less"),
    ("rules.auctions", True, False, lambda r: r.squares.auctioned.sum(), "less"),
    ("rules.auction_min_bid", 1, 100, lambda r: r.squares.auctioned.sum(), "less"),
    ("rules.trading", True, False, _players_sum("trades"), "less"),
    ("rules.max_rounds", 500, 12, _end_share("turn_cap"), "more"),
    ("rules.doubles_to_jail", 3, 1, _players_sum("jail_turns"), "more"),  # every double to jail
    ("rules.jail_max_turns", 3, 1, _players_sum("jail_turns"), "less"),
    ("rules.bank_houses", 32, 6, _players_sum("houses"), "less"),
    ("rules.bank_hotels", 12, 0, _players_sum("hotels"), "less"),
    ("rules.max_houses", 4, 2, _players_sum("hotels"), "more"),           # hotels after two houses
    ("rules.complete_group_rent_multiplier", 2, 10, _players_sum("rent_received"), "more"),
]
# Where every player able to pay the minimum bids it (auction_must_sell), a dearer minimum leaves nothing unsold.
_WITH = {"rules.auction_min_bid": [("rules.auction_must_sell", False)]}


@pytest.mark.parametrize("option,default,changed,measure,direction", OPTION_EFFECTS,
                         ids=[case[0] for case in OPTION_EFFECTS])
def test_each_rule_option_moves_the_results_the_documented_way(option, default, changed, measure, direction):
    """Comment reunir un million (win_cash); Case Depart & evolution des pions (salary, upgrade_cost); Cartes
    Fortune (fortune_deck); Votre cash (start_cash); Vente aux encheres (auctions, auction_min_bid,
    auction_must_sell); Aller en prison (doubles_to_jail, jail_max_turns); Maisons & Hotels (bank_houses,
    bank_hotels, max_houses); Propriete & loyer (complete_group_rent_multiplier); trading and max_rounds are
    the data file's. Same seed both ways (a change with no effect gives equal measures); the change must move
    the measure by more than 5%. The options whose effect in a game is rare or small are checked exactly by
    the rule tests above: sell_buildings_first (Faillite), group_rent_requires_unmortgaged (Propriete &
    loyer), mortgage_interest_on_price (Hypotheque), auction_must_sell (Vente aux encheres)."""
    extra = [("decks.windfalls", _WINDFALLS)] + _WITH.get(option, [])  # windfalls: dealt when fortune_deck names it
    before = measure(_games(extra + [(option, default)]))
    after = measure(_games(extra + [(option, changed)]))
    if direction == "less":
        assert before > 0 and after < 0.95 * before, (before, after)
    else:
        assert after > 0 and after > 1.05 * before, (before, after)
