"""The compiled decisions of the Monopoly Deal strategies.

One heuristic, its behaviour set by the seat's parameter row `prm[p]` (layout:
simulator/engines/deal/layout.py, meaning: strategies/deal.py). It scores every way to play every card in
hand by its immediate gain and plays the best, while the best is worth a play. Gains are in millions (M):
money counts its value; a table is worth its `potential` (how near its sets are to complete, and the
complete sets to the win), so laying, taking and giving away properties compare with money.
"""
import numpy as np
from numba import njit

from simulator.engines.deal.layout import (
    B_ROUND, BIRTHDAY, C_AMOUNT, C_ANY, C_COLOURS, C_EACH, C_EFFECT, C_VALUE, DEAL_BREAKER, DEBT_COLLECTOR,
    DOUBLE_RENT, FORCED_DEAL, G_SIZE, GS_PLAYS_LEFT, HOTEL, HOUSE, JUST_SAY_NO, LOC_OWNER, LOC_SET, LOC_ZONE,
    MONEY, P_ATTACK_FROM_ROUND, P_ATTACK_WEIGHT, P_BANK_TARGET, P_BANK_URGENCY, P_BANK_WEIGHT, P_BUILD_WEIGHT,
    P_DENY_WEIGHT, P_HOLD_JUST_SAY_NO, P_MIN_GAIN, P_PROPERTY_WEIGHT, P_RANDOMNESS, PASS_GO, PL_BANK, PROPERTY,
    R_DOUBLE_RENT_STACKS, R_SETS_TO_WIN, RENT, T_BONUS, T_CARDS, T_HOTEL, T_NATURAL, Z_BANK, Z_HAND,
    Z_TABLE,
)
from simulator.engines.deal.state import (
    ENTERS, LEAVES, NO_SET, add_to_set, can_build, complete, complete_sets, count_in_hand, fits, held_column,
    held_words, is_wild, lowest_bit, payable, rent_of,
)
from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.rng import below, happens

NO = -1e18                # an option that cannot be played
SET_WORTH = 8.0           # a complete set
PART_WORTH = 5.0          # a set one card short of complete is worth PART_WORTH * (share held)^2
PAIR_WORTH = 4.0          # each pair of complete sets (the second set, then the third, near the win)
WIN_WORTH = 1000.0
PASS_GO_GAIN = 3.0        # two cards drawn, with plays left to use them
ACTION_BANK_SHARE = 0.5   # banking an action card gives up its action: half the gain of money

# The choice an evaluation makes, written to `choice` for the engine to carry out
CH_SET = 0          # the set a property is laid in, a rent charges, a building stands on, a Deal Breaker takes
CH_VICTIM = 1       # the player an action is aimed at, -1 for every opponent
CH_TAKE = 2         # the copy a Sly Deal or Forced Deal takes
CH_GIVE = 3         # the copy a Forced Deal gives
CH_DOUBLES = 4      # Double The Rent cards played with a rent
CH_COLUMNS = 5
# The decisions' scratch (scratch_length, zeros when allocated): an option's targets, the number of choose_play
# calls made with it, the option the next call must play (a search's, one more than its index among the call's
# legal options; 0: its best), the number of legal options the last call had, then per card type the call that
# last scored it (marks never cleared: the count tells this call's from earlier ones), then the bits of the sums
# a bank can pay
SCRATCH_CALLS = CH_COLUMNS
SCRATCH_FORCED = CH_COLUMNS + 1
SCRATCH_LEGAL = CH_COLUMNS + 2
SCRATCH_COLUMNS = CH_COLUMNS + 3


# A table's *potential* (what it is worth toward the win) is the sum of a term per set and a term for the
# number of complete sets; a change to one set changes only its own term and, maybe, the count's, so
# every gain below is computed from the one set it touches (the turn loop asks for thousands a game).


@engine_njit
def _set_term(size, cards_laid, natural, bonus):
    """One set's share of the potential, and whether it is complete."""
    n = min(cards_laid, size)
    if n <= 0:
        return 0.0, 0
    if cards_laid >= size and natural > 0:
        return SET_WORTH + 0.5 * bonus, 1
    share = n / size
    return PART_WORTH * share * share * (1.0 if natural > 0 else 0.5), 0


@engine_njit
def _sets_term(sets_to_win, sets):
    if sets >= sets_to_win:
        return WIN_WORTH
    return PAIR_WORTH * sets * (sets - 1) / 2


