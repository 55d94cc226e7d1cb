"""A round robin between agents, rated with openskill (Plackett-Luce), not a home-made formula.

Every group of `players` distinct agents plays `games` games (seats rotating, as in `simulate`);
then the games update the ratings one by one in a fixed order (group by group, game by game), so
the same seed gives the same table.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from deadtable.core import DeadtableError, game

from .backends import Progress, run
from .runner import Plan, check_plan


@dataclass(frozen=True)
class Standing:
    agent: str
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma: a cautious estimate, the column the table is sorted by
    games: int
    wins: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def groups(agents: list[str], players: int) -> list[tuple[str, ...]]:
    """Every set of `players` distinct agents, in the order the agents were given.

    >>> groups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    return list(combinations(agents, players))


def plans(game_id: str, agents: list[str], players: int, seed: int, options: dict[str, Any]) -> list[Plan]:
    if len(set(agents)) != len(agents):
        raise DeadtableError("name each agent once in a tournament")
    if len(agents) < max(2, players):
        raise DeadtableError(
            "a round robin of {players}-player games needs at least {n} agents",
            players=players,
            n=max(2, players),
        )
    out = []
    for i, group in enumerate(groups(agents, players)):
        plan = Plan(game_id, players, group, seed=seed * 1_000_003 + i, options=options)
        out.append(plan)
    check_plan(out[0])
    for spec in agents:  # every agent name and setting, before any game starts
        check_plan(Plan(game_id, players, (spec,), seed, options))
    return out


def play(
    game_id: str,
    agents: list[str],
    games_per_group: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> tuple[list[Standing], list[dict[str, Any]]]:
    """Play the round robin; the standings (best first) and every game's row (with `group`)."""
    the_game = game(game_id)
    n = players if players is not None else max(2, the_game.min_players)
    all_rows: list[dict[str, Any]] = []
    for i, plan in enumerate(plans(the_game.id, agents, n, seed, options or {})):
        rows = run(plan, games_per_group, workers=workers, scheduler=scheduler, progress=progress)
        for row in rows:
            row["group"] = i
        all_rows.extend(rows)
    return rate(agents, all_rows), all_rows


def rate(agents: list[str], rows: list[dict[str, Any]]) -> list[Standing]:
    """openskill Plackett-Luce ratings from the games' ranks, best cautious estimate first."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise DeadtableError("ratings need openskill: pip install 'deadtable[sim]'") from None
    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    for row in rows:
        seats = range(int(row["players"]))
        names = [str(row[f"agent_s{s}"]) for s in seats]
        teams = [[ratings[name]] for name in names]
        ranks = [float(row[f"rank_s{s}"]) for s in seats]
        new = model.rate(teams, ranks=ranks)
        for name, team in zip(names, new, strict=True):
            ratings[name] = team[0]
        for s, name in zip(seats, names, strict=True):
            games[name] += 1
            wins[name] += float(row[f"win_s{s}"])
    out = [Standing(a, r.mu, r.sigma, r.ordinal(), games[a], wins[a]) for a, r in ratings.items()]
    out.sort(key=lambda s: (-s.ordinal, s.agent))
    return out
