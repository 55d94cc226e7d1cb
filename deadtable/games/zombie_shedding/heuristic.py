"""A heuristic player for the zombie shedding game, and the game's evaluation for greedy/search.

The agent reads only its SeatInfo: its facts (`SeatInfo.facts()`, facts.py: its hand, the hand
sizes, the decision on top, the kinds of the cards it has not seen, ...) and its legal actions. It
- keeps matching options open: prefers the card after which most of its hand still fits;
- dumps high points when an opponent is about to go out (two cards or fewer);
- keeps its events (they fit anywhere), its protection, the cards that land on more than their
  number and corporation (`lands_on`) and its combo cards for later, and saves the Screamer
  to finish with it; but never keeps only cards that cannot be the last one (`not_last`);
- reads what each card does to the next player (draws, missed turns, a reverse with two players
  in the hand) and what it leaves to match (`follows` opens options to everyone);
- answers an effect with protection when it matters (any draw: every built-in draw effect is
  1 card, and an answer sheds a card as well; a victim close to going out; a gift or a swap of a
  small hand), preferring Boomerang against an opponent where it answers.

Equal choices are broken at random from the agent's generator (so games replay the same), never
by the order of the legal actions or the seats.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from deadtable.core import Action
from deadtable.core.agent import Heuristic
from deadtable.core.memo import derived

from . import actions as A
from .cards import CORPORATIONS, CardSet
from .facts import UNSHOWN, Pending, ShedFacts

if TYPE_CHECKING:
    from .state import ShedState

# Weights of a play on your turn (tuned by self-play against earlier settings).
W = {
    "points": 0.35,  # per zombie point shed, while no opponent is close to going out
    "points_danger": 1.0,  # the same once an opponent holds two cards or fewer
    "own_fit": 2.0,  # per card of the rest of the hand that still fits afterwards
    "unseen_fit": 6.0,  # times the share of unseen cards that fit afterwards
    "attack": 3.0,  # an effect that hits the next player, an opponent
    "attack_danger": 4.0,  # more when that opponent is close to going out
    "event": 3.0,  # keep events (they fit anywhere) for later
    "protection": 9.0,  # keep protection longer still
    "screamer": 12.0,  # keep the Screamer to finish with it
    "combo": 6.0,  # playing a combo card too
    "flexible": 1.5,  # keep a card that lands on more than its number and corporation
    "reverse_two": 1.0,  # a reverse with two players in the hand hits the other one (a missed turn)
    "combo_keep": 2.0,  # keep a combo card (Lady Mimic, Don Lysar) to play it after its trigger
    "stranded": 12.0,  # keeping only cards that cannot be the last one (`not_last`): no way out
    "protect_below": 2,  # protect any effect on a victim with this many cards or fewer
    "protect_draws": 1,  # protect a draw of this many cards or more (every draw: built-in draws are 1)
    "protect_skips": 0.0,  # 1: a lost turn always matters
    "protect_always": 0.0,  # 1: answer every effect with protection (0: only when it matters)
}
ATTACKS = ("next_draws", "next_skips", "swap", "give")


def _opponents(f: ShedFacts, seat: int) -> list[int]:
    teams, out = f.teams, f.out
    return [
        s
        for s in range(f.players)
        if s != seat and s not in out and (teams is None or teams[s] != teams[seat])
    ]


def _next_seat(f: ShedFacts, seat: int) -> int:
    step = f.direction
    n = f.players
    s = seat
    for _ in range(n):
        s = (s + step) % n
        if s not in f.out:
            return s
    return seat


# W's weights as constants, read on every play scored (the same numbers; W is read here once, at
# import: tune W above, not at run time).
_W_POINTS, _W_POINTS_DANGER = W["points"], W["points_danger"]
_W_OWN_FIT, _W_UNSEEN_FIT = W["own_fit"], W["unseen_fit"]
_W_ATTACK, _W_ATTACK_DANGER = W["attack"], W["attack_danger"]
_W_EVENT, _W_PROTECTION, _W_SCREAMER = W["event"], W["protection"], W["screamer"]
_W_FLEXIBLE, _W_COMBO_KEEP, _W_STRANDED = W["flexible"], W["combo_keep"], W["stranded"]
_W_REVERSE_TWO = W["reverse_two"]


class _Kinds:
    """What `play_score` reads of each kind's effects, worked out once per card set."""

    def __init__(self, cs: CardSet) -> None:
        names = cs.effect_names
        n = len(names)
        self.not_last = [("not_last" in names[k]) for k in range(n)]
        self.lands_on = [("lands_on" in names[k]) for k in range(n)]
        self.combo = [("combo" in names[k]) for k in range(n)]
        self.attacks = [any(e in ATTACKS for e in names[k]) for k in range(n)]
        self.reverse = [("reverse" in names[k]) for k in range(n)]
        self.finish = [("finish" in names[k]) for k in range(n)]
        # on an event: what keeping it is worth (protection longest)
        self.keep = [(_W_PROTECTION if k in cs.protection else _W_EVENT) for k in range(n)]
        # Counting the unseen cards that fit on a card to match, in C: the unseen kinds as bytes,
        # translated through a table that maps each kind to 1 when it fits (`fit_table`), and the
        # 1s counted. Only while every kind is a byte (else `fits_after` counts in Python).
        self.as_bytes = n <= 256
        self.playable = cs.playable
        self.tables: dict[tuple[int, int], bytes] = {}  # (mk, mc) -> the table of cs.playable[mk][mc]

    def fit_table(self, mk: int, mc: int) -> bytes:
        """256 bytes: at each kind, 1 when it may be played on `mk` of corporation `mc`, else 0."""
        key = (mk, mc)
        table = self.tables.get(key)
        if table is None:
            row = self.playable[mk][mc]
            table = self.tables[key] = bytes([1 if row[k] else 0 for k in range(len(row))]) + bytes(
                256 - len(row)
            )
        return table


