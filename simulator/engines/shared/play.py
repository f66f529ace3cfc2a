"""The board economy that the classic engine, Millionaire's and (in part) Empire's share: money and the
bank, mortgages, dice and jail, rent, auctions, trades, building, bankruptcy, a new game and its recording,
and the economy's invariants.

Kernels take arrays and scalars only; column numbers are in shared/layout.py. Rule references (e.g.
"rulebook: Crise du batiment") point at the Walking Dead rulebook, shared/rules/004_66603cd0e01f861b.txt,
which states the classic rules.
"""
import numpy as np
from numba import njit

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.layout import (
    ADVANCE_TO, ADVANCE_TO_NEAREST, B_HOTELS, B_HOUSES, B_NET, B_OWNERSHIP, B_POT, B_ROUND, B_TURN, C_A, C_B,
    C_DECK, C_EFFECT, END_TURN_CAP, GET_OUT_OF_JAIL, G_KIND, G_MEMBERS, G_SIZE, HOTEL_RENT, O_FIRST_OWNER, O_LEVEL,
    O_MORTGAGED, O_OWNED_ROUNDS, O_OWNED_SINCE, O_OWNER, PL_ALIVE, PL_BOUGHT, PL_BUILD_IDLE, PL_BUILT, PL_CASH,
    PL_COMPLETE_STREETS, PL_DECLINED, PL_GROUPS_HELD, PL_GROUPS_OWNED, PL_GROUPS_SEEN, PL_JAIL, PL_JAIL_TURNS,
    PL_COMPLETE_GROUPS, PL_LEAST_AFTER_BUY, PL_MORTGAGED_GROUPS,
    PL_LIFT_FLOOR, PL_MORTGAGES, PL_OUT_ORDER, PL_OUT_TURN, PL_POS, PL_RENT_IN, PL_RENT_OUT, PL_SOLD, PL_TOP_LEVEL,
    PL_STREETS_HELD, PL_TRADES, PL_TRADE_CASH, PL_TRADE_SEEN, PL_TRADE_VERSION, PL_TRADE_WAIT, P_USER_STRATEGY,
    PO_BOUGHT, PO_BUILT,
    PO_CASH, PO_DECLINED, PO_GROUPS, PO_GROUPS_HELD, PO_HOTELS, PO_HOUSES, PO_JAIL_TURNS, PO_LEAST_AFTER_BUY,
    PO_NET_WORTH, PO_OUT_TURN, PO_PROPERTIES, PO_RANK, PO_RENT_IN, PO_RENT_OUT, PO_SOLD, PO_TOP_LEVEL, PO_TRADES,
    RAILROAD, R_AUCTIONS, R_AUCTION_MIN_BID, R_AUCTION_MUST_SELL, R_BANK_HOTELS, R_BANK_HOUSES, R_DOUBLES_TO_JAIL,
    R_FREE_PARKING_JACKPOT, R_GROUP_RENT_MULT, R_GROUP_RENT_NEEDS_UNMORTGAGED, R_JAIL_FINE, R_JAIL_MAX_TURNS,
    R_JAIL_SQUARE, R_MAX_HOUSES, R_MORTGAGE_INTEREST_ON_PRICE, R_MORTGAGE_INTEREST_PCT, R_SELLBACK_PCT,
    R_SELL_BUILDINGS_FIRST, R_SHORTAGE_FROM_PRICE, R_START_CASH, R_TRADING, SA_AUCTIONED, SA_BOUGHT, SA_LANDINGS,
    SA_BUILDING_SPEND, SA_RENT, SQ_GROUP,
    SQ_HOTEL_COST, SQ_HOUSE_COST, SQ_KIND, SQ_MORTGAGE, SQ_PRICE, STREET, V_BANK_STOCK, V_BUILDINGS,
    V_EVEN_BUILDING, V_MONEY, V_NEGATIVE_CASH, V_OWNERSHIP,
)
from simulator.engines.shared.decks import shuffle_decks, take_held_from_queues, to_bottom
from simulator.engines.shared.games import copy_table, finishing_rank, out_order, record_aggregates, write_game_row
from simulator.engines.shared.state import (
    building_value, group_levels, group_mortgaged, hotel_level, other_owner, owned_in_group, owns_group,
)
from simulator.engines.shared.rng import below
from strategies import board_logic as strategy

# Flags and amounts that callers fix are passed as these numpy scalars, not as literals: numba compiles a
# separate copy of a function, and of everything it calls, for each literal value it is passed (pay_bank
# with True and with False compiled the whole payment and bankruptcy path twice).
FINE = np.bool_(True)
NOT_A_FINE = np.bool_(False)
NOTHING = np.int64(0)
NOBODY = np.int64(-1)
UNKNOWN = np.int64(-2)  # a square not yet looked for
NO_SQUARE = np.int64(1 << 62)  # after every square in the order squares are mortgaged in
SIDES = np.int64(6)  # of a die

# ---------------------------------------------------------------------------------------------------
# Money. Every payment goes through these, which keeps the bank's net flow for the conservation check.


@engine_njit
def bank_pays(pl, bank, p, amount):
    pl[p, PL_CASH] += amount
    bank[B_NET] += amount


@engine_njit
def into_bank(rules, pl, bank, p, amount, fine):
    """p pays the bank; taxes and fines feed the Free Parking jackpot under that house rule."""
    pl[p, PL_CASH] -= amount
    if fine and rules[R_FREE_PARKING_JACKPOT] != 0:
        bank[B_POT] += amount
    else:
        bank[B_NET] -= amount


@engine_njit
def interest(sq, rules, s):
    """10% of square s's mortgage, rounded up to a whole unit (rulebook: Hypothequer une propriete), or of
    its printed price where the edition says so (Millionaire: Hypotheque)."""
    base = sq[s, SQ_PRICE] if rules[R_MORTGAGE_INTEREST_ON_PRICE] != 0 else sq[s, SQ_MORTGAGE]
    return (base * rules[R_MORTGAGE_INTEREST_PCT] + 99) // 100


@engine_njit
def mortgage_square(sq, own, pl, bank, p, s):
    own[s, O_MORTGAGED] = 1
    _note_mortgage(sq, pl, p, s)
    bank_pays(pl, bank, p, sq[s, SQ_MORTGAGE])


@engine_njit
def _note_mortgage(sq, pl, p, s):
    """p holds one more mortgaged square, s."""
    g = sq[s, SQ_GROUP]
    pl[p, PL_MORTGAGED_GROUPS] |= 1 << g
    if (pl[p, PL_COMPLETE_STREETS] >> g) & 1 != 0:
        pl[p, PL_BUILD_IDLE] = -1
    if pl[p, PL_MORTGAGES] == 0 or sq[s, SQ_MORTGAGE] < pl[p, PL_LIFT_FLOOR]:
        pl[p, PL_LIFT_FLOOR] = sq[s, SQ_MORTGAGE]
    pl[p, PL_MORTGAGES] += 1


