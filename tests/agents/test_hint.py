"""Hints: the game's strongest bot at the table's size (its search, or its heuristic, greedy where it
has none) from the seat's own view only.

Twins: two games whose states differ only in cards the seat to act cannot see get the same hint at
every move where that seat's views agree (tests/surfaces/twins.py makes them)."""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.agents.hint import _new_lines, game_words, hint_agent, hint_bot, info_for, suggest, told, words
from deadtable.core import State
from deadtable.games.zombie_overlord.words import PLAY_WORDS, STEP_WORDS
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


def _said(state: State) -> list[str]:
    """The hint's words (`words`), rendered in English and in Russian."""
    move = len(state.history)
    info = info_for(state, move)
    said = words(info, state.game, suggest(info, state.game, move), move)
    return [m.render(lang) for m in said for lang in ("en", "ru")]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_the_games_strongest_bot_at_the_tables_size(game_id: str) -> None:
    the_game = deadtable.game(game_id)
    for variant in the_game.variants():
        expected = the_game.strongest_agent(variant.players, variant.options)
        assert expected in ("ismcts", *the_game.agents(), "greedy")
        assert hint_agent(the_game, variant.players, variant.options).name == expected
        assert hint_bot(the_game, variant.players, variant.options) == expected
    assert hint_agent(the_game).name == "ismcts"  # every duel: the search beats the heuristic


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_is_a_legal_action_and_the_same_when_asked_again(game_id: str) -> None:
    the_game = deadtable.game(game_id)
    state = the_game.new(2, 11)
    rng = random.Random(11)
    asked = 0
    while not state.is_terminal and len(state.history) < 30 and asked < 6:  # a hint may be a search
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
        assert _said(a) == _said(b)  # ...and what the hint says of it
        compared += 1
    assert compared >= 1, "the twins share no decision of the seat with a choice"


@pytest.mark.parametrize("game_id", ["overlords", "zombie-overlord", "zombie-shedding"])
def test_a_hint_tells_a_move_as_the_seats_log_would_and_only_lines_the_real_move_tells(game_id: str) -> None:
    # Every line the hint tells is one the seat's log really gains when the move is played (the
    # samples agree on it, so it does not hang on a hidden card), in the same order, from the first.
    the_game = deadtable.game(game_id)
    state = the_game.new(2, 5)
    rng = random.Random(5)
    narrated = 0
    while not state.is_terminal and len(state.history) < 60:
        legal = state.legal_actions()
        if len(legal) > 1:
            move = len(state.history)
            info = info_for(state, move)
            action = suggest(info, the_game, move)
            if game_words(the_game, info.view, action) is None:  # else the hint says the game's words
                lines = [m.to_json() for m in told(info, action, move)]
                real = _new_lines(state.clone(), state.current_player, action)
                assert lines == real[: len(lines)]
                assert [m.to_json() for m in words(info, the_game, action, move)] == lines
                narrated += bool(lines)
        state.apply(rng.choice(legal))
    assert narrated >= 2, "the log told too few of the hinted moves to compare"


def test_zombie_overlord_says_the_moves_its_log_does_not_tell_in_its_own_words() -> None:
    the_game = deadtable.game("zombie-overlord")
    state = the_game.new(2, 7)
    rng = random.Random(7)
    said = set()
    while not state.is_terminal and len(state.history) < 80:
        legal = state.legal_actions()
        if len(legal) > 1:
            move = len(state.history)
            info = info_for(state, move)
            action = suggest(info, the_game, move)
            first = words(info, the_game, action, move)
            own = game_words(the_game, info.view, action)
            if own is not None:
                assert first == [own] and own.msgid in {*STEP_WORDS.values(), *PLAY_WORDS.values()}
                assert own.render("es") != own.render("en") != own.render("ru")  # translated
                said.add(str(action))
            else:
                assert first == told(info, action, move)
        state.apply(rng.choice(legal))
    assert {"purchase", "play supply"} <= said


def test_carson_zoo_says_a_move_without_the_zoo_card_it_would_take() -> None:
    # The log's line names the card taken (a mutant or not), hidden until the move: never told ahead.
    the_game = deadtable.game("carson-zoo")
    state = the_game.new(2, 5)
    rng = random.Random(5)
    while not state.is_terminal and len(state.history) < 20:
        legal = state.legal_actions()
        if len(legal) > 1:
            move = len(state.history)
            info = info_for(state, move)
            action = suggest(info, the_game, move)
            said = words(info, the_game, action, move)
            assert len(said) == 1 and said[0] == game_words(the_game, info.view, action)
            english = said[0].render("en")
            assert "take" not in english and str(action).split()[-1] in english
            assert said[0].render("es") != english
        state.apply(rng.choice(legal))


def test_the_shedding_game_s_hints_search_where_the_search_was_measured_stronger() -> None:
    shedding = deadtable.game("zombie-shedding")
    assert hint_bot(shedding, 2, {"mode": "duel"}) == "ismcts"
    assert hint_bot(shedding, 3, {}) == "ismcts"  # Marathon, the mode 3 players get by default
    assert hint_bot(shedding, 4, {"mode": "alliances", "teams": "2v2"}) == "heuristic"
