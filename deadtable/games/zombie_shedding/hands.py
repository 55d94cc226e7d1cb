"""Hands: choosing the dealer, dealing, going out, the end of a hand, scoring and the game's end;
and what each seat knows of the others' hands (`ShedState.known`, one entry per viewer and holder;
`ShedState.pooled`, cards a viewer knows to be somewhere among several hands).

Scores are penalty points in Duel, Alliances and Marathon (RULINGS ZS-2): at the end of a hand
the players still holding cards (in Alliances: the losing teams) add the zombie points left in
hand, events counting 0; the lowest score wins once a player or team reaches the target. In
Zombie Overlord the hand winner adds the others' points and the first past players x 30 wins
(RULINGS ZS-3). Blitz and Outsider are one hand with no points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from deadtable.core import Outcome
from deadtable.core.compiled import take_first
from deadtable.i18n import N_, Message

from .card_text import CardText

if TYPE_CHECKING:
    from .state import ShedState

# The log's message ids, made once (see rules.py).
DEALS: Final = N_("hand {hand}: P{seat} deals and opens")
GOES_OUT: Final = N_("P{seat} goes out")
BLOCKED: Final = N_("nobody can play or draw: the hand is blocked")
ENDS_WITH: Final = N_("hand {hand} ends: P{seat} finishes with {card}")
ENDS: Final = N_("hand {hand} ends: P{seat} finishes")
GAME_ENDS: Final = N_("the game has ended")
HAND_SIZE: Final = 6  # "every player, in every mode, is dealt 6 cards"
LOG_LENGTH: Final = 12  # entries of the public log a view shows


def setup(st: ShedState) -> None:
    st.scores = [0] * st.mode.sides
    st.hand_no = 0
    st.over = False
    st.log = []
    st.log_dropped = 0
    st._log_view = None
    st.last_hand = {}
    dealer, draws = choose_dealer(st)
    st.dealer_draw = draws
    start_hand(st, dealer)


def choose_dealer(st: ShedState) -> tuple[int, list[list[int]]]:
    """Each player draws 2 cards; the highest sum of zombie points deals; tied players redraw."""
    pts = st.cards.points
    contenders = list(range(st.players))
    draws: list[list[int]] = []
    while True:
        deck = st.cards.deck(st.mode.decks)
        st.rng.shuffle(deck)
        sums = {}
        for s in contenders:
            a, b = deck.pop(), deck.pop()
            draws.append([s, a, b])
            sums[s] = pts[a] + pts[b]
        best = max(sums.values())
        top = [s for s in contenders if sums[s] == best]
        if len(top) == 1:
            return top[0], draws
        contenders = top


def start_hand(st: ShedState, dealer: int) -> None:
    """Shuffle, deal 6 cards each starting left of the dealer; the dealer opens."""
    n = st.players
    deck = st.cards.deck(st.mode.decks)
    st.rng.shuffle(deck)
    dealt: list[list[int]] = [[] for _ in range(n)]
    order = [dealt[(dealer + i) % n] for i in range(1, n + 1)]  # from the dealer's left
    for _ in range(HAND_SIZE):
        for hand in order:
            hand.append(deck.pop())
    st.hands = dealt
    st.opening = tuple(tuple(h) for h in dealt)
    st.deck = deck
    st.sync_masks()
    st.discard = []
    st.match_kind = -1
    st.match_corp = -1
    st.dealer = dealer
    st.turn_seat = dealer
    st.direction = 1
    st.out = []
    st.skip = [False] * n
    st.stack = []
    st.known = [()] * (n * n)
    st.pooled = [()] * n
    st.pooled_seats = [0] * n
    st.known_bits = 0
    st.passes = 0
    st.hand_no += 1
    st.note(DEALS, st.hand_no, dealer + 1)
    if st.listeners:
        st.emit("hand_start", hand=st.hand_no, dealer=dealer)
    st.current_player = dealer  # the dealer opens: any card fits before the first zombie
    st._legal = None


def goes_out(st: ShedState, seat: int, card: int) -> bool:
    """`seat` has got rid of all its cards; True when that ends the hand (which is then scored)."""
    ends = ends_hand(st, seat)
    st.out.append(seat)
    st.note(GOES_OUT, seat + 1)
    if st.listeners:
        st.emit("out", seat=seat, hand=st.hand_no)
    if ends:
        end_hand(st, seat, card)
        return True
    return False


def ends_hand(st: ShedState, seat: int) -> bool:
    """Whether `seat`, still in the hand, ends it by going out."""
    mode = st.mode
    if mode.out_to_end == 0:  # Outsider: play on until one player is left
        return st.players - len(st.out) <= 2
    if mode.out_to_end == 1:
        return True
    # Alliances 3v3 and 4v4: two players of one team out.
    team = mode.team_of[seat]
    return sum(1 for s in st.out if mode.team_of[s] == team) + 1 >= mode.out_to_end


def blocked(st: ShedState) -> None:
    """Nobody can play or draw for a full round (a rule of this project; the rulebook is silent).

    The players still in go out in order of fewest zombie points in hand, then fewest cards,
    then seat order from the player to act, until the hand ends as the mode says.
    """
    n = st.players
    waiting = [s for s in range(n) if st.active(s)]
    waiting.sort(key=lambda s: (st.hand_points(s), len(st.hands[s]), (s - st.turn_seat) % n))
    st.note(BLOCKED)
    if st.listeners:
        st.emit("blocked", hand=st.hand_no)
    for s in waiting:
        if goes_out(st, s, -1):
            return


def end_hand(st: ShedState, finisher: int, card: int) -> None:
    """Score the hand (protection no longer works: the stack is dropped) and go on or stop."""
    mode = st.mode
    n = st.players
    pts = [0 if s in st.out else st.hand_points(s) for s in range(n)]
    bonus = st.cards.finish_bonus[card] if card >= 0 else 0
    st.stack = []
    if mode.name in ("duel", "marathon"):
        for s in range(n):
            st.scores[s] += pts[s]
    elif mode.name == "alliances":
        winners = mode.team_of[finisher]
        for s in range(n):
            if mode.team_of[s] != winners:
                st.scores[mode.team_of[s]] += pts[s]
    elif mode.name == "overlord":
        st.scores[finisher] += sum(pts)
    if bonus and mode.target:
        side = mode.team_of[finisher]
        # RULINGS ZS-2: the Screamer takes 15 off a penalty score, never below 0; so does the printed
        # reading in Zombie Overlord (option screamer=literal). RULINGS ZS-7: there, where points
        # are won, the house reading adds 15, so that the finish stays a reward.
        if mode.penalty or st.options["screamer"] == "literal":
            st.scores[side] = max(0, st.scores[side] - bonus)
        else:
            st.scores[side] += bonus
    st.last_hand = {
        "hand": st.hand_no,
        "out": list(st.out),
        "points": pts,
        "finisher": finisher,
        "finish_bonus": bonus,
    }
    if bonus:
        name = CardText(st.cards.names[card])
        st.note(ENDS_WITH, st.hand_no, finisher + 1, name)
    else:
        st.note(ENDS, st.hand_no, finisher + 1)
    if st.listeners:
        names = st.cards.names
        st.emit(
            "hand_end",
            hand=st.hand_no,
            out=list(st.out),
            points=pts,
            finish_bonus=bonus,
            dealer=st.dealer,
            opening=[[names[k] for k in h] for h in st.opening],
        )
    if _game_ends(st):
        st.over = True
        st.note(GAME_ENDS)
        return
    start_hand(st, st.out[0])  # the first player out deals the next hand


def _game_ends(st: ShedState) -> bool:
    mode = st.mode
    if not mode.target:  # Blitz, Outsider: a single hand
        return True
    if mode.penalty:
        return max(st.scores) >= mode.target
    return max(st.scores) > mode.target  # Zombie Overlord: "more than" players x 30


def outcome(st: ShedState) -> Outcome:
    mode = st.mode
    n = st.players
    if mode.name == "blitz":
        first = st.last_hand["out"][0]
        return Outcome.from_scores(
            [1 if s == first else 0 for s in range(n)], note=Message("Blitz: first out wins")
        )
    if mode.name == "outsider":
        out = st.last_hand["out"]
        scores = [1 if s in out else 0 for s in range(n)]
        return Outcome.from_scores(scores, note=Message("Outsider: the last one loses"))
    seat_scores = [st.scores[mode.team_of[s]] for s in range(n)]
    if mode.penalty:
        return Outcome.from_scores(
            seat_scores, lower_is_better=True, note=Message("{mode}: lowest wins", mode=mode.describe())
        )
    return Outcome.from_scores(seat_scores, note=mode.describe())


# -- a card out of and into a hand ----------------------------------------------------------
def lose(st: ShedState, seat: int, k: int) -> None:
    """One card of kind k leaves `seat`'s hand (its mask keeps the kinds still held)."""
    hand, cards = st.hands[seat], st.cards
    take_first(hand, k)
    if cards.copies[k] * st.mode.decks == 1 or k not in hand:  # none of its kind left in hand
        masks = st.masks
        masks[seat] = masks[seat] ^ cards.bits[k]


