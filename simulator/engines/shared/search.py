"""What every family's search player shares, on the kernel side.

A search seat's row of the lineup is wider than the family's parameters: its base heuristic's parameters
(the family's N_PARAMS columns, which the seat plays when it does not search), then SEARCH_SETTINGS columns
(rollouts per decision, horizon in turns, the number of candidates), then each candidate policy's
parameters, N_PARAMS columns each, the base first (strategies/__init__.py: search_vector). The other seats'
rows are padded with zeros: 0 rollouts, so they never search. The rollouts draw from a stream of their own
(seed_rollout), never from the game's, so a search seat leaves the game's dice as they were, and rollout k
of every candidate draws the same numbers (common random numbers: the candidates are compared paired)."""
import numpy as np

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.games import copy_table
from simulator.engines.shared.layout import B_TURN, DQ_CARDS, DQ_COUNT, DQ_HEAD, D_LEN
from simulator.engines.shared.rng import _splitmix64, below, seed_game

S_ROLLOUTS = 0      # rollouts per candidate at each decision; 0: plays its base, exactly
S_HORIZON = 1       # turns each rollout plays before it is scored; 0: to the end of the game
S_CANDIDATES = 2    # policies weighed, the base first
SEARCH_SETTINGS = 4  # one column spare


@engine_njit(inline="always")
def search_setting(lineup, row, n_params, setting):
    """A search setting of lineup row `row` (0 for a row without search columns: a plain lineup)."""
    if lineup.shape[1] <= n_params:
        return 0
    return np.int64(lineup[row, n_params + setting])


@engine_njit
def use_candidate(prm, p, lineup, row, n_params, candidate):
    """Seat p plays candidate policy `candidate` of its lineup row (0: its base)."""
    start = n_params + SEARCH_SETTINGS + candidate * n_params
    for k in range(n_params):
        prm[p, k] = lineup[row, start + k]


@engine_njit
def seed_rollout(rng, seed, game, decision, rollout):
    """The stream of rollout `rollout` of the search's decision number `decision` in game `game`: the same
    for every candidate of that decision, apart from the game's own stream and from every other decision's."""
    mixed = _splitmix64(np.uint64(seed) ^ _splitmix64(np.uint64(decision) * np.uint64(0x10001)
                                                      + np.uint64(rollout) + np.uint64(1)))
    seed_game(rng, mixed, game)


_DIGEST_PRIME = np.uint64(0x100000001B3)


@engine_njit
def digest_table(digest, table):
    """`digest` (a uint64) folded with every entry of a 2-D integer table (FNV-1a style): two states of a game
    whose tables fold to the same digest are, but for a one-in-2**64 chance, the same, so a rollout that reaches
    the state another rollout reached can take its result instead of playing on."""
    for i in range(table.shape[0]):
        for j in range(table.shape[1]):
            digest = (digest ^ np.uint64(table[i, j])) * _DIGEST_PRIME
    return digest


@engine_njit
def searching(lineup, n_params):
    """Does a row of the lineup search (a search player with rollouts)? Without one the game plays its turns in
    one call, exactly as a lineup of heuristics does."""
    for row in range(lineup.shape[0]):
        if search_setting(lineup, row, n_params, S_ROLLOUTS) > 0:
            return True
    return False


@engine_njit
def shuffle_undrawn(decks, dq, d, rng):
    """Deck d's undrawn cards (its whole queue from the head) in a new order drawn from `rng`: what a seat cannot
    know, determinized for one rollout. Cards drawn, held or lying behind the head keep their places."""
    reshuffle_top(decks, dq, d, rng, dq[d, DQ_COUNT])


@engine_njit
def start_rollout(pl, own, bank, dq, held, prm, s_pl, s_own, s_bank, s_dq, s_held, s_prm, lineup, row, n_params, p,
                  candidate, s_rng, seed, game, rollout):
    """Set a rollout's scratch state from the game's (the tables every board family keeps: players, squares, bank,
    deck queues, hands, parameters), seat p (lineup row `row`) on `candidate`, its stream that of rollout
    `rollout` of the decision at the game's current turn."""
    copy_table(s_pl, pl)
    copy_table(s_own, own)
    copy_table(s_dq, dq)
    copy_table(s_held, held)
    copy_table(s_prm, prm)
    for b in range(bank.shape[0]):
        s_bank[b] = bank[b]
    use_candidate(s_prm, p, lineup, row, n_params, candidate)
    seed_rollout(s_rng, seed, game, bank[B_TURN], rollout)


@engine_njit
def reshuffle_top(decks, dq, d, rng, n):
    """Shuffle the first n cards of deck d's queue (simulator/engines/shared/decks.py) with `rng`: a rollout's
    guess at the order of the cards nobody has seen yet (determinization), the cards returned under the
    deck staying in the order everyone saw them go."""
    n = min(n, dq[d, DQ_COUNT])
    head, length = dq[d, DQ_HEAD], decks[d, D_LEN]
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        a, b = DQ_CARDS + (head + i) % length, DQ_CARDS + (head + j) % length
        dq[d, a], dq[d, b] = dq[d, b], dq[d, a]


@engine_njit
def copy_vector(target, source):
    """target[:] = source for vectors of the same length (a loop: see shared/games.py copy_row)."""
    for i in range(target.shape[0]):
        target[i] = source[i]
