"""The terminal board says why characters in hand already count as points, and why the game ended."""

from __future__ import annotations

import random

from rich.text import Text

from deadtable.games.carson_zoo import GAME
from deadtable.games.carson_zoo.state import ZooState


def test_points_count_hands_from_the_start_and_the_board_says_so() -> None:
    st = GAME.new(3, 5)
    assert isinstance(st, ZooState)
    assert st.scores() == [sum(h) for h in st.hands] and min(st.scores()) > 0  # before any move
    text = Text.from_markup(GAME.render_view(st.view(0))).plain
    assert "points: captured cards + your characters in hand or on the board (not mutants)" in text


def test_the_end_names_the_seat_that_could_not_act_in_the_log_and_the_result() -> None:
    for seed in range(6):
        st = GAME.new(2 + seed % 3, seed)
        assert isinstance(st, ZooState)
        rng = random.Random(seed)
        while not st.is_terminal:
            st.apply(rng.choice(st.legal_actions()))
        note = st.outcome().note
        assert not isinstance(note, str)
        stuck = note.params["seat"] - 1
        assert not st._has_action(stuck)  # CZ-7: the seat to act had no legal action
        assert st.view(None)["log"][-1] == str(note)  # told once in the log, and as the result's note
        assert "has no legal action, so the game is over (CZ-7)" in str(note)
