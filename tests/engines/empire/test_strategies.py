"""Each Monopoly Empire strategy's one-line description (strategies/empire.py, `monopoly-mc strategies --family empire`) is a claim
about what it does; each claim is checked here on simulated games, through the per-player counters of the
players table. Every "never" is paired with a strategy that does it, so the counter can show a violation."""
import pytest

from simulator.engines.empire import layout as E
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from strategies import empire_logic as S
from tests.engines.empire.table import EmpireTable

LINEUPS = {
    "default": ["buy_everything", "skyscraper_saver", "card_shark", "swapper"],
    "others": ["cautious", "random", "buy_everything", "card_shark"],
}


@pytest.fixture(scope="module")
def players():
    edition = load_edition("empire")
    board = compile_rules(edition)
    frames = {}
    for name, lineup in LINEUPS.items():
        result = run(RunSpec(edition=edition, lineup=resolve_lineup(edition, board, 4, lineup), games=2000, seed=21),
                     keep_frames=True)
        frames[name] = result.players
    return frames


def _rows(players, strategy, lineup="default"):
    frame = players[lineup]
    rows = frame[frame.strategy == strategy]
    assert len(rows) > 0
    return rows


def test_buy_everything_buys_every_billboard_it_can_pay_bids_up_to_the_price_and_never_buys_skyscrapers(players):
    rows = _rows(players, "buy_everything")
    assert (rows.declined == 0).all() and rows.bought.sum() > 0
    assert (rows.auction_paid <= rows.auction_value).all() and rows.auction_value.sum() > 0
    assert (rows.skyscrapers_bought == 0).all()
    assert _rows(players, "random", "others").declined.sum() > 0, "the declined counter counts"


def test_skyscraper_saver_buys_skyscrapers_keeping_200k_and_bids_above_the_price_for_groups(players):
    rows = _rows(players, "skyscraper_saver")
    assert (rows.skyscrapers_bought > 0).mean() > 0.3
    kept = rows.cash_after_skyscraper_low[rows.cash_after_skyscraper_low >= 0]
    assert len(kept) > 0 and kept.min() >= 200
    assert (rows.auction_paid > rows.auction_value).any(), "paid above the price to complete or block a group"
    for other in ("buy_everything", "card_shark", "swapper"):
        assert (_rows(players, other).skyscrapers_bought == 0).all()


def test_card_shark_plays_charges_at_its_next_turn_and_attacks_however_short_the_towers(players):
    rows = _rows(players, "card_shark")
    assert (rows.charges_kept == 0).all() and rows.attacks.sum() > 0
    assert rows.attack_leader_low[rows.attack_leader_low >= 0].min() < 4
    assert (rows.auction_paid > rows.auction_value).any(), "bids above the price to complete or block a group"
    assert _rows(players, "swapper").charges_kept.sum() > 0, "the charges_kept counter counts"


def test_swapper_swaps_most_and_holds_attack_cards_until_a_rival_is_three_quarters_up(players):
    swapper = _rows(players, "swapper")
    for other in ("buy_everything", "skyscraper_saver", "card_shark"):
        assert swapper.swaps.mean() > _rows(players, other).swaps.mean()
    played = swapper.attack_leader_low[swapper.attack_leader_low >= 0]
    assert len(played) > 0 and played.min() >= 0.75 * 16


def test_cautious_keeps_300k_bids_80_percent_never_pays_jail_and_never_pays_for_free_parking(players):
    rows = _rows(players, "cautious", "others")
    bought = rows.cash_after_buy_low[rows.cash_after_buy_low >= 0]
    assert len(bought) > 0 and bought.min() >= 300
    assert (rows.auction_paid <= 0.8 * rows.auction_value).all() and rows.auction_value.sum() > 0
    assert (rows.jail_paid == 0).all() and rows.jail_turns.sum() > 0
    assert (rows.parking_moves == 0).all()
    buyer = _rows(players, "buy_everything", "others")
    assert buyer.jail_paid.sum() > 0 and buyer.parking_moves.sum() > 0, "the counters count"
    assert buyer.cash_after_buy_low[buyer.cash_after_buy_low >= 0].min() < 300


def test_random_buys_half_bids_half_the_price_and_never_swaps_or_attacks(players):
    rows = _rows(players, "random", "others")
    share = rows.bought.sum() / (rows.bought.sum() + rows.declined.sum())
    assert 0.45 < share < 0.55
    assert (rows.auction_paid <= 0.5 * rows.auction_value).all() and rows.auction_value.sum() > 0
    assert (rows.swaps == 0).all() and (rows.attacks == 0).all()
    shark = _rows(players, "card_shark", "others")
    assert shark.swaps.sum() > 0 and shark.attacks.sum() > 0, "the counters count"


