"""Batches on a Dask cluster give the results of a local run with the same seed, even when a worker is
killed mid-run (its batches are resubmitted, and outputs named by batch are overwritten by the retry)."""
import json
import os
import signal

import pytest

from simulator.executors import DaskExecutor
from simulator.results import read_manifest
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from tests.helpers import assert_same_results, invoke

distributed = pytest.importorskip("distributed")


def fortnite_spec(games=6_000, batch_size=200):
    edition = load_edition("fortnite")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, [])
    return RunSpec(edition=edition, lineup=lineup, games=games, seed=11, batch_size=batch_size)


def test_a_worker_killed_mid_run_does_not_change_the_results(tmp_path):
    local = run(fortnite_spec(), out=tmp_path / "local")  # also leaves the compiled engine in numba's cache
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        executor = DaskExecutor(scheduler=cluster.scheduler_address)
        first_pids = executor.client.run(os.getpid)
        victim = sorted(first_pids.values())[0]
        killed = []

        def kill_once(_games):
            if not killed:
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
        try:
            on_cluster = run(fortnite_spec(), out=tmp_path / "cluster", progress=kill_once, executor=executor)
            assert victim not in executor.client.run(os.getpid).values()  # the worker did die
        finally:
            executor.close()
    assert killed and on_cluster.manifest["scheduler"] == cluster.scheduler_address
    assert on_cluster.summary == local.summary
    assert_same_results(tmp_path / "cluster", tmp_path / "local")


def test_workers_option_starts_a_local_cluster_for_a_tournament(tmp_path):
    args = ("tournament", "-e", "empire", "--games", 2_000, "--seed", 3, "--no-progress", "--format", "json")
    here = invoke(*args, "--out", tmp_path / "here")
    there = invoke(*args, "--workers", 2, "--out", tmp_path / "there")
    assert here.exit_code == 0 and there.exit_code == 0, there.output
    assert json.loads(there.stdout) == json.loads(here.stdout)
    manifest = read_manifest(tmp_path / "there" / "table-000")
    assert manifest["workers"] == 2 and manifest["threads"] is None


@pytest.mark.parametrize("args,message", [
    (["--scheduler", "tcp://127.0.0.1:9"], "--scheduler tcp://127.0.0.1:9: no Dask cluster to run on"),
    (["--workers", 0], "--workers 0: expected a positive number"),
    (["--workers", 2, "--threads", 1], "--threads applies to a run in this process"),
    (["--workers", 2, "--scheduler", "tcp://127.0.0.1:9"], "give one"),
])
def test_bad_cluster_options_are_one_line(args, message):
    result = invoke("simulate", "--games", 100, "--no-progress", *args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
