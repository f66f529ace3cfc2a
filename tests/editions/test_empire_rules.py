"""Rule tests for Monopoly Empire, rulebook shared/rules/001_c7a601a583c9c737.txt. Each test names the
section it checks. Amounts are in k."""
import pytest

from simulator.engines import empire_layout as E
from simulator.runner import RunSpec, resolve_lineup, run
from simulator.rules import compile_rules, load_edition
from tests.helpers import EmpireTable

SWAP = 1  # the face of the second die bearing the Swap symbol (rules.swap_face)


# --- Mise en place; Comment gagner ? -------------------------------------------------------------------

def test_every_game_deals_two_empire_cards_each_and_ends_with_a_full_tower():
    """Mise en place 6 (1000k and two Empire cards each) and Comment gagner ? (the first full tower wins):
    over real games, each player's first two draws are Empire cards, and every finished game's winner
    holds a tower of at least 16 units."""
    edition = load_edition("empire")
    board = compile_rules(edition)
    result = run(RunSpec(edition=edition, lineup=resolve_lineup(edition, board, 3, []), games=300, seed=4,
                         check=True), keep_frames=True)
    empire_draws = result.cards[result.cards.deck == "empire"].draws.sum()
    assert empire_draws >= 2 * 3 * 300
    players = result.players
    winners = players[players.won]
    assert len(winners) == result.totals.finished > 0
    assert (winners.tower_height >= 16).all() and (winners["rank"] == 1).all()
    assert (players[~players.won].tower_height < 16).all()
    assert result.totals.violations == 0


# --- Case Depart -----------------------------------------------------------------------------------------

def test_go_pays_your_own_tower_value_and_50k_when_it_is_empty():
    """Case Depart: passing or landing on GO pays the value of your tower; no brand: 50k."""
    t = EmpireTable()
    t.pl[0, E.PL_POS] = 30
    t.advance(0, 8)
    assert t.cash(0) == 1000 + 50
    t.stack(1, "Nerf", "Billboard", "Levi's")   # 1 + 2 + 2 = 5 units: 250k
    t.pl[1, E.PL_POS] = 30
    t.advance(1, 6)                              # lands exactly on GO
    assert t.cash(1) == 1000 + 250
    t.advance(1, 6)                              # moving on from GO pays nothing
    assert t.cash(1) == 1000 + 250


# --- Cases propriete; Les ventes aux encheres ----------------------------------------------------------

def test_an_unowned_brand_is_bought_at_its_price_into_the_tower():
    """Cases propriete: pay the printed price and slide the billboard into your tower."""
    t = EmpireTable()
    t.land(0, "Billboard")
    assert t.cash(0) == 1000 - 150 and t.tower(0) == ["Billboard"] and t.height(0) == 2
    assert t.owner("Billboard") == 0


def test_a_declined_brand_is_auctioned_from_50k_in_steps_of_50k_the_decliner_bidding_too():
    """Les ventes aux encheres: start at 50k, raise by 50k, everyone bids including the player who
    declined; the highest bid buys."""
    t = EmpireTable()
    t.use(0, "buy_everything", buy_probability=0, bid_factor=1.0, group_bonus=0)  # ceiling 150k: bids 150k
    t.use(1, "buy_everything", bid_factor=0.7, group_bonus=0)                     # ceiling 105k: bids 100k
    t.land(0, "Billboard")
    assert t.owner("Billboard") == 0
    assert t.cash(0) == 1000 - 150, "one step above the runner-up's 100k"
    assert t.sq_agg[t.sq("Billboard"), E.SA_AUCTIONED] == 1


def test_with_no_bid_the_brand_stays_on_the_board():
    """Les ventes aux encheres, 'Et si personne ne fait d'offre ?': the billboard stays on the board."""
    t = EmpireTable()
    t.use(0, "buy_everything", buy_probability=0, bid_factor=0.2, group_bonus=0)  # 30k: below the 50k start
    t.use(1, "buy_everything", bid_factor=0.2, group_bonus=0)
    t.land(0, "Billboard")
    assert t.owner("Billboard") == -1 and t.cash(0) == t.cash(1) == 1000


