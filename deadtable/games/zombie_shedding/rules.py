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

from typing import TYPE_CHECKING, Final

from deadtable.i18n import N_

from . import actions as A
from . import hands, legal
from .card_text import CardText
from .cards import CORPORATIONS, MAX_DRAWS, MAX_SEATS, ON_PLAY, PLAYS

if TYPE_CHECKING:
    from deadtable.core import Action

    from .state import ShedState

# Frames.
# Final: compiled (mypyc), a constant is inlined rather than looked up.
F_DRAWN: Final = 0
F_COMBO: Final = 1
F_NAME: Final = 2
F_TARGET: Final = 3
F_RESPOND: Final = 4
F_TAKE: Final = 5
F_GIVE: Final = 6
F_END: Final = 7
F_EFFECT: Final = 8
FRAME_NAMES = ("drawn", "combo", "name", "target", "respond", "take", "give", "end", "effect")
# Effects, numbered as cards.ON_PLAY.
E_DRAWS: Final = 0
E_SKIPS: Final = 1
E_SWAP: Final = 2
E_GIVE: Final = 3
E_REVERSE: Final = 4
E_NAME: Final = 5
EFFECT_NAMES = ON_PLAY
NOBODY: Final = -1
PLAY: Final = A.Play  # Final: compiled, read from a C static, not looked up in the module
# The log's message ids, made once (a call to N_ on every move costs a compiled build dearly).
PLAYS_FOR: Final = N_("P{seat} plays {card} for P{victim}")
DRAWS_ON_TURN: Final = N_("P{seat} cannot play and draws a card")
PASSES: Final = N_("P{seat} cannot play or draw and passes")
MISSES: Final = N_("P{seat} misses a turn")
ADDS_COMBO: Final = N_("P{seat} adds a combo")
TURNS_AROUND: Final = N_("the direction of play turns around")
WILL_MISS: Final = N_("P{seat} will miss their next turn")
LOOKS: Final = N_("P{seat} looks at P{victim}'s hand")
KEEPS: Final = N_("P{seat} keeps the card")
NAMES_CORPORATION: Final = N_("P{seat} names {corporation}")
TAKES: Final = N_("P{seat} takes a card from P{victim}")
GIVES: Final = N_("P{seat} gives a card to P{victim}")


# The log entries of the frequent messages whose one value is a seat, made once and shared by
# every log (`ShedState.log_entry`): such a move logs without allocating anything. Typed as tuples
# of any length (see `CardSet.play_notes`).
def _each_seat(msgid: str) -> tuple[tuple[object, ...], ...]:
    return tuple((msgid, (s + 1,)) for s in range(MAX_SEATS))


def _each_seat_n(singular: str, plural: str) -> tuple[tuple[tuple[object, ...], ...], ...]:
    """As `_each_seat`, for a plural message whose `{n}` is a number of cards drawn: [seat][n]."""
    counts = range(MAX_DRAWS + 1)
    return tuple(tuple((singular, (s + 1,), plural, n) for n in counts) for s in range(MAX_SEATS))


DRAWS_ON_TURN_AT: Final = _each_seat(DRAWS_ON_TURN)
# A card makes a seat draw 1 to MAX_DRAWS (cards.py checks it), fewer when nothing is left to draw.
DRAWS_N_AT: Final = _each_seat_n("P{seat} draws {n} card", "P{seat} draws {n} cards")
KEEPS_AT: Final = _each_seat(KEEPS)
MISSES_AT: Final = _each_seat(MISSES)
WILL_MISS_AT: Final = _each_seat(WILL_MISS)
TURNS_AROUND_ENTRY: Final[tuple[object, ...]] = (TURNS_AROUND, ())


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


# -- a turn ------------------------------------------------------------------------------------
def play_on_turn(st: ShedState, seat: int, action: A.Play) -> None:
    """Play a card on `seat`'s turn (or the card it just drew: the stack is empty), and settle."""
    cs = st.cards
    k = cs.by_slug[action.card]
    if action.combo or cs.on_play[k]:
        _play_card(st, seat, k, push_end=True, combo=cs.by_slug[action.combo] if action.combo else NOBODY)
        settle(st)
        return
    # A card with no effect and no combo, the most frequent play, in one go (as `_play_card`).
    hand = _lay_down(st, seat, k)
    if hand:
        next_turn(st, seat)
    else:
        st.stack.append((F_END, seat, 0, NOBODY, NOBODY, 0, ()))
        hands.goes_out(st, seat, k)
        settle(st)


