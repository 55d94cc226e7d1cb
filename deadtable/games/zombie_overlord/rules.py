"""A turn: Start Turn, the Purchase, Action and Attack phases in any order, then Lure, Clean Up, End Turn.

From the hub a player enters any phase that has something to do, ends it and may come back
(rules: "you may return to any of them multiple times during your turn"). "end turn" runs Lure,
Clean Up and End Turn, then Start Turn of the next living player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from deadtable.core import Action
from deadtable.i18n import N_, nmsg

from . import actions as A
from . import attack, effects, lure
from .cards import ACTION, MINION, SCAVENGER, SUPPLY, SURVIVOR, TRAP
from .layout import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK, USED, is_malfunction, new_slot, next_turn

if TYPE_CHECKING:
    from .state import ZOState

ATTACKERS: Final = (MINION, SURVIVOR, SCAVENGER)
PHASE_BIT: Final = {"purchase": 1, "action": 2, "attack": 4}
FRESH: Final = 8  # in `idle`: nothing done since entering the current phase
# In `idle`: PHASE_BIT << SLIPPED, that phase was left once with nothing done since the last change;
# left so a second time, its PHASE_BIT is set and it is no longer offered (RULINGS ZO-13).
SLIPPED: Final = 4


# -- what may be done ------------------------------------------------------------------------
# Category bits of a hand (`CardSet.bits` of its cards), so the hub tests a hand at once.
PURCHASE_BITS: Final = (1 << SUPPLY) | (1 << SCAVENGER)
ATTACK_BITS: Final = (1 << MINION) | (1 << SURVIVOR) | (1 << SCAVENGER)
ACTION_BIT: Final = 1 << ACTION
TRAP_BIT: Final = 1 << TRAP


def hub_actions(s: ZOState, p: int) -> list[Action]:
    """Between phases: enter a phase with something to do, or end the turn. A phase left with
    nothing done twice since the last change is not offered again until something happens: one
    slip never costs a phase, and there are no endless "purchase" / "end purchasing" loops for bots
    and search (RULINGS ZO-13).

    Which phases have work is kept in `s.work` until an action other than entering or leaving a
    phase changes the position (`apply`), so coming back to the hub costs one lookup."""
    w = s.work
    if w < 0:
        w = s.work = phase_work(s, p)
    return HUB[w & ~s.idle & 7]


def phase_work(s: ZOState, p: int) -> int:
    """The phases that offer more than leaving them, as PHASE_BIT bits."""
    cs = s.cs
    bits = cs.bits
    m = 0
    for k in s.hand[p]:
        m |= bits[k]
    w = 4 if m & ATTACK_BITS else 0
    if m & PURCHASE_BITS or (s.purchase_points > 0 and can_buy(s)):
        w |= 1
    if m & ACTION_BIT or ((m & TRAP_BIT or s.base[p]) and action_work(s, p, m)):
        w |= 2
    return w


def can_buy(s: ZOState) -> bool:
    """Whether the purchase points of this turn buy anything (the buy actions of the Purchase Phase)."""
    cs, points = s.cs, s.purchase_points
    if points < cs.cheapest:
        return False
    costs = cs.costs
    for k in s.row:
        if k >= 0 and costs[k] <= points:
            return True
    if s.action_deck and costs[s.action_deck[-1]] <= points:
        return True
    return bool(s.scavengers) and costs[cs.scavenger] <= points


def action_work(s: ZOState, p: int, m: int) -> bool:
    """Whether the Action Phase offers more than "end actions"; `m` holds the hand's category bits."""
    if m & ACTION_BIT:
        return True
    cs, base = s.cs, s.base[p]
    if m & TRAP_BIT:
        if len(base) < cs.max_traps:
            return True
        for sl in base:  # RULINGS ZO-11: placed over an active Trap not used this turn
            if sl[ACTIVE] and not sl[USED]:
                return True
    uses = cs.uses
    for i, sl in enumerate(base):
        if sl[ACTIVE]:
            used = sl[USED]
            for j, combo in uses[sl[KIND]]:
                if not used >> j & 1 and (not combo or effects.combo_ready(s, p, i)):
                    return True
        elif is_malfunction(sl[LOCK]) and s.hand[p]:
            return True
    return False


