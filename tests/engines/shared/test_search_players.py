"""The search players of Fortnite and Millionaire (issue 31): with no rollouts one plays its base exactly; its games
are the same whatever the threads and batches; its rollouts find the better policy (from a weak base, it plays
closer to the strong candidate); it plays in every command that takes a strategy; a long run is announced slow."""
import pandas as pd
import pytest

from simulator.cli.search import NO_IMPROVEMENT
from simulator.rules import load_edition
from simulator.runner import RunSpec, run
from strategies import get
from tests.helpers import invoke, position_toml

# per family: a field of three; a weak heuristic and a strong one (the tournament's last and first), the field they
# are told apart against, and the rollouts that tell them apart; a rule for compare's second edition; a parameter
# optimize may vary
FAMILIES = {
    "fortnite": dict(field=["aggressive_shooter", "pair_collector", "wall_builder"], weak="passive",
                     strong="storm_avoider", strong_field=["storm_avoider", "aggressive_shooter", "pair_collector"],
                     telling=dict(rollouts=4, horizon=12), rule="start_hp = 8", param="attack_weight=0:3"),
    "millionaire": dict(field=["upgrade_rich", "sprinter", "build_first"], weak="never_upgrade",
                        strong="upgrade_at_once", strong_field=["upgrade_at_once", "upgrade_rich", "sprinter"],
                        telling=dict(rollouts=8, horizon=0), rule="start_cash = 500", param="upgrade_reserve=0:300"),
}


def _frames(family, first, games, seed, threads=1, batch_size=None, field=None):
    edition = load_edition(family)
    lineup = [first] + [get(family, name) for name in field or FAMILIES[family]["field"]]
    spec = RunSpec(edition=edition, lineup=lineup, games=games, seed=seed, threads=threads,
                   batch_size=batch_size or games)
    result = run(spec, keep_frames=True)
    return result.games.drop(columns="winner_strategy"), result.players.drop(columns="strategy")


def search(family, **params):
    return get(family, "search").with_params(**params)


@pytest.mark.parametrize("family", FAMILIES)
def test_no_rollouts_plays_its_base_bit_for_bit(family):
    plain = _frames(family, get(family, get(family, "search").params["base"]), 300, 5)
    searching = _frames(family, search(family, rollouts=0), 300, 5)
    for a, b in zip(plain, searching):
        pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize("family", FAMILIES)
def test_search_games_are_the_same_whatever_the_threads_and_batches(family):
    one = _frames(family, search(family, rollouts=2, horizon=8), 24, 9)
    many = _frames(family, search(family, rollouts=2, horizon=8), 24, 9, threads=2, batch_size=5)
    for a, b in zip(one, many):
        pd.testing.assert_frame_equal(a.sort_values(list(a.columns[:2])).reset_index(drop=True),
                                      b.sort_values(list(b.columns[:2])).reset_index(drop=True))
    other = _frames(family, search(family, rollouts=3, horizon=8), 24, 9)
    assert not one[1].equals(other[1]), "more rollouts change its choices, so its games"


@pytest.mark.parametrize("family", FAMILIES)
def test_rollouts_choose_the_stronger_policy(family):
    """A search player with the family's weakest heuristic as its base and the strongest as its one other
    candidate must see the difference in its rollouts and win clearly more than its base on the same games."""
    case, games, seed = FAMILIES[family], 1200, 11
    weak = _frames(family, get(family, case["weak"]), games, seed, field=case["strong_field"])[1]
    chooser = _frames(family, search(family, base=case["weak"], candidates=[case["strong"]], **case["telling"]),
                      games, seed, field=case["strong_field"])[1]
    rate = {name: frame[frame.lineup_index == 0].won.mean() for name, frame in (("weak", weak), ("search", chooser))}
    assert rate["search"] - rate["weak"] > 0.03, rate


def _commands(family):
    case = FAMILIES[family]
    return [
        ["simulate", "-e", family, "-s", "search", "--games", 8],
        ["tournament", "-e", family, "-s", "search", "-s", case["strong"], "-s", case["weak"], "--players", 2,
         "--games", 12],
        ["sweep", "-e", family, "-s", "search", "--set", "strategy.search.rollouts=0,1", "--games", 8],
        ["optimize", "-e", family, "-s", case["weak"], "--field", ",".join(["search", *case["field"][:2]]),
         "--param", case["param"], "--budget", 72, "--games", 8, "--finalists", 1, "--recheck", 8],
    ]


@pytest.mark.parametrize("family,args", [(family, args) for family in FAMILIES for args in _commands(family)])
def test_every_command_plays_the_search_player(family, args):
    result = invoke(*args, "--seed", 3, "--no-progress")
    assert result.exit_code in ((0, NO_IMPROVEMENT) if args[0] == "optimize" else (0,)), result.output
    assert "search" in result.output


@pytest.mark.parametrize("family", FAMILIES)
def test_compare_and_position_play_the_search_player(family, tmp_path):
    case = FAMILIES[family]
    variant = tmp_path / "variant.toml"
    variant.write_text(f'[edition]\nextends = "{family}"\nname = "variant"\n[rules]\n{case["rule"]}\n')
    compared = invoke("compare", family, variant, "-s", "search", "-s", case["strong"], "--games", 8, "--seed", 3,
                      "--no-progress")
    assert compared.exit_code == 0, compared.output
    assert "search" in compared.output
    position = tmp_path / "searching.toml"
    position.write_text(position_toml({"position": {"edition": family}, "players": [
        {"name": "Ann", "strategy": "search"}, {"name": "Bea", "strategy": case["strong"]}]}))
    played = invoke("position", position, "--games", 8, "--seed", 3, "--no-progress")
    assert played.exit_code == 0, played.output
    assert "search" in played.output
