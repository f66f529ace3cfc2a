"""Plain-text tables that read well in a terminal, and the JSON and CSV forms of the frames behind them.

`render` stays hand-written (a dozen lines): it right-aligns columns of formatted cells such as
"12.3%" or "[11.0%, 13.6%]", which table libraries (tabulate, rich) take for text and left-align."""
from __future__ import annotations

import io
import json
import math
import re
import textwrap
from dataclasses import dataclass
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


WIDTH = 100   # the columns a table may take: a laptop's half screen, a slide, a pasted message


@dataclass
class _Column:
    header: list[str]           # its lines
    cells: list[list[str]]      # each row's lines
    numeric: bool

    @property
    def width(self) -> int:
        return max(len(line) for lines in (self.header, *self.cells) for line in lines)


def render(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None, width: int = WIDTH,
           keys: int | None = None) -> str:
    """Columns padded to their widest cell; text left-aligned, everything else right-aligned. A table wider
    than `width` is made narrower, each step only while it is still too wide: a yes/no column becomes a mark
    on the cell before it, columns the same in every row a footnote, units shared by a column's cells go to
    its header ("+4.4 pts" under "win shift" reads "+4.4" under "win shift (pts)"), headers and then long
    texts wrap onto more lines (never cut), and what is still too wide continues below, after the `keys`
    columns that name a row repeated (by default those up to the first text column)."""
    # a cell with no value ("- [-, -]", or an interval of nothing "[-, -]") is a dash, which unit folding skips
    cells = [["-" if re.fullmatch(r"[\[ ]*-[-\[\], ]*", str(c)) else str(c) for c in row] for row in rows]
    columns = [_Column([header], [[row[i]] for row in cells],
                       any(_looks_numeric(row[i]) for row in cells)
                       and all(_looks_numeric(row[i]) or row[i] == "-" for row in cells))
               for i, header in enumerate(headers)]
    notes: list[str] = []
    for narrower in (_flags_to_marks, _constants_to_notes, _units_to_headers, _wrap_headers, _wrap_texts):
        if _width(columns) <= width:
            break
        columns = narrower(columns, width, notes)
    out = textwrap.wrap(title, width) if title else []
    if keys is None:
        keys = next((k + 1 for k, column in enumerate(columns[:2]) if not column.numeric), 1)
    for number, block in enumerate(_blocks(columns, width, keys)):
        out += [""] if number else []
        out += _block_lines(block, len(cells))
    return "\n".join(out + [textwrap.fill(note, width, subsequent_indent="  ") for note in notes])


def _width(columns: list[_Column]) -> int:
    return sum(column.width for column in columns) + len(GAP) * (len(columns) - 1)


GAP = "  "


def _flags_to_marks(columns: list[_Column], width: int, notes: list[str]) -> list[_Column]:
    """A yes/no column (significant) as a mark on what it judges: the p-value before it ("<0.001*"), or with
    none the nearest interval before it ("[+2.1, +6.3]*"), or else the cell before it."""
    kept = columns[:1]
    for column in columns[1:]:
        values = {" ".join(lines) for lines in column.cells}
        if not values & {"yes", "no"} or not values <= {"yes", "no", "-"}:
            kept.append(column)
            continue
        judged = next((c for c in reversed(kept) if " ".join(c.header).startswith(("p ", "p("))),
                      next((c for c in reversed(kept) if "CI" in " ".join(c.header)), kept[-1]))
        judged.cells = [lines[:-1] + [lines[-1] + ("*" if flag == ["yes"] else " ")]
                        for lines, flag in zip(judged.cells, column.cells)]
        notes.append(f"* {' '.join(column.header)}")
    return kept


def _constants_to_notes(columns: list[_Column], width: int, notes: list[str]) -> list[_Column]:
    """A column with one value in every row says it once, under the table (an empty one not at all)."""
    kept = columns[:1]
    for column in columns[1:]:
        values = {tuple(lines) for lines in column.cells}
        if len(column.cells) < 3 or len(values) > 1:
            kept.append(column)
        elif values != {("",)}:
            notes.append(f"{' '.join(column.header)}: {' '.join(column.cells[0])} in every row")
    return kept


