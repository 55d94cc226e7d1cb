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

from deadtable.rl.encoding import Encoder, Slots

from .actions import PHASES
from .layout import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK, USED
from .rules import FRESH, PHASE_BIT, SLIPPED
from .state import ZOState

SMALL_SCALE = 10  # purchase points, attack bonus, a Trap's damage, cards attached: held at this
ROUND_SCALE = 60
PILE_SCALE = 40  # cards in a deck, a Discard Pile or of one kind in a pile: held at this
# A slot's USED bits: bit j marks the card's ability j as used this turn (layout.ability_bit).
USED_BITS = ("ability 1", "ability 2", "ability 3")
USED_COUNT = len(USED_BITS)
# The bits of `visited` and `idle` that the observation shows (PHASE_BIT, FRESH, PHASE_BIT << SLIPPED):
# `phase_flags` is indexed by both fields packed into one int (visited's bits low, idle's above).
PHASE_MASK = sum(PHASE_BIT.values())
PHASE_WIDTH = PHASE_MASK.bit_length()
IDLE_MASK = PHASE_MASK | FRESH | PHASE_MASK << SLIPPED
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
        self.purchase_points = slots.one("purchase points", SMALL_SCALE)
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
        # The slots set by each packed (visited, idle) pair: a table, not three bit tests per phase.
        self.phase_flags: list[tuple[int, ...]] = []
        for key in range(1 << (PHASE_WIDTH + IDLE_MASK.bit_length())):
            visited, idle = key & PHASE_MASK, key >> PHASE_WIDTH
            flags = []
            for i, bit in enumerate(self.phase_bits):
                if visited & bit:
                    flags.append(self.visited + i)
                if idle & bit << SLIPPED:
                    flags.append(self.slipped + i)
                if idle & bit:
                    flags.append(self.idled + i)
            if idle & FRESH:
                flags.append(self.fresh)
            self.phase_flags.append(tuple(flags))

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        s: ZOState = state
        n, kinds = self.players, self.kinds
        hands, decks, discards, shown, bases = s.hand, s.deck, s.discard, s.shown, s.base
        life, alive, life_cap = s.life, s.alive, self.life_cap
        traps, width = self.traps, self.slot_width
        hand_size, deck, discard_size, discard = self.hand_size, self.deck, self.discard_size, self.discard
        life_at, alive_at, shown_at = self.life, self.alive, self.shown
        per_seat = width * self.max_traps
        at0 = self.base
        for r in range(n):
            p = seat + r
            if p >= n:
                p -= n
            x = len(hands[p])
            out[hand_size + r] = x if x < PILE_SCALE else PILE_SCALE
            if r:
                cards = shown[p]
                if cards:
                    base = shown_at + (r - 1) * kinds
                    for k in cards:
                        out[base + k] += 1
            x = len(decks[p])
            out[deck + r] = x if x < PILE_SCALE else PILE_SCALE
            cards = discards[p]
            x = len(cards)
            if x:
                out[discard_size + r] = x if x < PILE_SCALE else PILE_SCALE
                base = discard + r * kinds
                for k in cards:
                    out[base + k] += 1
            x = life[p]
            if x > 0:
                out[life_at + r] = x if x < life_cap else life_cap
            if alive[p]:
                out[alive_at + r] = 1
            slots = bases[p]
            if slots:
                at = at0 + r * per_seat
                for slot in slots:
                    out[at + traps[slot[KIND]]] = 1
                    field = at + width - 5 - USED_COUNT
                    out[field] = 1
                    if slot[ACTIVE]:
                        out[field + 1] = 1
                    x = slot[DAMAGE]
                    out[field + 2] = x if x < SMALL_SCALE else SMALL_SCALE
                    x = len(slot[ATTACHED])
                    out[field + 3] = x if x < SMALL_SCALE else SMALL_SCALE
                    if slot[LOCK] < 0:  # state.is_malfunction
                        out[field + 4] = 1
                    used = slot[USED]
                    if used:
                        for b in range(USED_COUNT):
                            if used >> b & 1:
                                out[field + 5 + b] = 1
                    at += width
        hand = self.hand
        for k in hands[seat]:
            out[hand + k] += 1
        row, trap_count = self.row, len(traps)
        i = row
        for k in s.row:
            if k >= 0:
                out[i + traps[k]] = 1
            i += trap_count
        piles = ((self.wasteland, s.wasteland), (self.banished, s.banished), (self.removed, s.removed))
        for base, pile in piles:
            for k in pile:
                out[base + k] += 1
        decks_at = self.decks
        x = len(s.trap_deck)
        out[decks_at] = x if x < PILE_SCALE else PILE_SCALE
        x = len(s.survivor_deck)
        out[decks_at + 1] = x if x < PILE_SCALE else PILE_SCALE
        x = len(s.action_deck)
        out[decks_at + 2] = x if x < PILE_SCALE else PILE_SCALE
        x = s.scavengers
        out[self.scavengers] = x if x < PILE_SCALE else PILE_SCALE
        out[self.first + (s.first - seat) % n] = 1
        out[self.turn + (s.turn_player - seat) % n] = 1
        phase = self.phase_index.get(s.phase)
        if phase is not None:
            out[self.phase + phase] = 1
        # The phases entered and left idle: every slot they set, looked up by the two bit fields.
        for i in self.phase_flags[s.visited & PHASE_MASK | (s.idle & IDLE_MASK) << PHASE_WIDTH]:
            out[i] = 1
        x = s.purchase_points
        out[self.purchase_points] = x if x < SMALL_SCALE else SMALL_SCALE
        x = s.bonus
        out[self.bonus] = x if x < SMALL_SCALE else SMALL_SCALE
        x = s.round
        out[self.round] = x if x < ROUND_SCALE else ROUND_SCALE
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
            x = len(pending) - 1
            out[self.waiting] = x if x < SMALL_SCALE else SMALL_SCALE


# The game's observation encoder, found through the game (`deadtable.core.parts`).
ENCODER = ZOEncoder
