"""Monopoly Empire: the tower race. rules.py compiles its data file, kernel.py plays it, layout.py and state.py
hold its columns and its questions of the state (towers, brands), position.py reads a moment of a game."""
from simulator.engines.empire.capture import empire_capture, empire_held_cards, give_empire_squares
from simulator.engines.empire.position import compile_empire_position, empire_template
from simulator.engines.empire.rules import compile_empire
from simulator.engines.shared.family import Family

FAMILY = Family(name="empire", advice="towers", editions="empire", compile=compile_empire, board=True,
                groups_held_meaning="complete in the player's tower at the start of one of its turns",
                position=compile_empire_position, position_template=empire_template,
                capture=empire_capture, give=give_empire_squares, held_cards=empire_held_cards,
                no_trades="Monopoly Empire's rulebook has no trades between players: billboards change towers only "
                          "by the Swap, the cards, the taxes and unpaid debts (Faillite !); compare two positions "
                          "with `whatif` instead")
