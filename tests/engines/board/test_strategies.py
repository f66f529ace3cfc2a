"""Each board strategy's one-line description (strategies/board.py, `monopoly-mc strategies`) is a claim; each
claim is checked here on simulated classic games, with the per-player counters of the players table. Every
check that a counter stays within a claim comes with a check that the same counter moves for a strategy
that does the thing, so a counter that never moved could not pass."""
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

import strategies
from simulator.rules import load_edition
from simulator.runner import RunSpec, run
from strategies.board import DEFAULT_LINEUP

HOTEL = 5  # top_level of a hotel on the classic board (max_houses + 1)


def play(lineup, games, seed, out) -> pd.DataFrame:
    """The players table of `games` classic games, with `entry` the lineup position of each row."""
    run(RunSpec(edition=load_edition("classic"), lineup=lineup, games=games, seed=seed), out=out)
    players = pd.read_parquet(out / "players")
    return players.assign(entry=players.lineup_index.astype(int))


def by_name(name, **params):
    return strategies.get("board", name).with_params(**params)


@pytest.fixture(scope="module")
def field(tmp_path_factory) -> pd.DataFrame:
    """Every board strategy at one table, seats rotated."""
    return play([by_name(n) for n in DEFAULT_LINEUP], 600, 1, tmp_path_factory.mktemp("field"))


def rows(players, name):
    return players[players.strategy == name]


def test_never_build_never_owns_a_house(field):
    """never_build: "buys everything but never builds"."""
    never = rows(field, "never_build")
    assert (never.buildings_bought == 0).all() and (never.top_level == 0).all()
    assert (never.houses == 0).all() and (never.hotels == 0).all()
    assert (never.declined == 0).all() and never.bought.mean() > 1
    assert rows(field, "buy_all").buildings_bought.sum() > 0


def test_three_houses_never_builds_beyond_three_on_a_street(field):
    """three_houses: "builds fast to three houses on every street and never beyond"."""
    three = rows(field, "three_houses")
    assert three.top_level.max() == 3
    assert (three.hotels == 0).all()
    assert rows(field, "buy_all").top_level.max() == HOTEL


def test_buy_all_buys_every_square_it_can_afford_and_builds_hotels(field):
    """buy_all: "buys every square it can afford, bids up to the price, builds hotels as fast as cash
    allows"."""
    buy_all = rows(field, "buy_all")
    assert (buy_all.declined == 0).all() and buy_all.bought.mean() > 1
    assert (buy_all.top_level == HOTEL).mean() > 0.05
    assert rows(field, "cautious").declined.sum() > 0


def test_random_buys_half_of_what_it_can_afford_and_builds_to_two_houses(field):
    """random: "a weak baseline: buys half the squares it lands on (and can afford), bids half the price,
    builds to 2 houses"."""
    random = rows(field, "random")
    share = random.bought.sum() / (random.bought.sum() + random.declined.sum())
    assert 0.42 < share < 0.58
    assert random.top_level.max() == 2
    assert random.won.mean() < 0.5 / len(DEFAULT_LINEUP), "a weak baseline: below half its fair share"


def test_cautious_keeps_300_after_buying_and_building(field):
    """cautious: "keeps 300 in reserve for buying and building, bids below the price, lifts mortgages
    late"."""
    cautious = rows(field, "cautious")
    bought = cautious[cautious.least_cash_after_buying >= 0]
    assert len(bought) > 0.9 * len(cautious)
    assert (bought.least_cash_after_buying >= 300).all()
    buy_all = rows(field, "buy_all")
    assert (buy_all.least_cash_after_buying.between(0, 299)).mean() > 0.1


def test_orange_red_completes_orange_and_red_more_often(field):
    """orange_red: "chases the orange and red groups (bids and offers 1.5x for them), buys others only
    above 200"."""
    def held(name):
        players = rows(field, name)
        return (players.held_orange | players.held_red).mean()
    assert held("orange_red") > 1.5 * held("buy_all")


def test_hard_trader_buys_at_twice_the_price_sells_only_at_three_times_and_swaps(tmp_path):
    """hard_trader: "trades hard to complete groups: offers 2x the price, sells only at 3x, swaps, bids to
    block". A rival offering 2.5x never buys from it, while buy_all (which sells at 2x) sells; a table of
    hard traders alone trades by swaps only."""
    offerer = replace(by_name("buy_all", trade_offer=2.5, trade_accept=10.0), name="offers_2_5x")
    mixed = play([by_name("hard_trader"), by_name("buy_all"), offerer], 600, 2, tmp_path / "mixed")
    assert (rows(mixed, "hard_trader").trade_sales == 0).all()
    assert rows(mixed, "buy_all").trade_sales.sum() > 20
    assert rows(mixed, "hard_trader").trades.sum() > 20
    alone = play([by_name("hard_trader")] * 4, 300, 3, tmp_path / "alone")
    assert (alone.trade_sales == 0).all() and alone.trades.sum() > 20


def test_tough_trader_buys_at_three_times_the_price_and_sells_only_above_four(tmp_path):
    """tough_trader: "offers 3x the price for the squares completing a group, sells only at 4.4x". A rival
    offering 4x never buys from it, while buy_all (which sells at 2x) sells to that rival; hard_trader, which
    sells only at 3x, sells to it where nobody else offers that much."""
    offerer = replace(by_name("buy_all", trade_offer=4.0, trade_accept=10.0), name="offers_4x")
    mixed = play([by_name("tough_trader"), by_name("buy_all"), offerer], 600, 2, tmp_path / "mixed")
    assert (rows(mixed, "tough_trader").trade_sales == 0).all()
    assert rows(mixed, "buy_all").trade_sales.sum() > 20
    against = play([by_name("tough_trader"), by_name("hard_trader"), by_name("never_build")], 600, 3,
                   tmp_path / "against")
    assert rows(against, "hard_trader").trade_sales.sum() > 20   # only tough_trader offers 3x there


def test_jail_late_stays_in_jail_once_opponents_have_built(tmp_path):
    """jail_late: "stays in jail once opponents have 6 houses on the board, otherwise balanced": against
    builders it spends more turns in jail than the same strategy that always leaves at once."""
    def jail_turns(jail_late, out):
        players = play([jail_late, by_name("buy_all"), by_name("buy_all"), by_name("buy_all")], 600, 4, out)
        return players[players.entry == 0].jail_turns.mean()
    staying = jail_turns(by_name("jail_late"), tmp_path / "stays")
    leaving = jail_turns(by_name("jail_late", jail_stay_buildings=np.inf), tmp_path / "leaves")
    assert staying > 1.3 * leaving
