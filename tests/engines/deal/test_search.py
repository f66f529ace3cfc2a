"""Deal's search player (issue 31; reports/deal_search.md): with no rollouts it plays its base exactly, a
seed fixes its games whatever the threads and batches, its rollouts never see what its seat cannot (the rivals'
hands and the draw pile are dealt anew), and it plays in every command a strategy plays in."""
import numpy as np
import pytest

from simulator.engines.deal import kernel
from simulator.engines.deal import layout as D
from simulator.rules import load_edition
from simulator.runner import SLOW_SEARCH_GAMES, RunSpec, run, warn_if_searching
from strategies import get
from tests.engines.deal.table import DealTable
from tests.helpers import invoke

FIELD = ["bank_first", "late_attacker", "opportunist"]


def search(**params):
    return get("deal", "search").with_params(**params)


def frames(lineup, games, seed, threads=1, batch_size=10_000):
    """The games and players frames of a run, less the strategies' names."""
    spec = RunSpec(edition=load_edition("deal"), lineup=lineup, games=games, seed=seed, threads=threads,
                   batch_size=batch_size)
    result = run(spec, keep_frames=True)
    return [frame.drop(columns=["strategy", "winner_strategy"], errors="ignore").reset_index(drop=True)
            for frame in (result.games, result.players)]


def test_with_no_rollouts_it_plays_its_base_exactly():
    field = [get("deal", n) for n in FIELD]
    base = get("deal", search().params["base"])
    plain = frames([base, *field], 400, seed=3)
    assert all(a.equals(b) for a, b in zip(plain, frames([search(rollouts=0), *field], 400, seed=3)))
    # and it searches with rollouts: the games differ (else the test above would pass with no search reached)
    rolled = frames([search(rollouts=2, horizon=2), *field], 40, seed=3)
    assert not rolled[1].equals(plain[1].iloc[:160])


def test_a_seed_gives_the_same_games_whatever_the_threads_and_batches():
    lineup = [search(rollouts=2, horizon=3), *(get("deal", n) for n in FIELD)]
    one = frames(lineup, 24, seed=8)
    two = frames(lineup, 24, seed=8, threads=2, batch_size=5)
    assert all(a.equals(b) for a, b in zip(one, two))
    other = frames(lineup, 24, seed=9)
    assert not one[1].equals(other[1])


def test_a_rollout_deals_anew_only_what_the_seat_cannot_see():
    """The seat's own hand, the banks, the tables and the discards stay; the rivals' hands and the draw pile
    are pooled and dealt again, each rival as many cards as it held."""
    table = DealTable(players=4)
    table.new_game()
    for p in range(4):
        table.turn(p)
    before = table.loc.copy()
    hidden = set(np.flatnonzero((before[:, D.LOC_ZONE] == D.Z_DRAW) |
                                ((before[:, D.LOC_ZONE] == D.Z_HAND) & (before[:, D.LOC_OWNER] != 0))))
    sizes = [int(table.pl[q, D.PL_HAND]) for q in range(4)]
    pool = np.zeros_like(table.pile)
    dealt = np.zeros(4, dtype=np.int64)
    kernel.determinize(*table.args[:3], table.loc, table.pile, table.gs, table.tab, table.pl, table.rng, 0, pool,
                       dealt)
    assert table.violations() == 0
    seen = [k for k in range(len(before)) if k not in hidden]
    assert (table.loc[seen] == before[seen]).all()
    assert [int(table.pl[q, D.PL_HAND]) for q in range(4)] == sizes
    now_hidden = set(np.flatnonzero((table.loc[:, D.LOC_ZONE] == D.Z_DRAW) |
                                    ((table.loc[:, D.LOC_ZONE] == D.Z_HAND) & (table.loc[:, D.LOC_OWNER] != 0))))
    assert now_hidden == hidden and table.pile_size() == sum(before[:, D.LOC_ZONE] == D.Z_DRAW)
    assert not (table.loc[sorted(hidden)] == before[sorted(hidden)]).all(), "nothing was dealt anew"


def test_a_long_search_run_says_before_it_starts_that_it_is_slow():
    def notes(player, games):
        said = []
        spec = RunSpec(edition=load_edition("deal"), lineup=[player, get("deal", "bank_first")], games=games)
        warn_if_searching([spec], said.append)
        return said
    assert "seat a search player (search)" in notes(search(), SLOW_SEARCH_GAMES)[0]
    assert notes(search(), SLOW_SEARCH_GAMES - 1) == []
    assert notes(search(rollouts=0), 10 * SLOW_SEARCH_GAMES) == []   # it plays its base: not slow


SMALL = ["--no-progress", "--threads", 1]


@pytest.mark.parametrize("command", [
    ["simulate", "-e", "deal", "-s", "search", *sum((["-s", n] for n in FIELD), []), "-n", 12],
    ["tournament", "-e", "deal", "-s", "search", "-s", "bank_first", "-s", "rush_properties", "-n", 24],
    ["compare", "deal", "deal", "-s", "search", "-s", "bank_first", "-n", 12],
    ["sweep", "-e", "deal", "-s", "search", "-s", "bank_first", "--set", "decks.deal.cards.deal_breaker.count=1,3",
     "-n", 12],
    ["optimize", "-e", "deal", "-s", "opportunist", "--param", "bank_target=1:5", "--field", "search,bank_first",
     "-n", 12, "--budget", 120, "--recheck", 12],
    ["balance", "-e", "deal", "-s", "search", "-s", "bank_first", "--vary", "decks.deal.cards.deal_breaker.count=1:3",
     "--objective", "spread", "-n", 12, "--budget", 120, "--recheck", 12],
])
def test_it_plays_wherever_a_strategy_plays(command):
    result = invoke(*command, *SMALL)
    assert result.exit_code in (0, 3), result.output   # optimize and balance: 3 when nothing beats the baseline
    assert "search" in result.output


def test_it_plays_from_a_position(tmp_path):
    template = invoke("position", "--template", "-e", "deal").output
    position = tmp_path / "deal.toml"
    position.write_text(template.replace('strategy = "rush_properties"', 'strategy = "search"', 1))
    result = invoke("position", position, "-n", 12, *SMALL)
    assert result.exit_code == 0, result.output
    assert "search" in result.output


def test_its_search_wins_more_than_its_base_in_its_seat():
    """What its summary promises: searching beats playing its base, at the issue's table, on the same seeds.
    At half the default budget (8 rollouts), 40.7% against its base's 32.7% over 3,000 games
    (reports/deal_search.md); a search that chose no better than its base would pass in about 2 seeds of 100."""
    field = [get("deal", n) for n in ("bank_first", "rush_properties", "late_attacker")]
    games = 800

    def first_wins(player):
        """The share of the games the lineup's first player won."""
        players = frames([player, *field], games, seed=21)[1]
        return players[players.lineup_index == 0].won.mean()

    searched, base = first_wins(search(rollouts=8)), first_wins(get("deal", "rush_properties"))
    spread = (searched * (1 - searched) / games + base * (1 - base) / games) ** 0.5
    assert searched - base > 2 * spread, (searched, base)
