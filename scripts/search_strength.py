"""Strength of each family's search player against its budget (issue 31): one search seat against the table
its family's report measured it at, for a few budgets (rollouts per candidate, the family's default horizon),
its win rate with a 95% Wilson interval and its cost in CPU milliseconds per game (time.process_time over the
run, after a warm-up so no compile is counted). Writes the points as CSV and the plot (win rate against rollouts,
and against CPU ms per game, one line per family):

    python scripts/search_strength.py                      # ~4 CPU min (8 min wall, shared 2 cores)
    python scripts/search_strength.py --games-scale 0.25   # a quick look

Rollouts 0 is the base heuristic alone (the search player plays exactly its base then).
"""
import argparse
import time
from pathlib import Path

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from simulator.plots import FAIR_SHARE_COLOUR, save  # noqa: E402
from simulator.rules import compile_rules, load_edition  # noqa: E402
from simulator.runner import RunSpec, resolve_lineup, run  # noqa: E402
from simulator.stats import wilson  # noqa: E402

# family: (edition, rivals, seed, games, rollouts measured): the tables of reports/search_board.md and the
# family helpers' measurements; the budgets double up to each family's default, Fortnite's (cheap) beyond it.
FAMILIES = {
    "classic": ("classic", ["hard_trader"] * 3, 1, 500, [0, 2, 4, 8]),
    "empire": ("empire", ["buy_everything", "card_shark", "swapper"], 11, 600, [0, 4, 16, 64, 256]),
    "fortnite": ("fortnite", ["storm_avoider", "aggressive_shooter", "pair_collector"], 2, 800,
                 [0, 2, 8, 32, 128]),
    "millionaire": ("millionaire", ["upgrade_at_once", "upgrade_rich", "sprinter"], 2, 600, [0, 2, 8, 32]),
}
WARM_UP_GAMES = 4
DODGE = 0.04


def measure(edition_name: str, rivals: list[str], seed: int, games: int, rollouts: int, horizon: int | None,
            threads: int) -> dict:
    edition = load_edition(edition_name, None, [])
    lineup = resolve_lineup(edition, compile_rules(edition), 4, ["search", *rivals])
    changes = {"rollouts": rollouts} if horizon is None else {"rollouts": rollouts, "horizon": horizon}
    lineup[0] = lineup[0].with_params(**changes)
    run(RunSpec(edition=edition, lineup=lineup, games=WARM_UP_GAMES, seed=seed + 1, threads=threads), warned=True)
    start = time.process_time()
    result = run(RunSpec(edition=edition, lineup=lineup, games=games, seed=seed, threads=threads), warned=True)
    cpu = time.process_time() - start
    wins = int(result.totals.wins_by_lineup[0])
    low, high = wilson(wins, games)
    return {"family": edition_name, "rollouts": rollouts, "horizon": lineup[0].params["horizon"], "seed": seed,
            "games": games, "wins": wins, "win_rate": 100 * wins / games, "low": 100 * low, "high": 100 * high,
            "cpu_ms_per_game": 1000 * cpu / games}


def plot(points: pd.DataFrame, path: Path) -> None:
    figure, (by_rollouts, by_cpu) = plt.subplots(1, 2, figsize=(12, 5), sharey=True)
    families = points[points.horizon_kind == "default"].groupby("family", sort=False)
    for index, (family, frame) in enumerate(families):
        # each family nudged sideways a little (4% of a doubling), so equal rates stay apart
        nudge = DODGE * (index - (len(families) - 1) / 2)
        rollouts = frame.rollouts * 2 ** nudge + (frame.rollouts == 0) * nudge
        errors = [frame.win_rate - frame.low, frame.high - frame.win_rate]
        for axis, x in ((by_rollouts, rollouts), (by_cpu, frame.cpu_ms_per_game * 2 ** nudge)):
            axis.errorbar(x, frame.win_rate, yerr=errors, marker="o", capsize=3, label=family)
    for _, point in points[points.horizon_kind != "default"].iterrows():
        errors = [[point.win_rate - point.low], [point.high - point.win_rate]]
        label = f"{point.family}, {point.rollouts} rollouts to the end of the game"
        for axis, x in ((by_rollouts, point.rollouts), (by_cpu, point.cpu_ms_per_game)):
            axis.errorbar([x], [point.win_rate], yerr=errors, marker="s", capsize=3, color="black",
                          linestyle="none", label=label)
    ticks = sorted(points.rollouts.unique())
    by_rollouts.set_xscale("symlog", base=2, linthresh=1)
    by_rollouts.set_xticks(ticks, [str(t) for t in ticks])
    by_rollouts.set_xlabel("rollouts per candidate policy, each turn (0: the base heuristic alone)")
    by_rollouts.set_ylabel("win rate of the search seat (%, 95% interval)")
    by_cpu.set_xscale("log")
    by_cpu.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda value, _: f"{value:g}"))
    by_cpu.set_xlabel("CPU per game (ms, log scale)")
    for axis in (by_rollouts, by_cpu):
        axis.axhline(25, color=FAIR_SHARE_COLOUR, linestyle="--", linewidth=1.2, label="fair share (4 players)")
        axis.grid(alpha=0.3)
    handles, labels = by_cpu.get_legend_handles_labels()
    unique = dict(zip(labels, handles))
    figure.suptitle("Search player: one seat against its family's table of heuristics, by budget")
    figure.tight_layout(rect=(0, 0.08, 1, 1))
    figure.legend(unique.values(), unique.keys(), loc="lower center", ncol=3, fontsize=9, frameon=False)
    save(figure, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("reports/search_strength_files"))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--games-scale", type=float, default=1.0, help="multiply every family's games")
    parser.add_argument("--families", default=",".join(FAMILIES), help="comma-separated, of " + ", ".join(FAMILIES))
    parser.add_argument("--replot", action="store_true", help="only redraw the plot from the CSV written earlier")
    parser.add_argument("--fortnite-full", type=int, default=128,
                        help="one Fortnite point at this many rollouts played to the end of the game (0: none)")
    options = parser.parse_args()
    if options.replot:
        if not (options.out / "budget.csv").exists():
            parser.error(f"--replot: no {options.out / 'budget.csv'}; run without --replot first")
        plot(pd.read_csv(options.out / "budget.csv"), options.out / "budget.png")
        return
    families = options.families.split(",")
    unknown = [family for family in families if family not in FAMILIES]
    if unknown:
        parser.error(f"--families: unknown {', '.join(unknown)}; expected some of {', '.join(FAMILIES)}")
    if options.games_scale <= 0:
        parser.error(f"--games-scale {options.games_scale}: expected a number above 0")
    rows = []
    for family in families:
        edition, rivals, seed, games, budgets = FAMILIES[family]
        games = max(1, round(games * options.games_scale))
        for rollouts in budgets:
            rows.append({**measure(edition, rivals, seed, games, rollouts, None, options.threads),
                         "horizon_kind": "default"})
            print(rows[-1], flush=True)
        if family == "fortnite" and options.fortnite_full:
            rows.append({**measure(edition, rivals, seed, games, options.fortnite_full, 0, options.threads),
                         "horizon_kind": "to the end"})
            print(rows[-1], flush=True)
    points = pd.DataFrame(rows)
    options.out.mkdir(parents=True, exist_ok=True)
    points.round(3).to_csv(options.out / "budget.csv", index=False)
    plot(points, options.out / "budget.png")


if __name__ == "__main__":
    main()