def next_turn(st: ShedState, seat: int) -> None:
    """`seat`'s turn is over and nothing is pending: the next one starts, and the state settles."""
    n = st.players
    nxt = (seat + st.direction) % n
    if st.skip[nxt] or nxt in st.out:
        advance(st, seat)
    else:  # the usual case of `advance`
        st.turn_seat = nxt
    if start_turn(st):
        st.current_player = st.turn_seat
    else:
        settle(st)


def start_turn(st: ShedState) -> bool:
    """A turn starts (the stack is empty): its legal actions, or a draw (RULINGS ZS-4), or a pass.

    True once the turn's player must act (`ShedState._legal` is then known); False after a pass.
    """
    seat = st.turn_seat
    cs = st.cards
    held = st.masks[seat]
    mk = st.match_kind
    kinds = held if mk < 0 else cs.fit_masks[mk][st.match_corp] & held
    if kinds & cs.not_last_mask and len(st.hands[seat]) == 1:  # `not_last`: never the last card
        kinds = 0
    if kinds:
        if held & cs.combo_mask:
            st._legal = legal.turn_actions(st, seat, kinds)
        else:
            st._legal = cs.turn_plays.get(kinds)
        return True
    if st.deck or len(st.discard) > 1:  # something left to draw
        draw_on_turn(st, seat)
        return True
    pass_turn(st, seat)
    return False


def draw_on_turn(st: ShedState, seat: int) -> None:
    """RULINGS ZS-4: draw one; the player then plays it (if it fits) or keeps it."""
    draw_cards(st, seat, 1)
    st.log_entry(DRAWS_ON_TURN_AT[seat])
    if st.listeners:
        st.emit("draw", seat=seat, count=1, forced=False)
    k = st.hands[seat][-1]
    st.stack.append((F_DRAWN, seat, 0, NOBODY, NOBODY, k, ()))
    st._legal = legal.drawn_actions(st, seat, k)


def pass_turn(st: ShedState, seat: int) -> None:
    """No card fits and nothing is left to draw. A full round of passes blocks the hand."""
    st.passes += 1
    st.note(PASSES, seat + 1)
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
            st.log_entry(MISSES_AT[nxt])
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
    deck, hand, bits, masks = st.deck, st.hands[seat], st.cards.bits, st.masks
    if count == 1 and deck:  # the usual case: no rebuild
        k = deck.pop()
        hand.append(k)
        masks[seat] = masks[seat] | bits[k]  # spelled out: compiled, `|=` on an item is generic
        return 1
    got = 0
    for _ in range(count):
        if not st.deck and not rebuild(st):
            break
        k = st.deck.pop()
        hand.append(k)
        masks[seat] = masks[seat] | bits[k]
        got += 1
    return got


def rebuild(st: ShedState) -> bool:
    """The top card of the discard pile stays; the rest are shuffled into a new deck."""
    if len(st.discard) <= 1:
        return False
    hands.deck_rebuilt(st)  # the old deck is all in the hands: what that tells each seat
    top = st.discard.pop()
    deck = st.discard
    st.rng.shuffle(deck)
    st.deck, st.discard = deck, [top]
    st.note_n(
        "the deck is rebuilt from the discard pile ({n} card)",
        "the deck is rebuilt from the discard pile ({n} cards)",
        len(deck),
    )
    if st.listeners:
        st.emit("rebuild", cards=len(deck))
    return True


def _lay_down(st: ShedState, seat: int, k: int) -> list[int]:
    """Card `k` from the seat's hand onto the discard pile, as the card to match; the hand after."""
    cards, hand = st.cards, st.hands[seat]
    hands.lose(st, seat, k)
    st.discard.append(k)
    if st.known_bits & cards.bits[k]:  # someone may know of this card in the hand
        hands.forget(st, seat, k)
    st.passes = 0
    if not cards.is_event[k]:  # events leave the card to match unchanged
        st.match_kind, st.match_corp = k, cards.corp[k]
    st.log_entry(cards.play_notes[seat][k])
    if st.listeners:
        st.emit("play", seat=seat, card=cards.names[k])
    return hand


