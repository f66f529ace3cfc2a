"""Name the compiled functions in a `perf` profile of an engine: numba loads its cached engines as object
code that perf cannot see into, so this script plays an edition on one thread after writing perf's map of
JIT code (/tmp/perf-<pid>.map, perf's own convention) for every function in the loaded engine.

    perf record -F 4000 -o engine.data python scripts/profile_engine.py fortnite 30000
    perf report -i engine.data --no-children --sort symbol

The engine must be in the numba cache (run the edition once before): only code loaded from the cache is
mapped. LLVM inlines small helpers into their callers, whose lines then count their time.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

import numba.core.codegen as codegen
from numba.core.registry import cpu_target

OBJECTS: list[bytes] = []
_unserialize = codegen.CPUCodeLibrary._unserialize.__func__


def _keep_object_code(cls, context, state):
    if state[1] == "object":
        OBJECTS.append(state[2][0])
    return _unserialize(cls, context, state)


codegen.CPUCodeLibrary._unserialize = classmethod(_keep_object_code)


def _symbols(object_code: bytes) -> list[tuple[int, int, str, str]]:
    """(offset, size, name, nm kind) of each function in an object file."""
    with tempfile.NamedTemporaryFile(suffix=".o") as file:
        file.write(object_code)
        file.flush()
        listing = subprocess.run(["nm", "-S", "--defined-only", file.name], capture_output=True, text=True,
                                 check=True).stdout
    symbols = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTWw":
            symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3], parts[2]))
    return symbols


def write_perf_map() -> int:
    """Place each object's functions by the address of one of its global functions; returns how many."""
    engine = cpu_target.target_context.codegen()._engine._ee
    entries = {}
    for object_code in OBJECTS:
        symbols = _symbols(object_code)
        placed = [(engine.get_function_address(name), offset) for offset, _, name, kind in symbols if kind == "T"]
        base = next((address - offset for address, offset in placed if address), None)
        if base is not None:
            entries.update({base + offset: (size, name) for offset, size, name, _ in symbols})
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        out.writelines(f"{address:x} {size:x} {name}\n" for address, (size, name) in sorted(entries.items()))
    return len(entries)


def main(edition: str, games: int) -> None:
    from simulator import simulate
    simulate(edition=edition, games=200, threads=1)  # loads the engine from the cache
    print(f"{write_perf_map()} compiled functions mapped", file=sys.stderr)
    started = time.perf_counter()
    simulate(edition=edition, games=games, threads=1, seed=1)
    print(f"{games:,} {edition} games on one thread in {time.perf_counter() - started:.2f} s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 30_000)
