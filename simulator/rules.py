"""Editions as data: load a TOML data file, resolve `extends`, variants and overrides, validate it, and
compile it into the numpy arrays the engines read.

Every problem is reported as an EditionError naming the source that said it (a data file, a variant, an
override as its caller wrote it), the field and what was expected, so the CLI can print it as one line. A key no built-in file of the
family holds at that place and its compiler does not read is refused, with the closest known name.
"""
from __future__ import annotations

import copy
import functools
import json
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from simulator import families
from simulator.checks import Edition, EditionError, hint

BUILTIN_DIR = Path(__file__).parent / "editions"


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
    close = hint(text.replace("-", "_"), builtin_editions()) if path.suffix != ".toml" else ""
    if close.startswith(": did you mean"):
        raise EditionError(f"unknown edition '{text}'{close}")
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


def as_keyword(keyword: str, listed: bool = False) -> Callable[[str, Any], str]:
    """How a Python caller wrote an override, `overrides={'rules.start_cash': 1.5}` (`listed`: one value of
    a list, as a sweep's axes give them), so that an error names it in the caller's words."""
    def spelled(path: str, value: Any) -> str:
        return f"{keyword}={{{path!r}: {'[..., ' if listed else ''}{value!r}{', ...]' if listed else ''}}}"
    return spelled


def as_set_option(path: str, value: Any) -> str:
    """How the command line wrote an override: `--set rules.start_cash=1.5`."""
    return f"--set {path}={json.dumps(value, default=str)}"


def parse_value(text: str) -> Any:
    """A command-line value read as TOML (numbers, booleans, lists); anything else stays a string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def override_patch(document: dict, path: str, value: Any, where: str) -> dict:
    """The patch that sets one dotted path of `document` (`rules.start_cash`, `squares.Boardwalk.price`,
    `decks.chance.cards.bank_dividend.count`): every step but the last must exist."""
    parts = path.split(".")
    node = document
    for depth, part in enumerate(parts[:-1]):
        here = f"{where}: {'.'.join(parts[:depth])}" if depth else where
        try:
            if isinstance(node, dict):
                if part not in node:
                    raise EditionError(f"{here}: no field '{part}'{_misplaced(document, path) or hint(part, node)}")
                node = node[part]
            elif isinstance(node, list):
                node = node[_find_element(node, part, here)]
            else:
                raise EditionError(f"{here}: '{part}' is not a table or a list")
        except EditionError as error:
            raise EditionError(f"{error}{_of_another_edition(document, parts[:depth + 1])}") from None
    patch: Any = value
    for part in reversed(parts):
        patch = {part: patch}
    return patch


def _reaches(document: dict, parts: list[str]) -> bool:
    """Does the dotted path `parts` lead somewhere in `document` (lists addressed by position, id or name)?"""
    node: Any = document
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list):
            found = [item for index, item in enumerate(node) if part in (str(index), _element_key(item))]
            if not found:
                return False
            node = found[0]
        else:
            return False
    return True


def _misplaced(document: dict, path: str) -> str:
    """`start_cash=2000` for `rules.start_cash=2000`: the tables of the data file that hold the path."""
    holders = [f"{table}.{path}" for table, node in document.items()
               if isinstance(node, dict) and _reaches(node, path.split(".")[:-1] or path.split("."))]
    return f": did you mean {holders[0]}?" if len(holders) == 1 else ""


def _of_another_edition(document: dict, parts: list[str]) -> str:
    """The built-in edition whose data file has the path (`decks.deal` given to classic): add --edition."""
    own = document.get("edition", {}).get("name") if isinstance(document.get("edition"), dict) else None
    for name in builtin_editions():
        if name != own and _reaches(_read_toml(BUILTIN_DIR / f"{name}.toml"), parts):
            return f"; {'.'.join(parts)} is a path of the {name} edition: add --edition {name}"
    return ""


@dataclass
class _Layer:
    """One source of an edition's values, in the order they apply: a data file, a variant, an override."""
    where: str        # how the user names it: the file as written, `--set PATH=VALUE`, `overrides={...}`
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


def load_edition(ref: str | Path, variant: str | None = None, overrides: list[tuple[str, Any]] | None = None,
                 spelling: Callable[[str, Any], str] = as_keyword("overrides")) -> Edition:
    """The edition `ref` names, with `variant` and `overrides` applied and validated; `spelling` says how
    the caller wrote an override, for the messages."""
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
        said = spelling(path, value)
        if path.split(".")[0] == "edition":
            raise EditionError(f"{said}: the [edition] table says which game a data file is, so an override "
                               f"cannot change it: choose another edition, or a data file that extends this one")
        patch = override_patch(document, path, value, said)
        document = merge(document, patch, said)
        layers.append(_Layer(said, patch, document))
    _check_documentation(document, where)
    edition = Edition(name=meta["name"], family=meta["family"], title=str(meta.get("title", meta["name"])),
                      document=document, sources=sources, variant=variant, overrides=list(overrides or []))
    _validate(edition, layers)
    return edition


def _check_documentation(document: dict, where: str) -> None:
    """What `editions NAME` prints and no engine reads: the description, and each assumption's field, value
    and source."""
    description = document["edition"].get("description", "")
    if not isinstance(description, str):
        raise EditionError(f"{where}: edition.description: expected a string, got {description!r}")
    assumptions = document.get("assumptions", [])
    if not isinstance(assumptions, list):
        raise EditionError(f"{where}: assumptions: expected a list of tables")
    for k, entry in enumerate(assumptions):
        if (not isinstance(entry, dict) or not {"field", "value", "source"} <= set(entry)
                or not all(isinstance(entry.get(key, ""), str) for key in ("field", "source", "note"))):
            raise EditionError(f"{where}: assumptions[{k}]: expected a table with a field, a value and a source "
                               f"(strings; a note too, optionally), got {entry!r}")


