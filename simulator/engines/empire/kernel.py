"""The compiled engine of Monopoly Empire: towers of billboards instead of houses and mortgages.

It shares the board family's dice, decks, money bookkeeping, ownership tracking and square aggregates
(shared/); what differs is the economy, which is here: towers, rent and salary at the tower's value,
auctions in steps, skyscrapers, the Swap face, the tower taxes, Empire cards kept in hand and answered,
billboards given up for debts, and the race to a full tower. Rule references ("rulebook: Case Depart")
point at shared/rules/001_c7a601a583c9c737.txt. Column numbers are in layout.py.
"""
import numpy as np
from numba import njit

from simulator.engines.shared.jit import engine_njit
from simulator.engines.shared.play import NOBODY, bank_pays, clearing_price, roll, set_owner
from simulator.engines.shared.decks import (
    card_accounted_for, draw, holds_cards, shuffle_decks, take_held_from_queues, to_bottom,
)
from simulator.engines.shared.games import copy_table, next_seat, record_aggregates, seat_lineup, write_game_row
from simulator.engines.shared.rng import shuffle
from simulator.engines.shared.search import S_CANDIDATES, S_HORIZON, S_ROLLOUTS, digest_table, search_setting, \
    start_rollout, use_candidate
from simulator.engines.shared.lead import ROUND_END, observed, standing
from simulator.engines.empire.layout import (
    ADVANCE_TO, B_COLUMNS, B_NET, B_SKYSCRAPERS, B_TURN, B_WINNER, BANK, BRAND, C_A, C_DECK, C_EFFECT,
    CARD, CHARGE_PLAYER, COLLECT_TOWER_VALUE, CRASH, D_LEN, DQ_CARDS, DQ_COUNT, DQ_HEAD, EACH_PLAYER,
    END_TOWER_FULL, END_TURN_CAP, FREE_PARKING, FREE_UTILITY, G_MEMBERS, G_SIZE, GET_OUT_OF_JAIL, GO_TO_JAIL, GO_TO_JAIL_CARD,
    JUST_SAY_NO, MOVE, MOVE_ANYWHERE, N_PARAMS,
    O_COLUMNS, O_FIRST_OWNER, O_OWNER, O_STOCK, PL_BLOCKED, PL_BONUS_GIVEN, PL_CARDS_PLAYED,
    PL_CASH, PL_COLUMNS, PL_GROUPS_HELD, PL_HEIGHT, PL_JAIL, PL_JAIL_TURNS, PL_LOST, PL_POS, PL_RENT_IN,
    PL_RENT_OUT, PL_SKYSCRAPERS_BOUGHT, PL_SWAPS, PL_TILES, PL_BOUGHT, PL_DECLINED, PL_AUCTION_PAID,
    PL_AUCTION_VALUE, PL_BUY_CASH_LOW, PL_SKYSCRAPER_CASH_LOW, PL_ATTACKS, PL_ATTACK_LEADER_LOW, PL_CHARGES_KEPT,
    PL_PARKING_MOVES, PL_JAIL_PAID, PL_LOWEST, PO_BOUGHT, PO_DECLINED, PO_AUCTION_PAID, PO_AUCTION_VALUE,
    PO_BUY_CASH_LOW, PO_SKYSCRAPER_CASH_LOW, PO_ATTACKS, PO_ATTACK_LEADER_LOW, PO_CHARGES_KEPT, PO_PARKING_MOVES,
    PO_JAIL_PAID, PO_BLOCKED, PO_BRANDS, PO_CARDS_PLAYED, PO_CASH,
    PO_GROUPS, PO_GROUPS_HELD, PO_JAIL_TURNS, PO_LOST, PO_NET_WORTH, PO_OUT_TURN, PO_RANK, PO_RENT_IN,
    PO_RENT_OUT, PO_SKYSCRAPERS, PO_SKYSCRAPERS_BOUGHT, PO_SWAPS, PO_TOWER_HEIGHT, PO_UTILITIES, PROTECT_TOWER,
    R_AUCTION_START, R_AUCTION_STEP, R_AUCTIONS, R_BONUS_ONCE_PER_GROUP, R_DOUBLES_TO_JAIL,
    R_EMPTY_TOWER_SALARY, R_JAIL_FINE, R_JAIL_FORCED_FINE, R_JAIL_MAX_TURNS, R_JAIL_SQUARE, R_MAX_ROUNDS,
    R_PARKING_FEE, R_SKYSCRAPER_PRICE, R_SKYSCRAPERS, R_START_CASH, R_STARTING_CARDS,
    R_STARTING_DECK, R_SWAP_FACE, R_SWAP_THEN_MOVE, R_TOWER_CAPACITY, RIVAL_TOWER_TAX, SA_AUCTIONED, SA_BOUGHT,
    SA_LANDINGS, SA_RENT, SKYSCRAPER, SQ_DECK, SQ_GROUP, SQ_KIND, SQ_PRICE, SQ_STOCK, SWAP_TOPS,
    TOWER_TAX, UTILITY, V_BILLBOARDS, V_CARDS, V_MONEY, V_NEGATIVE_CASH, V_TOWER, V_WINNER,
)
from simulator.engines.empire.state import (
    available, holds_group, tallest_rival_height, tile_height, top_brand, tower_value,
)
from simulator.engines.shared.views import borrowed
from strategies import empire_logic as strategy

# Whether an action touches the defender's tower is passed as these numpy scalars, not as literals: numba
# compiles a copy of a function, and of everything it calls, for each literal value it is passed.
TOUCHES_TOWER = np.bool_(True)
ANY_ACTION = np.bool_(False)

# ---------------------------------------------------------------------------------------------------
# Towers


@engine_njit(inline="always")
def _stack(sq, rules, pl, tw, bank, p, t):
    """Put tile t on top of p's tower; the first tower to reach its capacity wins, even when the last
    billboard overshoots (rulebook: Comment gagner ?)."""
    tw[p, pl[p, PL_TILES]] = t
    pl[p, PL_TILES] += 1
    pl[p, PL_HEIGHT] += tile_height(sq, rules, t)
    if bank[B_WINNER] < 0 and pl[p, PL_HEIGHT] >= rules[R_TOWER_CAPACITY]:
        bank[B_WINNER] = p