def _play_card(st: ShedState, seat: int, k: int, *, push_end: bool, combo: int = NOBODY) -> None:
    cards, stack = st.cards, st.stack
    hand = _lay_down(st, seat, k)
    # The frames are spelled out here (see `frame`): this runs for every card played.
    if push_end:
        stack.append((F_END, seat, 0, NOBODY, NOBODY, 0, ()))
    if not hand:
        _goes_out_with(st, seat, k, [(code, seat, NOBODY, param) for code, param in cards.on_play[k]])
        return
    if combo >= 0:  # played once this card's effects are over
        stack.append((F_COMBO, seat, 0, NOBODY, NOBODY, combo, ()))
    effects = cards.on_play[k]
    if effects:
        for code, param in cards.on_play_reversed[k][:-1]:
            stack.append((F_EFFECT, NOBODY, code, seat, NOBODY, param, ()))
        # The first effect starts now, as `settle` would start it next (its frame on top).
        code, param = effects[0]
        _start_effect(st, code, seat, NOBODY, param)


def settle(st: ShedState) -> None:
    """Resolve what needs no answer until something does, then note who must act.

    That is: frames that need no answer, and a turn that starts with no card that fits: the
    player draws at once (RULINGS ZS-4, then answers "play" or "keep"), or passes when nothing is
    left to draw. A turn's legal actions are known here, so they are kept (`ShedState._legal`).
    """
    while not st.over:
        # Read the stack anew each time: a hand that ends here (a combo card going out) starts
        # the next hand with a stack of its own, and the old hand's frames must not act on it.
        stack = st.stack
        if not stack:
            if start_turn(st):
                break
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
                st.note(ADDS_COMBO, seat + 1)
                _play_card(st, seat, k, push_end=False)
        else:
            break
    st.current_player = None if st.over else st.stack[-1][1] if st.stack else st.turn_seat


def _goes_out_with(st: ShedState, seat: int, k: int, effects: list[tuple[int, int, int, int]]) -> None:
    """RULINGS ZS-6: card `k` takes `seat` out of the hand and has its effects, each as (effect,
    actor, victim or NOBODY, param); nobody may answer them with Hide or Boomerang.

    A draw or a missed turn acts at once, on a player still in the hand. A hand that ends here is
    then scored, so of the effects only a draw still counts (a missed turn, a new direction or a
    named corporation has no turn of this hand left; a player with no card left takes and gives
    back the same card). A hand that goes on (Outsider, 3v3, 4v4) gets every effect before its
    next turn; those that ask a question (a corporation to name) come as frames.
    """
    ends = hands.ends_hand(st, seat)
    if not ends:
        hands.goes_out(st, seat, k)
    later = []
    for code, actor, victim, param in effects:
        if code == E_DRAWS or (code == E_SKIPS and not ends):
            if victim < 0:
                victim = next_active(st, actor)
            if victim != actor and st.active(victim):
                _hit(st, code, actor, victim, param)
        elif not ends:
            later.append(frame(F_EFFECT, NOBODY, code, actor, victim, param))
    if ends:
        hands.goes_out(st, seat, k)
    else:
        st.stack.extend(reversed(later))


# -- effects -----------------------------------------------------------------------------------
def _start_effect(st: ShedState, code: int, actor: int, victim: int, param: int) -> None:
    if code == E_REVERSE:
        st.direction = -st.direction
        st.log_entry(TURNS_AROUND_ENTRY)
        # A house rule of this project (house reading ZS-H7, docs/design/zombie-shedding.md; the
        # rulebook never mentions a reverse): with two players in the hand a turn-around brings the
        # turn back at once, so the other player misses a turn. Aimed at nobody, so no protection
        # answers it.
        other = next_active(st, actor)
        if other != actor and sum(1 for s in range(st.players) if st.active(s)) == 2:
            st.skip[other] = True
            st.log_entry(WILL_MISS_AT[other])
        return
    if code == E_NAME:
        st.stack.append(frame(F_NAME, actor))
        return
    if code in (E_SWAP, E_GIVE):
        if not st.active(actor):
            return
        if victim < 0:
            cands = legal.target_candidates(st, actor)
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
    """The victim, then each teammate still in the hand, may answer with protection.

    An effect that no card of the card set answers (the built-in deck's draws) is asked of
    nobody: the question depends on the card set alone, so skipping it reveals nothing (ZS-H4)."""
    if not st.cards.answer_masks[code]:
        _hit(st, code, actor, victim, param)
        return
    helpers = tuple(t for t in st.mode.teammates(victim) if st.active(t)) if st.mode.teams else ()
    st.stack.append(frame(F_RESPOND, victim, code, actor, victim, param, helpers))