def gain(st: ShedState, seat: int, k: int) -> None:
    st.hands[seat].append(k)
    masks = st.masks
    masks[seat] = masks[seat] | st.cards.bits[k]


# -- what each seat knows of the others' hands (`ShedState.known`) ------------------------------
def forget(st: ShedState, holder: int, k: int) -> None:
    """`holder` played card k in sight of all: nobody still counts it in that hand, nor, when it
    was not counted there, among the hands it pooled with `holder`'s (the card played may have
    been that one: the others of its kind still counted are still there)."""
    known, n, seats = st.known, st.players, st.pooled_seats
    for viewer in range(n):
        i = viewer * n + holder
        cards = known[i]
        if cards and k in cards:
            _drop_one(known, i, k)
        elif seats[viewer] >> holder & 1:
            _unpool(st, viewer, k)


def changed_hands(st: ShedState, source: int, dest: int, k: int) -> None:
    """Card k went from `source`'s hand to `dest`'s, seen by those two only (the Thief's take, a
    gift): `dest` no longer counts it in `source`'s hand, `source` knows `dest` holds it, and the
    others saw a card leave `source`'s hand, not which, so they forget what they knew of it."""
    known, n, seats = st.known, st.players, st.pooled_seats
    j = dest * n + source
    if k in known[j]:
        _drop_one(known, j, k)
    elif seats[dest] >> source & 1:
        _unpool(st, dest, k)  # `dest` sees the card: one fewer of its kind to place among the hands
    i = source * n + dest
    known[i] = _with(known[i], k)
    st.known_bits |= st.cards.bits[k]
    if n > 2:
        for w in range(n):
            if w != source and w != dest:
                known[w * n + source] = ()
                if seats[w] >> source & 1:  # the card may be one `w` pooled: it may be in `dest`'s hand now
                    seats[w] |= 1 << dest


