"""Rule tests for Monopoly The Walking Dead (shared/rules/004_66603cd0e01f861b.txt), its names and its
official quick game ('Voulez-vous essayer une partie rapide ?', steps 1 to 4)."""
import numpy as np

from simulator.engines.board import kernel as engine
from simulator.engines.board.rules import compile_board
from simulator.engines.shared import layout as L
from simulator.rules import load_edition
from simulator.runner import RunSpec, resolve_lineup, run
from tests.engines.shared.tables import Table


def test_values_are_the_classic_ones_under_new_names():
    """'Toutes les terres ont la meme valeur que dans le jeu original'; transports replace railroads."""
    classic = compile_board(load_edition("classic"))
    walking_dead = compile_board(load_edition("walking_dead"))
    for name in ("sq", "rent", "groups", "cards", "decks", "rules"):
        assert np.array_equal(getattr(classic, name), getattr(walking_dead, name)), name
    assert [walking_dead.square_names[s] for s in (5, 15, 25, 35)] == ["Cheval", "Moto", "Camping-car", "Camion"]
    assert walking_dead.deck_titles == ["Pillage", "Caisse de ravitaillement"]


def test_quick_game_deals_three_free_deeds_to_each_player():
    """Quick game, step 1: three title deeds dealt free."""
    t = Table("walking_dead", players=4, variant="quick")
    b = t.board
    engine._deal_deeds(b.sq, b.groups, b.rules, t.own, t.pl, t.bank, t.rng, np.zeros(b.n_squares, dtype=np.int64), 4)
    owners = t.own[:, L.O_OWNER]
    assert [int((owners == p).sum()) for p in range(4)] == [3, 3, 3, 3]
    assert (t.pl[:, L.PL_CASH] == 1500).all(), "the deeds are free"


def test_quick_game_hotel_after_three_houses_with_the_same_rent_and_three_houses_back():
    """Quick game, step 2: at most 3 walls; a watchtower keeps the hotel rent and trades back for 3 walls."""
    t = Table("walking_dead", variant="quick")
    t.set_cash(0, 100_000)
    t.give(0, "Park Place", "Boardwalk")
    t.build(0)
    assert t.level("Boardwalk") == 4  # hotel level when max_houses is 3
    assert t.rent("Boardwalk") == 2000
    assert t.bank[L.B_HOUSES] == 32 and t.bank[L.B_HOTELS] == 10
    assert t.sell_building(0, "dark_blue")
    assert sorted([t.level("Park Place"), t.level("Boardwalk")]) == [3, 4]
    assert t.bank[L.B_HOUSES] == 29
    assert t.violations() == 0


def test_quick_game_jail_is_left_on_the_next_turn():
    """Quick game, step 3: card, one roll for a double, or pay 50 on the next turn."""
    t = Table("walking_dead", variant="quick", jail_stay_buildings=0, buy_probability=0.0)
    t.board.rules[L.R_AUCTIONS] = 0
    t.pl[0, L.PL_POS] = 10
    t.pl[0, L.PL_JAIL] = 0
    t.seek_rolls(lambda r: r[0][0] != r[0][1] and r[0][0] + r[0][1] in (3, 4, 6, 8, 9))
    t.turn(0)
    assert t.pl[0, L.PL_JAIL] == -1 and t.cash(0) == 1450


def test_quick_game_ends_at_the_first_bankruptcy_and_the_richest_wins(tmp_path):
    """Quick game, step 4: the game ends when a player goes bankrupt; the highest count wins."""
    edition = load_edition("walking_dead", variant="quick")
    board = compile_board(edition)
    lineup = resolve_lineup(edition, board, 4, [])
    result = run(RunSpec(edition=edition, lineup=lineup, games=300, seed=3, check=True), out=tmp_path / "r")
    import pandas as pd
    games = pd.read_parquet(tmp_path / "r" / "games")
    players = pd.read_parquet(tmp_path / "r" / "players")
    assert (games.violations == 0).all()
    assert set(games.end_reason.astype(str)) <= {"first_bankruptcy", "turn_cap"}
    finished = games[games.end_reason == "first_bankruptcy"]
    assert len(finished) > 250
    merged = players.merge(finished[["game"]], on="game")
    assert (merged.groupby("game").apply(lambda g: (g.bankrupt_turn >= 0).sum(), include_groups=False) == 1).all()
    survivors = merged[merged.bankrupt_turn < 0]
    richest = survivors.loc[survivors.groupby("game").net_worth.idxmax()]
    assert richest.won.all()
    assert result.summary["finished"] == len(finished)


def test_quick_game_ends_at_once_when_another_player_goes_bankrupt():
    """Quick game, step 4: "Le jeu s'acheve lorsqu'un des joueurs fait faillite". The mover's birthday card
    bankrupts another player: its double does not roll again, the game is over. In the classic game with
    two players left the mover rolls again."""
    def birthday_on_a_double(variant):
        t = Table("walking_dead", players=3, variant=variant, buy_probability=0.0)
        t.board.rules[L.R_AUCTIONS] = 0
        t.set_cash(1, 5)
        t.put_on_top("community_chest", "birthday")
        t.pl[0, L.PL_POS] = 13
        t.seek_rolls(lambda r: r[0] == (2, 2))  # 13 + 4 = Caisse de ravitaillement 2, and a double
        t.turn(0)
        assert t.pl[:, L.PL_ALIVE].tolist() == [1, 0, 1]
        assert t.violations() == 0
        return int(t.pl[0, L.PL_POS])

    assert birthday_on_a_double("quick") == 17
    assert birthday_on_a_double(None) != 17
