"""Monopoly Deal, the card game: three complete sets win. rules.py compiles its data file, kernel.py plays it,
layout.py and state.py hold its columns and its questions of the state (hands, tables, banks)."""
from simulator.engines.deal.rules import compile_deal
from simulator.engines.shared.family import Family

FAMILY = Family(name="deal", editions="deal", compile=compile_deal, board=False,
                groups_held_meaning="complete on the player's table at the start or the end of one of its turns")
