"""Undo: the window every game shares (deadtable/core/undo.py) and what each game allows.

A seat takes back its own moves since its turn began while they revealed nothing. These tests play
seeded games and scenario positions, and check both sides: what may be taken back, and what ends
the window (each case names the rule that says the move shows something).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import deadtable
from deadtable.core import State
from deadtable.core.undo import UndoWindow, follow, take_back, undone
from deadtable.games.zombie_overlord import GAME as ZO
from deadtable.games.zombie_overlord import ZOState
from tests.zombie_overlord.helpers import blank, give


def steps(s: State, window: UndoWindow, *texts: str) -> UndoWindow:
    for text in texts:
        window = window.play(s, s.game.parse_action(s, text))
    return window


def mine(s: State, window: UndoWindow) -> int:
    return window.count(s, s.current_player)


# -- Zombie Overlord: purchases, placements and phase choices -------------------------------------
def purchase_turn() -> ZOState:
    """P1 at the hub with two Supplies, a Scavenger and a Trap without abilities in hand."""
    s = blank(2, seed=4)
    give(s, 0, "supply", "supply", "scavenger", "ammo-02")
    return s


def test_phase_choices_and_supplies_are_undoable_one_by_one() -> None:
    s = purchase_turn()
    w = steps(s, UndoWindow(), "purchase", "play supply", "play supply")
    assert mine(s, w) == 3  # entering a phase, and Supplies from one's own hand (ZO-5), show nothing
    w = steps(s, w, "play scavenger", "buy scavenger")  # the Scavenger pile is face up (ZO-5)
    assert mine(s, w) == 5
    w = steps(s, w, "end purchasing", "action", "place ammo-02")  # own Trap, no When Placed ability
    assert mine(s, w) == 8


def test_buying_a_trap_refills_the_row_from_the_deck_and_is_final() -> None:
    # Rulebook, Purchase Phase: "Once a Trap leaves the Purchase Row, immediately replace it with the
    # next card from the Trap deck": a card nobody had seen is shown.
    s = purchase_turn()
    give(s, 0, "supply", "supply", "supply", "supply")
    w = steps(s, UndoWindow(), "purchase", *["play supply"] * 6)
    assert mine(s, w) == 7
    cheapest = min(range(len(s.row)), key=lambda i: s.cs.cards[s.row[i]].cost)
    w = steps(s, w, f"buy trap {cheapest + 1}")
    assert mine(s, w) == 0
    w = steps(s, w, "end purchasing")  # a new window opens after the final move
    assert mine(s, w) == 1


def test_buying_a_trap_from_an_emptied_deck_reveals_nothing() -> None:
    s = purchase_turn()
    give(s, 0, "supply", "supply", "supply", "supply")
    s.box += s.trap_deck  # RULINGS ZO-5: with the Trap deck out, the slot stays empty
    s.trap_deck = []
    s.changed()
    cheapest = min(range(len(s.row)), key=lambda i: s.cs.cards[s.row[i]].cost)
    w = steps(s, UndoWindow(), "purchase", *["play supply"] * 6, f"buy trap {cheapest + 1}")
    assert s.row[cheapest] == -1
    assert mine(s, w) == 8


def test_buying_an_action_card_shows_the_top_of_its_deck() -> None:
    s = purchase_turn()  # ZO-5: the top card of the face-down Action deck
    w = steps(s, UndoWindow(), "purchase", "play supply", "play supply", "buy action")
    assert mine(s, w) == 0


def test_a_trap_with_a_when_placed_ability_is_final() -> None:
    s = blank(2, seed=4)
    give(s, 0, "ammo-04")  # When Placed: its ability may draw, look or ask another seat
    w = steps(s, UndoWindow(), "action", "place ammo-04")
    assert mine(s, w) == 0


def test_end_turn_and_attacks_end_the_window() -> None:
    s = purchase_turn()
    w = steps(s, UndoWindow(), "purchase", "end purchasing")
    assert mine(s, w) == 2
    w = steps(s, w, "end turn")  # Lure and Clean Up draw five cards
    assert mine(s, w) == 0 and w.count(s, 0) == 0


def test_only_the_seat_that_moved_may_take_back() -> None:
    s = purchase_turn()
    w = steps(s, UndoWindow(), "purchase")
    assert w.count(s, 0) == 1
    assert w.count(s, 1) == 0 and w.count(s, None) == 0


def test_the_window_belongs_to_its_state_only() -> None:
    s = purchase_turn()
    w = steps(s, UndoWindow(), "purchase")
    later = s.clone()
    later.apply(ZO.parse_action(later, "play supply"))
    assert w.count(later, 0) == 0  # a window known for move 1 says nothing about move 2


# -- undo is truncation and replay ---------------------------------------------------------------
def play_until_undoable(game_id: str, players: int, seed: int) -> tuple[State, UndoWindow, State]:
    """A seeded random game played until its mover may take a move back: the state, the window
    and the state before that move."""
    s = deadtable.game(game_id).new(players, seed)
    w, rng = UndoWindow(), random.Random(seed)
    for _ in range(2000):
        before = s.clone()
        w = w.play(s, rng.choice(s.legal_actions()))
        if mine(s, w):
            return s, w, before
    raise AssertionError("no undoable move in 2000")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_taking_back_replays_to_the_state_before_the_move(seed: int) -> None:
    s, w, before = play_until_undoable("zombie-overlord", 2 + seed % 3, seed)
    seat = s.current_player
    assert seat is not None
    back, w2 = undone(s, w, seat, 1)
    assert back.key() == before.key() and len(back.history) == len(before.history)
    assert w2.count(back, seat) == w.count(s, seat) - 1
    assert back.view(seat) == before.view(seat)
    assert deadtable.replay(back.record()).key() == before.key()


def test_undone_refuses_beyond_the_window() -> None:
    s, w, _ = play_until_undoable("zombie-overlord", 2, 5)
    seat = s.current_player
    assert seat is not None
    with pytest.raises(ValueError):
        undone(s, w, seat, w.count(s, seat) + 1)
    with pytest.raises(ValueError):
        undone(s, w, 1 - seat, 1)


def test_follow_matches_the_window_played_move_by_move() -> None:
    s, w, _ = play_until_undoable("zombie-overlord", 3, 8)
    again, w2 = follow(s.record())
    assert again.key() == s.key() and w2 == w
    assert take_back(s.record(), 0).actions == s.record().actions


# -- the core's guards, whatever a game says ----------------------------------------------------
@pytest.mark.parametrize("game_id", ["zombie-overlord", "zombie-shedding", "overlords", "carson-zoo"])
def test_chance_and_another_seat_end_the_window_even_when_the_game_says_nothing(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = deadtable.game(game_id)
    monkeypatch.setattr(type(game), "reveals_nothing", lambda self, state, action: True)
    s, w, rng = game.new(game.min_players, 11), UndoWindow(), random.Random(11)
    chance_steps = turn_changes = 0
    for _ in range(300):
        if s.is_terminal:
            break
        seat, drawn = s.current_player, s.rng.getstate()
        w = w.play(s, rng.choice(s.legal_actions()))
        if s.rng.getstate() != drawn or s.current_player != seat:
            chance_steps += s.rng.getstate() != drawn
            turn_changes += s.current_player != seat
            assert w.count(s, s.current_player) == 0 and w.count(s, seat) == 0
        else:
            assert w.count(s, seat) >= 1
    assert turn_changes > 0


# -- the other games: nothing they do is undoable, and why -----------------------------------------
WHY_FINAL: dict[str, Any] = {
    # CZ-1, CZ-7: every move is one capture that shows the card under it, and play passes at once.
    "carson-zoo": 2,
    # OV-2: recruiting is a hidden commit answered by the other seats; passed hands show cards.
    "overlords": 3,
    # ZS-4: a card played is face up for all, a card drawn is seen; most plays pass the turn.
    "zombie-shedding": 3,
}


@pytest.mark.parametrize("game_id", sorted(WHY_FINAL))
def test_the_other_games_keep_every_move(game_id: str) -> None:
    game = deadtable.game(game_id)
    s, w, rng = game.new(WHY_FINAL[game_id], 7), UndoWindow(), random.Random(7)
    for _ in range(200):
        if s.is_terminal:
            break
        legal = s.legal_actions()
        assert not any(game.reveals_nothing(s, a) for a in legal)
        w = w.play(s, rng.choice(legal))
        assert mine(s, w) == 0
