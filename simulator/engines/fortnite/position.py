"""A moment of a Monopoly Fortnite game, from a position file: the state arrays the engine starts from.

Per player: its strategy, HP, square, jail state, chest items, locations and the walls it stood that stand now,
or `out`; for the game: the storm cards turned over (their squares covered) and the locations covered without a
card (those of eliminated players: rulebook, Et si je me retrouve à court de points de vie ?). Refused in one
line naming the field: HP out of 1 to the maximum, a location owned twice or under the storm, a chest item held
more often than the chest has it, more walls than the pile, two walls on a square, a prisoner of a covered jail.
What a position does not say is as at the start of a game: full HP, no items, the chest and the storm deck
shuffled per game from what remains, and a pawn with no square placed per game by its strategy in seat order
(rulebook: Sautez du bus de combat !). No items lie on the board (eliminated players' dropped items are not
covered).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simulator.checks import EditionError, hint
from simulator.engines.fortnite import layout as F
from simulator.engines.shared.position import (
    POSITION_KEYS, Reader, check_card_copies, read_kept_cards, read_players, read_to_play, template_head,
)

FORTNITE_POSITION_KEYS = POSITION_KEYS | {"storm", "covered"}
FORTNITE_PLAYER_KEYS = {"name", "strategy", "hp", "square", "in_jail", "jail_tries", "items", "locations", "walls",
                        "out"}
UNPLACED = -1  # a pawn the file places nowhere: the strategy places it per game, as at the start


@dataclass
class FortniteStart:
    """The arrays a game starts from instead of the edition's setup: players, squares (owner, storm cover,
    walls), bank, chest items held, the storm cards turned over (in the order turned), and the seat that plays
    first."""
    pl: np.ndarray
    own: np.ndarray
    bank: np.ndarray
    held: np.ndarray
    turned: np.ndarray
    first_seat: int

    @staticmethod
    def none(n_cards: int) -> FortniteStart:
        """No position: the kernel plays from the edition's setup (arrays of no rows keep one compiled type)."""
        return FortniteStart(pl=np.zeros((0, F.PL_COLUMNS), dtype=np.int64),
                             own=np.zeros((0, F.O_COLUMNS), dtype=np.int64), bank=np.zeros(0, dtype=np.int64),
                             held=np.zeros((0, n_cards), dtype=np.int64), turned=np.zeros(0, dtype=np.int64),
                             first_seat=0)


def compile_fortnite_position(document: dict, where: str, board, strategy_names: list[str]):
    """The start arrays of a position over the compiled Fortnite edition `board`, with the players' names and
    strategy names in seat order."""
    read = Reader(where)
    position, players, names, strategies = read_players(read, document, board, strategy_names,
                                                        FORTNITE_POSITION_KEYS, FORTNITE_PLAYER_KEYS)
    rules, sq, squares = board.rules, board.sq, board.square_names
    n = len(players)
    own = np.zeros((board.n_squares, F.O_COLUMNS), dtype=np.int64)
    own[:, F.O_OWNER] = own[:, F.O_FIRST_OWNER] = own[:, F.O_WALL_BY] = -1
    bank = np.zeros(F.B_COLUMNS, dtype=np.int64)
    bank[F.B_WINNER] = -1
    turned = _storm(read, position, own, board)
    pl = np.zeros((n, F.PL_COLUMNS), dtype=np.int64)
    pl[:, F.PL_JAIL] = pl[:, F.PL_OUT_TURN] = pl[:, F.PL_GROUPS_SEEN] = pl[:, F.PL_TRADE_SEEN] = -1
    held = np.zeros((n, len(board.card_ids)), dtype=np.int64)
    chest = [board.card_ids[c] for c in np.flatnonzero(board.card_decks == F.D_CHEST)]
    walls = 0
    for p, (player, name) in enumerate(zip(players, names)):
        path = f"players.{name}"
        if read.boolean(player, "out", path):
            _out(read, player, path, pl, p, squares)
        else:
            pl[p, F.PL_ALIVE] = 1
            pl[p, F.PL_HP] = read.integer(player, "hp", path, int(rules[F.R_START_HP]), 1, int(rules[F.R_MAX_HP]))
            _pawn(read, player, path, pl[p], own, board)
            read_kept_cards(read, player.get("items", []), f"{path}.items", held[p], board, chest, "chest item")
            pl[p, F.PL_ITEMS_HELD] = sum(1 << e for e in set(board.cards[np.flatnonzero(held[p]), F.C_EFFECT].tolist()))
            _locations(read, player.get("locations", []), f"{path}.locations", p, own, board)
        walls += _walls(read, player.get("walls", []), f"{path}.walls", p, own, squares)
    check_card_copies(read, held, board)
    if walls > rules[F.R_WALLS]:
        raise read.fail("players", f"at most the pile's {rules[F.R_WALLS]} walls standing", walls)
    bank[F.B_WALLS] = rules[F.R_WALLS] - walls
    bank[F.B_NET] = int(pl[:, F.PL_HP].sum()) - n * int(rules[F.R_START_HP])  # HP from the bank since the start
    bank[F.B_STORM_FLIPPED] = len(turned)
    bank[F.B_COVERED] = int(own[:, F.O_COVERED].sum())
    if int(pl[:, F.PL_ALIVE].sum()) < 2:
        raise read.fail("players", "at least two players still in the game (the last survivor has won)")
    first = read_to_play(read, position, names)
    if pl[first, F.PL_ALIVE] == 0:
        raise read.fail("position.to_play", "a player still in the game", names[first])
    start = FortniteStart(pl=pl, own=own, bank=bank, held=held, turned=np.array(turned, dtype=np.int64),
                          first_seat=first)
    return start, names, strategies


