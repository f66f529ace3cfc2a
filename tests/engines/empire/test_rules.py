"""Rule tests for Monopoly Empire, rulebook shared/rules/001_c7a601a583c9c737.txt. Each test names the
section it checks. Amounts are in k."""
import pytest

from simulator.engines.empire import layout as E
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from strategies import empire_logic as S
from tests.engines.empire.table import EmpireTable

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


def test_a_debt_costs_the_highest_brand_billboard_never_a_skyscraper_and_nothing_without_one():
    """Faillite !: 'donnez / retournez le cartouche de la marque la plus haute de votre tour'; a skyscraper
    is no brand, so it stays; 'Si vous n'avez plus de cartouches de marques dans votre tour, ne faites rien'."""
    t = EmpireTable()
    t.stack(0, "Nerf", "skyscraper")
    t.set_cash(0, 0)
    assert not t.pay_player(0, 1, 100)
    assert t.tower(0) == ["skyscraper"] and t.tower(1) == ["Nerf"] and t.owner("Nerf") == 1
    assert t.pl[0, E.PL_LOST] == 1
    assert not t.pay_player(0, 1, 100) and not t.pay_bank(0, 200)
    assert t.tower(0) == ["skyscraper"] and t.bank[E.B_SKYSCRAPERS] == 5 and t.pl[0, E.PL_LOST] == 1
    t.stack(0, "Electric Company", "skyscraper")   # a utility billboard is one of the box's brand billboards
    assert not t.pay_bank(0, 200)
    assert t.tower(0) == ["skyscraper", "skyscraper"] and t.own[t.sq("Electric Company"), E.O_STOCK] == 4
    assert t.violations() == 0


def test_the_tower_taxes_take_the_top_tile_even_a_skyscraper():
    """Case Taxe Tour Rivale and Case Taxe Tour de Luxe: 'le cartouche le plus haut', whatever it is; a
    skyscraper goes back to the bank."""
    t = EmpireTable()
    t.stack(0, "Nerf", "skyscraper")
    t.stack(1, "Razor", "skyscraper")
    t.land(0, "Tower Tax")
    t.land(0, "Rival Tower Tax")
    assert t.tower(0) == ["Nerf"] and t.tower(1) == ["Razor"] and t.bank[E.B_SKYSCRAPERS] == 6


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


# --- Audit fixes (issue 15): the Swap face and doubles, the end of the game, the counters ------------

def _nothing_to_buy(tmp_path, **rules):
    """A board of GO, a jail and brands nobody can ever pay for, no card or tax square, no auction: every
    roll moves the pawn and counts one landing."""
    path = tmp_path / "nothing_to_buy.toml"
    brands = "\n".join(f'  {{ name = "B{i}", kind = "brand", group = "g{i % 4}", price = 1000000, height = 1 }},'
                       for i in range(30))
    extra = "\n".join(f"{k} = {str(v).lower()}" for k, v in rules.items())
    squares = f'squares = [\n  {{ name = "GO", kind = "go" }},\n{brands}\n  {{ name = "Jail", kind = "jail" }},\n]\n'
    path.write_text(squares +
                    f'[edition]\nextends = "empire"\nname = "nothing_to_buy"\n'
                    f'[rules]\nauctions = false\nmax_rounds = 40\n{extra}\n')
    return path


def _rolls_per_turn(path, games=1500):
    edition = load_edition(str(path))
    board = compile_rules(edition)
    result = run(RunSpec(edition=edition, lineup=resolve_lineup(edition, board, 4, ["buy_everything"] * 4),
                         games=games, seed=11), keep_frames=True)
    return result.squares.landings.sum() / result.games.turns.sum()


@pytest.mark.parametrize("swap_then_move", [False, True])
def test_a_declined_swap_face_beside_a_one_is_no_double(swap_then_move):
    """Comment jouer ? 4 and Vous obtenez le symbole Echange ?: (1, Swap) is no double, whether the swap is
    declined or made and followed by a move (swap_then_move): the turn ends after that one move."""
    t = EmpireTable(strategy="swapper", overrides=[("rules.swap_then_move", swap_then_move)])
    if swap_then_move:
        t.stack(0, "Nerf")
        t.stack(1, "Razor", "Heinz")
    t.seek_rolls(lambda r: r[0] == (1, SWAP) and r[1][0] != r[1][1])
    t.turn(0)
    assert t.pl[0, E.PL_POS] == 1, "moved by the 1 and rolled no more"
    assert t.tower(0) == (["Heinz"] if swap_then_move else ["Nerf"])


def test_rolls_per_turn_count_only_numeric_doubles(tmp_path):
    """Comment jouer ? 4: a double plays again, the third goes to jail; with the Swap face on a die the
    chance of a double is 5/36 (1-1 shows the Swap face), so a turn rolls 1 + 5/36 + (5/36)^2 = 1.1582
    times on a board where nothing can be bought (no swap possible, no card, no tax)."""
    p = 5 / 36
    assert abs(_rolls_per_turn(_nothing_to_buy(tmp_path)) - (1 + p + p * p)) < 0.004


