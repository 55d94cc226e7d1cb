"""Overlords rules of play (rulebook V, VI, XIII): the turn, the passing of hands and the end of a round.

A turn is: (team game) the one-card exchange with your teammate, then Hired Hand activation in turn
order from the holder of the Overlord card, then recruiting as hidden sequential commits (OV-2):
`current_player` is the lowest seat that has not committed, nobody sees a pending pick, and all picks
are revealed together before the hands are passed to the left. After the last round the Hired
Hands never activated join their armies and the game is over (VI). What each Hired Hand does is in
hired_hands.py; here is only who may activate one, and when.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from deadtable.i18n import Message, nmsg

from . import knowledge

if TYPE_CHECKING:
    from .state import OverlordsState

# Hands, cards per hand and rounds by player count (section IV table).
LAYOUT: Final = {2: (3, 8, 3), 3: (3, 8, 3), 4: (4, 9, 2)}

# Final: compiled (mypyc), a constant is inlined rather than looked up.
EXCHANGE: Final = 0
ACTIVATE: Final = 1
ABILITY: Final = 2
RECRUIT: Final = 3
OVER: Final = 4
PHASES: Final = ("exchange", "activate", "ability", "recruit", "over")
NONE: Final = -2  # a team exchange not yet committed
KEEP: Final = -1  # "no exchange"
LOG_LENGTH: Final = 14  # entries a view shows; the log keeps up to twice as many, trimmed in one go


class Revealed(NamedTuple):
    """A log entry of the picks revealed at once, per army: made a Message only when read (a
    simulation never reads the log, and the Message is the costly part)."""

    picks: list[list[int]]


def deal(st: OverlordsState) -> None:
    """A round starts: every hand, the dummy's too, is dealt from the draw pile (IV)."""
    knowledge.deal_known(st)  # what a seat knew of the pile: its Hired Hands stay in play
    draw = st.draw
    for z in range(st.hand_zones):
        hand = [draw.pop() for _ in range(st.per_hand)]
        if z < st.players:
            hand.sort()
        st.hands[z] = hand
    for row in st.known:
        for z in range(st.hand_zones + 1):
            row[z] = []
    if st.dummy:  # XIII: the third hand is the dummy's; each turn one player takes its top card
        st.note(
            Message(
                "Round {round}: a hand of {cards} dealt to each player and one to the dummy",
                round=st.round + 1,
                cards=st.per_hand,
            )
        )
        return
    st.note(
        nmsg(
            "Round {round}: {n} hand of {cards} dealt",
            "Round {round}: {n} hands of {cards} dealt",
            st.hand_zones,
            round=st.round + 1,
            cards=st.per_hand,
        )
    )


def start_turn(st: OverlordsState) -> None:
    if st.dummy:
        st.controller = st.turn_no % 2  # the players alternate controlling the dummy (XIII)
    if st.teams:
        st.phase = EXCHANGE
        st.exchange_offers = [NONE] * st.players
        return
    start_activation(st)


def start_activation(st: OverlordsState) -> None:
    # The last card is recruited automatically and the round ends (V): no activation then.
    if len(st.hands[0]) >= 2:
        n, o = st.players, st.overlord
        st.act_order = [(o + i) % n for i in range(n)]
        next_activation(st, 0)
    else:
        start_recruit(st)


def opponent_armies(st: OverlordsState, s: int) -> list[int]:
    """Armies a Thief may rob: the opponents', and the dummy's (it is nobody's teammate)."""
    out = st.opponents(s)
    if st.dummy:
        out.append(st.players)
    return out


def red_knight_armies(st: OverlordsState, s: int) -> list[int]:
    """Armies a Red Knight may look through: every one but the teammate's (RULINGS OV-8)."""
    mate = st.partner(s) if st.teams else -1
    armies = st.armies
    return [z for z in range(st.hand_zones) if armies[z] and z != mate]


def usable(st: OverlordsState, s: int, kind: int) -> bool:
    """May seat `s` activate its Hired Hand `kind` now (its ability has something to act on)?"""
    ability = st.cards.abilities[kind]
    if ability == "red_knight":
        return bool(red_knight_armies(st, s))
    if ability == "blue_knight":
        return bool(st.draw)
    if ability == "thief":
        armies = st.armies
        return any(armies[z] for z in opponent_armies(st, s))
    if ability == "black_knight":
        return len(st.hands[s]) >= 2
    return True


