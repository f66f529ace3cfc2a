"""A game table for rule tests: the engine's state arrays with names, and calls into the engine."""
from __future__ import annotations

import numpy as np

from simulator.engines import board as engine
from simulator.engines import board_layout as L
from simulator.engines import deal as deal_engine
from simulator.engines import deal_layout as D
from simulator.engines import deal_state as state
from simulator.engines import empire as empire_engine
from simulator.engines import empire_layout as E
from simulator.engines import fortnite as fortnite_engine
from simulator.engines import fortnite_layout as FN
from simulator.engines import fortnite_state
from simulator.rng import seed_game
from simulator.engines import millionaire as millionaire_engine
from simulator.engines import millionaire_layout as M
from simulator.rules import compile_rules, load_edition
from strategies import deal_logic, get


def invoke(*args):
    """Run the CLI through click's runner with these arguments (any value is passed as text)."""
    from click.testing import CliRunner

    from simulator.cli import cli
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def assert_same_results(a, b):
    """Two results directories hold equal tables and summaries (elapsed times and resumed counts may differ)."""
    import pandas as pd

    from simulator.results import read_manifest
    for table in ("games", "players", "squares.parquet", "cards.parquet"):
        pd.testing.assert_frame_equal(pd.read_parquet(a / table), pd.read_parquet(b / table))
    assert read_manifest(a)["summary"] == read_manifest(b)["summary"]


class _Decks:
    """Dice and deck helpers shared by the tables of every board-game engine (same dice, same decks)."""

    def sq(self, name: str) -> int:
        return self.board.square_names.index(name)

    def next_rolls(self, count: int) -> list[tuple[int, int]]:
        """The dice the next `count` rolls will show, without consuming them."""
        peek = self.rng.copy()
        return [tuple(int(d) for d in engine.roll(peek)) for _ in range(count)]

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


class Table(_Decks):
    """A table of the board family's economy (classic, Walking Dead; MillionaireTable extends it)."""
    engine = engine
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
        return int(engine.rent_due(b.sq, b.rent, b.groups, self.own, b.rules, self.rng, self.sq(name), dice_total,
                                   rent_multiplier, dice_multiplier))

    def pay_player(self, payer: int, payee: int, amount: int) -> bool:
        b = self.board
        return bool(engine.pay_player(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks,
                                      self.dq, self.held, b.cards, self.sq_agg, payer, payee, amount))

    def pay_bank(self, payer: int, amount: int, fine: bool = True) -> bool:
        b = self.board
        return bool(engine.pay_bank(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks,
                                    self.dq, self.held, b.cards, self.sq_agg, payer, amount, fine))

    def auction(self, name: str, first: int = 0) -> None:
        b = self.board
        engine.auction(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, self.sq_agg, self.sq(name), first)

    def build(self, player: int) -> None:
        b = self.board
        engine.build(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, player)

    def sell_building(self, player: int, group: str) -> bool:
        b = self.board
        return bool(engine.sell_building(b.sq, b.groups, self.own, b.rules, self.pl, self.bank, player,
                                         b.group_names.index(group)))

    def trade(self, player: int) -> None:
        b = self.board
        engine.trade(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.decks, self.dq, self.held,
                     b.cards, self.sq_agg, player)


class MillionaireTable(Table):
    """A Monopoly Millionaire table: the board family's, with star levels, Fortune cards and the million."""
    engine = millionaire_engine
    default_edition = "millionaire"

    def __init__(self, players=2, strategy="upgrade_at_once", **kwargs):
        super().__init__(players=players, strategy=strategy, **kwargs)
        self.own[:, M.O_FORTUNE] = -1
        millionaire_engine.start_measures(self.pl)
        self.bank[M.B_WINNER] = -1

    def use(self, player: int, strategy: str, **params) -> None:
        self.prm[player] = self.board.parameter_vector(get("millionaire", strategy).with_params(**params))

    def stars(self, player: int) -> int:
        return 2 * int(self.pl[player, M.PL_STAR]) + 1

    def set_stars(self, player: int, stars: int) -> None:
        self.pl[player, M.PL_STAR] = (stars - 1) // 2

    def winner(self) -> int:
        return int(self.bank[M.B_WINNER])

    def lay_fortune(self, name: str, card_id: str) -> None:
        """Put `card_id` face down on property `name`, taken from the Fortune deck."""
        card = self.board.card_ids.index(card_id)
        d = int(self.board.card_decks[card])
        queue = self._queue(d)
        queue.remove(card)
        self._set_queue(d, queue)
        self.own[self.sq(name), M.O_FORTUNE] = card

    def land(self, player: int, name: str) -> None:
        """Put the pawn on a square and do what the square asks."""
        b = self.board
        self.pl[player, L.PL_POS] = self.sq(name)
        millionaire_engine.resolve_square(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank,
                                          b.decks, self.dq, self.held, b.cards, self.rng, self.sq_agg, self.draws,
                                          player, 7)

    def advance(self, player: int, steps: int) -> None:
        b = self.board
        millionaire_engine.advance(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, player,
                                   steps)

    def play_kept_cards(self, player: int) -> None:
        b = self.board
        millionaire_engine.play_kept_cards(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank,
                                           b.decks, self.dq, self.held, b.cards, player)


