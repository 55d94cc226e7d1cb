"""Statistics from the events a game emits (`State.emit`); the rules carry no bookkeeping for reports.

The collector is a listener: `state.listeners.append(EventStats(players))`. It counts every event
kind (`ev_<kind>`, e.g. `ev_round_end` gives the rounds a game lasted) and, for events that name a
seat and a card, per-seat card columns:

- `card|<kind>|<card>|s<seat>`: how often that seat did `<kind>` with `<card>` (buys, recruits...);
- `card|<kind>|<card>|s<seat>|<field>`: the sum of each numeric field of those events (points...).

The seat is read from a `seat` or `player` field, the card from the first of `card`, `monster`,
`name`, `type` that is present. So any game that emits, say, `emit("buy", seat=1, card="Trap")` or
`emit("score", seat=0, monster="Ghoul", points=3)` gets card statistics in the report for free.

Games played in hands get per-hand columns (so a long game does not count for more) when they emit
`hand_end` with `dealer`, `opening` (each seat's card names as dealt), `out` (the seats in the
order they went out) and `points` (what each seat kept): `hand|dealer_won` counts the hands the
dealer went out of first, and for each card `hand|<card>|held` the seat-hands that opened with
it, `hand|<card>|won` those that went out first, `hand|<card>|points` the points those kept.
"""

from __future__ import annotations

from typing import Any

from deadtable.core.state import ACTION_EVENT
from deadtable.core.words import is_number

SEAT_KEYS = ("seat", "player")
CARD_KEYS = ("card", "monster", "name", "type")
SKIP_KINDS = frozenset({ACTION_EVENT, "game_end"})
CARD_PREFIX = "card|"
EVENT_PREFIX = "ev_"
HAND_PREFIX = "hand|"
DEALER_WON = "hand|dealer_won"


class EventStats:
    """A listener that tallies a game's events into flat columns.

    Compiled in the native build (deadtable/which_build.py). It hears every event a game emits, so
    it keeps its tallies under tuple keys, (kind, card, seat) and (kind, card, seat, field), and
    writes the columns' names only once, in `columns`. simulate's loop counts the moves itself and
    tells no `action` event (`State.apply_quietly`); a state played with `apply_trusted` tells one a
    move, and it is counted here (`actions`, `seat_actions`)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.actions = 0
        self.seat_actions = [0] * players
        self.kinds: dict[str, int] = {}
        self.cards: dict[tuple[str, Any, int], float] = {}
        self.fields: dict[tuple[str, Any, int, str], float] = {}
        self.hands: dict[str, float] = {}  # DEALER_WON
        self.openings: dict[str, list[float]] = {}  # card -> [held, won, points]: `hand|<card>|...`

    def __call__(self, kind: str, data: dict[str, Any]) -> None:
        if kind == ACTION_EVENT:  # a move, counted; its action (an object, State.apply_trusted) unread
            self.actions += 1
            seat = data.get("seat")
            if isinstance(seat, int) and 0 <= seat < self.players:
                self.seat_actions[seat] += 1
            return
        if kind in SKIP_KINDS:
            return
        kinds = self.kinds
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "hand_end" and "opening" in data:
            self._hand(data)
        # The first seat key and the first card key the event holds (loops written out here: this
        # runs for every event of every game).
        for seat_key in SEAT_KEYS:
            if seat_key in data:
                break
        else:
            return
        for card_key in CARD_KEYS:
            if card_key in data:
                break
        else:
            return
        seat = data[seat_key]
        if not isinstance(seat, int) or isinstance(seat, bool):
            return
        card = data[card_key]
        base = (kind, card, seat)
        cards = self.cards
        cards[base] = cards.get(base, 0.0) + 1.0
        if len(data) == 2:  # a seat and a card, nothing to sum
            return
        sums = self.fields
        for key, value in data.items():
            if key in (seat_key, card_key) or isinstance(value, bool):
                continue
            if isinstance(value, (int, float)):
                col = (kind, card, seat, key)
                sums[col] = sums.get(col, 0.0) + float(value)

    def _hand(self, data: dict[str, Any]) -> None:
        """Per-hand tallies: whether the dealer went out first; each opening card's holders."""
        out = list(data.get("out", ()))
        points = list(data.get("points", ()))
        first = out[0] if out else -1
        hands = self.hands
        hands[DEALER_WON] = hands.get(DEALER_WON, 0.0) + (first == data.get("dealer", -1))
        openings = self.openings
        for seat, cards in enumerate(data["opening"]):
            kept = float(points[seat]) if seat < len(points) else 0.0
            won = 1.0 if seat == first else 0.0
            for card in set(cards):  # two copies in one hand count once
                tally = openings.get(card)
                if tally is None:
                    tally = openings[card] = [0.0, 0.0, 0.0]
                tally[0] += 1.0
                tally[1] += won
                tally[2] += kept

    def columns(self) -> dict[str, float]:
        """The event counts, card and hand columns of the game, sorted by name."""
        out: dict[str, float] = {f"{EVENT_PREFIX}{k}": float(n) for k, n in sorted(self.kinds.items())}
        cards: dict[str, float] = {}
        for (kind, card, seat), n in self.cards.items():
            name = card_column(kind, card, seat)
            cards[name] = cards.get(name, 0.0) + n
        for (kind, card, seat, key), total in self.fields.items():
            name = f"{card_column(kind, card, seat)}|{key}"
            cards[name] = cards.get(name, 0.0) + total
        out.update(sorted(cards.items()))
        hands = dict(self.hands)
        for card, (held, won, kept) in self.openings.items():
            base = f"{HAND_PREFIX}{card}|"
            hands[base + "held"] = held
            hands[base + "won"] = won
            hands[base + "points"] = kept
        out.update(sorted(hands.items()))
        return out


def card_column(kind: str, card: Any, seat: int) -> str:
    """The name of the column counting `kind` events of `seat` with `card` (its sums add `|field`).

    >>> card_column("buy", "Trap", 1)
    'card|buy|Trap|s1'
    """
    return f"{CARD_PREFIX}{kind}|{card}|s{seat}"


def parse_card_column(name: str) -> tuple[str, str, int, str] | None:
    """(kind, card, seat, field) of a card column; field is "" for the count. None if not one.

    >>> parse_card_column("card|buy|Trap|s1")
    ('buy', 'Trap', 1, '')
    >>> parse_card_column("card|score|Ghoul|s0|points")
    ('score', 'Ghoul', 0, 'points')
    """
    if not name.startswith(CARD_PREFIX):
        return None
    parts = name[len(CARD_PREFIX) :].split("|")
    # A card's name could hold the separator; the kind is first and the seat is found from the end.
    for i in range(len(parts) - 1, 0, -1):
        p = parts[i]
        if p.startswith("s") and is_number(p[1:]):
            fld = "|".join(parts[i + 1 :])
            return parts[0], "|".join(parts[1:i]), int(p[1:]), fld
    return None
