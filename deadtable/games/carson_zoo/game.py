"""Carson City Zoo Apocalypse as a deadtable game: metadata, set-up, evaluation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deadtable.core import Action, Agent, Game, GameType, State
from deadtable.core.words import number
from deadtable.i18n import N_, Message

from . import board
from .actions import Move, Place
from .state import ZooState
from .text import render


class CarsonZoo(Game):
    id = "carson-zoo"
    name = N_("Carson City Zoo Apocalypse")
    min_players = 2
    max_players = 4
    # Zero-sum with two players: every seat is ranked by its score (`Outcome.from_scores`), so a
    # 2-player game names a winner or shares the win. Chance: the shuffled zoo stacks (CZ-1);
    # the mutants under them are hidden.
    game_type = GameType(zero_sum=True, chance=True, perfect_information=False)
    options = ()
    summary = N_(
        "Place and move your four characters (3 to 6) on a 5x5 grid of zoo cards to capture the "
        "most points, while four hidden mutants wait under the cards of value 0 to 3."
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = ZooState()
        state._init_base(self, players, seed, options)
        state.setup()
        return state

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        return render(view, lang)

    def explain_illegal(self, state: State, text: str) -> Message:
        """Why `text` is not legal now, citing the rule (CZ-3 to CZ-5), in the reader's language."""
        assert isinstance(state, ZooState)
        action = parse_action_text(text)
        if action is None:
            return Message(
                "{text!r} is not a Carson City Zoo action: write place VALUE POSITION (place 5 c3) "
                "or move FROM TO (move c3 c4)",
                text=text,
            )
        if (
            action in state.legal_actions()
        ):  # "place 05 c3": a legal action, not written as the game writes it
            return Message("{text!r} is written {action} in this game", text=text, action=str(action))
        return state.why_not(action)

    def evaluate(self, state: State, player: int) -> float:
        """Score margin over the best opponent, scaled to about -1..1."""
        assert isinstance(state, ZooState)
        scores = state.scores()
        best_other = max(s for i, s in enumerate(scores) if i != player)
        return (scores[player] - best_other) / 40.0

    def agents(self) -> dict[str, Callable[[], Agent]]:
        """The heuristic: the best expected capture now, avoiding a capture next turn (heuristic.py)."""
        from .heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_settings(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The other seats played by the heuristic inside the search (`opponents=heuristic`) and in
        the rollouts, the iterations fewer as the seats grow so a move stays near 0.1 s of CPU in
        plain Python (more legal moves and longer turns round the table at 3 and 4).

        Measured against the heuristic at every other seat (benchmarks/ismcts_strength.py, seed 1):
        the agent's own defaults (random rollouts, every seat searched) won 46.7% of 2-player games
        and 11.2% at 4 players (fair share 25%); heuristic rollouts alone, 250 iterations, 47.5% of
        20 at 2 players. A decision has 20 to 100 legal moves, so a tree over every seat's moves
        gives each of the searcher's few samples; with the other seats played as the heuristic
        plays them the whole budget goes to the searcher's moves. The settings below won 84.8% of
        200 2-player games (95% interval 79.1-89.1%), 65.8% of 200 at 3 players (58.9-72.0%; fair
        share 33%) and 53.2% of 200 at 4 players (46.3-60.0%; fair share 25%), at 0.07-0.09 s of
        CPU a move in plain Python (docs/figures/strength.md).
        """
        iterations = {2: 230, 3: 200}.get(players, 170)
        return {"opponents": "heuristic", "rollout": "heuristic", "iterations": iterations}

    def strongest_agent(self, players: int, options: dict[str, Any]) -> str:
        """The search with the settings above: it beats the heuristic at every player count."""
        return "ismcts"


def parse_action_text(text: str) -> Action | None:
    """ "place 5 c3" or "move c3 c4" as an action, legal or not; None when it is neither form.

    >>> parse_action_text("place 5 c3"), parse_action_text("move a1 b2"), parse_action_text("fly")
    (Place(value=5, pos=12), Move(src=0, dst=6), None)
    """
    words = text.lower().split()
    value = number(words[1]) if len(words) == 3 else None  # ASCII digits only: "5²" is no value
    if len(words) == 3 and words[0] == "place" and value is not None:
        pos = board.parse(words[2])
        return Place(value, pos) if pos is not None else None
    if len(words) == 3 and words[0] == "move":
        src, dst = board.parse(words[1]), board.parse(words[2])
        return Move(src, dst) if src is not None and dst is not None else None
    return None


GAME = CarsonZoo()
