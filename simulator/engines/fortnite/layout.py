"""Column and code numbers of Monopoly Fortnite's rule and state arrays.

Fortnite is played on a board with dice, but with health points (HP) for money and no buying, building
or rent to players: its own engine (fortnite.py) over the board family's decks, ownership and seat
helpers. Its outputs keep the board family's layout, so the runner, the results and the analyses read it
like the others (a location's "price" is its HP cost, its "rent" the HP paid to the bank on it).
"""
from simulator.engines.shared.layout import (  # noqa: F401  (re-exported: the shared layout)
    B_COLUMNS, B_OWNERSHIP, B_ROUND, B_TURN, CA_COLUMNS, D_LEN, DQ_CARDS, DQ_COUNT, DQ_HEAD, G_KIND, G_MEMBERS,
    G_SIZE,
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
GRENADE = 5         # chest, single use: A damage to a player in sight, or a wall in sight falls, on one's turn
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
PL_SHOTS = 15       # crosshair shots at players
PL_SHOT_CHANCES = 16  # crosshair rolls with a rival in reach from its square before the move or after it
PL_PRIORITY_SHOTS = 17  # shots at a rival it could eliminate when one was in reach, else at the healthiest in reach
PL_GRENADES = 18    # grenades thrown at players
PL_WALLS_BROKEN = 19  # walls it brought down with the crosshair or a grenade
PL_START = 20       # the square it started on
PL_SHELTER_WALLS = 21  # walls it stood on the square where it stands
PL_STORM_DODGES = 22  # moves onto a clear square past a wall, brought down first, that would have stopped it
#                       under the storm
PL_WALL_STOP_HP = 23  # HP rivals lost on the squares where its walls stopped them
PL_ITEMS_GIVEN = 24  # chest items it gave in trades
PL_STORM_DODGE_CHANCES = 25  # moves a wall it could bring down first would stop under the storm, clear beyond it
PL_OUT_ORDER = 26  # 1 for the first player eliminated, 2 for the next, ...; 0 while in
PL_GROUPS_SEEN = 27  # ownership version (bank[B_OWNERSHIP]) at which PL_GROUPS_HELD was last brought up to date
PL_TRADE_SEEN = 28  # ownership version at which no trade was possible for this player
PL_ITEMS_HELD = 29  # bit e: holds a chest item of effect e (kept with `held` by note_items)
PL_COLUMNS = 30

# Square state `own[square, column]`: the board family's ownership columns, with its building and mortgage
# columns holding instead
O_COVERED = 1       # 1 once the storm covers it
O_WALL = 2          # 1 while a wall stands on it
O_WALL_BY = 6       # the player who stood the wall standing on it
O_COLUMNS = 7

# Game vector `bank`: the board family's turn, round and ownership-version columns, and
B_WALLS = 0         # walls in the pile
B_WINNER = 1
B_STORM_DUE = 2     # 1: the player on turn passed or landed on GO: a storm card at the end of its turn
B_NET = 3           # HP given by the bank minus HP paid to it, for the conservation check
B_STORM_FLIPPED = 7  # storm cards turned over
B_COVERED = 8       # squares the storm covers (cards and eliminated players' locations): never goes down
B_STOPPED_BY = 9    # the player whose wall stopped the move of the player on turn, -1 when none did
B_DROPPED = 10      # chest items lying on squares (dropped by eliminated players, not yet picked up)
# B_COLUMNS: the shared count, with the designer measures' block (shared B_LEAD)

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
P_USER_STRATEGY = 12  # the user strategy (--strategy-file) deciding for the seat; 0: the built-in decisions
N_PARAMS = 13

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
PO_SHOTS = 17
PO_SHOT_CHANCES = 18
PO_PRIORITY_SHOTS = 19
PO_GRENADES = 20
PO_WALLS_BROKEN = 21
PO_START = 22
PO_SHELTER_WALLS = 23
PO_STORM_DODGES = 24
PO_WALL_STOP_HP = 25
PO_ITEMS_GIVEN = 26
PO_STORM_DODGE_CHANCES = 27
PO_COLUMNS = 28

PLAYER_COLUMNS = (
    ("rank", PO_RANK, "int8"), ("eliminated_turn", PO_OUT_TURN, "int32"), ("hp", PO_CASH, "int64"),
    ("locations", PO_LOCATIONS, "int8"), ("pairs", PO_PAIRS, "int8"), ("damage_dealt", PO_DEALT, "int64"),
    ("eliminations", PO_KILLS, "int8"), ("storm_lost", PO_STORM_LOST, "int64"), ("healed", PO_HEALED, "int64"),
    ("walls", PO_WALLS, "int16"), ("claimed", PO_CLAIMED, "int8"), ("paid", PO_PAID, "int64"),
    ("trades", PO_TRADES, "int8"), ("jail_turns", PO_JAIL_TURNS, "int16"), ("items", PO_ITEMS, "int8"),
    ("shots", PO_SHOTS, "int16"), ("shot_chances", PO_SHOT_CHANCES, "int16"),
    ("priority_shots", PO_PRIORITY_SHOTS, "int16"), ("grenades", PO_GRENADES, "int16"),
    ("walls_broken", PO_WALLS_BROKEN, "int16"), ("start_square", PO_START, "int8"),
    ("shelter_walls", PO_SHELTER_WALLS, "int16"), ("storm_dodges", PO_STORM_DODGES, "int16"),
    ("storm_dodge_chances", PO_STORM_DODGE_CHANCES, "int16"),
    ("wall_stop_hp", PO_WALL_STOP_HP, "int16"), ("items_given", PO_ITEMS_GIVEN, "int16"),
)

# What each column of Fortnite's results means where it is not the board family's (see shared/layout.py)
COLUMN_MEANINGS = {
    "games": {"end_reason": "why the game ended: last_survivor or turn_cap"},
    "players": {
        "rank": "the survivor, then players still in by HP, then the later eliminated",
        "eliminated_turn": "the player turn it was eliminated, -1 if never", "hp": "HP at the end",
        "locations": "locations owned at the end", "pairs": "complete colour pairs at the end",
        "damage_dealt": "HP it took from players", "eliminations": "players it eliminated",
        "storm_lost": "HP lost on covered squares", "healed": "HP healed", "walls": "walls it stood",
        "claimed": "locations claimed", "paid": "HP paid on rivals' locations", "trades": "trades it took part in",
        "jail_turns": "turns begun in jail", "items": "chest items held at the end",
        "shots": "crosshair shots at players",
        "shot_chances": "crosshair rolls with a rival in reach from its square or from where moving first would end",
        "priority_shots": "shots at a rival it could eliminate when one was in reach, else at the healthiest in reach",
        "grenades": "grenades thrown at players", "walls_broken": "walls brought down by its crosshair or grenades",
        "start_square": "the square it started on (0-based; players place in seat order)",
        "shelter_walls": "walls stood on the square where it stands",
        "storm_dodge_chances": "moves that a wall would stop on a covered square with the square beyond it clear, "
                               "the wall one it could bring down first (crosshair or grenade in sight, or the bomb)",
        "storm_dodges": "of its storm_dodge_chances, moves that ended on the clear square past the wall, brought "
                        "down first",
        "wall_stop_hp": "HP rivals lost on the squares where its walls stopped them",
        "items_given": "chest items it gave in trades",
        "held_<group>": "it held the colour pair at the start of one of its turns",
    },
    "squares": {"price": "a location's HP cost", "bought": "claims",
                "rent_collected": "HP paid on it by visitors",
                "building_spend": "always 0: Fortnite builds no houses or hotels on its squares"},
    "cards": {"draws": "storm cards turned, chest items drawn, die faces rolled"},
}