@engine_njit
def sell_building(sq, groups, own, rules, pl, bank, p, g):
    """Sell one building of group g back to the bank at the sell-back rate, evenly: from a square at the
    group's highest level. A hotel trades back for max_houses houses; when the bank has not that many,
    every building of the group is sold (rulebook: Vendre un batiment; shortage: assumption)."""
    low, high = group_levels(own, groups, g)
    if high == 0:
        return False
    pl[p, PL_BUILD_IDLE] = -1
    top = hotel_level(rules)
    pct = rules[R_SELLBACK_PCT]
    for k in range(groups[g, G_SIZE]):
        s = groups[g, G_MEMBERS + k]
        if own[s, O_LEVEL] == high:
            break
    if high < top:
        own[s, O_LEVEL] -= 1
        bank[B_HOUSES] += 1
        bank_pays(pl, bank, p, sq[s, SQ_HOUSE_COST] * pct // 100)
    elif bank[B_HOUSES] >= rules[R_MAX_HOUSES]:
        own[s, O_LEVEL] = rules[R_MAX_HOUSES]
        bank[B_HOTELS] += 1
        bank[B_HOUSES] -= rules[R_MAX_HOUSES]
        bank_pays(pl, bank, p, sq[s, SQ_HOTEL_COST] * pct // 100)
    else:
        refund = NOTHING
        for k in range(groups[g, G_SIZE]):
            m = groups[g, G_MEMBERS + k]
            level = own[m, O_LEVEL]
            refund += building_value(sq, rules, m, level) * pct // 100
            if level == top:
                bank[B_HOTELS] += 1
            else:
                bank[B_HOUSES] += level
            own[m, O_LEVEL] = 0
        bank_pays(pl, bank, p, refund)
    return True


@engine_njit
def _cheapest_unmortgaged(sq, groups, own, p, visit):
    """p's two unmortgaged squares with the least mortgage in the groups `visit` (bits), a tie going to the
    lower square as in a scan of the board; -1 for each one missing."""
    # A square's place in that order as one number, mortgage then square: one comparison per square
    n = own.shape[0]
    cheapest = NO_SQUARE
    runner_up = NO_SQUARE
    for g in range(groups.shape[0]):
        if (visit >> g) & 1 == 0:
            continue
        for k in range(groups[g, G_SIZE]):
            s = groups[g, G_MEMBERS + k]
            if own[s, O_OWNER] != p or own[s, O_MORTGAGED] != 0:
                continue
            place = sq[s, SQ_MORTGAGE] * n + s
            if place < cheapest:
                runner_up = cheapest
                cheapest = place
            elif place < runner_up:
                runner_up = place
    return (cheapest % n if cheapest != NO_SQUARE else NOBODY,
            runner_up % n if runner_up != NO_SQUARE else NOBODY)


@engine_njit
def _cheapest_built_group(sq, groups, own, complete):
    """The group with buildings whose houses cost least among the complete colour groups `complete` (bits),
    or -1."""
    cheapest = -1
    for g in range(groups.shape[0]):
        if (complete >> g) & 1 == 0:
            continue
        low, high = group_levels(own, groups, g)
        if high > 0 and (cheapest < 0 or sq[groups[g, G_MEMBERS], SQ_HOUSE_COST]
                         < sq[groups[cheapest, G_MEMBERS], SQ_HOUSE_COST]):
            cheapest = g
    return cheapest


@engine_njit
def raise_money(sq, groups, own, rules, pl, bank, p, amount):
    """Mortgage and sell until p holds `amount` or has nothing left (rulebook: Au secours ! J'ai besoin
    d'argent !): squares outside complete groups first (they cost p the least rent), the cheapest mortgage
    first, then buildings from the cheapest group, then the rest. Under sell_buildings_first every building
    goes before any mortgage (Millionaire's order). Only streets of complete groups can have buildings
    (check_economy's V_BUILDINGS)."""
    if pl[p, PL_CASH] >= amount:
        return
    buildings_first = rules[R_SELL_BUILDINGS_FIRST] != 0
    # No square changes hands while p raises money and a sale of buildings mortgages nothing: the squares
    # are mortgaged in the order one look finds the first two of, and looked for again after two.
    outside = pl[p, PL_GROUPS_OWNED] & ~pl[p, PL_COMPLETE_GROUPS]
    loose = UNKNOWN
    loose_next = UNKNOWN
    cheapest = UNKNOWN  # among the squares of complete groups, once no building is left
    cheapest_next = UNKNOWN
    # The cheapest group with buildings stays so while it has any (the others do not change); -1 when none
    # is left.
    built = UNKNOWN
    while pl[p, PL_CASH] < amount:
        if loose == UNKNOWN:
            loose, loose_next = _cheapest_unmortgaged(sq, groups, own, p, outside)
        if buildings_first or loose < 0:
            if built == UNKNOWN:
                built = _cheapest_built_group(sq, groups, own, pl[p, PL_COMPLETE_STREETS])
            if built >= 0:
                if not sell_building(sq, groups, own, rules, pl, bank, p, built):
                    built = UNKNOWN
                continue
        if loose >= 0:
            s = loose
            loose = loose_next
            loose_next = UNKNOWN
        else:
            if cheapest == UNKNOWN:  # the squares outside complete groups are all mortgaged by now
                cheapest, cheapest_next = _cheapest_unmortgaged(sq, groups, own, p, pl[p, PL_COMPLETE_GROUPS])
            s = cheapest
            cheapest = cheapest_next
            cheapest_next = UNKNOWN
        if s < 0:
            return
        mortgage_square(sq, own, pl, bank, p, s)


# ---------------------------------------------------------------------------------------------------
# Movement


@engine_njit
def roll(rng):
    return below(rng, SIDES) + 1, below(rng, SIDES) + 1


@engine_njit
def nearest(sq, position, kind):
    n = sq.shape[0]
    for step in range(1, n + 1):
        s = (position + step) % n
        if sq[s, SQ_KIND] == kind:
            return s
    return position


@engine_njit
def send_to_jail(rules, pl, p):
    """No salary on the way (rulebook: Allez en prison)."""
    pl[p, PL_POS] = rules[R_JAIL_SQUARE]
    pl[p, PL_JAIL] = 0


@engine_njit(inline="always")
def card_steps(sq, cards, position, card):
    """How far a moving card takes a pawn from `position`: squares forward (passing GO pays), or a negative
    number back (passing nothing); with the rent and dice multipliers the card puts on the square reached."""
    effect = cards[card, C_EFFECT]
    n = sq.shape[0]
    if effect == ADVANCE_TO:
        steps = (cards[card, C_A] - position) % n
        return steps if steps > 0 else n, 1, 0
    if effect == ADVANCE_TO_NEAREST:
        steps = (nearest(sq, position, cards[card, C_A]) - position) % n
        if cards[card, C_A] == RAILROAD:
            return steps, max(1, cards[card, C_B]), 0
        return steps, 1, cards[card, C_B]
    return cards[card, C_A], 1, 0


# ---------------------------------------------------------------------------------------------------
# Ownership: buying, auctions, rent, bankruptcy


@engine_njit
def set_owner(own, bank, s, p):
    """Every change of owner goes through here (in this family's economy by way of transfer): the version
    it bumps lets a player skip re-scanning while nothing has changed hands."""
    # Rounds owned are kept per stretch of ownership, not counted every round: a loop over the board at
    # each round's end cost 3% of the engine's time.
    if own[s, O_OWNER] < 0 and p >= 0:
        own[s, O_OWNED_SINCE] = bank[B_ROUND]
    elif own[s, O_OWNER] >= 0 and p < 0:
        own[s, O_OWNED_ROUNDS] += bank[B_ROUND] - own[s, O_OWNED_SINCE]
    own[s, O_OWNER] = p
    if own[s, O_FIRST_OWNER] < 0:
        own[s, O_FIRST_OWNER] = p
    bank[B_OWNERSHIP] += 1


@engine_njit
def transfer(sq, groups, own, pl, bank, s, p):
    """Every change of owner in this family's economy goes through here, so that each player's mortgaged
    squares and colour groups held and complete are kept as they change instead of scanned for (set_owner
    itself is shared with engines whose player columns differ). Building looks only at a player's complete
    groups, so a player's PL_BUILD_IDLE is reset only when one of those changes (or a mortgage arrives). A
    trade scan of player i finds a trade only in colour groups held by i and one other player alone (the
    group it completes, and the one it gives in a swap), so the trade version moves only for the two
    players of such a group, when one of its squares changes hands: any other change of owner leaves every
    player fewer trades or the same."""
    g = sq[s, SQ_GROUP]
    street = groups[g, G_KIND] == STREET
    mortgaged = own[s, O_MORTGAGED] != 0
    giver = own[s, O_OWNER]
    if giver >= 0:
        if (pl[giver, PL_COMPLETE_GROUPS] >> g) & 1 != 0:
            pl[giver, PL_COMPLETE_GROUPS] &= ~(1 << g)
            if street:
                pl[giver, PL_BUILD_IDLE] = -1
                pl[giver, PL_COMPLETE_STREETS] &= ~(1 << g)
        if mortgaged:
            pl[giver, PL_MORTGAGES] -= 1
    set_owner(own, bank, s, p)
    if p >= 0:
        if mortgaged:
            _note_mortgage(sq, pl, p, s)
        if owns_group(own, groups, g, p):
            pl[p, PL_COMPLETE_GROUPS] |= 1 << g
            if street:
                pl[p, PL_COMPLETE_STREETS] |= 1 << g
                pl[p, PL_BUILD_IDLE] = -1
    if giver >= 0 and owned_in_group(own, groups, g, giver) == 0:
        pl[giver, PL_GROUPS_OWNED] &= ~(1 << g)
        pl[giver, PL_STREETS_HELD] &= ~(1 << g)
    if p >= 0:
        pl[p, PL_GROUPS_OWNED] |= 1 << g
        if street:
            pl[p, PL_STREETS_HELD] |= 1 << g
    if street and p >= 0:
        other = other_owner(own, groups, g, p)
        if other >= 0:
            pl[p, PL_TRADE_VERSION] += 1
            pl[other, PL_TRADE_VERSION] += 1


@engine_njit
def counted_holdings(sq, groups, own, p):
    """p's mortgaged squares, its complete colour groups, the colour groups and the groups of any kind it
    holds a square of, its complete groups of any kind and the groups of its mortgaged squares (bits), and the
    least mortgage among its mortgaged squares, counted from the squares: what transfer and the mortgage
    helpers keep in PL_MORTGAGES, PL_COMPLETE_STREETS, PL_STREETS_HELD, PL_GROUPS_OWNED, PL_COMPLETE_GROUPS,
    PL_MORTGAGED_GROUPS and PL_LIFT_FLOOR."""
    mortgages = 0
    mortgaged_groups = 0
    floor = 0
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p and own[s, O_MORTGAGED] != 0:
            if mortgages == 0 or sq[s, SQ_MORTGAGE] < floor:
                floor = sq[s, SQ_MORTGAGE]
            mortgages += 1
            mortgaged_groups |= 1 << sq[s, SQ_GROUP]
    complete = 0
    held = 0
    owned_groups = 0
    complete_groups = 0
    for g in range(groups.shape[0]):
        owned = owned_in_group(own, groups, g, p)
        if owned > 0:
            owned_groups |= 1 << g
            if owned == groups[g, G_SIZE]:
                complete_groups |= 1 << g
        if groups[g, G_KIND] == STREET:
            if owned == groups[g, G_SIZE]:
                complete |= 1 << g
            if owned > 0:
                held |= 1 << g
    return mortgages, complete, held, owned_groups, complete_groups, mortgaged_groups, floor


@engine_njit
def recount_holdings(sq, groups, own, pl):
    """The per-player state that transfer keeps, counted for a state set up square by square (a position,
    a test); what was noted of the squares before (no trade, nothing to build) is looked at again."""
    for p in range(pl.shape[0]):
        mortgages, complete, held, owned_groups, complete_groups, mortgaged_groups, floor = counted_holdings(
            sq, groups, own, p)
        pl[p, PL_MORTGAGES] = mortgages
        pl[p, PL_MORTGAGED_GROUPS] = mortgaged_groups
        pl[p, PL_COMPLETE_STREETS] = complete
        pl[p, PL_STREETS_HELD] = held
        pl[p, PL_GROUPS_OWNED] = owned_groups
        pl[p, PL_COMPLETE_GROUPS] = complete_groups
        pl[p, PL_LIFT_FLOOR] = floor
        pl[p, PL_TRADE_VERSION] += 1
        pl[p, PL_BUILD_IDLE] = -1


@engine_njit
def note_purchase(pl, p):
    """Keep the least cash p was left with by a purchase: what a strategy's buying reserve claims."""
    if pl[p, PL_LEAST_AFTER_BUY] < 0 or pl[p, PL_CASH] < pl[p, PL_LEAST_AFTER_BUY]:
        pl[p, PL_LEAST_AFTER_BUY] = pl[p, PL_CASH]


@engine_njit
def clearing_price(floor, best_bid, second_bid, step):
    """What the highest bidder pays in an English auction: one step more than the runner-up's ceiling, at
    least the floor, at most its own ceiling (a tie pays the tied amount)."""
    return min(max(floor, second_bid + step), best_bid)


@engine_njit
def auction(sq, groups, own, rules, prm, pl, bank, sq_agg, s, first):
    """An English auction in steps of 1 from the minimum bid (rulebook: Vente aux encheres): the highest
    valuation wins and pays one more than the second-highest; a tie goes to the earlier bidder in turn
    order from `first`. Payment is in cash only. Where the property must find a buyer (Millionaire: Petites
    astuces), whoever can pay the minimum bids at least that, whatever its buying reserve."""
    n = pl.shape[0]
    minimum = rules[R_AUCTION_MIN_BID]
    best = NOBODY  # numpy scalars, not literals (see the building auction)
    best_bid = np.int64(-1)
    second_bid = np.int64(-1)
    for k in range(n):
        i = (first + k) % n
        if pl[i, PL_ALIVE] == 0:
            continue
        bid = min(strategy.max_bid(sq, groups, own, prm, pl, i, s), pl[i, PL_CASH])
        if rules[R_AUCTION_MUST_SELL] != 0 and pl[i, PL_CASH] >= minimum:
            bid = max(bid, minimum)
        if bid > best_bid:
            second_bid = best_bid
            best_bid = bid
            best = i
        elif bid > second_bid:
            second_bid = bid
    if best < 0 or best_bid < minimum:
        return
    price = clearing_price(minimum, best_bid, second_bid, 1)
    pl[best, PL_CASH] -= price
    bank[B_NET] -= price
    transfer(sq, groups, own, pl, bank, s, best)
    sq_agg[s, SA_AUCTIONED] += 1
    note_purchase(pl, best)


@engine_njit
def offer_square(sq, groups, own, rules, prm, pl, bank, rng, sq_agg, p, s):
    """Buy at the list price or, declined, auction (rulebook: Propriete n'appartenant a personne)."""
    if strategy.buys(sq, prm, pl, rng, p, s):
        pl[p, PL_CASH] -= sq[s, SQ_PRICE]
        bank[B_NET] -= sq[s, SQ_PRICE]
        transfer(sq, groups, own, pl, bank, s, p)
        sq_agg[s, SA_BOUGHT] += 1
        pl[p, PL_BOUGHT] += 1
        note_purchase(pl, p)
    else:
        if sq[s, SQ_PRICE] <= pl[p, PL_CASH]:
            pl[p, PL_DECLINED] += 1
        if rules[R_AUCTIONS] != 0:
            auction(sq, groups, own, rules, prm, pl, bank, sq_agg, s, p)


@engine_njit(inline="always")
def rent_due(sq, rent, groups, own, rules, rng, s, dice_total, rent_multiplier, dice_multiplier):
    """Rent of square s to its owner (rulebook: Propriete appartenant deja a un autre joueur)."""
    owner = own[s, O_OWNER]
    g = sq[s, SQ_GROUP]
    kind = sq[s, SQ_KIND]
    if kind == STREET:
        level = own[s, O_LEVEL]
        if level == hotel_level(rules):
            return rent[s, HOTEL_RENT]
        if level > 0:
            return rent[s, level]
        if owns_group(own, groups, g, owner) and (rules[R_GROUP_RENT_NEEDS_UNMORTGAGED] == 0
                                                 or not group_mortgaged(own, groups, g)):
            return rent[s, 0] * rules[R_GROUP_RENT_MULT]
        return rent[s, 0]
    owned = owned_in_group(own, groups, g, owner)
    if kind == RAILROAD:
        return rent[s, owned - 1] * rent_multiplier
    if dice_multiplier > 0:
        d1, d2 = roll(rng)
        return (d1 + d2) * dice_multiplier
    return dice_total * rent[s, owned - 1]


@engine_njit(inline="always")
def pay_rent(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p, s, dice_total,
             rent_multiplier, dice_multiplier):
    """p lands on square s that another player owns, unmortgaged, and pays its rent. Helpers of classic's
    hot path that other engines share are inlined by numba (inline="always"): as plain calls they cost
    classic up to 25% of its games a second (measured with bench)."""
    owner = own[s, O_OWNER]
    amount = rent_due(sq, rent, groups, own, rules, rng, s, dice_total, rent_multiplier, dice_multiplier)
    if pay_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, owner, amount):
        pl[owner, PL_RENT_IN] += amount
        pl[p, PL_RENT_OUT] += amount
        sq_agg[s, SA_RENT] += amount


@engine_njit(inline="always")
def each_player_pays(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, amount):
    """Every other player still in pays p `amount` (p pays each of them when it is negative)."""
    n = pl.shape[0]
    for k in range(1, n):
        q = (p + k) % n
        if pl[q, PL_ALIVE] == 0:
            continue
        if amount >= 0:
            pay_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, q, p, amount)
        elif not pay_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, -amount):
            return


