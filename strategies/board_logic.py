"""The compiled decisions of the board-game strategies.

Each function reads the seat's parameter row `prm[p]` (layout: simulator/engines/shared/layout.py, meaning:
strategies/board.py) and the game state, and answers one question the engine asks. A strategy that needs a
new kind of decision adds it here, behind a new parameter; the engine's cache is keyed on this file too, so
an edit here recompiles the kernel (simulator/__init__.py).
"""
import numpy as np

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.layout import (
    P_BID_FACTOR, P_BUILD_RESERVE, P_BUILD_TARGET, P_BUY_PROBABILITY, P_BUY_RESERVE, P_GROUP_BONUS,
    P_JAIL_STAY_BUILDINGS, P_LIFT_RECEIVED_MORTGAGES, P_PREFERRED_FACTOR, P_PREFERRED_GROUPS, P_SWAPS,
    P_TRADE_ACCEPT, P_TRADE_OFFER,
    P_UNMORTGAGE_RESERVE, P_USER_STRATEGY, PL_CASH, R_MAX_HOUSES, SQ_GROUP, SQ_PRICE, G_SIZE,
)
from simulator.engines.shared.state import hotel_level, opponent_buildings, other_owner, owned_in_group
from simulator.engines.shared.rng import happens

NEVER = np.int64(1 << 62)  # more cash than any game holds


@engine_njit
def prefers(prm, p, g):
    return g >= 0 and (int(prm[p, P_PREFERRED_GROUPS]) >> g) & 1 == 1


@engine_njit
def buys(sq, prm, pl, rng, p, s):
    """Buy the unowned square s at its list price?"""
    price = sq[s, SQ_PRICE]
    cash = pl[p, PL_CASH]
    if price > cash:
        return False
    reserve = 0.0 if prefers(prm, p, sq[s, SQ_GROUP]) else prm[p, P_BUY_RESERVE]
    if cash - price < reserve:
        return False
    return happens(rng, prm[p, P_BUY_PROBABILITY])


@engine_njit
def max_bid(sq, groups, own, prm, pl, p, s):
    """The most p bids for square s at auction: a multiple of the list price, raised for chased groups
    and for a square that completes p's group or blocks an opponent's, never more than the cash above
    the buying reserve."""
    g = sq[s, SQ_GROUP]
    factor = prm[p, P_BID_FACTOR]
    if prefers(prm, p, g):
        factor *= prm[p, P_PREFERRED_FACTOR]
    size = groups[g, G_SIZE]
    if owned_in_group(own, groups, g, p) == size - 1:
        factor += prm[p, P_GROUP_BONUS]
    else:
        # Asked for "the one player other than the bank", other_owner names the rival holding every
        # owned square of the group, if there is one.
        rival = other_owner(own, groups, g, np.int64(-1))
        if rival >= 0 and rival != p and owned_in_group(own, groups, g, rival) == size - 1:
            factor += prm[p, P_GROUP_BONUS]
    reserve = 0.0 if prefers(prm, p, g) else prm[p, P_BUY_RESERVE]
    ceiling = pl[p, PL_CASH] - reserve
    bid = min(sq[s, SQ_PRICE] * factor, ceiling)
    return max(0, int(bid))


@engine_njit
def target_level(prm, rules, p):
    """The building level p builds up to: a target at or above 5 means hotels whatever max_houses is."""
    target = int(prm[p, P_BUILD_TARGET])
    if target >= 5:
        return hotel_level(rules)
    return min(target, rules[R_MAX_HOUSES])


@engine_njit
def builds(prm, pl, p, cost):
    """Spend `cost` on one more building now?"""
    return pl[p, PL_CASH] - cost >= prm[p, P_BUILD_RESERVE]


