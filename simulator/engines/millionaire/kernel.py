"""The compiled engine of Monopoly Millionaire: the board family's economy in a race to a million.

Buying, auctions, rent, building, mortgages, raising money, trades, jail fines and bankruptcy are the
board economy's (shared/play.py), on the same state columns. What is Millionaire's is here: the salary of one's
star level and the upgrade bought out of it on GO, the Fortune card lying on each property until someone
lands there, cards whose amounts depend on the star level, kept Fortune cards (steal, swap, free house),
and the game won the moment a player holds the winning cash. Rule references ("rulebook: Cartes Fortune")
point at shared/rules/003_b78aa77f0f31f052.txt. Column numbers are in layout.py.
"""
import numpy as np
from numba import njit

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.play import (
    FINE, NOBODY, NOT_A_FINE, bank_pays, build, card_steps, check_economy, each_player_pays, into_bank, jail_turn, lift_mortgages,
    load_position, may_build, may_lift_mortgage, may_trade, new_game, next_building, note_groups, offer_square,
    pay_bank, pay_rent, record_game, roll, roll_to_move, send_to_jail, trade, transfer,
)
from simulator.engines.shared.decks import card_accounted_for, draw, to_bottom
from simulator.engines.shared.games import chunk_state, next_seat, seat_lineup
from simulator.engines.shared.layout import DQ_CARDS, DQ_COUNT, DQ_HEAD, D_LEN
from simulator.engines.shared.rng import shuffle
from simulator.engines.shared.search import (
    S_CANDIDATES, S_HORIZON, S_ROLLOUTS, search_setting, searching, shuffle_undrawn, start_rollout, use_candidate,
)
from simulator.engines.shared.lead import ROUND_END, observed, standing
from simulator.engines.shared.state import (
    hotel_level, repairs_due, wealth,
)
from simulator.engines.millionaire.layout import (
    ADVANCE_TO, ADVANCE_TO_NEAREST, BANK, B_COLUMNS, B_HOUSES, B_NET, B_OWNERSHIP, B_ROUND, B_TURN, B_WINNER, CARD,
    COLLECT_SALARY, C_A, C_AMOUNT, C_B, C_DECK, C_EFFECT, C_FINE, C_MIN_ROLL, DICE_CHALLENGE, EACH_PLAYER,
    END_LAST_STANDING, END_MILLION, END_TURN_CAP, FORCE_SWAP, FREE_HOUSE, GET_OUT_OF_JAIL, GIVE_PROPERTY,
    GO_TO_JAIL, GO_TO_JAIL_CARD, G_MEMBERS, G_SIZE, MOVE, N_PARAMS, O_COLUMNS, O_FORTUNE, O_LEVEL, O_MORTGAGED,
    O_OWNER, PL_ALIVE, PL_AUCTION_PRICE_MAX, PL_BUILD_IDLE, PL_CASH, PL_COLUMNS, PL_FORTUNE_PLAYED, PL_GROUPS_SEEN,
    PL_JAIL, PL_COMPLETE_STREETS, PL_KEPT_CASH_MIN, PL_OFFERS, PL_POS, PL_SPEND_CASH_MAX, PL_STAR, PL_STAR_ROUND,
    PL_UPGRADES_SKIPPED, PL_UPGRADES_UNBUILT, PL_UPGRADE_CASH_MAX, PL_UPGRADE_CASH_MIN, PO_FORTUNE_PLAYED,
    PO_MEASURES, PO_STARS, PO_STAR_ROUND, REPAIRS, R_FORTUNE_DECK, R_KEPT_CARDS, R_MAX_ROUNDS, R_SALARY, R_START_CASH,
    R_UPGRADE_COST, R_WIN_CASH, SA_AUCTIONED, SA_BOUGHT, SA_LANDINGS, SQ_AMOUNT, SQ_DECK, SQ_GROUP, SQ_KIND,
    SQ_PRICE, STAR_LEVELS, STEAL_PROPERTY, TAX, V_CARDS, V_FORTUNE_ON_OWNED, V_STARS, V_WINNER,
)
from simulator.engines.shared.views import borrowed
from strategies import millionaire_logic as millionaire

# Helpers called from one place, or tiny ones, are inlined (inline="always"): every compiled function costs the
# cold compile a share of numba's pipeline whatever its size, and numba generates its module's machine code again
# in every caller's. But numba copies an inlined helper's code twice at each call, at a cost that grows with its
# blocks times its variables, so the largest bodies (a game, its record) are written in their caller instead.

