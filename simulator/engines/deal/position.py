"""A moment of a Monopoly Deal game, from a position file: where each card is when the game resumes.

Per player: its strategy, the cards in its hand it names (`hand`) and how many more it holds unnamed
(`unknown_hand`, dealt per game from the draw pile), its bank, and its table, set by set (properties and the
house and hotel standing on the set); for the game, the discards. Every card not placed is in the draw pile,
shuffled per game. Refused in one line naming the field: an unknown card or set, more copies of a card than the
deck holds (a card in two places), more cards than the deck holds, a property in a bank or on a set it does not
fit, a house or hotel on a set that is not complete or takes none, a hand over the limit, a money note in the
discards. What a position does not say is as at the start of a game: a player whose hand the file does not
mention holds `hand_start` cards dealt per game, one at a time in turn order from the player to play.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simulator.checks import EditionError, hint
from simulator.engines.deal import layout as D
from simulator.engines.shared.position import POSITION_KEYS, Reader, read_players, read_to_play, template_head

DEAL_POSITION_KEYS = POSITION_KEYS | {"discards"}
DEAL_PLAYER_KEYS = {"name", "strategy", "hand", "unknown_hand", "bank", "table"}
BANKABLE = tuple(e for e in range(len(D.CARD_EFFECTS)) if e != D.PROPERTY)  # rulebook: properties are never banked
DISCARDED = tuple(e for e in BANKABLE if e not in (D.MONEY, D.HOUSE, D.HOTEL))  # played actions; notes are banked


@dataclass
class DealStart:
    """The arrays a game starts from instead of the edition's setup: every copy's place (zone, owner, set; the
    draw pile for copies the position does not place), the cards each player is dealt unnamed, and the seat that
    plays first."""
    loc: np.ndarray
    dealt: np.ndarray
    first_seat: int

    @staticmethod
    def none() -> DealStart:
        """No position: the kernel plays from the edition's setup (arrays of no rows keep one compiled type)."""
        return DealStart(loc=np.zeros((0, D.LOC_COLUMNS), dtype=np.int64), dealt=np.zeros(0, dtype=np.int64),
                         first_seat=0)


class _Places:
    """Copies of the deck given places, the first free copy of a card type each time."""

    def __init__(self, read: Reader, board):
        self.read, self.board = read, board
        self.loc = np.zeros((len(board.deck), D.LOC_COLUMNS), dtype=np.int64)
        self.loc[:, D.LOC_ZONE] = D.Z_DRAW
        self.loc[:, D.LOC_OWNER] = self.loc[:, D.LOC_SET] = -1
        self.free = {c: list(np.flatnonzero(board.deck == c)) for c in range(len(board.card_ids))}

    def card(self, value, path: str, effects: tuple[int, ...], what: str) -> int:
        """The card type named `value`, one of `effects`."""
        ids = self.board.card_ids
        if value not in ids:
            raise EditionError(f"{self.read.where}: {path}: no card {value!r}{hint(value, ids)}")
        c = ids.index(value)
        if self.board.cards[c, D.C_EFFECT] not in effects:
            raise self.read.fail(path, what, value)
        return c

    def place(self, c: int, path: str, zone: int, owner: int = -1, colour_set: int = -1) -> None:
        if not self.free[c]:
            copies = int((self.board.deck == c).sum())
            raise self.read.fail(path, f"at most the deck's {copies} {self.board.card_ids[c]} card(s) in all places "
                                 f"(a card in one place at a time)", self.board.card_ids[c])
        self.loc[self.free[c].pop(0)] = (zone, owner, colour_set)

    def cards(self, value, path: str, zone: int, owner: int, effects: tuple[int, ...], what: str) -> int:
        """A list of card ids put in `zone` of `owner`; returns how many."""
        if not isinstance(value, list):
            raise self.read.fail(path, "a list of card ids", value)
        for k, card in enumerate(value):
            self.place(self.card(card, f"{path}[{k}]", effects, what), f"{path}[{k}]", zone, owner)
        return len(value)


