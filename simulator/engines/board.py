"""The compiled engine of the board games (classic and Walking Dead): dice, movement, decks, jail,
buying and auctions, rent, building, mortgages, trades, bankruptcy, and the game loop.

Kernels take arrays and scalars only. Rule arrays (`sq, rent, groups, cards, decks, rules`) come from
simulator.rules; state arrays are scratch allocated once per chunk of games; column numbers are in
board_layout. Rule references (e.g. "rulebook: Crise du batiment") point at the Walking Dead rulebook,
shared/rules/004_66603cd0e01f861b.txt, which states the classic rules.
"""
import numpy as np
from numba import njit, prange

from simulator.engines.board_layout import (
    ADVANCE_TO, ADVANCE_TO_NEAREST, BANK, B_COLUMNS, B_HOTELS, B_HOUSES, B_NET, B_OWNERSHIP, B_POT, B_ROUND, B_TURN,
    CARD, CA_DRAWERS, CA_DRAWER_WINS, CA_DRAWS, CA_DRAW_RANK_SQUARES, CA_DRAW_RANK_SUM, CA_DRAW_WINS,
    CA_FINISHED_DRAWS, C_A, C_B, C_DECK, C_EFFECT, DQ_CARDS, DQ_COUNT, DQ_HEAD, D_LEN, EACH_PLAYER,
    END_FIRST_BANKRUPTCY, END_LAST_STANDING, END_TURN_CAP, FREE_PARKING, GET_OUT_OF_JAIL, GM_END, GM_ROTATION,
    GM_ROUNDS, GM_TURNS, GM_VIOLATIONS, GM_WINNER, GO_TO_JAIL, GO_TO_JAIL_CARD, G_KIND, G_MEMBERS, G_SIZE,
    HOTEL_RENT, MOVE, N_PARAMS, O_COLUMNS, O_FIRST_OWNER, O_LEVEL, O_MORTGAGED, O_OWNED_ROUNDS, O_OWNED_SINCE,
    O_OWNER, PL_ALIVE, PL_BOUGHT, PL_BUILT, PL_CASH, PL_COLUMNS, PL_DECLINED, PL_GROUPS_HELD, PL_GROUPS_SEEN,
    PL_HAS_GROUP, PL_JAIL, PL_JAIL_TURNS, PL_LEAST_AFTER_BUY, PL_OUT_ORDER, PL_OUT_TURN, PL_POS, PL_RENT_IN,
    PL_RENT_OUT, PL_SOLD, PL_TOP_LEVEL, PL_TRADES, PL_TRADE_SEEN, PO_BOUGHT, PO_BUILT, PO_CASH, PO_DECLINED,
    PO_GROUPS, PO_GROUPS_HELD, PO_HOTELS, PO_HOUSES, PO_JAIL_TURNS, PO_LEAST_AFTER_BUY, PO_NET_WORTH, PO_OUT_TURN,
    PO_PROPERTIES, PO_RANK, PO_RENT_IN, PO_RENT_OUT, PO_SOLD, PO_TOP_LEVEL, PO_TRADES, RAILROAD, REPAIRS, R_AUCTIONS,
    R_AUCTION_MIN_BID, R_AUCTION_MUST_SELL, R_BANK_HOTELS, R_BANK_HOUSES, R_DEAL_DEEDS, R_DOUBLES_TO_JAIL,
    R_END_FIRST_BANKRUPTCY, R_FREE_PARKING_JACKPOT, R_GO_LANDING_BONUS, R_GO_SALARY, R_GROUP_RENT_MULT,
    R_GROUP_RENT_NEEDS_UNMORTGAGED, R_JAIL_FINE, R_JAIL_MAX_TURNS, R_JAIL_SQUARE, R_MAX_HOUSES, R_MAX_ROUNDS,
    R_MORTGAGE_INTEREST_ON_PRICE, R_MORTGAGE_INTEREST_PCT, R_SELLBACK_PCT, R_SELL_BUILDINGS_FIRST, R_START_CASH,
    R_TRADING, SA_AUCTIONED, SA_BOUGHT, SA_FIRST_OWNED, SA_FIRST_OWNER_WON, SA_LANDINGS, SA_OWNED_AT_END,
    SA_OWNED_ROUNDS, SA_RENT, SA_WINNER_OWNED, SQ_AMOUNT, SQ_DECK, SQ_GROUP, SQ_HOTEL_COST, SQ_HOUSE_COST, SQ_KIND,
    SQ_MORTGAGE, SQ_PRICE, STREET, TAX, UTILITY, V_BANK_STOCK, V_BUILDINGS, V_EVEN_BUILDING, V_JAIL_CARDS, V_MONEY,
    V_NEGATIVE_CASH, V_OWNERSHIP,
)
from simulator.engines.board_state import (
    building_value, group_levels, group_mortgaged, hotel_level, other_owner, owned_in_group, owns_group, repairs_due,
    wealth,
)
from simulator.engines.views import borrowed
from simulator.rng import below, seed_game, shuffle
from strategies import board_logic as strategy

# ---------------------------------------------------------------------------------------------------
# Money. Every payment goes through these, which keeps the bank's net flow for the conservation check.


@njit(cache=True)
def bank_pays(pl, bank, p, amount):
    pl[p, PL_CASH] += amount
    bank[B_NET] += amount


@njit(cache=True)
def into_bank(rules, pl, bank, p, amount, fine):
    """p pays the bank; taxes and fines feed the Free Parking jackpot under that house rule."""
    pl[p, PL_CASH] -= amount
    if fine and rules[R_FREE_PARKING_JACKPOT] != 0:
        bank[B_POT] += amount
    else:
        bank[B_NET] -= amount


@njit(cache=True)
def interest(sq, rules, s):
    """10% of square s's mortgage, rounded up to a whole unit (rulebook: Hypothequer une propriete), or of
    its printed price where the edition says so (Millionaire: Hypotheque)."""
    base = sq[s, SQ_PRICE] if rules[R_MORTGAGE_INTEREST_ON_PRICE] != 0 else sq[s, SQ_MORTGAGE]
    return (base * rules[R_MORTGAGE_INTEREST_PCT] + 99) // 100


