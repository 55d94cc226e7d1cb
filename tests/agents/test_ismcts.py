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
    for turns in (1, 2, 3):
        agent = IsmctsAgent(iterations=1, rollout_turns=turns)
        for seed in range(4):
            state = _zombie_overlord_midgame(seed)
            info = seat_info(state)
            search = agent.search(info, random.Random(seed))
            sample = info.sample(random.Random(seed))
            seats: list[int | None] = [sample.current_player]

            def note(kind: str, data: dict, seats: list[int | None] = seats) -> None:
                if kind == "action":
                    seats.append(data["seat"])

            sample.listeners.append(note)
            search.playout(sample, random.Random(seed), -1)
            changes = sum(1 for a, b in itertools.pairwise(seats) if a != b)
            if not sample.is_terminal:
                assert changes == turns - 1 and sample.current_player != seats[-1], (turns, seed, seats)


def test_a_sweep_counts_turns_from_the_root() -> None:
    """In a sweep "end turn" is scored when the seat is to act again, like the moves that go on
    with the turn (counted from after it, it would be scored one whole turn later)."""
    agent = IsmctsAgent(iterations=1, sweep=True, tree_depth=1, rollout="heuristic", rollout_turns=2)
    checked = 0
    for seed in range(60):
        state = _zombie_overlord_midgame(seed)
        texts = [str(a) for a in state.legal_actions()]
        if state.is_terminal or "end turn" not in texts or len(texts) < 2:
            continue
        info = seat_info(state)
        search = agent.search(info, random.Random(seed))
        for text in ("end turn", None):
            sample = info.sample(random.Random(seed))
            acts = sample.legal_actions()
            action = next(a for a in acts if (str(a) == "end turn") == (text is not None))
            sample.apply(action)
            search.playout(sample, random.Random(seed), info.seat)
            if not sample.is_terminal:
                assert sample.current_player == info.seat, (seed, text)
                assert sample.view(info.seat)["phase"] in ("choose", "action", "purchase", "attack")
        checked += 1
    assert checked >= 3


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


