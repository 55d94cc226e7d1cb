"""How good a Zombie Overlord position is for a seat: `Game.evaluate`, used by search and greedy bots.

A position is described, per seat, by a few plain facts (`features`): life, the Minions' and
Survivors' attack in the seat's cards, its purchasing power, the Traps in its base and in its deck,
the Survivors it leads the lure for, and whether it is its turn. The score is the linear part of a
logistic model of "this seat wins" (the fitted odds of winning are exp(score - strongest opponent's
score)); the value is tanh of that difference over SCALE, a softer curve than the fitted one (which
is tanh of half the difference) so that a search still tells a better lopsided position from a worse
one. The weights were fitted by `benchmarks/zo_evaluation.py` on positions from seeded games between
heuristic players with some random moves (so weak and strong positions both occur); run it again
after changing the card set or the rules, and paste what it prints.

Evaluation reads a full state: bots only ever evaluate a determinized sample, never the real game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import lure
from .cards import MINION, SURVIVOR, TRAP
from .state import ACTIVE, KIND

if TYPE_CHECKING:
    from .state import ZOState

FEATURES = (
    "life",  # life points / starting life
    "attack",  # total Attack of the Minions and Survivors the seat owns / 10
    "attack_density",  # that Attack per card owned
    "purchase_density",  # purchase points (Supply, Scavengers) per card owned
    "active_traps",  # active Traps in the base
    "base_defense",  # destroy Defense of the Traps in the base, active or not / 10
    "traps_in_deck",  # Traps owned but not in the base (hand, Draw Deck, Discard Pile)
    "trap_cost",  # cost of every Trap owned / 10
    "led_attack",  # Attack of the Wasteland Survivors the seat leads the lure for / 5
    "lure_points",  # active lure points of every type
    "barricade",  # a Barricade in the base (RULINGS ZO-8)
    "hand_attack",  # on its own turn: Attack in hand plus the attack bonus / 5
    "my_turn",  # 1 on the seat's own turn
)

SCALE = 6.0  # a difference of 6 (about 60 life points' worth) is a value of 0.76

# Fitted by benchmarks/zo_evaluation.py (see the module docstring).
WEIGHTS = (
    5.062, 0.259, 0.812, 0.090, 0.026, 0.778, 0.216, 0.945, 0.220, 0.026, 0.226, 0.320, 0.018,
)  # fmt: skip


def features(
    s: ZOState, p: int, points: list[list[int]] | None = None, leaders: list[int] | None = None
) -> list[float]:
    """The facts of seat `p`'s position that the evaluation weighs, in the order of FEATURES.

    `points` (every seat's `s.lure_points(q)`, by seat) and `leaders` (`lure.leaders(s)`), when
    the caller holds them: `evaluate_all` counts them once for every seat."""
    cs = s.cs
    cards = cs.cards
    attack = purchase = traps_off = 0
    trap_cost = 0
    owned = s.hand[p] + s.deck[p] + s.discard[p]
    for k in owned:
        c = cards[k]
        cat = c.category
        if cat in (MINION, SURVIVOR):
            attack += c.attack
        elif cat == TRAP:
            traps_off += 1
            trap_cost += c.cost
        purchase += c.points
    active = defense = barricade = 0
    for sl in s.base[p]:
        c = cards[sl[KIND]]
        if sl[ACTIVE]:
            active += 1
        defense += c.defense
        trap_cost += c.cost
        if c.barricade:
            barricade = 1
    n = max(1, len(owned))
    led = 0
    if points is None:
        points = [s.lure_points(q) for q in range(s.players)]
    if leaders is None:
        leaders = lure.leaders(s, points)
    for k, q in zip(s.wasteland, leaders, strict=True):
        if q == p:
            led += cards[k].attack
    turn = s.turn_player == p
    hand_attack = 0.0
    if turn:
        hand_attack = float(  # a float: compiled, a float variable takes no int (mypyc)
            s.bonus + sum(cards[k].attack for k in s.hand[p] if cards[k].category in (MINION, SURVIVOR))
        )
    return [
        s.life[p] / cs.life,
        attack / 10,
        attack / n,
        purchase / n,
        float(active),
        defense / 10,
        float(traps_off),
        trap_cost / 10,
        led / 5,
        float(sum(points[p])),
        float(barricade),
        hand_attack / 5,
        1.0 if turn else 0.0,
    ]


def score(
    s: ZOState,
    p: int,
    weights: tuple[float, ...] = WEIGHTS,
    points: list[list[int]] | None = None,
    leaders: list[int] | None = None,
) -> float:
    """The linear score of seat `p`'s facts (higher is better); `points`, `leaders` as `features`."""
    return sum(w * f for w, f in zip(weights, features(s, p, points, leaders), strict=True))


def evaluate(s: ZOState, p: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """About how likely `p` is to win, as -1..1: its score against the strongest opponent's."""
    return evaluate_all(s, weights)[p]


def evaluate_all(s: ZOState, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """`evaluate` of every seat (an eliminated one is -1), each seat's score computed once."""
    if s.over:
        winners = s.outcome().winners
        return [1.0 if p in winners else -1.0 for p in range(s.players)]
    points = [s.lure_points(q) for q in range(s.players)]
    leaders = lure.leaders(s, points)
    scores = [score(s, q, weights, points, leaders) if s.alive[q] else 0.0 for q in range(s.players)]
    out = []
    for p in range(s.players):
        if not s.alive[p]:
            out.append(-1.0)
            continue
        best = max(scores[q] for q in s.opponents(p))
        out.append(math.tanh((scores[p] - best) / SCALE))
    return out