def _storm(read: Reader, position: dict, own, board) -> list[int]:
    """The storm cards turned over (`storm`, by id: their squares covered) and the locations covered without a
    card (`covered`, by name); returns the turned cards' indices."""
    storm_cards = [board.card_ids[c] for c in np.flatnonzero(board.card_decks == F.D_STORM)]
    turned = position.get("storm", [])
    if not isinstance(turned, list):
        raise read.fail("position.storm", "a list of the storm cards turned over, by id", turned)
    indices = []
    for k, card in enumerate(turned):
        if card not in storm_cards:
            raise EditionError(f"{read.where}: position.storm[{k}]: no storm card {card!r}{hint(card, storm_cards)}")
        if card in turned[:k]:
            raise read.fail(f"position.storm[{k}]", "each storm card turned over once", card)
        c = board.card_ids.index(card)
        indices.append(c)
        own[board.cards[c, F.C_A], F.O_COVERED] = 1
    covered = position.get("covered", [])
    if not isinstance(covered, list):
        raise read.fail("position.covered", "a list of locations covered without a storm card (eliminated players')",
                        covered)
    for k, name in enumerate(covered):
        s = read.square(name, f"position.covered[{k}]", board.square_names)
        if board.sq[s, F.SQ_KIND] != F.LOCATION:
            raise read.fail(f"position.covered[{k}]", "a location (a square the storm covers without a card is an "
                            "eliminated player's location; turned storm cards go in position.storm)", name)
        if own[s, F.O_COVERED]:
            raise read.fail(f"position.covered[{k}]", "a square not covered already (by a turned storm card or "
                            "listed before)", name)
        own[s, F.O_COVERED] = 1
    return indices


def _out(read: Reader, player: dict, path: str, pl, p: int, squares: list[str]) -> None:
    """An eliminated player: no HP, items or locations (its locations went storm side up: position.covered)."""
    for key in ("hp", "items", "locations", "in_jail"):
        if key in player:
            raise read.fail(f"{path}.{key}", "nothing for a player out of the game (out = true)", player[key])
    pl[p, F.PL_OUT_ORDER] = int((pl[:, F.PL_OUT_ORDER] > 0).sum()) + 1  # the order the file lists them
    pl[p, F.PL_OUT_TURN] = 0
    pl[p, F.PL_POS] = pl[p, F.PL_START] = read.square(player.get("square", 0), f"{path}.square", squares)