# --- Claims on a table: what one decision does in a set position -------------------------------------

def test_skyscraper_saver_saves_nothing_for_skyscrapers_and_buys_one_with_200k_left():
    """It buys every billboard it can pay, even one leaving too little for a skyscraper, and a skyscraper
    whenever 200k stays in hand after it."""
    t = EmpireTable(strategy="skyscraper_saver")
    b = t.board
    t.set_cash(0, 650)
    t.land(0, "Billboard")
    assert t.tower(0) == ["Billboard"] and t.cash(0) == 500, "bought, though 700k would buy a skyscraper after"
    assert not S.buys_skyscraper(b.rules, t.prm, t.pl, 0)
    t.set_cash(0, 700)
    assert S.buys_skyscraper(b.rules, t.prm, t.pl, 0)


@pytest.mark.parametrize("strategy,ceiling", [("skyscraper_saver", 100), ("card_shark", 100),
                                              ("buy_everything", 50)])
def test_group_bonus_bids_to_complete_or_block_a_group(strategy, ceiling):
    """skyscraper_saver and card_shark bid up to twice the price for a billboard completing a rival's group
    (to block it), as for one completing their own; buy_everything bids the price."""
    t = EmpireTable(strategy=strategy)
    b = t.board
    t.stack(1, "Nerf")
    assert S.max_bid(b.sq, b.groups, t.own, t.prm, t.pl, 0, t.sq("Transformers")) == ceiling
    t = EmpireTable(strategy=strategy)
    t.stack(0, "Nerf")
    assert S.max_bid(b.sq, b.groups, t.own, t.prm, t.pl, 0, t.sq("Transformers")) == ceiling


def test_swapper_holds_a_swap_card_until_a_rival_is_three_quarters_up_though_the_swap_face_would_swap():
    """The Swap face swaps whenever a swap gains it a unit of lead; a swap card is an attack card, held while
    the tallest rival is below three quarters of the tower (12 of 16 units)."""
    t = EmpireTable(players=3, strategy="swapper")
    b = t.board
    t.stack(0, "Nerf")
    t.stack(1, "Heinz", "Skype")     # 8 units
    t.stack(2, "Razor")
    card = b.card_ids.index("swap_tops")
    assert S.swap_pair(b.sq, b.groups, t.own, b.rules, t.prm, t.pl, t.tw, 0) == (0, 1)
    assert not S.plays(b.sq, b.groups, t.own, b.ladder, b.cards, b.rules, t.prm, t.pl, t.tw, 0, card)
    t.stack(1, "Universal")          # 12 units
    assert S.plays(b.sq, b.groups, t.own, b.ladder, b.cards, b.rules, t.prm, t.pl, t.tw, 0, card)


@pytest.mark.parametrize("holds_card", [True, False])
def test_cautious_never_pays_to_leave_jail_using_a_held_card_else_rolling(holds_card):
    """In jail after a roll that is no double: with a Get Out of Jail card it uses the card and moves; without
    one it stays, its cash untouched."""
    t = EmpireTable(strategy="cautious")
    t.pl[0, E.PL_POS] = t.sq("Jail")
    t.pl[0, E.PL_JAIL] = 0
    if holds_card:
        t.deal_card(0, "chance_get_out_of_jail")
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][1] != 1)
    t.turn(0)
    assert t.pl[0, E.PL_JAIL_PAID] == 0 and t.held[0].sum() == 0
    assert (t.pl[0, E.PL_JAIL] < 0) == holds_card


def test_high_bidder_bids_above_the_price_buys_skyscrapers_only_rich_and_attacks_once_a_rival_is_a_tenth_up():
    edition = load_edition("empire")
    board = compile_rules(edition)
    lineup = resolve_lineup(edition, board, 4, ["high_bidder", "buy_everything", "card_shark", "swapper"])
    rows = run(RunSpec(edition=edition, lineup=lineup, games=2000, seed=21), keep_frames=True).players
    rows = rows[rows.strategy == "high_bidder"]
    assert (rows.auction_paid > rows.auction_value).any() and rows.bought.sum() > 0
    kept = rows.cash_after_skyscraper_low[rows.cash_after_skyscraper_low >= 0]
    assert len(kept) > 0 and kept.min() >= 900
    attacked = rows.attack_leader_low[rows.attack_leader_low >= 0]
    capacity = board.rules[E.R_TOWER_CAPACITY]
    assert rows.attacks.sum() > 0 and attacked.min() >= 0.1 * capacity and attacked.min() < 0.5 * capacity
