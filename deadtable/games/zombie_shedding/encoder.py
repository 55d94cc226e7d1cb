"""The zombie shedding game's observation, from `ShedState`'s fields (see `deadtable.rl.encoding`).

What a seat sees, as `ShedState.information_key` lists it (the dealer selection and the last hand's
result left out; the scores carry what matters of them). Per relative seat: cards in hand, out of
the hand, misses a turn, its side's score, teammate (a constant of the mode), the cards this seat
knows to be in that hand (a count per kind: `ShedState.known`, what it saw given or taken). The
cards it knows to be among several other hands after a rebuild (`ShedState.pooled`, a count per
kind) and which hands those are (`pooled_seats`). Then who
acts, whose turn, the dealer, the direction, the hand number, the card to match (its kind and
corporation), the discard pile's top and size, the deck's size, this seat's own hand (a count per
kind) and the decision on top (its frame, seat, effect, actor, victim, count; the drawn card only to
the seat that drew it).
"""

from __future__ import annotations

from typing import Any

from librt.vecs import vec
from mypy_extensions import i16

from deadtable.rl.encoding import Encoder, Slots

from . import rules
from .cards import CORPORATIONS, ON_PLAY
from .state import ShedState

HAND_NUMBER_SCALE = 20  # hands in a match; a longer match holds at 1
SCORE_FLOOR = 60  # the scale of a score: the mode's target, at least this (Blitz and Outsider have none)


class SheddingEncoder(Encoder):
    def lay_out(self, slots: Slots, sample: ShedState) -> None:
        n = self.players
        slugs = sample.cards.slugs
        self.kinds = len(slugs)
        total = sum(sample.cards.copies) * sample.mode.decks
        self.hand_size = slots.seats("hand size", n, total)
        self.out = slots.seats("out", n)
        self.skip = slots.seats("misses a turn", n)
        self.score_cap = max(SCORE_FLOOR, sample.mode.target)  # a score past it reads as it
        self.score = slots.seats("score", n, self.score_cap)
        self.teammate = slots.seats("teammate", n)
        copies = max(sample.cards.copies) * sample.mode.decks  # the most of one kind in one place
        self.known = slots.block("known", [f"+{r}:{k}" for r in range(1, n) for k in slugs], copies)
        # After a rebuild: cards known to be among several other hands (which one is hidden), and which.
        self.among = slots.block("known among", slugs, copies)
        self.among_seats = slots.seats("known among seats", n)
        self.acts = slots.seats("acts", n)
        self.turn = slots.seats("turn", n)
        self.dealer = slots.seats("dealer", n)
        self.reversed = slots.one("direction reversed")
        self.hand_no = slots.one("hand number", HAND_NUMBER_SCALE)
        self.match = slots.block("card to match", slugs)
        self.corp = slots.block("corporation to match", CORPORATIONS)
        self.top = slots.block("discard top", slugs)
        self.discard = slots.one("discard size", total)
        self.deck = slots.one("deck size", total)
        self.hand = slots.block("hand", slugs, copies)
        self.frame = slots.block("decision", rules.FRAME_NAMES)
        self.frame_seat = slots.seats("decision seat", n)
        self.effect = slots.block("decision effect", ON_PLAY)
        self.actor = slots.seats("decision actor", n)
        self.victim = slots.seats("decision victim", n)
        self.count = slots.one("decision count", total)
        self.drawn = slots.block("drawn card", slugs)
        self.over = slots.one("game over")

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        s: ShedState = state
        n = self.players
        kinds = self.kinds
        mode = s.mode
        hands, known, team_of, scores, teams = s.hands, s.known, mode.team_of, s.scores, mode.teams
        hand_size, score, teammate, known_base = self.hand_size, self.score, self.teammate, self.known
        my_side, score_cap = team_of[seat], self.score_cap
        p = seat
        for r in range(n):
            out[hand_size + r] = len(hands[p])
            x = scores[team_of[p]]
            out[score + r] = x if -score_cap <= x <= score_cap else (score_cap if x > 0 else -score_cap)
            if r:
                if teams and team_of[p] == my_side:
                    out[teammate + r] = 1
                cards = known[seat * n + p]
                if cards:
                    base = known_base + (r - 1) * kinds
                    for k in cards:
                        out[base + k] += 1
            p += 1
            if p == n:
                p = 0
        pooled = s.pooled[seat]
        if pooled:
            among = self.among
            for k in pooled:
                out[among + k] += 1
            seats = s.pooled_seats[seat]
            for p in range(n):
                if seats >> p & 1:
                    out[self.among_seats + (p - seat) % n] = 1
        for p in s.out:
            out[self.out + (p - seat) % n] = 1
        for p, skipped in enumerate(s.skip):
            if skipped:
                out[self.skip + (p - seat) % n] = 1
        if s.current_player is not None:
            out[self.acts + (s.current_player - seat) % n] = 1
        out[self.turn + (s.turn_seat - seat) % n] = 1
        out[self.dealer + (s.dealer - seat) % n] = 1
        if s.direction < 0:
            out[self.reversed] = 1
        out[self.hand_no] = min(s.hand_no, HAND_NUMBER_SCALE)
        mk = s.match_kind
        if mk >= 0:
            out[self.match + mk] = 1
            out[self.corp + s.match_corp] = 1
        disc = s.discard
        if disc:
            out[self.top + disc[-1]] = 1
        out[self.discard] = len(disc)
        out[self.deck] = len(s.deck)
        hand = self.hand
        for k in hands[seat]:
            out[hand + k] += 1
        if s.over:
            out[self.over] = 1
            return
        stack = s.stack
        if stack:
            f = stack[-1]
            kind, frame_seat = f[0], f[1]
            out[self.frame + kind] = 1
            out[self.frame_seat + (frame_seat - seat) % n] = 1
            if kind == rules.F_DRAWN:
                if frame_seat == seat:  # another seat's drawn card is not this seat's to see
                    out[self.drawn + f[5]] = 1
            elif kind in (rules.F_TARGET, rules.F_RESPOND, rules.F_TAKE, rules.F_GIVE):
                actor = f[3] if f[3] >= 0 else frame_seat
                out[self.effect + f[2]] = 1
                out[self.actor + (actor - seat) % n] = 1
                if f[4] >= 0:
                    out[self.victim + (f[4] - seat) % n] = 1
                if f[2] == rules.E_DRAWS:
                    out[self.count] = f[5]


# The game's observation encoder, found through the game (`deadtable.core.parts`).
ENCODER = SheddingEncoder
