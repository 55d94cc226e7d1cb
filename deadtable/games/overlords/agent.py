"""The heuristic player: the marginal points of each pick, with a Minotaur-race estimate.

It reads only its SeatInfo: the legal actions, and one state drawn by `seat_info.sample` (armies
are public, hidden hands are redrawn, so the sample holds nothing the seat has not seen). Each card
is worth the points it adds to the army now, plus a share of what it sets up (a set, a straight,
the next Zombie or Hydra step) that shrinks as the game runs out of picks; a Minotaur is worth the
change in its expected place points against every army's projected count.
"""

from __future__ import annotations

import random

from deadtable.core import Action, SeatInfo

from .actions import (
    Activate,
    Exchange,
    Force,
    NoActivation,
    NoExchange,
    NoSwap,
    PassTops,
    PutOnTop,
    Recruit,
    RecruitForDummy,
    Steal,
    SwapHands,
    TakeFromPile,
)
from .hired_hands import target_index
from .scoring import counts_of, majority_share, rule_points, totals
from .state import OverlordsState

SET_UP = 0.4  # how much of a set's future bonus a partial set is credited with (tuned against random)
HIRED_HAND_BONUS = 0.0  # an unused ability on top of its 2 points: tuning found no gain above 0
TIME_SCALE = 10.0  # picks left at which a partial set is credited in full


class Valuer:
    """Card values for every army of one sampled state."""

    def __init__(self, st: OverlordsState, seat: int) -> None:
        self.st, self.seat, self.cards = st, seat, st.cards
        self.counts = [counts_of(st.cards, a) for a in st.armies]
        for s in range(st.players):  # hidden picks of this seat are its own: count them in
            for k in st.pend[s] if s == seat else []:
                self.counts[s][k] += 1
            for k in st.aside[s]:
                self.counts[s][k] += 1
        picks_left = (st.rounds - st.round - 1) * st.per_hand + len(st.hands[seat]) - 1
        self.time = max(0.0, min(1.0, picks_left / TIME_SCALE))
        seen_minotaurs = [sum(column) for column in zip(*self.counts, strict=True)]  # per kind, all armies
        share = st.per_hand * (st.rounds - st.round) / max(1, len(st.draw) + sum(map(len, st.hands)))
        self.expect = [
            (self.cards.counts[k] - seen_minotaurs[k]) * share / st.nh for k in range(self.cards.kinds)
        ]

    def value(self, army: int, k: int) -> float:
        """Points card kind `k` adds to army `army`, now and in prospect."""
        c = self.counts[army]
        rule = self.cards.scoring[k]
        name, n, t = rule["rule"], c[k], self.time
        if name == "majority":
            now = self._race(army, k, 0)
            later = self._race(army, k, round(self.expect[k] * t))
            return 0.5 * (now + later)
        gain = float(rule_points(rule, n + 1) - rule_points(rule, n))
        if name == "straight":
            group = [j for j in range(self.cards.kinds) if self.cards.types[j] == self.cards.types[k]]
            low = min(c[j] for j in group)
            if n == low:
                others_done = sum(1 for j in group if j != k and c[j] > low)
                gain += rule["bonus"] * (1.0 if others_done == len(group) - 1 else SET_UP * t * 0.5)
        elif name == "sets":
            size, left = rule["size"], rule["size"] - 1 - n % rule["size"]
            if left:
                chunk = rule["set_points"] - size * rule["single_points"]
                gain += chunk * SET_UP * t**left
        elif name == "table":
            step = rule_points(rule, n + 2) - rule_points(rule, n + 1)
            gain += max(0.0, step - gain) * 0.5 * t
        elif name == "flat":
            gain += HIRED_HAND_BONUS * t if army < self.st.players else 0.0
        return gain

    def _race(self, army: int, k: int, extra: int) -> float:
        places = self.cards.scoring[k]["places"]
        held = [c[k] + extra for c in self.counts]
        before = majority_share(places, held, army)
        held[army] += 1
        return float(majority_share(places, held, army) - before)

    def best(self, army: int, kinds: list[int]) -> float:
        return max((self.value(army, k) for k in kinds), default=0.0)


