"""Monopoly Fortnite, compiled: health points for money, the numbered die and the action die, walls, the
storm and the last survivor (rulebook 000). Kernels take arrays only; the layout is layout.py,
questions about the state state.py, the strategies' decisions strategies/fortnite_logic.py. The
decks, ownership, seating and aggregates are shared with the other engines (simulator/engines/shared/).

The arrays: `sq`, `groups` (colour pairs), `cards` and `decks` (storm cards, chest items, die faces),
`rules`; per game `pl` (players), `own` (owner, storm cover and wall per square), `bank` (walls in the
pile, winner, turn, round, HP flows), `dq` (deck queues), `held` (chest items per player), `dropped`
(chest items lying on squares, dropped by eliminated players), `draws` (cards drawn and die faces rolled).
"""
import math

import numpy as np
from numba import njit

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.decks import (
    card_accounted_for, draw, shuffle_decks, take_from_queue, take_held_from_queues, to_bottom,
)
from simulator.engines.shared.games import (
    copy_table, finishing_rank, next_seat, out_order, record_aggregates, seat_lineup, write_game_row,
)
from simulator.engines.shared.lead import ROUND_END, observed, standing
from simulator.engines.shared.play import NOBODY, set_owner
from simulator.engines.shared.search import (
    S_CANDIDATES, S_HORIZON, S_ROLLOUTS, search_setting, searching, shuffle_undrawn, start_rollout, use_candidate,
)
from simulator.engines.shared.state import owns_group
from simulator.engines.fortnite.layout import (
    BANDAGES, BOOGIE_BOMB, B_COLUMNS, B_COVERED, B_DROPPED, B_NET, B_OWNERSHIP, B_STOPPED_BY, B_STORM_DUE,
    B_STORM_FLIPPED, B_TURN, B_WALLS, B_WINNER, CAMPFIRE, CHEST, CROSSHAIR, C_A, C_DECK, C_EFFECT, DQ_CARDS, DQ_COUNT,
    DQ_HEAD, D_CHEST, D_DIE, D_LEN, D_STORM, END_LAST_SURVIVOR, END_TURN_CAP, GO, GO_TO_JAIL, GRENADE, G_MEMBERS,
    G_SIZE, HEAL, LOCATION, N_PARAMS, O_COLUMNS, O_COVERED, O_FIRST_OWNER, O_OWNER, O_WALL, O_WALL_BY, PL_ALIVE,
    PL_CLAIMED, PL_COLUMNS, PL_DEALT, PL_GROUPS_SEEN, PL_GRENADES, PL_GROUPS_HELD, PL_HEALED, PL_HP, PL_ITEMS_GIVEN,
    PL_ITEMS_HELD, PL_JAIL, PL_JAIL_TURNS, PL_KILLS, PL_OUT_ORDER, PL_OUT_TURN, PL_PAID, PL_POS, PL_PRIORITY_SHOTS,
    PL_SHELTER_WALLS, PL_SHOTS, PL_SHOT_CHANCES, PL_START, PL_STORM_DODGES, PL_STORM_DODGE_CHANCES, PL_STORM_LOST,
    PL_TRADES, PL_TRADE_SEEN, PL_WALLS, PL_WALLS_BROKEN, PL_WALL_STOP_HP, PO_CASH, PO_CLAIMED, PO_DEALT, PO_GRENADES,
    PO_GROUPS_HELD, PO_HEALED, PO_ITEMS, PO_ITEMS_GIVEN, PO_JAIL_TURNS, PO_KILLS, PO_LOCATIONS, PO_NET_WORTH,
    PO_OUT_TURN, PO_PAID, PO_PAIRS, PO_PRIORITY_SHOTS, PO_RANK, PO_SHELTER_WALLS, PO_SHOTS, PO_SHOT_CHANCES, PO_START,
    PO_STORM_DODGES, PO_STORM_DODGE_CHANCES, PO_STORM_LOST, PO_TRADES, PO_WALLS, PO_WALLS_BROKEN, PO_WALL_STOP_HP,
    P_ITEM_PRICE, P_TRADE, R_DIE_SIDES, R_GO_HP, R_JAIL_ESCAPE_ROLL, R_JAIL_FINE, R_JAIL_SQUARE, R_JAIL_TRIES, R_MAX_HP,
    R_MAX_ROUNDS, R_PAIR_BONUS, R_START_HP, R_STORM_SQUARE_COST, R_TRADING, R_WALLS, R_WALL_SHIELDS_FROM_BOMB,
    SA_BOUGHT, SA_LANDINGS, SA_RENT, SHIELD, SPIKE_TRAP, SQ_AMOUNT, SQ_KIND, SQ_PRICE, SQ_STORM_COST, V_CARDS, V_HP,
    V_OWNERSHIP, V_STORM, V_WALLS, V_WINNER, WALL, WEAPON,
)
from simulator.engines.fortnite.state import (
    NO_WALL, WITH_CROSSHAIR, WITH_GRENADE, can_hit, covered, first_wall, holds, in_sight, landing_square,
    next_square, note_items, on_priority, owns_pair, weapon_bonus,
)
from simulator.engines.shared.views import borrowed
from simulator.engines.shared.rng import below
from strategies.fortnite_logic import (
    bandages_first, best_target, bomb_first, crosshair_plan, grenade_at_wall, pays_jail, start_square, wall_square,
)


