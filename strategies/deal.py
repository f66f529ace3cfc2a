"""Strategies of Monopoly Deal: one heuristic that scores every way to play each card by its immediate
gain (strategies/deal_logic.py), and named strategies that weigh those gains the way players differ: bank
first then build, rush properties, hold Just Say No and attack late, take the biggest gain at once."""
from __future__ import annotations

import math

import numpy as np

from simulator.engines.deal import layout as L
from strategies import Strategy, StrategyError, define, define_search, numeric_vector

FAMILY = "deal"

PARAMETERS = {
    "bank_target": (L.P_BANK_TARGET, 4.0, "bank value (M) below which banking weighs bank_urgency times more"),
    "bank_urgency": (L.P_BANK_URGENCY, 2.0, "multiple of the banking gain while the bank is below bank_target"),
    "bank_weight": (L.P_BANK_WEIGHT, 1.0, "gain of banking 1M (an action card banked: half)"),
    "property_weight": (L.P_PROPERTY_WEIGHT, 1.0, "multiple of the gain of laying a property (a winning one "
                                                  "always wins)"),
    "attack_weight": (L.P_ATTACK_WEIGHT, 1.0, "multiple of the gain of rents, debts, birthdays and taking properties"),
    "attack_from_round": (L.P_ATTACK_FROM_ROUND, 0.0, "round from which it plays actions against rivals (rounds "
                                                      "count from 1; 1 or less: at once)"),
    "hold_just_say_no": (L.P_HOLD_JUST_SAY_NO, 0.0, "1: never banks a Just Say No"),
    "say_no_min_loss": (L.P_SAY_NO_MIN_LOSS, 0.0, "least loss (M, or a set's worth: about 8) it answers with a Just "
                                                  "Say No, and least gain of its own action it defends with one "
                                                  "against a Just Say No (inf: never; nothing at stake: never)"),
    "build_weight": (L.P_BUILD_WEIGHT, 1.0, "gain of a house or hotel per 1M of rent it adds"),
    "deny_weight": (L.P_DENY_WEIGHT, 0.5, "weight of a rival's loss when taking its property or set"),
    "min_gain": (L.P_MIN_GAIN, 0.0, "least gain worth a play: with less it keeps its cards (0: plays while it gains)"),
    "randomness": (L.P_RANDOMNESS, 0.0, "chance that a play is any legal one instead of the best"),
}


def deal_strategy(name: str, summary: str, **params) -> Strategy:
    return define(FAMILY, PARAMETERS, name, summary, **params)


def parameter_vector(strategy: Strategy, group_names: list[str]) -> np.ndarray:
    vector = numeric_vector(strategy, PARAMETERS, L.N_PARAMS)
    if vector[L.P_RANDOMNESS] > 1:
        raise StrategyError(f"strategy {strategy.name}: parameter randomness: expected 0 to 1")
    return vector


deal_strategy("bank_first", "banks money and actions before it lays properties, most keenly until 10M is in the bank",
              bank_target=10, bank_urgency=4, property_weight=0.8)
deal_strategy("rush_properties", "lays every property at once and plays for sets; banks only what it cannot use",
              bank_target=0, bank_weight=0.5, property_weight=20.0, build_weight=0.5, hold_just_say_no=1)
deal_strategy("late_attacker", "holds Just Say No for big threats and attacks only from round 4, banking meanwhile",
              hold_just_say_no=1, say_no_min_loss=5, attack_from_round=4, bank_target=6, deny_weight=1.0)
deal_strategy("opportunist", "plays whatever gains most right now, attacks at once, says no to any loss",
              bank_target=2, bank_urgency=1.5, deny_weight=0.0)
deal_strategy("random", "a weak baseline: plays any legal card (aimed as the others aim), never says no",
              randomness=1.0, say_no_min_loss=math.inf)
define_search(FAMILY, "search", "searches with the engine: before each turn it picks the named strategy to play as, "
              "then before each play which card to play, bank or lay, or to stop, by playing each choice forward "
              "four turns on, on the same cards (the rivals' hands and the draw pile dealt anew: it does not see "
              "them); with no rollouts, rush_properties", base="rush_properties",
              candidates=["bank_first", "late_attacker", "opportunist"], rollouts=16, horizon=4)


# What every strategy of the family does, whatever its numbers (printed by `monopoly-mc strategies`)
SHARED_BEHAVIOUR = """Each play, one heuristic scores every way to play every card in hand by its immediate gain and plays the
best while that gain reaches min_gain. Money counts its value; a table counts its potential (a complete set
8, a set short of complete 5 x share held squared, 4 for each pair of complete sets, the win above all), so
laying, taking and giving away properties compare with money. Every strategy pays a debt overpaying as
little as it can from its bank (the combination of notes nearest above the debt), then with what it misses
least from its table, and places a wild or a received property where it adds most. It answers with a Just
Say No only when something is at stake and at least its say_no_min_loss: as the victim, what the action
costs it; as the attacker answering one, what its action gains it."""

DEFAULT_LINEUP = ["bank_first", "rush_properties", "late_attacker", "opportunist", "bank_first"]
TOURNAMENT_FIELD = ["bank_first", "rush_properties", "late_attacker", "opportunist", "random"]
