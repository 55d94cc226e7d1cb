"""Zombie Overlord's evaluation (evaluation.py): well formed, and it prefers what wins the game."""

from __future__ import annotations

import random

from deadtable.games.zombie_overlord import GAME, ZOState
from deadtable.games.zombie_overlord.evaluation import FEATURES, WEIGHTS, evaluate, features

from .helpers import blank


def _random_positions(count: int, players: int = 2) -> list[ZOState]:
    out = []
    for seed in range(count):
        s = GAME.new(players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 200)):
            if s.is_terminal:
                break
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        assert isinstance(s, ZOState)
        out.append(s)
    return out


def test_one_weight_per_feature_and_values_in_range() -> None:
    assert len(WEIGHTS) == len(FEATURES)
    for s in _random_positions(30, players=3):
        for p in range(s.players):
            assert len(features(s, p)) == len(FEATURES)
            v = GAME.evaluate(s, p)
            assert -1.0 <= v <= 1.0


def test_two_players_see_the_same_position_from_both_sides() -> None:
    for s in _random_positions(20):
        if not s.over:
            assert abs(evaluate(s, 0) + evaluate(s, 1)) < 1e-12


def test_more_life_is_better_and_the_end_is_certain() -> None:
    s = blank()
    even = evaluate(s, 0)
    s.life[1] -= 20
    assert evaluate(s, 0) > even > evaluate(s, 1)
    s.life[1] = 0
    s.alive[1] = False
    s.out_order.append(1)
    s.over = True
    assert evaluate(s, 0) == 1.0 and evaluate(s, 1) == -1.0


def test_weights_say_life_and_traps_are_worth_having() -> None:
    """The fitted signs a designer would expect: life, attack and owning Traps all help."""
    w = dict(zip(FEATURES, WEIGHTS, strict=True))
    for name in ("life", "attack", "active_traps", "trap_cost", "led_attack"):
        assert w[name] > 0, name
    assert w["life"] == max(WEIGHTS)
