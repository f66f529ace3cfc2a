"""Monopoly Deal's state and the moves of its cards, read by the engine (deal.py) and the strategies'
decisions (strategies/deal_logic.py).

Every card copy has one place (`loc`): the draw pile, the discards, or a player's hand, bank or table.
`move_card` is the only way a copy changes place, and it keeps the counts the decisions read (hand size and
cards of each effect in hand, bank and table value, cards and buildings per set, complete sets) in step; the
checking mode recounts them.
"""
import numpy as np
from numba import config
from numba.cpython.unsafe.numbers import trailing_zeros

from simulator.engines.deal.layout import (
    C_ANY, C_AMOUNT, C_COLOURS, C_EFFECT, C_VALUE, G_BUILDABLE, G_RENT, G_SIZE, GS_COUNT, GS_HEAD, HOUSE,
    LOC_OWNER, LOC_SET, LOC_ZONE, PL_BANK, PL_HAND, PL_HELD, PL_IN_HAND, PL_SETS, PL_TABLE, PROPERTY, T_BONUS, T_CARDS,
    T_HOTEL, T_HOUSE, T_NATURAL, Z_BANK, Z_DISCARD, Z_DRAW, Z_HAND, Z_TABLE,
)
from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.rng import shuffle

# Owners, sets and counts that callers fix are passed as these numpy scalars, not as literals: numba compiles a
# copy of a function, and of everything it calls, for each literal value it is passed. A copy leaving a place is
# counted with LEAVES, one entering it with ENTERS.
NOBODY = np.int64(-1)
NO_SET = np.int64(-1)
LEAVES = np.int64(-1)
ENTERS = np.int64(1)


# Each player's hand, bank and table are also kept as bits, one per copy (bit k % 64 of word k // 64 is copy
# k), so that a question about them visits their copies, in the order of the copies, rather than scanning
# every copy's place: for w in range(held_words(loc)): bits = pl[p, held_column(loc, zone) + w], then
# k = (w << 6) + lowest_bit(bits) and bits &= bits - 1 until bits is 0. The loop is written out where it is
# used: as one generator (for k in held_copies(...)) the Deal engine played 9% fewer games a second.


def _lowest_bit(bits):
    return (int(bits) & -int(bits)).bit_length() - 1


lowest_bit = _lowest_bit if config.DISABLE_JIT else trailing_zeros  # the index of the lowest bit set



@engine_njit
def player_columns(copies):
    """The columns of `pl` for a deck of `copies` copies: the counts, then the bits."""
    return PL_HELD + (Z_TABLE - Z_HAND + 1) * ((copies + 63) >> 6)


@engine_njit
def held_words(loc):
    return (loc.shape[0] + 63) >> 6


@engine_njit
def held_column(loc, zone):
    """The first column of `pl` with the bits of a player's copies in `zone` (hand, bank or table)."""
    return PL_HELD + (zone - Z_HAND) * held_words(loc)


@engine_njit
def copy_bit(k):
    return np.int64(1) << (k & 63)


@engine_njit
def add_to_set(groups, tab, pl, p, s, d, natural):
    """p's set s gains d property cards (loses them, d < 0), `natural` of them not the any-colour wild;
    p's count of complete sets follows."""
    was = complete(groups, tab, p, s)
    tab[p, T_CARDS, s] += d
    tab[p, T_NATURAL, s] += natural
    pl[p, PL_SETS] += int(complete(groups, tab, p, s)) - int(was)


@engine_njit
def _count_on_table(cards, groups, tab, pl, c, p, s, d):
    effect = cards[c, C_EFFECT]
    pl[p, PL_TABLE] += d * cards[c, C_VALUE]
    if effect == PROPERTY:
        add_to_set(groups, tab, pl, p, s, d, d * (1 - cards[c, C_ANY]))
    else:
        tab[p, T_HOUSE if effect == HOUSE else T_HOTEL, s] += d
        tab[p, T_BONUS, s] += d * cards[c, C_AMOUNT]


@engine_njit
def _count(cards, groups, tab, pl, c, zone, p, s, d):
    if zone == Z_HAND:
        pl[p, PL_HAND] += d
        pl[p, PL_IN_HAND + cards[c, C_EFFECT]] += d
    elif zone == Z_BANK:
        pl[p, PL_BANK] += d * cards[c, C_VALUE]
    elif zone == Z_TABLE:
        _count_on_table(cards, groups, tab, pl, c, p, s, d)