# ---------------------------------------------------------------------------------------------------
# The million, GO and star levels


@engine_njit
def reached_million(rules, pl, bank, p):
    """Has someone reached the winning cash? The first to hold it wins at once (rulebook: Le premier
    joueur qui possede 1 million); p, the player moving, is looked at first."""
    if bank[B_WINNER] >= 0:
        return True
    # Seats p.. then ..p-1, in two loops: a modulo per seat was a division on every landing.
    for i in range(p, pl.shape[0]):
        if pl[i, PL_ALIVE] != 0 and pl[i, PL_CASH] >= rules[R_WIN_CASH]:
            bank[B_WINNER] = i
            return True
    for i in range(p):
        if pl[i, PL_ALIVE] != 0 and pl[i, PL_CASH] >= rules[R_WIN_CASH]:
            bank[B_WINNER] = i
            return True
    return False


@engine_njit(inline="always")
def _least(pl, p, column, value):
    """Keep the least value seen in a measure whose -1 means none yet. Inlined: its column, a literal at each
    call, compiled a copy per column."""
    if pl[p, column] < 0 or value < pl[p, column]:
        pl[p, column] = value


@engine_njit(inline="always")
def _note_spending(pl, p, cash_before, kept):
    """Measure a building or mortgage step that cost p money: the cash it started from, and for
    buildings (`kept`) the cash left. Inlined: a literal `kept` compiled a copy for each value."""
    if pl[p, PL_CASH] < cash_before:
        pl[p, PL_SPEND_CASH_MAX] = max(pl[p, PL_SPEND_CASH_MAX], cash_before)
        if kept:
            _least(pl, p, PL_KEPT_CASH_MIN, pl[p, PL_CASH])


@engine_njit
def pass_go(sq, rent, groups, own, rules, prm, pl, bank, p):
    """The salary of p's star level; p may take the next level and receive the salary less its cost
    (rulebook: Case Depart & evolution des pions). Levels are climbed one at a time. A call of its own, made
    about one move in six, where the move that calls it is inlined into its two callers."""
    level = pl[p, PL_STAR]
    cash = pl[p, PL_CASH]
    salary = rules[R_SALARY + level]
    climbable = level + 1 < STAR_LEVELS
    # Whether p has built all it wants is a scan of its groups, asked only of a player with a level to climb (one
    # at the top level passes GO without it). Without a complete street group there is nothing to build.
    built = False
    upgrade = False
    if climbable:
        complete = pl[p, PL_COMPLETE_STREETS]
        built = complete != 0 and next_building(sq, rent, groups, own, rules, prm, p, complete) < 0
        upgrade = millionaire.upgrades(rules, prm, pl, bank, p, built)
    bank_pays(pl, bank, p, salary)
    if upgrade:
        into_bank(rules, pl, bank, p, rules[R_UPGRADE_COST], NOT_A_FINE)
        pl[p, PL_STAR_ROUND + level] = bank[B_ROUND]
        pl[p, PL_STAR] = level + 1
        pl[p, PL_UPGRADE_CASH_MAX] = max(pl[p, PL_UPGRADE_CASH_MAX], cash + salary)
        _least(pl, p, PL_UPGRADE_CASH_MIN, pl[p, PL_CASH])
        pl[p, PL_SPEND_CASH_MAX] = max(pl[p, PL_SPEND_CASH_MAX], cash)
        if not built:
            pl[p, PL_UPGRADES_UNBUILT] += 1
    elif climbable and rules[R_UPGRADE_COST] <= cash + salary < rules[R_WIN_CASH]:
        pl[p, PL_UPGRADES_SKIPPED] += 1


@engine_njit(inline="always")
def advance(sq, rent, groups, own, rules, prm, pl, bank, p, steps):
    """Move p forward; each time it passes or lands on GO, p is paid (rulebook: Depart). A roll laps a
    board of a few squares more than once."""
    position = pl[p, PL_POS] + steps
    while position >= sq.shape[0]:
        position -= sq.shape[0]
        pass_go(sq, rent, groups, own, rules, prm, pl, bank, p)
    pl[p, PL_POS] = position


# ---------------------------------------------------------------------------------------------------
# Properties changing hands by card


@engine_njit
def _movable_group(groups, own, g, p):
    """May group g's properties change hands by card (no buildings in the group, as in a trade), and how
    many of them p owns."""
    movable = True
    mine = 0
    for k in range(groups[g, G_SIZE]):
        s = groups[g, G_MEMBERS + k]
        if own[s, O_LEVEL] > 0:
            movable = False
        if own[s, O_OWNER] == p:
            mine += 1
    return movable, mine


