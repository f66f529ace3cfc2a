"""The compiled engine of the classic board games (classic, Walking Dead and its quick game): squares
resolved, a turn, a game and a batch of games, and movement alone for landing frequencies. The economy
it plays (money, rent, auctions, trades, building, jail) is shared with Millionaire's engine, in
simulator/engines/shared/play.py.

Rule references (e.g. "rulebook: Crise du batiment") point at the Walking Dead rulebook,
shared/rules/004_66603cd0e01f861b.txt, which states the classic rules.
"""
import numpy as np
from numba import njit

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.layout import (
    ADVANCE_TO, ADVANCE_TO_NEAREST, BANK, B_COLUMNS, B_OWNERSHIP, B_POT, B_TURN, CARD, C_A, C_B, C_DECK, C_EFFECT,
    DQ_CARDS, DQ_COUNT, EACH_PLAYER, END_FIRST_BANKRUPTCY, END_LAST_STANDING, END_TURN_CAP, FREE_PARKING, GET_OUT_OF_JAIL,
    GO_TO_JAIL, GO_TO_JAIL_CARD, LD_WORTHS, MOVE, N_PARAMS, O_COLUMNS, O_MORTGAGED, O_OWNER, PL_ALIVE, PL_CASH, PL_COLUMNS,
    PL_GROUPS_SEEN, PL_JAIL, PL_POS, RAILROAD, REPAIRS, R_DEAL_DEEDS,
    R_DOUBLES_TO_JAIL, R_END_FIRST_BANKRUPTCY, R_GO_LANDING_BONUS, R_GO_SALARY, R_JAIL_MAX_TURNS, R_MAX_ROUNDS,
    R_START_CASH, SA_LANDINGS, SQ_AMOUNT, SQ_DECK, SQ_GROUP, SQ_KIND, STREET, TAX, UTILITY, V_JAIL_CARDS,
)
from simulator.engines.shared.decks import card_accounted_for, draw, shuffle_decks, to_bottom
from simulator.engines.shared.games import chunk_state, copy_table, next_seat, seat_lineup
from simulator.engines.shared.lead import ROUND_END, observed, standing
from simulator.engines.shared.play import (
    FINE, NOBODY, bank_pays, build, card_steps, check_economy, each_player_pays, jail_turn, lift_mortgages,
    load_position, may_build, may_lift_mortgage, may_trade, new_game, note_groups, offer_square, pay_bank, pay_rent,
    record_game, roll, roll_to_move, send_to_jail, trade, transfer,
)
from simulator.engines.shared.search import (
    S_CANDIDATES, S_HORIZON, S_ROLLOUTS, reshuffle_top, search_setting, seed_rollout, use_candidate,
)
from simulator.engines.shared.state import repairs_due, wealth, wealths
from simulator.engines.shared.views import borrowed
from simulator.engines.shared.rng import seed_game, shuffle


@engine_njit
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


@engine_njit
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
# A turn


@engine_njit(inline="always")
def resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws,
                   p, dice_total):
    """Do what the square under p asks, following card moves to their end (rulebook: Types de cases).
    Inlined into the turn's one call: as a call it was passed 15 arrays, about 130 machine words pushed for
    every landing, and those pushes took a third of the turn's own samples."""
    # numpy scalars, not literals: numba would first type the loop with the literals and compile pay_rent and
    # everything it calls once more for them
    rent_multiplier = np.int64(1)
    dice_multiplier = np.int64(0)
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
            pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, sq[s, SQ_AMOUNT], FINE)
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
                pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, -amount, FINE)
            return
        if effect == EACH_PLAYER:
            each_player_pays(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, cards[card, C_A])
            return
        if effect == REPAIRS:
            due = repairs_due(own, rules, p, cards[card, C_A], cards[card, C_B])
            if due > 0:
                pay_bank(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p, due, FINE)
            return
        moved, rent_multiplier, dice_multiplier = card_move(sq, cards, rules, pl, bank, p, card)
        if not moved:
            return


