"""A moment of a Monopoly Millionaire game: the board economy's position (simulator/engines/shared/position.py)
with each player's star level and kept Fortune cards. The Fortune cards lying on the properties are dealt per
game onto the unowned ones from what remains of the deck, as at the start of a game."""
from __future__ import annotations

from simulator.checks import EditionError
from simulator.engines.millionaire import layout as M
from simulator.engines.shared.position import cards_with, compile_board_position, read_kept_cards, template

STARS = (1, 3, 5)  # a star level's number of stars, by level


def _stars(read, value, path, pl_row, held_row, board) -> None:
    if value not in STARS:
        raise read.fail(path, "1, 3 or 5 stars", value)
    pl_row[M.PL_STAR] = STARS.index(value)


def _fortune_cards(read, value, path, pl_row, held_row, board) -> None:
    read_kept_cards(read, value, path, held_row, board, cards_with(board, M.KEPT_EFFECTS, M), "kept Fortune card")


def compile_millionaire_position(document: dict, where: str, board, strategy_names: list[str]):
    start, players, strategies = compile_board_position(document, where, board, strategy_names, layout=M,
                                                        player_fields={"stars": _stars, "fortune_cards": _fortune_cards})
    win_cash = int(board.rules[M.R_WIN_CASH])
    for name, cash in zip(players, start.pl[:, M.PL_CASH]):
        if cash >= win_cash:
            # the game ends the moment a player holds the winning cash (rulebook: "Le premier joueur qui possède
            # 1 million en billets remporte la partie")
            raise EditionError(f"{where}: players.{name}.cash: expected less than the winning {win_cash:,} "
                               f"(the game would be over), got {int(cash)}")
    return start, players, strategies


def millionaire_template(edition: str, board) -> str:
    return template(edition, board, ("upgrade_at_once", "never_upgrade"),
                    extra='stars = 3                      # the star level: 1, 3 or 5\n'
                          '# fortune_cards = ["..."]      # ids of kept Fortune cards (steal, swap, free house)\n')