def test_rent_is_the_owners_tower_value():
    """Propriete appartenant deja a un autre joueur: pay the owner the value of its tower."""
    t = EmpireTable()
    t.stack(1, "Nerf", "Billboard", "Levi's")   # 5 units: 250k
    t.land(0, "Nerf")
    assert t.cash(0) == 1000 - 250 and t.cash(1) == 1000 + 250


def test_an_owner_in_jail_collects_no_rent():
    """Case Allez en Prison: 'Lorsque vous etes en Prison, vous ne touchez aucun loyer !'"""
    t = EmpireTable()
    t.stack(1, "Nerf", "Billboard")
    t.pl[1, E.PL_JAIL] = 0
    t.land(0, "Billboard")
    assert t.cash(0) == t.cash(1) == 1000


# --- Groupe de propriete complet = Bonus Immeuble ------------------------------------------------------

def test_a_complete_group_earns_a_free_skyscraper_once():
    """Groupe de propriete complet: all billboards of a colour in your tower earn a skyscraper tile free.
    Default assumption: once per player and group (rules.bonus_once_per_group)."""
    t = EmpireTable()
    t.stack(0, "Nerf")
    t.land(0, "Transformers")
    assert t.tower(0) == ["Nerf", "Transformers", "skyscraper"]
    assert t.height(0) == 1 + 1 + 4 and t.bank[E.B_SKYSCRAPERS] == 5
    t.land(0, "Tower Tax")       # the skyscraper goes back to the bank
    t.land(0, "Tower Tax")       # Transformers goes back to the board
    t.land(0, "Transformers")    # the group is complete again
    assert t.tower(0) == ["Nerf", "Transformers"] and t.bank[E.B_SKYSCRAPERS] == 6


def test_option_a_skyscraper_each_time_the_group_is_completed():
    """Groupe de propriete complet, option bonus_once_per_group = false."""
    t = EmpireTable(overrides=[("rules.bonus_once_per_group", False)])
    t.stack(0, "Nerf")
    t.land(0, "Transformers")
    t.land(0, "Tower Tax")
    t.land(0, "Tower Tax")
    t.land(0, "Transformers")
    assert t.tower(0) == ["Nerf", "Transformers", "skyscraper"]


def test_a_skyscraper_can_be_bought_for_500k_while_the_bank_has_one():
    """Groupe de propriete complet: 'Vous pouvez egalement acheter un cartouche Immeuble en payant a la
    Banque 500k' (the bank holds 6)."""
    t = EmpireTable(strategy="skyscraper_saver")
    t.bank[E.B_SKYSCRAPERS] = 1
    t.seek_rolls(lambda r: _plain(r[0], 7))   # to Polaroid, which it cannot afford above its reserve
    t.turn(0)
    assert t.tower(0)[0] == "skyscraper" and t.pl[0, E.PL_SKYSCRAPERS_BOUGHT] == 1
    assert t.bank[E.B_SKYSCRAPERS] == 0, "only the one the bank held"


# --- Compagnies de Service Public --------------------------------------------------------------------

def test_utility_billboards_sell_at_150k_while_the_pile_lasts():
    """Cases Compagnies de Service Public: buy a billboard for 150k; none left, nothing happens."""
    t = EmpireTable()
    t.own[t.sq("Electric Company"), E.O_STOCK] = 1
    t.land(0, "Electric Company")
    assert t.tower(0) == ["Electric Company"] and t.cash(0) == 1000 - 150
    t.land(1, "Electric Company")
    assert t.tower(1) == [] and t.cash(1) == 1000 and t.cash(0) == 1000 - 150, "no billboard left, no rent"


# --- Taxe Tour Rivale; Taxe Tour de Luxe -------------------------------------------------------------

