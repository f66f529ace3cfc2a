"""Monopoly Deal's claims checked on simulated games: each strategy's one-line description
(strategies/deal.py, docs/strategies.md's table) and each rule option's documented effect. A few
thousand games with a fixed seed each; every check compares with a margin that a strategy or an option
doing nothing of what it says would fail."""
import pandas as pd
import pytest

from simulator.api import simulate
from strategies.deal import TOURNAMENT_FIELD

ACTION_AND_RENT_CARDS = ("rent_light_blue_brown", "rent_pink_orange", "rent_red_yellow", "rent_dark_blue_green",
                         "rent_railroad_utility", "rent_any", "deal_breaker", "forced_deal", "sly_deal", "just_say_no",
                         "debt_collector", "birthday", "double_rent", "house", "hotel", "pass_go")


def players(games: int, seed: int, overrides: dict | None = None, field: list[str] | None = None) -> pd.DataFrame:
    strategies = field or []
    return simulate("deal", players=len(strategies) or 4, strategies=strategies, games=games, seed=seed,
                    overrides=overrides).players()


@pytest.fixture(scope="module")
def field() -> pd.DataFrame:
    """The five strategies at one table, seats rotated."""
    return players(3000, 5, field=list(TOURNAMENT_FIELD))


def per_game(frame: pd.DataFrame, column: str) -> pd.Series:
    return frame.groupby("strategy", observed=True)[column].mean()


def share_laid_over_a_note(frame: pd.DataFrame) -> pd.Series:
    totals = frame.groupby("strategy", observed=True)[["laid_over_note", "properties_laid"]].sum()
    return totals.laid_over_note / totals.properties_laid


def test_a_money_note_is_never_played_as_an_action():
    """Type A: a note can only be banked. With no action or rent card in the deck, no strategy (random's
    "any legal play" included) plays an action, and every card banked is a note."""
    frame = players(1000, 1, {f"decks.deal.cards.{c}.count": 0 for c in ACTION_AND_RENT_CARDS},
                    list(TOURNAMENT_FIELD))
    assert (frame.actions_played == 0).all()
    assert (frame.cards_banked == frame.notes_banked).all()
    assert (per_game(frame, "notes_banked") > 2).all()


def test_bank_first_banks_before_it_lays_and_banks_most(field):
    """bank_first: "banks money and actions before it lays properties, most keenly until 10M is in the
    bank": it rarely lays a property while it holds a note it could bank, and banks more cards than the
    other strategies that choose their plays."""
    over = share_laid_over_a_note(field)
    banked = per_game(field, "cards_banked").drop("random")
    assert over["bank_first"] < 0.1 and over["bank_first"] < over.drop("bank_first").min()
    assert banked.idxmax() == "bank_first" and banked["bank_first"] > 1.05 * banked.drop("bank_first").max()


def test_rush_properties_lays_at_once_and_banks_least(field):
    """rush_properties: "lays every property at once and plays for sets; banks only what it cannot use":
    it lays its properties before banking its notes (most of them while it holds one), lays the most and
    banks the fewest cards, and never banks the Just Say No it can use."""
    over = share_laid_over_a_note(field)
    assert over["rush_properties"] > 0.7 and over.idxmax() == "rush_properties"
    assert (field[field.strategy == "rush_properties"].no_banked == 0).all()
    assert per_game(field, "properties_laid").idxmax() == "rush_properties"
    assert per_game(field, "cards_banked").idxmin() == "rush_properties"


def test_late_attacker_attacks_from_round_four_and_keeps_just_say_no_for_big_threats(field):
    """late_attacker: "holds Just Say No for big threats and attacks only from round 4, banking meanwhile":
    no action against a rival before round 4 (rounds count from 1, as the games' rounds); it never banks
    a Just Say No (bank_first and opportunist do); it lets small attacks through while holding one, yet
    plays some; it banks more than the strategies that attack at once."""
    late = field[field.strategy == "late_attacker"]
    assert (late.no_banked == 0).all()
    assert per_game(field, "no_banked")[["bank_first", "opportunist"]].min() > 0.05
    attacked = late.first_attack_round[late.first_attack_round >= 0]
    assert len(attacked) > len(late) / 2 and attacked.min() >= 4
    assert late.no_kept.mean() > 0.5 and late.said_no.mean() > 0.1
    banked = per_game(field, "cards_banked")
    assert banked["late_attacker"] > 1.05 * max(banked["opportunist"], banked["rush_properties"])


