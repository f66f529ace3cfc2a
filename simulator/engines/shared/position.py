"""A moment of a game over the board economy (classic, Walking Dead, Millionaire), from a position file: the
state arrays the engine starts from.

A position file names the edition it is a moment of and, for each player, its strategy, cash, square, jail
state, kept cards and properties (with houses, a hotel, a mortgage). Everything the rules could not reach is
refused in one line naming the field: a square owned twice, buildings on an incomplete or mortgaged group,
uneven building, more houses or hotels than the bank holds. What a position does not say (the order of the
decks) is shuffled per game from what remains, as at the start of a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simulator.checks import LARGEST_NUMBER, EditionError, hint
from simulator.engines.shared import layout as L

POSITION_KEYS = {"edition", "variant", "to_play"}  # every family's; the board economy adds its pot
PLAYER_KEYS = {"name", "strategy", "cash", "square", "in_jail", "jail_tries", "jail_cards"}  # every family's
BOARD_POSITION_KEYS = POSITION_KEYS | {"pot"}
BOARD_PLAYER_KEYS = PLAYER_KEYS | {"out", "properties"}
PROPERTY_KEYS = {"square", "houses", "hotel", "mortgaged"}


@dataclass
class BoardStart:
    """The arrays a game starts from instead of the edition's setup, and the seat that plays first."""
    pl: np.ndarray
    own: np.ndarray
    bank: np.ndarray
    held: np.ndarray
    first_seat: int

    @staticmethod
    def none(n_cards: int, layout=L) -> BoardStart:
        """No position: the kernel plays from the edition's setup (arrays of no rows keep one compiled type)."""
        return BoardStart(pl=np.zeros((0, layout.PL_COLUMNS), dtype=np.int64),
                          own=np.zeros((0, layout.O_COLUMNS), dtype=np.int64),
                          bank=np.zeros(0, dtype=np.int64), held=np.zeros((0, n_cards), dtype=np.int64), first_seat=0)


