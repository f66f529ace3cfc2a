"""Plain-text tables that read well in a terminal."""
from __future__ import annotations

import math
from typing import Any, Sequence


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
