"""Monopoly Deal, compiled: deal, draw, play up to three cards, pay, say no, and win with three complete
sets on one's own turn (rulebook 002). Kernels take arrays only; the layout is layout.py, the moves
of cards state.py, and the strategies' decisions strategies/deal_logic.py.

The arrays: `cards` (one row per card type), `deck` (the card type of every copy), `groups` (the colour
sets), `rules`; per game `loc` (where each copy is), `pile` (the draw pile, a ring), `gs` (turn, round,
winner, plays left), `tab` (cards and buildings per player and set), `pl` (per-player counts).
"""
import numpy as np
from numba import njit

from simulator.engines.shared.games import copy_table, next_seat, record_card_aggregates, seat_lineup, write_game_row
from simulator.engines.shared.lead import ROUND_END, observed, standing
from simulator.engines.deal.layout import (
    B_ROUND, B_TURN, BIRTHDAY, C_AMOUNT, C_ANY, C_EACH, C_EFFECT, C_VALUE, DEAL_BREAKER, DEBT_COLLECTOR, DOUBLE_RENT,
    END_SETS, END_TURN_CAP, FORCED_DEAL, G_BUILDABLE, G_SIZE, GS_COLUMNS, GS_COUNT, GS_HEAD, GS_PLAYS_LEFT, GS_WINNER,
    HOTEL, HOUSE, JUST_SAY_NO, LOC_COLUMNS, LOC_OWNER, LOC_SET, LOC_ZONE, MONEY, N_PARAMS, P_SAY_NO_MIN_LOSS, PASS_GO,
    PILE_RESHUFFLE, PL_ACTIONS, PL_BANK, PL_BANKED, PL_CANCELLED, PL_DISCARDED, PL_FIRST_ATTACK, PL_GROUPS_HELD,
    PL_EMPTY_AT_END, PL_HAND, PL_HELD, PL_IN_HAND, PL_LAID, PL_LAID_OVER_NOTE, PL_NO_BANKED, PL_NO_KEPT,
    PL_NOTES_BANKED, PL_PAID, PL_RECEIVED, PL_RENT_IN, PL_SAID_NO, PL_SETS_TAKEN, PL_TABLE, PL_TAKEN, PL_WILDS_MOVED,
    PO_ACTIONS, PO_BANKED, PO_CANCELLED, PO_CASH, PO_DISCARDED, PO_FIRST_ATTACK, PO_GROUPS_HELD, PO_HAND, PO_LAID,
    PO_LAID_OVER_NOTE, PO_NET_WORTH, PO_NO_BANKED, PO_NO_KEPT, PO_NOTES_BANKED, PO_OUT_TURN, PO_PAID, PO_PROPERTIES,
    PO_RANK, PO_RECEIVED, PO_RENT_IN, PO_SAID_NO, PO_SETS, PO_SETS_TAKEN, PO_TAKEN, PO_WILDS_MOVED, PROPERTY, R_DRAWS,
    R_DRAWS_EMPTY_HAND, R_EMPTY_DRAW_PILE, R_HAND_LIMIT, R_HAND_START, R_JUST_SAY_NO_COSTS_PLAY, R_MAX_ROUNDS, R_PLAYS,
    R_SETS_TO_WIN, R_WILD_MOVES, RENT, SLY_DEAL, T_BONUS, T_CARDS, T_COLUMNS, T_HOTEL, T_HOUSE, T_NATURAL, V_BUILDINGS,
    V_CARDS, V_COUNTS, V_HAND, V_PLACE, V_WINNER, WILD_COSTS_PLAY, WILD_FREE, WILD_ON_LAY, WILD_RULEBOOK, Z_BANK,
    Z_DISCARD, Z_DRAW, Z_HAND, Z_TABLE,
)
from simulator.engines.deal.state import (
    NO_SET, NOBODY, can_build, complete, complete_sets, copy_bit, count_in_hand, discard, fits, held_column, held_words,
    in_hand, is_wild, lowest_bit, move_card, payable, pile_top, player_columns, rent_of, under_pile,
)
from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.views import borrowed
from simulator.engines.shared.rng import shuffle
from simulator.engines.shared.search import (
    S_CANDIDATES, S_HORIZON, S_ROLLOUTS, copy_vector, search_setting, seed_rollout, use_candidate,
)
from strategies.deal_logic import (
    CH_COLUMNS, CH_DOUBLES, CH_GIVE, CH_SET, CH_TAKE, CH_VICTIM, KEEP_WILD, SCRATCH_FORCED, SCRATCH_LEGAL, best_set,
    choose_play, freed_wild_set, least_kept, payment_card, potential, removal_loss, says_no, scratch_length,
    set_taking_gain, wild_move,
)


@engine_njit
def draw(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p, n):
    """p draws n cards (fewer when the pile and, by the rules, the discards run out)."""
    for _ in range(n):
        if draw_one(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p) < 0:
            return


@engine_njit
def draw_one(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p):
    """p draws a card into its hand: its copy, -1 when there is none to draw."""
    k = pile_top(loc, pile, gs, rng, rules[R_EMPTY_DRAW_PILE] == PILE_RESHUFFLE)
    if k >= 0:
        move_card(cards, deck, groups, loc, tab, pl, k, Z_HAND, p, NO_SET)
        draws[p, deck[k]] += 1
    return k


