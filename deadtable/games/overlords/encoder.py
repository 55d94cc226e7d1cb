"""Overlords' observation, from `OverlordsState`'s fields (see `deadtable.rl.encoding`).

What a seat sees, as `OverlordsState.information_key` lists it. Per hand zone (the seats, relative,
then the dummy's in a 2-player game): its size, its army's size and top card, the picks it revealed
last turn (a count per kind) and, for the seat's own army (every army once the game is over), the
whole army. Per seat: committed this turn (never what: RULINGS OV-2), Hired Hands aside, the card
Medusa forces, a Black Knight activated. The seat's own hand and pending picks (and the dummy's
pick when it controls the dummy), its team exchange offer, what it knows of every other zone (the
other hands, the draw pile, the box); the round, the turn, the phase, who acts, who holds the
Overlord card, who controls the dummy, the draw pile's size and the Hired Hand decision on top.
"""

from __future__ import annotations

from typing import Any

from librt.vecs import vec
from mypy_extensions import i16

from deadtable.rl.encoding import Encoder, Slots, seat_labels

from . import hired_hands, rules
from .rules import ABILITY, ACTIVATE, EXCHANGE, KEEP, NONE, OVER, PHASES, RECRUIT
from .state import OverlordsState

STEPS = ("red knight army", "red knight card", "blue", "thief", "sorceress", "medusa", "lich")  # sub[0]
DUMMY = "dummy"


class OverlordsEncoder(Encoder):
    def lay_out(self, slots: Slots, sample: OverlordsState) -> None:
        n, kinds = self.players, len(sample.cards.names)
        names = sample.cards.names
        self.kinds, self.zones = kinds, sample.nh
        cards = sum(len(h) for h in sample.hands) + len(sample.draw)  # every card dealt or to deal
        zones = [*seat_labels(n), *([DUMMY] * (sample.nh - n))]
        most = sample.per_hand + 1  # the cards a hand can hold: its deal and the Overlord card (IV)
        self.hand_size = slots.block("hand size", zones, most)
        self.army_size = slots.block("army size", zones, cards)
        self.army_top = slots.block("army top", [f"{z}:{k}" for z in zones for k in names])
        self.last = slots.block("revealed last turn", [f"{z}:{k}" for z in zones for k in names], cards)
        self.army = slots.block("army", [f"{z}:{k}" for z in zones for k in names], cards)
        self.committed = slots.seats("committed", n)
        self.aside = slots.block("aside", [f"{r}:{k}" for r in seat_labels(n) for k in names], cards)
        self.forced = slots.block("forced", [f"{r}:{k}" for r in seat_labels(n) for k in names])
        self.black_knight = slots.seats("black knight", n)
        self.hand = slots.block("hand", names, most)
        self.pend = slots.block("picks", names, most)
        self.pend_dummy = slots.block("dummy's pick", names)
        self.keep = slots.one("exchange: keep")
        self.offer = slots.block("exchange offer", names)
        others = [*zones[1:], "draw", "box"]  # every zone but the seat's own hand
        self.known = slots.block("known", [f"{z}:{k}" for z in others for k in names], cards)
        self.round = slots.one("round", sample.rounds)
        self.turn = slots.one("turn", sample.per_hand)
        self.phase = slots.block("phase", PHASES)
        self.acts = slots.seats("acts", n)
        self.overlord = slots.seats("overlord", n)
        self.controller = slots.seats("controls the dummy", n)
        self.draw = slots.one("draw pile", cards)
        self.activator = slots.block("activates", zones)
        self.step = slots.block("decision", STEPS)
        self.step_seat = slots.seats("decision seat", n)
        self.step_card = slots.block("decision card", names)
        self.target = slots.block("red knight looks at", zones)
        self.target_army = slots.block("army looked at", names, cards)

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        s: OverlordsState = state
        n, kinds, zones = self.players, self.kinds, self.zones
        hands, armies, last, known = s.hands, s.armies, s.last, s.known[seat]
        ph = s.phase
        for z in range(zones):
            r = (z - seat) % n if z < n else z
            out[self.hand_size + r] = len(hands[z])
            army = armies[z]
            if army:
                out[self.army_size + r] = len(army)
                out[self.army_top + r * kinds + army[-1]] = 1
                if z == seat or ph == OVER:
                    base = self.army + r * kinds
                    for k in army:
                        out[base + k] += 1
            base = self.last + r * kinds
            for k in last[z]:
                out[base + k] += 1
            if z != seat:  # the known zones: every other hand, then the draw pile and the box
                base = self.known + (r - 1) * kinds
                for k in known[z]:
                    out[base + k] += 1
        base = self.known + (zones - 1) * kinds
        for k in known[zones]:  # the draw pile
            out[base + k] += 1
        base += kinds
        for k in known[zones + 1]:  # the box
            out[base + k] += 1
        aside, forced, bk = s.aside, s.forced, s.bk
        for r in range(n):
            p = (seat + r) % n
            if (ph == RECRUIT and rules.done(s, p)) or (ph == EXCHANGE and s.exch[p] != NONE):
                out[self.committed + r] = 1
            base = self.aside + r * kinds
            for k in aside[p]:
                out[base + k] += 1
            if forced[p] >= 0:
                out[self.forced + r * kinds + forced[p]] = 1
            if bk[p] >= 0:
                out[self.black_knight + r] = 1
        for k in hands[seat]:
            out[self.hand + k] += 1
        for k in s.pend[seat]:
            out[self.pend + k] += 1
        if seat == s.controller and s.pend_dummy >= 0:
            out[self.pend_dummy + s.pend_dummy] = 1
        if ph == EXCHANGE:
            offer = s.exch[seat]
            if offer == KEEP:
                out[self.keep] = 1
            elif offer >= 0:
                out[self.offer + offer] = 1
        out[self.round] = s.round
        out[self.turn] = s.turn
        out[self.phase + ph] = 1
        if s.current_player is not None:
            out[self.acts + (s.current_player - seat) % n] = 1
        out[self.overlord + (s.overlord - seat) % n] = 1
        if s.controller >= 0:
            out[self.controller + (s.controller - seat) % n] = 1
        out[self.draw] = len(s.draw)
        if ph == ACTIVATE:
            z = s.act_order[s.act_pos]
            out[self.activator + ((z - seat) % n if z < n else z)] = 1
        elif ph == ABILITY:
            sub = s.sub
            out[self.step + sub[0]] = 1
            out[self.step_seat + (sub[1] - seat) % n] = 1
            out[self.step_card + sub[2]] = 1
            if sub[0] == hired_hands.RK_CARD:
                z = sub[3]
                out[self.target + ((z - seat) % n if z < n else z)] = 1
                if seat == sub[1]:  # the Red Knight's owner looks through that army
                    for k in armies[z]:
                        out[self.target_army + k] += 1


# The game's observation encoder, found through the game (`deadtable.core.parts`).
ENCODER = OverlordsEncoder
