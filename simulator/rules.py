"""Editions as data: load a TOML data file, resolve `extends`, variants and overrides, validate it, and
compile it into the numpy arrays the engines read.

Every problem is reported as an EditionError naming the file, the field and what was expected, so the
CLI can print it as one line.
"""
from __future__ import annotations

import copy
import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from simulator.engines import board_layout as L

BUILTIN_DIR = Path(__file__).parent / "editions"


class EditionError(ValueError):
    """A data file, variant or override that cannot be used; the message names file and field."""


def builtin_editions() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def _resolve_ref(ref: str | Path, relative_to: Path | None = None) -> Path:
    text = str(ref)
    if text in builtin_editions():
        return BUILTIN_DIR / f"{text}.toml"
    path = Path(text)
    if not path.is_absolute() and relative_to is not None and (relative_to / path).exists():
        path = relative_to / path
    if path.suffix == ".toml" and path.is_file():
        return path.resolve()
    raise EditionError(f"unknown edition '{text}': expected one of {', '.join(builtin_editions())} "
                       f"or the path of a .toml data file")


def _read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise EditionError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise EditionError(f"{path}: cannot be read: {exc.strerror}") from None


def _element_key(item: Any) -> str | None:
    if isinstance(item, dict):
        for key in ("id", "name"):
            if key in item:
                return str(item[key])
    return None


def _find_element(items: list, key: str, where: str) -> int:
    """The index of a list element named by its position, `id` or `name`."""
    if key.lstrip("-").isdigit():
        index = int(key)
        if -len(items) <= index < len(items):
            return index % len(items)
        raise EditionError(f"{where}: index {index} is out of range (the list has {len(items)} entries)")
    for index, item in enumerate(items):
        if _element_key(item) == key:
            return index
    known = [k for k in (_element_key(i) for i in items) if k is not None]
    raise EditionError(f"{where}: no entry named '{key}' (known: {', '.join(known[:12])}"
                       f"{', ...' if len(known) > 12 else ''})")


def merge(base: Any, patch: Any, where: str) -> Any:
    """A designer's file over its base: tables merge key by key, a list is replaced by a list, and a list
    of tables may be patched by a table keyed by position, `id` or `name` that changes only some fields."""
    if isinstance(base, dict) and isinstance(patch, dict):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = merge(base[key], value, f"{where}.{key}") if key in base else copy.deepcopy(value)
        return merged
    if isinstance(base, list) and isinstance(patch, dict):
        merged = copy.deepcopy(base)
        for key, value in patch.items():
            index = _find_element(merged, str(key), where)
            merged[index] = merge(merged[index], value, f"{where}.{key}")
        return merged
    return copy.deepcopy(patch)