@engine_njit
def _rival_property(sq, groups, own, pl, p, completing_only):
    """The rival property p most wants: one completing p's group (the dearest), else with
    completing_only False the dearest; the first on the board among equals; -1 when there is none. Only
    properties that may move. Looked for group by group, each group's buildings and p's share counted once."""
    best = -1
    best_completes = False
    for g in range(groups.shape[0]):
        movable, mine = _movable_group(groups, own, g, p)
        completes = mine + 1 == groups[g, G_SIZE]
        if not movable or (completing_only and not completes):
            continue
        for k in range(groups[g, G_SIZE]):
            s = groups[g, G_MEMBERS + k]
            owner = own[s, O_OWNER]
            if owner < 0 or owner == p:
                continue
            if (best < 0 or (completes and not best_completes)
                    or (completes == best_completes
                        and (sq[s, SQ_PRICE] > sq[best, SQ_PRICE]
                             or (sq[s, SQ_PRICE] == sq[best, SQ_PRICE] and s < best)))):
                best = s
                best_completes = completes
    return best


@engine_njit
def _spare_property(sq, groups, own, p, keep_group):
    """p's cheapest property outside its complete groups and outside group keep_group, the first on the
    board among equals; -1 when none."""
    best = -1
    for g in range(groups.shape[0]):
        if g == keep_group:
            continue
        movable, mine = _movable_group(groups, own, g, p)
        if not movable or mine == groups[g, G_SIZE]:
            continue
        for k in range(groups[g, G_SIZE]):
            s = groups[g, G_MEMBERS + k]
            if own[s, O_OWNER] == p and (best < 0 or sq[s, SQ_PRICE] < sq[best, SQ_PRICE]
                                         or (sq[s, SQ_PRICE] == sq[best, SQ_PRICE] and s < best)):
                best = s
    return best


@engine_njit(inline="always")
def _give_property(sq, groups, own, pl, bank, p):
    """Fortune 'give a property away': p's cheapest spare property goes to the rival with least cash."""
    s = _spare_property(sq, groups, own, p, np.int64(-1))  # not a literal, which would compile a copy
    if s < 0:
        return
    poorest = NOBODY  # not a literal: transfer and what it calls would be compiled once more for -1
    for i in range(pl.shape[0]):
        if i != p and pl[i, PL_ALIVE] != 0 and (poorest < 0 or pl[i, PL_CASH] < pl[poorest, PL_CASH]):
            poorest = i
    if poorest >= 0:
        transfer(sq, groups, own, pl, bank, s, poorest)


@engine_njit(inline="always")
def _play_kept_card(sq, rent, groups, own, rules, prm, pl, bank, p, effect):
    """Use one kept Fortune card now if it does p good; True when used (rulebook: Cartes Fortune, a
    utiliser plus tard)."""
    if effect == STEAL_PROPERTY or effect == FORCE_SWAP:
        # One call for both cards: a literal True for the swap compiled a second _rival_property.
        s = _rival_property(sq, groups, own, pl, p, effect == FORCE_SWAP or not millionaire.steals_any(prm, p))
        if s < 0:
            return False
        if effect == FORCE_SWAP:
            mine = _spare_property(sq, groups, own, p, sq[s, SQ_GROUP])
            if mine < 0:
                return False
            transfer(sq, groups, own, pl, bank, mine, own[s, O_OWNER])
        transfer(sq, groups, own, pl, bank, s, p)
        return True
    if effect == FREE_HOUSE:
        s = next_building(sq, rent, groups, own, rules, prm, p, pl[p, PL_COMPLETE_STREETS])
        if s < 0 or own[s, O_LEVEL] + 1 == hotel_level(rules) or bank[B_HOUSES] == 0:
            return False
        own[s, O_LEVEL] += 1
        pl[p, PL_BUILD_IDLE] = -1
        bank[B_HOUSES] -= 1
        return True
    return False


@engine_njit(inline="always")
def _kept_fortune(effect):
    """A Fortune card kept to play later (KEPT_EFFECTS)?"""
    return effect == STEAL_PROPERTY or effect == FORCE_SWAP or effect == FREE_HOUSE


