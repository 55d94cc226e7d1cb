"""Hints (issue 24): the game's heuristic (greedy where there is none) from the seat's own view only.

Twins: two games whose states differ only in cards the seat to act cannot see get the same hint at
every move where that seat's views agree (tests/surfaces/twins.py makes them)."""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.agents.hint import hint_agent, info_for, suggest
from deadtable.core import State
from tests.surfaces.twins import SEAT, redealt

GAMES = ["carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"]


def _after(start: State, actions: list[str]) -> State:
    state = start.clone()
    for text in actions:
        state.apply(state.game.parse_action(state, text))
    return state


def _hint(state: State) -> str:
    move = len(state.history)
    return str(suggest(info_for(state, move), state.game, move))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_the_games_heuristic_else_greedy(game_id: str) -> None:
    the_game = deadtable.game(game_id)
    expected = "heuristic" if "heuristic" in the_game.agents() else "greedy"
    assert hint_agent(the_game).name == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_is_a_legal_action_and_the_same_when_asked_again(game_id: str) -> None:
    the_game = deadtable.game(game_id)
    state = the_game.new(2, 11)
    rng = random.Random(11)
    asked = 0
    while not state.is_terminal and len(state.history) < 30:
        legal = state.legal_actions()
        if len(legal) > 1:
            hint = _hint(state)
            assert hint in {str(a) for a in legal}
            assert _hint(state) == hint  # seeded by the move: asking again gives the same answer
            asked += 1
        state.apply(rng.choice(legal))
    assert asked >= 3, "too few decisions with a choice to check"


@pytest.mark.parametrize("game_id", ["overlords", "zombie-overlord", "zombie-shedding"])
def test_twins_that_differ_only_in_hidden_cards_get_the_same_hints(game_id: str) -> None:
    the_game = deadtable.game(game_id)
    variant = next(v for v in the_game.variants() if v.players == 2)
    twin = redealt(the_game, variant, seed=2, moves=12)
    first_start, second_start = twin.starting_state(False), twin.starting_state(True)
    assert first_start.key() != second_start.key(), "the twins must differ in hidden cards"
    compared = 0
    for k in range(twin.moves + 1):
        a = _after(first_start, twin.first[:k])
        b = _after(second_start, twin.second[:k])
        if a.is_terminal or a.current_player != SEAT or len(a.legal_actions()) < 2:
            continue
        assert a.view(SEAT) == b.view(SEAT)  # what the seat knows is the same...
        assert _hint(a) == _hint(b)  # ...and so is its hint
        compared += 1
    assert compared >= 1, "the twins share no decision of the seat with a choice"
