"""What a post-game review costs, and what the cheaper budget changes.

    PYTHONPATH=. .venv/bin/python -m benchmarks.review_cost --games 1
    PYTHONPATH=. .venv/bin/python -m benchmarks.review_cost --games 3 --compare --every 2

Each game at 2 players: seeded games of the game's hint agent (its heuristic, greedy where it has
none) against itself, to the end; then the review of seat P1 at the default budget
(`review.CHEAP`, `DEFAULT_ITERATIONS` playouts a decision) in this one process, timed in CPU
seconds (`time.process_time`: the CPU of `deadtable review --workers 1`).

With `--compare`, every `--every`-th decision of P1 is also reviewed with `review.THOROUGH` (the
budget before the split: the whole budget screens and the whole budget confirms, always) at seed 0
and again at seed 1, and the flags (none, inaccuracy, mistake, blunder) are compared decision by
decision: the cheap review against the thorough one, and, for the noise of the thorough review
itself, the thorough review against its own run on other samples. Also printed: how many decisions
either flagged and how many of those got the same flag from both, the mean absolute difference of
the losses, the mean difference of the played move's chance (the first review's bias, in points)
and the CPU of the cheap budget over the thorough one on those decisions.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from deadtable.agents import review as rv
from deadtable.agents.hint import hint_agent
from deadtable.core import Record, games, seat_info

SEAT = 0  # P1


def played(game_id: str, seed: int) -> Record:
    """A seeded 2-player game of the game's hint agent against itself, to the end."""
    the_game = next(g for g in games() if g.id == game_id)
    bot = hint_agent(the_game)
    state = the_game.new(2, seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(bot.act(seat_info(state), rng))
    return state.record()


def timed(tasks: list[rv.Task]) -> tuple[list[rv.Decision], list[float]]:
    """Each task's decision and CPU seconds, in this process (as `run` with one worker)."""
    out, seconds = [], []
    for task in tasks:
        t0 = time.process_time()
        out.append(rv.review_decision(task))
        seconds.append(time.process_time() - t0)
    return out, seconds


@dataclass
class Agreement:
    """Flags of two reviews of the same decisions, compared one by one."""

    decisions: int = 0
    same: int = 0  # the same flag (none counts)
    flagged: int = 0  # flagged by either
    flagged_same: int = 0  # flagged by either, the same flag
    loss_gap: float = 0.0  # the sum of |loss a - loss b|
    chance_gap: float = 0.0  # the sum of chance a - chance b of the move played (a's bias)

    def add(self, a: list[rv.Decision], b: list[rv.Decision]) -> None:
        for x, y in zip(a, b, strict=True):
            self.decisions += 1
            self.same += x.flag == y.flag
            if x.flag or y.flag:
                self.flagged += 1
                self.flagged_same += x.flag == y.flag
            self.loss_gap += abs(x.loss - y.loss)
            self.chance_gap += x.played_chance - y.played_chance

    def line(self, name: str) -> str:
        n = max(1, self.decisions)
        return (
            f"{name:<28} {self.decisions:>5} {self.same / n:>9.0%} "
            f"{self.flagged_same:>4}/{self.flagged:<4} {self.loss_gap / n * 100:>10.1f}"
            f" {self.chance_gap / n * 100:>+11.1f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1, help="seeded games per game (default 1)")
    parser.add_argument("--seed", type=int, default=5, help="the first game's seed (default 5)")
    parser.add_argument("--only", default="", help="one game id (default: every game)")
    parser.add_argument("--compare", action="store_true", help="compare with the thorough budget")
    parser.add_argument("--every", type=int, default=1, help="--compare: every k-th decision (default 1)")
    args = parser.parse_args(argv)
    ids = [args.only] if args.only else sorted(g.id for g in games())
    print(f"{'game':<16} {'seed':>5} {'decisions':>9} {'CPU s':>8} {'s/decision':>10}")
    cheap_vs_thorough, thorough_vs_itself = Agreement(), Agreement()
    cpu = {"cheap": 0.0, "thorough": 0.0}
    for game_id in ids:
        for seed in range(args.seed, args.seed + args.games):
            record = played(game_id, seed)
            start = rv.start_of(record)
            tasks = rv.plan(start, record.actions, SEAT)
            decisions, seconds = timed(tasks)
            total = sum(seconds)
            per = total / len(tasks) if tasks else 0.0
            print(f"{game_id:<16} {seed:>5} {len(tasks):>9} {total:>8.1f} {per:>10.2f}", flush=True)
            if not args.compare:
                continue
            picked = range(0, len(tasks), args.every)
            thorough = rv.plan(start, record.actions, SEAT, budget=rv.THOROUGH)
            other = rv.plan(start, record.actions, SEAT, budget=rv.THOROUGH, seed=1)
            first, spent = timed([thorough[i] for i in picked])
            cpu["thorough"] += sum(spent)
            cpu["cheap"] += sum(seconds[i] for i in picked)
            cheap_vs_thorough.add([decisions[i] for i in picked], first)
            thorough_vs_itself.add(first, rv.run([other[i] for i in picked]))
    if args.compare:
        print()
        print(
            f"{'flags compared':<28} {'moves':>5} {'same flag':>9} {'flagged':>9} {'|loss| pts':>10}"
            f" {'chance pts':>11}"
        )
        print(cheap_vs_thorough.line("cheap vs thorough"))
        print(thorough_vs_itself.line("thorough vs thorough seed 1"))
        if cpu["thorough"]:
            print(f"CPU of the compared decisions: cheap / thorough = {cpu['cheap'] / cpu['thorough']:.2f}")


if __name__ == "__main__":
    main()
