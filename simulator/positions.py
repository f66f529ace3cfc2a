"""From a moment of a game: who wins from here, and is a trade worth making.

A position file (TOML) names an edition and describes each player at one moment; its family's position
compiler (simulator/engines/<family>/position.py) turns it into the arrays the engine starts from. Games from
a position keep seats fixed (seat i is the file's player i) and are seeded like any run, so two positions
played with one seed meet the same dice and card order game by game (common random numbers): a trade's effect
is measured on paired games, with far fewer games than two independent runs need.
"""
from __future__ import annotations

import copy
import hashlib
import json
import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd

from simulator import families, stats
from simulator.tables import with_units
from simulator.checks import EditionError, hint
from simulator.engines.shared import layout as L
from simulator.rules import load_edition


@dataclass
class Position:
    source: str           # the file, or how a changed position was made from one
    document: dict        # the position file's contents (after any change)
    edition: object       # the Edition it is a moment of
    start: object         # the family's start arrays
    players: list[str]    # names, in seat order
    strategies: list[str]

    @property
    def sha256(self) -> str:
        return hashlib.sha256(json.dumps(self.document, sort_keys=True, default=str).encode()).hexdigest()

    def lineup(self):
        from strategies import get
        return [get(self.edition.family, name) for name in self.strategies]

    def describe(self) -> dict:
        return {"source": self.source, "sha256": self.sha256, "players": self.players,
                "strategies": self.strategies, "to_play": self.players[self.start.first_seat]}


def position_from(document: dict, source: str, relative_to: Path | None = None) -> Position:
    """Compile a position document: its edition (name or path, relative to the file) and its arrays."""
    meta = document.get("position")
    if not isinstance(meta, dict) or not isinstance(meta.get("edition"), str):
        raise EditionError(f"{source}: position.edition: expected the name or path of the edition this is a "
                           f"moment of ([position] edition = \"classic\")")
    ref = meta["edition"]
    if relative_to is not None and (relative_to / ref).is_file():
        ref = str(relative_to / ref)
    edition = load_edition(ref, meta.get("variant"))
    family = families.get(edition.family)
    from simulator.rules import compile_rules
    board = compile_rules(edition)
    known = [s.name for s in _available(edition.family)]
    start, players, strategies = family.position(document, source, board, known)
    return Position(source=source, document=document, edition=edition, start=start, players=players,
                    strategies=strategies)


def load_position(path: str | Path) -> Position:
    from simulator.engines.shared.position import read_position_file
    path = Path(path)
    return position_from(read_position_file(path), str(path), path.parent)


def with_field(position: Position, player: str, field: list[str], player_option: str = "--player") -> Position:
    """The position with the players other than `player` played by the strategies `field` names: one name for
    all of them, or one each in the file's seat order (an eliminated player's strategy plays no part). Any
    strategy registered for the family (user strategy files included) is allowed; an unknown one, or a wrong
    count, is refused in one line."""
    if player not in position.players:
        raise EditionError(f"{player_option} {player}: no such player in {position.source}"
                           f"{hint(player, position.players)}")
    others = [k for k, name in enumerate(position.players) if name != player]
    allowed = [s.name for s in _available(position.edition.family)]
    for name in field:
        if name not in allowed:
            raise EditionError(f"--field {name}: no {position.edition.family} strategy of that name (allowed: "
                               f"{', '.join(allowed)})")
    if len(field) not in (1, len(others)):
        raise EditionError(f"--field {','.join(field)}: expected one strategy for every rival, or one each for the "
                           f"players other than {player} ({', '.join(position.players[k] for k in others)}) in seat "
                           f"order")
    document = copy.deepcopy(position.document)
    for k, name in zip(others, field * len(others) if len(field) == 1 else field):
        document["players"][k]["strategy"] = name
    return changed(position, document, f"with the field {','.join(field)}")


def _available(family: str):
    from strategies import available
    return available(family)


