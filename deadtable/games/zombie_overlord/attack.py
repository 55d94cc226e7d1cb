"""The Attack Phase: one Minion to one target per action, damage on Traps, elimination.

RULINGS ZO-7: attack points assigned to a Trap accumulate over the turn; at the red number it is
deactivated, at the white number destroyed (to its owner's Discard Pile). A banished Scavenger adds
2 attack points to one target. ZO-8: a Barricade in a base, active or not, shields its owner's life
points. ZO-9: a player at 0 life or fewer is out at once with all their cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from deadtable.core import Action
from deadtable.i18n import N_, Message

from . import actions as A
from .cards import MINION, SCAVENGER, SURVIVOR
from .state import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK

if TYPE_CHECKING:
    from .state import ZOState


def actions(s: ZOState, p: int) -> list[Action]:
    """Every target, then every distinct Minion kind in hand (and a Scavenger to banish) against it,
    then "end attack". Targets: each living opponent from the left, life points first (unless
    barricaded, ZO-8), then each Trap of its base."""
    cs = s.cs
    cats = cs.categories
    # The answer's key, one int: the distinct attacking kinds in hand order (digits 1 to kinds + 1,
    # a Scavenger last), then `p`, then for each other seat from the left 0 when it is out, else
    # 1 + whether its life points are shielded + twice its number of Traps, then the player count.
    radix = len(cats) + 2
    key = 0
    last = -1
    scavenger = False
    for k in s.hand[p]:  # sorted: copies of a kind side by side
        if k != last:
            last = k
            c = cats[k]
            if c in (MINION, SURVIVOR):
                key = key * radix + k + 1
            elif c == SCAVENGER:
                scavenger = True
    if scavenger:
        key = key * radix + radix - 1  # banished for attack points
    if not key:
        return NO_ATTACKERS
    n, alive, barricades = s.players, s.alive, cs.barricades
    key = key * n + p
    room = 2 * cs.max_traps + 3
    for i in range(1, n):  # the other seats from the left, as `ZOState.opponents`
        q = (p + i) % n
        if not alive[q]:
            key *= room
            continue
        base = s.base[q]
        first = 1
        for sl in base:
            if barricades[sl[KIND]]:
                break
        else:
            first = 0  # no Barricade: life points are a target (ZO-8)
        key = key * room + 1 + first + 2 * len(base)
    key = key * 16 + n
    got = ATTACKS.get(key)
    if got is not None and got[0] is cs.names:  # made for this card set
        return got[1]
    if len(ATTACKS) > 50_000:
        ATTACKS.clear()
    out = attack_actions(s, p)
    ATTACKS[key] = (cs.names, out)
    return out


def attack_actions(s: ZOState, p: int) -> list[Action]:
    """The Attack Phase's actions worked out (`actions` keeps them by their key)."""
    cs = s.cs
    cats, names = cs.categories, cs.names
    who: list[str] = []  # each distinct Minion kind (starting Minions, lured Survivors), in order
    scavenger = False
    for k in sorted(set(s.hand[p])):
        if cats[k] in (MINION, SURVIVOR):
            who.append(names[k])
        elif cats[k] == SCAVENGER:
            scavenger = True
    if scavenger:
        who.append("scavenger")  # banished for attack points
    out: list[Action] = []
    for q in s.opponents(p):
        base = s.base[q]
        first = 1 if any(cs.barricades[sl[KIND]] for sl in base) else 0  # ZO-8
        out.extend(A.attack(name, q, slot) for slot in range(first, len(base) + 1) for name in who)
    out.append(END_ATTACK)
    return out


