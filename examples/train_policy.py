"""Train a small masked policy on Carson City Zoo with sb3-contrib's MaskablePPO, then show it beats random.

    pip install -e '.[rl,train]'            # torch: pip install torch==2.13.0 (the CPU build)
    python examples/train_policy.py --minutes 8
    python examples/train_policy.py --timesteps 20000 --eval-games 200 --save zoo_ppo.zip

The learner plays one seat of a 2-player game against the generic random agent, changing seat every
episode (`deadtable.rl.single_agent.SeatEnv`); it sees only what its seat may see, encoded by the
game's observation encoder (`deadtable.rl.encoders`), and picks among the game's 180 fixed actions
with illegal ones masked.
Training stops at whichever comes first, the time or the step budget. Evaluation plays seeded games
the learner never trained on (deterministic policy) and, for the baseline, the same seeds with a
random player in the learner's seat; it prints both win rates and their difference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

GAME = "carson-zoo"
EVAL_SEED = 1_000_000  # evaluation games use seeds from here, training draws its own


@dataclass
class Result:
    timesteps: int
    seconds: float
    games: int
    policy_score: float  # mean reward of the learner: +1 win, -1 loss, 0 shared win
    policy_wins: float
    random_score: float
    random_wins: float


SHAPING = 1.0  # dense reward: SHAPING x the change of the score margin (Game.evaluate) each turn


def train(minutes: float, timesteps: int, seed: int = 0, verbose: int = 0) -> Any:
    """A MaskablePPO model trained for `minutes` or `timesteps`, whichever ends first."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import HumanOutputFormat, Logger

    from deadtable.rl.single_agent import SeatEnv

    torch.set_num_threads(1)
    env = SeatEnv(GAME, players=2, opponent="random", shaping=SHAPING)
    env.reset(seed=seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=1024,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        verbose=verbose,
        device="cpu",
    )
    # Our own logger: SB3's default makes a /tmp/SB3-<date> folder on every run, even a quiet one.
    model.set_logger(Logger(folder=None, output_formats=[HumanOutputFormat(sys.stdout)] if verbose else []))
    deadline = time.monotonic() + minutes * 60

    class Clock(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            return time.monotonic() < deadline

    model.learn(total_timesteps=timesteps, callback=Clock())
    return model


def evaluate(model: Any, games: int) -> tuple[float, float, float, float]:
    """(policy mean reward, policy win rate, random mean reward, random win rate) on the same seeds."""
    from deadtable.rl.single_agent import SeatEnv

    def play(policy: Any) -> tuple[float, float]:
        env = SeatEnv(GAME, players=2, opponent="random")
        env.reset(seed=EVAL_SEED)
        pick = random.Random(EVAL_SEED)
        total = wins = 0.0
        for _ in range(games):
            obs, _ = env.reset()
            done = False
            reward = 0.0
            while not done:
                mask = env.action_masks()
                if policy is None:
                    action = pick.choice([i for i, ok in enumerate(mask) if ok])
                else:
                    action, _ = policy.predict(obs, action_masks=mask, deterministic=True)
                obs, reward, done, _, _ = env.step(int(action))
            total += reward
            wins += reward > 0  # evaluation envs have no shaping: reward is the outcome
        return total / games, wins / games

    score, wins = play(model)
    base_score, base_wins = play(None)
    return score, wins, base_score, base_wins


def run(minutes: float, timesteps: int, eval_games: int, seed: int = 0, verbose: int = 0) -> Result:
    start = time.monotonic()
    model = train(minutes, timesteps, seed, verbose)
    seconds = time.monotonic() - start
    score, wins, base_score, base_wins = evaluate(model, eval_games)
    return Result(int(model.num_timesteps), seconds, eval_games, score, wins, base_score, base_wins)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=8.0, help="training time limit (default 8)")
    ap.add_argument("--timesteps", type=int, default=2_000_000, help="training step limit")
    ap.add_argument("--eval-games", type=int, default=400, help="evaluation games (default 400)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default="", help="save the trained model to this .zip")
    ap.add_argument("--verbose", type=int, default=0)
    args = ap.parse_args(argv)
    start = time.monotonic()
    model = train(args.minutes, args.timesteps, args.seed, args.verbose)
    trained = time.monotonic() - start
    if args.save:
        model.save(args.save)
    score, wins, base_score, base_wins = evaluate(model, args.eval_games)
    print(f"{GAME}, 2 players: MaskablePPO trained {model.num_timesteps:,} steps in {trained:.0f} s")
    print(f"  over {args.eval_games} seeded games against a random opponent (learner's seat alternates):")
    print(f"  trained policy: win rate {wins:.1%}, mean reward {score:+.3f}")
    print(f"  random policy:  win rate {base_wins:.1%}, mean reward {base_score:+.3f}")
    print(f"  difference:     {wins - base_wins:+.1%} wins, {score - base_score:+.3f} reward")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
