"""The compiled side every engine shares: GameRules, what the runner and the results need of any compiled
edition, and the board economy's squares, rent ladders and cards, which the classic family and Millionaire
compile alike."""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

import numpy as np

from simulator.checks import Checker, Groups, checked_square_names
from simulator.engines.shared import layout as L
from simulator.engines.shared.position import BoardStart


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

    def table_refused(self, players: int) -> str | None:
        """Why `players` cannot play this edition beyond the players_min..players_max range, or None: a
        family whose setup depends on the table (a deal of hands) says so."""
        return None

    @property
    def n_squares(self) -> int:
        return len(self.square_names)

    @property
    def strategies(self):
        """The family's strategy module (PARAMETERS, DEFAULT_LINEUP, TOURNAMENT_FIELD, parameter_vector)."""
        from strategies import family_module
        return family_module(self.family)

    def parameter_vector(self, strategy) -> np.ndarray:
        """The strategy's parameters as the kernel reads them, with the number of a user strategy (from a
        --strategy-file; simulator/usercode.py) whose decisions the seat plays, 0 for the built-in ones. A
        search player's row is wider: its base's, its search settings and its candidates' (search_vector)."""
        if strategy.searches:
            from strategies import search_vector
            return search_vector(strategy, self.parameter_vector)
        vector = self.strategies.parameter_vector(strategy, self.group_names)
        vector[self.layout.P_USER_STRATEGY] = strategy.code
        return vector

    def lineup_array(self, lineup) -> np.ndarray:
        """The lineup's rows as the kernel reads them, one per seat, padded with zeros to the widest (a search
        player's): a padded row has no search settings, so its seat never searches."""
        rows = [self.parameter_vector(s) for s in lineup]
        table = np.zeros((len(rows), max(len(r) for r in rows)))
        for i, row in enumerate(rows):
            table[i, :len(row)] = row
        return table

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
    """The arrays a kernel over the board economy reads (the classic family's and Millionaire's), with the
    names that give them meaning; each family's subclass names its engine."""
    rent: np.ndarray
    start: BoardStart | None = None  # a position to play from instead of the edition's setup

    @property
    def kernel_args(self) -> tuple:
        start = self.start or BoardStart.none(len(self.card_ids), self.layout)
        return (self.sq, self.rent, self.groups, self.cards, self.decks, self.rules, start.pl, start.own, start.bank,
                start.held, start.first_seat)


BOARD_BOOLEAN_RULES = {"auctions", "end_on_first_bankruptcy", "free_parking_jackpot", "go_landing_bonus", "trading",
                  "group_rent_requires_unmortgaged", "sell_buildings_first", "mortgage_interest_on_price",
                  "auction_must_sell", "shortage_auction_from_price"}


BOARD_BOUNDS = (("max_houses", 1, 4), ("doubles_to_jail", 1, None), ("jail_max_turns", 1, None),
                 ("max_rounds", 1, 100_000), ("auction_min_bid", 1, None), ("building_sellback_percent", 0, 100),
                 ("mortgage_interest_percent", 0, 100))


@dataclass
class BoardSquares:
    """A board family's squares compiled: names, the square and rent matrices, the groups, the decks'
    names (card squares point at them)."""
    square_names: list[str]
    deck_names: list[str]
    sq: np.ndarray
    rent: np.ndarray
    grouping: Groups

    @property
    def groups(self) -> np.ndarray:
        return self.grouping.matrix(L.G_SIZE, L.G_MEMBERS, L.G_KIND)


def board_squares(doc: dict, check: Checker, rules_doc: dict) -> BoardSquares:
    """The squares of a board-family data file, with the rent ladders of railroads and utilities."""
    mortgage_pct = check.integer(rules_doc, "mortgage_percent", "rules", maximum=100)
    squares = doc.get("squares")
    square_names = checked_square_names(squares, check)
    decks_doc = doc.get("decks", {})
    if not isinstance(decks_doc, dict):
        raise check.fail("decks", "a table of decks")
    deck_names = list(decks_doc)

    n = len(squares)
    sq = np.full((n, L.SQ_COLUMNS), -1, dtype=np.int64)
    rent = np.zeros((n, L.RENT_COLUMNS), dtype=np.int64)
    grouping = Groups(check)
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
    return BoardSquares(square_names=square_names, deck_names=deck_names, sq=sq, rent=rent, grouping=grouping)


def compile_board_card(row: np.ndarray, card: dict, path: str, check: Checker, square_names: list[str],
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
