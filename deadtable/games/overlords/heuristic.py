"""The heuristic player: the marginal points of each pick, with a Minotaur-race estimate.

It reads only its SeatInfo: the legal actions and its seat's facts (`SeatInfo.facts()`,
facts.py: the armies, which are public, its own hand and picks, what it knows of the hidden zones
and how many cards of each kind it cannot place); it draws no sample. Each card is worth the points
it adds to the army now, plus a share of what it sets up (a set, a straight, the next Zombie or
Hydra step) that shrinks as the game runs out of picks; a Minotaur is worth the change in its
expected place points against every army's projected count. Where a hand it cannot see matters (a
Lich King's swap), the hand's best card is an expectation over the cards it cannot place.
"""

from __future__ import annotations

import random
from typing import Any

from deadtable.core import Action
from deadtable.core.agent import Heuristic
from deadtable.core.memo import derived

from .actions import (
    DUMMY_NAME,
    Activate,
    Exchange,
    Force,
    NoActivation,
    NoExchange,
    NoSwap,
    PassTops,
    Recruit,
    RecruitForDummy,
    Steal,
    SwapHands,
    TakeFromPile,
)
from .cards import CardSet
from .facts import OverlordsFacts
from .scoring import counts_of, majority_gain, majority_share, rule_points, tally

SET_UP = 0.4  # how much of a set's future bonus a partial set is credited with (tuned against random)
HIRED_HAND_BONUS = 0.0  # an unused ability on top of its 2 points: tuning found no gain above 0
TIME_SCALE = 10.0  # picks left at which a partial set is credited in full


def army_index(f: OverlordsFacts, name: str) -> int:
    """The army (or hand) an action's target names: "p2" is seat 1, "dummy" the dummy's."""
    return f.players if name == DUMMY_NAME else int(name[1:]) - 1


def opponents(f: OverlordsFacts, seat: int) -> list[int]:
    """Other players clockwise from `seat`, the teammate left out (as `OverlordsState.opponents`)."""
    n = f.players
    others = [(seat + i) % n for i in range(1, n)]
    if f.teams:
        return [o for o in others if o != (seat + 2) % 4]  # teammates sit opposite (XIII)
    return others


def available(f: OverlordsFacts) -> list[int]:
    """The seat's hand less the picks it has committed this turn (as `rules.available`)."""
    if not f.pending:
        return f.hand
    out = list(f.hand)
    for k in f.pending:
        out.remove(k)
    return out


def none_among(pool: float, marked: float, drawn: int) -> float:
    """The chance that `drawn` cards dealt from `pool` hold none of `marked` of them.

    >>> none_among(10, 2, 1), round(none_among(10, 2, 2), 4), none_among(3, 2, 2)
    (0.8, 0.6222, 0.0)
    """
    p = 1.0
    for i in range(drawn):
        left = pool - i
        if left <= 0 or p == 0.0:  # none left to deal, or no chance left: nothing more changes p
            break
        rest = left - marked
        p *= (rest if rest > 0.0 else 0.0) / left  # max(0.0, rest), without the call
    return p


class Tables:
    """What `Valuer.value` reads of a card set, worked out once per card set (card sets never change):
    each kind's rule by name, what its next cards add by count (`rule_points`), its straight group,
    its rule's numbers. The same numbers as the rules' dicts, so the same values in the same order
    of operations."""

    def __init__(self, cards: CardSet) -> None:
        kinds = cards.kinds
        self.kinds = kinds
        self.rules: list[str] = [str(cards.scoring[k]["rule"]) for k in range(kinds)]
        # What the n + 1st card of a kind adds, and the n + 2nd, for n = 0 .. its copies (value's
        # `gain` and a table's `step`; beyond its copies, value asks `rule_points`)
        self.gains: list[list[float]] = []
        self.steps: list[list[int]] = []
        for k in range(kinds):
            pts = [rule_points(cards.scoring[k], n) for n in range(cards.counts[k] + 3)]
            self.gains.append([float(pts[n + 1] - pts[n]) for n in range(len(pts) - 2)])
            self.steps.append([pts[n + 2] - pts[n + 1] for n in range(len(pts) - 2)])
        self.groups: list[list[int]] = [
            [j for j in range(kinds) if cards.types[j] == cards.types[k]] for k in range(kinds)
        ]
        self.places: list[list[int]] = [
            list(cards.scoring[k]["places"]) if self.rules[k] == "majority" else [] for k in range(kinds)
        ]
        self.bonus: list[int] = [
            int(cards.scoring[k]["bonus"]) if self.rules[k] == "straight" else 0 for k in range(kinds)
        ]
        self.size: list[int] = [
            int(cards.scoring[k]["size"]) if self.rules[k] == "sets" else 1 for k in range(kinds)
        ]
        self.chunk: list[int] = [
            int(cards.scoring[k]["set_points"]) - self.size[k] * int(cards.scoring[k]["single_points"])
            if self.rules[k] == "sets"
            else 0
            for k in range(kinds)
        ]


