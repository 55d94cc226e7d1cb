"""A heuristic player for the zombie shedding game, and the game's evaluation for greedy/search.

The agent reads only its SeatInfo (its view, its facts: the kinds of the cards it has not seen,
and its legal actions). It
- keeps matching options open: prefers the card after which most of its hand still fits;
- dumps high points when an opponent is about to go out (two cards or fewer);
- keeps its events (they fit anywhere), its protection, the cards that land on more than their
  number and corporation (`lands_on`) and its combo cards for later, and saves the Screamer
  to finish with it; but never keeps only cards that cannot be the last one (`not_last`);
- reads what each card does to the next player (draws, missed turns, a reverse with two players
  in the hand) and what it leaves to match (`follows` opens options to everyone);
- answers an effect with protection when it matters (any draw: since issue 25 every draw effect is
  1 card, and an answer sheds a card as well; a victim close to going out; a gift or a swap of a
  small hand), preferring Boomerang against an opponent where it answers.

Equal choices are broken at random from the agent's generator (so games replay the same), never
by the order of the legal actions or the seats.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from deadtable.core import Action, SeatInfo

from . import actions as A
from .view import Unseen

if TYPE_CHECKING:
    from .state import ShedState

PROTECTION = ("hide", "boomerang")
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
    "protect_draws": 1,  # protect a draw of this many cards or more (every draw: issue 25, below)
    "protect_skips": 0.0,  # 1: a lost turn always matters
    "protect_always": 0.0,  # 1: answer every effect with protection (0: only when it matters)
}
ATTACKS = ("next_draws", "next_skips", "swap", "give")


def _is_protection(card: dict[str, Any]) -> bool:
    return any(n in PROTECTION for n in card["effect_names"])


def _opponents(view: dict[str, Any], seat: int) -> list[int]:
    teams = view["teams"]
    return [
        s
        for s in range(view["players"])
        if s != seat and s not in view["out"] and (teams is None or teams[s] != teams[seat])
    ]


def _danger(view: dict[str, Any], seat: int) -> int:
    """Cards in the smallest opponent hand: 1 or 2 means someone is about to go out."""
    opp = _opponents(view, seat)
    return min((view["hand_sizes"][s] for s in opp), default=99)


def _in_hand(view: dict[str, Any]) -> int:
    """How many players are still in the hand."""
    return view["players"] - len(view["out"])


def _next_seat(view: dict[str, Any], seat: int) -> int:
    step = 1 if view["direction"] == "clockwise" else -1
    n = view["players"]
    s = seat
    for _ in range(n):
        s = (s + step) % n
        if s not in view["out"]:
            return s
    return seat


def _play_score(
    view: dict[str, Any], seat: int, card: dict[str, Any], hand: list[dict[str, Any]], table: _Table
) -> float:
    rest = list(hand)
    rest.remove(card)
    danger = _danger(view, seat)
    score = card["points"] * (W["points_danger"] if danger <= 2 else W["points"])
    if not rest:
        return 1000.0  # going out
    if all("not_last" in c["effect_names"] for c in rest):
        score -= W["stranded"]
    names = card["effect_names"]
    if card["event"]:
        # Events fit anywhere: keep them for when nothing else does, protection longest.
        score -= W["protection"] if _is_protection(card) else W["event"]
    if "lands_on" in names:
        score -= W["flexible"]
    if "combo" in names:
        score -= W["combo_keep"]
    # Keep options open: how much of the rest still fits on what this card leaves to match, and
    # how little of what this seat has not seen (the others' hands and the deck) does.
    own, unseen = table.fits_after(card["slug"], [c["slug"] for c in rest])
    score += W["own_fit"] * own - W["unseen_fit"] * unseen
    nxt = _next_seat(view, seat)
    hits_opponent = nxt in _opponents(view, seat)
    if any(n in ATTACKS for n in names) or ("reverse" in names and _in_hand(view) == 2 and W["reverse_two"]):
        boost = W["attack"] + (W["attack_danger"] if danger <= 2 else 0.0)
        score += boost if hits_opponent else -boost
    if "finish" in names and danger > 1:
        score -= W["screamer"]
    return score


def _combo_score(
    view: dict[str, Any],
    seat: int,
    action: A.Play,
    by_slug: dict[str, dict[str, Any]],
    hand: list[dict[str, Any]],
    table: _Table,
) -> float:
    score = _play_score(view, seat, by_slug[action.card], hand, table)
    if action.combo:  # a second card shed in the same turn, and a big one
        score += W["combo"] + by_slug[action.combo]["points"] * W["points"]
    return score


def _respond(view: dict[str, Any], seat: int, actions: tuple[Action, ...]) -> Action:
    p = view["pending"]
    plays = [a for a in actions if isinstance(a, A.Play)]
    if not plays:
        return A.DECLINE
    victim, actor = p["victim"], p["actor"]
    small = view["hand_sizes"][victim] <= W["protect_below"]
    matters = (
        (p["effect"] == "next_draws" and p.get("count", 1) >= W["protect_draws"])
        or small
        or p["effect"] == "give"
        or (p["effect"] == "next_skips" and W["protect_skips"])
        or (p["effect"] == "swap" and view["hand_sizes"][victim] <= 3)
    )
    if not matters and not W["protect_always"]:
        return A.DECLINE
    teams = view["teams"]
    actor_is_opponent = teams is None or teams[actor] != teams[seat]
    by_name = {a.card: a for a in plays}
    if actor_is_opponent and "boomerang" in by_name:
        return by_name["boomerang"]
    return by_name.get("hide", plays[0])


class _Table:
    """The card tables and the unseen cards (`SeatInfo.facts()`: their kinds are known, only where
    they lie is hidden, so no sample is drawn)."""

    def __init__(self, seat_info: SeatInfo) -> None:
        facts: Unseen = seat_info.facts()
        self.cards = facts.cards
        self.match = (facts.match_kind, facts.match_corp)
        self.unseen = facts.kinds
        self.unseen_fit: dict[tuple[int, int], float] = {}  # (kind, corporation) to match -> share

    def fits_after(self, slug: str, rest: list[str]) -> tuple[int, float]:
        cs = self.cards
        k = cs.by_slug[slug]
        mk, mc = (k, cs.corp[k]) if not cs.is_event[k] else self.match
        if mk < 0:
            return len(rest), 1.0
        row = cs.playable[mk][mc]
        own = sum(1 for s in rest if row[cs.by_slug[s]])
        unseen = self.unseen_fit.get((mk, mc))
        if unseen is None:  # the same for every card that leaves this to match: counted once
            fit = sum(1 for u in self.unseen if row[u])
            unseen = self.unseen_fit[mk, mc] = fit / max(1, len(self.unseen))
        return own, unseen


class HeuristicAgent:
    name = "heuristic"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        if len(actions) == 1:
            return actions[0]
        view, seat = seat_info.view, seat_info.seat
        hand = view["hand"] or []
        by_slug = {c["slug"]: c for c in hand}
        pending = view["pending"]
        kind = pending["kind"] if pending else "turn"
        if kind == "respond":
            return _respond(view, seat, actions)
        if kind in ("turn", "drawn"):
            plays = [a for a in actions if isinstance(a, A.Play)]
            if kind == "drawn":
                drawn = pending["card"] if pending else None
                if plays and drawn and not _is_protection(drawn):
                    return max(plays, key=lambda a: len(a.combo))  # with its combo when there is one
                return A.KEEP
            if not plays:
                return actions[0]
            table = _Table(seat_info)
            scored = [(_combo_score(view, seat, a, by_slug, hand, table), rng.random(), a) for a in plays]
            return max(scored, key=lambda x: (x[0], x[1]))[2]
        if kind == "name":
            weight: dict[str, float] = {}
            for c in hand:
                if c["corporation"]:
                    weight[c["corporation"]] = weight.get(c["corporation"], 0) + 1 + c["points"] / 20
            order = {k: rng.random() for k in sorted(weight)}
            best = max(sorted(weight), key=lambda k: (weight[k], order[k])) if weight else "Star"
            return A.Name(best.lower())
        if kind == "target":
            sizes = view["hand_sizes"]
            ranked = [(sizes[a.seat], rng.random(), a) for a in actions]  # type: ignore[attr-defined]
            return min(ranked, key=lambda x: (x[0], x[1]))[2]
        if kind == "take":
            return min(actions, key=lambda a: _take_rank(a.card))  # type: ignore[attr-defined]
        # give: the highest points, never protection
        return max(actions, key=lambda a: _give_rank(by_slug[a.card]))  # type: ignore[attr-defined]


def _take_rank(slug: str) -> int:
    return {"boomerang": 0, "hide": 1, "thief": 2}.get(slug, 3)


def _give_rank(card: dict[str, Any]) -> float:
    return -100.0 if _is_protection(card) else card["points"]


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