def test_rival_tower_tax_sends_a_rivals_top_billboard_back_to_the_board():
    """Case Taxe Tour Rivale: take the top billboard of an opponent's tower back to the board."""
    t = EmpireTable(players=3)
    t.stack(1, "Nerf", "Billboard")
    t.stack(2, "Razor")
    t.land(0, "Rival Tower Tax")
    assert t.tower(1) == ["Nerf"] and t.owner("Billboard") == -1 and t.tower(2) == ["Razor"]


def test_tower_tax_sends_your_own_top_billboard_back():
    """Case Taxe Tour de Luxe: your own top billboard goes back to the board."""
    t = EmpireTable()
    t.stack(0, "Nerf", "Billboard")
    t.land(0, "Tower Tax")
    assert t.tower(0) == ["Nerf"] and t.owner("Billboard") == -1 and t.height(0) == 1


def test_pas_touche_protects_a_tower_and_just_say_no_answers_it():
    """Super Empire card 'PAS TOUCHE': protects your tower; a Just Say No answers it (assumed chain)."""
    t = EmpireTable()
    t.stack(1, "Nerf", "Billboard")
    t.deal_card(1, "pas_touche")
    t.land(0, "Rival Tower Tax")
    assert t.tower(1) == ["Nerf", "Billboard"] and t.pl[1, E.PL_BLOCKED] == 1
    assert t.held[1].sum() == 0 and t.violations() == 0, "the used card went back under its deck"
    t.deal_card(1, "pas_touche")
    t.deal_card(0, "just_say_no")
    t.land(0, "Rival Tower Tax")
    assert t.tower(1) == ["Nerf"], "the protection was cancelled"


# --- Case Parc Gratuit -------------------------------------------------------------------------------

def test_free_parking_pays_100k_to_move_anywhere_and_play_on():
    """Case Parc Gratuit: pay 100k, move to any square but Free Parking, and the turn goes on there."""
    t = EmpireTable()
    t.land(0, "Free Parking")
    assert t.cash(0) == 1000 - 100 - 350 and t.tower(0) == ["Heinz"], "moved to a tall brand and bought it"
    t = EmpireTable(strategy="cautious")
    t.land(0, "Free Parking")
    assert t.cash(0) == 1000 and t.board.square_names[t.pl[0, E.PL_POS]] == "Free Parking"


def test_free_parking_move_past_go_collects_the_tower_value():
    """Case Parc Gratuit: 'Si vous passez par la case Depart, vous touchez la valeur de votre tour.'"""
    t = EmpireTable()
    for name in ("Nerf", "Transformers", "Razor", "Polaroid", "Virgin", "Billboard", "Wilson", "Puma",
                 "Levi's", "Candy Crush", "Food Network", "Guitar Hero", "Nickelodeon", "Yahoo", "Caterpillar",
                 "Ford", "eBay", "Heinz", "Universal", "Xbox", "Skype", "Beats"):
        t.own[t.sq(name), E.O_OWNER] = 1   # nothing left to buy: the move worth making is to GO
    t.own[t.sq("Electric Company"), E.O_STOCK] = t.own[t.sq("Water Works"), E.O_STOCK] = 0
    t.stack(0, "Electric Company", "Water Works")   # 4 units: 200k
    t.land(0, "Free Parking")
    assert t.pl[0, E.PL_POS] == 0 and t.cash(0) == 1000 - 100 + 200


# --- Comment jouer ? ---------------------------------------------------------------------------------

def _numeric(rolls):
    return [(a, 0 if b == SWAP else b) for a, b in rolls]


def test_a_double_plays_again_and_the_third_double_goes_to_jail():
    """Comment jouer ? 4: a double gives another turn; three in a row send you to jail at once. The Swap
    face is no number, so (1, Swap) is no double (assumption)."""
    t = EmpireTable(strategy="buy_everything")
    t.seek_rolls(lambda r: all(a == b and b != SWAP for a, b in r[:3]) and sum(r[0]) + sum(r[1]) < 18)
    t.turn(0)
    assert t.pl[0, E.PL_TILES] == 2, "bought a billboard on each of the first two doubles"
    assert t.pl[0, E.PL_JAIL] == 0 and t.board.square_names[t.pl[0, E.PL_POS]] == "Jail"


