"""A fixed amount of play, for counting instructions (valgrind) rather than timing a loaded machine.

    python -m benchmarks.fixed_games KIND GAME VARIANT N

plays one warm-up game (the card set loaded, the tables made), then N seeded games: KIND `random`
draws each action as `acts[floor(random() * len(acts))]` (as benchmarks/throughput.py does), any
other KIND is an agent's name (`heuristic`, `greedy`, ...) on every seat, handed `seat_info` as
`deadtable simulate` does. The games are the same in both builds (tests/test_native.py), so the
difference of two counts is the cost of N games:

    for n in 0 3; do DEADTABLE_PURE=1 PYTHONHASHSEED=0 valgrind --tool=callgrind \\
        --callgrind-out-file=/dev/null .venv/bin/python -m benchmarks.fixed_games heuristic \\
        zombie-overlord 2p $n 2>&1 | grep Collected; done      # pure; without DEADTABLE_PURE: native
"""

from __future__ import annotations

import random
import sys

import deadtable


def main(argv: list[str]) -> int:
    kind, gid, vname, n = argv[0], argv[1], argv[2], int(argv[3])
    g = deadtable.game(gid)
    v = next(v for v in g.variants() if v.name == vname)
    actions = 0
    warm = g.new(v.players, 10_000, **v.options)  # not in the difference of two counts
    while warm.current_player is not None:
        warm.apply_trusted(warm.legal_actions()[0])
    if kind == "random":
        rng = random.Random(12345)
        rand = rng.random
        for seed in range(n):
            state = g.new(v.players, seed, **v.options)
            while state.current_player is not None:
                acts = state.legal_actions()
                state.apply_trusted(acts[int(rand() * len(acts))])
                actions += 1
    else:
        from deadtable.agents.registry import make_agent
        from deadtable.core import seat_info

        for seed in range(n):
            state = g.new(v.players, seed, **v.options)
            agents = [make_agent(kind, g) for _ in range(v.players)]
            rng = random.Random(seed)
            while state.current_player is not None:
                seat = state.current_player
                state.apply_trusted(agents[seat].act(seat_info(state), rng))
                actions += 1
    print(f"{n} games, {actions} actions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