# ---------------------------------------------------------------------------------------------------
# Health points: every change goes through heal or hurt, which keep the bank's HP flows for the check


@engine_njit()
def heal(rules, pl, bank, p, amount):
    """p receives `amount` HP from the bank, never above the maximum (rulebook: never more than 15)."""
    gained = max(0, min(amount, rules[R_MAX_HP] - pl[p, PL_HP]))
    pl[p, PL_HP] += gained
    pl[p, PL_HEALED] += gained
    bank[B_NET] += gained
    return gained


@engine_njit()
def hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, p, amount):
    """p pays `amount` HP to the bank, as much as it has; at 0 it is eliminated. Returns the HP lost."""
    lost = min(amount, pl[p, PL_HP])
    pl[p, PL_HP] -= lost
    bank[B_NET] -= lost
    if pl[p, PL_HP] == 0:
        eliminate(sq, own, rules, pl, bank, held, dropped, p)
    return lost


@engine_njit()
def eliminate(sq, own, rules, pl, bank, held, dropped, p):
    """Out: its chest items lie on its square for the next player to pass or stop there, and its locations
    go storm side up, covered (rulebook: Et si je me retrouve à court de points de vie ?)."""
    pl[p, PL_OUT_ORDER] = out_order(pl[:, PL_ALIVE])
    pl[p, PL_ALIVE] = 0
    pl[p, PL_JAIL] = -1
    pl[p, PL_OUT_TURN] = bank[B_TURN]
    bank[B_DROPPED] += pass_items(held, p, dropped, pl[p, PL_POS])
    pl[p, PL_ITEMS_HELD] = 0
    for s in range(own.shape[0]):
        if own[s, O_OWNER] == p:
            cover(sq, own, rules, pl, bank, s)
    alive, last = 0, -1
    for q in range(pl.shape[0]):
        if pl[q, PL_ALIVE] == 1:
            alive += 1
            last = q
    if alive == 1:
        bank[B_WINNER] = last


@engine_njit()
def pass_items(giver, g, taker, t):
    """Every chest item of row g of `giver` goes to row t of `taker` (held by players, or dropped on squares);
    returns how many. A loop: `taker[t, :] += giver[g, :]` would allocate a temporary row."""
    moved = 0
    for c in range(giver.shape[1]):
        moved += giver[g, c]
        taker[t, c] += giver[g, c]
        giver[g, c] = 0
    return moved


@engine_njit()
def attack(sq, own, rules, pl, bank, decks, dq, held, cards, dropped, p, q, damage):
    """p's attack takes `damage` HP from q, unless q holds a shield, which it spends instead."""
    if holds(pl, q, SHIELD):
        for c in range(cards.shape[0]):
            if held[q, c] > 0 and cards[c, C_EFFECT] == SHIELD:
                spend(decks, dq, held, cards, pl, q, c)
                return
    pl[p, PL_DEALT] += hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, q, damage)
    if pl[q, PL_ALIVE] == 0:
        pl[p, PL_KILLS] += 1


# ---------------------------------------------------------------------------------------------------
# The storm


@engine_njit()
def cover(sq, own, rules, pl, bank, s):
    """The storm covers square s for good: a location leaves its owner; players in jail there go free
    (rulebook: Tant que vous êtes En prison)."""
    if own[s, O_COVERED] == 1:
        return
    own[s, O_COVERED] = 1
    bank[B_COVERED] += 1
    if own[s, O_OWNER] >= 0:
        set_owner(own, bank, s, NOBODY)
    if s == rules[R_JAIL_SQUARE]:
        for q in range(pl.shape[0]):
            pl[q, PL_JAIL] = -1


@engine_njit()
def flip_storm(sq, own, rules, pl, bank, cards, decks, dq, draws, p):
    """p turns the top storm card over: the square it shows is covered (rulebook: Cartes Tempête)."""
    card = draw(decks, dq, D_STORM)
    if card < 0:
        return
    draws[p, card] += 1
    bank[B_STORM_FLIPPED] += 1
    cover(sq, own, rules, pl, bank, cards[card, C_A])


# ---------------------------------------------------------------------------------------------------
# Moving and landing


@engine_njit(inline="always")
def move(sq, own, rules, pl, bank, cards, held, dropped, p, steps):
    """p moves `steps` squares, stopping at the first wall (which it takes down: rulebook, À quoi servent
    les murs ?; bank[B_STOPPED_BY] says whose it was); it picks up items lying on the squares it passes or
    stops on, and gets GO's HP unless the storm covers GO, a storm card being due either way. Returns the
    square it stops on."""
    n = sq.shape[0]
    s = pl[p, PL_POS]
    for _ in range(steps):
        s = next_square(n, s)
        if bank[B_DROPPED] > 0:  # items lie on the board only after an elimination: no per-step scan before
            bank[B_DROPPED] -= pass_items(dropped, s, held, p)
            note_items(held, cards, pl, p)
        if sq[s, SQ_KIND] == GO:
            bank[B_STORM_DUE] = 1
            if not covered(own, s):
                heal(rules, pl, bank, p, rules[R_GO_HP])
        if own[s, O_WALL] == 1:
            bank[B_STOPPED_BY] = own[s, O_WALL_BY]
            knock_down(own, bank, s)
            break
    pl[p, PL_POS] = s
    return s


