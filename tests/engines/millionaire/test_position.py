"""Positions of Monopoly Millionaire: the board economy's position with star levels and kept Fortune cards."""
import pandas as pd
import pytest

from simulator import positions
from simulator.checks import EditionError
from simulator.engines.millionaire import layout as M
from simulator.rules import compile_rules, load_edition
from simulator.runner import RunSpec, resolve_lineup, run

LINEUP = ["upgrade_at_once", "never_upgrade", "upgrade_rich", "build_first"]


def _position(players: list[dict]) -> positions.Position:
    return positions.position_from({"position": {"edition": "millionaire"}, "players": players}, "test")


def test_the_setup_as_a_position_plays_the_games_of_a_normal_run():
    """Rulebook, Mise en place: every player at 1 star with the start cash, a Fortune card on every property.
    As a position (the cards dealt onto the unowned properties, all of them), it plays a normal run's games."""
    edition = load_edition("millionaire")
    normal = run(RunSpec(edition=edition, lineup=resolve_lineup(edition, compile_rules(edition), 4, LINEUP),
                         games=300, seed=5, rotate_seats=False), keep_frames=True)
    played = positions.play(_position([{"name": f"p{k}", "strategy": s} for k, s in enumerate(LINEUP)]), 300, seed=5)
    pd.testing.assert_frame_equal(normal.games, played.games)
    pd.testing.assert_frame_equal(normal.players, played.players)


def test_star_levels_and_kept_fortune_cards_load_and_play_without_breaking_an_invariant():
    position = _position([
        {"name": "Ann", "strategy": "upgrade_at_once", "stars": 5, "fortune_cards": ["steal", "free_house"],
         "properties": [{"square": "Pink 1", "houses": 1}, {"square": "Pink 2", "houses": 1},
                        {"square": "Pink 3"}]},
        {"name": "Bea", "strategy": "never_upgrade", "stars": 3, "cash": 900},
    ])
    board = compile_rules(position.edition)
    assert list(position.start.pl[:, M.PL_STAR]) == [2, 1]
    assert position.start.held[0, board.card_ids.index("steal")] == 1
    played = positions.play(position, 300, seed=3, check=True)
    assert (played.games.violations == 0).all()
    ann = played.players[played.players.seat == 1]
    assert (ann.stars == 5).all()  # a player at 5 stars stays there
    assert ann.fortune_played.sum() > 0  # the kept cards are in hand to play


@pytest.mark.parametrize("player, message", [
    ({"stars": 2}, "1, 3 or 5 stars"),
    ({"cash": 1000}, "less than the winning 1,000"),
    ({"fortune_cards": ["stel"]}, "did you mean steal"),
])
def test_a_millionaire_position_the_rules_cannot_reach_is_refused_in_one_line(player, message):
    with pytest.raises(EditionError, match=message) as error:
        _position([{"name": "Ann", "strategy": "upgrade_at_once", **player},
                   {"name": "Bea", "strategy": "never_upgrade"}])
    assert "\n" not in str(error.value)
