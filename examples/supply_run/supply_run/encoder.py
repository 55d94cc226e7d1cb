"""Supply Run's observation for learning agents, from `SupplyState`'s fields (`deadtable.rl.encoding`).

What a seat sees, as its view shows it: its own hand and its own run card down this round; per
relative seat, whether its card is down (never which, SR-4), how many cards it holds, the crates it
took and its points; every run card turned up so far (SR-5); the crate turned up, how many are left
in the drop (SR-2), the round and who acts. A part of the game's package, read only by deadtable.rl
(it needs the rl extra), found through the game (`deadtable.core.parts`).
"""

from __future__ import annotations

from typing import Any

from librt.vecs import vec
from mypy_extensions import i16

from deadtable.rl.encoding import Encoder, Slots

from .state import CRATES, HAND, NO_BID, SupplyState


class SupplyEncoder(Encoder):
    def lay_out(self, slots: Slots, sample: SupplyState) -> None:
        n = self.players
        cards = range(1, HAND * n + 1)
        self.hand = slots.block("hand", cards) - 1  # then + the card
        self.bid = slots.block("my card down", cards) - 1
        self.turned_up = slots.block("turned up", cards) - 1
        self.down = slots.seats("card down", n)
        self.held = slots.seats("cards held", n, HAND)
        self.taken = slots.block("took", [f"{r}:{c}" for r in range(n) for c in CRATES])
        self.points = slots.seats("points", n, sum(CRATES))
        self.crate = slots.block("crate", CRATES) - 1
        self.drop = slots.one("drop", len(CRATES))
        self.round = slots.one("round", HAND)
        self.acts = slots.seats("acts", n)

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        s: SupplyState = state
        n = self.players
        for card in s.hands[seat]:
            out[self.hand + card] = 1
        if s.bids[seat] != NO_BID:
            out[self.bid + s.bids[seat]] = 1
        for played in s.rounds:
            for card in played["bids"]:
                out[self.turned_up + card] = 1
        for r in range(n):
            p = (seat + r) % n
            if s.bids[p] != NO_BID:
                out[self.down + r] = 1
            out[self.held + r] = len(s.hands[p])
            out[self.points + r] = sum(s.taken[p])
            for crate in s.taken[p]:
                out[self.taken + r * len(CRATES) + crate - 1] = 1
        if s.crate:
            out[self.crate + s.crate] = 1
        out[self.drop] = len(s.drop)
        out[self.round] = len(s.rounds) + (s.to_act is not None)
        if s.to_act is not None:
            out[self.acts + (s.to_act - seat) % n] = 1


# The game's observation encoder, found through the game (`deadtable.core.parts`).
ENCODER = SupplyEncoder