@njit(cache=True)
def mortgage_square(sq, own, pl, bank, p, s):
    own[s, O_MORTGAGED] = 1
    bank_pays(pl, bank, p, sq[s, SQ_MORTGAGE])


@njit(cache=True)
def sell_building(sq, groups, own, rules, pl, bank, p, g):
    """Sell one building of group g back to the bank at the sell-back rate, evenly: from a square at the
    group's highest level. A hotel trades back for max_houses houses; when the bank has not that many,
    every building of the group is sold (rulebook: Vendre un batiment; shortage: assumption)."""
    low, high = group_levels(own, groups, g)
    if high == 0:
        return False
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
        refund = 0
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


@njit(cache=True)
def _mortgageable(sq, groups, own, p, loose_only):
    """The cheapest unmortgaged square of p whose group has no buildings; with loose_only, only squares
    outside a group p completes (those cost p the least rent)."""
    best = -1
    for s in range(own.shape[0]):
        if own[s, O_OWNER] != p or own[s, O_MORTGAGED] != 0:
            continue
        g = sq[s, SQ_GROUP]
        low, high = group_levels(own, groups, g)
        if high > 0:
            continue
        if loose_only and owns_group(own, groups, g, p):
            continue
        if best < 0 or sq[s, SQ_MORTGAGE] < sq[best, SQ_MORTGAGE]:
            best = s
    return best


@njit(cache=True)
def _cheapest_built_group(sq, groups, own, p):
    """p's complete group with buildings whose houses cost least, or -1."""
    cheapest = -1
    for g in range(groups.shape[0]):
        if groups[g, G_KIND] != STREET or not owns_group(own, groups, g, p):
            continue
        low, high = group_levels(own, groups, g)
        if high > 0 and (cheapest < 0 or sq[groups[g, G_MEMBERS], SQ_HOUSE_COST]
                         < sq[groups[cheapest, G_MEMBERS], SQ_HOUSE_COST]):
            cheapest = g
    return cheapest


@njit(cache=True)
def raise_money(sq, groups, own, rules, pl, bank, p, amount):
    """Mortgage and sell until p holds `amount` or has nothing left (rulebook: Au secours ! J'ai besoin
    d'argent !): squares outside complete groups first, then buildings from the cheapest group, then the
    rest. Under sell_buildings_first every building goes before any mortgage (Millionaire's order)."""
    buildings_first = rules[R_SELL_BUILDINGS_FIRST] != 0
    while pl[p, PL_CASH] < amount:
        s = -1 if buildings_first else _mortgageable(sq, groups, own, p, True)
        if s < 0:
            g = _cheapest_built_group(sq, groups, own, p)
            if g >= 0:
                sell_building(sq, groups, own, rules, pl, bank, p, g)
                continue
            s = _mortgageable(sq, groups, own, p, True)
            if s < 0:
                s = _mortgageable(sq, groups, own, p, False)
        if s < 0:
            return
        mortgage_square(sq, own, pl, bank, p, s)


# ---------------------------------------------------------------------------------------------------
# Decks


@njit(cache=True)
def draw(decks, dq, d):
    """The top card of deck d, or -1 when every card is held as a Get Out of Jail Free card."""
    if dq[d, DQ_COUNT] == 0:
        return -1
    head = dq[d, DQ_HEAD]
    card = dq[d, DQ_CARDS + head]
    dq[d, DQ_HEAD] = (head + 1) % decks[d, D_LEN]
    dq[d, DQ_COUNT] -= 1
    return card


@njit(cache=True)
def to_bottom(decks, dq, d, card):
    dq[d, DQ_CARDS + (dq[d, DQ_HEAD] + dq[d, DQ_COUNT]) % decks[d, D_LEN]] = card
    dq[d, DQ_COUNT] += 1


@njit(cache=True)
def shuffle_decks(decks, dq, rng):
    for d in range(decks.shape[0]):
        n = decks[d, D_LEN]
        dq[d, DQ_HEAD] = 0
        dq[d, DQ_COUNT] = n
        dq[d, DQ_CARDS:DQ_CARDS + n] = decks[d, 1:1 + n]
        shuffle(rng, dq[d, DQ_CARDS:], n)


# ---------------------------------------------------------------------------------------------------
# Movement


@njit(cache=True)
def roll(rng):
    return below(rng, 6) + 1, below(rng, 6) + 1


@njit(cache=True)
def advance(rules, pl, bank, p, steps, n_squares):
    """Move p forward; passing or landing on GO pays the salary, once for each time (rulebook: Quand c'est
    votre tour, 4), and landing on it pays it again under the go_landing_bonus house rule."""
    position = pl[p, PL_POS] + steps
    if position >= n_squares:
        # A data file may give as few as 4 squares: a roll of 12 laps such a board more than once.
        laps = position // n_squares
        position -= laps * n_squares
        bank_pays(pl, bank, p, laps * rules[R_GO_SALARY])
        if position == 0 and rules[R_GO_LANDING_BONUS] != 0:
            bank_pays(pl, bank, p, rules[R_GO_SALARY])
    pl[p, PL_POS] = position


@njit(cache=True)
def nearest(sq, position, kind):
    n = sq.shape[0]
    for step in range(1, n + 1):
        s = (position + step) % n
        if sq[s, SQ_KIND] == kind:
            return s
    return position


@njit(cache=True)
def send_to_jail(rules, pl, p):
    """No salary on the way (rulebook: Allez en prison)."""
    pl[p, PL_POS] = rules[R_JAIL_SQUARE]
    pl[p, PL_JAIL] = 0


@njit(cache=True, inline="always")
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


@njit(cache=True)
def card_move(sq, cards, rules, pl, bank, p, card):
    """Apply the movement of a card. Returns (moved, rent multiplier, dice multiplier)."""
    effect = cards[card, C_EFFECT]
    if effect == GO_TO_JAIL_CARD:
        send_to_jail(rules, pl, p)
        return False, 1, 0
    if effect != ADVANCE_TO and effect != ADVANCE_TO_NEAREST and effect != MOVE:
        return False, 1, 0
    steps, rent_multiplier, dice_multiplier = card_steps(sq, cards, pl[p, PL_POS], card)
    if steps > 0:
        advance(rules, pl, bank, p, steps, sq.shape[0])
    else:
        pl[p, PL_POS] = (pl[p, PL_POS] + steps) % sq.shape[0]
    return True, rent_multiplier, dice_multiplier


