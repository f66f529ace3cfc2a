"""Mid-game positions over the board economy: a game played from the edition's setup to the end of a round,
its state written back as a position document (the inverse of compile_board_position), so that values by
intervention (simulator/effects.py) start from moments real games reach. The game is the engine's own
play_game, called once with the turn cap set to the round: no second turn loop to keep in step with it."""
from __future__ import annotations

import copy

import numpy as np

from simulator.engines.shared import layout as L
from simulator.engines.shared.games import chunk_state
from simulator.engines.shared.position import cards_with


def capped(board, rounds: int) -> np.ndarray:
    """The edition's rules with the turn cap at `rounds`: the game stops at the end of that round."""
    rules = board.rules.copy()
    rules[board.layout.R_MAX_ROUNDS] = rounds
    return rules


def board_state(board, players: int) -> tuple:
    """A game's state arrays over the board economy, as a batch kernel's chunk allocates them."""
    layout = board.layout
    return chunk_state(board.n_squares, board.decks, len(board.card_ids), players, layout.PL_COLUMNS,
                       layout.O_COLUMNS, layout.B_COLUMNS, layout.N_PARAMS)


def play_to_round(play_game, board, params: np.ndarray, rounds: int, seed: int, game: int):
    """Game `game` of `seed` (seats as `params` lists them, not rotated) played to the end of round `rounds` by
    the classic family's play_game: (pl, own, bank, held, first seat) at that moment, or None when the game
    ended before it."""
    n = params.shape[0]
    state = board_state(board, n)
    game_row = np.zeros(L.GM_COLUMNS, dtype=np.int64)
    player_rows = np.zeros((n, board.layout.PO_COLUMNS), dtype=np.int64)
    sq_agg = np.zeros((board.n_squares, L.SA_COLUMNS), dtype=np.int64)
    card_agg = np.zeros((len(board.card_ids), L.CA_COLUMNS), dtype=np.int64)
    arguments = list(board.kernel_args)
    arguments[5] = capped(board, rounds)  # kernel_args: sq, rent, groups, cards, decks, rules, then the start
    # a search seat's rollouts play on copies of the state, with aggregates of their own (as play_chunk gives them)
    rollout = (*board_state(board, n)[:8], np.zeros_like(sq_agg), np.zeros(n, dtype=np.int64),
               np.zeros(board.decks.shape[0], dtype=np.int64))
    play_game(*arguments, params, False, seed, game, None, *state, game_row, player_rows, sq_agg, card_agg, rollout)
    if game_row[L.GM_END] != L.END_TURN_CAP:
        return None
    pl, own, bank, _, held = state[:5]
    return pl, own, bank, held, 0


def board_document(edition_ref: str, variant: str | None, board, strategies: list[str], pl, own, bank, held,
                   first: int, family_fields=None) -> dict:
    """The position document of a board-economy moment: what compile_board_position reads back into the same
    cash, squares, jail states, kept Get Out of Jail Free cards, buildings, mortgages and pot (players named
    P1, P2, ... in seat order); `family_fields(p)` adds a family's own fields of player p."""
    jail = {c for c in range(len(board.card_ids)) if board.cards[c, board.layout.C_EFFECT] == L.GET_OUT_OF_JAIL}
    names = [f"P{p + 1}" for p in range(pl.shape[0])]
    top = int(board.rules[L.R_MAX_HOUSES]) + 1
    players = []
    for p, name in enumerate(names):
        player = {"name": name, "strategy": strategies[p]}
        if pl[p, L.PL_ALIVE] == 0:
            players.append({**player, "out": True, "cash": 0})
            continue
        player.update(cash=int(pl[p, L.PL_CASH]), square=board.square_names[int(pl[p, L.PL_POS])])
        if pl[p, L.PL_JAIL] >= 0:
            player.update(in_jail=True, jail_tries=int(pl[p, L.PL_JAIL]))
        cards = [board.card_ids[c] for c in sorted(jail) for _ in range(int(held[p, c]))]
        if cards:
            player["jail_cards"] = cards
        properties = []
        for s in np.flatnonzero(own[:, L.O_OWNER] == p):
            prop = {"square": board.square_names[s]}
            level = int(own[s, L.O_LEVEL])
            if level == top:
                prop["hotel"] = True
            elif level:
                prop["houses"] = level
            if own[s, L.O_MORTGAGED]:
                prop["mortgaged"] = True
            properties.append(prop)
        player["properties"] = properties
        players.append({**player, **(family_fields(p) if family_fields else {})})
    position = {"edition": edition_ref, "to_play": names[first]}
    if variant is not None:
        position["variant"] = variant
    if board.rules[L.R_FREE_PARKING_JACKPOT]:
        position["pot"] = int(bank[L.B_POT])
    return {"position": position, "players": players}


def board_capture(play_game, edition_ref: str, variant: str | None, board, strategies: list[str],
                  params: np.ndarray, rounds: int, seed: int, game: int) -> dict | None:
    """A board-economy family's mid-game position (its engine's `play_game`): game `game` at the end of round
    `rounds`, or None when the game ended before it."""
    state = play_to_round(play_game, board, params, rounds, seed, game)
    return None if state is None else board_document(edition_ref, variant, board, strategies, *state)


def jail_cards_held(board) -> dict[str, str]:
    """The cards a board-economy position lists in a player's hand: the Get Out of Jail Free cards."""
    return {card: "jail_cards" for card in cards_with(board, (L.GET_OUT_OF_JAIL,), board.layout)}


def give_board_squares(document: dict, board, squares: list[str], seat: int | None) -> dict:
    """The document with `squares` taken from whoever holds them and given to the player at `seat`, bare and
    unmortgaged (None: left with the bank). Buildings on the rest of their colour groups go too: a group one
    player no longer holds complete carries none (rulebook: Construire des maisons)."""
    changed = copy.deepcopy(document)
    touched = {board.sq[board.square_names.index(s), L.SQ_GROUP] for s in squares}
    for player in changed["players"]:
        kept = []
        for prop in player.get("properties", []):
            if prop["square"] in squares:
                continue
            if board.sq[board.square_names.index(prop["square"]), L.SQ_GROUP] in touched:
                prop = {k: v for k, v in prop.items() if k not in ("houses", "hotel")}
            kept.append(prop)
        if "properties" in player:
            player["properties"] = kept
    if seat is not None:
        changed["players"][seat].setdefault("properties", []).extend({"square": s} for s in squares)
    return changed
