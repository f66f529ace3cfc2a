"""Mid-game positions of Monopoly Fortnite (see simulator/engines/shared/capture.py): a game played by the
engine's own play_game to the end of a round, its state written as the position document that
compile_fortnite_position reads back, and a colour pair's locations given to one player."""
from __future__ import annotations

import copy

import numpy as np

from simulator.engines.fortnite import layout as F
from simulator.engines.shared import layout as L


def fortnite_play_to_round(board, params: np.ndarray, rounds: int, seed: int, game: int):
    """Game `game` of `seed` (seats not rotated) played to the end of round `rounds`: (pl, own, held, dq) then,
    or None when the game was over before it."""
    from simulator.engines.fortnite.kernel import play_game
    n = params.shape[0]
    sq, cards, decks = board.sq, board.cards, board.decks
    pl = np.zeros((n, F.PL_COLUMNS), dtype=np.int64)
    own = np.zeros((sq.shape[0], F.O_COLUMNS), dtype=np.int64)
    bank = np.zeros(F.B_COLUMNS, dtype=np.int64)
    dq = np.zeros((decks.shape[0], F.DQ_CARDS + decks.shape[1]), dtype=np.int64)
    held = np.zeros((n, cards.shape[0]), dtype=np.int64)
    dropped = np.zeros((sq.shape[0], cards.shape[0]), dtype=np.int64)
    draws = np.zeros((n, cards.shape[0]), dtype=np.int64)
    prm = np.zeros((n, F.N_PARAMS), dtype=np.float64)
    rng = np.zeros(4, dtype=np.uint64)
    sq_agg = np.zeros((sq.shape[0], F.SA_COLUMNS), dtype=np.int64)
    scratch = tuple(np.zeros_like(a) for a in (pl, own, bank, dq, held, dropped, draws, prm, rng, sq_agg))
    capped = board.rules.copy()
    capped[F.R_MAX_ROUNDS] = rounds
    arguments = list(board.kernel_args)
    arguments[4] = capped  # kernel_args: sq, groups, cards, decks, rules, then the start
    game_row = np.zeros(F.GM_COLUMNS, dtype=np.int64)
    player_rows = np.zeros((n, F.PO_COLUMNS), dtype=np.int64)
    card_agg = np.zeros((cards.shape[0], F.CA_COLUMNS), dtype=np.int64)
    play_game(*arguments, params, False, seed, game, None, pl, own, bank, dq, held, dropped, draws, prm, rng,
              game_row, player_rows, sq_agg, card_agg, scratch)
    return (pl, own, held, dq) if game_row[L.GM_END] == F.END_TURN_CAP else None


def fortnite_document(edition_ref: str, variant: str | None, board, strategies: list[str], pl, own, held,
                      dq) -> dict:
    """The position document of a Fortnite moment: HP, squares, jail, chest items, locations and walls per
    player (eliminated players out, on their square), the storm cards turned over in the order turned and the
    locations covered without one. Items dropped on squares are not written (a position cannot place them):
    they go back to the chest."""
    squares, ids, decks = board.square_names, board.card_ids, board.decks
    names = [f"P{p + 1}" for p in range(pl.shape[0])]
    length = decks[F.D_STORM, F.D_LEN]
    flipped = length - dq[F.D_STORM, F.DQ_COUNT]
    head = dq[F.D_STORM, F.DQ_HEAD]
    turned = [int(dq[F.D_STORM, F.DQ_CARDS + (head - flipped + k) % length]) for k in range(flipped)]
    by_card = {int(board.cards[c, F.C_A]) for c in turned}
    covered = [squares[s] for s in np.flatnonzero(own[:, F.O_COVERED]) if s not in by_card]
    players = []
    for p, name in enumerate(names):
        player = {"name": name, "strategy": strategies[p], "square": squares[int(pl[p, F.PL_POS])]}
        walls = [squares[s] for s in np.flatnonzero((own[:, F.O_WALL] == 1) & (own[:, F.O_WALL_BY] == p))]
        if pl[p, F.PL_ALIVE] == 0:
            players.append({**player, "out": True, "walls": walls})
            continue
        player["hp"] = int(pl[p, F.PL_HP])
        if pl[p, F.PL_JAIL] >= 0:
            player.update(in_jail=True, jail_tries=int(pl[p, F.PL_JAIL]))
        player["items"] = [ids[c] for c in range(len(ids)) for _ in range(int(held[p, c]))]
        player["locations"] = [squares[s] for s in np.flatnonzero(own[:, F.O_OWNER] == p)]
        players.append({**player, "walls": walls})
    position = {"edition": edition_ref, "to_play": names[0], "storm": [ids[c] for c in turned], "covered": covered}
    if variant is not None:
        position["variant"] = variant
    return {"position": position, "players": players}


def fortnite_capture(edition_ref: str, variant: str | None, board, strategies: list[str], params: np.ndarray,
                     rounds: int, seed: int, game: int) -> dict | None:
    """Game `game` of `seed` at the end of round `rounds` as a position document, or None when it was over."""
    state = fortnite_play_to_round(board, params, rounds, seed, game)
    return None if state is None else fortnite_document(edition_ref, variant, board, strategies, *state)


def give_fortnite_locations(document: dict, board, squares: list[str], seat: int | None) -> dict:
    """The document with the locations `squares` taken from whoever holds them and given to the player at
    `seat` (None: left unclaimed). A location under the storm is uncovered first, in both copies (its storm card
    back in the deck): a covered location has no owner."""
    changed = copy.deepcopy(document)
    position = changed["position"]
    position["covered"] = [s for s in position.get("covered", []) if s not in squares]
    position["storm"] = [c for c in position.get("storm", [])
                         if board.square_names[int(board.cards[board.card_ids.index(c), F.C_A])] not in squares]
    for player in changed["players"]:
        if "locations" in player:
            player["locations"] = [s for s in player["locations"] if s not in squares]
    if seat is not None:
        changed["players"][seat]["locations"] = changed["players"][seat].get("locations", []) + list(squares)
    return changed