def parse_value(text: str) -> Any:
    """A command-line value read as TOML (numbers, booleans, lists); anything else stays a string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def set_path(document: dict, path: str, value: Any, where: str = "--set") -> dict:
    """A copy of `document` with the value at a dotted path replaced: `rules.start_cash`,
    `squares.Boardwalk.price`, `decks.chance.cards.bank_dividend.count`."""
    parts = path.split(".")
    node = document
    trail: list[tuple[Any, str]] = []
    for part in parts[:-1]:
        trail.append((node, part))
        if isinstance(node, dict):
            if part not in node:
                raise EditionError(f"{where} {path}: no field '{part}' (known: {', '.join(map(str, node))})")
            node = node[part]
        elif isinstance(node, list):
            node = node[_find_element(node, part, f"{where} {path}")]
        else:
            raise EditionError(f"{where} {path}: '{part}' is not a table or a list")
    last = parts[-1]
    if isinstance(node, dict) and last not in node and node is document.get("rules"):
        raise EditionError(f"{where} {path}: no rule '{last}' (known: {', '.join(node)})")
    patch = {last: value}
    for _, part in reversed(trail):
        patch = {part: patch}
    return merge(document, patch, where)


def _load_document(ref: str | Path, relative_to: Path | None, seen: tuple[Path, ...]) -> tuple[dict, list[Path]]:
    path = _resolve_ref(ref, relative_to)
    if path in seen:
        raise EditionError(f"{path}: edition.extends forms a cycle ({' -> '.join(map(str, seen + (path,)))})")
    document = _read_toml(path)
    if "extends" in document:
        raise EditionError(f"{path}: extends: belongs in the [edition] table (extends = \"{document['extends']}\" "
                           f"under [edition])")
    parent = document.get("edition", {}).get("extends")
    if parent is None:
        return _resolve_card_squares(document, path), [path]
    if not isinstance(parent, str):
        raise EditionError(f"{path}: edition.extends: expected the name or path of an edition")
    base, sources = _load_document(parent, path.parent, seen + (path,))
    own_assumptions = document.pop("assumptions", [])
    merged = merge(base, document, str(path))
    merged["assumptions"] = base.get("assumptions", []) + own_assumptions
    merged["edition"].pop("extends", None)
    merged["edition"]["extends"] = base["edition"]["name"]
    return _resolve_card_squares(merged, path), sources + [path]


def _resolve_card_squares(document: dict, path: Path) -> dict:
    """Card targets named by square name become indices at each level of `extends`, so that a file
    that renames squares keeps its base's cards pointing at the same squares."""
    squares = document.get("squares")
    decks = document.get("decks")
    if not isinstance(squares, list) or not isinstance(decks, dict):
        return document
    names = [s.get("name") if isinstance(s, dict) else None for s in squares]
    for deck_name, deck in decks.items():
        for k, card in enumerate(deck.get("cards", []) if isinstance(deck, dict) else []):
            target = card.get("square") if isinstance(card, dict) else None
            if isinstance(target, str):
                if target not in names:
                    raise EditionError(f"{path}: decks.{deck_name}.cards[{k}].square: expected the name or "
                                       f"index of a square, got {target!r}")
                card["square"] = names.index(target)
    return document


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


def load_edition(ref: str | Path, variant: str | None = None,
                 overrides: list[tuple[str, Any]] | None = None) -> Edition:
    document, sources = _load_document(ref, None, ())
    where = str(sources[-1])
    meta = document.get("edition")
    if not isinstance(meta, dict) or "name" not in meta or "family" not in meta:
        raise EditionError(f"{where}: edition: expected a table with at least `name` and `family`")
    if variant is not None:
        variants = document.get("variants", {})
        if variant not in variants:
            known = ", ".join(variants) or "none"
            raise EditionError(f"unknown variant '{variant}' of edition {meta['name']}: known: {known}")
        changes = {k: v for k, v in variants[variant].items() if k != "description"}
        document = merge(document, {"rules": changes}, f"{where}: variants.{variant}")
    for path, value in overrides or []:
        document = set_path(document, path, value)
    edition = Edition(name=meta["name"], family=meta["family"], title=meta.get("title", meta["name"]),
                      document=document, sources=sources, variant=variant, overrides=list(overrides or []))
    compile_rules(edition)  # validates
    return edition


FAMILIES = ("board", "empire", "millionaire", "deal", "fortnite")  # the game families with an engine


def compile_rules(edition: Edition):
    """The arrays of the edition's engine: BoardRules, EmpireRules, MillionaireRules, DealRules or
    FortniteRules (all GameRules)."""
    if edition.family not in FAMILIES:
        raise EditionError(f"{edition.source}: edition.family: '{edition.family}' has no engine "
                           f"(known: {', '.join(FAMILIES)})")
    if edition.family == "empire":
        from simulator.rules_empire import compile_empire
        return compile_empire(edition)
    if edition.family == "millionaire":
        from simulator.rules_millionaire import compile_millionaire
        return compile_millionaire(edition)
    if edition.family == "deal":
        from simulator.rules_deal import compile_deal
        return compile_deal(edition)
    if edition.family == "fortnite":
        from simulator.rules_fortnite import compile_fortnite
        return compile_fortnite(edition)
    return compile_board(edition)


# ---------------------------------------------------------------------------------------------------
# The board family

