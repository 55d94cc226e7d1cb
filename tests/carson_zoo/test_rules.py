"""Scenario tests for Carson City Zoo Apocalypse: one per rule of the rulebook and ruling CZ-1..CZ-7."""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.core import IllegalAction
from deadtable.games.carson_zoo import Move, Place, ZooState
from deadtable.games.carson_zoo.board import MUTANT, parse

GAME = deadtable.game("carson-zoo")


def P(name: str) -> int:
    pos = parse(name)
    assert pos is not None
    return pos


def position(players: int = 2, to_act: int = 0, stacks: dict[str, list[int]] | None = None) -> ZooState:
    """A game whose stacks are all [1, 1] (no mutants) unless given, with `to_act` to play."""
    state = GAME.new(players, seed=0)
    assert isinstance(state, ZooState)
    state.stacks = [[1, 1] for _ in range(25)]
    for name, cards in (stacks or {}).items():
        state.stacks[P(name)] = list(cards)
    state.to_act = to_act
    return state


def put(state: ZooState, where: str, owner: int, value: int, *, mutant: bool = False) -> None:
    """Stand a character (taken from its owner's hand) or a mutant on a position."""
    if value in state.hands[owner]:
        state.hands[owner].remove(value)
    pos = P(where)
    state.owner[pos], state.piece_value[pos], state.mutant[pos] = owner, value, mutant


def test_setup_deals_two_cards_per_position_and_four_mutants() -> None:  # CZ-2
    state = GAME.new(4, seed=11)
    assert isinstance(state, ZooState)
    cards = [c for s in state.stacks for c in s]
    assert all(len(s) == 2 for s in state.stacks) and len(cards) == 50
    for v in range(5):
        assert sum(1 for c in cards if c & 7 == v) == 10
    assert sorted(c & 7 for c in cards if c & MUTANT) == [0, 1, 2, 3]
    assert state.hands == [[3, 4, 5, 6]] * 4


def test_first_player_is_drawn_from_the_seed() -> None:  # CZ-7
    firsts = {GAME.new(3, seed=s).current_player for s in range(30)}
    assert firsts == {0, 1, 2}
    assert GAME.new(3, seed=5).current_player == GAME.new(3, seed=5).current_player


def test_placing_captures_the_top_card() -> None:  # CZ-3
    state = position(stacks={"c3": [2, 4]})
    state.apply(Place(5, P("c3")))
    assert state.captured[0] == [4]
    assert state.stacks[P("c3")] == [2]
    assert (state.owner[P("c3")], state.piece_value[P("c3")]) == (0, 5)
    assert state.hands[0] == [3, 4, 6]
    assert state.current_player == 1


def test_placing_needs_a_card_and_no_character_or_mutant() -> None:  # CZ-3
    state = position(stacks={"a1": []})
    put(state, "b1", 1, 4)
    put(state, "c1", 1, 3, mutant=True)
    legal = state.legal_actions()
    for where in ("a1", "b1", "c1"):
        assert Place(5, P(where)) not in legal
    with pytest.raises(IllegalAction, match="no zoo card"):
        state.apply(Place(5, P("a1")))
    with pytest.raises(IllegalAction, match="holds a character"):
        state.apply(Place(5, P("b1")))
    with pytest.raises(IllegalAction, match="holds a mutant"):  # a mutant cannot be taken by placing
        state.apply(Place(5, P("c1")))


def test_moving_captures_the_adjacent_top_card_orthogonally_only() -> None:  # CZ-4
    state = position(stacks={"c4": [0, 3]})
    put(state, "c3", 0, 4)
    state.apply(Move(P("c3"), P("c4")))
    assert state.captured[0] == [3]
    assert state.owner[P("c4")] == 0 and state.owner[P("c3")] == -1
    assert state.stacks[P("c3")] == [1, 1], "the cards left behind stay where they were"
    state.to_act = 0
    with pytest.raises(IllegalAction, match="never diagonally"):
        state.apply(Move(P("c4"), P("d5")))
    with pytest.raises(IllegalAction, match="never diagonally"):
        state.apply(Move(P("c4"), P("c2")))


def test_a_character_captures_a_lower_opponent() -> None:  # rulebook: a 5 captures 3, 4 or 5
    state = position(stacks={"b2": [2, 0]})
    put(state, "b1", 0, 5)
    put(state, "b2", 1, 4)
    state.apply(Move(P("b1"), P("b2")))
    assert state.captured[0] == [4], "the captured character scores its value"
    assert state.owner[P("b2")] == 0 and state.piece_value[P("b2")] == 5
    assert state.stacks[P("b2")] == [2, 0], "capturing a character takes no zoo card"
    assert 4 not in state.hands[1] and state.scores()[1] == 3 + 5 + 6


def test_equal_value_capture_and_no_higher_capture() -> None:
    state = position()
    put(state, "b1", 0, 5)
    put(state, "b2", 1, 5)
    put(state, "a1", 1, 6)
    assert Move(P("b1"), P("b2")) in state.legal_actions()
    with pytest.raises(IllegalAction, match="cannot capture the 6"):
        state.apply(Move(P("b1"), P("a1")))
    state.apply(Move(P("b1"), P("b2")))
    assert state.captured[0] == [5]


def test_no_move_onto_ones_own_character() -> None:
    state = position()
    put(state, "b1", 0, 5)
    put(state, "b2", 0, 3)
    with pytest.raises(IllegalAction, match="your own character"):
        state.apply(Move(P("b1"), P("b2")))


def test_no_move_into_an_empty_position() -> None:  # rulebook note
    state = position(stacks={"b2": []})
    put(state, "b1", 0, 5)
    assert Move(P("b1"), P("b2")) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="empty"):
        state.apply(Move(P("b1"), P("b2")))


