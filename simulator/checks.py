"""What a family's compiler needs from the loader: the resolved Edition, the error it raises, and the
checks that read a data file's typed fields and shared structures (squares, groups, decks, the rule vector,
the player range), each failing with the file and the field path so the CLI can print one line."""
from __future__ import annotations

import difflib
import hashlib
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from simulator.engines.shared import layout as L


class EditionError(ValueError):
    """A data file, variant or override that cannot be used; the message names file and field."""

    def __init__(self, message: str, detail: str | None = None):
        super().__init__(message)
        self.detail = detail  # the message without the source it names, so that another source can be blamed


def hint(name: Any, known) -> str:
    """What to tell a user who wrote `name`: the closest known name, or the known names."""
    known = [str(k) for k in known]
    lowered = {k.lower(): k for k in known}
    close = difflib.get_close_matches(str(name).lower(), list(lowered), n=1, cutoff=0.6)
    if close:
        return f": did you mean {lowered[close[0]]}?"
    shown = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
    return f" (known: {shown or 'none'})"



@dataclass
class Edition:
    """A resolved edition: its document after extends, variant and overrides, and where it came from."""
    name: str
    family: str
    title: str
    document: dict
    sources: list[Path]
    variant: str | None = None
    overrides: list[tuple[str, Any]] = field(default_factory=list)

    @property
    def source(self) -> Path:
        return self.sources[-1]

    @property
    def rules_hash(self) -> str:
        """Identifies the exact rules played: the same hash means the same game."""
        canonical = json.dumps(self.document, sort_keys=True, default=str).encode()
        return hashlib.sha256(canonical).hexdigest()

    @property
    def file_hash(self) -> str:
        digest = hashlib.sha256()
        for path in self.sources:
            digest.update(path.read_bytes())
        return digest.hexdigest()

    @property
    def assumptions(self) -> list[dict]:
        return self.document.get("assumptions", [])

    @property
    def variants(self) -> dict[str, dict]:
        return self.document.get("variants", {})


# Amounts, counts and costs beyond this would overflow the engines' 64-bit sums over a long game.
LARGEST_NUMBER = 10 ** 9
# What a game can hold: every copy of a deck's cards is an entry of the game's arrays (and dealt, shuffled
# and scanned), every square too; a player's complete groups are the bits of one 64-bit number.
MOST_CARDS = 1_000
MOST_SQUARES = 1_000
MOST_GROUPS = 62


# While set, every check notes what it allows at each field path, so that what a data file may say is read
# from the checks themselves (`monopoly-mc editions NAME`), never written a second time.
_allowed: ContextVar[dict[str, Any] | None] = ContextVar("allowed", default=None)


@contextmanager
def noting_allowed() -> Iterator[dict[str, str]]:
    """Within this block, the checks note what each field they read allows: {field path: allowed values}."""
    noted: dict[str, Any] = {}
    token = _allowed.set(noted)
    try:
        yield noted
    finally:
        _allowed.reset(token)
        for path, bounds in noted.items():
            if isinstance(bounds, tuple):
                low, high = bounds
                noted[path] = f"integer from {low:,} to {high:,}"


def _note(path: str, allowed: str) -> None:
    noted = _allowed.get()
    if noted is not None:
        noted[path] = allowed


def _note_integer(path: str, minimum: int | None, maximum: int | None) -> None:
    """An integer field's range, narrowed by every check of it (a rule is read, then checked against its
    bounds)."""
    noted = _allowed.get()
    if noted is not None:
        low, high = noted.get(path) if isinstance(noted.get(path), tuple) else (-LARGEST_NUMBER, LARGEST_NUMBER)
        noted[path] = (max(low, -LARGEST_NUMBER if minimum is None else minimum),
                       min(high, LARGEST_NUMBER if maximum is None else maximum))


