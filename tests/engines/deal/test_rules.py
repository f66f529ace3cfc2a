"""Monopoly Deal's rules, each test naming the section of the rulebook (shared/rules/002_00f8abf31c837f99.txt)
it checks. The tables deal the cards a test needs from an unshuffled pile and call into the engine."""
import math

import numpy as np
import pytest

from simulator.engines.deal import layout as D
from simulator.rules import EditionError, compile_rules, load_edition
from strategies.deal_logic import takeable, target_for
from tests.engines.deal.table import DealTable
from tests.helpers import invoke


def test_the_deck_is_the_rulebooks_106_playable_cards():
    """Le jeu contient 110 cartes: 28 properties, 11 wilds, 34 actions, 13 rents, 20 notes (4 are rule cards)."""
    board = compile_rules(load_edition("deal"))
    effects = [board.card_effects[c] for c in board.deck]
    wild = [bool(board.cards[c, D.C_ANY]) or bin(int(board.cards[c, D.C_COLOURS])).count("1") > 1 for c in board.deck]
    properties = sum(e == "property" and not w for e, w in zip(effects, wild))
    assert len(board.deck) == 106
    assert (properties, sum(e == "property" for e in effects) - properties) == (28, 11)
    assert effects.count("rent") == 13 and effects.count("money") == 20
    actions = {name: effects.count(name) for name in ("deal_breaker", "forced_deal", "sly_deal", "just_say_no",
                                                      "debt_collector", "birthday", "double_rent", "house", "hotel",
                                                      "pass_go")}
    assert actions == {"deal_breaker": 2, "forced_deal": 3, "sly_deal": 3, "just_say_no": 3, "debt_collector": 3,
                       "birthday": 3, "double_rent": 2, "house": 3, "hotel": 2, "pass_go": 10}
    money = sorted(board.cards[c, D.C_VALUE] for c in board.deck if board.card_effects[c] == "money")
    assert sum(money) == 57


def test_each_player_is_dealt_five():
    """Mise en place, 2: five cards to each player, the rest is the draw pile."""
    table = DealTable(players=4)
    table.new_game()
    assert [int(table.pl[p, D.PL_HAND]) for p in range(4)] == [5, 5, 5, 5]
    assert table.pile_size() == 106 - 20
    assert table.violations() == 0


def test_a_turn_draws_two_and_five_after_a_turn_that_ended_with_an_empty_hand():
    """Étapes du jeu, 1 and 3: take 2 cards; "Si vous n'avez plus de carte dans votre main à la fin de votre
    tour, prenez-en 5 au début de votre prochain tour". The hand at the end of the last turn counts, not at the
    start of this one: a hand emptied since (a Just Say No played on a rival's turn) draws 2."""
    table = DealTable(min_gain=math.inf)  # keeps every card: the hand shows what was drawn
    table.place(0, "hand", "money_1")
    table.turn(0)
    assert len(table.cards_in(0, "hand")) == 3
    table.turn(1)  # an empty hand, its last turn having ended with cards
    assert len(table.cards_in(1, "hand")) == 2
    table = DealTable()  # banks the three notes it holds: its turn ends with an empty hand
    table.place(0, "hand", "money_1")
    table.stack("money_1", "money_1")
    table.turn(0)
    assert table.cards_in(0, "hand") == [] and table.pl[0, D.PL_EMPTY_AT_END] == 1
    table.turn(0)
    assert table.draws[0].sum() == 2 + 5 and table.pl[0, D.PL_EMPTY_AT_END] == 0


def test_at_most_three_cards_are_played():
    """Étapes du jeu, 2: play 1 to 3 cards."""
    table = DealTable()
    table.place(0, "hand", *["money_1"] * 6)
    table.stack("money_2", "money_2")
    table.turn(0)
    assert len(table.cards_in(0, "bank")) == 3
    assert len(table.cards_in(0, "hand")) == 5


def test_the_hand_limit_puts_the_surplus_under_the_pile():
    """Étapes du jeu, 3: no more than 7 cards at the end of the turn; the surplus goes under the draw pile."""
    table = DealTable(min_gain=math.inf)
    table.place(0, "hand", *["money_1"] * 6, "money_10")
    table.turn(0)
    hand = table.cards_in(0, "hand")
    assert len(hand) == 7 and "money_10" in hand
    bottom = [table.board.card_ids[table.board.deck[k]] for k in table._pile()[-2:]]
    assert bottom == ["money_1", "money_1"]
    assert table.pl[0, D.PL_DISCARDED] == 2 and table.violations() == 0


