"""Column and code numbers of the board-game rule arrays.

The loader (simulator.rules) writes these arrays and the compiled engine reads them; both import the
numbers from here so that the two can never disagree. Module-level integers are compile-time constants
for numba.
"""

# Square kinds
GO = 0
STREET = 1
RAILROAD = 2
UTILITY = 3
TAX = 4
CARD = 5
JAIL = 6
FREE_PARKING = 7
GO_TO_JAIL = 8
SQUARE_KINDS = ("go", "street", "railroad", "utility", "tax", "card", "jail", "free_parking", "go_to_jail")
COLOUR_GROUP_KIND = STREET  # the groups a player completes and builds on
OWNABLE_KINDS = (STREET, RAILROAD, UTILITY)

# Columns of the square matrix `sq`
SQ_KIND = 0
SQ_PRICE = 1
SQ_GROUP = 2        # group index, -1 for squares that cannot be owned
SQ_HOUSE_COST = 3
SQ_HOTEL_COST = 4
SQ_MORTGAGE = 5
SQ_AMOUNT = 6       # tax amount
SQ_DECK = 7         # deck index of a card square
SQ_COLUMNS = 8

# Rent matrix `rent`: per street [bare, 1..4 houses, hotel]; per railroad the ladder for 1..N owned;
# per utility the dice multipliers for 1..N owned.
RENT_COLUMNS = 6
HOTEL_RENT = 5

# Group matrix `groups`: kind, size, then member squares padded with -1
G_KIND = 0
G_SIZE = 1
G_MEMBERS = 2

# Card effects
ADVANCE_TO = 0
ADVANCE_TO_NEAREST = 1
MOVE = 2
BANK = 3
EACH_PLAYER = 4
REPAIRS = 5
GO_TO_JAIL_CARD = 6
GET_OUT_OF_JAIL = 7
CARD_EFFECTS = ("advance_to", "advance_to_nearest", "move", "bank", "each_player", "repairs",
                "go_to_jail", "get_out_of_jail")

# Columns of the card matrix `cards` (one row per distinct card; copies are in the decks)
C_EFFECT = 0
C_A = 1             # square / steps / amount / per_house / square kind
C_B = 2             # per_hotel / rent multiplier / dice multiplier
C_DECK = 3
C_COLUMNS = 4

# Deck matrix `decks`: column 0 the number of cards, then card row indices (copies repeated)
D_LEN = 0

# Rule vector `rules`
R_START_CASH = 0
R_GO_SALARY = 1
R_JAIL_FINE = 2
R_BANK_HOUSES = 3
R_BANK_HOTELS = 4
R_MAX_HOUSES = 5
R_MORTGAGE_INTEREST_PCT = 6
R_SELLBACK_PCT = 7
R_GROUP_RENT_MULT = 8
R_DOUBLES_TO_JAIL = 9
R_JAIL_MAX_TURNS = 10
R_AUCTIONS = 11
R_AUCTION_MIN_BID = 12
R_DEAL_DEEDS = 13
R_END_FIRST_BANKRUPTCY = 14
R_FREE_PARKING_JACKPOT = 15
R_GO_LANDING_BONUS = 16
R_TRADING = 17
R_MAX_ROUNDS = 18
R_JAIL_SQUARE = 19
R_GROUP_RENT_NEEDS_UNMORTGAGED = 20
R_SELL_BUILDINGS_FIRST = 21
R_MORTGAGE_INTEREST_ON_PRICE = 22  # 1: the interest is a share of the printed price, 0: of the mortgage
R_AUCTION_MUST_SELL = 23           # 1: whoever can pay the minimum bid bids at least that
R_SHORTAGE_FROM_PRICE = 24         # 1: a building shortage auction opens at the building's price, 0: at the minimum bid
R_N_RULES = 25

RULE_FIELDS = {
    "start_cash": R_START_CASH,
    "go_salary": R_GO_SALARY,
    "jail_fine": R_JAIL_FINE,
    "bank_houses": R_BANK_HOUSES,
    "bank_hotels": R_BANK_HOTELS,
    "max_houses": R_MAX_HOUSES,
    "mortgage_interest_percent": R_MORTGAGE_INTEREST_PCT,
    "building_sellback_percent": R_SELLBACK_PCT,
    "complete_group_rent_multiplier": R_GROUP_RENT_MULT,
    "doubles_to_jail": R_DOUBLES_TO_JAIL,
    "jail_max_turns": R_JAIL_MAX_TURNS,
    "auctions": R_AUCTIONS,
    "auction_min_bid": R_AUCTION_MIN_BID,
    "deal_deeds": R_DEAL_DEEDS,
    "end_on_first_bankruptcy": R_END_FIRST_BANKRUPTCY,
    "free_parking_jackpot": R_FREE_PARKING_JACKPOT,
    "go_landing_bonus": R_GO_LANDING_BONUS,
    "trading": R_TRADING,
    "max_rounds": R_MAX_ROUNDS,
    "group_rent_requires_unmortgaged": R_GROUP_RENT_NEEDS_UNMORTGAGED,
    "sell_buildings_first": R_SELL_BUILDINGS_FIRST,
    "mortgage_interest_on_price": R_MORTGAGE_INTEREST_ON_PRICE,
    "auction_must_sell": R_AUCTION_MUST_SELL,
    "shortage_auction_from_price": R_SHORTAGE_FROM_PRICE,
}

