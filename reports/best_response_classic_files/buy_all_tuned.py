"""buy_all_tuned: buy_all tuned against cautious, three_houses, hard_trader on classic: build_reserve=0, trade_offer=2.027, trade_accept=3.679.

Written by `monopoly-mc optimize` on 2026-11-28T17:01:58+00:00: win 34.9% [34.3%, 35.6%] in 20,000 fresh games (seed 1). Play it with `--strategy-file THIS_FILE -s buy_all_tuned` in any command (Python: strategy_files=[THIS_FILE]); the parameters not given are those of buy_all."""
from simulator.usercode import strategy

strategy('buy_all_tuned', family='board', base='buy_all',
         summary='buy_all tuned against cautious, three_houses, hard_trader on classic: build_reserve=0, trade_offer=2.027, trade_accept=3.679',
         build_reserve=0,
         trade_offer=2.0265327695610487,
         trade_accept=3.6787813268395517)