@dataclass
class GameRules:
    """What the runner and the results need of any compiled edition, whatever its engine: the kernel and
    its arguments, names for the squares, groups and cards, and the per-player columns it reports. An
    engine's subclass adds its arrays and names its layout module, whose column numbers and code names
    the properties below read."""
    sq: np.ndarray
    groups: np.ndarray
    cards: np.ndarray
    decks: np.ndarray
    rules: np.ndarray
    square_names: list[str]
    group_names: list[str]
    card_ids: list[str]
    card_texts: list[str]
    deck_names: list[str]
    deck_titles: list[str]
    players_min: int
    players_max: int

    family: ClassVar[str]
    layout: ClassVar[ModuleType]

    @property
    def n_squares(self) -> int:
        return len(self.square_names)

    @property
    def strategies(self):
        """The family's strategy module (PARAMETERS, DEFAULT_LINEUP, TOURNAMENT_FIELD, parameter_vector)."""
        from strategies import family_module
        return family_module(self.family)

    def parameter_vector(self, strategy) -> np.ndarray:
        return self.strategies.parameter_vector(strategy, self.group_names)

    @property
    def player_columns(self) -> tuple:
        return self.layout.PLAYER_COLUMNS

    @property
    def po_columns(self) -> int:
        return self.layout.PO_COLUMNS

    @property
    def groups_held_column(self) -> int:
        return self.layout.PO_GROUPS_HELD

    @property
    def end_reasons(self) -> tuple[str, ...]:
        return self.layout.END_REASONS

    @property
    def max_rounds(self) -> int:
        return int(self.rules[self.layout.R_MAX_ROUNDS])

    @property
    def colour_groups(self) -> list[tuple[int, str]]:
        """(index, name) of the groups a player can complete (and, in the board family, build on)."""
        return [(g, name) for g, name in enumerate(self.group_names)
                if self.groups[g, L.G_KIND] == self.layout.COLOUR_GROUP_KIND]

    @property
    def square_kinds(self) -> list[str]:
        return [self.layout.SQUARE_KINDS[k] for k in self.sq[:, self.layout.SQ_KIND]]

    @property
    def square_groups(self) -> list[str]:
        return [self.group_names[g] if g >= 0 else "" for g in self.sq[:, self.layout.SQ_GROUP]]

    @property
    def square_prices(self) -> np.ndarray:
        return self.sq[:, self.layout.SQ_PRICE].clip(min=0)

    @property
    def card_effects(self) -> list[str]:
        return [self.layout.CARD_EFFECTS[e] for e in self.cards[:, self.layout.C_EFFECT]]

    @property
    def card_decks(self) -> np.ndarray:
        return self.cards[:, self.layout.C_DECK]


@dataclass
class BoardRules(GameRules):
    """The arrays a board-game kernel reads, with the names that give them meaning."""
    rent: np.ndarray

    family = "board"
    layout = L

    @property
    def kernel_args(self) -> tuple:
        return self.sq, self.rent, self.groups, self.cards, self.decks, self.rules

    @staticmethod
    def kernel():
        from simulator.engines.board import simulate_batch
        return simulate_batch


# Amounts, counts and costs beyond this would overflow the engines' 64-bit sums over a long game.
LARGEST_NUMBER = 10 ** 9


