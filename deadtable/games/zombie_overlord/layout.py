"""Zombie Overlord's two layouts: a Trap in a base (`Slot`) and a pending decision (`Decision`).

Known here only: every other module reads a slot's fields by name (`sl[ACTIVE]`) and makes or
changes one with the helpers below, never by position; a decision is a NamedTuple read by name
(`d.seat`). Compiled with the rules (deadtable/native.py), the helpers are direct C calls.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# A Trap in a base: (kind, active, damage, attached kinds, lock, used), its fields read by these
# names. A plain tuple, not a NamedTuple: compiled it is an unboxed C tuple, and interpreted a tuple
# display is several times quicker to make than a NamedTuple (the hub reads and remakes slots on
# every move); the helpers below are the only code that knows the order.
# `active`: 1 upright, 0 inactive. `damage`: attack points taken this turn (ZO-7). `attached`: the
# Reinforcements and Malfunction placed on it. `lock`: 0 none; s + 1 = inactive until seat s's next
# turn starts (Power Down); malfunction_lock(s) = -(s + 1), a Malfunction played by seat s: inactive
# until the Trap's owner discards a random card (test it with is_malfunction). `used`: bit j set when
# ability j of the card was used this turn, When Placed included (`ability_bit`; RULINGS ZO-11: no
# replacing a Trap with any bit set).
KIND: Final = 0
ACTIVE: Final = 1
DAMAGE: Final = 2
ATTACHED: Final = 3
LOCK: Final = 4
USED: Final = 5
Slot = tuple[int, int, int, tuple[int, ...], int, int]


def new_slot(kind: int, active: int = 1) -> Slot:
    """A Trap just placed: upright, undamaged, nothing on it, no ability used yet.

    >>> sl = new_slot(7)
    >>> sl[KIND], sl[ACTIVE], sl[DAMAGE], sl[ATTACHED], sl[LOCK], sl[USED]
    (7, 1, 0, (), 0, 0)
    """
    return (kind, active, 0, (), 0, 0)


def ability_bit(ability: int) -> int:
    """The bit of `used` that marks ability number `ability` (its index on the card) as used.

    >>> ability_bit(0), ability_bit(2)
    (1, 4)
    """
    return 1 << ability


def with_used(sl: Slot, bits: int, active: int) -> Slot:
    """`sl` with the abilities of `bits` marked used this turn, upright or not as `active` says.

    >>> with_used(new_slot(7), ability_bit(2), 0)
    (7, 0, 0, (), 0, 4)
    """
    return (sl[KIND], active, sl[DAMAGE], sl[ATTACHED], sl[LOCK], sl[USED] | bits)


def with_damage(sl: Slot, damage: int, active: int, lock: int) -> Slot:
    """`sl` after an attack: `damage` points on it this turn, upright or not, its lock."""
    return (sl[KIND], active, damage, sl[ATTACHED], lock, sl[USED])


def with_lock(sl: Slot, active: int, lock: int, attached: tuple[int, ...]) -> Slot:
    """`sl` locked or freed (Power Down, Malfunction, a repair), with the cards now on it."""
    return (sl[KIND], active, sl[DAMAGE], attached, lock, sl[USED])


def next_turn(sl: Slot, active: int, lock: int) -> Slot:
    """`sl` when a turn ends: no damage and no ability used any more (ZO-7), upright or not."""
    return (sl[KIND], active, 0, sl[ATTACHED], lock, 0)


class Decision(NamedTuple):
    """A pending decision: who answers (`seat`) and what; the top of `ZOState.pending` is last.

    `kind`: "opponent" (choose an opponent, then `mode`: "discard", "discard_random" or "steal"),
    "discard", "banish" (`mode` the zone: "hand", "discard" or "either"; `value` the health gained;
    `optional`), "trap" (`mode`: "destroy" with `value` the highest defense, "deactivate" with `value`
    the lock to set, "malfunction" or "reinforce" with `value` the card to place on it), "lure"
    (`lure_type` the type index or -1 for any, `value` the highest attack or 0), "search", "cycle".
    """

    kind: str
    seat: int
    mode: str = ""
    value: int = 0
    lure_type: int = -1
    optional: bool = False


def malfunction_lock(seat: int) -> int:
    """The `lock` of a Trap held by a Malfunction that `seat` played (RULINGS ZO-12 needs the seat).

    >>> malfunction_lock(0), malfunction_lock(2), is_malfunction(malfunction_lock(2))
    (-1, -3, True)
    >>> is_malfunction(0), is_malfunction(3)  # no lock; a Power Down by seat 2
    (False, False)
    """
    return -1 - seat


def is_malfunction(lock: int) -> bool:
    return lock < 0
