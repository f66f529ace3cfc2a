"""The compiled decisions of the Monopoly Fortnite strategies.

One heuristic, its behaviour set by the seat's parameter row `prm[p]` (layout:
simulator/engines/fortnite/layout.py, meaning: strategies/fortnite.py). Values are in HP: what landing
on a square gains or costs, what a shot takes from a rival, what a wall is likely to cost the rivals it
stops. The die's order (move first or act first), the shot, the wall's square, the starting square and
jail are chosen by comparing them.
"""
from simulator.engines.fortnite.layout import (
    CHEST, GO_TO_JAIL, G_MEMBERS, G_SIZE, LOCATION, O_OWNER, O_WALL, PL_ALIVE, PL_HP, PL_JAIL, PL_POS, P_ATTACK_WEIGHT,
    P_CLAIM_VALUE, P_JAIL_PAY_HP, P_KILL_BONUS, P_PAIR_VALUE, P_START_SIGHT, P_STORM_FEAR, P_TARGET_LEADER,
    P_WALL_SHELTER, P_WALL_TRAP, R_DIE_SIDES, R_JAIL_FINE, R_MAX_HP, SQ_GROUP, SQ_KIND,
)
from simulator.engines.fortnite.state import (
    WITH_CROSSHAIR, aims_anywhere, covered, first_wall, in_sight, landing_hp, landing_square, move_hp, next_square,
    reaches,
)
from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.rng import below

NO = -1e18
CHEST_VALUE = 1.5   # what an item is worth on average, in HP
JAIL_VALUE = -3.0   # going to jail: a storm card, the rest of the turn, and a turn or two stuck


@engine_njit()
def _gain(rules, pl, p, hp):
    """HP p would really receive of `hp` (never above the maximum)."""
    return min(hp, rules[R_MAX_HP] - pl[p, PL_HP])


@engine_njit()
def landing_value(sq, groups, own, rules, prm, pl, p, s):
    """What landing on square s is worth to p."""
    kind = sq[s, SQ_KIND]
    hp = landing_hp(sq, groups, own, rules, p, s)
    if covered(own, s):
        return hp * prm[p, P_STORM_FEAR]
    if kind == LOCATION and own[s, O_OWNER] < 0:
        value = prm[p, P_CLAIM_VALUE]
        g = sq[s, SQ_GROUP]
        for k in range(groups[g, G_SIZE]):
            other = groups[g, G_MEMBERS + k]
            if other != s and own[other, O_OWNER] == p:
                value += prm[p, P_PAIR_VALUE]
        return value
    if hp != 0:
        return float(_gain(rules, pl, p, hp)) if hp > 0 else float(hp)
    if kind == CHEST:
        return CHEST_VALUE
    if kind == GO_TO_JAIL:
        return JAIL_VALUE
    return 0.0


@engine_njit()
def shot_value(rules, prm, pl, p, q, damage):
    """What taking `damage` HP from q is worth to p: the HP, an elimination, and a lean to the leader."""
    hp = pl[q, PL_HP]
    value = prm[p, P_ATTACK_WEIGHT] * min(damage, hp) + prm[p, P_TARGET_LEADER] * hp / rules[R_MAX_HP]
    if damage >= hp:
        value += prm[p, P_KILL_BONUS]
    return value


@engine_njit()
def best_target(own, rules, prm, pl, held, cards, p, damage, crosshair):
    """The rival p would hit with `damage` from where it stands, with the crosshair (crosshair True) or a
    grenade: (player, value), (-1, NO) when none is in reach."""
    best, value = -1, NO
    n = pl.shape[0]
    anywhere = aims_anywhere(pl, p, crosshair)
    for i in range(1, n):  # in turn order from p: a tie goes to the next player, never to a fixed seat
        q = p + i if p + i < n else p + i - n
        if reaches(own, rules, pl, p, q, anywhere):
            v = shot_value(rules, prm, pl, p, q, damage)
            if v > value:
                best, value = q, v
    return best, value


@engine_njit()
def _after(rules, hp, change):
    """HP after a change: never above the maximum; at 0 or below, out (and nothing heals it any more)."""
    if hp <= 0:
        return hp
    return min(rules[R_MAX_HP], hp + change) if change > 0 else hp + change


@engine_njit()
def turn_goes_on(sq, groups, own, rules, pl, p, steps):
    """Does p's turn go on after a move of `steps` from its square (not out, not sent to jail)?"""
    passing, landing, jailed = move_hp(sq, groups, own, rules, p, pl[p, PL_POS], steps)
    return _after(rules, _after(rules, pl[p, PL_HP], passing), landing) > 0 and not jailed


@engine_njit()
def bandages_first(sq, groups, own, rules, pl, p, steps, amount):
    """Heal before moving or after (rulebook: À votre tour, in the order of one's choice): whichever leaves
    more HP. Before, when the move would eliminate p or end its turn; after, when healing first would be
    lost above the maximum and the move costs HP."""
    passing, landing, jailed = move_hp(sq, groups, own, rules, p, pl[p, PL_POS], steps)
    hp = pl[p, PL_HP]
    first = _after(rules, _after(rules, _after(rules, hp, amount), passing), landing)
    then = _after(rules, _after(rules, hp, passing), landing)
    if not jailed:
        then = _after(rules, then, amount)
    return first >= then


