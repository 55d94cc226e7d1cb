"""Many games between agents: seeded plans, local or Dask backends, statistics, files, reports."""

from .backends import run
from .runner import Plan, build_agent, check_plan, game_seed, play_game
from .stats import Rate, by_agent, by_seat, card_stats, mean_lengths, wilson

__all__ = [
    "Plan",
    "Rate",
    "build_agent",
    "by_agent",
    "by_seat",
    "card_stats",
    "check_plan",
    "game_seed",
    "mean_lengths",
    "play_game",
    "run",
    "wilson",
]
