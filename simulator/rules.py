"""Editions as data: load a TOML data file, resolve `extends`, variants and overrides, validate it, and
compile it into the numpy arrays the engines read.

Every problem is reported as an EditionError naming the source that said it (a data file, a variant, a
--set), the field and what was expected, so the CLI can print it as one line. A key no built-in file of the
family holds at that place and its compiler does not read is refused, with the closest known name.
"""
from __future__ import annotations

import copy
import difflib
import functools
import hashlib
import json
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from simulator.engines import board_layout as L

BUILTIN_DIR = Path(__file__).parent / "editions"


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


def builtin_editions() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def _resolve_ref(ref: str | Path, relative_to: Path | None = None) -> Path:
    """The data file a reference names, as the user wrote it (joined to the folder of the file that
    extends it, when it is relative to that file)."""
    text = str(ref)
    if text in builtin_editions():
        return BUILTIN_DIR / f"{text}.toml"
    path = Path(text)
    if not path.is_absolute() and relative_to is not None and (relative_to / path).exists():
        path = relative_to / path
    if path.suffix == ".toml" and path.is_file():
        return path
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


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


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
    raise EditionError(f"{where}: no entry named '{key}'{hint(key, [k for k in map(_element_key, items) if k])}")


def merge(base: Any, patch: Any, where: str, path: str = "") -> Any:
    """A designer's file over its base: tables merge key by key, a list is replaced by a list, and a list
    of tables may be patched by a table keyed by position, `id` or `name` that changes only some fields.
    `where` names the source of the patch, `path` the field it patches."""
    if isinstance(base, dict) and isinstance(patch, dict):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = merge(base[key], value, where, _join(path, key)) if key in base else copy.deepcopy(value)
        return merged
    if isinstance(base, list) and isinstance(patch, dict):
        merged = copy.deepcopy(base)
        for key, value in patch.items():
            index = _find_element(merged, str(key), f"{where}: {path}")
            merged[index] = merge(merged[index], value, where, _join(path, key))
        return merged
    return copy.deepcopy(patch)


def parse_value(text: str) -> Any:
    """A command-line value read as TOML (numbers, booleans, lists); anything else stays a string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _override_patch(document: dict, path: str, value: Any, where: str) -> dict:
    """The patch that sets one dotted path of `document` (`rules.start_cash`, `squares.Boardwalk.price`,
    `decks.chance.cards.bank_dividend.count`): every step but the last must exist."""
    parts = path.split(".")
    node = document
    for depth, part in enumerate(parts[:-1]):
        here = f"{where}: {'.'.join(parts[:depth])}" if depth else where
        if isinstance(node, dict):
            if part not in node:
                raise EditionError(f"{here}: no field '{part}'{hint(part, node)}")
            node = node[part]
        elif isinstance(node, list):
            node = node[_find_element(node, part, here)]
        else:
            raise EditionError(f"{here}: '{part}' is not a table or a list")
    patch: Any = value
    for part in reversed(parts):
        patch = {part: patch}
    return patch


@dataclass
class _Layer:
    """One source of an edition's values, in the order they apply: a data file, a variant, a --set."""
    where: str        # how the user names it: the file as written, `--set PATH=VALUE`
    said: dict        # what it says, as written (checked for unknown keys; empty for a built-in file)
    document: dict    # the edition once it applies