@engine_njit
def _set_change(size, cards_laid, natural, bonus, d_cards, d_natural, d_bonus, sets, sets_to_win):
    """potential_change from the set's counts and the player's complete sets: scalars only, so that the
    compiler inlines it where a property is scored (no arrays to pass, no reference counts)."""
    before, was = _set_term(size, cards_laid, natural, bonus)
    after, now = _set_term(size, cards_laid + d_cards, natural + d_natural, bonus + d_bonus)
    return after - before + _sets_term(sets_to_win, sets - was + now) - _sets_term(sets_to_win, sets)


@engine_njit
def potential(groups, rules, tab, pl, p):
    """p's table's potential: its sets' terms and its complete sets' (the win's when it has won)."""
    total = _sets_term(rules[R_SETS_TO_WIN], complete_sets(pl, p))
    for s in range(groups.shape[0]):
        term, _ = _set_term(groups[s, G_SIZE], tab[p, T_CARDS, s], tab[p, T_NATURAL, s], tab[p, T_BONUS, s])
        total += term
    return total


@engine_njit
def potential_change(groups, rules, tab, pl, p, s, d_cards, d_natural, d_bonus):
    """How p's potential changes when its set s gains d_cards cards (d_natural of them not the any-colour
    wild) and d_bonus of building rent (negative: loses them)."""
    return _set_change(groups[s, G_SIZE], tab[p, T_CARDS, s], tab[p, T_NATURAL, s], tab[p, T_BONUS, s], d_cards,
                       d_natural, d_bonus, complete_sets(pl, p), rules[R_SETS_TO_WIN])


@engine_njit
def _shift(cards, groups, tab, pl, p, c, s, d):
    add_to_set(groups, tab, pl, p, s, d, d * (1 - cards[c, C_ANY]))


@engine_njit
def placing_gain(cards, groups, rules, tab, pl, p, c, s):
    """What laying property card c in set s adds to p's potential."""
    return potential_change(groups, rules, tab, pl, p, s, 1, 1 - cards[c, C_ANY], 0)


@engine_njit
def removal_loss(cards, groups, rules, tab, pl, q, c, s):
    """What losing property card c from its set s takes from q's potential."""
    return -potential_change(groups, rules, tab, pl, q, s, -1, cards[c, C_ANY] - 1, 0)


@engine_njit
def best_set(cards, groups, rules, tab, pl, p, c):
    """The set p would lay property card c in (the one it adds most to; the first of equals), and the gain."""
    best = -1
    gain = NO
    natural = 1 - cards[c, C_ANY]
    sets, sets_to_win = complete_sets(pl, p), rules[R_SETS_TO_WIN]
    colours = cards[c, C_COLOURS]  # the sets it fits, visited in their order
    while colours != 0:
        s = lowest_bit(colours)
        colours &= colours - 1
        g = _set_change(groups[s, G_SIZE], tab[p, T_CARDS, s], tab[p, T_NATURAL, s], tab[p, T_BONUS, s], 1, natural,
                        0, sets, sets_to_win)
        if g > gain:
            best, gain = s, g
    return best, gain


@engine_njit
def _weighted(gain, weight):
    """A gain under a strategy's weight; a win is a win whatever the weights."""
    return gain if gain >= WIN_WORTH / 2 else gain * weight


@engine_njit
def set_taking_gain(groups, rules, tab, pl, p, q, s):
    """Deal Breaker on q's complete set s: p's gain and q's loss of potential (the cards that are not the
    any-colour wild go first, with the set's buildings)."""
    size = groups[s, G_SIZE]
    natural = min(tab[q, T_NATURAL, s], size)
    bonus = tab[q, T_BONUS, s]
    return (potential_change(groups, rules, tab, pl, p, s, size, natural, bonus),
            -potential_change(groups, rules, tab, pl, q, s, -size, -natural, -bonus))


@njit(cache=True, inline="always")
def takeable(cards, deck, groups, loc, tab, k, p):
    """Can a Sly Deal or Forced Deal of p take copy k: a property on a rival's table, not in a complete set?"""
    q = loc[k, LOC_OWNER]
    return (loc[k, LOC_ZONE] == Z_TABLE and q != p and cards[deck[k], C_EFFECT] == PROPERTY
            and not complete(groups, tab, q, loc[k, LOC_SET]))