# ---------------------------------------------------------------------------------------------------
# Ownership: buying, auctions, rent, bankruptcy


@njit(cache=True)
def set_owner(own, bank, s, p):
    """Every change of owner goes through here: the version it bumps lets a player skip re-scanning
    for trades and complete groups while nothing has changed hands."""
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


@njit(cache=True)
def note_purchase(pl, p):
    """Keep the least cash p was left with by a purchase: what a strategy's buying reserve claims."""
    if pl[p, PL_LEAST_AFTER_BUY] < 0 or pl[p, PL_CASH] < pl[p, PL_LEAST_AFTER_BUY]:
        pl[p, PL_LEAST_AFTER_BUY] = pl[p, PL_CASH]


@njit(cache=True)
def clearing_price(floor, best_bid, second_bid, step):
    """What the highest bidder pays in an English auction: one step more than the runner-up's ceiling, at
    least the floor, at most its own ceiling (a tie pays the tied amount)."""
    return min(max(floor, second_bid + step), best_bid)


@njit(cache=True)
def auction(sq, groups, own, rules, prm, pl, bank, sq_agg, s, first):
    """An English auction in steps of 1 from the minimum bid (rulebook: Vente aux encheres): the highest
    valuation wins and pays one more than the second-highest; a tie goes to the earlier bidder in turn
    order from `first`. Payment is in cash only. Where the property must find a buyer (Millionaire: Petites
    astuces), whoever can pay the minimum bids at least that, whatever its buying reserve."""
    n = pl.shape[0]
    minimum = rules[R_AUCTION_MIN_BID]
    best = -1
    best_bid = -1
    second_bid = -1
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
    set_owner(own, bank, s, best)
    sq_agg[s, SA_AUCTIONED] += 1
    note_purchase(pl, best)


@njit(cache=True)
def offer_square(sq, groups, own, rules, prm, pl, bank, rng, sq_agg, p, s):
    """Buy at the list price or, declined, auction (rulebook: Propriete n'appartenant a personne)."""
    if strategy.buys(sq, prm, pl, rng, p, s):
        pl[p, PL_CASH] -= sq[s, SQ_PRICE]
        bank[B_NET] -= sq[s, SQ_PRICE]
        set_owner(own, bank, s, p)
        sq_agg[s, SA_BOUGHT] += 1
        pl[p, PL_BOUGHT] += 1
        note_purchase(pl, p)
    else:
        if sq[s, SQ_PRICE] <= pl[p, PL_CASH]:
            pl[p, PL_DECLINED] += 1
        if rules[R_AUCTIONS] != 0:
            auction(sq, groups, own, rules, prm, pl, bank, sq_agg, s, p)


@njit(cache=True)
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


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
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


@njit(cache=True)
def out_order(alive):
    """The place in the order of going out of the player going out now, before it is marked out: players
    out in the same turn rank by it (later out ranks higher). Shared with Fortnite's engine."""
    return alive.shape[0] - alive.sum() + 1


@njit(cache=True)
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
            set_owner(own, bank, s, -1)
            own[s, O_MORTGAGED] = 0
            own[s, O_LEVEL] = 0
            if rules[R_AUCTIONS] != 0:
                auction(sq, groups, own, rules, prm, pl, bank, sq_agg, s, (p + 1) % pl.shape[0])


@njit(cache=True)
def pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, amount, fine):
    """p owes the bank; True when paid, False when p went bankrupt."""
    if pl[p, PL_CASH] < amount:
        raise_money(sq, groups, own, rules, pl, bank, p, amount)
    if pl[p, PL_CASH] >= amount:
        into_bank(rules, pl, bank, p, amount, fine)
        return True
    eliminate_to_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p)
    return False


@njit(cache=True)
def pay_player(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, amount):
    """p owes q; True when paid. Bankrupt to a player, p hands over its cash, its (by then mortgaged)
    squares and its jail cards, and q pays the 10% interest on each mortgage at once, keeping the
    mortgages (rulebook: Au secours ! J'ai besoin d'argent !)."""
    if pl[p, PL_CASH] < amount:
        raise_money(sq, groups, own, rules, pl, bank, p, amount)
    if pl[p, PL_CASH] >= amount:
        pl[p, PL_CASH] -= amount
        pl[q, PL_CASH] += amount
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
    due = 0
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p:
            set_owner(own, bank, s, q)
            if own[s, O_MORTGAGED] != 0:
                due += interest(sq, rules, s)
    if due > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, q, due, False)
    return False


# ---------------------------------------------------------------------------------------------------
# The player's own moves between rolls: lift mortgages, trade, build


@njit(cache=True)
def lift_mortgages(sq, groups, own, rules, prm, pl, bank, p):
    """Squares of complete groups first: they pay the most once free."""
    for complete_first in (True, False):
        for s in range(own.shape[0]):
            if own[s, O_OWNER] != p or own[s, O_MORTGAGED] == 0:
                continue
            if owns_group(own, groups, sq[s, SQ_GROUP], p) != complete_first:
                continue
            cost = sq[s, SQ_MORTGAGE] + interest(sq, rules, s)
            if strategy.lifts_mortgage(prm, pl, p, cost):
                into_bank(rules, pl, bank, p, cost, False)
                own[s, O_MORTGAGED] = 0


@njit(cache=True)
def _hand_over(sq, groups, own, bank, rules, g, giver, receiver):
    """Give the giver's squares of group g to the receiver; returns the list value and the interest the
    receiver owes on mortgaged ones (rulebook: Passez des accords avec vos adversaires)."""
    value = 0
    due = 0
    for k in range(groups[g, G_SIZE]):
        s = groups[g, G_MEMBERS + k]
        if own[s, O_OWNER] == giver:
            set_owner(own, bank, s, receiver)
            value += sq[s, SQ_PRICE]
            if own[s, O_MORTGAGED] != 0:
                due += interest(sq, rules, s)
    return value, due


