"""Strategies of the board games (classic, Walking Dead): one heuristic whose behaviour is set by numbers,
and the named strategies built from it. The decisions themselves are compiled in board_logic.py."""
from __future__ import annotations

import math

import numpy as np

from simulator.engines.shared import layout as L
from strategies import Strategy, StrategyError, define, define_search, numeric_vector

FAMILY = "board"

# name: (index in the parameter vector, default, meaning)
PARAMETERS: dict[str, tuple[int, float | list, str]] = {
    "buy_reserve": (L.P_BUY_RESERVE, 0.0, "cash kept after buying a square or paying a trade (not for chased groups)"),
    "buy_probability": (L.P_BUY_PROBABILITY, 1.0, "chance of buying an affordable square at its list price"),
    "bid_factor": (L.P_BID_FACTOR, 1.0, "auction ceiling as a multiple of the list price"),
    "preferred_groups": (L.P_PREFERRED_GROUPS, [], "colour groups chased: bought whatever the reserve, bid higher"),
    "preferred_factor": (L.P_PREFERRED_FACTOR, 1.0, "multiplier on bids and trade offers for chased groups"),
    "group_bonus": (L.P_GROUP_BONUS, 0.0, "extra multiple of the price bid for a square that completes or blocks a group"),
    "build_target": (L.P_BUILD_TARGET, 5.0, "buildings aimed for per street: 0 none, 1-4 houses, 5 hotel"),
    "build_reserve": (L.P_BUILD_RESERVE, 0.0, "cash kept after buying a building"),
    "jail_stay_buildings": (L.P_JAIL_STAY_BUILDINGS, math.inf, "stay in jail once opponents own this many houses (hotel = 5)"),
    "trade_offer": (L.P_TRADE_OFFER, 0.0, "multiple of list price offered for the squares completing a group (0: no offers)"),
    "trade_accept": (L.P_TRADE_ACCEPT, 2.0, "multiple of list price needed to sell squares to a player"),
    "swaps": (L.P_SWAPS, 1.0, "1: swap squares when the swap completes a group for both players"),
    "unmortgage_reserve": (L.P_UNMORTGAGE_RESERVE, 0.0, "cash kept after lifting a mortgage"),
    "lift_received_mortgages": (L.P_LIFT_RECEIVED_MORTGAGES, 1.0,
                                "1: pays off at once the mortgages received from a bankrupt player, deed by deed "
                                "as far as unmortgage_reserve allows (saving the second 10%; a reading of \"tout "
                                "régler tout de suite\", which could also be all or none); 0: keeps them"),
}


def board_strategy(name: str, summary: str, **params) -> Strategy:
    return define(FAMILY, PARAMETERS, name, summary, **params)


def parameter_vector(strategy: Strategy, group_names: list[str]) -> np.ndarray:
    """The strategy's numbers in the layout the kernel reads; group names become a bit mask of the
    edition's groups (a chased group the edition lacks is ignored)."""
    def group_mask(value) -> float:
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or not all(isinstance(g, str) for g in names):
            raise StrategyError(f"strategy {strategy.name}: parameter preferred_groups: expected a colour group's "
                                f"name or a list of them (known: {', '.join(group_names)}), got {value!r}")
        return float(sum(1 << group_names.index(g) for g in names if g in group_names))

    vector = numeric_vector(strategy, PARAMETERS, L.N_PARAMS, {"preferred_groups": group_mask})
    if vector[L.P_BUY_PROBABILITY] > 1:
        raise StrategyError(f"strategy {strategy.name}: parameter buy_probability: expected 0 to 1")
    return vector


board_strategy("buy_all", "buys every square it can afford, bids up to the price, builds hotels as fast as cash allows")
board_strategy("cautious", "keeps 300 in reserve for buying and building, bids below the price, lifts mortgages late",
               buy_reserve=300, bid_factor=0.8, build_reserve=300, unmortgage_reserve=500,
               trade_offer=1.2, trade_accept=1.5)
board_strategy("orange_red", "chases the orange and red groups (bids and offers 1.5x for them), buys others only above 200",
               preferred_groups=["orange", "red"], preferred_factor=1.5, buy_reserve=200, build_reserve=100,
               trade_offer=1.2, trade_accept=2.0, swaps=1)
board_strategy("three_houses", "builds fast to three houses on every street and never beyond",
               build_target=3, build_reserve=50)
board_strategy("never_build", "buys everything but never builds: rent from bare streets and railroads only",
               build_target=0)
board_strategy("jail_late", "stays in jail once opponents have 6 houses on the board, otherwise balanced",
               jail_stay_buildings=6, buy_reserve=100, build_reserve=100)
board_strategy("hard_trader", "trades hard to complete groups: offers 2x the price, sells only at 3x, swaps, bids to block",
               trade_offer=2.0, trade_accept=3.0, swaps=1, group_bonus=0.5, build_reserve=100)
# optimize's best buy_all against three hard_traders (issue 31: 39.5% [38.9, 40.2] on 20,016 fresh games, seed 4)
board_strategy("tough_trader", "offers 3x the price for the squares completing a group, sells only at 4.4x, bids 1.1x "
               "the price (0.8x more to complete or block a group), builds hotels with all its cash",
               trade_offer=3.0, trade_accept=4.4, bid_factor=1.1, group_bonus=0.8)
board_strategy("random", "a weak baseline: buys half the squares it lands on and can afford, bids half the price, "
               "builds to 2 houses",
               buy_probability=0.5, bid_factor=0.5, build_target=2, trade_accept=1.0, swaps=1)

define_search(FAMILY, "search", "before each of its turns, plays the game forward a few times for each candidate policy "
              "on the same dice (unseen cards reshuffled, tough_trader after the round weighed) and follows the one "
              "that wins most until its next turn",
              base="tough_trader", candidates=["hard_trader", "buy_all", "three_houses", "cautious"], rollouts=8,
              horizon=0)


# What every strategy of the family does, whatever its numbers (printed by `monopoly-mc strategies`)
SHARED_BEHAVIOUR = """Unless a strategy says otherwise, it sells a square to a player at twice its price and agrees to swaps that
complete a group for both sides. Trading is at most once a turn, to complete a colour group: by a swap when
the other player holds the rest of its group and it holds the rest of one of theirs, or by a cash offer the
seller's strategy accepts; squares change hands only without buildings, and the receiver of a mortgaged
deed in a trade pays the 10% at once and keeps the mortgage. A creditor receiving mortgaged deeds from a
bankrupt player pays the 10% on each, then pays off at once (for the mortgage alone) those its
unmortgage_reserve allows, in board order, unless lift_received_mortgages is 0."""

DEFAULT_LINEUP = ["buy_all", "cautious", "three_houses", "hard_trader", "orange_red", "never_build", "jail_late", "random"]
TOURNAMENT_FIELD = ["buy_all", "cautious", "three_houses", "hard_trader", "never_build"]