def test_a_note_is_only_ever_banked():
    """Type A: money notes go to the bank; they have no action. A strategy keen to take a rival's property
    (rush_properties banks a 1M note for 0.5) still banks its notes: none is played and thrown away."""
    table = DealTable(strategy="rush_properties")
    table.place(1, "table", "green")  # something a Sly Deal could take
    table.place(0, "hand", "money_1")
    table.stack("money_1", "money_1")
    table.turn(0)
    assert table.cards_in(0, "bank") == ["money_1"] * 3 and table.cards_in(1, "table") == ["green"]
    assert table.pl[0, D.PL_ACTIONS] == 0 and table.pl[0, D.PL_NOTES_BANKED] == 3
    assert table.violations() == 0


def test_a_banked_action_is_money_for_the_rest_of_the_game():
    """Type A: an action card put in the bank is a note; paid to a player it goes to their bank."""
    table = DealTable()
    table.place(0, "hand", "deal_breaker")
    table.turn(0)  # no set to break: it banks the card (worth 5) with the notes it draws
    assert "deal_breaker" in table.cards_in(0, "bank")
    assert table.collect(0, 1, 5) == 5
    assert table.cards_in(1, "bank") == ["deal_breaker"] and table.cards_in(1, "hand") == []


def test_payment_gives_no_change_and_the_payer_chooses():
    """Comment payer vos dettes: a 3M note pays a 2M debt, with no change given; the payer chooses the
    notes (the strategy overpays as little as it can)."""
    table = DealTable()
    table.place(0, "bank", "money_3", "money_5")
    assert table.collect(0, 1, 2) == 3
    assert table.cards_in(1, "bank") == ["money_3"] and table.bank(0) == 5
    table.place(0, "bank", "money_2", "money_2", "money_4")
    assert table.collect(0, 1, 4) == 4  # the 4M note, not the 5M
    assert table.collect(0, 1, 4) == 4  # two 2M notes, not the 5M
    assert table.cards_in(0, "bank") == ["money_5"]


def test_properties_paid_go_to_the_receivers_table():
    """Comment payer vos dettes: with the bank empty, properties pay, and go onto the receiver's table."""
    table = DealTable()
    table.place(0, "table", "green")
    assert table.collect(0, 1, 4) == 4
    assert table.cards_in(1, "table") == ["green"] and table.cards_in(1, "bank") == []
    assert table.violations() == 0


def test_cards_in_hand_never_pay_and_nothing_left_pays_nothing():
    """Comment payer vos dettes: only cards on the table pay; with nothing there, nothing is paid."""
    table = DealTable()
    table.place(0, "hand", "money_10")
    assert table.collect(0, 1, 5) == 0
    assert table.cards_in(0, "hand") == ["money_10"]


def test_a_two_colour_rent_charges_every_player_and_the_any_colour_rent_one():
    """Loyer / Carte Loyer multicolore: every player pays a two-colour rent; one player pays the other."""
    table = DealTable(players=3)
    table.place(0, "table", "red", "red")
    for p in (1, 2):
        table.place(p, "bank", "money_5")
    rent = table.place(0, "hand", "rent_red_yellow")[0]
    table.play(0, rent, set="red")
    assert table.pl[0, D.PL_RENT_IN] == 2 * 5  # each pays with its 5M note: no change for a 3M rent
    table.place(1, "bank", "money_4")
    table.place(2, "bank", "money_3")
    anyone = table.place(0, "hand", "rent_any")[0]
    table.play(0, anyone, set="red", victim=2)
    assert table.cards_in(2, "bank") == [] and table.cards_in(1, "bank") == ["money_4"]


@pytest.mark.parametrize("charges,paid_by_1", [("one", 0), ("each", 3)])
def test_whom_the_any_colour_rent_charges_is_a_rule(charges, paid_by_1):
    """Carte Loyer multicolore: its description says "Réclamez à 1 joueur de votre choix", its face "Chaque
    joueur doit vous payer": rule any_colour_rent_charges, one player of one's choice by default."""
    table = DealTable(players=3, overrides=[("rules.any_colour_rent_charges", charges)])
    table.place(0, "table", "red", "red")
    table.place(1, "bank", "money_3")
    table.place(2, "bank", "money_3")
    anyone = table.place(0, "hand", "rent_any")[0]
    table.play(0, anyone, set="red", victim=2)
    assert table.pl[0, D.PL_RENT_IN] == 3 + paid_by_1
    assert table.cards_in(2, "bank") == [] and len(table.cards_in(1, "bank")) == (paid_by_1 == 0)


