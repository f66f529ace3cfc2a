"""One conformance test over every edition, variant and strategy: games played in checking mode, where
the engine checks the invariants after every turn.

Board family (classic, Walking Dead): money is conserved against the bank's flows, each square has at most
one (living) owner, buildings stand only on complete unmortgaged groups, evenly and within the bank's stock,
no player is left standing with negative cash, and every jail card is in a deck or a hand.
Empire: money is conserved, every brand is on the board or in exactly its owner's tower, utility billboards
and skyscrapers are all on their piles or in towers, each tower's height is the sum of its tiles, no cash
is negative, every card is in its deck or a hand, and a winner's tower is full.
Millionaire: the board family's checks, and every card in its deck, a hand or face down on an unowned
property (never on an owned one), star levels in range, and a winner holding the winning cash.
Deal: all 106 cards (212 with two decks) accounted for, each copy in one place (draw pile, discards, a
hand, a bank or a table) and the draw pile holding exactly the copies placed in it; hand sizes, bank and
table values and each set's cards and buildings agreeing with the copies; no property in a bank, every
property in a set of its colours; houses and hotels one each on complete buildable sets, a hotel on a
house; the winner holding the sets it needs; no hand above the limit after its turn.
Fortnite: every live player's HP from 1 to the maximum (15), an eliminated player's 0, and HP conserved
against the bank's flows; storm cover never lifted and every storm card turned lying on a covered square;
no covered location, and none of an eliminated player, owned; the walls on the board and in the pile the
rule's number; every chest item in the deck, held or dropped on a square; the winner the last survivor."""
import itertools

import pytest

import strategies
from simulator.engines.deal import layout as D
from simulator.engines.empire import layout as E
from simulator.engines.fortnite import layout as F
from simulator.engines.millionaire import layout as M
from simulator.engines.shared import layout as L
from simulator.rules import builtin_editions, compile_rules, load_edition
from simulator.runner import RunSpec, run
from tests.engines.deal.table import DealTable
from tests.engines.empire.table import EmpireTable
from tests.engines.fortnite.table import FortniteTable
from tests.engines.millionaire.table import MillionaireTable
from tests.engines.shared.tables import Table

CASES = [(name, variant) for name in builtin_editions() for variant in [None, *load_edition(name).variants]]
STRATEGY_CASES = [(name, variant, s.name) for name, variant in CASES
                  for s in strategies.available(load_edition(name).family)]


def _play(edition, lineup, games, seed):
    return run(RunSpec(edition=edition, lineup=lineup, games=games, seed=seed, check=True, batch_size=games))


@pytest.mark.parametrize("name,variant,strategy", STRATEGY_CASES)
def test_every_strategy_keeps_the_invariants(name, variant, strategy):
    edition = load_edition(name, variant)
    family = strategies.available(edition.family)
    lineup = [strategies.get(edition.family, strategy)] * 3 + [family[0]]
    result = _play(edition, lineup, games=25, seed=11)
    totals = result.totals
    assert totals.violations == 0
    assert totals.wins_by_seat.sum() == totals.finished
    assert totals.games == 25


@pytest.mark.parametrize("name,variant", CASES)
@pytest.mark.parametrize("limit", ["fewest", "most"])
def test_all_strategies_together_at_the_player_limits(name, variant, limit):
    edition = load_edition(name, variant)
    board = compile_rules(edition)
    players = board.players_min if limit == "fewest" else board.players_max
    every = strategies.available(edition.family)
    lineup = [every[i % len(every)] for i in range(players)]
    result = _play(edition, lineup, games=20, seed=5)
    assert result.totals.violations == 0