@engine_njit(inline="always")
def take_turn(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p):
    """One turn of p (rulebook: Quand c'est votre tour; Comment sortir de prison). Inlined into play_turns:
    called once a turn with 15 arrays, the pushes of its arguments were most of the game loop's samples."""
    n = sq.shape[0]
    # The guards below are also checked inside the callees; testing them here first saves a call with a
    # dozen array arguments on the many turns with nothing to do.
    if may_lift_mortgage(prm, pl, p):
        lift_mortgages(sq, groups, own, rules, prm, pl, bank, p)
    if may_trade(rules, pl, p):
        trade(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, sq_agg, p)
        if pl[p, PL_ALIVE] == 0 or game_over(rules, pl):
            return
    if pl[p, PL_GROUPS_SEEN] != bank[B_OWNERSHIP]:
        note_groups(pl, bank, p)
    if may_build(pl, p):
        build(sq, rent, groups, own, rules, prm, pl, bank, sq_agg, p)
    steps = 0
    if pl[p, PL_JAIL] >= 0:
        steps = jail_turn(sq, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, p)
        if steps < 0:
            return
    doubles = 0
    again = True
    while again:
        steps, doubles, again = roll_to_move(rules, pl, rng, sq_agg, p, doubles, steps)
        if steps == 0:
            return
        advance(rules, pl, bank, p, steps, n)
        resolve_square(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws,
                       p, steps)
        sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
        # A double rolls again unless the game ended on this roll (another player's bankruptcy can end it).
        if pl[p, PL_ALIVE] == 0 or pl[p, PL_JAIL] >= 0 or (again and game_over(rules, pl)):
            return
        steps = 0


@engine_njit
def players_in(pl):
    alive = 0
    for p in range(pl.shape[0]):
        alive += pl[p, PL_ALIVE]
    return alive


@engine_njit
def game_over(rules, pl):
    """One player left, or anyone out when the game ends at the first bankruptcy (quick game, step 4: "Le
    jeu s'acheve lorsqu'un des joueurs fait faillite"): the game ends at once, even within a turn."""
    alive = players_in(pl)
    return alive <= 1 or (rules[R_END_FIRST_BANKRUPTCY] != 0 and alive < pl.shape[0])


@njit(cache=True, _nrt=True)
def check_invariants(sq, groups, own, rules, pl, bank, decks, dq, held, cards, money_at_start):
    flags = check_economy(sq, groups, own, rules, pl, bank, money_at_start)
    for c in range(cards.shape[0]):
        if cards[c, C_EFFECT] != GET_OUT_OF_JAIL:
            continue
        if not card_accounted_for(decks, dq, held, cards[c, C_DECK], c, 0):
            flags |= V_JAIL_CARDS
    return flags


# ---------------------------------------------------------------------------------------------------
# A game, and a batch of games


@njit(cache=True, _nrt=True, inline="always")
def _deal_deeds(sq, groups, rules, own, pl, bank, rng, scratch, n_players):
    """Quick game, step 1: shuffled title deeds dealt free, the same number to each player."""
    n = np.int64(0)  # not a literal: shuffle would be compiled once more for it
    for s in range(sq.shape[0]):
        if sq[s, SQ_GROUP] >= 0:
            scratch[n] = s
            n += 1
    shuffle(rng, scratch, n)
    k = 0
    for _ in range(rules[R_DEAL_DEEDS]):
        for p in range(n_players):
            transfer(sq, groups, own, pl, bank, scratch[k], p)
            k += 1


@njit(cache=True, _nrt=True, inline="always")
def play_game(sq, rent, groups, cards, decks, rules, start_pl, start_own, start_bank, start_held, start_seat,
              lineup, rotate, seed, game, check,
              pl, own, bank, dq, held, draws, prm, rng, scratch, game_row, player_rows, sq_agg, card_agg, rollout):
    """One game from the edition's setup, or from a position when `start_pl` has rows (the players, squares,
    bank and kept cards of that moment, and `start_seat` to play first). `rollout` is the chunk's scratch
    state for a search seat's rollouts (choose_policy)."""
    n = pl.shape[0]
    rotation = seat_lineup(rng, prm, lineup, rotate, seed, game)
    new_game(decks, rules, pl, own, bank, dq, held, draws, rng)
    p = 0
    if start_pl.shape[0] > 0:
        load_position(sq, groups, start_pl, start_own, start_bank, start_held, pl, own, bank, held, cards, decks, dq)
        money_at_start = pl[:, PL_CASH].sum() + bank[B_POT]
        p = start_seat
    else:
        if rules[R_DEAL_DEEDS] > 0:
            _deal_deeds(sq, groups, rules, own, pl, bank, rng, scratch, n)
        money_at_start = n * rules[R_START_CASH]
    if searches(lineup, N_PARAMS):
        end, violations = play_searching(sq, rent, groups, cards, decks, rules, lineup, rotation, seed, game, check,
                                         money_at_start, p, pl, own, bank, dq, held, draws, prm, rng, sq_agg,
                                         rollout)
    else:
        end, violations, _ = play_turns(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng,
                                        sq_agg, draws, p, p, check, money_at_start, EVERY_SEAT)
    _record(sq, own, rules, pl, bank, draws, scratch, end, violations, rotation, game_row, player_rows, sq_agg,
            card_agg)


GOING_ON = -1             # play_turns stopped with the game still going
EVERY_SEAT = 1 << 62      # play_turns' `seats`: until the game ends


@engine_njit
def play_turns(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p, first,
               check, money_at_start, seats):
    """The game's turns from seat p (`first`: the seat that played first) until it ends, reaches the turn cap
    or `seats` seats were visited, those out included: (how it ended or GOING_ON, the invariants violated,
    the seat to play next). Apart from play_game, which allocates, so that the turns run without reference
    counts and with take_turn inlined."""
    n = pl.shape[0]
    violations = 0
    for _ in range(seats):
        if pl[p, PL_ALIVE] != 0:
            take_turn(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg, draws, p)
            bank[B_TURN] += 1
            if check is not None:
                violations |= check_invariants(sq, groups, own, rules, pl, bank, decks, dq, held, cards, money_at_start)
            if game_over(rules, pl):
                return END_LAST_STANDING if players_in(pl) <= 1 else END_FIRST_BANKRUPTCY, violations, p
        p, capped = next_seat(bank, p, n, rules[R_MAX_ROUNDS], first)
        if p == first:
            _observe(sq, own, rules, pl, bank, ROUND_END)
        if capped:
            return END_TURN_CAP, violations, p
    return GOING_ON, violations, p


# ---------------------------------------------------------------------------------------------------
# The search player (issue 31; its lineup row's layout: simulator/engines/shared/search.py). The rollouts
# call play_turns, which has no search in it: numba's call graph has no circle.


@engine_njit
def searches(lineup, n_params):
    """Does a seat of the lineup search (rollouts, and a candidate besides its base)?"""
    for row in range(lineup.shape[0]):
        if search_setting(lineup, row, n_params, S_ROLLOUTS) > 0 and \
                search_setting(lineup, row, n_params, S_CANDIDATES) > 1:
            return True
    return False


@engine_njit
def play_searching(sq, rent, groups, cards, decks, rules, lineup, rotation, seed, game, check, money_at_start, p,
                   pl, own, bank, dq, held, draws, prm, rng, sq_agg, rollout):
    """The game's turns seat by seat, a search seat choosing its policy before each of its turns:
    (how it ended, the invariants violated). Without the choices, the same turns as one play_turns call."""
    n = pl.shape[0]
    first = p
    violations = 0
    unseen_at_start = rollout[-1]
    for d in range(dq.shape[0]):
        unseen_at_start[d] = dq[d, DQ_COUNT]
    while True:
        row = (p + rotation) % n
        if pl[p, PL_ALIVE] != 0 and search_setting(lineup, row, N_PARAMS, S_ROLLOUTS) > 0 and \
                search_setting(lineup, row, N_PARAMS, S_CANDIDATES) > 1:
            choose_policy(sq, rent, groups, cards, decks, rules, lineup, row, seed, game, p, first,
                          pl, own, bank, dq, held, draws, prm, rollout)
        end, found, p = play_turns(sq, rent, groups, own, rules, prm, pl, bank, decks, dq, held, cards, rng, sq_agg,
                                   draws, p, first, check, money_at_start, 1)
        violations |= found
        if end != GOING_ON:
            return end, violations


