"""Game tables for rule tests over the shared board economy: the engine's state arrays with names, and calls
into the engine. DeckTable: dice and decks, shared by the tables of every board-game engine; Table: the board
economy (classic and Walking Dead; Millionaire's table extends it)."""
from __future__ import annotations

import numpy as np

from simulator.engines.board import kernel
from simulator.engines.shared import layout as L
from simulator.engines.shared import play
from simulator.engines.shared.rng import seed_game
from simulator.rules import compile_rules, load_edition
from strategies import get


class DeckTable:
    """Dice and deck helpers shared by the tables of every board-game engine (same dice, same decks)."""

    def sq(self, name: str) -> int:
        return self.board.square_names.index(name)

    def next_rolls(self, count: int) -> list[tuple[int, int]]:
        """The dice the next `count` rolls will show, without consuming them."""
        peek = self.rng.copy()
        return [tuple(int(d) for d in play.roll(peek)) for _ in range(count)]

    def seek_rolls(self, wanted) -> None:
        """Reseed until `wanted(next rolls)` holds: the dice a rule test needs, from the real generator."""
        for game in range(100_000):
            seed_game(self.rng, 12345, game)
            if wanted(self.next_rolls(4)):
                return
        raise AssertionError("no seed gives those dice")

    def _unshuffled_decks(self) -> np.ndarray:
        b = self.board
        dq = np.zeros((b.decks.shape[0], L.DQ_CARDS + b.decks.shape[1]), dtype=np.int64)
        for d in range(b.decks.shape[0]):
            length = b.decks[d, L.D_LEN]
            dq[d, L.DQ_COUNT] = length
            dq[d, L.DQ_CARDS:L.DQ_CARDS + length] = b.decks[d, 1:1 + length]
        return dq

    def _queue(self, d: int) -> list[int]:
        length = self.board.decks[d, L.D_LEN]
        head, count = self.dq[d, L.DQ_HEAD], self.dq[d, L.DQ_COUNT]
        return [int(self.dq[d, L.DQ_CARDS + (head + k) % length]) for k in range(count)]

    def _set_queue(self, d: int, cards: list[int]) -> None:
        self.dq[d, L.DQ_HEAD] = 0
        self.dq[d, L.DQ_COUNT] = len(cards)
        self.dq[d, L.DQ_CARDS:L.DQ_CARDS + len(cards)] = cards

    def put_on_top(self, deck: str, card_id: str) -> None:
        """Stack a deck so that its next card is `card_id` (a copy of it must be in the deck)."""
        d = self.board.deck_names.index(deck)
        card = self.board.card_ids.index(card_id)
        queue = self._queue(d)
        queue.remove(card)
        self._set_queue(d, [card] + queue)

    def deal_card(self, player: int, card_id: str) -> None:
        """Draw `card_id` for `player` as the engine does for a kept card."""
        card = self.board.card_ids.index(card_id)
        d = int(self.board.card_decks[card])
        queue = self._queue(d)
        queue.remove(card)
        self._set_queue(d, queue)
        self.held[player, card] += 1