class Reader:
    """Typed fields of a position file, each failing with the file and the field's path."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, path: str, expected: str, got: Any = None) -> EditionError:
        detail = f"{path}: expected {expected}" + ("" if got is None else f", got {got!r}")
        return EditionError(f"{self.where}: {detail}", detail)

    def keys(self, table: Any, allowed: set[str], path: str) -> dict:
        if not isinstance(table, dict):
            raise self.fail(path, "a table", table)
        for key in table:
            if key not in allowed:
                raise EditionError(f"{self.where}: {path}: no field '{key}'{hint(key, sorted(allowed))}")
        return table

    def integer(self, table: dict, key: str, path: str, default: int, low: int, high: int) -> int:
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"{path}.{key}", f"an integer from {low:,} to {high:,}", value)
        return value

    def boolean(self, table: dict, key: str, path: str) -> bool:
        value = table.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}", "true or false", value)
        return value

    def square(self, value: Any, path: str, names: list[str]) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            return value
        if isinstance(value, str) and value in names:
            return names.index(value)
        raise EditionError(f"{self.where}: {path}: expected the name or index of a square, got {value!r}"
                           f"{hint(value, names) if isinstance(value, str) else ''}")


def compile_board_position(document: dict, where: str, board, strategy_names: list[str], layout=L,
                           player_fields: dict | None = None) -> tuple[BoardStart, list[str], list[str]]:
    """The start arrays of a position over the compiled edition `board`, with the players' names and strategy
    names in seat order. `strategy_names` are the family's known strategies; `layout` is the family's (its
    arrays may have columns after the shared ones), and `player_fields` its own player keys, each a function
    (reader, value, path, pl row, held row, board) that fills what the key says."""
    player_fields = player_fields or {}
    read = Reader(where)
    position, players, player_names, strategies = read_players(read, document, board, strategy_names,
                                                               BOARD_POSITION_KEYS,
                                                               BOARD_PLAYER_KEYS | set(player_fields))
    rules, sq, names = board.rules, board.sq, board.square_names
    top = int(rules[L.R_MAX_HOUSES]) + 1  # a hotel's level
    n = len(players)
    pl = np.zeros((n, layout.PL_COLUMNS), dtype=np.int64)
    own = np.zeros((board.n_squares, layout.O_COLUMNS), dtype=np.int64)
    own[:, L.O_OWNER] = -1
    own[:, L.O_FIRST_OWNER] = -1
    held = np.zeros((n, len(board.card_ids)), dtype=np.int64)
    bank = np.zeros(layout.B_COLUMNS, dtype=np.int64)
    out_order = 0
    for p, (player, name) in enumerate(zip(players, player_names)):
        path = f"players.{name}"
        pl[p, L.PL_ALIVE] = 1
        pl[p, L.PL_OUT_TURN] = -1
        pl[p, L.PL_TRADE_SEEN] = -1
        pl[p, L.PL_GROUPS_SEEN] = -1
        pl[p, L.PL_LEAST_AFTER_BUY] = -1
        read_pawn(read, player, path, pl[p], held[p], board, L)
        cards = player.get("jail_cards", [])
        if read.boolean(player, "out", path):
            if pl[p, L.PL_CASH] or cards or player.get("properties"):
                raise read.fail(f"{path}.out", "a player out of the game to hold no cash, cards or properties")
            out_order += 1
            pl[p, L.PL_ALIVE] = 0
            pl[p, L.PL_OUT_ORDER] = out_order
            pl[p, L.PL_OUT_TURN] = 0
        for key, fill in player_fields.items():
            if key in player:
                fill(read, player[key], f"{path}.{key}", pl[p], held[p], board)
        properties = player.get("properties", [])
        if not isinstance(properties, list):
            raise read.fail(f"{path}.properties", "a list of tables ({ square = ..., houses = ... })", properties)
        for k, prop in enumerate(properties):
            _own_property(read, prop, f"{path}.properties[{k}]", p, own, sq, names, rules, top)
    check_card_copies(read, held, board)
    _check_buildings(read, own, sq, board, top)
    levels = own[:, L.O_LEVEL]
    bank[L.B_HOTELS] = rules[L.R_BANK_HOTELS] - int((levels == top).sum())
    bank[L.B_HOUSES] = rules[L.R_BANK_HOUSES] - int(levels[levels < top].sum())
    for column, rule, what in ((L.B_HOUSES, L.R_BANK_HOUSES, "houses"), (L.B_HOTELS, L.R_BANK_HOTELS, "hotels")):
        if bank[column] < 0:
            raise read.fail("players", f"at most the bank's {rules[rule]} {what} on the board",
                            int(rules[rule] - bank[column]))
    if "pot" in position and not rules[L.R_FREE_PARKING_JACKPOT]:
        raise read.fail("position.pot", "no pot: this edition has no Free Parking jackpot "
                                        "(rules.free_parking_jackpot = false)", position["pot"])
    bank[L.B_POT] = read.integer(position, "pot", "position", 0, 0, LARGEST_NUMBER)
    first = read_to_play(read, position, player_names)
    if pl[first, L.PL_ALIVE] == 0:
        raise read.fail("position.to_play", "a player still in the game", player_names[first])
    if int(pl[:, L.PL_ALIVE].sum()) < 2:
        raise read.fail("players", "at least two players still in the game")
    return BoardStart(pl=pl, own=own, bank=bank, held=held, first_seat=first), player_names, strategies


def read_players(read: Reader, document: dict, board, strategy_names: list[str], position_keys: set[str],
                 player_keys: set[str]) -> tuple[dict, list[dict], list[str], list[str]]:
    """A position file's [position] table, its player tables, and the players' names and strategy names in
    seat order (`strategy_names`: the family's known strategies; the key sets: the family's fields)."""
    position = read.keys(document.get("position", {}), position_keys, "position")
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise read.fail("players", "a list of player tables ([[players]])", players)
    if not board.players_min <= len(players) <= board.players_max:
        raise read.fail("players", f"{board.players_min} to {board.players_max} players", f"{len(players)} players")
    player_names, strategies = [], []
    for p, player in enumerate(players):
        read.keys(player, player_keys, f"players[{p}]")
        name = player.get("name", f"player {p + 1}")
        if not isinstance(name, str) or not name or name in player_names:
            raise read.fail(f"players[{p}].name", "a name no other player has", name)
        player_names.append(name)
        strategy = player.get("strategy")
        if strategy not in strategy_names:
            raise EditionError(f"{read.where}: players.{name}.strategy: unknown strategy {strategy!r} for the "
                               f"{board.family} family{hint(strategy, strategy_names)}")
        strategies.append(strategy)
    return position, players, player_names, strategies


def read_pawn(read: Reader, player: dict, path: str, pl_row: np.ndarray, held_row: np.ndarray, board,
              layout) -> None:
    """A player's cash, square, jail state and kept Get Out of Jail Free cards, into the family's columns
    (`layout`: its PL_ and R_ numbers)."""
    rules, names = board.rules, board.square_names
    pl_row[layout.PL_CASH] = read.integer(player, "cash", path, int(rules[layout.R_START_CASH]), 0, LARGEST_NUMBER)
    pl_row[layout.PL_POS] = read.square(player.get("square", 0), f"{path}.square", names)
    pl_row[layout.PL_JAIL] = -1
    jail = int(rules[layout.R_JAIL_SQUARE])
    if read.boolean(player, "in_jail", path):
        if "square" in player and pl_row[layout.PL_POS] != jail:
            raise read.fail(f"{path}.square", f"the jail square ({names[jail]}) for a player in jail", player["square"])
        pl_row[layout.PL_POS] = jail
        pl_row[layout.PL_JAIL] = read.integer(player, "jail_tries", path, 0, 0, int(rules[layout.R_JAIL_MAX_TURNS]) - 1)
    elif "jail_tries" in player:
        raise read.fail(f"{path}.jail_tries", "nothing for a player not in jail (in_jail = true first)")
    read_kept_cards(read, player.get("jail_cards", []), f"{path}.jail_cards", held_row, board,
                    cards_with(board, (layout.GET_OUT_OF_JAIL,), layout), "Get Out of Jail Free card")


def read_to_play(read: Reader, position: dict, player_names: list[str]) -> int:
    """The seat of the player whose turn comes next (default: the first)."""
    to_play = position.get("to_play", player_names[0])
    if to_play not in player_names:
        raise EditionError(f"{read.where}: position.to_play: no player {to_play!r}{hint(to_play, player_names)}")
    return player_names.index(to_play)


def cards_with(board, effects: tuple[int, ...], layout=L) -> list[str]:
    """The ids of the cards whose effect is one of `effects`."""
    return [board.card_ids[c] for c, effect in enumerate(board.cards[:, layout.C_EFFECT]) if effect in effects]


def check_card_copies(read: Reader, held: np.ndarray, board) -> None:
    """No card held by more players than the game has copies of it."""
    copies = board.card_copies
    for c in np.flatnonzero(held.sum(axis=0) > copies):
        raise read.fail("players", f"at most {copies[c]} holder(s) of card {board.card_ids[c]}",
                        f"{int(held[:, c].sum())}")


def read_kept_cards(read: Reader, value: Any, path: str, held_row: np.ndarray, board, known: list[str],
                    what: str) -> None:
    """Cards a player keeps in hand, by id: each one of `known`."""
    if not isinstance(value, list):
        raise read.fail(path, "a list of card ids", value)
    for card in value:
        if card not in known:
            raise EditionError(f"{read.where}: {path}: no {what} {card!r}{hint(card, known)}")
        held_row[board.card_ids.index(card)] += 1


def _own_property(read: Reader, prop: Any, path: str, p: int, own, sq, names, rules, top) -> None:
    read.keys(prop, PROPERTY_KEYS, path)
    s = read.square(prop.get("square"), f"{path}.square", names)
    label = f"{path} ({names[s]})"
    if sq[s, L.SQ_KIND] not in L.OWNABLE_KINDS:
        raise read.fail(f"{label}.square", "a property (a street, railroad or utility)", names[s])
    if own[s, L.O_OWNER] == p:
        raise read.fail(f"{label}.square", "each square listed once", names[s])
    if own[s, L.O_OWNER] >= 0:
        raise read.fail(f"{label}.square", "a square no other player owns", names[s])
    own[s, L.O_OWNER] = p
    own[s, L.O_FIRST_OWNER] = p
    houses = read.integer(prop, "houses", label, 0, 0, int(rules[L.R_MAX_HOUSES]))
    hotel = read.boolean(prop, "hotel", label)
    if hotel and houses:
        raise read.fail(f"{label}.houses", "no houses beside a hotel (a hotel replaces them)", houses)
    level = top if hotel else houses
    if level and sq[s, L.SQ_KIND] != L.STREET:
        raise read.fail(f"{label}.houses", "buildings on streets only", names[s])
    mortgaged = read.boolean(prop, "mortgaged", label)
    if mortgaged and level:
        raise read.fail(f"{label}.mortgaged", "no buildings on a mortgaged square")
    own[s, L.O_LEVEL] = level
    own[s, L.O_MORTGAGED] = int(mortgaged)


def _check_buildings(read: Reader, own, sq, board, top) -> None:
    """Buildings only on complete groups held by one player with no square mortgaged, built evenly."""
    groups = board.groups
    for g in range(groups.shape[0]):
        members = groups[g, L.G_MEMBERS:L.G_MEMBERS + groups[g, L.G_SIZE]]
        levels = own[members, L.O_LEVEL]
        if not levels.any():
            continue
        owners = set(own[members, L.O_OWNER].tolist())
        name = board.group_names[g]
        if len(owners) != 1 or -1 in owners:
            raise read.fail(f"players (group {name})", "buildings only on a group one player owns complete")
        if own[members, L.O_MORTGAGED].any():
            raise read.fail(f"players (group {name})", "no buildings on a group with a mortgaged square")
        if levels.max() - levels.min() > 1:
            shown = ", ".join(f"{board.square_names[s]}: {'hotel' if lv == top else lv}" for s, lv in zip(members, levels))
            raise read.fail(f"players (group {name})", "even building (levels within one of each other)", shown)


def template(edition: str, board, strategies: tuple[str, str], extra: str = "") -> str:
    """A commented example position over `edition`'s compiled `board`, for `monopoly-mc position --template`:
    Ann builds on the fourth colour group (the oranges on the classic board), Bea holds the seventh bare (the
    greens), or the last two when the board has fewer; `extra` adds the family's own keys to Ann's table."""
    names = board.square_names
    streets = [[int(s) for s in board.groups[g, L.G_MEMBERS:L.G_MEMBERS + board.groups[g, L.G_SIZE]]]
               for g in range(board.groups.shape[0]) if board.groups[g, L.G_KIND] == L.STREET]
    built, bare = (streets[3], streets[6]) if len(streets) > 6 else (streets[-2], streets[-1])
    levels = [3] * (len(built) - 1) + [2]
    other = next((s for s in range(board.n_squares) if board.sq[s, L.SQ_KIND] in L.OWNABLE_KINDS
                  and board.sq[s, L.SQ_KIND] != L.STREET), None)
    ann = [f'  {{ square = "{names[s]}", houses = {level} }},' for s, level in zip(built, levels)]
    ann += [] if other is None else [f'  {{ square = "{names[other]}", mortgaged = true }},']
    bea = [f'  {{ square = "{names[s]}" }},' for s in bare]
    start_cash = int(board.rules[L.R_START_CASH])
    ann_cash, bea_cash = start_cash * 4 // 15, start_cash * 11 // 15  # classic: 400 and 1,100
    return template_head(edition) + f'''strategy = "{strategies[0]}"     # see: monopoly-mc strategies
cash = {ann_cash}
square = "{names[0]}"             # a square's name or index
{extra}properties = [
{chr(10).join(ann)}
]
''' + template_bea(strategies[1], bea_cash) + f'''# jail_cards = ["..."]         # ids of Get Out of Jail Free cards kept
properties = [
{chr(10).join(bea)}
]
'''


def template_head(edition: str) -> str:
    """The start of every family's template: the position table, then Ann's table opened."""
    return f'''# A moment of a {edition} game: monopoly-mc position THIS_FILE --games 20000
# Everything not said here is as at the start of a game; the decks are shuffled per game.

[position]
edition = "{edition}"          # a built-in edition or a data file (a path relative to this file)
to_play = "Ann"                # whose turn comes next (default: the first player)

[[players]]
name = "Ann"
'''


def template_bea(strategy: str, cash: int) -> str:
    """Bea's table opened in every family's template: in jail after one failed roll for a double."""
    return f'''
[[players]]
name = "Bea"
strategy = "{strategy}"
cash = {cash}
in_jail = true                 # in jail after `jail_tries` failed rolls for a double
jail_tries = 1
'''


def read_position_file(path: Path) -> dict:
    import tomllib
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise EditionError(f"{path}: no such position file") from None
    except tomllib.TOMLDecodeError as exc:
        raise EditionError(f"{path}: not valid TOML: {exc}") from None
