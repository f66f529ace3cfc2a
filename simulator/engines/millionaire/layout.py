"""Column and code numbers of Monopoly Millionaire's rule and state arrays.

Millionaire is the board family's economy (streets, houses and hotels, mortgages, auctions, trades, jail)
with star levels, Fortune cards and a race to a million in cash. Its arrays are the board family's with
columns added at the end, so that the helpers in shared/play.py (money, raising money, building, trades,
auctions, bankruptcy) and the board strategies' decisions run on them unchanged. The loader
(simulator.rules_millionaire) writes the rule arrays and the engine (millionaire.py) reads them.
"""
from simulator.engines.shared.layout import *  # noqa: F401,F403  (the shared layout, extended below)
from simulator.engines.shared.layout import (
    B_OWNERSHIP, CARD_EFFECTS as BOARD_CARD_EFFECTS, COLUMN_MEANINGS as BOARD_COLUMN_MEANINGS,
    C_COLUMNS as BOARD_C_COLUMNS, N_PARAMS as BOARD_N_PARAMS,
    O_COLUMNS as BOARD_O_COLUMNS, PL_COLUMNS as BOARD_PL_COLUMNS, PLAYER_COLUMNS as BOARD_PLAYER_COLUMNS,
    PO_COLUMNS as BOARD_PO_COLUMNS, R_N_RULES as BOARD_R_N_RULES, RULE_FIELDS as BOARD_RULE_FIELDS,
)

STAR_LEVELS = 3             # 1, 3 and 5 stars are levels 0, 1 and 2

# Card effects: the board family's (same codes), then
DICE_CHALLENGE = 8          # roll two dice: at least the level's total wins its amount, else pays its fine
COLLECT_SALARY = 9          # the salary of one's level, as on GO but with no upgrade
STEAL_PROPERTY = 10         # kept: take a rival's property that has no buildings in its group
FORCE_SWAP = 11             # kept: swap one of one's properties for a rival's (no buildings in either group)
FREE_HOUSE = 12             # kept: one house free on a complete group, building evenly
GIVE_PROPERTY = 13          # give one's cheapest property with no buildings to the poorest rival
KEPT_EFFECTS = (STEAL_PROPERTY, FORCE_SWAP, FREE_HOUSE)  # the Fortune cards a player keeps to play later
CARD_EFFECTS = BOARD_CARD_EFFECTS + ("dice_challenge", "collect_salary", "steal_property", "force_swap",
                                     "free_house", "give_property")
MOVING_EFFECTS = ("advance_to", "advance_to_nearest", "move", "go_to_jail")

# Card matrix `cards`: the board family's columns, then per star level
C_AMOUNT = BOARD_C_COLUMNS                  # 3 columns: amount received (< 0 paid) at each level
C_FINE = C_AMOUNT + STAR_LEVELS             # 3 columns: paid when a dice challenge fails
C_MIN_ROLL = C_FINE + STAR_LEVELS           # 3 columns: the least dice total that wins a challenge
C_COLUMNS = C_MIN_ROLL + STAR_LEVELS

# Rule vector `rules`: the board family's, then
R_WIN_CASH = BOARD_R_N_RULES
R_UPGRADE_COST = R_WIN_CASH + 1
R_FORTUNE_DECK = R_UPGRADE_COST + 1     # computed: the index of the deck dealt onto the properties
R_SALARY = R_FORTUNE_DECK + 1           # STAR_LEVELS entries: the GO salary at each level
R_KEPT_CARDS = R_SALARY + STAR_LEVELS   # computed, 2 entries: the first kept Fortune card (KEPT_EFFECTS) and
#                                         one past the last, in card order; 0, 0 when there is none
R_N_RULES = R_KEPT_CARDS + 2

# Board rules Millionaire does not read (its own GO, no quick game, no house rules on GO or Free Parking)
_UNUSED = {"go_salary", "deal_deeds", "end_on_first_bankruptcy", "free_parking_jackpot", "go_landing_bonus"}
RULE_FIELDS = {name: index for name, index in BOARD_RULE_FIELDS.items() if name not in _UNUSED}
RULE_FIELDS.update({"win_cash": R_WIN_CASH, "upgrade_cost": R_UPGRADE_COST})
BOOLEAN_RULES = {"auctions", "trading", "group_rent_requires_unmortgaged", "sell_buildings_first",
                 "mortgage_interest_on_price", "auction_must_sell", "shortage_auction_from_price"}

# Why a game ended (END_TURN_CAP keeps the board family's code: the shared board.record_game reads it)
END_MILLION = 0
END_LAST_STANDING = 1
END_TURN_CAP = 2
END_REASONS = ("million", "last_standing", "turn_cap")

# Invariant violations: the board family's flags, then
V_CARDS = 128               # card copies not all in their deck, on a property or in hands
V_STARS = 256               # a star level out of range
V_WINNER = 512              # the winner held less than the winning cash
V_FORTUNE_ON_OWNED = 1024   # a Fortune card still lies on an owned property

# ---------------------------------------------------------------------------------------------------
# Game state: the board family's columns, then

