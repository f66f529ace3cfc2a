"""Monopoly Empire: the tower race. rules.py compiles its data file, kernel.py plays it, layout.py and state.py
hold its columns and its questions of the state (towers, brands)."""
from simulator.engines.empire.rules import compile_empire
from simulator.engines.shared.family import Family

FAMILY = Family(name="empire", editions="empire", compile=compile_empire, board=True,
                groups_held_meaning="complete in the player's tower at the start of one of its turns")