# Why a game ended (games.end_reason)
END_LAST_STANDING = 0
END_FIRST_BANKRUPTCY = 1
END_TURN_CAP = 2
END_REASONS = ("last_standing", "first_bankruptcy", "turn_cap")

# Invariant violations found in checking mode (bit flags in games.violations)
V_MONEY = 1
V_OWNERSHIP = 2
V_BUILDINGS = 4
V_EVEN_BUILDING = 8
V_NEGATIVE_CASH = 16
V_JAIL_CARDS = 32
V_BANK_STOCK = 64
VIOLATION_NAMES = {V_MONEY: "money not conserved", V_OWNERSHIP: "ownership", V_BUILDINGS: "buildings on an illegal square",
                   V_EVEN_BUILDING: "uneven building", V_NEGATIVE_CASH: "negative cash left standing",
                   V_JAIL_CARDS: "Get Out of Jail Free cards not accounted for", V_BANK_STOCK: "bank buildings out of range"}

# ---------------------------------------------------------------------------------------------------
# Game state, shared by the engine and the strategies' decision functions.

# Player matrix `pl[player, column]`
PL_CASH = 0
PL_POS = 1
PL_ALIVE = 2
PL_JAIL = 3         # -1 when free, else the number of failed rolls for a double so far
PL_RENT_IN = 4
PL_RENT_OUT = 5
PL_JAIL_TURNS = 6   # turns spent in jail
PL_TRADES = 7
PL_OUT_TURN = 8     # turn of bankruptcy, -1 while in the game
PL_TRADE_SEEN = 9   # PL_TRADE_VERSION at which no trade was possible for this player
PL_GROUPS_SEEN = 10 # ownership version at which PL_GROUPS_HELD was last noted
PL_COMPLETE_STREETS = 11  # bit g: owns every square of colour group g (kept by transfer)
PL_GROUPS_HELD = 12 # bit g: held colour group g complete at the start of one of its turns before any bankruptcy
PL_OUT_ORDER = 13   # 1 for the first player out of the game, 2 for the next, ...; 0 while in
PL_BUILT = 14       # houses and hotels bought
PL_TOP_LEVEL = 15   # the highest level it built a street to (max_houses + 1: a hotel)
PL_DECLINED = 16    # squares it declined at the list price with the cash to buy them
PL_SOLD = 17        # trades in which it sold squares for cash
PL_BOUGHT = 18      # squares bought at the list price
PL_LEAST_AFTER_BUY = 19  # the least cash left right after buying a square or a building, -1 before any
# Kept as the state changes so that a turn's questions need not scan the board (PL_MORTGAGES, PL_LIFT_FLOOR
# and the bits of groups checked against a recount by check_economy):
PL_MORTGAGES = 20   # squares it owns under mortgage
PL_LIFT_FLOOR = 21  # at most the least mortgage among its mortgaged squares (while it has one)
PL_TRADE_WAIT = 22  # PL_TRADE_VERSION at which the only trades found waited on its cash (see may_trade)
PL_TRADE_CASH = 23  # the cash up to which none of those trades can be afforded
PL_BUILD_IDLE = 24  # while its cash is at most this, building finds nothing; -1 after a change to its complete groups
PL_STREETS_HELD = 25  # bit g: owns a square of colour group g
PL_TRADE_VERSION = 26  # bumped when a square of a colour group changes hands and leaves the group held by this
                       # player and one other alone (the only groups a trade scan finds a trade in)
PL_GROUPS_OWNED = 27  # bit g: owns a square of group g, of any kind (the groups whose squares raising money visits)
PL_COMPLETE_GROUPS = 28  # bit g: owns every square of group g, of any kind (kept by transfer)
PL_MORTGAGED_GROUPS = 29  # bit g: may own a mortgaged square of group g (set for each it does; lift_mortgages
                          # clears the others)
PL_COLUMNS = 30

# Square state `own[square, column]`
O_OWNER = 0         # -1: the bank
O_LEVEL = 1         # 0..max_houses houses, max_houses + 1 a hotel
O_MORTGAGED = 2
O_FIRST_OWNER = 3   # the first player to own it this game, -1 until then
O_OWNED_SINCE = 4   # B_ROUND when a player last took it from the bank
O_OWNED_ROUNDS = 5  # rounds ended with it owned, for stretches that ended before O_OWNED_SINCE
O_COLUMNS = 6