def test_the_swap_face_swaps_tops_and_replaces_the_move():
    """Vous obtenez le symbole Echange ?: swap the top billboards of two towers, and do not move
    (default reading of 'vous ne relancez pas les des', rules.swap_then_move = false)."""
    t = EmpireTable(strategy="swapper")
    t.stack(0, "Nerf")
    t.stack(1, "Razor", "Heinz")
    t.seek_rolls(lambda r: r[0][1] == SWAP)
    t.turn(0)
    assert t.tower(0) == ["Heinz"] and t.tower(1) == ["Razor", "Nerf"]
    assert t.owner("Heinz") == 0 and t.owner("Nerf") == 1 and t.pl[0, E.PL_POS] == 0


def test_option_swap_then_move_by_the_other_die():
    """Vous obtenez le symbole Echange ?, option swap_then_move = true: swap, then move by the other die."""
    t = EmpireTable(strategy="swapper", overrides=[("rules.swap_then_move", True)])
    t.stack(0, "Nerf")
    t.stack(1, "Razor", "Heinz")
    t.seek_rolls(lambda r: r[0] == (3, SWAP))
    t.turn(0)
    assert t.tower(0) == ["Heinz", "Transformers"], "swapped, then moved 3 and bought Transformers"
    assert t.pl[0, E.PL_POS] == 3


def test_ignoring_the_swap_face_moves_by_the_other_die():
    """Vous obtenez le symbole Echange ?: 'utilisez le score du second de' when you do not swap."""
    t = EmpireTable(strategy="random")   # never swaps
    t.seek_rolls(lambda r: r[0][1] == SWAP and r[0][0] == 5)
    t.turn(0)
    assert t.board.square_names[t.pl[0, E.PL_POS]] == "Razor"


# --- Comment sortir de Prison ? ----------------------------------------------------------------------

def _prisoner(strategy, **params):
    t = EmpireTable(strategy=strategy, **params)
    t.pl[0, E.PL_POS] = t.sq("Jail")
    t.pl[0, E.PL_JAIL] = 0
    return t


def _plain(roll, total):
    """A roll that is no double, shows no Swap face and adds up to `total`."""
    return roll[0] != roll[1] and roll[1] != SWAP and sum(roll) == total


def test_jail_pay_100k_then_roll():
    """Comment sortir de Prison ? 1: pay 100k at the start of the turn, then roll as usual."""
    t = _prisoner("buy_everything")   # pay_jail = 1
    t.seek_rolls(lambda r: _plain(r[0], 6))
    t.turn(0)
    assert t.pl[0, E.PL_JAIL] == -1 and t.tower(0) == ["Levi's"] and t.cash(0) == 1000 - 100 - 200


def test_jail_three_failed_doubles_pay_50k_and_move_by_the_last_roll():
    """Comment sortir de Prison ? 3: three turns to roll a double; then pay 50k and move by the last roll."""
    t = _prisoner("cautious")   # rolls for doubles
    t.seek_rolls(lambda r: all(a != b for a, b in _numeric(r[:2])) and _plain(r[2], 6))
    t.turn(0)
    t.turn(0)
    assert t.pl[0, E.PL_JAIL] == 2 and t.cash(0) == 1000 and t.pl[0, E.PL_POS] == t.sq("Jail")
    t.turn(0)
    assert t.pl[0, E.PL_JAIL] == -1 and t.tower(0) == ["Levi's"] and t.cash(0) == 1000 - 50 - 200


def test_a_jail_card_frees_the_prisoner_and_goes_back_under_the_deck():
    """Comment sortir de Prison ? 2: use a Get Out of Jail Free card, put it under its deck, roll."""
    t = _prisoner("cautious")
    t.deal_card(0, "chance_get_out_of_jail")
    t.seek_rolls(lambda r: _plain(r[0], 6))
    t.turn(0)
    assert t.held[0].sum() == 0 and t.tower(0) == ["Levi's"] and t.cash(0) == 1000 - 200
    assert t.violations() == 0


# --- Faillite ! ----------------------------------------------------------------------------------------

