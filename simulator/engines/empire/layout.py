"""Column and code numbers of Monopoly Empire's rule and state arrays.

The loader (simulator.rules) writes the rule arrays and the compiled engine (empire.py) reads them; both
import the numbers from here. The engine's outputs (games, per-square and per-card aggregates, and the
first per-player columns) keep the board family's layout, so the runner, the results files and every
analysis read both engines the same way. So do the columns of the player, square and bank state that the
shared helpers in shared/ touch (money, ownership, decks, the square aggregates).
"""
from simulator.engines.shared.layout import (  # noqa: F401  (re-exported: the shared layout)
    B_COLUMNS, B_NET, B_OWNERSHIP, B_ROUND, B_TURN, G_KIND, G_MEMBERS, G_SIZE, O_COLUMNS, O_FIRST_OWNER,
    O_OWNED_ROUNDS, O_OWNED_SINCE, O_OWNER,
    PL_CASH, PL_POS, CA_COLUMNS, CA_DRAW_RANK_SQUARES, CA_DRAW_RANK_SUM, CA_DRAW_WINS, CA_DRAWER_WINS, CA_DRAWERS, CA_DRAWS,
    CA_FINISHED_DRAWS, D_LEN, DQ_CARDS, DQ_COUNT, DQ_HEAD, GM_COLUMNS, GM_END, GM_ROTATION, GM_ROUNDS, GM_TURNS,
    GM_VIOLATIONS, GM_WINNER, PO_CASH, PO_NET_WORTH, PO_OUT_TURN, PO_RANK, SA_AUCTIONED, SA_BOUGHT, SA_COLUMNS,
    SA_FIRST_OWNED, SA_FIRST_OWNER_WON, SA_LANDINGS, SA_OWNED_AT_END, SA_OWNED_ROUNDS, SA_RENT, SA_WINNER_OWNED,
)

# Square kinds
GO = 0
BRAND = 1
UTILITY = 2
CARD = 3
JAIL = 4
FREE_PARKING = 5
GO_TO_JAIL = 6
RIVAL_TOWER_TAX = 7
TOWER_TAX = 8
COLOUR_GROUP_KIND = BRAND
SQUARE_KINDS = ("go", "brand", "utility", "card", "jail", "free_parking", "go_to_jail", "rival_tower_tax",
                "tower_tax")

# Square matrix `sq`
SQ_KIND = 0
SQ_PRICE = 1
SQ_GROUP = 2        # colour group of a brand, -1 otherwise
SQ_HEIGHT = 3       # tower units of its billboard (brand or utility)
SQ_DECK = 4
SQ_STOCK = 5        # utility billboards on the square at setup
SQ_COLUMNS = 6

# Group matrix `groups`: the board family's (G_KIND, G_SIZE, then the member squares padded with -1), so
# the board family's questions about groups serve Empire too.

# A tile in a tower is the square index of its billboard (brand or utility), or SKYSCRAPER.
SKYSCRAPER = -2

# Card effects
BANK = 0
EACH_PLAYER = 1
GET_OUT_OF_JAIL = 2
GO_TO_JAIL_CARD = 3
COLLECT_TOWER_VALUE = 4
FREE_UTILITY = 5
MOVE = 6
ADVANCE_TO = 7
CHARGE_PLAYER = 8
MOVE_ANYWHERE = 9
SWAP_TOPS = 10
CRASH = 11
JUST_SAY_NO = 12
PROTECT_TOWER = 13
CARD_EFFECTS = ("bank", "each_player", "get_out_of_jail", "go_to_jail", "collect_tower_value", "free_utility",
                "move", "advance_to", "charge_player", "move_anywhere", "swap_tops", "crash", "just_say_no",
                "protect_tower")

# Card matrix `cards`
C_EFFECT = 0
C_A = 1             # amount / steps / square
C_DECK = 2
C_COLUMNS = 3

