"""Zombie Overlord's observation, from `ZOState`'s fields (see `deadtable.rl.encoding`).

What a seat sees, as `ZOState.information_key` lists it. Per relative seat: hand size, the cards
shown from that hand (a count per kind; the seat's own hand in full instead, below), Draw Deck size,
Discard Pile (a count per kind, and its size), life, alive, and each base slot (the Trap, active,
damage, attached cards, locked, by a Malfunction, abilities used). Then the Purchase Row (a Trap per
slot), the Wasteland, the Banish Pile and the box of eliminated seats' cards (a count per kind), the
decks' sizes, the Scavengers left, who started and whose turn it is, the phase, the phases entered
and left idle this turn, purchase points, attack bonus, the round, and the decision on top (its
kind, its detail, its seat, how many wait under it).
"""

from __future__ import annotations

from typing import Any

from librt.vecs import vec
from mypy_extensions import i16

from deadtable.games.zombie_overlord.actions import PHASES
from deadtable.games.zombie_overlord.layout import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK, USED
from deadtable.games.zombie_overlord.state import ZOState
from deadtable.games.zombie_overlord.turn import FRESH, PHASE_BIT, SLIPPED

from ..encoding import Encoder, Slots

SMALL_SCALE = 10  # purchase points, attack bonus, a Trap's damage, cards attached: held at this
ROUND_SCALE = 60
PILE_SCALE = 40  # cards in a deck, a Discard Pile or of one kind in a pile: held at this
# A slot's USED bits: bit j marks the card's ability j as used this turn (layout.ability_bit).
USED_BITS = ("ability 1", "ability 2", "ability 3")
# The decisions a card pushes (their first field; effects.py) and their details (third field).
DECISIONS = ("banish", "cycle", "discard", "heal", "lure", "opponent", "search", "trap")
DETAILS = ("discard", "discard_random", "steal", "destroy", "deactivate", "reinforce", "malfunction")


