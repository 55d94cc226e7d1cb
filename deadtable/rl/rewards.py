"""Terminal rewards shared by the PettingZoo and OpenSpiel adapters."""

from __future__ import annotations

from deadtable.core import State


def terminal_rewards(state: State) -> list[float]:
    """+1 for each winner and -1 for each other seat; all 0 when every seat shares the win.

    >>> from deadtable.core import game
    >>> s = game("carson-zoo").new(2, 3)
    >>> while not s.is_terminal:
    ...     s.apply_trusted(s.legal_actions()[0])
    >>> sorted(terminal_rewards(s)) in ([-1.0, 1.0], [0.0, 0.0])
    True
    """
    winners = set(state.outcome().winners)
    if len(winners) == state.players:
        return [0.0] * state.players
    return [1.0 if p in winners else -1.0 for p in range(state.players)]
