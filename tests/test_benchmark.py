"""The speed tooling: the machine reference is a fixed computation, bench's table is parsed back, and the
A/B command refuses what it cannot time in one line. (No test times anything: speed is bench's job.)"""
from simulator.benchmark import (
    _reference_games,
    parse_bench_rate,
    reference_turns_per_second,
)
from tests.helpers import invoke

BENCH_TABLE = """\
edition  threads  seconds  games/s  player turns/s  turns/game
-------  -------  -------  -------  --------------  ----------
classic        1    75.84    2,637         555,000       210.5
classic        2    39.06    5,120       1,080,000       210.9
peak memory 317 MB; machine: x86_64, 2 cores, Python 3.11.7, numba 0.68.1
"""


def test_the_reference_loop_is_a_fixed_computation():
    """Same games, same seed, same checksum; another seed, another game: the loop does real work."""
    assert _reference_games(50, 1) == _reference_games(50, 1) != _reference_games(50, 2)
    assert reference_turns_per_second(repeats=1) > 0


def test_bench_tables_old_and_new_are_parsed_to_the_all_threads_rate():
    assert parse_bench_rate(BENCH_TABLE) == 5120.0
    newer = BENCH_TABLE.replace("turns/game\n", "turns/game  µs/turn/thread  × reference turn\n") \
        .replace("210.9\n", "210.9            1.85             31.0\n")
    assert parse_bench_rate(newer + "machine reference: 17.0 M turns/s on 1 thread\n") == 5120.0


def test_ab_refuses_an_unknown_revision_in_one_line():
    result = invoke("ab", "HEAD", "no-such-revision-xyz", "--rounds", "1")
    assert result.exit_code == 2
    assert "no-such-revision-xyz" in result.output and "Traceback" not in result.output
