"""The result of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deadtable.i18n import Message


@dataclass(frozen=True)
class Outcome:
    """Scores, ranks (1 is best, ties share a rank) and the winning seats.

    `note` says something about the result for people (a mode, a round limit reached); give a
    `deadtable.i18n.Message` so each reader gets it in their language (`to_json` then carries
    both the English text and "note_i18n").

    >>> Outcome.from_scores([3, 7, 7])
    Outcome(scores=(3.0, 7.0, 7.0), ranks=(3, 1, 1), winners=(1, 2), note='')
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    note: str | Message = ""

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[float],
        *,
        lower_is_better: bool = False,
        eligible: Sequence[int] | None = None,
        note: str | Message = "",
    ) -> Outcome:
        """Rank seats by score; the best eligible score wins and ties share (RULINGS OV-7, CZ-7)."""
        vals = tuple(float(s) for s in scores)
        sign = -1.0 if lower_is_better else 1.0
        seats = list(range(len(vals))) if eligible is None else list(eligible)
        ranks = [0] * len(vals)
        for i in range(len(vals)):
            ranks[i] = 1 + sum(1 for j in range(len(vals)) if sign * vals[j] > sign * vals[i])
        if seats:
            best = max(sign * vals[i] for i in seats)
            winners = tuple(i for i in seats if sign * vals[i] == best)
        else:
            winners = ()
        return cls(vals, tuple(ranks), winners, note)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "note": str(self.note),
        }
        if isinstance(self.note, Message):
            out["note_i18n"] = self.note.to_json()
        return out
