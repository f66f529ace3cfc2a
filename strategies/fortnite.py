"""Strategies of Monopoly Fortnite: one heuristic that values landings, shots and walls in HP
(strategies/fortnite_logic.py), and named strategies that weigh them the way players differ: an aggressive
shooter, a wall builder, a collector of colour pairs, a storm avoider."""
from __future__ import annotations

import math

import numpy as np

from simulator.engines.fortnite import layout as L
from strategies import Strategy, StrategyError, define, define_search, numeric_vector

FAMILY = "fortnite"

PARAMETERS = {
    "attack_weight": (L.P_ATTACK_WEIGHT, 1.0, "value of 1 HP taken from a rival by a shot, grenade or bomb"),
    "kill_bonus": (L.P_KILL_BONUS, 2.0, "extra value of a shot that eliminates"),
    "target_leader": (L.P_TARGET_LEADER, 0.0, "lean toward shooting the healthiest rival (0: the shot's HP only)"),
    "wall_trap": (L.P_WALL_TRAP, 1.0, "weight of what a wall is likely to cost the rivals it stops"),
    "wall_shelter": (L.P_WALL_SHELTER, 0.5, "value of standing its wall on its own square (sheltered from attacks)"),
    "claim_value": (L.P_CLAIM_VALUE, 1.0, "value of claiming a free location"),
    "pair_value": (L.P_PAIR_VALUE, 1.0, "extra value of a location that completes a pair"),
    "storm_fear": (L.P_STORM_FEAR, 1.0, "multiple of the HP a covered square costs, when choosing what to bring "
                                     "down before moving (the die's order, a grenade at a wall)"),
    "jail_pay_hp": (L.P_JAIL_PAY_HP, 8.0, "pays the 2 HP to leave jail at once when it has at least this many HP "
                                          "(inf: always tries for the six)"),
    "start_sight": (L.P_START_SIGHT, 0.0, "per rival in sight of a starting square: > 0 seeks them, < 0 avoids them"),
    "trade": (L.P_TRADE, 1.0, "1: trades with other traders for the location that completes a pair"),
    "item_price": (L.P_ITEM_PRICE, 2.0, "chest items it gives at most for a rival's location that completes its "
                                        "pair, and asks for one of its own (0: trades no items)"),
}


def fortnite_strategy(name: str, summary: str, **params) -> Strategy:
    return define(FAMILY, PARAMETERS, name, summary, **params)


def _start_sight(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise StrategyError(f"parameter start_sight: expected a number, got {value!r}")
    return float(value)


def parameter_vector(strategy: Strategy, group_names: list[str]) -> np.ndarray:
    return numeric_vector(strategy, PARAMETERS, L.N_PARAMS, {"start_sight": _start_sight})


fortnite_strategy("aggressive_shooter", "shoots whenever a rival is in reach, one it can eliminate first, else "
                  "the healthiest, unless bringing down the wall in its way is worth more; starts in sight of "
                  "rivals; never trades", attack_weight=3, kill_bonus=4,
                  target_leader=1, start_sight=1, jail_pay_hp=4, trade=0)
fortnite_strategy("wall_builder", "stands its walls where rivals behind it are likely to stop on a square that "
                  "costs them: a location not theirs, a spike trap, the storm, Go To Jail", wall_trap=3, wall_shelter=0)
fortnite_strategy("pair_collector", "trades to complete its pairs: swaps locations, or pays up to 3 chest items "
                  "for the one it lacks", claim_value=2, pair_value=4, item_price=3)
fortnite_strategy("storm_avoider", "shelters behind its own walls, starts out of sight, and brings down first "
                  "a wall that would stop it under the storm (a rare chance: it still loses as much "
                  "HP to the storm as the others, a little more)", storm_fear=3, wall_shelter=3, wall_trap=0, start_sight=-1,
                  jail_pay_hp=12)
fortnite_strategy("passive", "a baseline: never shoots a player, stands walls for shelter only, never trades",
                  attack_weight=0, kill_bonus=0, wall_trap=0, trade=0)
define_search(FAMILY, "search", "before each of its turns, plays each policy forward in the engine (8 rollouts of "
              "8 turns, the undrawn storm and chest cards reshuffled, scored by its share of the HP) and follows the "
              "one that scores best; storm_avoider when it does not search", base="storm_avoider",
              candidates=["aggressive_shooter", "wall_builder", "pair_collector", "passive"], rollouts=8, horizon=8)


# What every strategy of the family does, whatever its numbers (printed by `monopoly-mc strategies`)
SHARED_BEHAVIOUR = """One heuristic values in HP what landing on a square gains or costs, what a shot takes from a rival (and
an elimination), and what a wall is likely to cost the rivals it stops; it chooses the die's order, the
target, the wall's square, the starting square and whether to pay out of jail by comparing them. A shot
(crosshair or grenade) is fired only when it is worth more than nothing to the shooter (attack_weight,
kill_bonus, target_leader), so passive shoots no player. Every strategy, at the start and at the end of
its turn, uses a heal item when none of it is wasted and, when a shot is worth something to it, throws a
grenade at the best target in sight; before moving, it throws one at the wall in sight that would stop it
when passing is worth more than attack_weight times the grenade's damage; it heals with the bandages face
before or after moving, whichever keeps more HP, and spends a shield potion on the first attack against it."""

DEFAULT_LINEUP = ["aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider", "aggressive_shooter",
                  "wall_builder", "pair_collector"]
TOURNAMENT_FIELD = ["aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider", "passive"]
