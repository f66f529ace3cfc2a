"""Monopoly Deal's data file compiled into the arrays its engine (simulator/engines/deal/kernel.py) reads: the
colour sets with their rent ladders, the card types, the deck (one copy per card, `deck_copies` decks
shuffled together), and the rule vector."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from simulator.checks import (
    MOST_GROUPS,
    Checker,
    Edition,
    compile_decks,
    player_range,
    rule_vector,
)
from simulator.engines.deal import layout as D
from simulator.engines.deal.position import DealStart
from simulator.engines.shared.rules import GameRules

PLAYERS_PER_DECK = 5  # rulebook: 2-5 players, two decks from 6


@dataclass
class DealRules(GameRules):
    deck: np.ndarray        # the card type of every copy in play
    start: DealStart | None = None  # a position to play from instead of the edition's setup

    family = "deal"
    layout = D

    @property
    def kernel_args(self) -> tuple:
        start = self.start or DealStart.none()
        return self.cards, self.deck, self.groups, self.rules, start.loc, start.dealt, start.first_seat

    @staticmethod
    def kernel():
        from simulator.engines.deal.kernel import play_chunk
        return play_chunk

    # No board: the squares frame of its results is empty
    square_kinds: ClassVar[list[str]] = []
    square_groups: ClassVar[list[str]] = []
    square_prices: ClassVar[np.ndarray] = np.zeros(0, dtype=np.int64)

    def table_refused(self, players: int) -> str | None:
        """The deal must be one the deck can make for this table (rulebook: Mise en place 2, 5 cards each)."""
        hand = int(self.rules[D.R_HAND_START])
        if players * hand > len(self.deck):
            return (f"the deck holds {len(self.deck)} cards, too few to deal {players} hands of {hand} "
                    f"(at most {len(self.deck) // hand} players)")
        return None

    @property
    def card_copies(self) -> np.ndarray:
        """Per card type, the copies in the game's deck (deck_copies decks tiled)."""
        return np.bincount(self.deck, minlength=len(self.card_ids)).astype(np.int64)

    @property
    def colour_groups(self) -> list[tuple[int, str]]:
        """Every set, railroads and utilities included, counts toward the three to win."""
        return list(enumerate(self.group_names))


_BOUNDS = (("hand_start", 0, 20), ("draws_per_turn", 0, 20), ("draws_empty_hand", 0, 20), ("plays_per_turn", 1, 20),
           ("sets_to_win", 1, None), ("max_rounds", 1, 100_000), ("deck_copies", 1, 4))


def compile_deal(edition: Edition) -> DealRules:
    doc = edition.document
    check = Checker(str(edition.source))
    rules_doc = doc.get("rules")
    rules = rule_vector(rules_doc, check, D.RULE_FIELDS, D.BOOLEAN_RULES, D.R_N_RULES, _BOUNDS)
    for name, (index, words) in D.CHOICE_RULES.items():
        rules[index] = check.choice(rules_doc, name, "rules", words)
    copies = int(rules[D.R_DECK_COPIES])
    players_min, players_max = player_range(rules_doc, check, PLAYERS_PER_DECK * copies)
    sets, set_names = _compile_sets(doc.get("sets"), check)
    if rules[D.R_SETS_TO_WIN] > len(set_names):
        raise check.fail("rules.sets_to_win", f"at most the {len(set_names)} sets there are",
                         int(rules[D.R_SETS_TO_WIN]))

    def compile_card(card: dict, path: str, d: int) -> np.ndarray:
        return _compile_card(card, path, d, check, set_names, int(rules[D.R_ANY_RENT_EACH]))

    decks_doc = doc.get("decks")
    if not isinstance(decks_doc, dict) or len(decks_doc) != 1:
        raise check.fail("decks", "one deck (a table with a single deck of cards)")
    cards, decks, card_ids, card_texts, deck_titles = compile_decks(decks_doc, check, compile_card, D.C_COLUMNS)
    deck = np.tile(decks[0, 1:1 + decks[0, D.D_LEN]], copies)
    # The smallest table must be dealt; a larger one is checked for the run that asks for it (table_refused)
    if players_min * rules[D.R_HAND_START] > len(deck):
        raise check.fail("rules.hand_start", f"a deal the deck can make: {players_min} hands of "
                         f"{rules[D.R_HAND_START]} from {len(deck)} cards", int(rules[D.R_HAND_START]))
    return DealRules(sq=np.zeros((0, 1), dtype=np.int64), groups=sets, cards=cards, decks=decks, rules=rules,
                     square_names=[], group_names=set_names, card_ids=card_ids, card_texts=card_texts,
                     deck_names=list(decks_doc), deck_titles=deck_titles, players_min=players_min,
                     players_max=players_max, deck=deck)


