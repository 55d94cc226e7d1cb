"""Supply Run's one action: put a run card down (SR-4)."""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.core import Action


@dataclass(frozen=True)
class Bid(Action):
    """Put the run card `card` from hand face down for this round's crate."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"