def play(position: Position, games: int, seed: int = 0, threads: int | None = None, progress=None,
         notice=None, executor=None, check: bool = False, lineup=None):
    """Play `games` games from the position (on `executor`: this process by default, or Dask); the per-game
    and per-player frames stay in memory. `check` checks the invariants after every turn. `lineup`: the
    strategies in seat order, when some play with other parameters than their names give (position.lineup())."""
    from simulator.runner import RunSpec, run
    spec = RunSpec(edition=position.edition, lineup=lineup or position.lineup(), games=games, seed=seed,
                   threads=threads, rotate_seats=False, check=check, position=position)
    return run(spec, keep_frames=True, progress=progress, notice=notice, executor=executor)


def outlook(result, position: Position) -> pd.DataFrame:
    """Per player: win probability with its 95% interval, the distribution of final ranks, and (as attrs)
    the expected remaining rounds and the unfinished share."""
    players, games = result.players, result.games
    n_games = len(games)
    rows = []
    for seat, name in enumerate(position.players):
        mine = players[players.seat == seat + 1]  # the frames count seats from 1
        wins = int(mine.won.sum())
        low, high = stats.wilson(wins, n_games)
        row = {"player": name, "strategy": position.strategies[seat], "wins": wins, "win_rate": wins / n_games,
               "ci_low": low, "ci_high": high}
        ranks = mine["rank"].value_counts(normalize=True)
        for rank in range(1, len(position.players) + 1):
            row[f"rank_{rank}"] = float(ranks.get(rank, 0.0))
        rows.append(row)
    frame = with_units(pd.DataFrame(rows), ["win_rate", "ci_low", "ci_high",
                                            *(f"rank_{r}" for r in range(1, len(position.players) + 1))])
    finished = games.end_reason != "turn_cap"
    frame.attrs["games"] = n_games
    frame.attrs["rounds_mean"] = float(games.rounds[finished].mean()) if finished.any() else math.nan
    frame.attrs["unfinished_share"] = float((~finished).mean())
    return frame


# ---------------------------------------------------------------------------------------------------
# Trades


@dataclass
class Trade:
    between: tuple[str, str]   # (a, b): a gives `give` and `cash`, b gives `get`
    give: tuple[str, ...] = ()
    get: tuple[str, ...] = ()
    cash: int = 0              # paid by a to b (negative: b pays a)

    def text(self) -> str:
        a, b = self.between
        parts = [f"{a} gives {', '.join(self.give) or 'nothing'}", f"{b} gives {', '.join(self.get) or 'nothing'}"]
        if self.cash:
            payer, payee = (a, b) if self.cash > 0 else (b, a)
            parts.append(f"{payer} pays {payee} {abs(self.cash):,}")
        return "; ".join(parts)


def traded(position: Position, trade: Trade) -> Position:
    """The position after the trade: squares change hands when their colour group has no buildings (rulebook:
    Passez des accords avec vos adversaires), and the cash moves; in a family with its own trading (Fortnite:
    locations and chest items), the family moves each thing and no cash moves. Refused in one line when a player
    or a thing does not fit."""
    refuse_untradable(position)
    trading = families.get(position.edition.family).trading
    if not trade.give and not trade.get:
        raise EditionError("trade: name a square to move (--give or --get); to compare cash alone, write the "
                           "position after it and use whatif")
    if trading is not None and trade.cash:
        raise EditionError(f"--cash {trade.cash}: {position.edition.name}'s trades move {trading.what}, no cash")
    for squares, option in ((trade.give, "--give"), (trade.get, "--get")):
        for square in squares:
            # a chest item held twice can be given twice; a square changes hands once
            if squares.count(square) > 1 and trading is None:
                raise EditionError(f"{option} {square}: named twice (each square changes hands once)")
    document = copy.deepcopy(position.document)
    players = document["players"]
    names = [p.get("name", f"player {i + 1}") for i, p in enumerate(players)]
    seats = []
    for name in trade.between:
        if name not in names:
            raise EditionError(f"--between {name}: no such player in {position.source}{hint(name, names)}")
        seats.append(names.index(name))
    if seats[0] == seats[1]:
        raise EditionError("--between: give two different players")
    hand_over = _hand_over if trading is None else trading.hand_over
    for squares, giver, taker in ((trade.give, seats[0], seats[1]), (trade.get, seats[1], seats[0])):
        for square in squares:
            hand_over(document, position, square, giver, taker, names)
    if trade.cash:
        _pay(position, document, trade.cash, seats, names)
    return changed(position, document, f"after: {trade.text()}")