@engine_njit(inline="always")
def resolve_square(sq, groups, own, rules, pl, bank, cards, decks, dq, held, dropped, draws, sq_agg, p, s):
    """Play square s where p stopped (rulebook: Les cases du plateau de jeu). Returns True when the turn is
    over (sent to jail)."""
    sq_agg[s, SA_LANDINGS] += 1
    kind = sq[s, SQ_KIND]
    if covered(own, s):
        cost = sq[s, SQ_STORM_COST] if kind == LOCATION else rules[R_STORM_SQUARE_COST]
        pl[p, PL_STORM_LOST] += hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, p, cost)
        return False
    if kind == LOCATION:
        owner = own[s, O_OWNER]
        if owner < 0:
            set_owner(own, bank, s, p)
            pl[p, PL_CLAIMED] += 1
            sq_agg[s, SA_BOUGHT] += 1
        elif owner == p:
            if owns_pair(sq, groups, own, p, s):
                heal(rules, pl, bank, p, rules[R_PAIR_BONUS])
        else:
            paid = hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, p, sq[s, SQ_PRICE])
            pl[p, PL_PAID] += paid
            sq_agg[s, SA_RENT] += paid
    elif kind == CAMPFIRE:
        heal(rules, pl, bank, p, sq[s, SQ_AMOUNT])
    elif kind == SPIKE_TRAP:
        hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, p, sq[s, SQ_AMOUNT])
    elif kind == CHEST:
        card = draw(decks, dq, D_CHEST)
        if card >= 0:
            held[p, card] += 1
            pl[p, PL_ITEMS_HELD] |= 1 << cards[card, C_EFFECT]
            draws[p, card] += 1
    elif kind == GO_TO_JAIL:
        jail = rules[R_JAIL_SQUARE]
        pl[p, PL_POS] = jail
        if covered(own, jail):  # no jail under the storm: its cost, once, and free to move next turn
            pl[p, PL_STORM_LOST] += hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, p,
                                         rules[R_STORM_SQUARE_COST])
        else:
            pl[p, PL_JAIL] = 0
        if pl[p, PL_ALIVE] == 1:
            flip_storm(sq, own, rules, pl, bank, cards, decks, dq, draws, p)
        return True
    return False


# ---------------------------------------------------------------------------------------------------
# The action die and the chest's items


@engine_njit()
def knock_down(own, bank, s):
    """The wall on square s falls, back to the pile."""
    own[s, O_WALL] = 0
    own[s, O_WALL_BY] = -1
    bank[B_WALLS] += 1


@engine_njit()
def shoot(sq, own, rules, pl, bank, cards, decks, dq, held, dropped, p, target, wall, damage):
    """The crosshair: at a player (target), or at a wall (wall), which falls."""
    if wall >= 0:
        knock_down(own, bank, wall)
        pl[p, PL_WALLS_BROKEN] += 1
    elif target >= 0 and can_hit(own, rules, pl, p, target, WITH_CROSSHAIR):
        pl[p, PL_SHOTS] += 1
        pl[p, PL_PRIORITY_SHOTS] += on_priority(own, rules, pl, p, target, damage)
        attack(sq, own, rules, pl, bank, decks, dq, held, cards, dropped, p, target, damage)


@engine_njit()
def boogie_bomb(sq, own, rules, pl, bank, cards, decks, dq, held, dropped, p, damage):
    """Every other player loses `damage` HP (a player on a wall is sheltered, by the rule
    wall_shields_from_bomb), then every wall falls."""
    for q in range(pl.shape[0]):
        if q == p or pl[q, PL_ALIVE] == 0:
            continue
        if rules[R_WALL_SHIELDS_FROM_BOMB] == 1 and own[pl[q, PL_POS], O_WALL] == 1:
            continue
        attack(sq, own, rules, pl, bank, decks, dq, held, cards, dropped, p, q, damage)
    s = np.int64(0)  # not a literal 0, for which numba would compile knock_down a second time
    while bank[B_WALLS] < rules[R_WALLS]:  # the walls out of the pile stand on the board: stop at the last
        if own[s, O_WALL] == 1:
            knock_down(own, bank, s)
        s += 1


@engine_njit()
def use_items(sq, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, p):
    """Single-use items, on p's turn (called at its start, before a jail roll too, and at its end): a heal
    when none of it is wasted, a grenade at the best target in sight. Used items go under the chest pile
    (rulebook: Coffre, "uniquement pendant votre tour", more than one a turn)."""
    for c in range(cards.shape[0]):
        while held[p, c] > 0 and pl[p, PL_ALIVE] == 1 and bank[B_WINNER] < 0:
            effect = cards[c, C_EFFECT]
            if effect == HEAL and pl[p, PL_HP] + cards[c, C_A] <= rules[R_MAX_HP]:
                heal(rules, pl, bank, p, cards[c, C_A])
            elif effect == GRENADE:
                q, value = best_target(own, rules, prm, pl, held, cards, p, cards[c, C_A], WITH_GRENADE)
                if q < 0 or value <= 0:
                    break
                pl[p, PL_GRENADES] += 1
                attack(sq, own, rules, pl, bank, decks, dq, held, cards, dropped, p, q, cards[c, C_A])
            else:
                break
            spend(decks, dq, held, cards, pl, p, c)


@engine_njit()
def holds_usable(pl, p):
    """Does p hold an item use_items may use (a heal or a grenade)?"""
    return holds(pl, p, HEAL) or holds(pl, p, GRENADE)


