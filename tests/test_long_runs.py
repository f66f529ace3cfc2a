"""Long runs that survive: each finished batch is on disk as it goes; a run stopped by Ctrl-C, a killed
process or a full disk leaves a directory that says it is incomplete, and --resume finishes it with the
results of an uninterrupted run, replaying only the missing batches."""
import errno
import json
import signal
import subprocess
import sys
import time

import pytest

from simulator import results
from simulator.results import ResultsError, read_manifest
from tests.helpers import assert_same_results, invoke

RUN = ("simulate", "--games", 1_200, "--batch-size", 200, "--seed", 5, "--no-progress")


def fail_on_batch(monkeypatch, failing: int, error: BaseException) -> list[int]:
    """Make the write of batch `failing` raise `error`; returns the batches written."""
    written = []
    write = results.write_batch

    def flaky(out, batch, *args):
        if batch == failing:
            raise error
        write(out, batch, *args)
        written.append(batch)
    monkeypatch.setattr(results, "write_batch", flaky)
    return written


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    out = tmp_path_factory.mktemp("long") / "uninterrupted"
    assert invoke(*RUN, "--out", out).exit_code == 0
    return out


def test_ctrl_c_leaves_an_incomplete_directory_that_resume_finishes(tmp_path, monkeypatch, uninterrupted):
    out = tmp_path / "run"
    written = fail_on_batch(monkeypatch, 3, KeyboardInterrupt())
    stopped = invoke(*RUN, "--out", out)
    assert stopped.exit_code == 130
    assert "interrupted" in stopped.output and "--resume" in stopped.output and "Traceback" not in stopped.output
    assert (out / results.INCOMPLETE_MARKER).exists() and not (out / results.MANIFEST).exists()
    with pytest.raises(ResultsError, match="unfinished run"):
        read_manifest(out)
    assert written == [0, 1, 2]
    monkeypatch.undo()
    replayed = fail_on_batch(monkeypatch, -1, RuntimeError())
    resumed = invoke(*RUN, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert replayed == [3, 4, 5] and "Resumed: 3 of 6 batches" in resumed.output
    assert_same_results(out, uninterrupted)
    assert not (out / results.INCOMPLETE_MARKER).exists() and not (out / results.BATCH_TOTALS).exists()


def test_a_full_disk_is_one_line_and_resume_finishes_once_there_is_room(tmp_path, monkeypatch, uninterrupted):
    out = tmp_path / "run"
    fail_on_batch(monkeypatch, 4, OSError(errno.ENOSPC, "No space left on device"))
    full = invoke(*RUN, "--out", out)
    assert full.exit_code == 1 and "No space left on device" in full.output and "--resume" in full.output
    assert len(full.output.strip().splitlines()) == 1 and not (out / results.MANIFEST).exists()
    monkeypatch.undo()
    assert invoke(*RUN, "--out", out, "--resume").exit_code == 0
    assert_same_results(out, uninterrupted)


def test_a_killed_process_is_resumed_without_redoing_its_batches(tmp_path, uninterrupted):
    out = tmp_path / "run"
    games = 60_000  # long enough to be killed halfway on any machine
    args = ["simulate", "--games", str(games), "--batch-size", "1000", "--seed", "5", "--no-progress",
            "--threads", "1", "--out", str(out)]
    process = subprocess.Popen([sys.executable, "-c", "from simulator.cli import main; main()", *args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list((out / results.BATCH_TOTALS).glob("*.npz"))) < 3:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    done = len(list((out / results.BATCH_TOTALS).glob("*.npz")))
    assert 3 <= done < games // 1000 and not (out / results.MANIFEST).exists()
    resumed = invoke(*args, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed: {done} of {games // 1000} batches" in resumed.output
    reference = tmp_path / "reference"
    assert invoke(*args[:-1], str(reference)).exit_code == 0
    assert_same_results(out, reference)


def test_a_second_run_into_results_asks_for_resume_or_overwrite(tmp_path, uninterrupted):
    again = invoke(*RUN, "--out", uninterrupted)
    assert again.exit_code == 2 and "--resume" in again.output and "--overwrite" in again.output
    other = tmp_path / "notes"
    other.mkdir()
    (other / "thesis.txt").write_text("mine")
    refused = invoke(*RUN, "--out", other, "--overwrite")
    assert refused.exit_code == 2 and "holds no monopoly-mc results" in refused.output
    assert (other / "thesis.txt").read_text() == "mine"


def test_resume_refuses_other_settings_and_returns_a_finished_run_as_it_is(tmp_path, uninterrupted):
    changed = invoke("simulate", "--games", 1_200, "--batch-size", 200, "--seed", 6, "--no-progress",
                     "--out", uninterrupted, "--resume")
    assert changed.exit_code == 2 and "what differs: seed" in changed.output
    before = (uninterrupted / results.MANIFEST).read_text()
    finished = invoke(*RUN, "--out", uninterrupted, "--resume", "--format", "json")
    assert finished.exit_code == 0 and json.loads(finished.output)["summary"] == json.loads(before)["summary"]
    assert (uninterrupted / results.MANIFEST).read_text() == before
    assert invoke(*RUN[:-1], "--resume").exit_code == 2


def test_an_interrupted_sweep_resumes_its_unfinished_point(tmp_path, monkeypatch):
    sweep = ("sweep", "-e", "empire", "--set", "rules.swap_then_move=false,true", "--games", 600, "--seed", 2,
             "--no-progress", "--format", "json")
    # Ctrl-C during the second point's run, after the first point has finished
    reference = tmp_path / "reference"
    assert invoke(*sweep, "--out", reference).exit_code == 0
    out = tmp_path / "sweep"
    write = results.write_batch

    def second_point_fails(directory, batch, *args):
        if directory.name == "point-001":
            raise KeyboardInterrupt
        write(directory, batch, *args)
    monkeypatch.setattr(results, "write_batch", second_point_fails)
    assert invoke(*sweep, "--out", out).exit_code == 130
    assert (out / "point-000" / results.MANIFEST).exists() and not (out / results.COLLECTION).exists()
    monkeypatch.undo()
    first_point = (out / "point-000" / results.MANIFEST).read_text()
    resumed = invoke(*sweep, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert (out / "point-000" / results.MANIFEST).read_text() == first_point  # kept, not replayed
    assert json.loads(resumed.output) == json.loads(invoke(*sweep, "--results", reference).output)
    for point in ("point-000", "point-001"):
        assert_same_results(out / point, reference / point)