_KINDS: dict[int, tuple[Any, Any]] = {}


def _kinds(cs: CardSet) -> _Kinds:
    return derived(_KINDS, cs, _Kinds)


class _Turn:
    """What every play of one decision is scored against (`SeatInfo.facts()`: the unseen cards'
    kinds are known, only where they lie is hidden, so no sample is drawn)."""

    def __init__(self, f: ShedFacts) -> None:
        self.cards = cs = f.cards
        self.kinds = _kinds(cs)
        seat = f.seat
        opponents = _opponents(f, seat)
        # Cards in the smallest opponent hand: 1 or 2 means someone is about to go out.
        self.danger = min((f.hand_sizes[s] for s in opponents), default=99)
        self.hits_opponent = _next_seat(f, seat) in opponents
        self.two_in_hand = f.players - len(f.out) == 2  # a reverse then hits the other player
        self.match = (f.match_kind, f.match_corp)
        self.unseen = f.kinds
        self.unseen_fit: dict[tuple[int, int], float] = {}  # (kind, corporation) to match -> share
        self.unseen_bytes: bytes | None = None  # the unseen kinds as bytes, made when first counted

    def fits_after(self, k: int, rest: list[int]) -> tuple[int, float]:
        """How many of `rest` fit on what playing `k` leaves to match, and what share of the unseen
        cards does."""
        cs = self.cards
        mk, mc = (k, cs.corp[k]) if not cs.is_event[k] else self.match
        if mk < 0:
            return len(rest), 1.0
        row = cs.playable[mk][mc]
        own = 0
        for c in rest:
            if row[c]:
                own += 1
        unseen = self.unseen_fit.get((mk, mc))
        if unseen is None:  # the same for every card that leaves this to match: counted once
            kinds = self.kinds
            if kinds.as_bytes:
                unseen_bytes = self.unseen_bytes
                if unseen_bytes is None:
                    unseen_bytes = self.unseen_bytes = bytes(self.unseen)
                fit = unseen_bytes.translate(kinds.fit_table(mk, mc)).count(1)
            else:
                fit = sum(map(row.__getitem__, self.unseen))  # bools: the count of unseen cards that fit
            unseen = self.unseen_fit[mk, mc] = fit / max(1, len(self.unseen))
        return own, unseen

    def play_score(self, k: int, hand: list[int]) -> float:
        cs, kinds = self.cards, self.kinds
        rest = list(hand)
        rest.remove(k)
        danger = self.danger
        score = cs.points[k] * (_W_POINTS_DANGER if danger <= 2 else _W_POINTS)
        if not rest:
            return 1000.0  # going out
        not_last = kinds.not_last
        for c in rest:
            if not not_last[c]:
                break
        else:
            score -= _W_STRANDED
        if cs.is_event[k]:
            # Events fit anywhere: keep them for when nothing else does, protection longest.
            score -= kinds.keep[k]
        if kinds.lands_on[k]:
            score -= _W_FLEXIBLE
        if kinds.combo[k]:
            score -= _W_COMBO_KEEP
        # Keep options open: how much of the rest still fits on what this card leaves to match, and
        # how little of what this seat has not seen (the others' hands and the deck) does.
        own, unseen = self.fits_after(k, rest)
        score += _W_OWN_FIT * own - _W_UNSEEN_FIT * unseen
        if kinds.attacks[k] or (kinds.reverse[k] and self.two_in_hand and _W_REVERSE_TWO):
            boost = _W_ATTACK + (_W_ATTACK_DANGER if danger <= 2 else 0.0)
            score += boost if self.hits_opponent else -boost
        if kinds.finish[k] and danger > 1:
            score -= _W_SCREAMER
        return score

    def combo_score(self, action: A.Play, hand: list[int]) -> float:
        by_slug = self.cards.by_slug
        score = self.play_score(by_slug[action.card], hand)
        if action.combo:  # a second card shed in the same turn, and a big one
            score += W["combo"] + self.cards.points[by_slug[action.combo]] * W["points"]
        return score