@njit(cache=True)
def _group_value(sq, groups, own, g, holder):
    value = 0
    for k in range(groups[g, G_SIZE]):
        s = groups[g, G_MEMBERS + k]
        if own[s, O_OWNER] == holder:
            value += sq[s, SQ_PRICE]
    return value


@njit(cache=True)
def trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p):
    """At most one trade a turn that completes a colour group of p: a swap when the other player holds
    the rest of p's group and p holds the rest of one of theirs (both complete a group; the difference
    in list value is paid in cash), else a cash offer the seller's strategy may accept. Squares trade
    only without buildings, which holds: neither group is complete before the trade."""
    if rules[R_TRADING] == 0 or pl[p, PL_TRADE_SEEN] == bank[B_OWNERSHIP]:
        return
    possible = False
    for g in range(groups.shape[0]):
        if groups[g, G_KIND] != STREET:
            continue
        mine = owned_in_group(own, groups, g, p)
        if mine == 0 or mine == groups[g, G_SIZE]:
            continue
        q = other_owner(own, groups, g, p)
        if q < 0:
            continue
        wanted = _group_value(sq, groups, own, g, q)
        if strategy.swaps(prm, p) and strategy.swaps(prm, q):
            for h in range(groups.shape[0]):
                if h == g or groups[h, G_KIND] != STREET or owned_in_group(own, groups, h, q) == 0:
                    continue
                if other_owner(own, groups, h, q) != p:
                    continue
                possible = True
                balance = wanted - _group_value(sq, groups, own, h, p)
                payer, payee, amount = (p, q, balance) if balance >= 0 else (q, p, -balance)
                if pl[payer, PL_CASH] < amount:
                    continue
                pl[payer, PL_CASH] -= amount
                pl[payee, PL_CASH] += amount
                _, due_p = _hand_over(sq, groups, own, bank, rules, g, q, p)
                _, due_q = _hand_over(sq, groups, own, bank, rules, h, p, q)
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
            _, due_p = _hand_over(sq, groups, own, bank, rules, g, q, p)
            _settle_trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, due_p, 0)
            return
    if not possible:
        pl[p, PL_TRADE_SEEN] = bank[B_OWNERSHIP]


@njit(cache=True)
def _settle_trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, q, due_p, due_q):
    pl[p, PL_TRADES] += 1
    pl[q, PL_TRADES] += 1
    if due_p > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, due_p, False)
    if due_q > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, q, due_q, False)


@njit(cache=True)
def next_building(sq, rent, groups, own, rules, prm, p):
    """The square where p's next building earns the most extra rent per unit spent, building evenly
    (rulebook: Construire b) and only on complete unmortgaged groups; -1 when there is none."""
    best = -1
    best_gain = -1.0
    top = hotel_level(rules)
    goal = strategy.target_level(prm, rules, p)
    for g in range(groups.shape[0]):
        if groups[g, G_KIND] != STREET or not owns_group(own, groups, g, p) or group_mortgaged(own, groups, g):
            continue
        low, high = group_levels(own, groups, g)
        if low >= goal:
            continue
        for k in range(groups[g, G_SIZE]):
            s = groups[g, G_MEMBERS + k]
            if own[s, O_LEVEL] == low:
                break
        nxt = low + 1
        cost = sq[s, SQ_HOTEL_COST] if nxt == top else sq[s, SQ_HOUSE_COST]
        gain = (rent[s, HOTEL_RENT if nxt == top else nxt] - rent[s, low]) / cost
        if gain > best_gain:
            best_gain = gain
            best = s
    return best


@njit(cache=True)
def _build_on(sq, own, rules, pl, bank, p, s, price):
    if own[s, O_LEVEL] + 1 == hotel_level(rules):
        bank[B_HOTELS] -= 1
        bank[B_HOUSES] += rules[R_MAX_HOUSES]
    else:
        bank[B_HOUSES] -= 1
    own[s, O_LEVEL] += 1
    pl[p, PL_CASH] -= price
    bank[B_NET] -= price
    pl[p, PL_BUILT] += 1
    pl[p, PL_TOP_LEVEL] = max(pl[p, PL_TOP_LEVEL], own[s, O_LEVEL])
    note_purchase(pl, p)


@njit(cache=True)
def _building_demand(sq, groups, own, rules, prm, pl, i, hotels):
    """How many houses (or hotels) player i would buy now if the bank had them (for the shortage
    auction). A hotel is wanted on a square at the house limit once its whole group has reached it."""
    if pl[i, PL_ALIVE] == 0:
        return 0
    goal = strategy.target_level(prm, rules, i)
    if hotels and goal < hotel_level(rules):
        return 0
    goal = min(goal, rules[R_MAX_HOUSES])
    wanted = 0
    cheapest = 1 << 40
    for g in range(groups.shape[0]):
        if groups[g, G_KIND] != STREET or not owns_group(own, groups, g, i) or group_mortgaged(own, groups, g):
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