@engine_njit()
def spend(decks, dq, held, cards, pl, p, c):
    """p has used its single-use item c: under the chest pile."""
    held[p, c] -= 1
    to_bottom(decks, dq, D_CHEST, c)
    if held[p, c] == 0:
        note_items(held, cards, pl, p)


@engine_njit()
def throw_at_wall(sq, groups, own, rules, prm, pl, bank, cards, decks, dq, held, p, steps):
    """Before moving, a grenade at the wall in sight that would stop the move, when p's strategy would
    rather pass it (rulebook: À quoi servent les murs ?, a wall attacked with a chest item)."""
    for c in range(cards.shape[0]):
        if held[p, c] > 0 and cards[c, C_EFFECT] == GRENADE:
            w = grenade_at_wall(sq, groups, own, rules, prm, pl, p, steps, cards[c, C_A])
            if w >= 0:
                knock_down(own, bank, w)
                pl[p, PL_WALLS_BROKEN] += 1
                spend(decks, dq, held, cards, pl, p, c)
            return


@engine_njit()
def may_trade(rules, prm, pl, bank, p):
    """Is p a trader, with trading allowed, and has ownership changed since p last found no trade possible?"""
    return rules[R_TRADING] != 0 and prm[p, P_TRADE] >= 1.0 and pl[p, PL_TRADE_SEEN] != bank[B_OWNERSHIP]


@engine_njit(inline="always")
def trade_pairs(sq, groups, own, rules, prm, pl, bank, cards, held, p):
    """Trading as a strategy behaviour, for p when may_trade: for the rival's location that completes one of
    its pairs, p offers one of its own that completes one of the rival's, else chest items (both must be
    traders). When no rival trader holds the other half of one of p's pairs, no trade is possible until
    ownership changes, which PL_TRADE_SEEN notes."""
    offered = False
    for g in range(groups.shape[0]):
        a, b = groups[g, G_MEMBERS], groups[g, G_MEMBERS + 1]
        if groups[g, G_SIZE] != 2:
            continue
        mine, theirs = (a, b) if own[a, O_OWNER] == p else (b, a)
        q = own[theirs, O_OWNER]
        if own[mine, O_OWNER] != p or q < 0 or q == p or prm[q, P_TRADE] < 1.0:
            continue
        offered = True
        if swap_locations(groups, own, bank, p, q, g, theirs) or buy_with_items(own, bank, prm, pl, cards, held, p, q,
                                                                                      theirs):
            pl[p, PL_TRADES] += 1
            pl[q, PL_TRADES] += 1
            return
    if not offered:
        pl[p, PL_TRADE_SEEN] = bank[B_OWNERSHIP]


@engine_njit()
def swap_locations(groups, own, bank, p, q, g, theirs):
    """p takes `theirs` (completing its pair g) for one of its locations that completes a pair of q's."""
    for h in range(groups.shape[0]):
        c, d = groups[h, G_MEMBERS], groups[h, G_MEMBERS + 1]
        if h == g or groups[h, G_SIZE] != 2:
            continue
        if own[c, O_OWNER] == p and own[d, O_OWNER] == q:
            give = c
        elif own[d, O_OWNER] == p and own[c, O_OWNER] == q:
            give = d
        else:
            continue
        set_owner(own, bank, theirs, p)
        set_owner(own, bank, give, q)
        return True
    return False


@engine_njit()
def buy_with_items(own, bank, prm, pl, cards, held, p, q, theirs):
    """p takes `theirs` for as many chest items as q asks (its item_price, a fraction rounded up), if p would
    give that many and holds them; the items go in the chest deck's order. A price of 0 trades no items."""
    price = prm[q, P_ITEM_PRICE]
    if price < 1.0 or prm[p, P_ITEM_PRICE] < price or held[p, :].sum() < price:
        return False
    left = int(math.ceil(price))
    pl[p, PL_ITEMS_GIVEN] += left
    for c in range(held.shape[1]):
        moved = min(left, held[p, c])
        held[p, c] -= moved
        held[q, c] += moved
        left -= moved
    note_items(held, cards, pl, p)
    note_items(held, cards, pl, q)
    set_owner(own, bank, theirs, p)
    return True


# ---------------------------------------------------------------------------------------------------
# A turn


@engine_njit()
def note_pairs(groups, own, pl, bank, p):
    """Add the colour pairs p holds now to PL_GROUPS_HELD: done at the start of p's turns only when
    ownership changed since p's last look, rather than a scan of the board every turn."""
    for g in range(groups.shape[0]):
        if owns_group(own, groups, g, p):
            pl[p, PL_GROUPS_HELD] |= 1 << g
    pl[p, PL_GROUPS_SEEN] = bank[B_OWNERSHIP]


