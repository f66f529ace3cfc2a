"""Monopoly Millionaire's data file compiled into the arrays its engine (simulator/engines/millionaire/kernel.py)
reads: the board family's squares and rule vector, extended with star levels and level-dependent cards."""
from __future__ import annotations

from typing import Any

import numpy as np

from simulator.checks import LARGEST_NUMBER, Checker, Edition, compile_decks, player_range, rule_vector
from simulator.engines.millionaire import layout as M
from simulator.engines.shared.rules import (
    BOARD_BOUNDS,
    BoardRules,
    board_squares,
    compile_board_card,
)


class MillionaireRules(BoardRules):
    family = "millionaire"
    layout = M

    @staticmethod
    def kernel():
        from simulator.engines.millionaire.kernel import play_chunk
        return play_chunk


_LEVEL_EFFECTS = ("bank", "each_player", "dice_challenge")  # amounts given per star level


def _per_level(check: Checker, card: dict, key: str, path: str, default: Any = None,
               minimum: int | None = None, maximum: int | None = None) -> list[int]:
    """An integer for every star level, or a list of one per level (1, 3 and 5 stars)."""
    value = card.get(key, default)
    values = [value] * M.STAR_LEVELS if not isinstance(value, list) else value
    low = -LARGEST_NUMBER if minimum is None else minimum
    high = LARGEST_NUMBER if maximum is None else maximum
    if (len(values) != M.STAR_LEVELS or any(isinstance(v, bool) or not isinstance(v, int) for v in values)
            or min(values) < low or max(values) > high):
        bounds = f" from {low:,} to {high:,}"
        raise check.fail(f"{path}.{key}", f"an integer{bounds}, or a list of {M.STAR_LEVELS} (1, 3 and 5 stars)",
                         value)
    return values


def compile_millionaire(edition: Edition) -> MillionaireRules:
    doc = edition.document
    check = Checker(str(edition.source))
    rules_doc = doc.get("rules")
    rules = rule_vector(rules_doc, check, M.RULE_FIELDS, M.BOOLEAN_RULES, M.R_N_RULES,
                         BOARD_BOUNDS + (("win_cash", 1, None),))
    players_min, players_max = player_range(rules_doc, check, 8)
    salary = check.int_list(rules_doc, "salary", "rules", length=M.STAR_LEVELS)
    rules[M.R_SALARY:M.R_SALARY + M.STAR_LEVELS] = salary
    if rules[M.R_START_CASH] >= rules[M.R_WIN_CASH]:
        raise check.fail("rules.start_cash", f"less than win_cash ({rules[M.R_WIN_CASH]})",
                         int(rules[M.R_START_CASH]))
    board = board_squares(doc, check, rules_doc)
    sq, square_names = board.sq, board.square_names
    rules[M.R_JAIL_SQUARE] = int(np.flatnonzero(sq[:, M.SQ_KIND] == M.JAIL)[0])
    fortune = rules[M.R_FORTUNE_DECK] = check.choice(rules_doc, "fortune_deck", "rules", board.deck_names)
    for i in np.flatnonzero(sq[:, M.SQ_DECK] == fortune):
        raise check.fail(f"squares[{i}] ({square_names[i]}).deck",
                         "a deck other than the Fortune deck, whose cards lie on the properties", board.deck_names[fortune])

    def compile_card(card: dict, card_path: str, d: int) -> np.ndarray:
        row = np.zeros(M.C_COLUMNS, dtype=np.int64)
        effect = card.get("effect")
        if effect in _LEVEL_EFFECTS:
            row[M.C_EFFECT] = M.CARD_EFFECTS.index(effect)
            row[M.C_AMOUNT:M.C_AMOUNT + M.STAR_LEVELS] = _per_level(check, card, "amount", card_path)
            if effect == "dice_challenge":
                row[M.C_MIN_ROLL:M.C_MIN_ROLL + M.STAR_LEVELS] = _per_level(check, card, "min_roll", card_path,
                                                                            minimum=2, maximum=12)
                row[M.C_FINE:M.C_FINE + M.STAR_LEVELS] = _per_level(check, card, "fine", card_path, default=0,
                                                                    minimum=0)
        else:
            compile_board_card(row, card, card_path, check, square_names, sq, M.CARD_EFFECTS)
        if d == fortune and effect in M.MOVING_EFFECTS:
            raise check.fail(f"{card_path}.effect", "an effect that leaves the pawn on its property "
                             "(a Fortune card is followed by buying or auctioning the property)", effect)
        row[M.C_DECK] = d
        return row

    cards, decks, card_ids, card_texts, deck_titles = compile_decks(doc.get("decks", {}), check, compile_card,
                                                                     M.C_COLUMNS)
    kept = np.flatnonzero(np.isin(cards[:, M.C_EFFECT], M.KEPT_EFFECTS))
    if kept.size:
        # a turn looks for kept cards to play among these alone, not the whole hand
        rules[M.R_KEPT_CARDS:M.R_KEPT_CARDS + 2] = kept[0], kept[-1] + 1
    return MillionaireRules(sq=sq, rent=board.rent, groups=board.groups, cards=cards, decks=decks, rules=rules,
                            square_names=square_names, group_names=board.grouping.names, card_ids=card_ids,
                            card_texts=card_texts, deck_names=board.deck_names, deck_titles=deck_titles,
                            players_min=players_min, players_max=players_max)
