"""Who leads the game at each round's end, for the designer measures (simulator/designer.py): lead changes,
the round from which the winner led for good, who was last at each round, and whether a player going out
handed the lead over. Every family takes the same observation with its own measure of who is ahead (the
score its results rank by): at each round's end it calls `standing` for each player still in, then
`observed(bank, ROUND_END)` (one call in its turn loop, after the shared next_seat starts a round); at the
game's end, `standing` again, then `observed(bank, winner)`, before its game row is written. The state is the bank vector's block
at B_LEAD (layout.py's LD_ columns); new_game's reset of the bank vector resets it."""
from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.layout import (
    B_ROUND, LAST_ROUNDS, LD_CHANGES, LD_COUNT, LD_IN, LD_KING, LD_LAST, LD_LEADER, LD_LEADER_IN, LD_LOW,
    LD_LOW_SEAT, LD_LOW_TIES, LD_SINCE, LD_TOP, LD_TOP_SEAT, ROUNDS_PER_WORD,
)

ROUND_END = -2  # the `winner` of an observation taken at a round's end (-1: the game ended without one)


@engine_njit(inline="always")
def observed(bank, winner):
    """Close the observation the `standing` calls took: at a round's end (winner ROUND_END) or at the game's."""
    if winner == ROUND_END:
        round_ended(bank)
    else:
        game_ended(bank, winner)


@engine_njit(inline="always")
def standing(bank, i, score):
    """Fold player i, still in, with `score` into the observation being taken. The leader is the highest
    score, the leader before it kept on a tie, else the earlier seat; the last is the lowest score when no
    other player shares it."""
    leader = bank[LD_LEADER] - 1
    first = bank[LD_COUNT] == 0
    if first or score > bank[LD_TOP] or (score == bank[LD_TOP] and i == leader):
        bank[LD_TOP] = score
        bank[LD_TOP_SEAT] = i
    if first or score < bank[LD_LOW]:
        bank[LD_LOW] = score
        bank[LD_LOW_SEAT] = i
        bank[LD_LOW_TIES] = 1
    elif score == bank[LD_LOW]:
        bank[LD_LOW_TIES] += 1
    if i == leader:
        bank[LD_LEADER_IN] = 1
    bank[LD_COUNT] += 1


@engine_njit(inline="always")
def _take_lead(bank, seat, at_round):
    """`seat` leads from the end of round `at_round`; whether a player went out meanwhile, with 3 or more in
    and the leader before it still in, is noted as a lead a departure handed over."""
    leader = bank[LD_LEADER] - 1
    if leader == seat:
        return
    if leader >= 0:
        bank[LD_CHANGES] += 1
    went_out = bank[LD_IN] >= 3 and bank[LD_COUNT] < bank[LD_IN]
    bank[LD_KING] = 1 if leader >= 0 and went_out and bank[LD_LEADER_IN] == 1 else 0
    bank[LD_LEADER] = seat + 1
    bank[LD_SINCE] = at_round


@engine_njit(inline="always")
def round_ended(bank):
    """Close the observation of the round that just ended (bank[B_ROUND] counts it)."""
    at_round = bank[B_ROUND]
    _take_lead(bank, bank[LD_TOP_SEAT], at_round)
    alone_last = bank[LD_LOW_TIES] == 1 and bank[LD_COUNT] > 1 and bank[LD_LOW_SEAT] < 15
    if alone_last and 1 <= at_round <= LAST_ROUNDS:
        shift = 4 * ((at_round - 1) % ROUNDS_PER_WORD)
        bank[LD_LAST + (at_round - 1) // ROUNDS_PER_WORD] |= (bank[LD_LOW_SEAT] + 1) << shift
    bank[LD_IN] = bank[LD_COUNT]
    _clear_observation(bank)


@engine_njit(inline="always")
def game_ended(bank, winner):
    """Close the last observation, taken when the game ended in round bank[B_ROUND] + 1: the winner (-1: no
    winner) leads from it unless it led already."""
    if winner >= 0:
        _take_lead(bank, winner, bank[B_ROUND] + 1)
    _clear_observation(bank)


@engine_njit(inline="always")
def _clear_observation(bank):
    for k in range(LD_TOP, LD_LEADER_IN + 1):
        bank[k] = 0


ANYONE = -1  # the `seat` of last_place_rounds: any player alone in last place


@engine_njit
def last_place_rounds(bank, seat):
    """Bit r - 1 set for each round r (up to LAST_ROUNDS) at whose end `seat` (or, seat ANYONE, some player)
    was alone in last place."""
    mask = 0
    for r in range(LAST_ROUNDS):
        code = (bank[LD_LAST + r // ROUNDS_PER_WORD] >> (4 * (r % ROUNDS_PER_WORD))) & 15
        if code != 0 and (seat == ANYONE or code == seat + 1):
            mask |= 1 << r
    return mask