@engine_njit
def place(sq, groups, rules, pl, tw, own, bank, p, t):
    """Tile t joins p's tower: a brand becomes p's, and a colour group now complete in the tower earns a
    free skyscraper while the bank has one (rulebook: Groupe de propriete complet = Bonus Immeuble), unless
    the tile filled the tower: the game ends there (rulebook: Comment gagner ?)."""
    _stack(sq, rules, pl, tw, bank, p, t)
    if t == SKYSCRAPER or sq[t, SQ_KIND] != BRAND:
        return
    set_owner(own, bank, t, p)
    if pl[p, PL_HEIGHT] >= rules[R_TOWER_CAPACITY]:
        return
    g = sq[t, SQ_GROUP]
    bit = 1 << g
    if not holds_group(own, groups, g, p) or bank[B_SKYSCRAPERS] == 0:
        return
    if rules[R_BONUS_ONCE_PER_GROUP] != 0 and pl[p, PL_BONUS_GIVEN] & bit != 0:
        return
    pl[p, PL_BONUS_GIVEN] |= bit
    bank[B_SKYSCRAPERS] -= 1
    _stack(sq, rules, pl, tw, bank, p, SKYSCRAPER)


@engine_njit(inline="always")
def take_tile(sq, rules, pl, tw, p, k):
    """Remove the k-th tile from the bottom of p's tower and return it; the tiles above drop down."""
    t = tw[p, k]
    for j in range(k, pl[p, PL_TILES] - 1):
        tw[p, j] = tw[p, j + 1]
    pl[p, PL_TILES] -= 1
    tw[p, pl[p, PL_TILES]] = -1
    pl[p, PL_HEIGHT] -= tile_height(sq, rules, t)
    return t


@engine_njit
def to_board(sq, own, bank, t):
    """A tile leaves every tower: a brand back on its square, a utility billboard back on its pile, a
    skyscraper back to the bank."""
    if t == SKYSCRAPER:
        bank[B_SKYSCRAPERS] += 1
    elif sq[t, SQ_KIND] == UTILITY:
        own[t, O_STOCK] += 1
    else:
        set_owner(own, bank, t, NOBODY)


@engine_njit
def top_to_board(sq, rules, pl, tw, own, bank, p):
    """The tower taxes: p's top tile, whatever it is, leaves the tower ("le cartouche le plus haut")."""
    if pl[p, PL_TILES] > 0:
        to_board(sq, own, bank, take_tile(sq, rules, pl, tw, p, pl[p, PL_TILES] - 1))


@engine_njit
def take_brand(sq, rules, pl, tw, own, bank, p, k):
    """Remove p's brand billboard at place k; a brand is on no one's tower until placed again."""
    t = take_tile(sq, rules, pl, tw, p, k)
    if sq[t, SQ_KIND] == BRAND:
        set_owner(own, bank, t, NOBODY)
    return t


@engine_njit
def swap_tops(sq, groups, rules, pl, tw, own, bank, a, b, swapper):
    """Exchange the highest brand billboards of towers a and b, skyscrapers above them staying ("les
    cartouches des marques les plus hautes", rulebook: Vous obtenez le symbole Echange ?); each lands on
    top of its new tower. The exchange is one move: both tiles land, each with the bonus skyscraper it
    earns. When that fills both towers, the first of the two in turn order from the swapper wins (an
    assumption: the rulebook's first full tower)."""
    ta = take_brand(sq, rules, pl, tw, own, bank, a, top_brand(pl, tw, a))
    tb = take_brand(sq, rules, pl, tw, own, bank, b, top_brand(pl, tw, b))
    place(sq, groups, rules, pl, tw, own, bank, a, tb)
    place(sq, groups, rules, pl, tw, own, bank, b, ta)
    capacity = rules[R_TOWER_CAPACITY]
    if pl[a, PL_HEIGHT] >= capacity and pl[b, PL_HEIGHT] >= capacity:
        n = pl.shape[0]
        bank[B_WINNER] = a if (a - swapper) % n < (b - swapper) % n else b


# ---------------------------------------------------------------------------------------------------
# Money: a debt that cannot be paid costs the highest brand billboard instead, skyscrapers skipped, and
# nothing when the tower holds no brand (rulebook: Faillite !)


@engine_njit
def pay_bank(sq, rules, pl, tw, own, bank, p, amount):
    """True when paid. Short of cash, p keeps its cash and returns its highest brand billboard to the board."""
    if pl[p, PL_CASH] >= amount:
        pl[p, PL_CASH] -= amount
        bank[B_NET] -= amount
        return True
    k = top_brand(pl, tw, p)
    if k >= 0:
        to_board(sq, own, bank, take_tile(sq, rules, pl, tw, p, k))
        pl[p, PL_LOST] += 1
    return False


@engine_njit
def pay_player(sq, groups, rules, pl, tw, own, bank, p, q, amount):
    """True when paid. Short of cash, p keeps its cash and gives its highest brand billboard to q, on top
    of q's tower."""
    if pl[p, PL_CASH] >= amount:
        pl[p, PL_CASH] -= amount
        pl[q, PL_CASH] += amount
        return True
    k = top_brand(pl, tw, p)
    if k >= 0:
        place(sq, groups, rules, pl, tw, own, bank, q, take_brand(sq, rules, pl, tw, own, bank, p, k))
        pl[p, PL_LOST] += 1
    return False


# ---------------------------------------------------------------------------------------------------
# Cards in hand


@engine_njit(inline="always")
def draw_for(decks, dq, draws, p, d):
    """p draws the top card of deck d (counted in draws); -1 when the deck is empty."""
    card = draw(decks, dq, d)
    if card >= 0:
        draws[p, card] += 1
    return card


@engine_njit
def play_from_hand(cards, decks, dq, held, pl, p, card):
    """A kept card is used: back under its deck (rulebook: Case carte Empire)."""
    held[p, card] -= 1
    to_bottom(decks, dq, cards[card, C_DECK], card)
    pl[p, PL_CARDS_PLAYED] += 1


@engine_njit
def _answer(cards, held, p, touches_tower):
    """A card p can play to cancel an action: Just Say No answers any action; the tower guard answers
    one that would take or swap a billboard of p's tower. -1 when p holds neither."""
    found = -1
    for c in range(cards.shape[0]):
        if held[p, c] == 0:
            continue
        effect = cards[c, C_EFFECT]
        if effect == JUST_SAY_NO or (touches_tower and effect == PROTECT_TOWER):
            if found < 0 or cards[found, C_EFFECT] == JUST_SAY_NO:
                found = c   # the tower guard first: Just Say No also answers actions it cannot
    return found


@engine_njit
def blocked(cards, decks, dq, held, pl, attacker, defender, touches_tower):
    """Does the defender cancel the attacker's action? Each side answers the other's cancelling card with
    a Just Say No of its own whenever it holds one, and so on (rulebook: Collectionnez les cartes Empire !).
    The defender's block counts only when it stands at the end of the exchange."""
    cancelled = False
    side = defender
    while True:
        if side == defender:
            card = _answer(cards, held, side, touches_tower)
        else:
            card = _answer(cards, held, side, ANY_ACTION)
        if card < 0:
            if cancelled:
                pl[defender, PL_BLOCKED] += 1
            return cancelled
        play_from_hand(cards, decks, dq, held, pl, side, card)
        cancelled = not cancelled
        side = attacker if side == defender else defender


