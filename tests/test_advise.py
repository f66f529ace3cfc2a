"""advise: every choice open to a player, ranked on shared seeds. Known answers come out right (a square that
completes a group, the third set's last property), choices equal in law are never called different beyond the
test's 5% across seeds, and bad input is refused in one line."""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simulator import advise, positions, stats
from simulator.checks import EditionError
from tests.helpers import invoke, most_false_positives, most_z_squares, position_toml, z_of

POSITIONS = Path(__file__).parent / "data" / "positions"
SEEDS = 200


def test_buying_the_square_that_completes_a_group_ranks_first():
    # Ann stands on Park Place with 1,500 and holds Boardwalk: buying makes the dark blue group hers
    # rulebook (Vente aux enchères): declined, it is auctioned; Bea (buy_all) bids up to its price
    frame = advise.advise(positions.load_position(POSITIONS / "advise_park_place.toml"), games=600, seed=1)
    assert frame.choice[0] == "buy Park Place for 350"
    assert set(frame.choice[1:]) == {"decline Park Place, bid nothing at the auction",
                                     "decline Park Place, bid up to 349 at the auction"}
    assert not frame.tied[1:].any() and (frame.difference_high[1:] < 0).all()
    assert frame.attrs["verdict"].startswith("Best: buy Park Place")


def test_buying_the_square_that_completes_a_millionaire_group_ranks_first():
    start = positions.load_position(POSITIONS / "advise_millionaire_group.toml")
    frame = advise.advise(start, games=2000, seed=1)
    assert frame.choice[0] == "buy Green 3 for 150" and not frame.tied[1:].any()


def test_laying_the_third_sets_last_property_ranks_first():
    # rulebook (Étapes du jeu): three complete sets on one's own turn win; any other play leaves Bea, who holds
    # a Deal Breaker, a turn to break a set
    start = positions.load_position(POSITIONS / "advise_deal_third_set.toml")
    frame = advise.advise(start, games=300, seed=2)
    assert frame.choice[0] == "lay green as green" and frame.win_rate[0] == 1.0
    assert set(frame.choice[1:]) == {"end the turn (play nothing)", "bank money_1 (1M)"}
    assert not frame.tied[1:].any() and (frame.difference_high[1:] < 0).all()


def test_never_saying_no_to_the_deal_breaker_that_wins_ann_the_game_ranks_last():
    # rulebook (Joker !): Bea's Just Say No cancels Ann's Deal Breaker on her red set, Ann's third; never saying
    # no lets Ann win on her turn
    start = positions.load_position(POSITIONS / "advise_deal_say_no.toml")
    frame = advise.advise(start, player="Bea", games=200, seed=1)
    assert list(frame.choice)[-1] == "never say no" and len(frame) == 3
    assert not frame.tied.iloc[-1] and frame.difference_high.iloc[-1] < 0
    assert frame.tied.iloc[:2].all()  # any attack, or a set's worth and more: both answer the Deal Breaker


def test_a_say_no_policy_equal_to_the_strategys_own_plays_the_same_games():
    # Bea to play, an opportunist: her own say_no_min_loss is 0, the policy "any attack", so that row and
    # ending the turn are one outcome and tie exactly; each policy changes only Bea's row
    document = {**positions.load_position(POSITIONS / "advise_deal_say_no.toml").document}
    document["position"] = {**document["position"], "to_play": "Bea"}
    document["players"] = [dict(p) for p in document["players"]]
    document["players"][1]["strategy"] = "opportunist"
    start = positions.position_from(document, "say no, Bea to play")
    options = {c.label: c for c in advise.choices(start, "Bea")}
    ended = "end the turn (play nothing)"
    same = f"{ended}, then say no to any attack that costs you something"
    never = options["end the turn (play nothing), then never say no"]
    assert advise._outcome(options[ended]) == advise._outcome(options[same]) != advise._outcome(never)
    assert [s.params["say_no_min_loss"] for s in never.lineup] == [0.0, float("inf")]
    frame = advise.play_choices(start, "Bea", [options[ended], options[same]], games=60, seed=4)
    assert (frame.difference == 0).all() and frame.tied.all()


