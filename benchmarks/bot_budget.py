"""What a bot may cost a decision for its games to reach 1/3 of random play's games/s.

`python -m benchmarks.bots` judges heuristic-versus-heuristic games/s, as `deadtable simulate`
plays them, against raw random play. This splits a heuristic game's time in three, to show what
the target leaves the bot:

- **rules**: the heuristic's own games replayed by the rules alone (the choices recorded first,
  then `new`, `current_player`, `legal_actions` and `apply_trusted`, as raw random play runs);
- **loop**: the same games through simulate's loop (`deadtable.sim.loop.play_out`: the statistics
  listener, the row) by a scripted chooser, whose own calls (interpreted, timed alone on the same
  choices) are taken out: what any bot pays before it thinks;
- **bot**: the games played by the heuristic through `runner.play_game`, less the loop's time.

The target's budget for a game is 3 random games' time; less the loop's, over the heuristic
game's decisions, it is what a decision of the bot may cost (`budget µs`), beside what it costs now
(`bot µs`). A budget at or below zero means no bot can reach the target there: the heuristic's
games and simulate's loop alone take more than three random games. Every rate is per CPU second
(`on_cpu`), the four measures alternating in slices, so a load change falls on all of them.

    python -m benchmarks.bot_budget                    # every game at 2 players (about 40 s)
    python -m benchmarks.bot_budget --games overlords --games-played 100 --budget 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass

from deadtable.core import Action, Game, Variant, games, seat_info
from deadtable.sim.loop import play_out
from deadtable.sim.runner import Plan, build_agent, play_game

from . import throughput
from .bots import bot_name, on_cpu, two_player
from .table import fmt

SLICES = 5  # each measure runs in this many slices, alternating with the others


@dataclass
class Budget:
    """One game's split (games/s each, per CPU second) and what it leaves a bot decision."""

    subject: str
    decisions: float  # decisions of a heuristic game, on average
    random_s: float  # raw random play
    rules_s: float  # the heuristic's games, by the rules alone
    loop_s: float  # the heuristic's games through simulate's loop, choices free
    bot_s: float  # the heuristic's games as simulate plays them

    @property
    def budget_us(self) -> float:
        """What one bot decision may cost for bot games/s to reach 1/3 of random games/s."""
        return (3.0 / self.random_s - 1.0 / self.loop_s) / self.decisions * 1e6

    @property
    def bot_us(self) -> float:
        """What one bot decision costs now (its games' time less the loop's)."""
        return (1.0 / self.bot_s - 1.0 / self.loop_s) / self.decisions * 1e6


class Scripted:
    """Plays recorded choices (indices into the legal actions) through the loop's `choose`."""

    name = "scripted"

    def __init__(self, choices: list[int]) -> None:
        self.choices, self.next = choices, 0

    def act(self, _info: object, _rng: random.Random) -> Action:
        raise AssertionError("the loop hands a chooser its legal actions alone")

    def choose(self, legal: tuple[Action, ...], _rng: random.Random) -> Action:
        i = self.choices[self.next]
        self.next += 1
        return legal[i]


def record(g: Game, plan: Plan, count: int) -> list[list[int]]:
    """The choices of games 0..count-1 of `plan`, as `play_game` seeds them, by index."""
    out = []
    for index in range(count):
        seed = plan.game_seed(index)
        agents = [build_agent(spec, g) for spec in plan.seat_agents(index)]
        rngs = [random.Random(f"{seed}/agent/{s}") for s in range(plan.players)]
        state = g.new(plan.players, seed, **plan.options)
        choices = []
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            action = agents[seat].act(seat_info(state), rngs[seat])
            choices.append(next(i for i, a in enumerate(legal) if a is action or a == action))
            state.apply(legal[choices[-1]])
        out.append(choices)
    return out


def by_rules(g: Game, plan: Plan, games_choices: list[list[int]]) -> throughput.Rate:
    start, actions = time.perf_counter(), 0
    for index, choices in enumerate(games_choices):
        state = g.new(plan.players, plan.game_seed(index), **plan.options)
        legal, apply = state.legal_actions, state.apply_trusted
        made = iter(choices)
        while state.current_player is not None:  # as random play's loop asks (throughput.random_play)
            apply(legal()[next(made)])
        actions += len(choices)
    return throughput.Rate(len(games_choices), actions, time.perf_counter() - start)


