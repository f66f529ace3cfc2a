"""Each numeric rule of Monopoly Fortnite and Monopoly Deal moves the results of real games the way its
documentation says (the named options of both are in tests/engines/fortnite/test_claims.py and tests/engines/deal/test_contracts.py).
A few hundred games with a fixed seed each side; a change that did nothing would leave the measure equal."""
import pytest

from simulator.api import simulate

GAMES = 400


def _measure(edition, overrides, measure):
    run = simulate(edition, games=GAMES, seed=13, overrides=overrides)
    games, players = run.games(), run.players()
    if measure == "rounds":
        return games.rounds.mean()
    if measure == "unfinished":
        return (games.end_reason == "turn_cap").mean()
    return players[measure].mean()


# (rule change, measure, direction): +1 the measure rises, -1 it falls
FORTNITE = [
    ({"rules.start_hp": 6}, "rounds", -1),              # Mise en place: fewer HP, shorter lives
    ({"rules.max_hp": 30}, "healed", +1),               # a higher ceiling wastes fewer heals
    ({"rules.go_hp": 6}, "rounds", +1),                 # GO heals more
    ({"rules.storm_square_cost": 6}, "storm_lost", +1),
    ({"rules.pair_bonus": 12}, "healed", +1),           # a pair heals its owner more
    ({"rules.jail_fine": 20}, "jail_turns", +1),        # nobody can pay out: all roll for it
    ({"rules.jail_fine": 20, "rules.jail_tries": 4}, "jail_turns", +1),
    ({"rules.die_sides": 12}, "rounds", -1),            # faster laps turn storm cards sooner
    ({"rules.max_rounds": 5}, "unfinished", +1),
]
DEAL = [
    ({"rules.hand_start": 10}, "rounds", -1),
    ({"rules.draws_per_turn": 4}, "discarded", +1),     # more drawn than played: over the hand limit
    ({"rules.hand_limit": 3}, "discarded", +1),
    ({"rules.plays_per_turn": 1}, "rounds", +1),
    ({"rules.sets_to_win": 2}, "rounds", -1),
    ({"rules.max_rounds": 3}, "unfinished", +1),
]


@pytest.mark.parametrize("edition,change,measure,direction",
                         [("fortnite", *case) for case in FORTNITE] + [("deal", *case) for case in DEAL],
                         ids=lambda v: str(v) if not isinstance(v, dict) else ",".join(f"{k}={x}" for k, x in v.items()))
def test_a_numeric_rule_moves_its_measure(edition, change, measure, direction):
    base = {k: v for k, v in change.items() if k == "rules.jail_fine"} if "rules.jail_tries" in change else {}
    before, after = _measure(edition, base, measure), _measure(edition, change, measure)
    assert (after - before) * direction > 0.05 * max(abs(before), 0.01), (before, after)