def _validate(edition: Edition, layers: list[_Layer]) -> None:
    """Compile the edition, which checks every value, and refuse every key that the family's built-in
    files do not hold at that place and its compiler does not read: a misspelt key would otherwise be
    ignored, and the game played with the value it was meant to change."""
    suspects = []
    if edition.family in families.names() and any(layer.said for layer in layers):
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
        raise misspelt[0].error(edition.document) if misspelt else _blamed(error, layers) from None
    for unknown in suspects:
        if (unknown.pattern, unknown.key) not in reads:
            raise unknown.error(edition.document)


def _blamed(error: EditionError, layers: list[_Layer]) -> EditionError:
    """The error, naming the source that brought it: the last layer without which the edition did not fail
    so (an override of a good file blames the override, a bad value in a file that extends a built-in its file)."""
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
_LOADER_KEYS = {(): {"edition", "rules", "variants", "assumptions"}, ("edition",): {"name", "family", "title", "extends", "description"},
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

    def error(self, document: dict) -> EditionError:
        what = "rule" if self.pattern == ("rules",) else "field"
        at = f"{self.path}: " if self.path else ""
        nearest = (not self.path and not self.misspelt and _misplaced(document, self.key)) or hint(self.key,
                                                                                                  sorted(self.known))
        return EditionError(f"{self.where}: {at}no {what} '{self.key}'{nearest}")


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


def compile_rules(edition: Edition):
    """The arrays of the edition's engine (a GameRules of its family's kind), from its family's compiler."""
    try:
        family = families.get(edition.family)
    except KeyError:
        detail = f"edition.family: '{edition.family}' has no engine{hint(edition.family, families.names())}"
        raise EditionError(f"{edition.source}: {detail}", detail) from None
    return family.compile(edition)


def rule_meanings(edition: Edition) -> dict[str, str]:
    """What each rule option means: the comment beside it in the `[rules]` table of the edition's data files
    (a file's own comment over its base's), the one place a designer reads and edits it."""
    meanings: dict[str, str] = {}
    for source in edition.sources:
        meanings.update(_commented_keys(source.read_text(), "rules"))
    return meanings


def _commented_keys(text: str, wanted: str) -> dict[str, str]:
    """{key: its trailing comment} for the keys of the TOML table `wanted` in `text` (tomllib drops comments)."""
    table, found = None, {}
    for line in text.splitlines():
        code, comment = _split_comment(line)
        if code.startswith("["):
            table = code.strip("[] ")
        elif table == wanted and "=" in code and comment:
            found[code.partition("=")[0].strip()] = comment
    return found


def _split_comment(line: str) -> tuple[str, str]:
    """A TOML line's code and its comment: the text after the first # outside a string."""
    quote = None
    for i, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


def _shown(path: Path) -> str:
    """A data file as a reader finds it: a built-in one within the project, a user's one as given."""
    return str(path.relative_to(BUILTIN_DIR.parent.parent)) if path.parent == BUILTIN_DIR else str(path)


def describe_edition(edition: Edition) -> dict[str, Any]:
    """What `monopoly-mc editions NAME` prints, all read from the data file and the checks of its family's
    compiler: the edition, each rule option (value, meaning, allowed values), the variants, a summary of
    each deck, and every documented assumption."""
    from simulator.checks import noting_allowed
    with noting_allowed() as allowed:
        board = compile_rules(edition)
    meanings = rule_meanings(edition)
    rules = edition.document.get("rules", {})
    meta = edition.document["edition"]
    about = {"edition": edition.name, "title": edition.title, "family": edition.family,
             "players": f"{board.players_min}-{board.players_max}", "variant": edition.variant or "",
             "data file": _shown(edition.source), "extends": meta.get("extends", ""),
             "currency": meta.get("currency", ""), "squares": board.n_squares, "description": meta.get("description", "")}
    rule_rows = [{"option": key, "value": value, "meaning": meanings.get(key, ""),
                  "allowed": allowed.get(f"rules.{key}", "")} for key, value in rules.items()]
    variant_rows = [{"variant": name, "description": body.get("description", ""),
                     "changes": {k: v for k, v in body.items() if k != "description"}}
                    for name, body in edition.variants.items()]
    copies, effects, decks = board.card_copies, board.card_effects, list(board.card_decks)
    deck_rows = []
    for d, (name, title) in enumerate(zip(board.deck_names, board.deck_titles)):
        cards = [c for c, deck in enumerate(decks) if deck == d]
        by_effect: dict[str, int] = {}
        for c in cards:
            by_effect[effects[c]] = by_effect.get(effects[c], 0) + int(copies[c])
        deck_rows.append({"deck": name, "title": title, "cards": len(cards), "copies": int(copies[cards].sum()),
                          "effects": ", ".join(f"{e} ×{n}" for e, n in by_effect.items())})
    assumption_rows = [{"field": a.get("field", ""), "value": a.get("value", ""), "source": a.get("source", ""),
                        "note": a.get("note", "")} for a in edition.assumptions]
    return {"edition": about, "rules": rule_rows, "variants": variant_rows, "decks": deck_rows,
            "assumptions": assumption_rows}