def _file_layers(ref: str | Path, relative_to: Path | None = None, seen: tuple[Path, ...] = (),
                 extended_by: str | None = None) -> list[_Layer]:
    """The data file `ref` and the files it extends, base first, each with the edition it makes."""
    try:
        path = _resolve_ref(ref, relative_to)
    except EditionError as exc:
        if extended_by is None:
            raise
        raise EditionError(f"{extended_by}: edition.extends: {exc}") from None
    if path.resolve() in {p.resolve() for p in seen}:
        raise EditionError(f"{extended_by}: edition.extends forms a cycle "
                           f"({' -> '.join(map(str, seen + (path,)))})")
    document = _read_toml(path)
    if "extends" in document:
        raise EditionError(f"{path}: extends: belongs in the [edition] table (extends = \"{document['extends']}\" "
                           f"under [edition])")
    said = {} if path.parent == BUILTIN_DIR else document
    meta = _meta(document, str(path))
    parent = meta.get("extends")
    if parent is None:
        return [_Layer(str(path), said, _resolve_card_squares(document, str(path)))]
    if not isinstance(parent, str):
        raise EditionError(f"{path}: edition.extends: expected the name or path of an edition, got {parent!r}")
    layers = _file_layers(parent, path.parent, seen + (path,), str(path))
    base = layers[-1].document
    own_assumptions = document.get("assumptions", [])
    if not isinstance(own_assumptions, list):
        raise EditionError(f"{path}: assumptions: expected a list of tables", "assumptions: expected a list of tables")
    merged = merge(base, {k: v for k, v in document.items() if k != "assumptions"}, str(path))
    merged["assumptions"] = base.get("assumptions", []) + own_assumptions
    _meta(merged, str(path))["extends"] = base["edition"].get("name", parent)
    return layers + [_Layer(str(path), said, _resolve_card_squares(merged, str(path)))]


def _meta(document: dict, where: str) -> dict:
    meta = document.get("edition", {})
    if not isinstance(meta, dict):
        raise EditionError(f"{where}: edition: expected a table with at least `name` and `family`, got {meta!r}")
    return meta


def _resolve_card_squares(document: dict, where: str) -> dict:
    """Card targets named by square name become indices at each level of `extends`, so that a file
    that renames squares keeps its base's cards pointing at the same squares."""
    squares = document.get("squares")
    decks = document.get("decks")
    if not isinstance(squares, list) or not isinstance(decks, dict):
        return document
    names = [s.get("name") if isinstance(s, dict) else None for s in squares]
    for deck_name, deck in decks.items():
        cards = deck.get("cards") if isinstance(deck, dict) else None
        for k, card in enumerate(cards if isinstance(cards, list) else []):
            target = card.get("square") if isinstance(card, dict) else None
            if isinstance(target, str):
                if target not in names:
                    field = f"decks.{deck_name}.cards.{_element_key(card) or k}.square"
                    raise EditionError(f"{where}: {field}: expected the name or index of a square, got "
                                       f"{target!r}{hint(target, [n for n in names if isinstance(n, str)])}")
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
    layers = _file_layers(ref)
    where, document = layers[-1].where, layers[-1].document
    meta = _meta(document, where)
    if not isinstance(meta.get("name"), str) or not isinstance(meta.get("family"), str):
        raise EditionError(f"{where}: edition: expected a table with at least `name` and `family`")
    sources = [Path(layer.where) for layer in layers]
    if variant is not None:
        variants = document.get("variants", {})
        if not isinstance(variants, dict) or not isinstance(variants.get(variant), dict):
            raise EditionError(f"unknown variant '{variant}' of edition {meta['name']}"
                               f"{hint(variant, variants if isinstance(variants, dict) else [])}")
        changes = {k: v for k, v in variants[variant].items() if k != "description"}
        document = merge(document, {"rules": changes}, f"{where}: variants.{variant}")
        layers.append(_Layer(f"{where}: variants.{variant}", {}, document))  # its keys are checked with its file
    for path, value in overrides or []:
        said = f"--set {path}={json.dumps(value, default=str)}"
        if path.split(".")[0] == "edition":
            raise EditionError(f"{said}: the [edition] table says which game a data file is, so --set cannot "
                               f"change it: pass another --edition, or a data file that extends this one")
        patch = _override_patch(document, path, value, said)
        document = merge(document, patch, said)
        layers.append(_Layer(said, patch, document))
    edition = Edition(name=meta["name"], family=meta["family"], title=str(meta.get("title", meta["name"])),
                      document=document, sources=sources, variant=variant, overrides=list(overrides or []))
    _validate(edition, layers)
    return edition


