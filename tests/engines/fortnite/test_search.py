"""Fortnite's search player (issue 31): with no rollouts it plays its base exactly; its games are the same whatever
the threads and batches; its rollouts find the better policy (from passive, it plays storm_avoider's share); it
plays in every command that takes a strategy."""
from pathlib import Path

import pandas as pd
import pytest

from simulator.cli.search import NO_IMPROVEMENT
from simulator.rules import load_edition
from simulator.runner import RunSpec, run
from strategies import get
from tests.helpers import invoke

POSITION = Path(__file__).parents[2] / "data" / "positions" / "fortnite_storm_closing.toml"
FIELD = ["aggressive_shooter", "pair_collector", "wall_builder"]


def _frames(first, games, seed, threads=1, batch_size=None, field=FIELD):
    edition = load_edition("fortnite")
    lineup = [first] + [get("fortnite", name) for name in field]
    spec = RunSpec(edition=edition, lineup=lineup, games=games, seed=seed, threads=threads,
                   batch_size=batch_size or games)
    result = run(spec, keep_frames=True)
    return result.games.drop(columns="winner_strategy"), result.players.drop(columns="strategy")


def search(**params):
    return get("fortnite", "search").with_params(**params)


def test_no_rollouts_plays_its_base_bit_for_bit():
    base = get("fortnite", "search").params["base"]
    plain = _frames(get("fortnite", base), 300, 5)
    searching = _frames(search(rollouts=0), 300, 5)
    for a, b in zip(plain, searching):
        pd.testing.assert_frame_equal(a, b)


def test_search_games_are_the_same_whatever_the_threads_and_batches():
    one = _frames(search(rollouts=2, horizon=8), 24, 9)
    many = _frames(search(rollouts=2, horizon=8), 24, 9, threads=2, batch_size=5)
    for a, b in zip(one, many):
        pd.testing.assert_frame_equal(a.sort_values(list(a.columns[:2])).reset_index(drop=True),
                                      b.sort_values(list(b.columns[:2])).reset_index(drop=True))
    other = _frames(search(rollouts=3, horizon=8), 24, 9)
    assert not one[1].equals(other[1]), "more rollouts change its choices, so its games"


def test_rollouts_choose_the_stronger_policy():
    """passive shoots nobody and loses to the field; a search player with passive as its base and storm_avoider as
    its one other candidate must see that in its rollouts and win clearly more than passive on the same games."""
    games, field = 1200, ["storm_avoider", "aggressive_shooter", "pair_collector"]
    passive = _frames(get("fortnite", "passive"), games, 11, field=field)[1]
    chooser = _frames(search(base="passive", candidates=["storm_avoider"], rollouts=4, horizon=12), games, 11,
                      field=field)[1]
    rate = {name: frame[frame.lineup_index == 0].won.mean() for name, frame in
            (("passive", passive), ("search", chooser))}
    assert rate["search"] - rate["passive"] > 0.03, rate


@pytest.mark.parametrize("args", [
    ["simulate", "-e", "fortnite", "-s", "search", "--games", 8],
    ["tournament", "-e", "fortnite", "-s", "search", "-s", "storm_avoider", "-s", "passive", "--players", 2,
     "--games", 12],
    ["sweep", "-e", "fortnite", "-s", "search", "--set", "strategy.search.rollouts=0,1", "--games", 8],
    ["optimize", "-e", "fortnite", "-s", "passive", "--field", "search,storm_avoider,pair_collector",
     "--param", "attack_weight=0:3", "--budget", 72, "--games", 8, "--finalists", 1, "--recheck", 8],
])
def test_every_command_plays_the_search_player(args):
    result = invoke(*args, "--seed", 3, "--no-progress")
    assert result.exit_code in ((0, NO_IMPROVEMENT) if args[0] == "optimize" else (0,)), result.output
    assert "search" in result.output


def test_compare_and_position_play_the_search_player(tmp_path):
    variant = tmp_path / "fragile.toml"
    variant.write_text('[edition]\nextends = "fortnite"\nname = "fragile"\n[rules]\nstart_hp = 8\n')
    compared = invoke("compare", "fortnite", variant, "-s", "search", "-s", "storm_avoider", "--games", 8,
                      "--seed", 3, "--no-progress")
    assert compared.exit_code == 0, compared.output
    assert "search" in compared.output
    position = tmp_path / "searching.toml"
    position.write_text(POSITION.read_text().replace('strategy = "storm_avoider"', 'strategy = "search"', 1))
    played = invoke("position", position, "--games", 8, "--seed", 3, "--no-progress")
    assert played.exit_code == 0, played.output
    assert "search" in played.output


def test_a_long_search_run_is_announced_as_slow():
    from simulator.runner import SLOW_SEARCH_GAMES, search_notice
    edition = load_edition("fortnite")
    field = [get("fortnite", name) for name in FIELD]
    long_run = RunSpec(edition=edition, lineup=[search()] + field, games=SLOW_SEARCH_GAMES + 1)
    assert "search plays 8 rollouts of each of its 5 policies" in search_notice(long_run)
    assert search_notice(RunSpec(edition=edition, lineup=[search()] + field, games=SLOW_SEARCH_GAMES)) is None
    assert search_notice(RunSpec(edition=edition, lineup=[search(rollouts=0)] + field, games=10 ** 6)) is None
    assert search_notice(RunSpec(edition=edition, lineup=[get("fortnite", "passive")] + field, games=10 ** 6)) is None
