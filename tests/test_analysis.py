"""The analyses on cases with known answers: a strategy that cannot win, cards that do nothing, identical
data files compared, a confounded group lift, and the statistics themselves."""
import json
import math

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.proportion import proportion_confint

from simulator import analysis, stats
from simulator import presentation as present
from simulator.api import compare, load, simulate, sweep, tournament
from simulator.engines.board.rules import compile_board
from simulator.results import ResultsError
from simulator.rules import load_edition
from simulator.runner import RunError, parse_axis, tournament_plan
from simulator.tables import FIXED_BY_LINEUP
from strategies import unregister
from strategies.board import board_strategy



@pytest.fixture
def bystander():
    """A strategy that never buys, registered for one test only: the registry otherwise lists the package's."""
    strategy = board_strategy("test_bystander", "never buys, never bids: it cannot collect rent",
                              buy_probability=0.0, bid_factor=0.0, trade_offer=0.0, swaps=0)
    yield strategy.name
    unregister("board", strategy.name)

NULL_CARDS_EDITION = """
[edition]
name = "null_cards"
extends = "classic"
title = "Classic with decks of blank cards and one windfall"

[decks.chance]
cards = [
  { id = "nothing_a", text = "Nothing happens", effect = "bank", amount = 0, count = 8 },
  { id = "nothing_b", text = "Nothing happens either", effect = "bank", amount = 0, count = 8 },
]

[decks.community_chest]
cards = [
  { id = "blank", text = "Nothing happens", effect = "bank", amount = 0, count = 14 },
  { id = "windfall", text = "Collect 1500", effect = "bank", amount = 1500, count = 2 },
]
"""


# --- statistics with textbook answers -------------------------------------------------------------

def test_statistics_match_textbook_values():
    low, high = stats.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    for wins, trials in [(0, 1), (1, 1), (3, 4), (0, 30), (77, 2000)]:  # the closed form is statsmodels' Wilson
        expected = np.clip(proportion_confint(wins, trials, method="wilson"), 0, 1)
        assert stats.wilson(wins, trials) == pytest.approx(tuple(expected), abs=1e-12)
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert stats.games_to_detect(0.5, 0.1) == 388  # Fleiss, no continuity correction
    same = stats.proportion_difference(30, 100, 30, 100)
    assert same["difference"] == 0 and same["p_value"] == 1.0
    assert stats.proportion_difference(60, 100, 40, 100)["p_value"] == pytest.approx(0.00468, abs=1e-4)


def test_group_lift_is_computed_within_strategies():
    """Simpson's paradox: within each strategy holding the group changes nothing, but the strong strategy
    holds it more often. The pooled difference is large; the controlled lift must be zero."""
    counts = pd.DataFrame({"with_wins": [40, 5], "with_n": [80, 20], "without_wins": [10, 20], "without_n": [20, 80]},
                          index=["strong", "weak"])
    pooled = counts.with_wins.sum() / counts.with_n.sum() - counts.without_wins.sum() / counts.without_n.sum()
    assert pooled == pytest.approx(0.15)
    lift = stats.stratified_difference(counts.with_wins, counts.with_n, counts.without_wins, counts.without_n)
    assert lift["lift"] == pytest.approx(0.0) and lift["lift_ci_low"] < 0 < lift["lift_ci_high"]


# --- strategies -------------------------------------------------------------------------------------

def test_a_strategy_that_cannot_collect_rent_ranks_last_significantly(bystander):
    runs = tournament(["buy_all", "cautious", bystander], players=3, games=600, seed=5)
    ranking = analysis.strategy_ranking(runs)
    last = ranking.iloc[-1]
    assert last.strategy == "test_bystander"
    assert last.ci_high < 0.05
    assert ranking.iloc[-2].significant, "the lead over the bystander is significant"
    pairs = analysis.head_to_head(runs).set_index(["strategy", "opponent"])
    assert pairs.loc[("buy_all", "test_bystander")].share_ahead > 0.5
    assert pairs.loc[("buy_all", "test_bystander")].significant
    both = pairs.loc[("buy_all", "test_bystander")].ahead + pairs.loc[("test_bystander", "buy_all")].ahead
    assert both == pairs.loc[("buy_all", "test_bystander")].meetings