@engine_njit
def eliminate_to_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p):
    """Bankrupt to the bank: cash to the bank, jail cards to the bottom of their decks, every square
    back to the bank unmortgaged and auctioned (rulebook: Au secours ! J'ai besoin d'argent !)."""
    bank[B_NET] -= pl[p, PL_CASH]
    pl[p, PL_CASH] = 0
    for c in range(held.shape[1]):
        for _ in range(held[p, c]):
            to_bottom(decks, dq, cards[c, C_DECK], c)
        held[p, c] = 0
    pl[p, PL_OUT_ORDER] = out_order(pl[:, PL_ALIVE])
    pl[p, PL_ALIVE] = 0
    pl[p, PL_JAIL] = -1
    pl[p, PL_OUT_TURN] = bank[B_TURN]
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p:
            transfer(sq, groups, own, pl, bank, s, NOBODY)
            own[s, O_MORTGAGED] = 0
            own[s, O_LEVEL] = 0
            if rules[R_AUCTIONS] != 0:
                auction(sq, groups, own, rules, prm, pl, bank, sq_agg, s, (p + 1) % pl.shape[0])


@engine_njit(inline="always")
def pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, amount, fine):
    """p owes the bank; True when paid, False when p went bankrupt. Inlined, so that a payment p has the
    cash for costs its caller no call: passing a dozen arrays costs more than the payment itself."""
    if pl[p, PL_CASH] < amount and not _raise_for_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held,
                                                       cards, sq_agg, p, amount):
        return False
    into_bank(rules, pl, bank, p, amount, fine)
    return True


