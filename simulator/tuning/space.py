"""What a search varies and what it may spend, read from the caller's words: the dimensions (`--param`,
`--vary`: a range or a list of choices) and the budget (games or time)."""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from simulator.rules import as_keyword, as_set_option, parse_value
from simulator.runner import RunError, parse_axis


class SearchError(RunError):
    """A search that cannot start; the message says what is allowed."""


@dataclass(frozen=True)
class Dimension:
    """One value the search varies: a range of integers or reals, or a list of choices."""
    path: str                       # a sweep path: strategy.NAME.PARAM or an edition path
    low: float | None = None
    high: float | None = None
    choices: tuple = ()

    @property
    def integer(self) -> bool:
        return not self.choices and isinstance(self.low, int) and isinstance(self.high, int)

    def suggest(self, trial) -> Any:
        if self.choices:
            index = trial.suggest_categorical(self.path, list(range(len(self.choices))))
            return self.choices[index]
        if self.integer:
            return trial.suggest_int(self.path, self.low, self.high)
        return trial.suggest_float(self.path, self.low, self.high)

    def value_of(self, stored: Any) -> Any:
        """A candidate's value from what the study stored (the index of a choice)."""
        return self.choices[stored] if self.choices else stored

    def stored(self, value: Any) -> Any:
        """What the study stores of a candidate's value (the index of a choice)."""
        return self.choices.index(value) if self.choices else value

    def extremes(self) -> list:
        return list(self.choices) if self.choices else [self.low, self.high]

    def size(self) -> float:
        if self.choices:
            return len(self.choices)
        return self.high - self.low + 1 if self.integer else math.inf

    def describe(self) -> str:
        if self.choices:
            return f"{self.path}={','.join(json.dumps(c) for c in self.choices)}"
        return f"{self.path}={self.low}:{self.high}"


@dataclass(frozen=True)
class Spelling:
    """How the caller wrote a search's settings, so that an error names them in its words: the fixed values
    (`--set` or overrides=), and the option or keyword listing the values varied."""
    fixed: Callable[[str, Any], str]
    param: str
    vary: str
    listed: bool     # a Python list of items, not an option repeated

    def item(self, option: str, text: str) -> str:
        return f"{option}=[..., {text!r}, ...]" if self.listed else f"{option} {text}"


CLI_SEARCH = Spelling(as_set_option, "--param", "--vary", listed=False)
API_SEARCH = Spelling(as_keyword("overrides"), "params", "vary", listed=True)


def parse_dimension(item: str, said: str, prefix: str = "") -> Dimension:
    """`PATH=LOW:HIGH` (integers if both are, else reals) or `PATH=A,B,C` (choices); `prefix` is put before
    the path (a strategy's, for --param); `said` is the item as the caller wrote it, for errors."""
    path, sep, text = item.partition("=")
    path, text = path.strip(), text.strip()
    example = "e.g. build_reserve=0:500 or build_target=3,4,5" if prefix else \
        "e.g. rules.start_cash=1000:2000 or decks.deal.cards.deal_breaker.count=1,2,3"
    if not sep or not path or not text:
        raise SearchError(f"{said}: expected NAME=LOW:HIGH or NAME=A,B,..., {example}")
    full = prefix + path
    if ":" in text and "," not in text:
        low, high = (parse_value(part.strip()) for part in text.split(":", 1))
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in (low, high)):
            raise SearchError(f"{said}: bad range: expected two numbers LOW:HIGH, {example}")
        if not low < high:
            raise SearchError(f"{said}: bad range: expected LOW < HIGH")
        if isinstance(low, int) != isinstance(high, int):
            low, high = float(low), float(high)
        return Dimension(full, low=low, high=high)
    _, values = parse_axis(f"{full}={text}")
    if len(values) < 2 or len(set(map(json.dumps, values))) != len(values):
        raise SearchError(f"{said}: expected a range LOW:HIGH or at least two different choices A,B,...")
    return Dimension(full, choices=tuple(values))


@dataclass
class Budget:
    games: int | None = None
    seconds: float | None = None

    def describe(self) -> str:
        return f"{self.games:,} games" if self.games is not None else f"{self.seconds:g} s"


def parse_budget(text: str | int) -> Budget:
    """`200000`, `200k`, `2M` games, or `90s`, `10m`, `1h` of time."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kKM]?|[smh])\s*", str(text))
    if not match or float(match.group(1)) <= 0:
        raise SearchError(f"--budget {text}: expected games (200000, 200k, 2M) or a time (90s, 10m, 1h)")
    number, unit = float(match.group(1)), match.group(2)
    if unit in ("s", "m", "h"):
        return Budget(seconds=number * {"s": 1, "m": 60, "h": 3600}[unit])
    return Budget(games=int(number * {"": 1, "k": 1_000, "K": 1_000, "M": 1_000_000}[unit]))
