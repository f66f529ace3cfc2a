"""Monopoly Fortnite's rules, each test naming the section of the rulebook (shared/rules/000_64dac8d4b96b3228.txt)
it checks. Pawns start on GO unless a test places them; decks are unshuffled."""
import pytest

from simulator.engines.fortnite import layout as F
from simulator.rules import EditionError, compile_rules, load_edition
from strategies.fortnite_logic import crosshair_plan
from tests.engines.fortnite.table import FortniteTable


def test_fifteen_hp_each_and_never_more():
    """Mise en place: 15 PV each; Remarque: a player with 15 PV cannot receive more."""
    table = FortniteTable()
    assert table.hp(0) == 15
    table.put(0, "Snobby Shores")
    assert table.advance(0, 5) == "Campfire 2"
    assert table.hp(0) == 15 and table.violations() == 0


def test_go_gives_two_hp_and_calls_a_storm_card():
    """Départ: passing or stopping on GO gives 2 PV; a storm card is turned at the end of the turn."""
    table = FortniteTable()
    table.set_hp(0, 10)
    table.put(0, "Moisty Mire")  # 31: one step to GO
    assert table.advance(0, 1) == "GO"
    assert table.hp(0) == 12 and table.bank[F.B_STORM_DUE] == 1


def test_go_under_the_storm_gives_nothing_but_still_calls_a_card():
    """Départ: when the storm covers GO, no PV, but a storm card is still drawn."""
    table = FortniteTable()
    table.cover("GO")
    table.set_hp(0, 10)
    table.put(0, "Moisty Mire")
    table.advance(0, 2)
    assert table.hp(0) == 10 and table.bank[F.B_STORM_DUE] == 1


def test_a_player_knocked_out_after_passing_go_still_turns_the_storm_card():
    """Départ: "À la fin de votre tour, si vous vous êtes arrêté sur ou que vous êtes passé par la case DÉPART,
    retournez la carte Tempête", also when the square after GO knocks the player out."""
    knocked_out = 0
    for seed in range(1, 21):
        table = FortniteTable(players=3, seed=seed)
        for name in ("GO", "Junk Junction", "Chest 1", "Haunted Hills", "Spike Trap 1", "Pleasant Park",
                     "Campfire 1"):
            table.cover(name)  # any roll passes GO (no HP under the storm) and ends under the storm
        table.put(0, "Moisty Mire")
        table.set_hp(0, 1)
        table.turn(0)
        knocked_out += table.pl[0, F.PL_ALIVE] == 0
        assert table.bank[F.B_STORM_FLIPPED] == 1 and table.violations() == 0
    assert knocked_out > 10


def test_a_storm_card_covers_its_square_for_good():
    """Cartes Tempête: the card turned shows the square covered; once placed it is never lifted."""
    table = FortniteTable()
    table.give(1, "Haunted Hills")
    first = table.board.square_names[table.board.cards[table.dq[F.D_STORM, F.DQ_CARDS], F.C_A]]
    table.flip_storm(0)
    assert table.covered(first)
    assert table.bank[F.B_STORM_FLIPPED] == 1 and table.violations() == 0


def test_a_covered_location_costs_its_storm_side_and_other_squares_two():
    """Cartes Tempête: a covered location costs its storm-side HP, any other covered square 2 PV, and its
    action is not played."""
    table = FortniteTable()
    table.cover("Tilted Towers")
    table.put(0, "Greasy Grove")
    assert table.advance(0, 2) == "Tilted Towers"
    assert table.hp(0) == 15 - 3 and table.owner("Tilted Towers") == -1
    table.cover("Campfire 2")
    table.put(0, "Tilted Towers")
    table.advance(0, 1)
    assert table.hp(0) == 12 - 2


def test_the_storm_covering_a_players_square_costs_nothing():
    """Cartes Tempête: if the storm covers a square while you are on it, you do not lose 2 PV."""
    table = FortniteTable()
    table.put(0, "Chest 1")
    table.cover("Chest 1")
    assert table.hp(0) == 15


def test_locations_are_claimed_free_and_cost_their_printed_hp_to_others():
    """Lieux: a free location is claimed for nothing; on a rival's, pay the printed HP to the bank; owning
    both of a colour pair gives 2 PV on stopping there."""
    table = FortniteTable()
    table.put(0, "GO")
    assert table.advance(0, 1) == "Junk Junction"
    assert table.owner("Junk Junction") == 0 and table.hp(0) == 15
    table.put(1, "GO")
    table.advance(1, 1)
    assert table.hp(1) == 14 and table.owner("Junk Junction") == 0
    table.give(0, "Haunted Hills")
    table.set_hp(0, 10)
    table.put(0, "Chest 1")
    table.advance(0, 1)
    assert table.hp(0) == 12