def test_tournament_tables_seat_every_strategy_equally_and_replay_from_the_seed():
    edition = load_edition("classic")
    board = compile_board(edition)
    plan = tournament_plan(edition, board, ["buy_all", "cautious", "three_houses", "hard_trader", "never_build"], 4,
                           1000, seed=3)
    assert len(plan) == 5 and all(p.spec.games % 4 == 0 for p in plan)
    appearances = pd.Series([s.name for p in plan for s in p.spec.lineup]).value_counts()
    assert set(appearances) == {4}
    assert len({p.spec.seed for p in plan}) == 5
    mixed = tournament_plan(edition, board, ["buy_all", "cautious"], 4, 100, seed=3)
    assert [sorted(p.info["lineup"]).count("buy_all") for p in mixed] == [3, 2, 1]
    with pytest.raises(RunError, match="at least two different strategies"):
        tournament_plan(edition, board, ["buy_all"], 4, 100, seed=3)
    first = analysis.strategy_ranking(tournament(["buy_all", "cautious"], players=2, games=200, seed=9))
    again = analysis.strategy_ranking(tournament(["buy_all", "cautious"], players=2, games=200, seed=9))
    pd.testing.assert_frame_equal(first, again)


def test_seat_table_and_summary_agree():
    run = simulate(games=800, seed=2)
    seats = analysis.seat_table([run])
    assert seats.wins.sum() == run.summary["finished"]
    assert seats.advantage.sum() == pytest.approx(seats.win_rate.sum() - 1)


# --- properties -------------------------------------------------------------------------------------

def test_property_tables_are_consistent_with_the_stored_frames(tmp_path):
    run = simulate(games=1500, seed=4, out=tmp_path / "run")
    [stored] = load(tmp_path / "run")
    squares = analysis.square_table([stored])
    ownable = squares[squares.price > 0]
    assert ownable.payback_rounds.notna().all() and squares[squares.price == 0].payback_rounds.isna().all()
    assert (ownable.first_owned <= run.summary["finished"]).all()
    assert squares.landing_share.sum() == pytest.approx(1.0)
    groups = analysis.group_table([stored])
    assert set(groups.group) == {"brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue"}
    players = stored.players()
    held = players[players.held_orange]
    assert groups.set_index("group").loc["orange", "win_rate_held"] == pytest.approx(held.won.mean())
    assert (groups.lift_ci_low <= groups.lift).all() and (groups.lift <= groups.lift_ci_high).all()


def test_payback_counts_the_price_and_the_buildings_paid_per_sale():
    """payback_rounds: (price + building spend per time the bank sold the square) over rent per round owned; the
    price-only figure is kept beside it. A payback that left out the buildings, or spread them over the wrong
    count, would not match the stored sums."""
    run = simulate(games=600, seed=7)
    squares = analysis.square_table([run]).set_index("name")
    built = squares.loc["Boardwalk"]
    assert built.building_spend > 0
    per_round = built.rent_collected / built.owned_rounds
    assert built.payback_rounds == pytest.approx((built.price + built.building_spend / (built.bought + built.auctioned))
                                                 / per_round)
    assert built.payback_rounds_price == pytest.approx(built.price / per_round)
    railroads = squares[squares.kind == "railroad"]
    assert (railroads.building_spend == 0).all() and (railroads.payback_rounds == railroads.payback_rounds_price).all()
    players = run.players()
    assert squares.building_spend.sum() >= (players.buildings_bought * 50).sum()  # 50: the cheapest house
    table = present.squares_table(analysis.square_table([run]))
    assert "price only" in table.headers and any("Spearman" in note for note in table.notes)