@engine_njit(inline="always")
def may_play_kept_cards(rules, cards, held, pl, p):
    """Does p hold a kept Fortune card that may do it good now? Asked every turn, of the few cards that may be
    one (R_KEPT_CARDS) rather than the whole hand, where a Get Out of Jail Free card waits for jail. A free
    house alone waits for a complete group: without one there is nowhere to build it, and the call that
    looks would find nothing."""
    for c in range(rules[R_KEPT_CARDS], rules[R_KEPT_CARDS + 1]):
        if held[p, c] > 0:
            effect = cards[c, C_EFFECT]
            if _kept_fortune(effect) and (effect != FREE_HOUSE or pl[p, PL_COMPLETE_STREETS] != 0):
                return True
    return False


@engine_njit
def play_kept_cards(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, p):
    """Play each kept Fortune card that does p good now, in the order of the cards."""
    for c in range(rules[R_KEPT_CARDS], rules[R_KEPT_CARDS + 1]):
        effect = cards[c, C_EFFECT]
        if not _kept_fortune(effect):
            continue
        # The card's play tested in the loop's body: Python tests a while's condition twice (on entry and after
        # each pass), which inlined the card's play, and compiled it, twice.
        while held[p, c] > 0:
            if not _play_kept_card(sq, rent, groups, own, rules, prm, pl, bank, p, effect):
                break
            held[p, c] -= 1
            to_bottom(decks, dq, cards[c, C_DECK], c)
            pl[p, PL_FORTUNE_PLAYED] += 1


# ---------------------------------------------------------------------------------------------------
# Cards and squares


@engine_njit
def apply_card(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p, card):
    """Do what a drawn card says, at p's star level (rulebook: Cartes Vie de Millionnaire & Chance; Cartes
    Fortune). A kept card goes to p's hand; a used one under its deck, which for Fortune cards is the
    discard pile. Returns (moved, rent multiplier, dice multiplier)."""
    effect = cards[card, C_EFFECT]
    if effect == GET_OUT_OF_JAIL or _kept_fortune(effect):
        held[p, card] += 1
        return False, 1, 0
    to_bottom(decks, dq, cards[card, C_DECK], card)
    level = pl[p, PL_STAR]
    amount = cards[card, C_AMOUNT + level]
    # What p owes the bank, paid at the end: pay_bank is inlined, and one call compiles it once.
    due = 0
    if effect == BANK:
        if amount >= 0:
            bank_pays(pl, bank, p, amount)
        else:
            due = -amount
    elif effect == EACH_PLAYER:
        each_player_pays(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, amount)
    elif effect == DICE_CHALLENGE:
        d1, d2 = roll(rng)
        if d1 + d2 >= cards[card, C_MIN_ROLL + level]:
            bank_pays(pl, bank, p, amount)
        else:
            due = cards[card, C_FINE + level]
    elif effect == COLLECT_SALARY:
        bank_pays(pl, bank, p, rules[R_SALARY + level])
    elif effect == REPAIRS:
        due = repairs_due(own, rules, p, cards[card, C_A], cards[card, C_B])
    elif effect == GIVE_PROPERTY:
        _give_property(sq, groups, own, pl, bank, p)
    elif effect == GO_TO_JAIL_CARD:
        send_to_jail(rules, pl, p)
    elif effect == ADVANCE_TO or effect == ADVANCE_TO_NEAREST or effect == MOVE:
        steps, rent_multiplier, dice_multiplier = card_steps(sq, cards, pl[p, PL_POS], card)
        if steps > 0:
            advance(sq, rent, groups, own, rules, prm, pl, bank, p, steps)
        else:
            pl[p, PL_POS] = (pl[p, PL_POS] + steps) % sq.shape[0]
        return True, rent_multiplier, dice_multiplier
    if due > 0:
        pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, due, FINE)
    return False, 1, 0


