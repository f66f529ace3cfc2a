"""What the plots show a reader: full names and units on the board, one panel per strategy with values in
a 2-D sweep, cards by their text and deck in the table's order, axes that end where the games do, the
three file formats, and what a slide needs (issue 33): the question and edition in the title, whole ticks
for counts, the fair share, legends off the data, one colour per strategy, squares nobody owns apart."""
import matplotlib.pyplot as plt
import pandas as pd
import pytest
from matplotlib.colors import to_hex, to_rgb
from matplotlib.patches import Rectangle

from simulator import analysis, plots
from simulator.api import simulate, sweep
from tests.helpers import invoke


@pytest.fixture(scope="module")
def run():
    return simulate(games=400, seed=5)


def _texts(figure):
    return [t.get_text() for axis in figure.axes for t in axis.texts]


def test_board_heat_map_names_every_square_in_full_with_its_value_and_unit(run):
    squares = analysis.square_table([run])
    figure = plots.board_heatmap(squares, "rent_per_game", "Rent")
    texts = " ".join(_texts(figure)).replace("\n", " ")
    assert "Mediterranean Avenue" in texts and "Pennsylvania Avenue" in texts
    assert figure.axes[-1].get_ylabel() == "rent collected per game ($)"
    shares = plots.board_heatmap(squares, "landing_share", "Landings")
    values = [t for t in _texts(shares) if t.endswith("%")]
    assert len(values) == len(squares) and len(set(values)) > 10  # 2% and 3% squares do not look alike
    plt.close("all")


def test_two_value_sweep_draws_a_panel_per_strategy_with_the_swept_one_first():
    points = sweep({"rules.start_cash": [1000, 2000], "strategy.cautious.buy_reserve": [0, 300]}, games=100, seed=1)
    frame = analysis.sweep_table(points)
    figure = plots.sweep(frame, ["rules.start_cash", "strategy.cautious.buy_reserve"], "Sweep")
    panels = [axis for axis in figure.axes if axis.get_title()]
    assert panels[0].get_title() == "cautious (swept)"
    assert {axis.get_title().split(" ")[0] for axis in panels} == set(frame.strategy)
    assert all(len(axis.texts) == 4 for axis in panels)  # a value in each of the 2 x 2 cells
    plt.close("all")


def test_card_plot_shows_the_tables_top_cards_by_text_and_deck(run):
    cards = analysis.card_table([run])
    figure = plots.card_shifts(cards, "Cards", top=5)
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels[::-1][0].endswith(f"[{cards.deck.iloc[0]}]") and len(labels) == 5
    assert cards.text.iloc[0][:20] in labels[-1]
    plt.close("all")


def test_length_axis_ends_where_the_games_do(run):
    histogram = analysis.rounds_histogram([run])
    figure = plots.length_distribution(histogram, "Length")
    longest = histogram.index[histogram > 0].max()
    assert figure.axes[0].get_xlim()[1] == longest + 1
    plt.close("all")


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")])
def test_plots_are_written_as_png_svg_or_pdf(run, tmp_path, suffix, magic):
    out = plots.save(plots.length_distribution(analysis.rounds_histogram([run]), "Length"), tmp_path / f"l{suffix}")
    assert out.read_bytes()[:len(magic)] == magic


def test_another_plot_format_is_refused_in_one_line(tmp_path):
    result = invoke("plot", tmp_path, "--kind", "length", "--out", tmp_path / "plot.jpg")
    assert result.exit_code == 2 and ".png or .svg or .pdf" in result.output and "Traceback" not in result.output


# --- Slide-ready: titles, units, integer ticks, fair share, legends off the data, one colour per strategy ---

def _points(axis_name: str, values: list, strategies=("cautious", "buy_all")) -> pd.DataFrame:
    """A sweep table's columns, as analysis.sweep_table returns them, for points whose values are known."""
    rows = [{axis_name: value, "strategy": strategy, "win_rate": 0.2 + 0.01 * k, "ci_low": 0.15, "ci_high": 0.3,
             "first_player_advantage": 0.02, "first_player_ci_low": -0.01, "first_player_ci_high": 0.05}
            for value in values for k, strategy in enumerate(strategies)]
    return pd.DataFrame(rows)


