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
from .layout import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK, malfunction_lock, with_damage, with_lock

if TYPE_CHECKING:
    from .cards import CardSet
    from .state import ZOState


def actions(s: ZOState, p: int) -> list[Action]:
    """Every target, then every distinct Minion kind in hand (and a Scavenger to banish) against it,
    then "end attack". Targets: each living opponent from the left, life points first (unless
    barricaded, ZO-8), then each Trap of its base."""
    cs = s.cs
    cats = cs.categories
    scavenger = len(cats)  # the attacker index of a banished Scavenger: after every kind
    who: list[int] = []  # each distinct Minion kind (starting Minions, lured Survivors), in order
    last = -1
    banish = False
    for k in s.hand[p]:  # sorted: copies of a kind side by side
        if k != last:
            last = k
            c = cats[k]
            if c in (MINION, SURVIVOR):
                who.append(k)
            elif c == SCAVENGER:
                banish = True
    if banish:
        who.append(scavenger)  # banished for attack points
    if not who:
        return NO_ATTACKERS
    n, alive, barricades, table = s.players, s.alive, cs.barricades, cs.attacks
    out: list[Action] = []
    for i in range(1, n):  # the other seats from the left, as `ZOState.opponents`
        q = (p + i) % n
        if not alive[q]:
            continue
        base = s.base[q]
        first = 0  # no Barricade: life points are a target (ZO-8)
        for sl in base:
            if barricades[sl[KIND]]:
                first = 1
                break
        for slot in range(first, len(base) + 1):
            row = (slot * (scavenger + 1)) * SEATS + q
            for w in who:
                at = row + w * SEATS
                if at < len(table):
                    a = table[at]
                    if a is not None:
                        out.append(a)
                        continue
                out.append(make(cs, at, w, q, slot))
    out.append(END_ATTACK)
    return out


def make(cs: CardSet, at: int, w: int, q: int, slot: int) -> Action:
    """The Attack of attacker `w` (a kind, or past the last kind a banished Scavenger) on target
    `slot` of seat `q`, kept at `at` in `cs.attacks`, with what it does in `cs.hits` by its id: made
    once per card set, so `actions` and `apply` index tables instead of reading names."""
    table = cs.attacks
    if at >= len(table):
        table.extend([None] * (at + 1 - len(table)))
    if w == len(cs.cards):
        a = A.attack("scavenger", q, slot)
        hit: Hit = (a, cs.scavenger, q, slot, cs.banish_attack, BANISHED, True)
    else:
        a = A.attack(cs.names[w], q, slot)
        hit = (a, w, q, slot, cs.cards[w].attack, the(cs.logged[w]), False)
    table[at] = a
    cs.hits[id(a)] = hit  # the action is kept in `hit`: its id is never another object's
    return a


def hit_of(cs: CardSet, action: A.Attack) -> Hit:
    """What an Attack not made by `make` does (an equal copy: unpickled, built by hand)."""
    if action.card == "scavenger":
        return (action, cs.scavenger, action.seat, action.slot, cs.banish_attack, BANISHED, True)
    k = cs.by_name[action.card]
    return (action, k, action.seat, action.slot, cs.cards[k].attack, the(cs.logged[k]), False)


def the(card: Message) -> Message:
    return THE.get(card) or THE.setdefault(card, Message("the {card}", card=card))


# The seats a table row of `cs.attacks` holds (ZombieOverlord.max_players).
SEATS: Final = 4
# An Attack and what it does: (action, kind taken from hand, seat, target slot, attack points, what
# hit as the log names it, whether a banished Scavenger).
Hit = tuple[Action, int, int, int, int, Message, bool]
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
BANISHED: Final = Message("a banished Scavenger")
THE: Final[dict[Message, Message]] = {}


def apply(s: ZOState, p: int, action: A.Attack) -> None:
    cs = s.cs
    hit: Hit | None = cs.hits.get(id(action))
    if hit is None or hit[0] is not action:
        hit = hit_of(cs, action)
    _, k, q, slot, points, what, banished = hit
    s.take_from_hand(p, k)
    if banished:
        s.banished.append(k)
    else:
        s.discard[p].append(k)  # after attacking, the Minion goes to the Discard Pile
    points += s.bonus
    s.bonus = 0
    if slot:
        hit_trap(s, p, q, slot - 1, points, what)
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
        s.log_line(DESTROYS, (destroy, p + 1, q + 1, s.cs.logged[sl[KIND]], what, dmg))
        return
    if dmg >= deactivate and sl[ACTIVE]:
        s.base[q][i] = with_damage(sl, dmg, 0, 0)
        s.log_line(DEACTIVATES, (deactivate, p + 1, q + 1, s.cs.logged[sl[KIND]], what, dmg))
        return
    s.base[q][i] = with_damage(sl, dmg, sl[ACTIVE], sl[LOCK])
    s.log_line(HITS_TRAP, (destroy, p + 1, q + 1, s.cs.logged[sl[KIND]], what, dmg))


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
    s.hand[q], s.deck[q], s.discard[q], s.base[q], s.shown[q] = [], [], [], [], []
    s.known[q] = []
    # RULINGS ZO-12: q's cards leave play everywhere. A Power Down q holds ends now; a Malfunction
    # q placed on another's Trap goes to the box. Either Trap stays inactive, unlocked: it stands up
    # at its owner's next Start Turn like any inactive Trap, with no repair to pay.
    malfunction = malfunction_lock(q)
    for base in s.base:
        for j, sl in enumerate(base):
            if sl[LOCK] == q + 1:
                base[j] = with_lock(sl, sl[ACTIVE], 0, sl[ATTACHED])
            elif sl[LOCK] == malfunction:
                attached = list(sl[ATTACHED])
                card = next(a for a in attached if s.cs.cards[a].abilities[0].effect == "malfunction")
                attached.remove(card)
                gone.append(card)
                base[j] = with_lock(sl, sl[ACTIVE], 0, tuple(attached))
    s.removed.extend(sorted(gone))
    s.pending = [d for d in s.pending if d.seat != q]
    s.log_line(ELIMINATED, (q + 1, by + 1))
    if s.listeners:
        s.emit("eliminated", seat=q, by=by, round=s.round)
    living = [x for x in range(s.players) if s.alive[x]]
    if len(living) == 1:
        s.over = True
        s.note = Message("P{seat} is the last Zombie Lord standing.", seat=living[0] + 1)