@engine_njit(inline="always")
def take_turn(sq, groups, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, draws, rng, sq_agg, p):
    """Items, jail, then the two dice in the order p chooses (rulebook: À votre tour), items again, and the
    storm card due for passing GO (turned even when p is knocked out after passing it)."""
    if pl[p, PL_GROUPS_SEEN] != bank[B_OWNERSHIP]:
        note_pairs(groups, own, pl, bank, p)
    if may_trade(rules, prm, pl, bank, p):
        trade_pairs(sq, groups, own, rules, prm, pl, bank, cards, held, p)
    bank[B_STORM_DUE] = 0
    if holds_usable(pl, p):
        use_items(sq, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, p)
    if pl[p, PL_ALIVE] == 0 or bank[B_WINNER] >= 0:
        return
    if pl[p, PL_JAIL] >= 0:
        pl[p, PL_JAIL_TURNS] += 1
        if pays_jail(rules, prm, pl, p):
            hurt(sq, own, rules, pl, bank, decks, dq, held, dropped, p, rules[R_JAIL_FINE])
            pl[p, PL_JAIL] = -1
        elif below(rng, rules[R_DIE_SIDES]) + 1 >= rules[R_JAIL_ESCAPE_ROLL]:
            pl[p, PL_JAIL] = -1
        else:
            pl[p, PL_JAIL] += 1
            if pl[p, PL_JAIL] >= rules[R_JAIL_TRIES]:
                pl[p, PL_JAIL] = -1  # free after the last try, to move next turn
            return
    steps = below(rng, rules[R_DIE_SIDES]) + 1
    face = decks[D_DIE, 1 + below(rng, decks[D_DIE, D_LEN])]
    draws[p, face] += 1
    effect = cards[face, C_EFFECT]
    amount = cards[face, C_A]
    start = pl[p, PL_POS]
    n = sq.shape[0]
    stopped = landing_square(own, n, start, steps)  # where the walls standing now would stop it
    stopped_covered = covered(own, stopped)
    if stopped_covered and first_wall(own, n, start, steps) == stopped and (
            effect == BOOGIE_BOMB or ((effect == CROSSHAIR or holds(pl, p, GRENADE))
                                      and in_sight(own, rules, n, start, stopped))):
        # a wall it can bring down first would stop it under the storm: a chance when beyond it is clear
        pl[p, PL_STORM_DODGE_CHANCES] += not covered(own, landing_square(own, n, stopped,
                                                                         steps - (stopped - start) % n))
    act_first = False
    damage = amount
    if effect == CROSSHAIR and holds(pl, p, WEAPON):
        damage += weapon_bonus(held, cards, p)
    if effect == BANDAGES:
        act_first = bandages_first(sq, groups, own, rules, pl, p, steps, amount)
        if act_first:
            heal(rules, pl, bank, p, amount)
    elif effect == BOOGIE_BOMB:
        act_first = bomb_first(sq, groups, own, rules, prm, pl, p, steps)
        if act_first:
            boogie_bomb(sq, own, rules, pl, bank, cards, decks, dq, held, dropped, p, amount)
    elif effect == CROSSHAIR:
        act_first, target, wall, chance = crosshair_plan(sq, groups, own, rules, prm, pl, held, cards, p, steps,
                                                         damage)
        pl[p, PL_SHOT_CHANCES] += chance
        if act_first:
            shoot(sq, own, rules, pl, bank, cards, decks, dq, held, dropped, p, target, wall, damage)
    if bank[B_WINNER] >= 0:
        return
    if holds(pl, p, GRENADE) and first_wall(own, n, start, steps) >= 0:  # a grenade for a wall in the way
        throw_at_wall(sq, groups, own, rules, prm, pl, bank, cards, decks, dq, held, p, steps)
    bank[B_STOPPED_BY] = -1
    end = move(sq, own, rules, pl, bank, cards, held, dropped, p, steps)
    if end != stopped and stopped_covered and not covered(own, end):
        pl[p, PL_STORM_DODGES] += 1
    stopper, hp = bank[B_STOPPED_BY], pl[p, PL_HP]
    jailed = resolve_square(sq, groups, own, rules, pl, bank, cards, decks, dq, held, dropped, draws, sq_agg, p, end)
    if stopper >= 0 and stopper != p:
        pl[stopper, PL_WALL_STOP_HP] += max(0, hp - pl[p, PL_HP])
    if pl[p, PL_ALIVE] == 1 and bank[B_WINNER] < 0:
        if not jailed and not act_first:
            if effect == BANDAGES:
                heal(rules, pl, bank, p, amount)
            elif effect == BOOGIE_BOMB:
                boogie_bomb(sq, own, rules, pl, bank, cards, decks, dq, held, dropped, p, amount)
            elif effect == CROSSHAIR:
                q, value = best_target(own, rules, prm, pl, held, cards, p, damage, WITH_CROSSHAIR)
                if q >= 0 and value > 0:
                    shoot(sq, own, rules, pl, bank, cards, decks, dq, held, dropped, p, q, NO_WALL, damage)
            elif effect == WALL and bank[B_WALLS] > 0:
                s = wall_square(sq, groups, own, rules, prm, pl, p, start, end)
                if s >= 0:
                    own[s, O_WALL] = 1
                    own[s, O_WALL_BY] = p
                    bank[B_WALLS] -= 1
                    pl[p, PL_WALLS] += 1
                    pl[p, PL_SHELTER_WALLS] += s == end
        if not jailed and holds_usable(pl, p):  # "Votre tour est terminé" in jail; else items again
            use_items(sq, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, p)
    # "À la fin de votre tour, si vous ... êtes passé par la case DÉPART": knocked out after passing GO too
    if bank[B_STORM_DUE] == 1 and bank[B_WINNER] < 0:
        flip_storm(sq, own, rules, pl, bank, cards, decks, dq, draws, p)


# ---------------------------------------------------------------------------------------------------
# Checks, a game, a batch