_TABLES: dict[int, tuple[Any, Any]] = {}


def tables(cards: CardSet) -> Tables:
    """The `Tables` of `cards`, built on first use (kept for the newest few card sets)."""
    return derived(_TABLES, cards, Tables)


class Valuer:
    """Card values for every army, from one seat's facts.

    An army's counts of every kind (for the seat, its picks not yet revealed counted in) are worked
    out when first read: a pick reads the seat's own army, and the Minotaurs of every army, not
    every army's every kind. The Hired Hands aside are left out: every Hired Hand scores by the
    flat rule (cards.py), so what one more adds does not hang on how many an army holds, and no
    majority or straight counts them."""

    def __init__(self, f: OverlordsFacts) -> None:
        self.f, self.seat, self.cards = f, f.seat, f.cards
        self.tables = tables(f.cards)
        self._rows: list[list[int] | None] = [None] * len(f.armies)
        self._held: dict[int, list[int]] = {}  # by kind: every army's count (`held`)
        self._worth: dict[int, float] = {}  # by army and kind: `worth`
        picks_left = (f.rounds - f.round - 1) * f.per_hand + len(f.hand) - 1
        # picks_left / TIME_SCALE held to 0 .. 1 (min and max calls cost more than the tests)
        self.time = 1.0 if picks_left >= TIME_SCALE else picks_left / TIME_SCALE if picks_left > 0 else 0.0
        self._army_counts: list[list[int]] | None = None
        self._passing: tuple[list[int], list[int], list[int]] | None = None

    def counts(self, army: int) -> list[int]:
        """`army`'s count of every kind, (the seat's) hidden picks counted in; read, never changed."""
        out = self._rows[army]
        if out is None:
            f = self.f
            out = counts_of(self.cards, f.armies[army])
            if army == f.seat:  # hidden picks of this seat are its own: count them in
                for k in f.pending:
                    out[k] += 1
            self._rows[army] = out
        return out

    def held(self, k: int) -> list[int]:
        """Every army's count of kind `k`, as `counts` has it; read, never changed."""
        out = self._held.get(k)
        if out is None:
            f = self.f
            out = [a.count(k) for a in f.armies]
            out[f.seat] += f.pending.count(k)
            self._held[k] = out
        return out

    def army_counts(self) -> list[list[int]]:
        """Each army's count of every kind, as it lies (the picks not yet revealed left out); read,
        never changed."""
        out = self._army_counts
        if out is None:
            out = self._army_counts = [counts_of(self.cards, a) for a in self.f.armies]
        return out

    def passing(self) -> tuple[list[int], list[int], list[int]]:
        """What a Sorcerer's pass moves, the same either way: every seat's top card (-1 for none),
        their kinds (sorted), and each army's points from those kinds as it lies (only the kinds
        moved change their points: the rest of the sheet is left out of before and after)."""
        out = self._passing
        if out is None:
            f = self.f
            tops = [a[-1] if a else -1 for a in f.armies[: f.players]]
            moved = sorted({top for top in tops if top >= 0})
            out = self._passing = (tops, moved, tally(self.cards).part_of(self.army_counts(), moved))
        return out

    def expect(self, k: int) -> float:
        """How many more cards of kind `k` one army may expect to recruit (its part of those no
        army holds yet)."""
        f, held = self.f, self.held(k)
        # The share of the cards still to come that will be recruited: by every army, each its part.
        share = f.per_hand * (f.rounds - f.round) / max(1, f.draw_size + sum(f.hand_sizes))
        return (self.cards.counts[k] - sum(held)) * share / len(held)

    def value(self, army: int, k: int) -> float:
        """Points card kind `k` adds to army `army`, now and in prospect."""
        tb = self.tables
        name, t = tb.rules[k], self.time
        if name == "majority":
            places, held = tb.places[k], self.held(k)
            now = majority_gain(places, held, army)
            extra = round(self.expect(k) * t)
            # Every army `extra` more: the same places, so the same gain, if `army` holds any already.
            later = now if held[army] > 0 and extra >= 0 else majority_gain(places, held, army, extra)
            return 0.5 * (float(now) + float(later))
        c = self._rows[army]
        if c is None:
            c = self.counts(army)
        n = c[k]
        gains = tb.gains[k]
        if n < len(gains):
            gain = gains[n]
        else:
            rule = self.cards.scoring[k]
            gain = float(rule_points(rule, n + 1) - rule_points(rule, n))
        if name == "straight":
            group = tb.groups[k]
            lowest, others_done = True, 0  # no kind of the group has fewer; how many have more
            for j in group:
                x = c[j]
                if x < n:
                    lowest = False
                    break
                if x > n:
                    others_done += 1
            if lowest:
                gain += tb.bonus[k] * (1.0 if others_done == len(group) - 1 else SET_UP * t * 0.5)
        elif name == "sets":
            size = tb.size[k]
            left = size - 1 - n % size
            if left:
                gain += tb.chunk[k] * SET_UP * t**left
        elif name == "table":
            steps = tb.steps[k]
            if n < len(steps):
                step = steps[n]
            else:
                rule = self.cards.scoring[k]
                step = rule_points(rule, n + 2) - rule_points(rule, n + 1)
            gain += max(0.0, step - gain) * 0.5 * t
        elif name == "flat":
            gain += HIRED_HAND_BONUS * t if army < self.f.players else 0.0
        return gain

    def best(self, army: int, kinds: list[int]) -> float:
        return max([self.worth(army, k) for k in kinds], default=0.0)

    def worth(self, army: int, k: int) -> float:
        """`value`, kept for the decision: a hand holds several cards of a kind, and a Lich King
        or a swap values the seat's hand and the hand it may get, often of the same kinds."""
        key = army * self.tables.kinds + k
        out = self._worth.get(key)
        if out is None:
            out = self._worth[key] = self.value(army, k)
        return out

    def hand_best(self, army: int, hand: int) -> float:
        """The expected `best` for `army` of hand zone `hand`: the cards the seat knows are there,
        the rest dealt at random from the cards it cannot place (outside the box)."""
        f = self.f
        known = f.known[hand] if hand != f.seat else f.hand
        drawn = f.hand_sizes[hand] - len(known)
        if drawn <= 0:
            return self.best(army, known)
        sure = self.best(army, known) if known else float("-inf")
        hired = self.cards.hired
        in_box = f.box_unseen
        unseen_hired = sum(x for k, x in enumerate(f.unseen) if hired[k])
        # Each unplaced Hired Hand is in the box with the same chance: weigh it by the rest.
        out_of_box = (unseen_hired - in_box) / unseen_hired if unseen_hired else 0.0
        weighed = [
            (self.worth(army, k), x * out_of_box if hired[k] else float(x))
            for k, x in enumerate(f.unseen)
            if x > 0
        ]
        weighed.sort(reverse=True)
        pool = sum(w for _, w in weighed)
        expected, marked, p_none = 0.0, 0.0, 1.0
        for value, w in weighed:  # the chance that the best dealt card is worth exactly `value`
            marked += w
            p_after = none_among(pool, marked, drawn)
            expected += (p_none - p_after) * max(sure, value)
            p_none = p_after
            if p_none == 0.0:  # every later term adds (0 - 0) * value: nothing
                break
        if p_none > 0.0 and known:
            expected += p_none * sure
        return expected


