"""Fingerprint the results of a fixed seed on every built-in edition and variant, to prove a change that
should not move results (a pure move, a pure-speed change) did not: run it before and after, and compare.

    python scripts/fingerprint.py > before.txt   # on the old commit
    python scripts/fingerprint.py > after.txt    # on the new one
    diff before.txt after.txt                     # no output: bit-identical

Each line is an edition (and variant), a results table or the summary, and the SHA-256 of its content: the
Parquet tables as read back (every column's values and dtype, row order included, file metadata excluded),
and the summary as `simulate --format json` prints it, less the timing and version fields.
"""
from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pandas as pd
from click.testing import CliRunner

from simulator.cli import cli
from simulator.rules import builtin_editions, load_edition

VOLATILE = {"started", "elapsed_seconds", "games_per_second", "threads", "source", "version"}


def _without_volatile(node):
    if isinstance(node, dict):
        return {k: _without_volatile(v) for k, v in node.items() if k not in VOLATILE}
    if isinstance(node, list):
        return [_without_volatile(v) for v in node]
    return node


def _frame_digest(frame: pd.DataFrame) -> str:
    digest = hashlib.sha256()
    digest.update(json.dumps([(c, str(t)) for c, t in frame.dtypes.items()]).encode())
    digest.update(pd.util.hash_pandas_object(frame, index=False).to_numpy().tobytes())
    return digest.hexdigest()[:16]


def fingerprints(games: int, seed: int) -> list[str]:
    lines = []
    for name in builtin_editions():
        for variant in [None, *load_edition(name).variants]:
            with tempfile.TemporaryDirectory() as folder:
                out = Path(folder) / "run"
                args = ["simulate", "-e", name, "-n", str(games), "--seed", str(seed), "--batch-size", "250",
                        "-o", str(out), "--format", "json"] + (["--variant", variant] if variant else [])
                result = CliRunner().invoke(cli, args, catch_exceptions=False)
                if result.exit_code != 0:
                    raise SystemExit(f"{' '.join(args)}: exit {result.exit_code}: {result.output}")
                label = name + (f"/{variant}" if variant else "")
                summary = _without_volatile(json.loads(result.output))
                text = json.dumps(summary, sort_keys=True, default=str).encode()
                lines.append(f"{label} summary {hashlib.sha256(text).hexdigest()[:16]}")
                for table in sorted(p for p in out.iterdir() if p.is_dir() and p.name != "totals" or p.suffix == ".parquet"):
                    frame = pd.read_parquet(table)
                    lines.append(f"{label} {table.stem} {len(frame)} rows {_frame_digest(frame)}")
    return lines


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print("\n".join(fingerprints(games, seed=7)))
