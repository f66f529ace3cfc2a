"""buy_all_tuned: buy_all tuned against cautious, three_houses, hard_trader on classic: build_reserve=21, trade_offer=2.013, trade_accept=3.961.

Written by `monopoly-mc optimize` on 2026-11-25T10:46:14+00:00: win 0.3535 [0.3467, 0.3600] in 20,000 fresh games (seed 1). Put this file in strategies/ to register it; the other parameters are those of buy_all."""
import math

from strategies import define
from strategies.board import FAMILY, PARAMETERS

define(FAMILY, PARAMETERS, 'buy_all_tuned', 'buy_all tuned against cautious, three_houses, hard_trader on classic: build_reserve=21, trade_offer=2.013, trade_accept=3.961',
       buy_reserve=0.0,
       buy_probability=1.0,
       bid_factor=1.0,
       preferred_groups=[],
       preferred_factor=1.0,
       group_bonus=0.0,
       build_target=5.0,
       build_reserve=21,
       jail_stay_buildings=math.inf,
       trade_offer=2.012729006219736,
       trade_accept=3.961389202615095,
       swaps=1.0,
       unmortgage_reserve=0.0)
