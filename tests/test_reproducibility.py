"""The same seed gives the same frames whatever the number of threads and batches; another seed does not."""
import numba
import pandas as pd
import pytest

from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run


def _frames(tmp_path, name, seed, threads, batch_size, edition="classic"):
    edition = load_edition(edition)
    lineup = resolve_lineup(edition, compile_rules(edition), 4, [])
    out = tmp_path / name
    run(RunSpec(edition=edition, lineup=lineup, games=120, seed=seed, threads=threads, batch_size=batch_size), out=out)
    return {t: pd.read_parquet(out / t).sort_values(["game"] + (["seat"] if t == "players" else [])).reset_index(drop=True)
            for t in ("games", "players")} | {t: pd.read_parquet(out / f"{t}.parquet") for t in ("squares", "cards")}


@pytest.mark.parametrize("edition", ["classic", "empire", "millionaire", "deal", "fortnite"])
def test_same_seed_same_frames_under_any_threads_and_batches(tmp_path, edition):
    threads = numba.config.NUMBA_NUM_THREADS
    one = _frames(tmp_path, "a", 7, 1, 120, edition)
    many = _frames(tmp_path, "b", 7, threads, 13, edition)
    for table in one:
        pd.testing.assert_frame_equal(one[table], many[table], check_categorical=False)


def test_another_seed_gives_other_games(tmp_path):
    a = _frames(tmp_path, "a", 7, None, 120)
    b = _frames(tmp_path, "b", 8, None, 120)
    assert not a["games"].rounds.equals(b["games"].rounds)