@pytest.mark.parametrize("doubles", [0, 1, 2])
def test_double_the_rent_doubles_and_two_double_again(doubles):
    """Double Loyer: played with a rent card, it doubles the rent; a second one doubles it again."""
    table = DealTable()
    table.place(0, "table", "red")  # one red card: rent 2M
    table.place(1, "bank", *["money_1"] * 6, "money_3")  # pays any amount to 9M exactly
    table.place(0, "hand", "double_rent", "double_rent")
    rent = table.place(0, "hand", "rent_red_yellow")[0]
    table.play(0, rent, set="red", doubles=doubles)
    assert table.pl[0, D.PL_RENT_IN] == 2 << doubles
    assert len(table.cards_in(0, "hand")) == 2 - doubles
    assert table.gs[D.GS_PLAYS_LEFT] == 3 - doubles  # each Double The Rent is a play (the rent's own is the caller's)


def test_the_strategy_plays_a_second_double_only_when_they_stack():
    """Double Loyer with the rule double_rent_stacks: the choice of the rent play uses both cards or one."""
    for stacks, expected in ((True, 2), (False, 1)):
        table = DealTable(overrides=[("rules.double_rent_stacks", stacks)])
        table.place(0, "table", "green", "green")
        table.place(1, "bank", "money_10", "money_5", "money_5", "money_4")
        table.place(0, "hand", "double_rent", "double_rent", "rent_dark_blue_green")
        table.stack("money_1", "money_1")
        table.turn(0)
        assert table.pl[0, D.PL_RENT_IN] >= 4 << expected
        assert table.cards_in(0, "hand").count("double_rent") == 2 - expected


def test_deal_breaker_takes_a_complete_set_with_its_buildings():
    """Deal Banco: take a complete set of any player, buildings included."""
    table = DealTable()
    table.place(1, "table", "dark_blue", "dark_blue")
    table.place(1, "table", "house", colour="dark_blue")
    breaker = table.place(0, "hand", "deal_breaker")[0]
    table.play(0, breaker, victim=1, set="dark_blue")
    assert table.cards_in(0, "table") == ["dark_blue", "dark_blue", "house"]
    assert table.cards_in(1, "table") == []
    assert table.sets(0) == 1 and table.violations() == 0


def test_sly_deal_cannot_take_from_a_complete_set():
    """Deal Duel: take a property of any player, except one in a complete set."""
    table = DealTable(attack_weight=10)  # keen to steal, so it plays the Sly Deal rather than bank it
    blue = table.place(1, "table", "dark_blue", "dark_blue")
    green = table.place(1, "table", "green")
    b = table.board
    assert not any(takeable(b.cards, b.deck, b.groups, table.loc, table.tab, k, 0) for k in blue)
    assert takeable(b.cards, b.deck, b.groups, table.loc, table.tab, green[0], 0)
    table.place(0, "hand", "sly_deal")
    table.turn(0)
    assert table.cards_in(0, "table") == ["green"]
    assert table.cards_in(1, "table") == ["dark_blue", "dark_blue"]


def test_forced_deal_never_gives_back_what_completes_the_set_it_takes_for():
    """Deal Troc: the card given is chosen knowing the card taken. Taking a red that completes the reds,
    the player gives a green: a red given back would break the set it just completed (and giving from a
    complete set is not allowed)."""
    table = DealTable()  # opportunist: red 3, green 4, so a red is the card it misses least before the take
    table.place(0, "table", "red", "red", "green", "green")
    table.place(1, "table", "red")
    table.place(0, "hand", "forced_deal")
    table.stack("money_1", "money_1")
    table.turn(0)
    assert table.pl[0, D.PL_TAKEN] == 1
    assert table.cards_in(0, "table") == ["green", "red", "red", "red"]
    assert table.cards_in(1, "table") == ["green"]
    assert table.sets(0) == 1 and table.violations() == 0


