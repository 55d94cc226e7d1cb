"""The same seed gives the same rows whatever the backend and the number of workers."""

from __future__ import annotations

import pytest

from deadtable.sim import Plan, run

PLAN = Plan("carson-zoo", 2, ("random", "greedy:samples=2"), seed=11)
GAMES = 8


def test_one_worker_two_workers_and_dask_agree() -> None:
    one = run(PLAN, GAMES, workers=1)
    assert [r["game"] for r in one] == list(range(GAMES))
    seen: list[int] = []
    two = run(PLAN, GAMES, workers=2, progress=seen.append)
    assert sum(seen) == GAMES
    assert two == one
    pytest.importorskip("distributed", reason="the Dask backend needs the sim extra (dask[distributed])")
    dask = run(PLAN, GAMES, workers=2, scheduler="local")
    assert dask == one


def test_a_different_seed_gives_different_games() -> None:
    other = Plan(PLAN.game_id, PLAN.players, PLAN.agents, seed=12)
    assert run(other, 3, workers=1) != run(PLAN, 3, workers=1)