def purchase_actions(s: ZOState, p: int) -> list[Action]:
    cs = s.cs
    supply, scavenger = cs.supply, cs.scavenger
    plays = 0  # 1: a Supply in hand, 2: a Scavenger
    for k in s.hand[p]:
        if k == supply:
            plays |= 1
        elif k == scavenger:
            plays |= 2
    points, costs = s.purchase_points, cs.costs
    if points < cs.cheapest:  # nothing to buy yet (most visits start with no points)
        return PLAYS[plays]
    out = PLAYS[plays][:-1]
    for i, k in enumerate(s.row):
        if k >= 0 and costs[k] <= points:
            out.append(BUY_TRAP[i] if i < len(BUY_TRAP) else A.buy("trap", i + 1))
    if s.action_deck and costs[s.action_deck[-1]] <= points:  # every Action costs the same (2)
        out.append(BUY_ACTION)
    if s.scavengers and costs[cs.scavenger] <= points:
        out.append(BUY_SCAVENGER)
    out.append(END_PURCHASE)
    return out


def action_actions(s: ZOState, p: int) -> list[Action]:
    cs, hand, base = s.cs, s.hand[p], s.base[p]
    cat, names = cs.categories, cs.names
    out: list[Action] = []
    last = -1
    for k in hand:
        if k == last:
            continue
        last = k
        c = cat[k]
        if c == TRAP:
            if len(base) < cs.max_traps:
                out.append(cs.named[k][1])
            else:  # RULINGS ZO-11: replace an active Trap whose ability was not used this turn
                name = names[k]
                out.extend(A.place(name, i + 1) for i, sl in enumerate(base) if sl[ACTIVE] and not sl[USED])
        elif c == ACTION:
            out.append(cs.named[k][0])
    uses = cs.uses
    for i, sl in enumerate(base):
        if sl[ACTIVE]:
            used = sl[USED]
            for j, combo in uses[sl[KIND]]:
                if used >> j & 1:
                    continue
                if combo:
                    if effects.combo_ready(s, p, i):
                        out.append(USE_COMBO[i] if i < len(USE_COMBO) else A.use(i + 1, "combo"))
                else:
                    out.append(USE_ONCE[i] if i < len(USE_ONCE) else A.use(i + 1, "once per turn"))
        elif is_malfunction(sl[LOCK]) and hand:
            out.append(REPAIR_AT[i] if i < len(REPAIR_AT) else A.repair(i + 1))
    out.append(END_ACTION)
    return out


# The hub's actions by the bits of the phases offered; shared lists, like every list that
# `legal_actions` returns: read them, never change them.
HUB: Final[tuple[list[Action], ...]] = tuple(
    [*(A.ENTER[ph] for ph in A.PHASES if w & PHASE_BIT[ph]), A.END_TURN] for w in range(8)
)
ENTER_PURCHASE: Final = A.ENTER["purchase"]
ENTER_ATTACK: Final = A.ENTER["attack"]
END_TURN: Final = A.END_TURN
PLAY_SUPPLY: Final = A.play("supply")
PLAY_SCAVENGER: Final = A.play("scavenger")
BUY_ACTION: Final = A.buy("action")
BUY_SCAVENGER: Final = A.buy("scavenger")
END_PURCHASE: Final = A.END["purchase"]
BUY_TRAP: Final = tuple(A.buy("trap", i + 1) for i in range(8))  # a card file may make the row longer
# The Action Phase's actions on base slots (a card file may allow more Traps: made then).
USE_ONCE: Final = tuple(A.use(i + 1, "once per turn") for i in range(8))
USE_COMBO: Final = tuple(A.use(i + 1, "combo") for i in range(8))
REPAIR_AT: Final = tuple(A.repair(i + 1) for i in range(8))
END_ACTION: Final = A.END["action"]
# The Purchase Phase with nothing to buy, by what can be played: 1 a Supply, 2 a Scavenger (shared).
PLAYS: Final[tuple[list[Action], ...]] = tuple(
    [*(a for bit, a in ((1, PLAY_SUPPLY), (2, PLAY_SCAVENGER)) if plays & bit), END_PURCHASE]
    for plays in range(4)
)