@engine_njit
def exchange_wild(cards, deck, groups, rules, loc, tab, pl, p, k):
    """Propriété Joker: "Au début de votre tour, si vous tirez une carte propriété de la même couleur qu'une
    propriété joker que vous avez posé, vous pouvez les échanger pour récupérer cette carte joker dans votre main
    ou la poser sur un autre groupe de couleur." Property copy k, just drawn and not a wild, takes the place of a
    wild p laid in its colour (no play spent: the set keeps its size), and the wild goes where p's strategy puts
    it; or, the exchange being optional, p's strategy keeps the wild where it is and the property stays in hand."""
    c = deck[k]
    table = held_column(loc, Z_TABLE)
    for word in range(held_words(loc)):  # p's table only, in the order of the copies (state.py)
        bits = pl[p, table + word]
        while bits != 0:
            w = (word << 6) + lowest_bit(bits)
            bits &= bits - 1
            if not is_wild(cards, deck[w]) or not fits(cards, c, loc[w, LOC_SET]):
                continue
            s = loc[w, LOC_SET]
            t = freed_wild_set(cards, groups, rules, tab, pl, p, deck[w], s, c)
            if t == KEEP_WILD:
                return
            move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, s)
            move_card(cards, deck, groups, loc, tab, pl, w, Z_HAND, p, NO_SET)
            if t != NO_SET:
                move_card(cards, deck, groups, loc, tab, pl, w, Z_TABLE, p, t)
            pl[p, PL_WILDS_MOVED] += 1
            return


@engine_njit
def settle(cards, deck, groups, loc, tab, pl, q, s):
    """Buildings on a set of q that is no longer complete go to q's bank (documented assumption)."""
    if tab[q, T_HOUSE, s] + tab[q, T_HOTEL, s] == 0 or complete(groups, tab, q, s):
        return
    for k in range(loc.shape[0]):
        if loc[k, LOC_ZONE] == Z_TABLE and loc[k, LOC_OWNER] == q and loc[k, LOC_SET] == s \
                and cards[deck[k], C_EFFECT] != PROPERTY:
            move_card(cards, deck, groups, loc, tab, pl, k, Z_BANK, q, NO_SET)


@engine_njit
def arrange_wilds(cards, deck, groups, rules, loc, gs, tab, pl, p, only_set):
    """Move p's wilds between their colours while that helps, as the wild_moves rule allows: after laying
    a property of their set (on_lay), at will (free), or for a play each when it completes a set."""
    mode = rules[R_WILD_MOVES]
    for _ in range(loc.shape[0]):
        if mode == WILD_COSTS_PLAY and gs[GS_PLAYS_LEFT] <= 0:
            return
        k, s = wild_move(cards, deck, groups, rules, loc, tab, pl, p, only_set, mode == WILD_COSTS_PLAY)
        if k < 0:
            return
        old = loc[k, LOC_SET]
        move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, s)
        settle(cards, deck, groups, loc, tab, pl, p, old)
        pl[p, PL_WILDS_MOVED] += 1
        if mode == WILD_COSTS_PLAY:
            gs[GS_PLAYS_LEFT] -= 1


@engine_njit
def lay(cards, deck, groups, rules, loc, gs, tab, pl, p, k, s):
    """Lay property copy k in p's set s."""
    move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, s)
    if rules[R_WILD_MOVES] == WILD_ON_LAY and not is_wild(cards, deck[k]):
        arrange_wilds(cards, deck, groups, rules, loc, gs, tab, pl, p, s)


@engine_njit
def receive(cards, deck, groups, rules, loc, tab, pl, p, k):
    """Property copy k, from a rival's table, joins p's table in the set p chooses; the set it left is
    settled."""
    q, old = loc[k, LOC_OWNER], loc[k, LOC_SET]
    s, _ = best_set(cards, groups, rules, tab, pl, p, deck[k])
    move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, s)
    settle(cards, deck, groups, loc, tab, pl, q, old)


@engine_njit
def collect(cards, deck, groups, rules, loc, tab, pl, scratch, q, p, amount):
    """q pays p `amount` from its bank and table, choosing the cards; no change is given, and a player with
    nothing left pays nothing more. Notes go to p's bank, properties to p's table; a house or hotel goes
    to p's bank (documented assumption). Returns what was paid. `scratch` as choose_play's."""
    paid = 0
    while paid < amount:
        k = payment_card(cards, deck, groups, rules, loc, tab, pl, q, amount - paid, scratch)
        if k < 0:
            break
        c = deck[k]
        paid += cards[c, C_VALUE]
        if cards[c, C_EFFECT] == PROPERTY:  # properties pay only from the table
            receive(cards, deck, groups, rules, loc, tab, pl, p, k)
        else:
            move_card(cards, deck, groups, loc, tab, pl, k, Z_BANK, p, NO_SET)
    pl[q, PL_PAID] += paid
    pl[p, PL_RECEIVED] += paid
    return paid


@engine_njit
def cancelled(cards, deck, groups, rules, loc, gs, tab, pl, prm, attacker, victim, loss, gain):
    """Does a Just Say No cancel attacker's action against victim? Each answers with one it holds when
    what is at stake is at least its say_no_min_loss: the victim the action's `loss` to it, the attacker
    (on its own turn, for a play when just_say_no_costs_play) the action's `gain` to it; and so on
    (rulebook: Joker !)."""
    holder, other = victim, attacker
    result = False
    while True:
        k = in_hand(cards, deck, loc, pl, holder, JUST_SAY_NO)
        if k < 0:
            break
        if holder == victim:
            if not says_no(prm, victim, loss, P_SAY_NO_MIN_LOSS):
                pl[victim, PL_NO_KEPT] += loss > 0  # an action that costs nothing is not let through
                break
        elif not says_no(prm, attacker, gain, P_SAY_NO_MIN_LOSS):
            break
        elif rules[R_JUST_SAY_NO_COSTS_PLAY] == 1:
            if gs[GS_PLAYS_LEFT] <= 0:
                break
            gs[GS_PLAYS_LEFT] -= 1
        discard(cards, deck, groups, loc, tab, pl, k)
        pl[holder, PL_SAID_NO] += 1
        result = not result
        holder, other = other, holder
    if result:
        pl[attacker, PL_CANCELLED] += 1
    return result


