"""What should I do now: every choice open to one player at a position, each with the player's win probability
when it is taken and everyone (the player included) plays on with their strategies.

A choice is an edited position (simulator/positions.py): the position with the choice applied, played from
there. Every choice is played on the same seeds (common random numbers, as `whatif`), so game g meets the same
dice and cards whatever was chosen, and choices are compared on paired games. The best choice is the one with
the highest win rate; each other choice gets its paired difference against the best with a 95% interval, and a
p-value adjusted by Holm over every pair of choices, so that whichever choice comes out best, the verdict calls
two choices different with at most a 5% chance when none differ (tests/test_advise.py checks it across seeds).

What each family's choices mean, and what they leave out, is in docs/advise.md.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from simulator import positions, stats
from simulator.checks import EditionError, hint
from simulator.tables import with_units

DEFAULT_GAMES = 10_000  # games per choice


@dataclass
class Choice:
    label: str            # what is done, in a player's words
    position: object      # the position after it (a positions.Position)
    note: str = ""        # what the choice assumes, where it approximates the rules
    wins_now: bool = False  # the choice wins the game on the spot (no game is played after it)
    lineup: list | None = None  # the strategies played on, when the choice changes a parameter of one (a policy)


# ---------------------------------------------------------------------------------------------------
# The choices, family by family: each family names the kind of choices its positions offer (Family.advice)

STREETS, STAR_LEVELS, TOWERS, STORM, HANDS = "streets", "star_levels", "towers", "storm", "hands"


def _kind(position) -> str:
    from simulator import families
    return families.get(position.edition.family).advice


def choices(position, player: str, rolled: str | None = None, moved: int | None = None) -> list[Choice]:
    """Every choice open to `player` now (each family's function below says what its choices mean). A choice whose
    position the rules refuse (more houses than the bank holds, a card on a set it does not fit) is not offered.
    `rolled`: the die face the player to play has just rolled, for the choices that follow it (ROLLED_FACES);
    `moved`: the squares its move took it, for the faces whose choices are squares of the move (MOVED_FACES)."""
    seat = seat_of(position, player)
    family, kind = position.edition.family, _kind(position)
    if kind not in _CHOOSERS:
        raise EditionError(f"advise: the {family} family has no choices yet")
    faces = ROLLED_FACES.get(kind, {})
    if rolled is not None and rolled not in faces:
        raise EditionError(f"--rolled {rolled}: not a face whose choices {family} positions offer (its faces: "
                           f"{', '.join(sorted(faces)) or 'none'})")
    if (moved is not None) != (rolled in MOVED_FACES):
        raise EditionError(f"--moved: the squares moved, given with --rolled {' or '.join(sorted(MOVED_FACES))} "
                           f"and only then (the choices are squares of the move)")
    if rolled is None:
        return _CHOOSERS[kind](position, seat)
    if seat != _to_play(position):
        raise EditionError(f"--player {position.players[seat]}: only the player to play has rolled "
                           f"({position.players[_to_play(position)]})")
    return faces[rolled](position, seat, moved) if rolled in MOVED_FACES else faces[rolled](position, seat)


def seat_of(position, player: str) -> int:
    if player not in position.players:
        raise EditionError(f"--player {player}: no such player in {position.source}{hint(player, position.players)}")
    return position.players.index(player)


def _to_play(position) -> int:
    return position.start.first_seat


def _next_seat(position, seat: int, alive) -> int:
    """The next seat after `seat` still in the game (`alive`: a flag per seat)."""
    n = len(position.players)
    return next((seat + k) % n for k in range(1, n + 1) if alive[(seat + k) % n])


def _choice(position, document: dict, label: str, note: str = "") -> Choice | None:
    """The choice `label` leading to `document`; None when the rules refuse the position it makes (the
    position compiler's checks: even building, the bank's houses, a set a card does not fit)."""
    try:
        return Choice(label, positions.changed(position, document, f"after: {label}"), note)
    except EditionError:
        return None


def _edit(position, seat: int, change) -> dict:
    """The position's document with change(the player's table, the document) applied to a copy."""
    changed = copy.deepcopy(position.document)
    change(changed["players"][seat], changed)
    return changed


def _landing(position, seat: int, name: str, price: int, cash: int, alive, buy, wins_now: bool = False,
             declines: list | None = None) -> list:
    """Buy or decline the square `name` the player has just landed on, then its turn ends (`buy` edits the
    player's table to own it; `wins_now`: buying fills the player's tower, Empire's win). `declines`: the ways to
    decline, each (label, change of the document, note); by default one, the square staying unowned."""
    following = position.players[_next_seat(position, seat, alive)]

    def pass_turn(d):
        d["position"]["to_play"] = following

    declines = declines or [(f"decline {name}", lambda d: None, "no auction follows: the square stays unowned")]
    landed = [_choice(position, _edit(position, seat, lambda t, d, change=change: (change(d), pass_turn(d))),
                      label, note) for label, change, note in declines]
    if cash >= price:
        bought = _choice(position, _edit(position, seat, lambda t, d: (buy(t), t.update(cash=cash - price),
                                                                         pass_turn(d))), f"buy {name} for {price:,}")
        if bought is None and wins_now:  # a full tower is no position: the game is over
            bought = Choice(f"buy {name} for {price:,}", position, "fills the tower: wins on the spot", True)
        elif bought is not None and wins_now:
            bought.wins_now, bought.note = True, "fills the tower: wins on the spot"
        landed.insert(0, bought)
    return [c for c in landed if c is not None]


def _leave_jail(position, seat: int, fine: int, cash: int, square: str, to_pot: bool = False) -> list:
    """Pay the fine before rolling, then roll as a free player. `to_pot`: the fine feeds the Free Parking
    jackpot (that house rule, as the engine's into_bank pays it) rather than leaving the game."""
    if cash < fine:
        return []

    def pay(t, d):
        t.update(in_jail=False, square=square, cash=cash - fine)
        t.pop("jail_tries", None)
        if to_pot:
            d["position"]["pot"] = d["position"].get("pot", 0) + fine
    found = _choice(position, _edit(position, seat, pay), f"pay {fine:,} to leave jail", "then roll as a free player")
    return [found] if found else []


def _board_choices(position, seat: int) -> list[Choice]:
    """The board economy (classic, Walking Dead, Millionaire). Standing on an unowned property at its turn, the
    player to play has just landed there: buy it or decline it, then its turn ends. Otherwise, before its roll:
    pay to leave jail, build, mortgage or lift a mortgage, each then followed by its turn as its strategy plays it;
    a player not to play may build, mortgage or lift between turns."""
    from simulator.engines.shared import layout as L
    from simulator.engines.shared.play import interest
    from simulator.rules import compile_rules
    board = compile_rules(position.edition)
    start, names = position.start, board.square_names
    pl, own, sq, rules = start.pl, start.own, board.sq, board.rules
    me = position.document["players"][seat]
    cash = int(pl[seat, L.PL_CASH])
    square = int(pl[seat, L.PL_POS])
    alive = pl[:, L.PL_ALIVE] != 0
    if not alive[seat]:
        raise EditionError(f"--player {position.players[seat]}: out of the game, no choice is open")
    playing = seat == _to_play(position)

    def edit(change) -> dict:
        return _edit(position, seat, change)

    def properties(table) -> list[dict]:
        return table.setdefault("properties", [])

    def entry(table, s: int) -> dict:
        return next(prop for prop in properties(table) if _square_index(prop.get("square"), names) == s)

    def set_cash(table, amount: int) -> None:
        table["cash"] = amount

    if playing and sq[square, L.SQ_KIND] in L.OWNABLE_KINDS and own[square, L.O_OWNER] < 0:
        return _landing(position, seat, names[square], int(sq[square, L.SQ_PRICE]), cash, alive,
                        lambda t: properties(t).append({"square": names[square]}),
                        declines=_auctions(position, seat, board, square) if rules[L.R_AUCTIONS] else None)

    jailed = playing and pl[seat, L.PL_JAIL] >= 0
    staying = _roll_in_jail(position, board, seat) if jailed else []
    found = [_choice(position, position.document, "no move beyond what your strategy plays",
                     _no_move_in_jail_note(position, board, seat, staying) if jailed else ""), *staying]
    if jailed:
        found += _leave_jail(position, seat, int(rules[L.R_JAIL_FINE]), cash, names[square],
                             bool(rules[L.R_FREE_PARKING_JACKPOT]))
        for card in dict.fromkeys(me.get("jail_cards", [])):
            def use(t, d, card=card):
                t.update(in_jail=False, square=names[square])
                t.pop("jail_tries", None)
                t["jail_cards"].remove(card)
            found.append(_choice(position, edit(use), f"use {card} to leave jail",
                                 "the card goes back into its deck, shuffled in with the cards no one holds"))
    top = int(rules[L.R_MAX_HOUSES]) + 1
    groups = board.groups
    for g in range(groups.shape[0]):
        members = [int(s) for s in groups[g, L.G_MEMBERS:L.G_MEMBERS + groups[g, L.G_SIZE]]]
        if groups[g, L.G_KIND] != L.STREET or any(own[s, L.O_OWNER] != seat or own[s, L.O_MORTGAGED] for s in members):
            continue
        levels = [int(own[s, L.O_LEVEL]) for s in members]
        for level in range(min(levels) + 1, top + 1):
            cost = sum(max(0, level - now) * int(sq[s, L.SQ_HOUSE_COST]) for s, now in zip(members, levels))
            if cost > cash:
                break

            def build(t, d, level=level, cost=cost, members=members):
                for s in members:
                    prop = entry(t, s)
                    target = max(level, _level(prop, top))
                    prop.pop("houses", None)
                    prop.pop("hotel", None)
                    prop.update({"hotel": True} if target == top else {"houses": target})
                set_cash(t, cash - cost)
            what = "a hotel" if level == top else f"{level} house{'s' if level > 1 else ''}"
            built = _choice(position, edit(build), f"build to {what} on each of {board.group_names[g]} "
                                                   f"(costs {cost:,})")
            if built is None:
                # the bank lacks the houses: every higher level, a hotel included, is built through this one
                # (rulebook, Construire d and the shortage: a hotel replaces 4 houses; no house left, wait)
                break
            found.append(built)
    for s in np.flatnonzero(own[:, L.O_OWNER] == seat):
        s = int(s)
        group = int(sq[s, L.SQ_GROUP])
        members = groups[group, L.G_MEMBERS:L.G_MEMBERS + groups[group, L.G_SIZE]]
        value = int(sq[s, L.SQ_MORTGAGE])
        if own[s, L.O_MORTGAGED]:
            cost = value + int(interest(sq, rules, s))
            if cost <= cash:
                found.append(_choice(position, edit(lambda t, d, s=s, cost=cost: (
                    entry(t, s).pop("mortgaged"), set_cash(t, cash - cost))), f"lift the mortgage on {names[s]} "
                                                                              f"(costs {cost:,})"))
        elif not own[members, L.O_LEVEL].any():
            found.append(_choice(position, edit(lambda t, d, s=s: (entry(t, s).update(mortgaged=True),
                                                                   set_cash(t, cash + value))),
                                 f"mortgage {names[s]} (+{value:,})"))
    return [c for c in found if c is not None] + _upgrades(position, seat, board, playing)


def _leaves_jail_at_once(position, board, seat: int) -> bool:
    """Whether the player's strategy leaves jail at once here, with a card or the fine, rather than rolling for a
    double (strategies/board_logic.py: stays_in_jail, as the engine's jail_turn asks it, which goes on to roll
    when it can neither use a card nor pay)."""
    from simulator.engines.shared import layout as L
    from strategies.board_logic import stays_in_jail
    prm = board.lineup_array(position.lineup())
    can_leave = (position.document["players"][seat].get("jail_cards")
                 or position.start.pl[seat, L.PL_CASH] >= board.rules[L.R_JAIL_FINE])
    return bool(can_leave) and not stays_in_jail.py_func(position.start.own, board.rules, prm, seat)


def _roll_in_jail(position, board, seat: int) -> list[Choice]:
    """Stay in jail and roll for a double (rulebook: Comment sortir de prison), offered when the player's strategy
    would leave at once instead: the position unchanged, played on with the strategy's jail_stay_buildings set
    to the rivals' building count now (a hotel counting max_houses + 1), the threshold nearest its own that
    stays now. A standing policy for the rest of the game, as a --field's strategy row is set (a position cannot
    make a strategy stay for one turn only): later it stays again whenever the rivals own that many buildings or
    more. Not offered to a search player (its rollouts choose by their own candidates) nor to a user strategy
    (its own stays_in_jail decides)."""
    from simulator.engines.shared import layout as L
    from simulator.engines.shared.state import opponent_buildings
    lineup = position.lineup()
    own = lineup[seat]
    if own.searches or own.code or not _leaves_jail_at_once(position, board, seat):
        return []
    built = int(opponent_buildings.py_func(position.start.own, board.rules, seat))
    played = [s.with_params(jail_stay_buildings=built) if k == seat else s for k, s in enumerate(lineup)]
    later = ("every time it is in jail" if built == 0 else
             f"whenever it is in jail and the rivals own {built} buildings or more (a hotel counts "
             f"{int(board.rules[L.R_MAX_HOUSES]) + 1})")
    return [Choice("stay in jail and roll for a double", position,
                   f"a standing policy for the rest of the game: {own.name} with jail_stay_buildings {built} (its "
                   f"own: {own.params['jail_stay_buildings']:g}), so it stays, now and {later}", lineup=played)]


def _no_move_in_jail_note(position, board, seat: int, staying: list) -> str:
    """What "no move" means in jail: paying (or a card) when the player's strategy leaves at once, else rolling
    for a double; nothing for a user strategy or a search player, which decide by their own code or rollouts."""
    if position.lineup()[seat].code or position.lineup()[seat].searches:
        return ""
    if not _leaves_jail_at_once(position, board, seat):
        return "this is rolling for a double (your strategy stays, or cannot pay)"
    rolling = (f"rolling is \"{staying[0].label}\"" if staying else
               "staying to roll for a double is not a choice offered to this strategy")
    return f"your strategy ({position.strategies[seat]}) leaves jail at once here, with a card or the fine: {rolling}"


def _auctions(position, seat: int, board, square: int) -> list:
    """Declining sends the square to auction (rulebook: Vente aux enchères), where the rivals bid as their
    strategies do (strategies/board_logic.py: max_bid, at most their cash; at least the minimum where the edition
    makes the square find a buyer) and the highest bid wins, paying one more than the runner-up."""
    from simulator.engines.shared import layout as L
    from strategies.board_logic import max_bid
    pl, own, sq, rules, names = position.start.pl, position.start.own, board.sq, board.rules, board.square_names
    prm = board.lineup_array(position.lineup())
    minimum, must_sell = int(rules[L.R_AUCTION_MIN_BID]), bool(rules[L.R_AUCTION_MUST_SELL])

    def bid(q: int) -> int:
        ceiling = min(int(max_bid(sq, board.groups, own, prm, pl, q, square)), int(pl[q, L.PL_CASH]))
        return max(ceiling, minimum) if must_sell and pl[q, L.PL_CASH] >= minimum else ceiling

    return _auction_choices(position, seat, names[square], int(sq[square, L.SQ_PRICE]), pl[:, L.PL_CASH],
                            pl[:, L.PL_ALIVE] != 0, bid, minimum, 1,
                            lambda t, to: t.setdefault("properties", []).append({"square": names[square]}))


def _auction_choices(position, seat: int, name: str, price: int, cash, alive, bid, minimum: int, step: int,
                     acquire) -> list:
    """The ways to decline `name` into its auction, as _landing takes them: the rivals bid `bid(q)` (what their
    strategies bid, as the engine's auction asks them; below `minimum`, no bid) in turn order after the player,
    the highest bid wins (the earlier of equal bids) and pays one step more than the runner-up (the engine's
    clearing_price). The player's own ceiling is the choice: bid nothing; bid one step under the top rival's
    ceiling, so that it pays its ceiling (or all the player's cash, when it holds less: the rival pays one step
    more); or outbid it, when that costs less than the printed price.
    `acquire(table, seat)` edits the table of the player at `seat` to hold the square."""
    from simulator.engines.shared.play import clearing_price
    n = len(position.players)
    bids = [(bid(q), q) for q in ((seat + k) % n for k in range(1, n)) if alive[q]]
    top, rival = max(bids, key=lambda b: b[0])  # max keeps the first of equal bids: the earlier bidder wins
    runner_up = max([b for b, q in bids if q != rival], default=-1)

    def sold(d, to: int, cost: int):
        acquire(d["players"][to], to)
        d["players"][to]["cash"] = int(cash[to]) - cost

    def rival_wins(ceiling: int):
        return ((lambda d: sold(d, rival, clearing_price(minimum, top, max(runner_up, ceiling), step)))
                if top >= minimum else (lambda d: None))
    rival_name, note = position.players[rival], "the rivals bid as their strategies do"
    if any(position.lineup()[q].code for _, q in bids):  # a file's own max_bid is compiled into the kernel alone
        note += " (one of your own strategy files bids as its base strategy)"
    found = [(f"decline {name}, bid nothing at the auction", rival_wins(-1),
              f"{note}: {rival_name} wins it for {clearing_price(minimum, top, runner_up, step):,}"
              if top >= minimum else f"{note}: no one bids, the square stays unowned")]
    # a bidder bids no more than it holds (on the steps' grid)
    under = top - step if top - step <= cash[seat] else minimum + (int(cash[seat]) - minimum) // step * step
    if under > max(runner_up, minimum - step) and under >= minimum:
        found.append((f"decline {name}, bid up to {under:,} at the auction", rival_wins(under),
                      f"{note}: {rival_name} wins it for "
                      f"{clearing_price(minimum, top, max(runner_up, under), step):,}"))
    outbid = max(minimum, top + step)
    if outbid < price and outbid <= cash[seat]:
        found.append((f"decline {name}, win it at the auction for {outbid:,}", lambda d: sold(d, seat, outbid),
                      f"{note}: {rival_name} bids up to {top:,}"))
    return found


def _upgrades(position, seat: int, board, playing: bool) -> list[Choice]:
    """Millionaire: on GO, the player to play may buy the next star level (rulebook: upgrade on GO)."""
    if _kind(position) != STAR_LEVELS or not playing:
        return []
    from simulator.engines.millionaire import layout as M
    from simulator.engines.millionaire.position import STARS
    pl = position.start.pl
    level, cash, cost = int(pl[seat, M.PL_STAR]), int(pl[seat, M.PL_CASH]), int(board.rules[M.R_UPGRADE_COST])
    if int(pl[seat, M.PL_POS]) != 0 or level + 1 >= len(STARS) or cash < cost:
        return []
    changed = copy.deepcopy(position.document)
    changed["players"][seat].update(stars=STARS[level + 1], cash=cash - cost)
    found = _choice(position, changed, f"upgrade to {STARS[level + 1]} stars (costs {cost:,})",
                    "bought at the start of the turn, on GO")
    return [found] if found else []


def _level(prop: dict, top: int) -> int:
    return top if prop.get("hotel") else int(prop.get("houses", 0))


def _square_index(given, names: list[str]) -> int:
    return given if isinstance(given, int) else names.index(given) if given in names else -1


def _deal_choices(position, seat: int) -> list[Choice]:
    """Monopoly Deal, for the player to play, its hand as it holds it now (after its draw): each choice is one
    play, after which its turn ends (so each choice, ending the turn included, forgoes the turn's other plays).
    A card banked, a property laid (as each colour it fits), a house or hotel put on a complete set, Pass Go
    (its cards drawn from the pile, as unknown cards), a Sly Deal, Forced Deal or Deal Breaker, a rent, Birthday
    or Debt Collector on each target, assumed not refused with a Just Say No. Whether to say no (a reply during a
    rival's turn, which a position cannot stand in) is offered as a standing policy to a player holding a Just Say
    No (_say_no_policies): after ending the turn, for the player to play; alone, for a player not to play. A rent
    may come with Double The Rent (_deal_demands)."""
    from simulator.engines.deal import layout as D
    from simulator.rules import compile_rules
    board = compile_rules(position.edition)
    if seat != _to_play(position):
        policies = _say_no_policies(position, board, seat, Choice("", position), "")
        if not policies:
            raise EditionError(f"--player {position.players[seat]}: in Deal only the player to play has choices, "
                               f"or a player holding a Just Say No (its say-no policy) "
                               f"({position.players[_to_play(position)]} to play)")
        return policies
    ids, cards, sets, groups = board.card_ids, board.cards, board.group_names, board.groups
    document = position.document
    names = position.players
    following = names[(seat + 1) % len(names)]

    def effect(card: str) -> int:
        return int(cards[ids.index(card), D.C_EFFECT])

    def fits(card: str) -> list[str]:
        return [sets[s] for s in range(len(sets)) if (cards[ids.index(card), D.C_COLOURS] >> s) & 1]

    def complete(listed: list[str], colour: str) -> bool:
        props = [c for c in listed if effect(c) == D.PROPERTY]
        return (len(props) >= groups[sets.index(colour), D.G_SIZE]
                and any(not cards[ids.index(c), D.C_ANY] for c in props))

    def play(label: str, change, note: str = "") -> Choice | None:
        changed = copy.deepcopy(document)
        changed.setdefault("position", {})["to_play"] = following
        me = changed["players"][seat]
        me.setdefault("hand", [])
        me.setdefault("unknown_hand", 0 if "hand" in document["players"][seat] else int(board.rules[D.R_HAND_START]))
        change(changed, me)
        found = _choice(position, changed, label, note)
        # rulebook: the first player with three complete sets of different colours on its own turn wins, there
        # and then (the game after the play is not played)
        sets_held = sum(complete(listed, colour) for colour, listed in me.get("table", {}).items())
        if found is not None and sets_held >= int(board.rules[D.R_SETS_TO_WIN]):
            found.wins_now = True
            found.note = "wins on the spot: the sets needed to win are complete"
        return found

    def from_hand(me, card):
        me["hand"].remove(card)

    def to_set(table_of, card, colour):
        table_of.setdefault("table", {}).setdefault(colour, []).append(card)

    def discard(d, me, card):
        from_hand(me, card)
        d["position"].setdefault("discards", []).append(card)

    def own_colour(me, card) -> str:
        """Where a taken property goes: the set it fits that already holds most of the taker's cards."""
        table = me.get("table", {})
        return max(fits(card), key=lambda colour: len(table.get(colour, [])))

    found = [play("end the turn (play nothing)", lambda d, me: None)]
    if found[0] is not None:
        found += _say_no_policies(position, board, seat, found[0], "end the turn (play nothing), then ")
    hand = list(dict.fromkeys(document["players"][seat].get("hand", [])))
    rivals = [q for q in range(len(names)) if q != seat]

    def say_no_note(q) -> str:
        return f"assumes {names[q]} does not refuse it with a Just Say No"

    for card in hand:
        kind = effect(card)
        if kind == D.PROPERTY:
            for colour in fits(card):
                found.append(play(f"lay {card} as {colour}", lambda d, me, c=card, colour=colour: (
                    from_hand(me, c), to_set(me, c, colour))))
            continue
        value = int(cards[ids.index(card), D.C_VALUE])
        found.append(play(f"bank {card} ({value}M)", lambda d, me, c=card: (from_hand(me, c),
                                                                         me.setdefault("bank", []).append(c))))
        table = document["players"][seat].get("table", {})
        if kind in (D.HOUSE, D.HOTEL):
            for colour in table:
                found.append(play(f"put {card} on {colour}", lambda d, me, c=card, colour=colour: (
                    from_hand(me, c), to_set(me, c, colour))))
        elif kind == D.PASS_GO:
            def pass_go(d, me, c=card):
                discard(d, me, c)
                room = int(board.rules[D.R_HAND_LIMIT]) - len(me["hand"]) - me["unknown_hand"]
                me["unknown_hand"] += min(int(cards[ids.index(c), D.C_AMOUNT]), max(room, 0))
            found.append(play(f"play {card} (draw {int(cards[ids.index(card), D.C_AMOUNT])})", pass_go,
                              "cards drawn beyond the hand limit are not drawn (the limit's discard)"))
        elif kind in (D.SLY_DEAL, D.FORCED_DEAL, D.DEAL_BREAKER):
            found += _deal_attacks(card, kind, seat, rivals, document, play, complete, effect, own_colour,
                                   discard, to_set, say_no_note, D)
        elif kind in (D.RENT, D.BIRTHDAY, D.DEBT_COLLECTOR):
            found += _deal_demands(position, board, card, seat, rivals, play, discard, D)
    return [c for c in found if c is not None]


def _say_no_policies(position, board, seat: int, after: Choice, prefix: str) -> list[Choice]:
    """Whether to say no, as a standing policy: `after` (a choice's position) played on with the player's
    strategy answering with a Just Say No (rulebook: Joker !) any loss, only a loss worth a complete set or more
    (strategies/deal_logic.py: SET_WORTH, so every Deal Breaker and a demand of that many M or more; no Sly or
    Forced Deal, whose loss is less), or none: its say_no_min_loss set for the rest of the game, as a
    --field's strategy row is set. Offered to a player whose hand names a Just Say No and whose strategy is a
    heuristic with that parameter (a search player's rollouts choose by their own candidates)."""
    import math

    from simulator.engines.deal import layout as D
    from strategies.deal_logic import SET_WORTH
    ids, cards = board.card_ids, board.cards
    hand = position.document["players"][seat].get("hand", [])
    lineup = position.lineup()
    own = lineup[seat]
    if own.searches or "say_no_min_loss" not in own.params or not any(
            cards[ids.index(card), D.C_EFFECT] == D.JUST_SAY_NO for card in hand):
        return []
    policies = [("say no to any attack that costs you something", 0.0),
                (f"say no only to a loss worth a complete set ({SET_WORTH:g}) or more: every Deal Breaker, a demand "
                 f"of {SET_WORTH:g}M or more", SET_WORTH),
                ("never say no", math.inf)]
    found = []
    for label, least in policies:
        played = [s.with_params(say_no_min_loss=least) if k == seat else s for k, s in enumerate(lineup)]
        found.append(Choice(prefix + label, after.position,
                            f"a standing policy for the rest of the game: {own.name} with say_no_min_loss {least:g} "
                            f"(its own: {own.params['say_no_min_loss']:g})", lineup=played))
    return found


def _deal_demands(position, board, card, seat, rivals, play, discard, D) -> list:
    """A rent (on each set it charges for that the player lays, from every rival or from each, as the card
    says), It's My Birthday (every rival) or Debt Collector (each rival): the payers pay as the engine has them pay
    (simulator/engines/deal/kernel.py: collect), from the position's banks and tables; assumed not refused with a
    Just Say No. A rent may come with the Double The Rent cards in hand (rulebook: Double Loyer), each doubling
    it and using one more of the turn's plays (kernel.py: play_action), two only where the edition's
    double_rent_stacks lets them multiply it by 4."""
    from simulator.engines.deal.state import rent_of
    ids, cards, sets, rules = board.card_ids, board.cards, board.group_names, board.rules
    c = ids.index(card)
    kind, each = int(cards[c, D.C_EFFECT]), bool(cards[c, D.C_EACH]) or int(cards[c, D.C_EFFECT]) == D.BIRTHDAY
    names = position.players
    tab = _deal_state(position, board)[1]
    if kind == D.RENT:
        charged = [(s, int(rent_of(board.groups, tab, seat, s))) for s in range(len(sets))
                   if (cards[c, D.C_ANY] or (cards[c, D.C_COLOURS] >> s) & 1)]
        held = [h for h in position.document["players"][seat].get("hand", [])
                if cards[ids.index(h), D.C_EFFECT] == D.DOUBLE_RENT]
        most = min(len(held), int(rules[D.R_PLAYS]) - 1, 2 if rules[D.R_DOUBLE_RENT_STACKS] else 1)
        demands = [(f"{sets[s]} rent {amount << u}M", amount << u, held[:u])  # with u Double The Rent cards
                   for s, amount in charged if amount > 0 for u in range(most + 1)]
    else:
        demands = [(f"{int(cards[c, D.C_AMOUNT])}M", int(cards[c, D.C_AMOUNT]), [])]
    found = []
    for what, amount, used in demands:
        with_doubles = f" with {' and '.join(used)}" if used else ""
        for payers in ([rivals] if each else [[q] for q in rivals]):
            whom = "every rival" if each else names[payers[0]]

            def demand(d, me, payers=payers, amount=amount, used=used):
                for played in [card, *used]:
                    discard(d, me, played)
                _deal_paid(position, board, d, seat, payers, amount)
            found.append(play(f"{card}{with_doubles}: {what} from {whom}", demand,
                              f"assumes {whom} does not refuse it with a Just Say No; paid as the engine pays"
                              + (f"; uses {1 + len(used)} of the turn's plays" if used else "")))
    return found


def _deal_state(position, board):
    """The engine's state arrays (loc, tab, pl) of a Deal position's placed cards (unknown hands not dealt)."""
    from simulator.engines.deal import kernel
    from simulator.engines.deal import layout as D
    from simulator.engines.deal.state import player_columns
    cards, deck, groups = board.cards, board.deck, board.groups
    total, n = len(deck), len(position.players)
    loc = np.zeros((total, D.LOC_COLUMNS), dtype=np.int64)
    loc[:, D.LOC_ZONE], loc[:, D.LOC_OWNER], loc[:, D.LOC_SET] = D.Z_DRAW, -1, -1
    gs = np.zeros(D.GS_COLUMNS, dtype=np.int64)
    gs[D.GS_COUNT] = total
    tab = np.zeros((n, D.T_COLUMNS, groups.shape[0]), dtype=np.int64)
    pl = np.zeros((n, player_columns(total)), dtype=np.int64)
    kernel.load_position(cards, deck, groups, board.rules, position.start.loc, np.zeros(n, dtype=np.int64),
                         position.start.first_seat, loc, np.arange(total, dtype=np.int64), gs, tab, pl,
                         np.zeros((n, cards.shape[0]), dtype=np.int64), np.zeros(4, dtype=np.uint64))
    return loc, tab, pl


def _deal_paid(position, board, document: dict, seat: int, payers: list[int], amount: int) -> None:
    """`document` after each of `payers` paid the player at `seat` `amount`, with the cards the engine's payment
    chooses: their banks and tables, and the payee's, rewritten from where the engine put each card."""
    from simulator.engines.deal import kernel
    from simulator.engines.deal import layout as D
    from strategies.deal_logic import scratch_length
    loc, tab, pl = _deal_state(position, board)
    scratch = np.zeros(scratch_length(board.cards, board.deck), dtype=np.int64)
    for q in payers:
        kernel.collect(board.cards, board.deck, board.groups, board.rules, loc, tab, pl, scratch, q, seat, amount)
    for k in [seat, *payers]:
        held = [(int(copy_), int(loc[copy_, D.LOC_ZONE]), int(loc[copy_, D.LOC_SET]))
                for copy_ in np.flatnonzero(loc[:, D.LOC_OWNER] == k)]
        table = document["players"][k]
        table["bank"] = [board.card_ids[board.deck[c]] for c, zone, _ in held if zone == D.Z_BANK]
        laid = {}
        for c, zone, colour in held:
            if zone == D.Z_TABLE:
                laid.setdefault(board.group_names[colour], []).append(board.card_ids[board.deck[c]])
        table["table"] = laid


def _deal_attacks(card, kind, seat, rivals, document, play, complete, effect, own_colour, discard, to_set,
                  say_no_note, D) -> list:
    """Sly Deal (a property from a set not complete), Forced Deal (that, for one of one's own) and Deal Breaker
    (a complete set, its buildings with it) on every target; the set taken keeps its colour."""
    names = [p.get("name", f"player {i + 1}") for i, p in enumerate(document["players"])]
    mine = document["players"][seat].get("table", {})
    found = []
    for q in rivals:
        theirs = document["players"][q].get("table", {})
        for colour, listed in theirs.items():
            if kind == D.DEAL_BREAKER:
                if not complete(listed, colour) or colour in mine:
                    continue  # a player's table holds one set of a colour

                def take_set(d, me, q=q, colour=colour):
                    discard(d, me, card)
                    me.setdefault("table", {})[colour] = d["players"][q]["table"].pop(colour)
                found.append(play(f"{card}: take {names[q]}'s {colour} set", take_set, say_no_note(q)))
                continue
            if complete(listed, colour):
                continue
            for taken in dict.fromkeys(c for c in listed if effect(c) == D.PROPERTY):
                def take(d, me, q=q, colour=colour, taken=taken):
                    discard(d, me, card)
                    d["players"][q]["table"][colour].remove(taken)
                    if not d["players"][q]["table"][colour]:
                        d["players"][q]["table"].pop(colour)
                    to_set(me, taken, own_colour(me, taken))
                if kind == D.SLY_DEAL:
                    found.append(play(f"{card}: take {taken} ({colour}) from {names[q]}", take, say_no_note(q)))
                    continue
                for my_colour, my_listed in mine.items():
                    if complete(my_listed, my_colour):
                        continue
                    for given in dict.fromkeys(c for c in my_listed if effect(c) == D.PROPERTY):
                        def swap(d, me, take=take, q=q, my_colour=my_colour, given=given):
                            me["table"][my_colour].remove(given)
                            if not me["table"][my_colour]:
                                me["table"].pop(my_colour)
                            take(d, me)
                            to_set(d["players"][q], given, own_colour(d["players"][q], given))
                        found.append(play(f"{card}: give {given} ({my_colour}) for {taken} ({colour}) of "
                                          f"{names[q]}", swap, say_no_note(q)))
    return found


def _empire_choices(position, seat: int) -> list[Choice]:
    """Monopoly Empire, for the player to play. Standing on a billboard no tower holds (or a utility whose pile
    lasts), it has just landed there: buy it (with the bonus skyscraper when it completes a colour group) or
    decline it, then its turn ends. Otherwise, before its roll: buy a skyscraper, or pay to leave jail, each then
    followed by its turn as its strategy plays it; and the Empire cards in its hand it may play then
    (_empire_cards). The Swap face's target is not offered (it follows the roll)."""
    from simulator.engines.empire import layout as E
    from simulator.engines.empire.position import SKYSCRAPER_NAME
    from simulator.rules import compile_rules
    if seat != _to_play(position):
        raise EditionError(f"--player {position.players[seat]}: in Empire only the player to play has choices "
                           f"({position.players[_to_play(position)]})")
    board = compile_rules(position.edition)
    start, names, sq, rules, groups = position.start, board.square_names, board.sq, board.rules, board.groups
    cash, square, height = (int(start.pl[seat, column]) for column in (E.PL_CASH, E.PL_POS, E.PL_HEIGHT))
    capacity, skyscrapers = int(rules[E.R_TOWER_CAPACITY]), int(start.bank[E.B_SKYSCRAPERS])
    skyscraper_height = int(rules[E.R_SKYSCRAPER_HEIGHT])
    alive = [True] * len(position.players)

    def tower(t) -> list:
        return t.setdefault("tower", [])

    kind = sq[square, E.SQ_KIND]
    free = (kind == E.BRAND and start.own[square, E.O_OWNER] < 0) or (kind == E.UTILITY and
                                                                     start.own[square, E.O_STOCK] > 0)
    if free:
        group = int(sq[square, E.SQ_GROUP])
        members = groups[group, E.G_MEMBERS:E.G_MEMBERS + groups[group, E.G_SIZE]]

        def bonus(to: int) -> bool:
            # rulebook (Groupe de propriété complet): completing a group earns a skyscraper while the bank has one
            return kind == E.BRAND and skyscrapers > 0 and all(
                start.own[s, E.O_OWNER] == to for s in members if s != square)
        grown = height + int(sq[square, E.SQ_HEIGHT]) + (skyscraper_height if bonus(seat) else 0)

        def acquire(t, to=seat):
            tower(t).extend([names[square]] + ([SKYSCRAPER_NAME] if bonus(to) else []))
        return _landing(position, seat, names[square], int(sq[square, E.SQ_PRICE]), cash, alive, acquire,
                        wins_now=grown >= capacity,
                        declines=_empire_auctions(position, seat, board, square, acquire) if rules[E.R_AUCTIONS]
                        else None)
    found = [_choice(position, position.document, "no move beyond what your strategy plays")]
    if start.pl[seat, E.PL_JAIL] >= 0:
        found += _leave_jail(position, seat, int(rules[E.R_JAIL_FINE]), cash, names[square])
    found += _empire_cards(position, seat, board)
    price = int(rules[E.R_SKYSCRAPER_PRICE])
    if skyscrapers > 0 and cash >= price:
        label = f"buy a skyscraper for {price:,}"
        bought = _choice(position, _edit(position, seat, lambda t, d: (tower(t).append(SKYSCRAPER_NAME),
                                                                       t.update(cash=cash - price))), label)
        found.append(bought if height + skyscraper_height < capacity else
                     Choice(label, position, "fills the tower: wins on the spot", True))
    return [c for c in found if c is not None]


def _empire_auctions(position, seat: int, board, square: int, acquire) -> list:
    """Declining sends the billboard to auction (rulebook: Les ventes aux enchères): bids from auction_start in
    steps of auction_step, each rival bidding the highest step under what its strategy bids
    (strategies/empire_logic.py: max_bid, at most its cash), as the engine's auction does (`acquire` as
    _auction_choices takes it)."""
    from simulator.engines.empire import layout as E
    from strategies.empire_logic import max_bid
    pl, own, sq, rules = position.start.pl, position.start.own, board.sq, board.rules
    prm = board.lineup_array(position.lineup())
    start, step = int(rules[E.R_AUCTION_START]), int(rules[E.R_AUCTION_STEP])

    def bid(q: int) -> int:
        ceiling = min(int(max_bid(sq, board.groups, own, prm, pl, q, square)), int(pl[q, E.PL_CASH]))
        return start + (ceiling - start) // step * step if ceiling >= start else -1

    return _auction_choices(position, seat, board.square_names[square], int(sq[square, E.SQ_PRICE]),
                            pl[:, E.PL_CASH], [True] * len(position.players), bid, start, step, acquire)


def _empire_cards(position, seat: int, board) -> list[Choice]:
    """The Empire cards the player names in its hand, played before its roll on each target, each assumed not
    answered with a Just Say No or Pas touche: a charge on each rival that can pay it in cash; a swap of its
    highest brand billboard with each rival's (skyscrapers stay; each lands on top of its new tower); Vous êtes
    renvoyé on each colour group a rival holds a brand of (every rival's brands of it back to the board). The card
    played goes back into the Empire deck, shuffled (a position cannot put it under the deck). Not offered: the
    cards that move the player (their square would still be resolved) and a swap between two rivals; a swap gives
    no bonus skyscraper for a group it completes."""
    from simulator.engines.empire import layout as E
    from simulator.engines.empire.position import SKYSCRAPER_NAME
    ids, cards, sq, names = board.card_ids, board.cards, board.sq, board.square_names
    players = position.document["players"]
    rivals = [q for q in range(len(players)) if q != seat]
    cash_of = [int(position.start.pl[k, E.PL_CASH]) for k in range(len(players))]
    note = ("assumes no answer from {} (Just Say No, Pas touche); the card goes back into the deck shuffled, "
            "not under it")

    def play(card, change, label, target) -> Choice | None:
        def edit(t, d):
            t["empire_cards"].remove(card)
            change(t, d)
        return _choice(position, _edit(position, seat, edit), f"{card}: {label}", note.format(target))

    found = []
    for card in dict.fromkeys(players[seat].get("empire_cards", [])):
        effect, amount = int(cards[ids.index(card), E.C_EFFECT]), int(cards[ids.index(card), E.C_A])
        for q in rivals:
            name = position.players[q]
            if effect == E.CHARGE_PLAYER and cash_of[q] >= amount:
                found.append(play(card, lambda t, d, q=q: (t.update(cash=cash_of[seat] + amount),
                                                           d["players"][q].update(cash=cash_of[q] - amount)),
                                  f"charge {name} {amount:,}", name))
            elif effect == E.SWAP_TOPS and _swap_tops(position, seat, q) is not None:
                found.append(play(card, lambda t, d, swap=_swap_tops(position, seat, q): swap(d),
                                  f"swap your highest brand with {name}'s", name))
        if effect == E.CRASH:
            held = {int(sq[names.index(tile), E.SQ_GROUP]) for q in rivals for tile in players[q].get("tower", [])
                    if tile != SKYSCRAPER_NAME and sq[names.index(tile), E.SQ_KIND] == E.BRAND}
            for g in sorted(held):
                def crash(t, d, g=g):
                    for q in rivals:
                        tower = d["players"][q].get("tower", [])
                        tower[:] = [tile for tile in tower if tile == SKYSCRAPER_NAME
                                    or sq[names.index(tile), E.SQ_KIND] != E.BRAND
                                    or sq[names.index(tile), E.SQ_GROUP] != g]
                found.append(play(card, crash, f"send the rivals' {board.group_names[g]} brands back to the board",
                                  "the rivals"))
    return found


def _fortnite_choices(position, seat: int) -> list[Choice]:
    """Monopoly Fortnite, for the player to play, at the start of its turn (chest items are used "uniquement
    pendant votre tour", rulebook: Coffre): each choice, then the turn as its strategy plays it. A heal item used
    now (when the player is hurt); a grenade thrown at each rival in reach (in sight, not on a wall), who spends a
    shield potion instead if it holds one, and is eliminated at 0 HP (its locations covered; its items, which
    would lie on its square, are left out, as positions leave them). A used item goes back into the chest,
    shuffled with the rest, rather than under it. Whom the crosshair shoots follows the die's face: --rolled
    crosshair (_crosshair), where to stand a wall --rolled wall (_wall_face)."""
    from simulator.engines.fortnite import layout as F
    from simulator.engines.fortnite.state import can_hit
    from simulator.rules import compile_rules
    if seat != _to_play(position):
        raise EditionError(f"--player {position.players[seat]}: in Fortnite only the player to play has choices "
                           f"({position.players[_to_play(position)]})")
    board = compile_rules(position.edition)
    start, ids, cards, rules = position.start, board.card_ids, board.cards, board.rules
    names = position.players
    hp, most = int(start.pl[seat, F.PL_HP]), int(rules[F.R_MAX_HP])
    items = list(dict.fromkeys(position.document["players"][seat].get("items", [])))

    def effect(item: str) -> int:
        return int(cards[ids.index(item), F.C_EFFECT])

    def amount(item: str) -> int:
        return int(cards[ids.index(item), F.C_A])

    found = [_choice(position, position.document, "no move beyond what your strategy plays")]
    for item in items:
        if effect(item) == F.HEAL and hp < most:
            healed = _edit(position, seat, lambda t, d, item=item: (t["items"].remove(item),
                                                                    t.update(hp=min(most, hp + amount(item)))))
            found.append(_choice(position, healed, f"use {item} (+{amount(item)} HP)"))
        if effect(item) != F.GRENADE:
            continue
        for q in range(len(names)):
            if q != seat and can_hit(start.own, rules, start.pl, seat, q, False):
                found.append(_fortnite_hit(position, board, seat, q, amount(item), f"throw {item} at {names[q]}",
                                           lambda t, item=item: t["items"].remove(item)))
    return [c for c in found if c is not None]


def _fortnite_hit(position, board, seat: int, q: int, damage: int, label: str, spend, then=None) -> Choice | None:
    """The player at `seat` takes `damage` HP from rival q (`spend` edits the player's table: the item used):
    q spends a shield potion instead if it holds one (rulebook: Coffre), and at 0 HP is out, its locations
    covered (Et si je me retrouve à court de points de vie ?); eliminating the last rival wins on the spot.
    `then` edits the document afterwards (the turn passed)."""
    from simulator.engines.fortnite import layout as F
    start, names, ids, cards = position.start, position.players, board.card_ids, board.cards
    shields = [i for i in position.document["players"][q].get("items", [])
               if cards[ids.index(i), F.C_EFFECT] == F.SHIELD]
    left = int(start.pl[q, F.PL_HP]) - (0 if shields else damage)
    rivals_left = sum(int(start.pl[k, F.PL_ALIVE]) for k in range(len(names)) if k not in (seat, q))
    if left <= 0 and rivals_left == 0:
        return Choice(label, position, f"eliminates {names[q]}, the last rival: wins on the spot", True)

    def hit(t, d):
        spend(t)
        target = d["players"][q]
        if shields:
            target["items"].remove(shields[0])
        elif left > 0:
            target["hp"] = left
        else:
            d["position"].setdefault("covered", []).extend(target.get("locations", []))
            for key in ("hp", "items", "locations", "in_jail", "jail_tries"):
                target.pop(key, None)
            target.update(out=True, square=board.square_names[int(start.pl[q, F.PL_POS])])
        if then is not None:
            then(d)
    return _choice(position, _edit(position, seat, hit), label)


def _crosshair(position, seat: int) -> list[Choice]:
    """Fortnite, the crosshair face rolled (rulebook: À votre tour), the player on the square it moved to: hold
    fire, or shoot each rival the crosshair reaches (in sight, or anywhere with a sniper rifle; not on a wall) for
    the face's damage plus its weapons' bonus; then its turn ends (the end-of-turn items and a storm card due for
    passing GO are not played). A wall in sight brought down instead is not offered."""
    from simulator.engines.fortnite import layout as F
    from simulator.engines.fortnite.state import can_hit
    from simulator.rules import compile_rules
    _not_in_jail(position, seat, F.PL_JAIL, "crosshair")
    board = compile_rules(position.edition)
    start, ids, cards = position.start, board.card_ids, board.cards
    face = next(c for c in range(len(ids)) if cards[c, F.C_EFFECT] == F.CROSSHAIR)
    bonus = sum(int(cards[ids.index(i), F.C_A]) for i in position.document["players"][seat].get("items", [])
                if cards[ids.index(i), F.C_EFFECT] == F.WEAPON)
    damage = int(cards[face, F.C_A]) + bonus
    alive = start.pl[:, F.PL_ALIVE] != 0
    following = position.players[_next_seat(position, seat, alive)]

    def pass_turn(d):
        d["position"]["to_play"] = following
    found = [_choice(position, _edit(position, seat, lambda t, d: pass_turn(d)), "hold fire",
                     "then the turn ends")]
    for q in range(len(position.players)):
        if q != seat and can_hit(start.own, board.rules, start.pl, seat, q, True):
            found.append(_fortnite_hit(position, board, seat, q, damage,
                                       f"shoot {position.players[q]} ({damage} HP)", lambda t: None, pass_turn))
    return [c for c in found if c is not None]


def _wall_face(position, seat: int, moved: int) -> list[Choice]:
    """Fortnite, the wall face rolled (rulebook: À votre tour, "Construisez ensuite un mur, debout, sur une des
    cases de votre déplacement"), the player on the square it moved to, `moved` squares from where it started,
    its square's action played: the wall stood on each square of the move without one, the start and the square
    it stands on included; then its turn ends (the end-of-turn items and a storm card due for passing GO are not
    played). No wall left in the pile, or none free on the move: the turn ends without one."""
    from simulator.engines.fortnite import layout as F
    from simulator.rules import compile_rules
    _not_in_jail(position, seat, F.PL_JAIL, "wall")
    board = compile_rules(position.edition)
    start, names, n = position.start, board.square_names, board.n_squares
    sides = int(board.rules[F.R_DIE_SIDES])
    if not 1 <= moved <= sides:
        raise EditionError(f"--moved {moved}: the squares a move takes, 1 to the die's {sides}")
    end = int(start.pl[seat, F.PL_POS])
    if end < 0:
        raise EditionError(f"--rolled wall: {position.players[seat]} stands on no square in {position.source} "
                           "(the move's squares run back from its square)")
    squares = [(end - moved + k) % n for k in range(moved + 1)]  # from the start to where it stands
    walled = [names[s] for s in squares[1:] if start.own[s, F.O_WALL]]
    if walled:
        raise EditionError(f"--moved {moved}: a wall stands on {', '.join(walled)}, which would have stopped the "
                           f"move (and the wall it stops on is taken down)")
    alive = start.pl[:, F.PL_ALIVE] != 0
    following = position.players[_next_seat(position, seat, alive)]

    def pass_turn(d):
        d["position"]["to_play"] = following
    if start.bank[F.B_WALLS] <= 0 or all(start.own[s, F.O_WALL] for s in squares):
        ended = _choice(position, _edit(position, seat, lambda t, d: pass_turn(d)), "stand no wall",
                        "no wall is left in the pile, or every square of the move has one")
        return [ended] if ended else []
    found = []
    for s in squares:
        if start.own[s, F.O_WALL]:
            continue
        where = f"{names[s]} (your square)" if s == end else names[s]
        found.append(_choice(position, _edit(position, seat, lambda t, d, s=s: (
            t.setdefault("walls", []).append(names[s]), pass_turn(d))), f"stand the wall on {where}",
            "then the turn ends"))
    return [c for c in found if c is not None]


def _swap_face(position, seat: int) -> list[Choice]:
    """Empire, the Swap face rolled (rulebook: Vous obtenez le symbole Échange ?): no swap, or the highest brand
    billboards of two towers exchanged, the player's and a rival's or two rivals' (skyscrapers stay, each lands on
    top of its new tower, no bonus skyscraper for a group a swap completes); the swap is the turn's move, so its
    turn then ends (rules.swap_then_move false). Assumed not answered with a Just Say No or Pas touche. Not
    swapping moves the player by its other die, which the position does not say: that choice ends the turn
    without the move."""
    from simulator.engines.empire import layout as E
    _not_in_jail(position, seat, E.PL_JAIL, "swap")
    n = len(position.players)
    following = position.players[(seat + 1) % n]

    def pass_turn(d):
        d["position"]["to_play"] = following
    found = [_choice(position, _edit(position, seat, lambda t, d: pass_turn(d)), "no swap",
                     "the turn ends without the move by the other die")]
    for a in range(n):
        for b in range(a + 1, n):
            pair = f"{position.players[a]}'s and {position.players[b]}'s" if seat not in (a, b) else \
                f"yours and {position.players[b if a == seat else a]}'s"
            swapped = _swap_tops(position, a, b)
            if swapped is not None:
                found.append(_choice(position, _edit(position, seat, lambda t, d, swapped=swapped: (
                    swapped(d), pass_turn(d))), f"swap the highest brands: {pair}",
                    "assumes no answer (Just Say No, Pas touche)"))
    return [c for c in found if c is not None]


def _not_in_jail(position, seat: int, jail_column: int, face: str) -> None:
    """A prisoner's roll is for its release, not its face (Fortnite: the action die is rolled free; Empire: the
    Swap face moves nothing in jail)."""
    if position.start.pl[seat, jail_column] >= 0:
        raise EditionError(f"--rolled {face}: {position.players[seat]} is in jail, where the face does nothing")


def _swap_tops(position, a: int, b: int):
    """The edit exchanging the highest brand billboards of the towers of a and b (None when one has none)."""
    from simulator.engines.empire.position import SKYSCRAPER_NAME
    players = position.document["players"]

    def highest(tower: list) -> int:
        return max((k for k, tile in enumerate(tower) if tile != SKYSCRAPER_NAME), default=-1)
    if highest(players[a].get("tower", [])) < 0 or highest(players[b].get("tower", [])) < 0:
        return None

    def swap(d):
        first, second = d["players"][a]["tower"], d["players"][b]["tower"]
        given, taken = first.pop(highest(first)), second.pop(highest(second))
        first.append(taken)
        second.append(given)
    return swap


_CHOOSERS = {STREETS: _board_choices, STAR_LEVELS: _board_choices, TOWERS: _empire_choices, STORM: _fortnite_choices,
             HANDS: _deal_choices}
# The faces of a die whose choices follow the roll (--rolled), by family: the position is the moment after it.
ROLLED_FACES = {STORM: {"crosshair": _crosshair, "wall": _wall_face}, TOWERS: {"swap": _swap_face}}
MOVED_FACES = {"wall"}  # their choices are squares of the move: they take the squares moved (--moved)


# ---------------------------------------------------------------------------------------------------
# Playing the choices and ranking them


def with_field(position, player: str, field: list[str] | None):
    """The position with the rivals of `player` playing `field`: one strategy for every rival, or one per rival
    in seat order; None keeps each rival's own."""
    if not field:
        return position
    seat = seat_of(position, player)
    rivals = [k for k in range(len(position.players)) if k != seat]
    if len(field) not in (1, len(rivals)):
        raise EditionError(f"--field: give one strategy for every rival or one per rival ({len(rivals)}: "
                           f"{', '.join(position.players[k] for k in rivals)}), got {len(field)}")
    document = copy.deepcopy(position.document)
    for k, strategy in zip(rivals, field * len(rivals) if len(field) == 1 else field):
        document["players"][k]["strategy"] = strategy
    return positions.changed(position, document, f"with the rivals playing {', '.join(field)}")


def open_choices(position, player: str | None = None, field: list[str] | None = None,
                 rolled: str | None = None, moved: int | None = None) -> tuple[str, list[Choice]]:
    """The player advised (default: the player to play) and its choices, with the rivals playing `field`
    (`rolled`, `moved`: as choices takes them)."""
    player = position.players[_to_play(position)] if player is None else player
    seat_of(position, player)
    return player, choices(with_field(position, player, field), player, rolled, moved)


def advise(position, player: str | None = None, games: int = DEFAULT_GAMES, seed: int = 0,
           threads: int | None = None, field: list[str] | None = None, rolled: str | None = None,
           moved: int | None = None, progress=None, notice=None, executor=None) -> pd.DataFrame:
    """Every choice open to `player` (default: the player to play) at `position`, best first: its win
    probability with a 95% Wilson interval, its paired difference against the best with a 95% interval, the
    Holm-adjusted p-value of that difference (over every pair of choices), and whether it can be told apart from
    the best; `attrs["verdict"]` says it in a line. Each choice plays `games` games on the same seeds, the rivals
    playing `field` (one strategy for all, or one each; default: their own); `rolled`: the die face just rolled
    whose choices are wanted (ROLLED_FACES), `moved` the squares its move took (MOVED_FACES). `position`: a
    position file's path or a loaded positions.Position.

        from simulator import advise
        advise.advise("tests/data/positions/advise_park_place.toml", games=2_000)
    """
    if not isinstance(position, positions.Position):
        position = positions.load_position(position)
    player, options = open_choices(position, player, field, rolled, moved)
    frame = play_choices(position, player, options, games, seed, threads, progress, notice, executor)
    frame.attrs["field"] = list(field or [])
    return frame


def distinct_positions(options: list[Choice]) -> int:
    """How many positions the choices make that are played on (choices making the same position share its
    games; a choice that wins on the spot needs none)."""
    return len({_outcome(option) for option in options if not option.wins_now})


def _outcome(option: Choice) -> str:
    """Equal for choices known to end alike: those making the same position played by the same strategies with
    the same parameters, and those winning on the spot."""
    if option.wins_now:
        return "wins on the spot"
    played = option.lineup or option.position.lineup()
    return option.position.sha256 + json.dumps([s.params for s in played], sort_keys=True, default=str)


def play_choices(position, player: str, options: list[Choice], games: int, seed: int = 0, threads: int | None = None,
                 progress=None, notice=None, executor=None) -> pd.DataFrame:
    """advise's table for choices already listed (open_choices)."""
    if games < stats.MIN_COUNT:
        raise EditionError(f"--games {games}: at least {stats.MIN_COUNT} games a choice are needed for a verdict")
    seat = seat_of(position, player)
    played: dict[str, np.ndarray] = {}
    for option in options:
        key = _outcome(option)
        if key not in played:
            played[key] = np.ones(games) if option.wins_now else positions.wins_of(
                positions.play(option.position, games, seed, threads, progress, notice, executor,
                               lineup=option.lineup), seat)
    frame = rank([c.label for c in options], np.stack([played[_outcome(c)] for c in options]),
                 [_outcome(c) for c in options])
    frame.insert(1, "note", [options[k].note for k in frame.index])
    attrs = dict(frame.attrs)
    frame = frame.reset_index(drop=True)
    frame.attrs.update({**attrs, "player": player, "games": games, "seed": seed, "source": position.source})
    return frame


def rank(labels: list[str], won: np.ndarray, same: list | None = None) -> pd.DataFrame:
    """Choices ranked by win rate from `won` (a row per choice, a column per game, the games paired across rows):
    each with its Wilson interval, its paired difference against the best, and the Holm-adjusted p-value of that
    difference, adjusted over every pair of choices (the best is picked from the data, so any pair could be the
    one compared) but those two choices known to be one (`same`: a key per choice, equal for choices that make
    the same position; such a pair is equal, not tested). `tied` marks the choices the verdict cannot tell apart
    from the best. Indexed by the choices' order in `labels`."""
    count, games = won.shape
    same = list(range(count)) if same is None else same
    rates = won.mean(axis=1)
    best = int(np.argmax(rates))  # the first of equal rates: choices keep the order they were listed in
    ones = np.ones(games)
    pairs = [(i, j) for i in range(count) for j in range(i + 1, count) if same[i] != same[j]]
    pair_p = [stats.paired_difference(won[i], ones, won[j], ones)["p_value"] for i, j in pairs]
    adjusted = dict(zip(pairs, stats.holm(pair_p)))
    rows = []
    for k in range(count):
        low, high = stats.wilson(int(won[k].sum()), games)
        effect = stats.paired_difference(won[best], ones, won[k], ones)
        p = adjusted.get((min(k, best), max(k, best)), 1.0)
        rows.append({"choice": labels[k], "win_rate": rates[k], "ci_low": low, "ci_high": high,
                     "difference": 0.0 if k == best else effect["difference"],
                     "difference_low": 0.0 if k == best else effect["ci_low"],
                     "difference_high": 0.0 if k == best else effect["ci_high"], "p_adjusted": p,
                     "tied": k == best or not p < stats.ALPHA})
    frame = pd.DataFrame(rows).sort_values(["win_rate"], ascending=False, kind="stable")
    frame = with_units(frame, ["win_rate", "ci_low", "ci_high"], ["difference", "difference_low", "difference_high"])
    frame.attrs["verdict"] = verdict_line(frame, games, len(pairs))
    return frame


def verdict_line(frame: pd.DataFrame, games: int, pairs: int) -> str:
    labels = list(frame.choice)
    tied = list(frame.choice[frame.tied])
    budget = (f"at {games:,} games a choice (told apart: Holm-adjusted p < 5% over the {pairs} "
              f"pair{'s' if pairs != 1 else ''} of different positions)")
    if len(labels) == 1:
        return f"Only one choice is open: {labels[0]}."
    if len(tied) == len(labels):
        return (f"No choice can be told apart from the best {budget}: they are as good as each other, or more "
                f"games are needed to separate them.")
    if len(tied) == 1:
        return f"Best: {tied[0]}, better than every other choice {budget}."
    # only the best is tested against the rest here: a choice tied with it may not differ from those
    others = len(labels) - len(tied)
    return (f"{', '.join(tied[:-1])} and {tied[-1]} cannot be told apart {budget}; the {others} other "
            f"choice{'s are' if others > 1 else ' is'} worse than the best.")


# ---------------------------------------------------------------------------------------------------
# The page


def page(frame: pd.DataFrame, position) -> str:
    """A self-contained HTML page of advise's table: the players as the position describes them, then each
    choice as a bar of its win probability and of its difference against the best, each with its 95% interval."""
    from html import escape
    title = f"What should {frame.attrs['player']} do? ({Path(position.source).name}, {position.edition.name})"
    players = "".join(
        f"<tr><td><span style=\"color:{_PALETTE[k % len(_PALETTE)]}\">&#9632;</span> "
        f"{escape(name)}{' (to play)' if k == _to_play(position) else ''}</td>"
        f"<td>{escape(strategy)}</td><td>{escape(_summary(table))}</td></tr>"
        for k, (name, strategy, table) in enumerate(zip(position.players, position.strategies,
                                                        position.document["players"])))
    bars = _bars(frame)
    field = ", ".join(frame.attrs.get("field") or []) or "their own strategies"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }}
