"""A moment of a Monopoly Empire game, from a position file: the state arrays the engine starts from.

Per player: its strategy, cash, square, jail state, kept cards (Get Out of Jail Free, Empire cards, and Empire
cards held without saying which, dealt per game from the rest of the deck) and its tower, the billboards and
skyscrapers from the bottom up. A brand is owned by the player whose tower holds its billboard (rulebook:
Cases propriete, "glissez le cartouche dans votre tour"), so the towers say who owns what. Refused in one line
naming the field: a brand in two towers, more utility billboards or skyscrapers than the box holds (Contient),
a tower already full (the game would be over: Comment gagner ?), a player out (Empire has none: Faillite !).

An assumption where a position cannot say: a colour group complete in a tower has earned its bonus skyscraper
already (with rules.bonus_once_per_group, breaking and completing it again earns none).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simulator.checks import EditionError
from simulator.engines.empire import layout as E
from simulator.engines.shared.position import (
    PLAYER_KEYS, POSITION_KEYS, Reader, cards_with, check_card_copies, read_kept_cards, read_pawn, read_players,
    read_to_play, template_bea, template_head,
)

EMPIRE_PLAYER_KEYS = PLAYER_KEYS | {"empire_cards", "unknown_empire_cards", "tower"}
SKYSCRAPER_NAME = "skyscraper"


@dataclass
class EmpireStart:
    """The arrays a game starts from instead of the edition's setup: players, towers (tile k from the bottom,
    as the engine's), squares, bank, kept cards, how many unknown cards each player is dealt per game, and the
    seat that plays first."""
    pl: np.ndarray
    tw: np.ndarray
    own: np.ndarray
    bank: np.ndarray
    held: np.ndarray
    dealt: np.ndarray
    first_seat: int

    @staticmethod
    def none(n_cards: int) -> EmpireStart:
        """No position: the kernel plays from the edition's setup (arrays of no rows keep one compiled type)."""
        return EmpireStart(pl=np.zeros((0, E.PL_COLUMNS), dtype=np.int64), tw=np.zeros((0, 0), dtype=np.int64),
                           own=np.zeros((0, E.O_COLUMNS), dtype=np.int64), bank=np.zeros(0, dtype=np.int64),
                           held=np.zeros((0, n_cards), dtype=np.int64), dealt=np.zeros(0, dtype=np.int64),
                           first_seat=0)


def compile_empire_position(document: dict, where: str, board, strategy_names: list[str]):
    """The start arrays of a position over the compiled Empire edition `board`, with the players' names and
    strategy names in seat order."""
    read = Reader(where)
    for p, player in enumerate(document.get("players") or []):
        if isinstance(player, dict) and "out" in player:
            raise EditionError(f"{where}: players[{p}].out: no one is out of a game of Monopoly Empire (rulebook: "
                               f"Faillite !, a player short of cash gives up billboards instead)")
    position, players, names, strategies = read_players(read, document, board, strategy_names, POSITION_KEYS,
                                                        EMPIRE_PLAYER_KEYS)
    rules, sq = board.rules, board.sq
    n = len(players)
    pl = np.zeros((n, E.PL_COLUMNS), dtype=np.int64)
    for column in E.PL_LOWEST:
        pl[:, column] = -1
    own = np.zeros((board.n_squares, E.O_COLUMNS), dtype=np.int64)
    own[:, E.O_OWNER] = -1
    own[:, E.O_FIRST_OWNER] = -1
    own[:, E.O_STOCK] = sq[:, E.SQ_STOCK]
    bank = np.zeros(E.B_COLUMNS, dtype=np.int64)
    bank[E.B_SKYSCRAPERS] = rules[E.R_SKYSCRAPERS]
    bank[E.B_WINNER] = -1
    held = np.zeros((n, len(board.card_ids)), dtype=np.int64)
    dealt = np.zeros(n, dtype=np.int64)
    towers = []
    starting = int(rules[E.R_STARTING_DECK])
    kept_decks = np.flatnonzero(board.deck_kept)
    empire_cards = [board.card_ids[c] for c in range(len(board.card_ids)) if board.card_decks[c] in kept_decks]
    for p, (player, name) in enumerate(zip(players, names)):
        path = f"players.{name}"
        read_pawn(read, player, path, pl[p], held[p], board, E)
        read_kept_cards(read, player.get("empire_cards", []), f"{path}.empire_cards", held[p], board, empire_cards,
                        "Empire card")
        # A player the file says nothing of the cards of holds them as at the start of a game (rulebook: Mise en
        # place 6, "Vous en recevez 2"): the starting hand, dealt unseen; naming its Empire cards names them all.
        unsaid = 0 if "empire_cards" in player else int(rules[E.R_STARTING_CARDS])
        dealt[p] = read.integer(player, "unknown_empire_cards", path, unsaid, 0, int(board.decks[starting, E.D_LEN]))
        towers.append(_tower(read, player.get("tower", []), f"{path}.tower", p, pl, own, bank, board))
    check_card_copies(read, held, board)
    in_hands = int(held[:, board.card_decks == starting].sum() + dealt.sum())
    if in_hands > board.decks[starting, E.D_LEN]:
        raise read.fail("players", f"at most the {board.decks[starting, E.D_LEN]} cards of the "
                        f"{board.deck_names[starting]} deck in hands, known and unknown", in_hands)
    tw = np.full((n, max([len(t) for t in towers] + [1])), -1, dtype=np.int64)
    for p, tower in enumerate(towers):
        tw[p, :len(tower)] = tower
    first = read_to_play(read, position, names)
    return EmpireStart(pl=pl, tw=tw, own=own, bank=bank, held=held, dealt=dealt, first_seat=first), names, strategies