class Table(DeckTable):
    """A table of the board family's economy (classic, Walking Dead; MillionaireTable extends it)."""
    engine = kernel
    default_edition = "classic"

    def __init__(self, edition=None, players=2, strategy="buy_all", variant=None, overrides=(), seed=1,
                 game=0, **params):
        self.edition = load_edition(edition or self.default_edition, variant, list(overrides))
        self.board = b = compile_rules(self.edition)
        layout = b.layout
        self.n = players
        self.pl = np.zeros((players, layout.PL_COLUMNS), dtype=np.int64)
        self.pl[:, L.PL_CASH] = b.rules[L.R_START_CASH]
        self.pl[:, L.PL_ALIVE] = 1
        self.pl[:, L.PL_JAIL] = -1
        self.pl[:, L.PL_OUT_TURN] = -1
        self.pl[:, L.PL_TRADE_SEEN] = -1
        self.pl[:, L.PL_GROUPS_SEEN] = -1
        self.own = np.zeros((b.n_squares, layout.O_COLUMNS), dtype=np.int64)
        self.own[:, L.O_OWNER] = -1
        self.own[:, L.O_FIRST_OWNER] = -1
        self.bank = np.zeros(layout.B_COLUMNS, dtype=np.int64)
        self.bank[L.B_HOUSES] = b.rules[L.R_BANK_HOUSES]
        self.bank[L.B_HOTELS] = b.rules[L.R_BANK_HOTELS]
        self.dq = self._unshuffled_decks()
        self.held = np.zeros((players, len(b.card_ids)), dtype=np.int64)
        self.draws = np.zeros_like(self.held)
        self.prm = np.stack([b.parameter_vector(get(b.family, strategy).with_params(**params))] * players)
        self.rng = np.zeros(4, dtype=np.uint64)
        seed_game(self.rng, seed, game)
        self.sq_agg = np.zeros((b.n_squares, L.SA_COLUMNS), dtype=np.int64)
        self.money_at_start = int(self.pl[:, L.PL_CASH].sum())

    # --- state -------------------------------------------------------------------------------------
    def give(self, player: int, *names: str, level: int = 0, mortgaged: bool = False) -> None:
        for name in names:
            s = self.sq(name)
            self.own[s, L.O_OWNER] = player
            self.own[s, L.O_LEVEL] = level
            self.own[s, L.O_MORTGAGED] = int(mortgaged)
        self.bank[L.B_OWNERSHIP] += 1
        play.recount_holdings(self.board.sq, self.board.groups, self.own, self.pl)
        self.bank[L.B_HOUSES] = self.board.rules[L.R_BANK_HOUSES] - self._houses_on_board()
        self.bank[L.B_HOTELS] = self.board.rules[L.R_BANK_HOTELS] - self._hotels_on_board()

    def _houses_on_board(self) -> int:
        top = self.board.rules[L.R_MAX_HOUSES] + 1
        levels = self.own[:, L.O_LEVEL]
        return int(levels[levels < top].sum())

    def _hotels_on_board(self) -> int:
        return int((self.own[:, L.O_LEVEL] == self.board.rules[L.R_MAX_HOUSES] + 1).sum())

    def cash(self, player: int) -> int:
        return int(self.pl[player, L.PL_CASH])

    def set_cash(self, player: int, amount: int) -> None:
        self.bank[L.B_NET] += amount - self.pl[player, L.PL_CASH]
        self.pl[player, L.PL_CASH] = amount

    def owner(self, name: str) -> int:
        return int(self.own[self.sq(name), L.O_OWNER])

    def level(self, name: str) -> int:
        return int(self.own[self.sq(name), L.O_LEVEL])

    def violations(self) -> int:
        b = self.board
        return self.engine.check_invariants(b.sq, b.groups, self.own, b.rules, self.pl, self.bank, b.decks, self.dq,
                                            self.held, b.cards, self.money_at_start)

    # --- engine calls ------------------------------------------------------------------------------
    def turn(self, player: int) -> None:
        b = self.board
        self.engine.take_turn(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks,
                              self.dq, self.held, b.cards, self.rng, self.sq_agg, self.draws, player)

    def rent(self, name: str, dice_total: int = 7, rent_multiplier: int = 1, dice_multiplier: int = 0) -> int:
        b = self.board
        return int(play.rent_due(b.sq, b.rent, b.groups, self.own, b.rules, self.rng, self.sq(name), dice_total,
                                   rent_multiplier, dice_multiplier))

    def pay_player(self, payer: int, payee: int, amount: int) -> bool:
        b = self.board
        return bool(play.pay_player(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks,
                                      self.dq, self.held, b.cards, self.sq_agg, payer, payee, amount))

    def pay_bank(self, payer: int, amount: int, fine: bool = True) -> bool:
        b = self.board
        return bool(play.pay_bank(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks,
                                    self.dq, self.held, b.cards, self.sq_agg, payer, amount, fine))

    def auction(self, name: str, first: int = 0) -> None:
        b = self.board
        play.auction(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, self.sq_agg, self.sq(name), first)

    def build(self, player: int) -> None:
        b = self.board
        play.build(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, self.sq_agg, player)

    def sell_building(self, player: int, group: str) -> bool:
        b = self.board
        return bool(play.sell_building(b.sq, b.groups, self.own, b.rules, self.pl, self.bank, player,
                                         b.group_names.index(group)))

    def trade(self, player: int) -> None:
        b = self.board
        play.trade(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks, self.dq, self.held,
                     b.cards, self.sq_agg, player)
