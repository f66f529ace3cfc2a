"""Values by intervention (simulator/effects.py): mid-game positions captured at a round, a group given against
left to the bank on the same dice, and the cash worth as much. Each test states what a wrong implementation
would get wrong."""
from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from simulator import effects, families
from simulator import presentation as present
from simulator.checks import EditionError
from simulator.engines.shared import layout as L
from simulator.engines.shared.capture import give_board_squares as give, play_to_round
from simulator.rules import compile_rules, load_edition
from simulator.runner import resolve_lineup
from tests.helpers import invoke

ROUND = 10


@pytest.fixture(scope="module")
def classic():
    edition = load_edition("classic")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, [])
    return effects.mid_game_positions(edition, lineup, ROUND, 12, seed=5)


def test_the_same_seed_captures_the_same_positions_and_another_seed_others(classic):
    lineup = resolve_lineup(classic.edition, classic.board, 4, [])
    again = effects.mid_game_positions(classic.edition, lineup, ROUND, 12, seed=5)
    other = effects.mid_game_positions(classic.edition, lineup, ROUND, 12, seed=6)
    assert again.documents == classic.documents
    assert other.documents != classic.documents


def test_a_captured_position_compiles_back_to_the_state_the_engine_reached(classic):
    """The document is the inverse of the position compiler: cash, squares, jail, owners, levels and mortgages
    read back as the engine left them at the end of the round."""
    from simulator.engines.board.kernel import play_game
    family = families.get("board")
    checked = 0
    for game in range(classic.games_played):
        state = play_to_round(play_game, classic.board, classic.params, ROUND, 5, game)
        if state is None:
            continue
        pl, own, bank, held, first = state
        document = family.capture("classic", None, classic.board, ["buy_all"] * 4, classic.params, ROUND, 5, game)
        start, _, _ = family.position(document, "captured", classic.board, classic.strategies)
        alive = pl[:, L.PL_ALIVE] == 1
        for column in (L.PL_CASH, L.PL_POS, L.PL_JAIL, L.PL_ALIVE):
            assert (start.pl[alive, column] == pl[alive, column]).all()
        for column in (L.O_OWNER, L.O_LEVEL, L.O_MORTGAGED):
            assert (start.own[:, column] == own[:, column]).all()
        assert (start.held == held).all() and start.first_seat == first
        checked += 1
    assert checked >= 12
    # a round is a full turn of every player: a game's turns at the end of round R are R times the players in
    # (all in by round 10 in these games) -- the cap stopped it there, not earlier or later
    assert bank[L.B_ROUND] == ROUND


def test_giving_takes_the_squares_from_their_holders_and_the_buildings_off_their_group(classic):
    board = classic.board
    oranges = effects.group_squares(board, "orange")
    document = {"position": {"edition": "classic"}, "players": [
        {"name": "P1", "strategy": "buy_all", "cash": 100, "properties": []},
        {"name": "P2", "strategy": "buy_all", "cash": 100, "properties": [
            {"square": s, "houses": 2} for s in oranges] + [{"square": "Boardwalk", "mortgaged": True}]}]}
    given = give(document, board, oranges[:1], 0)
    assert given["players"][0]["properties"] == [{"square": oranges[0]}]
    assert given["players"][1]["properties"] == [{"square": s} for s in oranges[1:]] + \
        [{"square": "Boardwalk", "mortgaged": True}]
    banked = give(document, board, oranges, None)
    assert banked["players"][0]["properties"] == [] and banked["players"][1]["properties"] == \
        [{"square": "Boardwalk", "mortgaged": True}]
    assert document["players"][1]["properties"][0] == {"square": oranges[0], "houses": 2}  # the original untouched


def test_a_position_against_itself_on_shared_seeds_differs_by_exactly_nothing(classic):
    """Common random numbers: a copy that is the same position meets the same dice game by game (an
    implementation that seeded the copies apart would show a difference)."""
    base = [give(d, classic.board, effects.group_squares(classic.board, "orange"), 0)
            for d in classic.documents]
    first, second = classic.wins(base, 0, 30, seed=2), classic.wins(base, 0, 30, seed=2)
    assert (first == second).all()
    assert effects.difference(first, second, 30)["difference"] == 0