def next_activation(st: OverlordsState, pos: int) -> None:
    """Give the next seat in turn order with a usable Hired Hand its decision (VII)."""
    st.ability = None
    order, aside = st.act_order, st.aside
    while pos < len(order):
        s = order[pos]
        for k in aside[s]:
            if usable(st, s, k):
                st.phase, st.act_pos = ACTIVATE, pos
                return
        pos += 1
    start_recruit(st)


def start_recruit(st: OverlordsState) -> None:
    st.phase = RECRUIT
    c = st.controller
    hands = st.hands
    if c >= 0:
        # XIII: the controller takes the top card of the dummy's hand into their hand.
        mine = hands[c]
        mine.append(hands[st.players].pop())
        mine.sort()
        st.note(
            Message(
                "P{seat} takes the top card of the dummy's hand, and recruits for the dummy too",
                seat=c + 1,
            )
        )
    need, picks = st.need, st.picks
    for s in range(st.players):
        hand = hands[s]
        picks[s] = [hand[0]] if len(hand) == 1 and need[s] == 1 and s != c else []  # automatic (V)
    st.dummy_pick = -1
    st.recruiter = recruiter(st, 0)
    if st.recruiter is None:
        reveal(st)


def done(st: OverlordsState, s: int) -> bool:
    """Has seat `s` committed every pick of this turn (its own, and the dummy's if it controls it)?"""
    return len(st.picks[s]) == st.need[s] and (s != st.controller or st.dummy_pick >= 0)


def recruiter(st: OverlordsState, start: int) -> int | None:
    """The lowest seat still to commit a pick this turn (OV-2), or None when all have.

    Seats below `start` are known to have committed already."""
    picks, need, c = st.picks, st.need, st.controller
    for s in range(start, st.players):
        if len(picks[s]) != need[s] or (s == c and st.dummy_pick < 0):
            return s
    return None


def reveal(st: OverlordsState) -> None:
    """All picks are revealed together (OV-2); Monsters cover the army, Hired Hands go aside."""
    hired = st.cards.hired
    listen = bool(st.listeners)
    n = st.players
    hands, known, armies, aside, picks = st.hands, st.known, st.armies, st.aside, st.picks
    black_knights = st.black_knight
    revealed: list[list[int]] = [[] for _ in range(st.hand_zones)]
    for s in range(n):
        hand = hands[s]
        for k in picks[s]:
            hand.remove(k)
            for row in known:  # a card of `kind` was seen leaving the hand
                z = row[s]
                if k in z:
                    z.remove(k)
            if hired[k]:
                aside[s].append(k)
                aside[s].sort()
                knowledge.left_play(st, k)  # out of the hands in front of everyone
            else:
                armies[s].append(k)
            revealed[s].append(k)
            if listen:
                st.emit("recruit", seat=s, card=st.cards.names[k])
        b = black_knights[s]
        if b >= 0:
            # Black Knight: into the hand before passing, in front of everyone (VII).
            hand.append(b)
            hand.sort()
            for row in known:
                row[s].append(b)
                row[s].sort()
    c = st.controller
    if c >= 0 and st.dummy_pick >= 0:
        k = st.dummy_pick
        hands[c].remove(k)
        for row in known:
            z = row[c]
            if k in z:
                z.remove(k)
        armies[n].append(k)  # a Hired Hand goes straight into the dummy's army
        if hired[k]:
            knowledge.left_play(st, k)
        revealed[n].append(k)
    st.last = revealed
    st.log_entry(Revealed(revealed))
    st.need = [1] * n
    st.black_knight = [-1] * n
    st.forced = [-1] * n
    st.picks = [[] for _ in range(n)]
    st.dummy_pick = -1
    st.turn_no += 1
    if not hands[0]:
        end_round(st)
        return
    pass_hands(st)
    st.turn += 1
    start_turn(st)


