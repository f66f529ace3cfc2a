"""The classic family's data files (classic, Walking Dead) compiled into the arrays its engine
(simulator/engines/board/kernel.py) reads."""
from __future__ import annotations

import numpy as np

from simulator.checks import Checker, Edition, compile_decks, player_range, rule_vector
from simulator.engines.shared import layout as L
from simulator.engines.shared.rules import (
    BOARD_BOOLEAN_RULES,
    BOARD_BOUNDS,
    BoardRules,
    board_squares,
    compile_board_card,
)


class ClassicRules(BoardRules):
    family = "board"
    layout = L

    @staticmethod
    def kernel():
        from simulator.engines.board.kernel import play_chunk
        return play_chunk


def compile_board(edition: Edition) -> ClassicRules:
    doc = edition.document
    check = Checker(str(edition.source))
    rules_doc = doc.get("rules")
    rules = rule_vector(rules_doc, check, L.RULE_FIELDS, BOARD_BOOLEAN_RULES, L.R_N_RULES, BOARD_BOUNDS)
    players_min, players_max = player_range(rules_doc, check, 8)
    board = board_squares(doc, check, rules_doc)
    sq, square_names = board.sq, board.square_names
    rules[L.R_JAIL_SQUARE] = int(np.flatnonzero(sq[:, L.SQ_KIND] == L.JAIL)[0])

    def compile_card(card: dict, card_path: str, d: int) -> np.ndarray:
        row = np.zeros(L.C_COLUMNS, dtype=np.int64)
        compile_board_card(row, card, card_path, check, square_names, sq)
        row[L.C_DECK] = d
        return row

    cards, decks, card_ids, card_texts, deck_titles = compile_decks(doc.get("decks", {}), check, compile_card,
                                                                     L.C_COLUMNS)

    ownable = int(np.isin(sq[:, L.SQ_KIND], L.OWNABLE_KINDS).sum())
    if rules[L.R_DEAL_DEEDS] * players_max > ownable:
        raise check.fail("rules.deal_deeds", f"at most {ownable // players_max} deeds each for {players_max} "
                         f"players ({ownable} properties on the board)", int(rules[L.R_DEAL_DEEDS]))
    return ClassicRules(sq=sq, rent=board.rent, groups=board.groups, cards=cards, decks=decks, rules=rules,
                      square_names=square_names, group_names=board.grouping.names, card_ids=card_ids,
                      card_texts=card_texts, deck_names=board.deck_names, deck_titles=deck_titles,
                      players_min=players_min, players_max=players_max)