def _compile_sets(sets_doc, check: Checker) -> tuple[np.ndarray, list[str]]:
    if not isinstance(sets_doc, list) or not sets_doc or not all(isinstance(s, dict) for s in sets_doc):
        raise check.fail("sets", "a list of colour set tables")
    if len(sets_doc) > MOST_GROUPS:
        raise check.fail("sets", f"at most {MOST_GROUPS} colour sets", len(sets_doc))
    names: list[str] = []
    sets = np.zeros((len(sets_doc), D.G_COLUMNS), dtype=np.int64)
    for i, entry in enumerate(sets_doc):
        name = entry.get("name")
        if not isinstance(name, str) or not name or name in names or name == "any":
            raise check.fail(f"sets[{i}].name", "a name no other set has (and not 'any')", name)
        names.append(name)
        path = f"sets[{i}] ({name})"
        size = sets[i, D.G_SIZE] = check.integer(entry, "size", path, minimum=1, maximum=D.MAX_SET_SIZE)
        sets[i, D.G_RENT:D.G_RENT + size] = check.int_list(entry, "rent", path, length=size)
        sets[i, D.G_BUILDABLE] = int(check.boolean(entry, "buildings", path))
        sets[i, D.G_KIND] = D.SET
    return sets, names


_AMOUNT_EFFECTS = ("debt_collector", "birthday", "house", "hotel", "pass_go")


def _colours(card: dict, path: str, check: Checker, set_names: list[str], most: int) -> tuple[int, int]:
    """The colour bits of a property or rent card, and whether it is the any-colour card."""
    colours = card.get("colours")
    if colours == "any":
        return (1 << len(set_names)) - 1, 1
    if (not isinstance(colours, list) or not 1 <= len(colours) <= most
            or any(c not in set_names for c in colours) or len(set(colours)) != len(colours)):
        raise check.fail(f"{path}.colours", f"\"any\" or a list of 1 to {most} different sets of "
                         f"{', '.join(set_names)}", colours)
    return sum(1 << set_names.index(c) for c in colours), 0


def _compile_card(card: dict, path: str, d: int, check: Checker, set_names: list[str], any_each: int) -> np.ndarray:
    row = np.zeros(D.C_COLUMNS, dtype=np.int64)
    row[D.C_DECK] = d
    effect = row[D.C_EFFECT] = check.choice(card, "effect", path, D.CARD_EFFECTS)
    row[D.C_VALUE] = check.integer(card, "value", path)
    if effect in (D.PROPERTY, D.RENT):
        row[D.C_COLOURS], row[D.C_ANY] = _colours(card, path, check, set_names, 2)
        if row[D.C_ANY] and effect == D.PROPERTY and row[D.C_VALUE] != 0:
            raise check.fail(f"{path}.value", "0 for the any-colour wild (it has no money value)", int(row[D.C_VALUE]))
    if effect == D.RENT and row[D.C_ANY]:
        # The rulebook reads two ways for this card: a rule option, not a property of the card
        if "charges" in card:
            raise check.fail(f"{path}.charges", "no charges on the any-colour rent card (rules.any_colour_rent_charges "
                             "says whom it charges)", card["charges"])
        row[D.C_EACH] = any_each
    elif effect == D.RENT:
        row[D.C_EACH] = check.choice(card, "charges", path, D.CHARGES)
    if D.CARD_EFFECTS[effect] in _AMOUNT_EFFECTS:
        row[D.C_AMOUNT] = check.integer(card, "amount", path, minimum=1)
    if effect == D.MONEY and row[D.C_VALUE] == 0:
        raise check.fail(f"{path}.value", "an integer >= 1 for money", 0)
    return row