class EmpireTable(_Decks):
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
        return empire_engine.check_invariants(b.sq, b.groups, b.ladder, b.cards, b.decks, self.dq, self.held,
                                              b.rules, self.pl, self.tw, self.own, self.bank, self.money_at_start)

    # --- engine calls ------------------------------------------------------------------------------
    def turn(self, player: int) -> None:
        b = self.board
        empire_engine.take_turn(b.sq, b.groups, b.ladder, b.cards, b.decks, b.deck_kept, self.dq, self.held, b.rules,
                                self.prm, self.pl, self.tw, self.own, self.bank, self.rng, self.sq_agg, self.draws,
                                player)

    def land(self, player: int, name: str) -> None:
        """Put the pawn on a square and do what the square asks."""
        b = self.board
        self.pl[player, E.PL_POS] = self.sq(name)
        empire_engine.resolve_square(b.sq, b.groups, b.ladder, b.cards, b.decks, b.deck_kept, self.dq, self.held,
                                     b.rules, self.prm, self.pl, self.tw, self.own, self.bank, self.rng, self.sq_agg,
                                     self.draws, player)

    def advance(self, player: int, steps: int) -> None:
        b = self.board
        empire_engine.advance(b.ladder, b.rules, self.pl, self.bank, player, steps, b.n_squares)

    def pay_player(self, payer: int, payee: int, amount: int) -> bool:
        b = self.board
        return bool(empire_engine.pay_player(b.sq, b.groups, b.rules, self.pl, self.tw, self.own, self.bank,
                                             payer, payee, amount))

    def pay_bank(self, payer: int, amount: int) -> bool:
        b = self.board
        return bool(empire_engine.pay_bank(b.sq, b.rules, self.pl, self.tw, self.own, self.bank, payer, amount))

    def auction(self, name: str, first: int = 0) -> None:
        b = self.board
        empire_engine.auction(b.sq, b.groups, b.rules, self.prm, self.pl, self.tw, self.own, self.bank, self.sq_agg,
                              self.sq(name), first)

    def swap_tops(self, a: int, b: int, swapper: int) -> None:
        b_ = self.board
        empire_engine.swap_tops(b_.sq, b_.groups, b_.rules, self.pl, self.tw, self.own, self.bank, a, b, swapper)

    def play(self, player: int, card_id: str) -> None:
        """Play a card from the hand as the engine does before a roll; a card that moves is followed."""
        b = self.board
        card = b.card_ids.index(card_id)
        empire_engine.play_from_hand(b.cards, b.decks, self.dq, self.held, self.pl, player, card)
        if empire_engine.apply_card(b.sq, b.groups, b.ladder, b.cards, b.decks, self.dq, self.held, b.rules, self.prm,
                                    self.pl, self.tw, self.own, self.bank, player, card):
            self.land(player, b.square_names[self.pl[player, E.PL_POS]])


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
        self.pl = np.zeros((players, D.PL_COLUMNS), dtype=np.int64)
        self.pl[:, D.PL_FIRST_ATTACK] = -1
        self.prm = np.stack([b.parameter_vector(get("deal", strategy).with_params(**params))] * players)
        self.draws = np.zeros((players, len(b.card_ids)), dtype=np.int64)
        self.rng = np.zeros(4, dtype=np.uint64)
        seed_game(self.rng, seed, game)
        self.choice = np.full(deal_logic.CH_COLUMNS, -1, dtype=np.int64)
        self.scratch = np.zeros(deal_logic.SCRATCH_COLUMNS + len(b.card_ids), dtype=np.int64)

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
            state.move_card(b.cards, b.deck, self.loc, self.tab, self.pl, k,
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
        return int(state.complete_sets(self.board.groups, self.tab, player))

    def pile_size(self) -> int:
        return int(self.gs[D.GS_COUNT])

    def violations(self, player: int = 0) -> int:
        return int(deal_engine.check_invariants(*self.args, self.loc, self.pile, self.gs, self.tab, self.pl, player))

    # --- engine calls ------------------------------------------------------------------------------
    def turn(self, player: int) -> None:
        deal_engine.take_turn(*self.args, self.loc, self.pile, self.gs, self.tab, self.pl, self.prm, self.draws,
                              self.rng, self.choice, self.scratch, player)

    def collect(self, payer: int, receiver: int, amount: int) -> int:
        b = self.board
        return int(deal_engine.collect(b.cards, b.deck, b.groups, b.rules, self.loc, self.tab, self.pl, payer,
                                       receiver, amount))

    def play(self, player: int, copy: int, **choice: int) -> None:
        """Play an action card from the hand with the targets given (set by name, victim, take, give,
        doubles)."""
        self.choice[:] = -1
        self.choice[deal_logic.CH_DOUBLES] = 0
        for key, value in choice.items():
            if key == "set":
                value = self.board.group_names.index(value)
            self.choice[getattr(deal_logic, f"CH_{key.upper()}")] = value
        deal_engine.play_action(*self.args, self.loc, self.pile, self.gs, self.tab, self.pl, self.prm, self.draws,
                                self.rng, player, copy, self.choice)

    def receive(self, player: int, copy: int) -> None:
        """A rival's table property joins `player`'s table (as Sly Deal or a payment moves it)."""
        b = self.board
        deal_engine.receive(b.cards, b.deck, b.groups, b.rules, self.loc, self.tab, self.pl, player, copy)

    def discard(self, *copies: int) -> None:
        for k in copies:
            state.discard(self.board.cards, self.board.deck, self.loc, self.tab, self.pl, k)

    def new_game(self) -> None:
        deal_engine.new_game(self.board.cards, self.board.deck, self.board.rules, self.loc, self.pile, self.gs,
                             self.tab, self.pl, self.draws, self.rng)


class FortniteTable(_Decks):
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
            fortnite_engine.set_owner(self.own, self.bank, self.sq(name), player)

    def owner(self, name: str) -> int:
        return int(self.own[self.sq(name), FN.O_OWNER])

    def cover(self, name: str) -> None:
        b = self.board
        fortnite_engine.cover(b.sq, self.own, b.rules, self.pl, self.bank, self.sq(name))

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

    def items(self, player: int) -> list[str]:
        return sorted(self.board.card_ids[c] for c in range(len(self.board.card_ids))
                      for _ in range(self.held[player, c]))

    def violations(self) -> int:
        b = self.board
        return int(fortnite_engine.check_invariants(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, b.decks,
                                                    self.dq, self.held, self.dropped))

    # --- engine calls ------------------------------------------------------------------------------
    def advance(self, player: int, steps: int) -> int:
        """Move and play the square stopped on; returns that square's name."""
        b = self.board
        end = fortnite_engine.move(b.sq, self.own, b.rules, self.pl, self.bank, self.held, self.dropped, player,
                                   steps)
        fortnite_engine.resolve_square(b.sq, b.groups, self.own, b.rules, self.pl, self.bank, b.cards, b.decks,
                                       self.dq, self.held, self.dropped, self.draws, self.sq_agg, player, end)
        return b.square_names[end]

    def turn(self, player: int) -> None:
        b = self.board
        fortnite_engine.take_turn(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.cards, b.decks,
                                  self.dq, self.held, self.dropped, self.draws, self.rng, self.sq_agg, player)

    def attack(self, player: int, target: int, damage: int) -> None:
        b = self.board
        fortnite_engine.attack(b.sq, self.own, b.rules, self.pl, self.bank, b.decks, self.dq, self.held, b.cards,
                               self.dropped, player, target, damage)

    def bomb(self, player: int, damage: int = 1) -> None:
        b = self.board
        fortnite_engine.boogie_bomb(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, b.decks, self.dq, self.held,
                                    self.dropped, player, damage)

    def can_hit(self, player: int, target: int, crosshair: bool = True) -> bool:
        b = self.board
        return bool(fortnite_state.can_hit(self.own, b.rules, self.pl, self.held, b.cards, player, target, crosshair))

    def flip_storm(self, player: int) -> None:
        b = self.board
        fortnite_engine.flip_storm(b.sq, self.own, b.rules, self.pl, self.bank, b.cards, b.decks, self.dq,
                                   self.draws, player)

    def throw_at_wall(self, player: int, steps: int) -> None:
        b = self.board
        fortnite_engine.throw_at_wall(b.sq, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, b.cards,
                                      b.decks, self.dq, self.held, player, steps)
