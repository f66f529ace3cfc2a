"""Monopoly Fortnite's data file compiled into the arrays its engine (simulator/engines/fortnite/kernel.py) reads:
the board (locations in colour pairs with their HP costs on each side of the card, campfires, spike traps,
chests, the corners), the storm deck, the chest's items, the action die's faces, and the rule vector."""
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
from simulator.engines.fortnite import layout as F
from simulator.engines.fortnite.position import FortniteStart
from simulator.engines.shared.rules import GameRules


@dataclass
class FortniteRules(GameRules):
    start: FortniteStart | None = None  # a position to play from instead of the edition's setup

    family = "fortnite"
    layout = F

    @property
    def kernel_args(self) -> tuple:
        start = self.start or FortniteStart.none(len(self.card_ids))
        return (self.sq, self.groups, self.cards, self.decks, self.rules, start.pl, start.own, start.bank, start.held,
                start.turned, start.first_seat)

    @staticmethod
    def kernel():
        from simulator.engines.fortnite.kernel import play_chunk
        return play_chunk


_BOUNDS = (("start_hp", 1, None), ("max_hp", 1, None), ("die_sides", 1, 20), ("jail_escape_roll", 1, 20),
           ("jail_tries", 1, None), ("max_rounds", 1, 100_000))
_CORNERS = (F.GO, F.JAIL, F.FREE_PARKING, F.GO_TO_JAIL)  # squares 0, n/4, n/2 and 3n/4


def compile_fortnite(edition: Edition) -> FortniteRules:
    doc = edition.document
    check = Checker(str(edition.source))
    rules_doc = doc.get("rules")
    rules = rule_vector(rules_doc, check, F.RULE_FIELDS, F.BOOLEAN_RULES, F.R_N_RULES, _BOUNDS)
    players_min, players_max = player_range(rules_doc, check, 8)
    if rules[F.R_START_HP] > rules[F.R_MAX_HP]:
        raise check.fail("rules.start_hp", f"at most max_hp ({rules[F.R_MAX_HP]})", int(rules[F.R_START_HP]))
    if rules[F.R_JAIL_ESCAPE_ROLL] > rules[F.R_DIE_SIDES]:
        raise check.fail("rules.jail_escape_roll", f"a face of the die (1 to {rules[F.R_DIE_SIDES]})",
                         int(rules[F.R_JAIL_ESCAPE_ROLL]))

    squares = doc.get("squares")
    square_names = checked_square_names(squares, check)
    n = len(squares)
    if n % 4:
        raise check.fail("squares", "a number of squares divisible by 4 (four sides with a corner each)", n)
    sq = np.full((n, F.SQ_COLUMNS), -1, dtype=np.int64)
    sq[:, F.SQ_AMOUNT] = 0
    grouping = Groups(check)
    for i, square in enumerate(squares):
        path = f"squares[{i}] ({square_names[i]})"
        kind = sq[i, F.SQ_KIND] = check.choice(square, "kind", path, F.SQUARE_KINDS)
        corner = i % (n // 4) == 0
        if corner != (kind in _CORNERS) or (corner and kind != _CORNERS[i // (n // 4)]):
            expected = F.SQUARE_KINDS[_CORNERS[i // (n // 4)]] if corner else "no corner kind"
            raise check.fail(f"{path}.kind", f"{expected} (corners: go, jail, free_parking, go_to_jail)",
                             F.SQUARE_KINDS[kind])
        if kind == F.LOCATION:
            sq[i, F.SQ_PRICE] = check.integer(square, "cost", path, minimum=0)
            sq[i, F.SQ_STORM_COST] = check.integer(square, "storm_cost", path, minimum=0)
            group = square.get("group")
            if not isinstance(group, str) or not group:
                raise check.fail(f"{path}.group", "the name of a colour pair", group)
            sq[i, F.SQ_GROUP] = grouping.of(group, F.LOCATION)
            grouping.members[int(sq[i, F.SQ_GROUP])].append(i)
        elif kind in (F.CAMPFIRE, F.SPIKE_TRAP):
            sq[i, F.SQ_AMOUNT] = check.integer(square, "hp", path, minimum=0)
    if F.LOCATION not in sq[:, F.SQ_KIND]:
        raise check.fail("squares", "at least one location")
    rules[F.R_JAIL_SQUARE] = n // 4

    decks_doc = doc.get("decks")
    if not isinstance(decks_doc, dict) or list(decks_doc) != list(F.DECK_NAMES):
        raise check.fail("decks", f"the decks {', '.join(F.DECK_NAMES)}, in that order",
                         list(decks_doc) if isinstance(decks_doc, dict) else decks_doc)

    def compile_card(card: dict, path: str, d: int) -> np.ndarray:
        return _compile_card(card, path, d, check, square_names)

    cards, decks, card_ids, card_texts, deck_titles = compile_decks(decks_doc, check, compile_card, F.C_COLUMNS)
    return FortniteRules(sq=sq, groups=grouping.matrix(F.G_SIZE, F.G_MEMBERS, F.G_KIND), cards=cards, decks=decks,
                         rules=rules, square_names=square_names, group_names=grouping.names, card_ids=card_ids,
                         card_texts=card_texts, deck_names=list(decks_doc), deck_titles=deck_titles,
                         players_min=players_min, players_max=players_max)


_EFFECTS_OF_DECK = (F.STORM_EFFECTS, F.CHEST_EFFECTS, F.DIE_EFFECTS)


def _compile_card(card: dict, path: str, d: int, check: Checker, square_names: list[str]) -> np.ndarray:
    row = np.zeros(F.C_COLUMNS, dtype=np.int64)
    row[F.C_DECK] = d
    effect = _EFFECTS_OF_DECK[d][check.choice(card, "effect", path, _EFFECTS_OF_DECK[d])]
    row[F.C_EFFECT] = F.CARD_EFFECTS.index(effect)
    if effect == "storm":
        target = card.get("square")
        if isinstance(target, int) and not isinstance(target, bool) and 0 <= target < len(square_names):
            row[F.C_A] = target
        else:
            raise check.fail(f"{path}.square", "the name or index of a square", target)
    elif effect not in ("shield", "scope", "wall"):
        row[F.C_A] = check.integer(card, "amount", path, minimum=1)
    return row
