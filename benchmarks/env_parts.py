"""`python -m benchmarks.env_parts`: where a PettingZoo step's time goes, game by game (issue 21).

For the first mode of each game, four loops in alternating slices of one process (so a change in
the machine's load falls on all of them): raw engine steps (`legal_actions` + `apply_trusted`, as
`make bench`), PettingZoo steps of `env()` (what a researcher gets: `last()`, the agent's draw off
the mask, `step`, as `make bench`), the same of `raw_env` (no checks), and `env()` steps with the
observation encoder swapped for a constant vector (still a new array per observation, as an agent
gets it). `env()` less its constant-vector twin is the encoding; what is left beyond a raw step is
the rest of the environment and the agent's own draw. Prints µs per step and each loop's ratio to
a raw step (the target, for `env()`: at most 3).

    python -m benchmarks.env_parts --budget 1
    PYTHONPATH=build/native:. python -P -m benchmarks.env_parts --budget 1   # the native build
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import numpy as np

from deadtable import native
from deadtable.core import games

from . import throughput
from .targets import ENV_COST


class ConstantObserver:
    """An observation encoder that encodes nothing: a copy of one all-zero vector of the same size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._vector = np.zeros(size, np.float32)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        return self._vector.copy()


Part = tuple[str, float, float, float, float]


def parts(game_ids: list[str], budget: float, rounds: int = 5) -> list[Part]:
    """(game and mode, raw µs, env() µs, raw_env µs, env() µs without encoding) for each game."""
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
        raw: throughput.Rate | None = None
        part = budget / rounds
        for _ in range(rounds):
            played = raw.games if raw is not None else 0
            raw = throughput.Rate.add(raw, throughput.random_play(g, variant, part, first_seed=played))
            for k, e in enumerate(envs):
                n, spent, seeds[k] = throughput.env_slice(e, part, seeds[k], rand)
                steps[k] += n
                seconds[k] += spent
        assert raw is not None
        per_raw = 1e6 / raw.actions_per_s
        wrapped, unwrapped, without = (1e6 * seconds[k] / steps[k] for k in range(3))
        out.append((f"{g.id} {variant.name}", per_raw, wrapped, unwrapped, without))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.env_parts", description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds per loop and game (default 1)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = ap.parse_args(argv)
    chosen = [x for x in args.games.split(",") if x]
    print(f"build: {native.describe()}; {args.budget:g} CPU s per loop and game; µs per step (x raw step)")
    print(
        f"{'game':24} {'raw':>7} {'env()':>16} {'raw_env':>16} {'env() no encoding':>18}"
        f"   target <= {ENV_COST:g}x for env()"
    )
    for name, per_raw, *loops in parts(chosen, args.budget):
        cells = " ".join(f"{us:10.2f} ({us / per_raw:4.1f}x)" for us in loops)
        print(f"{name:24} {per_raw:7.2f} {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
