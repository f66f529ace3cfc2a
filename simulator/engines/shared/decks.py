"""The decks every family draws from: a queue per deck of card rows, drawn from the head, returned to
the bottom, shuffled at the start of a game; and the check that every copy of a card is somewhere."""
from numba import njit

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.layout import (
    DQ_CARDS, DQ_COUNT, DQ_HEAD, D_LEN,
)
from simulator.engines.shared.rng import shuffle

# ---------------------------------------------------------------------------------------------------
# Decks


@engine_njit
def draw(decks, dq, d):
    """The top card of deck d, or -1 when every card is held as a Get Out of Jail Free card."""
    if dq[d, DQ_COUNT] == 0:
        return -1
    head = dq[d, DQ_HEAD]
    card = dq[d, DQ_CARDS + head]
    dq[d, DQ_HEAD] = (head + 1) % decks[d, D_LEN]
    dq[d, DQ_COUNT] -= 1
    return card


@engine_njit
def to_bottom(decks, dq, d, card):
    dq[d, DQ_CARDS + (dq[d, DQ_HEAD] + dq[d, DQ_COUNT]) % decks[d, D_LEN]] = card
    dq[d, DQ_COUNT] += 1


@njit(cache=True, _nrt=True)
def shuffle_decks(decks, dq, rng):
    for d in range(decks.shape[0]):
        n = decks[d, D_LEN]
        dq[d, DQ_HEAD] = 0
        dq[d, DQ_COUNT] = n
        for k in range(n):  # not a slice assignment: see games.copy_row
            dq[d, DQ_CARDS + k] = decks[d, 1 + k]
        shuffle(rng, dq[d, DQ_CARDS:], n)


# ---------------------------------------------------------------------------------------------------
# Invariants, checked after every turn in checking mode


@engine_njit
def card_accounted_for(decks, dq, held, d, c, elsewhere):
    """Are all copies of card c of deck d in the deck's queue, in hands, or `elsewhere` (a count the
    engine keeps, such as Millionaire's Fortune cards lying on properties)?"""
    copies = 0
    for k in range(decks[d, D_LEN]):
        if decks[d, 1 + k] == c:
            copies += 1
    found = 0
    for k in range(dq[d, DQ_COUNT]):
        if dq[d, DQ_CARDS + (dq[d, DQ_HEAD] + k) % decks[d, D_LEN]] == c:
            found += 1
    for p in range(held.shape[0]):
        found += held[p, c]
    return found + elsewhere == copies


@engine_njit
def take_from_queue(decks, dq, d, c):
    """Take one copy of card c out of deck d's queue (a card a position's player keeps); the others keep the
    order the shuffle gave them."""
    length = decks[d, D_LEN]
    head, count = dq[d, DQ_HEAD], dq[d, DQ_COUNT]
    found = False
    for k in range(count):
        here = DQ_CARDS + (head + k) % length
        if found:
            dq[d, DQ_CARDS + (head + k - 1) % length] = dq[d, here]
        elif dq[d, here] == c:
            found = True
    if found:
        dq[d, DQ_COUNT] = count - 1


@engine_njit
def take_held_from_queues(decks, dq, held, card_decks):
    """Take every card a position's players hold (`held[player, card]`, card c of deck `card_decks[c]`) out of
    its deck's queue."""
    for c in range(held.shape[1]):
        for _ in range(held[:, c].sum()):
            take_from_queue(decks, dq, card_decks[c], c)


@engine_njit
def holds_cards(held, p):
    """Does p hold a card (`held[player, card]`)? With an empty hand there is nothing to play."""
    for c in range(held.shape[1]):
        if held[p, c] > 0:
            return True
    return False
