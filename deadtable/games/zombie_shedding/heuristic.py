"""A heuristic player for the zombie shedding game, and the game's evaluation for greedy/search.

The agent reads only its SeatInfo (its view and its legal actions). It
- keeps matching options open: prefers the card after which most of its hand still fits;
- dumps high points when an opponent is about to go out (two cards or fewer);
- keeps its events (they fit anywhere) and its protection for later, and saves the Screamer
  to finish with it;
- answers an effect with protection only when it matters (draw 2 or more, or a victim close to
  going out, or a gift of a card), preferring Boomerang against an opponent.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from deadtable.core import Action, SeatInfo

from . import actions as A

if TYPE_CHECKING:
    from .state import ShedState

PROTECTION = ("hide", "boomerang")
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


def _next_seat(view: dict[str, Any], seat: int) -> int:
    step = 1 if view["direction"] == "clockwise" else -1
    n = view["players"]
    s = seat
    for _ in range(n):
        s = (s + step) % n
        if s not in view["out"]:
            return s
    return seat


def _play_score(view: dict[str, Any], seat: int, card: dict[str, Any], hand: list[dict[str, Any]]) -> float:
    rest = list(hand)
    rest.remove(card)
    danger = _danger(view, seat)
    score = card["points"] * (1.0 if danger <= 2 else 0.35)
    if not rest:
        return 1000.0  # going out
    if card["event"]:
        # Events fit anywhere: keep them for when nothing else does, protection longest.
        score -= 9.0 if _is_protection(card) else 3.0
        after_points, after_corp = (view["to_match"] or {}).get("card", {}).get("points"), None
        if view["to_match"]:
            after_corp = view["to_match"]["corporation"]
    else:
        after_points, after_corp = card["points"], card["corporation"]
    # Keep options open: how much of the rest still fits on what this leaves to match.
    score += 2.0 * sum(
        1 for c in rest if c["event"] or c["points"] == after_points or c["corporation"] == after_corp
    )
    nxt = _next_seat(view, seat)
    hits_opponent = nxt in _opponents(view, seat)
    if any(n in ATTACKS for n in card["effect_names"]):
        score += (3.0 + (4.0 if danger <= 2 else 0.0)) if hits_opponent else -4.0
    if "finish" in card["effect_names"] and danger > 1:
        score -= 12.0  # save the Screamer to finish with it
    return score


def _respond(view: dict[str, Any], seat: int, actions: tuple[Action, ...]) -> Action:
    p = view["pending"]
    plays = [a for a in actions if isinstance(a, A.Play)]
    if not plays:
        return A.DECLINE
    victim, actor = p["victim"], p["actor"]
    small = view["hand_sizes"][victim] <= 2
    matters = (
        (p["effect"] == "next_draws" and p.get("count", 1) >= 2)
        or small
        or p["effect"] == "give"
        or (p["effect"] == "swap" and view["hand_sizes"][victim] <= 3)
    )
    if not matters:
        return A.DECLINE
    teams = view["teams"]
    actor_is_opponent = teams is None or teams[actor] != teams[seat]
    by_name = {a.card: a for a in plays}
    if actor_is_opponent and "boomerang" in by_name:
        return by_name["boomerang"]
    return by_name.get("hide", plays[0])


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
        if kind in ("turn", "drawn", "combo"):
            plays = [a for a in actions if isinstance(a, A.Play)]
            if kind == "drawn":
                drawn = pending["card"] if pending else None
                if plays and drawn and not _is_protection(drawn):
                    return plays[0]
                return A.KEEP
            if kind == "combo":
                return plays[0] if plays else A.END_TURN
            if not plays:
                return actions[0]
            return max(plays, key=lambda a: _play_score(view, seat, by_slug[a.card], hand))
        if kind == "name":
            weight: dict[str, float] = {}
            for c in hand:
                if c["corporation"]:
                    weight[c["corporation"]] = weight.get(c["corporation"], 0) + 1 + c["points"] / 20
            best = max(weight, key=lambda k: weight[k]) if weight else "Star"
            return A.Name(best.lower())
        if kind == "target":
            sizes = view["hand_sizes"]
            return min(actions, key=lambda a: (sizes[a.seat], a.seat))  # type: ignore[attr-defined]
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