@engine_njit(inline="always")
def resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws,
                   p, dice_total):
    """Do what the square under p asks, following card moves to their end (rulebook: A votre tour, 2-3)."""
    # numpy scalars, not literals: numba would first type the loop with the literals and compile pay_rent and
    # everything it calls once more for them
    rent_multiplier = np.int64(1)
    dice_multiplier = np.int64(0)
    while True:
        if reached_million(rules, pl, bank, p):
            return
        s = pl[p, PL_POS]
        kind = sq[s, SQ_KIND]
        if sq[s, SQ_GROUP] >= 0:
            owner = own[s, O_OWNER]
            if owner < 0:
                # The Fortune card first, then buy or auction: the turn has both (rulebook: Cartes Fortune).
                card = own[s, O_FORTUNE]
                if card >= 0:
                    own[s, O_FORTUNE] = -1
                    draws[p, card] += 1
                    apply_card(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p,
                               card)
                    if pl[p, PL_ALIVE] == 0 or reached_million(rules, pl, bank, p):
                        return
                if pl[p, PL_CASH] >= sq[s, SQ_PRICE]:
                    pl[p, PL_OFFERS] += 1
                bought = sq_agg[s, SA_BOUGHT]
                auctioned = sq_agg[s, SA_AUCTIONED]
                net = bank[B_NET]
                offer_square(sq, groups, own, rules, prm, pl, bank, rng, sq_agg, p, s)
                if sq_agg[s, SA_BOUGHT] > bought:
                    _least(pl, p, PL_KEPT_CASH_MIN, pl[p, PL_CASH])
                elif sq_agg[s, SA_AUCTIONED] > auctioned:
                    # The price is what left the players for the bank.
                    q = own[s, O_OWNER]
                    share = 100 * (net - bank[B_NET]) // sq[s, SQ_PRICE]
                    pl[q, PL_AUCTION_PRICE_MAX] = max(pl[q, PL_AUCTION_PRICE_MAX], share)
            elif owner != p and own[s, O_MORTGAGED] == 0:
                pay_rent(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p, s,
                         dice_total, rent_multiplier, dice_multiplier)
                reached_million(rules, pl, bank, p)
            return
        if kind == TAX:
            pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, sq[s, SQ_AMOUNT], FINE)
            return
        if kind == GO_TO_JAIL:
            send_to_jail(rules, pl, p)
            return
        if kind != CARD:
            return
        card = draw(decks, dq, sq[s, SQ_DECK])
        if card < 0:
            return
        draws[p, card] += 1
        moved, rent_multiplier, dice_multiplier = apply_card(sq, rent, groups, own, rules, prm, pl, bank, decks, dq,
                                                             held, cards, rng, sq_agg, p, card)
        if not moved:
            reached_million(rules, pl, bank, p)
            return


@engine_njit
def take_turn(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p):
    """One turn of p: its own moves (lift mortgages, kept Fortune cards, a trade, building), then jail or
    the dice (rulebook: A votre tour; Aller en prison)."""
    hoarding = millionaire.hoards(prm, pl, p)
    if not hoarding:
        if may_lift_mortgage(prm, pl, p):
            cash = pl[p, PL_CASH]
            lift_mortgages(sq, groups, own, rules, prm, pl, bank, p)
            _note_spending(pl, p, cash, False)
    if may_play_kept_cards(rules, cards, held, pl, p):
        play_kept_cards(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, p)
    if may_trade(rules, pl, p):
        trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p)
        if reached_million(rules, pl, bank, p) or pl[p, PL_ALIVE] == 0:
            return
    if pl[p, PL_GROUPS_SEEN] != bank[B_OWNERSHIP]:
        note_groups(pl, bank, p)
    # A trade may have brought the cash up to the hoarding mark since the turn began.
    if may_build(pl, p) and not millionaire.hoards(prm, pl, p):
        cash = pl[p, PL_CASH]
        build(sq, rent, groups, own, rules, prm, pl, bank, sq_agg, p)
        _note_spending(pl, p, cash, True)
    steps = 0
    if pl[p, PL_JAIL] >= 0:
        steps = jail_turn(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p)
        if steps < 0:
            return
    doubles = 0
    again = True
    # One move in the code for the roll out of jail and the rolls of a turn: the square, inlined here, is
    # compiled once.
    while again:
        steps, doubles, again = roll_to_move(rules, pl, rng, sq_agg, p, doubles, steps)
        if steps == 0:
            return
        advance(sq, rent, groups, own, rules, prm, pl, bank, p, steps)
        resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p,
                       steps)
        sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
        if pl[p, PL_ALIVE] == 0 or pl[p, PL_JAIL] >= 0 or bank[B_WINNER] >= 0:
            return
        steps = 0


# ---------------------------------------------------------------------------------------------------
# Invariants, checked after every turn in checking mode


@njit(cache=True, _nrt=True)
def check_invariants(sq, groups, own, rules, pl, bank, decks, dq, held, cards, money_at_start):
    flags = check_economy(sq, groups, own, rules, pl, bank, money_at_start)
    for c in range(cards.shape[0]):
        on_squares = 0
        for s in range(own.shape[0]):
            if own[s, O_FORTUNE] == c:
                on_squares += 1
        if not card_accounted_for(decks, dq, held, cards[c, C_DECK], c, on_squares):
            flags |= V_CARDS
    for s in range(own.shape[0]):
        if own[s, O_OWNER] >= 0 and own[s, O_FORTUNE] >= 0:
            flags |= V_FORTUNE_ON_OWNED
    for p in range(pl.shape[0]):
        if pl[p, PL_STAR] < 0 or pl[p, PL_STAR] >= STAR_LEVELS:
            flags |= V_STARS
    winner = bank[B_WINNER]
    if winner >= 0 and pl[winner, PL_CASH] < rules[R_WIN_CASH]:
        flags |= V_WINNER
    return flags


