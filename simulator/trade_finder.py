"""Which trade should a player offer, and at what price: the trade finder behind `monopoly-mc trades`.

From a position (simulator/positions.py), every trade the player could propose to each rival is written as a
positions.Trade (squares for squares, squares for cash over a grid of amounts) and played on the same dice as
the position itself. The candidates can be many, so they race: every one plays a few screening games, the best
few play again on many fresh games (a second seed, so the screen's lucky draws do not carry over), and only that
re-check gives the intervals and verdicts, Holm-adjusted over the finalists: a trade the finder calls better
would have been called so by chance at most 5% of the time (tests/test_trades.py checks it on trades of
identical-value squares). Each finalist is also marked with the rival's own answer, read from the compiled
decisions its strategy plays with (strategies/board_logic.py: sells, swaps, trade_offer).

Fair prices: for a square or a colour group held by a rival (or by the player), the cash that makes its sale
even for each side, by positions.fair_price; for a square still the bank's, the highest bid at which buying
it beats leaving it with the bank, by the same bisection (positions.even_price).
"""
from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simulator import families, positions, stats
from simulator.checks import EditionError, hint
from simulator.engines.shared import layout as L
from simulator.positions import Position, Trade
from simulator.rules import compile_rules
from simulator.tables import with_units

DEFAULT_CASH = (100, 200, 400)
SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class Budget:
    """The games the finder plays: every candidate (and the position as it stands) `screen_games` on the seed,
    then the `finalists` best `games` each on seed + 1."""
    screen_games: int = 200
    finalists: int = 8
    games: int = 4000

    def check(self) -> None:
        for name, value, least in (("--screen-games", self.screen_games, 2), ("--finalists", self.finalists, 1),
                                   ("--games", self.games, 2)):
            if value < least:
                raise EditionError(f"{name} {value}: expected a whole number of at least {least}")

    def total(self, candidates: int) -> int:
        """The games played for `candidates` candidates (the position as it stands plays in each stage)."""
        return (candidates + 1) * self.screen_games + (min(self.finalists, candidates) + 1) * self.games


# ---------------------------------------------------------------------------------------------------
# The candidates


def seat_of(position: Position, name: str, option: str) -> int:
    if name not in position.players:
        raise EditionError(f"{option} {name}: no such player in {position.source}{hint(name, position.players)}")
    return position.players.index(name)


def tradable(position: Position, seat: int) -> list[str]:
    """The squares `seat` could hand over (positions.traded's rule): unmortgaged, in a colour group without
    buildings, in board order."""
    board = compile_rules(position.edition)
    own = position.start.own
    built = {g for s in range(board.n_squares) if own[s, L.O_OWNER] >= 0 and own[s, L.O_LEVEL] > 0
             for g in [board.sq[s, L.SQ_GROUP]]}
    return [board.square_names[s] for s in range(board.n_squares)
            if own[s, L.O_OWNER] == seat and own[s, L.O_MORTGAGED] == 0 and board.sq[s, L.SQ_GROUP] not in built]


def _bundles(things: list[str], most: int) -> list[tuple[str, ...]]:
    """Every choice of 1 to `most` of `things`, each once (copies of one chest item make one choice)."""
    return list(dict.fromkeys(bundle for size in range(1, most + 1) for bundle in itertools.combinations(things, size)))