def by_loop(g: Game, plan: Plan, games_choices: list[list[int]]) -> throughput.Rate:
    start, actions = time.perf_counter(), 0
    for index, choices in enumerate(games_choices):
        state = g.new(plan.players, plan.game_seed(index), **plan.options)
        chooser = Scripted(choices)
        rngs = [random.Random(s) for s in range(plan.players)]
        actions += play_out(state, [chooser] * plan.players, rngs, plan.seat_agents(index), index)["actions"]
    return throughput.Rate(len(games_choices), actions, time.perf_counter() - start)


def chooser_alone(games_choices: list[list[int]]) -> throughput.Rate:
    """The scripted chooser's own calls for the same choices, without a game (taken out of `by_loop`)."""
    legal: tuple[Action, ...] = tuple(
        Action() for _ in range(1 + max(max(c, default=0) for c in games_choices))
    )
    rng = random.Random(0)
    start = time.perf_counter()
    for choices in games_choices:
        choose = Scripted(choices).choose
        for _ in choices:
            choose(legal, rng)
    return throughput.Rate(len(games_choices), 0, time.perf_counter() - start)


def by_bots(plan: Plan, count: int) -> throughput.Rate:
    start, actions = time.perf_counter(), 0
    for index in range(count):
        actions += play_game(plan, index)["actions"]
    return throughput.Rate(count, actions, time.perf_counter() - start)


def measure(g: Game, variant: Variant, count: int, budget: float) -> Budget:
    """The split of `count` heuristic games of `variant`, random play given `budget` CPU seconds."""
    bot = bot_name(g)
    plan = Plan(g.id, variant.players, (bot, bot), seed=0, options=dict(variant.options))
    play_game(plan, 0)  # untimed: card files and catalogues are read once per process
    choices = record(g, plan, count)
    rates: dict[str, throughput.Rate | None] = dict.fromkeys(("random", "rules", "loop", "chooser", "bots"))
    for _ in range(SLICES):
        parts = {
            "random": on_cpu(throughput.random_play, g, variant, budget / SLICES),
            "rules": on_cpu(by_rules, g, plan, choices),
            "loop": on_cpu(by_loop, g, plan, choices),
            "chooser": on_cpu(chooser_alone, choices),
            "bots": on_cpu(by_bots, plan, count),
        }
        for key, part in parts.items():
            rates[key] = throughput.Rate.add(rates[key], part)
    r = {key: rate.games_per_s for key, rate in rates.items() if rate is not None}
    r["loop"] = 1.0 / (1.0 / r["loop"] - 1.0 / r["chooser"])  # the loop's time less the chooser's
    decisions = sum(len(c) for c in choices) / count
    return Budget(f"{g.id} {variant.name}", decisions, r["random"], r["rules"], r["loop"], r["bots"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bot_budget", description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    ap.add_argument(
        "--games-played", type=int, default=200, help="heuristic games recorded and replayed (default 200)"
    )
    ap.add_argument("--budget", type=float, default=2.0, help="CPU seconds of random play (default 2)")
    args = ap.parse_args(argv)
    if args.games_played < 1 or args.budget <= 0:
        ap.error("--games-played must be at least 1 and --budget above 0")
    from deadtable import native

    known = {g.id: g for g in games()}
    wanted = [x for x in args.games.split(",") if x] or list(known)
    unknown = [x for x in wanted if x not in known]
    if unknown:
        ap.error(f"unknown game(s): {', '.join(unknown)} (known: {', '.join(known)})")
    print(f"build: {native.describe()}")
    print(
        "| game | decisions | random g/s | rules alone | through the loop | heuristic | budget µs | bot µs |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for gid in wanted:
        variant = two_player(known[gid])
        if variant is None:
            continue
        print(f"  {gid}: recording {args.games_played} heuristic games ...", file=sys.stderr)
        b = measure(known[gid], variant, args.games_played, args.budget)
        shares = [f"{fmt(s)} ({s / b.random_s:.3f})" for s in (b.rules_s, b.loop_s, b.bot_s)]
        print(
            f"| {b.subject} | {b.decisions:.0f} | {fmt(b.random_s)} | {' | '.join(shares)} "
            f"| {b.budget_us:.2f} | {b.bot_us:.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