@njit(cache=True)
def build(sq, rent, groups, own, rules, prm, pl, bank, p):
    """Build as the strategy wants while the bank has stock. When houses (or hotels) are fewer than the
    players who want them now would buy, each one goes to auction among those players, whose bids are
    for the square they would build next (rulebook: Crise du batiment)."""
    top = hotel_level(rules)
    while True:
        s = next_building(sq, rent, groups, own, rules, prm, p)
        if s < 0:
            return
        is_hotel = own[s, O_LEVEL] + 1 == top
        cost = sq[s, SQ_HOTEL_COST] if is_hotel else sq[s, SQ_HOUSE_COST]
        if not strategy.builds(prm, pl, p, cost):
            return
        stock = bank[B_HOTELS] if is_hotel else bank[B_HOUSES]
        if stock == 0:
            return
        demand = 0
        rivals = 0
        for i in range(pl.shape[0]):
            wanted = _building_demand(sq, groups, own, rules, prm, pl, i, is_hotel)
            demand += wanted
            if i != p and wanted > 0:
                rivals += 1
        if rivals == 0 or demand <= stock:
            _build_on(sq, own, rules, pl, bank, p, s, cost)
            continue
        winner = -1
        best_bid = -1
        second_bid = -1
        winner_square = -1
        winner_cost = 0
        n = pl.shape[0]
        for k in range(n):
            i = (p + k) % n
            if _building_demand(sq, groups, own, rules, prm, pl, i, is_hotel) == 0:
                continue
            target = next_building(sq, rent, groups, own, rules, prm, i)
            if target < 0 or (own[target, O_LEVEL] + 1 == top) != is_hotel:
                continue
            target_cost = sq[target, SQ_HOTEL_COST] if is_hotel else sq[target, SQ_HOUSE_COST]
            bid = strategy.house_bid(prm, pl, i, target_cost)
            if bid > best_bid:
                second_bid = best_bid
                best_bid = bid
                winner = i
                winner_square = target
                winner_cost = target_cost
            elif bid > second_bid:
                second_bid = bid
        if winner < 0 or best_bid < winner_cost:
            return
        price = clearing_price(winner_cost, best_bid, second_bid, 1)
        _build_on(sq, own, rules, pl, bank, winner, winner_square, price)
        if winner != p:
            return


# ---------------------------------------------------------------------------------------------------
# A turn


@njit(cache=True)
def resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws,
                   p, dice_total):
    """Do what the square under p asks, following card moves to their end (rulebook: Types de cases)."""
    rent_multiplier = 1
    dice_multiplier = 0
    while True:
        s = pl[p, PL_POS]
        kind = sq[s, SQ_KIND]
        if kind == STREET or kind == RAILROAD or kind == UTILITY:
            owner = own[s, O_OWNER]
            if owner < 0:
                offer_square(sq, groups, own, rules, prm, pl, bank, rng, sq_agg, p, s)
            elif owner != p and own[s, O_MORTGAGED] == 0:
                pay_rent(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p, s,
                         dice_total, rent_multiplier, dice_multiplier)
            return
        if kind == TAX:
            pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, sq[s, SQ_AMOUNT], True)
            return
        if kind == GO_TO_JAIL:
            send_to_jail(rules, pl, p)
            return
        if kind == FREE_PARKING:
            pl[p, PL_CASH] += bank[B_POT]
            bank[B_POT] = 0
            return
        if kind != CARD:
            return
        d = sq[s, SQ_DECK]
        card = draw(decks, dq, d)
        if card < 0:
            return
        draws[p, card] += 1
        effect = cards[card, C_EFFECT]
        if effect == GET_OUT_OF_JAIL:
            held[p, card] += 1
            return
        to_bottom(decks, dq, d, card)
        if effect == BANK:
            amount = cards[card, C_A]
            if amount >= 0:
                bank_pays(pl, bank, p, amount)
            else:
                pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, -amount, True)
            return
        if effect == EACH_PLAYER:
            each_player_pays(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, cards[card, C_A])
            return
        if effect == REPAIRS:
            due = repairs_due(own, rules, p, cards[card, C_A], cards[card, C_B])
            if due > 0:
                pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, due, True)
            return
        moved, rent_multiplier, dice_multiplier = card_move(sq, cards, rules, pl, bank, p, card)
        if not moved:
            return


@njit(cache=True)
def _nobody_out(pl):
    """Before the first bankruptcy: a group held then was won in play, not collected from the bankrupt."""
    for i in range(pl.shape[0]):
        if pl[i, PL_ALIVE] == 0:
            return False
    return True


@njit(cache=True, inline="always")
def note_groups(groups, own, pl, bank, p):
    """Record whether p holds a complete colour group now, and which, while nobody is out yet."""
    pl[p, PL_GROUPS_SEEN] = bank[B_OWNERSHIP]
    pl[p, PL_HAS_GROUP] = 0
    for g in range(groups.shape[0]):
        if groups[g, G_KIND] == STREET and owns_group(own, groups, g, p):
            pl[p, PL_HAS_GROUP] = 1
            if _nobody_out(pl):
                pl[p, PL_GROUPS_HELD] |= 1 << g


@njit(cache=True)
def use_jail_card(held, decks, dq, cards, p):
    for c in range(held.shape[1]):
        if held[p, c] > 0 and cards[c, C_EFFECT] == GET_OUT_OF_JAIL:
            held[p, c] -= 1
            to_bottom(decks, dq, cards[c, C_DECK], c)
            return True
    return False


@njit(cache=True)
def take_turn(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p):
    """One turn of p (rulebook: Quand c'est votre tour; Comment sortir de prison)."""
    n = sq.shape[0]
    # The guards below are also checked inside the callees; testing them here first saves the
    # reference counting of a dozen array arguments on the many turns with nothing to do.
    for s in range(n):
        if own[s, O_OWNER] == p and own[s, O_MORTGAGED] != 0:
            lift_mortgages(sq, groups, own, rules, prm, pl, bank, p)
            break
    if rules[R_TRADING] != 0 and pl[p, PL_TRADE_SEEN] != bank[B_OWNERSHIP]:
        trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p)
        if pl[p, PL_ALIVE] == 0 or game_over(rules, pl):
            return
    if pl[p, PL_GROUPS_SEEN] != bank[B_OWNERSHIP]:
        note_groups(groups, own, pl, bank, p)
    if pl[p, PL_HAS_GROUP] != 0:
        build(sq, rent, groups, own, rules, prm, pl, bank, p)
    if pl[p, PL_JAIL] >= 0:
        steps = jail_turn(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p)
        if steps < 0:
            return
        if steps > 0:
            advance(rules, pl, bank, p, steps, n)
            resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws,
                           p, steps)
            sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
            return
    doubles = 0
    again = True
    while again:
        steps, doubles, again = roll_to_move(rules, pl, rng, sq_agg, p, doubles)
        if steps == 0:
            return
        advance(rules, pl, bank, p, steps, n)
        resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws,
                       p, steps)
        sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
        # A double rolls again unless the game ended on this roll (another player's bankruptcy can end it).
        if pl[p, PL_ALIVE] == 0 or pl[p, PL_JAIL] >= 0 or (again and game_over(rules, pl)):
            return