# Bank vector `bank`
B_HOUSES = 0
B_HOTELS = 1
B_POT = 2           # Free Parking jackpot (house rule)
B_NET = 3           # money paid out by the bank minus money paid in, for the conservation check
B_TURN = 4
B_ROUND = 5
B_OWNERSHIP = 6    # version number, bumped by every change of owner
# The designer measures' block (simulator/engines/shared/lead.py) sits at the same columns of every family's
# bank vector, after each family's own columns (tests/test_designer.py checks that they fit below it), so that
# write_game_row, shared, reads it without knowing the family.
B_LEAD = 12
LD_LEADER = B_LEAD  # the leader at the last round's end, seat + 1; 0 before the first round ends
LD_CHANGES = B_LEAD + 1   # changes of leader between round ends (and at the game's end)
LD_SINCE = B_LEAD + 2     # the round at whose end the leader took the lead
LD_KING = B_LEAD + 3      # 1: the leader took the lead in a round in which a player went out while 3 or more
                          # were in and the leader before it stayed in
LD_IN = B_LEAD + 4        # players still in at the last round's end; 0 before the first round ends
LD_LAST = B_LEAD + 5      # LD_LAST_WORDS words, 4 bits a round: the seat + 1 alone in last place at the
LD_LAST_WORDS = 3         # round's end (0: a tie, or a seat past 14), rounds 1 to LAST_ROUNDS
ROUNDS_PER_WORD = 16
LAST_ROUNDS = LD_LAST_WORDS * ROUNDS_PER_WORD
LD_TOP = LD_LAST + LD_LAST_WORDS  # the observation being taken: the highest score, its seat, the lowest,
LD_TOP_SEAT = LD_TOP + 1          # its seat, how many share it, players in, whether the leader is in
LD_LOW = LD_TOP + 2
LD_LOW_SEAT = LD_TOP + 3
LD_LOW_TIES = LD_TOP + 4
LD_COUNT = LD_TOP + 5
LD_LEADER_IN = LD_TOP + 6
LD_WORTHS = LD_LEADER_IN + 1  # each player's score, for a family that counts them in one pass (the board
MOST_WORTHS = 8               # family's wealth, at most 8 players: board/rules.py and millionaire/rules.py)
B_COLUMNS = LD_WORTHS + MOST_WORTHS

# Deck queues `dq[deck, column]`: the next card is at the head; cards return to the bottom
DQ_HEAD = 0
DQ_COUNT = 1
DQ_CARDS = 2

# Strategy parameter vector (float64), one row per seat. strategies/board.py documents each one.
P_BUY_RESERVE = 0
P_BUY_PROBABILITY = 1
P_BID_FACTOR = 2
P_PREFERRED_GROUPS = 3
P_PREFERRED_FACTOR = 4
P_GROUP_BONUS = 5
P_BUILD_TARGET = 6
P_BUILD_RESERVE = 7
P_JAIL_STAY_BUILDINGS = 8
P_TRADE_OFFER = 9
P_TRADE_ACCEPT = 10
P_SWAPS = 11
P_UNMORTGAGE_RESERVE = 12
P_USER_STRATEGY = 13  # the user strategy (--strategy-file) deciding for the seat; 0: the built-in decisions
P_LIFT_RECEIVED_MORTGAGES = 14
N_PARAMS = 15

# Per-game output `games_out[game, column]`
GM_WINNER = 0       # seat of the winner, -1 when the turn cap ended the game
GM_TURNS = 1
GM_ROUNDS = 2
GM_END = 3
GM_VIOLATIONS = 4
GM_ROTATION = 5     # seat s was played by lineup entry (s + rotation) % players
GM_LEAD_CHANGES = 6
GM_DECISIVE_ROUND = 7   # the round from which the winner led for good, -1 without a winner
GM_WINNER_LAST = 8      # bit r - 1: the winner was alone in last place at the end of round r (r <= 48)
GM_KINGMADE = 9         # 1: the winner took the lead for good as a player went out (LD_KING)
GM_LAST_ALONE = 10      # bit r - 1: some player was alone in last place at the end of round r (r <= 48)
GM_COLUMNS = 11

# Per-player output `players_out[game, seat, column]`
PO_CASH = 0
PO_NET_WORTH = 1
PO_OUT_TURN = 2
PO_RANK = 3
PO_PROPERTIES = 4
PO_HOUSES = 5
PO_HOTELS = 6
PO_GROUPS = 7
PO_RENT_IN = 8
PO_RENT_OUT = 9
PO_JAIL_TURNS = 10
PO_TRADES = 11
PO_GROUPS_HELD = 12 # PL_GROUPS_HELD at the end
PO_BUILT = 13
PO_TOP_LEVEL = 14
PO_DECLINED = 15
PO_SOLD = 16
PO_BOUGHT = 17
PO_LEAST_AFTER_BUY = 18
PO_COLUMNS = 19