# Every combination of each edition's rule options, with a lineup of its family's strategies
OPTION_GRIDS = {
    "classic": ({f"rules.{option}": [False, True] for option in (
        "group_rent_requires_unmortgaged", "sell_buildings_first", "auctions", "end_on_first_bankruptcy",
        "free_parking_jackpot", "go_landing_bonus", "trading")},
        ("buy_all", "hard_trader", "random", "jail_late")),
    "empire": ({"rules.swap_then_move": [False, True], "rules.bonus_once_per_group": [True, False],
                "rules.auctions": [True, False], "rules.swap_face": [1, 0]},
               ("swapper", "card_shark", "random", "skyscraper_saver")),
    "millionaire": ({"rules.upgrade_cost": [50, 450], "rules.sell_buildings_first": [True, False],
                     "rules.group_rent_requires_unmortgaged": [False, True], "rules.auctions": [True, False],
                     "rules.trading": [True, False]},
                    ("upgrade_at_once", "build_first", "sprinter", "random")),
    "deal": ({"rules.just_say_no_costs_play": [True, False], "rules.double_rent_stacks": [True, False],
              "rules.wild_moves": ["rulebook", "on_lay", "free", "costs_play"],
              "rules.empty_draw_pile": ["reshuffle", "stop"],
              "rules.any_colour_rent_charges": ["one", "each"]},
             ("bank_first", "rush_properties", "late_attacker", "random")),
    "fortnite": ({"rules.walls_block_sight": [False, True], "rules.wall_shields_from_bomb": [True, False],
                  "rules.trading": [True, False], "rules.walls": [8, 0]},
                 ("aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider")),
}
OPTION_CASES = [(name, list(zip(options, values))) for name, (options, _) in OPTION_GRIDS.items()
                for values in itertools.product(*options.values())]


@pytest.mark.parametrize("name,overrides", OPTION_CASES)
def test_every_rule_option_combination_keeps_the_invariants(name, overrides):
    edition = load_edition(name, overrides=overrides)
    lineup = [strategies.get(edition.family, n) for n in OPTION_GRIDS[name][1]]
    result = _play(edition, lineup, games=30, seed=3)
    assert result.totals.violations == 0
    assert result.totals.finished > 0


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


@pytest.mark.parametrize("corrupt,flag", [
    (lambda t: t.pl.__setitem__((0, E.PL_CASH), 1100), E.V_MONEY),
    (lambda t: t.own.__setitem__((t.sq("Nerf"), E.O_OWNER), 1), E.V_BILLBOARDS),
    (lambda t: t.bank.__setitem__(E.B_SKYSCRAPERS, 5), E.V_BILLBOARDS),
    (lambda t: t.own.__setitem__((t.sq("Water Works"), E.O_STOCK), 3), E.V_BILLBOARDS),
    (lambda t: t.pl.__setitem__((0, E.PL_HEIGHT), 7), E.V_TOWER),
    (lambda t: t.set_cash(1, -5), E.V_NEGATIVE_CASH),
    (lambda t: t.held.__setitem__((0, t.board.card_ids.index("swap_tops")), 1), E.V_CARDS),
    (lambda t: t.bank.__setitem__(E.B_WINNER, 0), E.V_WINNER),
])
def test_empire_checking_mode_detects_each_broken_invariant(corrupt, flag):
    """The Empire checks can fail: each corrupted state raises its own flag, and a sound one raises none."""
    table = EmpireTable()
    table.stack(0, "Nerf", "Billboard")
    assert table.violations() == 0
    corrupt(table)
    assert table.violations() & flag


@pytest.mark.parametrize("corrupt,flag", [
    (lambda t: t.pl.__setitem__((0, M.PL_CASH), 400), M.V_MONEY),
    (lambda t: t.give(0, "Red 1", level=1), M.V_BUILDINGS),
    (lambda t: t.own.__setitem__((t.sq("Red 2"), M.O_FORTUNE), t.own[t.sq("Red 1"), M.O_FORTUNE]), M.V_CARDS),
    (lambda t: t.give(1, "Red 1"), M.V_FORTUNE_ON_OWNED),
    (lambda t: t.pl.__setitem__((1, M.PL_STAR), 3), M.V_STARS),
    (lambda t: t.bank.__setitem__(M.B_WINNER, 0), M.V_WINNER),
])
def test_millionaire_checking_mode_detects_each_broken_invariant(corrupt, flag):
    """The Millionaire checks can fail: each corrupted state raises its own flag, and a sound one none."""
    table = MillionaireTable()
    table.lay_fortune("Red 1", "steal")
    table.lay_fortune("Red 2", "windfall_50")
    assert table.violations() == 0
    corrupt(table)
    assert table.violations() & flag