@njit(cache=True)
def players_in(pl):
    return pl[:, PL_ALIVE].sum()


@njit(cache=True)
def game_over(rules, pl):
    """One player left, or anyone out when the game ends at the first bankruptcy (quick game, step 4: "Le
    jeu s'acheve lorsqu'un des joueurs fait faillite"): the game ends at once, even within a turn."""
    alive = players_in(pl)
    return alive <= 1 or (rules[R_END_FIRST_BANKRUPTCY] != 0 and alive < pl.shape[0])


@njit(cache=True, inline="always")
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
            into_bank(rules, pl, bank, p, rules[R_JAIL_FINE], True)
            pl[p, PL_JAIL] = -1
            return 0
    d1, d2 = roll(rng)
    if d1 != d2:
        pl[p, PL_JAIL] += 1
        if pl[p, PL_JAIL] < rules[R_JAIL_MAX_TURNS]:
            sq_agg[rules[R_JAIL_SQUARE], SA_LANDINGS] += 1
            return -1
        if not pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p,
                        rules[R_JAIL_FINE], True):
            return -1
    pl[p, PL_JAIL] = -1
    return d1 + d2


@njit(cache=True, inline="always")
def roll_to_move(rules, pl, rng, sq_agg, p, doubles):
    """One roll of a turn (rulebook: Quand c'est votre tour): (squares to move, doubles so far, whether
    p rolls again). The third double sends p to jail instead: 0 squares."""
    d1, d2 = roll(rng)
    if d1 == d2:
        doubles += 1
        if doubles == rules[R_DOUBLES_TO_JAIL]:
            send_to_jail(rules, pl, p)
            sq_agg[rules[R_JAIL_SQUARE], SA_LANDINGS] += 1
            return 0, doubles, False
    return d1 + d2, doubles, d1 == d2


@njit(cache=True, inline="always")
def next_seat(bank, p, n, max_rounds):
    """The seat after p, a new round after the last one: (seat, whether the turn cap is reached)."""
    if p + 1 < n:
        return p + 1, False
    bank[B_ROUND] += 1
    return 0, bank[B_ROUND] >= max_rounds


# ---------------------------------------------------------------------------------------------------
# Invariants, checked after every turn in checking mode


@njit(cache=True)
def card_accounted_for(decks, dq, held, d, c, elsewhere):
    """Are all copies of card c of deck d in the deck's queue, in hands, or `elsewhere` (a count the
    engine keeps, such as Millionaire's Fortune cards lying on properties)?"""
    copies = 0
    for k in range(decks[d, D_LEN]):
        if decks[d, 1 + k] == c:
            copies += 1
    found = 0
    for k in range(dq[d, DQ_COUNT]):
        if dq[d, DQ_CARDS + (dq[d, DQ_HEAD] + k) % decks[d, D_LEN]] == c:
            found += 1
    for p in range(held.shape[0]):
        found += held[p, c]
    return found + elsewhere == copies


@njit(cache=True)
def check_invariants(sq, groups, own, rules, pl, bank, decks, dq, held, cards, money_at_start):
    flags = check_economy(sq, groups, own, rules, pl, bank, money_at_start)
    for c in range(cards.shape[0]):
        if cards[c, C_EFFECT] != GET_OUT_OF_JAIL:
            continue
        if not card_accounted_for(decks, dq, held, cards[c, C_DECK], c, 0):
            flags |= V_JAIL_CARDS
    return flags


@njit(cache=True)
def check_economy(sq, groups, own, rules, pl, bank, money_at_start):
    """Money conserved, squares owned by live players only, buildings legal and even, the bank's stock in
    range: the checks every engine over this family's economy shares."""
    flags = 0
    total = bank[B_POT]
    for p in range(pl.shape[0]):
        total += pl[p, PL_CASH]
        if pl[p, PL_ALIVE] != 0 and pl[p, PL_CASH] < 0:
            flags |= V_NEGATIVE_CASH
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


# ---------------------------------------------------------------------------------------------------
# A game, and a batch of games


@njit(cache=True)
def _deal_deeds(sq, rules, own, bank, rng, scratch, n_players):
    """Quick game, step 1: shuffled title deeds dealt free, the same number to each player."""
    n = 0
    for s in range(sq.shape[0]):
        if sq[s, SQ_GROUP] >= 0:
            scratch[n] = s
            n += 1
    shuffle(rng, scratch, n)
    k = 0
    for _ in range(rules[R_DEAL_DEEDS]):
        for p in range(n_players):
            set_owner(own, bank, scratch[k], p)
            k += 1


@njit(cache=True, inline="always")
def seat_lineup(rng, prm, lineup, rotate, seed, game):
    """Seed game `game` and seat the lineup, rotated by the game number when seats rotate; returns the
    rotation. Inlined by numba: as a plain call it cost classic 5% of its games a second (measured)."""
    n = prm.shape[0]
    seed_game(rng, seed, game)
    rotation = game % n if rotate else 0
    for seat in range(n):
        prm[seat, :] = lineup[(seat + rotation) % n, :]
    return rotation


@njit(cache=True)
def new_game(decks, rules, pl, own, bank, dq, held, draws, rng):
    """Every player at the start with the start cash, the bank holding every square and building, the
    decks shuffled."""
    pl[:, :] = 0
    pl[:, PL_CASH] = rules[R_START_CASH]
    pl[:, PL_ALIVE] = 1
    pl[:, PL_JAIL] = -1
    pl[:, PL_OUT_TURN] = -1
    pl[:, PL_TRADE_SEEN] = -1
    pl[:, PL_GROUPS_SEEN] = -1
    pl[:, PL_LEAST_AFTER_BUY] = -1
    own[:, :] = 0
    own[:, O_OWNER] = -1
    own[:, O_FIRST_OWNER] = -1
    bank[:] = 0
    bank[B_HOUSES] = rules[R_BANK_HOUSES]
    bank[B_HOTELS] = rules[R_BANK_HOTELS]
    held[:, :] = 0
    draws[:, :] = 0
    shuffle_decks(decks, dq, rng)


