"""A turn: matching, drawing (RULINGS ZS-4), card effects, combos and protection.

Pending decisions are frames on `state.stack`, 7-tuples
`(frame, seat, effect, actor, victim, param, responders)`; `seat` answers the frame on top.
Frames that need no answer (END: pass the turn on; EFFECT: start an effect; COMBO: play the
combo card chosen with the first card) are resolved by `settle` as soon as they reach the top.

Effects that hit a player (draw cards, miss a turn, Thief's swap, the Schemer's gift) ask the
victim, then each teammate still in the hand, whether to answer with protection: Hide cancels
the effect, Boomerang turns it back on the player who caused it. Every one is always asked,
with or without a protection card, so being asked reveals nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.i18n import N_

from . import actions as A
from . import hands
from .cards import CORPORATIONS, ON_PLAY
from .cardtext import CardText

if TYPE_CHECKING:
    from deadtable.core import Action

    from .state import ShedState

# Frames.
F_DRAWN, F_COMBO, F_NAME, F_TARGET, F_RESPOND, F_TAKE, F_GIVE, F_END, F_EFFECT = range(9)
FRAME_NAMES = ("drawn", "combo", "name", "target", "respond", "take", "give", "end", "effect")
# Effects, numbered as cards.ON_PLAY.
E_DRAWS, E_SKIPS, E_SWAP, E_GIVE, E_REVERSE, E_NAME = range(6)
EFFECT_NAMES = ON_PLAY
NOBODY = -1


def frame(
    kind: int,
    seat: int,
    effect: int = 0,
    actor: int = NOBODY,
    victim: int = NOBODY,
    param: int = 0,
    responders: tuple[int, ...] = (),
) -> tuple[int, int, int, int, int, int, tuple[int, ...]]:
    return (kind, seat, effect, actor, victim, param, responders)


# -- what may be played ----------------------------------------------------------------------
def fits(st: ShedState, k: int) -> bool:
    """Number, corporation, a card's effect, or an event; anything before the first zombie."""
    mk = st.match_kind
    return mk < 0 or st.cards.playable[mk][st.match_corp][k]


def playable_kinds(st: ShedState, seat: int) -> list[int]:
    hand = st.hands[seat]
    mk = st.match_kind
    if mk < 0:
        return sorted(set(hand))
    return sorted(st.cards.fitting[mk][st.match_corp].intersection(hand))


def has_playable(st: ShedState, seat: int) -> bool:
    mk = st.match_kind
    if mk < 0:
        return bool(st.hands[seat])
    return not st.cards.fitting[mk][st.match_corp].isdisjoint(st.hands[seat])


def can_draw(st: ShedState) -> bool:
    return bool(st.deck) or len(st.discard) > 1


def turn_actions(st: ShedState, seat: int) -> list[Action]:
    """What `seat` may play on its turn: `play_actions` of the kinds in hand that fit."""
    kinds = playable_kinds(st, seat)
    cs = st.cards
    if cs.combo_set.isdisjoint(st.hands[seat]):
        plays = cs.plays
        return [plays[k] for k in kinds]
    return play_actions(st, seat, kinds)


def play_actions(st: ShedState, seat: int, kinds: list[int]) -> list[Action]:
    """`play k` for each kind, and `play k + c` for each combo card c in hand that may follow k."""
    cs = st.cards
    slugs = cs.slugs
    hand = st.hands[seat]
    combos = [c for c in cs.combo_kinds if c in hand]
    if not combos:
        plays = cs.plays
        return [plays[k] for k in kinds]
    out: list[Action] = []
    for k in kinds:
        out.append(cs.plays[k])
        row = cs.combo_after[k]
        for c in combos:
            if row[c] and (c != k or hand.count(c) >= 2):
                out.append(A.play(slugs[k], slugs[c]))
    return out


def target_candidates(st: ShedState, seat: int) -> list[int]:
    """Opponents still in the hand (Thief and the Schemer act only on opponents)."""
    mode = st.mode
    return [v for v in range(st.players) if v != seat and st.active(v) and mode.opponents(seat, v)]