def test_every_plot_kind_is_titled_with_its_question_and_the_edition(run):
    from simulator.cli.analysis import PLOTS
    for kind, draw in PLOTS.items():
        title = draw(plots, [run]).axes[0].get_title()
        assert title.startswith(plots.QUESTIONS[kind]) and "?" in title and run.edition in title, (kind, title)
    plt.close("all")


def test_a_swept_count_gets_whole_ticks_and_its_axis_in_words():
    frame = _points("decks.deal.cards.deal_breaker.count", [1, 2, 3])
    figure = plots.sweep(frame, ["decks.deal.cards.deal_breaker.count"], "Sweep", players=4)
    figure.canvas.draw()
    bottom = figure.axes[1]
    assert [t.get_text() for t in bottom.get_xticklabels()] == ["1", "2", "3"]  # no 1.5 card
    assert bottom.get_xlabel().startswith("deal breaker count (cards)")
    plt.close("all")


def _dashed_at(axis, value: float, vertical: bool) -> bool:
    data = [(line.get_xdata() if vertical else line.get_ydata()) for line in axis.lines if line.get_linestyle() == "--"]
    return any(len(d) and all(abs(v - value) < 1e-9 for v in d) for d in data)


@pytest.mark.parametrize("players", [3, 4])
def test_win_rate_plots_draw_the_fair_share_at_100_over_the_players(run, players):
    lines = plots.sweep(_points("rules.start_cash", [1000, 2000]), ["rules.start_cash"], "Sweep", players=players)
    assert _dashed_at(lines.axes[0], 100 / players, vertical=False)
    groups = plots.group_win_rates(analysis.group_table([run]), "Groups", fair_share=1 / players)
    assert _dashed_at(groups.axes[0], 100 / players, vertical=True)
    ranking = plots.win_rates(analysis.strategy_ranking([run]), "Ranking")
    assert _dashed_at(ranking.axes[0], 100 / run.players_per_game, vertical=True)
    plt.close("all")


def test_legends_sit_off_the_data(run):
    figures = [plots.win_rates(analysis.strategy_ranking([run]), "Ranking"),
               plots.group_win_rates(analysis.group_table([run]), "Groups", fair_share=0.25),
               plots.sweep(_points("rules.start_cash", [1000, 2000]), ["rules.start_cash"], "Sweep", players=4),
               plots.trade_effects(pd.DataFrame({"player": ["Ann", "Bea"], "without": [0.9, 0.1],
                                                 "with": [0.92, 0.08], "difference": [0.02, -0.02],
                                                 "ci_low": [0.01, -0.03], "ci_high": [0.03, -0.01]}), "Trade")]
    for figure in figures:
        figure.canvas.draw()
        legends = [a.get_legend() for a in figure.axes if a.get_legend()] + figure.legends
        assert legends
        for legend in legends:
            box = legend.get_window_extent()
            assert not any(box.overlaps(axis.get_window_extent()) for axis in figure.axes if axis.get_visible())
    plt.close("all")


def test_a_strategy_keeps_its_colour_from_plot_to_plot(run):
    ranking = analysis.strategy_ranking([run])
    bars = plots.win_rates(ranking, "Ranking").axes[0].patches
    in_ranking = {s: bar.get_facecolor()[:3] for s, bar in zip(ranking.strategy.iloc[::-1], bars)}
    assert len(set(in_ranking.values())) == len(in_ranking)  # one colour each
    reordered = list(ranking.strategy)[::-1]  # a sweep lists them in another order
    lines = plots.sweep(_points("rules.start_cash", [1000, 2000], reordered), ["rules.start_cash"], "Sweep")
    in_sweep = {bars.get_label(): bars.lines[0].get_color() for bars in lines.axes[0].containers}
    assert in_sweep and all(to_rgb(colour) == in_ranking[s] for s, colour in in_sweep.items())
    plt.close("all")


def test_the_held_complete_swatch_shows_each_groups_colour(run):
    groups = analysis.group_table([run])
    legend = plots.group_win_rates(groups, "Groups").axes[0].get_legend()
    swatches = {to_hex(p.get_facecolor()) for p in legend.findobj(Rectangle) if p is not legend.legendPatch}
    assert {plots.GROUP_COLOURS[g].lower() for g in groups.group} <= swatches
    plt.close("all")