@engine_njit()
def wall_in_the_way(sq, groups, own, rules, prm, pl, p, steps):
    """The wall in sight that would stop p's move, and what landing beyond it (where the move then ends) is
    worth more than stopping there: (square, gain), (-1, 0.0) when there is none."""
    n = sq.shape[0]
    start = pl[p, PL_POS]
    w = first_wall(own, n, start, steps)
    if w < 0 or not in_sight(own, rules, n, start, w):
        return -1, 0.0
    stay = landing_value(sq, groups, own, rules, prm, pl, p, w)
    own[w, O_WALL] = 0
    through = landing_value(sq, groups, own, rules, prm, pl, p, landing_square(own, n, start, steps))
    own[w, O_WALL] = 1
    return w, through - stay


@engine_njit()
def crosshair_plan(sq, groups, own, rules, prm, pl, held, cards, p, steps, damage):
    """Shoot first or move first (the rulebook's example: a shot can break the wall that would stop the
    move). Only a shot worth more than nothing is fired: a strategy that gives no value to hurting a rival
    never shoots one. Moving first loses the shot when the move ends the turn. Returns (shoot first, target
    player or -1, wall square to break or -1, whether a rival was in reach from here or from where moving
    first would end)."""
    n = sq.shape[0]
    start = pl[p, PL_POS]
    # Shoot first at a player from here
    q_now, shot_now = best_target(own, rules, prm, pl, held, cards, p, damage, WITH_CROSSHAIR)
    plan_first, target, wall, best = True, -1, -1, 0.0
    if q_now >= 0 and shot_now > 0:
        target, best = q_now, shot_now
    # Shoot first at the wall that would stop the move
    w, through = wall_in_the_way(sq, groups, own, rules, prm, pl, p, steps)
    if w >= 0 and through > best:
        best, target, wall = through, -1, w
    # Move first, then shoot from where the move ends, if the turn goes on there
    in_reach = q_now >= 0
    if turn_goes_on(sq, groups, own, rules, pl, p, steps):
        pl[p, PL_POS] = landing_square(own, n, start, steps)
        q_then, shot_then = best_target(own, rules, prm, pl, held, cards, p, damage, WITH_CROSSHAIR)
        pl[p, PL_POS] = start
        in_reach |= q_then >= 0
        if q_then >= 0 and shot_then > best:
            plan_first, target, wall = False, q_then, -1
    return plan_first, target, wall, in_reach


@engine_njit()
def grenade_at_wall(sq, groups, own, rules, prm, pl, p, steps, damage):
    """The wall in sight to bring down with a grenade before moving (rulebook: a wall can be attacked with
    a chest item as a player is), when passing it is worth more than the grenade kept for a rival; -1 when
    none."""
    w, through = wall_in_the_way(sq, groups, own, rules, prm, pl, p, steps)
    return w if w >= 0 and through > prm[p, P_ATTACK_WEIGHT] * damage else -1


@engine_njit()
def bomb_first(sq, groups, own, rules, prm, pl, p, steps):
    """Throw the boogie bomb before moving (every wall falls, so the move goes its full length)?"""
    n = sq.shape[0]
    start = pl[p, PL_POS]
    walled = landing_square(own, n, start, steps)
    free = (start + steps) % n
    return landing_value(sq, groups, own, rules, prm, pl, p, free) > landing_value(sq, groups, own, rules, prm,
                                                                                   pl, p, walled)


@engine_njit()
def wall_square(sq, groups, own, rules, prm, pl, p, start, end):
    """Where p stands its wall, among the squares of its move (start to end): where rivals behind it are
    likely to be stopped on a square that costs them (wall_trap), or on its own square to shelter
    (wall_shelter). -1 when every square of the move already has a wall."""
    n = sq.shape[0]
    sides = rules[R_DIE_SIDES]
    best, value = -1, NO
    length = end - start if end >= start else end - start + n
    s = start
    for i in range(length + 1):
        if i > 0:
            s = next_square(n, s)
        if own[s, O_WALL] == 1:
            continue
        v = prm[p, P_WALL_SHELTER] if s == end else 0.0
        for q in range(pl.shape[0]):
            if q == p or pl[q, PL_ALIVE] == 0 or pl[q, PL_JAIL] >= 0:
                continue
            distance = s - pl[q, PL_POS] if s >= pl[q, PL_POS] else s - pl[q, PL_POS] + n
            if 1 <= distance <= sides and first_wall(own, n, pl[q, PL_POS], distance - 1) < 0:
                chance = (sides - distance + 1) / sides
                v -= prm[p, P_WALL_TRAP] * chance * landing_value(sq, groups, own, rules, prm, pl, q, s)
        if v > value:
            best, value = s, v
    return best


@engine_njit()
def start_square(own, rules, prm, pl, rng, p, placed):
    """The square p starts on, after `placed` players have placed theirs: with rivals in sight or out of
    it (start_sight), ties broken at random."""
    n = own.shape[0]
    best, value, ties = -1, NO, 0
    sight = prm[p, P_START_SIGHT]
    for s in range(n):
        v = 0.0
        for q in range(placed if sight != 0.0 else 0):  # a sight weighed 0 adds only zeros: every square ties
            if in_sight(own, rules, n, s, pl[q, PL_POS]):
                v += sight
        if v > value:
            best, value, ties = s, v, 1
        elif v == value:
            ties += 1
            if below(rng, ties) == 0:
                best = s
    return best


@engine_njit()
def pays_jail(rules, prm, pl, p):
    """Does p pay the fine to leave jail at once, rather than try for the escape roll?"""
    return pl[p, PL_HP] > rules[R_JAIL_FINE] and pl[p, PL_HP] >= prm[p, P_JAIL_PAY_HP]