@engine_njit
def _raise_for_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, amount):
    """p, short of `amount` owed to the bank, raises money: True when it now holds it; otherwise p is
    bankrupt to the bank."""
    raise_money(sq, groups, own, rules, pl, bank, p, amount)
    if pl[p, PL_CASH] >= amount:
        return True
    eliminate_to_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p)
    return False


@engine_njit(inline="always")
def pay_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, amount):
    """p owes q; True when paid. Inlined as pay_bank is."""
    if pl[p, PL_CASH] < amount and not _raise_for_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held,
                                                         cards, sq_agg, p, q, amount):
        return False
    pl[p, PL_CASH] -= amount
    pl[q, PL_CASH] += amount
    return True


@engine_njit
def _raise_for_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, amount):
    """p, short of `amount` owed to q, raises money: True when it now holds it. Otherwise p is bankrupt to
    q: it hands over its cash, its (by then mortgaged) squares and its jail cards, and q pays the 10%
    interest on each mortgage at once, then keeps each mortgage or pays it off at once, as its strategy
    decides (rulebook: Au secours ! J'ai besoin d'argent !, "conserver les hypothèques ... ou tout régler tout
    de suite")."""
    raise_money(sq, groups, own, rules, pl, bank, p, amount)
    if pl[p, PL_CASH] >= amount:
        return True
    pl[q, PL_CASH] += pl[p, PL_CASH]
    pl[p, PL_CASH] = 0
    for c in range(held.shape[1]):
        held[q, c] += held[p, c]
        held[p, c] = 0
    pl[p, PL_OUT_ORDER] = out_order(pl[:, PL_ALIVE])
    pl[p, PL_ALIVE] = 0
    pl[p, PL_JAIL] = -1
    pl[p, PL_OUT_TURN] = bank[B_TURN]
    due = NOTHING
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p and own[s, O_MORTGAGED] != 0:
            due += interest(sq, rules, s)
    for s in range(own.shape[0]):
        if own[s, O_OWNER] != p:
            continue
        transfer(sq, groups, own, pl, bank, s, q)
        # paying off now costs the mortgage alone; the interest still due is counted so q can pay it after
        if own[s, O_MORTGAGED] != 0 and strategy.lifts_received_mortgage(prm, pl, q, sq[s, SQ_MORTGAGE] + due):
            _lift(sq, own, rules, pl, bank, q, s, sq[s, SQ_MORTGAGE])
    if due > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, q, due, NOT_A_FINE)
    return False