@engine_njit()
def check_invariants(sq, own, rules, pl, bank, cards, decks, dq, held, dropped):
    violations = 0
    n = pl.shape[0]
    total = 0
    alive = 0
    for p in range(n):
        hp = pl[p, PL_HP]
        total += hp
        if pl[p, PL_ALIVE] == 1:
            alive += 1
            if hp < 1 or hp > rules[R_MAX_HP]:
                violations |= V_HP
        elif hp != 0:
            violations |= V_HP
    if total != n * rules[R_START_HP] + bank[B_NET]:
        violations |= V_HP
    walls = bank[B_WALLS]
    covered_now = 0
    for s in range(sq.shape[0]):
        walls += own[s, O_WALL]
        covered_now += own[s, O_COVERED]
        owner = own[s, O_OWNER]
        if owner >= 0 and (sq[s, SQ_KIND] != LOCATION or own[s, O_COVERED] == 1 or pl[owner, PL_ALIVE] == 0):
            violations |= V_OWNERSHIP
    if walls != rules[R_WALLS]:
        violations |= V_WALLS
    if covered_now != bank[B_COVERED]:
        violations |= V_STORM
    flipped = decks[D_STORM, D_LEN] - dq[D_STORM, DQ_COUNT]
    if flipped != bank[B_STORM_FLIPPED]:
        violations |= V_STORM
    for k in range(flipped):  # the cards turned over lie on their squares, covered
        card = dq[D_STORM, DQ_CARDS + (dq[D_STORM, DQ_HEAD] - 1 - k) % decks[D_STORM, D_LEN]]
        if own[cards[card, C_A], O_COVERED] == 0:
            violations |= V_STORM
    for c in range(cards.shape[0]):
        if cards[c, C_DECK] == D_CHEST and not card_accounted_for(decks, dq, held, D_CHEST, c, dropped[:, c].sum()):
            violations |= V_CARDS
    winner = bank[B_WINNER]
    if winner >= 0 and (pl[winner, PL_ALIVE] == 0 or alive != 1):
        violations |= V_WINNER
    return violations


@njit(cache=True)
def new_game(sq, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, draws, rng, start_pl, start_own,
             start_bank, start_held, start_turned):
    """Full health, the decks shuffled, and the players placing their pawns in turn (rulebook: Sautez du
    bus de combat !); or a position when `start_pl` has rows, whose players with no square (-1) place theirs."""
    pl[:, :] = 0
    pl[:, PL_HP] = rules[R_START_HP]
    pl[:, PL_ALIVE] = 1
    pl[:, PL_JAIL] = -1
    pl[:, PL_OUT_TURN] = -1
    pl[:, PL_GROUPS_SEEN] = -1
    pl[:, PL_TRADE_SEEN] = -1
    own[:, :] = 0
    own[:, O_OWNER] = -1
    own[:, O_FIRST_OWNER] = -1
    own[:, O_WALL_BY] = -1
    bank[:] = 0
    bank[B_WALLS] = rules[R_WALLS]
    bank[B_WINNER] = -1
    held[:, :] = 0
    dropped[:, :] = 0
    draws[:, :] = 0
    shuffle_decks(decks, dq, rng)
    from_position = start_pl.shape[0] > 0
    if from_position:
        load_position(cards, decks, dq, start_pl, start_own, start_bank, start_held, start_turned, pl, own, bank,
                      held)
    for p in range(pl.shape[0]):
        if not from_position or start_pl[p, PL_POS] < 0:
            pl[p, PL_POS] = pl[p, PL_START] = start_square(own, rules, prm, pl, rng, p, p)


@njit(cache=True)
def load_position(cards, decks, dq, start_pl, start_own, start_bank, start_held, start_turned, pl, own, bank, held):
    """A position's state over a new game's (whose shuffle stays): the chest items its players hold leave the
    chest's queue, and its storm cards turned over leave the storm deck's, in the places the turned cards take."""
    copy_table(pl, start_pl)
    copy_table(own, start_own)
    copy_table(held, start_held)
    for k in range(bank.shape[0]):
        bank[k] = start_bank[k]
    take_held_from_queues(decks, dq, held, cards[:, C_DECK])
    for k in range(start_turned.shape[0]):
        take_from_queue(decks, dq, D_STORM, start_turned[k])
        # turned over: behind the queue's head, where a drawn card lies (the check reads the turned cards there)
        dq[D_STORM, DQ_CARDS + (dq[D_STORM, DQ_HEAD] + dq[D_STORM, DQ_COUNT]) % decks[D_STORM, D_LEN]] = start_turned[k]


@engine_njit()
def play_turns(sq, groups, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, draws, rng, sq_agg, check,
               first, p, seats):
    """The game's turns from seat p, the rounds counted from seat `first`, until a winner, the turn cap or `seats`
    seats' turns (a knocked-out seat's too; 0: no limit); returns the invariants violated and the seat to play
    next, -1 when the game is over. Apart from play_game, which seats the lineup and records the game (both
    allocate), so that the turns run without reference counting with take_turn inlined; the search's rollouts
    play their turns here too."""
    n = pl.shape[0]
    violations = 0
    visited = 0
    while True:
        if pl[p, PL_ALIVE] == 1:
            take_turn(sq, groups, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, draws, rng, sq_agg, p)
            bank[B_TURN] += 1
            if check:
                violations |= check_invariants(sq, own, rules, pl, bank, cards, decks, dq, held, dropped)
        if bank[B_WINNER] >= 0:
            return violations, -1
        p, capped = next_seat(bank, p, n, rules[R_MAX_ROUNDS], first)
        if p == first:
            _observe(pl, bank, ROUND_END)
        if capped:
            return violations, -1
        visited += 1
        if visited == seats:
            return violations, p


