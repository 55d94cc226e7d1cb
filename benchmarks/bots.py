"""Bots playing bots, as `deadtable simulate GAME --agents BOT,BOT --workers 1` plays them.

For every game at 2 players (its first 2-player variant), its own bot against itself: the game's
`heuristic` (every game has one; `greedy` would stand in for a game without). Each game is played by
`deadtable.sim.runner.play_game`, the function every `simulate` backend runs (the same seeds, the
same agents, the statistics listener), and its rate is compared with raw random play of the same
variant (`throughput.random_play`) measured in the same run, in alternating slices, so a change in
the machine's load falls on both sides of the ratio; both are per second of this process's CPU time
(`on_cpu`). One game of each is played first, untimed: a simulate worker reads the card files and
the message catalogues once, not once per game.

    python -m benchmarks.bots                  # these rows alone (about 10 s)
    python -m benchmarks.bots --budget 3       # steadier
    python -m benchmarks                       # the whole table, these rows with it

The target: bot games/s at least 1/3 of random games/s, every game, in both builds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deadtable.core import Game, Variant, games
from deadtable.sim.runner import Plan, play_game

from . import targets, throughput
from .table import Row, fmt

TARGET_VS_RANDOM = 1 / 3  # bot games/s over random games/s
SLICES = 10  # the bot's and random play's measures alternate in this many slices each


@dataclass
class BotRow(Row):
    """A bots row, with the random play it was judged against (the Markdown table shows both)."""

    random_games_s: float = 0.0
    ratio: float = 0.0  # bot games/s over random games/s


def bot_name(g: Game) -> str:
    """The bot a designer runs for `g`: its own heuristic, else the generic greedy player."""
    return "heuristic" if "heuristic" in g.agents() else "greedy"


def two_player(g: Game) -> Variant | None:
    return next((v for v in g.variants() if v.players == 2), None)


def bot_play(plan: Plan, budget: float, first: int = 0) -> throughput.Rate:
    """Games `first`, `first + 1`, ... of `plan` by `play_game`, as many as fit in `budget` seconds."""
    games_done = actions = 0
    start = time.perf_counter()
    deadline = start + budget
    index = first
    while True:
        actions += play_game(plan, index)["actions"]
        games_done += 1
        index += 1
        if time.perf_counter() >= deadline:
            break
    return throughput.Rate(games_done, actions, time.perf_counter() - start)


def measure(
    g: Game, variant: Variant, budget: float, draw: str = "random", bot: str = ""
) -> tuple[str, throughput.Rate, throughput.Rate]:
    """(bot name, the bot's rate, random play's rate), measured in alternating slices; the bot is
    `bot`, or the game's own (`bot_name`)."""
    bot = bot or bot_name(g)
    plan = Plan(g.id, variant.players, (bot, bot), seed=0, options=dict(variant.options))
    play_game(plan, 0)  # untimed: card files and catalogues are read once per process
    bots: throughput.Rate | None = None
    rand: throughput.Rate | None = None
    for _ in range(SLICES):
        part = on_cpu(bot_play, plan, budget / SLICES, bots.games if bots else 0)
        bots = throughput.Rate.add(bots, part)
        part = on_cpu(throughput.random_play, g, variant, budget / SLICES, draw, rand.games if rand else 0)
        rand = throughput.Rate.add(rand, part)
    assert bots is not None and rand is not None
    return bot, bots, rand


def on_cpu(measure: Callable[..., throughput.Rate], *args: Any) -> throughput.Rate:
    """`measure(*args)`'s rate per second of this process's CPU time (`time.process_time`), not of
    the clock: on a shared machine the waits for a core fall on neither side of a ratio."""
    start = time.process_time()
    rate = measure(*args)
    return throughput.Rate(rate.games, rate.actions, time.process_time() - start)


def rows(chosen: list[Game], budget: float, draw: str, bot: str = "") -> list[BotRow]:
    """One row per game at 2 players: the bot's games/s and decisions/s, judged against random play."""
    out: list[BotRow] = []
    for g in chosen:
        variant = two_player(g)
        if variant is None:
            continue
        name = bot or bot_name(g)
        print(f"  {g.id} {variant.name}: {name} bots against random play ...", file=sys.stderr)
        name, bots, rand = measure(g, variant, budget, draw, name)
        ratio = bots.games_per_s / rand.games_per_s if rand.games_per_s else 0.0
        row = BotRow(f"{g.id} {variant.name}: {name} bots", "2", bots.games_per_s, bots.actions_per_s)
        row.random_games_s, row.ratio = rand.games_per_s, ratio
        verdict = targets.judge("bot games/s vs random", ratio, TARGET_VS_RANDOM)
        row.checks.append(verdict.replace(f"(>= {TARGET_VS_RANDOM:g}x)", "(>= 1/3)"))
        out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bots", description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=2.0, help="seconds per game, bots and random (default 2)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument(
        "--bot",
        default="",
        help="play this agent instead of each game's own: `--bot random` shows what simulate's own "
        "loop (the seat's info, the statistics listener) leaves of random play's speed",
    )
    args = ap.parse_args(argv)
    from deadtable import native

    chosen = [g for g in games() if not args.games or g.id in args.games.split(",")]
    made = rows(chosen, args.budget, "random", args.bot)
    print(f"build: {native.describe()}")
    if args.markdown:
        print("| game (bot) | games/s | decisions/s | random games/s | ratio | target |")
        print("|---|---|---|---|---|---|")
        for r in made:
            print(
                f"| {r.subject} | {fmt(r.games_s, 1)} | {fmt(r.actions_s)} | {fmt(r.random_games_s)} "
                f"| {r.ratio:.3f} | {'; '.join(r.checks)} |"
            )
    else:
        for r in made:  # two lines a game: an 80-column terminal
            print(f"{r.subject}: {fmt(r.games_s, 1)} games/s, {fmt(r.actions_s)} decisions/s")
            print(f"    {'; '.join(r.checks)}")
    checks = [c for r in made for c in r.checks]
    print(f"\ntargets met: {sum(targets.met(c) for c in checks)} of {len(checks)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
