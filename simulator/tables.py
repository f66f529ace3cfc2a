"""Plain-text tables that read well in a terminal."""
from __future__ import annotations

import math
from typing import Any, Sequence


def percent(value: float, digits: int = 1) -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{100 * value:.{digits}f}%"


def interval(low: float, high: float, digits: int = 1) -> str:
    return f"[{percent(low, digits)}, {percent(high, digits)}]"


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