def test_campfire_spike_trap_and_chest():
    """Feu de camp +1 PV; Piège à pieux -1 PV; Coffre: draw a chest card."""
    table = FortniteTable()
    table.set_hp(0, 10)
    table.put(0, "Pleasant Park")
    table.advance(0, 1)
    assert table.hp(0) == 11
    table.put(0, "Haunted Hills")
    table.advance(0, 1)
    assert table.hp(0) == 10
    table.put(0, "GO")
    table.advance(0, 2)
    assert table.items(0) == ["bandages"]


def test_walls_stop_every_pawn_and_fall_when_stopped_on():
    """À quoi servent les murs ?: a pawn reaching a wall stops there, plays the square, and the wall goes back."""
    table = FortniteTable()
    table.wall("Chest 1")
    table.put(0, "GO")
    assert table.advance(0, 5) == "Chest 1"
    assert not table.has_wall("Chest 1") and table.bank[F.B_WALLS] == 8
    assert table.items(0) == ["bandages"] and table.violations() == 0


def test_line_of_sight_is_a_side_and_two_from_a_corner():
    """Le dé d'action (viseur): a player on the same side is in sight; from a corner, two sides."""
    table = FortniteTable(players=3)
    table.put(0, "Junk Junction")      # side 0
    table.put(1, "Snobby Shores")      # side 0
    table.put(2, "Greasy Grove")       # side 1
    assert table.can_hit(0, 1) and not table.can_hit(0, 2)
    table.put(0, "Jail")               # the corner between sides 0 and 1
    assert table.can_hit(0, 1) and table.can_hit(0, 2)


def test_a_player_on_a_wall_is_sheltered():
    """À quoi servent les murs ?: on a square with a wall, you are protected from the action die's attacks."""
    table = FortniteTable()
    table.put(0, "Junk Junction")
    table.put(1, "Snobby Shores")
    table.wall("Snobby Shores")
    assert not table.can_hit(0, 1)


def test_walls_between_block_the_shot_only_under_that_reading():
    """Rule walls_block_sight (facts.md says walls block; the rulebook shelters only who stands on one)."""
    for blocks, expected in ((False, True), (True, False)):
        table = FortniteTable(overrides=[("rules.walls_block_sight", blocks)])
        table.put(0, "Junk Junction")
        table.put(1, "Snobby Shores")
        table.wall("Spike Trap 1")
        assert table.can_hit(0, 1) == expected


def test_the_rulebooks_example_shoot_first_to_break_the_wall():
    """Le dé d'action, the example: Rapace rolls 5 and the crosshair. Moving first he would stop 3 squares on,
    at a wall on a covered square; shooting first breaks the wall, and he moves 5 to claim Snobby Shores."""
    table = FortniteTable()
    table.put(0, "Chest 1")                # Snobby Shores is 5 squares on
    table.wall("Pleasant Park")            # 3 squares on
    table.cover("Pleasant Park")
    b = table.board
    first, target, wall, _ = crosshair_plan(b.sq, b.groups, table.own, b.rules, table.prm, table.pl, table.held,
                                            b.cards, 0, 5, 1)
    assert first and wall == table.sq("Pleasant Park") and target == -1


def test_boogie_bomb_hurts_every_other_player_and_brings_every_wall_down():
    """Le dé d'action: with a boogie bomb every other player pays 1 PV and all walls fall (a player on a
    wall is sheltered: rule wall_shields_from_bomb)."""
    table = FortniteTable(players=3)
    table.put(1, "Snobby Shores")
    table.put(2, "Dusty Divot")
    table.wall("Dusty Divot")
    table.wall("Chest 3")
    table.bomb(0)
    assert (table.hp(0), table.hp(1), table.hp(2)) == (15, 14, 15)
    assert table.bank[F.B_WALLS] == 8 and table.violations() == 0


def test_a_shield_cancels_an_attack_and_a_rifle_adds_damage():
    """Coffre: items kept for the game (a rifle) and single use (a shield potion, under the pile once used)."""
    table = FortniteTable()
    table.hold(1, "shield_potion")
    table.attack(0, 1, 3)
    assert table.hp(1) == 15 and table.items(1) == []
    table.hold(0, "assault_rifle")
    from simulator.engines.fortnite.state import weapon_bonus
    assert weapon_bonus(table.held, table.board.cards, 0) == 1
    assert table.violations() == 0