# -- a turn ------------------------------------------------------------------------------------
def play_on_turn(st: ShedState, seat: int, action: A.Play) -> None:
    by_slug = st.cards.by_slug
    combo = by_slug[action.combo] if action.combo else NOBODY
    _play_card(st, seat, by_slug[action.card], push_end=True, combo=combo)


def draw_on_turn(st: ShedState, seat: int) -> None:
    """RULINGS ZS-4: draw one; the player then plays it (if it fits) or keeps it."""
    draw_cards(st, seat, 1)
    st.note(N_("P{seat} cannot play and draws a card"), seat=seat + 1)
    if st.listeners:
        st.emit("draw", seat=seat, count=1, forced=False)
    st.stack.append((F_DRAWN, seat, 0, NOBODY, NOBODY, st.hands[seat][-1], ()))


def pass_turn(st: ShedState, seat: int) -> None:
    """No card fits and nothing is left to draw. A full round of passes blocks the hand."""
    st.passes += 1
    st.note(N_("P{seat} cannot play or draw and passes"), seat=seat + 1)
    if st.passes >= sum(1 for s in range(st.players) if st.active(s)):
        hands.blocked(st)
    else:
        advance(st, seat)


def advance(st: ShedState, seat: int) -> None:
    """The turn passes to the next player in the hand, skipping (and clearing) missed turns."""
    n, d, nxt = st.players, st.direction, seat
    out, skip = st.out, st.skip
    for _ in range(3 * n):
        nxt = (nxt + d) % n
        if nxt in out:
            continue
        if skip[nxt]:
            skip[nxt] = False
            st.note(N_("P{seat} misses a turn"), seat=nxt + 1)
            continue
        break
    st.turn_seat = nxt


def next_active(st: ShedState, seat: int) -> int:
    n, d, nxt = st.players, st.direction, seat
    for _ in range(n):
        nxt = (nxt + d) % n
        if st.active(nxt):
            return nxt
    return seat


def draw_cards(st: ShedState, seat: int, count: int) -> int:
    """Draw up to `count`, rebuilding the deck from the discard pile when it runs out."""
    deck, hand = st.deck, st.hands[seat]
    if 0 < count <= len(deck):  # the usual case: no rebuild
        drawn = deck[-count:]
        del deck[-count:]
        drawn.reverse()  # in the order drawn: the top of the deck (its end) first
        hand += drawn
        return count
    got = 0
    for _ in range(count):
        if not st.deck and not rebuild(st):
            break
        hand.append(st.deck.pop())
        got += 1
    return got


def rebuild(st: ShedState) -> bool:
    """The top card of the discard pile stays; the rest are shuffled into a new deck."""
    if len(st.discard) <= 1:
        return False
    top = st.discard.pop()
    deck = st.discard
    st.rng.shuffle(deck)
    st.deck, st.discard = deck, [top]
    st.note_n(
        "the deck is rebuilt from the discard pile ({n} card)",
        "the deck is rebuilt from the discard pile ({n} cards)",
        len(deck),
    )
    st.emit("rebuild", cards=len(deck))
    return True


def _play_card(st: ShedState, seat: int, k: int, *, push_end: bool, combo: int = NOBODY) -> None:
    cards, hand, stack = st.cards, st.hands[seat], st.stack
    hand.remove(k)
    st.discard.append(k)
    if st.known:
        forget(st, seat, k)
    st.passes = 0
    if not cards.is_event[k]:  # events leave the card to match unchanged
        st.match_kind, st.match_corp = k, cards.corp[k]
    st.note(N_("P{seat} plays {card}"), seat=seat + 1, card=cards.name_texts[k])
    if st.listeners:
        st.emit("play", seat=seat, card=cards.names[k])
    # The frames are spelled out here (see `frame`): this runs for every card played.
    if push_end:
        stack.append((F_END, seat, 0, NOBODY, NOBODY, 0, ()))
    if not hand:
        # Going out: a card that takes its player out of the hand has no effect.
        hands.goes_out(st, seat, k)
        return
    if combo >= 0:  # played once this card's effects are over
        stack.append((F_COMBO, seat, 0, NOBODY, NOBODY, combo, ()))
    for code, param in cards.on_play_reversed[k]:
        stack.append((F_EFFECT, NOBODY, code, seat, NOBODY, param, ()))