def test_forced_deal_swaps_a_property_for_a_rivals():
    """Deal Troc: swap one of your properties for a rival's, not from a complete set."""
    table = DealTable()
    table.place(0, "table", "brown", "red", "red")
    table.place(1, "table", "red", "utility")
    swap = table.place(0, "hand", "forced_deal")[0]
    take = [k for k in range(len(table.loc)) if table.loc[k, D.LOC_OWNER] == 1
            and table.board.card_ids[table.board.deck[k]] == "red"][0]
    give = [k for k in range(len(table.loc)) if table.loc[k, D.LOC_OWNER] == 0
            and table.board.card_ids[table.board.deck[k]] == "brown"][0]
    table.play(0, swap, take=take, give=give)
    assert table.cards_in(0, "table") == ["red", "red", "red"]
    assert table.cards_in(1, "table") == ["brown", "utility"]
    assert table.sets(0) == 1 and table.violations() == 0


def test_debt_collector_charges_one_player_five_and_birthday_everyone_two():
    """Deal Jackpot: 5M from the player of your choice. C'est mon anniversaire: 2M from every player."""
    table = DealTable(players=3)
    table.place(1, "bank", "money_1", "money_1", "money_1", "money_3")
    table.place(2, "bank", "money_4", "money_1", "money_1")
    jackpot = table.place(0, "hand", "debt_collector")[0]
    table.play(0, jackpot, victim=2)
    assert (table.bank(1), table.bank(2), table.bank(0)) == (6, 1, 5)
    birthday = table.place(0, "hand", "birthday")[0]
    table.play(0, birthday)
    assert (table.bank(1), table.bank(2), table.bank(0)) == (4, 0, 5 + 2 + 1)  # two 1M notes; 2's last 1M


def test_pass_go_draws_two():
    """Départ: draw 2 cards."""
    table = DealTable()
    go = table.place(0, "hand", "pass_go")[0]
    table.play(0, go)
    assert len(table.cards_in(0, "hand")) == 2 and table.pile_size() == 106 - 3


def test_houses_and_hotels_stand_only_on_complete_sets_and_never_on_railroads():
    """Maison/Hôtel: one house, then one hotel, on a complete set; none on railroads or utilities."""
    board = compile_rules(load_edition("deal"))
    table = DealTable()
    house, hotel = board.card_ids.index("house"), board.card_ids.index("hotel")
    from simulator.engines.deal.state import can_build
    s = {name: board.group_names.index(name) for name in ("brown", "railroad", "red")}
    table.place(0, "table", "brown", "railroad", "railroad", "railroad", "railroad", "red")
    assert not can_build(board.cards, board.groups, table.tab, 0, s["brown"], house)  # one brown of 2
    assert not can_build(board.cards, board.groups, table.tab, 0, s["railroad"], house)  # complete, but railroads
    table.place(0, "table", "brown")
    assert not can_build(board.cards, board.groups, table.tab, 0, s["brown"], hotel)  # no house yet
    assert can_build(board.cards, board.groups, table.tab, 0, s["brown"], house)
    table.place(0, "table", "house", colour="brown")
    assert not can_build(board.cards, board.groups, table.tab, 0, s["brown"], house)  # one house a set
    assert can_build(board.cards, board.groups, table.tab, 0, s["brown"], hotel)
    table.place(0, "table", "hotel", colour="brown")
    assert state_rent(table, "brown") == 2 + 3 + 4


def state_rent(table, colour):
    from simulator.engines.deal.state import rent_of
    return int(rent_of(table.board.groups, table.tab, 0, table.board.group_names.index(colour)))


def test_just_say_no_cancels_and_is_answered_by_another():
    """Joker !: cancel an action against you; a player holding one too may cancel yours."""
    table = DealTable()
    table.place(1, "bank", "money_5")
    table.place(1, "hand", "just_say_no")
    jackpot = table.place(0, "hand", "debt_collector")[0]
    table.play(0, jackpot, victim=1)
    assert table.bank(1) == 5 and table.pl[0, D.PL_CANCELLED] == 1
    table.place(1, "hand", "just_say_no")
    table.place(0, "hand", "just_say_no")
    jackpot = table.place(0, "hand", "debt_collector")[0]
    table.play(0, jackpot, victim=1)
    assert table.bank(1) == 0 and table.bank(0) == 5
    assert table.pl[1, D.PL_SAID_NO] == 2 and table.pl[0, D.PL_SAID_NO] == 1


