"""Monopoly Fortnite's trades in a position: locations and chest items change hands, HP never does (rulebook:
Transactions de lieux, "proposer d'échanger des lieux ou des objets de carte Coffre avec les autres joueurs").
A trade names locations by square name and chest items by id (an item held twice can be given twice); it moves
no cash, the family has none. The rival's answer is the one its strategy plays in the engine (kernel.py's
trade_pairs): a trader swaps a location that completes the proposer's pair for one that completes its own, or sells
the location that completes the proposer's pair for at least its item_price in chest items."""
from __future__ import annotations

import math

import numpy as np

from simulator.checks import EditionError, hint
from simulator.engines.fortnite import layout as F
from simulator.engines.shared.family import Trading


def _board(position):
    from simulator.rules import compile_rules
    return compile_rules(position.edition)


def _chest(board) -> list[str]:
    return [board.card_ids[c] for c in np.flatnonzero(board.card_decks == F.D_CHEST)]


def tradable(position, seat: int) -> list[str]:
    """The locations `seat` owns (board order), then each chest item copy it holds (chest order)."""
    board = _board(position)
    own, held = position.start.own, position.start.held
    locations = [board.square_names[s] for s in range(board.n_squares) if own[s, F.O_OWNER] == seat]
    items = [board.card_ids[c] for c in np.flatnonzero(board.card_decks == F.D_CHEST) for _ in range(held[seat, c])]
    return locations + items


def hand_over(document: dict, position, thing: str, giver: int, taker: int, names: list[str]) -> None:
    """Move one location or one copy of a chest item from the giver's entry of the position document to the
    taker's; refused in one line when the giver does not hold it."""
    board = _board(position)
    chest = _chest(board)
    giver_entry, taker_entry = document["players"][giver], document["players"][taker]
    key = "items" if thing in chest else "locations"
    held = giver_entry.get(key, [])
    for k, given in enumerate(held):
        # a file may name a location by its square's index
        if key == "locations" and isinstance(given, int) and 0 <= given < board.n_squares:
            given = board.square_names[given]
        if given == thing:
            taker_entry.setdefault(key, []).append(held.pop(k))
            return
    if key == "locations" and thing not in board.square_names:
        known = [board.square_names[s] for s in range(board.n_squares) if board.sq[s, F.SQ_KIND] == F.LOCATION]
        raise EditionError(f"{thing}: neither a location nor a chest item of {position.edition.name} (Fortnite "
                           f"trades locations and chest items: rulebook, Transactions de lieux){hint(thing, known + chest)}")
    what = "chest item" if key == "items" else "location"
    raise EditionError(f"{thing}: {names[giver]} does not hold this {what} (or not that many copies){hint(thing, held)}")


def rival_answer(position, trade) -> str:
    """What the second player's strategy answers, as its engine plays it: "yes" to one location that completes the
    proposer's pair for one that completes its own, or for at least its item_price chest items (rounded up);
    "no" to anything else, and from a strategy that does not trade. Exact for --strategy-file strategies too: the
    trade decisions are the kernel's, read from the parameter row, which a user file cannot replace."""
    board = _board(position)
    p, q = (position.players.index(name) for name in trade.between)
    prm = board.lineup_array(position.lineup())
    if board.rules[F.R_TRADING] == 0 or prm[q, F.P_TRADE] < 1.0 or len(trade.get) != 1 \
            or not _completes(board, position, trade.get[0], p):
        return "no"
    chest = _chest(board)
    items = [t for t in trade.give if t in chest]
    if not items:  # swap_locations: two different pairs, each completed for its new owner
        agrees = len(trade.give) == 1 and _completes(board, position, trade.give[0], q) \
            and _pair(board, trade.give[0]) != _pair(board, trade.get[0])
    else:
        price = prm[q, F.P_ITEM_PRICE]
        agrees = len(items) == len(trade.give) and price >= 1.0 and len(items) >= math.ceil(price)
    return "yes" if agrees else "no"


def _pair(board, location: str) -> int:
    return int(board.sq[board.square_names.index(location), F.SQ_GROUP])


def _completes(board, position, location: str, seat: int) -> bool:
    """Whether `location` is the half of a pair whose other half `seat` owns."""
    if location not in board.square_names:
        return False
    s = board.square_names.index(location)
    g = board.sq[s, F.SQ_GROUP]
    if board.sq[s, F.SQ_KIND] != F.LOCATION or board.groups[g, F.G_SIZE] != 2:
        return False
    pair = board.groups[g, F.G_MEMBERS:F.G_MEMBERS + 2]
    return bool(position.start.own[pair[pair != s], F.O_OWNER][0] == seat)


TRADING = Trading(tradable=tradable, hand_over=hand_over, rival_answer=rival_answer,
                  what="locations and chest items")