def test_a_symmetric_intervention_is_zero_within_its_interval_across_seeds(classic):
    """The group given in both copies (or nothing given in either), the copies played on different dice: the
    95% interval holds zero, its false-positive rate bounded (at most 5 of 30 seeds: under 1% chance for a
    correct 5% test, while an interval that ignored the positions' clustering or mixed seats would fail)."""
    board = classic.board
    given = [give(d, board, effects.group_squares(board, "green"), 0) for d in classic.documents]
    trials, rejected = 30, 0
    for seed in range(trials):
        copies = given if seed % 2 else classic.documents
        a = classic.wins(copies, 0, 20, seed=1000 + 2 * seed)
        b = classic.wins(copies, 0, 20, seed=1001 + 2 * seed)
        result = effects.difference(a, b, 20)
        rejected += not result["ci_low"] <= 0 <= result["ci_high"]
    assert binom.sf(rejected - 1, trials, 0.05) > 0.01, f"{rejected} of {trials} seeds called a null significant"


def test_a_clearly_valuable_group_has_a_positive_effect(classic):
    frame = effects.group_effects(classic, ["dark_blue"], 0, 40, seed=3, cash=False)
    row = frame.iloc[0]
    assert row.ci_low > 0 and row.win_with > row.win_without


def test_the_cash_equivalent_of_a_gift_of_cash_is_that_cash(classic):
    """Given 600 in one copy, the bisection must find about 600 (the range holds it): a search that moved the
    cash the wrong way or compared the wrong copies would not."""
    gift = 600
    base = classic.documents
    given_wins = classic.wins([classic.with_cash(d, 0, gift) for d in base], 0, 60, seed=4)
    found = effects.cash_equivalent(classic, base, given_wins, 0, 60, seed=4)
    if np.isnan(found["cash"]):
        pytest.skip("600 in cash did not change the win probability significantly on these positions")
    assert found["cash_from"] <= gift <= found["cash_to"]
    assert found["cash_from"] <= found["cash"] <= found["cash_to"]


def test_machine_output_says_where_the_cash_search_stopped(classic):
    """A cash equivalent past the search is stored one step above the most searched: CSV and JSON readers need
    that most beside it to read 12,025 as "more than 12,000", not as a value."""
    frame = effects.group_effects(classic, ["orange"], 0, 10, seed=1)
    row = frame.iloc[0]
    assert row.cash_searched_to == classic.cash_most == 12_000
    assert np.isnan(row.cash) or row.cash <= row.cash_searched_to + classic.cash_step
    table = present.effects_table(frame, None).text()
    assert ("> 12,000" in table) == (row.cash_to > row.cash_searched_to)


def test_the_cash_search_does_not_replay_the_copies_without_the_group(classic):
    """Cash 0 is the copies without the group, played already for the effect: the search starts from their wins
    (same seeds, same result) instead of playing every position again."""
    played = []
    row = effects.group_effects(classic, ["brown"], 0, 10, seed=2, progress=played.append).iloc[0]
    assert sum(played) == (2 + row.evaluated - 1) * len(classic.documents) * 10


def test_refusals_are_one_line(classic):
    result = invoke("effect", "--group", "ornage", "--positions", "2", "--games", "2", "--association-games", "0")
    assert result.exit_code == 2 and "orange" in result.output and "Traceback" not in result.output
    result = invoke("effect", "--edition", "deal", "--square", "Boardwalk", "--round", "3", "--positions", "2",
                    "--games", "2", "--association-games", "0")
    assert result.exit_code == 2 and "--square Boardwalk: no property" in result.output
    result = invoke("effect", "--player", "5", "--positions", "2", "--games", "2")
    assert result.exit_code == 2 and "--player 5" in result.output
    with pytest.raises(EditionError, match="--round 500: expected a round from 1 to 499"):
        effects.mid_game_positions(classic.edition, resolve_lineup(classic.edition, classic.board, 4, []), 500, 5)


def test_a_family_without_captured_positions_is_refused_in_one_line(classic, monkeypatch):
    from dataclasses import replace
    monkeypatch.setattr(families, "get", lambda name, get=families.get: replace(get(name), capture=None))
    with pytest.raises(EditionError, match="mid-game positions of the board family cannot be captured"):
        effects.capturable(classic.edition)


