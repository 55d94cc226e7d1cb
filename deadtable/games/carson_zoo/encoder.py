"""Carson City Zoo Apocalypse's observation, from `ZooState`'s fields (see `deadtable.rl.encoding`).

What a seat sees, as `ZooState.information_key` lists it: per board position, its stack's height,
the top card's value (never whether it is a mutant before it is taken, RULINGS CZ-1), and the piece
on it (owner as a relative seat, value, turned mutant); per relative seat, the characters still in
hand and the captured pile (a count per value); the zoo cards' values captured so far and the
mutants found; who acts, who started and the turn.
"""

from __future__ import annotations

from typing import Any

from librt.vecs import vec
from mypy_extensions import i16

from deadtable.rl.encoding import Encoder, Slots

from . import board
from .state import NOBODY, ZooState

TURN_SCALE = 100  # turns in a game; a longer game holds at 1
VALUE_BITS = 7  # board.value: a stacked card's value is its low bits (the mutant bit above them)


class ZooEncoder(Encoder):
    def lay_out(self, slots: Slots, sample: ZooState) -> None:
        n = self.players
        positions = board.POSITIONS
        values = range(max(board.CHARACTER_VALUES) + 1)  # zoo values 0-4, characters 3-6
        self.values = len(values)
        self.height = slots.block("height", board.NAMES, board.CARDS_PER_POSITION)
        self.top = slots.block("top", [f"{p}={v}" for p in board.NAMES for v in board.ZOO_VALUES])
        self.owner = slots.block("piece owner", [f"{p}:{r}" for p in board.NAMES for r in range(n)])
        self.piece = slots.block("piece value", board.NAMES, max(board.CHARACTER_VALUES))
        self.mutant = slots.block("piece mutant", board.NAMES)
        self.hand = slots.block("hand", [f"{r}:{v}" for r in range(n) for v in board.CHARACTER_VALUES])
        taken = positions * board.CARDS_PER_POSITION  # every card of the board
        self.captured = slots.block("captured", [f"{r}:{v}" for r in range(n) for v in values], taken)
        self.taken_zoo = slots.block("zoo cards taken", board.ZOO_VALUES, board.CARDS_PER_VALUE)
        self.found = slots.block("mutant found", board.MUTANT_VALUES)
        self.acts = slots.seats("acts", n)
        self.first = slots.seats("started", n)
        self.turn = slots.one("turn", TURN_SCALE)
        self.zoo_values = len(board.ZOO_VALUES)
        self.first_character = min(board.CHARACTER_VALUES)
        self.hand_width = len(board.CHARACTER_VALUES)

    def fill(self, state: Any, seat: int, out: vec[i16]) -> None:
        s: ZooState = state
        n = self.players
        height, piece, mutant = self.height, self.piece, self.mutant
        zoo_values = self.zoo_values
        owners, piece_value, mutants = s.owner, s.piece_value, s.mutant
        # Every position's stack (its height, its top card's slot), then the pieces on the board.
        top = self.top
        for i, stack in enumerate(s.stacks):
            if stack:
                out[height + i] = len(stack)
                out[top + (stack[-1] & VALUE_BITS)] = 1
            top += zoo_values
        owner_base = self.owner - seat  # then + the owner's relative seat (`who - seat`, mod n)
        for i, who in enumerate(owners):
            if who != NOBODY:
                out[owner_base + (who if who >= seat else who + n)] = 1
                out[piece + i] = piece_value[i]
                if mutants[i]:
                    out[mutant + i] = 1
            owner_base += n
        hand, captured, width, values = self.hand, self.captured, self.hand_width, self.values
        low = self.first_character
        hands, taken = s.hands, s.captured
        p = seat
        for r in range(n):
            cards = hands[p]
            if cards:
                base = hand + r * width - low
                for v in cards:
                    out[base + v] = 1
            cards = taken[p]
            if cards:
                base = captured + r * values
                for v in cards:
                    out[base + v] += 1
            p += 1
            if p == n:
                p = 0
        base = self.taken_zoo
        for v in s.taken_zoo:
            out[base + v] += 1
        base = self.found
        for v in s.found_mutants:
            out[base + v] = 1
        if s.to_act is not None:
            out[self.acts + (s.to_act - seat) % n] = 1
        out[self.first + (s.first_player - seat) % n] = 1
        turn = s.turn
        out[self.turn] = turn if turn < TURN_SCALE else TURN_SCALE


# The game's observation encoder, found through the game (`deadtable.core.parts`).
ENCODER = ZooEncoder
