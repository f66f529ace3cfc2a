"""The compiled decisions that Monopoly Millionaire adds to the board strategies' (board_logic.py): when to
climb a star level, when to keep cash for the million, and how to use a Steal card.

Each function reads the seat's parameter row `prm[p]` (layout: simulator/engines/millionaire/layout.py,
meaning: strategies/millionaire.py). The engine's cache is keyed on this file too. Each is inlined into the
engine's code that asks it: a compiled function of its own costs the cold compile more than its few lines.
"""
from simulator.engines.shared.jit import engine_njit
from simulator.engines.millionaire.layout import (
    B_ROUND, P_HOARD_FROM, P_STEAL_ANY, P_UPGRADE_AFTER_BUILDING, P_UPGRADE_FROM_ROUND, P_UPGRADE_RESERVE,
    P_UPGRADE_TO, PL_CASH, PL_STAR, R_SALARY, R_UPGRADE_COST, R_WIN_CASH,
)


@engine_njit(inline="always")
def hoards(prm, pl, p):
    """Keep the cash for the million: no building, no lifting mortgages and no upgrade from this much on."""
    return pl[p, PL_CASH] >= prm[p, P_HOARD_FROM]


@engine_njit(inline="always")
def upgrades(rules, prm, pl, bank, p, built):
    """On GO, give up part of the salary for the next star level? Never when the whole salary reaches the
    million, nor below the cash kept after paying; `built`: p holds a complete group and none of its
    complete groups wants more buildings."""
    level = pl[p, PL_STAR]
    if level >= prm[p, P_UPGRADE_TO] or bank[B_ROUND] < prm[p, P_UPGRADE_FROM_ROUND] or hoards(prm, pl, p):
        return False
    if not built and prm[p, P_UPGRADE_AFTER_BUILDING] != 0:
        return False
    cash = pl[p, PL_CASH] + rules[R_SALARY + level]
    if cash >= rules[R_WIN_CASH]:
        return False
    return cash - rules[R_UPGRADE_COST] >= prm[p, P_UPGRADE_RESERVE]


@engine_njit(inline="always")
def steals_any(prm, p):
    """Use a Steal card on the dearest property at once when none completes a group, rather than wait."""
    return prm[p, P_STEAL_ANY] != 0
