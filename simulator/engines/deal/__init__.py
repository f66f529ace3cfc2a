"""Monopoly Deal, the card game: three complete sets win. rules.py compiles its data file, kernel.py plays it,
layout.py and state.py hold its columns and its questions of the state (hands, tables, banks), position.py reads a
moment of a game."""
from simulator.engines.deal.capture import deal_capture, give_deal_set
from simulator.engines.deal.position import compile_deal_position, deal_template
from simulator.engines.deal.rules import compile_deal
from simulator.engines.shared.family import Family

FAMILY = Family(name="deal", advice="hands", editions="deal", compile=compile_deal, board=False,
                groups_held_meaning="complete on the player's table at the start or the end of one of its turns",
                position=compile_deal_position, position_template=deal_template, capture=deal_capture,
                give_group=give_deal_set,
                no_cash="Deal has no cash: its money is the notes in the draw pile, which differ from position to "
                        "position, and a sum given from anywhere else takes it from a rival: no sum can be given on "
                        "the same terms in every position",
                no_trades="Monopoly Deal's rulebook has no trades between players: properties change hands only by "
                          "Sly Deal, Forced Deal, Deal Breaker and payments; compare two positions with `whatif` "
                          "instead")