def candidates(position: Position, player: str, rivals: list[str] | None = None, cash=None,
               max_squares: int = 1) -> list[Trade]:
    """Every trade `player` could propose to each rival (every other player still in, or `rivals`): up to
    `max_squares` of its squares for up to as many of the rival's, the player paying or receiving each amount of
    `cash` (default DEFAULT_CASH) or nothing; and up to `max_squares` squares one way for each amount the other.
    Amounts a payer does not hold are left out. In a family with its own trading (Fortnite), up to `max_squares`
    of the things it could hand over (locations, chest items) for up to as many of the rival's, no cash."""
    positions.refuse_untradable(position, "trades")
    seat = seat_of(position, player, "--player")
    if max_squares < 1:
        raise EditionError(f"--max-squares {max_squares}: expected a whole number of at least 1")
    trading = families.get(position.edition.family).trading
    if trading is not None and cash is not None and any(cash):
        raise EditionError(f"--cash {','.join(map(str, cash))}: {position.edition.name}'s trades move "
                           f"{trading.what}, no cash")
    amounts = sorted({int(c) for c in (DEFAULT_CASH if cash is None else cash)})
    if any(c < 0 for c in amounts):
        raise EditionError(f"--cash {','.join(map(str, amounts))}: expected amounts of 0 or more (the finder tries "
                           f"each both ways)")
    others = [name for k, name in enumerate(position.players) if k != seat and not _out(position, k)]
    for name in rivals or []:
        if seat_of(position, name, "--rival") == seat:
            raise EditionError(f"--rival {name}: the player itself; name another player")
        if name not in others:
            raise EditionError(f"--rival {name}: out of the game")
    things = tradable if trading is None else trading.tradable
    mine = _bundles(things(position, seat), max_squares)
    found = []
    for rival in rivals or others:
        theirs = _bundles(things(position, position.players.index(rival)), max_squares)
        if trading is not None:  # no cash: a trade gives something each way, or it is a gift
            found += [Trade((player, rival), give, get) for give, get in itertools.product(mine, theirs)]
            continue
        held = int(position.start.pl[seat, L.PL_CASH])
        their_cash = int(position.start.pl[position.players.index(rival), L.PL_CASH])
        both_ways = sorted({0, *amounts, *(-c for c in amounts)})
        payable = [c for c in both_ways if -their_cash <= c <= held]
        for give, get in itertools.product(mine, theirs):
            found += [Trade((player, rival), give, get, c) for c in payable]
        found += [Trade((player, rival), (), get, c) for get in theirs for c in amounts if 0 < c <= held]
        found += [Trade((player, rival), give, (), -c) for give in mine for c in amounts if 0 < c <= their_cash]
    return found


def _out(position: Position, seat: int) -> bool:
    return position.start.pl[seat, L.PL_ALIVE] == 0


# ---------------------------------------------------------------------------------------------------
# The rival's own answer


def rival_answer(position: Position, trade: Trade) -> str:
    """What the rival's strategy answers to the trade, from the decisions the engine asks it (play.py's trade):
    it sells squares for at least trade_accept times their list price (sells), buys squares that complete one
    of its colour groups for at most its own offer (trade_offer), and swaps squares when the swap completes a
    group for each side (swaps), at least the difference in list price paid to the side giving more; any other
    trade the built-in strategies never make. "yes", "no", or "unknown" for a user strategy's seat. A family with
    its own trading answers as its engine plays (Fortnite: simulator/engines/fortnite/trades.py)."""
    trading = families.get(position.edition.family).trading
    if trading is not None:
        return trading.rival_answer(position, trade)
    from strategies import board_logic
    board = compile_rules(position.edition)
    p, q = (position.players.index(name) for name in trade.between)
    prm = board.lineup_array(position.lineup())
    if prm[q, L.P_USER_STRATEGY] != 0:
        return "unknown"
    pl = position.start.pl
    value = {side: sum(int(board.sq[board.square_names.index(s), L.SQ_PRICE]) for s in squares)
             for side, squares in (("give", trade.give), ("get", trade.get))}
    completes_p = _completes(position, board, trade.get, p)
    completes_q = _completes(position, board, trade.give, q)
    if trade.give and trade.get:
        agrees = (board_logic.swaps.py_func(prm, q) and completes_p is not None and completes_q is not None
                  and trade.cash >= value["get"] - value["give"])
    elif trade.get:  # the player buys
        agrees = board_logic.sells.py_func(prm, q, value["get"], trade.cash)
    else:  # the rival buys
        agrees = completes_q is not None and 0 < -trade.cash <= board_logic.trade_offer.py_func(
            prm, pl, q, completes_q, value["give"])
    return "yes" if agrees else "no"


