"""Overlords: The Card Game as a deadtable game: options, set-up, variants, evaluation, bots.

Readings of the rulebook where it is silent, beyond RULINGS OV-1 to OV-8; the players' list of them,
with ids OV-H1 ..., is the package's texts/READINGS.<lang>.md (RULINGS ZO-14), shown with the rules:
- The Overlord card starts in a random player's hand (IV: "any player's hand").
- No Hired Hand is activated before the automatic last card: the round ends at once (V).
- Thief: the Thief takes the opponent's top card's place; the stolen card goes on top of the
  activator's army. Blue Knight: the card taken from the draw pile goes on top of the activator's
  army (a Hired Hand taken goes aside). Both are seen by everyone.
- Medusa and Lich King flip the opponents' hands face up on the table: every seat sees them.
  Lich King swaps one pair of players' hands, or none. A second Medusa in a turn overrides the
  first; Medusa's card is the first of a Black Knight's two picks.
- 2 players: P1 is the first player; control of the dummy alternates every turn for the whole
  game. The dummy's army is an opponent's army for Thief and Red Knight; the dummy takes no part
  in Sorcerer, Medusa or Lich King. If the controller's hand has no Monster left for the dummy,
  the dummy takes a Hired Hand straight into its army (XIII's last sentence).
- Team game: each turn starts with the exchange, then activations, then recruiting. Both
  teammates commit hidden offers ("exchange <card>" or "no exchange"); the cards change hands only
  if both offered. Medusa and Lich King flip only the opponents' hands.
- Armies: every card enters an army face up, so what an army holds is public; the view shows other
  armies' top cards only, as the table does (V).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deadtable.core import Action, Agent, CardDataError, Game, GameType, Option, OptionError, State, Variant
from deadtable.core.cardlists import PIN, PIN_OPTION
from deadtable.i18n import N_, Message

from .actions import Exchange, Recruit, RecruitForDummy
from .cards import BUILTINS, load
from .state import LAYOUT, OverlordsState

CHOSEN_EXAMPLE = "black knight,red knight,blue knight,thief,sorcerer,medusa,lich king"


class Overlords(Game):
    id = "overlords"
    name = N_("Overlords: The Card Game")
    min_players = 2
    max_players = 4
    # Zero-sum with two players: every seat is ranked by its score (`Outcome.from_scores`), so a
    # 2-player game names a winner or shares the win. Chance and hidden hands: the shuffled deck.
    game_type = GameType(zero_sum=True, chance=True, perfect_information=False)
    card_lists = BUILTINS  # the built-in lists, for records from before pinning
    options = (
        Option(
            "cards",
            "",
            N_("Your own card file (TOML, like data/cards.toml); empty: the printed set."),
            label=N_("Card file"),
            value_labels=(("", N_("the printed set")),),
        ),
        Option(
            "hired_hands",
            "random",
            N_(
                "Which 7 Hired Hands join the deck: 'random', or 7 names separated by commas, for "
                "example 'black knight,red knight,blue knight,thief,sorcerer,medusa,lich king' (OV-1)."
            ),
            label=N_("Hired Hands"),
            value_labels=(("random", N_("7 drawn at random")),),
        ),
        Option(
            "teams",
            False,
            N_("2 versus 2 team game (4 players; teammates sit opposite; house readings OV-H8, OV-H9)."),
            label=N_("2 versus 2 teams"),
        ),
        PIN_OPTION,  # the card list the game was dealt with, set when it deals
    )
    summary = N_(
        "Recruit one card each turn and pass the rest of your hand to the left; score sets of "
        "Monsters and use Hired Hands. 2 players with a dummy, 3, 4, or 2 versus 2."
    )

    def validate(self, players: int, options: dict[str, Any]) -> None:
        if options["teams"] and players != 4:
            raise OptionError("the team game is 2 versus 2: it needs exactly 4 players (XIII)")
        cards = load(options["cards"], options[PIN])
        hands, per_hand, rounds = LAYOUT[players]
        need = hands * per_hand * rounds
        have = len(cards.monster_deck()) + cards.hired_hands_in_game
        if have < need:
            raise CardDataError(
                "{where}: card 'deck', field 'count': {players} players need {need} cards "
                "({hands} hands of {per_hand}, {rounds} rounds) but the deck has {have}",
                where=cards.source,
                players=players,
                need=need,
                hands=hands,
                per_hand=per_hand,
                rounds=rounds,
                have=have,
            )
        self.chosen(options)

    def chosen(self, options: dict[str, Any]) -> list[int] | None:
        """The Hired Hands chosen by the players (OV-1), or None to draw them at random."""
        text = str(options["hired_hands"]).strip().lower()
        if text == "random":
            return None
        cards = load(options["cards"], options[PIN])
        out = []
        for part in text.split(","):
            try:
                k = cards.kind(part)
            except KeyError:
                raise OptionError(
                    "hired_hands: there is no card called {name!r}", name=part.strip()
                ) from None
            if not cards.hired[k]:
                raise OptionError("hired_hands: {card} is a Monster, not a Hired Hand", card=cards.names[k])
            out.append(k)
        if len(out) != cards.hired_hands_in_game:
            raise OptionError(
                "hired_hands: choose exactly {wanted}, not {n}", wanted=cards.hired_hands_in_game, n=len(out)
            )
        for k in set(out):
            if out.count(k) > cards.counts[k]:
                raise OptionError(
                    "hired_hands: there are only {n} {card} cards", n=cards.counts[k], card=cards.names[k]
                )
        return sorted(out)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = OverlordsState()
        state._init_base(self, players, seed, options)
        cards = load(options["cards"], options[PIN])
        options[PIN] = cards.sha  # the record says which card set the game was dealt with
        state.setup(cards, self.chosen(options))
        return state

    def card_texts(self, options: dict[str, Any]) -> dict[str, dict[str, str]] | None:
        """Every card's printed name and text, by the word action texts use ("undead warrior 2"),
        and the Overlord card's (IV); readers translate them in the context "overlords:card"."""
        cards = load(str(options.get("cards", "") or ""), str(options.get(PIN, "") or ""))
        out = {
            slug: {"title": name, "text": text}
            for slug, name, text in zip(cards.slugs, cards.names, cards.texts, strict=True)
        }
        out["overlord"] = {"title": cards.overlord_name, "text": cards.overlord_text}
        return out

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        from .text import render

        return render(view, lang)

    def explain_illegal(self, state: State, text: str) -> Message:
        from .hired_hands import why_not

        assert isinstance(state, OverlordsState)
        return why_not(state, text)

    def asks_first(self, state: State, action: Action) -> bool:
        """A recruit (the dummy's too) and a team exchange: one click on a card commits a hidden
        pick for good (RULINGS OV-2), with no second look once the others have picked."""
        return isinstance(action, Recruit | RecruitForDummy | Exchange)

    def evaluate(self, state: State, player: int) -> float:
        """Points margin over the best other seat (or team) by the current armies, about -1..1."""
        return self.evaluate_all(state)[player]

    def evaluate_all(self, state: State) -> list[float]:
        """`evaluate` of every seat from one score sheet."""
        assert isinstance(state, OverlordsState)
        scores = state.scores()
        out = []
        for player in range(state.players):
            if state.teams:
                others = [scores[(player + 1) % 4]]
            else:
                others = [s for i, s in enumerate(scores) if i != player and s is not None]
            out.append(max(-1.0, min(1.0, (scores[player] - max(others)) / 60.0)))
        return out

    def agents(self) -> dict[str, Callable[[], Agent]]:
        from .heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def strongest_agent(self, players: int, options: dict[str, Any]) -> str:
        """The search (the agent's own settings): against the heuristic at every other seat it won
        70.8% of 400 2-player games, 58.8% of 40 at 3 players and 32.5% of 40 at 4, above the fair
        shares of 33% and 25% (docs/figures/strength.md)."""
        return "ismcts"

    def variants(self) -> list[Variant]:
        return [
            Variant("2p-dummy", 2, help=N_("2 players and the dummy hand (XIII)")),
            Variant("3p", 3),
            Variant("3p-chosen-hands", 3, {"hired_hands": CHOSEN_EXAMPLE}, help=N_("Hired Hands chosen")),
            Variant("4p", 4),
            Variant("4p-teams", 4, {"teams": True}, help=N_("2 versus 2 (XIII)")),
        ]


GAME = Overlords()
