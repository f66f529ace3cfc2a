"""Column and code numbers of Monopoly Deal's rule and state arrays.

Deal is a card game with no board: its own family and engine (deal.py). Its outputs (games, per-card
aggregates and the first per-player columns) keep the board family's layout, so the runner, the results
files and the analyses read it like the other engines; it has no squares, and its colour sets are the
"groups" of its results (held_<set> columns, the properties command's set table).
"""
from simulator.engines.shared.layout import (  # noqa: F401  (re-exported: the shared layout)
    B_COLUMNS, B_ROUND, B_TURN, CA_COLUMNS, D_LEN, G_KIND, G_SIZE, GM_COLUMNS, GM_END, GM_ROTATION, GM_ROUNDS, GM_TURNS,
    GM_VIOLATIONS, GM_WINNER, PO_CASH, PO_NET_WORTH, PO_OUT_TURN, PO_RANK, SA_COLUMNS,
)

# Card effects (the `effect` of a card type)
MONEY = 0
PROPERTY = 1        # a property card; two colours or "any" make it a wild
RENT = 2
DEAL_BREAKER = 3
SLY_DEAL = 4
FORCED_DEAL = 5
JUST_SAY_NO = 6
DEBT_COLLECTOR = 7
BIRTHDAY = 8
DOUBLE_RENT = 9
HOUSE = 10
HOTEL = 11
PASS_GO = 12
CARD_EFFECTS = ("money", "property", "rent", "deal_breaker", "sly_deal", "forced_deal", "just_say_no",
                "debt_collector", "birthday", "double_rent", "house", "hotel", "pass_go")
ATTACKS = (RENT, DEAL_BREAKER, SLY_DEAL, FORCED_DEAL, DEBT_COLLECTOR, BIRTHDAY)  # actions aimed at players

# Card type matrix `cards[type, column]`
C_EFFECT = 0
C_VALUE = 1         # bank value (what it pays; a wild "any" has none)
C_COLOURS = 2       # bit s: fits colour set s (property) or charges for it (rent)
C_ANY = 3           # 1: the any-colour wild or rent card
C_AMOUNT = 4        # debt collector and birthday: demanded; house and hotel: rent added; pass go: cards drawn
C_EACH = 5          # rent: 1 charges every opponent, 0 one opponent of the player's choice
C_DECK = 6
C_COLUMNS = 7

# Set matrix `groups[set, column]`: G_KIND (SET, the one kind) and G_SIZE (cards in a complete set) as the
# board family's groups, then
SET = 0
COLOUR_GROUP_KIND = SET
G_BUILDABLE = 2     # 1: houses and hotels may stand on it complete
G_RENT = 3          # rent for 1..size cards
MAX_SET_SIZE = 4
G_COLUMNS = G_RENT + MAX_SET_SIZE

# Rule vector `rules`
R_HAND_START = 0
R_DRAWS = 1
R_DRAWS_EMPTY_HAND = 2
R_PLAYS = 3
R_HAND_LIMIT = 4
R_SETS_TO_WIN = 5
R_MAX_ROUNDS = 6
R_DECK_COPIES = 7
R_JUST_SAY_NO_COSTS_PLAY = 8
R_DOUBLE_RENT_STACKS = 9
R_WILD_MOVES = 10
R_EMPTY_DRAW_PILE = 11
R_ANY_RENT_EACH = 12        # 1: the any-colour rent card charges every opponent, 0: one of the player's choice
R_N_RULES = 13

RULE_FIELDS = {
    "hand_start": R_HAND_START,
    "draws_per_turn": R_DRAWS,
    "draws_empty_hand": R_DRAWS_EMPTY_HAND,
    "plays_per_turn": R_PLAYS,
    "hand_limit": R_HAND_LIMIT,
    "sets_to_win": R_SETS_TO_WIN,
    "max_rounds": R_MAX_ROUNDS,
    "deck_copies": R_DECK_COPIES,
    "just_say_no_costs_play": R_JUST_SAY_NO_COSTS_PLAY,
    "double_rent_stacks": R_DOUBLE_RENT_STACKS,
}
BOOLEAN_RULES = {"just_say_no_costs_play", "double_rent_stacks"}
# Rules named by a word: the word's index is the rule's value
WILD_MOVES = ("rulebook", "on_lay", "free", "costs_play")    # when a laid wild may change colour
EMPTY_DRAW_PILE = ("reshuffle", "stop")            # what an empty draw pile does
CHARGES = ("one", "each")                          # whom a rent card charges: one opponent, or every one
CHOICE_RULES = {"wild_moves": (R_WILD_MOVES, WILD_MOVES), "empty_draw_pile": (R_EMPTY_DRAW_PILE, EMPTY_DRAW_PILE),
                "any_colour_rent_charges": (R_ANY_RENT_EACH, CHARGES)}