def _validate(edition: Edition, layers: list[_Layer]) -> None:
    """Compile the edition, which checks every value, and refuse every key that the family's built-in
    files do not hold at that place and its compiler does not read: a misspelt key would otherwise be
    ignored, and the game played with the value it was meant to change."""
    suspects = []
    if edition.family in FAMILIES and any(layer.said for layer in layers):
        known = _known_keys(edition.family)
        suspects = [key for layer in layers for key in _unknown_keys(layer.where, layer.said, known)]
    reads: set[tuple[tuple, str]] = set()
    try:
        compile_rules(replace(edition, document=_tracked(edition.document, (), reads)) if suspects else edition)
    except EditionError as error:
        unread = [s for s in suspects if (s.pattern, s.key) not in reads]
        # A misspelt key is the likely cause of a failure (the key meant is missing); a key merely unusual
        # may be read further on than the failure, so then the failure is what to report.
        misspelt = [s for s in unread if s.misspelt]
        raise misspelt[0].error() if misspelt else _blamed(error, layers) from None
    for unknown in suspects:
        if (unknown.pattern, unknown.key) not in reads:
            raise unknown.error()


def _blamed(error: EditionError, layers: list[_Layer]) -> EditionError:
    """The error, naming the source that brought it: the last layer without which the edition did not fail
    so (a --set over a good file blames the --set, a bad value in a file that extends a built-in its file)."""
    if error.detail is None:
        return error
    k = len(layers) - 1
    while k > 0 and _failure(layers[k - 1].document) == error.detail:
        k -= 1
    return EditionError(f"{layers[k].where}: {error.detail}", error.detail)


def _failure(document: dict) -> str | None:
    """How the edition `document` fails to compile (None: it compiles)."""
    meta = document.get("edition")
    if not isinstance(meta, dict) or not isinstance(meta.get("family"), str):
        return "edition: expected a table with at least `name` and `family`"
    try:
        compile_rules(Edition(name=str(meta.get("name")), family=meta["family"], title="", document=document,
                              sources=[Path("-")]))
    except EditionError as error:
        return error.detail or str(error)
    return None


# Keys whose values are names a file chooses (decks, variants), not fields.
_NAMED = {("decks",), ("variants",)}
# The loader's own keys, the same for every family; rule options and fields come from the built-in files.
_LOADER_KEYS = {(): {"edition", "rules", "variants", "assumptions"}, ("edition",): {"name", "family", "title", "extends"},
                ("variants", "*"): {"description"}}


def _child(pattern: tuple, key: str) -> tuple:
    """The place of a table's value in a document's shape: list entries and named tables are all alike."""
    return pattern + ("*",) if pattern in _NAMED else pattern + (key,)


@functools.cache
def _known_keys(family: str) -> dict[tuple, set[str]]:
    """Every key a data file of `family` may hold, by place: what the family's built-in files hold there,
    and what its compiler reads there when compiling them (keys with a default). A new rule option joins
    by being added to the built-in file, an optional field by being read by the compiler."""
    known = {pattern: set(keys) for pattern, keys in _LOADER_KEYS.items()}

    def collect(node: Any, pattern: tuple) -> None:
        if isinstance(node, dict):
            if pattern not in _NAMED:
                known.setdefault(pattern, set()).update(node)
            for key, value in node.items():
                collect(value, _child(pattern, key))
        elif isinstance(node, list):
            for item in node:
                collect(item, pattern + ("*",))

    for name in builtin_editions():
        edition = load_edition(name)
        if edition.family == family:
            collect(edition.document, ())
            reads: set[tuple[tuple, str]] = set()
            compile_rules(replace(edition, document=_tracked(edition.document, (), reads)))
            for pattern, key in reads:
                known.setdefault(pattern, set()).add(key)
    known[("variants", "*")] |= known.get(("rules",), set())  # a variant changes rules
    return known


