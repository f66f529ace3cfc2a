"""A Monopoly Fortnite table for rule tests."""
from __future__ import annotations

import numpy as np

from simulator.engines.fortnite import kernel
from simulator.engines.fortnite import layout as FN
from simulator.engines.fortnite import state as fortnite_state
from simulator.engines.shared.rng import seed_game
from simulator.rules import compile_rules, load_edition
from strategies import get
from tests.engines.shared.tables import DeckTable


class FortniteTable(DeckTable):
    """A Monopoly Fortnite table: the engine's state arrays with names, decks unshuffled, and calls into the
    engine. Pawns start on GO unless placed."""

    def __init__(self, players=2, strategy="pair_collector", overrides=(), seed=1, game=0, **params):
        self.edition = load_edition("fortnite", None, list(overrides))
        self.board = b = compile_rules(self.edition)
        self.n = players
        self.pl = np.zeros((players, FN.PL_COLUMNS), dtype=np.int64)
        self.pl[:, FN.PL_HP] = b.rules[FN.R_START_HP]
        self.pl[:, FN.PL_ALIVE] = 1
        self.pl[:, FN.PL_JAIL] = -1
        self.pl[:, FN.PL_OUT_TURN] = -1
        self.own = np.zeros((b.n_squares, FN.O_COLUMNS), dtype=np.int64)
        self.own[:, FN.O_OWNER] = -1
        self.own[:, FN.O_FIRST_OWNER] = -1
        self.own[:, FN.O_WALL_BY] = -1
        self.bank = np.zeros(FN.B_COLUMNS, dtype=np.int64)
        self.bank[FN.B_WALLS] = b.rules[FN.R_WALLS]
        self.bank[FN.B_WINNER] = -1
        self.dq = self._unshuffled_decks()
        self.held = np.zeros((players, len(b.card_ids)), dtype=np.int64)
        self.dropped = np.zeros((b.n_squares, len(b.card_ids)), dtype=np.int64)
        self.draws = np.zeros_like(self.held)
        self.prm = np.stack([b.parameter_vector(get("fortnite", strategy).with_params(**params))] * players)
        self.rng = np.zeros(4, dtype=np.uint64)
        seed_game(self.rng, seed, game)
        self.sq_agg = np.zeros((b.n_squares, FN.SA_COLUMNS), dtype=np.int64)

    def use(self, player: int, strategy: str, **params) -> None:
        self.prm[player] = self.board.parameter_vector(get("fortnite", strategy).with_params(**params))

    # --- state -------------------------------------------------------------------------------------
    def put(self, player: int, name: str) -> None:
        self.pl[player, FN.PL_POS] = self.sq(name)

    def hp(self, player: int) -> int:
        return int(self.pl[player, FN.PL_HP])

    def set_hp(self, player: int, hp: int) -> None:
        """Set a player's HP, keeping the bank's flows so the HP check still balances."""
        self.bank[FN.B_NET] += hp - self.pl[player, FN.PL_HP]
        self.pl[player, FN.PL_HP] = hp

    def give(self, player: int, *names: str) -> None:
        for name in names:
            kernel.set_owner(self.own, self.bank, self.sq(name), player)

    def owner(self, name: str) -> int:
        return int(self.own[self.sq(name), FN.O_OWNER])

    def cover(self, name: str) -> None:
        b = self.board
        kernel.cover(b.sq, self.own, b.rules, self.pl, self.bank, self.sq(name))

    def covered(self, name: str) -> bool:
        return bool(self.own[self.sq(name), FN.O_COVERED])

    def wall(self, name: str, by: int = -1) -> None:
        self.own[self.sq(name), FN.O_WALL] = 1
        self.own[self.sq(name), FN.O_WALL_BY] = by
        self.bank[FN.B_WALLS] -= 1

    def has_wall(self, name: str) -> bool:
        return bool(self.own[self.sq(name), FN.O_WALL])

    def hold(self, player: int, card_id: str) -> None:
        """Give a player a chest item from the chest deck."""
        c = self.board.card_ids.index(card_id)
        d = FN.D_CHEST
        queue = self._queue(d)
        queue.remove(c)
        self._set_queue(d, queue)
        self.held[player, c] += 1
        fortnite_state.note_items(self.held, self.board.cards, self.pl, player)

    def items(self, player: int) -> list[str]:
        return sorted(self.board.card_ids[c] for c in range(len(self.board.card_ids))
                      for _ in range(self.held[player, c]))

    def violations(self) -> int:
        b = self.board
        return int(kernel.check_invariants(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, b.decks,
                                                    self.dq, self.held, self.dropped))

    # --- engine calls ------------------------------------------------------------------------------
    def advance(self, player: int, steps: int) -> int:
        """Move and play the square stopped on; returns that square's name."""
        b = self.board
        end = kernel.move(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, self.held, self.dropped, player,
                          steps)
        kernel.resolve_square(b.sq, b.groups, self.own, b.rules, self.pl, self.bank, b.cards, b.decks,
                                       self.dq, self.held, self.dropped, self.draws, self.sq_agg, player, end)
        return b.square_names[end]

    def turn(self, player: int) -> None:
        b = self.board
        kernel.take_turn(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.cards, b.decks,
                                  self.dq, self.held, self.dropped, self.draws, self.rng, self.sq_agg, player)

    def attack(self, player: int, target: int, damage: int) -> None:
        b = self.board
        kernel.attack(b.sq, self.own, b.rules, self.pl, self.bank, b.decks, self.dq, self.held, b.cards,
                               self.dropped, player, target, damage)

    def bomb(self, player: int, damage: int = 1) -> None:
        b = self.board
        kernel.boogie_bomb(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, b.decks, self.dq, self.held,
                                    self.dropped, player, damage)

    def can_hit(self, player: int, target: int, crosshair: bool = True) -> bool:
        b = self.board
        return bool(fortnite_state.can_hit(self.own, b.rules, self.pl, player, target, crosshair))

    def flip_storm(self, player: int) -> None:
        b = self.board
        kernel.flip_storm(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, b.decks, self.dq,
                                   self.draws, player)

    def throw_at_wall(self, player: int, steps: int) -> None:
        b = self.board
        kernel.throw_at_wall(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.cards,
                                      b.decks, self.dq, self.held, player, steps)
