"""Strategies as code, an example: your own decisions, compiled, beside the built-in strategies.

    monopoly-mc simulate --strategy-file reports/strategies/my_bots.py -s my_builder -s buy_all -s cautious -s hard_trader
    monopoly-mc simulate --edition deal --strategy-file reports/strategies/my_bots.py -s money_first -s opportunist

Each strategy takes a built-in strategy's parameters (`base`, changed by keyword) and replaces some of its
family's decisions with functions of the same name and parameters (`monopoly-mc strategies --template FAMILY`
lists them). A decision not given is the built-in one. To call a built-in decision, import it by name.
"""
from simulator.engines.deal.layout import C_EFFECT, LOC_OWNER, LOC_ZONE, MONEY, PL_BANK, Z_HAND
from simulator.engines.shared.layout import PL_ALIVE, PL_CASH
from simulator.usercode import strategy
from strategies.board_logic import (
    buys as builtin_buys, builds as builtin_builds, could_agree as builtin_could_agree, house_bid as builtin_house_bid,
    lifts_mortgage as builtin_lifts_mortgage, lifts_received_mortgage as builtin_lifts_received_mortgage,
    max_bid as builtin_max_bid, sells as builtin_sells,
    stays_in_jail as builtin_stays_in_jail, swaps as builtin_swaps, target_level as builtin_target_level,
    trade_offer as builtin_trade_offer,
)
from strategies.deal_logic import CH_DOUBLES, choose_play as builtin_choose_play

# --- The board games (classic, Walking Dead) -------------------------------------------------------------

my_builder = strategy("my_builder", family="board", base="cautious",
                      summary="builds only while every rival still in holds less than 300 in cash",
                      build_reserve=50)


@my_builder.decision
def builds(prm, pl, p, cost):
    """Spend `cost` on one more building now? Only while the rivals are short of cash to pay rent with."""
    for q in range(pl.shape[0]):
        if q != p and pl[q, PL_ALIVE] != 0 and pl[q, PL_CASH] >= 300:
            return False
    return builtin_builds(prm, pl, p, cost)


# The built-in strategy `cautious`, every decision written out as a call to the built-in one: it plays the
# same games as `cautious` (the tests check it, seat for seat).
cautious_as_code = strategy("cautious_as_code", family="board", base="cautious",
                            summary="cautious, with each decision a call to the built-in one")


@cautious_as_code.decision
def buys(sq, prm, pl, rng, p, s):
    return builtin_buys(sq, prm, pl, rng, p, s)


@cautious_as_code.decision
def max_bid(sq, groups, own, prm, pl, p, s):
    return builtin_max_bid(sq, groups, own, prm, pl, p, s)


@cautious_as_code.decision
def target_level(prm, rules, p):
    return builtin_target_level(prm, rules, p)


@cautious_as_code.decision
def builds(prm, pl, p, cost):  # noqa: F811  (each strategy registers its own)
    return builtin_builds(prm, pl, p, cost)


@cautious_as_code.decision
def house_bid(prm, pl, p, cost):
    return builtin_house_bid(prm, pl, p, cost)


@cautious_as_code.decision
def stays_in_jail(own, rules, prm, p):
    return builtin_stays_in_jail(own, rules, prm, p)


@cautious_as_code.decision
def lifts_mortgage(prm, pl, p, cost):
    return builtin_lifts_mortgage(prm, pl, p, cost)


@cautious_as_code.decision
def lifts_received_mortgage(prm, pl, p, cost):
    return builtin_lifts_received_mortgage(prm, pl, p, cost)


@cautious_as_code.decision
def trade_offer(prm, pl, p, g, value):
    return builtin_trade_offer(prm, pl, p, g, value)


@cautious_as_code.decision
def could_agree(prm, p, q, g):
    return builtin_could_agree(prm, p, q, g)


@cautious_as_code.decision
def sells(prm, q, value, offer):
    return builtin_sells(prm, q, value, offer)


@cautious_as_code.decision
def swaps(prm, p):
    return builtin_swaps(prm, p)


# --- Monopoly Deal --------------------------------------------------------------------------------------

money_first = strategy("money_first", family="deal", base="opportunist",
                       summary="banks a money card first while its bank holds less than 3M, else plays like "
                               "opportunist")


@money_first.decision
def choose_play(cards, deck, groups, rules, loc, gs, tab, pl, prm, rng, p, choice, scratch):
    """The copy p plays next and whether into its bank: a money card into the bank while the bank is low."""
    if pl[p, PL_BANK] < 3:
        for k in range(loc.shape[0]):
            if loc[k, LOC_ZONE] == Z_HAND and loc[k, LOC_OWNER] == p and cards[deck[k], C_EFFECT] == MONEY:
                choice[:] = -1
                choice[CH_DOUBLES] = 0
                return k, True
    return builtin_choose_play(cards, deck, groups, rules, loc, gs, tab, pl, prm, rng, p, choice, scratch)