def _pay(position: Position, document: dict, cash: int, seats: list[int], names: list[str]) -> None:
    """Move `cash` from the trade's first player to its second (negative: the other way) in the document."""
    payer, payee = (seats[0], seats[1]) if cash >= 0 else (seats[1], seats[0])
    cash_of = {s: int(position.start.pl[s, L.PL_CASH]) for s in seats}
    if abs(cash) > cash_of[payer]:
        raise EditionError(f"--cash {cash}: {names[payer]} holds only {int(cash_of[payer]):,}")
    document["players"][payer]["cash"] = cash_of[payer] - abs(cash)
    document["players"][payee]["cash"] = cash_of[payee] + abs(cash)


def changed(position: Position, document: dict, how: str) -> Position:
    """The position `document` describes, made from `position` as `how` says (its edition read relative to the
    position's file, as that file's was)."""
    return position_from(document, f"{position.source} {how}",
                         Path(position.source).parent if Path(position.source).is_file() else None)


def refuse_untradable(position: Position, command: str = "trade") -> None:
    """Refuse, in one line naming `command`, a position of a family whose rules have no trades."""
    reason = families.get(position.edition.family).no_trades
    if reason:
        raise EditionError(f"{command}: {reason}")


def _hand_over(document: dict, position: Position, square: str, giver: int, taker: int, names: list[str]) -> None:
    giver_props = document["players"][giver].setdefault("properties", [])
    for k, prop in enumerate(giver_props):
        if _same_square(prop.get("square"), square, position):
            if _group_built(position, square):
                raise EditionError(f"{square}: squares change hands only when no square of their colour group has "
                                   f"buildings (rulebook: Passez des accords avec vos adversaires): sell the group's "
                                   f"buildings first in the position")
            if prop.get("mortgaged"):
                raise EditionError(f"{square}: a mortgaged square in a trade is not covered (its 10% would be "
                                   f"due at once): lift the mortgage in the position first")
            document["players"][taker].setdefault("properties", []).append(giver_props.pop(k))
            return
    owned = [str(p.get("square")) for p in giver_props]
    raise EditionError(f"{square}: {names[giver]} does not own it{hint(square, owned)}")


def _group_built(position: Position, square: str) -> bool:
    """Whether a square of `square`'s colour group has a building (one owner holds a built group)."""
    from simulator.rules import compile_rules
    board = compile_rules(position.edition)
    group = board.sq[board.square_names.index(square), L.SQ_GROUP]
    members = board.groups[group, L.G_MEMBERS:L.G_MEMBERS + board.groups[group, L.G_SIZE]]
    return bool(position.start.own[members, L.O_LEVEL].any())


def _same_square(given, square: str, position: Position) -> bool:
    from simulator.rules import compile_rules
    names = compile_rules(position.edition).square_names
    index = given if isinstance(given, int) else names.index(given) if given in names else -1
    return 0 <= index < len(names) and names[index] == square


def paired_effect(before, after, player_before: int, player_after: int | None = None) -> dict:
    """The change in one player's win probability from `before` to `after`, played on the same seeds (the
    player at index `player_before` of the position's players, then at `player_after`, by default the same):
    the mean of the per-game differences, its 95% interval, and a two-sided p-value (stats.paired_difference)."""
    player_after = player_before if player_after is None else player_after
    won_before, won_after = wins_of(before, player_before), wins_of(after, player_after)
    ones = np.ones(len(won_after))
    effect = stats.paired_difference(won_before, ones, won_after, ones)
    return {"without": float(won_before.mean()), "with": float(won_after.mean()),
            **{k: effect[k] for k in ("difference", "ci_low", "ci_high", "p_value")}, "games": len(ones),
            "changed_games": int(np.count_nonzero(won_after - won_before))}