@engine_njit
def demand(cards, deck, groups, rules, loc, gs, tab, pl, prm, scratch, p, q, amount):
    """p demands `amount` of q, who may say no; returns what q paid."""
    due = min(amount, payable(pl, q))
    if cancelled(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, q, due, due):
        return 0
    return collect(cards, deck, groups, rules, loc, tab, pl, scratch, q, p, amount)


@engine_njit
def take_set(cards, deck, groups, loc, tab, pl, p, q, s):
    """Deal Breaker: q's complete set s, with its buildings, moves to p's table (the cards that are not the
    any-colour wild first). A building p already has on that colour goes to p's bank."""
    size = groups[s, G_SIZE]
    moved = 0
    for pass_any in range(2):
        for k in range(loc.shape[0]):
            if moved == size:
                break
            if loc[k, LOC_ZONE] == Z_TABLE and loc[k, LOC_OWNER] == q and loc[k, LOC_SET] == s \
                    and cards[deck[k], C_EFFECT] == PROPERTY and cards[deck[k], C_ANY] == pass_any:
                move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, s)
                moved += 1
    for hotel in range(2):  # the house first, so that a hotel always stands on one
        for k in range(loc.shape[0]):
            if loc[k, LOC_ZONE] == Z_TABLE and loc[k, LOC_OWNER] == q and loc[k, LOC_SET] == s \
                    and cards[deck[k], C_EFFECT] == (HOTEL if hotel else HOUSE):
                if can_build(cards, groups, tab, p, s, deck[k]):
                    move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, s)
                else:
                    move_card(cards, deck, groups, loc, tab, pl, k, Z_BANK, p, NO_SET)
    settle(cards, deck, groups, loc, tab, pl, q, s)
    pl[p, PL_TAKEN] += moved
    pl[p, PL_SETS_TAKEN] += 1


@engine_njit
def play_action(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, p, k, choice, scratch):
    """Carry out the action of copy k from p's hand, with the targets `choice` holds (`scratch` as
    choose_play's)."""
    c = deck[k]
    effect = cards[c, C_EFFECT]
    pl[p, PL_ACTIONS] += 1
    if effect == HOUSE or effect == HOTEL:
        move_card(cards, deck, groups, loc, tab, pl, k, Z_TABLE, p, choice[CH_SET])
        return
    if effect != PASS_GO and pl[p, PL_FIRST_ATTACK] < 0:  # every other action is aimed at rivals
        pl[p, PL_FIRST_ATTACK] = gs[B_ROUND] + 1  # rounds count from 1, as the games' rounds
    discard(cards, deck, groups, loc, tab, pl, k)
    n = pl.shape[0]
    if effect == PASS_GO:
        draw(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p, cards[c, C_AMOUNT])
    elif effect == RENT:
        for _ in range(choice[CH_DOUBLES]):
            discard(cards, deck, groups, loc, tab, pl, in_hand(cards, deck, loc, pl, p, DOUBLE_RENT))
            gs[GS_PLAYS_LEFT] -= 1
            pl[p, PL_ACTIONS] += 1
        amount = rent_of(groups, tab, p, choice[CH_SET]) << choice[CH_DOUBLES]
        for i in range(1, n):  # the rivals pay in turn order from p
            q = (p + i) % n
            if cards[c, C_EACH] == 1 or q == choice[CH_VICTIM]:
                pl[p, PL_RENT_IN] += demand(cards, deck, groups, rules, loc, gs, tab, pl, prm, scratch, p, q, amount)
    elif effect == BIRTHDAY or effect == DEBT_COLLECTOR:
        for i in range(1, n):
            q = (p + i) % n
            if effect == BIRTHDAY or q == choice[CH_VICTIM]:
                demand(cards, deck, groups, rules, loc, gs, tab, pl, prm, scratch, p, q, cards[c, C_AMOUNT])
    elif effect == DEAL_BREAKER:
        q, s = choice[CH_VICTIM], choice[CH_SET]
        gain, loss = set_taking_gain(groups, rules, tab, pl, p, q, s)
        if not cancelled(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, q, loss, gain):
            take_set(cards, deck, groups, loc, tab, pl, p, q, s)
    elif effect == SLY_DEAL or effect == FORCED_DEAL:
        t = choice[CH_TAKE]
        q = loc[t, LOC_OWNER]
        loss = removal_loss(cards, groups, rules, tab, pl, q, deck[t], loc[t, LOC_SET])
        _, gain = best_set(cards, groups, rules, tab, pl, p, deck[t])
        if not cancelled(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, q, loss, gain):
            receive(cards, deck, groups, rules, loc, tab, pl, p, t)
            pl[p, PL_TAKEN] += 1
            if effect == FORCED_DEAL:
                receive(cards, deck, groups, rules, loc, tab, pl, q, choice[CH_GIVE])


@engine_njit
def won(rules, gs, pl, p):
    if complete_sets(pl, p) >= rules[R_SETS_TO_WIN]:
        gs[GS_WINNER] = p
        return True
    return False