def settle(st: ShedState) -> None:
    """Resolve what needs no answer until something does.

    That is: frames that need no answer, and a turn that starts with no card that fits: the
    player draws at once (RULINGS ZS-4, then answers "play" or "keep"), or passes when nothing is
    left to draw.
    """
    while not st.over:
        # Read the stack anew each time: a hand that ends here (a combo card going out) starts
        # the next hand with a stack of its own, and the old hand's frames must not act on it.
        stack = st.stack
        if not stack:
            seat = st.turn_seat
            if has_playable(st, seat):
                break
            if can_draw(st):
                draw_on_turn(st, seat)
            else:
                pass_turn(st, seat)
            continue
        f = stack[-1]
        kind = f[0]
        if kind == F_END:
            stack.pop()
            advance(st, f[1])
        elif kind == F_EFFECT:
            stack.pop()
            _start_effect(st, f[2], f[3], f[4], f[5])
        elif kind == F_COMBO:
            stack.pop()
            seat, k = f[1], f[5]
            if st.active(seat) and k in st.hands[seat]:
                st.note(N_("P{seat} adds a combo"), seat=seat + 1)
                _play_card(st, seat, k, push_end=False)
        else:
            break


# -- effects -----------------------------------------------------------------------------------
def _start_effect(st: ShedState, code: int, actor: int, victim: int, param: int) -> None:
    if code == E_REVERSE:
        st.direction = -st.direction
        st.note(N_("the direction of play turns around"))
        return
    if code == E_NAME:
        st.stack.append(frame(F_NAME, actor))
        return
    if code in (E_SWAP, E_GIVE):
        if not st.active(actor):
            return
        if victim < 0:
            cands = target_candidates(st, actor)
            if not cands:
                return
            if len(cands) > 1:
                st.stack.append(frame(F_TARGET, actor, code, actor, NOBODY, param))
                return
            victim = cands[0]
    elif victim < 0:
        victim = next_active(st, actor)
    if victim == actor or not st.active(victim):
        return
    ask(st, code, actor, victim, param)


def ask(st: ShedState, code: int, actor: int, victim: int, param: int) -> None:
    """The victim, then each teammate still in the hand, may answer with protection."""
    helpers = tuple(t for t in st.mode.teammates(victim) if st.active(t)) if st.mode.teams else ()
    st.stack.append(frame(F_RESPOND, victim, code, actor, victim, param, helpers))


def _hit(st: ShedState, code: int, actor: int, victim: int, param: int) -> None:
    if code == E_DRAWS:
        got = draw_cards(st, victim, param)
        st.note_n("P{seat} draws {n} card", "P{seat} draws {n} cards", got, seat=victim + 1)
        if st.listeners:
            st.emit("draw", seat=victim, count=got, forced=True)
    elif code == E_SKIPS:
        st.skip[victim] = True
        st.note(N_("P{seat} will miss their next turn"), seat=victim + 1)
    elif code == E_SWAP:
        if st.hands[victim] and st.active(actor):
            st.known[(actor, victim)] = tuple(sorted(st.hands[victim]))  # the Thief sees the hand
            st.note(N_("P{seat} looks at P{victim}'s hand"), seat=actor + 1, victim=victim + 1)
            st.stack.append(frame(F_TAKE, actor, code, actor, victim))
    elif code == E_GIVE and st.hands[actor] and st.active(actor):
        st.stack.append(frame(F_GIVE, actor, code, actor, victim))


