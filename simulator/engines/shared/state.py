"""Read-only questions about a board game's state, asked by the engine and by the strategies."""
from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.layout import (
    G_MEMBERS, G_SIZE, O_LEVEL, O_MORTGAGED, O_OWNER, PL_CASH, R_MAX_HOUSES, SQ_HOTEL_COST,
    SQ_HOUSE_COST, SQ_PRICE,
)


@engine_njit
def hotel_level(rules):
    return rules[R_MAX_HOUSES] + 1


@engine_njit
def owned_in_group(own, groups, g, p):
    """How many squares of group g player p owns."""
    n = 0
    for k in range(groups[g, G_SIZE]):
        if own[groups[g, G_MEMBERS + k], O_OWNER] == p:
            n += 1
    return n


@engine_njit
def owns_group(own, groups, g, p):
    return owned_in_group(own, groups, g, p) == groups[g, G_SIZE]


@engine_njit
def group_mortgaged(own, groups, g):
    for k in range(groups[g, G_SIZE]):
        if own[groups[g, G_MEMBERS + k], O_MORTGAGED] != 0:
            return True
    return False


@engine_njit
def group_levels(own, groups, g):
    """Lowest and highest building level in group g."""
    low = 1 << 30
    high = 0
    for k in range(groups[g, G_SIZE]):
        level = own[groups[g, G_MEMBERS + k], O_LEVEL]
        low = min(low, level)
        high = max(high, level)
    return low, high


@engine_njit
def other_owner(own, groups, g, p):
    """The one player other than p who owns every square of group g that p does not own, or -1 when
    those squares are held by the bank or by several players."""
    found = -1
    for k in range(groups[g, G_SIZE]):
        owner = own[groups[g, G_MEMBERS + k], O_OWNER]
        if owner == p:
            continue
        if owner < 0 or (found >= 0 and owner != found):
            return -1
        found = owner
    return found


@engine_njit
def opponent_buildings(own, rules, p):
    """Houses on squares owned by other players, a hotel counting as max_houses + 1."""
    n = 0
    for s in range(own.shape[0]):
        owner = own[s, O_OWNER]
        if owner >= 0 and owner != p:
            n += own[s, O_LEVEL]
    return n


@engine_njit
def building_value(sq, rules, s, level):
    """What the buildings at `level` on street s cost to buy (a hotel: its cost plus the houses it
    replaced)."""
    if level == hotel_level(rules):
        return sq[s, SQ_HOTEL_COST] + rules[R_MAX_HOUSES] * sq[s, SQ_HOUSE_COST]
    return level * sq[s, SQ_HOUSE_COST]


@engine_njit
def wealth(sq, own, rules, pl, p):
    """Cash, deeds at the list price (mortgaged at half) and buildings at cost: the quick game's count,
    also reported as net worth."""
    total = pl[p, PL_CASH]
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p:
            total += holding_value(sq, own, rules, s)
    return total


@engine_njit
def wealths(sq, own, rules, pl, into, at):
    """Every player's wealth into into[at + p], in one pass over the squares (a player's own pass, once for
    each player, cost the classic engine a fifth of its speed when taken every round)."""
    for p in range(pl.shape[0]):
        into[at + p] = pl[p, PL_CASH]
    for s in range(own.shape[0]):
        if own[s, O_OWNER] >= 0:
            into[at + own[s, O_OWNER]] += holding_value(sq, own, rules, s)


@engine_njit(inline="always")
def holding_value(sq, own, rules, s):
    """An owned square's part of its owner's wealth: the deed (half when mortgaged) and its buildings."""
    deed = sq[s, SQ_PRICE] // 2 if own[s, O_MORTGAGED] != 0 else sq[s, SQ_PRICE]
    return deed + building_value(sq, rules, s, own[s, O_LEVEL])


@engine_njit
def repairs_due(own, rules, p, per_house, per_hotel):
    """What p owes for repairs on its buildings."""
    due = 0
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p and own[s, O_LEVEL] > 0:
            due += per_hotel if own[s, O_LEVEL] == hotel_level(rules) else per_house * own[s, O_LEVEL]
    return due