# ---------------------------------------------------------------------------------------------------
# Movement, buying, auctions


@engine_njit(inline="always")
def advance(ladder, rules, pl, bank, p, steps, n_squares):
    """Move p forward; each time it passes or lands on GO, p is paid its tower value, 50k when the tower
    is empty (rulebook: Case Depart)."""
    position = pl[p, PL_POS] + steps
    if position >= n_squares:
        # Once for each time GO is passed: a roll laps a board of a few squares more than once.
        laps = position // n_squares
        position -= laps * n_squares
        value = tower_value(ladder, pl, p)
        bank_pays(pl, bank, p, laps * (value if value > 0 else rules[R_EMPTY_TOWER_SALARY]))
    pl[p, PL_POS] = position


@engine_njit
def move_to(ladder, rules, pl, bank, p, target, n_squares):
    """Move p clockwise to another square, paid at GO on the way."""
    advance(ladder, rules, pl, bank, p, (target - pl[p, PL_POS]) % n_squares, n_squares)


@engine_njit
def send_to_jail(rules, pl, p):
    pl[p, PL_POS] = rules[R_JAIL_SQUARE]
    pl[p, PL_JAIL] = 0


@engine_njit(inline="always")
def acquire(sq, groups, rules, pl, tw, own, bank, p, s, price):
    pl[p, PL_CASH] -= price
    bank[B_NET] -= price
    if pl[p, PL_BUY_CASH_LOW] < 0 or pl[p, PL_CASH] < pl[p, PL_BUY_CASH_LOW]:
        pl[p, PL_BUY_CASH_LOW] = pl[p, PL_CASH]
    if sq[s, SQ_KIND] == UTILITY:
        own[s, O_STOCK] -= 1
    place(sq, groups, rules, pl, tw, own, bank, p, s)


@engine_njit
def auction(sq, groups, rules, prm, pl, tw, own, bank, sq_agg, s, first):
    """Bids from 50k in steps of 50k, every player taking part, the one who declined too; the highest
    bid wins; with no bid the billboard stays on the board (rulebook: Les ventes aux encheres). A tie
    goes to the earlier bidder in turn order from the player who declined."""
    start = rules[R_AUCTION_START]
    step = rules[R_AUCTION_STEP]
    n = pl.shape[0]
    best = NOBODY  # numpy scalars, not literals, which numba would type the loop with first
    best_bid = np.int64(-1)
    second_bid = np.int64(-1)
    for k in range(n):
        i = (first + k) % n
        ceiling = min(strategy.max_bid(sq, groups, own, prm, pl, i, s), pl[i, PL_CASH])
        if ceiling < start:
            continue
        bid = start + (ceiling - start) // step * step
        if bid > best_bid:
            second_bid = best_bid
            best_bid = bid
            best = i
        elif bid > second_bid:
            second_bid = bid
    if best < 0:
        return
    price = clearing_price(start, best_bid, second_bid, step)
    acquire(sq, groups, rules, pl, tw, own, bank, best, s, price)
    pl[best, PL_AUCTION_PAID] += price
    pl[best, PL_AUCTION_VALUE] += sq[s, SQ_PRICE]
    sq_agg[s, SA_AUCTIONED] += 1


@engine_njit(inline="always")
def offer(sq, groups, rules, prm, pl, tw, own, bank, rng, sq_agg, p, s):
    """Buy at the printed price or send to auction (rulebook: Cases propriete; Compagnies de Service
    Public: 150k a billboard while the pile lasts)."""
    if strategy.buys(sq, groups, own, prm, pl, rng, p, s):
        acquire(sq, groups, rules, pl, tw, own, bank, p, s, sq[s, SQ_PRICE])
        sq_agg[s, SA_BOUGHT] += 1
        pl[p, PL_BOUGHT] += 1
        return
    if pl[p, PL_CASH] >= sq[s, SQ_PRICE]:
        pl[p, PL_DECLINED] += 1
    if rules[R_AUCTIONS] != 0:
        auction(sq, groups, rules, prm, pl, tw, own, bank, sq_agg, s, p)


# ---------------------------------------------------------------------------------------------------
# Cards and squares


@engine_njit
def apply_card(sq, groups, ladder, cards, decks, dq, held, rules, prm, pl, tw, own, bank, p, card):
    """Do what a card says, drawn or played from the hand; True when it moved p (the caller then
    resolves the new square). Actions against another player may be cancelled by that player."""
    effect = cards[card, C_EFFECT]
    amount = cards[card, C_A]
    n = sq.shape[0]
    n_players = pl.shape[0]
    if effect == BANK:
        if amount >= 0:
            bank_pays(pl, bank, p, amount)
        else:
            pay_bank(sq, rules, pl, tw, own, bank, p, -amount)
    elif effect == EACH_PLAYER:
        # A billboard given up for this debt may fill a tower: the game ends there
        for k in range(1, n_players):
            if bank[B_WINNER] >= 0:
                break
            q = (p + k) % n_players
            if amount >= 0:
                pay_player(sq, groups, rules, pl, tw, own, bank, q, p, amount)
            else:
                pay_player(sq, groups, rules, pl, tw, own, bank, p, q, -amount)
    elif effect == GO_TO_JAIL_CARD:
        send_to_jail(rules, pl, p)
    elif effect == COLLECT_TOWER_VALUE:
        bank_pays(pl, bank, p, tower_value(ladder, pl, p))
    elif effect == FREE_UTILITY:
        for s in range(n):
            if sq[s, SQ_KIND] == UTILITY and own[s, O_STOCK] > 0:
                own[s, O_STOCK] -= 1
                place(sq, groups, rules, pl, tw, own, bank, p, s)
                break
    elif effect == MOVE:
        if amount > 0:
            advance(ladder, rules, pl, bank, p, amount, n)
        else:
            pl[p, PL_POS] = (pl[p, PL_POS] + amount) % n
        return True
    elif effect == ADVANCE_TO:
        move_to(ladder, rules, pl, bank, p, amount, n)
        return True
    elif effect == MOVE_ANYWHERE:
        target = strategy.destination(sq, groups, own, ladder, prm, pl, p, strategy.NO_FEE)
        if target >= 0:
            move_to(ladder, rules, pl, bank, p, target, n)
            return True
    elif effect == CHARGE_PLAYER:
        q = strategy.charge_target(pl, p)
        if q >= 0:
            # A charge the target cannot pay in cash would take a billboard of its tower: Pas touche answers it
            takes_billboard = pl[q, PL_CASH] < amount and top_brand(pl, tw, q) >= 0
            if not blocked(cards, decks, dq, held, pl, p, q, takes_billboard):
                pay_player(sq, groups, rules, pl, tw, own, bank, q, p, amount)
    elif effect == SWAP_TOPS:
        swap_with(sq, groups, cards, decks, dq, held, rules, prm, pl, tw, own, bank, p)
    elif effect == CRASH:
        g = strategy.crash_group(sq, groups, own, pl, p)
        if g >= 0:
            for k in range(1, n_players):
                q = (p + k) % n_players
                if not _holds_group_brand(groups, own, g, q):
                    continue
                if blocked(cards, decks, dq, held, pl, p, q, TOUCHES_TOWER):
                    continue
                j = 0
                while j < pl[q, PL_TILES]:
                    t = tw[q, j]
                    if t != SKYSCRAPER and sq[t, SQ_KIND] == BRAND and sq[t, SQ_GROUP] == g:
                        to_board(sq, own, bank, take_tile(sq, rules, pl, tw, q, j))
                    else:
                        j += 1
    return False