def test_buying_the_brand_that_fills_the_tower_wins_on_the_spot():
    # rulebook (Comment gagner ?; Groupe de propriété complet): Beats completes Ann's group, its bonus skyscraper
    # fills her tower to 16 units, and the first full tower wins
    frame = advise.advise(POSITIONS / "advise_empire_last_brand.toml", games=300, seed=3)
    # declined, Beats goes to auction (Les ventes aux enchères), where Bea, the swapper, bids up to 600
    assert frame.choice[0] == "buy Beats for 400" and frame.win_rate[0] == 1.0
    assert set(frame.choice[1:]) == {"decline Beats, bid nothing at the auction",
                                     "decline Beats, bid up to 550 at the auction"}
    assert not frame.tied[1:].any() and (frame.difference_high[1:] < 0).all()


def test_the_grenade_that_eliminates_the_last_rival_wins_on_the_spot():
    # rulebook (Et si je me retrouve à court de points de vie ?; Coffre: items on one's own turn): Bea has 2 HP
    # in sight of Ann's grenade; Ann's strategy, passive, would not throw it
    frame = advise.advise(POSITIONS / "advise_fortnite_last_rival.toml", games=300, seed=4)
    assert frame.choice[0] == "throw grenade at Bea" and frame.win_rate[0] == 1.0
    assert set(frame.choice[1:]) == {"no move beyond what your strategy plays", "use med_kit (+5 HP)"}
    assert not frame.tied[1:].any()


def test_the_crosshair_rolled_shoots_the_last_rival_out():
    # rulebook (À votre tour: the crosshair face; Coffre: the assault rifle adds 1): Bea has 2 HP in sight
    fortnite = {"position": {"edition": "fortnite", "covered": ["Greasy Grove"]},
                "players": [{"name": "Ann", "strategy": "passive", "hp": 5, "square": "Tomato Town",
                             "items": ["assault_rifle"]},
                            {"name": "Bea", "strategy": "aggressive_shooter", "hp": 2, "square": "Tomato Town"},
                            {"name": "Cid", "strategy": "passive", "out": True}]}
    frame = advise.advise(positions.position_from(fortnite, "crosshair"), games=300, seed=6, rolled="crosshair")
    assert list(frame.choice) == ["shoot Bea (2 HP)", "hold fire"]
    assert frame.win_rate[0] == 1.0 and not frame.tied[1]


def test_the_wall_rolled_stands_where_the_storm_stops_the_last_rival():
    # rulebook (À votre tour: "un mur ... sur une des cases de votre déplacement", the start included; À quoi
    # servent les murs ?: a pawn stops on a wall): Bea, 2 HP, one square behind the covered Haunted Hills
    start = positions.load_position(POSITIONS / "advise_fortnite_wall.toml")
    frame = advise.advise(start, games=300, seed=1, rolled="wall", moved=3)
    assert frame.choice[0] == "stand the wall on Haunted Hills" and not frame.tied[1:].any()
    assert set(frame.choice[1:]) == {"stand the wall on Spike Trap 1", "stand the wall on Pleasant Park",
                                     "stand the wall on Campfire 1 (your square)"}
    made = {c.label: c.position.document for c in advise.choices(start, "Ann", rolled="wall", moved=3)}
    assert made["stand the wall on Haunted Hills"]["players"][0]["walls"] == ["Haunted Hills"]
    assert all(d["position"]["to_play"] == "Bea" for d in made.values())  # the wall ends the turn


def test_the_wall_rolled_skips_a_walled_start_and_refuses_a_walled_move():
    document = positions.load_position(POSITIONS / "advise_fortnite_wall.toml").document
    walled = {**document, "players": [dict(document["players"][0]), {**document["players"][1],
                                                                     "walls": ["Haunted Hills"]}]}
    start = positions.position_from(walled, "a wall on the start")
    assert "stand the wall on Haunted Hills" not in {c.label for c in advise.choices(start, "Ann", "wall", 3)}
    assert len(advise.choices(start, "Ann", "wall", 2)) == 3  # Spike Trap 1 to Campfire 1
    for moved, message in ((4, "a wall stands on Haunted Hills, which would have stopped the move"),
                           (7, "--moved 7: the squares a move takes, 1 to the die's 6")):
        with pytest.raises(EditionError, match=message):
            advise.choices(start, "Ann", "wall", moved)
    with pytest.raises(EditionError, match="--moved: the squares moved, given with --rolled wall and only then"):
        advise.choices(start, "Ann", "wall")