class HeuristicAgent(Heuristic):
    def decide(self, f: OverlordsFacts, actions: tuple[Action, ...], rng: random.Random) -> Action:
        me = f.seat
        val = Valuer(f)
        kind_of = f.cards.kind_of
        # Picks, the most common decisions by far (each decision's actions all Recruit or all
        # RecruitForDummy), are valued here without `_score`'s tests
        if type(actions[0]) is RecruitForDummy:
            for_dummy = self._for_dummy
            scores = [
                for_dummy(val, me, kind_of[a.card])
                if type(a) is RecruitForDummy
                else self._score(f, val, me, a)
                for a in actions
            ]
        else:
            value = val.value
            scores = [
                value(me, kind_of[a.card]) if type(a) is Recruit else self._score(f, val, me, a)
                for a in actions
            ]
        ranked = sorted(scores)
        floor = ranked[-1] - 1e-9
        if ranked[-2] < floor:  # one best action, the common case: found without a pass in Python
            rng.randrange(1)  # what a tie of one draws: the generator moves on the same
            return actions[scores.index(ranked[-1])]
        choices = [a for a, s in zip(actions, scores, strict=True) if s >= floor]
        return choices[rng.randrange(len(choices))]

    def _score(self, f: OverlordsFacts, val: Valuer, me: int, action: Action) -> float:
        # The Hired Hands' decisions first, the most common after picks (those are valued in `act`)
        kind = f.cards.kind_of
        if isinstance(action, Activate):
            return self._activation(f, val, me, kind[action.card])
        if isinstance(action, (NoActivation, NoExchange, NoSwap)):
            return 0.0
        if isinstance(action, PassTops):
            return self._sorcerer(f, val, me, action.clockwise)
        if isinstance(action, Steal):
            z = army_index(f, action.target)
            return val.value(me, f.armies[z][-1])
        if isinstance(action, TakeFromPile):
            return val.value(me, kind[action.card])
        if isinstance(action, Force):
            t = army_index(f, action.target)
            return -val.value(t, kind[action.card])
        if isinstance(action, SwapHands):
            a, b = army_index(f, action.first), army_index(f, action.second)
            if me not in (a, b):
                return -1.0
            other = b if a == me else a
            return val.hand_best(me, other) - val.best(me, f.hand) - 2.0
        if isinstance(action, Exchange):
            k = kind[action.card]
            gift = val.value((me + 2) % 4, k) - val.value(me, k)  # the teammate sits opposite (XIII)
            return gift - 2.0
        if isinstance(action, Recruit):
            return val.value(me, kind[action.card])
        if isinstance(action, RecruitForDummy):
            return self._for_dummy(val, me, kind[action.card])
        return 0.0  # PutOnTop

    def _for_dummy(self, val: Valuer, me: int, k: int) -> float:
        # The dummy's pick leaves the hand that goes to the opponent: take their best card away,
        # but do not feed the dummy Minotaurs that beat us.
        gain = val.value(1 - me, k)
        if val.tables.rules[k] != "majority":
            return gain  # no race: gain less max(0.0, -0.0), which is gain itself
        return gain - max(0.0, -self._dummy_race(val, me, k))

    def _dummy_race(self, val: Valuer, me: int, k: int) -> float:
        tb = val.tables
        places = tb.places[k]
        held = list(val.held(k))
        before = majority_share(places, held, me)
        held[val.f.players] += 1
        return float(majority_share(places, held, me) - before)

    def _sorcerer(self, f: OverlordsFacts, val: Valuer, me: int, clockwise: bool) -> float:
        # Every seat's top card passes to the next army (the dummy's stays): the points before and
        # after, from the armies' counts of every kind.
        tops, moved, before = val.passing()
        counts = [list(c) for c in val.army_counts()]
        n = f.players
        for q, top in enumerate(tops):
            if top >= 0:
                counts[q][top] -= 1
                counts[(q + 1) % n if clockwise else (q - 1) % n][top] += 1
        after = tally(f.cards).part_of(counts, moved)
        delta = [a - b for a, b in zip(after, before, strict=True)]
        rivals = [delta[q] for q in opponents(f, me)]
        return delta[me] - max(rivals, default=0)

    def _activation(self, f: OverlordsFacts, val: Valuer, me: int, k: int) -> float:
        ability = f.cards.abilities[k]
        hand = available(f)
        if ability == "black_knight":
            values = sorted([val.worth(me, c) for c in hand], reverse=True)
            return values[1] - 4.0 if len(values) > 1 else -1.0
        if ability == "thief":
            tops = [a[-1] for z, a in enumerate(f.armies) if z != me and a]
            return val.best(me, tops) - 5.0
        if ability == "sorcerer":
            return max(self._sorcerer(f, val, me, True), self._sorcerer(f, val, me, False)) - 3.0
        if ability == "medusa":
            return 1.0 if len(hand) >= 3 else -1.0
        if ability == "lich_king":
            others = [val.hand_best(me, q) for q in opponents(f, me)]
            return max(others, default=0.0) - val.best(me, hand) - 4.0
        if ability == "blue_knight":
            return 1.0 if f.draw_size >= 3 and f.round == f.rounds - 1 else -1.0
        return -1.0  # Red Knight: it scores 2 aside as well as under the army
