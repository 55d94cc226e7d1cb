"""What a hint at a casual table costs: CPU per hint against the bot's own move.

    PYTHONPATH=. .venv/bin/python -m benchmarks.hint_cost --games 5

For each game at 2 players, seeded games of the game's hint agent (its strongest bot at 2
players, `Game.strongest_agent`: the search where it beats the heuristic; deadtable/agents/hint.py)
against itself; at every decision with more than one legal
move, in the same process one after the other: the hint as the server makes it (`info_for`, the
seat's view and a determinization drawn up front, then `suggest`) and the same agent's own move
from a lazy SeatInfo (what a bot seat does). Prints per game the decisions timed, the hint's median
and slowest CPU time, the ratio of the hints' total CPU to the bot moves' (the figure to compare
across machines: the rest depends on the machine), and the median CPU of saying the hinted move in
words (`hint.words`: the move played on the seat's determinizations, or the game's words for it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from deadtable.agents.hint import hint_agent, info_for, suggest, words
from deadtable.core import games, seat_info

MOVES_PER_GAME = 120  # decisions looked at per game at most (Zombie Overlord games are long)


def measure(game_id: str, n_games: int) -> tuple[int, list[float], float, list[float]]:
    """(decisions, each hint's CPU seconds, hints' total CPU over the bot moves' total CPU, the CPU
    seconds of saying each hinted move in words)."""
    the_game = next(g for g in games() if g.id == game_id)
    bot = hint_agent(the_game)
    hints: list[float] = []
    said: list[float] = []
    moves = 0.0
    for seed in range(n_games):
        state = the_game.new(2, seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(state.history) < MOVES_PER_GAME:
            move = len(state.history)
            if len(state.legal_actions()) > 1:
                t0 = time.process_time()
                info = info_for(state, move)
                hinted = suggest(info, the_game, move)
                t1 = time.process_time()
                words(info, the_game, hinted, move)
                said.append(time.process_time() - t1)
                t1 = time.process_time()
                action = bot.act(seat_info(state), rng)
                moves += time.process_time() - t1
                hints.append(t1 - t0)
            else:
                action = state.legal_actions()[0]
            state.apply(action)
    return len(hints), hints, sum(hints) / moves if moves else float("nan"), said


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="seeded games per game (default 5)")
    args = parser.parse_args(argv)
    print(f"{'game':<16} {'hints':>6} {'median ms':>10} {'max ms':>8} {'hint/bot move':>14} {'words ms':>9}")
    for g in sorted(games(), key=lambda g: g.id):
        n, each, ratio, said = measure(g.id, args.games)
        median = statistics.median(each) * 1000 if each else float("nan")
        slowest = max(each) * 1000 if each else float("nan")
        told = statistics.median(said) * 1000 if said else float("nan")
        print(f"{g.id:<16} {n:>6} {median:>10.1f} {slowest:>8.1f} {ratio:>13.2f}x {told:>9.1f}")


if __name__ == "__main__":
    main()