def test_the_swap_rolled_exchanges_the_highest_brands_of_any_two_towers():
    # rulebook (Vous obtenez le symbole Échange ?): the highest brand billboards of two towers of one's choice
    empire = {"position": {"edition": "empire"},
              "players": [{"name": "Ann", "strategy": "swapper", "tower": ["Nerf", "skyscraper"]},
                          {"name": "Bea", "strategy": "swapper", "tower": ["Heinz"]},
                          {"name": "Cid", "strategy": "swapper", "tower": ["Beats", "Razor"]}]}
    made = {c.label: c.position.document for c in
            advise.choices(positions.position_from(empire, "swap"), "Ann", rolled="swap")}
    assert set(made) == {"no swap", "swap the highest brands: yours and Bea's",
                         "swap the highest brands: yours and Cid's", "swap the highest brands: Bea's and Cid's"}
    rivals = made["swap the highest brands: Bea's and Cid's"]
    assert rivals["players"][1]["tower"] == ["Razor"] and rivals["players"][2]["tower"] == ["Beats", "Heinz"]
    assert made["swap the highest brands: yours and Bea's"]["players"][0]["tower"] == ["skyscraper", "Heinz"]
    assert all(d["position"]["to_play"] == "Bea" for d in made.values())  # the swap is the turn's move


def test_choices_equal_in_law_are_called_different_in_at_most_five_percent_of_seeds():
    # four choices with the same win probability on paired games (each game the same in every choice with
    # probability 0.6, drawn afresh otherwise, as shared seeds make a small change's games): whichever comes
    # out best, the verdict may call one different from it in no more than 5% of seeds
    rng = np.random.default_rng(7)
    fired = 0
    for _ in range(SEEDS):
        shared = rng.random(400) < 0.3
        fresh = rng.random((4, 400)) < 0.3
        won = np.where(rng.random((4, 400)) < 0.6, shared, fresh).astype(float)
        fired += not advise.rank(["a", "b", "c", "d"], won).tied.all()
    assert fired <= most_false_positives(SEEDS)