@engine_njit
def _holds_group_brand(groups, own, g, q):
    for k in range(groups[g, G_SIZE]):
        if own[groups[g, G_MEMBERS + k], O_OWNER] == q:
            return True
    return False


@engine_njit
def swap_with(sq, groups, cards, decks, dq, held, rules, prm, pl, tw, own, bank, p):
    """p exchanges the highest brand billboards of the two towers its strategy picks, its own or two
    rivals'; the rival whose taller billboard goes may cancel it, the one who gains lets it pass (an assumption). False when p chooses no
    swap; True when it tried one, cancelled or not."""
    a, b = strategy.swap_pair(sq, groups, own, rules, prm, pl, tw, p)
    if a < 0:
        return False
    loser = a if tile_height(sq, rules, tw[a, top_brand(pl, tw, a)]) > tile_height(
        sq, rules, tw[b, top_brand(pl, tw, b)]) else b
    if loser != p and blocked(cards, decks, dq, held, pl, p, loser, TOUCHES_TOWER):
        return True
    pl[p, PL_SWAPS] += 1
    swap_tops(sq, groups, rules, pl, tw, own, bank, a, b, p)
    return True


# Inlined by numba into its two callers, both in the turn (the roll and a card played from the hand): as a
# plain call it passed 17 arrays for each move.
@engine_njit(inline="always")
def resolve_square(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng,
                   sq_agg, draws, p):
    """Do what the square under p asks, following moves to their end (rulebook: Types de cases)."""
    n = sq.shape[0]
    while True:
        if bank[B_WINNER] >= 0:
            return
        s = pl[p, PL_POS]
        kind = sq[s, SQ_KIND]
        if kind == BRAND or kind == UTILITY:
            owner = own[s, O_OWNER] if kind == BRAND else -1
            if available(sq, own, s):
                offer(sq, groups, rules, prm, pl, tw, own, bank, rng, sq_agg, p, s)
            elif owner >= 0 and owner != p and pl[owner, PL_JAIL] < 0:
                # no rent is collected from jail (rulebook: Case Allez en Prison)
                amount = tower_value(ladder, pl, owner)
                if pay_player(sq, groups, rules, pl, tw, own, bank, p, owner, amount):
                    pl[owner, PL_RENT_IN] += amount
                    pl[p, PL_RENT_OUT] += amount
                    sq_agg[s, SA_RENT] += amount
            return
        if kind == RIVAL_TOWER_TAX:
            q = strategy.tallest_rival(pl, p)
            if q >= 0 and not blocked(cards, decks, dq, held, pl, p, q, TOUCHES_TOWER):
                top_to_board(sq, rules, pl, tw, own, bank, q)
            return
        if kind == TOWER_TAX:
            top_to_board(sq, rules, pl, tw, own, bank, p)
            return
        if kind == GO_TO_JAIL:
            send_to_jail(rules, pl, p)
            return
        if kind == FREE_PARKING:
            fee = rules[R_PARKING_FEE]
            target = strategy.destination(sq, groups, own, ladder, prm, pl, p, fee)
            if target < 0 or target == s or sq[target, SQ_KIND] == FREE_PARKING:
                return
            pl[p, PL_CASH] -= fee
            bank[B_NET] -= fee
            pl[p, PL_PARKING_MOVES] += 1
            move_to(ladder, rules, pl, bank, p, target, n)
            continue
        if kind != CARD:
            return
        d = sq[s, SQ_DECK]
        card = draw_for(decks, dq, draws, p, d)
        if card < 0:
            return
        if deck_kept[d] != 0 or cards[card, C_EFFECT] == GET_OUT_OF_JAIL:
            held[p, card] += 1
            return
        to_bottom(decks, dq, d, card)
        if not apply_card(sq, groups, ladder, cards, decks, dq, held, rules, prm, pl, tw, own, bank, p, card):
            return


# Called once a turn, from one place: inlined by numba, since a plain call passing its 17 arrays cost more
# than the scan of the hand it usually ends with.
@engine_njit(inline="always")
def play_cards(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng, sq_agg,
               draws, p):
    """Before rolling, p plays the cards in its hand its strategy wants now (a card that moves p is
    followed to its square). Answers and jail cards wait for their moment."""
    for c in range(cards.shape[0]):
        while held[p, c] > 0 and bank[B_WINNER] < 0:
            if not strategy.plays(sq, groups, own, ladder, cards, rules, prm, pl, tw, p, c):
                break
            effect = cards[c, C_EFFECT]
            if effect == CHARGE_PLAYER or effect == SWAP_TOPS or effect == CRASH:
                pl[p, PL_ATTACKS] += 1
                leader = tallest_rival_height(pl, p)
                if pl[p, PL_ATTACK_LEADER_LOW] < 0 or leader < pl[p, PL_ATTACK_LEADER_LOW]:
                    pl[p, PL_ATTACK_LEADER_LOW] = leader
            play_from_hand(cards, decks, dq, held, pl, p, c)
            if apply_card(sq, groups, ladder, cards, decks, dq, held, rules, prm, pl, tw, own, bank, p, c):
                resolve_square(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank,
                               rng, sq_agg, draws, p)
                sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
            if pl[p, PL_JAIL] >= 0:
                return
    if bank[B_WINNER] < 0:
        for c in range(cards.shape[0]):
            if held[p, c] > 0 and cards[c, C_EFFECT] == CHARGE_PLAYER:
                pl[p, PL_CHARGES_KEPT] += 1
                break


@engine_njit
def _jail_card(cards, held, p):
    for c in range(cards.shape[0]):
        if held[p, c] > 0 and cards[c, C_EFFECT] == GET_OUT_OF_JAIL:
            return c
    return -1


