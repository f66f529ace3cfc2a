"""Profile one edition's compiled engine: where a turn's time goes, and where a cold compile's time goes.

    python scripts/profile_engine.py turns classic 6000
        One batch of 6,000 games on one thread, kernel only (no Python between batches): CPU seconds (the
        figure that a busy machine disturbs least), wall seconds, microseconds per player turn, and a digest
        of every output array (equal digests: equal results). Before timing, it writes /tmp/perf-PID.map
        naming every function in the engine's machine code, so that Linux perf can name them:

        perf record -F 2000 -o perf.data python scripts/profile_engine.py turns classic 6000
        perf report -i perf.data --no-children --sort sym

    NUMBA_CACHE_DIR=$(mktemp -d) python scripts/profile_engine.py compile classic
        The engine's cold compile (the cache directory must be empty): wall and CPU seconds, the number of
        compilations, the CPU seconds LLVM spent optimizing each compiled function's module and generating
        its machine code (numba links every callee into its caller's module and does both again there, so a
        level of calls above the turn redoes the whole engine), the costliest steps of the compile (numba's
        passes such as typing and lowering to LLVM IR, its splicing of inlined functions, LLVM's work),
        the functions whose own compilation (callees excluded) took longest, and the argument types that made numba compile a function more than once
        (a literal value is a type of its own).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

import numpy as np
from numba.core import codegen, event
from numba.core.compiler_machinery import PassManager
from numba.core.inline_closurecall import InlineWorker

from simulator.engines.shared import layout as L
from simulator.executors import BatchTask
from simulator.rules import compile_rules, load_edition
from simulator.runner import resolve_lineup

# numba keeps a cached engine's object code only while loading it; keep it to read its symbol table.
_OBJECTS: dict[str, bytes] = {}
_set_compiled_object = codegen.CodeLibrary._set_compiled_object


def _keep_object(library, value):
    _OBJECTS[library.name] = value
    return _set_compiled_object(library, value)


codegen.CodeLibrary._set_compiled_object = _keep_object


def _task(edition: str, games: int) -> BatchTask:
    loaded = load_edition(edition)
    board = compile_rules(loaded)
    params = np.stack([board.parameter_vector(s) for s in resolve_lineup(loaded, board, 4, [])])
    return BatchTask(board, params, games, games, 1, True, False, threads=1)


def write_perf_map(kernel) -> int:
    """Name every function of the kernel's machine code in /tmp/perf-PID.map (perf's format for JIT code)."""
    lines = []
    for compiled in kernel.overloads.values():
        library = compiled.library
        with tempfile.NamedTemporaryFile(suffix=".o") as obj:
            obj.write(_OBJECTS.get(library.name) or library._get_compiled_object())
            obj.flush()
            symbols = subprocess.run(["readelf", "-sW", obj.name], capture_output=True, text=True, check=True).stdout
        engine = library._codegen._engine
        for row in symbols.splitlines():
            fields = row.split()
            if len(fields) >= 8 and fields[3] == "FUNC" and fields[6] != "UND":
                address = engine.get_function_address(fields[7])
                if address:
                    lines.append(f"{address:x} {int(fields[2], 0):x} {fields[7]}")
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        out.write("\n".join(lines) + "\n")
    return len(lines)


def turns(edition: str, games: int) -> None:
    task = _task(edition, games)
    task.warm_up()
    write_perf_map(task.board.kernel())
    cpu, wall = time.process_time(), time.perf_counter()
    out = task(0)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    played = int(out.games[:, L.GM_TURNS].sum())
    digest = hashlib.sha256(b"".join(a.tobytes() for a in (out.games, out.players, out.sq_agg, out.card_agg)))
    print(f"{edition}: {games:,} games, {played:,} player turns on 1 thread: {cpu:.2f} s CPU ({wall:.2f} s wall), "
          f"{cpu / played * 1e6:.3f} µs CPU per turn; results digest {digest.hexdigest()[:16]}")


def compile_cold(edition: str, top: int = 12) -> None:
    if not os.environ.get("NUMBA_CACHE_DIR"):
        raise SystemExit("set NUMBA_CACHE_DIR to an empty directory: a cold compile needs an empty cache")
    own = defaultdict(float)
    count = defaultdict(int)
    signatures = defaultdict(list)
    stack = []

    class Timer(event.Listener):
        def on_start(self, ev):
            function = ev.data["dispatcher"].py_func
            signatures[f"{function.__module__}.{function.__qualname__}"].append([str(a) for a in ev.data["args"]])
            stack.append([ev.data["dispatcher"].py_func.__qualname__, time.perf_counter(), 0.0])

        def on_end(self, ev):
            name, start, inner = stack.pop()
            spent = time.perf_counter() - start
            own[name] += spent - inner
            count[name] += 1
            if stack:
                stack[-1][2] += spent

    llvm = defaultdict(float)

    def timed(stage, method):
        def run(library, *args):
            start = time.process_time()
            try:
                return method(library, *args)
            finally:
                llvm[stage, library.name] += time.process_time() - start
        return run

    # CPU seconds of each step (a numba compiler pass, the inliner's splicing, LLVM's work on a function's
    # module and on it linked with its callees), net of the steps nested in it: typing a call compiles the callee
    passes = defaultdict(float)
    nested = []

    def net_of_nested(label, method):
        def run(*args, **kwargs):
            nested.append([label(*args), time.process_time(), 0.0])
            try:
                return method(*args, **kwargs)
            finally:
                name, start, inner = nested.pop()
                spent = time.process_time() - start
                passes[name] += spent - inner
                if nested:
                    nested[-1][2] += spent
        return run

    stages = [(codegen.CPUCodeLibrary, "_optimize_final_module", "optimizing"),
              (codegen.JITCodeLibrary, "_finalize_specific", "machine code")]
    originals = [(cls, name, getattr(cls, name)) for cls, name, _ in stages]
    originals += [(PassManager, "_runPass", PassManager._runPass), (InlineWorker, "inline_ir", InlineWorker.inline_ir),
                  (codegen.CPUCodeLibrary, "add_ir_module", codegen.CPUCodeLibrary.add_ir_module),
                  (codegen.CPUCodeLibrary, "finalize", codegen.CPUCodeLibrary.finalize)]
    for cls, name, stage in stages:
        setattr(cls, name, timed(stage, getattr(cls, name)))
    codegen.CPUCodeLibrary.add_ir_module = net_of_nested(lambda library, module: "LLVM module of a function",
                                                         codegen.CPUCodeLibrary.add_ir_module)
    codegen.CPUCodeLibrary.finalize = net_of_nested(lambda library: "LLVM linking, optimizing, machine code",
                                                    codegen.CPUCodeLibrary.finalize)
    PassManager._runPass = net_of_nested(lambda manager, index, compiler_pass, state: compiler_pass.name(),
                                         PassManager._runPass)
    InlineWorker.inline_ir = net_of_nested(lambda worker, *args: "splicing inlined IR", InlineWorker.inline_ir)
    task = _task(edition, 1)
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        with event.install_listener("numba:compile", Timer()):
            task.warm_up()
    finally:
        for cls, name, method in originals:
            setattr(cls, name, method)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if not count:
        raise SystemExit(f"nothing compiled: {os.environ['NUMBA_CACHE_DIR']} already holds the {edition} engine")
    print(f"{edition}: cold compile {wall:.1f} s wall, {cpu:.1f} s CPU, {sum(count.values())} compilations")
    per_library = defaultdict(float)
    for (stage, library), spent in llvm.items():
        per_library[library] += spent
    print("  LLVM: " + ", ".join(f"{stage} {sum(s for (st, _), s in llvm.items() if st == stage):.1f} s CPU"
                                 for _, _, stage in stages)
          + "; costliest modules: " + ", ".join(f"{library} {spent:.1f} s" for library, spent in
                                                sorted(per_library.items(), key=lambda item: -item[1])[:5]))
    print("  steps: " + ", ".join(f"{name} {spent:.1f} s CPU" for name, spent in
                                  sorted(passes.items(), key=lambda item: -item[1])[:6]))
    for name, spent in sorted(own.items(), key=lambda item: -item[1])[:top]:
        print(f"  {spent:6.1f} s  x{count[name]}  {name}")
    for name, compiled in sorted(signatures.items()):
        if len(compiled) > 1 and len({len(args) for args in compiled}) == 1:
            differ = [i for i in range(len(compiled[0])) if len({args[i] for args in compiled}) > 1]
            print(f"  {name} x{len(compiled)}: " + "; ".join(
                f"argument {i}: " + " | ".join(args[i] for args in compiled) for i in differ))


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("turns", "compile"):
        raise SystemExit("usage: profile_engine.py turns EDITION [GAMES] | compile EDITION")
    if sys.argv[1] == "turns":
        turns(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 6000)
    else:
        compile_cold(sys.argv[2])
