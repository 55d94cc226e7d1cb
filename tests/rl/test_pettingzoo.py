"""The PettingZoo AEC environment: PettingZoo's own harnesses (API and seed tests for every game
and variant; parallel seed, average reward and render tests for one variant of each game)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from deadtable.core import DeadtableError, Game, Variant

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo, gymnasium, numpy) is not installed")

from pettingzoo.test import api_test, parallel_seed_test, render_test, seed_test
from pettingzoo.utils import average_total_reward

from deadtable.rl.pettingzoo import DeadtableAEC, env, parallel_env, raw_env

from .conftest import harness_params, variant_params


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_pettingzoo_api(g: Game, variant: Variant) -> None:
    api_test(env(g.id, variant.players, **variant.options), num_cycles=120, verbose_progress=False)


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_pettingzoo_seed(g: Game, variant: Variant) -> None:
    seed_test(lambda: env(g.id, variant.players, **variant.options), num_cycles=120)


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_pettingzoo_parallel_seed(g: Game, variant: Variant) -> None:
    # Random, unmasked actions: most are illegal, and each episode ends there (with -1).
    parallel_seed_test(lambda: parallel_env(g.id, variant.players, **variant.options), num_cycles=20)


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_pettingzoo_average_total_reward(g: Game, variant: Variant) -> None:
    # It reads no observation (last(observe=False)), so it steps unmasked random indices.
    random.seed(0)
    e = env(g.id, variant.players, **variant.options)
    e.reset(seed=1)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(i)
    average = average_total_reward(e, max_episodes=4, max_steps=400)
    assert -1.0 <= average <= 1.0


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_pettingzoo_render(g: Game, variant: Variant, capsys: pytest.CaptureFixture[str]) -> None:
    def make(render_mode: str | None = None) -> Any:
        e = env(g.id, variant.players, render_mode=render_mode, **variant.options)
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(i)
        return e

    render_test(make, custom_tests={"ansi": lambda text: len(text) > 0})
    assert capsys.readouterr().out  # "human" printed the table


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_infos_state_and_name(g: Game, variant: Variant) -> None:
    e = env(g.id, variant.players, **variant.options)
    raw = e.unwrapped
    assert e.metadata["name"] == "deadtable_" + g.id.replace("-", "_") + "_v0"
    e.reset(seed=2)
    rng = random.Random(0)
    for _ in range(30):
        agent = e.agent_selection
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            break
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        assert info["legal"] == [str(a) for a in raw._legal.actions] and len(info["legal"]) == len(legal)
        assert all(e.infos[a]["legal"] == [] for a in e.possible_agents if a != agent)
        assert e.observation_space(agent)["observation"].contains(obs["observation"])
        state = e.state()
        assert e.unwrapped.state_space.contains(state)
        size = raw.layout.size
        for p, other in enumerate(e.possible_agents):  # every seat's observation, seat 0 first
            assert np.array_equal(state[p * size : (p + 1) * size], e.observe(other)["observation"])
        e.step(rng.choice(legal))
        assert info["legal"] and len(info["legal"]) == len(legal)  # what last() gave is left alone


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_a_whole_game_ends_with_rewards_from_the_outcome(g: Game, variant: Variant) -> None:
    e = raw_env(g.id, variant.players, **variant.options)
    e.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        e.step(int(rng.choice(legal)))
    assert e.game_state is not None
    winners = set(e.game_state.outcome().winners)
    for agent, total in totals.items():
        seat = int(agent.split("_")[1])
        if len(winners) == variant.players:
            assert total == 0.0
        else:
            assert total == (1.0 if seat in winners else -1.0)


def test_env_plays_the_same_game_as_the_engine() -> None:
    e = raw_env("carson-zoo", 3)
    e.reset(seed=5)
    state = e.game_state
    assert state is not None and state.seed == 5
    rng = random.Random(1)
    while not state.is_terminal:
        obs = e.observe(e.agent_selection)
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        index = legal[rng.randrange(len(legal))]
        assert f"player_{state.current_player}" == e.agent_selection
        e.step(index)
    assert all(e.terminations.values())


def test_an_illegal_index_is_refused_with_its_text() -> None:
    e = raw_env("carson-zoo", 2)
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(DeadtableError, match="is not legal"):
        e.step(illegal)


def _an_illegal_index(e: Any) -> int:
    obs = e.observe(e.agent_selection)
    return int(np.flatnonzero(obs["action_mask"] == 0)[0])


def test_an_illegal_index_ends_the_episode_by_default() -> None:
    e = env("carson-zoo", 3)
    e.reset(seed=0)
    offender = e.agent_selection
    illegal = _an_illegal_index(e)
    e.step(illegal)
    assert e.terminations == dict.fromkeys(e.possible_agents, True)
    assert not any(e.truncations.values())
    assert e.rewards == {a: (-1.0 if a == offender else 0.0) for a in e.possible_agents}
    why = e.infos[offender]["illegal_action"]
    assert why["index"] == illegal and why["action"] == e.unwrapped.encoder.texts[illegal]
    assert all("illegal_action" not in e.infos[a] for a in e.possible_agents if a != offender)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():  # every seat takes its dead step, nobody may act any more
        obs, reward, term, _, _ = e.last()
        assert term and not obs["action_mask"].any() and e.infos[agent]["legal"] == []
        totals[agent] += reward
        e.step(None)
    assert totals == {a: (-1.0 if a == offender else 0.0) for a in e.possible_agents}
    assert e.unwrapped.game_state is not None and not e.unwrapped.game_state.is_terminal  # nothing was played


def test_illegal_raise_refuses_the_index() -> None:
    e = env("carson-zoo", 2, illegal="raise")
    e.reset(seed=0)
    with pytest.raises(DeadtableError, match="is not legal"):
        e.step(_an_illegal_index(e))
    with pytest.raises(DeadtableError, match="illegal must be one of"):
        env("carson-zoo", 2, illegal="ignore")


def test_reset_without_seed_follows_the_last_seed() -> None:
    a, b = raw_env("carson-zoo", 2), raw_env("carson-zoo", 2)
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert (
        a.game_state is not None and b.game_state is not None and a.game_state.seed == b.game_state.seed != 3
    )


def test_bad_settings_are_refused_up_front() -> None:
    with pytest.raises(DeadtableError):
        raw_env("carson-zoo", 9)
    with pytest.raises(DeadtableError):
        raw_env("carson-zoo", 2, no_such_option=1)


def test_env_keeps_pettingzoos_order_and_bounds_checks() -> None:
    """env() is one object (no wrapper around it) that does what PettingZoo's OrderEnforcingWrapper
    and AssertOutOfBoundsWrapper do: nothing before reset, no index outside the space, and a numpy
    integer is an index like any other."""
    e = env("carson-zoo", 2)
    assert isinstance(e, DeadtableAEC) and e.unwrapped is e
    for name in ("agent_selection", "agents", "num_agents", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    with pytest.raises(AttributeError, match="no attribute"):
        _ = e.no_such_attribute  # type: ignore[attr-defined]
    for call in (lambda: e.step(0), lambda: e.last(), lambda: e.observe("player_0"), e.state, e.render):
        with pytest.raises(AssertionError, match="before"):
            call()
    with pytest.raises(AssertionError, match="before"):
        e.agent_iter()
    e.reset(seed=2)
    size = e.action_space(e.agent_selection).n
    for outside in (-1, size, None, 1.5):
        with pytest.raises(AssertionError, match="not in action space"):
            e.step(outside)  # type: ignore[arg-type]
    legal = np.flatnonzero(e.last()[0]["action_mask"])
    before = e.agent_selection
    e.step(np.int64(legal[0]))
    assert not any(e.terminations.values())
    assert e.unwrapped.game_state is not None and len(e.unwrapped.game_state.history) == 1
    assert e.agent_selection != before or e.infos[before]["legal"]


def test_raw_env_keeps_no_checks_but_refuses_an_illegal_index() -> None:
    e = raw_env("carson-zoo", 2)
    assert not e.checks and not e.terminate
    e.reset(seed=2)
    with pytest.raises(DeadtableError):
        e.step(e.action_space(e.agent_selection).n)  # outside the space: not legal, said so
    with pytest.raises(TypeError):
        e.step(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_masks_are_the_legal_indices_and_new_arrays_every_time(g: Game, variant: Variant) -> None:
    """The mask has ones exactly at the legal indices (few of them or many), zeros for the seats not
    to act; each observation's arrays are its own (an agent may keep them: a replay buffer); and
    agent_iter stops at max_iter."""
    e = raw_env(g.id, variant.players, **variant.options)
    e.reset(seed=5)
    rng = random.Random(5)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for agent in e.agent_iter(400):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        indices = e._legal.indices
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(indices)
        assert obs["action_mask"].dtype == np.int8
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        again = e.observe(agent)
        assert again["action_mask"] is not obs["action_mask"]
        assert again["observation"] is not obs["observation"]
        kept.append((obs["action_mask"], obs["action_mask"].copy()))
        e.step(rng.choice(indices))
    assert all(np.array_equal(mask, copy) for mask, copy in kept)  # none changed since
    assert 0 < len(kept) <= 400


def test_masks_with_few_and_many_legal_indices() -> None:
    """Carson City Zoo's first move offers 100 placements, a later one a handful: both ways of
    setting a mask's ones (DeadtableAEC.observe) give the legal indices."""
    from deadtable.rl.pettingzoo import FEW_INDICES

    e = raw_env("carson-zoo", 2)
    e.reset(seed=1)
    counts = set()
    rng = random.Random(1)
    while e.agents and len({c <= FEW_INDICES for c in counts}) < 2:
        obs = e.observe(e.agent_selection)
        indices = e._legal.indices
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(indices)
        counts.add(len(indices))
        e.step(rng.choice(indices))
    assert min(counts) <= FEW_INDICES < max(counts)
