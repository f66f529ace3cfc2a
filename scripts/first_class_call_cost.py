"""What a decision costs called directly (numba may inline it) against through a first-class function type
(a function pointer passed to the kernel): the measurement behind strategies as code dispatching per seat in
a generated module rather than taking the user's functions as arguments (docs/architecture.md).

    python scripts/first_class_call_cost.py
"""
import time

import numpy as np
from numba import njit, types

@njit(cache=True)
def builds(prm, pl, p, cost):
    return pl[p, 0] - cost >= prm[p, 7]

sig = types.boolean(types.float64[:, ::1], types.int64[:, ::1], types.int64, types.int64)
fty = types.FunctionType(sig)

@njit(cache=True)
def direct(prm, pl, n):
    k = 0
    for i in range(n):
        p = i & 3
        pl[p, 0] = i & 1023
        if builds(prm, pl, p, 300):
            k += 1
    return k

@njit(types.int64(types.float64[:, ::1], types.int64[:, ::1], types.int64, fty), cache=True)
def through_pointer(prm, pl, n, fn):
    k = 0
    for i in range(n):
        p = i & 3
        pl[p, 0] = i & 1023
        if fn(prm, pl, p, 300):
            k += 1
    return k

prm = np.zeros((4, 13))
prm[:, 7] = 100.0
pl = np.zeros((4, 10), dtype=np.int64)
n = 50_000_000
direct(prm, pl, 10); through_pointer(prm, pl, 10, builds)
for name, run in (("direct", lambda: direct(prm, pl, n)),
                  ("first-class", lambda: through_pointer(prm, pl, n, builds))):
    times = []
    for _ in range(5):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    print(f"{name:12s} {min(times) / n * 1e9:.2f} ns a call")
