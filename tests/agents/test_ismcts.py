"""The IS-MCTS agent: fair (decides from the seat's information only), reproducible, stronger than random."""

from __future__ import annotations

import itertools
import random

import pytest

import deadtable
from deadtable.agents import make_agent
from deadtable.agents.ismcts import IsmctsAgent
from deadtable.core import Game, State, Variant, seat_info

from ..conftest import variant_params
from .toy import PENNIES, Commit


def _midgame(players: int = 2, seed: int = 4, moves: int = 7) -> State:
    state = deadtable.game("carson-zoo").new(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


def test_registered_as_a_generic_agent() -> None:
    agent = make_agent("ismcts", deadtable.game("carson-zoo"))
    assert isinstance(agent, IsmctsAgent)


def test_same_decision_for_states_that_differ_only_in_hidden_cards() -> None:
    real = _midgame()
    seat = real.current_player
    assert seat is not None
    # Two full states the seat cannot tell apart: the hidden mutants and covered cards differ.
    a = real.determinize(seat, random.Random(11))
    b = real.determinize(seat, random.Random(12))
    assert a.key() != b.key(), "the test needs two states that differ in hidden cards"
    assert a.view(seat) == b.view(seat) == real.view(seat)
    agent = IsmctsAgent(iterations=150)
    stats = []
    for state in (real, a, b):
        info = seat_info(state, random.Random(5))
        stats.append(agent.analyse(info, random.Random(99)))
    assert stats[0] == stats[1] == stats[2]
    decisions = {str(agent.act(seat_info(s, random.Random(5)), random.Random(99))) for s in (real, a, b)}
    assert len(decisions) == 1


def test_same_rng_same_action_and_different_rng_can_differ() -> None:
    state = _midgame(seed=9)
    agent = IsmctsAgent(iterations=80)
    first = agent.act(seat_info(state), random.Random(1))
    assert agent.last_iterations == 80
    assert agent.act(seat_info(state), random.Random(1)) == first
    assert first in state.legal_actions()


@pytest.mark.parametrize("players", [3, 4])
def test_more_than_two_players(players: int) -> None:
    state = _midgame(players=players, moves=5)
    agent = IsmctsAgent(iterations=60)
    assert agent.act(seat_info(state), random.Random(3)) in state.legal_actions()


def test_time_budget_and_heuristic_rollout_fallback() -> None:
    state = _midgame(seed=2)
    # Carson City Zoo has no heuristic of its own, so rollouts fall back to random moves.
    agent = IsmctsAgent(time_limit=0.05, rollout="heuristic")
    assert agent.act(seat_info(state), random.Random(3)) in state.legal_actions()
    assert agent.last_iterations >= 1


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        IsmctsAgent(iterations=0)
    with pytest.raises(ValueError):
        IsmctsAgent(rollout="psychic")


def test_a_secret_commit_cannot_be_answered() -> None:
    """Sequential secret commits: the second seat's node does not depend on the first's choice.

    Were the tree keyed by moves, seat 1 would learn to match each of seat 0's picks and seat 0
    would see a sure loss (means near 0). Keyed by information sets, seat 1 cannot tell the two
    apart, so seat 0 expects about an even game with either pick.
    """
    state = PENNIES.new(2, 1)
    info = seat_info(state, random.Random(1))
    stats = IsmctsAgent(iterations=600).analyse(info, random.Random(2))
    for side in ("heads", "tails"):
        visits, mean = stats[Commit(side)]
        assert visits > 100
        assert 0.3 < mean < 0.7, (side, mean)


def test_beats_random_on_carson_zoo() -> None:
    from deadtable.sim import Plan, by_agent, run

    plan = Plan("carson-zoo", 2, ("ismcts:iterations=60", "random"), seed=3)
    rates = {r.label: r for r in by_agent(run(plan, 10, workers=1))}
    assert rates["ismcts:iterations=60"].wins >= 8


@pytest.mark.parametrize(("the_game", "variant"), variant_params())
def test_every_game_and_variant(the_game: Game, variant: Variant) -> None:
    """Any registered game, any player count and mode: a legal, reproducible choice."""
    state = the_game.new(variant.players, 21, **variant.options)
    rng = random.Random(21)
    for _ in range(rng.randrange(3, 30)):
        if state.is_terminal:
            break
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    if state.is_terminal:
        pytest.skip("the seeded game ended early")
    for spec in (IsmctsAgent(iterations=12), IsmctsAgent(iterations=4, rollout="heuristic", rollout_depth=6)):
        first = spec.act(seat_info(state), random.Random(4))
        assert first in state.legal_actions()
        assert spec.act(seat_info(state), random.Random(4)) == first


def _zombie_overlord_midgame(seed: int) -> State:
    state = deadtable.game("zombie-overlord").new(2, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 60)):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