@engine_njit
def _best_take(cards, deck, groups, rules, loc, tab, pl, prm, p, choice):
    """The rival property p most wants (its gain plus the rival's loss, weighed by deny_weight)."""
    best = NO
    table = held_column(loc, Z_TABLE)
    for w in range(held_words(loc)):
        bits = 0
        for q in range(pl.shape[0]):
            if q != p:
                bits |= pl[q, table + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            if not takeable(cards, deck, groups, loc, tab, k, p):
                continue
            c = deck[k]
            s, gain = best_set(cards, groups, rules, tab, pl, p, c)
            gain += prm[p, P_DENY_WEIGHT] * removal_loss(cards, groups, rules, tab, pl, loc[k, LOC_OWNER], c,
                                                         loc[k, LOC_SET])
            if gain > best:
                best = gain
                choice[CH_TAKE] = k
                choice[CH_VICTIM] = loc[k, LOC_OWNER]
                choice[CH_SET] = s
    return best


@engine_njit
def _least_missed(cards, deck, groups, rules, loc, tab, pl, p):
    """p's property it would miss least, not in a complete set: (copy, loss), (-1, NO) when none."""
    best = -1
    least = -NO
    table = held_column(loc, Z_TABLE)
    for w in range(held_words(loc)):
        bits = pl[p, table + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            if cards[deck[k], C_EFFECT] != PROPERTY or complete(groups, tab, p, loc[k, LOC_SET]):
                continue
            loss = removal_loss(cards, groups, rules, tab, pl, p, deck[k], loc[k, LOC_SET]) + 0.1 * cards[deck[k], C_VALUE]
            if loss < least:
                best, least = k, loss
    return best, least


@engine_njit
def _rent_gain(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, c, choice):
    """The best rent card c can charge: colour, victim and Double The Rent cards played with it."""
    n = pl.shape[0]
    doubles = count_in_hand(pl, p, DOUBLE_RENT)
    doubles = min(doubles, gs[GS_PLAYS_LEFT] - 1)
    if rules[R_DOUBLE_RENT_STACKS] == 0:
        doubles = min(doubles, 1)
    best = NO
    for s in range(groups.shape[0]):
        if not fits(cards, c, s):
            continue
        base = rent_of(groups, tab, p, s)
        if base == 0:
            continue
        for u in range(doubles + 1):
            amount = base << u
            if cards[c, C_EACH] == 1:
                victim = -1
                collected = 0
                for q in range(n):
                    if q != p:
                        collected += min(amount, payable(pl, q))
            else:
                victim, collected = target_for(pl, p, amount)
            gain = collected * prm[p, P_ATTACK_WEIGHT] - u * prm[p, P_BANK_WEIGHT]
            if gain > best:
                best = gain
                choice[CH_SET] = s
                choice[CH_VICTIM] = victim
                choice[CH_DOUBLES] = u
    return best


@engine_njit
def target_for(pl, p, amount):
    """The rival p demands `amount` of, and what it can pay: who can pay most of it, then who is nearest
    to winning (complete sets), then the richest; a tie goes to the first in turn order after p, so that
    no seat is everyone's target by its number. (-1, 0) with no rival."""
    n = pl.shape[0]
    victim, due_best, sets_best, worth_best = -1, 0, -1, -1
    for i in range(1, n):
        q = (p + i) % n
        worth = payable(pl, q)
        due = min(amount, worth)
        sets = complete_sets(pl, q)
        if due > due_best or (due == due_best and (sets > sets_best or (sets == sets_best and worth > worth_best))):
            victim, due_best, sets_best, worth_best = q, due, sets, worth
    return victim, due_best


@engine_njit
def _building_gain(cards, groups, tab, prm, p, c, choice):
    """The best set building card c can stand on (NO when none)."""
    best = NO
    for s in range(groups.shape[0]):
        if can_build(cards, groups, tab, p, s, c):
            gain = cards[c, C_AMOUNT] * prm[p, P_BUILD_WEIGHT] + 0.01 * rent_of(groups, tab, p, s)
            if gain > best:
                best = gain
                choice[CH_SET] = s
    return best


@engine_njit
def _attack_gain(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, c, choice):
    """The gain of action card c aimed at rivals (rent, Birthday, Debt Collector, the deals)."""
    effect = cards[c, C_EFFECT]
    n = pl.shape[0]
    weight = prm[p, P_ATTACK_WEIGHT]
    if effect == RENT:
        return _rent_gain(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, c, choice)
    if effect == BIRTHDAY:
        collected = 0
        for q in range(n):
            if q != p:
                collected += min(cards[c, C_AMOUNT], payable(pl, q))
        choice[CH_VICTIM] = -1
        return collected * weight if collected > 0 else NO
    if effect == DEBT_COLLECTOR:
        victim, collected = target_for(pl, p, cards[c, C_AMOUNT])
        choice[CH_VICTIM] = victim
        return collected * weight if collected > 0 else NO
    if effect == DEAL_BREAKER:
        best = NO
        for i in range(1, n):  # in turn order from p: a tie goes to the next player, never to a fixed seat
            q = (p + i) % n
            if complete_sets(pl, q) == 0:
                continue
            for s in range(groups.shape[0]):
                if not complete(groups, tab, q, s):
                    continue
                gain, loss = set_taking_gain(groups, rules, tab, pl, p, q, s)
                value = _weighted(gain + prm[p, P_DENY_WEIGHT] * loss, weight)
                if value > best:
                    best = value
                    choice[CH_VICTIM] = q
                    choice[CH_SET] = s
        return best
    best = _best_take(cards, deck, groups, rules, loc, tab, pl, prm, p, choice)
    if best == NO:
        return NO
    if effect == FORCED_DEAL:
        # What to give is chosen with the take made, so that the card given never undoes the take (a red
        # taken to complete the reds, a red given back)
        taken = deck[choice[CH_TAKE]]
        _shift(cards, groups, tab, pl, p, taken, choice[CH_SET], ENTERS)
        give, loss = _least_missed(cards, deck, groups, rules, loc, tab, pl, p)
        _shift(cards, groups, tab, pl, p, taken, choice[CH_SET], LEAVES)
        if give < 0:
            return NO
        choice[CH_GIVE] = give
        best -= loss
    return _weighted(best, weight)


@engine_njit
def _banking_gain(value, effect, hold_no, weight, urgency):
    """What putting a card of `value` and `effect` in the bank is worth to a player, with its bank_weight and
    the urgency its bank now has. Scalars only, so that the compiler inlines it into choose_play."""
    if value == 0 or effect == PROPERTY:
        return NO
    if effect == JUST_SAY_NO and hold_no:
        return NO
    gain = value * weight * urgency
    return gain if effect == MONEY else gain * ACTION_BANK_SHARE


@engine_njit
def scratch_length(cards, deck):
    """The length of the decisions' scratch: an option's targets, a count of calls, a mark per card type, and
    a bit for every sum a bank can hold (0 to the deck's whole value) for payment_card."""
    total = 0
    for k in range(deck.shape[0]):
        total += cards[deck[k], C_VALUE]
    return SCRATCH_COLUMNS + cards.shape[0] + (total >> 6) + 1


@engine_njit
def choose_play(cards, deck, groups, rules, loc, gs, tab, pl, prm, rng, p, choice, scratch):
    """The copy p plays next and whether into its bank: (-1, False) to stop. With probability
    `randomness` the play is any legal one (of the distinct cards in hand). `choice` gets the play's
    targets; `scratch` (scratch_length long, allocated once per chunk of games) holds an option's targets
    while options are compared, and marks the card types this call scored. A search sets the option this
    call plays (SCRATCH_FORCED: its index among the legal options in the order they are scored, or their
    count to stop) and reads their count (SCRATCH_LEGAL)."""
    forced = scratch[SCRATCH_FORCED] - 1
    scratch[SCRATCH_FORCED] = 0
    best_k = -1
    best_bank = False
    best = NO
    legal = 0
    wild = happens(rng, prm[p, P_RANDOMNESS])
    # What does not change while p chooses, read once for all its options
    bank_weight = prm[p, P_BANK_WEIGHT]
    urgency = prm[p, P_BANK_URGENCY] if pl[p, PL_BANK] < prm[p, P_BANK_TARGET] else 1.0
    hold_no = prm[p, P_HOLD_JUST_SAY_NO] >= 1.0
    attacks = gs[B_ROUND] + 1 >= prm[p, P_ATTACK_FROM_ROUND]  # rounds count from 1
    targets = scratch[:CH_COLUMNS]
    seen = scratch[SCRATCH_COLUMNS:SCRATCH_COLUMNS + cards.shape[0]]  # copies of one card play alike: one is scored
    scratch[SCRATCH_CALLS] += 1  # this call's mark: clearing the marks cost a memset a call
    mark = scratch[SCRATCH_CALLS]
    hand = held_column(loc, Z_HAND)
    for w in range(held_words(loc)):
        bits = pl[p, hand + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            c = deck[k]
            if seen[c] == mark:
                continue
            seen[c] = mark
            effect = cards[c, C_EFFECT]
            for bank in (False, True):  # played for what it is (laid, or its action), then into the bank
                targets[:] = -1
                targets[CH_DOUBLES] = 0
                if bank:
                    gain = _banking_gain(cards[c, C_VALUE], effect, hold_no, bank_weight, urgency)
                elif effect == PROPERTY:
                    s, gain = best_set(cards, groups, rules, tab, pl, p, c)
                    targets[CH_SET] = s
                    gain = _weighted(gain, prm[p, P_PROPERTY_WEIGHT])
                elif effect == PASS_GO:
                    gain = PASS_GO_GAIN if gs[GS_PLAYS_LEFT] >= 2 else 1.0
                elif effect == HOUSE or effect == HOTEL:  # a building stands only on a complete set
                    gain = _building_gain(cards, groups, tab, prm, p, c, targets) if complete_sets(pl, p) > 0 else NO
                elif effect == MONEY or effect == JUST_SAY_NO or effect == DOUBLE_RENT or not attacks:
                    # a note can only be banked (rulebook: Type A); Just Say No and Double The Rent are played
                    # only in answer to an action, or with a rent
                    gain = NO
                else:
                    gain = _attack_gain(cards, deck, groups, rules, loc, gs, tab, pl, prm, p, c, targets)
                if gain == NO:
                    continue
                legal += 1
                if forced >= 0:
                    take = legal - 1 == forced
                elif wild:
                    take = below(rng, legal) == 0
                else:
                    take = gain > best
                if take:
                    best, best_k, best_bank = gain, k, bank
                    for i in range(CH_COLUMNS):
                        choice[i] = targets[i]
    scratch[SCRATCH_LEGAL] = legal
    if best_k >= 0 and not wild and forced < 0 and best < prm[p, P_MIN_GAIN]:
        return -1, False
    return best_k, best_bank


@engine_njit
def _add_to_sums(sums, words, value):
    """The sums the notes so far make (bit v of `sums`, word v >> 6: the sum v), with a note of `value` more:
    each sum, and each sum plus the value. Words from the top down, so each note counts once."""
    shift, bit = value >> 6, value & 63
    for w in range(words - 1, shift - 1, -1):
        moved = sums[w - shift] << bit
        if bit > 0 and w > shift:  # the bits that cross from the word below (>> keeps the sign: masked)
            moved |= (sums[w - shift - 1] >> (64 - bit)) & ((np.int64(1) << bit) - 1)
        sums[w] |= moved


@engine_njit
def _has_sum(sums, v):
    return (sums[v >> 6] >> (v & 63)) & 1 == 1


@engine_njit
def _first_note(cards, deck, loc, pl, q, bank, due, sums):
    """The first note of the combination of q's bank (worth `bank` in all) that pays `due` overpaying least
    (its first note when the bank does not cover it): the note whose addition, in the order of the copies,
    first made the least sum from `due` up. An exact search over the sums the notes can make, as bits;
    `sums` holds (bank >> 6) + 1 entries at least."""
    notes = held_column(loc, Z_BANK)
    words = (bank >> 6) + 1
    least = due  # the least sum to pay with: `due` itself unless the notes cannot make it
    for search in range(2):  # a second pass when they cannot, for the least sum over `due` they make
        sums[:words] = 0
        sums[0] = 1  # the empty sum
        for w in range(held_words(loc)):
            bits = pl[q, notes + w]
            while bits != 0:
                k = (w << 6) + lowest_bit(bits)
                bits &= bits - 1
                if bank <= due:
                    return k
                _add_to_sums(sums, words, cards[deck[k], C_VALUE])
                if _has_sum(sums, least):
                    return k
        w = due >> 6
        bits = sums[w] & (np.int64(-1) << (due & 63))
        while bits == 0:  # the bank's whole value is a sum over due: there is one
            w += 1
            bits = sums[w]
        least = (w << 6) + lowest_bit(bits)
    return -1


@engine_njit
def payment_card(cards, deck, groups, rules, loc, tab, pl, q, due, scratch):
    """The next card q pays a debt of `due` with (the payer chooses): from the bank first, overpaying as
    little as it can; then from the table, what it misses least for the value. -1 when q has nothing of
    value left. `scratch` as choose_play's."""
    if pl[q, PL_BANK] > 0:
        return _first_note(cards, deck, loc, pl, q, pl[q, PL_BANK], due, scratch[SCRATCH_COLUMNS + cards.shape[0]:])
    best = -1
    best_score = -NO
    table = held_column(loc, Z_TABLE)
    for w in range(held_words(loc)):
        bits = pl[q, table + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            c = deck[k]
            value = cards[c, C_VALUE]
            if value == 0:
                continue
            s = loc[k, LOC_SET]
            if cards[c, C_EFFECT] == PROPERTY:
                loss = removal_loss(cards, groups, rules, tab, pl, q, c, s)
            elif cards[c, C_EFFECT] == HOUSE and tab[q, T_HOTEL, s] > 0:
                continue  # the hotel goes first: a hotel stands only on a house
            else:
                loss = 0.5 * cards[c, C_AMOUNT]
            score = 2.0 * loss + (value - due if value >= due else 0.5 * (due - value))
            if score < best_score:
                best, best_score = k, score
    return best


@engine_njit
def says_no(prm, q, loss, threshold_column):
    """Does q answer with a Just Say No it holds an action that costs it `loss` (or, for the attacker, a
    cancellation that costs it what the action gains)? Never for nothing."""
    return loss > 0 and loss >= prm[q, threshold_column]


@engine_njit
def least_kept(cards, deck, loc, pl, p):
    """The card p puts back under the pile first when its hand is over the limit."""
    best = -1
    least = -NO
    hand = held_column(loc, Z_HAND)
    for w in range(held_words(loc)):
        bits = pl[p, hand + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            c = deck[k]
            effect = cards[c, C_EFFECT]
            keep = float(cards[c, C_VALUE])
            if effect == PROPERTY:
                keep += 5.0
            elif effect == JUST_SAY_NO or effect == DEAL_BREAKER:
                keep += 10.0
            elif effect != MONEY:
                keep += 1.0
            if keep < least:
                best, least = k, keep
    return best


KEEP_WILD = -2  # freed_wild_set: no exchange, the wild stays where it is


@engine_njit
def freed_wild_set(cards, groups, rules, tab, pl, p, c, s, drawn):
    """Where p puts wild card c laid in set s when property card `drawn`, just drawn, may take its place (rule
    wild_moves = rulebook): on the other set of its colours it adds most to (laid now, for no play), or back in
    the hand (NO_SET) when it adds to none, to be laid later where it is needed. The exchange is optional ("vous
    pouvez les échanger"): KEEP_WILD when laying `drawn` on s beside the wild adds more than moving the wild on
    (a red drawn that completes red + wild beats the wild moved to a yellow it does not complete)."""
    best, best_gain = NO_SET, 1e-9
    colours = cards[c, C_COLOURS] & ~(1 << s)
    while colours != 0:
        t = lowest_bit(colours)
        colours &= colours - 1
        gain = placing_gain(cards, groups, rules, tab, pl, p, c, t)
        if gain > best_gain:
            best, best_gain = t, gain
    if best != NO_SET and best_gain < placing_gain(cards, groups, rules, tab, pl, p, drawn, s):
        return KEEP_WILD
    return best


@engine_njit
def wild_move(cards, deck, groups, rules, loc, tab, pl, p, only_set, need_set):
    """The move of one of p's wilds to another of its colours that adds most to p's potential (when
    `need_set`, only one that completes a set more): (copy, new set), (-1, -1) when none helps. With
    only_set >= 0, only wilds laid in that set may move."""
    best_k, best_s = -1, -1
    best = 1e-9
    table = held_column(loc, Z_TABLE)
    for w in range(held_words(loc)):
        bits = pl[p, table + w]
        while bits != 0:
            k = (w << 6) + lowest_bit(bits)
            bits &= bits - 1
            c = deck[k]
            s = loc[k, LOC_SET]
            if not is_wild(cards, c) or (only_set >= 0 and s != only_set):
                continue
            sets_before = complete_sets(pl, p)
            lifted = -removal_loss(cards, groups, rules, tab, pl, p, c, s)
            _shift(cards, groups, tab, pl, p, c, s, LEAVES)
            for t in range(groups.shape[0]):
                if t == s or not fits(cards, c, t):
                    continue
                gain = lifted + placing_gain(cards, groups, rules, tab, pl, p, c, t)
                _shift(cards, groups, tab, pl, p, c, t, ENTERS)
                sets_after = complete_sets(pl, p)
                _shift(cards, groups, tab, pl, p, c, t, LEAVES)
                if gain > best and (not need_set or sets_after > sets_before):
                    best_k, best_s, best = k, t, gain
            _shift(cards, groups, tab, pl, p, c, s, ENTERS)
    return best_k, best_s