# ---------------------------------------------------------------------------------------------------
# The player's own moves between rolls: lift mortgages, trade, build


@engine_njit(inline="always")
def may_lift_mortgage(prm, pl, p):
    """Has p a mortgage and the cash to lift the cheapest it could? Otherwise lift_mortgages does nothing."""
    return pl[p, PL_MORTGAGES] > 0 and strategy.lifts_mortgage(prm, pl, p, pl[p, PL_LIFT_FLOOR])


@engine_njit
def lift_mortgages(sq, groups, own, rules, prm, pl, bank, p):
    """Squares of complete groups first: they pay the most once free. A pass over the board is skipped when
    no group it lifts in may hold a mortgaged square of p."""
    floor = 0  # the least mortgage among those left
    left = 0  # the groups they are in
    complete = pl[p, PL_COMPLETE_GROUPS]
    mortgaged = pl[p, PL_MORTGAGED_GROUPS]
    for complete_first in (True, False):
        if mortgaged & (complete if complete_first else ~complete) == 0:
            continue
        ahead = pl[p, PL_MORTGAGES]  # p's mortgaged squares this pass has yet to visit
        for s in range(own.shape[0]):
            if ahead == 0:
                break
            if own[s, O_OWNER] != p or own[s, O_MORTGAGED] == 0:
                continue
            ahead -= 1
            g = sq[s, SQ_GROUP]
            if ((complete >> g) & 1 != 0) != complete_first:
                continue
            cost = sq[s, SQ_MORTGAGE] + interest(sq, rules, s)
            if strategy.lifts_mortgage(prm, pl, p, cost):
                _lift(sq, own, rules, pl, bank, p, s, cost)
                continue
            left |= 1 << g
            if floor == 0 or sq[s, SQ_MORTGAGE] < floor:
                floor = sq[s, SQ_MORTGAGE]
    pl[p, PL_LIFT_FLOOR] = floor
    pl[p, PL_MORTGAGED_GROUPS] = left


@engine_njit
def _lift(sq, own, rules, pl, bank, p, s, cost):
    """p pays `cost` to the bank and its square s is no longer mortgaged. The least mortgage left
    (PL_LIFT_FLOOR) and the groups holding one (PL_MORTGAGED_GROUPS) may only rise or shrink: as bounds they
    still hold, and the next pass of lift_mortgages makes them exact."""
    into_bank(rules, pl, bank, p, cost, NOT_A_FINE)
    own[s, O_MORTGAGED] = 0
    pl[p, PL_MORTGAGES] -= 1
    if (pl[p, PL_COMPLETE_STREETS] >> sq[s, SQ_GROUP]) & 1 != 0:
        pl[p, PL_BUILD_IDLE] = -1


@engine_njit
def _hand_over(sq, groups, own, pl, bank, rules, g, giver, receiver):
    """Give the giver's squares of group g to the receiver; returns the list value and the interest the
    receiver owes on mortgaged ones (rulebook: Passez des accords avec vos adversaires)."""
    value = 0
    due = 0
    for k in range(groups[g, G_SIZE]):
        s = groups[g, G_MEMBERS + k]
        if own[s, O_OWNER] == giver:
            transfer(sq, groups, own, pl, bank, s, receiver)
            value += sq[s, SQ_PRICE]
            if own[s, O_MORTGAGED] != 0:
                due += interest(sq, rules, s)
    return value, due


@engine_njit
def _group_value(sq, groups, own, g, holder):
    value = 0
    for k in range(groups[g, G_SIZE]):
        s = groups[g, G_MEMBERS + k]
        if own[s, O_OWNER] == holder:
            value += sq[s, SQ_PRICE]
    return value


@engine_njit(inline="always")
def may_trade(rules, pl, p):
    """Could a trade scan of p find one now? Not while no square of a colour group held by p and one other
    player alone has changed hands since a scan found none possible (see transfer), nor while p holds too
    little cash for any of the cash offers it found when those were the only trades (an offer, and so its
    acceptance, grows with p's cash alone)."""
    version = pl[p, PL_TRADE_VERSION]
    return rules[R_TRADING] != 0 and pl[p, PL_TRADE_SEEN] != version and not (
        pl[p, PL_TRADE_WAIT] == version and pl[p, PL_CASH] <= pl[p, PL_TRADE_CASH])


@engine_njit
def trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p):
    """At most one trade a turn that completes a colour group of p: a swap when the other player holds
    the rest of p's group and p holds the rest of one of theirs (both complete a group; the difference
    in list value is paid in cash), else a cash offer the seller's strategy may accept. Squares trade
    only without buildings, which holds: neither group is complete before the trade."""
    if not may_trade(rules, pl, p):
        return
    possible = False
    swap_possible = False
    offer_cash = np.inf  # below this much cash, none of the cash offers looked at is accepted
    partial = pl[p, PL_STREETS_HELD] & ~pl[p, PL_COMPLETE_STREETS]  # the colour groups p holds part of
    for g in range(groups.shape[0]):
        if (partial >> g) & 1 == 0:
            continue
        q = other_owner(own, groups, g, p)
        if q < 0:
            continue
        wanted = _group_value(sq, groups, own, g, q)
        if strategy.swaps(prm, p) and strategy.swaps(prm, q):
            # q's groups of which p holds the rest: colour groups both hold a square of
            shared = pl[q, PL_STREETS_HELD] & pl[p, PL_STREETS_HELD]
            for h in range(groups.shape[0]):
                if h == g or (shared >> h) & 1 == 0:
                    continue
                if other_owner(own, groups, h, q) != p:
                    continue
                possible = True
                swap_possible = True
                balance = wanted - _group_value(sq, groups, own, h, p)
                payer, payee, amount = (p, q, balance) if balance >= 0 else (q, p, -balance)
                if pl[payer, PL_CASH] < amount:
                    continue
                pl[payer, PL_CASH] -= amount
                pl[payee, PL_CASH] += amount
                _, due_p = _hand_over(sq, groups, own, pl, bank, rules, g, q, p)
                _, due_q = _hand_over(sq, groups, own, pl, bank, rules, h, p, q)
                _settle_trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q,
                              due_p, due_q)
                return
        if strategy.could_agree(prm, p, q, g):
            possible = True
        offer = strategy.trade_offer(prm, pl, p, g, wanted)
        if offer > 0 and strategy.sells(prm, q, wanted, offer):
            pl[p, PL_CASH] -= offer
            pl[q, PL_CASH] += offer
            pl[q, PL_SOLD] += 1
            _, due_p = _hand_over(sq, groups, own, pl, bank, rules, g, q, p)
            _settle_trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, due_p, NOTHING)
            return
        offer_cash = min(offer_cash, strategy.offer_cash(prm, p, q, wanted))
    if not possible:
        pl[p, PL_TRADE_SEEN] = pl[p, PL_TRADE_VERSION]
    elif not swap_possible:
        pl[p, PL_TRADE_WAIT] = pl[p, PL_TRADE_VERSION]
        wait = pl[p, PL_CASH]
        if offer_cash >= strategy.NEVER:
            wait = strategy.NEVER
        elif offer_cash - 2 > wait:  # 2 below the bound: room for its rounding, and the offer's to a unit
            wait = np.int64(np.floor(offer_cash)) - 2
        pl[p, PL_TRADE_CASH] = wait


