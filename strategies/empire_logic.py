"""The compiled decisions of the Monopoly Empire strategies.

Each function reads the seat's parameter row `prm[p]` (layout: simulator/engines/empire/layout.py,
meaning: strategies/empire.py) and the game state, and answers one question the engine asks.
"""
import numpy as np

from simulator.engines.shared.jit import engine_njit
from simulator.engines.empire.layout import (
    ADVANCE_TO, BRAND, C_A, C_EFFECT, CHARGE_PLAYER, CRASH, G_MEMBERS, G_SIZE, GET_OUT_OF_JAIL, JUST_SAY_NO, MOVE,
    MOVE_ANYWHERE, O_OWNER, P_ATTACK_THRESHOLD, P_BID_FACTOR, P_BUY_PROBABILITY, P_BUY_RESERVE, P_GROUP_BONUS,
    P_PARKING_MOVES, P_PAY_JAIL, P_SKYSCRAPER_RESERVE, P_SWAP_MIN_GAIN, PL_CASH, PL_HEIGHT, PL_POS, PL_TILES,
    PROTECT_TOWER, R_JAIL_FINE, R_SKYSCRAPER_HEIGHT, R_SKYSCRAPER_PRICE, R_TOWER_CAPACITY, SQ_GROUP,
    SQ_HEIGHT, SQ_KIND, SQ_PRICE, SWAP_TOPS,
)
from simulator.engines.shared.state import owned_in_group  # Empire's groups share the board layout
from simulator.engines.empire.state import available, tallest_rival_height, top_brand, tower_value
from simulator.engines.shared.rng import happens


@engine_njit(inline="always")
def _completes(sq, groups, own, p, s):
    """Would the billboard of s complete a colour group in p's tower (and earn the skyscraper)?"""
    if sq[s, SQ_KIND] != BRAND:
        return False
    g = sq[s, SQ_GROUP]
    return owned_in_group(own, groups, g, p) == groups[g, G_SIZE] - 1


@engine_njit(inline="always")
def _reserve(sq, groups, own, prm, p, s):
    """Cash p keeps after buying s: none for the billboard that completes a group."""
    # The group is counted only for a strategy with a group bonus
    return _reserve_if(prm, p, prm[p, P_GROUP_BONUS] > 0.0 and _completes(sq, groups, own, p, s))


@engine_njit(inline="always")
def _reserve_if(prm, p, completes):
    """_reserve, knowing whether the billboard completes p's group."""
    return 0.0 if prm[p, P_GROUP_BONUS] > 0.0 and completes else prm[p, P_BUY_RESERVE]


@engine_njit(inline="always")
def would_buy(sq, groups, own, prm, pl, p, s, spend_first):
    """Could and would p buy s at its price after spending `spend_first`?"""
    cash = pl[p, PL_CASH] - spend_first
    price = sq[s, SQ_PRICE]
    return price <= cash and cash - price >= _reserve(sq, groups, own, prm, p, s)


@engine_njit
def buys(sq, groups, own, prm, pl, rng, p, s):
    """Buy the billboard of s at its printed price?"""
    if not would_buy(sq, groups, own, prm, pl, p, s, 0):
        return False
    return happens(rng, prm[p, P_BUY_PROBABILITY])


@engine_njit
def max_bid(sq, groups, own, prm, pl, p, s):
    """The most p bids at auction: a multiple of the price, raised by the group bonus for a billboard that
    completes p's group or an opponent's, never more than the cash above the reserve."""
    factor = prm[p, P_BID_FACTOR]
    if sq[s, SQ_KIND] == BRAND:
        for q in range(pl.shape[0]):
            if _completes(sq, groups, own, q, s):
                factor += prm[p, P_GROUP_BONUS]
                break
    bid = min(sq[s, SQ_PRICE] * factor, pl[p, PL_CASH] - _reserve(sq, groups, own, prm, p, s))
    return max(0, int(bid))


@engine_njit
def buys_skyscraper(rules, prm, pl, p):
    return pl[p, PL_CASH] - rules[R_SKYSCRAPER_PRICE] >= prm[p, P_SKYSCRAPER_RESERVE]


