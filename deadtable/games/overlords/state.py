"""Overlords: the state of a game, its zones, the contract every deadtable game keeps, copying.

The turn itself (exchange, activation, recruiting, passing, the end of a round) is in rules.py,
Hired Hand abilities in hired_hands.py, what each seat knows and determinize in knowledge.py, the
view in view.py.

Zones: hands 0..players-1 (sorted kinds), the dummy's hand (index `players`, in deal order, top
last), then the draw pile (`draw_zone`, top last) and the box of unused Hired Hands (`box_zone`).
Armies are bottom-to-top lists, one per seat plus the dummy's. Every card enters an army face up in
front of everyone, so armies are public knowledge; only the top card is shown (V), as at the table.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Final

from deadtable.core import Action, IllegalAction, Outcome
from deadtable.core.compiled import CompiledState, trimmed
from deadtable.i18n import Message

from . import hired_hands, knowledge, rules
from .actions import NO_EXCHANGE, Exchange, Recruit
from .cards import CardSet
from .facts import OverlordsFacts
from .hired_hands import AbilityDecision
from .rules import ABILITY, ACTIVATE, EXCHANGE, KEEP, LAYOUT, NONE, OVER, PHASES, RECRUIT, Revealed
from .scoring import score_sheets, totals

__all__ = ["LAYOUT", "PHASES", "OverlordsState"]
LOG_LENGTH: Final = rules.LOG_LENGTH
LogEntry = Message | Revealed  # a Revealed entry is made a Message when read (`messages`)


class OverlordsState(CompiledState):
    # Slots: the rules read and write these fields on every move, and a slot is the quickest
    # attribute (the base class keeps its few fields in a dict).
    __slots__ = (
        "ability", "act_order", "act_pos", "armies", "aside", "black_knight", "box", "cards", "controller",
        "draw", "dummy", "dummy_pick", "exchange_offers", "forced", "hand_zones", "hands", "in_play", "known",
        "last", "log", "log_dropped", "need", "overlord", "per_hand", "phase", "picks", "recruiter", "round",
        "rounds", "teams", "turn", "turn_no",
    )  # fmt: skip
    cards: CardSet
    teams: bool
    dummy: bool
    hand_zones: int  # the players' hands and the dummy's
    per_hand: int
    rounds: int
    hands: list[list[int]]
    draw: list[int]
    box: list[int]
    armies: list[list[int]]
    aside: list[list[int]]  # Hired Hands recruited and not yet activated, per seat (VII)
    overlord: int  # seat whose hand holds the Overlord card (IV)
    round: int
    turn: int  # turn within the round
    turn_no: int  # turn within the game (the 2-player dummy alternates on it)
    phase: int
    exchange_offers: list[int]  # team exchange commits: NONE, KEEP or the kind offered (XIII)
    act_order: list[int]
    act_pos: int
    ability: AbilityDecision | None  # the Hired Hand ability at work (phase ABILITY), else None
    need: list[int]  # own picks each seat makes this turn (2 after a Black Knight)
    black_knight: list[int]  # the Black Knight kind to put into the hand at reveal, or -1 (VII)
    forced: list[int]  # Medusa: the kind a seat must recruit this turn, or -1
    controller: int  # the seat recruiting for the dummy this turn, or -1
    recruiter: int | None  # while recruiting: the lowest seat yet to commit (`rules.recruiter`)
    picks: list[list[int]]  # each seat's own picks this turn, not yet revealed (OV-2)
    dummy_pick: int  # the controller's pick for the dummy this turn, or -1 (XIII)
    known: list[list[list[int]]]  # known[p][zone]: cards seat p knows are in that zone
    in_play: list[list[int]]  # Hired Hands seat p knows are in a hand or the draw pile (knowledge.py)
    last: list[list[int]]  # the picks revealed last turn, per army
    log: list[LogEntry]  # what happened, newest last (public facts only): `note`, `messages`
    log_dropped: int  # the entries trimmed from the front of `log` since move 0 (`log_start`)

    # -- set-up --------------------------------------------------------------------------------
    def setup(self, cards: CardSet, chosen: list[int] | None) -> None:
        """Build the deck (68 Monsters + 7 Hired Hands, OV-1), shuffle, deal round 1."""
        self.cards = cards
        self.teams = bool(self.options.get("teams"))
        self.dummy = self.players == 2
        hands, self.per_hand, self.rounds = LAYOUT[self.players]
        self.hand_zones = hands
        pool = cards.hired_hand_cards()
        if chosen is None:
            self.rng.shuffle(pool)
            chosen = pool[: cards.hired_hands_in_game]
        in_game = sorted(chosen)
        self.box = knowledge.msub(sorted(pool), in_game)
        self.draw = cards.monster_deck() + in_game
        self.rng.shuffle(self.draw)
        self.armies = [[] for _ in range(hands)]
        self.aside = [[] for _ in range(self.players)]
        zones = hands + 2
        known_box = list(self.box) if self.options.get("hired_hands", "random") != "random" else []
        self.known = [[[] for _ in range(zones)] for _ in range(self.players)]
        for p in range(self.players):
            self.known[p][self.box_zone] = list(known_box)
        self.in_play = [[] for _ in range(self.players)]
        self.overlord = self.rng.randrange(self.players)  # "add it to any player's hand" (IV)
        self.round = self.turn = self.turn_no = 0
        self.phase = RECRUIT
        self.exchange_offers = [NONE] * self.players
        self.act_order, self.act_pos, self.ability = [], 0, None
        self.need = [1] * self.players
        self.black_knight = [-1] * self.players
        self.forced = [-1] * self.players
        self.controller = -1
        self.picks = [[] for _ in range(self.players)]
        self.dummy_pick = -1
        self.recruiter = None
        self.last = [[] for _ in range(hands)]
        self.log = []
        self.log_dropped = 0
        self.hands = [[] for _ in range(hands)]
        rules.deal(self)
        rules.start_turn(self)

    @property
    def draw_zone(self) -> int:
        return self.hand_zones

    @property
    def box_zone(self) -> int:
        return self.hand_zones + 1

    def zone(self, z: int) -> list[int]:
        if z < self.hand_zones:
            return self.hands[z]
        return self.draw if z == self.hand_zones else self.box

    def partner(self, seat: int) -> int:
        """Team game: teammates sit opposite (XIII)."""
        return (seat + 2) % 4

    def opponents(self, seat: int) -> list[int]:
        """Other players clockwise from `seat`, teammates left out (the dummy is never one)."""
        n = self.players
        others = [(seat + i) % n for i in range(1, n)]
        if self.teams:
            mate = self.partner(seat)
            return [o for o in others if o != mate]
        return others

    def note(self, entry: Message) -> None:
        """Remember what happened (public facts only: the view shows the log to every seat)."""
        self.log_entry(entry)

    def log_entry(self, entry: LogEntry) -> None:
        log = self.log
        log.append(entry)
        if len(log) >= 2 * LOG_LENGTH:  # trimmed in one go, not on every entry
            self.log_dropped += trimmed(log, LOG_LENGTH, LOG_LENGTH)

    def messages(self) -> list[Message]:
        """The last LOG_LENGTH entries of the log as messages; an entry is made on its first reading."""
        out: list[Message] = []
        log = self.log
        for i in range(max(0, len(log) - LOG_LENGTH), len(log)):
            entry = log[i]
            if isinstance(entry, Revealed):
                entry = log[i] = rules.revealed_message(self, entry.picks)
            out.append(entry)
        return out

    def log_start(self) -> int:
        """The index of `messages()[0]` in the game's whole log since move 0 (view "log_start")."""
        return self.log_dropped + max(0, len(self.log) - LOG_LENGTH)

    def name(self, kind: int) -> str:
        return self.cards.names[kind]

    def available(self, s: int) -> list[int]:
        return rules.available(self, s)

    def own_options(self, s: int) -> list[int]:
        """Kinds seat `s` may recruit for itself now (sorted, distinct)."""
        return rules.own_options(self, s)

    def dummy_options(self, s: int) -> list[int]:
        return rules.dummy_options(self, s)

    def next_activation(self, pos: int) -> None:
        rules.next_activation(self, pos)

    def _start_turn(self) -> None:
        rules.start_turn(self)

    def _done(self, s: int) -> bool:
        return rules.done(self, s)

    # -- the contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == RECRUIT:
            return self.recruiter
        if ph == EXCHANGE:
            return self.exchange_offers.index(NONE)
        if ph == ACTIVATE:
            return self.act_order[self.act_pos]
        if ph == ABILITY:
            ability = self.ability
            assert ability is not None
            return ability.activator
        return None

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        table = self.cards.actions
        if ph == RECRUIT:
            s = self.recruiter
            assert s is not None
            if len(self.picks[s]) < self.need[s]:
                recruit = table.recruit
                return [recruit[k] for k in rules.own_options(self, s)]
            for_dummy = table.for_dummy
            return [for_dummy[k] for k in rules.dummy_options(self, s)]
        if ph == EXCHANGE:
            s = self.exchange_offers.index(NONE)
            exchange = table.exchange
            out: list[Action] = [exchange[k] for k in sorted(set(self.hands[s]))]
            out.append(NO_EXCHANGE)
            return out
        if ph in (ACTIVATE, ABILITY):
            return hired_hands.legal(self)
        return []

    def check(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(hired_hands.why_not(self, str(action)))

    def apply_trusted(self, action: Action) -> None:
        """As `State.apply_trusted`, one call shorter while nobody listens (simulations, search)."""
        if self.listeners:
            super().apply_trusted(action)
            return
        self.history.append(action)
        self._apply(action)

    def _apply(self, action: Action) -> None:
        ph = self.phase
        if ph == RECRUIT:
            s = self.recruiter
            assert s is not None
            kind = self.cards.kind_of[action.card]  # type: ignore[attr-defined]
            if type(action) is Recruit:
                self.picks[s].append(kind)
            else:
                self.dummy_pick = kind
            self.recruiter = rules.recruiter(self, s)
            if self.recruiter is None:
                rules.reveal(self)
        elif ph == EXCHANGE:
            s = self.exchange_offers.index(NONE)
            self.exchange_offers[s] = self.cards.kind(action.card) if isinstance(action, Exchange) else KEEP
            if NONE not in self.exchange_offers:
                rules.resolve_exchange(self)
        else:
            hired_hands.apply(self, action)

    def score_sheets(self) -> list[dict[str, int]]:
        """Points per type for each army: the seats', then the dummy's (OV-6)."""
        return score_sheets(self.cards, self.armies)

    def scores(self) -> list[int]:
        """Each seat's points; in the team game, its team's total (XIII)."""
        own = totals(self.cards, self.armies)[: self.players]
        if self.teams:
            return [own[s] + own[self.partner(s)] for s in range(self.players)]
        return own

    def outcome(self) -> Outcome:
        # OV-6: the dummy is no seat and cannot win; OV-7: ties for the win are shared.
        from .view import sheet_note

        return Outcome.from_scores(self.scores(), note=sheet_note(self))

    def result(self) -> Outcome:
        """`outcome()` without its note (the score sheet, written in words: most of its cost)."""
        return Outcome.from_scores(self.scores())

    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        from .view import make_view

        return make_view(self, player, narration)

    def determinize(self, player: int, rng: random.Random) -> OverlordsState:
        other: OverlordsState = self._determinized_copy(rng)
        knowledge.redeal(self, other, player, rng)
        return other

    def seat_facts(self, player: int) -> OverlordsFacts:
        """What the heuristic reads of `player`'s knowledge, without a view or a sample (facts.py)."""
        return OverlordsFacts(self, player)

    def information_key(self, player: int) -> Hashable:
        """What `player` sees (the view's facts without the log), as one tuple: search's key.

        Public: the seat count and team game, round, turn, phase, who acts, the Overlord card, the
        dummy's controller, who has committed (never what), every hand's size, every army's size
        and top card (all of each army once the game is over), every seat's Hired Hands aside,
        Medusa's forced cards, who activated a Black Knight, last turn's revealed picks, the draw
        pile's size and the Hired Hand decision on top (its step, seat and card). Private to
        `player`: its own hand, army and pending picks (and the dummy's pick when it controls the
        dummy), its team exchange offer, what it knows of each other hand, of the draw pile and
        of the box, the Hired Hands it knows are still in play (`in_play`), and the army its Red
        Knight looks through. Another seat's pending pick or
        exchange offer is not in it (OV-2).
        """
        t = tuple
        ph, n, armies, mine = self.phase, self.players, self.armies, self.known[player]
        if ph == RECRUIT:
            committed: tuple[bool, ...] = t([rules.done(self, s) for s in range(n)])
        elif ph == EXCHANGE:
            committed = t(x != NONE for x in self.exchange_offers)
        else:
            committed = ()
        decision: tuple[int, ...] = ()
        if ph == ACTIVATE:
            decision = (self.act_order[self.act_pos],)
        elif ph == ABILITY:
            ability = self.ability
            assert ability is not None
            decision = (ability.step, ability.activator, ability.card)
            if ability.step == hired_hands.RED_KNIGHT_CARD:
                army = ability.army
                decision += (army, *(armies[army] if player == ability.activator else ()))
        if ph == OVER:
            own: tuple[Any, ...] = t(t(sorted(a)) for a in armies)
        else:
            own = t(sorted(armies[player]))
        return (
            player, n, self.teams, self.round, self.turn, ph, self.current_player, self.overlord,
            self.controller, committed, t(map(len, self.hands)), t(self.hands[player]),
            t(t(sorted(k)) if z != player else () for z, k in enumerate(mine)), t(self.in_play[player]),
            t((len(a), a[-1]) if a else (0, -1) for a in armies), own, t(map(t, self.aside)),
            t(self.forced), t(b >= 0 for b in self.black_knight), t(map(t, self.last)), len(self.draw),
            decision,
            t(self.picks[player]), self.dummy_pick if player == self.controller else -1,
            self.exchange_offers[player] if ph == EXCHANGE else NONE,
        )  # fmt: skip

    # -- copying and equality ------------------------------------------------------------------
    def _copy_into(self, other: OverlordsState) -> None:  # typed: compiled, the stores are native
        other.cards, other.teams, other.dummy = self.cards, self.teams, self.dummy
        other.hand_zones = self.hand_zones
        other.per_hand, other.rounds, other.overlord = self.per_hand, self.rounds, self.overlord
        other.round, other.turn = self.round, self.turn
        other.turn_no, other.phase, other.act_pos = self.turn_no, self.phase, self.act_pos
        other.controller, other.dummy_pick, other.recruiter = self.controller, self.dummy_pick, self.recruiter
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.box = list(self.box)
        other.armies = [list(a) for a in self.armies]
        other.aside = [list(a) for a in self.aside]
        other.exchange_offers = list(self.exchange_offers)
        other.act_order = list(self.act_order)
        other.ability = self.ability  # a tuple: replaced, never changed in place
        other.need = list(self.need)
        other.black_knight = list(self.black_knight)
        other.forced = list(self.forced)
        other.picks = [list(p) for p in self.picks]
        other.known = [[list(z) for z in row] for row in self.known]
        other.in_play = [list(x) for x in self.in_play]
        other.last = [list(x) for x in self.last]
        other.log = list(self.log)
        other.log_dropped = self.log_dropped

    def key(self) -> Hashable:
        return (
            tuple(tuple(h) for h in self.hands),
            tuple(self.draw),
            tuple(self.box),
            tuple(tuple(a) for a in self.armies),
            tuple(tuple(a) for a in self.aside),
            tuple(tuple(tuple(z) for z in row) for row in self.known),
            tuple(tuple(x) for x in self.in_play),
            tuple(tuple(p) for p in self.picks),
            (self.overlord, self.round, self.turn, self.turn_no, self.phase, self.act_pos),
            (self.controller, self.dummy_pick, tuple(self.exchange_offers), tuple(self.act_order)),
            self.ability,
            (tuple(self.need), tuple(self.black_knight), tuple(self.forced)),
            tuple(tuple(x) for x in self.last),
        )