def test_building_spend_is_each_squares_house_price_per_building_bought():
    """With buildings enough in the bank (no shortage auction), every house or hotel costs the price on its
    square's deed (rulebook: 3) Construire, a) and d); on the classic deeds a hotel costs what a house does): a
    square's building_spend is a whole number of its house_cost, and those numbers add up to the buildings
    the players bought. Spend booked on the wrong square, or a hotel charged as five houses, would not."""
    from simulator.engines.shared import layout as L
    from simulator.rules import compile_rules
    run = simulate(games=300, seed=3, overrides={"rules.bank_houses": 10_000, "rules.bank_hotels": 10_000})
    board = compile_rules(load_edition("classic"))
    assert (board.sq[:, L.SQ_HOTEL_COST] == board.sq[:, L.SQ_HOUSE_COST]).all()
    squares = run.squares()
    built = squares[squares.building_spend > 0]
    costs = board.sq[built.square.to_numpy(), L.SQ_HOUSE_COST]
    assert len(built) >= 10 and (costs > 0).all()
    assert (built.building_spend.to_numpy() % costs == 0).all()
    assert (built.building_spend.to_numpy() // costs).sum() == run.players().buildings_bought.sum()


def test_a_strategy_in_every_seat_is_said_to_be_fixed_by_the_lineup():
    """Its win rate is the finished share over the players whatever it does: no interval pretends otherwise."""
    alone = simulate(players=2, strategies=["buy_all", "buy_all"], games=300, seed=1)
    [row] = alone.summary["strategies"]
    assert row["fills_every_seat"] and row["win_rate"] == pytest.approx(alone.summary["finished"] / 600)
    ranking = analysis.strategy_ranking([alone])
    table = present.ranking_table(ranking)
    assert table.rows[0][5] == FIXED_BY_LINEUP and any("buy_all plays every seat" in n for n in table.notes)
    mixed = simulate(players=2, strategies=["buy_all", "cautious"], games=300, seed=1)
    assert not any(r["fills_every_seat"] for r in mixed.summary["strategies"])
    assert FIXED_BY_LINEUP not in [r[5] for r in present.ranking_table(analysis.strategy_ranking([mixed])).rows]


def test_locations_claimed_free_have_no_payback_and_small_amounts_keep_their_decimals():
    """Monopoly Fortnite: locations are claimed for nothing (Règles, Lieux), so no price is repaid; what a
    visitor pays per game is below 1 HP for the cheap pairs and must not print as 0."""
    run = simulate(edition="fortnite", games=400, seed=2)
    squares = analysis.square_table([run])
    assert squares.payback_rounds.isna().all() and not squares.attrs["squares_bought"]
    table = present.squares_table(squares)
    assert "payback rounds" not in table.headers and "paid/game" in table.headers
    paid = [float(row[table.headers.index("paid/game")]) for row in table.rows]
    assert paid == sorted(paid, reverse=True) and 0 < min(paid) < 1
    groups = present.groups_table(analysis.group_table([run]))
    assert "payback rounds" not in groups.headers and "bankruptcy" not in groups.notes[0]


def test_the_held_note_says_what_each_family_records():
    """The board family counts a group held only before the first bankruptcy; Deal has no bankruptcy."""
    classic = present.groups_table(analysis.group_table([simulate(games=200, seed=3)]))
    deal = present.groups_table(analysis.group_table([simulate(edition="deal", games=200, seed=3)]))
    assert "before the first bankruptcy" in classic.notes[0] and "bankruptcy" not in deal.notes[0]
    assert "payback rounds" in classic.headers


# --- cards ------------------------------------------------------------------------------------------

def test_cards_that_do_nothing_show_no_shift_and_a_windfall_does(tmp_path):
    """Drawers of any card live longer than non-drawers, so a naive drawer-versus-non-drawer comparison
    would call a blank card lucky; the shift against the rest of the deck must not."""
    path = tmp_path / "null_cards.toml"
    path.write_text(NULL_CARDS_EDITION)
    cards = analysis.card_table([simulate(str(path), games=3000, seed=11)]).set_index("card")
    for blank in ("nothing_a", "nothing_b"):
        assert cards.loc[blank, "win_shift_ci_low"] < 0 < cards.loc[blank, "win_shift_ci_high"]
        assert not cards.loc[blank, "significant"]
        naive = cards.loc[blank, "win_rate_after"]
        assert naive > 0.25, "drawers of a blank card do win more than the fair share: the bias exists"
    assert cards.loc["windfall", "win_shift"] > 0 and cards.loc["windfall", "significant"]
    assert cards.loc["windfall", "rank_shift_ci_high"] < 0, "a windfall improves the final rank"


# --- sweeps and comparisons -------------------------------------------------------------------------

def test_sweep_points_share_the_seed_and_apply_strategy_parameters():
    runs = sweep({"strategy.buy_all.build_reserve": [0, 400]}, games=300, seed=6)
    assert [r.manifest["seed"] for r in runs] == [6, 6]
    reserves = [next(e["params"]["build_reserve"] for e in r.manifest["lineup"] if e["strategy"] == "buy_all")
                for r in runs]
    assert reserves == [0, 400]
    table = analysis.sweep_table(runs)
    assert list(table["strategy.buy_all.build_reserve"].unique()) == [0, 400]
    assert parse_axis("rules.preferred=[1,2],[3]") == ("rules.preferred", [[1, 2], [3]])
    with pytest.raises(RunError, match="not in the lineup"):
        sweep({"strategy.orange_red.build_reserve": [0, 1]}, games=10)


def test_identical_data_files_compare_equal(tmp_path):
    source = load_edition("classic").source.read_text()
    runs = []
    for name in ("a", "b"):
        (tmp_path / f"{name}.toml").write_text(source)
        runs.append([simulate(str(tmp_path / f"{name}.toml"), games=600, seed=8)])
    frame = compare(runs[0], runs[1])
    assert frame.paired.all(), "both sides played the same seeds: the games are paired"
    assert (frame.difference == 0).all() and (frame.ci_low == frame.ci_high).all()
    assert not frame.significant.any()
    # identical games leave only the floor: a change of one point alters at least 1% of the games
    floor = math.ceil((stats.Z95 + 0.8416212) ** 2 * 0.01 * 0.99 / 0.01 ** 2)
    assert frame.set_index("measure").loc["unfinished share", "games_to_detect"] == floor


def test_a_changed_rule_is_detected():
    base = [simulate(games=3000, seed=1)]
    rich = [simulate(games=3000, seed=1, overrides={"rules.max_rounds": 20})]
    frame = compare(base, rich).set_index("measure")
    assert frame.loc["unfinished share", "difference"] > 0.5 and frame.loc["unfinished share", "significant"]


# --- results from elsewhere -------------------------------------------------------------------------

def test_runs_of_different_boards_or_formats_are_refused_clearly(tmp_path):
    simulate(games=200, seed=1, out=tmp_path / "classic")
    simulate("walking_dead", games=200, seed=1, variant="quick", out=tmp_path / "quick")
    with pytest.raises(ResultsError, match="different boards"):
        analysis.square_table(load(tmp_path / "classic", tmp_path / "quick"))
    with pytest.raises(ResultsError, match="not a sweep point"):
        analysis.sweep_table(load(tmp_path / "classic"))
    manifest = tmp_path / "classic" / "manifest.json"
    document = json.loads(manifest.read_text())
    manifest.write_text(json.dumps({**document, "format_version": 1}))
    with pytest.raises(ResultsError, match="results format 1"):
        load(tmp_path / "classic")
    assert not math.isnan(analysis.length_table(load(tmp_path / "quick"))["median"].iloc[0])


def test_results_of_different_setups_are_refused_or_compared_like_with_like(tmp_path):
    """Pooling a sweep's points, or runs of other rules, would mix games; comparing other lineups would
    credit a rule change with the lineup's doing."""
    points = sweep({"rules.start_cash": [1000, 2000]}, games=100, seed=1, out=tmp_path / "sweep")
    for table in (analysis.square_table, analysis.group_table, analysis.card_table):
        with pytest.raises(ResultsError, match="points of a sweep"):
            table(points)
    one_point = load(points[0].directory)
    assert len(analysis.square_table(one_point)) == 40
    base = simulate(games=200, seed=1)
    richer = simulate(games=200, seed=1, overrides={"rules.start_cash": 2000})
    with pytest.raises(ResultsError, match="different rules"):
        analysis.card_table([base, richer])
    tables = tournament(["buy_all", "cautious", "never_build"], players=2, games=60, seed=1)
    assert len(analysis.square_table(tables)) == 40  # a tournament's tables share the rules: pooled
    with pytest.raises(ResultsError, match="different lineups"):
        compare([base], tables)
    with pytest.raises(ResultsError, match="different lineups"):
        compare([base], [simulate("empire", games=100, seed=1)])
    assert compare([base], [richer]).measure.iloc[0].startswith("win rate")


def test_a_sweeps_report_shows_its_swept_values_apart_from_its_fixed_overrides():
    from simulator.report import _manifest_lines
    points = sweep({"rules.start_cash": [1000, 2000]}, fixed={"rules.go_salary": 300}, games=50, seed=1)
    lines = _manifest_lines(points)
    assert "Overrides: rules.go_salary=300" in lines and "Swept: rules.start_cash over 1000, 2000" in lines
    assert not any("start_cash=1000" in line for line in lines)


def test_holm_leaves_comparisons_not_made_out_of_the_family():
    """The last strategy of a ranking has no next one to lead: its missing p-value is no comparison, so
    it must not inflate the others' adjustment (three real tests: factors 3, 2, 1)."""
    adjusted = stats.holm([0.01, 0.02, 0.04, math.nan])
    assert adjusted[:3] == pytest.approx([0.03, 0.04, 0.04]) and math.isnan(adjusted[3])
