"""Read-only questions about a Monopoly Empire game's state, asked by the engine and by the strategies.

They are asked on every move, and are inlined by numba (inline="always"): as plain calls, each array
passed cost more than the question (nine words pushed, and a reference count taken and dropped)."""
from simulator.engines.shared.jit import engine_njit
from simulator.engines.empire.layout import (
    BRAND, G_MEMBERS, G_SIZE, O_OWNER, O_STOCK, PL_HEIGHT, PL_TILES, R_SKYSCRAPER_HEIGHT, SKYSCRAPER, SQ_HEIGHT,
    SQ_KIND, UTILITY,
)


@engine_njit(inline="always")
def tile_height(sq, rules, t):
    if t == SKYSCRAPER:
        return rules[R_SKYSCRAPER_HEIGHT]
    return sq[t, SQ_HEIGHT]


@engine_njit(inline="always")
def top_brand(pl, tw, p):
    """The place (from the bottom) of the highest brand billboard of p's tower, utilities included (the
    box's 30 "cartouches de marque" are the 22 brands and the 8 utility billboards), skyscrapers skipped;
    -1 when the tower holds none (rulebook: Vous obtenez le symbole Echange ?; Faillite !)."""
    for k in range(pl[p, PL_TILES] - 1, -1, -1):
        if tw[p, k] != SKYSCRAPER:
            return k
    return -1


@engine_njit(inline="always")
def tower_value(ladder, pl, p):
    """The value printed beside the top of p's tower (rulebook: Case Depart); an overshooting last
    billboard reads the top of the ladder. 0 for an empty tower."""
    height = pl[p, PL_HEIGHT]
    if height == 0:
        return 0
    return ladder[min(height, ladder.shape[0]) - 1]


@engine_njit(inline="always")
def holds_group(own, groups, g, p):
    """Does p's tower hold every brand of colour group g? It stops at the first brand p lacks: asked of
    every group at each turn, most groups answer at their first brand."""
    for k in range(groups[g, G_SIZE]):
        if own[groups[g, G_MEMBERS + k], O_OWNER] != p:
            return False
    return True


@engine_njit(inline="always")
def available(sq, own, s):
    """Can a billboard of square s be bought now: a brand on the board, or a utility pile not empty."""
    if sq[s, SQ_KIND] == BRAND:
        return own[s, O_OWNER] < 0
    return sq[s, SQ_KIND] == UTILITY and own[s, O_STOCK] > 0


@engine_njit(inline="always")
def tallest_rival_height(pl, p):
    """Units of the tallest tower among p's opponents."""
    tallest = 0
    for q in range(pl.shape[0]):
        if q != p:
            tallest = max(tallest, pl[q, PL_HEIGHT])
    return tallest
