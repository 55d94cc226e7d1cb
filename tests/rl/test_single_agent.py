"""One learning seat against agents: a Gymnasium env for every game (Gymnasium's and
Stable-Baselines3's `check_env`, the registered ids), and the training example."""

from __future__ import annotations

import importlib.util
import pathlib
import random
import sys
import tempfile
import warnings

import pytest

from deadtable.core import DeadtableError, Game, Variant

pytest.importorskip("gymnasium", reason="the rl extra (pettingzoo, gymnasium, numpy) is not installed")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import deadtable.rl
from deadtable.rl.single_agent import SeatEnv

from .conftest import first_variants, harness_params

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def test_a_seed_fixes_the_episode() -> None:
    env = SeatEnv("carson-zoo", players=2)
    first, _ = env.reset(seed=8)
    a = [int(i) for i, ok in enumerate(env.action_masks()) if ok][3]
    after, *_ = env.step(a)
    again, _ = env.reset(seed=8)
    assert np.array_equal(first, again)
    assert np.array_equal(env.step(a)[0], after)
    assert env.observation_space.contains(first)


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_gymnasium_check_env(g: Game, variant: Variant) -> None:
    made = gymnasium.make(
        f"deadtable/{g.id}-v0", players=variant.players, render_mode="ansi", **variant.options
    )
    env = made.unwrapped
    assert isinstance(env, SeatEnv) and env.spec is not None  # made through its registered id
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning from the checker fails the test too
        check_env(env)
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_stable_baselines3_check_env(g: Game, variant: Variant) -> None:
    sb3_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    env = SeatEnv(g.id, variant.players, render_mode="ansi", **variant.options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sb3_checker.check_env(env, warn=True)


def test_every_game_is_registered_with_gymnasium() -> None:
    ids = deadtable.rl.register_gymnasium()
    assert ids == [f"deadtable/{g.id}-v0" for g in deadtable.games()]
    assert all(i in gymnasium.registry for i in ids)
    with pytest.raises(DeadtableError, match="render_mode"):
        SeatEnv("carson-zoo", 2, render_mode="rgb_array")
    assert SeatEnv("carson-zoo", 2).render() is None  # no render mode, nothing drawn


def test_an_illegal_index_ends_the_episode_with_minus_one() -> None:
    env = SeatEnv("carson-zoo", players=2)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"]["index"] == illegal
    assert info["illegal_action"]["action"] == env.encoder.texts[illegal]
    assert not env.action_masks().any()
    raising = SeatEnv("carson-zoo", players=2, illegal="raise")
    raising.reset(seed=1)
    with pytest.raises(DeadtableError, match="is not legal"):
        raising.step(illegal)


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_a_seat_plays_whole_games_against_agents(g: Game, variant: Variant) -> None:
    env = SeatEnv(g.id, variant.players, opponent="greedy", **variant.options)
    env.reset(seed=4)
    rng = random.Random(0)
    for episode in range(2):
        obs, info = env.reset()
        assert info["seat"] == (episode + 1) % variant.players  # the learner's seat rotates
        done, reward = False, 0.0
        while not done:
            legal = [i for i, ok in enumerate(env.action_masks()) if ok]
            assert legal and len(legal) == len(info["legal"])
            obs, reward, done, _, info = env.step(rng.choice(legal))
            assert obs.shape == env.observation_space.shape
        assert reward in (-1.0, 0.0, 1.0)


def test_shaping_sums_to_the_final_margin() -> None:
    env = SeatEnv("carson-zoo", 2, seat=0, shaping=1.0)
    env.reset(seed=2)
    assert env.state is not None
    start = env.game.evaluate(env.state, 0)
    done, reward, total = False, 0.0, 0.0
    while not done:
        legal = [i for i, ok in enumerate(env.action_masks()) if ok]
        _, reward, done, _, _ = env.step(legal[0])
        total += reward
    margin = env.game.evaluate(env.state, 0)
    outcome = total - (margin - start)
    assert min(abs(outcome - r) for r in (-1.0, 0.0, 1.0)) < 1e-9


def test_training_example_runs_on_a_tiny_budget() -> None:
    pytest.importorskip("torch", reason="torch is not installed (pip install torch==2.13.0)")
    pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = example  # its dataclass looks its module up
    spec.loader.exec_module(example)
    tmp = pathlib.Path(tempfile.gettempdir())
    before = set(tmp.glob("SB3-*"))
    result = example.run(minutes=1.0, timesteps=256, eval_games=4)
    assert result.timesteps >= 256
    assert set(tmp.glob("SB3-*")) == before, "the example left a /tmp/SB3-<date> log folder behind"
    assert 0.0 <= result.policy_wins <= 1.0 and 0.0 <= result.random_wins <= 1.0
    assert -1.0 <= result.policy_score <= 1.0
