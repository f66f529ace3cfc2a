"""Searches over the values a sweep would grid: a strategy's parameters that best answer a field of opponents
(`optimize`), and an edition's values that best meet a designer's goal (`balance`).

One module per part: space (what varies and the budget, read from the caller's words), objectives (what is
sought, its units and intervals), problem (the runs a candidate plays and its rungs), race (the Optuna study's
candidates raced by successive halving rung by rung), outcome (the finalists and the baseline on fresh games,
the verdict, what --out keeps) and written (the strategy or data file written).
"""
from simulator.tuning.objectives import Objective, Tally
from simulator.tuning.outcome import (WIN_RATE_OF, Outcome, games_to_play, is_search, load_outcome, recheck,
                                      run_search)
from simulator.tuning.problem import Problem, balance_problem, optimize_problem, short_label, shown
from simulator.tuning.race import STUDY_FILE
from simulator.tuning.space import API_SEARCH, CLI_SEARCH, Budget, Dimension, SearchError, parse_budget
from simulator.tuning.written import edition_file, strategy_file, written_base

__all__ = ["API_SEARCH", "CLI_SEARCH", "STUDY_FILE", "WIN_RATE_OF", "Budget", "Dimension", "Objective", "Outcome",
           "Problem", "SearchError", "Tally", "balance_problem", "edition_file", "games_to_play", "is_search",
           "load_outcome", "optimize_problem", "parse_budget", "recheck", "run_search", "short_label", "shown",
           "strategy_file", "written_base"]
