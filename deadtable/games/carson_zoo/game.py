"""Carson City Zoo Apocalypse as a deadtable game: metadata, set-up, evaluation."""

from __future__ import annotations

from typing import Any

from deadtable.core import Game, State

from .board import CHARACTER_VALUES, NEIGHBOURS, POSITIONS
from .state import Move, Place, ZooState
from .text import render


class CarsonZoo(Game):
    id = "carson-zoo"
    name = "Carson City Zoo Apocalypse"
    min_players = 2
    max_players = 4
    options = ()
    summary = (
        "Place and move your four characters (3 to 6) on a 5x5 grid of zoo cards to capture the "
        "most points, while four hidden mutants wait under the cards of value 0 to 3."
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = ZooState()
        state._init_base(self, players, seed, options)
        state.setup()
        return state

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        return render(view)

    def action_space(self, players: int, options: dict[str, Any]) -> list[str] | None:
        """Every "place V POS" (CZ-3) and every "move SRC DST" between orthogonal neighbours (CZ-4)."""
        places = [str(Place(v, pos)) for v in CHARACTER_VALUES for pos in range(POSITIONS)]
        moves = [str(Move(src, dst)) for src in range(POSITIONS) for dst in NEIGHBOURS[src]]
        return places + moves

    def evaluate(self, state: State, player: int) -> float:
        """Score margin over the best opponent, scaled to about -1..1."""
        assert isinstance(state, ZooState)
        scores = state.scores()
        best_other = max(s for i, s in enumerate(scores) if i != player)
        return (scores[player] - best_other) / 40.0


GAME = CarsonZoo()
