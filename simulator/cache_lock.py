"""numba's on-disk cache, safe for processes that compile into it at once (test workers, two runs started
together on a cold cache, a user's child processes).

numba writes each file of its cache atomically (a temporary file renamed), but adds an entry to a function's
index by reading the index, choosing the first free data file number, writing the index and then the data:
two processes compiling two signatures of one function (the checking kernel and the plain one, or a shared
helper called by two engines) can both choose number 1, and the index may then name the other process's
machine code for a signature, which numba loads without checking it. Holding a lock on the index from the
read to the last write (and while reading an entry) makes each addition whole. numba 0.68.1 has no lock of
its own. Without fcntl (Windows) nothing is locked, as before."""
from __future__ import annotations

import os
from functools import wraps

from numba.core import caching

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None


def _locked(method, mode: int):
    @wraps(method)
    def locked(cache_file, *args):
        try:
            handle = os.open(cache_file._index_path + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        except FileNotFoundError:   # no cache directory yet: nothing to read, and numba creates it to write
            return method(cache_file, *args)
        try:
            fcntl.flock(handle, mode)
            return method(cache_file, *args)
        finally:
            os.close(handle)   # and with it the lock
    locked.cache_locked = True
    return locked


def install() -> None:
    index = caching.IndexDataCacheFile
    if fcntl is None or getattr(index.save, "cache_locked", False):
        return
    index.save = _locked(index.save, fcntl.LOCK_EX)
    index.load = _locked(index.load, fcntl.LOCK_SH)
