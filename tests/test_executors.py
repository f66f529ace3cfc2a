"""The engine's warm-up sets the older objects aside from Python's collector while numba compiles, and gives
back exactly what it set aside (simulator/executors.py)."""
import gc
import subprocess
import sys

from simulator.executors import _older_objects_unscanned


def test_objects_set_aside_during_the_compile_and_given_back_after():
    assert gc.get_freeze_count() == 0
    with _older_objects_unscanned():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


PROGRAM_SETS_ASIDE = """
import gc
from simulator.executors import _older_objects_unscanned
gc.freeze()
frozen = gc.get_freeze_count()
with _older_objects_unscanned():
    pass
assert gc.get_freeze_count() == frozen, (gc.get_freeze_count(), frozen)
"""


def test_objects_the_program_set_aside_stay_aside():
    """In a process of its own: the set-aside objects are counted exactly only with no other thread freeing
    some of them meanwhile (a test worker's messaging thread does)."""
    subprocess.run([sys.executable, "-c", PROGRAM_SETS_ASIDE], check=True)
