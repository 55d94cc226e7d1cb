"""Self-play in the PettingZoo environment: a masked policy against earlier copies of itself.

    pip install -e '.[rl,train]'            # torch: pip install torch==2.13.0 (the CPU build)
    python examples/self_play.py --minutes 10
    python examples/self_play.py --game overlords --updates 300 --eval-games 400 --seed 0

Both seats of a 2-player game are played through `deadtable.rl.pettingzoo.env`: the learner takes
a seat drawn per episode, the other seat is a frozen snapshot of the learner drawn from a pool of
earlier copies (one is added every `--snapshot-every` updates; the pool starts with the untrained
network). Learning is REINFORCE with a learned baseline over batches of whole episodes: the reward
is the environment's own (+1 win, -1 loss, 0 when both win), no shaping. Nothing here reads more
than a seat's observation vector and action mask.

Then it plays `--eval-games` seeded games against the game's own `heuristic` agent (seats
alternate, the policy picks its most likely legal action) and prints the win rate with its 95%
Wilson interval, beside the untrained network's on the same seeds. Training stops after
`--updates` updates or `--minutes`, whichever comes first; with a fixed seed and `--updates` alone
the run is reproducible (one torch thread).
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from dataclasses import dataclass
from typing import Any

GAME = "overlords"
EVAL_SEED = 1_000_000  # evaluation games use seeds from here, training seeds below it


@dataclass
class Result:
    updates: int
    steps: int  # the learner's decisions trained on
    seconds: float
    games: int
    wins: int  # the trained policy's wins against the heuristic
    untrained_wins: int  # the untrained network's, same seeds


def _network(obs_size: int, actions: int, hidden: int) -> Any:
    import torch
    from torch import nn

    class Policy(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(
                nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
            )
            self.logits = nn.Linear(hidden, actions)
            self.value = nn.Linear(hidden, 1)

        def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            h = self.body(obs)
            logits = self.logits(h).masked_fill(~mask, -1e9)
            return logits, self.value(h).squeeze(-1)

    return Policy()


def _pick(net: Any, obs: Any, mask: Any, rng: Any, greedy: bool = False) -> int:
    import torch

    with torch.no_grad():
        logits, _ = net(torch.as_tensor(obs)[None], torch.as_tensor(mask, dtype=torch.bool)[None])
        if greedy:
            return int(logits.argmax())
        return int(torch.multinomial(torch.softmax(logits[0], -1), 1, generator=rng))


def _episode(env: Any, nets: list[Any], learner: int, seed: int, rng: Any) -> tuple[list[Any], float]:
    """One game; the learner's (observation, mask, action) at each of its decisions, and its reward."""
    env.reset(seed=seed)
    trail = []
    reward = 0.0
    for agent in env.agent_iter():
        obs, got, term, trunc, _ = env.last()
        seat = int(agent.rsplit("_", 1)[1])
        if term or trunc:
            if seat == learner:
                reward = float(got)  # the game's result for this seat (last() gives it once over)
            env.step(None)
            continue
        action = _pick(nets[seat], obs["observation"], obs["action_mask"], rng)
        if seat == learner:
            trail.append((obs["observation"], obs["action_mask"].astype(bool), action))
        env.step(action)
    return trail, reward


