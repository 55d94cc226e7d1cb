"""Supply Run as a deadtable game: its metadata, set-up, evaluation and the hooks surfaces ask for.

Each hook is here because a surface asks the game, never a table of games (docs/adding-a-game.md):
`render_view` for the terminal, `agents` for the bots, `explain_illegal` for a person who typed a
move that is not allowed. What only one surface reads is a part of the package instead, found by its
name (deadtable/core/parts.py): `action_space.py` for learning agents, `web/` for the browser,
`texts/` for the rulebook, `text.py`'s `move_words` for a hint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deadtable.core import Agent, Game, GameType, State
from deadtable.core.words import number
from deadtable.i18n import N_, Message

from .state import CRATES, SupplyState
from .text import render


class SupplyRun(Game):
    id = "supply-run"
    name = N_("Supply Run")
    min_players = 2
    max_players = 4
    # Zero-sum with two players: the seats are ranked by their points (`Outcome.from_scores`), so
    # a 2-player game names a winner or shares the win. Chance: the deal and the drop (SR-1, SR-2),
    # which hide the other hands and the crates to come.
    game_type = GameType(zero_sum=True, chance=True, perfect_information=False)
    options = ()
    summary = N_(
        "Six crates are dropped one at a time; everyone puts a hidden run card down for each, "
        "and the highest takes it. The most points after six rounds wins."
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = SupplyState()
        state._init_base(self, players, seed, options)
        state.setup()
        return state

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        return render(view, lang)

    def explain_illegal(self, state: State, text: str) -> Message:
        """Why `text` is not a run card the seat to act can put down (SR-4)."""
        assert isinstance(state, SupplyState) and state.to_act is not None
        words = text.split()
        card = number(words[1]) if len(words) == 2 and words[0] == "bid" else None
        if card is None:
            return Message("{text!r} is not a Supply Run action: write bid CARD (bid 7)", text=text)
        hand = " ".join(str(c) for c in state.hands[state.to_act])
        return Message("you hold no run card {card}; your hand is {hand}", card=card, hand=hand)

    def evaluate(self, state: State, player: int) -> float:
        """The points margin over the best other seat, scaled to about -1..1."""
        assert isinstance(state, SupplyState)
        scores = state.scores()
        best_other = max(s for seat, s in enumerate(scores) if seat != player)
        return (scores[player] - best_other) / sum(CRATES)

    def agents(self) -> dict[str, Callable[[], Agent]]:
        """The heuristic: a run card as strong in the hand as the crate is among those left."""
        from .heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}


GAME = SupplyRun()