def answer(st: ShedState, seat: int, action: Action) -> None:
    """Carry out the answer to the frame on top of the stack."""
    f = st.stack.pop()
    kind = f[0]
    if kind == F_DRAWN:
        if isinstance(action, A.Play):
            play_on_turn(st, seat, action)
        else:
            st.note(N_("P{seat} keeps the card"), seat=seat + 1)
            advance(st, seat)
    elif kind == F_NAME:
        assert isinstance(action, A.Name)
        st.match_corp = [c.lower() for c in CORPORATIONS].index(action.corporation)
        st.note(
            N_("P{seat} names {corporation}"),
            seat=seat + 1,
            corporation=CardText(CORPORATIONS[st.match_corp]),
        )
    elif kind == F_TARGET:
        assert isinstance(action, A.Target)
        ask(st, f[2], seat, action.seat, f[5])
    elif kind == F_RESPOND:
        _respond(st, seat, f, action)
    elif kind == F_TAKE:
        assert isinstance(action, A.Take)
        _take(st, seat, f[4], st.cards.by_slug[action.card])
        st.stack.append(frame(F_GIVE, seat, E_SWAP, seat, f[4]))
    else:
        assert isinstance(action, A.Give)
        _give(st, seat, f[4], st.cards.by_slug[action.card])


def _respond(
    st: ShedState, seat: int, f: tuple[int, int, int, int, int, int, tuple[int, ...]], action: Action
) -> None:
    code, actor, victim, param, helpers = f[2], f[3], f[4], f[5], f[6]
    if not isinstance(action, A.Play):
        if helpers:
            st.stack.append(frame(F_RESPOND, helpers[0], code, actor, victim, param, helpers[1:]))
        else:
            _hit(st, code, actor, victim, param)
        return
    k = st.cards.by_slug[action.card]
    st.hands[seat].remove(k)
    st.discard.append(k)
    if st.known:
        forget(st, seat, k)
    name = st.cards.name_texts[k]
    if seat == victim:
        st.note(N_("P{seat} plays {card}"), seat=seat + 1, card=name)
    else:
        st.note(N_("P{seat} plays {card} for P{victim}"), seat=seat + 1, card=name, victim=victim + 1)
    if st.listeners:
        st.emit("protect", seat=seat, card=st.cards.cards[k].name, victim=victim)
    if not st.cards.hides[k]:
        # Boomerang: the effect turns back on the player who caused it.
        st.stack.append(frame(F_EFFECT, NOBODY, code, victim, actor, param))
    if not st.hands[seat]:
        hands.goes_out(st, seat, k)


def _take(st: ShedState, actor: int, victim: int, k: int) -> None:
    st.hands[victim].remove(k)
    st.hands[actor].append(k)
    known = st.known
    _drop_one(st, (actor, victim), k)
    known[(victim, actor)] = tuple(sorted((*known.get((victim, actor), ()), k)))
    for w in range(st.players):  # the others saw a card change hands, not which
        if w not in (actor, victim):
            known.pop((w, victim), None)
    st.note(N_("P{seat} takes a card from P{victim}"), seat=actor + 1, victim=victim + 1)


def _give(st: ShedState, actor: int, victim: int, k: int) -> None:
    st.hands[actor].remove(k)
    st.hands[victim].append(k)
    known = st.known
    known[(actor, victim)] = tuple(sorted((*known.get((actor, victim), ()), k)))
    _drop_one(st, (victim, actor), k)
    for w in range(st.players):
        if w not in (actor, victim):
            known.pop((w, actor), None)
    st.note(N_("P{seat} gives a card to P{victim}"), seat=actor + 1, victim=victim + 1)
    if not st.hands[actor]:
        hands.goes_out(st, actor, NOBODY)


# -- what each seat knows of the others' hands -------------------------------------------------
def forget(st: ShedState, holder: int, k: int) -> None:
    """`holder` played card k in sight of all: nobody still counts it in that hand."""
    known = st.known
    for w in range(st.players):
        cards = known.get((w, holder))
        if cards and k in cards:
            _drop_one(st, (w, holder), k)


def _drop_one(st: ShedState, key: tuple[int, int], k: int) -> None:
    cards = st.known.get(key)
    if cards and k in cards:
        rest = list(cards)
        rest.remove(k)
        if rest:
            st.known[key] = tuple(rest)
        else:
            del st.known[key]
