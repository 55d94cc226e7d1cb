"""`python -m benchmarks.random_loop SUBJECT GAMES`: the bench's random-play loop for a fixed number
of games, to count instructions with valgrind (the same on any machine, which clocks are not):

    valgrind --tool=callgrind python -P -m benchmarks.random_loop zombie-shedding:duel 10
    valgrind --tool=callgrind python -P -m benchmarks.random_loop zombie-shedding:duel 110

The difference of the two totals, over the difference of the decisions printed, is the cost of a
decision without the interpreter's start. SUBJECT is GAME:VARIANT, `crazy_eights` or `uno` (driven
as benchmarks/peers.py drives them). Under the native build: PYTHONPATH=build/native:. and -P.
"""

from __future__ import annotations

import argparse
import random
from math import floor

from .peers import CHANCE, TERMINAL


def play(subject: str, games: int) -> int:
    """Play `games` seeded random games of `subject`; the players' decisions made."""
    rand = random.Random(7).random
    decisions = 0
    if subject == "crazy_eights":
        import pyspiel

        game = pyspiel.load_game("crazy_eights", {"players": 2})
        for _ in range(games):
            state = game.new_initial_state()
            player, legal, apply = state.current_player, state.legal_actions, state.apply_action
            while (p := player()) != TERMINAL:
                decisions += p != CHANCE
                acts = legal()
                apply(acts[floor(rand() * len(acts))])
    elif subject == "uno":
        import numpy as np
        from rlcard.games.uno.game import UnoGame

        uno = UnoGame(num_players=2)
        uno.np_random = np.random.RandomState(7)
        for _ in range(games):
            uno.init_game()
            rules, players = uno.round, uno.players
            while not rules.is_over:
                acts = rules.get_legal_actions(players, rules.current_player)
                rules.proceed_round(players, acts[floor(rand() * len(acts))])
                decisions += 1
    else:
        from deadtable.core import game as find

        game_id, _colon, name = subject.partition(":")
        g = find(game_id)
        variant = next(v for v in g.variants() if v.name == name)
        for seed in range(games):
            state = g.new(variant.players, seed, **variant.options)
            legal, apply = state.legal_actions, state.apply_trusted
            while state.current_player is not None:
                acts = legal()
                apply(acts[floor(rand() * len(acts))])
                decisions += 1
    return decisions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.random_loop", description=__doc__.splitlines()[0])
    ap.add_argument("subject", help="GAME:VARIANT (e.g. zombie-shedding:duel), crazy_eights or uno")
    ap.add_argument("games", type=int)
    args = ap.parse_args(argv)
    print(f"{args.subject}: {args.games} games, {play(args.subject, args.games)} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