WILD_RULEBOOK = 0
WILD_ON_LAY = 1
WILD_FREE = 2
WILD_COSTS_PLAY = 3
PILE_RESHUFFLE = 0

# Why a game ended
END_SETS = 0
END_TURN_CAP = 1
END_REASONS = ("three_sets", "turn_cap")

# Invariant violations (bit flags in games.violations)
V_CARDS = 1         # a copy missing, twice in the draw pile, or the pile disagreeing with the copies' places
V_COUNTS = 2        # a hand, bank or set count disagreeing with the copies
V_PLACE = 4         # a property in a bank or of a colour it does not fit, a card on the table that is no property
V_BUILDINGS = 8     # a house or hotel not on a complete buildable set, two on one, a hotel with no house
V_WINNER = 16       # the winner had fewer complete sets than needed
V_HAND = 32         # a hand over the limit at the end of its turn
VIOLATION_NAMES = {V_CARDS: "cards not accounted for", V_COUNTS: "counts disagree with the cards",
                   V_PLACE: "card in a place it cannot be", V_BUILDINGS: "building misplaced",
                   V_WINNER: "winner without the sets", V_HAND: "hand over the limit"}

# ---------------------------------------------------------------------------------------------------
# Game state

# Where each copy is, `loc[copy, column]`
LOC_ZONE = 0
LOC_OWNER = 1       # the player whose hand, bank or table holds it, -1 in the piles
LOC_SET = 2         # on the table: the colour set it is laid in (a building: the set it stands on), else -1
LOC_COLUMNS = 3
Z_DRAW = 0
Z_DISCARD = 1
Z_HAND = 2
Z_BANK = 3
Z_TABLE = 4

# Game vector `gs` (its turn and round columns are the board family's bank columns, for the shared
# next_seat)
GS_HEAD = 0         # the draw pile is a ring: its top at GS_HEAD, GS_COUNT cards
GS_COUNT = 1
GS_WINNER = 2
GS_PLAYS_LEFT = 3
GS_COLUMNS = B_COLUMNS  # with the designer measures' block of every bank vector (B_LEAD)

# Per-player counts of the table, `tab[player, column, set]`
T_CARDS = 0         # property cards laid in the set
T_NATURAL = 1       # of them, cards that are not the any-colour wild (a set needs one to count)
T_HOUSE = 2
T_HOTEL = 3
T_BONUS = 4         # rent its house and hotel add
T_COLUMNS = 5

# Player matrix `pl[player, column]`
PL_HAND = 0         # cards in hand
PL_BANK = 1         # value of the bank
PL_RENT_IN = 2      # paid to it by rent cards
PL_RECEIVED = 3     # paid to it in all (rent, debt collector, birthday)
PL_PAID = 4
PL_ACTIONS = 5      # action cards played for their action
PL_BANKED = 6       # cards put in its bank
PL_TAKEN = 7        # properties it took with Sly Deal, Forced Deal and Deal Breaker
PL_SETS_TAKEN = 8   # complete sets it took with Deal Breaker
PL_SAID_NO = 9      # Just Say No cards it played
PL_CANCELLED = 10   # its actions cancelled by a Just Say No
PL_GROUPS_HELD = 11  # bit s: set s complete at the start or the end of one of its turns
PL_DISCARDED = 12   # cards it put back under the pile at the hand limit
PL_TABLE = 13       # value of its table (properties and buildings)
PL_NOTES_BANKED = 14  # money notes put in its bank (a note is never played otherwise)
PL_LAID = 15        # properties it laid from its hand
PL_LAID_OVER_NOTE = 16  # of them, laid while it held a money note it could have banked instead
PL_FIRST_ATTACK = 17  # round of its first action aimed at rivals, -1 before it plays one
PL_NO_KEPT = 18     # actions costing it something it let through while holding a Just Say No
PL_WILDS_MOVED = 19  # laid wilds it moved to another colour, or took back to its hand (wild_moves = rulebook)
PL_NO_BANKED = 20   # Just Say No cards it put in its bank
PL_EMPTY_AT_END = 21  # 1: its hand was empty at the end of its last turn (or after the deal): it draws draws_empty_hand
# Kept in step by every move of a card, so that the decisions read them rather than rescan the table or
# the hand (the turn loop asks thousands of times a game)
PL_SETS = 22        # its complete sets
PL_IN_HAND = 23     # PL_IN_HAND + effect: cards of that effect in its hand
PL_HELD = PL_IN_HAND + len(CARD_EFFECTS)  # then its copies in hand, bank and table as bits (state.held_column);
                                          # state.player_columns counts the columns