def wins_of(result, player: int) -> np.ndarray:
    """1.0 for each game (in game order) the player at index `player` of the position's players won, else 0.0:
    runs of one seed line up game by game."""
    # a position's players sit in their listed order, and the frames count seats from 1
    return result.players[result.players.seat == player + 1].sort_values("game").won.to_numpy(dtype=float)


def verdict(effect: dict, better: str = "better with the trade", worse: str = "worse with the trade") -> str:
    if effect["ci_low"] > 0:
        return better
    if effect["ci_high"] < 0:
        return worse
    return "even within the interval"


def compare_positions(first: Position, second: Position, games: int, seed: int = 0, threads: int | None = None,
                      progress=None, notice=None, players: list[str] | None = None,
                      verdicts: tuple[str, str] = ("better in the second", "worse in the second"),
                      executor=None) -> pd.DataFrame:
    """Each player's (by name) win probability in `first` and in `second` on the same seeds, with the paired
    difference, its interval and a verdict."""
    if sorted(first.players) != sorted(second.players):
        raise EditionError(f"{second.source}: the players differ ({', '.join(first.players)} against "
                           f"{', '.join(second.players)})")
    before = play(first, games, seed, threads, progress, notice, executor)
    after = play(second, games, seed, threads, progress, notice, executor)
    rows = []
    for name in players or first.players:
        effect = paired_effect(before, after, first.players.index(name), second.players.index(name))
        rows.append({"player": name, **effect, "verdict": verdict(effect, *verdicts)})
    return with_units(pd.DataFrame(rows), ["without", "with"], ["difference", "ci_low", "ci_high"])


def trade_table(position: Position, trade: Trade, games: int, seed: int = 0, threads: int | None = None,
                progress=None, notice=None, executor=None) -> pd.DataFrame:
    """Each side's win probability without and with the trade, on the same seeds, with the paired
    difference, its interval and a verdict (accept: better with it; refuse: worse)."""
    frame = compare_positions(position, traded(position, trade), games, seed, threads, progress, notice,
                              list(trade.between), ("accept: better with the trade", "refuse: worse with the trade"),
                              executor)
    frame.attrs["trade"] = trade.text()
    return frame


def check_fair_side(trade: Trade, side: str) -> None:
    """The side a fair price is sought for is one of the trade's two players."""
    if side not in trade.between:
        raise EditionError(f"--fair-price {side}: expected one of the trade's players ({', '.join(trade.between)})")


def refuse_pricing(position: Position, option: str) -> None:
    """Refuse, in one line naming `option`, a fair price in a family whose trades move no cash."""
    trading = families.get(position.edition.family).trading
    if trading is not None:
        raise EditionError(f"{option}: {position.edition.name}'s trades move {trading.what}, no cash: there is no "
                           f"price to find")


def payable_cash(position: Position, trade: Trade) -> tuple[int, int]:
    """The cash the trade's first player can pay the second: from minus what the second holds (the second pays)
    to what the first holds."""
    refuse_pricing(position, "--fair-price")
    first, second = (position.players.index(name) for name in trade.between)
    return -int(position.start.pl[second, L.PL_CASH]), int(position.start.pl[first, L.PL_CASH])


EVEN_WALK = 20  # at most this many steps each way when measuring the range of even prices


def bisection_steps(lowest: int, highest: int, step: int) -> int:
    """How many prices fair_price tries over [lowest, highest] to a resolution of `step`."""
    return max(0, math.ceil(math.log2((highest - lowest) / step))) if highest - lowest > step else 0


