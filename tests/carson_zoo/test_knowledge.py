"""Carson City Zoo's determinize uses everything a seat knows and nothing more.

What every seat knows: each stack's top value (CZ-1), every zoo card taken (its value, seen when
taken) and the mutants found. So the count of each value left on the board is known exactly, and
a value's unfound mutant is equally likely to be any card of that value still on the board
(taken cards proved safe): the sampler must keep the counts and spread the mutant uniformly.
"""

from __future__ import annotations

import random
from collections import Counter

from deadtable.games.carson_zoo import GAME, ZooState
from deadtable.games.carson_zoo.board import CARDS_PER_VALUE, MUTANT, MUTANT_VALUES, ZOO_VALUES

SAMPLES = 1000


def mid_game(seed: int, moves: int) -> ZooState:
    state = GAME.new(2, seed=seed)
    assert isinstance(state, ZooState)
    rng = random.Random(seed)
    for _ in range(moves):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


def test_value_counts_on_the_board_are_kept_and_mutants_sit_on_their_value() -> None:
    state = mid_game(11, 12)
    taken = Counter(state.taken_zoo)
    assert taken, "the case needs zoo cards taken"
    rng = random.Random(24)
    for _ in range(SAMPLES):
        s = state.determinize(0, rng)
        on_board = Counter(c & 7 for st in s.stacks for c in st)
        assert all(on_board[v] == CARDS_PER_VALUE - taken[v] for v in ZOO_VALUES)
        mutants = sorted(c & 7 for st in s.stacks for c in st if c & MUTANT)
        assert mutants == sorted(set(MUTANT_VALUES) - set(state.found_mutants))


def test_an_unfound_mutant_is_spread_evenly_over_the_tops_of_its_value() -> None:
    state = mid_game(11, 12)
    v = next(v for v in MUTANT_VALUES if v not in state.found_mutants)
    tops = [i for i, st in enumerate(state.stacks) if st and st[-1] & 7 == v]
    assert len(tops) >= 2, "the case needs two visible tops of that value"
    on_board = CARDS_PER_VALUE - state.taken_zoo.count(v)
    rng = random.Random(5)
    hits: Counter[int] = Counter()
    for _ in range(SAMPLES):
        s = state.determinize(1, rng)
        for i in tops:
            hits[i] += bool(s.stacks[i][-1] & MUTANT)
    expected = SAMPLES / on_board  # every card of value v left on the board is as likely
    assert all(abs(hits[i] - expected) < 4 * (expected**0.5) + 5 for i in tops), (hits, expected)