@engine_njit
def mark_held(groups, tab, pl, p):
    """Record p's complete sets among those it has held (at the start and at the end of its turns)."""
    if complete_sets(pl, p) == 0:
        return
    for s in range(groups.shape[0]):
        if complete(groups, tab, p, s):
            pl[p, PL_GROUPS_HELD] |= 1 << s


# What a step of a turn's plays (play_one) ends in
CONTINUES = np.int64(0)    # p may play again
PLAYS_OVER = np.int64(1)   # no play left, or p stops
WON = np.int64(2)          # p has won: its turn ends at once


@engine_njit(inline="always")  # in the turn loop: as a call, the turns were 15% slower (measured)
def start_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p):
    """The start of p's turn, before its plays: False when p has won already (its turn ends there)."""
    mark_held(groups, tab, pl, p)
    if won(rules, gs, pl, p):  # sets completed on a rival's turn count from one's own turn
        return False
    # "Si vous n'avez plus de carte dans votre main à la fin de votre tour, prenez-en 5 au début de votre prochain
    # tour" (Étapes du jeu, 3): the hand at the end of the last turn, which a Just Say No played since may have
    # emptied
    n = rules[R_DRAWS_EMPTY_HAND] if pl[p, PL_EMPTY_AT_END] != 0 else rules[R_DRAWS]
    for _ in range(n):
        k = draw_one(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p)
        if k < 0:
            break
        c = deck[k]
        # checked here, not in exchange_wild: a call passing a dozen arrays costs more than the check
        if rules[R_WILD_MOVES] == WILD_RULEBOOK and cards[c, C_EFFECT] == PROPERTY and not is_wild(cards, c):
            exchange_wild(cards, deck, groups, rules, loc, tab, pl, p, k)
    gs[GS_PLAYS_LEFT] = rules[R_PLAYS]
    return True


@engine_njit(inline="always")  # in the turn loop: as a call, the turns were 15% slower (measured)
def play_one(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p):
    """One play of p's turn, as its strategy (or a search, through `scratch`) chooses: CONTINUES, PLAYS_OVER
    or WON."""
    if rules[R_WILD_MOVES] == WILD_FREE or rules[R_WILD_MOVES] == WILD_COSTS_PLAY:
        arrange_wilds(cards, deck, groups, rules, loc, gs, tab, pl, p, NO_SET)
    if won(rules, gs, pl, p):
        mark_held(groups, tab, pl, p)
        return WON
    if gs[GS_PLAYS_LEFT] <= 0:
        return PLAYS_OVER
    k, bank = choose_play(cards, deck, groups, rules, loc, gs, tab, pl, prm, rng, p, choice, scratch)
    if k < 0:
        return PLAYS_OVER
    gs[GS_PLAYS_LEFT] -= 1
    effect = cards[deck[k], C_EFFECT]
    if bank:
        move_card(cards, deck, groups, loc, tab, pl, k, Z_BANK, p, NO_SET)
        pl[p, PL_BANKED] += 1
        pl[p, PL_NOTES_BANKED] += effect == MONEY
        pl[p, PL_NO_BANKED] += effect == JUST_SAY_NO
    elif effect == PROPERTY:
        pl[p, PL_LAID] += 1
        pl[p, PL_LAID_OVER_NOTE] += count_in_hand(pl, p, MONEY) > 0
        lay(cards, deck, groups, rules, loc, gs, tab, pl, p, k, choice[CH_SET])
    else:
        play_action(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, p, k, choice, scratch)
    return CONTINUES


@engine_njit
def finish_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, p):
    """The end of p's turn when it has not won: keep no more than the hand limit."""
    while pl[p, PL_HAND] > rules[R_HAND_LIMIT]:
        under_pile(cards, deck, groups, loc, pile, gs, tab, pl, least_kept(cards, deck, loc, pl, p))
        pl[p, PL_DISCARDED] += 1
    pl[p, PL_EMPTY_AT_END] = pl[p, PL_HAND] == 0
    mark_held(groups, tab, pl, p)


@engine_njit
def play_rest(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p, step):
    """p's turn from a step of its plays that ended in `step` to the turn's end, as its strategy chooses."""
    while step == CONTINUES:
        step = play_one(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p)
    if step == PLAYS_OVER:
        finish_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, p)


@engine_njit
def take_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p):
    """Draw, play up to the plays allowed, and keep no more than the hand limit (rulebook: Étapes du jeu)."""
    if start_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p):
        play_rest(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p, CONTINUES)


@engine_njit
def new_game(cards, deck, groups, rules, start_loc, start_dealt, first, loc, pile, gs, tab, pl, draws, rng):
    """Shuffle, and deal the starting hands one card at a time (rulebook: Mise en place); or a position when
    `start_loc` has rows (simulator/engines/deal/position.py)."""
    loc[:, LOC_ZONE] = Z_DRAW
    loc[:, LOC_OWNER] = -1
    loc[:, LOC_SET] = -1
    gs[:] = 0
    gs[GS_WINNER] = -1
    tab[:, :, :] = 0
    pl[:, :] = 0
    pl[:, PL_FIRST_ATTACK] = -1
    draws[:, :] = 0
    total = deck.shape[0]
    for k in range(total):
        pile[k] = k
    shuffle(rng, pile, total)
    gs[GS_COUNT] = total
    n = pl.shape[0]
    if start_loc.shape[0] > 0:
        load_position(cards, deck, groups, rules, start_loc, start_dealt, first, loc, pile, gs, tab, pl, draws, rng)
    else:
        for _ in range(rules[R_HAND_START]):
            for p in range(n):
                draw(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p, 1)
    # a hand empty now (dealt no card, or so in a position) is taken as empty at the end of its last turn: its next
    # turn draws draws_empty_hand
    for p in range(n):
        pl[p, PL_EMPTY_AT_END] = pl[p, PL_HAND] == 0


