"""`python -m benchmarks.env_parts`: where a PettingZoo step's time goes, game by game.

For the first mode of each game, four loops in alternating slices of one process (so a change in
the machine's load falls on all of them): raw engine steps (`legal_actions` + `apply_trusted`, as
`make bench`), PettingZoo steps of `env()` (what a researcher gets: `last()`, the agent's draw off
the mask, `step`, as `make bench`), the same of `raw_env` (no checks), and `env()` steps with the
observation encoder swapped for a constant vector (still a new array per observation, as an agent
gets it). `env()` less its constant-vector twin is the encoding; what is left beyond a raw step is
the rest of the environment and the agent's own draw. A fifth loop, "arrays alone", is the floor
under any such environment in Python: only the numpy work of a step, with no game, no encoder and
no PettingZoo (a new mask, copied from an all-zero one, with the ones of a recorded step's legal
indices set; a new float32 vector of the observation's size, scaled from an int16 buffer as the
encoders' is; their dict; the agent's `mask.nonzero()` and draw), over the masks of the first
steps of the env() loop's own games. Prints µs per step and each loop's ratio to a raw step (the
target, for `env()`: at most 3).

    python -m benchmarks.env_parts --budget 1
    PYTHONPATH=build/native:. python -P -m benchmarks.env_parts --budget 1   # the native build
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from math import floor
from typing import Any

import numpy as np

from deadtable import native
from deadtable.core import games

from . import throughput
from .targets import ENV_COST
from .throughput import clock


class ConstantObserver:
    """An observation encoder that encodes nothing: a copy of one all-zero vector of the same size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._vector = np.zeros(size, np.float32)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        return self._vector.copy()


Part = tuple[str, float, float, float, float, float]
RECORDED = 400  # steps whose legal indices the "arrays alone" loop replays


def recorded_masks(e: Any, steps: int, rand: Callable[[], float]) -> list[list[int]]:
    """The legal indices of the first `steps` steps of `e`'s games seeded 0, 1, ... (random play)."""
    out: list[list[int]] = []
    seed = 0
    while len(out) < steps:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            out.append([int(i) for i in legal])
            e.step(int(legal[floor(rand() * len(legal))]))
    return out[:steps]


def arrays_slice(
    masks: list[list[int]], sizes: tuple[int, int], budget: float, rand: Callable[[], float]
) -> tuple[int, float]:
    """The numpy work of PettingZoo steps alone (see the module doc), for `budget` CPU seconds: the
    steps made and the CPU seconds spent. `sizes`: the observation's and the mask's."""
    observation, actions = sizes
    zero_mask = np.zeros(actions, np.int8)
    zero = bytes(2 * observation)  # an int16 buffer of zeros, as an encoder's before its fill
    factors = np.ones(observation, np.float32)
    steps = 0
    start = clock()
    deadline = start + budget
    while clock() < deadline:
        for indices in masks:
            mask = zero_mask.copy()
            view = mask.data
            for i in indices:
                view[i] = 1
            obs = {"observation": np.multiply(np.frombuffer(zero, np.int16), factors), "action_mask": mask}
            legal = obs["action_mask"].nonzero()[0]
            int(legal[floor(rand() * len(legal))])
        steps += len(masks)
    return steps, clock() - start


def parts(game_ids: list[str], budget: float, rounds: int = 5) -> list[Part]:
    """(game and mode, raw µs, env() µs, raw_env µs, env() µs without encoding, arrays alone µs)
    for each game."""
    from deadtable.rl.pettingzoo import env, raw_env

    out = []
    for g in games():
        if game_ids and g.id not in game_ids:
            continue
        variant = g.variants()[0]
        full = env(g.id, variant.players, **variant.options)
        bare = raw_env(g.id, variant.players, **variant.options)
        blank = env(g.id, variant.players, **variant.options)
        blank.unwrapped.layout = ConstantObserver(bare.layout.size)  # type: ignore[attr-defined]
        envs = (full, bare, blank)
        rand = random.Random(0).random
        steps, seconds, seeds = [0, 0, 0], [0.0, 0.0, 0.0], [0, 0, 0]
        masks = recorded_masks(env(g.id, variant.players, **variant.options), RECORDED, rand)
        sizes = (bare.layout.size, bare.encoder.size)
        array_steps, array_seconds = 0, 0.0
        raw: throughput.Rate | None = None
        part = budget / rounds
        for _ in range(rounds):
            played = raw.games if raw is not None else 0
            raw = throughput.Rate.add(raw, throughput.random_play(g, variant, part, first_seed=played))
            for k, e in enumerate(envs):
                n, spent, seeds[k] = throughput.env_slice(e, part, seeds[k], rand)
                steps[k] += n
                seconds[k] += spent
            n, spent = arrays_slice(masks, sizes, part, rand)
            array_steps += n
            array_seconds += spent
        assert raw is not None
        per_raw = 1e6 / raw.actions_per_s
        wrapped, unwrapped, without = (1e6 * seconds[k] / steps[k] for k in range(3))
        arrays = 1e6 * array_seconds / array_steps
        out.append((f"{g.id} {variant.name}", per_raw, wrapped, unwrapped, without, arrays))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.env_parts", description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds per loop and game (default 1)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = ap.parse_args(argv)
    chosen = [x for x in args.games.split(",") if x]
    print(f"build: {native.describe()}; {args.budget:g} CPU s per loop and game; µs per step (x raw step)")
    print(
        f"{'game':24} {'raw':>7} {'env()':>16} {'raw_env':>16} {'env() no encoding':>18} {'arrays alone':>18}"
        f"   target <= {ENV_COST:g}x for env()"
    )
    for name, per_raw, *loops in parts(chosen, args.budget):
        cells = " ".join(f"{us:10.2f} ({us / per_raw:4.1f}x)" for us in loops)
        print(f"{name:24} {per_raw:7.2f} {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