# Called, not inlined: play_chunk keeps reference counts (it allocates), and an inlined turn would run under them.
@engine_njit
def take_turn(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng, sq_agg,
              draws, p):
    """One turn of p (rulebook: Comment jouer ?; Comment sortir de Prison ?)."""
    n = sq.shape[0]
    for g in range(groups.shape[0]):
        # A group noted once stays noted: only the others are asked again
        if pl[p, PL_GROUPS_HELD] >> g & 1 == 0 and holds_group(own, groups, g, p):
            pl[p, PL_GROUPS_HELD] |= 1 << g
    # A skyscraper tile for 500k while the bank has one (rulebook: Groupe de propriete complet)
    while bank[B_SKYSCRAPERS] > 0 and bank[B_WINNER] < 0 and strategy.buys_skyscraper(rules, prm, pl, p):
        pl[p, PL_CASH] -= rules[R_SKYSCRAPER_PRICE]
        bank[B_NET] -= rules[R_SKYSCRAPER_PRICE]
        bank[B_SKYSCRAPERS] -= 1
        pl[p, PL_SKYSCRAPERS_BOUGHT] += 1
        if pl[p, PL_SKYSCRAPER_CASH_LOW] < 0 or pl[p, PL_CASH] < pl[p, PL_SKYSCRAPER_CASH_LOW]:
            pl[p, PL_SKYSCRAPER_CASH_LOW] = pl[p, PL_CASH]
        _stack(sq, rules, pl, tw, bank, p, SKYSCRAPER)
    if pl[p, PL_JAIL] < 0 and holds_cards(held, p):
        play_cards(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng, sq_agg,
                   draws, p)
        if pl[p, PL_JAIL] >= 0:
            return
    if bank[B_WINNER] >= 0:
        return
    swap_face = rules[R_SWAP_FACE]
    out_of_jail = -1    # the steps of a roll that left jail: it moves once, as no double
    if pl[p, PL_JAIL] >= 0:
        pl[p, PL_JAIL_TURNS] += 1
        card = _jail_card(cards, held, p)
        if card >= 0:
            play_from_hand(cards, decks, dq, held, pl, p, card)
            pl[p, PL_JAIL] = -1
        elif strategy.pays_jail(rules, prm, pl, p):
            pl[p, PL_CASH] -= rules[R_JAIL_FINE]
            bank[B_NET] -= rules[R_JAIL_FINE]
            pl[p, PL_JAIL] = -1
            pl[p, PL_JAIL_PAID] += 1
        if pl[p, PL_JAIL] >= 0:
            # The Swap face is no number: it makes no double, and moves nothing (an assumption).
            d1, d2 = roll(rng)
            if d2 == swap_face:
                d2 = 0
            if d1 != d2:
                pl[p, PL_JAIL] += 1
                if pl[p, PL_JAIL] < rules[R_JAIL_MAX_TURNS]:
                    sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
                    return
                pay_bank(sq, rules, pl, tw, own, bank, p, rules[R_JAIL_FORCED_FINE])
            pl[p, PL_JAIL] = -1
            out_of_jail = d1 + d2
    doubles = 0
    while bank[B_WINNER] < 0:
        if out_of_jail >= 0:
            d1 = d2 = 0
            steps = out_of_jail
            double = False
        else:
            d1, d2 = roll(rng)
            steps = d1 + d2
            # The Swap face is no number: beside the same number on the other die it makes no double
            double = d1 == d2 and d2 != swap_face
        if swap_face > 0 and d2 == swap_face:
            # Swap the top billboards, or ignore the face and move by the other die (rulebook: Vous
            # obtenez le symbole Echange ?); whether a swap also moves is the swap_then_move option.
            swapped = swap_with(sq, groups, cards, decks, dq, held, rules, prm, pl, tw, own, bank, p)
            if bank[B_WINNER] >= 0 or (swapped and rules[R_SWAP_THEN_MOVE] == 0):
                return
            steps = d1
        elif double:
            doubles += 1
            if doubles == rules[R_DOUBLES_TO_JAIL]:
                send_to_jail(rules, pl, p)
                sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
                return
        advance(ladder, rules, pl, bank, p, steps, n)
        resolve_square(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng,
                       sq_agg, draws, p)
        sq_agg[pl[p, PL_POS], SA_LANDINGS] += 1
        if not double or pl[p, PL_JAIL] >= 0:
            return


# ---------------------------------------------------------------------------------------------------
# Turns in a row, and the search player's choice of policy before its turn


@engine_njit(inline="always")
def end_turn(rules, bank, p, n_players, first):
    """After p's turn: the seat to play next, and whether the game is over (a full tower, or the turn cap)."""
    bank[B_TURN] += 1
    if bank[B_WINNER] >= 0:
        return p, True
    return next_seat(bank, p, n_players, rules[R_MAX_ROUNDS], first)


@engine_njit
def play_turns(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng, sq_agg,
               draws, p, first, limit):
    """The heuristic turns from p's on, until the game is over or `limit` turns are played (0: no limit): the
    seat to play next, and whether the game is over. It never searches: the search player's rollouts play it,
    so numba's call graph has no circle; capture.py plays a game to a round with it."""
    played = 0
    while limit == 0 or played < limit:
        take_turn(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng, sq_agg,
                  draws, p)
        played += 1
        p, over = end_turn(rules, bank, p, pl.shape[0], first)
        if over:
            return p, True
    return p, False


@engine_njit
def determinize(cards, decks, deck_kept, dq, held, rng, pool, hand, p):
    """Draw anew what p cannot know: the order of every deck's undrawn cards, and the rivals' cards of a kept
    deck, read out of sight (rulebook: Mise en place, 6), dealt again from those cards with the deck, each rival
    keeping its number of cards. p forgets the order of the cards played back under a deck (an assumption).
    A Chance card kept (Get Out of Jail) was read aloud: it stays where it is."""
    n_players = held.shape[0]
    for d in range(decks.shape[0]):
        length = decks[d, D_LEN]
        head, count = dq[d, DQ_HEAD], dq[d, DQ_COUNT]
        size = 0
        for k in range(count):
            pool[size] = dq[d, DQ_CARDS + (head + k) % length]
            size += 1
        for q in range(n_players):
            hand[q] = 0
            if q == p or deck_kept[d] == 0:
                continue
            for c in range(cards.shape[0]):
                if cards[c, C_DECK] != d:
                    continue
                for _ in range(held[q, c]):
                    pool[size] = c
                    size += 1
                hand[q] += held[q, c]
                held[q, c] = 0
        shuffle(rng, pool, size)
        dealt = 0
        for q in range(n_players):
            for _ in range(hand[q]):
                held[q, pool[dealt]] += 1
                dealt += 1
        dq[d, DQ_HEAD] = 0
        dq[d, DQ_COUNT] = size - dealt
        for k in range(size - dealt):
            dq[d, DQ_CARDS + k] = pool[dealt + k]