def sees_hand(st: ShedState, viewer: int, holder: int) -> None:
    """`viewer` looks at `holder`'s whole hand (the Thief): it knows every card there, and the
    cards it had pooled among several hands that it now sees there are no longer to place."""
    n, hand = st.players, st.hands[holder]
    i = viewer * n + holder
    before = st.known[i]
    st.known[i] = tuple(sorted(hand))
    st.known_bits |= st.masks[holder]
    seats = st.pooled_seats
    if seats[viewer] >> holder & 1:
        for k in beyond(hand, before):
            _unpool(st, viewer, k)
        seats[viewer] &= ~(1 << holder)


def deck_rebuilt(st: ShedState) -> None:
    """The deck ran out and was rebuilt from the discard pile: every card a viewer could not place
    before is in a hand now. When one hand alone holds such cards (always in a Duel), the viewer
    knows that whole hand; with several it knows those cards to be among them (`pooled`: which
    hand holds which it cannot tell), and so that none of them is in the new deck."""
    known, n, hands = st.known, st.players, st.hands
    for viewer in range(n):
        hidden = [h for h in range(n) if h != viewer and len(hands[h]) > len(known[viewer * n + h])]
        st.pooled[viewer] = ()
        st.pooled_seats[viewer] = 0
        if len(hidden) == 1:
            h = hidden[0]
            known[viewer * n + h] = tuple(sorted(hands[h]))
            st.known_bits |= st.masks[h]
        elif hidden:
            among: list[int] = []
            for h in hidden:
                among.extend(beyond(hands[h], known[viewer * n + h]))
                st.known_bits |= st.masks[h]
            st.pooled[viewer] = tuple(sorted(among))
            st.pooled_seats[viewer] = sum(1 << h for h in hidden)


def beyond(hand: list[int], known: tuple[int, ...]) -> list[int]:
    """The cards of `hand` beyond those a viewer knows to be there (`known`, all in `hand`)."""
    rest = list(hand)
    for k in known:
        take_first(rest, k)
    return rest


def _unpool(st: ShedState, viewer: int, k: int) -> None:
    """`viewer`'s pooled cards without one k, if they hold one (none left: no hands pooled)."""
    _drop_one(st.pooled, viewer, k)
    if not st.pooled[viewer]:
        st.pooled_seats[viewer] = 0


def _drop_one(known: list[tuple[int, ...]], i: int, k: int) -> None:
    """The entry at `i` without one k, if it holds one."""
    cards = known[i]
    if cards and k in cards:
        rest = list(cards)
        rest.remove(k)
        known[i] = tuple(rest)


def _with(cards: tuple[int, ...], k: int) -> tuple[int, ...]:
    """The entry `cards` with one more k, still sorted."""
    return tuple(sorted((*cards, k)))