def test_empire_positions_compile_back_to_the_towers_the_engine_built():
    """Empire's capture writes each tower tile by tile: compiled back, heights and owners are the engine's, and
    a gift that fills a tower is a game already won (rulebook: Comment gagner ?)."""
    from simulator.engines.empire import layout as E
    edition = load_edition("empire")
    board = compile_rules(edition)
    moments = effects.mid_game_positions(edition, resolve_lineup(edition, board, 4, []), 3, 4, seed=2)
    family = families.get("empire")
    for document in moments.documents:
        start, _, _ = family.position(document, "captured", board, moments.strategies)
        for player, row in zip(document["players"], start.pl):
            assert row[E.PL_TILES] == len(player["tower"]) and row[E.PL_CASH] == player["cash"]
    brands = [board.square_names[s] for s in range(board.n_squares) if board.sq[s, E.SQ_KIND] == E.BRAND]
    assert family.give(moments.documents[0], board, brands, 0) is None
    assert family.give(moments.documents[0], board, brands, None) is not None
    assert moments.wins([None], 0, 7, seed=1).tolist() == [7]


def test_a_card_is_held_against_every_copy_back_in_its_deck(classic):
    card = "chance_get_out_of_jail"
    document = {"players": [{"name": "P1", "jail_cards": []},
                            {"name": "P2", "jail_cards": [card, "cc_get_out_of_jail"]}]}
    held = effects.give_card(document, card, "jail_cards", 0)
    assert held["players"][0]["jail_cards"] == [card] and held["players"][1]["jail_cards"] == ["cc_get_out_of_jail"]
    assert effects.give_card(document, card, "jail_cards", None)["players"][0]["jail_cards"] == []
    frame = effects.group_effects(classic, [], 0, 10, seed=1, cash=False, cards=[card])
    row = frame.iloc[0]
    assert row.kind == "card" and row.ci_low <= row.difference <= row.ci_high
    with pytest.raises(EditionError, match="--card chance_go_to_jail: no card a player keeps"):
        effects.group_effects(classic, [], 0, 10, cards=["chance_go_to_jail"])


def test_millionaire_positions_keep_stars_and_kept_fortune_cards():
    """Millionaire's capture: the board economy's document with each player's stars and kept Fortune cards,
    compiled back to the same star levels and cash (Get Out of Jail Free cards listed apart)."""
    from simulator.engines.millionaire import layout as M
    edition = load_edition("millionaire")
    board = compile_rules(edition)
    moments = effects.mid_game_positions(edition, resolve_lineup(edition, board, 4, []), 6, 4, seed=3)
    family = families.get("millionaire")
    kept = effects.holdable_cards(moments)
    for document in moments.documents:
        start, _, _ = family.position(document, "captured", board, moments.strategies)
        for player, row in zip(document["players"], start.pl):
            assert [1, 3, 5][row[M.PL_STAR]] == player["stars"] and row[M.PL_CASH] == player["cash"]
            assert all(kept[c] == "fortune_cards" for c in player.get("fortune_cards", []))
            assert all(kept[c] == "jail_cards" for c in player.get("jail_cards", []))


@pytest.fixture(scope="module")
def deal():
    edition = load_edition("deal")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, [])
    return effects.mid_game_positions(edition, lineup, 3, 12, seed=1)


def _places(board, loc) -> dict:
    """How many copies of each card type sit in each place (zone, owner, set): copies of a type are
    interchangeable, and a position file names types, not copies."""
    from collections import Counter
    return Counter((int(board.deck[k]), *map(int, row)) for k, row in enumerate(loc))


def test_a_captured_deal_position_compiles_back_to_where_the_engine_left_every_card(deal):
    """Hands, banks, tables set by set (wilds in the set they were laid in, buildings on theirs) and discards
    read back as the engine left them at the end of the round, the rest in the draw pile."""
    from simulator.engines.deal.capture import deal_play_to_round
    family = families.get("deal")
    checked = 0
    for game in range(deal.games_played):
        loc = deal_play_to_round(deal.board, deal.params, 3, 1, game)
        if loc is None:
            continue
        document = family.capture("deal", None, deal.board, ["bank_first"] * 4, deal.params, 3, 1, game)
        start, _, _ = family.position(document, "captured", deal.board, deal.strategies)
        assert _places(deal.board, start.loc) == _places(deal.board, loc)
        assert (start.dealt == 0).all() and start.first_seat == 0
        checked += 1
    assert checked >= 12


