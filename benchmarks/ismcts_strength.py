"""IS-MCTS strength and speed on every registered game (run by hand; never a timed test).

    .venv/bin/python benchmarks/ismcts_strength.py speed                 # iterations/s, s per move
    .venv/bin/python benchmarks/ismcts_strength.py strength --games 400  # vs heuristic, 2 players
    .venv/bin/python benchmarks/ismcts_strength.py profile --game overlords   # pyinstrument

`strength` plays IS-MCTS (the game's settings for the table unless --agent says otherwise)
against each game's heuristic agent, or `greedy` where a game has none, at every other seat of a
table: the 2-player table (Zombie shedding: Duel), or those `--cell` names (`4p`, `marathon-3p`,
`alliances-2v2`, or `all`: every player count and mode, benchmarks/strength_cells.py), the search
seat rotating, through the same seeded simulator as `deadtable simulate`, and prints the win rate
with a 95% Wilson interval, the fair share and whether the target is met. `speed` times searches
on positions from seeded random play.

Each game of `strength` is played by `play_timed`, the simulator's game (`deadtable.sim.runner.
play_game`: the same seeds, agents and rows) with each agent's `act` timed in CPU seconds of its
process (`time.process_time`): a row carries `cpu_s<seat>` and `moves_s<seat>` (every move the seat
made) and `choices_s<seat>` (the moves with more than one legal action), and `build` (native or
pure: both builds play the same games, so their rows make one win rate, but their CPU is printed
apart); the figure printed is the IS-MCTS seat's CPU per move over all the games of each build.
`--opponent` names the opponent (default: the game's heuristic, else greedy; `--opponent greedy`
for Carson City Zoo's strength target: at least 70% at no more than 0.1 s a move).

A 400-game run takes one to three hours of CPU per game id. With `--rows DIR` each finished
game's row (without per-card counts, with the commit it was played on) is appended to
DIR/<game id>.jsonl as soon as it ends, and a later run with the same DIR (and the same --agent
and --seed) plays only the games still missing: a run can be stopped, resumed, or split between
machines and its files concatenated; the figure is the same as one run's.
benchmarks/strength_rows/ holds the rows behind docs/figures/strength.md (`python -m
benchmarks.pages strength` writes it from them).

    .venv/bin/python benchmarks/ismcts_strength.py strength --game overlords \
        --rows benchmarks/strength_rows --workers 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import deadtable
from deadtable import native
from deadtable.agents.ismcts import IsmctsAgent
from deadtable.core import DeadtableError, Game, SeatInfo, State, seat_info
from deadtable.sim import Plan, by_agent, run
from deadtable.sim.runner import MAX_ACTIONS, build_agent, is_one_of

try:
    from benchmarks.stamp import commit
    from benchmarks.strength_cells import Cell, cell, cells, fair_share, two_player, verdict
except ImportError:  # run as a script (python benchmarks/ismcts_strength.py): its folder is on the path
    from stamp import commit  # type: ignore[no-redef]
    from strength_cells import (  # type: ignore[no-redef]
        Cell,
        cell,
        cells,
        fair_share,
        two_player,
        verdict,
    )

TWO_PLAYER_OPTIONS: dict[str, dict[str, Any]] = {"zombie-shedding": {"mode": "duel"}}


def opponent(the_game: Game) -> str:
    return "heuristic" if "heuristic" in the_game.agents() else "greedy"


def positions(the_game: Game, count: int, seed: int) -> list[State]:
    """Positions with a real choice, from seeded random play of 2-player games."""
    rng = random.Random(seed)
    out: list[State] = []
    options = TWO_PLAYER_OPTIONS.get(the_game.id, {})
    game_seed = seed
    while len(out) < count:
        state = the_game.new(2, game_seed, **options)
        game_seed += 1
        stop = rng.randrange(2, 60)
        for _ in range(stop):
            if state.is_terminal:
                break
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
        if not state.is_terminal and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def speed(games: list[Game], iterations: int, moves: int) -> None:
    print(f"{'game':18} {'it/s':>8} {'s/move@default':>15} {'default it':>10}")
    for g in games:
        agent = IsmctsAgent(iterations=iterations)
        spent = 0.0
        done = 0
        for i, state in enumerate(positions(g, moves, 17)):
            info = seat_info(state)
            t = time.process_time()
            agent.analyse(info, random.Random(i))
            spent += time.process_time() - t
            done += agent.last_iterations
        rate = done / spent if spent else 0.0
        default = IsmctsAgent().iterations
        print(f"{g.id:18} {rate:8.0f} {default / rate:15.2f} {default:10}", flush=True)


def play_timed(plan: Plan, index: int) -> dict[str, Any]:
    """Game `index` of `plan` as `deadtable.sim.runner.play_game` plays it (the same seed, agents and
    generators, so the same moves), with every `act` timed in CPU seconds; its row (the win, score
    and rank columns of the simulator's, plus `cpu_s*`, `moves_s*` and `choices_s*`)."""
    the_game = deadtable.game(plan.game_id)
    seed = plan.game_seed(index)
    specs = plan.seat_agents(index)
    agents = [build_agent(spec, the_game, plan.players, plan.options) for spec in specs]
    rngs = [random.Random(f"{seed}/agent/{s}") for s in range(plan.players)]
    state = the_game.new(plan.players, seed, **plan.options)
    cpu = [0.0] * plan.players
    moves = [0] * plan.players
    choices = [0] * plan.players
    while (seat := state.current_player) is not None:
        if sum(moves) >= MAX_ACTIONS:
            raise DeadtableError("game {index} (seed {seed}) did not end", index=index, seed=seed)
        info = SeatInfo.lazy(state, None, seat)
        start = time.process_time()
        action = agents[seat].act(info, rngs[seat])
        cpu[seat] += time.process_time() - start
        moves[seat] += 1
        choices[seat] += len(info.legal_actions) > 1
        if not is_one_of(action, info.legal_actions):
            raise DeadtableError("agent {spec!r} chose an illegal action", spec=specs[seat])
        state.apply_trusted(action)
    out = state.outcome()
    share = 1.0 / len(out.winners)
    row: dict[str, Any] = {"game": index, "seed": seed, "players": plan.players}
    for s in range(plan.players):
        row[f"agent_s{s}"] = specs[s]
        row[f"score_s{s}"] = out.scores[s]
        row[f"rank_s{s}"] = out.ranks[s]
        row[f"win_s{s}"] = share if s in out.winners else 0.0
        row[f"cpu_s{s}"] = round(cpu[s], 4)
        row[f"moves_s{s}"] = moves[s]
        row[f"choices_s{s}"] = choices[s]
    row["winners"] = " ".join(str(w) for w in out.winners)
    row["build"] = "native" if native.compiled_modules() else "pure"
    return row


def cpu_per_move(
    rows: list[dict[str, Any]], agent: str, build: str | None = None
) -> tuple[float, float, int] | None:
    """`agent`'s CPU seconds per move and per move with a choice over `rows` (of `build`, if named),
    and the moves timed; None when no row was timed (rows of runs before `play_timed`).

    >>> row = {"agent_s0": "a", "cpu_s0": 2.0, "moves_s0": 10, "choices_s0": 4, "agent_s1": "b"}
    >>> cpu_per_move([row], "a")
    (0.2, 0.5, 10)
    """
    seconds = 0.0
    moves = choices = 0
    for row in rows:
        if build is not None and row.get("build") != build:
            continue
        for s in range(int(row.get("players", 2))):
            if row.get(f"agent_s{s}") == agent and f"cpu_s{s}" in row:
                seconds += float(row[f"cpu_s{s}"])
                moves += int(row[f"moves_s{s}"])
                choices += int(row[f"choices_s{s}"])
    if not moves:
        return None
    return seconds / moves, seconds / max(1, choices), moves


def resume(plan: Plan, n_games: int, workers: int | None, path: Path, cell: Cell) -> list[dict[str, Any]]:
    """Rows of games 0..n_games-1 of `plan` at `cell`: those already in `path` (JSON lines), then
    the rest, each appended to `path` as it finishes (a row without a cell is the 2-player cell's)."""
    rows: dict[int, dict[str, Any]] = {}
    default = two_player(deadtable.game(plan.game_id)).label
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                index = int(row["game"])
                same_plan = (
                    int(row["seed"]) == plan.game_seed(index) and row.get("cell", default) == cell.label
                )
                seats = tuple(row.get(f"agent_s{s}") for s in range(int(row.get("players", 2))))
                if same_plan and seats == plan.seat_agents(index):
                    rows[index] = row
    todo = [i for i in range(n_games) if i not in rows]
    print(f"  {plan.game_id}: {len(rows)} games in {path}, {len(todo)} to play", file=sys.stderr, flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    t = time.time()
    measured_on = commit()  # what docs/figures/strength.md stamps the run with
    with path.open("a") as out, ProcessPoolExecutor(max_workers=workers or 1) as pool:
        futures = [pool.submit(play_timed, plan, i) for i in todo]
        for k, fut in enumerate(as_completed(futures), start=1):
            row = fut.result()
            row["cell"] = cell.label
            row["commit"] = measured_on
            rows[int(row["game"])] = row
            out.write(json.dumps(_lean(row), default=str) + "\n")
            out.flush()
            print(f"  {plan.game_id}: {k}/{len(todo)}, {time.time() - t:.0f}s", file=sys.stderr, flush=True)
    return [rows[i] for i in range(n_games)]


def _lean(row: dict[str, Any]) -> dict[str, Any]:
    """A row without its per-card counts (the report's, not needed for a win rate)."""
    return {k: v for k, v in row.items() if not k.startswith("card|")}


def strength(
    games: list[Game],
    n_games: int,
    agent: str,
    seed: int,
    workers: int | None,
    rows_dir: str | None = None,
    against: str | None = None,
    labels: list[str] | None = None,
) -> None:
    """Play `agent` against `against` (default: the game's heuristic) at every other seat of each
    named cell of each game (`labels`: cell labels, or "all"; default the 2-player cell)."""
    for g in games:
        opp = against or opponent(g)
        if labels and "all" in labels:
            chosen = cells(g)
        elif labels:
            chosen = [cell(g.id, label) for label in labels]
        else:
            chosen = [two_player(g)]
        for table in chosen:
            plan = Plan(g.id, table.players, (agent,) + (opp,) * (table.players - 1), seed, table.options)
            _strength_of(g, plan, table, n_games, agent, workers, rows_dir)


def _strength_of(
    g: Game, plan: Plan, table: Cell, n_games: int, agent: str, workers: int | None, rows_dir: str | None
) -> None:
    opp = plan.agents[-1]
    t = time.time()
    if rows_dir:
        rows = resume(plan, n_games, workers, Path(rows_dir) / f"{g.id}.jsonl", table)
    else:
        done = [0]

        def progress(k: int, done: list[int] = done, t: float = t, gid: str = g.id) -> None:
            done[0] += k
            line = f"  {gid}: {done[0]}/{n_games} games, {time.time() - t:.0f}s"
            print(line, file=sys.stderr, flush=True)

        rows = run(plan, n_games, workers=workers, progress=progress)
    rates = {r.label: r for r in by_agent(rows)}
    r = rates[agent]
    lo, hi = r.ci
    costs = []
    for build in sorted({str(row.get("build")) for row in rows if "build" in row}):
        timed = cpu_per_move(rows, agent, build)
        if timed:
            games = sum(row.get("build") == build for row in rows)
            costs.append(
                f"{build}: {timed[0]:.3f} s CPU a move ({timed[1]:.3f} a move with a choice; "
                f"{timed[2]} moves, {games} games)"
            )
    cost = "; ".join(costs) or "CPU per move not recorded in these rows"
    fair = (
        f"fair share {fair_share(table.players):.1%}, target {verdict(table.players, r.rate, lo, r.trials)}"
    )
    print(
        f"{g.id:18} {table.label} {agent} vs {opp}: {r.wins:g}/{r.trials} = {r.rate:.1%} "
        f"(95% CI {lo:.1%} - {hi:.1%}); {fair}; {cost}; {time.time() - t:.0f}s",
        flush=True,
    )


def profile(the_game: Game, iterations: int, moves: int) -> None:
    from pyinstrument import Profiler

    agent = IsmctsAgent(iterations=iterations)
    states = positions(the_game, moves, 5)
    profiler = Profiler()
    profiler.start()
    for i, state in enumerate(states):
        agent.analyse(seat_info(state), random.Random(i))
    profiler.stop()
    print(profiler.output_text(unicode=False, color=False, show_all=False))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("what", choices=("speed", "strength", "profile"))
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=400, help="games per game id (strength)")
    parser.add_argument("--agent", default="ismcts", help="the IS-MCTS spec, e.g. ismcts:iterations=300")
    parser.add_argument(
        "--opponent", help="strength: the opponent (default: the game's heuristic, or greedy)"
    )
    parser.add_argument("--iterations", type=int, default=200, help="iterations per timed search")
    parser.add_argument("--moves", type=int, default=6, help="positions timed or profiled per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--rows", help="strength: keep each game's row in DIR/<game>.jsonl, resume from it")
    parser.add_argument(
        "--cell",
        action="append",
        help="strength: a table (2p, 4p, marathon-3p, ...; benchmarks/strength_cells.py) or all; repeatable "
        "(default: the 2-player table)",
    )
    args = parser.parse_args(argv)
    chosen = [deadtable.game(g) for g in args.game] if args.game else deadtable.games()
    if args.what == "speed":
        speed(chosen, args.iterations, args.moves)
    elif args.what == "strength":
        try:
            strength(
                chosen, args.games, args.agent, args.seed, args.workers, args.rows, args.opponent, args.cell
            )
        except ValueError as err:  # an unknown cell: its message names the cells there are
            parser.error(str(err))
    else:
        for g in chosen:
            print(f"== {g.id}")
            profile(g, args.iterations, args.moves)


if __name__ == "__main__":
    main(sys.argv[1:])
