"""The tables a strength run plays: each game at every player count it allows, and its modes.

A cell is one way to sit down at a game: a label, a player count and the options the table is
dealt with. `benchmarks/ismcts_strength.py strength --cell LABEL` plays one IS-MCTS seat against
the game's heuristic at every other seat of that table, the search seat rotating; its rows carry
the label, and docs/figures/strength.md (benchmarks/strength_page.py) gives each cell its line.

The target a cell is judged by (`verdict`): at 2 players the search wins at least 70% of its games;
at more, its share of the wins is at least 1.5 times the fair share (1 / players: a win shared by k
seats counts 1/k to each, so a team's win gives each of its seats a share, and a seat's fair share
is 1 / players whatever the teams) and the lower end of its 95% interval is above the fair share;
either over at least `TARGET_GAMES` games.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import deadtable
from deadtable.core import Game

TARGET_GAMES: Final = 200  # games a cell needs before its verdict is more than provisional
TWO_PLAYER_RATE: Final = 0.70  # the 2-player target: this share of the games won
FAIR_MULTIPLE: Final = 1.5  # the multi-player target: this many times the fair share


class Cell(NamedTuple):
    """One table of a strength run: its label, its player count and its options."""

    label: str
    players: int
    options: dict[str, Any]


# Zombie shedding: the Duel, Marathon (the mode 3 to 8 players get by default) at each count
# people sit down at, the team layouts of Alliances, and one table of each other mode.
SHEDDING: Final = (
    Cell("duel", 2, {"mode": "duel"}),
    Cell("marathon-3p", 3, {"mode": "marathon"}),
    Cell("marathon-4p", 4, {"mode": "marathon"}),
    Cell("marathon-6p", 6, {"mode": "marathon"}),
    Cell("marathon-8p", 8, {"mode": "marathon"}),
    Cell("alliances-2v2", 4, {"mode": "alliances", "teams": "2v2"}),
    Cell("alliances-3v3", 6, {"mode": "alliances", "teams": "3v3"}),
    Cell("alliances-2v2v2", 6, {"mode": "alliances", "teams": "2v2v2"}),
    Cell("alliances-4v4", 8, {"mode": "alliances", "teams": "4v4"}),
    Cell("alliances-2v2v2v2", 8, {"mode": "alliances", "teams": "2v2v2v2"}),
    Cell("blitz-4p", 4, {"mode": "blitz"}),
    Cell("outsider-4p", 4, {"mode": "outsider"}),
    Cell("overlord-4p", 4, {"mode": "overlord"}),
)


def cells(the_game: Game) -> list[Cell]:
    """Every cell of `the_game`: each player count, and the team tables of a game with teams."""
    if the_game.id == "zombie-shedding":
        return list(SHEDDING)
    out = [Cell(f"{n}p", n, {}) for n in range(the_game.min_players, the_game.max_players + 1)]
    if the_game.id == "overlords":
        out.append(Cell("4p-teams", 4, {"teams": True}))
    return out


def two_player(the_game: Game) -> Cell:
    """The 2-player cell (rows made before cells were recorded are this cell's)."""
    return next(c for c in cells(the_game) if c.players == 2)


def cell(game_id: str, label: str) -> Cell:
    """The cell of `game_id` called `label`; ValueError names the labels that exist."""
    found = {c.label: c for c in cells(deadtable.game(game_id))}
    if label not in found:
        raise ValueError(f"{game_id} has no cell {label!r}; its cells: {', '.join(found)}")
    return found[label]


def fair_share(players: int) -> float:
    return 1.0 / players


def verdict(players: int, rate: float, low: float, games: int) -> str:
    """Whether a cell's rate meets the target: "met", "not met", with "(too few games)" under
    `TARGET_GAMES`.

    >>> verdict(2, 0.72, 0.66, 400), verdict(4, 0.40, 0.30, 240), verdict(4, 0.40, 0.24, 240)
    ('met', 'met', 'not met')
    >>> verdict(3, 0.6, 0.5, 40)
    'met (too few games)'
    """
    if players == 2:
        met = rate >= TWO_PLAYER_RATE
    else:
        fair = fair_share(players)
        met = rate >= FAIR_MULTIPLE * fair and low > fair
    said = "met" if met else "not met"
    return said if games >= TARGET_GAMES else f"{said} (too few games)"
