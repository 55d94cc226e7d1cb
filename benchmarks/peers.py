"""The peers, measured in the same run: OpenSpiel's crazy_eights and hearts ISMCTS, RLCard's uno.

Each peer is driven the cheapest correct way, as our own random play is (`throughput.random_play`:
`legal_actions()` and `apply_trusted`, an index drawn with `draw`), and counts players' decisions:

- crazy_eights (OpenSpiel's C++ game through `pyspiel`): one `current_player()` call a step tells
  chance, terminal and a player apart; a chance node is sampled as an action, uniformly from
  `legal_actions()`, because every chance outcome of crazy_eights is equally likely (the deal and
  every draw: `chance_is_uniform` checks it, and so does tests/test_benchmarks.py). Zipping
  `chance_outcomes()` and a weighted draw, the usual way for any game, made the peer 3.5-3.7x
  slower than it is (`python -m benchmarks.peer_drivers` measures each peer both ways).
- uno (RLCard's pure-Python game): the rules themselves, `Round.get_legal_actions` and
  `Round.proceed_round`, as `UnoGame.step` calls them but without the player's state dict that
  `step` builds after every action (nobody reads it in random play), and with no `env.run`, whose
  feature encoding and trajectories cost about 14x the rules.
- hearts ISMCTS (OpenSpiel's Python `ISMCTSBot`, default settings, 100 simulations a step): its
  random-rollout evaluator plays each rollout with Python's `random` (`RandomRollouts`) where
  OpenSpiel's `RandomRolloutEvaluator` calls `numpy.random.choice` on every move, which made the
  bot 3.3-3.8x slower; the same rollouts (uniform legal moves to the end, the game's returns).

Each function returns None when its library is not installed (the `peers` extra).
"""

from __future__ import annotations

import random
from math import floor
from typing import Any

from .throughput import Rate, clock

TERMINAL, CHANCE = -4, -1  # pyspiel.PlayerId.TERMINAL and CHANCE, as current_player() returns them


def openspiel_crazy_eights(budget: float, draw: str = "random", seed: int = 0) -> Rate | None:
    """Random full games of OpenSpiel's C++ crazy_eights (2 players), driven from Python.

    Players' actions and chance outcomes alike are drawn uniformly from `legal_actions()` (see the
    module doc); `actions` counts only the players' decisions.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(seed)
    rand, randrange = rng.random, rng.randrange
    old_draw = draw == "randrange"  # decided once, as our loop does (throughput.random_play)
    games = actions = 0
    start = clock()
    deadline = start + budget
    while True:
        state = game.new_initial_state()
        player, legal, apply = state.current_player, state.legal_actions, state.apply_action
        while True:
            p = player()
            if p == TERMINAL:
                break
            if p != CHANCE:
                actions += 1
            acts = legal()
            apply(acts[randrange(len(acts)) if old_draw else floor(rand() * len(acts))])
        games += 1
        if clock() >= deadline:
            break
    return Rate(games, actions, clock() - start)


def chance_is_uniform(games: int = 20, seed: int = 0) -> bool | None:
    """Whether every chance node met in `games` random crazy_eights games has equal probabilities
    and offers exactly its legal actions (what `openspiel_crazy_eights` relies on); None if absent."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            acts = state.legal_actions()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if [a for a, _p in outcomes] != acts:
                    return False
                if max(p for _a, p in outcomes) - min(p for _a, p in outcomes) > 1e-12:
                    return False
            state.apply_action(acts[rng.randrange(len(acts))])
    return True


def rlcard_uno(budget: float, draw: str = "random", seed: int = 0) -> Rate | None:
    """Random full games of RLCard's uno (2 players) through its rules (`Round`; see the module doc)."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    uno = UnoGame(num_players=2)
    uno.np_random = np.random.RandomState(seed)  # the dealer and the round draw from it
    rng = random.Random(seed)
    rand, randrange = rng.random, rng.randrange
    old_draw = draw == "randrange"
    games = actions = 0
    start = clock()
    deadline = start + budget
    while True:
        uno.init_game()
        rules, players = uno.round, uno.players
        legal, proceed = rules.get_legal_actions, rules.proceed_round
        while not rules.is_over:
            acts = legal(players, rules.current_player)
            proceed(players, acts[randrange(len(acts)) if old_draw else floor(rand() * len(acts))])
            actions += 1
        games += 1
        if clock() >= deadline:
            break
    return Rate(games, actions, clock() - start)


def _rollouts(seed: int) -> Any:
    """OpenSpiel's random-rollout evaluator with Python's `random` drawing the moves (module doc)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    class RandomRollouts(mcts.RandomRolloutEvaluator):
        def __init__(self) -> None:
            super().__init__(1)
            self.rng = random.Random(seed)

        def evaluate(self, state: Any) -> Any:
            working = state.clone()
            rng = self.rng
            rand = rng.random
            legal, apply, over = working.legal_actions, working.apply_action, working.is_terminal
            while not over():
                if working.is_chance_node():  # none after hearts' deal; kept for correctness
                    outcomes, probs = zip(*working.chance_outcomes(), strict=True)
                    apply(rng.choices(outcomes, probs)[0])
                    continue
                acts = legal()
                apply(acts[floor(rand() * len(acts))])
            return np.array(working.returns())

    return RandomRollouts()


def openspiel_hearts_ismcts(budget: float, simulations: int = 100, evaluator: Any = None) -> float | None:
    """OpenSpiel's Python ISMCTSBot on hearts (random rollouts, `RandomRollouts` unless another
    `evaluator` is given): iterations per second."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    roots = []
    for depth in (40, 70, 100):
        state = game.new_initial_state()
        while state.is_chance_node() or len(state.history()) < depth:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if len(state.legal_actions()) > 1:
            roots.append(state)
    rollouts = evaluator if evaluator is not None else _rollouts(0)
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, simulations, random_state=np.random.RandomState(1))
    done = 0
    spent = 0.0
    while spent < budget:
        for state in roots:
            t = clock()
            bot.step(state)
            spent += clock() - t
            done += simulations
            if spent >= budget:
                break
    return done / spent if spent else None
