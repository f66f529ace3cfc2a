"""The decorator of every compiled function a turn runs: numba's njit without reference counting, and numba's
inlining of `inline="always"` functions without its copies of the inlined code.

With numba's reference counts, every call passing arrays calls the runtime twice per array (increment,
decrement), even for a borrowed view with no owner (views.py) and even in a helper the compiler inlined,
and spills the turn's registers around those calls: with a dozen arrays a call, they were the hottest
instructions of the turns. A turn's functions allocate no array and keep none; they only pass on those
the batch kernel allocated and keeps alive for the whole batch. So they are compiled with `_nrt=False`.

numba compiles a function with its caller's setting unless the function sets its own, so a function that
allocates says `_nrt=True` (one that allocates without the counts does not compile): those run once a game
or a batch, and a user's decision (simulator/usercode.py compiles it so).
"""
import copy
from contextlib import contextmanager

import numba
from numba import njit
from numba.core import inline_closurecall, ir

# The numba whose inliner _inline_function was read against: its inline_ir returns, beside the splice, a copy
# of the callee's IR that its one caller (the InlineInlinables pass) drops. Another numba keeps its own inliner.
INLINER_READ_AGAINST = (0, 68, 1)


def engine_njit(function=None, **options):
    """`@engine_njit` or `@engine_njit(inline="always")`: njit(cache=True, _nrt=False, **options)."""
    decorator = njit(cache=True, _nrt=False, **options)
    return decorator if function is None else decorator(function)


class _BlocksUncopied:
    """The `copy` module as numba's inliner sees it: while `active`, a block of numba's IR is its own copy.

    To inline a function, numba builds the function's IR afresh for that one call site, then deep-copies it
    twice, block by block, before splicing one copy into the caller and dropping the other. Each block's
    deep copy copies the function's whole variable scope again, so a copy costs blocks x variables: the
    inlined turn (148 blocks, 1,689 variables) took 1.5 s of a 29 s cold compile of the classic engine, and
    the copies 3.7 s in all (numba issue 8989). IR built for one call needs no copy: the splice is the same
    without it, and so is the compiled code."""

    def __init__(self):
        self.active = False

    def deepcopy(self, value, memo=None):
        if self.active and isinstance(value, ir.Block):
            return value
        return copy.deepcopy(value, memo)

    def __getattr__(self, name):
        return getattr(copy, name)


_copies = _BlocksUncopied()


@contextmanager
def _blocks_uncopied():
    _copies.active = True
    try:
        yield
    finally:
        _copies.active = False


def _inline_function(worker, caller_ir, block, i, function, arg_typs=None):
    """numba's InlineWorker.inline_function (inline="always"), without the copies of the callee's IR built
    for this call alone. numba's other inlining (overloads) splices IR it keeps, which it still copies. The
    "unmutated copy" inline_ir returns first is then the spliced IR itself: its one caller drops it."""
    callee_ir = worker.run_untyped_passes(function)
    with _blocks_uncopied():
        return worker.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs)


def _install_inliner() -> bool:
    if numba.version_info.full != INLINER_READ_AGAINST:
        return False
    inline_closurecall.copy = _copies
    inline_closurecall.InlineWorker.inline_function = _inline_function
    return True


INLINING_WITHOUT_COPIES = _install_inliner()