@engine_njit
def build_cash(prm, p, cost):
    """The least cash at which p builds for `cost` (what builds answers), capped at 2**62 (never): a bound
    the engine waits for before it asks again. Read from the built-in builds, so for a seat of a user
    strategy, whose builds may answer otherwise, 0: no bound beyond more cash than p held."""
    if prm[p, P_USER_STRATEGY] != 0:
        return np.int64(0)
    reserve = prm[p, P_BUILD_RESERVE]
    if not reserve < NEVER:  # infinite or NaN: builds never says yes
        return NEVER
    return cost + np.int64(np.ceil(reserve))


@engine_njit
def house_bid(prm, pl, p, cost):
    """The most p pays for a house or hotel the bank must auction in a shortage."""
    ceiling = pl[p, PL_CASH] - prm[p, P_BUILD_RESERVE]
    return max(0, int(min(cost * max(1.0, prm[p, P_BID_FACTOR]) * (1.0 + prm[p, P_GROUP_BONUS]), ceiling)))


@engine_njit
def stays_in_jail(own, rules, prm, p):
    """Keep rolling for doubles instead of paying: once opponents have built enough, jail is a shelter."""
    enough = prm[p, P_JAIL_STAY_BUILDINGS]
    # an infinite threshold (the built-in strategies') is never reached: no count of the board
    return enough < np.inf and opponent_buildings(own, rules, p) >= enough


@engine_njit
def lifts_mortgage(prm, pl, p, cost):
    return pl[p, PL_CASH] - cost >= prm[p, P_UNMORTGAGE_RESERVE]


@engine_njit
def lifts_received_mortgage(prm, pl, p, cost):
    """Pay off at once a mortgage received from a bankrupt player (its 10% paid in any case), for `cost`: the
    mortgage and the interest still due on the deeds received? Paying off now saves the second 10% a later
    lifting costs (rulebook: Au secours !, "conserver les hypothèques ... ou tout régler tout de suite"), so
    with lift_received_mortgages on, p does as far as its unmortgage reserve allows."""
    return prm[p, P_LIFT_RECEIVED_MORTGAGES] > 0.0 and pl[p, PL_CASH] - cost >= prm[p, P_UNMORTGAGE_RESERVE]


@engine_njit
def trade_offer(prm, pl, p, g, value):
    """Cash p offers for the squares (list value `value`) that complete its group g; 0 for none."""
    factor = prm[p, P_TRADE_OFFER]
    if factor <= 0.0:
        return 0
    if prefers(prm, p, g):
        factor *= prm[p, P_PREFERRED_FACTOR]
    offer = min(value * factor, pl[p, PL_CASH] - prm[p, P_BUY_RESERVE])
    return int(offer) if offer >= value else 0


@engine_njit
def could_agree(prm, p, q, g):
    """Could p's offer for group g ever meet q's price, cash permitting? (When no trade could, p does
    not look again until a square changes hands.)"""
    factor = prm[p, P_TRADE_OFFER]
    if prefers(prm, p, g):
        factor *= prm[p, P_PREFERRED_FACTOR]
    return factor > 0.0 and factor >= 1.0 and factor >= prm[q, P_TRADE_ACCEPT]


@engine_njit
def offer_cash(prm, p, q, value):
    """At most the least cash at which p's offer for squares of list value `value` is one q accepts: the
    offer must reach the list value and q's price (sells) and leave p its buying reserve (trade_offer);
    infinite when q accepts none (its price infinite times a value of 0 is no number: sells says no). Read
    from the built-in decisions, so 0 (no bound beyond more cash than p held) when either seat plays a user
    strategy, whose trade_offer or sells may answer otherwise."""
    if prm[p, P_USER_STRATEGY] != 0 or prm[q, P_USER_STRATEGY] != 0:
        return 0.0
    cash = prm[p, P_BUY_RESERVE] + value * max(1.0, prm[q, P_TRADE_ACCEPT])
    return cash if cash == cash else np.inf


@engine_njit
def sells(prm, q, value, offer):
    """Does q sell squares of list value `value` for `offer` in cash?"""
    return offer >= value * prm[q, P_TRADE_ACCEPT]


@engine_njit
def swaps(prm, p):
    """Agrees to swap squares when the swap completes a group for each side."""
    return prm[p, P_SWAPS] > 0.0
