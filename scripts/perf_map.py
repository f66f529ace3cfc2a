"""Play an edition's default 4-player lineup on one thread, under `perf record`, with the compiled functions
named: numba loads its engines from the cache as object code and tells perf nothing about them, so this
writes /tmp/perf-<pid>.map (the file perf reads for code generated at run time) from those objects.

    perf record -F 5000 -o deal.data python scripts/perf_map.py deal 5000
    perf report -i deal.data --no-children --sort sym --dsos '[JIT] tid <pid>' --percentage relative

The warm-up runs a few games first (the cache must be warm: with a cold one the time is the compile's).
It prints the games a second and microseconds a player turn of the timed run.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from numba.core import codegen

OBJECTS = []  # (library, object code) of every engine library loaded from the cache
_load = codegen.CPUCodeLibrary._object_getbuffer_hook.__func__


def _keep_object(cls, module):
    buffer = _load(cls, module)
    if buffer:
        OBJECTS.append((module._CPUCodeLibrary__library, buffer))
    return buffer


codegen.CPUCodeLibrary._object_getbuffer_hook = classmethod(_keep_object)


def _symbols(library, buffer) -> list[str]:
    """'address size name' lines of the functions in one library's object code: each section is placed at the
    address the execution engine gives one of its global functions, less that function's offset."""
    with tempfile.NamedTemporaryFile(suffix=".o") as file:
        file.write(buffer)
        file.flush()
        table = subprocess.run(["readelf", "-sW", file.name], capture_output=True, text=True, check=True).stdout
    functions = []
    for line in table.splitlines():
        fields = line.split()
        if len(fields) == 8 and fields[3] == "FUNC" and fields[6].isdigit():
            functions.append((int(fields[1], 16), int(fields[2]), fields[4], int(fields[6]), fields[7]))
    section_start = {}
    for offset, _, binding, section, name in functions:
        if binding in ("GLOBAL", "WEAK") and section not in section_start:
            address = library._codegen._engine.get_function_address(name)
            if address:
                section_start[section] = address - offset
    return [f"{section_start[section] + offset:x} {size:x} {name}"
            for offset, size, _, section, name in functions if section in section_start]


def main(edition: str, games: int) -> None:
    import numba
    import numpy as np

    from simulator.engines.shared import layout as L
    from simulator.rules import compile_rules, load_edition
    from simulator.runner import resolve_lineup

    numba.set_num_threads(1)
    loaded = load_edition(edition)
    board = compile_rules(loaded)
    params = np.stack([board.parameter_vector(s) for s in resolve_lineup(loaded, board, 4, [])])
    kernel = board.kernel()

    def play(first: int, count: int) -> np.ndarray:
        games_out = np.zeros((count, L.GM_COLUMNS), dtype=np.int64)
        kernel(*board.kernel_args, params, True, 1, first, False, 1, games_out,
               np.zeros((count, 4, board.po_columns), dtype=np.int64),
               np.zeros((1, board.n_squares, L.SA_COLUMNS), dtype=np.int64),
               np.zeros((1, len(board.card_ids), L.CA_COLUMNS), dtype=np.int64))
        return games_out

    play(0, 10)
    lines = [line for library, buffer in OBJECTS for line in _symbols(library, buffer)]
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as file:
        file.write("\n".join(lines) + "\n")
    start = time.perf_counter()
    turns = play(10, games)[:, L.GM_TURNS].sum()
    elapsed = time.perf_counter() - start
    print(f"pid {os.getpid()}: {len(lines)} functions named; {games:,} games of {edition} in {elapsed:.2f} s: "
          f"{games / elapsed:,.0f} games/s, {elapsed / turns * 1e6:.2f} µs a player turn")


if __name__ == "__main__":
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        raise SystemExit("usage: python scripts/perf_map.py EDITION GAMES")
    main(sys.argv[1], int(sys.argv[2]))
