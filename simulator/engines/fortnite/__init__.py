"""Monopoly Fortnite: health points, walls, the storm and the last survivor. rules.py compiles its data file,
kernel.py plays it, layout.py and state.py hold its columns and its questions of the state."""
from simulator.engines.fortnite.rules import compile_fortnite
from simulator.engines.shared.family import Family

FAMILY = Family(name="fortnite", editions="fortnite", compile=compile_fortnite, board=True,
                groups_held_meaning="both locations of the pair held at the start of one of the player's turns",
                squares_claimed=True)