def test_mutant_revealed_on_place() -> None:  # CZ-5
    state = position(stacks={"d4": [4, 2 | MUTANT]})
    state.apply(Place(6, P("d4")))
    assert state.captured[0] == [2], "the mutant card still scores its face value"
    assert state.mutant[P("d4")] and state.piece_value[P("d4")] == 6
    assert state.found_mutants == [2]
    assert state.scores()[0] == 2 + 3 + 4 + 5, "the lost 6 no longer counts"
    state.to_act = 0
    assert not any(isinstance(a, Move) and a.src == P("d4") for a in state.legal_actions())


def test_mutant_revealed_on_move() -> None:  # CZ-5
    state = position(stacks={"a2": [1, 0 | MUTANT]})
    put(state, "a1", 0, 3)
    state.apply(Move(P("a1"), P("a2")))
    assert state.captured[0] == [0]
    assert state.mutant[P("a2")] and state.owner[P("a1")] == -1
    assert state.scores()[0] == 0 + 4 + 5 + 6


def test_a_lower_character_captures_a_mutant_and_scores_its_value() -> None:  # CZ-6
    state = position(to_act=1)
    put(state, "c3", 0, 6, mutant=True)
    put(state, "c2", 1, 3)
    state.apply(Move(P("c2"), P("c3")))
    assert state.captured[1] == [6]
    assert state.owner[P("c3")] == 1 and not state.mutant[P("c3")] and state.piece_value[P("c3")] == 3


def test_lower_card_is_seen_once_the_top_is_taken() -> None:  # CZ-1
    state = position(stacks={"e5": [3, 0]})
    view = state.view(1)
    cell = next(c for c in view["board"] if c["pos"] == "e5")
    assert (cell["top"], cell["height"]) == (0, 2)
    state.apply(Place(4, P("e5")))
    cell = next(c for c in state.view(1)["board"] if c["pos"] == "e5")
    assert (cell["top"], cell["height"]) == (3, 1)


def test_the_game_ends_when_the_player_to_act_has_no_action() -> None:  # CZ-7
    # Player 1 has no character left and none on the board; player 0 could still act.
    state = position(stacks={"a1": [2, 2]})
    state.hands[1] = []
    state.apply(Place(3, P("a1")))
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Place(4, P("b1")))


def test_a_stuck_player_cannot_pass_while_a_move_exists() -> None:  # "they may not choose to pass"
    state = position()
    state.hands[0] = []
    put(state, "c3", 0, 3)
    assert state.legal_actions(), "a move to a neighbouring stack is required"
    assert all(isinstance(a, Move) for a in state.legal_actions())


def test_final_scoring_counts_captures_hand_and_board_but_not_mutants() -> None:
    state = position(players=3)
    state.captured = [[4, 3, 6], [0], []]
    put(state, "a1", 0, 5)
    put(state, "a2", 0, 6, mutant=True)
    put(state, "e5", 1, 3)
    state.hands[2] = []
    put(state, "e1", 2, 4, mutant=True)
    assert state.scores() == [13 + 3 + 4 + 5, 0 + 3 + 4 + 5 + 6, 0]
    state.to_act = None
    out = state.outcome()
    assert out.winners == (0,) and out.ranks == (1, 2, 3)


def test_ties_share_the_win() -> None:  # CZ-7
    state = position()
    state.to_act = None
    assert state.outcome().winners == (0, 1)


def test_determinize_keeps_what_is_seen_and_moves_what_is_not() -> None:
    state = GAME.new(2, seed=4)
    assert isinstance(state, ZooState)
    tops = [s[-1] & 7 for s in state.stacks]
    bottoms = set()
    mutant_spots = set()
    for k in range(40):
        sample = state.determinize(0, random.Random(k))
        assert isinstance(sample, ZooState)
        assert [s[-1] & 7 for s in sample.stacks] == tops
        cards = [c for s in sample.stacks for c in s]
        assert sorted(c & 7 for c in cards if c & MUTANT) == [0, 1, 2, 3]
        bottoms.add(tuple(s[0] & 7 for s in sample.stacks))
        mutant_spots.add(tuple(i for i, s in enumerate(sample.stacks) for c in s if c & MUTANT))
    assert len(bottoms) > 30 and len(mutant_spots) > 30


def test_determinize_keeps_found_mutants_found() -> None:
    state = GAME.new(2, seed=8)
    assert isinstance(state, ZooState)
    # Swap a mutant to the top of some stack (the deck's make-up stays the same), then take it.
    spot, depth = next((i, j) for i, s in enumerate(state.stacks) for j, c in enumerate(s) if c & MUTANT)
    top = state.stacks[spot][-1]
    state.stacks[spot][-1], state.stacks[spot][depth] = state.stacks[spot][depth], top
    found = state.stacks[spot][-1] & 7
    state.apply(Place(6, spot))
    assert state.found_mutants == [found]
    for k in range(20):
        sample = state.determinize(1, random.Random(k))
        assert isinstance(sample, ZooState)
        left = sorted(c & 7 for s in sample.stacks for c in s if c & MUTANT)
        assert left == sorted({0, 1, 2, 3} - {found}), "a found mutant is never hidden again"


def test_action_text_round_trips_and_reads_loosely() -> None:
    state = position()
    assert str(Place(5, P("c3"))) == "place 5 c3"
    assert GAME.parse_action(state, "  PLACE 5   C3 ") == Place(5, P("c3"))
    put(state, "b1", 0, 4)
    assert GAME.parse_action(state, "move b1 b2") == Move(P("b1"), P("b2"))
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "move b1 c2")