def test_squares_nobody_can_own_are_drawn_apart_from_squares_that_earn_nothing(run):
    squares = analysis.square_table([run])
    squares.loc[squares.name == "Baltic Avenue", "rent_per_game"] = 0.0  # owned, earned nothing
    figure = plots.board_heatmap(squares, "rent_per_game", "Rent")
    hatched = [p for p in figure.axes[0].patches if p.get_hatch()]
    unownable = int((squares.price <= 0).sum())
    assert len(hatched) == unownable + 1  # each such square, and the key that explains them
    assert "0" in _texts(figure)  # the owned square that earned nothing shows its 0 in colour
    plt.close("all")


def test_differences_are_labelled_in_pts(run):
    cards = plots.card_shifts(analysis.card_table([run]), "Cards", top=3)
    assert cards.axes[0].get_xlabel().count("(pts)") == 1 and "points" not in cards.axes[0].get_xlabel()
    plt.close("all")


def test_jail_does_not_flatten_the_landing_scale(run):
    # Jail takes 6-7% of rolls against 2-3% elsewhere: a scale up to it would paint the rest alike
    squares = analysis.square_table([run])
    figure = plots.board_heatmap(squares, "landing_share", "Landings")
    norm = figure.axes[0].images[0].norm
    shares = squares.set_index("name").landing_share * 100
    others = shares.drop("Jail")
    assert norm(shares["Jail"]) > 1 and norm(others.max()) > 0.85 and norm(others.median()) > 0.3
    plt.close("all")


def test_groups_too_few_to_rank_sit_apart_below_the_ranked_ones_with_their_counts(run):
    """The plot orders groups as the table ranks them (largest lift on top); a group under MIN_COUNT held or
    not-held player-games is not ranked, so it is drawn apart below, marked, whatever its lift."""
    groups = analysis.group_table([run])
    groups.loc[groups.index[0], ["small_n", "lift"]] = [True, 1.0]   # the largest lift, but too few
    labels = [t.get_text() for t in plots.group_win_rates(groups, "Groups").axes[0].get_yticklabels()]
    few, ranked = groups[groups.small_n], groups[~groups.small_n].sort_values("lift")
    assert len(labels) == len(groups)
    assert all("too few" in label for label in labels[:len(few)])
    assert not any("too few" in label for label in labels[len(few):])
    assert [label.split(" (")[0] for label in labels[len(few):]] == [str(g).replace("_", " ") for g in ranked.group]
    first = groups.iloc[0]
    assert f"({first.held_player_games:,} / {first.not_held_player_games:,})" in " ".join(labels)
    # the legend's swatches are taken from ranked rows: "not held" is plain grey, as the ranked bars are
    legend = plots.group_win_rates(groups, "Groups").axes[0].get_legend()
    assert all(not patch.get_hatch() for patch in legend.get_patches())
    plt.close("all")


def test_trade_offers_draw_the_best_on_top_coloured_by_the_holm_verdict():
    from matplotlib.colors import to_hex
    frame = pd.DataFrame({"trade": ["best", "second"], "rival_accepts": ["yes", "no"],
                          "difference": [0.10, 0.04], "ci_low": [0.06, 0.01], "ci_high": [0.14, 0.07],
                          "p_adjusted": [0.001, 0.09],  # the second's interval excludes 0, but not after Holm
                          "rival_difference": [-0.10, 0.0], "rival_ci_low": [-0.14, -0.03],
                          "rival_ci_high": [-0.06, 0.03], "rival_p_adjusted": [0.001, 1.0]})
    mine, theirs = plots.trade_offers(frame, "Ann", "Trades").axes
    tops = {label.get_text().split(" (")[0]: label.get_position()[1] for label in mine.get_yticklabels()}
    assert tops["best"] > tops["second"]
    assert "(rival accepts)" in [t.get_text() for t in mine.get_yticklabels()][1]  # the top label

    def by_height(axis):
        return [to_hex(p.get_facecolor()) for p in sorted(axis.patches, key=lambda p: -p.get_y())]
    assert by_height(mine) == ["#1fb25a", "#999999"] and by_height(theirs) == ["#ed1b24", "#999999"]
    plt.close("all")