@engine_njit
def load_position(cards, deck, groups, rules, start_loc, start_dealt, first, loc, pile, gs, tab, pl, draws, rng):
    """A position over a new game's shuffle: the copies it places (`start_loc`: zone, owner, set; the others in
    the draw pile) leave the pile, which keeps its shuffled order, then the cards in hand it does not name
    (`start_dealt` per player) are dealt one at a time in turn order from seat `first`."""
    kept = 0
    for i in range(gs[GS_COUNT]):
        k = pile[i]
        if start_loc[k, LOC_ZONE] == Z_DRAW:
            pile[kept] = k
            kept += 1
        else:
            move_card(cards, deck, groups, loc, tab, pl, k, start_loc[k, LOC_ZONE], start_loc[k, LOC_OWNER],
                      start_loc[k, LOC_SET])
    gs[GS_COUNT] = kept
    n = pl.shape[0]
    rounds = 0
    for p in range(n):  # a loop: numba does not compile the array max() here (no allocator in this engine)
        rounds = max(rounds, start_dealt[p])
    for r in range(rounds):
        for i in range(n):
            p = (first + i) % n
            if start_dealt[p] > r:
                draw(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p, 1)


@engine_njit
def end_turn(rules, gs, pl, p, first):
    """After p's turn: the seat to play next, -1 when the game is over (a winner, or the turn cap)."""
    gs[B_TURN] += 1
    if gs[GS_WINNER] >= 0:
        return -1
    q, capped = next_seat(gs, p, pl.shape[0], rules[R_MAX_ROUNDS], first)
    if q == first:
        _observe(pl, gs, ROUND_END)
    return -1 if capped else q


@engine_njit
def play_turns(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p, first, limit):
    """Play from seat p's turn until the game is over or `limit` turns are played (0: no limit): the plain
    heuristic turn loop of the search's rollouts, which never search themselves (no circle in the calls)."""
    played = 0
    while p >= 0 and (limit == 0 or played < limit):
        take_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p)
        p = end_turn(rules, gs, pl, p, first)
        played += 1


@njit(cache=True, _nrt=True)  # once a chunk, and it allocates (shared/jit.py)
def search_state(loc, pile, gs, tab, pl, prm, draws, choice, scratch):
    """The scratch state every rollout of the chunk plays in (a copy of the game's, then its own), with the
    determinization's pool of hidden copies and the rivals' hand sizes."""
    return (np.zeros_like(loc), np.zeros_like(pile), np.zeros_like(gs), np.zeros_like(tab), np.zeros_like(pl),
            np.zeros_like(prm), np.zeros_like(draws), np.zeros(4, dtype=np.uint64), np.zeros_like(choice),
            np.zeros_like(scratch), np.zeros_like(pile), np.zeros(pl.shape[0], dtype=np.int64))


@engine_njit
def copy_state(loc, pile, gs, tab, pl, prm, s_loc, s_pile, s_gs, s_tab, s_pl, s_prm):
    copy_table(s_loc, loc)
    copy_vector(s_pile, pile)
    copy_vector(s_gs, gs)
    for q in range(tab.shape[0]):
        for t in range(tab.shape[1]):
            for s in range(tab.shape[2]):
                s_tab[q, t, s] = tab[q, t, s]
    copy_table(s_pl, pl)
    copy_table(s_prm, prm)


@engine_njit
def determinize(cards, deck, groups, loc, pile, gs, tab, pl, rng, p, pool, dealt):
    """What seat p cannot see, dealt anew from the rollout's stream: the draw pile and the rivals' hands are
    pooled and shuffled, each rival gets back as many cards as it held (in seat order) and the rest is the
    draw pile. p's own hand, the banks, the tables and the discards are seen by all, and stay."""
    total = pile.shape[0]
    m = 0
    for i in range(gs[GS_COUNT]):
        pool[m] = pile[(gs[GS_HEAD] + i) % total]
        m += 1
    on_pile = m
    hand = held_column(loc, Z_HAND)
    n = pl.shape[0]
    for q in range(n):
        dealt[q] = 0 if q == p else pl[q, PL_HAND]
        if q == p:
            continue
        for word in range(held_words(loc)):
            bits = pl[q, hand + word]
            while bits != 0:
                pool[m] = (word << 6) + lowest_bit(bits)
                bits &= bits - 1
                m += 1
    for i in range(on_pile, m):
        move_card(cards, deck, groups, loc, tab, pl, pool[i], Z_DRAW, NOBODY, NO_SET)
    shuffle(rng, pool, m)
    i = 0
    for q in range(n):
        for _ in range(dealt[q]):
            move_card(cards, deck, groups, loc, tab, pl, pool[i], Z_HAND, q, NO_SET)
            i += 1
    for j in range(m - i):
        pile[j] = pool[i + j]
    gs[GS_HEAD] = 0
    gs[GS_COUNT] = m - i


BANK_WORTH = 0.5  # a rollout's value at its horizon: 1M in the bank against the potential of a table


@engine_njit
def worth(groups, rules, tab, pl, q):
    return potential(groups, rules, tab, pl, q) + BANK_WORTH * pl[q, PL_BANK]