@engine_njit
def move_card(cards, deck, groups, loc, tab, pl, k, zone, owner, s):
    """Put copy k in `zone` of `owner` (on the table: in set s)."""
    c = deck[k]
    held, held_by = loc[k, LOC_ZONE], loc[k, LOC_OWNER]
    _count(cards, groups, tab, pl, c, held, held_by, loc[k, LOC_SET], LEAVES)
    if held >= Z_HAND:
        pl[held_by, held_column(loc, held) + (k >> 6)] &= ~copy_bit(k)
    loc[k, LOC_ZONE] = zone
    loc[k, LOC_OWNER] = owner
    loc[k, LOC_SET] = s
    _count(cards, groups, tab, pl, c, zone, owner, s, ENTERS)
    if zone >= Z_HAND:
        pl[owner, held_column(loc, zone) + (k >> 6)] |= copy_bit(k)


@engine_njit
def discard(cards, deck, groups, loc, tab, pl, k):
    move_card(cards, deck, groups, loc, tab, pl, k, Z_DISCARD, NOBODY, NO_SET)


@engine_njit
def pile_top(loc, pile, gs, rng, reshuffle):
    """The copy on top of the draw pile, taken off it; an empty pile is first refilled from the discards
    when `reshuffle`. -1 when there is nothing to draw."""
    if gs[GS_COUNT] == 0 and reshuffle:
        n = 0
        for k in range(loc.shape[0]):
            if loc[k, LOC_ZONE] == Z_DISCARD:
                loc[k, LOC_ZONE] = Z_DRAW
                pile[n] = k
                n += 1
        shuffle(rng, pile, n)
        gs[GS_HEAD] = 0
        gs[GS_COUNT] = n
    if gs[GS_COUNT] == 0:
        return -1
    k = pile[gs[GS_HEAD]]
    gs[GS_HEAD] = (gs[GS_HEAD] + 1) % pile.shape[0]
    gs[GS_COUNT] -= 1
    return k


@engine_njit
def under_pile(cards, deck, groups, loc, pile, gs, tab, pl, k):
    """Put copy k at the bottom of the draw pile."""
    move_card(cards, deck, groups, loc, tab, pl, k, Z_DRAW, NOBODY, NO_SET)
    pile[(gs[GS_HEAD] + gs[GS_COUNT]) % pile.shape[0]] = k
    gs[GS_COUNT] += 1


@engine_njit
def fits(cards, c, s):
    return (cards[c, C_COLOURS] >> s) & 1 == 1


@engine_njit
def is_wild(cards, c):
    """A property card that can change colour: two colours, or any."""
    colours = cards[c, C_COLOURS]
    return cards[c, C_EFFECT] == PROPERTY and (colours & (colours - 1)) != 0


@engine_njit
def complete(groups, tab, p, s):
    """Is set s of p complete? It needs its size in cards, one at least not the any-colour wild."""
    return tab[p, T_CARDS, s] >= groups[s, G_SIZE] and tab[p, T_NATURAL, s] > 0


@engine_njit
def complete_sets(pl, p):
    """Complete sets of p, each colour counted once."""
    return pl[p, PL_SETS]


@engine_njit
def rent_of(groups, tab, p, s):
    """What a rent card for colour s collects for p from each player it charges (before doubling)."""
    if tab[p, T_NATURAL, s] == 0:
        return 0
    n = min(tab[p, T_CARDS, s], groups[s, G_SIZE])
    return groups[s, G_RENT + n - 1] + tab[p, T_BONUS, s]


@engine_njit
def can_build(cards, groups, tab, p, s, c):
    """May building card c stand on p's set s: a complete buildable set, one house, then one hotel?"""
    if not complete(groups, tab, p, s) or groups[s, G_BUILDABLE] == 0:
        return False
    if cards[c, C_EFFECT] == HOUSE:
        return tab[p, T_HOUSE, s] == 0
    return tab[p, T_HOUSE, s] == 1 and tab[p, T_HOTEL, s] == 0


@engine_njit
def payable(pl, q):
    """All q could pay: its bank and its table."""
    return pl[q, PL_BANK] + pl[q, PL_TABLE]


@engine_njit
def in_hand(cards, deck, loc, pl, p, effect):
    """The first copy of a card with `effect` in p's hand, -1 when there is none."""
    if pl[p, PL_IN_HAND + effect] == 0:
        return -1
    hand = held_column(loc, Z_HAND)
    for w in range(held_words(loc)):
        bits = pl[p, hand + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            if cards[deck[k], C_EFFECT] == effect:
                return k
    return -1


@engine_njit
def count_in_hand(pl, p, effect):
    return pl[p, PL_IN_HAND + effect]