@engine_njit
def pays_jail(rules, prm, pl, p):
    """Pay to leave jail at once rather than roll for a double?"""
    return prm[p, P_PAY_JAIL] > 0.0 and pl[p, PL_CASH] >= rules[R_JAIL_FINE]


@engine_njit
def tallest_rival(pl, p):
    """The opponent with the tallest non-empty tower (the richer one on a tie), -1 when all are empty."""
    best = -1
    for q in range(pl.shape[0]):
        if q == p or pl[q, PL_TILES] == 0:
            continue
        if best < 0 or pl[q, PL_HEIGHT] > pl[best, PL_HEIGHT] or (
                pl[q, PL_HEIGHT] == pl[best, PL_HEIGHT] and pl[q, PL_CASH] > pl[best, PL_CASH]):
            best = q
    return best


@engine_njit
def charge_target(pl, p):
    """Charge the leader: it pays, or gives up its highest brand billboard to p."""
    q = tallest_rival(pl, p)
    if q >= 0:
        return q
    for i in range(pl.shape[0]):
        if i != p and (q < 0 or pl[i, PL_CASH] > pl[q, PL_CASH]):
            q = i
    return q


@engine_njit(inline="always")
def _bonus_on_arrival(sq, groups, own, q, t, leaving):
    """Does tile t bring q the bonus skyscraper when it replaces q's highest brand billboard `leaving`: t
    completes one of q's groups once that billboard has gone (whether the bank still has a skyscraper is
    not asked)?"""
    if not _completes(sq, groups, own, q, t):
        return False
    return not (sq[leaving, SQ_KIND] == BRAND and sq[leaving, SQ_GROUP] == sq[t, SQ_GROUP])


@engine_njit
def swap_pair(sq, groups, own, rules, prm, pl, tw, p):
    """The two towers whose highest brand billboards p exchanges ("les cartouches des marques les plus
    hautes des 2 tours de votre choix (la votre y compris)"), skyscrapers never swapped: the pair that most
    widens p's lead over the tallest rival, its own top brand for a taller one, or a leader's tall one
    handed to a trailing rival, when the gain reaches the strategy's minimum; (-1, -1) for no swap. A swap
    that could fill a rival's tower, a bonus skyscraper included, is never chosen: no strategy hands a
    rival the game."""
    n = pl.shape[0]
    capacity = rules[R_TOWER_CAPACITY]
    before = pl[p, PL_HEIGHT] - tallest_rival_height(pl, p)
    best_a = -1
    best_b = -1
    best_gain = 0
    # The lead after each swap is counted here, not in a helper: called for each pair, a helper's array
    # arguments cost more than the count.
    for a in range(n):
        top_a = top_brand(pl, tw, a)
        if top_a < 0:
            continue
        tile_a = tw[a, top_a]
        for b in range(a + 1, n):
            top_b = top_brand(pl, tw, b)
            if top_b < 0:
                continue
            tile_b = tw[b, top_b]
            moved = sq[tile_b, SQ_HEIGHT] - sq[tile_a, SQ_HEIGHT]   # units a gains and b loses
            mine = pl[p, PL_HEIGHT]
            tallest = 0
            fills = False
            for q in range(n):
                height = pl[q, PL_HEIGHT] + (moved if q == a else -moved if q == b else 0)
                if q == p:
                    mine = height
                    continue
                # The bonus is asked only when its units would fill the tower
                fills = height >= capacity
                if not fills and height + rules[R_SKYSCRAPER_HEIGHT] >= capacity:
                    if q == a:
                        fills = _bonus_on_arrival(sq, groups, own, a, tile_b, tile_a)
                    elif q == b:
                        fills = _bonus_on_arrival(sq, groups, own, b, tile_a, tile_b)
                if fills:
                    break
                tallest = max(tallest, height)
            gain = (-4 * capacity if fills else mine - tallest) - before
            if gain > best_gain:
                best_gain = gain
                best_a = a
                best_b = b
    if best_a < 0 or best_gain < prm[p, P_SWAP_MIN_GAIN]:
        return -1, -1
    return best_a, best_b