def _respond(f: ShedFacts, p: Pending, actions: tuple[Action, ...]) -> Action:
    plays = [a for a in actions if isinstance(a, A.Play)]
    if not plays:
        return A.DECLINE
    victim, actor = p.victim, p.actor
    small = f.hand_sizes[victim] <= W["protect_below"]
    matters = (
        (p.effect == "next_draws" and p.draws >= W["protect_draws"])
        or small
        or p.effect == "give"
        or (p.effect == "next_skips" and W["protect_skips"])
        or (p.effect == "swap" and f.hand_sizes[victim] <= 3)
    )
    if not matters and not W["protect_always"]:
        return A.DECLINE
    teams = f.teams
    actor_is_opponent = teams is None or teams[actor] != teams[f.seat]
    by_name = {a.card: a for a in plays}
    if actor_is_opponent and "boomerang" in by_name:
        return by_name["boomerang"]
    return by_name.get("hide", plays[0])


class HeuristicAgent(Heuristic):
    def decide(self, f: ShedFacts, actions: tuple[Action, ...], rng: random.Random) -> Action:
        cs = f.cards
        hand = f.hand
        pending = f.pending
        kind = pending.kind if pending else "turn"
        if kind == "respond":
            assert pending is not None
            return _respond(f, pending, actions)
        if kind in ("turn", "drawn"):
            plays = [a for a in actions if isinstance(a, A.Play)]
            if kind == "drawn":
                drawn = pending.card if pending else UNSHOWN
                if plays and drawn != UNSHOWN and drawn not in cs.protection:
                    return max(plays, key=lambda a: len(a.combo))  # with its combo when there is one
                return A.KEEP
            if not plays:
                return actions[0]
            turn = _Turn(f)
            # The best score, equal scores broken by a draw each (as max over (score, draw) pairs:
            # the first of equal pairs kept).
            random_draw = rng.random
            chosen = plays[0]
            best_score, best_draw = turn.combo_score(chosen, hand), random_draw()
            for i in range(1, len(plays)):
                a = plays[i]
                score, draw = turn.combo_score(a, hand), random_draw()
                if score > best_score or (score == best_score and draw > best_draw):
                    chosen, best_score, best_draw = a, score, draw
            return chosen
        if kind == "name":
            weight: dict[str, float] = {}
            for k in hand:
                corp = cs.corp[k]
                if corp >= 0:  # events have none
                    name = CORPORATIONS[corp]
                    weight[name] = weight.get(name, 0) + 1 + cs.points[k] / 20
            order = {k: rng.random() for k in sorted(weight)}
            best = max(sorted(weight), key=lambda k: (weight[k], order[k])) if weight else "Star"
            return A.Name(best.lower())
        if kind == "target":
            sizes = f.hand_sizes
            ranked = [(sizes[a.seat], rng.random(), a) for a in actions]  # type: ignore[attr-defined]
            return min(ranked, key=lambda x: (x[0], x[1]))[2]
        if kind == "take":
            return min(actions, key=lambda a: _take_rank(a.card))  # type: ignore[attr-defined]
        # give: the highest points, never protection
        by_slug = cs.by_slug
        return max(actions, key=lambda a: _give_rank(cs, by_slug[a.card]))  # type: ignore[attr-defined]


