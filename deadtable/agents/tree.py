"""The IS-MCTS search of one decision: its statistics and its iteration loop (agents/ismcts.py).

`IsmctsAgent` (interpreted: settings, `act`, `analyse`, subclassed by the review) builds a `Search`
with its `Settings` and the game's heuristic agent, and steps it (`iterate`, or `sweep`); the
algorithm is described in agents/ismcts.py. This module is compiled with mypyc in the native build
(deadtable/which_build.py): the loop's arithmetic, the nodes' and edges' fields and its dictionary
reads run as C there, and it calls the game only through the core contract.

Where the time of an iteration goes, and what this loop does about it:

- The root is an information set of the searching seat, the same in every determinization
  (the conformance suite checks that a sample keeps the seat's `information_key`), so an
  iteration starts from the root's key instead of asking the sample for it again.
- Each node visit reads its edges once: availability, untried actions and the UCB values in one
  pass over the legal actions.
- Random draws are `floor(random() * n)`: `Random.randrange` is two Python functions (about
  2,700 instructions a call in CPython 3.11, benchmarks/throughput.py), and an iteration draws up
  to a dozen times. The same seed still gives the same search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import NamedTuple

from mypy_extensions import mypyc_attr

from deadtable.core import Action, Agent, Game, SeatInfo, State


class Settings(NamedTuple):
    """What the tree walk and the rollouts need of the agent's settings (`IsmctsAgent`)."""

    exploration: float
    tree_depth: int  # decisions the tree takes before the rollout policy (0: no cap)
    rollout_depth: int  # the rollout's length in actions (when rollout_turns is 0)
    rollout_turns: int  # the rollout's length in turns (0: count actions)
    guide: float  # the heuristic's exploration bonus at new nodes (0: not asked)
    heuristic_rollout: bool  # rollouts played by the game's heuristic, else uniformly at random
    model_opponents: bool  # other seats play the game's heuristic in the tree too (no statistics)


