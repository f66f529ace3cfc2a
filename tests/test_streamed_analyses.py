"""The analyses over stored results read them a batch file at a time, so that their memory stays flat in the
number of games: what they aggregate from the parts equals, exactly, what they aggregate from the whole frames
held in memory, and the statistics built on those aggregates (sufficient statistics) are the ones computed
from every player-game and every game."""
import numpy as np
import pandas as pd
import pytest

from simulator import analysis, stats
from simulator.results import Results, load_results
from tests.helpers import invoke

BATCH = 250


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """Runs stored in several batch files (the last one short): classic with a strategy in two seats, the same
    seeds under another starting cash in batches of another size (a paired comparison), Deal and Millionaire."""
    base = tmp_path_factory.mktemp("streamed")
    commands = {
        "classic": ["-e", "classic", "-p", "3", "-s", "buy_all", "-s", "buy_all", "-s", "cautious",
                    "--batch-size", BATCH],
        "poorer": ["-e", "classic", "-p", "3", "-s", "buy_all", "-s", "buy_all", "-s", "cautious",
                   "--batch-size", 400, "--set", "rules.start_cash=1000"],
        "deal": ["-e", "deal", "-p", "3", "--batch-size", BATCH],
        "millionaire": ["-e", "millionaire", "--batch-size", BATCH],
    }
    runs = {}
    for name, options in commands.items():
        result = invoke("simulate", *options, "--games", 1100, "--seed", 4, "--out", base / name, "--no-progress")
        assert result.exit_code == 0, result.output
        runs[name] = load_results([base / name])[0]
    return runs


def in_memory(run: Results) -> Results:
    """The same run with its whole frames in memory (what the analyses read in one part)."""
    return Results(run.manifest, run.squares(), run.cards(), games=pd.read_parquet(run.directory / "games"),
                   players=pd.read_parquet(run.directory / "players"), label=run.label)


def test_a_stored_run_is_read_one_batch_file_at_a_time(stored):
    run = stored["classic"]
    parts = list(run.player_batches(["game", "won"]))
    assert [len(part) for part in parts] == [BATCH * 3] * 4 + [100 * 3]
    whole = pd.read_parquet(run.directory / "players", columns=["game", "won"])
    assert np.array_equal(np.concatenate([part.column("game").to_numpy() for part in parts]), whole.game)
    assert len(list(in_memory(run).player_batches(["game"]))) == 1


@pytest.mark.parametrize("name", ["classic", "deal"])
def test_group_table_from_batch_files_equals_the_one_from_memory(stored, name):
    streamed, whole = [stored[name]], [in_memory(stored[name])]
    groups = [c[len("held_"):] for c in stored[name].player_columns if c.startswith("held_")]
    counted = [analysis._held_histogram(runs, groups).counts for runs in (streamed, whole)]
    assert counted[0].keys() == counted[1].keys()
    assert all(np.array_equal(counted[0][kind], counted[1][kind]) for kind in counted[0])
    table = analysis.group_table(streamed)
    pd.testing.assert_frame_equal(table, analysis.group_table(whole), check_exact=True)
    players = pd.read_parquet(stored[name].directory / "players")
    held = table.set_index("group")
    for group in groups:  # the counts are those of the player-games
        assert held.loc[group, "held_player_games"] == players[f"held_{group}"].sum()
        assert held.loc[group, "held_wins"] == (players[f"held_{group}"] & players.won).sum()


def per_player_design_effect(stratum, held, won, cluster) -> float:
    """The design effect as defined on one row per player-game: each row's share of the linearised lift,
    summed per game (the formula group_table used before it read the players in batches)."""
    frame = pd.DataFrame({"stratum": stratum, "held": held, "won": won.astype(float), "cluster": cluster})
    arms = frame.groupby(["stratum", "held"]).won.agg(["mean", "count"])
    per_row = arms.reindex(pd.MultiIndex.from_frame(frame[["stratum", "held"]]))
    count = frame.groupby("stratum").held.agg(held="sum", observations="size")
    weight = count.held * (count.observations - count.held) / count.observations
    weight = weight / weight.sum() if weight.sum() > 0 else weight
    share = weight.reindex(frame.stratum).to_numpy() * np.where(frame.held, 1.0, -1.0) / per_row["count"].to_numpy()
    contribution = share * (frame.won.to_numpy() - per_row["mean"].to_numpy())
    alone = float(np.sum(contribution ** 2))
    clusters = pd.Series(contribution).groupby(frame.cluster.to_numpy()).sum()
    if alone <= 0 or len(clusters) < 2:
        return 1.0
    return max(1.0, float(np.sum(clusters ** 2)) * len(clusters) / (len(clusters) - 1) / alone)


