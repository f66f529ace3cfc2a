"""Strategies of Monopoly Millionaire: the board strategies' parameters (buying, bidding, building, trading,
jail), and when to climb the star levels, when to keep cash for the million, and how to use a Steal card.
The board decisions are compiled in board_logic.py, Millionaire's own in millionaire_logic.py."""
from __future__ import annotations

import math

import numpy as np

from simulator.engines.millionaire import layout as M
from strategies import Strategy, define, define_search, numeric_vector
from strategies import board as board_strategies

FAMILY = "millionaire"

# name: (index in the parameter vector, default, meaning)
PARAMETERS: dict[str, tuple[int, float | list, str]] = {
    **board_strategies.PARAMETERS,
    "upgrade_to": (M.P_UPGRADE_TO, 2.0, "star upgrades it takes on GO: 0 stays at 1 star, 1 climbs to 3, 2 to 5"),
    "upgrade_reserve": (M.P_UPGRADE_RESERVE, 0.0, "cash kept after paying for an upgrade"),
    "upgrade_after_building": (M.P_UPGRADE_AFTER_BUILDING, 0.0,
                               "1: no upgrade until it holds a complete group and none of its complete groups "
                               "still wants buildings"),
    "upgrade_from_round": (M.P_UPGRADE_FROM_ROUND, 0.0, "no upgrade before this round"),
    "hoard_from": (M.P_HOARD_FROM, math.inf, "cash from which it stops building, lifting mortgages and upgrading"),
    "steal_any": (M.P_STEAL_ANY, 1.0, "1: use a Steal card at once on the dearest property when none completes "
                                      "a group; 0: wait for one that does"),
}


def millionaire_strategy(name: str, summary: str, **params) -> Strategy:
    return define(FAMILY, PARAMETERS, name, summary, **params)


def parameter_vector(strategy: Strategy, group_names: list[str]) -> np.ndarray:
    """The board parameters as board_logic reads them, then Millionaire's."""
    vector = np.zeros(M.N_PARAMS, dtype=np.float64)
    vector[:M.BOARD_N_PARAMS] = board_strategies.parameter_vector(strategy, group_names)
    extra = {key: value for key, value in PARAMETERS.items() if key not in board_strategies.PARAMETERS}
    vector[M.BOARD_N_PARAMS:] = numeric_vector(strategy, extra, M.N_PARAMS)[M.BOARD_N_PARAMS:]
    return vector


millionaire_strategy("upgrade_at_once", "takes every star upgrade it can afford on GO, buys and builds like buy_all")
millionaire_strategy("never_upgrade", "stays at 1 star and keeps the whole salary; buys and builds like buy_all",
                     upgrade_to=0)
millionaire_strategy("upgrade_rich", "upgrades only with 300k left after paying; keeps 100k when buying at the "
                     "price and building",
                     upgrade_reserve=300, buy_reserve=100, build_reserve=100)
millionaire_strategy("build_first", "upgrades only once it holds a complete group and its complete groups are built "
                     "to three houses",
                     upgrade_after_building=1, build_target=3, build_reserve=50)
millionaire_strategy("sprinter", "stops building, lifting mortgages and upgrading from 700k of cash, to cross "
                     "the million sooner; trades hard for groups", hoard_from=700, trade_offer=2.0, trade_accept=3.0,
                     group_bonus=0.5)
millionaire_strategy("random", "a weak baseline: buys half the squares it lands on, bids half the price, "
                     "climbs to 3 stars, builds to 2 houses",
                     buy_probability=0.5, bid_factor=0.5, build_target=2, upgrade_to=1, trade_accept=1.0)
define_search(FAMILY, "search", "before each of its turns, plays each policy forward in the engine (8 rollouts to "
              "the end of the game, the undrawn cards and the Fortune cards face down reshuffled) and follows the one "
              "that wins most; upgrade_at_once when it does not search",
              base="upgrade_at_once", candidates=["never_upgrade", "upgrade_rich", "build_first", "sprinter"],
              rollouts=8, horizon=0)


# What every strategy of the family does, whatever its numbers (printed by `monopoly-mc strategies`)
SHARED_BEHAVIOUR = """Board strategies with more numbers (upgrade_to, upgrade_reserve, upgrade_after_building,
upgrade_from_round, hoard_from, steal_any). Every Millionaire strategy never upgrades when the whole salary
would reach the million, plays a kept Fortune card as soon as it helps, gives away its cheapest spare
property to the poorest rival, and bids at least the 1k minimum at an auction nobody bids more at
(rules.auction_must_sell)."""

DEFAULT_LINEUP = ["upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first", "sprinter", "random"]
TOURNAMENT_FIELD = ["upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first", "sprinter"]
