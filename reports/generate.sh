#!/usr/bin/env bash
# Regenerates the example reports in reports/ from the built-in editions. Run from the repository root:
#   bash reports/generate.sh
# The runs go to reports/data/ (not kept in git); the reports are kept. About eight minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
data=reports/data
monopoly-mc simulate --edition classic --games 100000 --seed 7 --out "$data/classic" --overwrite --no-progress
monopoly-mc tournament --games 60000 --seed 7 --out "$data/classic_tournament" --overwrite --no-progress \
    -s buy_all -s cautious -s three_houses -s hard_trader -s never_build
monopoly-mc sweep --set rules.start_cash=1000,1500,2000,2500 --games 25000 --seed 7 --out "$data/start_cash" \
    --overwrite --no-progress
monopoly-mc simulate --edition walking_dead --variant quick --games 100000 --seed 7 --out "$data/walking_dead_quick" \
    --overwrite --no-progress
monopoly-mc report "$data/classic" "$data/classic_tournament" "$data/start_cash" --out reports/classic.html \
    --title "Classic Monopoly: strategies, properties, cards and starting cash"
monopoly-mc report "$data/classic" --out reports/classic.md --title "Classic Monopoly: one run of the default lineup"
monopoly-mc report "$data/walking_dead_quick" --out reports/walking_dead_quick.md \
    --title "The Walking Dead, quick game"
monopoly-mc simulate --edition empire --games 200000 --seed 7 --out "$data/empire" --overwrite --no-progress
monopoly-mc tournament --edition empire --games 100000 --seed 7 --out "$data/empire_tournament" --overwrite \
    --no-progress
monopoly-mc sweep --edition empire --set rules.swap_then_move=false,true --games 50000 --seed 7 \
    --out "$data/empire_swap" --overwrite --no-progress
monopoly-mc report "$data/empire" "$data/empire_tournament" "$data/empire_swap" --out reports/empire.md \
    --title "Monopoly Empire: strategies, brands, cards and the Swap-face reading"
monopoly-mc simulate --edition millionaire --games 200000 --seed 7 --out "$data/millionaire" --overwrite --no-progress
monopoly-mc tournament --edition millionaire --games 100000 --seed 7 --out "$data/millionaire_tournament" \
    --overwrite --no-progress
monopoly-mc sweep --edition millionaire --set rules.upgrade_cost=50,450 --games 100000 --seed 7 \
    --out "$data/millionaire_upgrade_cost" --overwrite --no-progress
monopoly-mc sweep --edition millionaire --set strategy.upgrade_at_once.upgrade_from_round=0,4,8,12,20 \
    --games 100000 --seed 7 --out "$data/millionaire_upgrade_when" --overwrite --no-progress
monopoly-mc report "$data/millionaire" "$data/millionaire_tournament" "$data/millionaire_upgrade_cost" \
    "$data/millionaire_upgrade_when" --out reports/millionaire.md \
    --title "Monopoly Millionaire: is climbing to five stars worth it, and when?" --summary reports/millionaire_summary.md
monopoly-mc simulate --edition deal --games 200000 --seed 7 --out "$data/deal" --overwrite --no-progress
monopoly-mc tournament --edition deal --games 100000 --seed 7 --out "$data/deal_tournament" --overwrite --no-progress
monopoly-mc sweep --edition deal --set decks.deal.cards.deal_breaker.count=0,1,2,3,4 --games 50000 --seed 7 \
    --out "$data/deal_breakers" --overwrite --no-progress
monopoly-mc sweep --edition deal --set players=2,3,4,5 --games 50000 --seed 7 --out "$data/deal_players" \
    --overwrite --no-progress
monopoly-mc report "$data/deal" "$data/deal_tournament" "$data/deal_breakers" "$data/deal_players" \
    --out reports/deal.md --title "Monopoly Deal: strategies, cards, Deal Breakers and the first player" \
    --summary reports/deal_summary.md
monopoly-mc simulate --edition fortnite --games 200000 --seed 7 --out "$data/fortnite" --overwrite --no-progress
monopoly-mc tournament --edition fortnite --games 100000 --seed 7 --out "$data/fortnite_tournament" --overwrite \
    --no-progress
monopoly-mc sweep --edition fortnite --set rules.walls=0,4,8,16 --games 50000 --seed 7 --out "$data/fortnite_walls" \
    --overwrite --no-progress
monopoly-mc sweep --edition fortnite --set players=2,3,4,5,6,7 --games 50000 --seed 7 \
    --out "$data/fortnite_players" --overwrite --no-progress
monopoly-mc sweep --edition fortnite --set strategy.pair_collector.item_price=0,1,2,3,5 --games 50000 --seed 7 \
    --out "$data/fortnite_item_price" --overwrite --no-progress
monopoly-mc report "$data/fortnite" "$data/fortnite_tournament" "$data/fortnite_walls" "$data/fortnite_item_price" \
    "$data/fortnite_players" \
    --out reports/fortnite.md --title "Monopoly Fortnite: who survives, walls, pairs, items and the first player" \
    --summary reports/fortnite_summary.md
# A position and two trades from it, played on the same dice (reports/trade.md; findings in trade_summary.md).
position=reports/positions/oranges_against_greens.toml
show() {  # the command as a reader would type it, then what it printed
    local words=() word
    for word in "$@"; do [[ $word == *" "* ]] && words+=("\"$word\"") || words+=("$word"); done
    printf '\n`monopoly-mc %s`\n\n```\n' "${words[*]}"
    monopoly-mc "$@" --no-progress
    printf '```\n'
}
{
    printf '# From a position: oranges with houses against bare greens, and two trades\n\n'
    printf 'Generated by `bash reports/generate.sh` from `%s`; findings in [trade_summary.md](trade_summary.md).\n' \
        "$position"
    show position "$position" --games 100000 --seed 1
    show trade "$position" --between Ann Bea --give "Reading Railroad" --get "Pacific Avenue" --games 100000 --seed 1
    show trade "$position" --between Ann Bea --give "Reading Railroad" --get "Short Line" --fair-price Bea \
        --games 50000 --seed 1
} > reports/trade.md
# The notebooks, executed in place so that they are committed with their tables and plots (small runs).
MONOPOLY_MC_GAMES=20000 MONOPOLY_MC_OUT="$PWD/$data/notebooks" python - <<'PYTHON'
from pathlib import Path

import nbclient
import nbformat

for path in sorted(Path("notebooks").glob("*.ipynb")):
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(notebook, timeout=1800, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    # a progress bar is a live widget: saved, it would show the state it had when first drawn (0%)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = [out for out in cell.outputs
                            if "application/vnd.jupyter.widget-view+json" not in out.get("data", {})]
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    print(f"executed {path}")
PYTHON
