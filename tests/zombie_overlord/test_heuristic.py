"""The heuristic agent: legal, view-only, and clearly better than random (seeded)."""

from __future__ import annotations

import random

from deadtable.agents import RandomAgent, make_agent
from deadtable.core import seat_info
from deadtable.games.zombie_overlord import GAME
from deadtable.games.zombie_overlord.heuristic import HeuristicAgent


def _play(seed: int, players: int, hseat: int) -> bool:
    state = GAME.new(players, seed)
    agents = {q: HeuristicAgent() if q == hseat else RandomAgent() for q in range(players)}
    rng = random.Random(seed)
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        state.apply(agents[p].act(seat_info(state), rng))  # apply() re-checks legality
    return state.outcome().winners == (hseat,)


def test_registered_by_name() -> None:
    assert "heuristic" in GAME.agents()
    assert make_agent("heuristic", GAME).name == "heuristic"


def test_heuristic_beats_random_in_two_player_games() -> None:
    wins = sum(_play(seed, 2, seed % 2) for seed in range(200))
    assert wins >= 180, wins  # > 90%; the benchmark measures it over 1000 games


def test_heuristic_plays_three_and_four_player_games() -> None:
    assert sum(_play(seed, 4, seed % 4) for seed in range(20)) >= 14
    assert sum(_play(seed, 3, seed % 3) for seed in range(20)) >= 14


def test_search_bots_can_move_no_endless_phase_loops() -> None:
    """Tree search follows its best action without chance; enter/leave loops would never end."""
    from deadtable.agents import GreedyAgent

    state = GAME.new(2, 8)
    rng = random.Random(8)
    names = ["ismcts", "greedy"]
    for step in range(30):
        p = state.current_player
        assert p is not None
        name = names[step % 2]
        agent = GreedyAgent(samples=2) if name == "greedy" else make_agent(name, GAME)
        if hasattr(agent, "iterations"):
            agent.iterations = 60  # type: ignore[attr-defined]
        state.apply(agent.act(seat_info(state), rng))
