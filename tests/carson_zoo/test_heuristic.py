"""Carson City Zoo's heuristic: what it knows (`ZooFacts`), what it chooses, and that it cannot cheat.

The twin tests play the heuristic on pairs of states that differ only in what the seat cannot see
(the covered lower cards and which cards are mutants, RULINGS CZ-1): it must choose the same.
"""

from __future__ import annotations

import random

import deadtable
from deadtable.core import SeatInfo, seat_info
from deadtable.games.carson_zoo import Move, Place, ZooState
from deadtable.games.carson_zoo.board import MUTANT
from deadtable.games.carson_zoo.facts import NO_CARD, mutant_odds
from deadtable.games.carson_zoo.heuristic import HeuristicAgent

from .test_rules import GAME, P, position, put


def choose(state: ZooState) -> str:
    return str(HeuristicAgent().act(SeatInfo.lazy(state), random.Random(0)))


def random_positions(seed: int, every: int = 3) -> list[ZooState]:
    """Copies of the positions along a seeded random 2-player game."""
    state = GAME.new(2, seed)
    assert isinstance(state, ZooState)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal:
        if len(state.history) % every == 0:
            out.append(state.clone())
        acts = state.legal_actions()
        state.apply_trusted(acts[rng.randrange(len(acts))])
    assert all(isinstance(s, ZooState) for s in out)
    return out  # type: ignore[return-value]


def test_it_is_the_games_own_bot() -> None:
    assert "heuristic" in GAME.agents()
    assert "heuristic" in deadtable.game("carson-zoo").describe()["agents"]


def test_facts_show_the_tops_never_a_mutant_mark() -> None:
    state = position(stacks={"a1": [2, 1 | MUTANT], "b1": [], "c1": [4]})
    facts = state.seat_facts(0)
    assert facts.tops[P("a1")] == 1  # the value only: whether it is a mutant is not seen (CZ-1)
    assert facts.tops[P("b1")] == NO_CARD and facts.tops[P("c1")] == 4
    assert facts.seat == 0 and state.seat_facts(1).seat == 1


def test_mutant_odds_count_the_cards_of_a_value_not_yet_taken() -> None:
    # 10 cards a value (CZ-2); two 0s taken, the 1s' mutant found, no 4 is ever a mutant.
    assert mutant_odds([0, 0, 1, 4], [1]) == [1 / 8, 0.0, 1 / 10, 1 / 10, 0.0]
    assert mutant_odds([3] * 10, [])[3] == 0.0  # every 3 taken: none left to be it


def test_it_takes_the_opponents_character_it_can() -> None:
    state = position()
    put(state, "c3", 0, 5)
    put(state, "c4", 1, 4)  # weaker: c3 takes it (CZ-4), 8 points of margin in one move
    assert choose(state) == "move c3 c4"


def test_it_does_not_place_next_to_a_stronger_character() -> None:
    state = position()
    state.stacks = [[1, 4] for _ in range(25)]  # a 4 on every top: every place gains the same
    put(state, "a2", 1, 6)  # next to a1, the first place in the legal order
    state.hands[0] = [3]
    choice = choose(state)
    assert choice.startswith("place 3 ") and choice.split()[2] not in ("a1", "a3", "b2")


def test_it_does_not_walk_next_to_a_stronger_character_for_a_bigger_card() -> None:
    state = position(stacks={"c4": [1, 2], "d3": [1, 2]})  # 2s next to the 6; 1s elsewhere
    state.hands[0] = []
    put(state, "c3", 0, 4)
    put(state, "d4", 1, 6)
    assert choose(state) in ("move c3 b3", "move c3 c2")


def test_it_moves_away_from_a_threat_rather_than_place() -> None:
    state = position()
    state.hands[0] = [3]  # placing it anywhere away from the 6 takes a 1 safely
    put(state, "c3", 0, 4)
    put(state, "c4", 1, 6)  # the 6 takes the 4 on its turn unless the 4 moves away
    assert choose(state).startswith("move c3 ")


def twin(state: ZooState, rng: random.Random) -> ZooState:
    """`state` with its covered cards and unfound mutants dealt again: what seat to act cannot see."""
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, rng)
    assert isinstance(other, ZooState)
    assert other.information_key(seat) == state.information_key(seat)
    return other


def test_twins_that_differ_only_in_hidden_cards_get_the_same_decision() -> None:
    rng = random.Random(7)
    differed = 0
    for seed in (1, 2, 3):
        for state in random_positions(seed):
            if state.is_terminal:
                continue
            other = twin(state, rng)
            differed += other.stacks != state.stacks
            assert state.seat_facts(state.current_player) == other.seat_facts(other.current_player)
            assert choose(other) == choose(state), f"seed {seed}, move {len(state.history)}"
    assert differed > 10  # the twins really hid different cards


def test_eager_and_lazy_infos_give_the_same_facts() -> None:
    for state in random_positions(4, every=5):
        if state.is_terminal:
            continue
        eager = seat_info(state, random.Random(1))
        assert eager.facts() == SeatInfo.lazy(state).facts()


def test_every_choice_is_legal_to_the_end() -> None:
    g = deadtable.game("carson-zoo")
    for players in (2, 3, 4):
        state = g.new(players, 11)
        agent, rng = HeuristicAgent(), random.Random(3)
        while not state.is_terminal:
            info = seat_info(state)
            action = agent.act(info, rng)
            assert action in info.legal_actions
            state.apply(action)
        assert isinstance(state.history[0], Place | Move)