def train(
    game_id: str, updates: int, minutes: float, seed: int, *, batch: int = 16, hidden: int = 128,
    snapshot_every: int = 10, pool_size: int = 8, verbose: bool = False,
) -> tuple[Any, Any, int, int]:  # fmt: skip
    """(trained network, untrained copy, updates done, learner steps trained on)."""
    import numpy as np
    import torch

    from deadtable.rl.pettingzoo import env as make_env

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    rng = torch.Generator().manual_seed(seed)
    draw = random.Random(seed)
    env = make_env(game_id, 2)
    space = env.observation_space("player_0")["observation"].shape[0]
    net = _network(space, env.action_space("player_0").n, hidden)
    untrained = copy.deepcopy(net)
    pool = [copy.deepcopy(net)]
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3)
    deadline = time.monotonic() + minutes * 60
    done = steps = 0
    while done < updates and time.monotonic() < deadline:
        observations, masks, actions, returns = [], [], [], []
        for _ in range(batch):
            learner = draw.randrange(2)
            nets = [net, draw.choice(pool)] if learner == 0 else [draw.choice(pool), net]
            trail, reward = _episode(env, nets, learner, draw.randrange(EVAL_SEED), rng)
            for o, m, a in trail:
                observations.append(o)
                masks.append(m)
                actions.append(a)
                returns.append(reward)
        obs = torch.as_tensor(np.stack(observations))
        mask = torch.as_tensor(np.stack(masks))
        logits, value = net(obs, mask)
        target = torch.as_tensor(returns, dtype=torch.float32)
        logp = torch.log_softmax(logits, -1)
        chosen = logp.gather(1, torch.as_tensor(actions)[:, None]).squeeze(1)
        advantage = (target - value).detach()
        entropy = -(logp.exp() * logp.masked_fill(~mask, 0.0)).sum(-1).mean()
        loss = -(chosen * advantage).mean() + 0.5 * ((value - target) ** 2).mean() - 0.01 * entropy
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        optimiser.step()
        done += 1
        steps += len(actions)
        if done % snapshot_every == 0:
            pool = [*pool, copy.deepcopy(net)][-pool_size:]
        if verbose and done % 20 == 0:
            print(f"update {done}: {steps:,} steps, mean return {float(target.mean()):+.3f}", flush=True)
    return net, untrained, done, steps


def wins_against_heuristic(net: Any, game_id: str, games: int) -> int:
    """Wins of `net` (most likely legal action) against the game's heuristic over seeded games."""
    import torch

    from deadtable.agents.registry import make_agent
    from deadtable.core import seat_info
    from deadtable.rl.pettingzoo import env as make_env

    env = make_env(game_id, 2)
    raw = env.unwrapped
    heuristic = make_agent("heuristic", raw.game)
    rng, pick = torch.Generator().manual_seed(0), random.Random(EVAL_SEED)
    wins = 0
    for k in range(games):
        learner = k % 2
        env.reset(seed=EVAL_SEED + k)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                wins += agent == f"player_{learner}" and reward > 0
                env.step(None)
                continue
            if agent == f"player_{learner}":
                action = _pick(net, obs["observation"], obs["action_mask"], rng, greedy=True)
            else:
                state = raw.game_state
                action = raw.encoder.encode(state, heuristic.act(seat_info(state), pick))
            env.step(action)
    return wins


def run(
    game_id: str, updates: int, minutes: float, games: int, seed: int = 0, verbose: bool = False
) -> Result:
    start = time.monotonic()
    net, untrained, done, steps = train(game_id, updates, minutes, seed, verbose=verbose)
    seconds = time.monotonic() - start
    wins = wins_against_heuristic(net, game_id, games)
    return Result(done, steps, seconds, games, wins, wins_against_heuristic(untrained, game_id, games))


def main(argv: list[str] | None = None) -> int:
    from deadtable.sim import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=GAME, help=f"a game with a heuristic agent (default {GAME})")
    ap.add_argument("--updates", type=int, default=100_000, help="training updates (16 games each)")
    ap.add_argument("--minutes", type=float, default=10.0, help="training time limit (default 10)")
    ap.add_argument("--eval-games", type=int, default=400, help="games against the heuristic (default 400)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    r = run(args.game, args.updates, args.minutes, args.eval_games, args.seed, args.verbose)
    print(
        f"{args.game}, 2 players: self-play, {r.updates} updates, {r.steps:,} learner steps"
        f" in {r.seconds:.0f} s"
    )
    print(f"  against the heuristic over {r.games} seeded games (seats alternate), 95% Wilson intervals:")
    for label, wins in (("trained policy", r.wins), ("untrained network", r.untrained_wins)):
        lo, hi = wilson(wins, r.games)
        print(f"  {label:18} win rate {wins / r.games:.1%} [{lo:.1%}, {hi:.1%}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
