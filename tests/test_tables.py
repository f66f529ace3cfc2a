"""Console tables fit 100 columns whatever their columns, and lose nothing doing it: no cell is cut."""
import re

from simulator.tables import WIDTH, render

CARD_TEXT = "deal_breaker: Deal Breaker: take a complete set of any player, buildings included, in one move"


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def test_a_table_that_fits_is_left_as_it_is():
    text = render(["strategy", "win rate", "95% CI"], [["buy_all", "25.0%", "[24.1%, 25.9%]"],
                                                       ["cautious", "9.5%", "[8.8%, 10.2%]"]], title="Win rates")
    assert text.splitlines() == ["Win rates",
                                 "strategy  win rate          95% CI",
                                 "--------  --------  --------------",
                                 "buy_all      25.0%  [24.1%, 25.9%]",
                                 "cautious      9.5%   [8.8%, 10.2%]"]


def test_a_wide_table_fits_and_keeps_every_word_of_every_cell():
    headers = ["deck", "card", "copies", "draws per game", "win rate after drawing it", "win shift",
               "95% CI", "rank shift", "significant"]
    rows = [["deal", CARD_TEXT, "1", "2.00", "40.9%", "+15.4 pts", "[+13.9 pts, +16.9 pts]", "-0.346", "yes"],
            ["deal", "sly_deal: Sly Deal: take a rival's property, not from a complete set", "1", "3.03", "33.9%",
             "+8.3 pts", "[+7.1 pts, +9.5 pts]", "-0.199", "no"],
            ["deal", "pass_go: Pass Go: draw 2 cards", "1", "2.10", "25.0%", "+0.1 pts", "[-1.0 pts, +1.2 pts]",
             "0.001", "no"]]
    text = render(headers, rows)
    assert _widest(text) <= WIDTH and "…" not in text
    for word in CARD_TEXT.split() + ["Sly", "rival's", "+15.4", "[+13.9, +16.9]*", "[+7.1, +9.5]"]:
        assert word in text, word
    assert "(pts)" in text                                     # the unit said once, in the header
    assert "* significant" in text and "copies: 1 in every row" in text


def test_what_is_still_too_wide_continues_below_after_the_columns_naming_a_row():
    headers = ["rank", "strategy"] + [f"measure number {k}" for k in range(12)]
    rows = [[str(r), name] + [f"{r * k + 0.5:,.1f}" for k in range(12)]
            for r, name in enumerate(["buy_all", "three_houses"], 1)]
    text = render(headers, rows)
    blocks = text.split("\n\n")
    assert len(blocks) >= 2 and _widest(text) <= WIDTH
    for block in blocks:
        assert re.search(r"^rank +strategy", block, re.M) and "three_houses" in block
    for k in range(12):
        assert sum(block.count(f"{2 * k + 0.5:,.1f}") for block in blocks) >= 1


def test_a_sweep_cell_with_no_value_is_a_dash():
    text = render(["point", "mean rounds"], [["1", "- [-, -]"], ["2", "54.8 [53.1, 56.5]"]])
    assert text.splitlines()[2].split() == ["1", "-"]


def test_an_interval_of_nothing_is_a_dash_and_leaves_the_columns_unit_in_its_header():
    """An effect row whose association lift could not be computed shows "[-, -]": as a dash, it must not stop
    the other rows' "pts" going to the header (Empire's effect table printed "[+27.0 pts, +36.5 pts]")."""
    rows = [["green", "-", "[-, -]"], ["brown", "+31.8 pts", "[+27.0 pts, +36.5 pts]"],
            ["yellow", "+7.3 pts", "[-19.2 pts, +51.1 pts]"]]
    text = render(["given", "lift", "95% CI"], rows, width=36)  # too wide: units go to the headers
    assert "95% CI (pts)" in text and "lift (pts)" in text and " pts]" not in text
    assert "[-, -]" not in text


def test_significance_marks_the_p_value_it_was_read_from_else_the_interval():
    """In a ranking the flag judges the lead over the next strategy (its p-value), not the win rate's interval."""
    headers = ["rank", "strategy", "player-games", "wins", "win rate", "95% CI", "lead over next", "p (Holm)",
               "significant", "a measure with a long name", "another measure with a long name"]
    rows = [["1", "hard_trader", "160", "91", "56.9%", "[49.1%, 64.3%]", "+33.8 pts", "<0.001", "yes", "1", "2"],
            ["2", "buy_all", "160", "37", "23.1%", "[17.3%, 30.2%]", "+4.4 pts", "0.672", "no", "1", "2"]]
    text = render(headers, rows)
    assert "<0.001*" in text and "]*" not in text