@njit(cache=True)
def play_game(sq, rent, groups, cards, decks, rules, lineup, rotate, seed, game, check,
              pl, own, bank, dq, held, draws, prm, rng, scratch, game_row, player_rows, sq_agg, card_agg):
    n = pl.shape[0]
    rotation = seat_lineup(rng, prm, lineup, rotate, seed, game)
    new_game(decks, rules, pl, own, bank, dq, held, draws, rng)
    if rules[R_DEAL_DEEDS] > 0:
        _deal_deeds(sq, rules, own, bank, rng, scratch, n)
    money_at_start = n * rules[R_START_CASH]
    violations = 0
    end = END_TURN_CAP
    p = 0
    while True:
        if pl[p, PL_ALIVE] != 0:
            take_turn(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p)
            bank[B_TURN] += 1
            if check:
                violations |= check_invariants(sq, groups, own, rules, pl, bank, decks, dq, held, cards, money_at_start)
            if game_over(rules, pl):
                end = END_LAST_STANDING if players_in(pl) <= 1 else END_FIRST_BANKRUPTCY
                break
        p, capped = next_seat(bank, p, n, rules[R_MAX_ROUNDS])
        if capped:
            break
    _record(sq, groups, own, rules, pl, bank, draws, scratch, end, violations, rotation, game_row, player_rows, sq_agg,
            card_agg)


@njit(cache=True)
def _record(sq, groups, own, rules, pl, bank, draws, scratch, end, violations, rotation, game_row, player_rows, sq_agg,
            card_agg):
    """The richest player still in wins a finished game (alone, or at the quick game's first bankruptcy)."""
    n = pl.shape[0]
    worth = scratch[:n]  # the chunk's scratch array: no allocation per game
    for i in range(n):
        worth[i] = wealth(sq, own, rules, pl, i)
    winner = -1
    if end != END_TURN_CAP:
        for i in range(n):
            if pl[i, PL_ALIVE] != 0 and (winner < 0 or worth[i] > worth[winner]):
                winner = i
    record_game(sq, groups, own, rules, pl, bank, draws, worth, worth, winner, end, violations, rotation, game_row,
                player_rows, sq_agg, card_agg)


