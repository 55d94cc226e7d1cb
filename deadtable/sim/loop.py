"""simulate's inner loop: one game played to its end by its agents, and the row it makes.

`runner.play_game` sets a game up (its seed, its agents and their generators, from the plan) and
hands it here. Compiled in the native build (deadtable/which_build.py MODULES), with the statistics
listener (`events.EventStats`) and the agents' `SeatInfo`, since the rules it drives are compiled
too: an interpreted loop around compiled rules left random play a fifth of its speed.

What a move costs here, beyond the rules and the agent: the seat to act is asked once, the legal
actions are built once (the agent gets them in its `SeatInfo`, which builds nothing else until it
is read; an agent that reads nothing else, the random one, gets them alone: `Agent`), the chosen
action is found among them by identity, and it is applied with `State.apply_quietly`: the moves
are counted here, per seat, rather than told to a listener, and the listener hears only the game's
own events (buys, plays, rounds). The rest of the row comes from the state at the end
(`State.result`: the outcome without its note).
"""

from __future__ import annotations

import random
from typing import Any

from deadtable.core.agent import Agent, Chooser, SeatInfo
from deadtable.core.errors import DeadtableError
from deadtable.core.state import State

from .events import EventStats

MAX_ACTIONS = 100_000  # a game longer than this is a bug in a game or an agent, not a long game


def play_out(
    state: State, agents: list[Agent], rngs: list[random.Random], specs: tuple[str, ...], index: int
) -> dict[str, Any]:
    """Play `state` (game `index` of a plan, new) to its end, seat s by `agents[s]` drawing from
    `rngs[s]`, and return its row (see `row`); `specs` name the agents in errors and in the row."""
    players = state.players
    stats = EventStats(players)
    state.listeners.append(stats)
    first = state.current_player  # who moves first (the first player, the dealer): the report's seat effect
    game_id = state.game.id
    seat_actions = [0] * players
    # An agent that reads only the legal actions chooses from them, without a SeatInfo (Agent).
    choosers: list[Chooser | None] = [getattr(agent, "choose", None) for agent in agents]
    moves = 0
    while True:
        seat = state.current_player  # asked once a move: in some games it is worked out each time
        if seat is None:
            break
        moves += 1
        if moves > MAX_ACTIONS:
            raise DeadtableError(
                "game {index} (seed {seed}) did not end in {limit} actions",
                index=index,
                seed=state.seed,
                limit=MAX_ACTIONS,
            )
        legal = tuple(state.legal_actions())
        choose = choosers[seat]
        if choose is not None:
            action = choose(legal, rngs[seat])
        else:
            action = agents[seat].act(SeatInfo.decision(state, game_id, seat, players, legal), rngs[seat])
        if not is_one_of(action, legal):
            raise DeadtableError(
                "agent {spec!r} chose {action}, which is not legal (game {index}, seed {seed})",
                spec=specs[seat],
                action=str(action),
                index=index,
                seed=state.seed,
            )
        seat_actions[seat] += 1
        state.apply_quietly(action)
    return row(state, specs, index, first, seat_actions, stats)


def row(
    state: State,
    specs: tuple[str, ...],
    index: int,
    first: int | None,
    seat_actions: list[int],
    stats: EventStats,
) -> dict[str, Any]:
    """The row of a finished game: seats' agents, scores, ranks and wins, the winners, who moved
    first, the moves in all and per seat, then the statistics' columns (`EventStats.columns`)."""
    players = state.players
    out = state.result()  # the outcome without its note, which the row does not read
    result: dict[str, Any] = {"game": index, "seed": state.seed, "players": players}
    share = 1.0 / len(out.winners)
    for s in range(players):
        result[f"agent_s{s}"] = specs[s]
        result[f"score_s{s}"] = out.scores[s]
        result[f"rank_s{s}"] = out.ranks[s]
        # A shared win is split between the tied seats, so each game hands out exactly one win.
        result[f"win_s{s}"] = share if s in out.winners else 0.0
    result["winners"] = " ".join(str(w) for w in out.winners)
    result["first"] = -1 if first is None else first
    result["actions"] = sum(seat_actions)
    for s in range(players):
        result[f"actions_s{s}"] = seat_actions[s]
    result.update(stats.columns())
    return result


def is_one_of(action: object, legal: tuple[object, ...]) -> bool:
    """Whether `action` is one of `legal`: looked up by identity first (agents hand back the very
    objects they were given, and an action's `==` is a Python call, many a decision), then by value.

    >>> is_one_of(2, (1, 2)), is_one_of(2.0, (1, 2)), is_one_of(3, (1, 2))
    (True, True, False)
    """
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal
