"""The heuristic agent: legal, seeded, and clearly stronger than random (big run: benchmarks/)."""

from __future__ import annotations

import random

from deadtable.agents import make_agent
from deadtable.agents.random_agent import RandomAgent
from deadtable.core import Agent, seat_info
from deadtable.games.overlords import GAME
from deadtable.games.overlords.heuristic import HeuristicAgent

from .helpers import play, position


def _game(players: int, seed: int, agents: list[Agent]) -> tuple[float, ...]:
    st = GAME.new(players, seed)
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    while not st.is_terminal:
        p = st.current_player
        assert p is not None
        st.apply(agents[p].act(seat_info(st), rngs[p]))
    out = st.outcome()
    return tuple(1.0 / len(out.winners) if s in out.winners else 0.0 for s in range(players))


def test_registered_and_seeded() -> None:
    assert isinstance(make_agent("heuristic", GAME), HeuristicAgent)
    a = _game(3, 7, [HeuristicAgent(), RandomAgent(), RandomAgent()])
    b = _game(3, 7, [HeuristicAgent(), RandomAgent(), RandomAgent()])
    assert a == b


def test_heuristic_beats_random_clearly_over_200_games() -> None:
    wins = 0.0
    games = 200
    for seed in range(games):
        hero = seed % 3
        agents: list[Agent] = [HeuristicAgent() if s == hero else RandomAgent() for s in range(3)]
        wins += _game(3, seed, agents)[hero]
    # A random seat wins about a third; benchmarks/overlords_heuristic.py measures 2000 games.
    assert wins / games > 0.55


def test_it_completes_a_chimera_set_and_takes_the_lone_cyclops() -> None:
    st = position(3, hands=[["chimera", "zombie", "hydra"]] * 3, armies=[["chimera", "chimera"], [], []])
    info = seat_info(st)
    assert str(HeuristicAgent().act(info, random.Random(1))) == "recruit chimera"
    st = position(3, hands=[["cyclops", "undead warrior 1", "orthrus"]] * 3)
    assert str(HeuristicAgent().act(seat_info(st), random.Random(1))) == "recruit cyclops"
    play(st, "recruit cyclops")


def test_evaluate_is_the_score_margin() -> None:
    st = position(3, armies=[["hydra", "hydra"], ["zombie"], []])
    assert GAME.evaluate(st, 0) > 0 > GAME.evaluate(st, 1)
    assert -1.0 <= GAME.evaluate(st, 2) <= 1.0


def test_generic_greedy_plays_overlords() -> None:
    st = GAME.new(2, 3)
    greedy = make_agent("greedy", GAME)
    rng = random.Random(0)
    for _ in range(10):
        st.apply(greedy.act(seat_info(st), rng))
    assert len(st.history) == 10