# Deck matrix `decks`: as the board family's (D_LEN, then card rows); `deck_kept[d]` is 1 for a deck
# whose cards are kept in hand when drawn (the Empire deck).

# Rule vector `rules`
R_START_CASH = 0
R_EMPTY_TOWER_SALARY = 1
R_TOWER_CAPACITY = 2
R_SKYSCRAPER_PRICE = 3
R_SKYSCRAPERS = 4
R_SKYSCRAPER_HEIGHT = 5
R_STARTING_CARDS = 6
R_AUCTIONS = 7
R_AUCTION_START = 8
R_AUCTION_STEP = 9
R_JAIL_FINE = 10
R_JAIL_FORCED_FINE = 11
R_JAIL_MAX_TURNS = 12
R_DOUBLES_TO_JAIL = 13
R_PARKING_FEE = 14
R_SWAP_FACE = 15
R_SWAP_THEN_MOVE = 16
R_BONUS_ONCE_PER_GROUP = 17
R_MAX_ROUNDS = 18
R_JAIL_SQUARE = 19  # computed from the board
R_STARTING_DECK = 20  # computed: the deck the starting cards are dealt from
R_N_RULES = 21

RULE_FIELDS = {
    "start_cash": R_START_CASH,
    "empty_tower_salary": R_EMPTY_TOWER_SALARY,
    "tower_capacity": R_TOWER_CAPACITY,
    "skyscraper_price": R_SKYSCRAPER_PRICE,
    "skyscrapers": R_SKYSCRAPERS,
    "skyscraper_height": R_SKYSCRAPER_HEIGHT,
    "starting_cards": R_STARTING_CARDS,
    "auctions": R_AUCTIONS,
    "auction_start": R_AUCTION_START,
    "auction_step": R_AUCTION_STEP,
    "jail_fine": R_JAIL_FINE,
    "jail_forced_fine": R_JAIL_FORCED_FINE,
    "jail_max_turns": R_JAIL_MAX_TURNS,
    "doubles_to_jail": R_DOUBLES_TO_JAIL,
    "free_parking_fee": R_PARKING_FEE,
    "swap_face": R_SWAP_FACE,
    "swap_then_move": R_SWAP_THEN_MOVE,
    "bonus_once_per_group": R_BONUS_ONCE_PER_GROUP,
    "max_rounds": R_MAX_ROUNDS,
}
BOOLEAN_RULES = {"auctions", "swap_then_move", "bonus_once_per_group"}

# Why a game ended
END_TOWER_FULL = 0
END_TURN_CAP = 1
END_REASONS = ("tower_full", "turn_cap")

# Invariant violations (bit flags in games.violations)
V_MONEY = 1
V_BILLBOARDS = 2    # a brand in two places, or utility billboards or skyscrapers not all accounted for
V_TOWER = 4         # a tower's height or tile count disagrees with its tiles
V_NEGATIVE_CASH = 8
V_CARDS = 16        # card copies not all in their deck or in hands
V_WINNER = 32       # the winner's tower was not full when it won
VIOLATION_NAMES = {V_MONEY: "money not conserved", V_BILLBOARDS: "billboards not conserved",
                   V_TOWER: "tower height inconsistent", V_NEGATIVE_CASH: "negative cash",
                   V_CARDS: "cards not accounted for", V_WINNER: "winner's tower not full"}

# ---------------------------------------------------------------------------------------------------
# Game state