@engine_njit
def rollout_value(groups, rules, gs, tab, pl, p):
    """What a rollout is worth to seat p: 1 when p won, 0 when a rival did; a game left unfinished (at the
    search's horizon or the turn cap), p's share of the players' worth: its table's potential (the heuristics'
    measure of how near its sets are to the win, strategies/deal_logic.py) and half its bank in M."""
    winner = gs[GS_WINNER]
    if winner >= 0:
        return 1.0 if winner == p else 0.0
    total = 0.0
    for q in range(pl.shape[0]):
        total += worth(groups, rules, tab, pl, q)
    return worth(groups, rules, tab, pl, p) / total if total > 0 else 1.0 / pl.shape[0]


@engine_njit
def rollout(cards, deck, groups, rules, lineup, seed, game, first, loc, pile, gs, tab, pl, prm, p, row, search,
            decision, k, candidate, option):
    """Rollout k of a decision of search seat p, its value to p (rollout_value): from a copy of the game with
    what p cannot see dealt anew (the same for every choice of rollout k), p plays as candidate policy
    `candidate` and, at a play (option >= -1), its next play is option `option` (choose_play's SCRATCH_FORCED;
    -1: the policy's own), then the game goes on `horizon` turns after this one (0: to its end)."""
    s_loc, s_pile, s_gs, s_tab, s_pl, s_prm, s_draws, s_rng, s_choice, s_scratch, pool, dealt = search
    copy_state(loc, pile, gs, tab, pl, prm, s_loc, s_pile, s_gs, s_tab, s_pl, s_prm)
    use_candidate(s_prm, p, lineup, row, N_PARAMS, candidate)
    seed_rollout(s_rng, seed, game, decision, k)
    determinize(cards, deck, groups, s_loc, s_pile, s_gs, s_tab, s_pl, s_rng, p, pool, dealt)
    horizon = search_setting(lineup, row, N_PARAMS, S_HORIZON)
    if option < -1:  # the turn's policy, before the turn
        play_turns(cards, deck, groups, rules, s_loc, s_pile, s_gs, s_tab, s_pl, s_prm, s_draws, s_rng, s_choice,
                   s_scratch, p, first, horizon + 1 if horizon > 0 else 0)
    else:
        s_scratch[SCRATCH_FORCED] = option + 1
        s_scratch[SCRATCH_LEGAL] = -1
        step = play_one(cards, deck, groups, rules, s_loc, s_pile, s_gs, s_tab, s_pl, s_prm, s_draws, s_rng, s_choice,
                        s_scratch, p)
        s_scratch[SCRATCH_FORCED] = 0  # unread when the play was over before a choice
        play_rest(cards, deck, groups, rules, s_loc, s_pile, s_gs, s_tab, s_pl, s_prm, s_draws, s_rng, s_choice,
                  s_scratch, p, step)
        q = end_turn(rules, s_gs, s_pl, p, first)
        if q >= 0:
            play_turns(cards, deck, groups, rules, s_loc, s_pile, s_gs, s_tab, s_pl, s_prm, s_draws, s_rng, s_choice,
                       s_scratch, q, first, horizon)
    return rollout_value(groups, rules, s_gs, s_tab, s_pl, p)


@engine_njit
def searched_turn(cards, deck, groups, rules, lineup, seed, game, first, loc, pile, gs, tab, pl, prm, draws, rng,
                  choice, scratch, p, row, search):
    """Search seat p's turn (lineup row `row`). Before it, which of its candidate policies to follow (Long and
    Kanagal 2015); then before each play, which play: each of the options its policy scores (in the bank or
    for what the card is, aimed as the policy aims), stopping, or the policy's own choice. Each choice is
    played forward `rollouts` times, rollout k of every choice on the same cards and stream (common random
    numbers), and the best total is followed (ties to the policy's own choice, and to the base policy). The
    policy chosen stays p's until its next turn: its answers on the rivals' turns too."""
    s_scratch = search[9]
    rollouts = search_setting(lineup, row, N_PARAMS, S_ROLLOUTS)
    decision = gs[B_TURN] << 8  # the turn's policy, then its plays: each decision draws streams of its own
    best, best_total = 0, -1.0
    candidates = search_setting(lineup, row, N_PARAMS, S_CANDIDATES)
    for c in range(candidates if candidates > 1 else 0):
        total = 0.0
        for k in range(rollouts):
            total += rollout(cards, deck, groups, rules, lineup, seed, game, first, loc, pile, gs, tab, pl, prm, p, row,
                             search, decision, k, c, -2)
        if total > best_total:
            best, best_total = c, total
    use_candidate(prm, p, lineup, row, N_PARAMS, best)
    if not start_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, draws, rng, p):
        return
    step = CONTINUES
    while step == CONTINUES:
        decision += 1
        # the policy's own play first: it keeps a tie; the count of options is known after its first rollout
        chosen, best_total, options = -1, -1.0, 0
        option = -1
        while option == -1 or option <= options > 0:  # with no option but to stop, nothing to weigh
            total = 0.0
            for k in range(rollouts):
                total += rollout(cards, deck, groups, rules, lineup, seed, game, first, loc, pile, gs, tab, pl, prm, p,
                                 row, search, decision, k, best, option)
                if option == -1 and k == 0:
                    options = s_scratch[SCRATCH_LEGAL]  # -1: the plays were over before a choice
            if total > best_total:
                chosen, best_total = option, total
            option += 1
        scratch[SCRATCH_FORCED] = chosen + 1
        step = play_one(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p)
        scratch[SCRATCH_FORCED] = 0
    if step == PLAYS_OVER:
        finish_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, p)


