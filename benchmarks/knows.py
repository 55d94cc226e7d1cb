"""What search gains from a determinization that uses everything a seat knows.

    PYTHONPATH=. .venv/bin/python -m benchmarks.knows --game zombie-overlord --games 400 \
        --rows benchmarks/knows_rows --workers 1

Plays 2-player games of IS-MCTS (its default budget, the game's search settings) sampling with the
game's `determinize` ("new") against the same IS-MCTS sampling with the determinization as it was
before the seat's knowledge was added ("old", copied here and reachable only from here), seats
alternating by game, every game seeded. Prints the new one's win rate with a 95% Wilson interval.
A shared win counts half to each seat. With `--rows DIR` each finished game's row is appended to
DIR/<game id>.jsonl as soon as it ends, and a later run with the same DIR plays only the games still
missing, so a run can be stopped and resumed, or split and its files concatenated.

The old samplers:
- zombie-overlord: an opponent's hand and Draw Deck pooled together less the cards shown from the
  hand only, so after a reshuffle the deck may get cards that went to the hand from the old deck.
- overlords: the draw pile a Blue Knight showed is forgotten at the next deal (knowledge.deal_known
  not applied): a Hired Hand known to be in the game may be sampled into the box.
- zombie-shedding: a deck rebuild tells nothing of the other hands (hands.deck_rebuilt not
  applied). The deduction is part of the state's `known` (one other hand hidden: that hand) and
  `pooled` (several: the cards among them), so the old agent keeps a shadow of the game, replayed
  move by move from the same seed with that step left out, and samples from it. At 3 or more
  players (`--players 3 --mode marathon`) the deduction is nearly all `pooled`: one new seat (at
  game index % players) against old ones, its share of the wins against 1/players.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import deadtable
from deadtable.core import Action, SeatInfo, State, seat_info
from deadtable.core.chance import shuffle
from deadtable.sim.runner import build_agent
from deadtable.sim.stats import wilson

NEW, OLD = "new", "old"


def old_zombie_overlord(state: Any, player: int, rng: random.Random) -> State:
    """ZOState.determinize before `known`: the reshuffle's deduction left out."""
    other = state._determinized_copy(rng)
    other.changed()
    for q in range(state.players):
        other.known[q] = []
        if q == player:
            deck = sorted(state.deck[q])
            shuffle(deck, rng)
            other.deck[q] = deck
            continue
        fixed = list(state.shown[q])
        pool = list(state.hand[q]) + list(state.deck[q])
        for k in fixed:
            pool.remove(k)
        pool.sort()
        shuffle(pool, rng)
        free = len(state.hand[q]) - len(fixed)
        other.hand[q] = sorted(fixed + pool[:free])
        other.deck[q] = pool[free:]
    for name in ("trap_deck", "survivor_deck", "action_deck"):
        pool = sorted(getattr(state, name))
        shuffle(pool, rng)
        setattr(other, name, pool)
    return other


def old_overlords(state: Any, player: int, rng: random.Random) -> State:
    """OverlordsState.determinize before `in_play`: what a deal spread unseen is forgotten."""
    forgetful = state.clone()
    forgetful.in_play = [[] for _ in range(state.players)]
    return forgetful.determinize(player, rng)  # type: ignore[no-any-return]


class ShedShadow:
    """The zombie shedding game as the old sampler knew it: the same moves, no rebuild deduction."""

    def __init__(self) -> None:
        self.shadow: Any = None

    def __call__(self, state: Any, player: int, rng: random.Random) -> State:
        from deadtable.games.zombie_shedding import hands

        if (
            self.shadow is None
            or self.shadow.seed != state.seed
            or len(self.shadow.history) > len(state.history)
        ):
            self.shadow = state.game.new(state.players, state.seed, **state.options)
        told, hands.deck_rebuilt = hands.deck_rebuilt, lambda st: None
        try:
            for action in state.history[len(self.shadow.history) :]:
                self.shadow.apply_trusted(action)
        finally:
            hands.deck_rebuilt = told
        return self.shadow.determinize(player, rng)  # type: ignore[no-any-return]


OLD_SAMPLERS: dict[str, Callable[[], Callable[[Any, int, random.Random], State]]] = {
    "overlords": lambda: old_overlords,
    "zombie-overlord": lambda: old_zombie_overlord,
    "zombie-shedding": ShedShadow,
}