table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.3em 0.8em; text-align: left; vertical-align: top; }}
.verdict {{ font-weight: bold; margin: 1em 0; }}
svg text {{ font-size: 12px; font-family: system-ui, sans-serif; }}
</style></head><body>
<h1>{escape(title)}</h1>
<h2>The position</h2>
<table><tr><th>player</th><th>strategy</th><th>holds</th></tr>{players}</table>
{_board(position)}
<h2>The choices</h2>
<p>{frame.attrs['games']:,} games a choice on the same seeds (seed {frame.attrs['seed']}); rivals playing
{escape(field)}. Bars: {escape(frame.attrs['player'])}'s win probability (left) and its difference against the best
choice (right), each with its 95% interval.</p>
<p class="verdict">{escape(frame.attrs['verdict'])}</p>
{bars}
</body></html>
"""


_PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


def _board(position) -> str:
    """The board as a ring of squares from GO (bottom right, as printed), each filled with its owner's colour
    (with its houses, H for a hotel), the pawns as their players' initials; nothing for a game without a board
    (Deal)."""
    from html import escape
    from simulator.engines.shared import layout as L
    from simulator.rules import compile_rules
    own = getattr(position.start, "own", None)
    if own is None:
        return ""
    board = compile_rules(position.edition)
    names = board.square_names
    built = _kind(position) in (STREETS, STAR_LEVELS)  # the families whose squares carry buildings
    top = int(board.rules[L.R_MAX_HOUSES]) + 1 if built else 0
    n, cell = len(names), 34
    side = -(-n // 4)  # squares from one corner to the next

    def place(k: int) -> tuple[int, int]:
        edge, step = divmod(k, side)
        return [((side - step) * cell, side * cell), (0, (side - step) * cell), (step * cell, 0),
                (side * cell, step * cell)][edge]

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{(side + 1) * cell + 2}" '
             f'height="{(side + 1) * cell + 2}">']
    for k in range(n):
        x, y = place(k)
        owner = int(own[k, L.O_OWNER])
        fill = _PALETTE[owner % len(_PALETTE)] if owner >= 0 else "#fff"
        parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" fill="{fill}" '
                     f'fill-opacity="0.5" stroke="#999"><title>{escape(names[k])}</title></rect>')
        level = int(own[k, L.O_LEVEL]) if built else 0
        if level:  # houses, or H for a hotel
            parts.append(f'<text x="{x + cell - 12}" y="{y + cell - 5}">{"H" if level == top else level}</text>')
    for seat, name in enumerate(position.players):
        x, y = place(int(position.start.pl[seat, L.PL_POS]))
        parts.append(f'<text x="{x + 4 + 9 * (seat % 3)}" y="{y + 14 + 12 * (seat // 3)}" font-weight="bold" '
                     f'fill="{_PALETTE[seat % len(_PALETTE)]}">{escape(name[0])}</text>')
    parts.append("</svg>")
    return "<h3>The board</h3>\n" + "\n".join(parts)


def _summary(table: dict) -> str:
    """A player's table of the position file in one line (its name and strategy left out)."""
    def text(value) -> str:
        if isinstance(value, dict):
            return ", ".join(key if item is True else f"{key}: {text(item)}" if isinstance(item, (list, dict))
                             else f"{key} {text(item)}" for key, item in value.items() if item is not False)
        if isinstance(value, list):
            return "[" + "; ".join(text(item) for item in value) + "]"
        return str(value)
    return "; ".join(f"{key}: {text(value)}" for key, value in table.items() if key not in ("name", "strategy")) \
        or "as at the start"


