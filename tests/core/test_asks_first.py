"""Which moves a table asks about before making them (`Game.asks_first`), game by game.

Only a click that commits more than a player would expect is asked: Overlords' recruit and exchange
(a hidden pick final at once, RULINGS OV-2) and a Zombie Overlord Trap's ability (one tap on the Trap
enters the Action Phase and uses it). Carson City Zoo and the shedding game declare nothing, as a
new game need not. Seeded random games check every legal action along the way.
"""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.core import Action
from deadtable.games.overlords import actions as overlords
from deadtable.games.zombie_overlord import actions as zombie_overlord


def _asked(action: Action) -> bool:
    return isinstance(
        action, overlords.Recruit | overlords.RecruitForDummy | overlords.Exchange | zombie_overlord.Use
    )


# A variant of each game, and Overlords' two others where its other asked kinds come up.
PLAYS: list[tuple[str, int, dict[str, object]]] = [
    ("carson-zoo", 2, {}),
    ("overlords", 4, {"teams": True}),
    ("overlords", 2, {}),
    ("zombie-overlord", 2, {}),
    ("zombie-shedding", 3, {"mode": "marathon"}),
]
ASKED_KINDS = {
    ("carson-zoo", 2): set(),
    ("overlords", 4): {"Recruit", "Exchange"},
    ("overlords", 2): {"Recruit", "RecruitForDummy"},
    ("zombie-overlord", 2): {"Use"},
    ("zombie-shedding", 3): set(),
}


@pytest.mark.parametrize(("game_id", "players", "options"), PLAYS)
def test_only_the_declared_kinds_are_asked(game_id: str, players: int, options: dict[str, object]) -> None:
    game = deadtable.game(game_id)
    asked: set[str] = set()
    for seed in range(3):
        s, rng = game.new(players, seed, **options), random.Random(seed)
        for _ in range(300):
            if s.is_terminal:
                break
            legal = s.legal_actions()
            for action in legal:
                assert game.asks_first(s, action) == _asked(action), str(action)
                if game.asks_first(s, action):
                    asked.add(type(action).__name__)
            s.apply(rng.choice(legal))
    assert asked == ASKED_KINDS[game_id, players]