# The players frame's columns from players_out: (name, column, dtype); results.players_frame adds the
# game, seat, strategy and won columns, and held_<group> from PO_GROUPS_HELD. Money is int64 in every
# family's table: data values up to 10^9 are accepted and the engines add them in 64 bits.
PLAYER_COLUMNS = (
    ("rank", PO_RANK, "int8"), ("bankrupt_turn", PO_OUT_TURN, "int32"), ("cash", PO_CASH, "int64"),
    ("net_worth", PO_NET_WORTH, "int64"), ("properties", PO_PROPERTIES, "int8"), ("houses", PO_HOUSES, "int16"),
    ("hotels", PO_HOTELS, "int8"), ("groups", PO_GROUPS, "int8"), ("rent_received", PO_RENT_IN, "int64"),
    ("rent_paid", PO_RENT_OUT, "int64"), ("jail_turns", PO_JAIL_TURNS, "int16"), ("trades", PO_TRADES, "int16"),
    ("trade_sales", PO_SOLD, "int16"), ("bought", PO_BOUGHT, "int16"), ("declined", PO_DECLINED, "int16"),
    ("buildings_bought", PO_BUILT, "int16"), ("top_level", PO_TOP_LEVEL, "int8"),
    ("least_cash_after_buying", PO_LEAST_AFTER_BUY, "int64"),
)

# Per-square aggregates `sq_agg[chunk, square, column]`
SA_LANDINGS = 0
SA_BOUGHT = 1       # bought at the list price
SA_AUCTIONED = 2    # sold at auction
SA_RENT = 3         # rent collected on it
SA_WINNER_OWNED = 4 # games whose winner owned it at the end
SA_OWNED_AT_END = 5 # finished games that ended with the square owned by a player
SA_OWNED_ROUNDS = 6 # rounds that ended with the square owned by a player
SA_FIRST_OWNED = 7  # finished games in which someone owned it
SA_FIRST_OWNER_WON = 8  # finished games won by its first owner
SA_BUILDING_SPEND = 9  # paid for the houses and hotels built on it (list price, or a shortage auction's price)
SA_COLUMNS = 10

# Per-card aggregates `card_agg[chunk, card, column]`
CA_DRAWS = 0
CA_DRAWERS = 1      # player-games in which the player drew it at least once (finished games)
CA_DRAWER_WINS = 2
# Per draw in finished games: each draw counts once, with the drawer's outcome. Comparing a card with the
# other cards of its deck this way is a randomised comparison: which card a draw turns up is chance.
CA_FINISHED_DRAWS = 3
CA_DRAW_WINS = 4
CA_DRAW_RANK_SUM = 5
CA_DRAW_RANK_SQUARES = 6
CA_COLUMNS = 7

# What each column of the results means, by table, beside the columns above; simulator/results.py holds
# the columns every family writes alike and `monopoly-mc schema` prints both (a test requires a meaning
# for every column written).
COLUMN_MEANINGS = {
    "games": {"end_reason": "why the game ended: last_standing, first_bankruptcy (the quick game) or turn_cap"},
    "players": {
        "rank": "1 for the winner; among survivors by net worth, bankrupt players after them in the order they went "
                "out, the later out ranking higher (also within one turn): no two players share a rank",
        "bankrupt_turn": "the player turn it went bankrupt, -1 if never",
        "cash": "cash at the end",
        "net_worth": "cash, deeds at the list price or half when mortgaged, buildings at cost (the quick game's count)",
        "properties": "properties owned at the end", "houses": "houses at the end", "hotels": "hotels at the end",
        "groups": "complete colour groups held at the end",
        "rent_received": "rent received", "rent_paid": "rent paid",
        "jail_turns": "turns begun in jail", "trades": "trades it took part in",
        "trade_sales": "trades in which it sold squares for cash",
        "bought": "squares bought at the list price",
        "declined": "squares it declined at the list price with the cash to buy them",
        "buildings_bought": "houses and hotels bought, at the list price or in a shortage auction",
        "top_level": "the highest level it built a street to: 1 to max_houses houses, max_houses + 1 a hotel; 0 if "
                     "it never built",
        "least_cash_after_buying": "the least cash it was left with right after buying a square (at the list price "
                                   "or at auction) or a building; -1 if it bought none",
        "held_<group>": "it held the group complete at the start of one of its turns before anyone went bankrupt "
                        "(won in play, not collected from a bankrupt player)",
    },
}