@pytest.mark.parametrize("costs_play,paid", [(True, 0), (False, 5)])
def test_answering_just_say_no_on_ones_own_turn_may_cost_a_play(costs_play, paid):
    """Joker ! (rule just_say_no_costs_play): with no play left the attacker cannot answer when it costs one."""
    table = DealTable(overrides=[("rules.just_say_no_costs_play", costs_play)])
    table.place(1, "bank", "money_5")
    table.place(1, "hand", "just_say_no")
    table.place(0, "hand", "just_say_no")
    jackpot = table.place(0, "hand", "debt_collector")[0]
    table.gs[D.GS_PLAYS_LEFT] = 0
    table.play(0, jackpot, victim=1)
    assert table.bank(0) == paid


def test_a_player_who_will_not_spend_a_just_say_no_on_small_losses_pays():
    """Joker !: using it is a choice (strategy parameter say_no_min_loss)."""
    table = DealTable()
    table.use(1, "late_attacker", say_no_min_loss=6)
    table.place(1, "bank", "money_5")
    table.place(1, "hand", "just_say_no")
    jackpot = table.place(0, "hand", "debt_collector")[0]
    table.play(0, jackpot, victim=1)
    assert table.bank(0) == 5 and table.cards_in(1, "hand") == ["just_say_no"]


def test_three_complete_sets_of_different_colours_win_on_ones_own_turn():
    """Comment gagner ? / Type B: 3 complete sets of 3 colours; sets completed on a rival's turn wait."""
    table = DealTable()
    table.place(0, "table", "brown", "brown", "dark_blue", "dark_blue", "utility")
    table.place(1, "bank", "money_1")
    table.place(1, "table", "utility")
    table.collect(1, 0, 2)  # 0 is paid with the utility on 1's turn: 3 complete sets, not yet a win
    assert table.sets(0) == 3 and table.gs[D.GS_WINNER] == -1
    table.turn(0)
    assert table.gs[D.GS_WINNER] == 0 and table.violations() == 0


def test_two_sets_of_one_colour_count_once():
    """Comment gagner ?: the three sets must be of different colours."""
    table = DealTable()
    table.place(0, "table", "brown", "brown", "dark_blue", "dark_blue")
    table.place(0, "table", "wild_light_blue_brown", colour="brown")
    table.place(0, "table", "wild_any", colour="brown")
    assert table.sets(0) == 2


def test_the_any_colour_wild_has_no_money_value_and_cannot_stand_alone():
    """Propriété Joker: the multicolour wild cannot be banked (no money value); alone it makes no set."""
    with pytest.raises(EditionError, match="no money value"):
        load_edition("deal", overrides=[("decks.deal.cards.wild_any.value", 1)])
    table = DealTable()
    table.place(0, "table", "wild_any", colour="brown")
    table.place(0, "table", "wild_any", colour="brown")
    assert table.sets(0) == 0 and state_rent(table, "brown") == 0
    assert table.collect(0, 1, 3) == 0  # worth nothing in a payment


def test_a_property_drawn_of_a_wilds_colour_takes_its_place_and_the_wild_moves_on():
    """Propriété Joker: "Au début de votre tour, si vous tirez une carte propriété de la même couleur qu'une
    propriété joker que vous avez posé, vous pouvez les échanger pour récupérer cette carte joker dans votre
    main ou la poser sur un autre groupe de couleur" (rule wild_moves = rulebook). The red drawn takes the
    wild's place, for no play; the wild completes the yellows."""
    table = DealTable(min_gain=math.inf)  # plays nothing: what moves is the exchange
    table.place(0, "table", "red")
    wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
    table.place(0, "table", "yellow", "yellow")
    table.stack("red", "money_1")
    table.turn(0)
    assert table.set_of(wild) == "yellow" and table.cards_in(0, "hand") == ["money_1"]
    assert table.cards_in(0, "table").count("red") == 2 and table.sets(0) == 1
    assert table.pl[0, D.PL_WILDS_MOVED] == 1 and table.violations() == 0


def test_the_exchange_of_a_wild_is_declined_when_the_property_drawn_completes_its_set():
    """Propriété Joker: "vous pouvez les échanger": the exchange is a choice. Red + wild laid as red, one yellow:
    the red drawn completes the reds where it is laid beside the wild, while the exchange would leave the reds
    at two and move the wild to a yellow set it does not complete. The wild stays, and the red is laid."""
    table = DealTable()
    table.place(0, "table", "red")
    wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
    table.place(0, "table", "yellow")
    table.stack("red", "money_1")
    table.turn(0)
    assert table.set_of(wild) == "red" and table.sets(0) == 1
    assert table.pl[0, D.PL_WILDS_MOVED] == 0 and table.violations() == 0