@engine_njit
def choose_policy(sq, rent, groups, cards, decks, rules, lineup, row, seed, game, p, first,
                  pl, own, bank, dq, held, draws, prm, rollout):
    """Seat p takes the candidate policy of its lineup row whose rollouts score best (ties to the earlier
    candidate, so the base keeps its ties), until its next turn. Each rollout plays a copy of the game on
    the rollout's own stream (the same for every candidate), with the cards nobody has seen yet reshuffled:
    a round with the seat on that candidate, then the seat on its base, everyone else as they are, for
    `horizon` seats' turns or to the end (rollout_score). Only the round differs between candidates, so
    rollouts of candidates that would do the same this round are the same game (a tie the base keeps), and
    the choice improves on the base as a rollout of it does (Bertsekas' rollout algorithm). The copies are
    the chunk's: no allocation here."""
    r_pl, r_own, r_bank, r_dq, r_held, r_draws, r_prm, r_rng, r_sq_agg, worth, unseen_at_start = rollout
    rollouts = search_setting(lineup, row, N_PARAMS, S_ROLLOUTS)
    horizon = search_setting(lineup, row, N_PARAMS, S_HORIZON)
    seats = horizon if horizon > 0 else EVERY_SEAT
    n = pl.shape[0]
    decision = bank[B_TURN]   # one decision a turn: the game's turn number names it
    best, best_score = 0, -1.0
    for candidate in range(search_setting(lineup, row, N_PARAMS, S_CANDIDATES)):
        score = 0.0
        for k in range(rollouts):
            copy_table(r_pl, pl)
            copy_table(r_own, own)
            for b in range(bank.shape[0]):
                r_bank[b] = bank[b]
            copy_table(r_dq, dq)
            copy_table(r_held, held)
            copy_table(r_prm, prm)
            use_candidate(r_prm, p, lineup, row, N_PARAMS, candidate)
            seed_rollout(r_rng, seed, game, decision, k)
            for d in range(dq.shape[0]):
                reshuffle_top(decks, r_dq, d, r_rng, unseen_at_start[d] - drawn_from(cards, draws, d))
            end, _, q = play_turns(sq, rent, groups, r_own, rules, r_prm, r_pl, r_bank, decks, r_dq, r_held, cards,
                                   r_rng, r_sq_agg, r_draws, p, first, None, 0, min(n, seats))
            if end == GOING_ON and seats > n:
                use_candidate(r_prm, p, lineup, row, N_PARAMS, 0)
                end, _, _ = play_turns(sq, rent, groups, r_own, rules, r_prm, r_pl, r_bank, decks, r_dq, r_held,
                                       cards, r_rng, r_sq_agg, r_draws, q, first, None, 0, seats - n)
            score += rollout_score(sq, rules, r_pl, r_own, end, worth, p)
        if score > best_score:
            best, best_score = candidate, score
    use_candidate(prm, p, lineup, row, N_PARAMS, best)


@engine_njit
def drawn_from(cards, draws, d):
    """The cards drawn from deck d this game, by everyone."""
    total = 0
    for c in range(cards.shape[0]):
        if cards[c, C_DECK] == d:
            for i in range(draws.shape[0]):
                total += draws[i, c]
    return total


@engine_njit
def rollout_score(sq, rules, pl, own, end, worth, p):
    """What a rollout's end is worth to seat p: 1 if it won, 0 if it lost or the turn cap ended the game
    (nobody wins then); stopped at the horizon, its share of the wealth of the players still in."""
    if pl[p, PL_ALIVE] == 0 or end == END_TURN_CAP:
        return 0.0
    for i in range(pl.shape[0]):
        worth[i] = max(wealth(sq, own, rules, pl, i), 0) if pl[i, PL_ALIVE] != 0 else 0
    if end != GOING_ON:
        return 1.0 if richest_in(pl, worth) == p else 0.0
    total = worth.sum()
    return worth[p] / total if total > 0 else 1.0 / players_in(pl)


@engine_njit
def richest_in(pl, worth):
    """The player still in with the most `worth`, ties to the earlier seat: the winner of a finished game."""
    winner = NOBODY
    for i in range(pl.shape[0]):
        if pl[i, PL_ALIVE] != 0 and (winner < 0 or worth[i] > worth[winner]):
            winner = i
    return winner


@engine_njit
def _observe(sq, own, rules, pl, bank, winner):
    """Who leads (simulator/engines/shared/lead.py), by net worth among the players still in: the measure
    the game's winner and ranks go by."""
    wealths(sq, own, rules, pl, bank, LD_WORTHS)
    for i in range(pl.shape[0]):
        if pl[i, PL_ALIVE] != 0:
            standing(bank, i, bank[LD_WORTHS + i])
    observed(bank, winner)


@njit(cache=True, _nrt=True, inline="always")
def _record(sq, own, rules, pl, bank, draws, scratch, end, violations, rotation, game_row, player_rows, sq_agg,
            card_agg):
    """The richest player still in wins a finished game (alone, or at the quick game's first bankruptcy)."""
    n = pl.shape[0]
    worth = scratch[:n]  # the chunk's scratch array: no allocation per game
    for i in range(n):
        worth[i] = wealth(sq, own, rules, pl, i)
    winner = richest_in(pl, worth) if end != END_TURN_CAP else NOBODY
    _observe(sq, own, rules, pl, bank, winner)
    record_game(own, rules, pl, bank, draws, worth, worth, winner, end, violations, rotation, game_row,
                player_rows, sq_agg, card_agg)