@engine_njit(inline="always")
def rollout_value(pl, bank, p):
    """What a rollout is worth to p: 1 won, 0 lost; stopped at the horizon, p's share of the units in the towers
    (an even share when they are all empty); stopped by the turn cap, 0, as the game's no-winner end."""
    winner = bank[B_WINNER]
    if winner >= 0:
        return 1.0 if winner == p else 0.0
    total = 0
    for q in range(pl.shape[0]):
        total += pl[q, PL_HEIGHT]
    if total == 0:
        return 1.0 / pl.shape[0]
    return pl[p, PL_HEIGHT] / total


@engine_njit
def state_digest(pl, tw, own, dq, held, bank, rng):
    """A digest of everything the rest of a game depends on: the players, towers, squares, decks, hands, bank
    and the stream's state (the parameter rows are the ones the rollouts set)."""
    digest = np.uint64(0xCBF29CE484222325)
    digest = digest_table(digest, pl)
    digest = digest_table(digest, tw)
    digest = digest_table(digest, own)
    digest = digest_table(digest, dq)
    digest = digest_table(digest, held)
    digest = digest_table(digest, bank.reshape((1, bank.shape[0])))
    return digest_table(digest, rng.reshape((1, rng.shape[0])))


@engine_njit
def choose_policy(sq, groups, ladder, cards, decks, deck_kept, rules, lineup, row, seed, game, dq, held, prm, pl, tw,
                  own, bank, scratch_dq, scratch_held, scratch_prm, scratch_pl, scratch_tw, scratch_own,
                  scratch_bank, scratch_rng, scratch_sq_agg, scratch_draws, pool, hand, base_digests, base_values, p,
                  first):
    """Before its turn, search seat p (lineup row `row`) takes the candidate policy whose rollouts score best
    (ties to the earlier candidate: the base first), for this turn and the rivals' turns until its next one
    (Long and Kanagal 2015). Each rollout plays the game on from a copy with what p cannot know drawn anew: p
    follows the candidate for that round, as it will in the game, then its base, as it would without searching
    (a rollout of its base; following the candidate to the end won less: 30.0% against 31.5% with buy_everything
    as base, 16 rollouts, 3,000 games against buy_everything, card_shark and swapper); the rivals play their rows. Rollout k draws
    the same stream for every candidate (common random numbers), never the game's. A candidate that plays its
    round as the base did in rollout k (the same state after it) has the base's result of rollout k without
    playing on: most turns, most candidates do what the base does."""
    rollouts = search_setting(lineup, row, N_PARAMS, S_ROLLOUTS)
    horizon = search_setting(lineup, row, N_PARAMS, S_HORIZON)
    round_turns = pl.shape[0] if horizon == 0 else min(horizon, pl.shape[0])   # the candidate's round
    rest = horizon - round_turns    # the base's turns after it (to the end of the game for horizon 0)
    best = 0
    best_score = -1.0
    for c in range(search_setting(lineup, row, N_PARAMS, S_CANDIDATES)):
        score = 0.0
        for k in range(rollouts):
            start_rollout(pl, own, bank, dq, held, prm, scratch_pl, scratch_own, scratch_bank, scratch_dq, scratch_held,
                          scratch_prm, lineup, row, N_PARAMS, p, c, scratch_rng, seed, game, k)
            copy_table(scratch_tw, tw)   # Empire's towers, the one table the other families lack
            determinize(cards, decks, deck_kept, scratch_dq, scratch_held, scratch_rng, pool, hand, p)
            q, over = play_turns(sq, groups, ladder, cards, decks, deck_kept, scratch_dq, scratch_held, rules,
                                 scratch_prm, scratch_pl, scratch_tw, scratch_own, scratch_bank, scratch_rng,
                                 scratch_sq_agg, scratch_draws, p, first, round_turns)
            digest = state_digest(scratch_pl, scratch_tw, scratch_own, scratch_dq, scratch_held, scratch_bank,
                                  scratch_rng)
            if c > 0 and digest == base_digests[k]:
                score += base_values[k]
                continue
            if not over and (horizon == 0 or rest > 0):
                use_candidate(scratch_prm, p, lineup, row, N_PARAMS, 0)
                play_turns(sq, groups, ladder, cards, decks, deck_kept, scratch_dq, scratch_held, rules, scratch_prm,
                           scratch_pl, scratch_tw, scratch_own, scratch_bank, scratch_rng, scratch_sq_agg,
                           scratch_draws, q, first, max(rest, 0))
            value = rollout_value(scratch_pl, scratch_bank, p)
            if c == 0:
                base_digests[k], base_values[k] = digest, value
            score += value
        if score > best_score:
            best, best_score = c, score
    use_candidate(prm, p, lineup, row, N_PARAMS, best)


# ---------------------------------------------------------------------------------------------------
# Invariants, checked after every turn in checking mode


@njit(cache=True, _nrt=True)
def check_invariants(sq, groups, ladder, cards, decks, dq, held, rules, pl, tw, own, bank, money_at_start):
    flags = 0
    n_players = pl.shape[0]
    total = 0
    for p in range(n_players):
        total += pl[p, PL_CASH]
        if pl[p, PL_CASH] < 0:
            flags |= V_NEGATIVE_CASH
    if total != money_at_start + bank[B_NET]:
        flags |= V_MONEY
    skyscrapers = bank[B_SKYSCRAPERS]
    for p in range(n_players):
        height = 0
        for k in range(tw.shape[1]):
            t = tw[p, k]
            if k >= pl[p, PL_TILES]:
                if t != -1:
                    flags |= V_TOWER
                continue
            height += tile_height(sq, rules, t)
            if t == SKYSCRAPER:
                skyscrapers += 1
            elif sq[t, SQ_KIND] == BRAND and own[t, O_OWNER] != p:
                flags |= V_BILLBOARDS
        if height != pl[p, PL_HEIGHT]:
            flags |= V_TOWER
    if skyscrapers != rules[R_SKYSCRAPERS]:
        flags |= V_BILLBOARDS
    for s in range(sq.shape[0]):
        kind = sq[s, SQ_KIND]
        if kind != BRAND and kind != UTILITY:
            continue
        found = own[s, O_STOCK] if kind == UTILITY else 0
        for p in range(n_players):
            for k in range(pl[p, PL_TILES]):
                if tw[p, k] == s:
                    found += 1
        expected = sq[s, SQ_STOCK] if kind == UTILITY else (1 if own[s, O_OWNER] >= 0 else 0)
        if found != expected:
            flags |= V_BILLBOARDS
    for c in range(cards.shape[0]):
        if not card_accounted_for(decks, dq, held, cards[c, C_DECK], c, 0):
            flags |= V_CARDS
    winner = bank[B_WINNER]
    if winner >= 0 and pl[winner, PL_HEIGHT] < rules[R_TOWER_CAPACITY]:
        flags |= V_WINNER
    return flags


