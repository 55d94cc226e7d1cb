"""IS-MCTS settings chosen by the table (`Game.search_settings(players, options)`), and the opponent
model (`opponents=heuristic`: the other seats play the game's heuristic inside the search)."""

from __future__ import annotations

import random
from typing import Any

import deadtable
from deadtable.agents import make_agent
from deadtable.agents.ismcts import SETTINGS, IsmctsAgent
from deadtable.agents.tree import Search
from deadtable.core import Action, Agent, Game, SeatInfo, State, seat_info
from deadtable.sim.runner import build_agent

ZOO = deadtable.game("carson-zoo")


class BySize(type(ZOO)):  # type: ignore[misc]
    """Carson City Zoo with settings of its own at each player count (the test's, not the game's)."""

    def search_settings(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        if players == 2:
            return {"iterations": 12}
        return {"iterations": 7, "rollout": "heuristic", "opponents": "heuristic"}


def _decision(the_game: Game, players: int, seed: int) -> State:
    """A state of seeded random play where the seat to act has a choice."""
    state = the_game.new(players, seed)
    rng = random.Random(seed)
    for _ in range(5):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_an_agent_takes_the_settings_of_the_table_it_plays_at() -> None:
    sized = BySize()
    agent = make_agent("ismcts", sized)  # the table not known yet: the fewest players' settings
    assert isinstance(agent, IsmctsAgent)
    assert (agent.iterations, agent.rollout, agent.opponents) == (12, "random", "search")
    agent.act(seat_info(_decision(sized, 4, 3)), random.Random(1))
    assert (agent.iterations, agent.rollout, agent.opponents) == (7, "heuristic", "heuristic")
    assert agent.last_iterations == 7
    agent.act(seat_info(_decision(sized, 2, 3)), random.Random(1))  # back at a duel: back to its own
    assert (agent.iterations, agent.rollout, agent.opponents) == (12, "random", "search")
    told = make_agent("ismcts", sized, 4, {})
    assert isinstance(told, IsmctsAgent) and told.iterations == 7  # known up front


def test_a_users_setting_survives_the_table_s_settings() -> None:
    sized = BySize()
    mine = build_agent("ismcts:rollout=random:iterations=5", sized)
    assert isinstance(mine, IsmctsAgent)
    mine.act(seat_info(_decision(sized, 3, 8)), random.Random(2))
    assert (mine.iterations, mine.rollout, mine.opponents) == (5, "random", "heuristic")
    assert mine.last_iterations == 5


def test_every_game_s_settings_for_every_variant_are_settings_with_their_defaults_known() -> None:
    for the_game in deadtable.games():
        for variant in the_game.variants():
            chosen = the_game.search_settings(variant.players, variant.options)
            assert set(chosen) <= set(SETTINGS), (the_game.id, variant.name)
            agent = make_agent("ismcts", the_game, variant.players, variant.options)
            assert isinstance(agent, IsmctsAgent)
            for key, default in SETTINGS.items():
                assert getattr(agent, key) == chosen.get(key, default), (the_game.id, variant.name, key)


class Counting(Agent):
    """The game's heuristic, counting the decisions it is asked for, by seat."""

    name = "counting"

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.asked: dict[int, int] = {}

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        self.asked[seat_info.seat] = self.asked.get(seat_info.seat, 0) + 1
        return self.inner.act(seat_info, rng)


def _search(opponents: str, state: State, iterations: int) -> tuple[Search, Counting]:
    agent = IsmctsAgent(iterations=iterations, opponents=opponents, rollout="random", rollout_depth=2)
    info = seat_info(state, random.Random(4))
    heuristic = make_agent("heuristic", ZOO)
    counting = Counting(heuristic)
    search = Search(agent.settings(), info, random.Random(9), info.sample(random.Random(0)), counting)
    for _ in range(iterations):
        search.iterate()
    return search, counting


def test_the_opponent_model_leaves_the_other_seats_to_the_heuristic() -> None:
    state = _decision(ZOO, 3, 21)
    seat = state.current_player
    modelled, asked = _search("heuristic", state, 150)
    assert {key[0] for key in modelled.table} == {seat}, "only the searching seat's decisions have nodes"
    assert set(asked.asked) - {seat} and all(n > 0 for n in asked.asked.values())
    searched, plain = _search("search", state, 150)
    assert {key[0] for key in searched.table} - {seat}, "without the model the other seats are searched"
    assert not plain.asked  # random rollouts, no guide: the heuristic is never asked
    again, _ = _search("heuristic", state, 150)
    actions = list(state.legal_actions())
    assert again.root_statistics(tuple(actions)) == modelled.root_statistics(tuple(actions))


def test_the_opponent_model_is_refused_unless_named_right() -> None:
    agent = IsmctsAgent(opponents="heuristic")
    assert agent.settings().model_opponents
    try:
        IsmctsAgent(opponents="everyone")
    except ValueError as err:
        assert "opponents" in str(err)
    else:
        raise AssertionError("a bad opponents setting was accepted")
