"""The zombie shedding game as a deadtable game: metadata, options, modes, set-up, evaluation."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from deadtable.core import Agent, Game, GameType, Option, State, Variant
from deadtable.core.cardlists import PIN, PIN_OPTION
from deadtable.core.names import TypedNames
from deadtable.i18n import N_, Message

from . import hands
from .card_text import typed_names
from .cards import BUILTINS, CardSet, load
from .heuristic import evaluate, evaluate_all
from .modes import LAYOUTS, MODES, resolved
from .standing import standing_all
from .state import ShedState
from .text import render
from .view import text_action, why_not

SCREAMER_READINGS = ("house", "literal")  # RULINGS ZS-7
# Each mode and team layout in words, for the lobby and the rules panel.
MODE_WORDS = (
    ("auto", N_("by player count (duel for 2, else marathon)")),
    ("duel", N_("Duel (2 players)")),
    ("alliances", N_("Alliances (teams)")),
    ("marathon", N_("Marathon (to 60)")),
    ("blitz", N_("Blitz (first out wins)")),
    ("outsider", N_("Outsider (last one loses)")),
    ("overlord", N_("Zombie Overlord (points won)")),
)
LAYOUT_WORDS = (
    ("auto", N_("by player count")),
    ("2v2", N_("2 versus 2")),
    ("2v2v2", N_("2 versus 2 versus 2")),
    ("2v2v2v2", N_("2 versus 2 versus 2 versus 2")),
    ("3v3", N_("3 versus 3")),
    ("4v4", N_("4 versus 4")),
)


@cache
def _typed_names(cards: CardSet) -> TypedNames:
    """Built when a typed text first misses the action ids (a person at the terminal), not with
    the card set: bots and simulations never read the Spanish and Russian catalogues for it."""
    return typed_names(cards.names, cards.slugs)


class ZombieShedding(Game):
    id = "zombie-shedding"
    name = N_("Zombie shedding game")
    min_players = 2
    max_players = 8
    # Zero-sum with two players: every seat is ranked (`Outcome.from_scores`), so a 2-player game
    # names a winner or shares the win. Chance and hidden hands: the shuffled deck.
    game_type = GameType(zero_sum=True, chance=True, perfect_information=False)
    card_lists = BUILTINS  # the built-in lists, for records from before pinning
    options = (
        Option(
            "mode",
            "auto",
            N_(
                "duel (2), alliances (4/6/8, teams), marathon (3-8, to 60), blitz (3-8, first out wins), "
                "outsider (3-8, last one loses) or overlord (2-8, first past players x 30); "
                "auto: duel for 2 players, else marathon (house reading ZS-H9)"
            ),
            choices=MODES,
            label=N_("Mode"),
            value_labels=MODE_WORDS,
        ),
        Option(
            "teams",
            "auto",
            N_(
                "Alliances layout: 2v2, 2v2v2, 2v2v2v2 (to 60), 3v3 (to 90), 4v4 (to 120); "
                "auto: 2v2, 2v2v2 or 2v2v2v2 by player count"
            ),
            choices=LAYOUTS,
            label=N_("Alliance teams"),
            value_labels=LAYOUT_WORDS,
        ),
        Option(
            "cards",
            "",
            N_("A TOML card list to use instead of the built-in one (a reconstruction, RULINGS ZS-1)"),
            house_rule="ZS-1",
            label=N_("Card file"),
            value_labels=(("", N_("the built-in list")),),
        ),
        Option(
            "screamer",
            "house",
            N_(
                "The Screamer's finish in Zombie Overlord mode, where points are won: house adds 15 to "
                "the finisher's score; literal deducts 15 as printed, never below 0 (RULINGS ZS-7)"
            ),
            choices=SCREAMER_READINGS,
            house_rule="ZS-7",
            label=N_("The Screamer's finish"),
            value_labels=(
                ("house", N_("adds 15 (house reading)")),
                ("literal", N_("deducts 15 (as printed)")),
            ),
        ),
        PIN_OPTION,  # the card list the game was dealt with, set when it deals
    )
    summary = N_(
        "A shedding game with zombies: match the number, the corporation, a card's effect or play "
        "an event; get rid of your cards first. Six modes, teams, two decks for 5 to 8 players. "
        "The card list is the project's reconstruction (RULINGS ZS-1)."
    )

    def validate(self, players: int, options: dict[str, Any]) -> None:
        resolved(players, options["mode"], options["teams"])
        load(options["cards"], options[PIN])

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = ShedState()
        state._init_base(self, players, seed, options)
        state.cards = load(options["cards"], options[PIN])
        options[PIN] = state.cards.sha  # the record says which list the game was dealt with
        state.mode = resolved(players, options["mode"], options["teams"])
        hands.setup(state)
        return state

    def typed_names(self, state: State) -> TypedNames:
        """Card and corporation names as the table shows them, in any language, for the ids."""
        assert isinstance(state, ShedState)
        return _typed_names(state.cards)

    def card_texts(self, options: dict[str, Any]) -> dict[str, dict[str, str]] | None:
        """Every card's name and effects, by the word action texts use ("lady-mimic"): the effects
        are the card's texts joined by "; ", each a text of the context "zombie-shedding:card"."""
        from .card_text import effect_text

        cards = load(options.get("cards", "") or "", options.get(PIN, "") or "")
        return {
            c.slug: {"title": c.name, "text": "; ".join(effect_text(e, dict(p)) for e, p in c.effects)}
            for c in cards.cards
        }

    def explain_illegal(self, state: State, text: str) -> Message:
        """Why `text` is not allowed, citing the rule when it names a known kind of action."""
        assert isinstance(state, ShedState)
        return why_not(state, text_action(text), text)

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        return render(view, lang)

    def evaluate(self, state: State, player: int) -> float:
        """About -1..1 for `player`: in Marathon its projected standing (standing.py), else hand
        sizes, hand points and score margins (heuristic.py)."""
        assert isinstance(state, ShedState)
        if state.mode.name == "marathon":
            return standing_all(state)[player]
        return evaluate(state, player)

    def evaluate_all(self, state: State) -> list[float]:
        assert isinstance(state, ShedState)
        if state.mode.name == "marathon":
            return standing_all(state)
        return evaluate_all(state)

    def agents(self) -> dict[str, Callable[[], Agent]]:
        from .heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_settings(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """In Marathon, the other seats played by the heuristic inside the search (`opponents=
        heuristic`) and in the rollouts, and the positions scored by their projected standing
        (standing.py, `evaluate_all`); at 3 and 4 players each iteration is one determinization
        on which every legal action is played and followed for 8 turns (`sweep`, `tree_depth=1`,
        `rollout_turns=8`, 120 iterations); from 5 players, 200 iterations of 4 actions each
        (their turns round the table are longer). Every other mode keeps the agent's own settings.

        Measured against the heuristic at every other seat (benchmarks/ismcts_strength.py, seed 1;
        docs/figures/strength.md). The agent's own settings won 32.5% of 3-player Marathons and 30%
        at 4, about the fair shares (33% and 25%), while they win 75.8% of Duels: most of a
        Marathon's moves are other seats', which take most of the budget when searched as the
        searcher's own and are played at random in the rollouts. With the opponent model, 300
        iterations of 4 actions and the evaluation of hand sizes, hand points and average score
        margins, 46.7% of 30 3-player Marathons and 35% of 30 at 4 players. The settings above, with
        the projected standing, won 42.4% of 132 at 3 players (95% interval 34.3-51.0%) and 34.1% of
        66 at 4 (23.8-46.1%), at 0.07-0.08 s of CPU a move in plain Python: above the fair shares,
        short of the 1.5x target, and on the same first 30 deals no better than the earlier
        settings beyond noise (15 against 14 at 3 players, 12 against 10.5 at 4); 8-turn rollouts
        searched as a tree (200 iterations) won 44% of 25. Against a hand-end reference (60 positions of
        3-player Marathons, each action followed to the hand's end by 200 heuristic playouts on
        shared samples and scored by the standing after it), the value given up to the best action
        was 0.022 for the heuristic's choice, 0.020 for the earlier settings, 0.015 for them with
        the projected standing and 0.013 for the settings above.
        """
        if mode_of(players, options) != "marathon":
            return {}
        model = {"opponents": "heuristic", "rollout": "heuristic"}
        if players <= 4:
            return {**model, "sweep": True, "tree_depth": 1, "rollout_turns": 8, "iterations": 120}
        return {**model, "iterations": 200}

    def strongest_agent(self, players: int, options: dict[str, Any]) -> str:
        """The search in a Duel (75.8% of 400 games against the heuristic) and in a Marathon with
        the settings above; the heuristic in the modes whose search is not measured to beat it."""
        return "ismcts" if mode_of(players, options) in ("duel", "marathon") else "heuristic"

    def variants(self) -> list[Variant]:
        """Every mode, every team layout, one and two decks, every player count 2 to 8."""
        v = Variant
        return [
            v("duel", 2, {"mode": "duel"}, "1v1 to 60"),
            v("alliances-2v2", 4, {"mode": "alliances", "teams": "2v2"}, "one deck, first out ends"),
            v("alliances-2v2v2", 6, {"mode": "alliances", "teams": "2v2v2"}, "two decks, three teams"),
            v("alliances-2v2v2v2", 8, {"mode": "alliances", "teams": "2v2v2v2"}, "two decks, four teams"),
            v("alliances-3v3", 6, {"mode": "alliances", "teams": "3v3"}, "two out end a hand, to 90"),
            v("alliances-4v4", 8, {"mode": "alliances", "teams": "4v4"}, "two out end a hand, to 120"),
            v("marathon-3p", 3, {"mode": "marathon"}, "one deck"),
            v("marathon-5p", 5, {"mode": "marathon"}, "two decks"),
            v("blitz-4p", 4, {"mode": "blitz"}, "one deck"),
            v("blitz-7p", 7, {"mode": "blitz"}, "two decks"),
            v("outsider-3p", 3, {"mode": "outsider"}, "one deck"),
            v("outsider-8p", 8, {"mode": "outsider"}, "two decks"),
            v("overlord-4p", 4, {"mode": "overlord"}, "one deck, first past 120"),
            v("overlord-6p", 6, {"mode": "overlord"}, "two decks, first past 180"),
        ]


def mode_of(players: int, options: dict[str, Any]) -> str:
    """The name of the mode a table of `players` with `options` plays (the variants' options may
    leave the mode and the layout out: "auto")."""
    return resolved(players, options.get("mode", "auto"), options.get("teams", "auto")).name


GAME = ZombieShedding()
