"""Feedback on long work: a line per refresh in a log, the part running named, compile time announced
and kept out of the rate."""
import io

from simulator.progress import Progress, _Lines, progress_bar
from simulator.runner import _in_numba_cache


class _Log(io.StringIO):
    def isatty(self):
        return False


def test_outside_a_terminal_each_refresh_is_a_line_of_its_own():
    log = _Log()
    with progress_bar(3000, "Simulating classic", stream=log) as bar:
        bar.describe("sweep 1/2: rules.start_cash=1000")
        bar.update(1000)
        bar.update(2000)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == len(set(lines)) >= 2
    assert lines[-1].startswith("sweep 1/2: rules.start_cash=1000: 100%") and "3.00k/3.00k" in lines[-1]


def test_time_spent_compiling_stays_out_of_the_rate():
    log = _Log()
    with progress_bar(1000, stream=log) as bar:
        bar.update(0)
        before = bar._bar.start_t
        bar.note("compiling the classic engine ...", paused=30.0)
        assert bar._bar.start_t == before + 30.0


def test_input_refused_before_any_work_shows_no_bar():
    log = _Log()
    with progress_bar(10, stream=log):
        pass
    assert log.getvalue() == ""


def test_a_hidden_bar_takes_every_call():
    with progress_bar(10, show=False) as bar:
        bar.update(5)
        bar.describe("x")
        bar.note("y", paused=1.0)
    assert isinstance(bar, Progress)


def test_the_engine_cache_is_found_once_it_is_written():
    from simulator.api import simulate
    from simulator.engines.board.kernel import play_chunk
    simulate(games=10, seed=1)
    assert _in_numba_cache(play_chunk)
    assert not _in_numba_cache(object())


def test_lines_drop_empty_and_repeated_refreshes():
    out = io.StringIO()
    lines = _Lines(out)
    for text in ["\ra 10%", "\r", "\ra 10%", "\ra 20%"]:
        lines.write(text)
    assert out.getvalue() == "a 10%\na 20%\n"


def test_a_compile_notice_before_any_game_shows_no_bar_at_0_percent():
    log = _Log()
    with progress_bar(1000, "Simulating classic", stream=log) as bar:
        bar.note("compiling the classic engine ...")
        bar.note("classic engine compiled in 30 s", paused=30.0)
        bar.update(1000)
    lines = log.getvalue().splitlines()
    assert lines[:2] == ["compiling the classic engine ...", "classic engine compiled in 30 s"], lines  # no bar above
    assert lines[-1].startswith("Simulating classic: 100%")


def test_the_notebooks_extra_installs_what_the_notebook_bar_is_drawn_with():
    import tomllib
    from pathlib import Path

    import tqdm.notebook
    extras = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"]
    assert any(r.startswith("ipywidgets") for r in extras["optional-dependencies"]["notebooks"])
    assert tqdm.notebook.IProgress is not None, "without ipywidgets tqdm's notebook bar prints a warning instead"