@njit(cache=True, nogil=True)
def play_chunk(sq, rent, groups, cards, decks, rules, start_pl, start_own, start_bank, start_held, start_seat, lineup,
               rotate, seed, first_game, check, games_out, players_out, sq_agg, card_agg):
    """Play games first_game .. first_game + len(games_out) - 1 on the calling thread, summing their
    aggregates into sq_agg and card_agg. Game g is seeded from (seed, g) alone, so results do not depend
    on how a batch is cut into chunks nor on which thread plays which (simulator/executors.py). `check` is
    None, or True to check the invariants after every turn: on None numba drops that code from the kernel
    it compiles, and play_game is compiled into this function (inline), not as a kernel level of its own,
    since numba optimizes and generates the machine code of every callee again in each caller."""
    pl, own, bank, dq, held, draws, prm, rng, scratch = chunk_state(
        sq.shape[0], decks, cards.shape[0], lineup.shape[0], PL_COLUMNS, O_COLUMNS, B_COLUMNS, N_PARAMS)
    # a search seat's rollouts play on copies of these (choose_policy), with aggregates of their own
    r_pl, r_own, r_bank, r_dq, r_held, r_draws, r_prm, r_rng, _ = chunk_state(
        sq.shape[0], decks, cards.shape[0], lineup.shape[0], PL_COLUMNS, O_COLUMNS, B_COLUMNS, N_PARAMS)
    r_sq_agg, worth, unseen = (np.zeros_like(sq_agg), np.zeros(lineup.shape[0], dtype=np.int64),
                               np.zeros(decks.shape[0], dtype=np.int64))
    rollout = (borrowed(r_pl), borrowed(r_own), borrowed(r_bank), borrowed(r_dq), borrowed(r_held),
               borrowed(r_draws), borrowed(r_prm), borrowed(r_rng), borrowed(r_sq_agg), borrowed(worth),
               borrowed(unseen))
    # The arrays live until the chunk ends, so the helpers may borrow them (see views.py).
    for g in range(games_out.shape[0]):
        play_game(borrowed(sq), borrowed(rent), borrowed(groups), borrowed(cards), borrowed(decks), borrowed(rules),
                  borrowed(start_pl), borrowed(start_own), borrowed(start_bank), borrowed(start_held), start_seat,
                  borrowed(lineup), rotate, seed, first_game + g, check, borrowed(pl), borrowed(own), borrowed(bank),
                  borrowed(dq), borrowed(held), borrowed(draws), borrowed(prm), borrowed(rng), borrowed(scratch),
                  borrowed(games_out[g]), borrowed(players_out[g]), borrowed(sq_agg), borrowed(card_agg), rollout)


# ---------------------------------------------------------------------------------------------------
# Movement alone, for landing frequencies


@njit(cache=True, nogil=True)
def landing_counts(sq, cards, decks, rules, stay_in_jail, seed, first_game, n_games, rolls_per_game, counts):
    """Where each roll ends for pawns first_game .. first_game + n_games - 1, each alone and with no economy,
    counted per square into counts; pawn g draws from the stream of (seed, g) alone. Cards move the pawn as
    in play; a Get Out of Jail Free card goes straight back under its deck (it changes no movement: leaving
    at once is the same move as paying, and staying never uses it). A roll in jail that does not get out
    counts on the jail square."""
    n = sq.shape[0]
    pl = np.zeros((1, PL_COLUMNS), dtype=np.int64)
    bank = np.zeros(B_COLUMNS, dtype=np.int64)
    dq = np.zeros((decks.shape[0], DQ_CARDS + decks.shape[1]), dtype=np.int64)
    rng = np.zeros(4, dtype=np.uint64)
    for game in range(first_game, first_game + n_games):
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
                        counts[pl[0, PL_POS]] += 1
                        continue
                pl[0, PL_JAIL] = -1
                doubles = -1 if stay_in_jail else 0
            if doubles >= 0 and d1 == d2:
                doubles += 1
                if doubles == rules[R_DOUBLES_TO_JAIL]:
                    send_to_jail(rules, pl, 0)
                    counts[pl[0, PL_POS]] += 1
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
            counts[pl[0, PL_POS]] += 1
            if pl[0, PL_JAIL] >= 0 or d1 != d2 or doubles < 0:
                doubles = 0