def test_a_billboard_given_for_a_debt_that_fills_the_tower_ends_the_game_at_once():
    """Comment gagner ? and Faillite !: every player owes the drawer; the first billboard given up that fills
    its tower ends the game, and the other players keep theirs."""
    t = EmpireTable(players=4)
    t.stack(0, "Skype", "Heinz", "Universal", "Wilson")   # 14 units
    t.stack(1, "Nerf", "Xbox")
    t.stack(2, "Razor", "Beats")
    t.stack(3, "Polaroid", "skyscraper")
    for p in (1, 2, 3):
        t.set_cash(p, 0)
    t.put_on_top("chance", "birthday")
    t.land(0, "Chance 1")
    assert t.bank[E.B_WINNER] == 0 and t.height(0) == 18
    assert t.tower(2) == ["Razor", "Beats"] and t.tower(3) == ["Polaroid", "skyscraper"]
    assert t.violations() == 0


def test_a_billboard_that_fills_the_tower_earns_no_bonus_skyscraper_on_top():
    """Comment gagner ? and Groupe de propriete complet: the game ends when the tower is full, before the
    bonus skyscraper of the group the last billboard completes."""
    t = EmpireTable()
    t.stack(0, "Nerf", "Heinz", "Universal", "Skype", "Billboard")   # 15 units
    t.land(0, "Transformers")
    assert t.bank[E.B_WINNER] == 0 and t.height(0) == 16 and t.bank[E.B_SKYSCRAPERS] == 6


@pytest.mark.parametrize("swapper,winner", [(0, 1), (2, 2)])
def test_a_swap_that_fills_two_towers_goes_to_the_first_in_turn_order_from_the_swapper(swapper, winner):
    """Vous obtenez le symbole Echange ? and Comment gagner ? (assumption): tower 1 gets Transformers, which
    completes its brown group, and the bonus skyscraper fills it; tower 2 gets the taller Skype and is full
    too. The first of the two in turn order from the player who swapped wins."""
    t = EmpireTable(players=3)
    t.stack(1, "Nerf", "Heinz", "Universal", "Billboard", "Skype")          # 15 units, Skype (4) on top
    t.stack(2, "Xbox", "Beats", "Caterpillar", "Levi's", "Transformers")    # 14 units, Transformers (1) on top
    t.swap_tops(1, 2, swapper)
    assert t.height(1) == 16 and t.height(2) == 17
    assert t.bank[E.B_WINNER] == winner and t.violations() == 0


def test_the_swap_face_can_exchange_two_rivals_tops():
    """Vous obtenez le symbole Echange ?: 'les cartouches des marques les plus hautes des 2 tours de votre
    choix (la votre y compris)': the swapper hands the leader's tall top to a trailing rival."""
    t = EmpireTable(players=3, strategy="swapper")
    t.stack(0, "Razor", "Xbox")                   # its own top is tall: swapping it gains nothing
    t.stack(1, "Heinz", "Universal", "Skype")     # the leader, 12 units
    t.stack(2, "Polaroid", "Nerf")
    t.seek_rolls(lambda r: r[0][1] == SWAP)
    t.turn(0)
    assert t.tower(1) == ["Heinz", "Universal", "Nerf"] and t.tower(2) == ["Polaroid", "Skype"]
    assert t.tower(0) == ["Razor", "Xbox"] and t.pl[0, E.PL_POS] == 0 and t.pl[0, E.PL_SWAPS] == 1
    assert t.owner("Skype") == 2 and t.owner("Nerf") == 1 and t.violations() == 0


def test_a_swap_exchanges_the_highest_brand_billboards_never_a_skyscraper():
    """Vous obtenez le symbole Echange ?: 'Echangez les cartouches des marques les plus hautes des 2 tours':
    the swapper takes the rival's Razor from under its skyscraper, not the skyscraper; a tower holding only
    skyscrapers has no brand to swap."""
    t = EmpireTable(players=2, strategy="swapper")
    t.stack(0, "Nerf")
    t.stack(1, "Razor", "skyscraper")
    b = t.board
    assert S.swap_pair(b.sq, b.groups, t.own, b.rules, t.prm, t.pl, t.tw, 0) == (-1, -1), "Razor gains 0 units"
    t.stack(1, "Heinz", "skyscraper")
    t.swap_tops(0, 1, 0)
    assert t.tower(0) == ["Heinz"] and t.tower(1) == ["Razor", "skyscraper", "skyscraper", "Nerf"]
    assert t.owner("Heinz") == 0 and t.owner("Nerf") == 1 and t.violations() == 0
    t = EmpireTable(players=2, strategy="swapper")
    t.stack(0, "Nerf")
    t.stack(1, "skyscraper")
    assert S.swap_pair(b.sq, b.groups, t.own, b.rules, t.prm, t.pl, t.tw, 0) == (-1, -1)


