"""Card abilities: the effect vocabulary, implemented once, and the decisions effects push.

An effect that needs a choice pushes a `Decision` (layout.py); the seat named answers it
(the victim of a discard chooses their own card). Decisions with no possible answer are skipped.
Timing keywords: Once Per Turn and Combo abilities are used from the Action Phase ("use trap 2
combo"); Combo needs another active Trap of the same type; When Placed runs on placing.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Final

from deadtable.core import Action
from deadtable.i18n import N_, Message, nmsg

from . import actions as A
from . import attack, lure
from .cards import LURE_TYPES, Ability
from .layout import (
    ACTIVE,
    ATTACHED,
    KIND,
    LOCK,
    Decision,
    ability_bit,
    malfunction_lock,
    with_lock,
    with_used,
)

if TYPE_CHECKING:
    from .state import ZOState

PICK: Final = A.Pick  # bound once (a compiled build reads a Final name without a lookup)
KEYWORD = {"once per turn": "once_per_turn", "combo": "combo"}
KEYWORD_NAME = {"once per turn": N_("Once Per Turn"), "combo": N_("Combo")}  # as printed (the rulebooks)


def combo_ready(s: ZOState, p: int, i: int) -> bool:
    """Combo: the owner has another active Trap of the same type."""
    base, cards = s.base[p], s.cs.cards
    t = cards[base[i][KIND]].lure
    return any(j != i and sl[ACTIVE] and cards[sl[KIND]].lure == t for j, sl in enumerate(base))


def placed(s: ZOState, p: int, i: int) -> None:
    """Run the When Placed abilities of the Trap just placed in slot `i`, each marked used by its own
    bit: the Trap cannot be replaced this turn (ZO-11), and its other abilities stay free (a When
    Placed ability once shared a bit with the third ability, a Combo there was lost)."""
    sl = s.base[p][i]
    abilities = s.cs.cards[sl[KIND]].abilities
    placed_now = [j for j, a in enumerate(abilities) if a.keyword == "when_placed"]
    if placed_now:
        bits = 0
        for j in placed_now:
            bits |= ability_bit(j)
        s.base[p][i] = with_used(sl, bits, sl[ACTIVE])
        for j in reversed(placed_now):
            run(s, p, abilities[j], sl[KIND])


def use_trap(s: ZOState, p: int, i: int, keyword: str) -> None:
    sl = s.base[p][i]
    c = s.cs.cards[sl[KIND]]
    j = next(j for j, a in enumerate(c.abilities) if a.keyword == KEYWORD[keyword])
    ab = c.abilities[j]
    active = 0 if ab.get("deactivate_self", False) else sl[ACTIVE]
    s.base[p][i] = with_used(sl, ability_bit(j), active)
    s.log_line(USES, (p + 1, s.cs.logged[sl[KIND]], Message(KEYWORD_NAME[keyword])))
    run(s, p, ab, sl[KIND])


def play_action(s: ZOState, p: int, k: int) -> None:
    """An Action card from hand: resolve it, then to the Discard Pile (unless it stays on a Trap)."""
    ab = s.cs.cards[k].abilities[0]
    s.log_line(PLAYS, (p + 1, s.cs.logged[k]))
    if not run(s, p, ab, k):
        s.discard[p].append(k)


def run(s: ZOState, p: int, ab: Ability, source: int) -> bool:
    """Carry out one ability for `p`; True when the source card was placed on a Trap (held)."""
    e, n = ab.effect, ab.get("n", 1)
    if e == "draw":
        s.draw(p, n)
    elif e == "gain_health":
        s.life[p] += n
    elif e == "attack_bonus":
        s.bonus += n
    elif e == "purchase_points":
        s.purchase_points += n
    elif e == "opponent_discards":
        rnd = ab.get("random", False)
        if ab.get("all", False):
            for q in reversed(s.opponents(p)):
                if rnd:
                    random_discard(s, q)
                elif s.hand[q]:
                    s.pending.append(Decision("discard", q))
        elif any(s.hand[q] for q in s.opponents(p)):
            s.pending.append(Decision("opponent", p, "discard_random" if rnd else "discard"))
    elif e == "steal_random":
        if any(s.hand[q] for q in s.opponents(p)):
            s.pending.append(Decision("opponent", p, "steal"))
    elif e == "banish":
        zone, heal, optional = ab.get("zone", "either"), ab.get("heal", 0), ab.get("optional", False)
        push_if(s, Decision("banish", p, zone, heal, optional=optional))
    elif e == "deactivate_trap":
        push_if(s, Decision("trap", p, "deactivate", p + 1 if ab.get("until", "owner") == "yours" else 0))
    elif e == "destroy_trap":
        push_if(s, Decision("trap", p, "destroy", ab.get("max_defense", 99)))
    elif e == "lure":
        t = ab.get("type", "")
        lure_type = LURE_TYPES.index(t) if t else -1
        push_if(s, Decision("lure", p, value=ab.get("max_attack", 0), lure_type=lure_type))
    elif e == "search_discard":
        push_if(s, Decision("search", p))
    elif e == "cycle":
        push_if(s, Decision("cycle", p))
    elif e in ("reinforce", "malfunction"):
        return push_if(s, Decision("trap", p, e, source))
    return False


def push_if(s: ZOState, decision: Decision) -> bool:
    """Push a decision when it has an answer; True if pushed."""
    s.pending.append(decision)
    if decision_actions(s):
        return True
    s.pending.pop()
    return False


def random_discard(s: ZOState, q: int) -> None:
    hand = s.hand[q]
    if hand:
        k = hand[s.rng.randrange(len(hand))]
        s.take_from_hand(q, k)
        s.discard[q].append(k)
        s.log_line(DISCARDS_RANDOM, (q + 1, s.cs.logged[k]))


def trap_candidates(s: ZOState, d: Decision) -> list[tuple[int, int]]:
    p, mode, cards = d.seat, d.mode, s.cs.cards
    seats = [p] if mode == "reinforce" else s.opponents(p)
    out = []
    for q in seats:
        for i, sl in enumerate(s.base[q]):
            if mode == "destroy":
                ok = not cards[sl[KIND]].indestructible and s.defense(sl)[0] <= d.value
            else:
                ok = bool(sl[ACTIVE])
            if ok:
                out.append((q, i))
    return out


def names(s: ZOState, kinds: list[int]) -> list[str]:
    cards = s.cs.cards
    return [cards[k].name for k in sorted(set(kinds))]


def decision_actions(s: ZOState) -> list[Action]:
    d = s.pending[-1]
    kind, p = d.kind, d.seat
    if kind == "opponent":
        return [A.pick("choose", seat=q) for q in s.opponents(p) if s.hand[q]]
    if kind == "discard":
        return [A.pick("discard", n) for n in names(s, s.hand[p])]
    if kind == "trap":
        if d.mode == "reinforce":
            return [A.pick("reinforce", slot=i + 1) for _, i in trap_candidates(s, d)]
        return [A.pick(d.mode, seat=q, slot=i + 1) for q, i in trap_candidates(s, d)]
    if kind == "banish":
        out: list[Action] = []
        if d.mode in ("hand", "either"):
            out += [A.pick("banish", n, zone="hand") for n in names(s, s.hand[p])]
        if d.mode in ("discard", "either"):
            out += [A.pick("banish", n, zone="discard") for n in names(s, s.discard[p])]
        return [*out, A.SKIP] if out and d.optional else out
    if kind == "lure":
        cards = s.cs.cards
        ok = [
            k
            for k in s.wasteland
            if (d.lure_type < 0 or d.lure_type in cards[k].lure)
            and (not d.value or cards[k].attack <= d.value)
        ]
        return [A.pick("lure", n) for n in names(s, ok)]
    if kind == "search":
        return [A.pick("take", n) for n in names(s, s.discard[p])]
    # cycle
    return [A.pick("discard", n) for n in names(s, s.hand[p])] + [A.SKIP] if s.hand[p] else []


def answer(s: ZOState, action: Action) -> None:
    d = s.pending.pop()
    kind, p = d.kind, d.seat
    if not isinstance(action, PICK):  # "skip", the one answer that is no Pick
        return
    k = s.cs.by_name.get(action.card, -1)
    if kind == "opponent":
        q = action.seat
        if d.mode == "discard":
            s.pending.append(Decision("discard", q))
        elif d.mode == "discard_random":
            random_discard(s, q)
        else:
            steal(s, p, q)
    elif kind == "discard":
        s.take_from_hand(p, k)
        s.discard[p].append(k)
        s.log_line(DISCARDS, (p + 1, s.cs.logged[k]))
    elif kind == "cycle":
        s.take_from_hand(p, k)
        s.discard[p].append(k)
        s.draw(p, 1)
    elif kind == "trap":
        trap_choice(s, d, action)
    elif kind == "banish":
        if action.zone == "hand":
            s.take_from_hand(p, k)
        else:
            pile = s.discard[p]
            del pile[len(pile) - 1 - pile[::-1].index(k)]
        s.banished.append(k)
        s.life[p] += d.value
        title = s.cs.logged[k]
        if d.value:
            s.add_log(
                nmsg(
                    "P{seat} banishes {card} and gains {n} health point",
                    "P{seat} banishes {card} and gains {n} health points",
                    d.value,
                    seat=p + 1,
                    card=title,
                )
            )
        else:
            s.log_line(BANISHES, (p + 1, title))
    elif kind == "lure":
        s.wasteland.remove(k)  # not replaced until the end of the Lure Phase
        lure.take(s, p, k)
    elif kind == "search":
        pile = s.discard[p]
        del pile[len(pile) - 1 - pile[::-1].index(k)]
        insort(s.hand[p], k)
        s.shown[p].append(k)  # it came from a public pile: everyone knows it is in hand
        s.log_line(TAKES, (p + 1, s.cs.logged[k]))


def trap_choice(s: ZOState, d: Decision, action: A.Pick) -> None:
    p, mode = d.seat, d.mode
    q = p if mode == "reinforce" else action.seat
    i = action.slot - 1
    sl = s.base[q][i]
    names = (p + 1, q + 1, s.cs.logged[sl[KIND]])
    if mode == "destroy":
        attack.destroy_trap(s, q, i)
    elif mode == "deactivate":  # `value`: the lock (a Power Down's seat + 1, or 0)
        s.base[q][i] = with_lock(sl, 0, d.value, sl[ATTACHED])
    elif mode == "malfunction":  # `value`: the Malfunction card, now on the Trap
        s.base[q][i] = with_lock(sl, 0, malfunction_lock(p), (*sl[ATTACHED], d.value))
    else:  # reinforce: `value` the Reinforcements card
        s.base[q][i] = with_lock(sl, sl[ACTIVE], sl[LOCK], (*sl[ATTACHED], d.value))
    s.log_line(TRAP_LOG[mode], names)


def steal(s: ZOState, p: int, q: int) -> None:
    """A random card from the hand of `q` into the hand of `p`, shown to everyone."""
    hand = s.hand[q]
    k = hand[s.rng.randrange(len(hand))]
    s.take_from_hand(q, k)
    insort(s.hand[p], k)
    s.shown[p].append(k)
    s.log_line(STEALS, (p + 1, s.cs.logged[k], q + 1))


def repair(s: ZOState, p: int, i: int) -> None:
    """Malfunction: discard a random card from hand to reactivate the Trap; the card goes too."""
    random_discard(s, p)
    sl = s.base[p][i]
    cards = s.cs.cards
    att = list(sl[ATTACHED])
    m = next(a for a in att if cards[a].abilities[0].effect == "malfunction")
    att.remove(m)
    s.discard[p].append(m)
    s.base[p][i] = with_lock(sl, 1, 0, tuple(att))
    s.log_line(REPAIRS, (p + 1, s.cs.logged[sl[KIND]]))


# The log's entries (state.LogLine): message ids, marked for the catalogue once, not on every move.
USES: Final = (N_("P{seat} uses the {keyword} ability of {trap}"), ("seat", "trap", "keyword"))
PLAYS: Final = (N_("P{seat} plays {card}"), ("seat", "card"))
DISCARDS_RANDOM: Final = (N_("P{seat} discards {card} at random"), ("seat", "card"))
DISCARDS: Final = (N_("P{seat} discards {card}"), ("seat", "card"))
BANISHES: Final = (N_("P{seat} banishes {card}"), ("seat", "card"))
TAKES: Final = (N_("P{seat} takes {card} from their Discard Pile"), ("seat", "card"))
STEALS: Final = (N_("P{seat} steals {card} from P{victim}"), ("seat", "card", "victim"))
REPAIRS: Final = (N_("P{seat} repairs {trap}"), ("seat", "trap"))
_OWNER_TRAP: Final = ("seat", "owner", "trap")
TRAP_LOG: Final = {
    "destroy": (N_("P{seat} destroys P{owner}'s {trap}"), _OWNER_TRAP),
    "deactivate": (N_("P{seat} deactivates P{owner}'s {trap}"), _OWNER_TRAP),
    "malfunction": (N_("P{seat} makes P{owner}'s {trap} malfunction"), _OWNER_TRAP),
    "reinforce": (N_("P{seat} reinforces {trap}"), _OWNER_TRAP),
}
PENDING = {
    "opponent": N_("P{seat} must choose an opponent"),
    "discard": N_("P{seat} must discard a card from their hand"),
    "banish": N_("P{seat} must banish a card"),
    "banish_optional": N_("P{seat} must banish a card (or skip)"),
    "lure": N_("P{seat} must lure a Survivor from the Wasteland"),
    "search": N_("P{seat} must take a card from their Discard Pile"),
    "cycle": N_("P{seat} must put a card from hand into the Discard Pile and draw (or skip)"),
    "reinforce": N_("P{seat} must choose one of their Traps to reinforce"),
    "destroy": N_("P{seat} must choose a Trap to destroy"),
    "deactivate": N_("P{seat} must choose a Trap to deactivate"),
    "malfunction": N_("P{seat} must choose a Trap to malfunction"),
}


def describe_pending(s: ZOState) -> Message:
    """Who must decide what, as a message (rendered in each reader's language)."""
    d = s.pending[-1]
    key = d.kind
    if key == "trap":
        key = d.mode
    elif key == "banish" and d.optional:
        key = "banish_optional"
    return Message(PENDING[key], seat=d.seat + 1)