def test_two_assault_rifles_add_up():
    """Coffre: kept items "demeurent actifs pour le reste de la partie", and "certaines combinaisons peuvent être
    très puissantes" (the documented assumption: two assault rifles add up). On a die of crosshairs only, a
    shot from GO at a rival on GO takes 1 HP, 2 with one rifle, 3 with both."""
    crosshairs_only = [(f"decks.action_die.cards.{face}.count", 0)
                       for face in ("face_bandages", "face_wall", "face_boogie_bomb")]
    for rifles in range(3):
        table = FortniteTable(overrides=crosshairs_only, strategy="aggressive_shooter")
        for _ in range(rifles):
            table.hold(0, "assault_rifle")
        table.turn(0)
        assert table.hp(1) == 15 - 1 - rifles and table.violations() == 0


def test_an_eliminated_player_drops_its_items_and_its_locations_go_under_the_storm():
    """Et si je me retrouve à court de points de vie ?: out at 0 PV; chest items stay on the square for the
    next player to pass there; its locations are covered. The last survivor wins (La fin de la partie)."""
    table = FortniteTable()
    table.give(1, "Loot Lake")
    table.hold(1, "med_kit")
    table.put(1, "Chest 2")
    table.set_hp(1, 1)
    table.attack(0, 1, 1)
    assert table.pl[1, F.PL_ALIVE] == 0 and table.covered("Loot Lake") and table.owner("Loot Lake") == -1
    assert table.bank[F.B_WINNER] == 0 and table.pl[0, F.PL_KILLS] == 1
    table.put(0, "Greasy Grove")
    table.advance(0, 3)  # passes Chest 2
    assert "med_kit" in table.items(0) and table.violations() == 0


@pytest.mark.parametrize("hp,pays", [(15, True), (5, False)])
def test_jail_pay_two_or_try_for_a_six(hp, pays):
    """Tant que vous êtes En prison: pay 2 PV and play, or roll for a 6; free after the second try."""
    table = FortniteTable(jail_pay_hp=8)
    table.put(0, "Jail")
    table.pl[0, F.PL_JAIL] = 0
    table.set_hp(0, hp)
    table.seek_rolls(lambda rolls: rolls[0][0] != 6)  # the escape roll is the first die drawn
    table.turn(0)
    if pays:
        assert table.pl[0, F.PL_JAIL] == -1 and table.pl[0, F.PL_POS] != table.sq("Jail")
    else:
        assert table.pl[0, F.PL_JAIL] == 1 and table.hp(0) == 5
        table.seek_rolls(lambda rolls: rolls[0][0] != 6)
        table.turn(0)
        assert table.pl[0, F.PL_JAIL] == -1, "free after the second try, to move next turn"


def test_go_to_jail_draws_a_storm_card_and_under_the_storm_costs_two():
    """Allez en prison: to jail, a storm card at once; if the storm covers the jail, lose 2 PV but no jail."""
    table = FortniteTable()
    table.put(0, "Lonely Lodge")
    table.advance(0, 1)
    assert table.pl[0, F.PL_JAIL] == 0 and table.pl[0, F.PL_POS] == table.sq("Jail")
    assert table.bank[F.B_STORM_FLIPPED] == 1
    table2 = FortniteTable()
    table2.cover("Jail")
    table2.put(0, "Lonely Lodge")
    table2.advance(0, 1)
    assert table2.pl[0, F.PL_JAIL] == -1 and table2.hp(0) == 13


def test_the_storm_covering_the_jail_frees_its_prisoners():
    """Tant que vous êtes En prison: on the jail when the storm covers it, you go free."""
    table = FortniteTable()
    table.put(0, "Jail")
    table.pl[0, F.PL_JAIL] = 1
    table.cover("Jail")
    assert table.pl[0, F.PL_JAIL] == -1 and table.hp(0) == 15


def test_traders_swap_to_complete_a_pair_each():
    """Transactions de lieux: locations and items may be traded at any time on one's turn (a strategy
    behaviour: swaps that complete a pair for both)."""
    table = FortniteTable()
    table.give(0, "Junk Junction", "Pleasant Park")
    table.give(1, "Haunted Hills", "Snobby Shores")
    table.use(1, "pair_collector")
    table.turn(0)
    owners = {name: table.owner(name) for name in ("Junk Junction", "Haunted Hills", "Pleasant Park", "Snobby Shores")}
    assert owners["Junk Junction"] == owners["Haunted Hills"] and owners["Pleasant Park"] == owners["Snobby Shores"]
    assert table.pl[0, F.PL_TRADES] == 1 and table.violations() == 0