def verdicts_on_blocks(won: np.ndarray, blocks: int, same: list | None = None) -> tuple[int, float]:
    """`won` (a row per choice, games paired across rows) cut into `blocks` independent suites of games: in how
    many the verdict called a choice different from the best, and Σz² over them of the first two choices' paired
    test (the |z| its two-sided p-value stands for)."""
    fired, z_squares = 0, 0.0
    ones = np.ones(won.shape[1] // blocks)
    for block in np.split(won, blocks, axis=1):
        fired += not advise.rank([f"choice {k}" for k in range(len(block))], block, same).tied.all()
        z_squares += z_of(stats.paired_difference(block[0], ones, block[1], ones)["p_value"]) ** 2
    return fired, z_squares


def test_a_position_played_on_other_seeds_is_not_called_different():
    """The engine's games: one position as three choices, each on its own seed (equal in law, not paired). At 200
    suites a verdict firing in 20% of them (not 5%) passes the count with probability 0.0002, in 10% with 0.65;
    a z 1.3 times too large gives E[Σz²] = 1.69·200 = 338 against a bound of 268. Here 4 of 200 fired (bound
    21), Σz² = 116 (the exact McNemar p-value, on few games that differ, makes z² average under 1). Before: 12
    seeds of 150 games with a bound of 4, which a verdict firing in 20% passed 93% of the time."""
    start = positions.load_position(POSITIONS / "advise_park_place.toml")
    blocks = 200  # of 40 games a choice
    won = np.stack([positions.wins_of(positions.play(start, blocks * 40, seed=seed), 0) for seed in range(3)])
    fired, z_squares = verdicts_on_blocks(won, blocks)
    assert fired <= most_false_positives(blocks) and z_squares <= most_z_squares(blocks)


def test_two_choices_equal_by_symmetry_are_not_called_different():
    """An edition whose bandages come under two ids (tests/data/editions/fortnite_twin_bandages.toml): Ann using
    one or the other plays different games, equal in law, paired on the same seeds (as play_choices plays them).
    A verdict firing in 20% of 100 suites (not 5%) passes the count (bound 13) with probability 0.05. Here 0 of
    100 fired and Σz² = 55 (bound 149): the exact McNemar test on some 13 differing games a suite is
    conservative, so the count, not Σz², is what catches an inflated rate here. Before: 20 seeds, bound 5,
    passed by a 20% rate 80% of the time."""
    start = positions.load_position(POSITIONS / "advise_twin_bandages.toml")
    twins = [c for c in advise.choices(start, "Ann") if "bandages" in c.label]
    assert [c.label for c in twins] == ["use bandages (+2 HP)", "use bandages_twin (+2 HP)"]
    blocks = 100  # of 200 games a choice: only 6.5% of the paired games differ, some 13 a block
    won = np.stack([positions.wins_of(positions.play(c.position, blocks * 200, seed=0, lineup=c.lineup), 0)
                    for c in twins])
    fired, z_squares = verdicts_on_blocks(won, blocks, [advise._outcome(c) for c in twins])
    assert fired <= most_false_positives(blocks) and z_squares <= most_z_squares(blocks)


def test_the_verdict_claims_no_order_between_a_choice_tied_with_the_best_and_the_rest():
    # a beats c significantly, b is tied with a and with c: the verdict may say c is worse than the best, not
    # that b is better than c (it said "each is better than the 1 other choice")
    won = np.zeros((3, 2000))
    won[0, 0:130] = won[1, 130:230] = won[2, 130:230] = 1    # a against b: 130 to 100
    won[0, 230:360] = won[1, 230:360] = 1                     # b against c: 130 to 100, a as b there
    won[2, 360:460] = 1
    frame = advise.rank(["a", "b", "c"], won)
    assert list(frame.choice) == ["a", "b", "c"] and list(frame.tied) == [True, True, False]
    line = frame.attrs["verdict"]
    assert line.startswith("a and b cannot be told apart") and line.endswith("the 1 other choice is worse than the best.")


def test_identical_choices_tie_exactly():
    won = (np.random.default_rng(1).random((1, 500)) < 0.5).astype(float)
    frame = advise.rank(["first", "second"], np.vstack([won, won]))
    assert frame.tied.all() and (frame.difference == 0).all() and (frame.p_adjusted == 1).all()
    assert frame.attrs["verdict"].startswith("No choice can be told apart")


def test_building_and_mortgaging_choices_follow_the_rules():
    # rulebook (Construire / Hypothéquer): build evenly on a complete group without mortgages, mortgage only
    # squares of groups without buildings; here 400 in cash and the oranges at 3 houses (100 a house)
    start = positions.load_position(Path(__file__).parent.parent / "reports" / "positions" /
                                    "oranges_against_greens.toml")
    labels = [c.label for c in advise.choices(start, "Ann")]
    assert labels == ["no move beyond what your strategy plays", "build to 4 houses on each of orange (costs 300)",
                      "mortgage Reading Railroad (+100)"]
    built = advise.choices(start, "Ann")[1].position
    assert int(built.start.pl[0, 0]) == 100  # the cash column: 400 - 300


def test_a_player_short_of_the_rivals_ceiling_can_still_bid_the_price_up_with_all_its_cash():
    # rulebook (Vente aux enchères): the player who declined may bid at the auction, up to what it holds; with
    # 300 against Bea's ceiling of 350 Ann can make Bea pay 301 (the choice was left out below the ceiling)
    document = position_document(ann_cash=300)
    declines = {c.label: c.position.document for c in advise.choices(positions.position_from(document, "t"), "Ann")}
    assert "buy Park Place for 350" not in declines  # 300 does not pay the price
    pushed = declines["decline Park Place, bid up to 300 at the auction"]
    assert pushed["players"][1]["cash"] == 1500 - 301 and pushed["players"][0]["cash"] == 300
    assert {"square": "Park Place"} in pushed["players"][1]["properties"]


def position_document(ann_cash: int) -> dict:
    """advise_park_place.toml's position with Ann's cash set."""
    document = positions.load_position(POSITIONS / "advise_park_place.toml").document
    document["players"][0]["cash"] = ann_cash
    return document


def test_the_fine_paid_to_leave_jail_feeds_the_free_parking_jackpot():
    # rulebook (Comment sortir de prison): the fine is paid to the bank; under the jackpot house rule the engine
    # puts fines in the Free Parking pot (play.into_bank), so the choice must too, or 50 leaves the game
    document = {"position": {"edition": str(Path(__file__).parent / "data" / "editions" / "classic_jackpot.toml"),
                             "to_play": "Ann", "pot": 200},
                "players": [{"name": "Ann", "strategy": "buy_all", "cash": 500, "in_jail": True},
                            {"name": "Bea", "strategy": "buy_all", "cash": 500}]}
    start = positions.position_from(document, "jackpot")
    paid = next(c for c in advise.choices(start, "Ann") if c.label == "pay 50 to leave jail").position.document
    assert paid["players"][0]["cash"] == 450 and paid["position"]["pot"] == 250
    assert not paid["players"][0]["in_jail"]


def test_no_hotel_is_offered_when_the_bank_lacks_the_houses_to_reach_it():
    # rulebook (Construire, d; la crise du bâtiment): a hotel replaces 4 houses on each square, and with no house
    # left in the bank one waits. Bea's 24 houses and Ann's 6 leave 2 of 32: the light blues at 2 houses can go
    # neither to 3 nor, through 4, to a hotel (the hotel was offered)
    built = [{"square": s, "houses": 4} for s in ("St. James Place", "Tennessee Avenue", "New York Avenue",
                                                   "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue")]
    document = {"position": {"edition": "classic", "to_play": "Ann"}, "players": [
        {"name": "Ann", "strategy": "buy_all", "cash": 1500, "square": "Free Parking", "properties": [
            {"square": s, "houses": 2} for s in ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")]},
        {"name": "Bea", "strategy": "buy_all", "cash": 1500, "properties": built}]}
    labels = [c.label for c in advise.choices(positions.position_from(document, "shortage"), "Ann")]
    assert labels == ["no move beyond what your strategy plays"]


def jailed_ann(strategy: str, cash: int, bea_houses: tuple = ()):
    """Ann in jail to play, Bea on GO with 4 houses on each street named."""
    return positions.position_from({"position": {"edition": "classic", "to_play": "Ann"}, "players": [
        {"name": "Ann", "strategy": strategy, "cash": cash, "in_jail": True},
        {"name": "Bea", "strategy": "buy_all", "cash": cash, "square": "GO",
         "properties": [{"square": s, "houses": 4} for s in bea_houses]}]}, "jail")


@pytest.mark.parametrize("strategy, note, offered", [
    ("buy_all", 'leaves jail at once here, with a card or the fine: rolling is "stay in jail', True),
    ("jail_late", "this is rolling for a double", False)])
def test_no_move_in_jail_says_whether_it_pays_or_rolls(strategy, note, offered):
    # rulebook (Comment sortir de prison): pay, use a card, or roll for a double. "No move" leaves it to the
    # strategy (play.jail_turn): buy_all pays at once, so that choice equals paying and rolling is a choice of its
    # own, a standing policy (jail_stay_buildings: Bea's 12 houses); jail_late stays once rivals have 6 houses
    start = jailed_ann(strategy, 500, bea_houses=("St. James Place", "Tennessee Avenue", "New York Avenue"))
    options = advise.choices(start, "Ann")
    assert options[0].label == "no move beyond what your strategy plays" and note in options[0].note
    staying = [c for c in options if c.label == "stay in jail and roll for a double"]
    assert len(staying) == offered
    if offered:
        assert [s.params["jail_stay_buildings"] for s in staying[0].lineup] == [12, float("inf")]
        assert staying[0].position is start and "standing policy" in staying[0].note


def test_rolling_in_jail_beats_paying_on_a_late_board_and_not_on_an_early_one():
    # rulebook (Comment sortir de prison; Simple visite): jail only stops a player's pawn, so with Bea's hotels on
    # the six streets after jail (orange, red) and Ann's on the greens and dark blues, Ann staying there collects
    # rent and pays none; on a bare board, staying only forgoes squares to buy
    late = positions.load_position(POSITIONS / "advise_jail_hotels.toml")
    early = jailed_ann("buy_all", 1500)
    for start, rolling_better in ((late, True), (early, False)):
        options = {c.label: c for c in advise.choices(start, "Ann")}
        frame = advise.play_choices(start, "Ann", [options["pay 50 to leave jail"],
                                                   options["stay in jail and roll for a double"]], games=400, seed=1)
        paying = frame[frame.choice == "pay 50 to leave jail"].iloc[0]
        if rolling_better:
            assert frame.choice[0] == "stay in jail and roll for a double" and not paying.tied
        else:
            assert paying.tied


def test_deal_attacks_move_the_cards_the_rulebook_says():
    # rulebook (Cartes action): Sly Deal takes a property from a set not complete, Forced Deal swaps one for one
    # of one's own, Deal Breaker takes a complete set; the card played goes to the discards, the turn passes
    document = {"position": {"edition": "deal", "to_play": "Ann"},
                "players": [{"name": "Ann", "strategy": "bank_first", "unknown_hand": 0,
                             "hand": ["sly_deal", "forced_deal", "deal_breaker"],
                             "table": {"brown": ["brown", "brown"], "pink": ["pink"]}},
                            {"name": "Bea", "strategy": "opportunist", "unknown_hand": 3,
                             "table": {"red": ["red", "red", "red"], "orange": ["orange"]}}]}
    made = {c.label: c.position.document for c in
            advise.choices(positions.position_from(document, "attacks"), "Ann")}
    assert "sly_deal: take red (red) from Bea" not in made  # the reds are complete
    taken = made["sly_deal: take orange (orange) from Bea"]
    assert taken["players"][0]["table"]["orange"] == ["orange"] and "orange" not in taken["players"][1]["table"]
    assert taken["position"] == {"edition": "deal", "to_play": "Bea", "discards": ["sly_deal"]}
    swapped = made["forced_deal: give pink (pink) for orange (orange) of Bea"]
    assert swapped["players"][1]["table"]["pink"] == ["pink"] and "pink" not in swapped["players"][0]["table"]
    broken = made["deal_breaker: take Bea's red set"]
    assert broken["players"][0]["table"]["red"] == ["red"] * 3 and "red" not in broken["players"][1]["table"]


def test_deal_demands_are_paid_as_the_engine_pays():
    # rulebook (Cartes action): Debt Collector takes 5M from one player, It's My Birthday 2M from each; no change
    # is given, properties pay from the table (the engine's collect chooses the cards)
    document = {"position": {"edition": "deal", "to_play": "Ann"},
                "players": [{"name": "Ann", "strategy": "bank_first", "unknown_hand": 0,
                             "hand": ["debt_collector", "birthday"], "table": {"brown": ["brown"]}},
                            {"name": "Bea", "strategy": "opportunist", "bank": ["money_1", "money_3"],
                             "table": {"orange": ["orange"]}},
                            {"name": "Cid", "strategy": "opportunist", "bank": ["money_5"]}]}
    made = {c.label: c.position.document for c in advise.choices(positions.position_from(document, "pay"), "Ann")}
    from_cid = made["debt_collector: 5M from Cid"]
    assert from_cid["players"][0]["bank"] == ["money_5"] and from_cid["players"][2]["bank"] == []
    assert from_cid["position"]["discards"] == ["debt_collector"]
    birthday = made["birthday: 2M from every rival"]["players"]
    assert sorted(birthday[0]["bank"]) == ["money_3", "money_5"] and birthday[1]["bank"] == ["money_1"]
    from_bea = made["debt_collector: 5M from Bea"]["players"]  # 4M of notes, then the orange property
    assert sorted(from_bea[0]["bank"]) == ["money_1", "money_3"] and from_bea[0]["table"]["orange"] == ["orange"]
    assert from_bea[1]["bank"] == [] and from_bea[1]["table"] == {}


def test_double_the_rent_doubles_the_rent_it_is_played_with():
    # rulebook (Double Loyer: played with a rent, it doubles the amount); the edition's double_rent_stacks (true):
    # two multiply it by 4, three plays in all
    document = {"position": {"edition": "deal", "to_play": "Ann"},
                "players": [{"name": "Ann", "strategy": "bank_first", "unknown_hand": 0,
                             "hand": ["rent_light_blue_brown", "double_rent", "double_rent"],
                             "table": {"brown": ["brown"]}},
                            {"name": "Bea", "strategy": "opportunist", "bank": ["money_1"] * 5}]}
    made = {c.label: c.position.document for c in advise.choices(positions.position_from(document, "double"), "Ann")}
    rent = "rent_light_blue_brown"
    for doubles, label in enumerate([f"{rent}: brown rent 1M from every rival",
                                     f"{rent} with double_rent: brown rent 2M from every rival",
                                     f"{rent} with double_rent and double_rent: brown rent 4M from every rival"]):
        ann, bea = made[label]["players"]
        assert ann["bank"] == ["money_1"] * 2 ** doubles and bea["bank"] == ["money_1"] * (5 - 2 ** doubles)
        assert made[label]["position"]["discards"] == [rent] + ["double_rent"] * doubles
        assert ann["hand"] == ["double_rent"] * (2 - doubles)
    document["position"]["edition"] = str(Path(__file__).parent / "data" / "editions" / "deal_single_double.toml")
    single = [c.label for c in advise.choices(positions.position_from(document, "one double"), "Ann")]
    assert f"{rent} with double_rent: brown rent 2M from every rival" in single
    assert not any("double_rent and double_rent" in label for label in single)


def test_a_grenade_takes_its_damage_or_a_shield_and_a_skyscraper_its_price():
    # rulebook (Fortnite, Coffre: a grenade does 2 damage; a shield potion cancels an attack's damage)
    fortnite = {"position": {"edition": "fortnite", "to_play": "Ann"},
                "players": [{"name": "Ann", "strategy": "passive", "square": "Tomato Town", "items": ["grenade"]},
                            {"name": "Bea", "strategy": "passive", "square": "Tomato Town", "hp": 9},
                            {"name": "Cid", "strategy": "passive", "square": "Tomato Town", "hp": 9,
                             "items": ["shield_potion"]}]}
    made = {c.label: c.position.document for c in
            advise.choices(positions.position_from(fortnite, "grenade"), "Ann")}
    assert made["throw grenade at Bea"]["players"][1]["hp"] == 7
    assert made["throw grenade at Cid"]["players"][2] == {"name": "Cid", "strategy": "passive",
                                                           "square": "Tomato Town", "hp": 9, "items": []}
    # rulebook (Empire, Groupe de propriété complet): a skyscraper tile for 500k
    empire = {"position": {"edition": "empire"},
              "players": [{"name": "Ann", "strategy": "buy_everything", "cash": 800, "tower": ["Nerf"]},
                          {"name": "Bea", "strategy": "swapper"}]}
    bought = advise.choices(positions.position_from(empire, "skyscraper"), "Ann")[-1]
    assert bought.label == "buy a skyscraper for 500"
    assert bought.position.document["players"][0] == {"name": "Ann", "strategy": "buy_everything", "cash": 300,
                                                      "tower": ["Nerf", "skyscraper"]}


def test_the_advice_is_the_same_on_any_number_of_threads():
    start = positions.load_position(POSITIONS / "advise_park_place.toml")
    one, two = (advise.advise(start, games=200, seed=5, threads=threads) for threads in (1, 2))
    pd.testing.assert_frame_equal(one, two)


def test_empire_cards_charge_swap_and_send_brands_back():
    # rulebook (Empire, cartes Empire): a charge is paid in cash; a swap exchanges the highest brand billboards,
    # skyscrapers staying; Vous êtes renvoyé sends every rival's brands of one colour back to the board
    empire = {"position": {"edition": "empire"},
              "players": [{"name": "Ann", "strategy": "buy_everything", "cash": 300, "tower": ["Nerf", "Beats"],
                           "empire_cards": ["charge_400", "swap_tops", "vous_etes_renvoye"]},
                          {"name": "Bea", "strategy": "swapper", "cash": 900,
                           "tower": ["Transformers", "Heinz", "skyscraper"]}]}
    made = {c.label: c.position.document["players"] for c in
            advise.choices(positions.position_from(empire, "cards"), "Ann")}
    charged = made["charge_400: charge Bea 400"]
    assert (charged[0]["cash"], charged[1]["cash"]) == (700, 500)
    assert charged[0]["empire_cards"] == ["swap_tops", "vous_etes_renvoye"]
    swapped = made["swap_tops: swap your highest brand with Bea's"]
    assert swapped[0]["tower"] == ["Nerf", "Heinz"] and swapped[1]["tower"] == ["Transformers", "skyscraper", "Beats"]
    sent = made["vous_etes_renvoye: send the rivals' brown brands back to the board"]
    assert sent[0]["tower"] == ["Nerf", "Beats"] and sent[1]["tower"] == ["Heinz", "skyscraper"]


def test_field_sets_the_rivals_strategies():
    start = positions.load_position(POSITIONS / "advise_park_place.toml")
    assert advise.with_field(start, "Ann", ["cautious"]).strategies == ["buy_all", "cautious"]


def test_the_cli_prints_the_ranking_and_writes_the_page(tmp_path):
    page = tmp_path / "advice.html"
    result = invoke("advise", POSITIONS / "advise_park_place.toml", "-n", 600, "--seed", 1, "--no-progress",
                    "--out", page)
    assert result.exit_code == 0, result.output
    assert "buy Park Place for 350" in result.output and "Best: buy Park Place" in result.output
    html = page.read_text()
    choices = html[html.index("<h2>The choices</h2>"):]
    assert choices.count("<rect") == 6 and "decline Park Place, bid nothing" in choices  # two bars a choice
    assert html.count("<svg") == 2 and "<title>Park Place</title>" in html and "Bea" in html  # the board too


@pytest.mark.parametrize("args, message", [
    (["--player", "Zed"], "--player Zed: no such player in"),
    (["--player", "Anne"], ": did you mean Ann?"),
    (["--field", "cautious,buy_all"], "--field: give one strategy for every rival or one per rival"),
    (["--field", "nonsense"], "unknown strategy 'nonsense'"),
    (["--out", "advice.txt"], "expected a .html or .htm file"),
    (["-n", "10"], "--games 10: at least 30 games"),
    (["--rolled", "crosshair"], "--rolled crosshair: not a face whose choices board positions offer"),
    (["--moved", "3"], "--moved: the squares moved, given with --rolled wall and only then"),
])
def test_bad_input_is_refused_in_one_line(tmp_path, args, message):
    result = invoke("advise", POSITIONS / "advise_park_place.toml", "--no-progress", *args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output
    assert lines[0].count("Bea") <= 1  # the players listed once


def test_the_page_goes_into_a_new_folder_and_an_unwritable_one_is_refused_before_any_game(tmp_path):
    # the page was written after every game, with a traceback when its folder did not exist
    page = tmp_path / "new" / "advice.html"
    made = invoke("advise", POSITIONS / "advise_park_place.toml", "--no-progress", "-n", "30", "--out", page)
    assert made.exit_code == 0 and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    (tmp_path / "a_file").write_text("")
    refused = invoke("advise", POSITIONS / "advise_park_place.toml", "--no-progress", "-n", "30000",
                     "--out", tmp_path / "a_file" / "advice.html")
    lines = refused.output.strip().splitlines()
    assert refused.exit_code == 2 and len(lines) == 1 and "is not a directory" in lines[0], refused.output


def test_a_position_of_the_wrong_shape_and_a_deal_player_not_to_play_are_refused(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text(position_toml({"position": {"edition": "classic"}, "players": [{"name": "Ann"}]}))
    deal = invoke("advise", POSITIONS / "advise_deal_third_set.toml", "--player", "Bea", "--no-progress")
    jailed = invoke("advise", Path(__file__).parent.parent / "reports" / "positions" / "empire_towers.toml",
                    "--rolled", "swap", "--no-progress")
    for result, message in ((invoke("advise", broken, "--no-progress"), "players"),
                            (deal, "only the player to play has choices"), (jailed, "Bea is in jail")):
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output
