"""What a game family tells the rest of the tool about itself: each family's package
(simulator/engines/<family>/__init__.py) defines one FAMILY, which simulator/families.py finds."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Trading:
    """A family whose trades move things other than squares and cash (the board families' trades, which
    simulator/positions.py and simulator/trade_finder.py know): no cash moves, and the family says the rest."""
    tradable: Callable      # (position, seat) -> what the seat could hand over, one entry a copy, in a stable order
    hand_over: Callable     # (document, position, thing, giver, taker, player names): moves one thing, or refuses
    rival_answer: Callable  # (position, trade) -> what the second player's strategy answers: "yes", "no", "unknown"
    what: str               # what a trade moves, for help and errors ("locations and chest items")


@dataclass(frozen=True)
class Family:
    name: str                 # as data files name it: [edition] family = "..."
    editions: str             # which built-in editions it plays, for help texts
    compile: Callable         # an Edition of the family -> its GameRules (arrays, names, kernel)
    board: bool               # results have squares and colour groups (per-square tables, heat maps)
    groups_held_meaning: str  # when the engine marks a colour group held (players' held_<group> columns)
    position: Callable        # a position file -> (start arrays, player names, strategy names)
    position_template: Callable  # (edition name, compiled board) -> a commented example position file
    squares_claimed: bool = False  # squares are claimed, not bought: their price is what a visitor pays
    movement_model: bool = False   # pawns move as on the classic board, so the movement Markov chain applies
    # (edition ref, variant, compiled board, strategy names, lineup rows, round, seed, game) -> the position
    # document of that game at the end of that round, or None if it ended before; None: no mid-game positions
    capture: Callable | None = None
    # (position document, compiled board, square names, seat or None) -> the document with those squares taken
    # from their holders and given to that seat, bare (None: left with the bank); None if that wins the game
    give: Callable | None = None
    # (position document, compiled board, group name, seat or None) -> the document with that colour group given
    # to that seat complete (None: left unowned), for a family whose groups are not squares; None: `give` of the
    # group's squares
    give_group: Callable | None = None
    # compiled board -> {card id: the position's player field that lists it held} for the cards a player keeps
    held_cards: Callable | None = None
    winning_cash: Callable | None = None  # compiled board -> the cash that wins at once (None: no such rule)
    no_cash: str = ""  # why a position's player cannot be given cash (no cash equivalent); "": it can
    advice: str = ""  # which choices `advise` offers its positions (simulator/advise.py: STREETS, STAR_LEVELS, ...)
    no_trades: str = ""  # why a position of the family cannot be traded (its rules have no trades); "": it can
    trading: Trading | None = None  # its own trades (no cash); None: squares and cash, as the board families

    @property
    def strategies(self):
        """The family's strategy module (PARAMETERS, DEFAULT_LINEUP, TOURNAMENT_FIELD, parameter_vector)."""
        from strategies import family_module
        return family_module(self.name)
