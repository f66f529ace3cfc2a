"""The exact movement Markov chain of a board and its decks: where each roll ends, in the long run.

A state is the pawn's square with the number of doubles already rolled this turn, or, when jail is
waited out, the number of failed rolls in jail. One transition is one roll, so the stationary
distribution over states, summed per square, is the share of rolls that end on each square. Cards are
drawn at random with their deck frequencies (the simulation draws a shuffled deck in order: the same
frequencies in the long run). This is the model the simulated landing frequencies are tested against.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from simulator.engines.shared import layout as L
from simulator.engines.shared.rules import BoardRules


def _card_moves(board: BoardRules, deck: int) -> list[tuple[float, int]]:
    """(probability, card row) for each distinct card of a deck."""
    length = int(board.decks[deck, L.D_LEN])
    rows, counts = np.unique(board.decks[deck, 1:1 + length], return_counts=True)
    return [(count / length, int(row)) for row, count in zip(rows, counts)]


def _nearest(board: BoardRules, position: int, kind: int) -> int:
    n = board.n_squares
    for step in range(1, n + 1):
        if board.sq[(position + step) % n, L.SQ_KIND] == kind:
            return (position + step) % n
    return position


def landing_distribution(board: BoardRules, stay_in_jail: bool) -> tuple[np.ndarray, float]:
    """Share of rolls ending on each square (a roll that ends in jail counts on the jail square), and
    the share that ends in jail rather than just visiting."""
    n = board.n_squares
    jail = int(board.rules[L.R_JAIL_SQUARE])
    max_doubles = int(board.rules[L.R_DOUBLES_TO_JAIL])
    jail_turns = int(board.rules[L.R_JAIL_MAX_TURNS]) if stay_in_jail else 1
    JAILED = -1

    @lru_cache(maxsize=None)
    def resolve(square: int) -> tuple[tuple[int, float], ...]:
        """Where a pawn arriving on `square` ends up, with probabilities (JAILED for jail)."""
        kind = board.sq[square, L.SQ_KIND]
        if kind == L.GO_TO_JAIL:
            return ((JAILED, 1.0),)
        if kind != L.CARD:
            return ((square, 1.0),)
        outcome: dict[int, float] = {}
        for chance, row in _card_moves(board, int(board.sq[square, L.SQ_DECK])):
            effect, a = board.cards[row, L.C_EFFECT], int(board.cards[row, L.C_A])
            if effect == L.ADVANCE_TO:
                ends = resolve(a)
            elif effect == L.ADVANCE_TO_NEAREST:
                ends = resolve(_nearest(board, square, a))
            elif effect == L.MOVE:
                ends = resolve((square + a) % n)
            elif effect == L.GO_TO_JAIL_CARD:
                ends = ((JAILED, 1.0),)
            else:
                ends = ((square, 1.0),)
            for end, p in ends:
                outcome[end] = outcome.get(end, 0.0) + chance * p
        return tuple(outcome.items())

    # States: square * max_doubles + doubles rolled this turn; then one state per failed roll in jail.
    free_states = n * max_doubles
    n_states = free_states + jail_turns
    transitions = np.zeros((n_states, n_states))

    def move_from(row: int, square: int, total: int, probability: float, doubles_after: int) -> None:
        for end, p in resolve((square + total) % n):
            column = free_states if end == JAILED else end * max_doubles + doubles_after
            transitions[row, column] += probability * p

    for square in range(n):
        for doubles in range(max_doubles):
            row = square * max_doubles + doubles
            for d1 in range(1, 7):
                for d2 in range(1, 7):
                    if d1 == d2 and doubles + 1 == max_doubles:
                        transitions[row, free_states] += 1 / 36
                    else:
                        move_from(row, square, d1 + d2, 1 / 36, doubles + 1 if d1 == d2 else 0)
    if stay_in_jail:
        for failed in range(jail_turns):
            row = free_states + failed
            for d1 in range(1, 7):
                for d2 in range(1, 7):
                    if d1 != d2 and failed + 1 < jail_turns:
                        transitions[row, row + 1] += 1 / 36
                    else:
                        move_from(row, jail, d1 + d2, 1 / 36, 0)
    else:
        # Leaving at once: the turn after jail is a normal turn from the jail square.
        transitions[free_states] = transitions[jail * max_doubles]

    # Stationary distribution: solve pi (P - I) = 0 with sum(pi) = 1.
    system = np.vstack([(transitions - np.eye(n_states)).T, np.ones(n_states)])
    target = np.zeros(n_states + 1)
    target[-1] = 1.0
    # unreachable states (Go To Jail's square) solve to 0 only up to rounding, sometimes just below it
    stationary = np.clip(np.linalg.lstsq(system, target, rcond=None)[0], 0.0, None)
    stationary /= stationary.sum()
    shares = stationary[:free_states].reshape(n, max_doubles).sum(axis=1)
    in_jail = float(stationary[free_states:].sum())
    shares[jail] += in_jail
    return shares, in_jail