def _completes(position: Position, board, squares: tuple[str, ...], seat: int) -> int | None:
    """The colour group `squares` complete for `seat` (it holds the rest of it), or None."""
    if not squares:
        return None
    groups = {int(board.sq[board.square_names.index(s), L.SQ_GROUP]) for s in squares}
    if len(groups) != 1:
        return None
    g = groups.pop()
    members = board.groups[g, L.G_MEMBERS:L.G_MEMBERS + board.groups[g, L.G_SIZE]]
    names = {board.square_names[m] for m in members}
    rest = names - set(squares)
    return g if all(position.start.own[board.square_names.index(s), L.O_OWNER] == seat for s in rest) else None


# ---------------------------------------------------------------------------------------------------
# Playing them


def seat_wins(positions_: list[Position], games: int, seed: int, threads: int | None = None, progress=None,
              notice=None, executor=None) -> np.ndarray:
    """Per position, game and seat: 1 where the seat won, all positions played on the same seed's games in one
    set of batches (tuning/race.py's play_together): shape (positions, games, seats)."""
    from simulator.runner import RunSpec
    from simulator.tuning.race import play_together
    specs = [RunSpec(edition=p.edition, lineup=p.lineup(), games=games, seed=seed, threads=threads,
                     rotate_seats=False, position=p) for p in positions_]
    columns = play_together(specs, executor, progress, notice)
    seats = len(positions_[0].players)
    return np.stack([c[:, -seats:] for c in columns])  # Tally.columns ends with one column per seat: it won


def _effect(before: np.ndarray, after: np.ndarray) -> dict:
    ones = np.ones(len(before))
    found = stats.paired_difference(before, ones, after, ones)
    return {"without": float(before.mean()), "with": float(after.mean()),
            **{k: found[k] for k in ("difference", "ci_low", "ci_high", "p_value")}}


def find_trades(position: Position, player: str, rivals: list[str] | None = None, cash=DEFAULT_CASH,
                max_squares: int = 1, budget: Budget = Budget(), seed: int = 0, threads: int | None = None,
                progress=None, notice=None, executor=None, offers: list[Trade] | None = None) -> pd.DataFrame:
    """The trades `player` could offer (`offers`, by default every candidate), raced: each screened on
    budget.screen_games games of `seed`, the budget.finalists best for the player re-checked on budget.games
    games of seed + 1. One row per finalist that raises the player's chance there, best first: the player's and
    the rival's win probability without and with the trade, the paired differences with 95% intervals and
    Holm-adjusted p-values over the finalists, the rival's own strategy's answer, and a verdict. attrs: the counts
    played, and how many finalists were dropped for not raising the player's chance."""
    budget.check()
    offers = candidates(position, player, rivals, cash, max_squares) if offers is None else offers
    if not offers:
        raise EditionError(f"trades: {player} has no trade to offer (no square it or a rival could hand over, no "
                           f"cash amount either holds)")
    seat = seat_of(position, player, "--player")
    after = [positions.traded(position, offer) for offer in offers]
    screen = seat_wins([position] + after, budget.screen_games, seed, threads, progress, notice, executor)
    gains = screen[1:, :, seat].mean(axis=1) - screen[0, :, seat].mean()
    answers = [rival_answer(position, offer) for offer in offers]
    best = finalists(offers, gains, answers, budget.finalists)
    recheck = seat_wins([position] + [after[k] for k in best], budget.games, seed + 1, threads, progress, notice,
                        executor)
    rows = []
    for j, k in enumerate(best):
        offer = offers[k]
        rival = position.players.index(offer.between[1])
        mine, theirs = (_effect(recheck[0, :, s], recheck[j + 1, :, s]) for s in (seat, rival))
        rows.append({"rival": offer.between[1], "trade": offer.text(), "give": ", ".join(offer.give),
                     "get": ", ".join(offer.get), "cash": offer.cash, "screen_difference": float(gains[k]),
                     **mine, "rival_without": theirs["without"], "rival_with": theirs["with"],
                     "rival_difference": theirs["difference"], "rival_ci_low": theirs["ci_low"],
                     "rival_ci_high": theirs["ci_high"], "rival_p_value": theirs["p_value"],
                     "rival_accepts": answers[k]})
    frame = pd.DataFrame(rows)
    frame["p_adjusted"] = stats.holm(list(frame.p_value))
    frame["rival_p_adjusted"] = stats.holm(list(frame.rival_p_value))
    frame["verdict"] = [verdict(r, player) for r in frame.to_dict("records")]
    frame["both_gain"] = [_gains(r, "") and _gains(r, "rival_") for r in frame.to_dict("records")]
    # the trades that raise the player's chance on the re-check are kept, best first
    kept = frame[frame.difference > 0].sort_values("difference", ascending=False, kind="stable")
    frame = kept.reset_index(drop=True)
    frame = with_units(frame, ["without", "with", "rival_without", "rival_with"],
                       ["screen_difference", "difference", "ci_low", "ci_high", "rival_difference", "rival_ci_low",
                        "rival_ci_high"])
    frame.attrs.update({"player": player, "candidates": len(offers), "screen_games": budget.screen_games,
                        "finalists": len(best), "dropped": len(best) - len(frame), "games": budget.games,
                        "seed": seed,
                        "games_played": budget.total(len(offers)),
                        "without": float(recheck[0, :, seat].mean())})
    return frame