def _pawn(read: Reader, player: dict, path: str, pl_row, own, board) -> None:
    """A player's square (none: placed per game by its strategy) and jail state."""
    rules, squares = board.rules, board.square_names
    square = read.square(player["square"], f"{path}.square", squares) if "square" in player else UNPLACED
    jail = int(rules[F.R_JAIL_SQUARE])
    if read.boolean(player, "in_jail", path):
        if square not in (UNPLACED, jail):
            raise read.fail(f"{path}.square", f"the jail square ({squares[jail]}) for a player in jail",
                            player["square"])
        if own[jail, F.O_COVERED]:
            raise read.fail(f"{path}.in_jail", "false: the storm covering the jail frees its prisoners (rulebook: "
                            "Tant que vous êtes En prison)", True)
        square = jail
        pl_row[F.PL_JAIL] = read.integer(player, "jail_tries", path, 0, 0, int(rules[F.R_JAIL_TRIES]) - 1)
    elif "jail_tries" in player:
        raise read.fail(f"{path}.jail_tries", "nothing for a player not in jail (in_jail = true first)")
    pl_row[F.PL_POS] = pl_row[F.PL_START] = square


def _locations(read: Reader, value, path: str, p: int, own, board) -> None:
    if not isinstance(value, list):
        raise read.fail(path, "a list of location names", value)
    for k, name in enumerate(value):
        s = read.square(name, f"{path}[{k}]", board.square_names)
        if board.sq[s, F.SQ_KIND] != F.LOCATION:
            raise read.fail(f"{path}[{k}]", "a location", name)
        if own[s, F.O_COVERED]:
            raise read.fail(f"{path}[{k}]", "a location the storm does not cover (a covered one leaves its owner)",
                            name)
        if own[s, F.O_OWNER] >= 0:
            raise read.fail(f"{path}[{k}]", "a location no other player owns and listed once", name)
        own[s, F.O_OWNER] = own[s, F.O_FIRST_OWNER] = p


def _walls(read: Reader, value, path: str, p: int, own, squares: list[str]) -> int:
    """The walls p stood that stand now, by square; returns how many."""
    if not isinstance(value, list):
        raise read.fail(path, "a list of the squares where the walls it stood stand", value)
    for k, name in enumerate(value):
        s = read.square(name, f"{path}[{k}]", squares)
        if own[s, F.O_WALL]:
            raise read.fail(f"{path}[{k}]", "a square with no other wall (one wall a square)", name)
        own[s, F.O_WALL] = 1
        own[s, F.O_WALL_BY] = p
    return len(value)


def fortnite_template(edition: str, board) -> str:
    """A commented example Fortnite position for `monopoly-mc position --template`: Ann healthier with a pair and
    a weapon, Bea in jail with a wall in Ann's way, the storm over two squares."""
    names, sq = board.square_names, board.sq
    locations = [s for s in range(board.n_squares) if sq[s, F.SQ_KIND] == F.LOCATION]
    pair = [s for s in locations if sq[s, F.SQ_GROUP] == sq[locations[-1], F.SQ_GROUP]]
    chest = [board.card_ids[c] for c in np.flatnonzero(board.card_decks == F.D_CHEST)]
    weapon = next((board.card_ids[c] for c in np.flatnonzero(board.cards[:, F.C_EFFECT] == F.WEAPON)), chest[0])
    kept = set(pair + locations[:1] + [int(board.rules[F.R_JAIL_SQUARE])])  # owned, or Bea's jail: not covered
    storm = [board.card_ids[c] for c in np.flatnonzero(board.card_decks == F.D_STORM)
             if board.cards[c, F.C_A] not in kept]
    hp = int(board.rules[F.R_MAX_HP])

    def listed(items):
        return ", ".join(f'"{i}"' for i in items)

    head = template_head(edition).replace('to_play = "Ann"', f'storm = [{listed(storm[:2])}]   # storm cards turned '
                                          f'over (their squares covered)\n# covered = ["..."]         # locations '
                                          f'covered without a card (eliminated players\')\nto_play = "Ann"')
    return head + f'''strategy = "aggressive_shooter" # see: monopoly-mc strategies --family fortnite
hp = {hp - 3}                         # health points, 1 to {hp}
square = "{names[pair[0]]}"          # a square's name or index (none: placed per game by the strategy)
locations = [{listed(names[s] for s in pair)}]
items = ["{weapon}"]    # chest items held, by id

[[players]]
name = "Bea"
strategy = "storm_avoider"
hp = {hp // 2}
in_jail = true                 # in jail after `jail_tries` failed escape rolls
jail_tries = 1
locations = [{listed(names[s] for s in locations[:1])}]
walls = ["{names[pair[0] + 2]}"]  # squares where walls Bea stood stand now: in Ann's way
# out = true                   # eliminated (no hp, items or locations)
'''
