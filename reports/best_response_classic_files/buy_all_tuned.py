"""buy_all_tuned: buy_all tuned against cautious, three_houses, hard_trader on classic: build_reserve=21, trade_offer=2.013, trade_accept=3.961.

Written by `monopoly-mc optimize` on 2026-11-25T10:46:14+00:00: win 0.3535 [0.3467, 0.3600] in 20,000 fresh games (seed 1). Play it with `--strategy-file THIS_FILE -s buy_all_tuned` in any command (Python: strategy_files=[THIS_FILE]); the parameters not given are those of buy_all."""
from simulator.usercode import strategy

strategy('buy_all_tuned', family='board', base='buy_all',
         summary='buy_all tuned against cautious, three_houses, hard_trader on classic: build_reserve=21, trade_offer=2.013, trade_accept=3.961',
         build_reserve=21,
         trade_offer=2.012729006219736,
         trade_accept=3.961389202615095)