# -- doing it --------------------------------------------------------------------------------
def apply(s: ZOState, action: Action) -> None:
    """Carry out a legal action; what was worked out about the old position is forgotten."""
    s._legal = None
    if s.pending:
        s.work = -1
        effects.answer(s, action)
        return
    if type(action) is STEP:  # legal: in a phase it leaves it; in the hub it enters one or ends the turn
        ph = s.phase
        if ph:
            if s.idle & FRESH:  # left with nothing done: the second time, not offered again (ZO-13)
                bit = 1 if ph == "purchase" else 2 if ph == "action" else 4
                s.idle |= bit if s.idle & bit << SLIPPED else bit << SLIPPED
            s.idle &= ~FRESH
            s.phase = ""
            return
        if action is END_TURN:  # the interned Steps by identity, before reading a field
            end_turn(s, s.turn_player)
            return
        w = "purchase" if action is ENTER_PURCHASE else "attack" if action is ENTER_ATTACK else action.word
        if w == "end turn":  # a Step equal to END_TURN but another object (unpickled)
            end_turn(s, s.turn_player)
            return
        s.phase = w
        s.visited |= 1 if w == "purchase" else 2 if w == "action" else 4
        s.idle |= FRESH
        return
    s.idle = 0
    s.work = -1
    p = s.turn_player
    # The action classes are never subclassed: a pointer test each, not isinstance.
    if type(action) is PLAY:
        play(s, p, action)
    elif type(action) is ATTACK:
        attack.apply(s, p, action)
    elif type(action) is BUY:
        buy(s, p, action)
    elif type(action) is PLACE:
        place(s, p, s.cs.by_name[action.card], action.over)
    elif type(action) is USE:
        effects.use_trap(s, p, action.slot - 1, action.keyword)
    elif type(action) is REPAIR:
        effects.repair(s, p, action.slot - 1)
    else:
        raise AssertionError(f"not an action of the turn: {action!r}")


# The action classes, bound once (a compiled build reads a Final name without a lookup).
STEP: Final = A.Step
PLAY: Final = A.Play
ATTACK: Final = A.Attack
BUY: Final = A.Buy
PLACE: Final = A.Place
USE: Final = A.Use
REPAIR: Final = A.Repair


def play(s: ZOState, p: int, action: A.Play) -> None:
    cs = s.cs
    # The interned plays of the Purchase Phase by identity, before reading a field.
    if action is PLAY_SUPPLY:
        k = cs.supply
    elif action is PLAY_SCAVENGER:
        k = cs.scavenger
    else:
        k = cs.by_name[action.card]
    s.take_from_hand(p, k)
    c = cs.cards[k]
    if c.category in (SUPPLY, SCAVENGER):  # RULINGS ZO-5: points pool for the turn
        s.purchase_points += c.points
        s.discard[p].append(k)
    else:
        effects.play_action(s, p, k)


def buy(s: ZOState, p: int, action: A.Buy) -> None:
    cs = s.cs
    if action.what == "trap":
        k = s.row[action.slot - 1]
        # Replace it at once from the Trap deck; once that is out the slot stays empty (ZO-5).
        s.row[action.slot - 1] = s.trap_deck.pop() if s.trap_deck else -1
    elif action.what == "action":
        k = s.action_deck.pop()  # the top card of the face-down Action deck (ZO-5)
    else:
        k = cs.scavenger
        s.scavengers -= 1
    c = cs.cards[k]
    s.purchase_points -= c.cost
    s.discard[p].append(k)
    s.log_line(BUYS, (p + 1, cs.logged[k]))
    if s.listeners:
        s.emit("buy", seat=p, card=c.name, card_type=c.category_name.lower())


def place(s: ZOState, p: int, k: int, over: int) -> None:
    """Place a Trap, active; when the base is full it replaces Trap `over` (ZO-11)."""
    s.take_from_hand(p, k)
    base = s.base[p]
    slot = new_slot(k)
    if over:
        old = base[over - 1]
        s.discard[p].append(old[KIND])
        s.discard[p].extend(old[ATTACHED])
        base[over - 1] = slot
        i = over - 1
        s.log_line(PLACES_OVER, (p + 1, s.cs.logged[k], s.cs.logged[old[KIND]]))
    else:
        base.append(slot)
        i = len(base) - 1
        s.log_line(PLACES, (p + 1, s.cs.logged[k]))
    effects.placed(s, p, i)


