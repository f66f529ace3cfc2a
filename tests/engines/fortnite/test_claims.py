"""Monopoly Fortnite on simulated games: each strategy's one-line description (strategies/fortnite.py, printed
by `monopoly-mc strategies --family fortnite`) is a claim checked here with the per-player counters the engine
records, and each rule option moves what its documentation says it moves (a few thousand games, fixed seeds)."""
import numpy as np
import pytest

import simulator
from simulator.engines.fortnite.state import sides_of
from strategies import get

FIELD = ["aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider", "passive"]
GAMES = 2000


@pytest.fixture(scope="module")
def field():
    return simulator.simulate("fortnite", players=5, strategies=FIELD, games=GAMES, seed=11).players()


def of(players, name):
    return players[players.strategy == name]


def test_passive_never_shoots_a_player(field):
    """passive: "never shoots a player" (crosshair or grenade), though rivals were often in reach."""
    passive = of(field, "passive")
    assert passive.shots.sum() == 0 and passive.grenades.sum() == 0
    assert passive.shot_chances.sum() > GAMES


def test_aggressive_shooter_shoots_whenever_a_rival_is_in_reach(field):
    """aggressive_shooter "shoots whenever a rival is in reach, one it can eliminate first, else the healthiest,
    unless bringing down the wall in its way is worth more": every chance not taken is a wall brought down."""
    shooter = of(field, "aggressive_shooter")
    assert shooter.shots.sum() > GAMES
    assert (shooter.shot_chances - shooter.shots <= shooter.walls_broken).all()
    assert (shooter.shot_chances - shooter.shots).sum() < 0.02 * shooter.shots.sum()
    assert (shooter.priority_shots == shooter.shots).all()
    others = field[field.strategy.isin(["wall_builder", "pair_collector", "storm_avoider"])]
    assert others.priority_shots.sum() < others.shots.sum(), "the counter tells another choice of target apart"


def _rivals_in_sight(players):
    """Per player-game: rivals placed before it in sight of its start square, and the fewest and most it could
    have had (placing is in seat order, on a board with no walls yet)."""
    n_squares = 32
    sides = np.array([sides_of(n_squares, s) for s in range(n_squares)])
    rows = players.sort_values(["game", "seat"])
    squares = rows.start_square.to_numpy().reshape(-1, rows.seat.max())
    seen, fewest, most = [], [], []
    for game in squares:
        for seat, square in enumerate(game):
            before = sides[game[:seat]]
            counts = [(before & sides[s] != 0).sum() for s in range(n_squares)]
            seen.append(counts[square])
            fewest.append(min(counts))
            most.append(max(counts))
    rows = rows.assign(seen=seen, fewest=fewest, most=most)
    return rows


def test_aggressive_shooter_starts_in_sight_and_storm_avoider_out_of_sight(field):
    """aggressive_shooter "starts in sight of rivals", storm_avoider "starts out of sight": each takes the
    start square with the most (the fewest) rivals already placed in sight (Sautez du bus de combat !)."""
    rows = _rivals_in_sight(field)
    shooter, avoider, passive = (of(rows, name) for name in ("aggressive_shooter", "storm_avoider", "passive"))
    assert (shooter.seen == shooter.most).all() and (avoider.seen == avoider.fewest).all()
    assert (passive.seen != passive.most).any() and (passive.seen != passive.fewest).any()


def test_who_never_trades_and_who_trades_for_its_pairs(field):
    """aggressive_shooter and passive "never trade"; pair_collector "trades to complete its pairs: swaps
    locations, or pays up to 3 chest items for the one it lacks", so it holds complete pairs more often than
    those who never trade."""
    assert of(field, "aggressive_shooter").trades.sum() == 0 and of(field, "passive").trades.sum() == 0
    collector = of(field, "pair_collector")
    assert collector.trades.sum() > 100 and collector.items_given.sum() > 0
    assert (collector.items_given <= 3 * collector.trades).all()
    held = [c for c in field.columns if c.startswith("held_")]
    pairs = field.assign(held=field[held].sum(axis=1)).groupby("strategy", observed=True).held.mean()
    assert pairs["pair_collector"] > 1.3 * max(pairs["aggressive_shooter"], pairs["passive"])


