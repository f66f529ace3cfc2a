"""Values by intervention: what holding a colour group (a square, a card) at a round is worth to a player.

"Players who completed orange won 60%" is association: it mixes the group's value with the fact that winners
complete groups. Here the value is measured by intervention instead (DESIGN.md, Values by intervention):
mid-game positions are drawn from simulated games at the end of round R (the family's capture: its engine
plays the game to that round and writes its state as a position document), and each is played twice on the
same seeds, the group given to the player in one copy and with the bank in the other, the rest of the position
the same. The effect is the paired difference of the player's win probability, with a 95% interval whose units
are the positions (stats.paired_difference over per-position win counts: games from one position are not
independent draws of the estimand). Its cash equivalent is the cash which, given instead of the group, moves
the win probability as much: a bisection over the cash on the same seeds, with the range of cash whose
difference from the group is not significant.
"""
from __future__ import annotations

import copy
import math
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from simulator import families, stats
from simulator.checks import EditionError, hint
from simulator.engines.shared import layout as L
from simulator.rules import BUILTIN_DIR, compile_rules
from simulator.tables import with_units

MOST_TRIES = 20  # games played per position wanted before giving up on reaching the round
# The cash equivalent is searched in steps of the start cash / CASH_STEPS_PER_START up to CASH_STARTS start cashes:
# classic, 25 apart up to 12,000 (more than every property's price together, 5,690); an edition whose units differ
# (Millionaire's thousands, Empire's) is searched on its own scale
CASH_STEPS_PER_START = 60
CASH_STARTS = 8