class _ReadTable(dict):
    """A table of a document that notes which keys the compiler looks up in it."""
    pattern: tuple
    reads: set

    def get(self, key, default=None):
        self.reads.add((self.pattern, key))
        return super().get(key, default)

    def __getitem__(self, key):
        self.reads.add((self.pattern, key))
        return super().__getitem__(key)

    def __contains__(self, key):
        self.reads.add((self.pattern, key))
        return super().__contains__(key)


def _tracked(node: Any, pattern: tuple, reads: set) -> Any:
    """A copy of a document whose tables note in `reads` the (place, key) the compiler looks up."""
    if isinstance(node, dict):
        table = _ReadTable({key: _tracked(value, _child(pattern, key), reads) for key, value in node.items()})
        table.pattern, table.reads = pattern, reads
        return table
    if isinstance(node, list):
        return [_tracked(item, pattern + ("*",), reads) for item in node]
    return node


@dataclass
class _UnknownKey:
    where: str
    path: str
    pattern: tuple     # the place whose reads would make it known (a variant's keys are rules)
    key: str
    known: set[str]

    @property
    def misspelt(self) -> bool:
        return hint(self.key, self.known).startswith(": did you mean")

    def error(self) -> EditionError:
        what = "rule" if self.pattern == ("rules",) else "field"
        at = f"{self.path}: " if self.path else ""
        return EditionError(f"{self.where}: {at}no {what} '{self.key}'{hint(self.key, sorted(self.known))}")


def _unknown_keys(where: str, node: Any, known: dict[tuple, set[str]], pattern: tuple = (), path: str = ""):
    """The keys of `node` (what a source says, as written) that `known` lacks at their place."""
    if isinstance(node, list):
        for k, item in enumerate(node):
            yield from _unknown_keys(where, item, known, pattern + ("*",), _join(path, _element_key(item) or k))
        return
    if not isinstance(node, dict):
        return
    if pattern not in _NAMED and pattern + ("*",) in known:  # a list of tables patched entry by entry
        for key, entry in node.items():
            yield from _unknown_keys(where, entry, known, pattern + ("*",), _join(path, key))
        return
    allowed = known.get(pattern, set())
    for key, value in node.items():
        if pattern not in _NAMED and key not in allowed:
            yield _UnknownKey(where, path, ("rules",) if pattern == ("variants", "*") else pattern, key, allowed)
        else:
            yield from _unknown_keys(where, value, known, _child(pattern, key), _join(path, key))


FAMILIES = ("board", "empire", "millionaire", "deal", "fortnite")  # the game families with an engine


def compile_rules(edition: Edition):
    """The arrays of the edition's engine: BoardRules, EmpireRules, MillionaireRules, DealRules or
    FortniteRules (all GameRules)."""
    if edition.family not in FAMILIES:
        detail = f"edition.family: '{edition.family}' has no engine{hint(edition.family, FAMILIES)}"
        raise EditionError(f"{edition.source}: {detail}", detail)
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
    def card_copies(self) -> np.ndarray:
        """Per card type, the copies in one game (the sum over its deck's list)."""
        return np.array([(self.decks[d, 1:1 + self.decks[d, L.D_LEN]] == c).sum()
                         for c, d in enumerate(self.card_decks)], dtype=np.int64)

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
# What a game can hold: every copy of a deck's cards is an entry of the game's arrays (and dealt, shuffled
# and scanned), every square too; a player's complete groups are the bits of one 64-bit number.
MOST_CARDS = 1_000
MOST_SQUARES = 1_000
MOST_GROUPS = 62


class _Checker:
    """Reads typed fields, failing with the file and the field path."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, path: str, expected: str, got: Any = None) -> EditionError:
        detail = f"{path}: expected {expected}" + ("" if got is None else f", got {got!r}")
        return EditionError(f"{self.where}: {detail}", detail)

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


class _Groups:
    """Groups of squares met in board order: a name, one kind of square, the member squares."""

    def __init__(self, check: _Checker):
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


def _compile_decks(decks_doc: dict, check: _Checker, compile_card, columns: int):
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