def test_walls_for_shelter_and_walls_as_traps(field):
    """passive "stands walls for shelter only" and storm_avoider "shelters behind its own walls": every wall on
    the square where it stands. wall_builder "stands its walls where rivals behind it are likely to stop on a
    square that costs them: a location not theirs, a spike trap, the storm, Go To Jail": its walls cost the
    rivals they stop more HP, a wall for a wall."""
    for name in ("passive", "storm_avoider"):
        rows = of(field, name)
        assert rows.walls.sum() > GAMES and (rows.shelter_walls == rows.walls).all()
    per_wall = field.groupby("strategy", observed=True)[["wall_stop_hp", "walls"]].sum()
    per_wall = per_wall.wall_stop_hp / per_wall.walls
    assert per_wall["wall_builder"] > 1.25 * max(per_wall["passive"], per_wall["storm_avoider"])


def test_storm_avoider_brings_down_the_wall_that_would_stop_it_under_the_storm(field):
    """storm_avoider "brings down first a wall that would stop it under the storm": when it can (the crosshair
    or the bomb first, or a grenade), it nearly always does, more often than the strategies that would rather
    shoot a rival. "A rare chance: it still loses as much HP to the storm as the others, a little more": under
    one storm HP in ten saved that way, and its storm HP lost a game above the other strategies' average by
    less than 15% (6.5 HP against 5.9-6.4 over 4,000 games, seeds 3 and 11)."""
    assert "it still loses as much HP to the storm as the others, a little more" in " ".join(
        get("fortnite", "storm_avoider").summary.split())
    totals = field.groupby("strategy", observed=True)[["storm_dodges", "storm_dodge_chances", "storm_lost"]].sum()
    rate = totals.storm_dodges / totals.storm_dodge_chances
    assert totals.storm_dodge_chances["storm_avoider"] > 100 and rate["storm_avoider"] > 0.95
    assert rate["storm_avoider"] > rate[["aggressive_shooter", "wall_builder", "pair_collector"]].max() + 0.1
    lost = totals.storm_lost / GAMES
    assert totals.storm_dodges["storm_avoider"] < 0.1 * totals.storm_lost["storm_avoider"]
    assert 1 < lost["storm_avoider"] / lost.drop("storm_avoider").mean() < 1.15


# ---------------------------------------------------------------------------------------------------
# Rule options: each moves what the data file says it does


def _run(overrides):
    return simulator.simulate("fortnite", players=4, games=GAMES, seed=5, overrides=overrides,
                              strategies=["aggressive_shooter", "wall_builder", "pair_collector", "storm_avoider"])


def test_walls_block_sight_fewer_rivals_in_reach():
    """walls_block_sight true: a wall between shooter and target blocks the shot as well, so a crosshair roll
    finds a rival in reach less often."""
    rates = []
    for value in (False, True):
        run = _run({"rules.walls_block_sight": value})
        rates.append(run.players(["shot_chances"]).shot_chances.sum()
                     / run.cards().set_index("card").draws["face_crosshair"])
    assert rates[1] < 0.98 * rates[0]


def test_wall_shields_from_bomb_spares_who_stands_on_a_wall():
    """wall_shields_from_bomb false: a player standing on a wall pays the boogie bomb's PV too, so more damage
    is dealt a turn."""
    dealt = []
    for value in (True, False):
        run = _run({"rules.wall_shields_from_bomb": value})
        dealt.append(run.players(["damage_dealt"]).damage_dealt.sum() / run.games(["turns"]).turns.sum())
    assert dealt[1] > 1.05 * dealt[0]


def test_trading_off_means_no_trade():
    """trading false: no location or item changes hands."""
    trades = [_run({"rules.trading": value}).players(["trades"]).trades.sum() for value in (True, False)]
    assert trades[0] > 100 and trades[1] == 0


def test_fewer_walls_in_the_pile_fewer_walls_stood():
    """walls: the pile of walls; with fewer, fewer are stood and brought down."""
    few, many = (_run({"rules.walls": value}).players(["walls", "walls_broken"]) for value in (2, 8))
    assert few.walls.sum() < 0.85 * many.walls.sum() and few.walls_broken.sum() < 0.9 * many.walls_broken.sum()
