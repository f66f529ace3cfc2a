"""Strategies of Monopoly Empire: one heuristic whose behaviour is set by numbers, and the named strategies
that differ where players argue (buy everything, save for skyscrapers, attack with Empire cards, swap tower
tops). The decisions themselves are compiled in empire_logic.py."""
from __future__ import annotations

import math

import numpy as np

from simulator.engines.empire import layout as L
from strategies import Strategy, StrategyError, define, define_search, numeric_vector

FAMILY = "empire"

PARAMETERS = {
    "buy_reserve": (L.P_BUY_RESERVE, 0.0, "cash (k) kept after buying a billboard (none for one completing its own "
                                          "group when group_bonus > 0)"),
    "buy_probability": (L.P_BUY_PROBABILITY, 1.0, "chance of buying an affordable billboard at its price"),
    "bid_factor": (L.P_BID_FACTOR, 1.0, "auction ceiling as a multiple of the price"),
    "skyscraper_reserve": (L.P_SKYSCRAPER_RESERVE, math.inf, "cash (k) kept after buying a 500k skyscraper "
                                                             "(inf: never buys one)"),
    "swap_min_gain": (L.P_SWAP_MIN_GAIN, 2.0, "tower units of lead over the tallest rival a swap of tops must "
                                              "gain to be made, its own top or two rivals' (inf: never swaps)"),
    "attack_threshold": (L.P_ATTACK_THRESHOLD, 0.5, "plays charge, swap and crash cards at the start of its turn "
                                                    "once the tallest rival tower is this full (0: whatever its "
                                                    "height; above 1: never)"),
    "group_bonus": (L.P_GROUP_BONUS, 0.5, "extra multiple of the price bid for a billboard completing a group, "
                                          "its own or a rival's (to block it); above 0 also waives the reserve "
                                          "for one completing its own"),
    "pay_jail": (L.P_PAY_JAIL, 1.0, "1: pays 100k to leave jail at once; 0: rolls for doubles (either way a "
                                    "Get Out of Jail card it holds is used first)"),
    "parking_moves": (L.P_PARKING_MOVES, 1.0, "1: pays 100k at Free Parking to move to a billboard it buys, or GO"),
}


def empire_strategy(name: str, summary: str, **params) -> Strategy:
    return define(FAMILY, PARAMETERS, name, summary, **params)


def parameter_vector(strategy: Strategy, group_names: list[str]) -> np.ndarray:
    vector = numeric_vector(strategy, PARAMETERS, L.N_PARAMS)
    if vector[L.P_BUY_PROBABILITY] > 1:
        raise StrategyError(f"strategy {strategy.name}: parameter buy_probability: expected 0 to 1")
    return vector


empire_strategy("buy_everything", "buys every billboard it can afford, bids up to the price, never buys skyscrapers",
                bid_factor=1.0, group_bonus=0.0)
empire_strategy("skyscraper_saver", "buys a 500k skyscraper at the start of its turn whenever 200k stays in hand "
                "after it, and every billboard it can pay (it saves nothing for skyscrapers); bids up to twice the "
                "price to complete or block groups", skyscraper_reserve=200, group_bonus=1.0)
empire_strategy("card_shark", "plays every charge card at the start of its next turn, crash and swap cards "
                "there too once they have a target (a swap that gains it 2 units of lead), however short the "
                "towers; bids to complete or block groups", attack_threshold=0.0, group_bonus=1.0)
empire_strategy("swapper", "swaps tops whenever the Swap face allows a swap that gains it a unit of lead (its "
                "top for a taller one, or the leader's tall top to a trailing rival); holds attack cards, swap "
                "cards too, until a rival is three quarters up", swap_min_gain=1, attack_threshold=0.75)
empire_strategy("cautious", "keeps 300k in reserve, bids 80% of the price, never pays to leave jail (uses a "
                "Get Out of Jail card it holds, else rolls for doubles), never pays for the Free Parking move", buy_reserve=300, bid_factor=0.8, group_bonus=0.0,
                pay_jail=0, parking_moves=0)
empire_strategy("high_bidder", "found by `optimize` against buy_everything, card_shark and swapper (rounded): "
                "keeps 50k after buying, bids up to 1.6 times the price (3.6 times to complete or block a group), "
                "buys a skyscraper only when 900k stays after it, swaps for a unit of lead, plays attack cards as soon "
                "as the tallest rival tower is a tenth full", buy_reserve=50, bid_factor=1.6, skyscraper_reserve=900,
                swap_min_gain=1, attack_threshold=0.1, group_bonus=2.0)
empire_strategy("random", "a weak baseline: buys half of what it lands on, bids half the price, never swaps "
                "or attacks", buy_probability=0.5, bid_factor=0.5, swap_min_gain=math.inf, attack_threshold=2.0,
                group_bonus=0.0, parking_moves=0)


# What every strategy of the family does, whatever its numbers (printed by `monopoly-mc strategies`)
SHARED_BEHAVIOUR = """Every strategy answers an action against it with a card when it holds one (a swap only when its own tower
loses by it). A swap exchanges the two highest brand billboards that most widen its lead over the tallest
rival, by the tiles' units: its own top for a taller one, or a leader's tall top for a trailing rival's
short one; never one that could fill a rival's tower (counting the bonus skyscraper of a group the tile
would complete there)."""

DEFAULT_LINEUP = ["buy_everything", "skyscraper_saver", "card_shark", "swapper"]
TOURNAMENT_FIELD = ["buy_everything", "skyscraper_saver", "card_shark", "swapper", "cautious"]

define_search(FAMILY, "search", "before each of its turns, plays every built-in policy but random forward in the "
              "engine (256 rollouts each: that round as the policy, then high_bidder to the end of the game; the "
              "rivals as they play, the undrawn cards and the rivals' Empire cards drawn anew) and follows the one "
              "that wins most, high_bidder on ties", base="high_bidder",
              candidates=["buy_everything", "skyscraper_saver", "card_shark", "swapper", "cautious"], rollouts=256,
              horizon=0)