def test_a_wild_freed_by_a_property_drawn_goes_back_to_the_hand_when_no_other_set_takes_it():
    """Propriété Joker: the freed wild may go back to the hand. Its other colour, yellow, is complete: the
    wild returns to the hand; a property drawn by Pass Go, not at the start of the turn, frees none."""
    table = DealTable(min_gain=math.inf)
    table.place(0, "table", "red")
    wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
    table.place(0, "table", "yellow", "yellow", "yellow")
    table.stack("red", "money_1")
    table.turn(0)
    assert table.loc[wild, D.LOC_ZONE] == D.Z_HAND and sorted(table.cards_in(0, "hand")) == ["money_1",
                                                                                           "wild_red_yellow"]
    assert table.cards_in(0, "table").count("red") == 2 and table.violations() == 0
    for mode in ("rulebook", "on_lay"):
        table = DealTable(overrides=[("rules.wild_moves", mode)], min_gain=math.inf)
        table.place(0, "table", "red")
        wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
        table.stack("red", "money_1")
        table.play(0, table.place(0, "hand", "pass_go")[0])
        assert table.set_of(wild) == "red" and "red" in table.cards_in(0, "hand"), mode


def test_laying_a_property_of_a_wilds_colour_frees_the_wild():
    """The reading wild_moves = on_lay of Propriété Joker: a property of the colour of a laid wild laid
    during the turn replaces it, and the wild goes to another set."""
    table = DealTable(overrides=[("rules.wild_moves", "on_lay")])
    table.place(0, "table", "red", "red")
    wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
    table.place(0, "table", "yellow", "yellow")
    table.place(0, "hand", "red")
    table.turn(0)
    assert table.set_of(wild) == "yellow"
    assert table.sets(0) == 2 and table.pl[0, D.PL_WILDS_MOVED] == 1


def test_a_freed_wild_stays_where_it_adds_most_and_never_goes_back_to_the_hand():
    """Propriété Joker lets a wild freed by a property of its colour go back to the hand or onto another
    set; the reading wild_moves = on_lay moves it only to another of its colours, and only when that adds
    to the table. Here the wild completes the reds: it stays."""
    table = DealTable(overrides=[("rules.wild_moves", "on_lay")])
    table.place(0, "table", "red")
    wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
    table.place(0, "hand", "red")
    table.turn(0)
    assert table.set_of(wild) == "red" and "wild_red_yellow" not in table.cards_in(0, "hand")
    assert table.sets(0) == 1 and table.pl[0, D.PL_WILDS_MOVED] == 0


def test_with_free_wild_moves_a_wild_moves_without_a_property_laid():
    """Rule wild_moves = free (a common house rule): a wild moves between its colours at will."""
    for mode, expected in (("on_lay", "red"), ("free", "yellow")):
        table = DealTable(overrides=[("rules.wild_moves", mode)], min_gain=math.inf)
        table.place(0, "table", "red", "red", "red")
        wild = table.place(0, "table", "wild_red_yellow", colour="red")[0]
        table.place(0, "table", "yellow", "yellow")
        table.turn(0)
        assert table.set_of(wild) == expected


def test_buildings_of_a_broken_set_go_to_the_bank():
    """Maison/Hôtel and the documented assumption on broken sets: a set that stops being complete keeps
    no house; the house goes to its owner's bank."""
    table = DealTable()
    brown = table.place(0, "table", "brown", "brown")[0]
    table.place(0, "table", "house", colour="brown")
    table.receive(1, brown)  # the brown leaves: the set is no longer complete
    assert table.cards_in(0, "bank") == ["house"] and table.cards_in(0, "table") == ["brown"]
    assert table.violations() == 0


def test_a_payer_gives_a_house_before_breaking_its_set():
    """Comment payer vos dettes: the payer chooses; the strategy keeps its complete set and pays the house."""
    table = DealTable()
    table.place(0, "table", "brown", "brown")
    table.place(0, "table", "house", colour="brown")
    assert table.collect(0, 1, 1) == 3
    assert table.cards_in(1, "bank") == ["house"] and table.sets(0) == 1


def test_an_empty_pile_is_refilled_from_the_discards_or_not():
    """Rule empty_draw_pile (the rulebook is silent): reshuffle the discards, or draw nothing."""
    for mode, hand in (("reshuffle", 3), ("stop", 1)):
        table = DealTable(overrides=[("rules.empty_draw_pile", mode)], min_gain=math.inf)
        table.place(0, "hand", "money_10")
        rest = [table.board.card_ids[table.board.deck[k]] for k in table._pile()]
        dealt = table.place(1, "hand", *rest)
        table.discard(*[k for k in dealt if table.board.card_effects[table.board.deck[k]] != "money"][:3])
        assert table.pile_size() == 0
        table.turn(0)
        assert len(table.cards_in(0, "hand")) == hand
        assert table.violations(0) == 0