def test_a_deal_set_is_given_complete_and_bare_and_no_card_is_made_or_lost(deal):
    """The set's one-colour cards leave every other place for the player's table (given) or the draw pile
    (not given); a house on the colour goes to its owner's bank (the engine's settle); the rest of the position
    is the same in both copies."""
    from simulator.engines.deal import layout as D
    from simulator.engines.deal.capture import set_cards
    board, family = deal.board, families.get("deal")
    group = "dark_blue"
    s = board.group_names.index(group)
    document = {"position": {"edition": "deal", "discards": []}, "players": [
        {"name": "P1", "strategy": "bank_first", "hand": [], "bank": [], "table": {}},
        {"name": "P2", "strategy": "bank_first", "hand": ["pink"], "bank": ["money_1"],
         "table": {group: ["dark_blue", "dark_blue", "house"]}}]}
    given = family.give_group(document, board, group, 0)
    base = family.give_group(document, board, group, None)
    assert given["players"][0]["table"] == {group: set_cards(board, group)}
    assert given["players"][1]["bank"] == base["players"][1]["bank"] == ["money_1", "house"]
    assert group not in given["players"][1]["table"] and group not in base["players"][1]["table"]
    assert document["players"][1]["table"][group] == ["dark_blue", "dark_blue", "house"]  # the original untouched
    for d in deal.documents:
        with_set, without = (family.position(family.give_group(d, board, group, seat), "given", board,
                                             deal.strategies)[0].loc for seat in (0, None))
        on_table = (with_set[:, D.LOC_ZONE] == D.Z_TABLE) & (with_set[:, D.LOC_OWNER] == 0) & \
            (with_set[:, D.LOC_SET] == s)
        assert sorted(board.card_ids[board.deck[k]] for k in np.flatnonzero(on_table)) == \
            sorted(set_cards(board, group))
        moved = {board.card_ids.index(c) for c in set_cards(board, group)}
        unmoved = [k for k in range(len(board.deck)) if board.deck[k] not in moved]
        assert _places(board, with_set[unmoved]) == _places(board, without[unmoved])


def test_a_symmetric_deal_intervention_is_zero_within_its_interval_across_seeds(deal):
    """As for the board family: the same copies (a set given in both, or in neither) on different shuffles; the
    interval holds zero at most as often as a correct 5% test allows."""
    board, family = deal.board, families.get("deal")
    given = [family.give_group(d, board, "green", 0) for d in deal.documents]
    trials, rejected = 30, 0
    for seed in range(trials):
        copies = given if seed % 2 else deal.documents
        result = effects.difference(deal.wins(copies, 0, 10, seed=1000 + 2 * seed),
                                    deal.wins(copies, 0, 10, seed=1001 + 2 * seed), 10)
        rejected += not result["ci_low"] <= 0 <= result["ci_high"]
    assert binom.sf(rejected - 1, trials, 0.05) > 0.01, f"{rejected} of {trials} seeds called a null significant"


def test_a_complete_deal_set_has_a_positive_effect_and_no_cash_equivalent(deal):
    """A complete set is a third of the way to winning: given at round 3 it must raise the win probability
    significantly. Deal has no cash to weigh it against: the cash search is skipped and the table says why."""
    frame = effects.group_effects(deal, ["dark_blue"], 0, 20, seed=3)
    row = frame.iloc[0]
    assert row.ci_low > 0 and row.win_with > row.win_without
    assert "cash" not in frame and "no cash" in frame.attrs["no_cash"]
    with pytest.raises(EditionError, match="--group purple: no colour group"):
        effects.group_effects(deal, ["purple"], 0, 2, cash=False)


@pytest.fixture(scope="module")
def fortnite():
    edition = load_edition("fortnite")
    lineup = resolve_lineup(edition, compile_rules(edition), 4, [])
    return effects.mid_game_positions(edition, lineup, 5, 12, seed=1)