# Strategy parameters (float64 per seat); strategies/deal.py documents each one.
P_BANK_TARGET = 0
P_BANK_URGENCY = 1
P_BANK_WEIGHT = 2
P_PROPERTY_WEIGHT = 3
P_ATTACK_WEIGHT = 4
P_ATTACK_FROM_ROUND = 5
P_HOLD_JUST_SAY_NO = 6
P_SAY_NO_MIN_LOSS = 7
P_BUILD_WEIGHT = 8
P_DENY_WEIGHT = 9
P_MIN_GAIN = 10
P_RANDOMNESS = 11
P_USER_STRATEGY = 12  # the user strategy (--strategy-file) deciding for the seat; 0: the built-in decisions
N_PARAMS = 13

# Per-player output `players_out[game, seat, column]`: PO_CASH (bank value), PO_NET_WORTH (bank and table
# value), PO_OUT_TURN (always -1: nobody is knocked out) and PO_RANK as the board family, then
PO_SETS = 4
PO_PROPERTIES = 5
PO_HAND = 6
PO_RENT_IN = 7
PO_RECEIVED = 8
PO_PAID = 9
PO_ACTIONS = 10
PO_BANKED = 11
PO_TAKEN = 12
PO_SETS_TAKEN = 13
PO_SAID_NO = 14
PO_CANCELLED = 15
PO_DISCARDED = 16
PO_GROUPS_HELD = 17
PO_NOTES_BANKED = 18
PO_LAID = 19
PO_LAID_OVER_NOTE = 20
PO_FIRST_ATTACK = 21
PO_NO_KEPT = 22
PO_WILDS_MOVED = 23
PO_NO_BANKED = 24
PO_COLUMNS = 25

PLAYER_COLUMNS = (
    ("rank", PO_RANK, "int8"), ("bank", PO_CASH, "int64"), ("worth", PO_NET_WORTH, "int64"),
    ("sets", PO_SETS, "int8"), ("properties", PO_PROPERTIES, "int8"), ("hand", PO_HAND, "int8"),
    ("rent_received", PO_RENT_IN, "int64"), ("received", PO_RECEIVED, "int64"), ("paid", PO_PAID, "int64"),
    ("actions_played", PO_ACTIONS, "int16"), ("cards_banked", PO_BANKED, "int16"),
    ("properties_taken", PO_TAKEN, "int16"), ("sets_taken", PO_SETS_TAKEN, "int8"),
    ("said_no", PO_SAID_NO, "int8"), ("cancelled", PO_CANCELLED, "int8"), ("discarded", PO_DISCARDED, "int16"),
    ("notes_banked", PO_NOTES_BANKED, "int16"), ("properties_laid", PO_LAID, "int16"),
    ("laid_over_note", PO_LAID_OVER_NOTE, "int16"), ("first_attack_round", PO_FIRST_ATTACK, "int16"),
    ("no_kept", PO_NO_KEPT, "int16"), ("wilds_moved", PO_WILDS_MOVED, "int16"), ("no_banked", PO_NO_BANKED, "int8"),
)

# What each column of Deal's results means where it is not the board family's (see shared/layout.py); its
# squares table is empty (no board) and its colour sets are the groups
COLUMN_MEANINGS = {
    "games": {"end_reason": "why the game ended: three_sets or turn_cap"},
    "players": {
        "rank": "1 for the winner, then by complete sets, then the value of table and bank",
        "bank": "its bank at the end, in M", "worth": "bank plus table at the end, in M",
        "sets": "complete sets at the end", "properties": "property cards on its table at the end",
        "hand": "cards in hand at the end", "rent_received": "received by rent cards",
        "received": "every payment received", "paid": "every payment made",
        "actions_played": "action and rent cards played for their action, Double The Rent included",
        "cards_banked": "notes and actions banked",
        "properties_taken": "properties taken by Sly Deal, Forced Deal and Deal Breaker",
        "sets_taken": "sets taken by Deal Breaker", "said_no": "Just Say No played",
        "cancelled": "its actions cancelled", "discarded": "cards put under the pile at the hand limit",
        "notes_banked": "money notes banked", "properties_laid": "properties laid from its hand",
        "laid_over_note": "of them, laid while it held a note it could have banked instead",
        "first_attack_round": "the round of its first action aimed at rivals (rent, Debt Collector, Birthday, Sly "
                              "Deal, Forced Deal, Deal Breaker), from 1; -1 if none",
        "no_kept": "actions against it it let through while holding a Just Say No (those that cost it nothing aside)",
        "no_banked": "Just Say No cards it banked",
        "wilds_moved": "laid wilds it moved to another colour, or freed by a property drawn and took back to its "
                       "hand (wild_moves = rulebook)",
        "held_<group>": "the set was complete on its table at the start or the end of one of its turns",
    },
    "cards": {"copies": "copies dealt in a game (deck_copies decks)", "draws": "copies drawn"},
}
