"""The decorator of every compiled function a turn runs: numba's njit without reference counting.

With numba's reference counts, every call passing arrays calls the runtime twice per array (increment,
decrement), even for a borrowed view with no owner (views.py) and even in a helper the compiler inlined,
and spills the turn's registers around those calls: with a dozen arrays a call, they were the hottest
instructions of the turns. A turn's functions allocate no array and keep none; they only pass on those
the batch kernel allocated and keeps alive for the whole batch. So they are compiled with `_nrt=False`.

numba compiles a function with its caller's setting unless the function sets its own, so:
- a function run once a game or a batch that allocates keeps the counts by saying `_nrt=True` (one that
  allocates without them does not compile);
- in a process bound to user strategies' decisions (simulator/usercode.py), whose code may allocate, the
  whole engine keeps the counts; such an engine is compiled into its own cache directory.
"""
import sys

from numba import njit


def engine_njit(function=None, **options):
    """`@engine_njit` or `@engine_njit(inline="always")`: njit(cache=True, _nrt=False, **options), with the
    counts kept where user decisions are bound."""
    usercode = sys.modules.get("simulator.usercode")
    counting = usercode is not None and usercode.in_use() is not None
    decorator = njit(cache=True, _nrt=counting, **options)
    return decorator if function is None else decorator(function)