def test_a_trader_pays_chest_items_for_the_location_that_completes_its_pair():
    """Transactions de lieux: items may be traded too. With no location to swap, a trader pays the rival's
    item_price in chest items (those it would give at most) for the location that completes its pair."""
    table = FortniteTable()
    table.give(0, "Junk Junction")
    table.give(1, "Haunted Hills")
    table.hold(0, "bandages")
    table.hold(0, "grenade")
    table.hold(0, "med_kit")
    table.use(0, "pair_collector", item_price=3)
    table.use(1, "pair_collector", item_price=2)
    table.turn(0)
    assert table.owner("Haunted Hills") == 0
    assert table.items(1) == ["bandages", "med_kit"] and len(table.items(0)) <= 1
    assert table.pl[0, F.PL_TRADES] == 1 and table.pl[1, F.PL_TRADES] == 1 and table.violations() == 0


@pytest.mark.parametrize("buyer_price,seller_price,items", [(1, 2, 3), (3, 2, 1), (3, 0, 3)])
def test_no_item_trade_above_the_buyers_price_beyond_its_items_or_with_a_non_seller(buyer_price, seller_price,
                                                                                  items):
    """Transactions de lieux: a trade needs both players to agree; the buyer cannot give items it lacks."""
    table = FortniteTable()
    table.give(0, "Junk Junction")
    table.give(1, "Haunted Hills")
    for _ in range(items):
        table.hold(0, "grenade")
    table.use(0, "pair_collector", item_price=buyer_price)
    table.use(1, "pair_collector", item_price=seller_price)
    table.turn(0)
    assert table.owner("Haunted Hills") == 1 and table.items(1) == [] and table.pl[0, F.PL_TRADES] == 0


def test_players_choose_their_starting_squares():
    """Sautez du bus de combat !: each player in turn places its pawn where it likes (start_sight: toward or
    away from the rivals already placed)."""
    from simulator.engines.fortnite.state import in_sight
    from strategies.fortnite_logic import start_square
    table = FortniteTable()
    table.put(0, "Tilted Towers")
    b = table.board
    table.use(1, "storm_avoider")
    away = start_square(table.own, b.rules, table.prm, table.pl, table.rng, 1, 1)
    assert not in_sight(table.own, b.rules, b.n_squares, away, table.sq("Tilted Towers"))
    table.use(1, "aggressive_shooter")
    near = start_square(table.own, b.rules, table.prm, table.pl, table.rng, 1, 1)
    assert in_sight(table.own, b.rules, b.n_squares, near, table.sq("Tilted Towers"))


@pytest.mark.parametrize("path,value,message", [
    ("rules.start_hp", 20, "at most max_hp"),
    ("rules.jail_escape_roll", 7, "a face of the die"),
    ("squares.Jail.kind", "campfire", "jail"),
    ("decks.chest.cards.grenade.effect", "storm", "heal, shield, weapon, scope, grenade"),
    ("decks.storm.cards.storm_go.square", "Nowhere", "the name or index of a square"),
])
def test_bad_values_are_refused_with_the_field_named(path, value, message):
    with pytest.raises(EditionError, match=message):
        load_edition("fortnite", overrides=[(path, value)])


def test_the_data_file_has_the_known_counts():
    """facts.md (H): 16 locations in 8 pairs, 15 storm cards, 16 chest cards, 8 walls, a six-faced die."""
    board = compile_rules(load_edition("fortnite"))
    kinds = board.square_kinds
    assert kinds.count("location") == 16 and len(board.group_names) == 8
    assert list(board.decks[:, 0]) == [15, 16, 6]
    assert board.rules[F.R_WALLS] == 8 and (board.players_min, board.players_max) == (2, 7)


def test_a_strategy_that_gives_no_value_to_a_shot_never_shoots_a_player():
    """Le dé d'action (viseur): "le joueur de votre choix" pays 1 PV: the shot is the shooter's choice. passive
    gives a shot no value, so with a rival in sight it shoots nobody, first or after its move."""
    table = FortniteTable(strategy="passive")
    table.put(0, "Junk Junction")
    table.put(1, "Snobby Shores")
    b = table.board
    first, target, wall, in_reach = crosshair_plan(b.sq, b.groups, table.own, b.rules, table.prm, table.pl,
                                                   table.held, b.cards, 0, 2, 1)
    assert in_reach and target == -1 and wall == -1