def finalists(offers: list[Trade], gains: np.ndarray, answers: list[str], count: int) -> list[int]:
    """The candidates re-checked, in the order of `offers`: the best for the player on the screen, half of them
    among the trades the rival's strategy accepts (an offer it refuses answers "which trade should I offer"
    only half), each exchange of squares once (its other cash amounts are nearly the same trade again). Of equal
    gains the earlier candidate: a stable order keeps the race reproducible."""
    ranking = np.argsort(-gains, kind="stable")
    chosen, exchanges = [], set()
    for pool, slots in (([k for k in ranking if answers[k] == "yes"], (count + 1) // 2), (list(ranking), count)):
        for k in pool:
            exchange = (offers[k].between, offers[k].give, offers[k].get)
            if len(chosen) >= slots:
                break
            if exchange not in exchanges:
                chosen.append(int(k))
                exchanges.add(exchange)
    return sorted(chosen)


def _gains(row: dict, prefix: str) -> bool:
    return row[f"{prefix}p_adjusted"] < SIGNIFICANCE and row[f"{prefix}difference"] > 0


def verdict(row: dict, player: str) -> str:
    if _gains(row, "") and _gains(row, "rival_"):
        return "a deal both should take"
    if _gains(row, ""):
        return f"offer it: better for {player}"
    if row["p_adjusted"] < SIGNIFICANCE:
        return f"worse for {player}"
    return "cannot be told from no trade at this budget"


# ---------------------------------------------------------------------------------------------------
# Fair prices


def squares_of(position: Position, target: str) -> list[str]:
    """The squares a --fair target names: one square, or a colour group's squares."""
    board = compile_rules(position.edition)
    if target in board.square_names:
        s = board.square_names.index(target)
        if board.sq[s, L.SQ_PRICE] < 0:
            raise EditionError(f"--fair {target}: not a square that can be owned")
        return [target]
    if target in board.group_names:
        g = board.group_names.index(target)
        members = board.groups[g, L.G_MEMBERS:L.G_MEMBERS + board.groups[g, L.G_SIZE]]
        return [board.square_names[m] for m in members]
    known = [n for s, n in enumerate(board.square_names) if board.sq[s, L.SQ_PRICE] >= 0] + board.group_names
    raise EditionError(f"--fair {target}: no such square or colour group in {position.edition.name} "
                       f"(groups: {', '.join(board.group_names)}){hint(target, known)}")


def fair_prices(position: Position, player: str, target: str, rivals: list[str] | None = None, games: int = 2000,
                seed: int = 0, threads: int | None = None, step: int = 25, progress=None, notice=None,
                executor=None) -> pd.DataFrame:
    """For `target` (a square or a colour group): the price of each sale of its squares between `player` and a
    rival that is even for each side (positions.fair_price: the player buys what each rival holds of it, and sells
    what it holds to each rival), and for its squares still the bank's, the highest bid at which the player's
    buying them beats leaving them to the bank. One row per sale and side it is even for: the price the buyer
    pays, the side's paired difference there with its 95% interval, and the range of prices, `step` apart, not
    significantly different from even."""
    positions.refuse_untradable(position, "trades")
    seat = seat_of(position, player, "--player")
    squares = squares_of(position, target)
    board = compile_rules(position.edition)
    owner = {s: int(position.start.own[board.square_names.index(s), L.O_OWNER]) for s in squares}
    others = [name for k, name in enumerate(position.players) if k != seat]
    for name in rivals or []:
        if seat_of(position, name, "--rival") == seat:
            raise EditionError(f"--rival {name}: the player itself; name another player")
    rows = []
    for rival in rivals or others:
        q = position.players.index(rival)
        theirs = tuple(s for s in squares if owner[s] == q)
        mine = tuple(s for s in squares if owner[s] == seat)
        # the trade's cash is paid by the player: the buyer's price is minus it when the player sells
        for deal, buyer, seller, sign in ([(Trade((player, rival), get=theirs), player, rival, 1)] if theirs else []) + \
                ([(Trade((player, rival), give=mine), rival, player, -1)] if mine else []):
            lowest, highest = positions.payable_cash(position, deal)
            for side in (buyer, seller):
                found = positions.fair_price(position, deal, side, games, seed, threads, lowest, highest, step,
                                             progress, notice, executor)
                ends = sorted(sign * found[k] for k in ("even_from", "even_to"))
                rows.append({"kind": "sale", "squares": ", ".join(deal.get or deal.give), "buyer": buyer,
                             "seller": seller, "even_for": side, "price": sign * found["price"],
                             **{k: found[k] for k in ("difference", "ci_low", "ci_high")},
                             "even_from": ends[0], "even_to": ends[1],
                             **{k: found[k] for k in ("at_payable_limit", "evaluated")}})
    banks = tuple(s for s in squares if owner[s] < 0)
    if banks:
        rows.append({"kind": "auction", "squares": ", ".join(banks), "buyer": player, "seller": "the bank",
                     "even_for": player, **auction_ceiling(position, player, banks, games, seed, threads, step,
                                                           progress, notice, executor)})
    if not rows:
        raise EditionError(f"--fair {target}: no square of it could change hands between {player} and "
                           f"{', '.join(rivals or others)} (held by neither side, or built on)")
    return with_units(pd.DataFrame(rows), [], ["difference", "ci_low", "ci_high"])


def bought(position: Position, player: str, squares: tuple[str, ...], bid: int) -> Position:
    """The position after `player` buys `squares` from the bank for `bid` in all."""
    document = copy.deepcopy(position.document)
    seat = position.players.index(player)
    buyer = document["players"][seat]
    buyer.setdefault("properties", []).extend({"square": s} for s in squares)
    buyer["cash"] = int(position.start.pl[seat, L.PL_CASH]) - bid
    return positions.changed(position, document, f"after {player} bought {', '.join(squares)} for {bid:,}")


def auction_ceiling(position: Position, player: str, squares: tuple[str, ...], games: int, seed: int = 0,
                    threads: int | None = None, step: int = 25, progress=None, notice=None, executor=None) -> dict:
    """The bid at which buying `squares` from the bank stops paying for `player`: the highest bid whose paired
    effect (owning them, that much poorer, against the position as it stands, the squares still the bank's) is
    not below even, by bisection over the cash it holds (positions.even_price)."""
    seat = position.players.index(player)
    held = int(position.start.pl[seat, L.PL_CASH])
    before = positions.play(position, games, seed, threads, progress, notice, executor)

    def effect(bid: int) -> dict:
        return positions.paired_effect(before, positions.play(bought(position, player, squares, bid), games, seed,
                                                              threads, progress, notice, executor), seat)

    found = positions.even_price(effect, 1, 0, held, step, 0, held)
    return {k: found[k] for k in ("price", "difference", "ci_low", "ci_high", "even_from", "even_to",
                                  "at_payable_limit", "evaluated")}