def _units_to_headers(columns: list[_Column], width: int, notes: list[str]) -> list[_Column]:
    """Points, and percentages within intervals, said once in the header: "[+2.3, +6.5]" under "95% CI (pts)"."""
    for column in columns:
        filled = [" ".join(lines) for lines in column.cells if lines != ["-"]]
        for unit, applies in ((" pts", bool(filled)), ("%", bool(filled) and all(c.startswith("[") for c in filled))):
            if applies and all(unit in cell for cell in filled):
                column.cells = [[line.replace(unit, "") for line in lines] for lines in column.cells]
                column.header = [f"{' '.join(column.header)} ({unit.strip()})"]
    return columns


def _wrap_headers(columns: list[_Column], width: int, notes: list[str]) -> list[_Column]:
    """Headers wider than their cells wrap at spaces and after slashes, onto two lines and then, if that
    is not enough, three, those that save the most first, until the table fits."""
    def cells_width(column: _Column) -> int:
        return max([len(line) for lines in column.cells for line in lines] or [0])

    for most in (2, 3):
        for column in sorted(columns, key=lambda c: cells_width(c) - c.width):
            if _width(columns) <= width:
                return columns
            words = re.findall(r"[^\s/]+/?|/", " ".join(column.header))
            narrowest = max(cells_width(column), *(len(word) for word in words))
            column.header = next(lines for w in range(narrowest, max(narrowest, column.width) + 1)
                                 if len(lines := _wrapped(words, w)) <= most or w == column.width)
    return columns


def _wrapped(words: list[str], width: int) -> list[str]:
    """Words on lines of at most `width` (a word longer stays whole), no space after a slash."""
    lines = [""]
    for word in words:
        joined = lines[-1] + ("" if not lines[-1] or lines[-1].endswith("/") else " ") + word
        if len(joined) <= width or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _wrap_texts(columns: list[_Column], width: int, notes: list[str]) -> list[_Column]:
    """Long texts (a card's, a note's) wrap onto more lines, the widest column first, down to 24 characters."""
    for column in sorted((c for c in columns if not c.numeric), key=lambda c: -c.width):
        excess = _width(columns) - width
        if excess <= 0 or column.width <= 24:
            break
        limit = max(24, column.width - excess)
        column.cells = [textwrap.wrap(" ".join(lines), limit, break_long_words=False) or [""]
                        for lines in column.cells]
    return columns


def _blocks(columns: list[_Column], width: int, keys: int) -> list[list[_Column]]:
    """The columns in blocks that fit, each after the `keys` columns that name a row."""
    named, rest = columns[:keys], columns[keys:]
    blocks: list[list[_Column]] = []
    for column in rest:
        if blocks and _width(blocks[-1] + [column]) <= width:
            blocks[-1].append(column)
        else:
            blocks.append(named + [column])
    return blocks or [named]


def _block_lines(columns: list[_Column], rows: int) -> list[str]:
    widths = [column.width for column in columns]

    def lines(texts: list[list[str]]) -> list[str]:
        height = max(len(text) for text in texts)
        return ["  ".join((text[k] if k < len(text) else "").rjust(w) if column.numeric else
                          (text[k] if k < len(text) else "").ljust(w)
                          for column, text, w in zip(columns, texts, widths)).rstrip() for k in range(height)]

    header_height = max(len(column.header) for column in columns)
    out = lines([[""] * (header_height - len(c.header)) + c.header for c in columns])
    out += lines([["-" * w] for w in widths])
    for r in range(rows):
        out += lines([column.cells[r] for column in columns])
    return out


def _looks_numeric(text: str) -> bool:
    """A number, a rate, an interval, or a value with its interval ("12.3% [11.0%, 13.6%]")."""
    stripped = re.sub(r"[\[\]%,.+\- ]|pts", "", text)
    return bool(stripped) and stripped.isdigit()


UNIT_SUFFIXES = {"%": "_pct", "pts": "_pts"}


def with_units(frame: pd.DataFrame, rates: list[str], points: list[str] = (), rows: str | None = None,
           other: str | None = None) -> pd.DataFrame:
    """Name the frame's rates and differences of rates (tables.in_units gives them in % and pts); in a frame
    whose boolean column `rows` marks the rate rows, `other` is the unit of the rest."""
    frame.attrs["units"] = {**{c: "%" for c in rates}, **{c: "pts" for c in points}}
    if rows is not None:
        frame.attrs["units_rows"], frame.attrs["units_other"] = rows, other
    return frame


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