def test_two_decks_seat_up_to_ten():
    """Jeu avec 6 joueurs et plus: two decks shuffled together."""
    board = compile_rules(load_edition("deal", "two_decks"))
    assert len(board.deck) == 212 and board.players_max == 10
    with pytest.raises(EditionError, match="players_max"):
        load_edition("deal", overrides=[("rules.players_max", 6)])


def test_a_reduced_deck_is_checked_against_the_table_asked_for():
    """Mise en place 2 (5 cards dealt to each player): a deck of 90 cards dealing 20 each seats 4 players, not 5.
    The edition loads; the run of 4 plays and the run of 5 is refused in one line."""
    reduced = ["--set", "rules.hand_start=20", "--set", "decks.deal.cards.money_1.count=0",
               "--set", "decks.deal.cards.pass_go.count=0"]
    assert len(compile_rules(load_edition("deal", overrides=[("rules.hand_start", 20),
                                                              ("decks.deal.cards.money_1.count", 0),
                                                              ("decks.deal.cards.pass_go.count", 0)])).deck) == 90
    played = invoke("simulate", "-e", "deal", *reduced, "--players", 4, "-n", 20, "--no-progress")
    assert played.exit_code == 0, played.output
    refused = invoke("simulate", "-e", "deal", *reduced, "--players", 5, "-n", 20, "--no-progress")
    lines = refused.output.strip().splitlines()
    assert refused.exit_code == 2 and len(lines) == 1, refused.output
    assert "too few to deal 5 hands of 20" in lines[0] and "at most 4 players" in lines[0]


@pytest.mark.parametrize("path,value,message", [
    ("rules.sets_to_win", 11, "at most the 10 sets"),
    ("rules.wild_moves", "sometimes", "rulebook, on_lay, free, costs_play"),
    ("decks.deal.cards.rent_red_yellow.charges", "all", "one, each"),
    ("rules.any_colour_rent_charges", "all", "one, each"),
    ("decks.deal.cards.rent_any.charges", "each", "rules.any_colour_rent_charges"),
    ("decks.deal.cards.brown.colours", ["mauve"], "sets of brown"),
    ("decks.deal.cards.money_1.value", 0, "money"),
])
def test_bad_values_are_refused_with_the_field_named(path, value, message):
    with pytest.raises(EditionError, match=message):
        load_edition("deal", overrides=[(path, value)])


def test_a_demand_of_one_player_goes_to_who_pays_most_then_the_leader_then_the_next_in_turn():
    """Deal Jackpot / Carte Loyer multicolore: "au joueur de votre choix". The strategies choose who can
    pay most, then the rival nearest to winning; a full tie goes to the next player after the attacker, so
    no seat is everyone's target by its number."""
    b = compile_rules(load_edition("deal"))
    table = DealTable(players=4)
    for p, notes in enumerate((["money_5"], ["money_5"], ["money_4", "money_1"], ["money_3", "money_2"])):
        table.place(p, "bank", *notes)  # 5M each
    assert target_for(table.pl, 2, 5) == (3, 5)   # after seat 2 comes seat 3
    assert target_for(table.pl, 3, 5) == (0, 5)   # after seat 3, seat 0
    table.place(1, "table", "brown", "brown")
    assert target_for(table.pl, 2, 5) == (1, 5)   # the one with a complete set
    table.place(0, "bank", "money_4")
    assert target_for(table.pl, 2, 9) == (0, 9)   # the one who can pay most of 9M


@pytest.mark.parametrize("bank,due,paid,left", [
    (("money_3", "money_3", "money_5"), 6, 6, ["money_5"]),
    (("money_4", "money_4", "money_5"), 8, 8, ["money_5"]),
    (("money_2", "money_2", "money_2", "money_5"), 6, 6, ["money_5"]),
    (("money_3", "money_3", "money_4"), 6, 6, ["money_4"]),
    (("money_1", "money_2", "money_5"), 4, 5, ["money_1", "money_2"]),
])
def test_a_debt_is_paid_with_the_notes_that_overpay_least(bank, due, paid, left):
    """Comment payer vos dettes: no change is given, so the payer (every strategy) pays with the
    combination of its notes nearest above the debt, an exact one when it has it."""
    table = DealTable()
    table.place(0, "bank", *bank)
    assert table.collect(0, 1, due) == paid
    assert sorted(table.cards_in(0, "bank")) == left