def revealed_message(st: OverlordsState, revealed: list[list[int]]) -> Message:
    """The log line of a reveal: every seat's picks, then the dummy's."""
    names = st.cards.names
    shown = "; ".join(
        f"P{z + 1} {', '.join([names[k] for k in picks])}"
        for z, picks in enumerate(revealed[: st.players])
        if picks
    )
    dummy_picks = revealed[st.players] if st.dummy else []
    if dummy_picks:
        cards = ", ".join([names[k] for k in dummy_picks])
        return Message("Recruited: {picks}; the dummy {cards}", picks=shown, cards=cards)
    return Message("Recruited: {picks}", picks=shown)


def pass_hands(st: OverlordsState) -> None:
    """Each player passes the rest of their hand to the left; the dummy's never moves (V, XIII)."""
    n = st.players
    hands = st.hands
    last = hands[n - 1]
    for s in range(n - 1, 0, -1):
        hands[s] = hands[s - 1]
    hands[0] = last
    for row in st.known:
        last = row[n - 1]
        for z in range(n - 1, 0, -1):
            row[z] = row[z - 1]
        row[0] = last
    for s, row in enumerate(st.known):
        row[s] = []
        nxt = (s + 1) % n
        row[nxt] = list(hands[nxt])  # the hand s just passed
    st.overlord = (st.overlord + 1) % n


def end_round(st: OverlordsState) -> None:
    if st.listeners:  # nobody listens in simulations and search: no call to tell nobody
        st.emit("round_end", round=st.round + 1)
    st.round += 1
    if st.round >= st.rounds:
        for s in range(st.players):
            st.armies[s].extend(st.aside[s])  # never activated: into the army (VII)
            st.aside[s] = []
        st.phase = OVER
        st.controller = -1
        st.note(Message("Game over"))
        return
    if st.teams and st.round == 1:
        for s in (0, 1):  # XIII: at the end of round 1 teammates exchange armies
            b = st.partner(s)
            st.armies[s], st.armies[b] = st.armies[b], st.armies[s]
        st.note(Message("Teammates exchange armies (XIII)"))
    st.turn = 0
    deal(st)
    start_turn(st)


def resolve_exchange(st: OverlordsState) -> None:
    """Team game: the offered cards change hands when both teammates offered one (XIII)."""
    for a in (0, 1):
        b = st.partner(a)
        x, y = st.exchange_offers[a], st.exchange_offers[b]
        if x >= 0 and y >= 0:
            knowledge.exchange(st, a, b, x, y)
            st.note(Message("P{first} and P{second} exchange a card", first=a + 1, second=b + 1))
            if st.listeners:
                st.emit("exchange", seats=[a, b])
    st.exchange_offers = [NONE] * st.players
    start_activation(st)


def available(st: OverlordsState, s: int) -> list[int]:
    """Seat `s`'s hand less the picks it has committed this turn (sorted)."""
    picks = st.picks[s]
    hand = st.hands[s]
    if not picks:
        return hand
    out = list(hand)
    for k in picks:
        out.remove(k)  # the first copy: the list stays sorted
    return out


def distinct(cards: list[int]) -> list[int]:
    """The kinds of a sorted list of cards, each once (still sorted).

    >>> distinct([2, 2, 5, 7, 7])
    [2, 5, 7]
    """
    out: list[int] = []
    prev = -1
    for k in cards:
        if k != prev:
            out.append(k)
            prev = k
    return out


def own_options(st: OverlordsState, s: int) -> list[int]:
    """Kinds seat `s` may recruit for itself now (sorted, distinct)."""
    avail = available(st, s)
    kinds = distinct(avail)
    forced = st.forced[s]
    if forced >= 0 and not st.picks[s] and forced in kinds:
        return [forced]  # Medusa chose this card (VII)
    if s == st.controller:
        hired = st.cards.hired
        monsters = 0
        for k in avail:
            if not hired[k]:
                monsters += 1
        if monsters == 1:
            # Keep a Monster for the dummy: it may not be given a Hired Hand (XIII).
            kinds = [k for k in kinds if hired[k]]
    return kinds


def dummy_options(st: OverlordsState, s: int) -> list[int]:
    """Kinds the controller may recruit for the dummy: its Monsters, or any card if it has none."""
    avail = available(st, s)
    hired = st.cards.hired
    out: list[int] = []
    prev = -1
    for k in avail:
        if k != prev and not hired[k]:
            out.append(k)
            prev = k
    return out or distinct(avail)