def _zombie_overlord_decisions(count: int) -> list[State]:
    """Seeded mid-game states of Zombie Overlord with a choice to make, and three with a question
    pending (a card effect's: rare in random play, about one state in a hundred, so they are looked
    for along whole games)."""
    out: list[State] = []
    for seed in range(200):
        state = _zombie_overlord_midgame(seed)
        if not state.is_terminal and len(state.legal_actions()) >= 2:
            out.append(state)
        if len(out) >= count:
            break
    questions: list[State] = []
    for seed in range(100):
        state = deadtable.game("zombie-overlord").new(2, seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(questions) < 3:
            acts = state.legal_actions()
            if len(acts) >= 2 and state.view(state.current_player)["pending"]:
                questions.append(state.clone())
                break  # one from each game
            state.apply(acts[rng.randrange(len(acts))])
        if len(questions) >= 3:
            break
    return out + questions


def test_routine_decisions_go_to_the_heuristic_and_the_rest_are_searched() -> None:
    """Zombie Overlord calls the card effects' questions routine (Game.routine): the heuristic
    answers them unless routine=search; every other choice is searched."""
    the_game = deadtable.game("zombie-overlord")
    heuristic = the_game.agents()["heuristic"]()
    kinds = {"routine": 0, "searched": 0}
    for i, state in enumerate(_zombie_overlord_decisions(12)):
        info = seat_info(state)
        agent = IsmctsAgent(iterations=20)
        choice = agent.act(info, random.Random(i))
        if the_game.routine(info.view):
            kinds["routine"] += 1
            assert info.view["pending"]
            assert agent.last_iterations == 0, "a routine decision was searched"
            assert choice == heuristic.act(info, random.Random(i))
            searched = IsmctsAgent(iterations=20, routine="search")
            searched.act(info, random.Random(i))
            assert searched.last_iterations == 20, "routine=search must search every decision"
        else:
            kinds["searched"] += 1
            assert not info.view["pending"]
            assert agent.last_iterations == 20, "a decision that is not routine was not searched"
    assert kinds["routine"] >= 2 and kinds["searched"] >= 8, kinds


def test_a_sweep_plays_every_root_action_on_one_sample_with_one_rollout_seed() -> None:
    """sweep: each iteration is one determinization, every legal action played on it with the same
    rollout rng (common random numbers); tree_depth=1 keeps the tree to the root alone."""
    from deadtable.agents.tree import Search

    state = _zombie_overlord_decisions(1)[0]
    info = seat_info(state)
    agent = IsmctsAgent(iterations=3, sweep=True, tree_depth=1, rollout="heuristic", rollout_turns=2)
    starts: list[tuple[str, object]] = []

    class Spy(Search):
        def descend(self, sample: State, path: list, rng: random.Random, since: int, key: object) -> None:
            assert since == info.seat, "a sweep counts rollout turns from the root's seat"
            starts.append((repr(sample.key()), rng.getstate()))
            super().descend(sample, path, rng, since, key)

    plain = agent.search(info, random.Random(5))
    search = Spy(agent.settings(), info, random.Random(5), info.sample(random.Random(0)), plain.heuristic)
    for _ in range(3):
        search.sweep()
    n = len(info.legal_actions)
    assert len(starts) == 3 * n
    for k in range(3):
        sweep = starts[k * n : (k + 1) * n]
        assert len({seed for _, seed in sweep}) == 1, "the actions of one sweep had different luck"
    assert len({seed for _, seed in starts}) == 3, "every sweep draws new luck"
    assert list(search.table) == [search.root_key], "tree_depth=1 grew nodes below the root"
    root = search.table[search.root_key]
    assert {a: (e.visits, e.avail) for a, e in root.edges.items()} == {a: (3, 3) for a in info.legal_actions}


def test_a_sweep_is_fair_and_reproducible() -> None:
    """Two states that differ only in what the seat cannot see give the same sweep statistics."""
    for state in _zombie_overlord_decisions(3):
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, random.Random(21))
        assert other.view(seat) == state.view(seat)
        agent = IsmctsAgent(iterations=2, sweep=True, tree_depth=1, rollout="heuristic", rollout_turns=2)
        stats = [agent.analyse(seat_info(s, random.Random(3)), random.Random(4)) for s in (state, other)]
        assert stats[0] == stats[1]
        assert all(visits == 2 for visits, _ in stats[0].values())
        assert agent.act(seat_info(state), random.Random(4)) in state.legal_actions()


def test_the_game_s_search_settings_are_the_default_and_a_user_s_win() -> None:
    from deadtable.sim.runner import build_agent

    zo = deadtable.game("zombie-overlord")
    agent = make_agent("ismcts", zo)
    assert isinstance(agent, IsmctsAgent)
    chosen = zo.search_settings(2, {})
    for key, value in chosen.items():
        assert getattr(agent, key) == value
    assert agent.sweep and agent.iterations == chosen["iterations"]
    mine = build_agent("ismcts:iterations=2:sweep=0", zo)
    assert isinstance(mine, IsmctsAgent)
    assert (mine.iterations, mine.sweep, mine.rollout) == (2, False, "heuristic")
    plain = make_agent("ismcts", deadtable.game("overlords"))  # no settings of its own
    assert isinstance(plain, IsmctsAgent) and not plain.sweep and plain.iterations == 1000
    with pytest.raises(ValueError):
        IsmctsAgent(tree_depth=-1)


def test_games_without_a_routine_search_every_decision() -> None:
    state = _midgame()
    info = seat_info(state)
    assert not deadtable.game("carson-zoo").routine(info.view)
    agent = IsmctsAgent(iterations=15)
    agent.act(info, random.Random(1))
    assert agent.last_iterations == 15