# ---------------------------------------------------------------------------------------------------
# A game, and a batch of games


@njit(cache=True, _nrt=True)
def deal_starting_cards(decks, dq, draws, held, rules, start_dealt, first):
    """Cards of the starting deck dealt one at a time in turn order from seat `first`: two Empire cards each at
    the setup (rulebook: Mise en place, 6), or a position's cards in hand it does not name (`start_dealt`)."""
    n = held.shape[0]
    from_position = start_dealt.shape[0] > 0
    rounds = rules[R_STARTING_CARDS]
    if from_position:
        rounds = 0
        for p in range(n):
            rounds = max(rounds, start_dealt[p])
    for r in range(rounds):
        for k in range(n):
            p = (first + k) % n
            if from_position and start_dealt[p] <= r:
                continue
            card = draw_for(decks, dq, draws, p, rules[R_STARTING_DECK])
            if card >= 0:
                held[p, card] += 1


@njit(cache=True, _nrt=True)
def load_position(cards, decks, dq, start_pl, start_tw, start_own, start_bank, start_held, pl, tw, own, bank, held):
    """A position's state over a new game's (whose shuffle stays): the cards its players keep leave their
    decks' queues."""
    # Element by element: numpy's copy of one array into another compiles numba's shape-mismatch error, and
    # the string formatting it calls, into every caller.
    for p in range(pl.shape[0]):
        for k in range(pl.shape[1]):
            pl[p, k] = start_pl[p, k]
        for k in range(held.shape[1]):
            held[p, k] = start_held[p, k]
        for k in range(pl[p, PL_TILES]):
            tw[p, k] = start_tw[p, k]
    for s in range(own.shape[0]):
        for k in range(own.shape[1]):
            own[s, k] = start_own[s, k]
    for k in range(bank.shape[0]):
        bank[k] = start_bank[k]
    take_held_from_queues(decks, dq, held, cards[:, C_DECK])


@njit(cache=True, _nrt=True)
def new_game(sq, cards, decks, rules, start_pl, start_tw, start_own, start_bank, start_held, start_dealt, start_seat,
             lineup, rotate, seed, game, pl, tw, own, bank, dq, held, draws, prm, rng):
    """Game `game` seated and set up, or a position when `start_pl` has rows (the players, towers, squares, bank
    and kept cards of that moment, the cards dealt unnamed, and `start_seat` to play first): (the seats'
    rotation, the seat to play first, the players' cash)."""
    rotation = seat_lineup(rng, prm, lineup, rotate, seed, game)
    pl[:, :] = 0
    for k in PL_LOWEST:
        pl[:, k] = -1
    pl[:, PL_CASH] = rules[R_START_CASH]
    pl[:, PL_JAIL] = -1
    tw[:, :] = -1
    own[:, :] = 0
    own[:, O_OWNER] = -1
    own[:, O_FIRST_OWNER] = -1
    for s in range(own.shape[0]):
        own[s, O_STOCK] = sq[s, SQ_STOCK]   # a loop, for the reason given in load_position
    bank[:] = 0
    bank[B_SKYSCRAPERS] = rules[R_SKYSCRAPERS]
    bank[B_WINNER] = -1
    held[:, :] = 0
    draws[:, :] = 0
    shuffle_decks(decks, dq, rng)
    p = np.int64(0)  # not a literal 0, which numba would type first and compile the whole turn for
    if start_pl.shape[0] > 0:
        load_position(cards, decks, dq, start_pl, start_tw, start_own, start_bank, start_held, pl, tw, own, bank, held)
        p = start_seat
    deal_starting_cards(decks, dq, draws, held, rules, start_dealt, p)
    return rotation, p, pl[:, PL_CASH].sum()


@engine_njit
def _observe(pl, bank, winner):
    """Who leads (simulator/engines/shared/lead.py) by the ranks' measure: the taller tower, then the
    richer player (cash below 2^32, as the data files' amounts are); nobody goes out in Empire."""
    for i in range(pl.shape[0]):
        standing(bank, i, (pl[i, PL_HEIGHT] << 32) + pl[i, PL_CASH])
    observed(bank, winner)


@njit(cache=True, _nrt=True)
def _record(sq, groups, ladder, rules, pl, tw, own, bank, draws, violations, rotation, game_row, player_rows,
            sq_agg, card_agg):
    n = pl.shape[0]
    winner = bank[B_WINNER]
    _observe(pl, bank, winner)
    write_game_row(game_row, bank, winner, END_TOWER_FULL if winner >= 0 else END_TURN_CAP, winner >= 0, violations,
                   rotation)
    for i in range(n):
        # The winner first; then the taller tower, the richer player, the earlier seat.
        rank = 1
        for j in range(n):
            if j == i or i == winner:
                continue
            if j == winner or pl[j, PL_HEIGHT] > pl[i, PL_HEIGHT] or (
                    pl[j, PL_HEIGHT] == pl[i, PL_HEIGHT] and (pl[j, PL_CASH] > pl[i, PL_CASH] or (
                        pl[j, PL_CASH] == pl[i, PL_CASH] and j < i))):
                rank += 1
        row = player_rows[i]
        row[PO_CASH] = pl[i, PL_CASH]
        row[PO_NET_WORTH] = tower_value(ladder, pl, i)
        row[PO_OUT_TURN] = -1
        row[PO_RANK] = rank
        row[PO_TOWER_HEIGHT] = pl[i, PL_HEIGHT]
        brands = 0
        utilities = 0
        skyscrapers = 0
        for k in range(pl[i, PL_TILES]):
            t = tw[i, k]
            if t == SKYSCRAPER:
                skyscrapers += 1
            elif sq[t, SQ_KIND] == UTILITY:
                utilities += 1
            else:
                brands += 1
        row[PO_BRANDS] = brands
        row[PO_UTILITIES] = utilities
        row[PO_SKYSCRAPERS] = skyscrapers
        complete = 0
        for g in range(groups.shape[0]):
            if holds_group(own, groups, g, i):
                complete += 1
        row[PO_GROUPS] = complete
        row[PO_RENT_IN] = pl[i, PL_RENT_IN]
        row[PO_RENT_OUT] = pl[i, PL_RENT_OUT]
        row[PO_JAIL_TURNS] = pl[i, PL_JAIL_TURNS]
        row[PO_SWAPS] = pl[i, PL_SWAPS]
        row[PO_CARDS_PLAYED] = pl[i, PL_CARDS_PLAYED]
        row[PO_BLOCKED] = pl[i, PL_BLOCKED]
        row[PO_LOST] = pl[i, PL_LOST]
        row[PO_SKYSCRAPERS_BOUGHT] = pl[i, PL_SKYSCRAPERS_BOUGHT]
        row[PO_GROUPS_HELD] = pl[i, PL_GROUPS_HELD]
        row[PO_BOUGHT] = pl[i, PL_BOUGHT]
        row[PO_DECLINED] = pl[i, PL_DECLINED]
        row[PO_AUCTION_PAID] = pl[i, PL_AUCTION_PAID]
        row[PO_AUCTION_VALUE] = pl[i, PL_AUCTION_VALUE]
        row[PO_BUY_CASH_LOW] = pl[i, PL_BUY_CASH_LOW]
        row[PO_SKYSCRAPER_CASH_LOW] = pl[i, PL_SKYSCRAPER_CASH_LOW]
        row[PO_ATTACKS] = pl[i, PL_ATTACKS]
        row[PO_ATTACK_LEADER_LOW] = pl[i, PL_ATTACK_LEADER_LOW]
        row[PO_CHARGES_KEPT] = pl[i, PL_CHARGES_KEPT]
        row[PO_PARKING_MOVES] = pl[i, PL_PARKING_MOVES]
        row[PO_JAIL_PAID] = pl[i, PL_JAIL_PAID]
    record_aggregates(own, bank, winner, draws, player_rows, sq_agg, card_agg)


