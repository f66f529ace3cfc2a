"""Questions about a Monopoly Fortnite game's state, read by the engine (fortnite.py) and the strategies'
decisions (strategies/fortnite_logic.py): sides of the board and line of sight, walls, pairs, items held."""
import numpy as np

from simulator.engines.fortnite.layout import (
    CAMPFIRE, C_A, C_EFFECT, GO, GO_TO_JAIL, G_MEMBERS, G_SIZE, LOCATION, O_COVERED, O_OWNER, O_WALL, PL_ALIVE, PL_HP,
    PL_ITEMS_HELD, PL_POS, R_GO_HP, R_PAIR_BONUS, R_STORM_SQUARE_COST, R_WALLS_BLOCK_SIGHT, SCOPE, SPIKE_TRAP,
    SQ_AMOUNT, SQ_GROUP, SQ_KIND, SQ_PRICE, SQ_STORM_COST, WEAPON,
)
from simulator.engines.shared.jit import engine_njit

# The aim (crosshair or grenade) and "no wall" are passed as these numpy scalars, not as literals: numba
# compiles a copy of a function, and of everything it calls, for each literal value it is passed.
WITH_CROSSHAIR = np.bool_(True)
WITH_GRENADE = np.bool_(False)
NO_WALL = np.int64(-1)


@engine_njit()
def sides_of(n_squares, s):
    """Bit k set when square s lies on side k of the board; a corner lies on two."""
    length = n_squares // 4
    side = 0  # s // length by comparisons: a division costs more than the rest of a sight question
    while side < 3 and s >= (side + 1) * length:
        side += 1
    bits = 1 << side
    if s == side * length:
        bits |= 1 << ((side + 3) % 4)
    return bits


@engine_njit()
def _wall_between(own, n_squares, side, a, b):
    """A wall strictly between squares a and b along side `side`."""
    length = n_squares // 4
    start = side * length
    ia = (a - start) % n_squares
    ib = (b - start) % n_squares
    for i in range(min(ia, ib) + 1, max(ia, ib)):
        if own[(start + i) % n_squares, O_WALL] == 1:
            return True
    return False


@engine_njit(inline="always")
def in_sight(own, rules, n_squares, a, b):
    """Is square b in the line of sight from square a: on a side of the board a is on (and, when walls
    block sight, with no wall between)?"""
    shared = sides_of(n_squares, a) & sides_of(n_squares, b)
    if shared == 0:
        return False
    if rules[R_WALLS_BLOCK_SIGHT] == 0:
        return True
    for side in range(4):
        if (shared >> side) & 1 and not _wall_between(own, n_squares, side, a, b):
            return True
    return False


@engine_njit()
def can_hit(own, rules, pl, p, q, crosshair):
    """Can p's crosshair (crosshair True) or grenade reach q: alive, not on a wall, in sight? A scope lets
    the crosshair reach anywhere, as its text says; a grenade only reaches players in sight."""
    return reaches(own, rules, pl, p, q, aims_anywhere(pl, p, crosshair))


@engine_njit()
def aims_anywhere(pl, p, crosshair):
    """Does p's shot reach beyond its line of sight: the crosshair with a scope?"""
    return crosshair and holds(pl, p, SCOPE)


@engine_njit(inline="always")
def reaches(own, rules, pl, p, q, anywhere):
    """can_hit, with aims_anywhere worked out once for a loop over the rivals."""
    if q == p or pl[q, PL_ALIVE] == 0 or own[pl[q, PL_POS], O_WALL] == 1:
        return False
    return anywhere or in_sight(own, rules, own.shape[0], pl[p, PL_POS], pl[q, PL_POS])


@engine_njit()
def on_priority(own, rules, pl, p, q, damage):
    """Is q, among the rivals p's crosshair reaches, one `damage` eliminates when there is one, else one of
    the healthiest?"""
    most, killable = 0, False
    anywhere = aims_anywhere(pl, p, WITH_CROSSHAIR)
    for r in range(pl.shape[0]):
        if reaches(own, rules, pl, p, r, anywhere):
            most = max(most, pl[r, PL_HP])
            killable |= pl[r, PL_HP] <= damage
    return pl[q, PL_HP] <= damage if killable else pl[q, PL_HP] == most


