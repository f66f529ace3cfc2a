"""Monopoly Empire's data file compiled into the arrays its engine (simulator/engines/empire/kernel.py) reads."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simulator.checks import (
    Checker,
    Edition,
    Groups,
    checked_square_names,
    compile_decks,
    player_range,
    rule_vector,
)
from simulator.engines.empire import layout as E
from simulator.engines.empire.position import EmpireStart
from simulator.engines.shared.rules import GameRules


@dataclass
class EmpireRules(GameRules):
    ladder: np.ndarray      # tower value at heights 1..capacity
    deck_kept: np.ndarray   # 1 for a deck whose cards are kept in hand
    start: EmpireStart | None = None  # a position to play from instead of the edition's setup

    family = "empire"
    layout = E

    @property
    def kernel_args(self) -> tuple:
        start = self.start or EmpireStart.none(len(self.card_ids))
        return (self.sq, self.groups, self.ladder, self.cards, self.decks, self.deck_kept, self.rules, start.pl,
                start.tw, start.own, start.bank, start.held, start.dealt, start.first_seat)

    @staticmethod
    def kernel():
        from simulator.engines.empire.kernel import play_chunk
        return play_chunk


_BOUNDS = (("tower_capacity", 1, 60), ("doubles_to_jail", 1, None), ("jail_max_turns", 1, None),
           ("max_rounds", 1, 100_000), ("auction_start", 1, None), ("auction_step", 1, None),
           ("swap_face", 0, 6), ("skyscrapers", 0, 40))


def compile_empire(edition: Edition) -> EmpireRules:
    doc = edition.document
    check = Checker(str(edition.source))
    rules_doc = doc.get("rules")
    rules = rule_vector(rules_doc, check, E.RULE_FIELDS, E.BOOLEAN_RULES, E.R_N_RULES, _BOUNDS)
    players_min, players_max = player_range(rules_doc, check, 8)
    capacity = int(rules[E.R_TOWER_CAPACITY])
    ladder = np.array(check.int_list(rules_doc, "tower_values", "rules", length=capacity), dtype=np.int64)
    if rules[E.R_SKYSCRAPERS] > 0:
        check.integer(rules_doc, "skyscraper_height", "rules", minimum=1)

    squares = doc.get("squares")
    square_names = checked_square_names(squares, check)
    decks_doc = doc.get("decks", {})
    if not isinstance(decks_doc, dict) or not decks_doc:
        raise check.fail("decks", "a table of decks")
    deck_names = list(decks_doc)
    n = len(squares)
    sq = np.full((n, E.SQ_COLUMNS), -1, dtype=np.int64)
    sq[:, E.SQ_STOCK] = 0
    grouping = Groups(check)
    for i, square in enumerate(squares):
        path = f"squares[{i}] ({square_names[i]})"
        kind = sq[i, E.SQ_KIND] = check.choice(square, "kind", path, E.SQUARE_KINDS)
        if kind in (E.BRAND, E.UTILITY):
            sq[i, E.SQ_PRICE] = check.integer(square, "price", path, minimum=1)
            sq[i, E.SQ_HEIGHT] = check.integer(square, "height", path, minimum=1)
        if kind == E.BRAND:
            group = square.get("group")
            if not isinstance(group, str) or not group:
                raise check.fail(f"{path}.group", "the name of a colour group", group)
            sq[i, E.SQ_GROUP] = grouping.of(group, E.BRAND)
            grouping.members[int(sq[i, E.SQ_GROUP])].append(i)
        elif kind == E.UTILITY:
            sq[i, E.SQ_STOCK] = check.integer(square, "billboards", path, minimum=1)
        elif kind == E.CARD:
            sq[i, E.SQ_DECK] = check.choice(square, "deck", path, deck_names)
    kinds = list(sq[:, E.SQ_KIND])
    if sq[0, E.SQ_KIND] != E.GO:
        raise check.fail("squares[0].kind", "'go' (the board starts at GO)", E.SQUARE_KINDS[sq[0, E.SQ_KIND]])
    for required in (E.GO, E.JAIL):
        if kinds.count(required) != 1:
            raise check.fail("squares", f"exactly one square of kind '{E.SQUARE_KINDS[required]}'")
    if E.BRAND not in kinds:
        raise check.fail("squares", "at least one brand")
    rules[E.R_JAIL_SQUARE] = kinds.index(E.JAIL)
    groups = grouping.matrix(E.G_SIZE, E.G_MEMBERS, E.G_KIND)
    rules[E.R_STARTING_DECK] = check.choice(rules_doc, "starting_deck", "rules", deck_names)

    def compile_card(card: dict, card_path: str, d: int) -> np.ndarray:
        return _compile_card(card, card_path, d, check, square_names)

    cards, decks, card_ids, card_texts, deck_titles = compile_decks(decks_doc, check, compile_card, E.C_COLUMNS)
    starting = int(decks[rules[E.R_STARTING_DECK], E.D_LEN])
    if rules[E.R_STARTING_CARDS] > starting:
        raise check.fail("rules.starting_cards", f"at most the {starting} cards of the starting deck",
                         int(rules[E.R_STARTING_CARDS]))
    deck_kept = np.array([int(check.boolean(decks_doc[name], "kept", f"decks.{name}")) for name in deck_names],
                         dtype=np.int64)
    return EmpireRules(sq=sq, groups=groups, ladder=ladder, cards=cards, decks=decks, deck_kept=deck_kept,
                       rules=rules, square_names=square_names, group_names=grouping.names, card_ids=card_ids,
                       card_texts=card_texts, deck_names=deck_names, deck_titles=deck_titles,
                       players_min=players_min, players_max=players_max)


def _compile_card(card: dict, path: str, deck: int, check: Checker, square_names: list[str]) -> np.ndarray:
    row = np.zeros(E.C_COLUMNS, dtype=np.int64)
    row[E.C_DECK] = deck
    row[E.C_EFFECT] = check.choice(card, "effect", path, E.CARD_EFFECTS)
    effect = card["effect"]
    if effect in ("bank", "each_player"):
        row[E.C_A] = check.integer(card, "amount", path, minimum=None)
    elif effect == "charge_player":
        row[E.C_A] = check.integer(card, "amount", path, minimum=1)
    elif effect == "move":
        row[E.C_A] = check.integer(card, "steps", path, minimum=None)
        if row[E.C_A] == 0 or abs(row[E.C_A]) >= len(square_names):
            raise check.fail(f"{path}.steps", f"a non-zero number of squares under {len(square_names)}",
                             int(row[E.C_A]))
    elif effect == "advance_to":
        target = card.get("square")
        if isinstance(target, int) and not isinstance(target, bool) and 0 <= target < len(square_names):
            row[E.C_A] = target
        else:
            raise check.fail(f"{path}.square", "the name or index of a square", target)
    return row
