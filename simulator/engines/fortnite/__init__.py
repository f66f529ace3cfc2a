"""Monopoly Fortnite: health points, walls, the storm and the last survivor. rules.py compiles its data file,
kernel.py plays it, layout.py and state.py hold its columns and its questions of the state, position.py reads a
moment of a game, trades.py trades one (locations and chest items)."""
from simulator.engines.fortnite.capture import fortnite_capture, give_fortnite_locations
from simulator.engines.fortnite.position import compile_fortnite_position, fortnite_template
from simulator.engines.fortnite.rules import compile_fortnite
from simulator.engines.fortnite.trades import TRADING
from simulator.engines.shared.family import Family

FAMILY = Family(name="fortnite", advice="storm", editions="fortnite", compile=compile_fortnite, board=True,
                groups_held_meaning="both locations of the pair held at the start of one of the player's turns",
                squares_claimed=True, position=compile_fortnite_position, position_template=fortnite_template,
                trading=TRADING, capture=fortnite_capture, give=give_fortnite_locations,
                no_cash="Fortnite has no cash: its currency is health points, capped at the maximum, so the HP a "
                        "player can still be given differs from position to position")
