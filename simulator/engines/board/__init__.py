"""The classic family: classic Monopoly and The Walking Dead (with its quick game). rules.py compiles its data
files, kernel.py plays them over the board economy in shared/play.py."""
from simulator.engines.shared.position import compile_board_position, template
from simulator.engines.board.rules import compile_board
from simulator.engines.shared.capture import board_capture, give_board_squares, jail_cards_held
from simulator.engines.shared.family import Family


def _capture(*args):
    from simulator.engines.board.kernel import play_game
    return board_capture(play_game, *args)


FAMILY = Family(name="board", advice="streets", editions="classic, walking_dead", compile=compile_board, board=True,
                # the engine stops counting at the first bankruptcy, so that a group merely collected from a
                # bankrupt player is not counted
                groups_held_meaning="complete at the start of one of the player's turns, before the first bankruptcy",
                movement_model=True, position=compile_board_position,
                position_template=lambda edition, board: template(edition, board, ("buy_all", "cautious")),
                capture=_capture, give=give_board_squares, held_cards=jail_cards_held)