# Inlined by numba: each item is a literal effect, for which numba would compile a copy of the function.
@engine_njit(inline="always")
def holds(pl, p, effect):
    """Does p hold a chest item of this effect?"""
    return (pl[p, PL_ITEMS_HELD] >> effect) & 1 == 1


@engine_njit()
def note_items(held, cards, pl, p):
    """Bring PL_ITEMS_HELD up to date after p's items changed: the questions about items asked every turn
    (holds) then read one bit rather than scan every card."""
    bits = 0
    for c in range(cards.shape[0]):
        if held[p, c] > 0:
            bits |= 1 << cards[c, C_EFFECT]
    pl[p, PL_ITEMS_HELD] = bits


@engine_njit()
def weapon_bonus(held, cards, p):
    bonus = 0
    for c in range(cards.shape[0]):
        if cards[c, C_EFFECT] == WEAPON:
            bonus += held[p, c] * cards[c, C_A]
    return bonus


@engine_njit()
def owns_pair(sq, groups, own, p, s):
    """Does p own every location of the colour pair of location s?"""
    g = sq[s, SQ_GROUP]
    for k in range(groups[g, G_SIZE]):
        if own[groups[g, G_MEMBERS + k], O_OWNER] != p:
            return False
    return True


@engine_njit()
def first_wall(own, n_squares, start, steps):
    """The first square with a wall on a move of `steps` from `start` (-1 when none): the pawn stops there."""
    s, walled = _walk(own, n_squares, start, steps)
    return s if walled else -1


@engine_njit(inline="always")
def landing_square(own, n_squares, start, steps):
    return _walk(own, n_squares, start, steps)[0]


@engine_njit(inline="always")
def next_square(n_squares, s):
    """The square after s (0 <= s < n_squares): a comparison, where `% n_squares` would divide at every step."""
    return s + 1 if s + 1 < n_squares else 0


@engine_njit(inline="always")
def _walk(own, n_squares, start, steps):
    """Where a move of `steps` from `start` stops (the first wall, else its end) and whether a wall stopped it."""
    s = start
    for _ in range(steps):
        s = next_square(n_squares, s)
        if own[s, O_WALL] == 1:
            return s, True
    return s, False


@engine_njit()
def covered(own, s):
    return own[s, O_COVERED] == 1


@engine_njit()
def landing_hp(sq, groups, own, rules, p, s):
    """The HP p gains (> 0) or pays (< 0) on stopping on square s, before the maximum and elimination."""
    kind = sq[s, SQ_KIND]
    if covered(own, s):
        return -(sq[s, SQ_STORM_COST] if kind == LOCATION else rules[R_STORM_SQUARE_COST])
    if kind == LOCATION:
        owner = own[s, O_OWNER]
        if owner == p:
            return rules[R_PAIR_BONUS] if owns_pair(sq, groups, own, p, s) else 0
        return -sq[s, SQ_PRICE] if owner >= 0 else 0
    if kind == CAMPFIRE:
        return sq[s, SQ_AMOUNT]
    if kind == SPIKE_TRAP:
        return -sq[s, SQ_AMOUNT]
    return 0


@engine_njit()
def move_hp(sq, groups, own, rules, p, start, steps):
    """What a move of `steps` from `start` does to p's HP: (HP from GO on the way, HP of the square it stops
    on, sent to jail there)."""
    n = sq.shape[0]
    end = start
    passing = 0
    for _ in range(steps):  # as the engine's move: GO on the way, and the first wall stops the pawn
        end = next_square(n, end)
        if sq[end, SQ_KIND] == GO and not covered(own, end):
            passing += rules[R_GO_HP]
        if own[end, O_WALL] == 1:
            break
    jailed = sq[end, SQ_KIND] == GO_TO_JAIL and not covered(own, end)
    return passing, landing_hp(sq, groups, own, rules, p, end), jailed