@njit(cache=True, _nrt=True)  # once a game, and it allocates (shared/jit.py)
def check_invariants(cards, deck, groups, rules, loc, pile, gs, tab, pl, p):
    """Violation flags: every copy in one place and the pile agreeing, the counts agreeing with the
    copies, cards where they may be, buildings on complete sets only, the winner's sets, p's hand."""
    violations = 0
    total = deck.shape[0]
    in_pile = np.zeros(total, dtype=np.int64)
    for i in range(gs[GS_COUNT]):
        in_pile[pile[(gs[GS_HEAD] + i) % total]] += 1
    n = pl.shape[0]
    recount = np.zeros((n, T_COLUMNS, groups.shape[0]), dtype=np.int64)
    hands = np.zeros(n, dtype=np.int64)
    in_hands = np.zeros((n, PL_HELD - PL_IN_HAND), dtype=np.int64)  # per effect
    held = np.zeros((n, pl.shape[1] - PL_HELD), dtype=np.int64)  # as pl's bits
    banks = np.zeros(n, dtype=np.int64)
    tables = np.zeros(n, dtype=np.int64)
    for k in range(total):
        c = deck[k]
        zone, owner, s = loc[k, LOC_ZONE], loc[k, LOC_OWNER], loc[k, LOC_SET]
        if (zone == Z_DRAW) != (in_pile[k] == 1) or in_pile[k] > 1:
            violations |= V_CARDS
        if (zone >= Z_HAND) != (owner >= 0) or owner >= n:
            violations |= V_CARDS
            continue
        effect = cards[c, C_EFFECT]
        if zone == Z_DISCARD and effect == MONEY:  # a note is only ever banked, never played
            violations |= V_PLACE
        if zone >= Z_HAND:
            held[owner, held_column(loc, zone) - PL_HELD + (k >> 6)] |= copy_bit(k)
        if zone == Z_HAND:
            hands[owner] += 1
            in_hands[owner, effect] += 1
        elif zone == Z_BANK:
            banks[owner] += cards[c, C_VALUE]
            if effect == PROPERTY:
                violations |= V_PLACE
        elif zone == Z_TABLE:
            tables[owner] += cards[c, C_VALUE]
            if s < 0 or s >= groups.shape[0]:
                violations |= V_PLACE
                continue
            if effect == PROPERTY:
                if not fits(cards, c, s):
                    violations |= V_PLACE
                recount[owner, T_CARDS, s] += 1
                recount[owner, T_NATURAL, s] += 1 - cards[c, C_ANY]
            elif effect == HOUSE or effect == HOTEL:
                recount[owner, T_HOUSE if effect == HOUSE else T_HOTEL, s] += 1
                recount[owner, T_BONUS, s] += cards[c, C_AMOUNT]
            else:
                violations |= V_PLACE
    for q in range(n):
        if hands[q] != pl[q, PL_HAND] or banks[q] != pl[q, PL_BANK] or tables[q] != pl[q, PL_TABLE]:
            violations |= V_COUNTS
        for effect in range(in_hands.shape[1]):
            if in_hands[q, effect] != pl[q, PL_IN_HAND + effect]:
                violations |= V_COUNTS
        for column in range(held.shape[1]):
            if held[q, column] != pl[q, PL_HELD + column]:
                violations |= V_COUNTS
        sets = 0
        for s in range(groups.shape[0]):
            sets += int(complete(groups, tab, q, s))
            for column in range(T_COLUMNS):
                if recount[q, column, s] != tab[q, column, s]:
                    violations |= V_COUNTS
            buildings = tab[q, T_HOUSE, s] + tab[q, T_HOTEL, s]
            if tab[q, T_HOUSE, s] > 1 or tab[q, T_HOTEL, s] > tab[q, T_HOUSE, s] or (buildings > 0 and (
                    groups[s, G_BUILDABLE] == 0 or not complete(groups, tab, q, s))):
                violations |= V_BUILDINGS
        if sets != complete_sets(pl, q):
            violations |= V_COUNTS
    winner = gs[GS_WINNER]
    if winner >= 0 and complete_sets(pl, winner) < rules[R_SETS_TO_WIN]:
        violations |= V_WINNER
    if winner < 0 and pl[p, PL_HAND] > rules[R_HAND_LIMIT]:
        violations |= V_HAND
    return violations


@njit(cache=True, _nrt=True)  # once a game, and it allocates (shared/jit.py)
def play_game(cards, deck, groups, rules, start_loc, start_dealt, start_seat, lineup, rotate, seed, game, check, loc,
              pile, gs, tab, pl, prm, draws, rng, choice, scratch, search, game_row, player_rows, card_agg):
    """`search`: the search seats' scratch state (search_state)."""
    n = pl.shape[0]
    rotation = seat_lineup(rng, prm, lineup, rotate, seed, game)
    new_game(cards, deck, groups, rules, start_loc, start_dealt, start_seat, loc, pile, gs, tab, pl, draws, rng)
    violations = 0
    p = start_seat
    while p >= 0:
        row = (p + rotation) % n
        if search_setting(lineup, row, N_PARAMS, S_ROLLOUTS) > 0:
            searched_turn(cards, deck, groups, rules, lineup, seed, game, start_seat, loc, pile, gs, tab, pl, prm,
                          draws, rng, choice, scratch, p, row, search)
        else:
            take_turn(cards, deck, groups, rules, loc, pile, gs, tab, pl, prm, draws, rng, choice, scratch, p)
        if check:
            violations |= check_invariants(cards, deck, groups, rules, loc, pile, gs, tab, pl, p)
        p = end_turn(rules, gs, pl, p, start_seat)
    _record(groups, loc, gs, tab, pl, draws, violations, rotation, game_row, player_rows, card_agg)


