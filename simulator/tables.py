"""Plain-text tables that read well in a terminal, and the JSON and CSV forms of the frames behind them.

`render` stays hand-written (a dozen lines): it right-aligns columns of formatted cells such as
"12.3%" or "[11.0%, 13.6%]", which table libraries (tabulate, rich) take for text and left-align."""
from __future__ import annotations

import io
import json
import math
from typing import Any, Sequence

import pandas as pd

FORMATS = ("table", "json", "csv")
PLOT_FORMATS = (".png", ".svg", ".pdf")


def percent(value: float, digits: int = 1) -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{100 * value:.{digits}f}%"


def interval(low: float, high: float, digits: int = 1) -> str:
    return f"[{percent(low, digits)}, {percent(high, digits)}]"


FIXED_BY_LINEUP = "fixed by the lineup"


def fills_every_seat_note(strategy: str) -> str:
    """Why a strategy in every seat gets no interval: it wins every finished game, so its rate is the
    finished share divided by the players, whatever it does."""
    return (f"{strategy} plays every seat: its win rate is the share of finished games divided by the players, "
            f"fixed by the lineup, not a measure of its play")


def magnitude(value: float) -> str:
    """A non-negative amount with the decimals its size needs: 1,234 / 12.3 / 0.41."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:,.{0 if abs(value) >= 100 else 1 if abs(value) >= 10 else 2}f}"


def count(value: Any) -> str:
    if isinstance(value, float):
        return "-" if math.isnan(value) else f"{value:,.0f}" if value.is_integer() else f"{value:,.1f}"
    return f"{value:,}"


def render(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None) -> str:
    """Columns padded to their widest cell; text left-aligned, everything else right-aligned."""
    cells = [[str(c) for c in row] for row in rows]
    numeric = [all(_looks_numeric(row[i]) for row in cells) if cells else False for i in range(len(headers))]
    widths = [max([len(h)] + [len(row[i]) for row in cells]) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if numeric[i] else v.ljust(w) for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    out = [title] if title else []
    out += [line(headers), line(["-" * w for w in widths])]
    out += [line(row) for row in cells]
    return "\n".join(out)


def _looks_numeric(text: str) -> bool:
    stripped = text.strip("[]%,.-+ ")
    return bool(stripped) and stripped.replace(",", "").replace(".", "").replace("%", "").replace(" ", "").isdigit()


UNIT_SUFFIXES = {"%": "_pct", "pts": "_pts"}


def in_units(frame: pd.DataFrame) -> pd.DataFrame:
    """An analysis frame as JSON and CSV give it: the columns its attrs["units"] names as rates ("%") or
    differences of rates ("pts") times 100 and named with their unit (win_rate_pct, lift_pts). A frame whose
    rows mix kinds (compare: rates, and the mean length in rounds) names its rate rows by the boolean column
    attrs["units_rows"] and the other rows' unit by attrs["units_other"]: their values move to columns named
    with that unit (a_rounds), so that no column holds two units. The frames in Python keep proportions (0 to
    1); the tables print % and pts."""
    units = frame.attrs.get("units")
    if not units:
        return frame
    shown = frame.copy()
    rates = shown[frame.attrs["units_rows"]].astype(bool) if "units_rows" in frame.attrs else None
    for column in (c for c in units if c in shown):
        values = shown[column].astype("float64")
        if rates is not None:
            shown[f"{column}_{frame.attrs['units_other']}"] = values.where(~rates)
            values = values.where(rates)
        shown[column] = values * 100
    return shown.rename(columns={c: c + UNIT_SUFFIXES[u] for c, u in units.items()})


def json_ready(value: Any) -> Any:
    """Plain JSON values: whole floats as integers (no `2000.0`), NaN and infinities as null (JSON has
    neither), numpy scalars as Python numbers, frames as lists of records (rates in % and differences in
    pts: in_units)."""
    if isinstance(value, pd.DataFrame):
        return [json_ready(record) for record in in_units(value).to_dict(orient="records")]
    if isinstance(value, dict):
        return {str(k): json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # numpy scalars
        value = value.item()
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return int(value) if value.is_integer() and abs(value) < 2 ** 53 else value
    if value is pd.NA or value is pd.NaT:
        return None
    return value


def as_json(value: Any) -> str:
    return json.dumps(json_ready(value), indent=2, default=str, allow_nan=False)


def as_csv(frames: dict[str, pd.DataFrame]) -> str:
    """Each frame as CSV (rates in % and differences in pts: in_units); with several, each block opens with a
    `# name` line and blocks are separated by a blank line (pandas reads one back with
    `read_csv(..., comment="#")` on its block)."""
    blocks = []
    for name, frame in frames.items():
        buffer = io.StringIO()
        in_units(frame).to_csv(buffer, index=False)
        blocks.append((f"# {name}\n" if len(frames) > 1 else "") + buffer.getvalue().rstrip("\n"))
    return "\n\n".join(blocks)
