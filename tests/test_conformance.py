"""One conformance test over every edition, variant and strategy: games played in checking mode, where
the engine checks after every turn that money is conserved against the bank's flows, each square has at
most one (living) owner, buildings stand only on complete unmortgaged groups, evenly and within the bank's
stock, no player is left standing with negative cash, and every jail card is in a deck or a hand."""
import pytest

import strategies
from simulator.engines import board_layout as L
from simulator.rules import builtin_editions, load_edition
from simulator.runner import RunSpec, run
from tests.helpers import Table

CASES = [(name, variant) for name in builtin_editions() for variant in [None, *load_edition(name).variants]]


def _play(edition, lineup, games, seed):
    return run(RunSpec(edition=edition, lineup=lineup, games=games, seed=seed, check=True, batch_size=games))


@pytest.mark.parametrize("name,variant", CASES)
@pytest.mark.parametrize("strategy", [s.name for s in strategies.available("board")])
def test_every_strategy_keeps_the_invariants(name, variant, strategy):
    edition = load_edition(name, variant)
    lineup = [strategies.get("board", strategy)] * 3 + [strategies.get("board", "buy_all")]
    result = _play(edition, lineup, games=25, seed=11)
    totals = result.totals
    assert totals.violations == 0
    assert totals.wins_by_seat.sum() == totals.finished
    assert totals.games == 25


@pytest.mark.parametrize("name,variant", CASES)
@pytest.mark.parametrize("players", [2, 8])
def test_all_strategies_together_at_the_player_limits(name, variant, players):
    edition = load_edition(name, variant)
    every = strategies.available("board")
    lineup = [every[i % len(every)] for i in range(players)]
    result = _play(edition, lineup, games=20, seed=5)
    assert result.totals.violations == 0


def test_house_rules_keep_the_invariants():
    edition = load_edition("classic", overrides=[("rules.free_parking_jackpot", True), ("rules.go_landing_bonus", True),
                                                 ("rules.auctions", False), ("rules.start_cash", 500)])
    lineup = [strategies.get("board", n) for n in ("buy_all", "hard_trader", "random", "jail_late")]
    assert _play(edition, lineup, games=40, seed=2).totals.violations == 0


@pytest.mark.parametrize("corrupt,flag", [
    (lambda t: t.pl.__setitem__((0, L.PL_CASH), 1600), L.V_MONEY),
    (lambda t: t.give(0, "Boardwalk", level=2), L.V_BUILDINGS),
    (lambda t: (t.give(0, "Park Place", level=1), t.give(0, "Boardwalk", level=3)), L.V_EVEN_BUILDING),
    (lambda t: t.bank.__setitem__(L.B_HOTELS, 11), L.V_BANK_STOCK),
    (lambda t: (t.give(1, "Boardwalk"), t.pl.__setitem__((1, L.PL_ALIVE), 0)), L.V_OWNERSHIP),
    (lambda t: t.set_cash(0, -5), L.V_NEGATIVE_CASH),
    (lambda t: t.held.__setitem__((0, t.board.card_ids.index("cc_get_out_of_jail")), 1), L.V_JAIL_CARDS),
])
def test_checking_mode_detects_each_broken_invariant(corrupt, flag):
    """The checks can fail: each corrupted state raises its own flag, and a sound one raises none."""
    table = Table()
    assert table.violations() == 0
    corrupt(table)
    assert table.violations() & flag