@engine_njit
def _score(pl, i):
    """Who is ahead in Deal: complete sets first, then the value on the table and in the bank."""
    return 1000 * complete_sets(pl, i) + pl[i, PL_BANK] + pl[i, PL_TABLE]


@engine_njit
def _observe(pl, gs, winner):
    """Who leads (simulator/engines/shared/lead.py) by the score the ranks after the winner go by; nobody
    goes out in Deal."""
    for i in range(pl.shape[0]):
        standing(gs, i, _score(pl, i))
    observed(gs, winner)


@njit(cache=True, _nrt=True)  # once a game, and it allocates (shared/jit.py)
def _record(groups, loc, gs, tab, pl, draws, violations, rotation, game_row, player_rows, card_agg):
    n = pl.shape[0]
    winner = gs[GS_WINNER]
    _observe(pl, gs, winner)
    write_game_row(game_row, gs, winner, END_SETS if winner >= 0 else END_TURN_CAP, winner >= 0, violations,
                   rotation)
    score = np.zeros(n, dtype=np.int64)
    for i in range(n):
        score[i] = _score(pl, i)
    for i in range(n):
        # The winner first; then more complete sets, more value on the table and in the bank, the earlier seat.
        rank = 1
        for j in range(n):
            if j != i and i != winner and (j == winner or score[j] > score[i] or (score[j] == score[i] and j < i)):
                rank += 1
        row = player_rows[i]
        row[PO_CASH] = pl[i, PL_BANK]
        row[PO_NET_WORTH] = pl[i, PL_BANK] + pl[i, PL_TABLE]
        row[PO_OUT_TURN] = -1
        row[PO_RANK] = rank
        row[PO_SETS] = complete_sets(pl, i)
        row[PO_PROPERTIES] = tab[i, T_CARDS, :].sum()
        row[PO_HAND] = pl[i, PL_HAND]
        row[PO_RENT_IN] = pl[i, PL_RENT_IN]
        row[PO_RECEIVED] = pl[i, PL_RECEIVED]
        row[PO_PAID] = pl[i, PL_PAID]
        row[PO_ACTIONS] = pl[i, PL_ACTIONS]
        row[PO_BANKED] = pl[i, PL_BANKED]
        row[PO_TAKEN] = pl[i, PL_TAKEN]
        row[PO_SETS_TAKEN] = pl[i, PL_SETS_TAKEN]
        row[PO_SAID_NO] = pl[i, PL_SAID_NO]
        row[PO_CANCELLED] = pl[i, PL_CANCELLED]
        row[PO_DISCARDED] = pl[i, PL_DISCARDED]
        row[PO_GROUPS_HELD] = pl[i, PL_GROUPS_HELD]
        row[PO_NOTES_BANKED] = pl[i, PL_NOTES_BANKED]
        row[PO_LAID] = pl[i, PL_LAID]
        row[PO_LAID_OVER_NOTE] = pl[i, PL_LAID_OVER_NOTE]
        row[PO_FIRST_ATTACK] = pl[i, PL_FIRST_ATTACK]
        row[PO_NO_KEPT] = pl[i, PL_NO_KEPT]
        row[PO_WILDS_MOVED] = pl[i, PL_WILDS_MOVED]
        row[PO_NO_BANKED] = pl[i, PL_NO_BANKED]
    record_card_aggregates(winner, draws, player_rows, card_agg)


@njit(cache=True, nogil=True)
def play_chunk(cards, deck, groups, rules, start_loc, start_dealt, start_seat, lineup, rotate, seed, first_game, check,
               games_out, players_out, sq_agg, card_agg):
    """As board.play_chunk: game g is seeded from (seed, g) alone; sq_agg has no squares (Deal has no board).
    From the position the start arrays hold when they have rows, seat `start_seat` first."""
    n_players = lineup.shape[0]
    total = deck.shape[0]
    loc = np.zeros((total, LOC_COLUMNS), dtype=np.int64)
    pile = np.zeros(total, dtype=np.int64)
    gs = np.zeros(GS_COLUMNS, dtype=np.int64)
    tab = np.zeros((n_players, T_COLUMNS, groups.shape[0]), dtype=np.int64)
    pl = np.zeros((n_players, player_columns(total)), dtype=np.int64)
    prm = np.zeros((n_players, N_PARAMS), dtype=np.float64)
    draws = np.zeros((n_players, cards.shape[0]), dtype=np.int64)
    rng = np.zeros(4, dtype=np.uint64)
    choice = np.zeros(CH_COLUMNS, dtype=np.int64)
    scratch = np.zeros(scratch_length(cards, deck), dtype=np.int64)
    search = search_state(loc, pile, gs, tab, pl, prm, draws, choice, scratch)
    for g in range(games_out.shape[0]):
        play_game(borrowed(cards), borrowed(deck), borrowed(groups), borrowed(rules), borrowed(start_loc),
                  borrowed(start_dealt), start_seat, borrowed(lineup), rotate, seed, first_game + g, check,
                  borrowed(loc), borrowed(pile), borrowed(gs), borrowed(tab), borrowed(pl), borrowed(prm),
                  borrowed(draws), borrowed(rng), borrowed(choice), borrowed(scratch), search, borrowed(games_out[g]),
                  borrowed(players_out[g]), borrowed(card_agg))
