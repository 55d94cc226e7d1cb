"""The state of a zombie shedding game and the contract every deadtable game keeps.

The rules themselves live in `rules.py` (a turn, effects, protection), `hands.py` (dealer, deal,
end of a hand, scoring) and `view.py` (what a seat sees, determinization). Everything here is
ints, lists and tuples so that copies are cheap; card data is shared, never copied.

Pending decisions are a stack of frames (see `rules.py`); the seat that must answer the frame on
top is the current player, which may be a seat other than the one whose turn it is.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Final

from deadtable.core import Action, IllegalAction, Outcome
from deadtable.core.compiled import CompiledState, trimmed
from deadtable.core.state import Narration, tell

from . import actions as A
from . import hands, legal, rules
from . import view as seen
from .card_text import LogEntry
from .cards import CardSet
from .facts import ShedFacts, facts
from .modes import Mode

Frame = tuple[int, int, int, int, int, int, tuple[int, ...]]
LOG_LENGTH: Final = hands.LOG_LENGTH
LOG_KEEP: Final = 4 * hands.LOG_LENGTH  # entries kept before the log is trimmed


class ShedState(CompiledState):
    # Slots for the game's own fields: the rules read and write them on every move, and a slot
    # is the quickest attribute there is (the base class keeps its few fields in a dict).
    __slots__ = (
        "_legal", "_log_view", "cards", "current_player", "dealer", "dealer_draw", "deck", "direction",
        "discard", "hand_no", "hands", "known", "known_bits", "last_hand", "log", "log_dropped", "masks",
        "match_corp", "match_kind", "mode", "opening", "out", "over", "passes", "pooled", "pooled_seats",
        "scores", "skip", "stack", "turn_seat",
    )  # fmt: skip
    cards: CardSet
    mode: Mode
    hands: list[list[int]]
    masks: list[int]  # per seat, the kinds in hand as bits (bit k: kind k), for legal.py
    deck: list[int]  # top is the end
    discard: list[int]  # top is the end
    match_kind: int  # the card to match: the last zombie played this hand, -1 before any
    match_corp: int  # its corporation, or the one the Schemer named
    turn_seat: int
    direction: int  # +1 clockwise, -1 after a reverse
    dealer: int
    scores: list[int]  # per side: team in Alliances, else seat
    out: list[int]  # seats out this hand, in order
    skip: list[bool]  # seats that miss their next turn
    stack: list[Frame]
    # The cards each seat knows to be in each other hand, at viewer * players + holder (sorted;
    # () for none): a flat list, read and set by index, copied in one go.
    known: list[tuple[int, ...]]
    # Per viewer, cards it knows to be somewhere among the hands of `pooled_seats[viewer]` (bits
    # by seat), beyond those `known` places (sorted; () and 0 for none): after a rebuild, every
    # card it could not place is in one of the hidden hands, which one it cannot tell
    # (`hands.deck_rebuilt`). A lower bound: the hands hold at least these.
    pooled: list[tuple[int, ...]]
    pooled_seats: list[int]
    # The kinds that are, or were this hand, in an entry of `known` or `pooled` (bits as in
    # `masks`): a card played that is not among them needs no look at either (most plays).
    known_bits: int
    passes: int  # consecutive turns passed with nothing to draw (blocked hand guard)
    hand_no: int
    over: bool
    dealer_draw: list[list[int]]  # seat, card, card for each draw of the dealer selection
    last_hand: dict[str, Any]
    # The hands as dealt this hand, for the hand_end event's per-hand card statistics (sim/events.py);
    # never read by the rules or a view, empty in a determinized copy (it holds hidden cards).
    opening: tuple[tuple[int, ...], ...]
    _legal: list[Action] | None  # the legal actions, once known; never changed in place
    # The public log, read through messages(): its last LOG_LENGTH entries (a list, trimmed now and
    # then: appending to a list is a compiled build's own operation, to a deque a method call).
    log: list[LogEntry | tuple[Any, ...]]
    # The entries trimmed from the front of `log` since move 0, counted where it is trimmed (never
    # on an append): views place their log by it (`log_start`).
    log_dropped: int
    # The log as views show it (English texts, JSON), made once per log and shared by copies.
    _log_view: Narration | None

    # -- the contract ------------------------------------------------------------------------
    # The seat to act: whoever answers the frame on top, else the turn's player; None once over.
    # Kept by `rules.settle` (and `hands.start_hand`), which end every change of the position.
    current_player: int | None

    def legal_actions(self) -> list[Action]:
        acts = self._legal
        if acts is None:
            if self.over:
                acts = []
            elif self.stack:
                acts = legal.decision_actions(self)
            else:
                # A turn with no card that fits never waits here: `rules.settle` draws or passes.
                seat = self.turn_seat
                acts = legal.turn_actions(self, seat, legal.playable(self, seat))
            self._legal = acts
        return acts

    def apply_trusted(self, action: Action) -> None:
        """As `State.apply_trusted`, a few calls shorter while nobody listens (simulations, search)."""
        if self.listeners:
            super().apply_trusted(action)
            return
        self.history.append(action)
        self._legal = self._log_view = None
        stack = self.stack
        if stack:
            rules.answer(self, stack[-1][1], action)
        else:
            rules.play_on_turn(self, self.turn_seat, action)  # type: ignore[arg-type]

    def _apply(self, action: Action) -> None:
        self._legal = self._log_view = None
        if self.stack:
            rules.answer(self, self.stack[-1][1], action)  # both leave the state settled
        else:
            assert isinstance(action, A.Play)
            rules.play_on_turn(self, self.turn_seat, action)

    def check(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the game has ended")
        if action in self.legal_actions():
            return
        raise IllegalAction(seen.why_not(self, action))

    def outcome(self) -> Outcome:
        return hands.outcome(self)

    # -- what a seat sees --------------------------------------------------------------------
    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        return seen.build(self, player, narration)

    def seat_facts(self, player: int) -> ShedFacts:
        """What the heuristic reads of `player`'s knowledge, without building the view (facts.py)."""
        return facts(self, player)

    def determinize(self, player: int, rng: random.Random) -> ShedState:
        other: ShedState = self._determinized_copy(rng)
        other.opening = ()
        seen.redeal(self, other, player, rng)
        return other

    def information_key(self, player: int) -> Hashable:
        """What `player` sees (the view's facts without the log), as one tuple: search's key.

        Public: the mode (seats, teams, target), the dealer selection draws, the last hand's
        result, who acts, whose turn it is, the dealer, the direction, the hand number, the card
        to match and its corporation, the discard pile's top and size, the deck's size, every
        hand's size, who is out, who misses a turn, the scores, and the decision on top (its
        kind, seat, effect, actor, victim and count). Private to `player`: its own hand, the
        cards it knows to be in each other hand and those it knows to be among several (`pooled`),
        and the card it just drew when it is asked to
        play or keep it. The frames below the top and another seat's drawn card are not in it.
        """
        t = tuple
        mk, disc, known, stack, n = self.match_kind, self.discard, self.known, self.stack, self.players
        pending: tuple[int, ...] = ()
        if stack and not self.over:
            f = stack[-1]
            kind, seat = f[0], f[1]
            if kind == rules.F_DRAWN:
                pending = (kind, seat, f[5] if player == seat else -1)
            elif kind in (rules.F_TARGET, rules.F_RESPOND, rules.F_TAKE, rules.F_GIVE):
                actor = f[3] if f[3] >= 0 else seat
                pending = (kind, seat, f[2], actor, f[4], f[5] if f[2] == rules.E_DRAWS else 0)
            else:
                pending = (kind, seat)
        lh = self.last_hand
        last = (lh["hand"], t(lh["out"]), t(lh["points"]), lh["finisher"], lh["finish_bonus"]) if lh else ()
        return (
            player, self.mode, t(map(t, self.dealer_draw)), last, self.current_player, self.turn_seat,
            self.dealer, self.direction, self.hand_no, mk, self.match_corp if mk >= 0 else -1,
            disc[-1] if disc else -1, len(disc), len(self.deck), t(sorted(self.hands[player])),
            t(map(len, self.hands)), t(self.out), t(self.skip), t(self.scores),
            t(known[player * n + h] if h != player else () for h in range(n)),
            self.pooled[player], self.pooled_seats[player], pending, self.over,
        )  # fmt: skip

    # -- helpers the rules modules share ---------------------------------------------------------
    def note(self, msgid: str, /, *values: Any) -> None:
        """Log what happened: a message id (marked for the catalogue where it is written) and the
        public values of its placeholders, in the order they first appear in the English text. It
        becomes a message only when the log is read (`messages`): most moves of a simulation or a
        search are never shown to anyone, so a move pays for one small tuple, not a dict."""
        log = self.log
        log.append((msgid, values))
        if len(log) > LOG_KEEP:
            self.trim_log()
        self._log_view = None

    def note_n(self, singular: str, plural: str, n: int, /, *values: Any) -> None:
        """As `note`, for a message whose wording depends on the number `n` (`{n}` in the text;
        `values` are the other placeholders')."""
        log = self.log
        log.append((singular, values, plural, n))
        if len(log) > LOG_KEEP:
            self.trim_log()
        self._log_view = None

    def log_entry(self, entry: tuple[object, ...]) -> None:
        """As `note`, for an entry made once and shared by every log (`CardSet.play_notes`, the
        tables of rules.py): the entries are never changed in place, only replaced in the list."""
        log = self.log
        log.append(entry)
        if len(log) > LOG_KEEP:
            self.trim_log()
        self._log_view = None

    def trim_log(self) -> None:
        """Keep the last LOG_LENGTH entries of the log, counting those dropped (`log_dropped`)."""
        self.log_dropped += trimmed(self.log, LOG_LENGTH, 1)

    def log_start(self) -> int:
        """The index of the log's first entry shown (`messages()[0]`) in the game's whole log."""
        return self.log_dropped + max(0, len(self.log) - LOG_LENGTH)

    def messages(self) -> list[LogEntry]:
        """The log as messages, rendered by each reader; an entry is made on its first reading."""
        log = self.log
        self.trim_log()
        for i, entry in enumerate(log):
            if not isinstance(entry, LogEntry):
                log[i] = LogEntry.of_values(*entry)
        return list(log)  # type: ignore[arg-type]  # every entry is a LogEntry now

    def log_view(self) -> Narration:
        """The log told (`tell`): made once per log, shared by copies, for the views' narration."""
        done = self._log_view
        if done is None:
            done = self._log_view = tell(self.messages())
        return done

    def active(self, seat: int) -> bool:
        """Still in the hand (has not gone out)."""
        return seat not in self.out

    def side(self, seat: int) -> int:
        return self.mode.team_of[seat]

    def sync_masks(self) -> None:
        """Make `masks` anew from `hands` (after dealing, redealing, or a test setting hands)."""
        bits = self.cards.bits
        masks = []
        for hand in self.hands:
            m = 0
            for k in hand:
                m |= bits[k]
            masks.append(m)
        self.masks = masks
        self._legal = None

    def hand_points(self, seat: int) -> int:
        pts = self.cards.points
        return sum(pts[k] for k in self.hands[seat])

    # -- copying and equality ------------------------------------------------------------------
    def _copy_into(self, other: ShedState) -> None:  # typed: compiled, the stores are native
        other.cards = self.cards
        other.mode = self.mode
        other.hands = [list(h) for h in self.hands]
        other.masks = list(self.masks)
        other.current_player = self.current_player
        other._legal = self._legal
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.match_kind = self.match_kind
        other.match_corp = self.match_corp
        other.turn_seat = self.turn_seat
        other.direction = self.direction
        other.dealer = self.dealer
        other.scores = list(self.scores)
        other.out = list(self.out)
        other.skip = list(self.skip)
        other.stack = list(self.stack)
        other.known = list(self.known)
        other.pooled = list(self.pooled)
        other.pooled_seats = list(self.pooled_seats)
        other.known_bits = self.known_bits
        other.passes = self.passes
        other.hand_no = self.hand_no
        other.over = self.over
        other.dealer_draw = self.dealer_draw  # never changed after set-up
        other.last_hand = self.last_hand  # replaced, never changed in place
        other.opening = self.opening  # replaced, never changed in place
        other.log = self.log[-LOG_LENGTH:]
        other.log_dropped = self.log_start()  # what the copy's log starts at
        other._log_view = self._log_view

    def key(self) -> Hashable:
        return (
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(self.deck),
            tuple(self.discard),
            self.match_kind,
            self.match_corp,
            self.turn_seat,
            self.direction,
            self.dealer,
            tuple(self.scores),
            tuple(self.out),
            tuple(self.skip),
            tuple(self.stack),
            tuple(self.known),
            tuple(self.pooled),
            tuple(self.pooled_seats),
            self.passes,
            self.hand_no,
            self.over,
        )