@engine_njit
def _settle_trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, due_p, due_q):
    pl[p, PL_TRADES] += 1
    pl[q, PL_TRADES] += 1
    if due_p > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, due_p, NOT_A_FINE)
    if due_q > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, q, due_q, NOT_A_FINE)


@engine_njit
def _group_candidate(sq, rent, groups, own, rules, g, goal):
    """Where p's next building in group g goes, building evenly: the first square at the group's lowest
    level, and the extra rent it earns per unit spent; (-1, -1.0) when the group has a mortgaged square or
    has reached `goal`."""
    # one pass: any square mortgaged, and the first square at the group's lowest level
    s = -1
    low = 1 << 30
    for k in range(groups[g, G_SIZE]):
        m = groups[g, G_MEMBERS + k]
        if own[m, O_MORTGAGED] != 0:
            return -1, -1.0
        if own[m, O_LEVEL] < low:
            low = own[m, O_LEVEL]
            s = m
    if low >= goal:
        return -1, -1.0
    nxt = low + 1
    top = hotel_level(rules)
    cost = sq[s, SQ_HOTEL_COST] if nxt == top else sq[s, SQ_HOUSE_COST]
    return s, (rent[s, HOTEL_RENT if nxt == top else nxt] - rent[s, low]) / cost


@engine_njit
def _best_two_candidates(sq, rent, groups, own, rules, prm, p, complete):
    """next_building's square and the extra rent per unit spent there, then the same for the best square
    among p's other complete groups (-1 and -1.0 for one missing). Groups are looked at in order and only a
    greater gain displaces a candidate, so of equal gains the lower group's square wins, in either place."""
    best = -1
    best_gain = -1.0
    runner_up = -1
    runner_up_gain = -1.0
    goal = strategy.target_level(prm, rules, p)
    for g in range(groups.shape[0]):
        if (complete >> g) & 1 == 0:
            continue
        s, gain = _group_candidate(sq, rent, groups, own, rules, g, goal)
        if gain > best_gain:
            runner_up = best
            runner_up_gain = best_gain
            best = s
            best_gain = gain
        elif gain > runner_up_gain:
            runner_up = s
            runner_up_gain = gain
    return best, best_gain, runner_up, runner_up_gain


@engine_njit
def next_building(sq, rent, groups, own, rules, prm, p, complete):
    """The square where p's next building earns the most extra rent per unit spent, building evenly
    (rulebook: Construire b) and only on complete unmortgaged groups (`complete`: p's complete colour groups,
    as bits); -1 when there is none."""
    return _best_two_candidates(sq, rent, groups, own, rules, prm, p, complete)[0]


# inlined: called once per building, and as a call of its own it cost more than the scans it saves
@engine_njit(inline="always")
def _next_after_building(sq, rent, groups, own, rules, prm, p, complete, built, runner_up, runner_up_gain):
    """_best_two_candidates after p built on `built`, its best square, whose runner-up was `runner_up`
    (gain runner_up_gain). Only built's group changed: while that group stays ahead of the runner-up, the
    runner-up stays; otherwise every group is looked at again."""
    g = sq[built, SQ_GROUP]
    s, gain = _group_candidate(sq, rent, groups, own, rules, g, strategy.target_level(prm, rules, p))
    if s >= 0 and (gain > runner_up_gain
                   or (gain == runner_up_gain and runner_up >= 0 and g < sq[runner_up, SQ_GROUP])):
        return s, gain, runner_up, runner_up_gain
    return _best_two_candidates(sq, rent, groups, own, rules, prm, p, complete)


@engine_njit
def _build_on(sq, own, rules, pl, bank, sq_agg, p, s, price):
    if own[s, O_LEVEL] + 1 == hotel_level(rules):
        bank[B_HOTELS] -= 1
        bank[B_HOUSES] += rules[R_MAX_HOUSES]
    else:
        bank[B_HOUSES] -= 1
    own[s, O_LEVEL] += 1
    pl[p, PL_BUILD_IDLE] = -1
    pl[p, PL_CASH] -= price
    bank[B_NET] -= price
    pl[p, PL_BUILT] += 1
    sq_agg[s, SA_BUILDING_SPEND] += price
    pl[p, PL_TOP_LEVEL] = max(pl[p, PL_TOP_LEVEL], own[s, O_LEVEL])
    note_purchase(pl, p)


@engine_njit
def _building_demand(sq, groups, own, rules, prm, pl, i, hotels, complete):
    """How many houses (or hotels) player i, whose complete colour groups are `complete` (bits), would buy
    now if the bank had them (for the shortage auction). A hotel is wanted on a square at the house limit
    once its whole group has reached it."""
    if pl[i, PL_ALIVE] == 0:
        return 0
    goal = strategy.target_level(prm, rules, i)
    if hotels and goal < hotel_level(rules):
        return 0
    goal = min(goal, rules[R_MAX_HOUSES])
    wanted = 0
    cheapest = np.int64(1 << 40)
    for g in range(groups.shape[0]):
        if (complete >> g) & 1 == 0 or group_mortgaged(own, groups, g):
            continue
        low, _ = group_levels(own, groups, g)
        if hotels and low < goal:
            continue
        for k in range(groups[g, G_SIZE]):
            s = groups[g, G_MEMBERS + k]
            if hotels and own[s, O_LEVEL] == goal:
                wanted += 1
                cheapest = min(cheapest, sq[s, SQ_HOTEL_COST])
            elif not hotels and own[s, O_LEVEL] < goal:
                wanted += goal - own[s, O_LEVEL]
                cheapest = min(cheapest, sq[s, SQ_HOUSE_COST])
    if wanted == 0 or not strategy.builds(prm, pl, i, cheapest):
        return 0
    return wanted


@engine_njit
def _rival_demand(sq, groups, own, rules, prm, pl, p, hotels):
    """The houses (or hotels) the players other than p would buy now, and how many of them would buy."""
    demand = 0
    rivals = 0
    for i in range(pl.shape[0]):
        if i == p or pl[i, PL_COMPLETE_STREETS] == 0:
            continue
        wanted = _building_demand(sq, groups, own, rules, prm, pl, i, hotels, pl[i, PL_COMPLETE_STREETS])
        demand += wanted
        if wanted > 0:
            rivals += 1
    return demand, rivals


@engine_njit(inline="always")
def may_build(pl, p):
    """Could build find something to do for p? Not while p holds no more cash than when it last found
    nothing: what it finds depends only on the squares of p's complete groups (which of its groups are
    complete, their mortgages and buildings; any change resets PL_BUILD_IDLE) and p's cash, and more cash
    only buys more."""
    return pl[p, PL_COMPLETE_STREETS] != 0 and pl[p, PL_CASH] > pl[p, PL_BUILD_IDLE]


