"""What a seat sees (RULINGS ALL-2), determinization, and why an action is not allowed.

A seat sees its own hand, every hand's size, the discard pile, the card to match, scores, who
is out, and the cards it knows to be in another hand: cards it gave away or that were taken from
it, and a hand it looked at with the Thief. Determinization keeps those fixed and redeals every
other hidden card (other hands and the deck) from a canonical (sorted) pool; of the decisions
pending it keeps what the seat can know, and drops another seat's combo still to come.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Any

from deadtable.core import Action
from deadtable.core.state import narrate
from deadtable.core.words import number
from deadtable.i18n import N_, Message, nmsg

from . import actions as A
from . import hands, legal, rules
from .card_text import CardText, effect_text
from .cards import CORPORATIONS, KINDS, Card
from .modes import Mode

if TYPE_CHECKING:
    from .state import Frame, ShedState

LOG_LENGTH = hands.LOG_LENGTH


# By id (a frozen dataclass hashes every field per lookup); the card is kept too, so its id stays its.
_CARD_JSON: dict[int, tuple[Card, dict[str, Any]]] = {}


def _done(card: Card) -> dict[str, Any]:
    entry = _CARD_JSON.get(id(card))
    if entry is None or entry[0] is not card:
        entry = _CARD_JSON[id(card)] = (card, _card_json(card))
    return entry[1]


def card_json(card: Card, fits: bool | None = None) -> dict[str, Any]:
    """A card as JSON (a fresh dict each time; the text is computed once per card), with "fits"
    (whether it may be played now) when given: one dict for a hand card."""
    done = _done(card)
    out = {**done, "effects": list(done["effects"]), "effect_names": list(done["effect_names"])}
    if fits is not None:
        out["fits"] = fits
    return out


def _card_json(card: Card) -> dict[str, Any]:
    return {
        "name": card.name,
        "slug": card.slug,
        "event": card.is_event,
        "kind": "event" if card.is_event else KINDS[card.level],
        "points": card.points,
        "corporation": None if card.is_event else CORPORATIONS[card.corporation],
        "effects": [effect_text(n, dict(p)) for n, p in card.effects],
        "effect_names": [n for n, _ in card.effects],
    }


def _pending(st: ShedState, player: int | None) -> dict[str, Any] | None:
    if not st.stack or st.over:
        return None
    f = st.stack[-1]
    kind, seat = f[0], f[1]
    out: dict[str, Any] = {"kind": rules.FRAME_NAMES[kind], "seat": seat}
    cards = st.cards.cards
    if kind == rules.F_DRAWN:
        out["card"] = card_json(cards[f[5]]) if player == seat else None
    elif kind in (rules.F_TARGET, rules.F_RESPOND, rules.F_TAKE, rules.F_GIVE):
        out["effect"] = rules.EFFECT_NAMES[f[2]]
        out["actor"] = f[3] if f[3] >= 0 else seat
        out["victim"] = f[4] if f[4] >= 0 else None
        if f[2] == rules.E_DRAWS:
            out["count"] = f[5]
        if kind == rules.F_RESPOND:  # the protection cards that answer it: the card set's, public
            mask = st.cards.answer_masks[f[2]]
            out["answers"] = [c.name for k, c in enumerate(cards) if mask >> k & 1]
    return out


@cache
def _mode_text(mode: Mode) -> tuple[str, dict[str, Any]]:
    """The mode in English and as a message for any language (made once per mode)."""
    text = mode.describe()
    return str(text), text.to_json()


def build(st: ShedState, player: int | None, narration: bool = True) -> dict[str, Any]:
    cards = st.cards.cards
    mode = st.mode
    to_match = None
    if st.match_kind >= 0:
        top = cards[st.match_kind]
        to_match = {
            "card": card_json(top),
            "corporation": CORPORATIONS[st.match_corp],
            "named": st.match_corp != top.corporation,
        }
    hand = None
    known = []
    among = None
    if player is not None:
        hand = [card_json(cards[k], legal.fits(st, k)) for k in sorted(st.hands[player])]
        for h in range(st.players):
            seen = st.known[player * st.players + h]
            if seen and h != player:
                known.append({"seat": h, "cards": [cards[k].name for k in seen]})
        if st.pooled[player]:  # cards it knows to be somewhere among several hands (`pooled`)
            seats = [h for h in range(st.players) if st.pooled_seats[player] >> h & 1]
            among = {"seats": seats, "cards": [cards[k].name for k in st.pooled[player]]}
    out: dict[str, Any] = {
        "game": "zombie-shedding",
        "seat": player,
        "players": st.players,
        "mode": mode.name,
        "mode_text": _mode_text(mode)[0],
        "mode_text_i18n": dict(_mode_text(mode)[1]),
        "layout": mode.layout,
        "teams": list(mode.team_of) if mode.teams else None,
        "target": mode.target,
        "penalty": mode.penalty,
        "decks": mode.decks,
        "current_player": st.current_player,
        "turn": st.turn_seat,
        "dealer": st.dealer,
        "direction": "clockwise" if st.direction > 0 else "counter-clockwise",
        "hand_number": st.hand_no,
        "to_match": to_match,
        "discard_top": cards[st.discard[-1]].name if st.discard else None,
        "discard_size": len(st.discard),
        "deck_size": len(st.deck),
        "hand": hand,
        "hand_sizes": [len(h) for h in st.hands],
        "out": list(st.out),
        "skips": list(st.skip),
        "scores": list(st.scores),  # per side: per team in Alliances, else per seat
        "seat_scores": [st.scores[t] for t in mode.team_of],  # each seat's (team's) score
        "known": known,
        "known_among": among,
        "pending": _pending(st, player),
        "dealer_draw": [
            [s, cards[a].name, cards[b].name, cards[a].points + cards[b].points] for s, a, b in st.dealer_draw
        ],
        "last_hand": dict(st.last_hand),
        "over": st.over,
        "result": st.outcome().to_json() if st.over else None,
    }
    if narration:
        narrate(out, st.log_view(), st.log_start())  # each reader's language: card_text.decode
    return out


def unseen_frames(st: ShedState, player: int) -> list[Frame]:
    """The frames of the stack that `player` cannot know of: another seat's combo still to come.

    A combo is chosen with its first card, in one action (`play brute + don-lysar`), and played
    once that card's effects are over; until then nothing shows it (the log tells the first card
    alone, the view the decision on top), so the combo frame of another seat names a card of a
    hidden hand and tells that its holder chose to play it: both hidden from `player`.
    """
    return [f for f in st.stack if _unseen(f, player)]


def _unseen(f: Frame, player: int) -> bool:
    return f[0] == rules.F_COMBO and f[1] != player  # (frame, seat, ...): see rules.py


def redeal(st: ShedState, other: ShedState, player: int, rng: random.Random) -> None:
    """Redraw every card `player` cannot see: other hands (less what it knows) and the deck; and
    drop what it cannot know of the decisions pending (`unseen_frames`). The cards it knows to be
    among several hands (`ShedState.pooled`) go to random places among those hands, never into
    the deck; every other place is filled uniformly from the rest."""
    n = st.players
    pool = list(st.deck)
    fixed: dict[int, list[int]] = {}
    hidden: dict[int, int] = {}
    for h in range(n):
        if h == player:
            continue
        kept = st.known[player * n + h]
        rest = hands.beyond(st.hands[h], kept)
        fixed[h], hidden[h] = list(kept), len(rest)
        pool.extend(rest)
    pooled, among = list(st.pooled[player]), st.pooled_seats[player]
    pool = hands.beyond(pool, st.pooled[player])  # the pooled cards are placed apart, below
    pool.sort()
    # A uniform shuffle drawn from rng (random keys: several times faster than rng.shuffle).
    rnd = rng.random
    pool = [k for _, k in sorted([(rnd(), k) for k in pool])]
    at = 0
    if pooled:
        # The pooled hands' places: the pooled cards and as many others, in a random order.
        places = sum(hidden[h] for h in hidden if among >> h & 1)
        at = places - len(pooled)
        mixed = [k for _, k in sorted([(rnd(), k) for k in pooled + pool[:at]])]
        got = 0
        for h in range(n):
            if h != player and among >> h & 1:
                other.hands[h] = fixed[h] + mixed[got : got + hidden[h]]
                got += hidden[h]
    for h in range(n):
        if h == player or among >> h & 1:  # `among` is 0 when nothing is pooled
            continue
        other.hands[h] = fixed[h] + pool[at : at + hidden[h]]
        at += hidden[h]
    other.deck = pool[at:]
    # What other seats know of hands other than this one's is itself hidden: drop it.
    other.known = [v if player in divmod(i, n) else () for i, v in enumerate(st.known)]
    other.pooled = [v if i == player else () for i, v in enumerate(st.pooled)]
    other.pooled_seats = [v if i == player else 0 for i, v in enumerate(st.pooled_seats)]
    # Another seat's combo still to come is hidden (`unseen_frames`): the sample has none.
    if unseen_frames(st, player):
        other.stack = [f for f in other.stack if not _unseen(f, player)]
    if other.stack and other.stack[-1][0] == rules.F_DRAWN and other.stack[-1][1] != player:
        q = other.stack[-1][1]
        f = other.stack[-1]
        other.stack[-1] = (f[0], f[1], f[2], f[3], f[4], other.hands[q][-1], f[6])
    other.sync_masks()  # and the legal actions are made anew: the hand to act may be redrawn


def text_action(text: str) -> Action | None:
    """The action a text names (legal or not), or None when it names no action of this game."""
    words = text.split()
    simple = {"keep": A.KEEP, "decline": A.DECLINE}
    if text in simple:
        return simple[text]
    if len(words) == 4 and words[0] == "play" and words[2] == "+":
        return A.Play(words[1], words[3])
    if len(words) == 2 and words[0] in ("play", "take", "give"):
        return {"play": A.Play, "take": A.Take, "give": A.Give}[words[0]](words[1])
    if len(words) == 2 and words[0] == "name":
        return A.Name(words[1])
    seat = number(words[1][1:]) if len(words) == 2 and words[0] == "target" and words[1][:1] == "p" else None
    if seat:
        return A.Target(seat - 1)
    return None


# What the player to act must first decide, by pending frame (view "pending"/"kind").
DECISIONS = {
    "drawn": N_("play the card just drawn or keep it (RULINGS ZS-4)"),
    "name": N_("name the corporation the next card must match"),
    "target": N_("choose the opponent the effect acts on"),
    "respond": N_("answer the effect with protection or decline"),
    "take": N_("take a card from the hand you look at"),
    "give": N_("give a card"),
}


def _listed(legal: list[Action]) -> str:
    return ", ".join(str(a) for a in legal[:8]) + (" ..." if len(legal) > 8 else "")


def why_not(st: ShedState, action: Action | None, text: str = "") -> Message:
    """A reason a person understands, citing the rule; rendered in the reader's language."""
    allowed = st.legal_actions()
    if action is None and text in ("draw", "pass"):
        return Message(
            "drawing is not a choice: a player who cannot play draws one card at once, and with "
            "nothing left to draw the turn passes (RULINGS ZS-4)"
        )
    if action is None:
        return Message("that is not an action of this game; allowed now: {allowed}", allowed=_listed(allowed))
    if st.stack:
        pend = _pending(st, st.current_player) or {}
        seat = st.current_player + 1 if st.current_player is not None else 0
        decision = DECISIONS.get(str(pend.get("kind")), "")
        return Message(
            "P{seat} must first {decision}; allowed now: {allowed}",
            seat=seat,
            decision=Message(decision),
            allowed=_listed(allowed),
        )
    seat = st.turn_seat
    cards = st.cards
    if not isinstance(action, A.Play):  # an answer (name, target, take, give, keep, decline): no question
        return Message(
            "{action} answers a question no card asks now; allowed now: {allowed}",
            action=str(action),
            allowed=_listed(allowed),
        )
    k = cards.by_slug.get(action.card)
    if k is None:
        return Message("there is no card called '{card}'", card=action.card)
    if k not in st.hands[seat]:
        return Message("you hold no {card}", card=CardText(cards.cards[k].name))
    c = cards.by_slug.get(action.combo, -1) if action.combo else -1
    if action.combo and (c < 0 or c not in st.hands[seat] or not cards.cards[c].has("combo")):
        return Message("'{combo}' is not a combo card in your hand", combo=action.combo)
    if c == k and st.hands[seat].count(k) < 2:
        return Message(
            "{card} + {card} needs two copies in your hand; you hold one",
            card=CardText(cards.cards[k].name),
        )
    if c >= 0 and not cards.combo_after[k][c]:
        combo = cards.cards[c]
        params = next(p for n, p in combo.effects if n == "combo")
        why = effect_text("combo", dict(params))
        return Message(
            "{combo} may not follow {card}: {why}",
            combo=CardText(combo.name),
            card=CardText(cards.cards[k].name),
            why=CardText(why),
        )
    if legal.fits(st, k):  # it matches: something else forbids it now
        return Message(
            "{action} is not allowed now; allowed: {allowed}", action=str(action), allowed=_listed(allowed)
        )
    top = cards.cards[st.match_kind]
    return nmsg(
        "{card} does not match {top}: play a card of {n} point, a {corporation} card, a card whose "
        "effect allows it, or an event (rules: the four ways to match)",
        "{card} does not match {top}: play a card of {n} points, a {corporation} card, a card whose "
        "effect allows it, or an event (rules: the four ways to match)",
        top.points,
        card=CardText(cards.cards[k].name),
        top=CardText(top.name),
        corporation=CardText(CORPORATIONS[st.match_corp]),
    )
