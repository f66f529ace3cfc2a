"""Column and code numbers of Monopoly Fortnite's rule and state arrays.

Fortnite is played on a board with dice, but with health points (HP) for money and no buying, building
or rent to players: its own engine (fortnite.py) over the board family's decks, ownership and seat
helpers. Its outputs keep the board family's layout, so the runner, the results and the analyses read it
like the others (a location's "price" is its HP cost, its "rent" the HP paid to the bank on it).
"""
from simulator.engines.board_layout import (  # noqa: F401  (re-exported: the shared layout)
    B_OWNERSHIP, B_ROUND, B_TURN, CA_COLUMNS, D_LEN, DQ_CARDS, DQ_COUNT, DQ_HEAD, G_KIND, G_MEMBERS, G_SIZE,
    GM_COLUMNS, O_FIRST_OWNER, O_OWNED_ROUNDS, O_OWNED_SINCE, O_OWNER, PO_CASH, PO_NET_WORTH, PO_OUT_TURN, PO_RANK,
    SA_BOUGHT, SA_COLUMNS, SA_LANDINGS, SA_RENT,
)

# Square kinds
GO = 0
LOCATION = 1
CAMPFIRE = 2
SPIKE_TRAP = 3
CHEST = 4
JAIL = 5
FREE_PARKING = 6
GO_TO_JAIL = 7
SQUARE_KINDS = ("go", "location", "campfire", "spike_trap", "chest", "jail", "free_parking", "go_to_jail")
COLOUR_GROUP_KIND = LOCATION

# Square matrix `sq`
SQ_KIND = 0
SQ_PRICE = 1        # a location's HP cost on the board side
SQ_GROUP = 2        # a location's colour pair, -1 otherwise
SQ_STORM_COST = 3   # what landing on it costs once the storm covers it
SQ_AMOUNT = 4       # HP a campfire gives or a spike trap takes
SQ_COLUMNS = 5

# Card effects: the storm deck's, the chest's items, the action die's faces (each a deck)
STORM = 0           # covers square A
HEAL = 1            # chest, single use: A HP
SHIELD = 2          # chest, single use: cancels the next attack's damage
WEAPON = 3          # chest, kept: the crosshair does A more damage
SCOPE = 4           # chest, kept: the crosshair reaches any player, not only those in sight
GRENADE = 5         # chest, single use: A damage to a player in sight, on one's turn
BANDAGES = 6        # die face: A HP
CROSSHAIR = 7       # die face: A damage to a player in sight, or break a wall in sight
WALL = 8            # die face: move, then stand a wall on a square of the move
BOOGIE_BOMB = 9     # die face: every other player loses A HP, every wall falls
CARD_EFFECTS = ("storm", "heal", "shield", "weapon", "scope", "grenade", "bandages", "crosshair", "wall",
                "boogie_bomb")
STORM_EFFECTS = ("storm",)
CHEST_EFFECTS = ("heal", "shield", "weapon", "scope", "grenade")
DIE_EFFECTS = ("bandages", "crosshair", "wall", "boogie_bomb")

# Card matrix `cards`
C_EFFECT = 0
C_A = 1             # square covered / HP / damage
C_DECK = 2
C_COLUMNS = 3

# Rule vector `rules`
R_START_HP = 0
R_MAX_HP = 1
R_GO_HP = 2
R_STORM_SQUARE_COST = 3
R_PAIR_BONUS = 4
R_WALLS = 5
R_JAIL_FINE = 6
R_JAIL_TRIES = 7
R_JAIL_ESCAPE_ROLL = 8
R_DIE_SIDES = 9
R_MAX_ROUNDS = 10
R_WALLS_BLOCK_SIGHT = 11
R_WALL_SHIELDS_FROM_BOMB = 12
R_TRADING = 13
R_JAIL_SQUARE = 14  # computed from the board
R_N_RULES = 15

RULE_FIELDS = {
    "start_hp": R_START_HP,
    "max_hp": R_MAX_HP,
    "go_hp": R_GO_HP,
    "storm_square_cost": R_STORM_SQUARE_COST,
    "pair_bonus": R_PAIR_BONUS,
    "walls": R_WALLS,
    "jail_fine": R_JAIL_FINE,
    "jail_tries": R_JAIL_TRIES,
    "jail_escape_roll": R_JAIL_ESCAPE_ROLL,
    "die_sides": R_DIE_SIDES,
    "max_rounds": R_MAX_ROUNDS,
    "walls_block_sight": R_WALLS_BLOCK_SIGHT,
    "wall_shields_from_bomb": R_WALL_SHIELDS_FROM_BOMB,
    "trading": R_TRADING,
}
BOOLEAN_RULES = {"walls_block_sight", "wall_shields_from_bomb", "trading"}
DECK_NAMES = ("storm", "chest", "action_die")  # the three decks every Fortnite data file has, in this order
D_STORM = 0
D_CHEST = 1
D_DIE = 2

