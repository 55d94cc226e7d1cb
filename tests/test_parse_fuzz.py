"""No text crashes a parser: `game.parse_action(state, text)` of every game returns a legal action or
raises IllegalAction, whatever the text (arbitrary Unicode, or a legal action's text with one word
replaced, its digits written as other Unicode digits or superscripts, or extra spaces).

The states are a few along one seeded random game of each variant; hypothesis draws the texts.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deadtable
from deadtable.core import Game, IllegalAction, State

STATES_PER_VARIANT = 4  # the start, then three states spread along a random game
SEED = 7

# Digits that are not ASCII: str.isdigit() or isdecimal() accepts them, int() may or may not.
OTHER_DIGITS = "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९０１２３４５６７８９⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉①②③"
SPACES = (" ", "  ", "\t", "\u00a0", "\u3000", "\n")


def _params() -> list[pytest.param]:
    return [
        pytest.param(g.id, v.name, id=f"{g.id}-{v.name}") for g in deadtable.games() for v in g.variants()
    ]


@cache
def _states(game_id: str, variant: str) -> tuple[Game, tuple[State, ...]]:
    """A few states of one seeded random game of this variant, the start first."""
    game = deadtable.game(game_id)
    v = next(v for v in game.variants() if v.name == variant)
    state = game.new(v.players, seed=SEED, **v.options)
    rng = random.Random(SEED)
    played: list[State] = [state.clone()]
    steps = 0
    while not state.is_terminal and steps < 3000:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if steps in (5, 40, 200):
            played.append(state.clone())
    if len(played) < STATES_PER_VARIANT:
        played.append(state.clone())
    return game, tuple(played)


def _check(game: Game, state: State, text: str) -> None:
    try:
        action = game.parse_action(state, text)
    except IllegalAction as refusal:
        str(refusal)  # the reason renders
        return
    assert action in state.legal_actions(), (text, action)


def _near_miss(draw: st.DrawFn, state: State) -> str:
    legal = state.legal_actions()
    if not legal:
        return draw(st.text(max_size=20))
    words = str(draw(st.sampled_from(legal))).split()
    how = draw(st.sampled_from(("word", "digits", "spaces", "drop", "add")))
    if how == "word":
        i = draw(st.integers(0, len(words) - 1))
        words[i] = draw(
            st.one_of(st.text(max_size=6), st.sampled_from(["", "0", "00", "-1", "99", "p9", "x"]))
        )
    elif how == "digits":
        text = " ".join(words)
        swapped = "".join(
            draw(st.sampled_from(OTHER_DIGITS)) if c.isdigit() and draw(st.booleans()) else c for c in text
        )
        return swapped
    elif how == "spaces":
        return draw(st.sampled_from(SPACES)).join(words) + draw(st.sampled_from(SPACES))
    elif how == "drop":
        words.pop(draw(st.integers(0, len(words) - 1)))
    else:
        words.insert(
            draw(st.integers(0, len(words))), draw(st.sampled_from(["+", "over", "trap", "1", "a1", "x"]))
        )
    return " ".join(words)


@pytest.mark.parametrize(("game_id", "variant"), _params())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_text_is_an_action_or_a_refusal(game_id: str, variant: str, data: st.DataObject) -> None:
    game, states = _states(game_id, variant)
    state = data.draw(st.sampled_from(states))
    text = data.draw(st.one_of(st.text(max_size=30), st.composite(_near_miss)(state)))
    _check(game, state, text)
