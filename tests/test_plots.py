"""What the plots show a reader: full names and units on the board, one panel per strategy with values in
a 2-D sweep, cards by their text and deck in the table's order, axes that end where the games do, and
the three file formats."""
import matplotlib.pyplot as plt
import pytest

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
