"""The board family's search player (issue 31; strategies/board.py `search`, simulator/engines/board/kernel.py
choose_policy): with no rollouts it plays its base exactly, its rollouts leave the game they search untouched,
and the same seed gives the same games whatever the threads and batches."""
from dataclasses import replace

import pandas as pd
import pytest

import strategies
from simulator.rules import load_edition
from simulator.runner import RunSpec, run

EDITIONS = [("classic", None), ("walking_dead", "quick")]


def board(name, **params):
    return strategies.get("board", name).with_params(**params)


def frames(lineup, games=60, seed=5, edition=("classic", None), **options):
    """The games and players frames of a run, without the strategies' names (they differ by design)."""
    result = run(RunSpec(edition=load_edition(*edition), lineup=lineup, games=games, seed=seed, **options),
                 keep_frames=True)
    return result.games.drop(columns=["winner_strategy"]), result.players.drop(columns=["strategy"])


def assert_same(a, b):
    pd.testing.assert_frame_equal(a[0], b[0])
    pd.testing.assert_frame_equal(a[1], b[1])


FIELD = ["hard_trader", "buy_all", "cautious"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_with_no_rollouts_it_plays_its_base_exactly(edition):
    base = frames([board("hard_trader"), *map(board, FIELD)], edition=edition)
    assert_same(frames([board("search", rollouts=0), *map(board, FIELD)], edition=edition), base)
    # and its base with rollouts but nothing else to choose from
    assert_same(frames([board("search", candidates=[], rollouts=2, horizon=8), *map(board, FIELD)],
                       edition=edition), base)


def test_rollouts_leave_the_searched_game_untouched():
    """Candidates identical to the base (a twin under another name): every rollout is played, every choice is
    a tie the base keeps, so the games are the base's only if the rollouts wrote nothing of the game (its
    dice stream, its aggregates, its decks). A search among distinct policies plays other games."""
    twin = strategies.register(replace(board("hard_trader"), name="hard_trader_twin_test"))
    try:
        base = frames([board("hard_trader"), *map(board, FIELD)])
        searched = frames([board("search", candidates=[twin.name], rollouts=2, horizon=12), *map(board, FIELD)])
        assert_same(searched, base)
    finally:
        strategies.unregister("board", twin.name)
    other = frames([board("search", rollouts=2, horizon=12), *map(board, FIELD)])
    assert not other[1].equals(base[1])


def test_the_same_seed_gives_the_same_games_whatever_the_threads_and_batches():
    lineup = [board("search", rollouts=2, horizon=12), *map(board, FIELD)]
    one = frames(lineup, games=40, threads=1, batch_size=40)
    assert_same(frames(lineup, games=40, threads=2, batch_size=7), one)
    assert not frames(lineup, games=40, seed=6, threads=1)[1].equals(one[1])