@engine_njit
def crash_group(sq, groups, own, pl, p):
    """The colour group whose brands, sent back to the board from every other tower, take the most units
    from the tallest rival; -1 when no rival holds a brand."""
    leader = tallest_rival(pl, p)
    if leader < 0:
        return -1
    best = -1
    best_units = 0
    for g in range(groups.shape[0]):
        units = 0
        for k in range(groups[g, G_SIZE]):
            s = groups[g, G_MEMBERS + k]
            if own[s, O_OWNER] == leader:
                units += sq[s, SQ_HEIGHT]
        if units > best_units:
            best_units = units
            best = g
    return best


# destination's fee for a move that costs nothing, a numpy scalar: numba would compile a copy of destination, and of
# everything it calls, for a literal 0.
NO_FEE = np.int64(0)


@engine_njit
def destination(sq, groups, own, ladder, prm, pl, p, fee):
    """Where p moves when it may go anywhere for `fee` (Free Parking) or free (a card): the billboard it
    would buy there, one completing a group first, then one of a group it has begun, then the tallest;
    else GO when its tower value is worth
    more than the fee; -1 to stay. A fee is paid only by strategies that take the paid move."""
    if fee > 0 and prm[p, P_PARKING_MOVES] <= 0.0:
        return -1
    if pl[p, PL_CASH] < fee:
        return -1
    best = -1
    best_score = -1
    cash = pl[p, PL_CASH] - fee
    for s in range(sq.shape[0]):
        # would_buy, with the group counted once for the reserve and the score
        price = sq[s, SQ_PRICE]
        if s == pl[p, PL_POS] or price > cash or not available(sq, own, s):
            continue
        brand = sq[s, SQ_KIND] == BRAND
        owned = 0
        completes = False
        if brand:
            g = sq[s, SQ_GROUP]
            owned = owned_in_group(own, groups, g, p)
            completes = owned == groups[g, G_SIZE] - 1
        if not cash - price >= _reserve_if(prm, p, completes):
            continue
        # A group it completes first, then one it has begun, then the tallest billboard
        score = sq[s, SQ_HEIGHT]
        if brand:
            score += 10 * owned
            if completes:
                score += 100
        if score > best_score:
            best_score = score
            best = s
    if best >= 0:
        return best
    if pl[p, PL_POS] != 0 and tower_value(ladder, pl, p) > fee:
        return 0
    return -1


@engine_njit
def plays(sq, groups, own, ladder, cards, rules, prm, pl, tw, p, c):
    """Play card c from p's hand now, before rolling? Answers and jail cards are kept for their moment;
    a card that only moves is played when it lands on a billboard p would buy; an attack waits until the
    leading rival's tower reaches the strategy's threshold; any other card is played at once (a card
    that costs its holder cannot be held back)."""
    effect = cards[c, C_EFFECT]
    if effect == JUST_SAY_NO or effect == PROTECT_TOWER or effect == GET_OUT_OF_JAIL:
        return False
    n = sq.shape[0]
    if effect == MOVE or effect == ADVANCE_TO:
        target = (pl[p, PL_POS] + cards[c, C_A]) % n if effect == MOVE else cards[c, C_A]
        return available(sq, own, target) and would_buy(sq, groups, own, prm, pl, p, target, 0)
    if effect == MOVE_ANYWHERE:
        target = destination(sq, groups, own, ladder, prm, pl, p, NO_FEE)
        return target >= 0 and available(sq, own, target)
    if effect == CHARGE_PLAYER or effect == SWAP_TOPS or effect == CRASH:
        if tallest_rival_height(pl, p) / rules[R_TOWER_CAPACITY] < prm[p, P_ATTACK_THRESHOLD]:
            return False
        if effect == SWAP_TOPS:
            return swap_pair(sq, groups, own, rules, prm, pl, tw, p)[0] >= 0
        if effect == CRASH:
            return crash_group(sq, groups, own, pl, p) >= 0
        return charge_target(pl, p) >= 0
    return True