def test_a_debt_to_a_player_that_cannot_be_paid_costs_the_top_billboard():
    """Faillite !: keep your few notes and give your top billboard to the player you owe."""
    t = EmpireTable()
    t.stack(0, "Nerf", "Billboard")
    t.set_cash(0, 30)
    assert not t.pay_player(0, 1, 250)
    assert t.cash(0) == 30 and t.tower(0) == ["Nerf"] and t.tower(1) == ["Billboard"]
    assert t.owner("Billboard") == 1 and t.pl[0, E.PL_LOST] == 1


def test_a_debt_to_the_bank_that_cannot_be_paid_returns_the_top_billboard_to_the_board():
    """Faillite !: a debt to the bank: keep your notes, the top billboard goes back to the board; with no
    billboard, nothing happens."""
    t = EmpireTable()
    t.stack(0, "Nerf", "Billboard")
    t.set_cash(0, 30)
    assert not t.pay_bank(0, 200)
    assert t.cash(0) == 30 and t.tower(0) == ["Nerf"] and t.owner("Billboard") == -1
    t.set_cash(1, 0)
    assert not t.pay_bank(1, 200) and t.tower(1) == [] and t.cash(1) == 0


def test_the_first_full_tower_wins_even_overshooting():
    """Comment gagner ?: the first to fill the tower wins; the last billboard may overshoot."""
    t = EmpireTable()
    t.stack(0, "Skype", "Heinz", "Universal", "Wilson")   # 14 units
    t.land(0, "Caterpillar")                             # +3: 17 units
    assert t.bank[E.B_WINNER] == 0 and t.height(0) == 17


# --- Collectionnez les cartes Empire ! -----------------------------------------------------------------

def test_empire_cards_are_kept_in_hand_and_chance_cards_apply_at_once():
    """Case carte Empire: draw and keep (cards are collected); Case carte Chance: follow it at once."""
    t = EmpireTable()
    t.put_on_top("empire", "charge_400")
    t.land(0, "Empire 1")
    assert t.held[0, t.board.card_ids.index("charge_400")] == 1
    t.put_on_top("chance", "award_400")
    t.land(0, "Chance 1")
    assert t.cash(0) == 1400 and t.held[0].sum() == 1


def test_a_charge_card_is_answered_by_just_say_no_and_that_by_another():
    """Empire cards: an action against you can be cancelled with Just Say No, which its player can answer
    with another."""
    t = EmpireTable()
    t.deal_card(0, "charge_400")
    t.deal_card(1, "just_say_no")
    t.play(0, "charge_400")
    assert t.cash(0) == t.cash(1) == 1000 and t.pl[1, E.PL_BLOCKED] == 1
    t.deal_card(0, "charge_400")
    t.deal_card(0, "just_say_no")
    t.deal_card(1, "just_say_no")
    t.play(0, "charge_400")
    assert t.cash(0) == 1400 and t.cash(1) == 600
    assert t.violations() == 0


def test_vous_etes_renvoye_sends_a_colour_back_to_the_board():
    """Super Empire card 'VOUS ETES RENVOYE': brands go back on the board; the tiles above drop down."""
    t = EmpireTable(players=3)
    t.stack(1, "Heinz", "Nerf", "Universal")
    t.stack(2, "Xbox")
    t.stack(0, "Razor")
    t.deal_card(0, "vous_etes_renvoye")
    t.play(0, "vous_etes_renvoye")
    assert t.tower(1) == ["Nerf"] and t.tower(2) == [] and t.tower(0) == ["Razor"]
    assert t.owner("Heinz") == t.owner("Universal") == t.owner("Xbox") == -1
    assert t.height(1) == 1 and t.violations() == 0


@pytest.mark.parametrize("option,value", [("rules.swap_face", 7), ("rules.tower_values", [50, 100])])
def test_bad_empire_values_are_refused_with_the_field(option, value):
    from simulator.rules import EditionError
    with pytest.raises(EditionError, match=option.split(".")[1]):
        load_edition("empire", overrides=[(option, value)])
