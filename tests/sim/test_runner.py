"""Seeded plans: seat rotation, seeds, rows, agent specs and clear errors."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.core import DeadtableError, OptionError, UnknownGame
from deadtable.sim import Plan, build_agent, check_plan, game_seed, play_game
from deadtable.sim.events import EventStats


def test_seats_rotate_so_each_agent_plays_each_seat_equally() -> None:
    plan = Plan("carson-zoo", 3, ("a", "b", "c"))
    counts: dict[tuple[str, int], int] = {}
    for i in range(6):
        for s, name in enumerate(plan.seat_agents(i)):
            counts[(name, s)] = counts.get((name, s), 0) + 1
    assert set(counts.values()) == {2} and len(counts) == 9
    # Fewer agents than seats: they repeat, still balanced over k games.
    two = Plan("carson-zoo", 3, ("a", "b"))
    assert [two.seat_agents(i) for i in range(2)] == [("a", "b", "a"), ("b", "a", "b")]


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [game_seed(7, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert game_seed(7, 3) == 2598288329906610927  # stable across processes and versions
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_row_has_seats_scores_winners_and_length() -> None:
    plan = Plan("carson-zoo", 2, ("random", "greedy"), seed=4)
    row = play_game(plan, 1)
    assert row["agent_s0"] == "greedy" and row["agent_s1"] == "random"
    assert row["seed"] == game_seed(4, 1)
    assert sum(row[f"win_s{s}"] for s in range(2)) == pytest.approx(1.0)
    assert row["actions"] == row["actions_s0"] + row["actions_s1"] > 0
    assert {int(w) for w in row["winners"].split()} <= {0, 1}
    assert play_game(plan, 1) == row  # the same plan and index give the same game


def test_agent_specs_set_attributes_and_refuse_bad_ones() -> None:
    zoo = deadtable.game("carson-zoo")
    agent = build_agent("ismcts:iterations=12:rollout=heuristic", zoo)
    assert agent.iterations == 12 and agent.rollout == "heuristic"
    assert build_agent("greedy:samples=2", zoo).samples == 2
    for bad in ("nobody", "ismcts:colour=red", "ismcts:iterations=lots", "ismcts:iterations=0", "greedy:x"):
        with pytest.raises(DeadtableError):
            build_agent(bad, zoo)


def test_a_bad_plan_is_refused_before_any_game() -> None:
    with pytest.raises(UnknownGame):
        check_plan(Plan("chess", 2, ("random",)))
    with pytest.raises(OptionError):
        check_plan(Plan("carson-zoo", 9, ("random",)))
    with pytest.raises(OptionError):
        check_plan(Plan("carson-zoo", 2, ("random",), options={"nope": 1}))
    with pytest.raises(DeadtableError):
        check_plan(Plan("carson-zoo", 2, ("random", "wizard")))


def test_events_become_card_columns() -> None:
    stats = EventStats(2)
    stats("buy", {"seat": 1, "card": "Trap", "cost": 3})
    stats("buy", {"seat": 1, "card": "Trap", "cost": 3})
    stats("score", {"player": 0, "monster": "Ghoul", "points": 4, "final": True})
    stats("round_end", {"round": 1})
    stats("action", {"seat": 0, "action": "pass"})
    cols = stats.columns()
    assert cols["card|buy|Trap|s1"] == 2 and cols["card|buy|Trap|s1|cost"] == 6
    assert cols["card|score|Ghoul|s0|points"] == 4 and "card|score|Ghoul|s0|final" not in cols
    assert cols["ev_round_end"] == 1 and cols["ev_buy"] == 2
    assert stats.actions == 1 and stats.seat_actions == [1, 0]
