"""A Monopoly Millionaire table for rule tests."""
from __future__ import annotations

from simulator.engines.millionaire import kernel
from simulator.engines.millionaire import layout as M
from simulator.engines.shared import layout as L
from strategies import get
from tests.engines.shared.tables import Table


class MillionaireTable(Table):
    """A Monopoly Millionaire table: the board family's, with star levels, Fortune cards and the million."""
    engine = kernel
    default_edition = "millionaire"

    def __init__(self, players=2, strategy="upgrade_at_once", **kwargs):
        super().__init__(players=players, strategy=strategy, **kwargs)
        self.own[:, M.O_FORTUNE] = -1
        kernel.start_measures(self.pl)
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
        kernel.resolve_square(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank,
                                          b.decks, self.dq, self.held, b.cards, self.rng, self.sq_agg, self.draws,
                                          player, 7)

    def advance(self, player: int, steps: int) -> None:
        b = self.board
        kernel.advance(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank, player,
                                   steps)

    def play_kept_cards(self, player: int) -> None:
        b = self.board
        kernel.play_kept_cards(b.sq, b.rent, b.groups, self.own, b.rules, self.prm, self.pl, self.bank,
                                           b.decks, self.dq, self.held, b.cards, player)