class _Checker:
    """Reads typed fields, failing with the file and the field path."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, path: str, expected: str, got: Any = None) -> EditionError:
        tail = "" if got is None else f", got {got!r}"
        return EditionError(f"{self.where}: {path}: expected {expected}{tail}")

    def integer(self, table: dict, key: str, path: str, minimum: int | None = 0, default: Any = None,
                maximum: int | None = None) -> int:
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
        value = table.get(key)
        if value not in choices:
            raise self.fail(f"{path}.{key}", f"one of {', '.join(choices) or '(none defined)'}", value)
        return list(choices).index(value)

    def boolean(self, table: dict, key: str, path: str) -> bool:
        value = table.get(key)
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}", "true or false", value)
        return value

    def int_list(self, table: dict, key: str, path: str, length: int | None = None) -> list[int]:
        value = table.get(key)
        if (not isinstance(value, list) or not value
                or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= LARGEST_NUMBER for v in value)):
            raise self.fail(f"{path}.{key}", f"a list of integers from 0 to {LARGEST_NUMBER:,}", value)
        if length is not None and len(value) != length:
            raise self.fail(f"{path}.{key}", f"{length} entries", f"{len(value)} entries")
        return value


_BOOLEAN_RULES = {"auctions", "end_on_first_bankruptcy", "free_parking_jackpot", "go_landing_bonus", "trading",
                  "group_rent_requires_unmortgaged", "sell_buildings_first", "mortgage_interest_on_price",
                  "auction_must_sell"}


def _square_names(squares: Any, check: _Checker) -> list[str]:
    if not isinstance(squares, list) or len(squares) < 4 or not all(isinstance(s, dict) for s in squares):
        raise check.fail("squares", "a list of at least 4 square tables")
    names: list[str] = []
    for i, square in enumerate(squares):
        name = square.get("name")
        if not isinstance(name, str) or not name:
            raise check.fail(f"squares[{i}].name", "a non-empty string", name)
        if name in names:
            raise check.fail(f"squares[{i}].name", "a name no other square has", name)
        names.append(name)
    return names


class _Groups:
    """Groups of squares met in board order: a name, one kind of square, the member squares."""

    def __init__(self, check: _Checker):
        self.check = check
        self.names: list[str] = []
        self.kinds: list[int] = []
        self.members: list[list[int]] = []

    def of(self, name: str, kind: int) -> int:
        if name not in self.names:
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


def _compile_decks(decks_doc: dict, check: _Checker, compile_card, columns: int):
    """Every deck's cards as rows (compile_card(card, path, deck index) makes one), and the decks as
    rows of the card rows of their copies. Returns cards, decks, card ids, card texts, deck titles."""
    card_rows, card_ids, card_texts, deck_lists, deck_titles = [], [], [], [], []
    for d, (deck_name, deck) in enumerate(decks_doc.items()):
        path = f"decks.{deck_name}"
        if not isinstance(deck, dict) or not isinstance(deck.get("cards"), list) or not deck["cards"]:
            raise check.fail(f"{path}.cards", "a non-empty list of cards")
        deck_titles.append(str(deck.get("title", deck_name)))
        copies: list[int] = []
        for k, card in enumerate(deck["cards"]):
            card_path = f"{path}.cards[{k}]"
            if not isinstance(card, dict):
                raise check.fail(card_path, "a card table", card)
            row = compile_card(card, card_path, d)
            count = check.integer(card, "count", card_path, default=1)
            card_id = str(card.get("id", f"{deck_name}_{k}"))
            if card_id in card_ids:
                raise check.fail(f"{card_path}.id", "an id no other card has", card_id)
            card_ids.append(card_id)
            card_texts.append(str(card.get("text", card_id)))
            copies += [len(card_rows)] * count
            card_rows.append(row)
        if not copies:
            raise check.fail(f"{path}.cards", "at least one card with count >= 1")
        deck_lists.append(copies)
    cards = np.array(card_rows, dtype=np.int64).reshape(-1, columns)
    decks = np.full((len(deck_lists), 1 + max((len(c) for c in deck_lists), default=0)), -1, dtype=np.int64)
    for d, copies in enumerate(deck_lists):
        decks[d, L.D_LEN] = len(copies)
        decks[d, 1:1 + len(copies)] = copies
    return cards, decks, card_ids, card_texts, deck_titles


def _rule_vector(rules_doc: Any, check: _Checker, fields: dict[str, int], booleans: set[str], size: int,
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


def _player_range(rules_doc: dict, check: _Checker, most: int) -> tuple[int, int]:
    players_min = check.integer(rules_doc, "players_min", "rules", minimum=2)
    return players_min, check.integer(rules_doc, "players_max", "rules", minimum=players_min, maximum=most)


@dataclass
class _Board:
    """A board family's squares compiled: names, the square and rent matrices, the groups, the decks'
    names (card squares point at them)."""
    square_names: list[str]
    deck_names: list[str]
    sq: np.ndarray
    rent: np.ndarray
    grouping: _Groups

    @property
    def groups(self) -> np.ndarray:
        return self.grouping.matrix(L.G_SIZE, L.G_MEMBERS, L.G_KIND)


def _board_squares(doc: dict, check: _Checker, rules_doc: dict) -> _Board:
    """The squares of a board-family data file, with the rent ladders of railroads and utilities."""
    mortgage_pct = check.integer(rules_doc, "mortgage_percent", "rules", maximum=100)
    squares = doc.get("squares")
    square_names = _square_names(squares, check)
    decks_doc = doc.get("decks", {})
    if not isinstance(decks_doc, dict):
        raise check.fail("decks", "a table of decks")
    deck_names = list(decks_doc)

    n = len(squares)
    sq = np.full((n, L.SQ_COLUMNS), -1, dtype=np.int64)
    rent = np.zeros((n, L.RENT_COLUMNS), dtype=np.int64)
    grouping = _Groups(check)
    group_of, group_kinds, group_members = grouping.of, grouping.kinds, grouping.members

    for i, square in enumerate(squares):
        path = f"squares[{i}] ({square_names[i]})"
        kind = sq[i, L.SQ_KIND] = check.choice(square, "kind", path, L.SQUARE_KINDS)
        if kind in L.OWNABLE_KINDS:
            price = check.integer(square, "price", path, minimum=1)
            sq[i, L.SQ_PRICE] = price
            sq[i, L.SQ_MORTGAGE] = check.integer(square, "mortgage", path, default=price * mortgage_pct // 100)
        if kind == L.STREET:
            group = square.get("group")
            if not isinstance(group, str) or not group:
                raise check.fail(f"{path}.group", "the name of a colour group", group)
            sq[i, L.SQ_GROUP] = group_of(group, L.STREET)
            rent[i] = check.int_list(square, "rent", path, length=L.RENT_COLUMNS)
            sq[i, L.SQ_HOUSE_COST] = check.integer(square, "house_cost", path, minimum=1)
            sq[i, L.SQ_HOTEL_COST] = check.integer(square, "hotel_cost", path, minimum=1,
                                                   default=int(sq[i, L.SQ_HOUSE_COST]))
        elif kind == L.RAILROAD:
            sq[i, L.SQ_GROUP] = group_of("railroad", L.RAILROAD)
        elif kind == L.UTILITY:
            sq[i, L.SQ_GROUP] = group_of("utility", L.UTILITY)
        elif kind == L.TAX:
            sq[i, L.SQ_AMOUNT] = check.integer(square, "amount", path)
        elif kind == L.CARD:
            sq[i, L.SQ_DECK] = check.choice(square, "deck", path, deck_names)
        if kind in L.OWNABLE_KINDS:
            group_members[int(sq[i, L.SQ_GROUP])].append(i)

    for kind, ladder_key in ((L.RAILROAD, "railroad_rent"), (L.UTILITY, "utility_multipliers")):
        if kind in group_kinds:
            size = len(group_members[group_kinds.index(kind)])
            ladder = check.int_list(rules_doc, ladder_key, "rules", length=size)
            for member in group_members[group_kinds.index(kind)]:
                rent[member, :size] = ladder
    kinds_present = set(sq[:, L.SQ_KIND].tolist())
    for required, label in ((L.GO, "a go square"), (L.JAIL, "a jail square")):
        if list(sq[:, L.SQ_KIND]).count(required) != 1:
            raise check.fail("squares", f"exactly one square of kind '{label.split()[1]}'")
    if L.STREET not in kinds_present:
        raise check.fail("squares", "at least one street")
    if sq[0, L.SQ_KIND] != L.GO:
        raise check.fail("squares[0].kind", "'go' (the board starts at GO)", L.SQUARE_KINDS[sq[0, L.SQ_KIND]])
    return _Board(square_names=square_names, deck_names=deck_names, sq=sq, rent=rent, grouping=grouping)


def compile_board(edition: Edition) -> BoardRules:
    doc = edition.document
    check = _Checker(str(edition.source))
    rules_doc = doc.get("rules")
    rules = _rule_vector(rules_doc, check, L.RULE_FIELDS, _BOOLEAN_RULES, L.R_N_RULES, _BOARD_BOUNDS)
    players_min, players_max = _player_range(rules_doc, check, 8)
    board = _board_squares(doc, check, rules_doc)
    sq, square_names = board.sq, board.square_names
    rules[L.R_JAIL_SQUARE] = int(np.flatnonzero(sq[:, L.SQ_KIND] == L.JAIL)[0])

    def compile_card(card: dict, card_path: str, d: int) -> np.ndarray:
        row = np.zeros(L.C_COLUMNS, dtype=np.int64)
        _compile_board_card(row, card, card_path, check, square_names, sq)
        row[L.C_DECK] = d
        return row

    cards, decks, card_ids, card_texts, deck_titles = _compile_decks(doc.get("decks", {}), check, compile_card,
                                                                     L.C_COLUMNS)

    ownable = int(np.isin(sq[:, L.SQ_KIND], L.OWNABLE_KINDS).sum())
    if rules[L.R_DEAL_DEEDS] * players_max > ownable:
        raise check.fail("rules.deal_deeds", f"at most {ownable // players_max} deeds each for {players_max} "
                         f"players ({ownable} properties on the board)", int(rules[L.R_DEAL_DEEDS]))
    return BoardRules(sq=sq, rent=board.rent, groups=board.groups, cards=cards, decks=decks, rules=rules,
                      square_names=square_names, group_names=board.grouping.names, card_ids=card_ids,
                      card_texts=card_texts, deck_names=board.deck_names, deck_titles=deck_titles,
                      players_min=players_min, players_max=players_max)


_BOARD_BOUNDS = (("max_houses", 1, 4), ("doubles_to_jail", 1, None), ("jail_max_turns", 1, None),
                 ("max_rounds", 1, 100_000), ("auction_min_bid", 1, None), ("building_sellback_percent", 0, 100),
                 ("mortgage_interest_percent", 0, 100))


def _compile_board_card(row: np.ndarray, card: dict, path: str, check: _Checker, square_names: list[str],
                        sq: np.ndarray, effects: tuple[str, ...] = L.CARD_EFFECTS) -> None:
    """Fill the board family's columns of a card row (effect and its A/B arguments)."""
    row[L.C_EFFECT] = check.choice(card, "effect", path, effects)
    effect = card["effect"]
    if effect == "advance_to":
        target = card.get("square")
        if isinstance(target, int) and not isinstance(target, bool) and 0 <= target < len(square_names):
            row[L.C_A] = target
        elif target in square_names:
            row[L.C_A] = square_names.index(target)
        else:
            raise check.fail(f"{path}.square", "the name or index of a square", target)
    elif effect == "advance_to_nearest":
        kind = card.get("kind")
        if kind not in ("railroad", "utility"):
            raise check.fail(f"{path}.kind", "railroad or utility", kind)
        code = L.SQUARE_KINDS.index(kind)
        if not (sq[:, L.SQ_KIND] == code).any():
            raise check.fail(f"{path}.kind", f"a kind the board has (no {kind} square)", kind)
        row[L.C_A] = code
        row[L.C_B] = check.integer(card, "rent_multiplier" if kind == "railroad" else "dice_multiplier", path,
                                   minimum=0, default=1 if kind == "railroad" else 0)
    elif effect == "move":
        row[L.C_A] = check.integer(card, "steps", path, minimum=None)
        if row[L.C_A] == 0 or abs(row[L.C_A]) >= len(square_names):
            raise check.fail(f"{path}.steps", f"a non-zero number of squares under {len(square_names)}", int(row[L.C_A]))
    elif effect in ("bank", "each_player"):
        row[L.C_A] = check.integer(card, "amount", path, minimum=None)
    elif effect == "repairs":
        row[L.C_A] = check.integer(card, "per_house", path)
        row[L.C_B] = check.integer(card, "per_hotel", path)