def fair_price(position: Position, trade: Trade, side: str, games: int, seed: int = 0, threads: int | None = None,
               lowest: int = -2000, highest: int = 2000, step: int = 10, progress=None, notice=None,
               executor=None) -> dict:
    """The cash (paid by the trade's first player to the second) that makes the trade even for `side`: a
    bisection over the cash on the same seeds, down to `step`, among the prices the payer holds. Returns the
    price with the side's paired difference there, the range of prices (`step` apart, around it) whose
    difference is not significant (its interval), and whether no even price was found because the search
    reached the most a player can pay (`at_payable_limit`)."""
    check_fair_side(trade, side)
    traded(position, trade)  # refuses a trade that does not fit before any game is played
    seat = position.players.index(side)
    can_pay_from, can_pay_to = payable_cash(position, trade)
    before = play(position, games, seed, threads, progress, notice, executor)
    sign = 1 if side == trade.between[0] else -1  # more cash paid by the first player hurts it, helps the second

    def effect(cash: int) -> dict:
        return paired_effect(before, play(traded(position, replace(trade, cash=cash)), games, seed, threads,
                                         progress, notice, executor), seat)

    found = even_price(effect, sign, lowest, highest, step, can_pay_from, can_pay_to)
    return {"side": side, **{k: found[k] for k in ("price", "difference", "ci_low", "ci_high", "even_from",
                                                   "even_to")},
            "payable_from": can_pay_from, "payable_to": can_pay_to, "at_payable_limit": found["at_payable_limit"],
            "games": games, "evaluated": found["evaluated"], "tried": found["tried"]}


def even_price(effect, sign: int, lowest: int, highest: int, step: int, can_pay_from: int, can_pay_to: int) -> dict:
    """The cash at which `effect(cash)` (a side's paired effect, a dict as paired_effect's) is even: a bisection
    over [lowest, highest] down to `step`, among the payable prices [can_pay_from, can_pay_to]; `sign` is +1 when
    more cash hurts the side (it pays), -1 when it helps (it is paid). Returns the price with the effect there,
    the range of prices (`step` apart, around it) whose difference is not significant, whether no even price was
    found because the search reached a payable limit, and the differences of every price tried."""
    low, high = lowest, highest
    tried = {}  # at most bisection_steps(lowest, highest, step) prices
    while high - low > step:
        middle = (low + high) // 2
        if not can_pay_from <= middle <= can_pay_to:
            # the payer does not hold that much: no trade there, so the price is searched on the payable side
            low, high = (low, middle) if middle > can_pay_to else (middle, high)
            continue
        tried[middle] = effect(middle)
        # the side gains at this price: it can pay more (it pays) or ask less (it is paid)
        if sign * tried[middle]["difference"] > 0:
            low = middle
        else:
            high = middle
    # The price: of the final bracket's middle and the ends tried, the one nearest even. The middle alone can
    # be significantly off even while an end is not: on paired games the difference moves in steps, and a
    # step wider than the interval made every run with one end even report no even price at all.
    middle = min(max((low + high) // 2, can_pay_from), can_pay_to)
    if middle not in tried:
        tried[middle] = effect(middle)
    price = min((cash for cash in tried if low <= cash <= high or cash == middle),
                key=lambda cash: (abs(tried[cash]["difference"]), abs(cash - middle)))

    def even(cash: int) -> bool:
        if not can_pay_from <= cash <= can_pay_to:
            return False
        if cash not in tried:
            tried[cash] = effect(cash)
        return tried[cash]["ci_low"] <= 0 <= tried[cash]["ci_high"]

    # The interval: the prices around the one found, `step` apart, whose difference is not significant.
    even_from = even_to = math.nan
    if even(price):
        even_from = even_to = price
        for _ in range(EVEN_WALK):
            if not even(even_from - step):
                break
            even_from -= step
        for _ in range(EVEN_WALK):
            if not even(even_to + step):
                break
            even_to += step
    at_price = tried[price]
    return {"price": price, "difference": at_price["difference"], "ci_low": at_price["ci_low"],
            "ci_high": at_price["ci_high"], "even_from": even_from, "even_to": even_to,
            "at_payable_limit": math.isnan(even_from) and not can_pay_from + step <= price <= can_pay_to - step,
            "evaluated": len(tried), "tried": {c: e["difference"] for c, e in sorted(tried.items())}}