def test_a_captured_fortnite_position_compiles_back_to_the_state_the_engine_reached(fortnite):
    """HP, squares, jail, who is in, chest items held, owners, storm cover (the cards turned, in their order),
    and walls with who stood them read back as the engine left them at the end of the round."""
    from simulator.engines.fortnite import layout as F
    from simulator.engines.fortnite.capture import fortnite_play_to_round
    family = families.get("fortnite")
    board = fortnite.board
    checked = 0
    for game in range(fortnite.games_played):
        state = fortnite_play_to_round(board, fortnite.params, 5, 1, game)
        if state is None:
            continue
        pl, own, held, dq = state
        document = family.capture("fortnite", None, board, ["storm_avoider"] * 4, fortnite.params, 5, 1, game)
        start, _, _ = family.position(document, "captured", board, fortnite.strategies)
        alive = pl[:, F.PL_ALIVE] == 1
        for column in (F.PL_HP, F.PL_JAIL, F.PL_ALIVE):
            assert (start.pl[alive, column] == pl[alive, column]).all()
        assert (start.pl[:, F.PL_POS] == pl[:, F.PL_POS]).all()
        for column in (F.O_OWNER, F.O_COVERED, F.O_WALL, F.O_WALL_BY):
            assert (start.own[:, column] == own[:, column]).all()
        assert (start.held[alive] == held[alive]).all()
        turned = board.decks[F.D_STORM, F.D_LEN] - dq[F.D_STORM, F.DQ_COUNT]
        assert len(start.turned) == turned and start.first_seat == 0
        checked += 1
    assert checked >= 12


def test_fortnite_locations_are_given_uncovered_against_left_unclaimed(fortnite):
    """A pair's locations leave their holder; one under the storm is uncovered in both copies (a covered
    location has no owner: rulebook, La tempête), its storm card back in the deck; nothing else changes."""
    from simulator.engines.fortnite import layout as F
    board, family = fortnite.board, families.get("fortnite")
    storm = next(c for c in np.flatnonzero(board.card_decks == F.D_STORM)
                 if board.sq[board.cards[c, F.C_A], F.SQ_KIND] == F.LOCATION)
    group = board.group_names[board.sq[board.cards[storm, F.C_A], F.SQ_GROUP]]
    pair = effects.group_squares(board, group)
    other = next(board.square_names[s] for s in range(board.n_squares)
                 if board.sq[s, F.SQ_KIND] == F.LOCATION and board.square_names[s] not in pair)
    covered = [s for s in pair if s != board.square_names[board.cards[storm, F.C_A]]]
    document = {"position": {"edition": "fortnite", "storm": [board.card_ids[storm]], "covered": covered},
                "players": [{"name": "P1", "strategy": "storm_avoider", "locations": []},
                            {"name": "P2", "strategy": "storm_avoider", "locations": [other]}]}
    given = family.give(document, board, pair, 0)
    base = family.give(document, board, pair, None)
    assert given["players"][0]["locations"] == pair and base["players"][0]["locations"] == []
    assert given["players"][1]["locations"] == base["players"][1]["locations"] == [other]
    for copy in (given, base):
        assert copy["position"]["storm"] == [] and copy["position"]["covered"] == []
        family.position(copy, "given", board, fortnite.strategies)  # compiles: no covered location owned
    assert document["position"]["storm"] == [board.card_ids[storm]]  # the original untouched


def test_a_symmetric_fortnite_intervention_is_zero_within_its_interval_across_seeds(fortnite):
    board, family = fortnite.board, families.get("fortnite")
    given = [family.give(d, board, effects.group_squares(board, "green"), 0) for d in fortnite.documents]
    trials, rejected = 30, 0
    for seed in range(trials):
        copies = given if seed % 2 else fortnite.documents
        result = effects.difference(fortnite.wins(copies, 0, 10, seed=1000 + 2 * seed),
                                    fortnite.wins(copies, 0, 10, seed=1001 + 2 * seed), 10)
        rejected += not result["ci_low"] <= 0 <= result["ci_high"]
    assert binom.sf(rejected - 1, trials, 0.05) > 0.01, f"{rejected} of {trials} seeds called a null significant"


def test_a_fortnite_pair_has_a_positive_effect(fortnite):
    """Both locations of the dearest pair, given at round 5, pay their bonus at once: the win probability rises."""
    frame = effects.group_effects(fortnite, ["dark_blue"], 0, 20, seed=3)
    row = frame.iloc[0]
    assert row.ci_low > 0 and row.win_with > row.win_without and "cash" not in frame
