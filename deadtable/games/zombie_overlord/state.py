"""Zombie Overlord: the state of a game, its zones, copying, determinizing and the outcome.

Zones hold card kinds (ints, indices into the shared `CardSet`). A Trap in a base is a `Slot`, a
tuple replaced, never mutated, so a copy of a base is one list copy; a pending decision is a
`Decision` (both in layout.py, read by name). The rules live in rules.py, attack.py, lure.py and
effects.py.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Final

from deadtable.core import Action, IllegalAction, Outcome
from deadtable.core.chance import shuffle
from deadtable.core.compiled import CompiledState, take_first, trimmed
from deadtable.i18n import Message

from .cards import CardSet
from .facts import ZOFacts, facts
from .layout import ACTIVE, ATTACHED, KIND, Decision, Slot

LOG_LENGTH: Final = 14  # shown in a view; the list keeps up to twice as many, trimmed now and then
_copy = list.copy  # a zone's copy, mapped over the seats in `_copy_into`
# A kind of log entry: its message id (marked with N_) and the names of its parameters, in order.
LogLine = tuple[str, tuple[str, ...]]


def known_beyond(hand: list[int], shown: list[int]) -> list[int]:
    """The cards of `hand` other than those in `shown`: what a reshuffle makes known.

    >>> known_beyond([1, 1, 2, 5], [1, 5])
    [1, 2]
    """
    rest = list(hand)
    for k in shown:
        rest.remove(k)
    return rest


class ZOState(CompiledState):
    # Slots: the engine reads these fields on every move, and a slot is the quickest attribute.
    __slots__ = (
        "_legal",
        "action_deck",
        "alive",
        "banished",
        "base",
        "bonus",
        "box",
        "cs",
        "deck",
        "discard",
        "first",
        "hand",
        "idle",
        "known",
        "life",
        "limit",
        "log",
        "log_dropped",
        "note",
        "out_order",
        "over",
        "pending",
        "phase",
        "purchase_points",
        "removed",
        "round",
        "row",
        "scavengers",
        "shown",
        "survivor_deck",
        "trap_deck",
        "turn_player",
        "turns",
        "visited",
        "wasteland",
        "wasteland_size",
        "work",
    )  # fmt: skip
    cs: CardSet
    deck: list[list[int]]  # top of the Draw Deck is the end of the list
    hand: list[list[int]]  # kept sorted
    discard: list[list[int]]  # public, in order
    base: list[list[Slot]]
    shown: list[list[int]]  # cards in a hand that every seat has seen (stolen, searched)
    # Cards every seat knows to be in a hand without having seen them go in (`draw`): when a
    # reshuffle starts a new Draw Deck, the old one was drawn to the last card, so the whole hand
    # is known; it stays known (less what leaves it) until Clean Up. Public; not in `shown`.
    known: list[list[int]]
    life: list[int]
    alive: list[bool]
    out_order: list[int]  # seats in the order they were eliminated (RULINGS ZO-9)
    trap_deck: list[int]
    row: list[int]  # the Purchase Row; -1 is an empty slot (RULINGS ZO-5)
    survivor_deck: list[int]
    wasteland: list[int]
    wasteland_size: int
    action_deck: list[int]
    scavengers: int
    banished: list[int]
    removed: list[int]  # cards of eliminated players, back in the box
    box: list[int]  # cards not used at this player count (never changes)
    first: int
    turn_player: int  # whose turn it is
    phase: str  # "" is the hub between phases
    visited: int  # bit mask of the phases entered this turn
    idle: int  # phases left twice with nothing done (not offered again, ZO-13), see turn.FRESH, SLIPPED
    work: int  # the phases with something to do (turn.phase_work), -1 until worked out again
    purchase_points: int  # purchase points of this turn (RULINGS ZO-5)
    bonus: int  # attack points added to the next attack
    round: int
    turns: int
    limit: int
    pending: list[Decision]  # the top one last
    over: bool
    note: Message | str  # the outcome note, "" while there is none
    log: list[Message | tuple[str, tuple[str, ...], tuple[Any, ...]]]  # the last LOG_LENGTH entries: add_log
    log_dropped: int  # the entries trimmed from the front of `log` since move 0 (`log_start`)
    _legal: list[Action] | None

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, cs: CardSet, misfits: bool) -> None:
        n, rng = self.players, self.rng
        self.cs = cs
        need = (cs.start_supply * n, cs.start_minions * n)
        if need[0] > cs.total(cs.supply) or need[1] > cs.total(cs.minion):
            raise IllegalAction(
                "{path}: not enough Supply or Minion cards for {n} players", path=cs.path, n=n
            )
        self.deck, self.hand, self.discard, self.base, self.shown = [], [], [], [], []
        self.known = [[] for _ in range(n)]
        for _ in range(n):
            d = [cs.supply] * cs.start_supply + [cs.minion] * cs.start_minions
            rng.shuffle(d)
            self.deck.append(d)
            self.hand.append([])
            self.discard.append([])
            self.base.append([])
            self.shown.append([])
        self.life = [cs.life] * n
        self.alive = [True] * n
        self.out_order = []
        box, trap_deck, survivor_deck = cs.decks(n, misfits)
        self.box = box  # shared by every game at this count, never changed
        traps, survivors = list(trap_deck), list(survivor_deck)
        rng.shuffle(traps)
        rng.shuffle(survivors)
        self.trap_deck = traps
        self.row = [traps.pop() if traps else -1 for _ in range(cs.purchase_row)]
        self.survivor_deck = survivors
        self.wasteland_size = n + 1
        self.wasteland = [survivors.pop() for _ in range(min(n + 1, len(survivors)))]
        self.action_deck = cs.action_deck()
        rng.shuffle(self.action_deck)
        self.scavengers = cs.total(cs.scavenger)
        self.banished, self.removed = [], []
        for p in range(n):
            self.draw(p, cs.hand_size)
        self.first = rng.randrange(n)  # RULINGS ZO-4
        self.turn_player = self.first
        self.phase, self.visited, self.purchase_points, self.bonus, self.idle, self.work = "", 0, 0, 0, 0, -1
        self.round, self.turns = 1, 0
        self.limit = int(self.options.get("rounds", 60))
        self.pending = []
        self.over, self.note = False, ""
        self.log = [Message("P{seat} goes first", seat=self.first + 1)]
        self.log_dropped = 0
        self._legal = None

    def changed(self) -> None:
        """Forget what was worked out about the position: call it after editing zones by hand
        (scenario tests, tools). Actions keep these up to date themselves."""
        self._legal = None
        self.work = -1

    # -- zones -------------------------------------------------------------------------------
    def draw(self, p: int, n: int) -> int:
        """Draw up to `n` cards, shuffling the Discard Pile into a new Draw Deck when it runs out."""
        deck, hand = self.deck[p], self.hand[p]
        got = 0
        while got < n:
            if not deck:
                pile = self.discard[p]
                if not pile:
                    break
                # The old deck is drawn to the last card: every seat knows the whole hand now
                # (beyond what is shown), and the new deck holds only the Discard Pile's cards.
                self.known[p] = known_beyond(hand, self.shown[p])
                # The Discard Pile itself becomes the Draw Deck (what `deck.extend(pile)` would hold,
                # in the same order, without the copy); then shuffled.
                self.deck[p] = deck = pile
                self.discard[p] = []
                self.rng.shuffle(deck)
            # The top of the deck is the end of the list. Popped card by card, not sliced off and
            # deleted: compiled, a pop is cheaper than a slice object and a slice deletion, and
            # the hand is sorted below, so the order taken in does not matter.
            hand.append(deck.pop())
            got += 1
        if got:
            hand.sort()
        return got

    def take_from_hand(self, p: int, kind: int) -> None:
        take_first(self.hand[p], kind)
        shown = self.shown[p]
        if shown and kind in shown:
            shown.remove(kind)
            return
        known = self.known[p]
        if known and kind in known:
            known.remove(kind)

    def add_log(self, message: Message | str, /, **params: Any) -> None:
        """Remember what happened: a message, or a message id (marked with N_) and its parameters,
        all public. The oldest entries fall off. The engine's own entries use `log_line`."""
        if not isinstance(message, Message):
            self.log_line((message, tuple(params)), tuple(params.values()))
            return
        self.log.append(message)
        if len(self.log) >= 2 * LOG_LENGTH:  # trimmed in one go, not on every entry
            self.log_dropped += trimmed(self.log, LOG_LENGTH, LOG_LENGTH)

    def log_line(self, line: LogLine, values: tuple[Any, ...]) -> None:
        """`add_log` of a kind of entry and its values, in the order of its names; kept as (id, names,
        values), a `Message` only once read (`messages`): most moves of a simulation are never shown."""
        log = self.log
        log.append((line[0], line[1], values))
        if len(log) >= 2 * LOG_LENGTH:  # trimmed in one go, not on every entry
            self.log_dropped += trimmed(log, LOG_LENGTH, LOG_LENGTH)

    def log_entry(self, entry: tuple[object, ...]) -> None:
        """`log_line` of an entry made once and shared by every log (rules.py's tables): entries are
        never changed in place, only replaced in the list (`messages`)."""
        log = self.log
        log.append(entry)  # type: ignore[arg-type]  # (id, names, values), as `log_line` keeps
        if len(log) >= 2 * LOG_LENGTH:  # trimmed in one go, not on every entry
            self.log_dropped += trimmed(log, LOG_LENGTH, LOG_LENGTH)

    def messages(self) -> list[Message]:
        """The log as messages, rendered by each reader; an entry is made on its first reading."""
        out: list[Message] = []
        log = self.log
        for i in range(max(0, len(log) - LOG_LENGTH), len(log)):
            entry = log[i]
            if not isinstance(entry, Message):
                entry = log[i] = Message(entry[0], **dict(zip(entry[1], entry[2], strict=True)))
            out.append(entry)
        return out

    def log_start(self) -> int:
        """The index of `messages()[0]` in the game's whole log since move 0 (view "log_start")."""
        return self.log_dropped + max(0, len(self.log) - LOG_LENGTH)

    def opponents(self, p: int) -> list[int]:
        """Living opponents, starting from the left of `p`."""
        n = self.players
        return [q for q in ((p + i) % n for i in range(1, n)) if self.alive[q]]

    def lure_points(self, p: int) -> list[int]:
        """Active lure points of `p` by type: each active Trap counts 1."""
        pts = [0, 0, 0, 0]
        lures = self.cs.lures
        for slot in self.base[p]:
            if slot[ACTIVE]:
                for t in lures[slot[KIND]]:
                    pts[t] += 1
        return pts

    def defense(self, slot: Slot) -> tuple[int, int]:
        """(destroy, deactivate) of a Trap in a base, Reinforcements included."""
        c = self.cs.cards[slot[KIND]]
        extra = 0
        if slot[ATTACHED]:
            reinforce = self.cs.reinforce
            for a in slot[ATTACHED]:
                extra += reinforce[a]
        return c.defense + extra, c.deactivate + extra

    def has_barricade(self, p: int) -> bool:
        """RULINGS ZO-8: any Barricade in the base, active or inactive."""
        barricades = self.cs.barricades
        return any(barricades[sl[KIND]] for sl in self.base[p])

    # -- the contract ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.pending:
            return self.pending[-1].seat
        return self.turn_player

    def legal_actions(self) -> list[Action]:
        """The pending decision's answers, else those of the turn's hub or phase; once per position."""
        legal = self._legal
        if legal is None:
            ph = self.phase
            if self.over:
                legal = []
            elif self.pending:
                legal = effects.decision_actions(self)
            elif not ph:
                legal = rules.hub_actions(self, self.turn_player)
            elif ph == "purchase":
                legal = rules.purchase_actions(self, self.turn_player)
            elif ph == "attack":
                legal = attack.actions(self, self.turn_player)
            else:
                legal = rules.action_actions(self, self.turn_player)
            self._legal = legal
        return legal

    def check(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            from .refusals import explain  # only when refused: never on a legal move

            raise IllegalAction(explain(self, str(action)))

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def apply_trusted(self, action: Action) -> None:
        """As `State.apply_trusted`, one call shorter while nobody listens (simulations, search)."""
        if self.listeners:
            super().apply_trusted(action)
            return
        self.history.append(action)
        rules.apply(self, action)

    def outcome(self) -> Outcome:
        """The last player with life points wins; at the round limit, the most life (ZO-9, ZO-10)."""
        scores: list[float] = [float(x) for x in self.life]
        for i, q in enumerate(self.out_order):  # the eliminated rank by how long they lasted
            scores[q] = float(i - len(self.out_order))
        eligible = [q for q in range(self.players) if self.alive[q]]
        return Outcome.from_scores(scores, eligible=eligible, note=self.note)

    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        from .view import view

        return view(self, player, narration)

    def seat_facts(self, player: int) -> ZOFacts:
        """What the heuristic reads of `player`'s view, without building the view (facts.py)."""
        return facts(self, player)

    def determinize(self, player: int, rng: random.Random) -> ZOState:
        """Redraw what `player` cannot see: every Draw Deck's order (its own too), the other hands,
        and the order of the Trap, Survivor and Action decks.

        Every seat's cards are public as a multiset (all buys and lures are face up), so each
        opponent's hand and deck are pooled together, minus the cards shown from that hand and
        those known to be in it since a reshuffle (`known`: the deck then holds only cards of the
        Discard Pile that was shuffled); the pools are sorted before shuffling, so the sample
        depends only on what `player` knows.
        The shuffles are `chance.shuffle`'s (uniform, a third of `Random.shuffle`'s cost).
        """
        other: ZOState = self._determinized_copy(rng)
        other.changed()  # the hand of the seat to act may be redrawn
        for q in range(self.players):
            if q == player:
                deck = sorted(self.deck[q])
                shuffle(deck, rng)
                other.deck[q] = deck
                continue
            fixed = self.shown[q] + self.known[q]
            pool = list(self.hand[q]) + list(self.deck[q])
            for k in fixed:
                pool.remove(k)
            pool.sort()
            shuffle(pool, rng)
            free = len(self.hand[q]) - len(fixed)
            other.hand[q] = sorted(fixed + pool[:free])
            other.deck[q] = pool[free:]
        for name in ("trap_deck", "survivor_deck", "action_deck"):
            pool = sorted(getattr(self, name))
            shuffle(pool, rng)
            setattr(other, name, pool)
        return other

    def _copy_into(self, other: ZOState) -> None:  # typed: compiled, the stores are native
        other.cs = self.cs
        other.deck = list(map(_copy, self.deck))
        other.hand = list(map(_copy, self.hand))
        other.discard = list(map(_copy, self.discard))
        other.base = list(map(_copy, self.base))
        other.shown = list(map(_copy, self.shown))
        other.known = list(map(_copy, self.known))
        other.life = self.life[:]
        other.alive = self.alive[:]
        other.out_order = self.out_order[:]
        other.trap_deck = self.trap_deck[:]
        other.row = self.row[:]
        other.survivor_deck = self.survivor_deck[:]
        other.wasteland = self.wasteland[:]
        other.wasteland_size = self.wasteland_size
        other.action_deck = self.action_deck[:]
        other.scavengers = self.scavengers
        other.banished = self.banished[:]
        other.removed = self.removed[:]
        other.box = self.box
        other.first, other.turn_player = self.first, self.turn_player
        other.phase, other.visited = self.phase, self.visited
        other.idle, other.work = self.idle, self.work
        other.purchase_points, other.bonus = self.purchase_points, self.bonus
        other.round, other.turns = self.round, self.turns
        other.limit = self.limit
        other.pending = self.pending[:]
        other.over, other.note = self.over, self.note
        other.log = self.log[:]
        other.log_dropped = self.log_dropped
        other._legal = self._legal

    def information_key(self, player: int) -> Hashable:
        """What `player` sees (the view's facts without the log), as one tuple: search's key.

        Public: bases, Discard Piles, life, the rows, deck sizes, the turn's phase and points,
        and the pending decisions (each comes from a card played face up). Private to `player`:
        its own hand. Of the other hands only their sizes and the cards shown from them.
        """
        t = tuple
        return (
            player, t(self.hand[player]), t(map(len, self.hand)), t(t(sorted(x)) for x in self.shown),
            t(t(sorted(x)) for x in self.known),
            t(map(len, self.deck)), t(map(t, self.discard)), t(map(t, self.base)), t(self.life),
            t(self.alive), t(self.row), t(self.wasteland), len(self.trap_deck), len(self.survivor_deck),
            len(self.action_deck), self.scavengers, t(self.banished), t(sorted(self.removed)), self.first,
            self.turn_player, self.phase, self.visited, self.idle, self.purchase_points, self.bonus,
            self.round, t(self.pending), self.over,
        )  # fmt: skip

    def key(self) -> Hashable:
        t = tuple
        return (
            t(t(x) for x in self.deck), t(t(x) for x in self.hand), t(t(x) for x in self.discard),
            t(t(x) for x in self.base), t(t(sorted(x)) for x in self.shown),
            t(t(sorted(x)) for x in self.known), t(self.life), t(self.alive),
            t(self.out_order), t(self.trap_deck), t(self.row), t(self.survivor_deck), t(self.wasteland),
            t(self.action_deck), self.scavengers, t(self.banished), t(self.removed), self.first,
            self.turn_player, self.phase, self.visited, self.idle, self.purchase_points, self.bonus,
            self.round, self.turns, t(self.pending), self.over,
        )  # fmt: skip

    def all_cards(self) -> list[int]:
        """Every card kind in the game, wherever it is (card conservation tests)."""
        out = [*self.box, *self.trap_deck, *self.survivor_deck, *self.wasteland, *self.action_deck]
        out += [k for k in self.row if k >= 0] + [self.cs.scavenger] * self.scavengers
        out += self.banished + self.removed
        for p in range(self.players):
            out += self.deck[p] + self.hand[p] + self.discard[p]
            for slot in self.base[p]:
                out += [slot[KIND], *slot[ATTACHED]]
        out += [d.value for d in self.pending if d.kind == "trap" and d.mode in ("malfunction", "reinforce")]
        return sorted(out)


# The rules import the slot layout above, so they come last; called as `rules.f(...)` (native: C calls).
from . import attack, effects, rules  # noqa: E402