# ---------------------------------------------------------------------------------------------------
# A game, and a batch of games


@njit(cache=True)
def play_turns(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, check,
               money_at_start, first, p, seats):
    """The game's turns from seat p, the rounds counted from seat `first`, until the million, the last player
    standing, the turn cap or `seats` seats' turns (a bankrupt seat's too; 0: no limit). Returns the invariants
    violated, how the game ended (END_TURN_CAP while it goes on) and the seat to play next, -1 when it is over."""
    n = pl.shape[0]
    violations = 0
    visited = 0
    while True:
        if pl[p, PL_ALIVE] != 0:
            take_turn(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p)
            bank[B_TURN] += 1
            if check is not None:
                violations |= check_invariants(sq, groups, own, rules, pl, bank, decks, dq, held, cards,
                                               money_at_start)
            if reached_million(rules, pl, bank, p):
                return violations, END_MILLION, -1
            alive = 0
            for i in range(n):
                alive += pl[i, PL_ALIVE]
            if alive <= 1:
                return violations, END_LAST_STANDING, -1
        p, capped = next_seat(bank, p, n, rules[R_MAX_ROUNDS], first)
        if p == first:
            _observe(pl, bank, ROUND_END)
        if capped:
            return violations, END_TURN_CAP, -1
        visited += 1
        if visited == seats:
            return violations, END_TURN_CAP, p


# ---------------------------------------------------------------------------------------------------
# The search player (simulator/engines/shared/search.py): before each of its turns, the policy that wins most
# rollouts


@njit(cache=True)
def play_searching(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, check,
                   money_at_start, lineup, rotation, seed, game, first, rollout_state):
    """The game's turns from seat `first`, a search seat choosing its policy before each of its turns
    (choose_policy); without a search seat one call of play_turns plays them all, exactly as before the search
    existed. Returns the invariants violated and how the game ended."""
    n = pl.shape[0]
    one_by_one = 1 if searching(lineup, N_PARAMS) else 0
    violations = 0
    end = END_TURN_CAP
    p = first
    while p >= 0:
        row = (p + rotation) % n
        if one_by_one and pl[p, PL_ALIVE] != 0 and search_setting(lineup, row, N_PARAMS, S_ROLLOUTS) > 0:
            choose_policy(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, check, money_at_start,
                          lineup, row, seed, game, first, p, rollout_state)
        found, end, p = play_turns(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg,
                                   draws, check, money_at_start, first, p, one_by_one)
        violations |= found
    return violations, end


@njit(cache=True)
def choose_policy(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, check, money_at_start, lineup,
                  row, seed, game, first, p, rollout_state):
    """Seat p (lineup row `row`) takes the candidate policy whose rollouts score best for it, ties to the lower
    index (its base first). Each rollout plays the game on from a copy of it in `rollout_state`, p playing the
    candidate throughout and the others as they are, the cards it cannot see reshuffled (determinize), on
    rollout k's stream for every candidate."""
    state, s_agg, pool = rollout_state
    s_pl, s_own, s_bank, s_dq, s_held, s_draws, s_prm, s_rng = (state[0], state[1], state[2], state[3], state[4],
                                                                 state[5], state[6], state[7])
    rollouts = search_setting(lineup, row, N_PARAMS, S_ROLLOUTS)
    horizon = search_setting(lineup, row, N_PARAMS, S_HORIZON)
    best, best_value = 0, -1.0
    for c in range(search_setting(lineup, row, N_PARAMS, S_CANDIDATES)):
        value = 0.0
        for k in range(rollouts):
            start_rollout(pl, own, bank, dq, held, prm, s_pl, s_own, s_bank, s_dq, s_held, s_prm, lineup, row,
                          N_PARAMS, p, c, s_rng, seed, game, k)
            determinize(sq, rules, decks, s_own, s_dq, s_rng, pool)
            _, end, _ = play_turns(sq, rent, groups, s_own, rules, s_prm, s_pl, s_bank, decks, s_dq, s_held, cards,
                                   s_rng, s_agg, s_draws, check, money_at_start, first, p, horizon)
            value += rollout_value(sq, rules, s_own, s_pl, s_bank, end, p)
        if value > best_value:
            best, best_value = c, value
    use_candidate(prm, p, lineup, row, N_PARAMS, best)


