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
from simulator.engines.shared.rng import _splitmix64, seed_game

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


@engine_njit
def copy_vector(target, source):
    """target[:] = source for vectors of the same length (a loop: see shared/games.py copy_row)."""
    for i in range(target.shape[0]):
        target[i] = source[i]