# The Attack Phase's actions, interned (shared lists: never changed), by `actions`' key, with the
# names of the card set they were made for.
ATTACKS: Final[dict[int, tuple[tuple[str, ...], list[Action]]]] = {}
END_ATTACK: Final = A.END["attack"]
NO_ATTACKERS: Final[list[Action]] = [END_ATTACK]
# The log's entries (state.LogLine): message ids, marked for the catalogue once, not on every move.
HITS: Final = (
    N_("P{seat} hits P{target} with {what} for {points} (life {life})"),
    ("seat", "target", "what", "points", "life"),
)
_TRAP_HIT: Final = ("need", "seat", "owner", "trap", "what", "dmg")
DESTROYS: Final = (N_("P{seat} destroys P{owner}'s {trap} with {what} ({dmg}/{need})"), _TRAP_HIT)
DEACTIVATES: Final = (N_("P{seat} deactivates P{owner}'s {trap} with {what} ({dmg}/{need})"), _TRAP_HIT)
HITS_TRAP: Final = (N_("P{seat} hits P{owner}'s {trap} with {what} ({dmg}/{need})"), _TRAP_HIT)
ELIMINATED: Final = (N_("P{seat} is eliminated by P{by}"), ("seat", "by"))
# What hit, named in the log; made once (a message never changes), by card title.
BANISHED = Message("a banished Scavenger")
THE: Final[dict[str, Message]] = {}


def apply(s: ZOState, p: int, action: A.Attack) -> None:
    cs = s.cs
    card = action.card  # a field of an interpreted class: read once
    if card == "scavenger":
        s.take_from_hand(p, cs.scavenger)
        s.banished.append(cs.scavenger)
        points, what = cs.banish_attack, BANISHED
    else:
        k = cs.by_name[card]
        s.take_from_hand(p, k)
        s.discard[p].append(k)  # after attacking, the Minion goes to the Discard Pile
        c = cs.cards[k]
        points = c.attack
        what = THE.get(c.title) or THE.setdefault(c.title, Message("the {card}", card=c.title))
    points += s.bonus
    s.bonus = 0
    q = action.seat
    if action.slot:
        hit_trap(s, p, q, action.slot - 1, points, what)
    else:
        s.life[q] -= points
        s.log_line(HITS, (p + 1, q + 1, what, points, s.life[q]))
        if s.life[q] <= 0:
            eliminate(s, q, p)


def hit_trap(s: ZOState, p: int, q: int, i: int, points: int, what: Message) -> None:
    """Add attack points to Trap `i` of `q`; deactivate or destroy it (ZO-7)."""
    sl = s.base[q][i]
    c = s.cs.cards[sl[KIND]]
    dmg = sl[DAMAGE] + points
    destroy, deactivate = s.defense(sl)
    if dmg >= destroy and not c.indestructible:
        destroy_trap(s, q, i)
        s.log_line(DESTROYS, (destroy, p + 1, q + 1, c.name, what, dmg))
        return
    if dmg >= deactivate and sl[ACTIVE]:
        s.base[q][i] = (sl[0], 0, dmg, sl[3], 0, sl[5])
        s.log_line(DEACTIVATES, (deactivate, p + 1, q + 1, c.name, what, dmg))
        return
    s.base[q][i] = (sl[0], sl[1], dmg, sl[3], sl[4], sl[5])
    s.log_line(HITS_TRAP, (destroy, p + 1, q + 1, c.name, what, dmg))


def destroy_trap(s: ZOState, q: int, i: int) -> None:
    """A destroyed Trap goes face up to its owner's Discard Pile, with the cards placed on it."""
    sl = s.base[q].pop(i)
    s.discard[q].append(sl[KIND])
    s.discard[q].extend(sl[ATTACHED])


def eliminate(s: ZOState, q: int, by: int) -> None:
    """RULINGS ZO-9: every card of `q` leaves the game; the last living player wins."""
    s.alive[q] = False
    s.out_order.append(q)
    gone = s.hand[q] + s.deck[q] + s.discard[q]
    for sl in s.base[q]:
        gone += [sl[KIND], *sl[ATTACHED]]
    s.removed.extend(sorted(gone))
    s.hand[q], s.deck[q], s.discard[q], s.base[q], s.shown[q] = [], [], [], [], []
    for base in s.base:  # Power Down held by the eliminated seat ends now
        for j, sl in enumerate(base):
            if sl[LOCK] == q + 1:
                base[j] = (sl[0], sl[1], sl[2], sl[3], 0, sl[5])
    s.pending = [d for d in s.pending if d[1] != q]
    s.log_line(ELIMINATED, (q + 1, by + 1))
    if s.listeners:
        s.emit("eliminated", seat=q, by=by, round=s.round)
    living = [x for x in range(s.players) if s.alive[x]]
    if len(living) == 1:
        s.over = True
        s.note = Message("P{seat} is the last Zombie Lord standing.", seat=living[0] + 1)