@engine_njit
def determinize(sq, rules, decks, own, dq, rng, pool):
    """What a seat cannot see, in a new order from `rng`: every deck's undrawn cards, and the Fortune cards lying
    face down on the unowned properties shuffled together with the Fortune deck's (`pool`: room for both)."""
    fortune = rules[R_FORTUNE_DECK]
    for d in range(decks.shape[0]):
        if d != fortune:
            shuffle_undrawn(decks, dq, d, rng)
    length, head, count = decks[fortune, D_LEN], dq[fortune, DQ_HEAD], dq[fortune, DQ_COUNT]
    lying = 0
    for s in range(sq.shape[0]):
        if own[s, O_FORTUNE] >= 0:
            pool[lying] = own[s, O_FORTUNE]
            lying += 1
    for i in range(count):
        pool[lying + i] = dq[fortune, DQ_CARDS + (head + i) % length]
    shuffle(rng, pool, lying + count)
    k = 0
    for s in range(sq.shape[0]):
        if own[s, O_FORTUNE] >= 0:
            own[s, O_FORTUNE] = pool[k]
            k += 1
    for i in range(count):
        dq[fortune, DQ_CARDS + (head + i) % length] = pool[lying + i]


@engine_njit
def rollout_value(sq, rules, own, pl, bank, end, p):
    """What a rollout is worth to p: 1 won (the million, or the last standing), 0 another won or p went bankrupt;
    at the horizon or the turn cap its share of the players' wealth (cash, deeds and buildings), the race's
    measure."""
    if end == END_MILLION:
        return 1.0 if bank[B_WINNER] == p else 0.0
    if end == END_LAST_STANDING or pl[p, PL_ALIVE] == 0:
        return 1.0 if pl[p, PL_ALIVE] != 0 else 0.0
    total = 0
    for q in range(pl.shape[0]):
        if pl[q, PL_ALIVE] != 0:
            total += wealth(sq, own, rules, pl, q)
    return wealth(sq, own, rules, pl, p) / total if total > 0 else 0.0


@njit(cache=True, _nrt=True, inline="always")
def deal_fortune(sq, rules, own, decks, dq):
    """One Fortune card face down on each unowned property (at the start: every one), from the shuffled
    Fortune deck, in board order; a deck shorter than the properties leaves the last ones bare (rulebook:
    Mise en place)."""
    d = rules[R_FORTUNE_DECK]
    own[:, O_FORTUNE] = -1
    for s in range(sq.shape[0]):
        if sq[s, SQ_GROUP] >= 0 and own[s, O_OWNER] < 0:
            own[s, O_FORTUNE] = draw(decks, dq, d)


@njit(cache=True, _nrt=True, inline="always")
def start_measures(pl):
    """Upgrade rounds and the least and most cash measures start at -1, none yet."""
    pl[:, PL_STAR_ROUND:PL_STAR_ROUND + STAR_LEVELS - 1] = -1
    for column in (PL_UPGRADE_CASH_MAX, PL_UPGRADE_CASH_MIN, PL_SPEND_CASH_MAX, PL_KEPT_CASH_MIN, PL_AUCTION_PRICE_MAX):
        pl[:, column] = -1


@njit(cache=True, _nrt=True)  # once a game
def start_game(sq, groups, cards, decks, rules, start_pl, start_own, start_bank, start_held, start_seat, lineup,
               rotate, seed, game, pl, own, bank, dq, held, draws, prm, rng):
    """Game `game` seated and set up from the edition's setup or the position: (the seats' rotation, the seat
    to play first, the money in the game). Called, not inlined (see play_chunk), by the batch kernel and by the
    capture of mid-game positions (simulator/engines/millionaire/__init__.py)."""
    n = pl.shape[0]
    rotation = seat_lineup(rng, prm, lineup, rotate, seed, game)
    new_game(decks, rules, pl, own, bank, dq, held, draws, rng)
    p = np.int64(0)
    money_at_start = n * rules[R_START_CASH]
    if start_pl.shape[0] > 0:
        load_position(sq, groups, start_pl, start_own, start_bank, start_held, pl, own, bank, held, cards, decks, dq)
        money_at_start = pl[:, PL_CASH].sum()  # no Free Parking jackpot in Millionaire
        p = start_seat
    start_measures(pl)
    bank[B_WINNER] = -1
    deal_fortune(sq, rules, own, decks, dq)
    return rotation, p, money_at_start


