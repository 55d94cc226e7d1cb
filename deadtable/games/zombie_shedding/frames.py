"""The pending decisions of the zombie shedding game: a `Frame` on `ShedState.stack`, and its kinds.

Every module reads a frame by its fields' names (`f.kind`, `f.seat`) and makes one with `Frame(...)`,
never by position; the frame kinds are numbered here alone. Compiled with the rules
(deadtable/native.py), a NamedTuple is a plain tuple and a field's read is an index into it.

>>> f = Frame(F_RESPOND, 1, effect=0, actor=0, victim=1, parameter=2)
>>> f.kind == F_RESPOND, f.seat, f.victim, f.parameter, f.responders
(True, 1, 1, 2, ())
>>> FRAME_NAMES[f.kind]
'respond'
"""

from __future__ import annotations

from typing import Final, NamedTuple

NOBODY: Final = -1

# The frame kinds. Final: compiled (mypyc), a constant is inlined rather than looked up.
F_DRAWN: Final = 0  # the seat drew a card it cannot play at once: play it or keep it (RULINGS ZS-4)
F_COMBO: Final = 1  # the combo card chosen with the first card, played once that card's effects are over
F_NAME: Final = 2  # the seat names a corporation (the Schemer)
F_TARGET: Final = 3  # the seat chooses the opponent its effect hits (Thief, the Schemer's gift)
F_RESPOND: Final = 4  # the seat may answer an effect with protection (Hide, Boomerang)
F_TAKE: Final = 5  # the Thief takes a card from the victim's hand
F_GIVE: Final = 6  # the seat gives the victim a card of its own
F_END: Final = 7  # the turn passes on (needs no answer)
F_EFFECT: Final = 8  # an effect starts (needs no answer)
FRAME_NAMES: Final = ("drawn", "combo", "name", "target", "respond", "take", "give", "end", "effect")


class Frame(NamedTuple):
    """A pending decision, or a step still to take, on `ShedState.stack` (the top is last).

    `kind`: one of the F_ numbers above. `seat`: who answers it (NOBODY for a step that needs no
    answer). `effect`: the effect's number (rules.E_DRAWS, ...), 0 when none. `actor`: the seat whose
    card has the effect. `victim`: the seat it hits (NOBODY: not chosen yet, or none). `parameter`:
    the number the frame carries, by kind: the card drawn (F_DRAWN), the combo card (F_COMBO), the
    effect's own number (a draw's count, 1 for a card picked at random: `cards._on_play_param`).
    `responders`: the victim's teammates still to be asked for protection after `seat` (F_RESPOND).
    """

    kind: int
    seat: int
    effect: int = 0
    actor: int = NOBODY
    victim: int = NOBODY
    parameter: int = 0
    responders: tuple[int, ...] = ()
