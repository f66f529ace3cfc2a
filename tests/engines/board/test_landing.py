"""Landing frequencies: the exact movement chain against published figures, and the simulated pawn
against the exact chain."""
import numpy as np
import pytest

from simulator.engines.board.kernel import landing_counts
from simulator.engines.board.rules import compile_board
from simulator.markov import landing_distribution
from simulator.rules import load_edition


@pytest.fixture(scope="module")
def classic():
    return compile_board(load_edition("classic"))


def test_exact_chain_matches_published_figures(classic):
    """facts.md: Project Euler 84 (leave jail at once, jail and just visiting merged): Jail 6.24%,
    Illinois 3.18%, GO 3.09%; rolls ending in jail about 3.9% (leave) and 9.4% (stay)."""
    leave, in_jail_leave = landing_distribution(classic, stay_in_jail=False)
    stay, in_jail_stay = landing_distribution(classic, stay_in_jail=True)
    assert leave.sum() == pytest.approx(1.0)
    assert leave[10] == pytest.approx(0.0624, abs=0.0005)
    assert leave[24] == pytest.approx(0.0318, abs=0.0005)
    assert leave[0] == pytest.approx(0.0309, abs=0.0005)
    assert in_jail_leave == pytest.approx(0.039, abs=0.001)
    assert in_jail_stay == pytest.approx(0.094, abs=0.001)
    streets = [s for s in range(40) if classic.square_names[s] not in ("Jail",) and classic.sq[s, 1] > 0]
    assert max(streets, key=lambda s: leave[s]) == classic.square_names.index("Illinois Avenue")


@pytest.mark.parametrize("stay", [False, True])
def test_simulated_landings_agree_with_the_exact_chain(classic, stay):
    totals = np.zeros(classic.n_squares, dtype=np.int64)
    landing_counts(classic.sq, classic.cards, classic.decks, classic.rules, stay, 9, 0, 400, 2000, totals)
    share = totals / totals.sum()
    exact, _ = landing_distribution(classic, stay)
    never = exact < 1e-12  # Go To Jail: no roll ends there (the solver leaves ~1e-17 of rounding)
    assert never.sum() == 1 and (totals[never] == 0).all()
    standard_error = np.sqrt(exact[~never] * (1 - exact[~never]) / totals.sum())
    z = (share[~never] - exact[~never]) / standard_error
    # 40 squares, rolls mildly correlated along each pawn's path: a wrong rule moves squares by tens of sigma
    assert np.abs(z).max() < 5, np.round(z, 1)
    assert totals.sum() == 400 * 2000
