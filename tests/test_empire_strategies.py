"""Each Monopoly Empire strategy's one-line description (strategies/empire.py, the README's table) is a claim
about what it does; each claim is checked here on simulated games, through the per-player counters of the
players table. Every "never" is paired with a strategy that does it, so the counter can show a violation."""
import pytest

from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run

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


def test_skyscraper_saver_buys_skyscrapers_keeping_200k_and_bids_above_the_price_to_complete_groups(players):
    rows = _rows(players, "skyscraper_saver")
    assert (rows.skyscrapers_bought > 0).mean() > 0.3
    kept = rows.cash_after_skyscraper_low[rows.cash_after_skyscraper_low >= 0]
    assert len(kept) > 0 and kept.min() >= 200
    assert (rows.auction_paid > rows.auction_value).any(), "paid above the price for a billboard completing a group"
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


def test_cautious_keeps_300k_bids_80_percent_rolls_in_jail_and_never_pays_for_free_parking(players):
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