# Player matrix `pl[player, column]`
PL_STAR = BOARD_PL_COLUMNS          # star level, 0..STAR_LEVELS - 1
PL_STAR_ROUND = PL_STAR + 1         # STAR_LEVELS - 1 columns: the round each upgrade was taken, -1 before
PL_FORTUNE_PLAYED = PL_STAR_ROUND + STAR_LEVELS - 1  # kept Fortune cards played (steal, swap, free house)
# What the strategies' descriptions promise, measured (-1: never happened)
PL_UPGRADE_CASH_MAX = PL_FORTUNE_PLAYED + 1   # most cash at an upgrade, the salary counted, before paying
PL_UPGRADE_CASH_MIN = PL_UPGRADE_CASH_MAX + 1  # least cash left after paying for an upgrade
PL_UPGRADES_SKIPPED = PL_UPGRADE_CASH_MIN + 1  # GO passes with an affordable upgrade not taken, the million not reached
PL_UPGRADES_UNBUILT = PL_UPGRADES_SKIPPED + 1  # upgrades taken with no complete group, or one wanting buildings
PL_SPEND_CASH_MAX = PL_UPGRADES_UNBUILT + 1    # most cash on building, lifting a mortgage or upgrading (before GO)
PL_KEPT_CASH_MIN = PL_SPEND_CASH_MAX + 1       # least cash left after buying at the price or paying for buildings
PL_OFFERS = PL_KEPT_CASH_MIN + 1               # unowned properties landed on with the cash for their price
PL_AUCTION_PRICE_MAX = PL_OFFERS + 1           # the dearest property won at auction, in % of its price
# (of those offers, the ones bought at the price are the board family's PL_BOUGHT)
PL_COLUMNS = PL_AUCTION_PRICE_MAX + 1

# Square state `own[square, column]`
O_FORTUNE = BOARD_O_COLUMNS         # the card lying face down on the property, -1 when none
O_COLUMNS = O_FORTUNE + 1

# Bank vector `bank`
B_WINNER = B_OWNERSHIP + 1          # the seat that reached the winning cash, -1 before (below B_LEAD)

# Strategy parameters: the board family's, then (strategies/millionaire.py documents each one)
P_UPGRADE_TO = BOARD_N_PARAMS
P_UPGRADE_RESERVE = P_UPGRADE_TO + 1
P_UPGRADE_AFTER_BUILDING = P_UPGRADE_RESERVE + 1
P_UPGRADE_FROM_ROUND = P_UPGRADE_AFTER_BUILDING + 1
P_HOARD_FROM = P_UPGRADE_FROM_ROUND + 1
P_STEAL_ANY = P_HOARD_FROM + 1
N_PARAMS = P_STEAL_ANY + 1

# Per-player output `players_out[game, seat, column]`: the board family's, then
PO_STARS = BOARD_PO_COLUMNS         # star level at the end, as 1, 3 or 5
PO_STAR_ROUND = PO_STARS + 1        # STAR_LEVELS - 1 columns: the round of each upgrade, -1 if never
PO_FORTUNE_PLAYED = PO_STAR_ROUND + STAR_LEVELS - 1
PO_MEASURES = PO_FORTUNE_PLAYED + 1  # PL_UPGRADE_CASH_MAX .. PL_AUCTION_PRICE_MAX, in that order
MEASURES = ("upgrade_cash_max", "upgrade_cash_min", "upgrades_skipped", "upgrades_unbuilt", "spend_cash_max",
            "kept_cash_min", "offers", "auction_price_max")
PO_COLUMNS = PO_MEASURES + len(MEASURES)

PLAYER_COLUMNS = BOARD_PLAYER_COLUMNS + (
    ("stars", PO_STARS, "int8"), ("round_3_stars", PO_STAR_ROUND, "int16"),
    ("round_5_stars", PO_STAR_ROUND + 1, "int16"), ("fortune_played", PO_FORTUNE_PLAYED, "int16"),
) + tuple((name, PO_MEASURES + k, "int32") for k, name in enumerate(MEASURES))

# What Millionaire's results add to the board family's columns, or mean otherwise (see shared/layout.py)
_OWN_MEANINGS = {
    "games": {"end_reason": "why the game ended: million, last_standing or turn_cap"},
    "players": {
        "rank": "the millionaire first, then players still in by cash, then the bankrupt, the later out higher",
        "stars": "star level at the end (1, 3 or 5)",
        "round_3_stars": "the round it reached 3 stars, -1 if never",
        "round_5_stars": "the round it reached 5 stars, -1 if never",
        "fortune_played": "kept Fortune cards played",
        "upgrade_cash_max": "the most cash at an upgrade, the salary counted, before paying it; -1: never",
        "upgrade_cash_min": "the least cash left after paying for an upgrade; -1: never",
        "upgrades_skipped": "GO passes below 5 stars where cash and salary covered the upgrade and the salary did "
                            "not reach the million, with no upgrade taken",
        "upgrades_unbuilt": "upgrades taken with no complete group, or with one still wanting buildings",
        "spend_cash_max": "the most cash held on building, lifting a mortgage or upgrading, before GO's salary; -1: "
                          "never",
        "kept_cash_min": "the least cash left after buying a property at its price or paying for buildings; -1: never",
        "offers": "unowned properties landed on with the cash for their price",
        "bought": "of those offers, bought at the price",
        "auction_price_max": "the dearest property won at auction, in % of its price; -1: none",
    },
    "cards": {"draws": "draws (a Fortune card counts as drawn when revealed on a property)"},
}
COLUMN_MEANINGS = {table: {**BOARD_COLUMN_MEANINGS.get(table, {}), **_OWN_MEANINGS.get(table, {})}
                   for table in {*BOARD_COLUMN_MEANINGS, *_OWN_MEANINGS}}
