"""A behaviour fingerprint: one hash per game of every move of seeded games and of determinizations.

    python -m benchmarks.fingerprint                  # every game, the short run (several minutes)
    python -m benchmarks.fingerprint --only overlords  # one game
    python -m benchmarks.fingerprint --games 40  # more games a cell

A refactor that must keep behaviour prints the same lines before and after. Each cell plays
seeded games of one variant with one kind of agent on every seat (`heuristic`, where the game has
one, and `ismcts` with a small iteration budget), hashing the text of every action taken; a
`samples` cell hashes the views of determinizations drawn for the seat to act along random games
(`State.determinize`), so a change in what a seat is dealt in a sample shows too. Nothing here is
timed, and nothing is random but through seeded generators.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

import deadtable
from deadtable.agents.registry import make_agent
from deadtable.core import Game, Variant, seat_info


def _variants(game: Game) -> list[Variant]:
    """One variant for each player count the game offers (its first variant of that count)."""
    chosen: dict[int, Variant] = {}
    for variant in game.variants():
        chosen.setdefault(variant.players, variant)
    return [chosen[p] for p in sorted(chosen)]


def play_hash(game: Game, variant: Variant, agent_name: str, games: int, iterations: int) -> str:
    digest = hashlib.sha256()
    for seed in range(games):
        state = game.new(variant.players, seed, **variant.options)
        agents = [make_agent(agent_name, game) for _ in range(variant.players)]
        for agent in agents:
            if hasattr(agent, "iterations"):
                agent.iterations = iterations
        rngs = [random.Random(seed * 1_000 + seat) for seat in range(variant.players)]
        while (seat := state.current_player) is not None:
            action = agents[seat].act(seat_info(state), rngs[seat])
            digest.update(str(action).encode() + b"\n")
            state.apply(action)
        digest.update(repr(state.outcome().scores if hasattr(state.outcome(), "scores") else "").encode())
    return digest.hexdigest()[:16]


def samples_hash(game: Game, variant: Variant, games: int) -> str:
    digest = hashlib.sha256()
    for seed in range(games):
        state = game.new(variant.players, seed, **variant.options)
        rng = random.Random(seed)
        moves = 0
        while (seat := state.current_player) is not None:
            if moves % 7 == 0:
                sample = state.determinize(seat, random.Random(moves))
                digest.update(json.dumps(sample.view(seat), sort_keys=True, default=str).encode())
                for other in range(state.players):
                    digest.update(json.dumps(sample.view(other), sort_keys=True, default=str).encode())
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            moves += 1
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games a cell (default 4)")
    parser.add_argument("--search-games", type=int, default=1, help="seeded ismcts games a cell (default 1)")
    parser.add_argument("--iterations", type=int, default=25, help="ismcts iterations a move (default 25)")
    parser.add_argument("--only", default="", help="a game id: that game alone")
    args = parser.parse_args(argv)
    for game in deadtable.games():
        if args.only and game.id != args.only:
            continue
        for variant in _variants(game):
            cell = f"{game.id} {variant.name}"
            if "heuristic" in game.agents():
                print(cell, "heuristic", play_hash(game, variant, "heuristic", args.games, 0), flush=True)
            search = play_hash(game, variant, "ismcts", args.search_games, args.iterations)
            print(cell, "ismcts", search, flush=True)
            print(cell, "samples", samples_hash(game, variant, args.games), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