def _deal_table_in_play() -> DealTable:
    table = DealTable()
    table.place(0, "table", "brown", "brown")
    table.place(0, "table", "house", colour="brown")
    table.place(0, "bank", "money_5")
    table.place(1, "hand", "sly_deal")
    return table


def _deal_copy(table: DealTable, player: int, zone: int, card_id: str) -> int:
    return next(k for k in range(len(table.loc)) if table.loc[k, D.LOC_OWNER] == player
                and table.loc[k, D.LOC_ZONE] == zone and table.board.card_ids[table.board.deck[k]] == card_id)


@pytest.mark.parametrize("corrupt,flag", [
    (lambda t: t.pile.__setitem__(t.gs[D.GS_HEAD] + 1, t.pile[t.gs[D.GS_HEAD]]), D.V_CARDS),
    (lambda t: t.loc.__setitem__((_deal_copy(t, 1, D.Z_HAND, "sly_deal"), D.LOC_ZONE), D.Z_DRAW), D.V_CARDS),
    (lambda t: t.pl.__setitem__((0, D.PL_BANK), 7), D.V_COUNTS),
    (lambda t: t.tab.__setitem__((0, D.T_CARDS, 1), 1), D.V_COUNTS),
    (lambda t: t.loc.__setitem__((_deal_copy(t, 0, D.Z_TABLE, "brown"), D.LOC_SET), 2), D.V_PLACE),
    (lambda t: t.discard(*t.place(0, "hand", "money_1")), D.V_PLACE),  # a note played, not banked
    (lambda t: t.place(1, "table", "hotel", colour="light_blue"), D.V_BUILDINGS),
    (lambda t: t.gs.__setitem__(D.GS_WINNER, 0), D.V_WINNER),
    (lambda t: t.place(0, "hand", *["money_1"] * 6, "money_2", "money_2"), D.V_HAND),
])
def test_deal_checking_mode_detects_each_broken_invariant(corrupt, flag):
    """The Deal checks can fail: each corrupted state raises its own flag, and a sound one raises none."""
    table = _deal_table_in_play()
    assert table.violations() == 0
    corrupt(table)
    assert table.violations() & flag


@pytest.mark.parametrize("corrupt,flag", [
    (lambda t: t.pl.__setitem__((0, F.PL_HP), 16), F.V_HP),
    (lambda t: t.pl.__setitem__((1, F.PL_HP), 9), F.V_HP),
    (lambda t: t.own.__setitem__((t.sq("Chest 2"), F.O_COVERED), 0), F.V_STORM),
    (lambda t: t.own.__setitem__((t.sq("Chest 4"), F.O_COVERED), 1), F.V_STORM),
    (lambda t: t.give(0, "Moisty Mire") or t.own.__setitem__((t.sq("Moisty Mire"), F.O_COVERED), 1), F.V_OWNERSHIP),
    (lambda t: t.own.__setitem__((t.sq("Campfire 4"), F.O_WALL), 1), F.V_WALLS),
    (lambda t: t.held.__setitem__((0, t.board.card_ids.index("grenade")), 1), F.V_CARDS),
    (lambda t: t.bank.__setitem__(F.B_WINNER, 1), F.V_WINNER),
])
def test_fortnite_checking_mode_detects_each_broken_invariant(corrupt, flag):
    """The Fortnite checks can fail: each corrupted state raises its own flag, and a sound one raises none."""
    table = FortniteTable(players=3)
    table.give(0, "Junk Junction")
    table.hold(2, "med_kit")
    table.wall("Loot Lake")
    table.set_hp(0, 9)
    table.flip_storm(0)
    table.cover("Chest 2")
    assert table.violations() == 0
    corrupt(table)
    assert table.violations() & flag
