"""examples/self_play.py on a tiny budget: it trains, snapshots, and plays the heuristic."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "self_play.py"


def test_self_play_example_runs_on_a_tiny_budget() -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed (pip install torch==2.13.0)")
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    spec = importlib.util.spec_from_file_location("self_play", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = example  # its dataclass looks its module up
    spec.loader.exec_module(example)
    net, untrained, updates, steps = example.train("overlords", 2, 5.0, 0, batch=2, snapshot_every=1)
    assert updates == 2 and steps > 0
    moved = [not torch.equal(a, b) for a, b in zip(net.parameters(), untrained.parameters(), strict=True)]
    assert any(moved)  # the updates changed the network
    games = 2
    wins = example.wins_against_heuristic(net, "overlords", games)
    assert 0 <= wins <= games