def _hit(st: ShedState, code: int, actor: int, victim: int, param: int) -> None:
    if code == E_DRAWS:
        got = draw_cards(st, victim, param)
        st.log_entry(DRAWS_N_AT[victim][got])
        if st.listeners:
            st.emit("draw", seat=victim, count=got, forced=True)
    elif code == E_SKIPS:
        st.skip[victim] = True
        st.log_entry(WILL_MISS_AT[victim])
    elif code == E_SWAP:
        if st.hands[victim] and st.active(actor):
            if param:  # pick = "random": a card at random, the hand unseen (the built-in Thief)
                _take(st, actor, victim, _at_random(st, victim))
                st.stack.append(frame(F_GIVE, actor, code, actor, victim))
                return
            hands.sees_hand(st, actor, victim)  # the Thief sees the hand
            st.note(LOOKS, actor + 1, victim + 1)
            st.stack.append(frame(F_TAKE, actor, code, actor, victim))
    elif code == E_GIVE and st.hands[actor] and st.active(actor):
        if param:  # pick = "random": the gift is a card of the giver's at random
            _give(st, actor, victim, _at_random(st, actor))
        else:
            st.stack.append(frame(F_GIVE, actor, code, actor, victim))


def _at_random(st: ShedState, seat: int) -> int:
    """One of `seat`'s cards at random, from the game's chance generator (a search's sample has its
    own, so the pick is not known ahead)."""
    hand = st.hands[seat]
    return hand[st.rng.randrange(len(hand))]


def answer(st: ShedState, seat: int, action: Action) -> None:
    """Carry out the answer to the frame on top of the stack, and settle."""
    f = st.stack.pop()
    kind = f[0]
    if kind == F_DRAWN:
        if isinstance(action, PLAY):
            play_on_turn(st, seat, action)
        else:
            st.log_entry(KEEPS_AT[seat])
            next_turn(st, seat)
        return
    if kind == F_RESPOND:
        _respond(st, seat, f, action)
    elif kind == F_NAME:
        assert isinstance(action, A.Name)
        st.match_corp = [c.lower() for c in CORPORATIONS].index(action.corporation)
        st.note(NAMES_CORPORATION, seat + 1, CardText(CORPORATIONS[st.match_corp]))
    elif kind == F_TARGET:
        assert isinstance(action, A.Target)
        ask(st, f[2], seat, action.seat, f[5])
    elif kind == F_TAKE:
        assert isinstance(action, A.Take)
        _take(st, seat, f[4], st.cards.by_slug[action.card])
        st.stack.append(frame(F_GIVE, seat, E_SWAP, seat, f[4]))
    else:
        assert isinstance(action, A.Give)
        _give(st, seat, f[4], st.cards.by_slug[action.card])
    settle(st)


def _respond(
    st: ShedState, seat: int, f: tuple[int, int, int, int, int, int, tuple[int, ...]], action: Action
) -> None:
    code, actor, victim, param, helpers = f[2], f[3], f[4], f[5], f[6]
    if not isinstance(action, PLAY):
        if helpers:
            st.stack.append(frame(F_RESPOND, helpers[0], code, actor, victim, param, helpers[1:]))
        else:
            _hit(st, code, actor, victim, param)
        return
    k = st.cards.by_slug[action.card]
    hands.lose(st, seat, k)
    st.discard.append(k)
    if st.known_bits & st.cards.bits[k]:
        hands.forget(st, seat, k)
    name = st.cards.name_texts[k]
    if seat == victim:
        st.note(PLAYS, seat + 1, name)
    else:
        st.note(PLAYS_FOR, seat + 1, name, victim + 1)
    if st.listeners:
        st.emit("protect", seat=seat, card=st.cards.cards[k].name, victim=victim)
    hides = st.cards.hides[k]
    if not st.hands[seat]:  # protection as the last card: it still cancels or turns back (ZS-6)
        _goes_out_with(st, seat, k, [] if hides else [(code, victim, actor, param)])
    elif not hides:
        # Boomerang: the effect turns back on the player who caused it.
        st.stack.append(frame(F_EFFECT, NOBODY, code, victim, actor, param))


def _take(st: ShedState, actor: int, victim: int, k: int) -> None:
    hands.lose(st, victim, k)
    hands.gain(st, actor, k)
    hands.changed_hands(st, victim, actor, k)
    st.note(TAKES, actor + 1, victim + 1)


def _give(st: ShedState, actor: int, victim: int, k: int) -> None:
    hands.lose(st, actor, k)
    hands.gain(st, victim, k)
    hands.changed_hands(st, actor, victim, k)
    st.note(GIVES, actor + 1, victim + 1)
    if not st.hands[actor]:
        hands.goes_out(st, actor, NOBODY)