# ---------------------------------------------------------------------------------------------------
# The search player (simulator/engines/shared/search.py): before each of its turns, the policy that wins most
# rollouts


@engine_njit()
def play_searching(sq, groups, cards, decks, rules, lineup, rotation, seed, game, check, first, pl, own, bank, dq,
                   held, dropped, draws, prm, rng, sq_agg, scratch):
    """The game's turns from seat `first`, a search seat choosing its policy before each of its turns
    (choose_policy); without a search seat one call of play_turns plays them all, exactly as before the search
    existed. Returns the invariants violated."""
    n = pl.shape[0]
    one_by_one = 1 if searching(lineup, N_PARAMS) else 0
    violations = 0
    p = first
    while p >= 0:
        row = (p + rotation) % n
        if one_by_one and pl[p, PL_ALIVE] == 1 and search_setting(lineup, row, N_PARAMS, S_ROLLOUTS) > 0:
            choose_policy(sq, groups, cards, decks, rules, lineup, row, seed, game, first, p, pl, own, bank, dq, held,
                          dropped, prm, scratch)
        found, p = play_turns(sq, groups, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, draws, rng,
                              sq_agg, check, first, p, one_by_one)
        violations |= found
    return violations


@engine_njit()
def choose_policy(sq, groups, cards, decks, rules, lineup, row, seed, game, first, p, pl, own, bank, dq, held,
                  dropped, prm, scratch):
    """Seat p (lineup row `row`) takes the candidate policy whose rollouts score best for it, ties to the lower
    index (its base first). Each rollout plays the game on from a copy of it in `scratch`, p playing the
    candidate throughout and the others as they are, the undrawn storm and chest cards reshuffled (the seat
    cannot know their order), on rollout k's stream for every candidate."""
    s_pl, s_own, s_bank, s_dq, s_held, s_dropped, s_draws, s_prm, s_rng, s_agg = scratch
    rollouts = search_setting(lineup, row, N_PARAMS, S_ROLLOUTS)
    horizon = search_setting(lineup, row, N_PARAMS, S_HORIZON)
    best, best_value = 0, -1.0
    for c in range(search_setting(lineup, row, N_PARAMS, S_CANDIDATES)):
        value = 0.0
        for k in range(rollouts):
            start_rollout(pl, own, bank, dq, held, prm, s_pl, s_own, s_bank, s_dq, s_held, s_prm, lineup, row,
                          N_PARAMS, p, c, s_rng, seed, game, k)
            copy_table(s_dropped, dropped)
            shuffle_undrawn(decks, s_dq, D_STORM, s_rng)
            shuffle_undrawn(decks, s_dq, D_CHEST, s_rng)
            play_turns(sq, groups, s_own, rules, s_prm, s_pl, s_bank, cards, decks, s_dq, s_held, s_dropped, s_draws,
                       s_rng, s_agg, False, first, p, horizon)
            value += rollout_value(s_pl, s_bank, p)
        if value > best_value:
            best, best_value = c, value
    use_candidate(prm, p, lineup, row, N_PARAMS, best)


@engine_njit()
def rollout_value(pl, bank, p):
    """What a rollout is worth to p: 1 won, 0 out or another won; at the horizon (or the turn cap) its share
    of the HP of the players still in, the currency of the last survivor's race."""
    if bank[B_WINNER] >= 0 or pl[p, PL_ALIVE] == 0:
        return 1.0 if bank[B_WINNER] == p else 0.0
    total = 0
    for q in range(pl.shape[0]):
        total += pl[q, PL_HP] * pl[q, PL_ALIVE]
    return pl[p, PL_HP] / total


@engine_njit
def _observe(pl, bank, winner):
    """Who leads (simulator/engines/shared/lead.py), by HP among the players still in: the ranks' measure."""
    for i in range(pl.shape[0]):
        if pl[i, PL_ALIVE] == 1:
            standing(bank, i, pl[i, PL_HP])
    observed(bank, winner)


# Inlined by numba into play_chunk: numba links every callee into each caller's code and optimises it again
# there, so a level of calls holding the whole engine was one more compile of it.
@njit(cache=True, inline="always")
def play_game(sq, groups, cards, decks, rules, start_pl, start_own, start_bank, start_held, start_turned, start_seat,
              lineup, rotate, seed, game, check, pl, own, bank, dq, held, dropped, draws, prm, rng, game_row,
              player_rows, sq_agg, card_agg, scratch):
    rotation = seat_lineup(rng, prm, lineup, rotate, seed, game)
    new_game(sq, own, rules, prm, pl, bank, cards, decks, dq, held, dropped, draws, rng, start_pl, start_own,
             start_bank, start_held, start_turned)
    violations = play_searching(sq, groups, cards, decks, rules, lineup, rotation, seed, game, check, start_seat, pl,
                                own, bank, dq, held, dropped, draws, prm, rng, sq_agg, scratch)
    _record(sq, groups, own, rules, pl, bank, held, draws, violations, rotation, game_row, player_rows, sq_agg,
            card_agg)


