"""Monopoly Millionaire: the board economy (shared/play.py) with star levels, Fortune cards and the race to a
million. rules.py compiles its data file, kernel.py plays it, layout.py extends the shared columns."""
from simulator.engines.millionaire.position import (
    compile_millionaire_position, millionaire_capture, millionaire_held_cards, millionaire_template,
)
from simulator.engines.millionaire import layout as M
from simulator.engines.millionaire.rules import compile_millionaire
from simulator.engines.shared.capture import give_board_squares
from simulator.engines.shared.family import Family

FAMILY = Family(name="millionaire", advice="star_levels", editions="millionaire", compile=compile_millionaire, board=True,
                groups_held_meaning="complete at the start of one of the player's turns, before the first bankruptcy",
                movement_model=True, position=compile_millionaire_position,
                position_template=millionaire_template, capture=millionaire_capture, give=give_board_squares,
                held_cards=millionaire_held_cards, winning_cash=lambda board: int(board.rules[M.R_WIN_CASH]))
