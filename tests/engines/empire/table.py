"""A Monopoly Empire table for rule tests."""
from __future__ import annotations

import numpy as np

from simulator.engines.empire import kernel
from simulator.engines.empire import layout as E
from simulator.engines.shared.rng import seed_game
from simulator.rules import compile_rules, load_edition
from strategies import get
from tests.engines.shared.tables import DeckTable


class EmpireTable(DeckTable):
    """A Monopoly Empire table: the engine's state arrays with names, and calls into the engine."""

    def __init__(self, players=2, strategy="buy_everything", overrides=(), seed=1, game=0, **params):
        self.edition = load_edition("empire", None, list(overrides))
        self.board = b = compile_rules(self.edition)
        self.n = players
        self.pl = np.zeros((players, E.PL_COLUMNS), dtype=np.int64)
        self.pl[:, E.PL_CASH] = b.rules[E.R_START_CASH]
        self.pl[:, E.PL_JAIL] = -1
        self.pl[:, list(E.PL_LOWEST)] = -1
        self.tw = np.full((players, 40), -1, dtype=np.int64)
        self.own = np.zeros((b.n_squares, E.O_COLUMNS), dtype=np.int64)
        self.own[:, E.O_OWNER] = -1
        self.own[:, E.O_FIRST_OWNER] = -1
        self.own[:, E.O_STOCK] = b.sq[:, E.SQ_STOCK]
        self.bank = np.zeros(E.B_COLUMNS, dtype=np.int64)
        self.bank[E.B_SKYSCRAPERS] = b.rules[E.R_SKYSCRAPERS]
        self.bank[E.B_WINNER] = -1
        self.dq = self._unshuffled_decks()
        self.held = np.zeros((players, len(b.card_ids)), dtype=np.int64)
        self.draws = np.zeros_like(self.held)
        self.prm = np.stack([b.parameter_vector(get("empire", strategy).with_params(**params))] * players)
        self.rng = np.zeros(4, dtype=np.uint64)
        seed_game(self.rng, seed, game)
        self.sq_agg = np.zeros((b.n_squares, E.SA_COLUMNS), dtype=np.int64)
        self.money_at_start = int(self.pl[:, E.PL_CASH].sum())

    # --- state -------------------------------------------------------------------------------------
    def use(self, player: int, strategy: str, **params) -> None:
        """Seat `player` plays `strategy` (with parameter changes)."""
        self.prm[player] = self.board.parameter_vector(get("empire", strategy).with_params(**params))

    def stack(self, player: int, *names: str) -> None:
        """Put billboards (square names, or "skyscraper") on top of a tower directly, with no bonus."""
        b = self.board
        for name in names:
            if name == "skyscraper":
                tile = E.SKYSCRAPER
                self.bank[E.B_SKYSCRAPERS] -= 1
                height = b.rules[E.R_SKYSCRAPER_HEIGHT]
            else:
                tile = self.sq(name)
                height = b.sq[tile, E.SQ_HEIGHT]
                if b.sq[tile, E.SQ_KIND] == E.UTILITY:
                    self.own[tile, E.O_STOCK] -= 1
                else:
                    self.own[tile, E.O_OWNER] = player
            self.tw[player, self.pl[player, E.PL_TILES]] = tile
            self.pl[player, E.PL_TILES] += 1
            self.pl[player, E.PL_HEIGHT] += height

    def tower(self, player: int) -> list[str]:
        """The tiles of a tower from the bottom, by name."""
        return ["skyscraper" if t == E.SKYSCRAPER else self.board.square_names[t]
                for t in self.tw[player, :self.pl[player, E.PL_TILES]]]

    def height(self, player: int) -> int:
        return int(self.pl[player, E.PL_HEIGHT])

    def cash(self, player: int) -> int:
        return int(self.pl[player, E.PL_CASH])

    def set_cash(self, player: int, amount: int) -> None:
        self.bank[E.B_NET] += amount - self.pl[player, E.PL_CASH]
        self.pl[player, E.PL_CASH] = amount

    def owner(self, name: str) -> int:
        return int(self.own[self.sq(name), E.O_OWNER])

    def violations(self) -> int:
        b = self.board
        return kernel.check_invariants(b.sq, b.groups, b.ladder, b.cards, b.decks, self.dq, self.held,
                                              b.rules, self.pl, self.tw, self.own, self.bank, self.money_at_start)

    # --- engine calls ------------------------------------------------------------------------------
    def turn(self, player: int) -> None:
        b = self.board
        kernel.take_turn(b.sq, b.groups, b.ladder, b.cards, b.decks, b.deck_kept, self.dq, self.held, b.rules,
                                self.prm, self.pl, self.tw, self.own, self.bank, self.rng, self.sq_agg, self.draws,
                                player)

    def land(self, player: int, name: str) -> None:
        """Put the pawn on a square and do what the square asks."""
        b = self.board
        self.pl[player, E.PL_POS] = self.sq(name)
        kernel.resolve_square(b.sq, b.groups, b.ladder, b.cards, b.decks, b.deck_kept, self.dq, self.held,
                                     b.rules, self.prm, self.pl, self.tw, self.own, self.bank, self.rng, self.sq_agg,
                                     self.draws, player)

    def advance(self, player: int, steps: int) -> None:
        b = self.board
        kernel.advance(b.ladder, b.rules, self.pl, self.bank, player, steps, b.n_squares)

    def pay_player(self, payer: int, payee: int, amount: int) -> bool:
        b = self.board
        return bool(kernel.pay_player(b.sq, b.groups, b.rules, self.pl, self.tw, self.own, self.bank,
                                             payer, payee, amount))

    def pay_bank(self, payer: int, amount: int) -> bool:
        b = self.board
        return bool(kernel.pay_bank(b.sq, b.rules, self.pl, self.tw, self.own, self.bank, payer, amount))

    def auction(self, name: str, first: int = 0) -> None:
        b = self.board
        kernel.auction(b.sq, b.groups, b.rules, self.prm, self.pl, self.tw, self.own, self.bank, self.sq_agg,
                              self.sq(name), first)

    def swap_tops(self, a: int, b: int, swapper: int) -> None:
        b_ = self.board
        kernel.swap_tops(b_.sq, b_.groups, b_.rules, self.pl, self.tw, self.own, self.bank, a, b, swapper)

    def play(self, player: int, card_id: str) -> None:
        """Play a card from the hand as the engine does before a roll; a card that moves is followed."""
        b = self.board
        card = b.card_ids.index(card_id)
        kernel.play_from_hand(b.cards, b.decks, self.dq, self.held, self.pl, player, card)
        if kernel.apply_card(b.sq, b.groups, b.ladder, b.cards, b.decks, self.dq, self.held, b.rules, self.prm,
                                    self.pl, self.tw, self.own, self.bank, player, card):
            self.land(player, b.square_names[self.pl[player, E.PL_POS]])