@pytest.mark.parametrize("seed", range(6))
def test_the_design_effect_from_kinds_of_game_is_the_one_from_every_player(seed):
    rng = np.random.default_rng(seed)
    games, seats = int(rng.integers(2, 400)), int(rng.integers(2, 6))
    stratum = rng.integers(0, int(rng.integers(1, seats + 1)), games * seats)
    held = rng.random(games * seats) < rng.choice([0.05, 0.3, 0.9])
    won = np.repeat(rng.integers(-1, seats, games), seats) == np.tile(np.arange(seats), games)
    game = np.repeat(np.arange(games), seats)
    expected = per_player_design_effect(stratum, held, won, game)
    assert stats.clustered_design_effect(stratum, held, won, game) == pytest.approx(expected, rel=1e-12)
    held_by_winner = held | won  # holders win: the clusters' correlation widens the interval
    assert stats.clustered_design_effect(stratum, held_by_winner, won, game) == pytest.approx(
        per_player_design_effect(stratum, held_by_winner, won, game), rel=1e-12)


def test_paired_sums_added_in_batches_are_the_sums_of_every_game():
    rng = np.random.default_rng(7)
    finished = rng.random((2, 1000)) < 0.9
    rounds = rng.integers(10, 900, (2, 1000))
    columns = (rounds[0] * finished[0], finished[0], rounds[1] * finished[1], finished[1])
    whole = stats.PairedSums().add(*columns)
    parts = stats.PairedSums()
    for start in range(0, 1000, 137):
        parts.add(*(c[start:start + 137] for c in columns))
    assert parts.units == whole.units and (parts.sums == whole.sums).all() and (parts.products == whole.products).all()
    difference = stats.paired_difference_of(parts)
    linear = ((columns[2] - columns[2].sum() / columns[3].sum() * columns[3]) / columns[3].mean()
              - (columns[0] - columns[0].sum() / columns[1].sum() * columns[1]) / columns[1].mean())
    assert difference["sd"] == pytest.approx(float(np.std(linear, ddof=1)), rel=1e-12)
    same = stats.paired_difference(columns[0], columns[1], columns[0], columns[1])
    assert same["sd"] == 0 and same["ci_low"] == same["ci_high"] == 0 and same["p_value"] == 1.0


def test_compare_from_batch_files_of_other_sizes_equals_the_one_from_memory(stored):
    streamed = analysis.compare([stored["classic"]], [stored["poorer"]])
    assert streamed.paired.all()
    whole = analysis.compare([in_memory(stored["classic"])], [in_memory(stored["poorer"])])
    pd.testing.assert_frame_equal(streamed, whole, check_exact=True)
    games = pd.read_parquet(stored["classic"].directory / "games")
    rounds = streamed.set_index("measure").loc["mean rounds"]
    assert rounds.a == games.rounds[games.winner_seat.notna()].mean()


def test_star_table_from_batch_files_equals_the_one_from_memory(stored):
    streamed = analysis.star_table([stored["millionaire"]])
    pd.testing.assert_frame_equal(streamed, analysis.star_table([in_memory(stored["millionaire"])]),
                                  check_exact=True)
    players = pd.read_parquet(stored["millionaire"].directory / "players")
    reached = players[players.round_3_stars >= 0].groupby([players.strategy.astype(str), "stars"]).round_3_stars
    medians = streamed.set_index(["strategy", "stars"]).median_round_3_stars.dropna()
    assert medians.to_dict() == reached.median().to_dict()


def test_median_of_counts_is_the_median_of_the_values():
    rng = np.random.default_rng(3)
    for _ in range(300):
        values = rng.integers(0, 9, int(rng.integers(1, 14)))
        distinct, counts = np.unique(values, return_counts=True)
        assert stats.median_of_counts(distinct, counts) == np.median(values)
    assert np.isnan(stats.median_of_counts([], []))


def test_a_players_table_without_every_player_of_a_game_is_refused(stored):
    run = in_memory(stored["classic"])
    broken = Results(run.manifest, run.squares(), run.cards(), games=run.games(), players=run.players().iloc[1:],
                     label="broken")
    with pytest.raises(analysis.AnalysisError, match="does not hold 3 rows for each game"):
        analysis.group_table([broken])


def test_no_analysis_of_stored_runs_loads_a_whole_table(stored, monkeypatch):
    """What keeps the memory flat: the analyses and the report read stored games and players only through
    the batch readers, never the whole table (Results.games() and players())."""
    from simulator import report

    def whole(self, table, kept, columns):
        raise AssertionError(f"{self.label}: the whole {table} table was loaded")

    monkeypatch.setattr(Results, "_frame", whole)
    analysis.group_table([stored["classic"]])
    analysis.compare([stored["classic"]], [stored["poorer"]])
    analysis.point_difference(stored["classic"], stored["poorer"], "cautious")
    analysis.star_table([stored["millionaire"]])
    for name in ("classic", "millionaire", "deal"):
        report.build([(name, [stored[name]])])