def end_turn(s: ZOState, p: int) -> None:
    """Lure, Clean Up, End Turn; then Start Turn of the next living player."""
    lure.lure_phase(s, p)
    s.discard[p].extend(s.hand[p])
    if s.shown[p]:
        s.shown[p] = []
    if s.known[p]:
        s.known[p] = []
    new_hand(s, p, s.cs.hand_size)
    s.phase, s.visited, s.purchase_points, s.bonus, s.idle, s.work = "", 0, 0, 0, 0, -1
    s.turns += 1
    n, alive = s.players, s.alive
    nxt = (p + 1) % n  # the next living seat to the left; `p` itself when it is the last one
    while not alive[nxt] and nxt != p:
        nxt = (nxt + 1) % n
    # A round ends when play passes the first player's seat (RULINGS ZO-4: play passes left).
    if 0 < (s.first - p) % n <= (nxt - p) % n or nxt == p:
        if s.listeners:
            s.emit("round_end", round=s.round, life=list(s.life))
        s.round += 1
        if s.limit and s.round > s.limit:  # RULINGS ZO-10
            turn_over(s, -1)
            s.over = True
            s.note = nmsg(
                "The round limit ({n} round) was reached: living players are ranked by life.",
                "The round limit ({n} rounds) was reached: living players are ranked by life.",
                s.limit,
            )
            s.add_log(s.note)
            return
    s.turn_player = nxt
    turn_over(s, nxt)
    key = s.round * 8 + nxt
    entries = TURN_STARTS_AT
    if key >= len(entries):
        entries.extend([None] * (key + 1 - len(entries)))
    entry = entries[key]
    if entry is None:
        entry = entries[key] = (TURN_STARTS[0], TURN_STARTS[1], (nxt + 1, s.round))
    s.log_entry(entry)


def new_hand(s: ZOState, p: int, n: int) -> None:
    """Clean Up's draw into an empty hand: `ZOState.draw`'s cards in its order, without its copies
    when the Draw Deck holds enough. A deck of exactly `n` cards becomes the hand (no slice, no
    delete: about every other turn with the starting ten cards); a longer one gives its top `n`."""
    deck = s.deck[p]
    left = len(deck) - n
    if left == 0 and n > 0:
        deck.sort()
        s.hand[p] = deck
        s.deck[p] = []
        return
    if left > 0 and n > 0:
        hand = deck[left:]  # the top of the deck is the end of the list
        for _ in range(n):  # compiled, cheaper than `del deck[left:]` (a slice object, a deletion)
            deck.pop()
        hand.sort()
        s.hand[p] = hand
        return
    s.hand[p] = []
    s.draw(p, n)


# The log's entries (state.LogLine): message ids, marked for the catalogue once, not on every move.
TURN_STARTS: Final = (N_("P{seat}'s turn (round {round})"), ("seat", "round"))
BUYS: Final = (N_("P{seat} buys {card}"), ("seat", "card"))
PLACES: Final = (N_("P{seat} places {trap}"), ("seat", "trap"))
# "P{seat}'s turn (round {round})" entries, made once, at round * 8 + seat (`ZOState.log_entry`);
# a list grown on demand, not a dict: read by index, no hashing of a boxed key every turn.
TURN_STARTS_AT: Final[list[tuple[object, ...] | None]] = []
PLACES_OVER: Final = (N_("P{seat} places {trap} over {old}"), ("seat", "trap", "old"))


def turn_over(s: ZOState, nxt: int) -> None:
    """One pass over every base: attack points and used abilities last for the turn only (ZO-7);
    then Start Turn of `nxt` (-1: none) sets its inactive Traps upright, except those held by
    Power Down or a Malfunction, and ends the Power Downs `nxt` holds on other Traps."""
    mine = nxt + 1  # the LOCK value of `nxt`'s Power Downs (0 when there is no `nxt`: matches none)
    for q, base in enumerate(s.base):
        if not base:
            continue
        for i, sl in enumerate(base):
            if sl[ACTIVE]:
                if sl[DAMAGE] or sl[USED]:
                    base[i] = next_turn(sl, 1, sl[LOCK])
            elif (mine and sl[LOCK] == mine) or (q == nxt and sl[LOCK] == 0):
                base[i] = next_turn(sl, 1, 0)
            elif sl[DAMAGE] or sl[USED]:
                base[i] = next_turn(sl, 0, sl[LOCK])