def test_moving_first_is_not_chosen_when_the_move_ends_the_turn():
    """Allez en prison: "Votre tour est terminé". A rival worth more to shoot from Go To Jail than the one in
    sight now is no reason to move first: the shot would be lost, so the crosshair fires first."""
    table = FortniteTable(players=3)
    table.put(0, "Lonely Lodge")       # one step to Go To Jail
    table.put(1, "Retail Row")         # in sight now
    table.put(2, "Wailing Woods")      # in sight only from Go To Jail, and one shot eliminates it
    table.set_hp(2, 1)
    b = table.board
    first, target, wall, in_reach = crosshair_plan(b.sq, b.groups, table.own, b.rules, table.prm, table.pl,
                                                   table.held, b.cards, 0, 1, 1)
    assert first and target == 1 and in_reach


@pytest.mark.parametrize("square,hp,first", [
    ("Haunted Hills", 14, False),   # to the spike trap: healing first would be lost above 15
    ("Haunted Hills", 1, True),     # to the spike trap with 1 PV: heal first or be eliminated
    ("Lonely Lodge", 10, True),     # to Go To Jail: the turn ends there, heal first
])
def test_bandages_heal_before_or_after_the_move_whichever_keeps_more_hp(square, hp, first):
    """À votre tour: the numbered die and the action die "dans l'ordre de votre choix": bandages heal before the
    move or after it, whichever leaves more PV (never more than 15, Remarque)."""
    from strategies.fortnite_logic import bandages_first
    table = FortniteTable()
    table.put(0, square)
    table.set_hp(0, hp)
    b = table.board
    assert bandages_first(b.sq, b.groups, table.own, b.rules, table.pl, 0, 1, 2) == first


def test_items_are_used_on_a_jail_turn_even_when_the_escape_roll_fails():
    """Coffre: single-use items can be used "pendant votre tour", more than one a turn; Tant que vous êtes En
    prison: a failed roll ends the turn, but the items were usable before it."""
    table = FortniteTable(jail_pay_hp=12)  # with 10 PV it still rolls for the six
    table.put(0, "Jail")
    table.pl[0, F.PL_JAIL] = 0
    table.set_hp(0, 5)
    table.hold(0, "med_kit")
    table.seek_rolls(lambda rolls: rolls[0][0] != 6)
    table.turn(0)
    assert table.pl[0, F.PL_JAIL] == 1 and table.hp(0) == 10 and table.items(0) == []
    assert table.violations() == 0


def test_a_grenade_is_thrown_from_where_the_move_ends():
    """Coffre: items are used during one's turn, not only at its start: a rival out of sight before the move
    and in sight after it gets the grenade."""
    table = FortniteTable()
    table.put(0, "Snobby Shores")      # side 0: Greasy Grove, on side 1, out of sight
    table.put(1, "Greasy Grove")       # every move of 1 to 6 from Snobby Shores ends on side 1
    table.hold(0, "grenade")
    table.turn(0)
    assert "grenade" not in table.items(0) and table.hp(1) <= 13
    assert table.pl[0, F.PL_GRENADES] == 1 and table.violations() == 0


def test_the_sniper_rifle_lengthens_the_crosshair_not_the_grenade():
    """Coffre (data file): "Sniper rifle: the crosshair reaches any player": a grenade still reaches only a
    player in sight (Le dé d'action: the same side of the board)."""
    table = FortniteTable()
    table.put(0, "Junk Junction")      # moves of 1 to 6 stay on side 0
    table.put(1, "Dusty Divot")        # side 3
    table.hold(0, "sniper_rifle")
    table.hold(0, "grenade")
    assert table.can_hit(0, 1, crosshair=True) and not table.can_hit(0, 1, crosshair=False)
    table.turn(0)
    assert "grenade" in table.items(0) and table.pl[0, F.PL_GRENADES] == 0


@pytest.mark.parametrize("strategy,thrown", [("passive", True), ("aggressive_shooter", False)])
def test_a_grenade_can_bring_down_the_wall_in_the_way(strategy, thrown):
    """À quoi servent les murs ?: a wall can be attacked "avec le dé d'action ou un objet du Coffre, comme vous
    le feriez pour attaquer un autre joueur". The rulebook's example with a grenade instead of the crosshair:
    one who values a grenade kept for a rival (aggressive_shooter) stops on the covered square instead."""
    table = FortniteTable(strategy=strategy)
    table.put(0, "Chest 1")
    table.wall("Pleasant Park")
    table.cover("Pleasant Park")
    table.hold(0, "grenade")
    table.throw_at_wall(0, 5)
    assert table.has_wall("Pleasant Park") != thrown
    assert ("grenade" in table.items(0)) != thrown and table.pl[0, F.PL_WALLS_BROKEN] == thrown
    assert table.advance(0, 5) == ("Snobby Shores" if thrown else "Pleasant Park")
    assert table.violations() == 0
