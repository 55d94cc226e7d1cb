"""Hired Hand activation and the seven abilities, exactly as section VII prints them.

At the beginning of a turn, before anyone recruits, each player in turn order from the holder of the
Overlord card may activate one Hired Hand ("activate <card>" or "no activation"). An ability that
needs choices pushes one decision at a time onto `st.sub` = [step, activator, card, argument...].
Red Knight, Medusa and Lich King have no destination in their text: they go under the activator's
army pile (RULINGS OV-5). Medusa and Lich King flip the opponents' hands face up on the table, so
every seat sees them; a Red Knight's look and a Blue Knight's draw pile are seen by the activator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.core import Action
from deadtable.i18n import Message

from . import knowledge, rules
from .actions import (
    DUMMY_NAME,
    NO_ACTIVATION,
    PASS_TOPS,
    Activate,
    Force,
    LookAtArmy,
    NoActivation,
    NoSwap,
    PassTops,
    PutOnTop,
    Steal,
    SwapHands,
    TakeFromPile,
)
from .rules import ABILITY, ACTIVATE, EXCHANGE, RECRUIT, opponent_armies

if TYPE_CHECKING:
    from .state import OverlordsState

RK_ARMY, RK_CARD, BLUE, THIEF, SORC, MEDUSA, LICH = range(7)


def target_index(st: OverlordsState, name: str) -> int:
    return st.players if name == DUMMY_NAME else int(name[1:]) - 1


def legal(st: OverlordsState) -> list[Action]:
    table = st.cards.actions
    if st.phase == ACTIVATE:
        s = st.act_order[st.act_pos]
        activate = table.activate
        out: list[Action] = []
        prev = -1
        for k in st.aside[s]:  # sorted: each kind once
            if k != prev and rules.usable(st, s, k):
                out.append(activate[k])
            prev = k
        out.append(NO_ACTIVATION)
        return out
    step, s = st.sub[0], st.sub[1]
    seats = table.seats(st.players)
    armies = st.armies
    if step == RK_ARMY:
        look_at = seats.look_at
        return [look_at[z] for z in rules.red_knight_armies(st, s)]
    if step == RK_CARD:
        put_on_top = table.put_on_top
        return [put_on_top[k] for k in sorted(set(armies[st.sub[3]]))]
    if step == BLUE:
        take = table.take
        return [take[k] for k in sorted(set(st.draw))]
    if step == THIEF:
        steal = seats.steal
        return [steal[z] for z in opponent_armies(st, s) if armies[z]]
    if step == SORC:
        return list(PASS_TOPS)
    if step == MEDUSA:
        t = st.sub[3]
        force = seats.force[t]
        return [force[k] for k in rules.distinct(st.hands[t])]
    return list(seats.swap)


def apply(st: OverlordsState, action: Action) -> None:
    if isinstance(action, NoActivation):
        rules.next_activation(st, st.act_pos + 1)
        return
    if isinstance(action, Activate):
        _activate(st, st.act_order[st.act_pos], st.cards.kind_of[action.card])
        if st.phase != ABILITY:
            rules.next_activation(st, st.act_pos + 1)
        return
    step, s, card = st.sub[0], st.sub[1], st.sub[2]
    if isinstance(action, LookAtArmy):
        st.sub = [RK_CARD, s, card, target_index(st, action.target)]
        return
    if isinstance(action, PutOnTop):
        army = st.armies[st.sub[3]]
        kind = st.cards.kind(action.card)
        i = len(army) - 1 - army[::-1].index(kind)
        army.append(army.pop(i))
        z = st.sub[3]
        if z >= st.players:
            st.note(
                Message(
                    "Red Knight: P{seat} puts {card} on top of the dummy's army",
                    seat=s + 1,
                    card=st.name(kind),
                )
            )
        else:
            st.note(
                Message(
                    "Red Knight: P{seat} puts {card} on top of P{owner}'s army",
                    seat=s + 1,
                    card=st.name(kind),
                    owner=z + 1,
                )
            )
    elif isinstance(action, TakeFromPile):
        _blue_knight(st, s, card, st.cards.kind(action.card))
    elif isinstance(action, Steal):
        z = target_index(st, action.target)
        top = st.armies[z].pop()
        st.armies[z].append(card)
        st.armies[s].append(top)
        if z >= st.players:
            st.note(
                Message("Thief: P{seat} takes {card} from the dummy's army", seat=s + 1, card=st.name(top))
            )
        else:
            st.note(
                Message(
                    "Thief: P{seat} takes {card} from P{owner}'s army",
                    seat=s + 1,
                    card=st.name(top),
                    owner=z + 1,
                )
            )
    elif isinstance(action, PassTops):
        n = st.players
        tops = [st.armies[q].pop() if st.armies[q] else -1 for q in range(n)]
        for q, top in enumerate(tops):
            if top >= 0:
                st.armies[(q + 1) % n if action.clockwise else (q - 1) % n].append(top)
        st.armies[s].append(card)
        if action.clockwise:
            st.note(Message("Sorcerer: every player passes the top of their army clockwise"))
        else:
            st.note(Message("Sorcerer: every player passes the top of their army counter-clockwise"))
    elif isinstance(action, Force):
        t = target_index(st, action.target)
        st.forced[t] = st.cards.kind(action.card)
        st.note(Message("Medusa: P{seat} must recruit {card}", seat=t + 1, card=st.name(st.forced[t])))
        st.sub = st.sub[:3] + st.sub[4:]
        if len(st.sub) > 3:
            return
    elif isinstance(action, SwapHands):
        a, b = target_index(st, action.first), target_index(st, action.second)
        knowledge.swap_hands(st, a, b)
        st.note(Message("Lich King: P{first} and P{second} swap hands", first=a + 1, second=b + 1))
    else:
        assert isinstance(action, NoSwap)
    if step in (RK_CARD, MEDUSA, LICH):
        st.armies[s].insert(0, card)  # OV-5: under the activator's army pile
    rules.next_activation(st, st.act_pos + 1)


def _activate(st: OverlordsState, s: int, kind: int) -> None:
    st.aside[s].remove(kind)
    ability = st.cards.abilities[kind]
    st.note(Message("P{seat} activates {card}", seat=s + 1, card=st.name(kind)))
    if st.listeners:  # nobody listens in simulations and search: no call to tell nobody
        st.emit("activate", seat=s, card=st.name(kind))
    if ability == "black_knight":
        st.need[s] = 2
        st.bk[s] = kind
        return
    st.phase = ABILITY
    if ability == "red_knight":
        st.sub = [RK_ARMY, s, kind]
    elif ability == "blue_knight":
        st.known[s][st.draw_zone] = sorted(st.draw)  # the activator looks through the draw pile
        st.sub = [BLUE, s, kind]
    elif ability == "thief":
        st.sub = [THIEF, s, kind]
    elif ability == "sorcerer":
        st.sub = [SORC, s, kind]
    else:
        opponents = st.opponents(s)
        knowledge.flip_hands(st, opponents)
        seats = ", ".join(f"P{o + 1}" for o in opponents)
        st.note(Message("{card}: the hands of {seats} are face up", card=st.name(kind), seats=seats))
        st.sub = [MEDUSA, s, kind, *opponents] if ability == "medusa" else [LICH, s, kind]


def _blue_knight(st: OverlordsState, s: int, blue: int, kind: int) -> None:
    """Exchange the Blue Knight for a card of the draw pile, which is then reshuffled (VII)."""
    st.draw.remove(kind)
    if st.cards.hired[kind]:
        st.aside[s].append(kind)
        st.aside[s].sort()
        knowledge.left_play(st, kind)
    else:
        st.armies[s].append(kind)
    st.draw.append(blue)
    st.rng.shuffle(st.draw)
    for p, row in enumerate(st.known):
        pile = row[st.draw_zone]
        if p == s:
            row[st.draw_zone] = sorted(st.draw)
            continue
        if kind in pile:
            pile.remove(kind)
        pile.append(blue)  # everyone sees the Blue Knight go back into the pile
        pile.sort()
    st.note(
        Message(
            "Blue Knight: P{seat} takes {card} from the draw pile, which is reshuffled",
            seat=s + 1,
            card=st.name(kind),
        )
    )


def why_not(st: OverlordsState, text: str) -> Message:
    """A reason a person understands for an action that is not legal now, citing the rulebook.

    A `Message`, so each reader gets it in their language; the action texts it lists stay as typed.
    """
    words = text.lower().split()
    s = st.current_player
    if s is None:
        return Message("the game is over")
    actions = ", ".join(str(a) for a in st.legal_actions()[:8])
    if st.phase == ACTIVATE and words[:1] == ["recruit"]:
        return Message(
            "first each player in turn order may activate a Hired Hand (VII); you may: {actions}",
            actions=actions,
        )
    if st.phase == EXCHANGE and (words[:1] in (["recruit"], ["activate"]) or words == ["no", "activation"]):
        return Message(
            "before each turn teammates may exchange one card (XIII); you may: {actions}", actions=actions
        )
    if st.phase == EXCHANGE and words[:1] == ["exchange"]:
        kind = st.cards.kind_of.get(" ".join(words[1:]), -1)
        if kind < 0:
            return Message("there is no card called {name!r}", name=" ".join(words[1:]))
        return Message("you have no {card} in your hand to offer your teammate (XIII)", card=st.name(kind))
    if st.phase != EXCHANGE and (words[:1] == ["exchange"] or words == ["no", "exchange"]):
        if not st.teams:
            return Message("cards are exchanged only in the 2 versus 2 team game (XIII)")
        return Message(
            "teammates exchange cards before each turn, not now (XIII); you may: {actions}", actions=actions
        )
    if st.phase == RECRUIT and (words[:1] == ["activate"] or words == ["no", "activation"]):
        return Message("Hired Hands are activated at the beginning of a turn, before anyone recruits (VII)")
    if st.phase == ABILITY:
        card = st.name(st.sub[2])
        if words and words[0] in {str(a).split()[0] for a in st.legal_actions()}:
            # the right kind of choice, not one the card offers now (a card, an army, a seat)
            return Message(
                "that is not one of the {card}'s choices now; you may: {actions}", card=card, actions=actions
            )
        return Message("finish the {card} first; you may: {actions}", card=card, actions=actions)
    if st.phase == RECRUIT and words[:1] == ["recruit"]:
        dummy = words[-2:] == ["for", "dummy"]
        slug = " ".join(words[1:-2] if dummy else words[1:])
        try:
            kind = st.cards.kind(slug)
        except KeyError:
            return Message("there is no card called {name!r}", name=slug)
        if kind not in st.available(s):
            return Message("you have no {card} in your hand to recruit (V)", card=st.name(kind))
        if dummy and st.cards.hired[kind]:
            return Message("players cannot recruit Hired Hand cards for the dummy player (XIII)")
        if st.forced[s] >= 0 and not st.pend[s] and not dummy:
            return Message(
                "Medusa chose the card you must recruit this turn: {card} (VII)", card=st.name(st.forced[s])
            )
        if s == st.controller and not dummy:
            return Message("keep a Monster for the dummy's army: it cannot be given a Hired Hand (XIII)")
        if len(st.pend[s]) >= st.need[s]:
            return Message(
                "now you recruit a card for the dummy's army (XIII); you may: {actions}", actions=actions
            )
        return Message("now you recruit a card for your own army (V); you may: {actions}", actions=actions)
    if words[:1] in (["look"], ["put"], ["take"], ["steal"], ["pass"], ["force"], ["swap"]) or words == [
        "no",
        "swap",
    ]:
        return Message(
            "only a Hired Hand at work offers that choice, and none is at work now (VII); you may: {actions}",
            actions=actions,
        )
    if words[:1] == ["activate"]:
        kind = st.cards.kind_of.get(" ".join(words[1:]), -1)
        if st.phase == ACTIVATE and kind in st.aside[s] and not rules.usable(st, s, kind):
            return Message(
                "the {card} has nothing to act on now, so it cannot be activated (OV-H5)", card=st.name(kind)
            )
        return Message(
            "you have no Hired Hand of that name ready to activate (VII); you may: {actions}", actions=actions
        )
    return Message("{text!r} is not a legal action now; you may: {actions}", text=text, actions=actions)
