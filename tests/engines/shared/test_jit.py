"""numba's inlining without its copies of the inlined IR (simulator/engines/shared/jit.py): each call site still
gets code of its own, nested inlining included."""
import numba
from numba import njit
from numba.core import inline_closurecall

from simulator.engines.shared import jit  # installs the inlining without copies


def _step(x, k):
    y = x + k
    if y > 10:
        return y - 10
    for i in range(k):
        y += i
    return y


def _caller(a):
    total = 0
    for j in range(a):
        total += (_step(j, 2) + _step(j + 1, 3)) * 2 - _step(j, 5)
    return total


def test_inlined_at_several_call_sites_and_nested_computes_as_python():
    step = njit(inline="always")(_step)

    @njit(inline="always")
    def twice(x):
        return step(x, 2) + step(x + 1, 3)

    @njit
    def caller(a):
        total = 0
        for j in range(a):
            total += twice(j) * 2 - step(j, 5)
        return total

    for a in (0, 1, 7, 40):
        assert caller(a) == _caller(a)


def test_inliner_replaced_only_on_the_numba_it_was_read_against():
    ours = inline_closurecall.InlineWorker.inline_function is jit._inline_function
    assert ours == jit.INLINING_WITHOUT_COPIES == (numba.version_info.full == jit.INLINER_READ_AGAINST)