class HeuristicAgent:
    name = "heuristic"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        if len(actions) == 1:
            return actions[0]
        st = seat_info.sample(rng)
        assert isinstance(st, OverlordsState)
        me = seat_info.seat
        val = Valuer(st, me)
        scores = [self._score(st, val, me, a) for a in actions]
        best = max(scores)
        choices = [a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9]
        return choices[rng.randrange(len(choices))]

    def _score(self, st: OverlordsState, val: Valuer, me: int, action: Action) -> float:
        kind = st.cards.kind
        if isinstance(action, Recruit):
            return val.value(me, kind(action.card))
        if isinstance(action, RecruitForDummy):
            # The dummy's pick leaves the hand that goes to the opponent: take their best card away,
            # but do not feed the dummy Minotaurs that beat us.
            k, opp = kind(action.card), 1 - me
            return val.value(opp, k) - max(0.0, -self._dummy_race(val, me, k))
        if isinstance(action, Exchange):
            k = kind(action.card)
            gift = val.value(st.partner(me), k) - val.value(me, k)
            return gift - 2.0
        if isinstance(action, (NoExchange, NoActivation, NoSwap)):
            return 0.0
        if isinstance(action, Activate):
            return self._activation(st, val, me, kind(action.card))
        if isinstance(action, Steal):
            z = target_index(st, action.target)
            return val.value(me, st.armies[z][-1])
        if isinstance(action, TakeFromPile):
            return val.value(me, kind(action.card))
        if isinstance(action, PassTops):
            return self._sorcerer(st, me, action.clockwise)
        if isinstance(action, Force):
            t = target_index(st, action.target)
            return -val.value(t, kind(action.card))
        if isinstance(action, SwapHands):
            a, b = target_index(st, action.first), target_index(st, action.second)
            if me not in (a, b):
                return -1.0
            other = b if a == me else a
            return val.best(me, st.hands[other]) - val.best(me, st.hands[me]) - 2.0
        if isinstance(action, PutOnTop):
            return 0.0
        return 0.0

    def _dummy_race(self, val: Valuer, me: int, k: int) -> float:
        if val.cards.scoring[k]["rule"] != "majority":
            return 0.0
        places = val.cards.scoring[k]["places"]
        held = [c[k] for c in val.counts]
        before = majority_share(places, held, me)
        held[val.st.players] += 1
        return float(majority_share(places, held, me) - before)

    def _sorcerer(self, st: OverlordsState, me: int, clockwise: bool) -> float:
        armies = [list(a) for a in st.armies]
        n = st.players
        tops = [armies[q].pop() if armies[q] else -1 for q in range(n)]
        for q, top in enumerate(tops):
            if top >= 0:
                armies[(q + 1) % n if clockwise else (q - 1) % n].append(top)
        before = totals(st.cards, st.armies)
        after = totals(st.cards, armies)
        delta = [a - b for a, b in zip(after, before, strict=True)]
        rivals = [delta[q] for q in st.opponents(me)]
        return delta[me] - max(rivals, default=0)

    def _activation(self, st: OverlordsState, val: Valuer, me: int, k: int) -> float:
        ability = st.cards.abilities[k]
        hand = st.available(me)
        if ability == "black_knight":
            values = sorted((val.value(me, c) for c in hand), reverse=True)
            return values[1] - 4.0 if len(values) > 1 else -1.0
        if ability == "thief":
            tops = [st.armies[z][-1] for z in range(st.nh) if z != me and st.armies[z]]
            return val.best(me, tops) - 5.0
        if ability == "sorcerer":
            return max(self._sorcerer(st, me, True), self._sorcerer(st, me, False)) - 3.0
        if ability == "medusa":
            return 1.0 if len(hand) >= 3 else -1.0
        if ability == "lich_king":
            others = [val.best(me, st.hands[q]) for q in st.opponents(me)]
            return max(others, default=0.0) - val.best(me, hand) - 4.0
        if ability == "blue_knight":
            return 1.0 if len(st.draw) >= 3 and st.round == st.rounds - 1 else -1.0
        return -1.0  # Red Knight: it scores 2 aside as well as under the army