def _tower(read: Reader, value, path: str, p: int, pl, own, bank, board) -> list[int]:
    """Player p's tower, tiles from the bottom: each a brand's or utility's name, or "skyscraper"."""
    if not isinstance(value, list):
        raise read.fail(path, f'a list of billboards from the bottom up (brand or utility names, "{SKYSCRAPER_NAME}")',
                        value)
    sq, rules, names = board.sq, board.rules, board.square_names
    billboards = [s for s in range(board.n_squares) if sq[s, E.SQ_KIND] in (E.BRAND, E.UTILITY)]
    tiles = []
    for k, tile in enumerate(value):
        where = f"{path}[{k}]"
        if tile == SKYSCRAPER_NAME:
            if bank[E.B_SKYSCRAPERS] == 0:
                raise read.fail(where, f"at most the box's {rules[E.R_SKYSCRAPERS]} skyscrapers in all towers")
            bank[E.B_SKYSCRAPERS] -= 1
            tiles.append(E.SKYSCRAPER)
            continue
        s = read.square(tile, where, names)
        if s not in billboards:
            raise read.fail(where, f'a brand, a utility or "{SKYSCRAPER_NAME}"', tile)
        if sq[s, E.SQ_KIND] == E.UTILITY:
            if own[s, E.O_STOCK] == 0:
                raise read.fail(where, f"at most the {sq[s, E.SQ_STOCK]} {names[s]} billboards in all towers")
            own[s, E.O_STOCK] -= 1
        elif own[s, E.O_OWNER] >= 0:
            raise read.fail(where, "a brand in no other tower (its one billboard)", names[s])
        else:
            own[s, E.O_OWNER] = own[s, E.O_FIRST_OWNER] = p
        tiles.append(s)
    height = sum(int(rules[E.R_SKYSCRAPER_HEIGHT]) if t == E.SKYSCRAPER else int(sq[t, E.SQ_HEIGHT]) for t in tiles)
    capacity = int(rules[E.R_TOWER_CAPACITY])
    if height >= capacity:
        # the first tower to reach its capacity wins at once (rulebook: Comment gagner ?)
        raise EditionError(f"{read.where}: {path}: expected a tower under its capacity of {capacity} units (a full "
                           f"tower has won: the game would be over), got {height}")
    pl[p, E.PL_TILES] = len(tiles)
    pl[p, E.PL_HEIGHT] = height
    groups = board.groups
    for g in range(groups.shape[0]):
        members = groups[g, E.G_MEMBERS:E.G_MEMBERS + groups[g, E.G_SIZE]]
        if (own[members, E.O_OWNER] == p).all():
            # a group complete in the tower has had its bonus skyscraper (an assumption: the module's docstring)
            pl[p, E.PL_BONUS_GIVEN] |= 1 << g
    return tiles


def empire_template(edition: str, board) -> str:
    """A commented example Empire position for `monopoly-mc position --template`: Ann's tower taller, with a
    complete group and its bonus skyscraper; Bea's shorter, with more cash."""
    names, sq = board.square_names, board.sq
    brands = [s for s in range(board.n_squares) if sq[s, E.SQ_KIND] == E.BRAND]
    utilities = [s for s in range(board.n_squares) if sq[s, E.SQ_KIND] == E.UTILITY]
    group_of = {int(g): [s for s in brands if sq[s, E.SQ_GROUP] == g] for g in set(sq[brands, E.SQ_GROUP])}
    complete = group_of[min(group_of)]  # the cheapest group, complete in Ann's tower with its bonus skyscraper
    ann = [names[s] for s in complete] + [SKYSCRAPER_NAME] + [names[brands[-1]]]
    bea = [names[s] for s in brands[len(complete):len(complete) + 2]] + ([names[utilities[0]]] if utilities else [])
    empire = [board.card_ids[c] for c in range(len(board.card_ids)) if board.deck_kept[board.card_decks[c]]]
    jail = cards_with(board, (E.GET_OUT_OF_JAIL,), E)
    start_cash = int(board.rules[E.R_START_CASH])

    def listed(tiles):
        return ", ".join(f'"{t}"' for t in tiles)

    return template_head(edition) + f'''strategy = "buy_everything"    # see: monopoly-mc strategies --family empire
cash = {start_cash // 5}
square = "{names[0]}"                   # a square's name or index
# the tower from the bottom up: brand and utility names, "{SKYSCRAPER_NAME}"; it owns the brands it holds
tower = [{listed(ann)}]
empire_cards = [{listed(empire[:1])}]  # Empire cards in hand, by id
{'# jail_cards = ["' + jail[0] + '"]  # ids of Get Out of Jail Free cards kept' if jail else ''}
''' + template_bea("skyscraper_saver", start_cash) + f'''tower = [{listed(bea)}]
unknown_empire_cards = 2       # Empire cards in hand, not said which: dealt per game from the rest of the deck
#                               (unsaid: the starting hand of rules.starting_cards, or none beside empire_cards)
'''
