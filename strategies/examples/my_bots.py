"""Strategies as code, an example: `monopoly-mc simulate --strategy-file strategies/examples/my_bots.py
-s my_builder -s buy_all -s cautious -s hard_trader`.

Each strategy takes a built-in one's parameters (`base`) and replaces some of its family's decisions with
functions of the same name and parameters (see `monopoly-mc strategies --template FAMILY`).
"""
from simulator.engines.shared.layout import PL_ALIVE, PL_CASH
from simulator.usercode import strategy

my_builder = strategy("my_builder", family="board", base="cautious",
                      summary="builds only while every rival still in the game holds less than 300 in cash",
                      build_reserve=50)


@my_builder.decision
def builds(prm, pl, p, cost):
    """Spend `cost` on one more building now? Only while rivals are short of cash to pay rent with."""
    for q in range(pl.shape[0]):
        if q != p and pl[q, PL_ALIVE] != 0 and pl[q, PL_CASH] >= 300:
            return False
    return pl[p, PL_CASH] - cost >= 50