def _take_rank(slug: str) -> int:
    return {"boomerang": 0, "hide": 1, "thief": 2}.get(slug, 3)


def _give_rank(cs: CardSet, k: int) -> float:
    return -100.0 if k in cs.protection else cs.points[k]


def evaluate(state: ShedState, player: int) -> float:
    """About -1..1: the game's result once over; before, hand size, hand points and score margins."""
    if state.over:
        return 1.0 if player in state.outcome().winners else -1.0
    mode = state.mode
    mine = mode.team_of[player]
    opp = [s for s in range(state.players) if mode.team_of[s] != mine and state.active(s)]
    if not opp:
        return 0.0
    my_cards = len(state.hands[player])
    opp_cards = min(len(state.hands[s]) for s in opp)
    my_pts = state.hand_points(player)
    opp_pts = sum(state.hand_points(s) for s in opp) / len(opp)
    x = 0.25 * (opp_cards - my_cards) + 0.02 * (opp_pts - my_pts)
    if mode.target:
        others = [state.scores[mode.team_of[s]] for s in opp]
        margin = (sum(others) / len(others) - state.scores[mine]) / mode.target
        x += 2.0 * (margin if mode.penalty else -margin)
    return math.tanh(x)


def evaluate_all(state: ShedState) -> list[float]:
    """`evaluate` for every seat in one pass (search scores each rollout for all seats): each hand's
    size and points counted once. The same numbers, in the same order of operations."""
    n = state.players
    if state.over:
        winners = state.outcome().winners
        return [1.0 if p in winners else -1.0 for p in range(n)]
    mode = state.mode
    team_of = mode.team_of
    out = state.out
    points = state.cards.points
    sizes = [len(h) for h in state.hands]
    hand_points = [sum(points[k] for k in h) for h in state.hands]
    values: list[float] = []
    for player in range(n):
        mine = team_of[player]
        opp = [s for s in range(n) if team_of[s] != mine and s not in out]
        if not opp:
            values.append(0.0)
            continue
        opp_cards = min(sizes[s] for s in opp)
        opp_pts = sum(hand_points[s] for s in opp) / len(opp)
        x = 0.25 * (opp_cards - sizes[player]) + 0.02 * (opp_pts - hand_points[player])
        if mode.target:
            others = [state.scores[team_of[s]] for s in opp]
            margin = (sum(others) / len(others) - state.scores[mine]) / mode.target
            x += 2.0 * (margin if mode.penalty else -margin)
        values.append(math.tanh(x))
    return values