# Player matrix `pl[player, column]`: PL_CASH and PL_POS as the board family, then
PL_JAIL = 2         # -1 when free, else failed rolls for a double so far
PL_JAIL_TURNS = 3
PL_RENT_IN = 4
PL_RENT_OUT = 5
PL_HEIGHT = 6       # tower units
PL_TILES = 7        # tiles in the tower
PL_BONUS_GIVEN = 8  # bit g: the skyscraper bonus for group g was received
PL_GROUPS_HELD = 9  # bit g: held group g complete at the start of one of its turns
PL_SWAPS = 10       # swaps of tower tops it made (die or card), not those a card cancelled
PL_CARDS_PLAYED = 11
PL_BLOCKED = 12     # actions against it that stayed cancelled by its cards
PL_LOST = 13        # billboards it gave up because it could not pay
PL_SKYSCRAPERS_BOUGHT = 14
PL_DECLINED = 15    # billboards it landed on, could pay for, and did not buy at the price
PL_AUCTION_PAID = 16  # paid at auctions it won
PL_AUCTION_VALUE = 17  # printed prices of the billboards it won at auction
PL_BUY_CASH_LOW = 18  # lowest cash left right after buying a billboard (price or auction); -1: none bought
PL_ATTACKS = 19     # charge, swap and crash cards played from its hand
PL_ATTACK_LEADER_LOW = 20  # lowest height of the tallest rival tower when it played one; -1: none played
PL_CHARGES_KEPT = 21  # turns it began free and ended its card play still holding a charge card
PL_PARKING_MOVES = 22  # paid Free Parking moves
PL_JAIL_PAID = 23   # times it paid the fine to leave jail before rolling
PL_BOUGHT = 24      # billboards it bought at the printed price
PL_SKYSCRAPER_CASH_LOW = 25  # lowest cash left right after buying a skyscraper; -1: none bought
PL_COLUMNS = 26

# Towers `tw[player, k]`: tile k from the bottom, PL_TILES of them.

# Square state `own[square, column]`: the board family's columns (O_OWNER is the player whose tower holds a
# brand's billboard, -1 while it is on the board); its building-level column holds instead
O_STOCK = 1         # utility billboards still on the square

# Bank vector `bank`: the board family's columns; its house and hotel stock columns hold instead
B_SKYSCRAPERS = 0   # skyscraper tiles the bank holds
B_WINNER = 1        # -1 until a tower is full

# Strategy parameters (float64 per seat); strategies/empire.py documents each one.
P_BUY_RESERVE = 0
P_BUY_PROBABILITY = 1
P_BID_FACTOR = 2
P_SKYSCRAPER_RESERVE = 3
P_SWAP_MIN_GAIN = 4
P_ATTACK_THRESHOLD = 5
P_GROUP_BONUS = 6
P_PAY_JAIL = 7
P_PARKING_MOVES = 8
P_USER_STRATEGY = 9  # the user strategy (--strategy-file) deciding for the seat; 0: the built-in decisions
N_PARAMS = 10

# Per-player output `players_out[game, seat, column]`: PO_CASH..PO_RANK as the board family, then
PO_TOWER_HEIGHT = 4
PO_BRANDS = 5
PO_UTILITIES = 6
PO_SKYSCRAPERS = 7
PO_GROUPS = 8       # complete colour groups in the tower at the end
PO_RENT_IN = 9
PO_RENT_OUT = 10
PO_JAIL_TURNS = 11
PO_SWAPS = 12
PO_CARDS_PLAYED = 13
PO_BLOCKED = 14
PO_LOST = 15
PO_SKYSCRAPERS_BOUGHT = 16
PO_GROUPS_HELD = 17
PO_DECLINED = 18
PO_AUCTION_PAID = 19
PO_AUCTION_VALUE = 20
PO_BUY_CASH_LOW = 21
PO_ATTACKS = 22
PO_ATTACK_LEADER_LOW = 23
PO_CHARGES_KEPT = 24
PO_PARKING_MOVES = 25
PO_JAIL_PAID = 26
PO_BOUGHT = 27
PO_SKYSCRAPER_CASH_LOW = 28
PO_COLUMNS = 29