def test_opportunist_attacks_at_once_and_says_no_to_any_loss(field):
    """opportunist: "plays whatever gains most right now, attacks at once, says no to any loss": it attacks
    in the first rounds, and never lets an attack through while it holds a Just Say No."""
    first = field[field.first_attack_round >= 0].groupby("strategy", observed=True).first_attack_round
    assert first.min()["opportunist"] == 1 and first.mean()["opportunist"] < first.mean()["late_attacker"] - 2
    opportunist = field[field.strategy == "opportunist"]
    assert (opportunist.no_kept == 0).all() and opportunist.said_no.mean() > 0.1


def test_random_is_a_weak_baseline(field):
    """random: "a weak baseline: plays any legal card (aimed as the others aim), never says no": it wins
    least, well under a fair share, and plays no Just Say No, as victim or attacker."""
    wins = per_game(field, "won")
    assert wins.idxmin() == "random" and wins["random"] < 0.5 / len(TOURNAMENT_FIELD)
    assert (field[field.strategy == "random"].said_no == 0).all()


def test_a_winners_sets_count_as_held(field):
    """The held_<set> columns (complete at the start or the end of one of its turns) include the sets a
    winner completes in its winning turn: every winner held at least three."""
    held = field[[c for c in field.columns if c.startswith("held_")]].sum(axis=1)
    assert (held[field.won] >= 3).all()


# Each rule option moves the results the way its documentation says (data file note, docs).

def test_just_say_no_answered_for_free_cancels_fewer_attacks():
    """just_say_no_costs_play = false: an attacker answers a Just Say No on its own turn for no play, so
    fewer of its actions are cancelled (10 Just Say No in the deck, and one play a turn: an attacker that
    pays a play for its answer has none left)."""
    deck = {"decks.deal.cards.just_say_no.count": 10, "rules.plays_per_turn": 1}
    costs = players(2000, 3, deck).cancelled.mean()
    free = players(2000, 3, {**deck, "rules.just_say_no_costs_play": False}).cancelled.mean()
    assert free < 0.8 * costs


def test_double_the_rent_that_stacks_collects_more():
    """double_rent_stacks = true: two Double The Rent with one rent charge 4 times, so rent cards collect
    more than with one double a rent (20 Double The Rent in the deck to see it)."""
    deck = {"decks.deal.cards.double_rent.count": 20}
    stacks = players(2000, 3, deck).rent_received.mean()
    once = players(2000, 3, {**deck, "rules.double_rent_stacks": False}).rent_received.mean()
    assert once < 0.95 * stacks


def test_wild_moves_free_moves_most_and_costs_play_fewer():
    """wild_moves: on_lay moves a wild only when a property of its colour is laid and the wild adds elsewhere;
    rulebook frees it when a property of its colour is drawn at the start of the turn, onto another set or back
    to the hand, unless laying that property beside it adds more (0.08-0.09 moves a player-game against on_lay's
    0.03, seeds 3 and 4); free at will;
    costs_play at will for a play, only to complete a set."""
    moved = {mode: players(1500, 3, {"rules.wild_moves": mode}).wilds_moved.mean()
             for mode in ("rulebook", "on_lay", "free", "costs_play")}
    assert moved["free"] > 2 * moved["costs_play"] and moved["costs_play"] > 3 * moved["on_lay"] > 0
    assert moved["rulebook"] > 2 * moved["on_lay"]


def test_an_empty_pile_that_stops_leaves_games_at_the_turn_cap():
    """empty_draw_pile = stop: once the pile is empty the tables freeze, and a game nobody has won by then
    runs to the turn cap; with reshuffle, games end with three sets."""
    capped = {}
    for mode in ("reshuffle", "stop"):
        games = simulate("deal", games=1500, seed=3, overrides={"rules.empty_draw_pile": mode}).games()
        capped[mode] = (games.end_reason == "turn_cap").mean()
    assert capped["reshuffle"] < 0.01 and capped["stop"] > 0.1


def test_an_any_colour_rent_charging_everyone_collects_more():
    """any_colour_rent_charges = each (the card's face) makes every opponent pay the any-colour rent, so
    rent cards collect more than with one player of one's choice (the card's description, the default)."""
    one = players(1500, 3).rent_received.mean()
    each = players(1500, 3, {"rules.any_colour_rent_charges": "each"}).rent_received.mean()
    assert each > 1.1 * one