@njit(cache=True)
def _record(sq, groups, own, rules, pl, bank, held, draws, violations, rotation, game_row, player_rows, sq_agg,
            card_agg):
    n = pl.shape[0]
    winner = bank[B_WINNER]
    _observe(pl, bank, winner)
    write_game_row(game_row, bank, winner, END_LAST_SURVIVOR if winner >= 0 else END_TURN_CAP, winner >= 0,
                   violations, rotation)
    for i in range(n):
        # Players still in (at the turn cap) rank by HP.
        rank = finishing_rank(pl[:, PL_ALIVE], pl[:, PL_OUT_ORDER], pl[:, PL_HP], i)
        row = player_rows[i]
        locations = 0
        worth = pl[i, PL_HP]
        pairs = 0
        for s in range(sq.shape[0]):
            if own[s, O_OWNER] == i:
                locations += 1
                worth += sq[s, SQ_PRICE]
        for g in range(groups.shape[0]):
            if own[groups[g, G_MEMBERS], O_OWNER] == i and owns_pair(sq, groups, own, i, groups[g, G_MEMBERS]):
                pairs += 1
        row[PO_CASH] = pl[i, PL_HP]
        row[PO_NET_WORTH] = worth
        row[PO_OUT_TURN] = pl[i, PL_OUT_TURN]
        row[PO_RANK] = rank
        row[PO_LOCATIONS] = locations
        row[PO_PAIRS] = pairs
        row[PO_DEALT] = pl[i, PL_DEALT]
        row[PO_KILLS] = pl[i, PL_KILLS]
        row[PO_STORM_LOST] = pl[i, PL_STORM_LOST]
        row[PO_HEALED] = pl[i, PL_HEALED]
        row[PO_WALLS] = pl[i, PL_WALLS]
        row[PO_CLAIMED] = pl[i, PL_CLAIMED]
        row[PO_PAID] = pl[i, PL_PAID]
        row[PO_TRADES] = pl[i, PL_TRADES]
        row[PO_JAIL_TURNS] = pl[i, PL_JAIL_TURNS]
        row[PO_ITEMS] = held[i, :].sum()
        row[PO_GROUPS_HELD] = pl[i, PL_GROUPS_HELD]
        row[PO_SHOTS] = pl[i, PL_SHOTS]
        row[PO_SHOT_CHANCES] = pl[i, PL_SHOT_CHANCES]
        row[PO_PRIORITY_SHOTS] = pl[i, PL_PRIORITY_SHOTS]
        row[PO_GRENADES] = pl[i, PL_GRENADES]
        row[PO_WALLS_BROKEN] = pl[i, PL_WALLS_BROKEN]
        row[PO_START] = pl[i, PL_START]
        row[PO_SHELTER_WALLS] = pl[i, PL_SHELTER_WALLS]
        row[PO_STORM_DODGES] = pl[i, PL_STORM_DODGES]
        row[PO_STORM_DODGE_CHANCES] = pl[i, PL_STORM_DODGE_CHANCES]
        row[PO_WALL_STOP_HP] = pl[i, PL_WALL_STOP_HP]
        row[PO_ITEMS_GIVEN] = pl[i, PL_ITEMS_GIVEN]
    record_aggregates(own, bank, winner, draws, player_rows, sq_agg, card_agg)


@njit(cache=True, nogil=True)
def play_chunk(sq, groups, cards, decks, rules, start_pl, start_own, start_bank, start_held, start_turned, start_seat,
               lineup, rotate, seed, first_game, check, games_out, players_out, sq_agg, card_agg):
    """As board.play_chunk: game g is seeded from (seed, g) alone; from the position the start arrays hold when
    they have rows (simulator/engines/fortnite/position.py), seat `start_seat` first."""
    n_players = lineup.shape[0]
    pl = np.zeros((n_players, PL_COLUMNS), dtype=np.int64)
    own = np.zeros((sq.shape[0], O_COLUMNS), dtype=np.int64)
    bank = np.zeros(B_COLUMNS, dtype=np.int64)
    dq = np.zeros((decks.shape[0], DQ_CARDS + decks.shape[1]), dtype=np.int64)
    held = np.zeros((n_players, cards.shape[0]), dtype=np.int64)
    dropped = np.zeros((sq.shape[0], cards.shape[0]), dtype=np.int64)
    draws = np.zeros((n_players, cards.shape[0]), dtype=np.int64)
    prm = np.zeros((n_players, N_PARAMS), dtype=np.float64)
    rng = np.zeros(4, dtype=np.uint64)
    # a search seat's rollouts play on copies of the game: allocated here once, reused by every rollout
    scratch = (np.zeros_like(pl), np.zeros_like(own), np.zeros_like(bank), np.zeros_like(dq), np.zeros_like(held),
               np.zeros_like(dropped), np.zeros_like(draws), np.zeros_like(prm), np.zeros_like(rng),
               np.zeros_like(sq_agg))
    for g in range(games_out.shape[0]):
        play_game(borrowed(sq), borrowed(groups), borrowed(cards), borrowed(decks), borrowed(rules), borrowed(start_pl),
                  borrowed(start_own), borrowed(start_bank), borrowed(start_held), borrowed(start_turned), start_seat,
                  borrowed(lineup), rotate, seed, first_game + g, check, borrowed(pl), borrowed(own), borrowed(bank),
                  borrowed(dq), borrowed(held), borrowed(dropped), borrowed(draws), borrowed(prm), borrowed(rng),
                  borrowed(games_out[g]), borrowed(players_out[g]), borrowed(sq_agg), borrowed(card_agg), scratch)