def compile_deal_position(document: dict, where: str, board, strategy_names: list[str]):
    """The start arrays of a position over the compiled Deal edition `board`, with the players' names and
    strategy names in seat order."""
    read = Reader(where)
    position, players, names, strategies = read_players(read, document, board, strategy_names, DEAL_POSITION_KEYS,
                                                        DEAL_PLAYER_KEYS)
    rules = board.rules
    places = _Places(read, board)
    dealt = np.zeros(len(players), dtype=np.int64)
    limit = int(rules[D.R_HAND_LIMIT])
    every_card = tuple(range(len(D.CARD_EFFECTS)))
    for p, (player, name) in enumerate(zip(players, names)):
        path = f"players.{name}"
        known = places.cards(player.get("hand", []), f"{path}.hand", D.Z_HAND, p, every_card, "a card")
        named = "hand" in player or "unknown_hand" in player
        dealt[p] = read.integer(player, "unknown_hand", path, 0 if named else int(rules[D.R_HAND_START]), 0, limit)
        if known + dealt[p] > limit:
            raise read.fail(f"{path}.hand", f"at most the hand limit of {limit} cards, named and unknown",
                            int(known + dealt[p]))
        places.cards(player.get("bank", []), f"{path}.bank", D.Z_BANK, p, BANKABLE,
                     "a card that can be banked (money, an action or a rent; properties are laid, never banked)")
        _table(read, player.get("table", {}), f"{path}.table", p, places, board)
    places.cards(position.get("discards", []), "position.discards", D.Z_DISCARD, -1, DISCARDED,
                 "an action or rent card (money is banked, properties laid, buildings stand on sets)")
    in_pile = int((places.loc[:, D.LOC_ZONE] == D.Z_DRAW).sum())
    if dealt.sum() > in_pile:
        raise read.fail("players", f"at most the {in_pile} cards left in the draw pile dealt as unknown hands "
                        f"(the deck holds {len(board.deck)})", int(dealt.sum()))
    first = read_to_play(read, position, names)
    return DealStart(loc=places.loc, dealt=dealt, first_seat=first), names, strategies


def _table(read: Reader, value, path: str, p: int, places: _Places, board) -> None:
    """p's table: per colour set, its property cards and the house and hotel standing on it."""
    if not isinstance(value, dict):
        raise read.fail(path, "a table of colour sets, each a list of card ids ({ brown = [\"brown\", ...] })", value)
    sets, groups, cards = board.group_names, board.groups, board.cards
    for name, listed in value.items():
        where = f"{path}.{name}"
        if name not in sets:
            raise EditionError(f"{read.where}: {where}: no colour set {name!r}{hint(name, sets)}")
        s = sets.index(name)
        if not isinstance(listed, list):
            raise read.fail(where, "a list of card ids", listed)
        types = [places.card(card, f"{where}[{k}]", (D.PROPERTY, D.HOUSE, D.HOTEL),
                             "a property or a building (house, hotel)") for k, card in enumerate(listed)]
        properties = [c for c in types if cards[c, D.C_EFFECT] == D.PROPERTY]
        for k, c in enumerate(types):
            if cards[c, D.C_EFFECT] == D.PROPERTY and not (cards[c, D.C_COLOURS] >> s) & 1:
                raise read.fail(f"{where}[{k}]", f"a property of the {name} set", listed[k])
        complete = len(properties) >= groups[s, D.G_SIZE] and any(not cards[c, D.C_ANY] for c in properties)
        houses, hotels = (sum(cards[c, D.C_EFFECT] == e for c in types) for e in (D.HOUSE, D.HOTEL))
        if houses + hotels:
            if not groups[s, D.G_BUILDABLE]:
                raise read.fail(where, f"no building: the {name} set takes none", listed)
            if not complete:
                raise read.fail(where, f"buildings on a complete set only ({groups[s, D.G_SIZE]} properties, one not "
                                "the any-colour wild)", listed)
            if houses > 1 or hotels > houses:
                raise read.fail(where, "at most one house, and a hotel only on a house", listed)
        for k, c in enumerate(types):
            places.place(c, f"{where}[{k}]", D.Z_TABLE, p, s)


def deal_template(edition: str, board) -> str:
    """A commented example Deal position for `monopoly-mc position --template`: Ann with two complete sets and
    the third set's last property in hand, about to play; Bea with money in the bank and a Just Say No."""
    sets, groups, cards, ids = board.group_names, board.groups, board.cards, board.card_ids

    def natural(s):  # the one-colour property card of set s
        return next(ids[c] for c in range(len(ids)) if cards[c, D.C_EFFECT] == D.PROPERTY
                    and cards[c, D.C_COLOURS] == 1 << s)

    small = sorted(range(len(sets)), key=lambda s: groups[s, D.G_SIZE])[:3]
    table = ", ".join(f'{sets[s]} = [{", ".join(chr(34) + natural(s) + chr(34) for _ in range(groups[s, D.G_SIZE]))}]'
                      for s in small[:2])
    third = small[2]
    started = ", ".join(f'"{natural(third)}"' for _ in range(groups[third, D.G_SIZE] - 1))
    money = [ids[c] for c in range(len(ids)) if cards[c, D.C_EFFECT] == D.MONEY]
    head = template_head(edition).replace("to_play = \"Ann\"", "# discards = [\"...\"]         # actions and rents "
                                          "played (every card not placed is in the draw pile)\nto_play = \"Ann\"")
    return head + f'''strategy = "rush_properties"    # see: monopoly-mc strategies --family deal
hand = ["{natural(third)}"]          # cards in hand, by id
unknown_hand = 2               # more cards in hand, not said which: dealt per game from the draw pile
bank = ["{money[0]}", "{money[1]}"]
table = {{ {table}, {sets[third]} = [{started}] }}   # per colour set: properties, house, hotel

[[players]]
name = "Bea"
strategy = "late_attacker"
hand = ["just_say_no"]
unknown_hand = 4
bank = ["{money[-1]}", "{money[2]}"]
'''
