"""Mid-game positions of Monopoly Deal (see simulator/engines/shared/capture.py): a game played by the engine's
own play_game to the end of a round, where every copy is then written as the position document that
compile_deal_position reads back (hands by name, banks, tables set by set, discards), and a colour set given
complete to one player's table."""
from __future__ import annotations

import copy

import numpy as np

from simulator.engines.deal import layout as D


def deal_state(board, players: int) -> tuple:
    """The per-game arrays play_game fills, as play_chunk allocates them: loc, pile, gs, tab, pl, prm, draws,
    rng, choice, scratch."""
    from simulator.engines.deal.state import player_columns
    from strategies.deal_logic import CH_COLUMNS, scratch_length
    copies = len(board.deck)
    return (np.zeros((copies, D.LOC_COLUMNS), dtype=np.int64), np.zeros(copies, dtype=np.int64),
            np.zeros(D.GS_COLUMNS, dtype=np.int64), np.zeros((players, D.T_COLUMNS, len(board.group_names)),
                                                              dtype=np.int64),
            np.zeros((players, player_columns(copies)), dtype=np.int64), np.zeros((players, D.N_PARAMS)),
            np.zeros((players, len(board.card_ids)), dtype=np.int64), np.zeros(4, dtype=np.uint64),
            np.zeros(CH_COLUMNS, dtype=np.int64), np.zeros(scratch_length(board.cards, board.deck), dtype=np.int64))


def deal_play_to_round(board, params: np.ndarray, rounds: int, seed: int, game: int) -> np.ndarray | None:
    """Game `game` of `seed` (seats not rotated) played to the end of round `rounds`: every copy's place (loc:
    zone, owner, set) then, or None when a player had won before it."""
    from simulator.engines.deal.kernel import play_game, search_state
    n = params.shape[0]
    state = deal_state(board, n)
    search = search_state(*state[:7], *state[8:])
    capped = board.rules.copy()
    capped[D.R_MAX_ROUNDS] = rounds
    game_row = np.zeros(D.GM_COLUMNS, dtype=np.int64)
    player_rows = np.zeros((n, D.PO_COLUMNS), dtype=np.int64)
    card_agg = np.zeros((len(board.card_ids), D.CA_COLUMNS), dtype=np.int64)
    arguments = list(board.kernel_args)
    arguments[3] = capped  # kernel_args: cards, deck, groups, rules, then the start
    play_game(*arguments, params, False, seed, game, False, *state, search, game_row, player_rows, card_agg)
    return state[0] if game_row[D.GM_END] == D.END_TURN_CAP else None


def deal_document(edition_ref: str, variant: str | None, board, strategies: list[str], loc: np.ndarray) -> dict:
    """The position document of `loc`: every hand named in full, banks, tables by set, discards; the cards in
    the draw pile are those it does not place (shuffled per game when played from it). The seat to play is the
    first: a round ends after the last seat's turn."""
    ids, sets = board.card_ids, board.group_names
    names = [f"P{p + 1}" for p in range(len(strategies))]

    def cards_in(zone: int, owner: int, colour_set: int = -1) -> list[str]:
        chosen = (loc[:, D.LOC_ZONE] == zone) & (loc[:, D.LOC_OWNER] == owner)
        if zone == D.Z_TABLE:
            chosen &= loc[:, D.LOC_SET] == colour_set
        return [ids[board.deck[k]] for k in np.flatnonzero(chosen)]

    players = []
    for p, name in enumerate(names):
        table = {sets[s]: cards_in(D.Z_TABLE, p, s) for s in range(len(sets))}
        # the hand named even when empty: a player whose hand is not named is dealt a starting hand
        players.append({"name": name, "strategy": strategies[p], "hand": cards_in(D.Z_HAND, p),
                        "bank": cards_in(D.Z_BANK, p), "table": {s: listed for s, listed in table.items() if listed}})
    position = {"edition": edition_ref, "to_play": names[0], "discards": cards_in(D.Z_DISCARD, -1)}
    if variant is not None:
        position["variant"] = variant
    return {"position": position, "players": players}


def deal_capture(edition_ref: str, variant: str | None, board, strategies: list[str], params: np.ndarray,
                 rounds: int, seed: int, game: int) -> dict | None:
    """Game `game` of `seed` at the end of round `rounds` as a position document, or None when it was over."""
    loc = deal_play_to_round(board, params, rounds, seed, game)
    return None if loc is None else deal_document(edition_ref, variant, board, strategies, loc)


def set_cards(board, group: str) -> list[str]:
    """The property cards that make colour set `group` complete: its one-colour cards (as many as the set's size
    per deck copy), by id."""
    s = board.group_names.index(group)
    return [board.card_ids[c] for c in board.deck
            if board.cards[c, D.C_EFFECT] == D.PROPERTY and board.cards[c, D.C_COLOURS] == 1 << s]


def give_deal_set(document: dict, board, group: str, seat: int | None) -> dict:
    """The document with the one-colour cards of set `group` taken from wherever they are (hands, banks,
    tables, the draw pile) and laid as a complete set on the table of the player at `seat` (None: left in the
    draw pile); every card count is kept. A house or hotel standing on a `group` set goes to its owner's bank,
    as the engine settles a set that is no longer complete: the set is given bare, and no set of that colour
    keeps a building in either copy."""
    wanted = set_cards(board, group)
    building = {board.card_ids[c] for c in range(len(board.card_ids))
                if board.cards[c, D.C_EFFECT] in (D.HOUSE, D.HOTEL)}
    changed = copy.deepcopy(document)
    for player in changed["players"]:
        player["hand"] = [c for c in player.get("hand", []) if c not in wanted]
        listed = player.get("table", {}).get(group)
        if listed is None:
            continue
        player["bank"] = player.get("bank", []) + [c for c in listed if c in building]
        kept = [c for c in listed if c not in wanted and c not in building]
        if kept:
            player["table"][group] = kept
        else:
            del player["table"][group]
    if seat is not None:
        table = changed["players"][seat].setdefault("table", {})
        table[group] = table.get(group, []) + wanted
    return changed