PLAYER_COLUMNS = (
    ("rank", PO_RANK, "int8"), ("cash", PO_CASH, "int64"), ("tower_value", PO_NET_WORTH, "int64"),
    ("tower_height", PO_TOWER_HEIGHT, "int8"), ("brands", PO_BRANDS, "int8"), ("utilities", PO_UTILITIES, "int8"),
    ("skyscrapers", PO_SKYSCRAPERS, "int8"), ("groups", PO_GROUPS, "int8"), ("rent_received", PO_RENT_IN, "int64"),
    ("rent_paid", PO_RENT_OUT, "int64"), ("jail_turns", PO_JAIL_TURNS, "int16"), ("swaps", PO_SWAPS, "int16"),
    ("cards_played", PO_CARDS_PLAYED, "int16"), ("attacks_blocked", PO_BLOCKED, "int16"),
    ("billboards_lost", PO_LOST, "int16"), ("skyscrapers_bought", PO_SKYSCRAPERS_BOUGHT, "int8"),
    ("bought", PO_BOUGHT, "int16"), ("declined", PO_DECLINED, "int16"), ("auction_paid", PO_AUCTION_PAID, "int32"),
    ("auction_value", PO_AUCTION_VALUE, "int32"), ("cash_after_buy_low", PO_BUY_CASH_LOW, "int32"),
    ("cash_after_skyscraper_low", PO_SKYSCRAPER_CASH_LOW, "int32"), ("attacks", PO_ATTACKS, "int16"),
    ("attack_leader_low", PO_ATTACK_LEADER_LOW, "int8"),
    ("charges_kept", PO_CHARGES_KEPT, "int16"), ("parking_moves", PO_PARKING_MOVES, "int16"),
    ("jail_paid", PO_JAIL_PAID, "int16"),
)
# Player counters that start at -1 (nothing recorded yet) rather than 0
PL_LOWEST = (PL_BUY_CASH_LOW, PL_SKYSCRAPER_CASH_LOW, PL_ATTACK_LEADER_LOW)

# What each column of Empire's results means where it is not the board family's (see shared/layout.py)
COLUMN_MEANINGS = {
    "games": {"end_reason": "why the game ended: tower_full or turn_cap"},
    "players": {
        "rank": "1 for the winner, then by tower height, cash, seat", "cash": "cash at the end",
        "tower_value": "the tower's value at the end", "tower_height": "tower units at the end",
        "brands": "brand billboards in the tower at the end", "utilities": "utility billboards in the tower at the end",
        "skyscrapers": "skyscraper tiles in the tower at the end",
        "groups": "complete colour groups in the tower at the end",
        "rent_received": "rent received", "rent_paid": "rent paid", "jail_turns": "turns begun in jail",
        "swaps": "swaps of tops it made (not those a card cancelled)", "cards_played": "Empire cards played",
        "attacks_blocked": "actions against it that stayed cancelled by its cards",
        "billboards_lost": "billboards given up for debts", "skyscrapers_bought": "skyscrapers bought for cash",
        "bought": "billboards bought at the printed price",
        "declined": "billboards it landed on, could pay for and did not buy at the price",
        "auction_paid": "what it paid at the auctions it won",
        "auction_value": "the printed prices of the billboards it won at auction",
        "cash_after_buy_low": "the lowest cash left right after buying a billboard; -1: none bought",
        "cash_after_skyscraper_low": "the lowest cash left right after buying a skyscraper; -1: none bought",
        "attacks": "charge, swap and crash cards played from its hand",
        "attack_leader_low": "the lowest height of the tallest rival tower when it played an attack; -1: none",
        "charges_kept": "turns it began out of jail and ended its card play still holding a charge card",
        "parking_moves": "paid Free Parking moves", "jail_paid": "fines paid to leave jail before rolling",
        "held_<group>": "the group was complete in its tower at the start of one of its turns",
    },
    "squares": {"landings": "rolls or moves by choice (Free Parking's paid move, a move-anywhere card) ending there",
                "rent_collected": "rent collected on it (a utility has none)",
                "building_spend": "always 0: Empire builds no houses or hotels on its squares"},
}