def test_rush_properties_lays_its_properties_before_it_banks_and_keeps_just_say_no():
    """Type B (strategy rush_properties: "lays every property at once … banks only what it cannot use"):
    with three plays, notes of 5M, 4M and 3M and a lone red, the red is laid; a Just Say No is kept."""
    table = DealTable(strategy="rush_properties")
    table.place(0, "hand", "money_5", "money_4", "money_3", "red", "just_say_no")
    table.stack("money_1", "money_1")
    table.turn(0)
    assert table.cards_in(0, "table") == ["red"] and "just_say_no" in table.cards_in(0, "hand")


@pytest.mark.parametrize("strategy", ["opportunist", "bank_first", "rush_properties"])
def test_a_just_say_no_is_never_spent_on_a_demand_that_costs_nothing(strategy):
    """Joker !: a player with nothing to pay keeps its Just Say No against C'est mon anniversaire,
    whatever its say_no_min_loss (0 for these strategies)."""
    table = DealTable(players=3, strategy=strategy)
    table.place(1, "bank", "money_5")
    table.place(2, "hand", "just_say_no")
    birthday = table.place(0, "hand", "birthday")[0]
    table.play(0, birthday, victim=-1)
    assert table.cards_in(2, "hand") == ["just_say_no"] and table.pl[2, D.PL_SAID_NO] == 0
    assert table.bank(0) == 5  # the 5M note, no change given


@pytest.mark.parametrize("strategy,params,answers", [
    ("late_attacker", {}, False),                       # 2M at stake, under its say_no_min_loss of 5
    ("late_attacker", {"say_no_min_loss": 2}, True),
    ("random", {}, False),                              # never says no
    ("opportunist", {}, True),
])
def test_an_attacker_answers_a_just_say_no_only_when_its_action_is_worth_it(strategy, params, answers):
    """Joker !: cancelling a Joker against one's action is a choice too: the attacker answers when what
    its action gains reaches its say_no_min_loss."""
    table = DealTable()
    table.use(0, strategy, **params)
    table.place(1, "bank", "money_5")
    table.place(1, "hand", "just_say_no")
    table.place(0, "hand", "just_say_no")
    birthday = table.place(0, "hand", "birthday")[0]
    table.play(0, birthday, victim=-1)
    assert table.pl[0, D.PL_SAID_NO] == answers and table.bank(0) == (5 if answers else 0)


def test_the_cards_table_counts_every_deck_dealt():
    """Jeu avec 6 joueurs et plus: with two decks, the cards table counts both decks' copies."""
    from simulator.engines.shared.layout import CA_COLUMNS
    from simulator.results import cards_frame
    board = compile_rules(load_edition("deal", "two_decks"))
    frame = cards_frame(board, np.zeros((len(board.card_ids), CA_COLUMNS), dtype=np.int64)).set_index("card")
    assert frame.copies.sum() == 212 and frame.copies["money_10"] == 2 and frame.copies["pass_go"] == 20


def test_the_sets_that_win_count_as_held():
    """Comment gagner ?: the sets a winner completes in its winning turn are among the sets it held."""
    table = DealTable()
    table.place(0, "table", "brown", "brown", "dark_blue", "dark_blue", "utility")
    table.place(0, "hand", "utility")
    table.turn(0)
    assert table.gs[D.GS_WINNER] == 0 and bin(int(table.pl[0, D.PL_GROUPS_HELD])).count("1") == 3


def test_double_the_rent_counts_as_an_action_played_and_rounds_count_from_one():
    """Double Loyer: a Double The Rent played with a rent is an action played; the first
    attack of the first round is in round 1, as the games' rounds count."""
    table = DealTable()
    table.place(0, "table", "red", "red")
    table.place(1, "bank", "money_10")
    table.place(0, "hand", "rent_red_yellow", "double_rent")
    table.stack("money_1", "money_1")
    table.turn(0)
    assert table.pl[0, D.PL_RENT_IN] > 0 and table.cards_in(0, "hand").count("double_rent") == 0
    assert table.pl[0, D.PL_ACTIONS] == 2 and table.pl[0, D.PL_FIRST_ATTACK] == 1