# Why a game ended
END_LAST_SURVIVOR = 0
END_TURN_CAP = 1
END_REASONS = ("last_survivor", "turn_cap")

# Invariant violations (bit flags in games.violations)
V_HP = 1            # HP of a live player outside 1..max, of an eliminated one not 0, or not conserved
V_STORM = 2         # a square covered without its storm card flipped, or a flipped card's square uncovered
V_OWNERSHIP = 4     # a covered location owned, or a location owned by an eliminated player
V_WALLS = 8         # walls on the board and in the pile not the rule's number
V_CARDS = 16        # chest items not all in the deck, held or dropped on a square
V_WINNER = 32       # a winner who is not the last survivor
VIOLATION_NAMES = {V_HP: "HP out of range or not conserved", V_STORM: "storm cover inconsistent",
                   V_OWNERSHIP: "ownership", V_WALLS: "walls not accounted for",
                   V_CARDS: "chest items not accounted for", V_WINNER: "winner not the last survivor"}

# ---------------------------------------------------------------------------------------------------
# Game state

# Player matrix `pl[player, column]`
PL_HP = 0
PL_POS = 1
PL_ALIVE = 2
PL_JAIL = 3         # -1 when free, else the tries to roll out so far
PL_OUT_TURN = 4     # turn of elimination, -1 while in
PL_DEALT = 5        # damage it did to players
PL_KILLS = 6
PL_STORM_LOST = 7   # HP it lost to covered squares
PL_HEALED = 8       # HP it gained
PL_WALLS = 9        # walls it stood
PL_CLAIMED = 10     # locations it claimed
PL_TRADES = 11
PL_JAIL_TURNS = 12
PL_GROUPS_HELD = 13  # bit g: held colour pair g at the start of one of its turns
PL_PAID = 14        # HP it paid on rivals' locations
PL_OUT_ORDER = 15   # 1 for the first player eliminated, 2 for the next, ...; 0 while in
PL_COLUMNS = 16

# Square state `own[square, column]`: the board family's ownership columns, with its building and mortgage
# columns holding instead
O_COVERED = 1       # 1 once the storm covers it
O_WALL = 2          # 1 while a wall stands on it
O_COLUMNS = 6

# Game vector `bank`: the board family's turn, round and ownership-version columns, and
B_WALLS = 0         # walls in the pile
B_WINNER = 1
B_STORM_DUE = 2     # 1: the player on turn passed or landed on GO: a storm card at the end of its turn
B_NET = 3           # HP given by the bank minus HP paid to it, for the conservation check
B_STORM_FLIPPED = 7  # storm cards turned over
B_COVERED = 8       # squares the storm covers (cards and eliminated players' locations): never goes down
B_COLUMNS = 9

# Strategy parameters (float64 per seat); strategies/fortnite.py documents each one.
P_ATTACK_WEIGHT = 0
P_KILL_BONUS = 1
P_TARGET_LEADER = 2
P_WALL_TRAP = 3
P_WALL_SHELTER = 4
P_CLAIM_VALUE = 5
P_PAIR_VALUE = 6
P_STORM_FEAR = 7
P_JAIL_PAY_HP = 8
P_START_SIGHT = 9
P_TRADE = 10
P_ITEM_PRICE = 11
N_PARAMS = 12

# Per-player output `players_out[game, seat, column]`: PO_CASH (HP at the end), PO_NET_WORTH (HP and
# locations' costs), PO_OUT_TURN and PO_RANK as the board family, then
PO_LOCATIONS = 4
PO_PAIRS = 5
PO_DEALT = 6
PO_KILLS = 7
PO_STORM_LOST = 8
PO_HEALED = 9
PO_WALLS = 10
PO_CLAIMED = 11
PO_PAID = 12
PO_TRADES = 13
PO_JAIL_TURNS = 14
PO_ITEMS = 15
PO_GROUPS_HELD = 16
PO_COLUMNS = 17

PLAYER_COLUMNS = (
    ("rank", PO_RANK, "int8"), ("eliminated_turn", PO_OUT_TURN, "int32"), ("hp", PO_CASH, "int64"),
    ("locations", PO_LOCATIONS, "int8"), ("pairs", PO_PAIRS, "int8"), ("damage_dealt", PO_DEALT, "int64"),
    ("eliminations", PO_KILLS, "int8"), ("storm_lost", PO_STORM_LOST, "int64"), ("healed", PO_HEALED, "int64"),
    ("walls", PO_WALLS, "int16"), ("claimed", PO_CLAIMED, "int8"), ("paid", PO_PAID, "int64"),
    ("trades", PO_TRADES, "int8"), ("jail_turns", PO_JAIL_TURNS, "int16"), ("items", PO_ITEMS, "int8"),
)