@dataclass
class Moments:
    """Mid-game positions: the documents of the games that were still going at the end of `rounds`, with what
    playing them needs (compiled once: a position compiled from its file each time cost more than its games)."""
    edition: object
    board: object
    params: np.ndarray       # the lineup's rows, seat by seat
    strategies: list[str]    # the family's strategy names, which a position's players are checked against
    rounds: int
    documents: list[dict]
    games_played: int

    @property
    def cash_step(self) -> int:
        return max(1, int(self.board.rules[self.board.layout.R_START_CASH]) // CASH_STEPS_PER_START)

    @property
    def cash_most(self) -> int:
        """The most cash a cash equivalent is searched up to (a whole number of steps)."""
        return CASH_STARTS * CASH_STEPS_PER_START * self.cash_step

    def with_cash(self, document: dict | None, seat: int, cash: int) -> dict | None:
        """The document with `cash` more for the player at `seat`; None when it makes that player win at once
        (the family's winning_cash: Millionaire's million)."""
        if document is None:
            return None
        winning = families.get(self.edition.family).winning_cash
        if winning is not None and document["players"][seat]["cash"] + cash >= winning(self.board):
            return None
        changed = copy.deepcopy(document)
        changed["players"][seat]["cash"] += cash
        return changed

    def wins(self, documents: list[dict], seat: int, games: int, seed: int, threads: int | None = None,
             progress=None) -> np.ndarray:
        """Per position, the games (of `games` from it, seeded position_seed(seed, k)) the player at `seat` won; a
        position None is one the player has won already (a gift that ends the game: family.give)."""
        from simulator.executors import BatchTask
        family = families.get(self.edition.family)
        counts = np.zeros(len(documents), dtype=np.int64)
        for k, document in enumerate(documents):
            if document is None:
                counts[k] = games
                continue
            start, _, _ = family.position(document, f"mid-game position {k + 1}", self.board, self.strategies)
            task = BatchTask(replace(self.board, start=start), self.params, games, games, position_seed(seed, k),
                             rotate_seats=False, check=False, threads=threads)
            counts[k] = int(np.count_nonzero(task(0).games[:, L.GM_WINNER] == seat))
            if progress is not None:
                progress(games)
        return counts


def mid_game_positions(edition, lineup, rounds: int, count: int, seed: int = 0, seat: int = 0) -> Moments:
    """`count` positions at the end of round `rounds` from games of `lineup` (seats not rotated), games 0, 1, ...
    of `seed` in order, skipping those over before it or in which the player at `seat` is out: the same seed
    gives the same positions."""
    family = capturable(edition)
    if edition.overrides:
        raise EditionError("effect: --set is not carried into positions (a position names an edition and a "
                           "variant): write the changed edition as a data file that extends it")
    board = compile_rules(edition)
    if not 1 <= rounds < board.max_rounds:
        raise EditionError(f"--round {rounds}: expected a round from 1 to {board.max_rounds - 1} (the edition's turn "
                           f"cap, rules.max_rounds = {board.max_rounds}, ends every game still going)")
    params = board.lineup_array(lineup)
    names = [s.name for s in lineup]
    ref = edition.name if edition.source.parent == BUILTIN_DIR else str(edition.source)
    documents, game = [], 0
    while len(documents) < count and game < count * MOST_TRIES:
        document = family.capture(ref, edition.variant, board, names, params, rounds, seed, game)
        game += 1
        if document is not None and not document["players"][seat].get("out"):
            documents.append(document)
    if len(documents) < count:
        raise EditionError(f"--round {rounds}: only {len(documents)} of {game:,} games were still going at the end "
                           f"of round {rounds} with player {seat + 1} in, fewer than the {count} positions asked: "
                           f"choose an earlier round")
    from strategies import available
    return Moments(edition=edition, board=board, params=params, strategies=[s.name for s in available(edition.family)],
                   rounds=rounds, documents=documents, games_played=game)


def capturable(edition):
    """The edition's family, refused in one line when its mid-game positions cannot be captured."""
    family = families.get(edition.family)
    if family.capture is None:
        raise EditionError(f"effect: mid-game positions of the {edition.family} family cannot be captured yet "
                           f"(the families that can: {', '.join(capturing_families())})")
    return family


def capturing_families() -> list[str]:
    return [name for name in families.names() if families.get(name).capture is not None]


# ---------------------------------------------------------------------------------------------------
# Interventions on a position document


def check_group(board, group: str) -> None:
    """Refuses an unknown colour group in one line."""
    names = [name for _, name in board.colour_groups]
    if group not in names:
        raise EditionError(f"--group {group}: no colour group of that name{hint(group, names)} "
                           f"(the groups: {', '.join(names)})")


def group_squares(board, group: str) -> list[str]:
    """The squares of a colour group, by name; refused in one line for an unknown group."""
    check_group(board, group)
    g = board.group_names.index(group)
    return [board.square_names[s] for s in board.groups[g, L.G_MEMBERS:L.G_MEMBERS + board.groups[g, L.G_SIZE]]]


# ---------------------------------------------------------------------------------------------------
# Playing the copies


def position_seed(seed: int, k: int) -> int:
    """The seed of the games from position k: one stream per position, shared by its copies."""
    return (seed * 1_000_003 + k + 1) % 2 ** 63


def difference(without: np.ndarray, given: np.ndarray, games: int) -> dict:
    """With minus without, per position units (stats.paired_difference), as win rates."""
    den = np.full(len(without), games)
    result = stats.paired_difference(without, den, given, den)
    return {"win_without": float(without.sum() / den.sum()), "win_with": float(given.sum() / den.sum()),
            **{k: result[k] for k in ("difference", "ci_low", "ci_high", "p_value")}}


def cash_equivalent(moments: Moments, base: list[dict], given_wins: np.ndarray, seat: int, games: int, seed: int,
                    threads: int | None = None, progress=None, base_wins: np.ndarray | None = None) -> dict:
    """The cash that, given to the player in the base copies instead of the group, makes its win probability
    that of the group's copies: bisection over cash (moments.cash_step apart, up to moments.cash_most; one step more
    says more) on the same seeds, and the range of cash whose win probability is not significantly different
    from the group's (two more bisections, on the interval's ends). nan when the group's effect is not
    significantly positive. `base_wins`: the base copies' wins when already played (no cash: not played again)."""
    tried: dict[int, dict] = {} if base_wins is None else {0: difference(base_wins, given_wins, games)}
    step, most = moments.cash_step, moments.cash_most

    def gap(cash: int) -> dict:  # the group's copies minus the cash copies
        if cash not in tried:
            paid = [moments.with_cash(d, seat, cash) for d in base]
            tried[cash] = difference(moments.wins(paid, seat, games, seed, threads, progress), given_wins, games)
        return tried[cash]

    def crossing(key: str, below) -> int:
        """The least cash at which below(gap(cash)[key]) (most + step if none)."""
        low, high = 0, most + step
        if below(gap(0)[key]):
            return 0
        while high - low > step:
            middle = (low + high) // 2 // step * step
            if middle in (low, high):
                break
            low, high = (low, middle) if below(gap(middle)[key]) else (middle, high)
        return high

    if gap(0)["ci_low"] <= 0:
        return {"cash": math.nan, "cash_from": math.nan, "cash_to": math.nan, "short_at_most": math.nan,
                "evaluated": len(tried)}
    # the gap falls as the cash grows: it stops being significantly positive first, then turns significantly
    # negative; the cash between is worth the group within the interval (most + step: beyond the search)
    above = crossing("ci_high", lambda value: value < 0)
    cash = crossing("difference", lambda value: value <= 0)
    # when no cash searched is worth as much, how far the most still falls short (cash's effect levels off)
    short = gap(most)["difference"] if cash > most else math.nan
    return {"cash": cash, "cash_from": crossing("ci_low", lambda value: value <= 0),
            "cash_to": above if above > most else above - step, "short_at_most": short,
            "evaluated": len(tried)}


def holdable_cards(moments: Moments) -> dict[str, str]:
    """The cards a position can say a player holds, each with the player field that lists it."""
    held = families.get(moments.edition.family).held_cards
    return {} if held is None else held(moments.board)


def give_card(document: dict | None, card: str, field: str, seat: int | None) -> dict | None:
    """The document with every copy of `card` back in its deck, then one held by the player at `seat`."""
    if document is None:
        return None
    changed = copy.deepcopy(document)
    for player in changed["players"]:
        if field in player:
            player[field] = [c for c in player[field] if c != card]
    if seat is not None:
        changed["players"][seat][field] = changed["players"][seat].get(field, []) + [card]
    return changed


def group_effects(moments: Moments, groups: list[str], seat: int, games: int, seed: int = 0,
                  threads: int | None = None, cash: bool = True, squares: list[str] = (), cards: list[str] = (),
                  progress=None) -> pd.DataFrame:
    """Per colour group (and per square in `squares`, per card in `cards`): the player at `seat`'s win
    probability with it and without it in the mid-game positions (a card: held, against every copy back in the
    deck), the effect with its interval, and (with `cash`) its cash equivalent. `cash_searched_to` is the most
    cash the search tried: a cash, cash_from or cash_to above it (one step above) means more than any cash
    searched, a lower bound, not a value; nan: the effect is not significantly positive."""
    board = moments.board
    family = families.get(moments.edition.family)
    players = len(moments.documents[0]["players"])
    if not 0 <= seat < players:
        raise EditionError(f"--player {seat + 1}: expected a seat from 1 to {players}")
    ownable = [name for name, price in zip(board.square_names, board.square_prices) if price > 0]
    for square in squares:
        if square not in ownable:
            raise EditionError(f"--square {square}: no property of that name{hint(square, ownable)}")
    holdable = holdable_cards(moments) if cards else {}
    for card in cards:
        if card not in holdable:
            raise EditionError(f"--card {card}: no card a player keeps in hand{hint(card, list(holdable))} (a position "
                               f"can hold: {', '.join(holdable) or 'none in this edition'})")

    def giving(members):
        return lambda document, to: family.give(document, board, members, to)

    def giving_group(group):
        if family.give_group is None:
            return giving(group_squares(board, group))
        check_group(board, group)
        return lambda document, to: family.give_group(document, board, group, to)

    def holding(card):
        return lambda document, to: give_card(document, card, holdable[card], to)

    targets = [(g, "group", giving_group(g)) for g in groups] + \
        [(s, "square", giving([s])) for s in squares] + [(c, "card", holding(c)) for c in cards]
    cash = cash and not family.no_cash
    rows = []
    for name, kind, give in targets:
        base = [give(d, None) for d in moments.documents]
        given = [give(d, seat) for d in moments.documents]
        base_wins = moments.wins(base, seat, games, seed, threads, progress)
        given_wins = moments.wins(given, seat, games, seed, threads, progress)
        row = {"target": name, "kind": kind, "round": moments.rounds, "positions": len(base),
               "games": len(base) * games, **difference(base_wins, given_wins, games)}
        if cash:
            row.update(cash_equivalent(moments, base, given_wins, seat, games, seed, threads, progress, base_wins),
                       cash_searched_to=moments.cash_most)
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame.attrs["player"] = seat + 1
    frame.attrs["strategy"] = moments.documents[0]["players"][seat]["strategy"]
    frame.attrs["no_cash"] = family.no_cash
    points = ["difference", "ci_low", "ci_high", *(["short_at_most"] if cash else [])]
    return with_units(frame, ["win_without", "win_with"], points)
