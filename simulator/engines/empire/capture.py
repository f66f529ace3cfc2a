"""Mid-game positions of Monopoly Empire (see simulator/engines/shared/capture.py): a game played with the
engine's own new_game and play_turns to the end of a round, its state written as the position document that
compile_empire_position reads back, and a group's billboards given to one player's tower."""
from __future__ import annotations

import copy

import numpy as np

from simulator.engines.empire import layout as E
from simulator.engines.empire.position import SKYSCRAPER_NAME


def empire_capture(edition_ref: str, variant: str | None, board, strategies: list[str], params: np.ndarray,
                   rounds: int, seed: int, game: int) -> dict | None:
    """Game `game` of `seed` (seats not rotated) at the end of round `rounds` as a position document, or None
    when a tower was full before it."""
    from simulator.engines.empire.kernel import new_game, play_turns
    capped = board.rules.copy()
    capped[E.R_MAX_ROUNDS] = rounds
    n = params.shape[0]
    sq = board.sq
    max_tiles = int(capped[E.R_SKYSCRAPERS]) + int(sq[sq[:, E.SQ_KIND] == E.UTILITY, E.SQ_STOCK].sum()) + \
        int((sq[:, E.SQ_KIND] == E.BRAND).sum())
    pl = np.zeros((n, E.PL_COLUMNS), dtype=np.int64)
    tw = np.zeros((n, max_tiles), dtype=np.int64)
    own = np.zeros((board.n_squares, E.O_COLUMNS), dtype=np.int64)
    bank = np.zeros(E.B_COLUMNS, dtype=np.int64)
    dq = np.zeros((board.decks.shape[0], E.DQ_CARDS + board.decks.shape[1]), dtype=np.int64)
    held = np.zeros((n, len(board.card_ids)), dtype=np.int64)
    draws = np.zeros_like(held)
    prm = np.zeros((n, E.N_PARAMS), dtype=np.float64)
    rng = np.zeros(4, dtype=np.uint64)
    arguments = list(board.kernel_args)
    start = arguments[7:14]  # kernel_args: sq, groups, ladder, cards, decks, deck_kept, rules, then the start
    _, p, _ = new_game(board.sq, board.cards, board.decks, capped, *start, params, False, seed, game, pl, tw,
                           own, bank, dq, held, draws, prm, rng)
    sq_agg = np.zeros((board.n_squares, E.SA_COLUMNS), dtype=np.int64)
    play_turns(board.sq, board.groups, board.ladder, board.cards, board.decks, board.deck_kept, dq, held, capped, prm,
               pl, tw, own, bank, rng, sq_agg, draws, p, p, 0)
    if bank[E.B_WINNER] >= 0:
        return None
    jail = {c for c in range(len(board.card_ids)) if board.cards[c, E.C_EFFECT] == E.GET_OUT_OF_JAIL}
    names = [f"P{i + 1}" for i in range(n)]
    players = []
    for i, name in enumerate(names):
        player = {"name": name, "strategy": strategies[i], "cash": int(pl[i, E.PL_CASH]),
                  "square": board.square_names[int(pl[i, E.PL_POS])]}
        if pl[i, E.PL_JAIL] >= 0:
            player.update(in_jail=True, jail_tries=int(pl[i, E.PL_JAIL]))
        cards = [(c, board.card_ids[c]) for c in range(held.shape[1]) for _ in range(int(held[i, c]))]
        if any(c in jail for c, _ in cards):
            player["jail_cards"] = [card for c, card in cards if c in jail]
        # named, even when none: a player whose Empire cards are not named is dealt a starting hand
        player["empire_cards"] = [card for c, card in cards if c not in jail]
        player["tower"] = [SKYSCRAPER_NAME if t == E.SKYSCRAPER else board.square_names[t]
                           for t in tw[i, :pl[i, E.PL_TILES]]]
        players.append(player)
    position = {"edition": edition_ref, "to_play": names[p]}
    if variant is not None:
        position["variant"] = variant
    return {"position": position, "players": players}


def give_empire_squares(document: dict, board, squares: list[str], seat: int | None) -> dict | None:
    """The document with the billboards of `squares` taken out of every tower (the tiles above move down) and
    put on top of the tower of the player at `seat` (None: left with the bank). None when they fill that tower:
    the player has won at once (rulebook: Comment gagner ?)."""
    changed = copy.deepcopy(document)
    for player in changed["players"]:
        player["tower"] = [tile for tile in player.get("tower", []) if tile not in squares]
    if seat is None:
        return changed
    tower = changed["players"][seat]["tower"] = changed["players"][seat]["tower"] + squares
    height = sum(int(board.rules[E.R_SKYSCRAPER_HEIGHT]) if tile == SKYSCRAPER_NAME
                 else int(board.sq[board.square_names.index(tile), E.SQ_HEIGHT]) for tile in tower)
    return None if height >= board.rules[E.R_TOWER_CAPACITY] else changed


def empire_held_cards(board) -> dict[str, str]:
    """The cards an Empire position lists in a hand: Get Out of Jail Free cards and the Empire cards kept."""
    kept = set(np.flatnonzero(board.deck_kept).tolist())
    return {board.card_ids[c]: "jail_cards" if board.cards[c, E.C_EFFECT] == E.GET_OUT_OF_JAIL else "empire_cards"
            for c in range(len(board.card_ids))
            if board.cards[c, E.C_EFFECT] == E.GET_OUT_OF_JAIL or board.card_decks[c] in kept}