@engine_njit
def build(sq, rent, groups, own, rules, prm, pl, bank, sq_agg, p):
    """Build as the strategy wants while the bank has stock. When houses (or hotels) are fewer than the
    players who want them now would buy, each one goes to auction among those players, whose bids are
    for the square they would build next (rulebook: Crise du batiment)."""
    top = hotel_level(rules)
    # The other players' demand stays as it is while p builds (p's buildings change neither their squares
    # nor their cash; an auction won by another ends the build): counted once for houses, once for hotels.
    counted_for_hotels = False
    counted = False
    rival_demand = 0
    rivals = 0
    # Once the bank's stock covers every player's demand it still does after p builds one more: p's own
    # demand falls by that building (and its cash) as the stock does, and the others' stays. That holds for
    # the built-in builds (cash and reserve only); a user's may say yes again as p builds (it is passed
    # PL_BUILT, PL_TOP_LEVEL), so a user's seat is counted before each building, as before the shortcut.
    covered = False
    # p's building changes only the group it is in (and p's cash, which the choice does not depend on)
    complete = pl[p, PL_COMPLETE_STREETS]
    s, _, runner_up, runner_up_gain = _best_two_candidates(sq, rent, groups, own, rules, prm, p, complete)
    while True:
        if s < 0:
            pl[p, PL_BUILD_IDLE] = strategy.NEVER  # nothing to build at any cash
            return
        is_hotel = own[s, O_LEVEL] + 1 == top
        cost = sq[s, SQ_HOTEL_COST] if is_hotel else sq[s, SQ_HOUSE_COST]
        if not strategy.builds(prm, pl, p, cost):
            # the next call finds s again, at the same cost, until it has the cash to build there
            pl[p, PL_BUILD_IDLE] = max(pl[p, PL_CASH], strategy.build_cash(prm, p, cost) - 1)
            return
        stock = bank[B_HOTELS] if is_hotel else bank[B_HOUSES]
        if stock == 0:
            return
        if not counted or counted_for_hotels != is_hotel:
            rival_demand, rivals = _rival_demand(sq, groups, own, rules, prm, pl, p, is_hotel)
            counted = True
            counted_for_hotels = is_hotel
            covered = False
        if rivals == 0 or covered or rival_demand + _building_demand(
                sq, groups, own, rules, prm, pl, p, is_hotel, complete) <= stock:
            covered = prm[p, P_USER_STRATEGY] == 0
            _build_on(sq, own, rules, pl, bank, sq_agg, p, s, cost)
        else:
            # numpy scalars, not literals: numba would first type the loop below with the literals and compile
            # clearing_price and _build_on once more for them
            winner = NOBODY
            best_bid = np.int64(-1)
            second_bid = np.int64(-1)
            winner_square = np.int64(-1)
            winner_cost = NOTHING
            bidders = 0
            n = pl.shape[0]
            for k in range(n):
                i = (p + k) % n
                rival_groups = pl[i, PL_COMPLETE_STREETS]
                if rival_groups == 0 or _building_demand(sq, groups, own, rules, prm, pl, i, is_hotel,
                                                         rival_groups) == 0:
                    continue
                target = next_building(sq, rent, groups, own, rules, prm, i, rival_groups)
                if target < 0 or (own[target, O_LEVEL] + 1 == top) != is_hotel:
                    continue
                target_cost = sq[target, SQ_HOTEL_COST] if is_hotel else sq[target, SQ_HOUSE_COST]
                bid = strategy.house_bid(prm, pl, i, target_cost)
                bidders += 1
                if bid > best_bid:
                    second_bid = best_bid
                    best_bid = bid
                    winner = i
                    winner_square = target
                    winner_cost = target_cost
                elif bid > second_bid:
                    second_bid = bid
            # The auction opens at the minimum bid (rulebook: Vente aux encheres, "à n'importe quel prix ... avec
            # un minimum de €1"), or at the building's price by rules.shortage_auction_from_price. A single
            # bidder found has no rival to outbid: it buys at the price.
            floor = winner_cost
            if bidders > 1 and rules[R_SHORTAGE_FROM_PRICE] == 0:
                floor = rules[R_AUCTION_MIN_BID]
            if winner < 0 or best_bid < floor:
                return
            price = clearing_price(floor, best_bid, second_bid, 1)
            _build_on(sq, own, rules, pl, bank, sq_agg, winner, winner_square, price)
            if winner != p:
                return
        s, _, runner_up, runner_up_gain = _next_after_building(sq, rent, groups, own, rules, prm, p, complete, s,
                                                               runner_up, runner_up_gain)


@engine_njit
def _nobody_out(pl):
    """Before the first bankruptcy: a group held then was won in play, not collected from the bankrupt."""
    for i in range(pl.shape[0]):
        if pl[i, PL_ALIVE] == 0:
            return False
    return True


@engine_njit(inline="always")
def note_groups(pl, bank, p):
    """Record which complete colour groups p holds at the start of its turn, while nobody is out yet."""
    pl[p, PL_GROUPS_SEEN] = bank[B_OWNERSHIP]
    complete = pl[p, PL_COMPLETE_STREETS]
    if complete != 0 and _nobody_out(pl):
        pl[p, PL_GROUPS_HELD] |= complete


@engine_njit
def use_jail_card(held, decks, dq, cards, p):
    for c in range(held.shape[1]):
        if held[p, c] > 0 and cards[c, C_EFFECT] == GET_OUT_OF_JAIL:
            held[p, c] -= 1
            to_bottom(decks, dq, cards[c, C_DECK], c)
            return True
    return False


@engine_njit(inline="always")
def jail_turn(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p):
    """A turn begun in jail (rulebook: Comment sortir de prison). Paying or using a card frees p before
    the roll and the turn goes on as a normal one: 0. Otherwise p rolls for a double; out by one, or by
    paying after the last try, p moves by that roll: its total. -1 when the turn ends in jail or in
    bankruptcy. (Shared with Millionaire's engine; inlined: see pay_rent.)"""
    pl[p, PL_JAIL_TURNS] += 1
    if not strategy.stays_in_jail(own, rules, prm, p):
        if use_jail_card(held, decks, dq, cards, p):
            pl[p, PL_JAIL] = -1
            return 0
        if pl[p, PL_CASH] >= rules[R_JAIL_FINE]:
            into_bank(rules, pl, bank, p, rules[R_JAIL_FINE], FINE)
            pl[p, PL_JAIL] = -1
            return 0
    d1, d2 = roll(rng)
    if d1 != d2:
        pl[p, PL_JAIL] += 1
        if pl[p, PL_JAIL] < rules[R_JAIL_MAX_TURNS]:
            sq_agg[rules[R_JAIL_SQUARE], SA_LANDINGS] += 1
            return -1
        if not pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p,
                        rules[R_JAIL_FINE], FINE):
            return -1
    pl[p, PL_JAIL] = -1
    return d1 + d2


@engine_njit(inline="always")
def roll_to_move(rules, pl, rng, sq_agg, p, doubles, out_of_jail):
    """The next move of a turn (rulebook: Quand c'est votre tour; Comment sortir de prison): (squares to
    move, doubles so far, whether p rolls again). A roll that just got p out of jail (out_of_jail > 0
    squares) is the move, with no roll again; otherwise p rolls, and the third double sends p to jail
    instead: 0 squares."""
    if out_of_jail > 0:
        return out_of_jail, doubles, False
    d1, d2 = roll(rng)
    if d1 == d2:
        doubles += 1
        if doubles == rules[R_DOUBLES_TO_JAIL]:
            send_to_jail(rules, pl, p)
            sq_agg[rules[R_JAIL_SQUARE], SA_LANDINGS] += 1
            return 0, doubles, False
    return d1 + d2, doubles, d1 == d2


