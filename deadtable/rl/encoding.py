"""Observations encoded straight from a game state's fields, one encoder per game (the fast path).

A seat's view (`state.view(seat)`) is JSON for people; building it and flattening it every step
costs 5-25 raw engine steps. A game's encoder here instead reads the state's own fields, writes
raw values (counts, flags, a score: whole numbers) into a fresh copy of a preallocated all-zero
`vec[i16]` (mypyc's runtime library, `librt.vecs`: the compiled encoders write its 16-bit items
natively, with no boxed index or value per slot as an `array` costs them), which numpy reads
through its buffer and scales by a fixed per-slot factor into the float32 vector, in one float32
product (1 / the slot's scale, its largest possible raw value: every slot ends in [-1, 1]; the few
values without a bound, such as a turn number, are held at their scale by the encoder). Whole
numbers in 16 bits convert to float32 exactly, and reading them takes half the time that float64
items took (a `vec[float]` before, the same vectors).
It reads only what the seat may see: the same facts as the game's `information_key(seat)` (the key
search uses), no more; the tests check it on twin games that differ only in what the seat cannot see.

Seats are relative: block 0 of a per-seat part is the observing seat, block 1 the next seat in seat
order, and so on, so a policy reads "me" at the same place from every seat.

Layout helpers: `Slots` hands out consecutive slots with a label and a scale (the largest raw value
the slot can hold); `Encoder.names` labels every slot (`env.unwrapped.layout.names`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from librt.vecs import vec
from mypy_extensions import i16

from deadtable.core import State

# What `Encoder.encode` calls every step, looked up once (compiled, a module attribute read is a
# dictionary lookup a call; these are module constants).
FROMBUFFER: Final = np.frombuffer
MULTIPLY: Final = np.multiply
INT16: Final = np.int16


class Slots:
    """Builds a layout: consecutive slots, each with a label and a scale."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.scales: list[float] = []

    def one(self, name: str, scale: float = 1.0) -> int:
        """One slot; returns its index."""
        self.names.append(name)
        self.scales.append(float(scale))
        return len(self.names) - 1

    def block(self, name: str, labels: Sequence[object], scale: float = 1.0) -> int:
        """A slot per label (`name[label]`), consecutive; returns the first one's index."""
        first = len(self.names)
        for label in labels:
            self.one(f"{name}[{label}]", scale)
        return first

    def seats(self, name: str, players: int, scale: float = 1.0) -> int:
        """A slot per relative seat (`name[me]`, `name[+1]`, ...); returns the first one's index."""
        return self.block(name, seat_labels(players), scale)


def seat_labels(players: int) -> list[str]:
    """Relative seat labels: 'me', '+1', '+2', ..."""
    return ["me", *(f"+{k}" for k in range(1, players))]


class Encoder:
    """A game's observation encoder: subclasses lay out `slots` and implement `fill`.

    `encode(state, seat)` returns a new float32 vector each call (a caller may keep it).
    """

    def __init__(self, sample: State) -> None:
        """Lay out the slots for the settings of `sample` (a new game: its seats, its card set)."""
        self.players = sample.players
        slots = Slots()
        self.lay_out(slots, sample)
        self.names: list[str] = slots.names
        self.size = len(slots.names)
        self._factors = np.asarray([1.0 / s for s in slots.scales], np.float32)
        self._zero: vec[i16] = vec[i16]([0] * self.size)

    def lay_out(self, slots: Slots, sample: Any) -> None:
        raise NotImplementedError

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        """Write `seat`'s raw values into `out` (all zero on entry), each within [-scale, scale]."""
        raise NotImplementedError

    def encode(self, state: State, seat: int) -> np.ndarray:
        out = self._zero[:]
        self.fill(state, seat, out)
        # int16 times float32 is taken in float32, each whole-number raw value cast exactly.
        raw = FROMBUFFER(out, INT16)  # type: ignore[call-overload]  # a vec is a buffer
        vector: np.ndarray = MULTIPLY(raw, self._factors)
        return vector

    def explain(self, vector: np.ndarray) -> dict[str, float]:
        """The non-zero slots of a vector by their labels (to read an observation back)."""
        return {self.names[i]: float(x) for i, x in enumerate(vector) if x}