class OldKnowledge:
    """An agent that searches with the old sampler: it hands `inner` a SeatInfo whose samples are
    drawn by OLD_SAMPLERS[game] from the real state (benchmark only: it reads the info's state)."""

    name = OLD

    def __init__(self, inner: Any, game_id: str) -> None:
        self.inner = inner
        self.sampler = OLD_SAMPLERS[game_id]()

    def act(self, info: SeatInfo, rng: random.Random) -> Action:
        state = info._live()  # the benchmark's one look at the real state: to sample the old way
        seat, sampler = info.seat, self.sampler
        sampler(state, seat, random.Random(0))  # a shadow game catches up now, while it is this move
        old = SeatInfo(
            game_id=info.game_id,
            seat=seat,
            players=info.players,
            view=info.view,
            legal_actions=info.legal_actions,
            _sampler=lambda r: sampler(state, seat, r),
            _facts=info.facts,
        )
        return self.inner.act(old, rng)  # type: ignore[no-any-return]


def play(
    game_id: str, index: int, seed: int, agent: str = "ismcts", players: int = 2, mode: str = ""
) -> dict[str, Any]:
    """Game `index`: the new sampler at seat index % players, the old one at the others; its row
    (the new one's share of the win)."""
    the_game = deadtable.game(game_id)
    game_seed = seed * 1_000_003 + index
    new_seat = index % players
    agents: list[Any] = [build_agent(agent, the_game) for _ in range(players)]
    for s in range(players):
        if s != new_seat:
            agents[s] = OldKnowledge(agents[s], game_id)
    rngs = [random.Random(f"{game_seed}/agent/{s}") for s in range(players)]
    options = {"mode": mode or "duel"} if game_id == "zombie-shedding" else {}
    state = the_game.new(players, game_seed, **options)
    moves = 0
    while not state.is_terminal:
        s = state.current_player
        assert s is not None
        state.apply_trusted(agents[s].act(seat_info(state), rngs[s]))
        moves += 1
    winners = state.outcome().winners
    share = 1.0 / len(winners) if new_seat in winners else 0.0
    row = {"game": index, "seed": game_seed, "new_seat": new_seat, "new_win": share, "moves": moves}
    if agent != "ismcts":
        row["agent"] = agent
    if players != 2:
        row["players"], row["mode"] = players, mode
    return row


def measure(
    game_id: str,
    n_games: int,
    seed: int,
    workers: int,
    rows_dir: str | None,
    agent: str = "ismcts",
    players: int = 2,
    mode: str = "",
) -> None:
    rows: dict[int, dict[str, Any]] = {}
    path = Path(rows_dir) / f"{game_id}.jsonl" if rows_dir else None
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            same = row.get("agent", "ismcts") == agent and row.get("players", 2) == players
            if (
                row["seed"] == seed * 1_000_003 + row["game"]
                and same
                and row.get("mode", "") == (mode if players != 2 else "")
            ):
                rows[row["game"]] = row
    todo = [i for i in range(n_games) if i not in rows]
    t = time.time()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play, game_id, i, seed, agent, players, mode) for i in todo]
        for k, fut in enumerate(as_completed(futures), start=1):
            row = fut.result()
            rows[row["game"]] = row
            if path is not None:
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            done = [r for r in rows.values() if r["game"] < n_games]
            wins = sum(r["new_win"] for r in done)
            line = f"  {game_id}: {k}/{len(todo)} played, new {wins:g}/{len(done)}, {time.time() - t:.0f}s"
            print(line, file=sys.stderr, flush=True)
    done = [rows[i] for i in range(n_games) if i in rows]
    wins = sum(r["new_win"] for r in done)
    lo, hi = wilson(wins, len(done))
    rate = wins / len(done) if done else 0.0
    at = f" at {players} players ({mode}), a fair share {1 / players:.1%}" if players != 2 else ""
    print(
        f"{game_id:18} {agent} new vs old determinization{at}: {wins:g}/{len(done)} = {rate:.1%} "
        f"(95% CI {lo:.1%} - {hi:.1%})",
        flush=True,
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", action="append", choices=sorted(OLD_SAMPLERS), help="repeatable")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--agent", default="ismcts", help="the search's spec (both seats), e.g. ismcts:iterations=50"
    )
    parser.add_argument("--rows", help="keep each game's row in DIR/<game id>.jsonl, resume from it")
    parser.add_argument("--players", type=int, default=2, help="the shedding game only: 3 or more")
    parser.add_argument("--mode", default="", help="the shedding game's mode at --players 3+ (marathon)")
    args = parser.parse_args(argv)
    if args.players != 2 and (args.game != ["zombie-shedding"] or not args.mode):
        parser.error("--players other than 2 is for --game zombie-shedding alone, with a --mode")
    for game_id in args.game or sorted(OLD_SAMPLERS):
        measure(game_id, args.games, args.seed, args.workers, args.rows, args.agent, args.players, args.mode)


if __name__ == "__main__":
    main(sys.argv[1:])