def test_pas_touche_answers_a_charge_its_holder_cannot_pay_in_cash():
    """Super Empire card 'PAS TOUCHE' ('permet de protéger votre tour !') and Faillite !: a charge its
    target cannot pay would take a billboard of the tower, so Pas touche cancels it; a charge paid in cash
    takes none, and Pas touche stays in hand."""
    t = EmpireTable(strategy="card_shark")
    t.stack(1, "Nerf", "Heinz")
    t.set_cash(1, 0)
    t.deal_card(1, "pas_touche")
    t.deal_card(0, "charge_400")
    t.play(0, "charge_400")
    assert t.tower(1) == ["Nerf", "Heinz"] and t.tower(0) == [] and t.held[1].sum() == 0
    assert t.pl[1, E.PL_BLOCKED] == 1 and t.violations() == 0
    t.set_cash(1, 500)
    t.deal_card(1, "pas_touche")
    t.deal_card(0, "charge_400")
    t.play(0, "charge_400")
    assert t.cash(1) == 100 and t.held[1].sum() == 1 and t.tower(1) == ["Nerf", "Heinz"]


@pytest.mark.parametrize("guard", [1, 2])
def test_only_the_rival_who_loses_by_a_swap_cancels_it_and_a_cancelled_swap_is_not_counted(guard):
    """Super Empire card 'PAS TOUCHE' (assumption: the rival whose taller top would go answers the swap,
    the one who gains lets it pass); the swaps column counts only the swaps made."""
    t = EmpireTable(players=3, strategy="swapper")
    t.stack(0, "Razor", "Xbox")
    t.stack(1, "Heinz", "Universal", "Skype")
    t.stack(2, "Polaroid", "Nerf")
    t.deal_card(guard, "pas_touche")
    t.seek_rolls(lambda r: r[0][1] == SWAP)
    t.turn(0)
    if guard == 1:
        assert t.tower(1) == ["Heinz", "Universal", "Skype"] and t.pl[0, E.PL_SWAPS] == 0
        assert t.pl[1, E.PL_BLOCKED] == 1 and t.pl[0, E.PL_POS] == 0, "the swap was chosen: no move"
    else:
        assert t.tower(2) == ["Polaroid", "Skype"] and t.pl[0, E.PL_SWAPS] == 1 and t.held[2].sum() == 1


def test_a_block_the_attackers_just_say_no_overturns_is_not_counted():
    """Collectionnez les cartes Empire ! : a Just Say No answered by the attacker's own Just Say No blocks
    nothing, so the attacks_blocked column does not count it."""
    t = EmpireTable()
    t.deal_card(0, "charge_400")
    t.deal_card(0, "just_say_no")
    t.deal_card(1, "just_say_no")
    t.play(0, "charge_400")
    assert t.cash(1) == 600 and t.pl[1, E.PL_BLOCKED] == 0


def test_no_tower_grows_past_the_capacity_and_the_tallest_tiles_overshoot(tmp_path):
    """Comment gagner ?: the game ends the moment a tower is full, even when every Chance card makes each
    player pay the drawer more than anyone holds (each debtor gives up its top billboard): the winner's
    tower is at most the capacity plus the tallest tile less one unit, the others below the capacity."""
    charges = [{"id": "unpayable", "text": "Collect 5000k from each player", "effect": "each_player",
                "amount": 5000, "count": 14}]
    edition = load_edition("empire", overrides=[("decks.chance.cards", charges)])
    board = compile_rules(edition)
    result = run(RunSpec(edition=edition, lineup=resolve_lineup(edition, board, 4, []), games=600, seed=3,
                         check=True), keep_frames=True)
    capacity = int(board.rules[E.R_TOWER_CAPACITY])
    tallest = max(int(board.sq[:, E.SQ_HEIGHT].max()), int(board.rules[E.R_SKYSCRAPER_HEIGHT]))
    players = result.players
    assert players.tower_height.max() <= capacity + tallest - 1
    assert (players[~players.won].tower_height < capacity).all()
    assert result.totals.violations == 0 and result.totals.finished > 0


def test_no_strategy_swaps_a_tile_that_completes_a_rivals_group_and_fills_its_tower():
    """Vous obtenez le symbole Echange ? and Groupe de propriete complet: handing the leader's Skype to the
    trailing rival would shrink the lead, but Skype completes that rival's dark blue group and the bonus
    skyscraper would fill its tower; the swapper declines and moves by the other die."""
    t = EmpireTable(players=3, strategy="swapper")
    t.stack(0, "Polaroid", "Xbox")
    t.stack(1, "Heinz", "Universal", "Billboard", "Razor", "Skype")   # 15 units
    t.stack(2, "Beats", "Caterpillar", "Ford", "Nerf")                # 11 units
    t.seek_rolls(lambda r: r[0][1] == SWAP and r[0][0] in (3, 5))   # a move by the other die, no double
    other_die = t.next_rolls(1)[0][0]
    t.turn(0)
    assert t.tower(1)[-1] == "Skype" and t.tower(2)[-1] == "Nerf" and t.pl[0, E.PL_SWAPS] == 0
    assert t.bank[E.B_WINNER] == -1 and t.pl[0, E.PL_POS] == other_die