@njit(cache=True)
def record_game(sq, groups, own, rules, pl, bank, draws, worth, score, winner, end, violations, rotation, game_row,
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
        properties = 0
        houses = 0
        hotels = 0
        for s in range(own.shape[0]):
            if own[s, O_OWNER] == i:
                properties += 1
                if own[s, O_LEVEL] == top:
                    hotels += 1
                else:
                    houses += own[s, O_LEVEL]
        row[PO_PROPERTIES] = properties
        row[PO_HOUSES] = houses
        row[PO_HOTELS] = hotels
        complete = 0
        for g in range(groups.shape[0]):
            if groups[g, G_KIND] == STREET and owns_group(own, groups, g, i):
                complete += 1
        row[PO_GROUPS] = complete
        row[PO_GROUPS_HELD] = pl[i, PL_GROUPS_HELD]
        row[PO_SOLD] = pl[i, PL_SOLD]
        row[PO_DECLINED] = pl[i, PL_DECLINED]
        row[PO_BUILT] = pl[i, PL_BUILT]
        row[PO_TOP_LEVEL] = pl[i, PL_TOP_LEVEL]
        row[PO_BOUGHT] = pl[i, PL_BOUGHT]
        row[PO_LEAST_AFTER_BUY] = pl[i, PL_LEAST_AFTER_BUY]
    record_aggregates(own, bank, winner, draws, player_rows, sq_agg, card_agg)


@njit(cache=True)
def finishing_rank(alive, order_out, score, i):
    """Player i's place, 1 first: players still in rank above those out, who rank by the order they went
    out (later out first, also within one turn), and among themselves by `score`, ties to the earlier
    seat. Shared by every board-game engine's results."""
    rank = 1
    for j in range(alive.shape[0]):
        if j == i:
            continue
        if alive[j] != alive[i]:
            rank += alive[j]
        elif alive[i] == 0:
            rank += 1 if order_out[j] > order_out[i] else 0
        elif score[j] > score[i] or (score[j] == score[i] and j < i):
            rank += 1
    return rank


@njit(cache=True)
def write_game_row(game_row, bank, winner, end, finished, violations, rotation):
    """A game's output row. `bank`'s turn and round columns are this family's (every engine keeps them
    there); a finished game counts the round it ended in."""
    game_row[GM_WINNER] = winner
    game_row[GM_TURNS] = bank[B_TURN]
    game_row[GM_ROUNDS] = bank[B_ROUND] + (1 if finished else 0)
    game_row[GM_END] = end
    game_row[GM_VIOLATIONS] = violations
    game_row[GM_ROTATION] = rotation


@njit(cache=True)
def record_aggregates(own, bank, winner, draws, player_rows, sq_agg, card_agg):
    """Fold one game into the per-square and per-card sums (winner -1: the turn cap ended it). Shared
    with the other board-game engines, whose ownership, round and rank columns are the same."""
    for s in range(own.shape[0]):
        sq_agg[s, SA_OWNED_ROUNDS] += own[s, O_OWNED_ROUNDS]
        if own[s, O_OWNER] >= 0:
            sq_agg[s, SA_OWNED_ROUNDS] += bank[B_ROUND] - own[s, O_OWNED_SINCE]
        if winner < 0:
            continue
        if own[s, O_OWNER] >= 0:
            sq_agg[s, SA_OWNED_AT_END] += 1
            if own[s, O_OWNER] == winner:
                sq_agg[s, SA_WINNER_OWNED] += 1
        if own[s, O_FIRST_OWNER] >= 0:
            sq_agg[s, SA_FIRST_OWNED] += 1
            if own[s, O_FIRST_OWNER] == winner:
                sq_agg[s, SA_FIRST_OWNER_WON] += 1
    record_card_aggregates(winner, draws, player_rows, card_agg)


@njit(cache=True)
def record_card_aggregates(winner, draws, player_rows, card_agg):
    """Fold one game's draws into the per-card sums (winner -1: the turn cap ended it). Shared by every
    engine, whose rank column is the same."""
    for c in range(draws.shape[1]):
        for i in range(draws.shape[0]):
            card_agg[c, CA_DRAWS] += draws[i, c]
            if winner < 0 or draws[i, c] == 0:
                continue
            rank = player_rows[i, PO_RANK]
            card_agg[c, CA_DRAWERS] += 1
            card_agg[c, CA_FINISHED_DRAWS] += draws[i, c]
            card_agg[c, CA_DRAW_RANK_SUM] += draws[i, c] * rank
            card_agg[c, CA_DRAW_RANK_SQUARES] += draws[i, c] * rank * rank
            if i == winner:
                card_agg[c, CA_DRAWER_WINS] += 1
                card_agg[c, CA_DRAW_WINS] += draws[i, c]


@njit(cache=True)
def chunk_state(n_squares, decks, n_cards, n_players, player_columns, square_columns, bank_columns, n_params):
    """The state arrays of one chunk of games, allocated once and reset by each game: players, squares,
    bank, deck queues, cards held and drawn, parameters, generator, scratch. The column counts are the
    engine's layout's."""
    return (np.zeros((n_players, player_columns), dtype=np.int64),
            np.zeros((n_squares, square_columns), dtype=np.int64),
            np.zeros(bank_columns, dtype=np.int64),
            np.zeros((decks.shape[0], DQ_CARDS + decks.shape[1]), dtype=np.int64),
            np.zeros((n_players, n_cards), dtype=np.int64),
            np.zeros((n_players, n_cards), dtype=np.int64),
            np.zeros((n_players, n_params), dtype=np.float64),
            np.zeros(4, dtype=np.uint64),
            np.zeros(max(n_squares, 2 * n_players), dtype=np.int64))


@njit(cache=True, parallel=True)
def simulate_batch(sq, rent, groups, cards, decks, rules, lineup, rotate, seed, first_game, check, n_chunks,
                   games_out, players_out, sq_agg, card_agg):
    """Play games first_game .. first_game + len(games_out) - 1. Game g is seeded from (seed, g) alone,
    so results do not depend on n_chunks or threads; chunk c sums its aggregates into sq_agg[c]."""
    n_games = games_out.shape[0]
    n_players = lineup.shape[0]
    per_chunk = (n_games + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        pl, own, bank, dq, held, draws, prm, rng, scratch = chunk_state(
            sq.shape[0], decks, cards.shape[0], n_players, PL_COLUMNS, O_COLUMNS, B_COLUMNS, N_PARAMS)
        # The arrays live until the chunk ends, so the helpers may borrow them (see views.py).
        for g in range(c * per_chunk, min(n_games, (c + 1) * per_chunk)):
            play_game(borrowed(sq), borrowed(rent), borrowed(groups), borrowed(cards), borrowed(decks),
                      borrowed(rules), borrowed(lineup), rotate, seed, first_game + g, check,
                      borrowed(pl), borrowed(own), borrowed(bank), borrowed(dq), borrowed(held), borrowed(draws),
                      borrowed(prm), borrowed(rng), borrowed(scratch), borrowed(games_out[g]),
                      borrowed(players_out[g]), borrowed(sq_agg[c]), borrowed(card_agg[c]))


# ---------------------------------------------------------------------------------------------------
# Movement alone, for landing frequencies


@njit(cache=True, parallel=True)
def landing_counts(sq, cards, decks, rules, stay_in_jail, seed, n_games, rolls_per_game, n_chunks, counts):
    """Where each roll ends for one pawn and no economy, counted per square into counts[chunk]. Cards move
    the pawn as in play; a Get Out of Jail Free card goes straight back under its deck (it changes no
    movement: leaving at once is the same move as paying, and staying never uses it). A roll in jail
    that does not get out counts on the jail square."""
    n = sq.shape[0]
    per_chunk = (n_games + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        pl = np.zeros((1, PL_COLUMNS), dtype=np.int64)
        bank = np.zeros(B_COLUMNS, dtype=np.int64)
        dq = np.zeros((decks.shape[0], DQ_CARDS + decks.shape[1]), dtype=np.int64)
        rng = np.zeros(4, dtype=np.uint64)
        for game in range(c * per_chunk, min(n_games, (c + 1) * per_chunk)):
            seed_game(rng, seed, game)
            shuffle_decks(decks, dq, rng)
            pl[0, PL_POS] = 0
            pl[0, PL_JAIL] = -1
            doubles = 0
            for _ in range(rolls_per_game):
                d1, d2 = roll(rng)
                if pl[0, PL_JAIL] >= 0:
                    if stay_in_jail and d1 != d2:
                        pl[0, PL_JAIL] += 1
                        if pl[0, PL_JAIL] < rules[R_JAIL_MAX_TURNS]:
                            counts[c, pl[0, PL_POS]] += 1
                            continue
                    pl[0, PL_JAIL] = -1
                    doubles = -1 if stay_in_jail else 0
                if doubles >= 0 and d1 == d2:
                    doubles += 1
                    if doubles == rules[R_DOUBLES_TO_JAIL]:
                        send_to_jail(rules, pl, 0)
                        counts[c, pl[0, PL_POS]] += 1
                        doubles = 0
                        continue
                advance(rules, pl, bank, 0, d1 + d2, n)
                while True:
                    s = pl[0, PL_POS]
                    if sq[s, SQ_KIND] == GO_TO_JAIL:
                        send_to_jail(rules, pl, 0)
                        break
                    if sq[s, SQ_KIND] != CARD:
                        break
                    d = sq[s, SQ_DECK]
                    card = draw(decks, dq, d)
                    to_bottom(decks, dq, d, card)
                    moved, _, _ = card_move(sq, cards, rules, pl, bank, 0, card)
                    if not moved:
                        break
                counts[c, pl[0, PL_POS]] += 1
                if pl[0, PL_JAIL] >= 0 or d1 != d2 or doubles < 0:
                    doubles = 0