class Checker:
    """Reads typed fields, failing with the file and the field path."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, path: str, expected: str, got: Any = None) -> EditionError:
        detail = f"{path}: expected {expected}" + ("" if got is None else f", got {got!r}")
        return EditionError(f"{self.where}: {detail}", detail)

    def integer(self, table: dict, key: str, path: str, minimum: int | None = 0, default: Any = None,
                maximum: int | None = None) -> int:
        _note_integer(f"{path}.{key}", minimum, maximum)
        value = table.get(key, default)
        if value is None:
            raise self.fail(f"{path}.{key}", "an integer (missing)")
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{path}.{key}", "an integer", value)
        if minimum is not None and value < minimum:
            raise self.fail(f"{path}.{key}", f"an integer >= {minimum}", value)
        if maximum is not None and value > maximum:
            raise self.fail(f"{path}.{key}", f"an integer <= {maximum}", value)
        if abs(value) > LARGEST_NUMBER:
            raise self.fail(f"{path}.{key}", f"an integer of at most {LARGEST_NUMBER:,} in size", value)
        return value

    def choice(self, table: dict, key: str, path: str, choices: tuple[str, ...] | list[str]) -> int:
        """The index in `choices` of the name at table[key]."""
        _note(f"{path}.{key}", f"one of {', '.join(choices)}")
        value = table.get(key)
        if value not in choices:
            raise self.fail(f"{path}.{key}", f"one of {', '.join(choices) or '(none defined)'}", value)
        return list(choices).index(value)

    def boolean(self, table: dict, key: str, path: str) -> bool:
        _note(f"{path}.{key}", "true or false")
        value = table.get(key)
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}", "true or false", value)
        return value

    def int_list(self, table: dict, key: str, path: str, length: int | None = None) -> list[int]:
        _note(f"{path}.{key}", f"a list of {'' if length is None else f'{length} '}integers from 0 to {LARGEST_NUMBER:,}")
        value = table.get(key)
        if (not isinstance(value, list) or not value
                or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= LARGEST_NUMBER for v in value)):
            raise self.fail(f"{path}.{key}", f"a list of integers from 0 to {LARGEST_NUMBER:,}", value)
        if length is not None and len(value) != length:
            raise self.fail(f"{path}.{key}", f"{length} entries", f"{len(value)} entries")
        return value


def checked_square_names(squares: Any, check: Checker) -> list[str]:
    if (not isinstance(squares, list) or not 4 <= len(squares) <= MOST_SQUARES
            or not all(isinstance(s, dict) for s in squares)):
        raise check.fail("squares", f"a list of 4 to {MOST_SQUARES:,} square tables",
                         f"{len(squares):,} squares" if isinstance(squares, list) else squares)
    names: list[str] = []
    for i, square in enumerate(squares):
        name = square.get("name")
        if not isinstance(name, str) or not name:
            raise check.fail(f"squares[{i}].name", "a non-empty string", name)
        if name in names:
            raise check.fail(f"squares[{i}].name", "a name no other square has", name)
        names.append(name)
    return names


class Groups:
    """Groups of squares met in board order: a name, one kind of square, the member squares."""

    def __init__(self, check: Checker):
        self.check = check
        self.names: list[str] = []
        self.kinds: list[int] = []
        self.members: list[list[int]] = []

    def of(self, name: str, kind: int) -> int:
        if name not in self.names:
            if len(self.names) == MOST_GROUPS:
                raise self.check.fail(f"squares.{name}", f"at most {MOST_GROUPS} groups", name)
            self.names.append(name)
            self.kinds.append(kind)
            self.members.append([])
        index = self.names.index(name)
        if self.kinds[index] != kind:
            raise self.check.fail(f"squares.{name}", f"one kind of square per group '{name}'")
        return index

    def matrix(self, size_column: int, members_column: int, kind_column: int | None = None) -> np.ndarray:
        """One row per group: its kind (when kind_column is given), its size, its members padded with -1."""
        width = max((len(m) for m in self.members), default=0)
        groups = np.full((len(self.names), members_column + width), -1, dtype=np.int64)
        for g, members in enumerate(self.members):
            if kind_column is not None:
                groups[g, kind_column] = self.kinds[g]
            groups[g, size_column] = len(members)
            groups[g, members_column:members_column + len(members)] = members
        return groups


def compile_decks(decks_doc: dict, check: Checker, compile_card, columns: int):
    """Every deck's cards as rows (compile_card(card, path, deck index) makes one), and the decks as
    rows of the card rows of their copies. Returns cards, decks, card ids, card texts, deck titles."""
    card_rows, card_ids, card_texts, deck_lists, deck_titles = [], [], [], [], []
    for d, (deck_name, deck) in enumerate(decks_doc.items()):
        path = f"decks.{deck_name}"
        if not isinstance(deck, dict) or not isinstance(deck.get("cards"), list) or not deck["cards"]:
            raise check.fail(f"{path}.cards", "a non-empty list of cards")
        deck_titles.append(str(deck.get("title", deck_name)))
        if len(deck["cards"]) > MOST_CARDS:
            raise check.fail(f"{path}.cards", f"at most {MOST_CARDS:,} cards", f"{len(deck['cards']):,} cards")
        copies: list[int] = []
        for k, card in enumerate(deck["cards"]):
            if not isinstance(card, dict):
                raise check.fail(f"{path}.cards[{k}]", "a card table", card)
            card_id = str(card.get("id", f"{deck_name}_{k}"))
            card_path = f"{path}.cards.{card_id}" if "id" in card else f"{path}.cards[{k}]"  # as --set names it
            row = compile_card(card, card_path, d)
            count = check.integer(card, "count", card_path, default=1, maximum=MOST_CARDS)
            if card_id in card_ids:
                raise check.fail(f"{card_path}.id", "an id no other card has", card_id)
            card_ids.append(card_id)
            card_texts.append(str(card.get("text", card_id)))
            copies += [len(card_rows)] * count
            card_rows.append(row)
        if len(copies) > MOST_CARDS:
            raise check.fail(f"{path}.cards", f"at most {MOST_CARDS:,} cards in the deck, copies counted",
                             f"{len(copies):,}")
        if not copies:
            raise check.fail(f"{path}.cards", "at least one card with count >= 1")
        deck_lists.append(copies)
    cards = np.array(card_rows, dtype=np.int64).reshape(-1, columns)
    decks = np.full((len(deck_lists), 1 + max((len(c) for c in deck_lists), default=0)), -1, dtype=np.int64)
    for d, copies in enumerate(deck_lists):
        decks[d, L.D_LEN] = len(copies)
        decks[d, 1:1 + len(copies)] = copies
    return cards, decks, card_ids, card_texts, deck_titles


def rule_vector(rules_doc: Any, check: Checker, fields: dict[str, int], booleans: set[str], size: int,
                 bounds: tuple[tuple[str, int, int | None], ...]) -> np.ndarray:
    """The `rules` table as the kernel's rule vector: integers >= 0 (within `bounds` where given) and
    booleans as 0/1."""
    if not isinstance(rules_doc, dict):
        raise check.fail("rules", "a table of rule values")
    rules = np.zeros(size, dtype=np.int64)
    for name, index in fields.items():
        if name in booleans:
            rules[index] = int(check.boolean(rules_doc, name, "rules"))
        else:
            rules[index] = check.integer(rules_doc, name, "rules")
    for name, low, high in bounds:
        check.integer(rules_doc, name, "rules", minimum=low, maximum=high)
    return rules


def player_range(rules_doc: dict, check: Checker, most: int) -> tuple[int, int]:
    players_min = check.integer(rules_doc, "players_min", "rules", minimum=2)
    return players_min, check.integer(rules_doc, "players_max", "rules", minimum=players_min, maximum=most)