@njit(cache=True, nogil=True)
def play_chunk(sq, groups, ladder, cards, decks, deck_kept, rules, start_pl, start_tw, start_own, start_bank,
               start_held, start_dealt, start_seat, lineup, rotate, seed, first_game, check, games_out, players_out,
               sq_agg, card_agg):
    """As board.play_chunk: game g is seeded from (seed, g) alone."""
    n_players = lineup.shape[0]
    # Room for every tile of the game in one tower (a tower stops growing once full, so this is ample).
    max_tiles = rules[R_SKYSCRAPERS]
    for s in range(sq.shape[0]):
        max_tiles += sq[s, SQ_STOCK] if sq[s, SQ_KIND] == UTILITY else (1 if sq[s, SQ_KIND] == BRAND else 0)
    pl = np.zeros((n_players, PL_COLUMNS), dtype=np.int64)
    tw = np.zeros((n_players, max_tiles), dtype=np.int64)
    own = np.zeros((sq.shape[0], O_COLUMNS), dtype=np.int64)
    bank = np.zeros(B_COLUMNS, dtype=np.int64)
    dq = np.zeros((decks.shape[0], DQ_CARDS + decks.shape[1]), dtype=np.int64)
    held = np.zeros((n_players, cards.shape[0]), dtype=np.int64)
    draws = np.zeros((n_players, cards.shape[0]), dtype=np.int64)
    prm = np.zeros((n_players, N_PARAMS), dtype=np.float64)
    rng = np.zeros(4, dtype=np.uint64)
    # A search seat's rollouts play on copies of the game, made here once for the chunk (choose_policy)
    scratch_pl, scratch_tw, scratch_own = np.zeros_like(pl), np.zeros_like(tw), np.zeros_like(own)
    scratch_bank, scratch_dq, scratch_held = np.zeros_like(bank), np.zeros_like(dq), np.zeros_like(held)
    scratch_prm, scratch_rng = np.zeros_like(prm), np.zeros_like(rng)
    scratch_sq_agg, scratch_draws = np.zeros_like(sq_agg), np.zeros_like(draws)
    pool = np.zeros(decks.shape[1], dtype=np.int64)
    hand = np.zeros(n_players, dtype=np.int64)
    most_rollouts = 0
    for row in range(n_players):
        most_rollouts = max(most_rollouts, search_setting(lineup, row, N_PARAMS, S_ROLLOUTS))
    base_digests = np.zeros(most_rollouts, dtype=np.uint64)
    base_values = np.zeros(most_rollouts, dtype=np.float64)
    # The games are played here, not in a function of their own: numba links every callee into each caller's code
    # and optimises it again there, so each level of calls holding the whole engine was one more compile of it.
    # The turn keeps no reference counts, so it takes the arrays as they are; the functions that keep them
    # (once a game, or in checking mode) take borrowed views, whose counts they skip.
    for g in range(games_out.shape[0]):
        rotation, p, money_at_start = new_game(
            borrowed(sq), borrowed(cards), borrowed(decks), borrowed(rules), borrowed(start_pl), borrowed(start_tw),
            borrowed(start_own), borrowed(start_bank), borrowed(start_held), borrowed(start_dealt), start_seat,
            borrowed(lineup), rotate, seed, first_game + g, borrowed(pl), borrowed(tw), borrowed(own), borrowed(bank),
            borrowed(dq), borrowed(held), borrowed(draws), borrowed(prm), borrowed(rng))
        violations = 0
        first = p
        while True:
            row = (p + rotation) % n_players
            if search_setting(lineup, row, N_PARAMS, S_ROLLOUTS) > 0:
                choose_policy(sq, groups, ladder, cards, decks, deck_kept, rules, lineup, row, seed, first_game + g,
                              dq, held, prm, pl, tw, own, bank, scratch_dq, scratch_held, scratch_prm, scratch_pl,
                              scratch_tw, scratch_own, scratch_bank, scratch_rng, scratch_sq_agg, scratch_draws,
                              pool, hand, base_digests, base_values, p, first)
            take_turn(sq, groups, ladder, cards, decks, deck_kept, dq, held, rules, prm, pl, tw, own, bank, rng,
                      sq_agg, draws, p)
            p, over = end_turn(rules, bank, p, n_players, first)
            if check:
                violations |= check_invariants(
                    borrowed(sq), borrowed(groups), borrowed(ladder), borrowed(cards), borrowed(decks), borrowed(dq),
                    borrowed(held), borrowed(rules), borrowed(pl), borrowed(tw), borrowed(own), borrowed(bank),
                    money_at_start)
            if p == first and bank[B_WINNER] < 0:
                _observe(pl, bank, ROUND_END)
            if over:
                break
        _record(borrowed(sq), borrowed(groups), borrowed(ladder), borrowed(rules), borrowed(pl), borrowed(tw),
                borrowed(own), borrowed(bank), borrowed(draws), violations, rotation, borrowed(games_out[g]),
                borrowed(players_out[g]), borrowed(sq_agg), borrowed(card_agg))