class Edge:
    """One action's statistics at a node: visits, total reward of the seat, and availability."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class Node:
    """An information set of the seat to act: statistics of each action tried from it."""

    __slots__ = ("actions", "edges", "hint", "row")

    def __init__(self) -> None:
        self.edges: dict[Action, Edge] = {}
        self.hint: Action | None = None  # the game's heuristic's choice here, when guided
        # The legal actions of the last visit and their edges, in order: a visit with the same
        # actions (always at the searching seat's own nodes) reads its edges without hashing an
        # action (a Python call on the games' dataclass actions).
        self.actions: list[Action] = []
        self.row: list[Edge] = []

    def edges_of(self, actions: list[Action]) -> list[Edge]:
        """The edge of each of `actions`, in order, made for those tried nowhere yet."""
        if actions == self.actions:  # the same objects: compared in C, by identity first
            return self.row
        edges = self.edges
        row: list[Edge] = []
        for a in actions:
            e = edges.get(a)
            if e is None:
                e = Edge()
                edges[a] = e
            row.append(e)
        self.actions = list(actions)
        self.row = row
        return row


def signature(state: State, seat: int) -> Hashable:
    """A node's key: the seat to act and the game's fingerprint of its information."""
    return (seat, state.information_key(seat))


@mypyc_attr(allow_interpreted_subclasses=True)  # a test spies on `descend` with a subclass
class Search:
    """The statistics of one decision: nodes by information set, and the iteration loop."""

    def __init__(
        self, settings: Settings, info: SeatInfo, rng: random.Random, first: State, heuristic: Agent | None
    ) -> None:
        """`first` is a sample of `info` (its game and the root's key come from it); `heuristic` the
        game's heuristic agent, or None (no guide, random rollouts)."""
        self.game: Game = first.game  # from the sample: games outside the registry work too
        self.root_key = signature(first, info.seat)  # every sample has the seat's information
        self.info = info
        self.rng = rng
        self.players = info.players
        self.table: dict[Hashable, Node] = {}
        self.c = settings.exploration
        self.tree_depth = settings.tree_depth
        self.rollout_turns = settings.rollout_turns
        self.rollout_depth = settings.rollout_depth
        self.low = math.inf  # the range of rewards backed up so far
        self.high = -math.inf
        self.heuristic = heuristic
        self.guide = settings.guide if heuristic is not None else 0.0
        self.heuristic_rollout = settings.heuristic_rollout and heuristic is not None
        self.model_opponents = settings.model_opponents and heuristic is not None

    def root_statistics(self, actions: tuple[Action, ...]) -> list[tuple[int, float]]:
        """(visits, mean reward for the seat) of each of `actions` at the root."""
        root = self.table.get(self.root_key)
        out: list[tuple[int, float]] = []
        for a in actions:
            edge = root.edges.get(a) if root is not None else None
            tried = edge is not None and edge.visits > 0
            out.append((edge.visits, edge.total / edge.visits) if edge is not None and tried else (0, 0.0))
        return out

    def iterate(self) -> None:
        """One iteration: a fresh determinization walked down the tree from the root."""
        self.descend(self.info.sample(self.rng), [], self.rng, -1, self.root_key)

    def sweep(self) -> None:
        """One determinization with every root action played on it (`sweep`): the actions meet the
        same hidden cards and the same rollout luck (common random numbers), so their means differ
        by what the actions do, not by the draw; an iteration then costs one rollout per action."""
        rng = self.rng
        base = self.info.sample(rng)
        seed = rng.getrandbits(64)
        seat = self.info.seat
        root = self.table.get(self.root_key)
        if root is None:
            root = Node()
            self.table[self.root_key] = root
        for action in self.info.legal_actions:
            edge = root.edges.get(action)
            if edge is None:
                edge = Edge()
                root.edges[action] = edge
            edge.avail += 1
            state = base.clone()
            state.apply_trusted(action)
            # Turns are counted from the root, so "end turn" is scored at the same moment as the
            # actions that go on with the turn (counted from after it, it would be scored a
            # whole turn later, with that turn's attacks in its favour).
            self.descend(state, [(edge, seat)], random.Random(seed), seat, None)

    def descend(
        self, state: State, path: list[tuple[Edge, int]], rng: random.Random, since: int, key: Hashable | None
    ) -> None:
        """Walk the tree from `state` (whose node is `key` when known), play out, back up.

        `since` is the seat the rollout counts turns from (-1: the seat to act when it starts)."""
        table = self.table
        depth = self.tree_depth
        c = self.c
        guide = self.guide
        rand = rng.random
        # Selection and expansion: walk known information sets; stop after the first new try (or
        # at `tree_depth` decisions, where the rollout policy takes over).
        while True:
            seat = state.current_player
            if seat is None or (depth and len(path) >= depth):
                break
            actions = state.legal_actions()
            count = len(actions)
            if count == 1:  # a forced move needs no statistics
                state.apply_trusted(actions[0])
                key = None
                continue
            if self.model_opponents and seat != self.info.seat:
                # The opponent model: another seat plays what the game's heuristic would in this
                # determinization, so the tree holds the searching seat's decisions only.
                state.apply_trusted(self.heuristic_choice(state, actions, rng))
                key = None
                continue
            if key is None:
                key = signature(state, seat)
            node = table.get(key)
            if node is None:
                node = Node()
                table[key] = node
                if guide:
                    node.hint = self.heuristic_choice(state, actions, rng)
            row = node.edges_of(actions)
            hint = node.hint
            untried: list[int] = []  # indices into actions and row
            chosen = 0
            best_value = -math.inf
            ties = 0
            # Means are rescaled to the range of rewards seen so far in this search (as MuZero
            # does), so a game whose evaluation moves by 0.02 still steers the search.
            lo = self.low
            scale = 1.0 / (self.high - lo) if self.high > lo else 0.0
            for i in range(count):
                e = row[i]
                e.avail += 1
                visits = e.visits
                if not visits:
                    untried.append(i)
                    continue
                if untried:
                    continue  # an untried action is taken: no value is needed
                mean = (e.total / visits - lo) * scale if scale else 0.5
                value = mean + c * math.sqrt(math.log(e.avail) / visits)
                if guide and actions[i] == hint:
                    value += guide * math.sqrt(e.avail) / (1 + visits)
                if value > best_value + 1e-12:
                    best_value, chosen, ties = value, i, 1
                elif value >= best_value - 1e-12:
                    # Equal values are broken at random: with a fixed order, two seats choosing
                    # in secret can fall into lockstep and one "answers" the other by accident.
                    ties += 1
                    if int(rand() * ties) == 0:
                        chosen = i
            if untried:
                chosen = -1
                if guide:
                    for i in untried:
                        if actions[i] == hint:
                            chosen = i  # the heuristic's choice is tried first
                            break
                if chosen < 0:
                    chosen = untried[int(rand() * len(untried))]
                path.append((row[chosen], seat))
                state.apply_trusted(actions[chosen])
                break
            path.append((row[chosen], seat))
            state.apply_trusted(actions[chosen])
            key = None
        rewards = self.playout(state, rng, since)
        for r in rewards:
            if r < self.low:
                self.low = r
            if r > self.high:
                self.high = r
        for edge, seat_of in path:
            edge.visits += 1
            edge.total += rewards[seat_of]

    def playout(self, state: State, rng: random.Random, since: int) -> list[float]:
        """Play on from `state` and score it: each seat's reward (see `rewards`)."""
        # The rollout counts actions (`rollout_depth`), or with `rollout_turns` turns: a turn is a
        # run of actions by one seat, and it stops when the `turns`-th new seat is to act, so a
        # game whose turns are many small actions is scored between turns.
        turns = self.rollout_turns
        if turns:
            seat = state.current_player if since < 0 else since  # `since`: the seat to count from
            count = 0
            while True:
                now = state.current_player
                if now is None:
                    break
                if now != seat:
                    count += 1
                    seat = now
                if count >= turns:
                    break
                self.play_one(state, rng)
        else:
            for _ in range(self.rollout_depth):
                if state.current_player is None:
                    break
                self.play_one(state, rng)
        return self.rewards(state)

    def play_one(self, state: State, rng: random.Random) -> None:
        """One rollout move: forced, the heuristic's, or uniformly at random."""
        actions = state.legal_actions()
        count = len(actions)
        if count == 1:
            state.apply_trusted(actions[0])
        elif self.heuristic_rollout:
            state.apply_trusted(self.heuristic_choice(state, actions, rng))
        else:
            state.apply_trusted(actions[int(rng.random() * count)])

    def rewards(self, state: State) -> list[float]:
        """Each seat's reward in 0..1: the share of the win once over, else the game's evaluation."""
        n = self.players
        if state.current_player is None:
            winners = state.outcome().winners
            share = 1.0 / len(winners) if winners else 0.0
            return [share if s in winners else 0.0 for s in range(n)]
        return [(min(1.0, max(-1.0, v)) + 1.0) / 2.0 for v in self.game.evaluate_all(state)]

    def heuristic_choice(self, state: State, actions: list[Action], rng: random.Random) -> Action:
        """The game's heuristic's choice in `state` (a sample: its own sampler redraws from it;
        its view, without the log, which the games' heuristics never read, is built if read)."""
        heuristic = self.heuristic
        assert heuristic is not None
        return heuristic.act(SeatInfo.lazy(state, tuple(actions)), rng)