class ZOEncoder(Encoder):

    def lay_out(self, slots: Slots, sample: ZOState) -> None:
        n, cs = self.players, sample.cs
        names = cs.names
        self.kinds = len(names)
        self.traps = {kind: i for i, kind in enumerate(cs.traps)}
        trap_names = [names[k] for k in cs.traps]
        self.max_traps = cs.max_traps
        self.slot_width = len(trap_names) + 5 + len(USED_BITS)
        self.hand_size = slots.seats("hand size", n, PILE_SCALE)
        self.shown = slots.block("shown", [f"+{r}:{k}" for r in range(1, n) for k in names], PILE_SCALE)
        self.deck = slots.seats("deck size", n, PILE_SCALE)
        self.discard_size = slots.seats("discard size", n, PILE_SCALE)
        self.discard = slots.block("discard", [f"{r}:{k}" for r in range(n) for k in names], PILE_SCALE)
        self.life = slots.seats("life", n, cs.life)
        self.alive = slots.seats("alive", n)
        self.base = len(slots.names)
        for r in range(n):
            for i in range(cs.max_traps):
                slots.block(f"base {r}.{i}", trap_names)
                slots.one(f"base {r}.{i} present")
                slots.one(f"base {r}.{i} active")
                slots.one(f"base {r}.{i} damage", SMALL_SCALE)
                slots.one(f"base {r}.{i} attached", SMALL_SCALE)
                slots.one(f"base {r}.{i} locked by a Malfunction")
                slots.block(f"base {r}.{i} used", USED_BITS)
        self.hand = slots.block("hand", names, PILE_SCALE)
        self.row = slots.block("row", [f"{i}:{t}" for i in range(cs.purchase_row) for t in trap_names])
        self.wasteland = slots.block("wasteland", names, PILE_SCALE)
        self.banished = slots.block("banished", names, PILE_SCALE)
        self.removed = slots.block("removed", names, PILE_SCALE)
        self.decks = slots.block("deck size", ("trap", "survivor", "action"), PILE_SCALE)
        self.scavengers = slots.one("scavengers", PILE_SCALE)
        self.first = slots.seats("started", n)
        self.turn = slots.seats("turn", n)
        self.phase = slots.block("phase", PHASES)
        self.visited = slots.block("entered", PHASES)
        self.slipped = slots.block("left idle once", PHASES)
        self.idled = slots.block("left idle twice", PHASES)
        self.fresh = slots.one("nothing done in this phase")
        self.pp = slots.one("purchase points", SMALL_SCALE)
        self.bonus = slots.one("attack bonus", SMALL_SCALE)
        self.round = slots.one("round", ROUND_SCALE)
        self.decision = slots.block("decision", DECISIONS)
        self.detail = slots.block("decision detail", DETAILS)
        self.decision_seat = slots.seats("decision seat", n)
        self.waiting = slots.one("decisions under it", SMALL_SCALE)
        self.over = slots.one("game over")
        self.phase_bits = [PHASE_BIT[p] for p in PHASES]
        self.life_cap = cs.life
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.decision_index = {d: i for i, d in enumerate(DECISIONS)}
        self.detail_index = {d: i for i, d in enumerate(DETAILS)}

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        s: ZOState = state
        n, kinds = self.players, self.kinds
        hands, decks, discards, shown, bases = s.hand, s.deck, s.discard, s.shown, s.base
        life, alive = s.life, s.alive
        traps, width, per_seat = self.traps, self.slot_width, self.slot_width * self.max_traps
        for r in range(n):
            p = (seat + r) % n
            out[self.hand_size + r] = min(len(hands[p]), PILE_SCALE)
            if r:
                base = self.shown + (r - 1) * kinds
                for k in shown[p]:
                    out[base + k] += 1
            out[self.deck + r] = min(len(decks[p]), PILE_SCALE)
            out[self.discard_size + r] = min(len(discards[p]), PILE_SCALE)
            base = self.discard + r * kinds
            for k in discards[p]:
                out[base + k] += 1
            out[self.life + r] = max(0, min(life[p], self.life_cap))
            if alive[p]:
                out[self.alive + r] = 1
            at = self.base + r * per_seat
            for slot in bases[p]:
                out[at + traps[slot[KIND]]] = 1
                field = at + width - 5 - len(USED_BITS)
                out[field] = 1
                if slot[ACTIVE]:
                    out[field + 1] = 1
                out[field + 2] = min(slot[DAMAGE], SMALL_SCALE)
                out[field + 3] = min(len(slot[ATTACHED]), SMALL_SCALE)
                if slot[LOCK] < 0:  # state.is_malfunction
                    out[field + 4] = 1
                used = slot[USED]
                for b in range(len(USED_BITS)):
                    if used >> b & 1:
                        out[field + 5 + b] = 1
                at += width
        hand = self.hand
        for k in hands[seat]:
            out[hand + k] += 1
        row, trap_count = self.row, len(traps)
        for i, k in enumerate(s.row):
            if k >= 0:
                out[row + i * trap_count + traps[k]] = 1
        piles = ((self.wasteland, s.wasteland), (self.banished, s.banished), (self.removed, s.removed))
        for base, pile in piles:
            for k in pile:
                out[base + k] += 1
        out[self.decks] = min(len(s.trap_deck), PILE_SCALE)
        out[self.decks + 1] = min(len(s.survivor_deck), PILE_SCALE)
        out[self.decks + 2] = min(len(s.action_deck), PILE_SCALE)
        out[self.scavengers] = min(s.scavengers, PILE_SCALE)
        out[self.first + (s.first - seat) % n] = 1
        out[self.turn + (s.tp - seat) % n] = 1
        phase = self.phase_index.get(s.phase)
        if phase is not None:
            out[self.phase + phase] = 1
        visited, idle = s.visited, s.idle
        for i, bit in enumerate(self.phase_bits):
            if visited & bit:
                out[self.visited + i] = 1
            if idle & bit << SLIPPED:
                out[self.slipped + i] = 1
            if idle & bit:
                out[self.idled + i] = 1
        if idle & FRESH:
            out[self.fresh] = 1
        out[self.pp] = min(s.pp, SMALL_SCALE)
        out[self.bonus] = min(s.bonus, SMALL_SCALE)
        out[self.round] = min(s.round, ROUND_SCALE)
        if s.over:
            out[self.over] = 1
        pending = s.pending
        if pending:
            top = pending[-1]
            kind = self.decision_index.get(top[0])
            if kind is not None:
                out[self.decision + kind] = 1
            if len(top) > 2:
                detail = self.detail_index.get(top[2])
                if detail is not None:
                    out[self.detail + detail] = 1
            out[self.decision_seat + (top[1] - seat) % n] = 1
            out[self.waiting] = min(len(pending) - 1, SMALL_SCALE)