def _bars(frame: pd.DataFrame) -> str:
    """Two panels of horizontal bars, a row per choice: win probability (0 to 100%) and difference against the
    best (its scale from the widest interval), intervals as whiskers."""
    from html import escape
    label_width, panel, row, gap = 400, 300, 26, 40
    lowest = min(-0.01, float(frame.difference_low.min()))
    height = row * len(frame) + 30

    def x_rate(value):
        return label_width + panel * value

    def x_diff(value):
        return label_width + panel + gap + panel * (1 - value / lowest)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_width + 2 * panel + gap + 90}" '
             f'height="{height}">']
    for k, r in enumerate(frame.itertuples()):
        y = 20 + row * k
        colour = "#2b7a3d" if r.tied else "#8a8f98"
        label = r.choice if len(r.choice) <= 62 else r.choice[:60] + "…"
        parts.append(f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{label_width}" y="{y + 4}" width="{panel * r.win_rate:.1f}" height="{row - 10}" '
                     f'fill="{colour}"><title>{100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, '
                     f'{100 * r.ci_high:.1f}]</title></rect>')
        parts.append(f'<line x1="{x_rate(r.ci_low):.1f}" x2="{x_rate(r.ci_high):.1f}" y1="{y + row / 2}" '
                     f'y2="{y + row / 2}" stroke="#000" stroke-width="2"/>')
        parts.append(f'<text x="{x_rate(r.win_rate) + 4:.1f}" y="{y + 15}">{100 * r.win_rate:.1f}%</text>')
        left = x_diff(r.difference)
        parts.append(f'<rect x="{left:.1f}" y="{y + 4}" width="{x_diff(0) - left:.1f}" height="{row - 10}" '
                     f'fill="{colour}"><title>{100 * r.difference:+.1f} pts [{100 * r.difference_low:+.1f}, '
                     f'{100 * r.difference_high:+.1f}]</title></rect>')
        parts.append(f'<line x1="{x_diff(r.difference_low):.1f}" x2="{x_diff(r.difference_high):.1f}" '
                     f'y1="{y + row / 2}" y2="{y + row / 2}" stroke="#000" stroke-width="2"/>')
        parts.append(f'<text x="{x_diff(0) + 6:.1f}" y="{y + 15}">'
                     f'{"best" if k == 0 else f"{100 * r.difference:+.1f} pts"}</text>')
    parts.append(f'<text x="{label_width}" y="12">win probability (0 to 100%)</text>')
    parts.append(f'<text x="{label_width + panel + gap}" y="12">against the best ({100 * lowest:+.1f} to 0 pts)</text>')
    parts.append(f'<line x1="{x_diff(0)}" x2="{x_diff(0)}" y1="16" y2="{height}" stroke="#444"/>')
    parts.append("</svg>")
    return "\n".join(parts)
