"""What every family's game loop shares: seating a lineup (rotated by game number), the next seat and the
round count, a game's output row, finishing ranks, the per-square and per-card sums, and a chunk's state
arrays."""
import numpy as np
from numba import njit

from simulator.engines.shared.layout import (
    B_ROUND, B_TURN, CA_DRAWERS, CA_DRAWER_WINS, CA_DRAWS, CA_DRAW_RANK_SQUARES, CA_DRAW_RANK_SUM, CA_DRAW_WINS,
    CA_FINISHED_DRAWS, DQ_CARDS, GM_DECISIVE_ROUND, GM_END, GM_KINGMADE, GM_LAST_ALONE, GM_LEAD_CHANGES, GM_ROTATION, GM_ROUNDS,
    GM_TURNS, GM_VIOLATIONS, GM_WINNER, GM_WINNER_LAST, LD_CHANGES, LD_KING, LD_SINCE, O_FIRST_OWNER,
    O_OWNED_ROUNDS, O_OWNED_SINCE, O_OWNER, PO_RANK, SA_FIRST_OWNED, SA_FIRST_OWNER_WON, SA_OWNED_AT_END,
    SA_OWNED_ROUNDS, SA_WINNER_OWNED,
)
from simulator.engines.shared.lead import ANYONE, last_place_rounds
from simulator.engines.shared.rng import seed_game


@njit(cache=True)
def out_order(alive):
    """The place in the order of going out of the player going out now, before it is marked out: players
    out in the same turn rank by it (later out ranks higher). Shared with Fortnite's engine."""
    return alive.shape[0] - alive.sum() + 1


@njit(cache=True, inline="always")
def next_seat(bank, p, n, max_rounds, first):
    """The seat after p, a new round when play comes back to `first`, the seat that played first (seat 0 but
    from a position): (seat, whether the turn cap is reached). Counted from the first seat, the rounds of a
    game from a position do not depend on which seat number its first player has."""
    q = p + 1 if p + 1 < n else 0
    if q != first:
        return q, False
    bank[B_ROUND] += 1
    return q, bank[B_ROUND] >= max_rounds


@njit(cache=True, inline="always")
def seat_lineup(rng, prm, lineup, rotate, seed, game):
    """Seed game `game` and seat the lineup, rotated by the game number when seats rotate; returns the
    rotation. Inlined by numba: as a plain call it cost classic 5% of its games a second (measured)."""
    n = prm.shape[0]
    seed_game(rng, seed, game)
    rotation = game % n if rotate else 0
    for seat in range(n):
        copy_row(prm, seat, lineup, (seat + rotation) % n)
    return rotation


@njit(cache=True, inline="always")
def copy_row(target, t, source, s):
    """target[t, :] = source[s, :] for rows of the same length, as a loop: numba's assignment of one array to
    a slice compiles a check of their shapes whose error message formats them, and with it numba's string
    code, into every kernel above."""
    for k in range(target.shape[1]):
        target[t, k] = source[s, k]


@njit(cache=True)
def copy_table(target, source):
    """target[:, :] = source for tables of the same shape (as copy_row, without numba's string code)."""
    for t in range(target.shape[0]):
        copy_row(target, t, source, t)


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
    """A game's output row. `bank`'s turn, round and lead columns are this family's (every engine keeps them
    there, the lead columns observed up to the game's end: lead.py); a finished game counts the round it
    ended in."""
    game_row[GM_WINNER] = winner
    game_row[GM_TURNS] = bank[B_TURN]
    game_row[GM_ROUNDS] = bank[B_ROUND] + (1 if finished else 0)
    game_row[GM_END] = end
    game_row[GM_VIOLATIONS] = violations
    game_row[GM_ROTATION] = rotation
    game_row[GM_LEAD_CHANGES] = bank[LD_CHANGES]
    game_row[GM_DECISIVE_ROUND] = bank[LD_SINCE] if winner >= 0 else -1
    game_row[GM_WINNER_LAST] = last_place_rounds(bank, winner) if winner >= 0 else 0
    game_row[GM_KINGMADE] = bank[LD_KING] if winner >= 0 else 0
    game_row[GM_LAST_ALONE] = last_place_rounds(bank, ANYONE)


@njit(cache=True, inline="always")
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
