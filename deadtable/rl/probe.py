"""Seeded random games that tell the adapters how big a game's decisions and views get.

Learning interfaces need fixed sizes (how many actions, how long an observation vector) while the
deadtable contract only promises lists and JSON. A probe plays a few seeded random games through the
core contract and keeps the largest legal-action count, the longest game and a sample of positions.
It is deterministic: the same game, player count and options give the same probe, so two
environments built apart agree on every size.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from deadtable.core import Game, State, game
from deadtable.core.options import resolve_options

PROBE_GAMES = 8  # seeded random games per (game, players, options)
PROBE_STATES_PER_GAME = 24  # positions kept from each, evenly spread over the game
PROBE_MAX_STEPS = 20_000


@dataclass(frozen=True)
class Probe:
    """What a few random games showed: the largest legal-action count, the longest game, positions."""

    max_legal: int
    max_length: int
    states: tuple[State, ...]


def resolved(g: Game, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The options as the game resolves them (defaults filled in, values checked)."""
    out = resolve_options(g.options, options)
    g.validate(players, out)
    return out


def probe(g: Game, players: int, options: dict[str, Any]) -> Probe:
    return _probe(g.id, players, tuple(sorted(options.items())))


@cache
def _probe(game_id: str, players: int, items: tuple[tuple[str, Any], ...]) -> Probe:
    g = game(game_id)
    options = dict(items)
    max_legal = 1
    max_length = 1
    kept: list[State] = []
    for seed in range(PROBE_GAMES):
        state = g.new(players, 10_000 + seed, **options)
        rng = random.Random(seed)
        trail: list[State] = []
        steps = 0
        while not state.is_terminal and steps < PROBE_MAX_STEPS:
            actions = state.legal_actions()
            max_legal = max(max_legal, len(actions))
            trail.append(state.clone())
            state.apply_trusted(actions[rng.randrange(len(actions))])
            steps += 1
        trail.append(state)
        max_length = max(max_length, steps)
        stride = max(1, len(trail) // PROBE_STATES_PER_GAME)
        kept.extend(trail[::stride])
        kept.append(trail[-1])
    return Probe(max_legal, max_length, tuple(kept))