@njit(cache=True, _nrt=True)
def check_economy(sq, groups, own, rules, pl, bank, money_at_start):
    """Money conserved, squares owned by live players only, buildings legal and even, the bank's stock in
    range: the checks every engine over this family's economy shares."""
    flags = 0
    total = bank[B_POT]
    for p in range(pl.shape[0]):
        total += pl[p, PL_CASH]
        if pl[p, PL_ALIVE] != 0 and pl[p, PL_CASH] < 0:
            flags |= V_NEGATIVE_CASH
        mortgages, complete, held, owned_groups, complete_groups, mortgaged_groups, floor = counted_holdings(
            sq, groups, own, p)
        if (pl[p, PL_MORTGAGES] != mortgages or pl[p, PL_COMPLETE_STREETS] != complete
                or pl[p, PL_STREETS_HELD] != held or pl[p, PL_GROUPS_OWNED] != owned_groups
                or pl[p, PL_COMPLETE_GROUPS] != complete_groups or mortgaged_groups & ~pl[p, PL_MORTGAGED_GROUPS] != 0
                or (mortgages > 0 and pl[p, PL_LIFT_FLOOR] > floor)):
            flags |= V_OWNERSHIP
    if total != money_at_start + bank[B_NET]:
        flags |= V_MONEY
    top = hotel_level(rules)
    houses = 0
    hotels = 0
    for s in range(own.shape[0]):
        owner = own[s, O_OWNER]
        level = own[s, O_LEVEL]
        if owner >= pl.shape[0] or (owner >= 0 and pl[owner, PL_ALIVE] == 0) or (owner >= 0 and sq[s, SQ_GROUP] < 0):
            flags |= V_OWNERSHIP
        if owner < 0 and (level != 0 or own[s, O_MORTGAGED] != 0):
            flags |= V_OWNERSHIP
        if level > 0:
            g = sq[s, SQ_GROUP]
            if (sq[s, SQ_KIND] != STREET or level > top or not owns_group(own, groups, g, owner)
                    or group_mortgaged(own, groups, g)):
                flags |= V_BUILDINGS
            if level == top:
                hotels += 1
            else:
                houses += level
    for g in range(groups.shape[0]):
        low, high = group_levels(own, groups, g)
        if high - low > 1:
            flags |= V_EVEN_BUILDING
    if (houses + bank[B_HOUSES] != rules[R_BANK_HOUSES] or hotels + bank[B_HOTELS] != rules[R_BANK_HOTELS]
            or bank[B_HOUSES] < 0 or bank[B_HOTELS] < 0):
        flags |= V_BANK_STOCK
    return flags


@njit(cache=True, _nrt=True, inline="always")
def new_game(decks, rules, pl, own, bank, dq, held, draws, rng):
    """Every player at the start with the start cash, the bank holding every square and building, the
    decks shuffled."""
    # Row by row: the compiler turned a loop per column into vector code, which made this step, taken once a
    # game, larger than a turn (1,078 LLVM instructions against take_turn's 947, both optimized).
    pl[:, :] = 0
    for p in range(pl.shape[0]):
        pl[p, PL_CASH] = rules[R_START_CASH]
        pl[p, PL_ALIVE] = 1
        for column in (PL_JAIL, PL_OUT_TURN, PL_TRADE_SEEN, PL_TRADE_WAIT, PL_BUILD_IDLE, PL_GROUPS_SEEN,
                       PL_LEAST_AFTER_BUY):
            pl[p, column] = -1
    own[:, :] = 0
    for s in range(own.shape[0]):
        own[s, O_OWNER] = -1
        own[s, O_FIRST_OWNER] = -1
    bank[:] = 0
    bank[B_HOUSES] = rules[R_BANK_HOUSES]
    bank[B_HOTELS] = rules[R_BANK_HOTELS]
    held[:, :] = 0
    draws[:, :] = 0
    shuffle_decks(decks, dq, rng)


@njit(cache=True, _nrt=True, inline="always")
def load_position(sq, groups, start_pl, start_own, start_bank, start_held, pl, own, bank, held, cards, decks, dq):
    """A position's state over a new game's (after new_game, whose shuffle stays): the cards its players keep
    leave their decks' queues."""
    copy_table(pl, start_pl)
    copy_table(own, start_own)
    for k in range(bank.shape[0]):
        bank[k] = start_bank[k]
    copy_table(held, start_held)
    recount_holdings(sq, groups, own, pl)
    pl[:, PL_TRADE_WAIT] = -1
    take_held_from_queues(decks, dq, held, cards[:, C_DECK])


@njit(cache=True, _nrt=True, inline="always")
def record_game(own, rules, pl, bank, draws, worth, score, winner, end, violations, rotation, game_row,
                player_rows, sq_agg, card_agg):
    """Write the game's row, the shared columns of its player rows, and its aggregates. Players still in
    rank above those out (later out first) and among themselves by `score`, ties to the earlier seat;
    `worth` is reported as net worth. Shared by the engines over this family's economy."""
    n = pl.shape[0]
    write_game_row(game_row, bank, winner, end, end != END_TURN_CAP, violations, rotation)
    top = hotel_level(rules)
    for i in range(n):
        rank = finishing_rank(pl[:, PL_ALIVE], pl[:, PL_OUT_ORDER], score, i)
        row = player_rows[i]
        row[PO_CASH] = pl[i, PL_CASH]
        row[PO_NET_WORTH] = worth[i]
        row[PO_OUT_TURN] = pl[i, PL_OUT_TURN]
        row[PO_RANK] = rank
        row[PO_RENT_IN] = pl[i, PL_RENT_IN]
        row[PO_RENT_OUT] = pl[i, PL_RENT_OUT]
        row[PO_JAIL_TURNS] = pl[i, PL_JAIL_TURNS]
        row[PO_TRADES] = pl[i, PL_TRADES]
        row[PO_PROPERTIES] = 0
        row[PO_HOUSES] = 0
        row[PO_HOTELS] = 0
        complete = 0
        bits = pl[i, PL_COMPLETE_STREETS]  # one bit per complete colour group, kept by transfer
        while bits != 0:
            bits &= bits - 1
            complete += 1
        row[PO_GROUPS] = complete
        row[PO_GROUPS_HELD] = pl[i, PL_GROUPS_HELD]
        row[PO_SOLD] = pl[i, PL_SOLD]
        row[PO_DECLINED] = pl[i, PL_DECLINED]
        row[PO_BUILT] = pl[i, PL_BUILT]
        row[PO_TOP_LEVEL] = pl[i, PL_TOP_LEVEL]
        row[PO_BOUGHT] = pl[i, PL_BOUGHT]
        row[PO_LEAST_AFTER_BUY] = pl[i, PL_LEAST_AFTER_BUY]
    # The squares once for all the players, not once for each.
    for s in range(own.shape[0]):
        owner = own[s, O_OWNER]
        if owner < 0:
            continue
        player_rows[owner, PO_PROPERTIES] += 1
        if own[s, O_LEVEL] == top:
            player_rows[owner, PO_HOTELS] += 1
        else:
            player_rows[owner, PO_HOUSES] += own[s, O_LEVEL]
    record_aggregates(own, bank, winner, draws, player_rows, sq_agg, card_agg)
