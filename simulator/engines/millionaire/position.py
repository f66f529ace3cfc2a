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


def millionaire_capture(edition_ref: str, variant: str | None, board, strategies: list[str], params, rounds: int,
                        seed: int, game: int) -> dict | None:
    """Game `game` of `seed` (seats not rotated) at the end of round `rounds` as a position document (the board
    economy's, with each player's stars and kept Fortune cards), or None when it ended before: set up and
    played by the engine's own start_game and play_turns."""
    import numpy as np

    from simulator.engines.millionaire.kernel import play_turns, start_game
    from simulator.engines.shared.capture import board_document, board_state, capped
    rules = capped(board, rounds)
    state = board_state(board, params.shape[0])
    pl, own, bank, dq, held, draws, prm, rng, _ = state
    start = board.kernel_args[6:11]  # kernel_args: sq, rent, groups, cards, decks, rules, then the start
    _, p, money = start_game(board.sq, board.groups, board.cards, board.decks, rules, *start, params, False, seed,
                             game, pl, own, bank, dq, held, draws, prm, rng)
    _, end, _ = play_turns(board.sq, board.rent, board.groups, own, rules, prm, pl, bank, board.decks, dq, held,
                           board.cards, rng, np.zeros((board.n_squares, M.SA_COLUMNS), dtype=np.int64), draws, None,
                           money, p, p, 0)
    if end != M.END_TURN_CAP:
        return None
    kept = cards_with(board, M.KEPT_EFFECTS, M)

    def stars_and_cards(i: int) -> dict:
        cards = [card for card in kept for _ in range(int(held[i, board.card_ids.index(card)]))]
        return {"stars": STARS[int(pl[i, M.PL_STAR])], **({"fortune_cards": cards} if cards else {})}

    return board_document(edition_ref, variant, board, strategies, pl, own, bank, held, int(p), stars_and_cards)


def millionaire_held_cards(board) -> dict[str, str]:
    """The cards a Millionaire position lists in a hand: Get Out of Jail Free cards and kept Fortune cards."""
    from simulator.engines.shared.capture import jail_cards_held
    return {**jail_cards_held(board), **{card: "fortune_cards" for card in cards_with(board, M.KEPT_EFFECTS, M)}}