@engine_njit
def _observe(pl, bank, winner):
    """Who leads (simulator/engines/shared/lead.py), by cash among the players still in: the measure of the
    race its ranks go by."""
    for i in range(pl.shape[0]):
        if pl[i, PL_ALIVE] != 0:
            standing(bank, i, pl[i, PL_CASH])
    observed(bank, winner)


@njit(cache=True, nogil=True)
def play_chunk(sq, rent, groups, cards, decks, rules, start_pl, start_own, start_bank, start_held, start_seat, lineup,
               rotate, seed, first_game, check, games_out, players_out, sq_agg, card_agg):
    """As board.play_chunk: game g is seeded from (seed, g) alone; `check` None or True. Each game starts from
    the edition's setup, or from a position when `start_pl` has rows (as the board family's): its measures
    count from the position, and Fortune cards are dealt onto the unowned properties. A game is played here,
    not in an inlined play_game (nor its record in an inlined _record): numba copies an inlined function's code
    twice, a cost that grows with its size times its variables, and a game's code, with its setup and record
    inlined, was the largest copied."""
    chunk = chunk_state(sq.shape[0], decks, cards.shape[0], lineup.shape[0], PL_COLUMNS, O_COLUMNS, B_COLUMNS,
                        N_PARAMS)
    # Borrowed views (views.py) of arrays alive until the chunk ends: the caller's, and the chunk's, which
    # reading `chunk` each game keeps alive.
    sq, rent, groups, cards, decks, rules = (borrowed(sq), borrowed(rent), borrowed(groups), borrowed(cards),
                                             borrowed(decks), borrowed(rules))
    start_pl, start_own, start_bank, start_held = (borrowed(start_pl), borrowed(start_own), borrowed(start_bank),
                                                   borrowed(start_held))
    lineup, sq_agg, card_agg = borrowed(lineup), borrowed(sq_agg), borrowed(card_agg)
    n = lineup.shape[0]
    # a search seat's rollouts play on copies of the game: allocated here once, reused by every rollout
    rollout_state = (chunk_state(sq.shape[0], decks, cards.shape[0], n, PL_COLUMNS, O_COLUMNS, B_COLUMNS, N_PARAMS),
                     np.zeros_like(sq_agg), np.zeros(sq.shape[0] + decks.shape[1], dtype=np.int64))
    for g in range(games_out.shape[0]):
        pl, own, bank, dq, held, draws, prm, rng, scratch = (
            borrowed(chunk[0]), borrowed(chunk[1]), borrowed(chunk[2]), borrowed(chunk[3]), borrowed(chunk[4]),
            borrowed(chunk[5]), borrowed(chunk[6]), borrowed(chunk[7]), borrowed(chunk[8]))
        rotation, p, money_at_start = start_game(sq, groups, cards, decks, rules, start_pl, start_own, start_bank,
                                                 start_held, start_seat, lineup, rotate, seed, first_game + g, pl,
                                                 own, bank, dq, held, draws, prm, rng)
        violations, end = play_searching(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng,
                                         sq_agg, draws, check, money_at_start, lineup, rotation, seed, first_game + g,
                                         p, rollout_state)
        # The record: the millionaire wins, or the last player in; the others rank by cash, the measure of the race.
        worth = scratch[:n]
        cash = scratch[n:2 * n]
        winner = bank[B_WINNER] if end == END_MILLION else NOBODY
        for i in range(n):
            worth[i] = wealth(sq, own, rules, pl, i)
            cash[i] = pl[i, PL_CASH]
            if end == END_LAST_STANDING and pl[i, PL_ALIVE] != 0:
                winner = i
        _observe(pl, bank, winner)
        if winner >= 0:
            cash[winner] = 1 << 60
        player_rows = borrowed(players_out[g])
        record_game(own, rules, pl, bank, draws, worth, cash, winner, end, violations, rotation,
                    borrowed(games_out[g]), player_rows, sq_agg, card_agg)
        for i in range(n):
            row = player_rows[i]
            row[PO_STARS] = 2 * pl[i, PL_STAR] + 1
            for k in range(STAR_LEVELS - 1):
                row[PO_STAR_ROUND + k] = pl[i, PL_STAR_ROUND + k]
            row[PO_FORTUNE_PLAYED] = pl[i, PL_FORTUNE_PLAYED]
            for k in range(PL_AUCTION_PRICE_MAX + 1 - PL_UPGRADE_CASH_MAX):
                row[PO_MEASURES + k] = pl[i, PL_UPGRADE_CASH_MAX + k]