def test_rollout_turns_stop_when_the_turns_have_passed() -> None:
    """rollout_turns=k plays on until the k-th change of the seat to act, and not one action more."""
    from deadtable.agents.ismcts import _Search

    for turns in (1, 2, 3):
        agent = IsmctsAgent(iterations=1, rollout_turns=turns)
        for seed in range(4):
            state = _zombie_overlord_midgame(seed)
            info = seat_info(state)
            search = _Search(agent, info, random.Random(seed))
            sample = info.sample(random.Random(seed))
            seats: list[int | None] = [sample.current_player]

            def note(kind: str, data: dict, seats: list[int | None] = seats) -> None:
                if kind == "action":
                    seats.append(data["seat"])

            sample.listeners.append(note)
            search._playout(sample)
            changes = sum(1 for a, b in itertools.pairwise(seats) if a != b)
            if not sample.is_terminal:
                assert changes == turns - 1 and sample.current_player != seats[-1], (turns, seed, seats)


def test_guide_starts_from_the_heuristic_choice() -> None:
    """With a strong guide and a small budget the search plays the game's heuristic's move."""
    the_game = deadtable.game("zombie-overlord")
    heuristic = the_game.agents()["heuristic"]()
    agree = total = 0
    for seed in range(12):
        state = _zombie_overlord_midgame(seed)
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        info = seat_info(state)
        guided = IsmctsAgent(iterations=30, guide=50.0, routine="search").act(info, random.Random(seed))
        plain = heuristic.act(info, random.Random(seed))
        total += 1
        agree += guided == plain
    assert total >= 8
    assert agree == total


def test_new_settings_are_checked_and_reproducible() -> None:
    with pytest.raises(ValueError):
        IsmctsAgent(rollout_turns=-1)
    with pytest.raises(ValueError):
        IsmctsAgent(guide=-0.5)
    with pytest.raises(ValueError):
        IsmctsAgent(routine="sometimes")
    state = _zombie_overlord_midgame(3)
    agent = IsmctsAgent(iterations=40, rollout_turns=1, guide=1.0, routine="search")
    first = agent.act(seat_info(state), random.Random(8))
    assert first in state.legal_actions()
    assert agent.act(seat_info(state), random.Random(8)) == first


def test_routine_decisions_go_to_the_heuristic_and_attacks_are_searched() -> None:
    """Zombie Overlord calls everything but the Attack Phase's choices routine (Game.routine)."""
    the_game = deadtable.game("zombie-overlord")
    heuristic = the_game.agents()["heuristic"]()
    kinds = {"routine": 0, "attack": 0}
    for seed in range(40):
        state = _zombie_overlord_midgame(seed)
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        info = seat_info(state)
        agent = IsmctsAgent(iterations=20)
        choice = agent.act(info, random.Random(seed))
        if the_game.routine(info.view):
            kinds["routine"] += 1
            assert agent.last_iterations == 0, "a routine decision was searched"
            assert choice == heuristic.act(info, random.Random(seed))
            searched = IsmctsAgent(iterations=20, routine="search")
            searched.act(info, random.Random(seed))
            assert searched.last_iterations == 20, "routine=search must search every decision"
        else:
            kinds["attack"] += 1
            assert info.view["phase"] == "attack" and not info.view["pending"]
            assert agent.last_iterations == 20, "an attack was not searched"
    assert kinds["routine"] >= 5 and kinds["attack"] >= 2, kinds


def test_games_without_a_routine_search_every_decision() -> None:
    state = _midgame()
    info = seat_info(state)
    assert not deadtable.game("carson-zoo").routine(info.view)
    agent = IsmctsAgent(iterations=15)
    agent.act(info, random.Random(1))
    assert agent.last_iterations == 15
