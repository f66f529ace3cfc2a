"""The decorator of every compiled function a turn runs: numba's njit without reference counting.

With numba's reference counts, every call passing arrays calls the runtime twice per array (increment,
decrement), even for a borrowed view with no owner (views.py) and even in a helper the compiler inlined,
and spills the turn's registers around those calls: with a dozen arrays a call, they were the hottest
instructions of the turns. A turn's functions allocate no array and keep none; they only pass on those
the batch kernel allocated and keeps alive for the whole batch. So they are compiled with `_nrt=False`.

numba compiles a function with its caller's setting unless the function sets its own, so a function that
allocates says `_nrt=True` (one that allocates without the counts does not compile): those run once a game
or a batch, and a user's decision (simulator/usercode.py compiles it so).
"""
from numba import njit


def engine_njit(function=None, **options):
    """`@engine_njit` or `@engine_njit(inline="always")`: njit(cache=True, _nrt=False, **options)."""
    decorator = njit(cache=True, _nrt=False, **options)
    return decorator if function is None else decorator(function)
