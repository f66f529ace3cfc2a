"""A Monopoly Deal table for rule tests."""
from __future__ import annotations

import numpy as np

from simulator.engines.deal import kernel, state
from simulator.engines.deal import layout as D
from simulator.engines.deal.position import DealStart
from simulator.engines.shared.rng import seed_game
from simulator.rules import compile_rules, load_edition
from strategies import deal_logic, get


class DealTable:
    """A Monopoly Deal table: every copy starts in the draw pile in deck order, and a test deals the cards
    it needs into hands, banks and tables; the calls go into the engine."""

    def __init__(self, players=2, strategy="opportunist", overrides=(), variant=None, seed=1, game=0, **params):
        self.edition = load_edition("deal", variant, list(overrides))
        self.board = b = compile_rules(self.edition)
        self.n = players
        total = len(b.deck)
        self.loc = np.zeros((total, D.LOC_COLUMNS), dtype=np.int64)
        self.loc[:, D.LOC_OWNER] = -1
        self.loc[:, D.LOC_SET] = -1
        self.pile = np.arange(total, dtype=np.int64)
        self.gs = np.zeros(D.GS_COLUMNS, dtype=np.int64)
        self.gs[D.GS_COUNT] = total
        self.gs[D.GS_WINNER] = -1
        self.gs[D.GS_PLAYS_LEFT] = b.rules[D.R_PLAYS]
        self.tab = np.zeros((players, D.T_COLUMNS, len(b.group_names)), dtype=np.int64)
        self.pl = np.zeros((players, state.player_columns(total)), dtype=np.int64)
        self.pl[:, D.PL_FIRST_ATTACK] = -1
        self.prm = np.stack([b.parameter_vector(get("deal", strategy).with_params(**params))] * players)
        self.draws = np.zeros((players, len(b.card_ids)), dtype=np.int64)
        self.rng = np.zeros(4, dtype=np.uint64)
        seed_game(self.rng, seed, game)
        self.choice = np.full(deal_logic.CH_COLUMNS, -1, dtype=np.int64)
        self.scratch = np.zeros(deal_logic.scratch_length(b.cards, b.deck), dtype=np.int64)

    @property
    def args(self) -> tuple:
        b = self.board
        return b.cards, b.deck, b.groups, b.rules

    def use(self, player: int, strategy: str, **params) -> None:
        self.prm[player] = self.board.parameter_vector(get("deal", strategy).with_params(**params))

    # --- cards -------------------------------------------------------------------------------------
    def copy_in_pile(self, card_id: str) -> int:
        """A copy of `card_id` still in the draw pile (taken out of the pile's order)."""
        c = self.board.card_ids.index(card_id)
        for k in self._pile():
            if self.board.deck[k] == c:
                return k
        raise AssertionError(f"no {card_id} left in the draw pile")

    def _pile(self) -> list[int]:
        total = len(self.pile)
        head, count = self.gs[D.GS_HEAD], self.gs[D.GS_COUNT]
        return [int(self.pile[(head + i) % total]) for i in range(count)]

    def _set_pile(self, copies: list[int]) -> None:
        self.gs[D.GS_HEAD] = 0
        self.gs[D.GS_COUNT] = len(copies)
        self.pile[:len(copies)] = copies

    def place(self, player: int, zone: str, *card_ids: str, colour: str | None = None) -> list[int]:
        """Deal copies from the pile to a player's hand, bank or table (a property in `colour`, or its
        only colour; a building on the set `colour`)."""
        b = self.board
        placed = []
        for card_id in card_ids:
            k = self.copy_in_pile(card_id)
            self._set_pile([x for x in self._pile() if x != k])
            c = b.deck[k]
            s = -1
            if zone == "table":
                if colour is not None:
                    s = b.group_names.index(colour)
                else:
                    s = int(np.flatnonzero([(b.cards[c, D.C_COLOURS] >> g) & 1 for g in range(len(b.group_names))])[0])
            state.move_card(b.cards, b.deck, b.groups, self.loc, self.tab, self.pl, k,
                            {"hand": D.Z_HAND, "bank": D.Z_BANK, "table": D.Z_TABLE}[zone], player, s)
            placed.append(k)
        return placed

    def stack(self, *card_ids: str) -> None:
        """Put copies of these cards on top of the draw pile, the first on top."""
        chosen = []
        for card_id in card_ids:
            k = next(x for x in self._pile() if self.board.deck[x] == self.board.card_ids.index(card_id)
                     and x not in chosen)
            chosen.append(k)
        self._set_pile(chosen + [x for x in self._pile() if x not in chosen])

    def cards_in(self, player: int, zone: str) -> list[str]:
        """The card ids in a player's hand, bank or table, sorted."""
        z = {"hand": D.Z_HAND, "bank": D.Z_BANK, "table": D.Z_TABLE}[zone]
        ids = self.board.card_ids
        return sorted(ids[self.board.deck[k]] for k in range(len(self.loc))
                      if self.loc[k, D.LOC_ZONE] == z and self.loc[k, D.LOC_OWNER] == player)

    def set_of(self, copy: int) -> str:
        return self.board.group_names[self.loc[copy, D.LOC_SET]]

    def bank(self, player: int) -> int:
        return int(self.pl[player, D.PL_BANK])

    def sets(self, player: int) -> int:
        return int(state.complete_sets(self.pl, player))

    def pile_size(self) -> int:
        return int(self.gs[D.GS_COUNT])

    def violations(self, player: int = 0) -> int:
        return int(kernel.check_invariants(*self.args, self.loc, self.pile, self.gs, self.tab, self.pl, player))

    # --- engine calls ------------------------------------------------------------------------------
    def turn(self, player: int) -> None:
        kernel.take_turn(*self.args, self.loc, self.pile, self.gs, self.tab, self.pl, self.prm, self.draws,
                              self.rng, self.choice, self.scratch, player)

    def collect(self, payer: int, receiver: int, amount: int) -> int:
        b = self.board
        return int(kernel.collect(b.cards, b.deck, b.groups, b.rules, self.loc, self.tab, self.pl, self.scratch,
                                  payer, receiver, amount))

    def play(self, player: int, copy: int, **choice: int) -> None:
        """Play an action card from the hand with the targets given (set by name, victim, take, give,
        doubles)."""
        self.choice[:] = -1
        self.choice[deal_logic.CH_DOUBLES] = 0
        for key, value in choice.items():
            if key == "set":
                value = self.board.group_names.index(value)
            self.choice[getattr(deal_logic, f"CH_{key.upper()}")] = value
        kernel.play_action(*self.args, self.loc, self.pile, self.gs, self.tab, self.pl, self.prm, self.draws,
                                self.rng, player, copy, self.choice, self.scratch)

    def receive(self, player: int, copy: int) -> None:
        """A rival's table property joins `player`'s table (as Sly Deal or a payment moves it)."""
        b = self.board
        kernel.receive(b.cards, b.deck, b.groups, b.rules, self.loc, self.tab, self.pl, player, copy)

    def discard(self, *copies: int) -> None:
        for k in copies:
            state.discard(self.board.cards, self.board.deck, self.board.groups, self.loc, self.tab, self.pl, k)

    def new_game(self) -> None:
        setup = DealStart.none()  # the edition's setup, no position
        kernel.new_game(self.board.cards, self.board.deck, self.board.groups, self.board.rules, setup.loc, setup.dealt,
                        setup.first_seat, self.loc, self.pile, self.gs, self.tab, self.pl, self.draws, self.rng)
