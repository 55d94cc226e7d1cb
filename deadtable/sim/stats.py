"""Summaries of simulated games: win rates with Wilson intervals, game lengths, card statistics.

Everything here reads the plain per-game rows (`runner.play_game`), so it works the same on rows
just played and on rows read back from a CSV or Parquet file.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from deadtable.i18n import Translator, current_language, translator

from .events import EVENT_PREFIX, parse_card_column

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """Wins (shared wins split) out of trials, with a 95% Wilson interval."""

    label: str
    wins: float
    trials: int

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.trials)


def players_of(row: dict[str, Any]) -> int:
    return int(row["players"])


class Tally:
    """The win rates and mean lengths of games added one row at a time, in memory that does not
    grow with the number of games (what `simulate` prints as rows stream to its file); `by_agent`,
    `by_seat` and `mean_lengths` over a list of rows are the same figures.

    >>> t = Tally()
    >>> t.add({"players": 2, "agent_s0": "a", "agent_s1": "b", "win_s0": 1.0, "win_s1": 0.0, "actions": 9})
    >>> [(r.label, r.wins, r.trials) for r in t.by_agent()], t.mean_lengths()
    ([('a', 1.0, 1), ('b', 0.0, 1)], {'actions': 9.0})
    """

    LOOK = 50  # the length columns are those of the first rows (`length_columns`)

    def __init__(self) -> None:
        self.games = 0
        self.agent_wins: dict[str, float] = defaultdict(float)
        self.agent_trials: dict[str, int] = defaultdict(int)
        self.seat_wins: dict[int, float] = defaultdict(float)
        self.seat_trials: dict[int, int] = defaultdict(int)
        self.lengths: set[str] = set()
        self.sums: dict[str, float] = defaultdict(float)

    @classmethod
    def of(cls, rows: Iterable[dict[str, Any]]) -> Tally:
        tally = cls()
        for row in rows:
            tally.add(row)
        return tally

    def add(self, row: dict[str, Any]) -> None:
        for s in range(players_of(row)):
            name, won = str(row[f"agent_s{s}"]), float(row[f"win_s{s}"])
            self.agent_wins[name] += won
            self.agent_trials[name] += 1
            self.seat_wins[s] += won
            self.seat_trials[s] += 1
        if self.games < self.LOOK:
            self.lengths.update(k for k in row if _counts_length(k))
        sums = self.sums
        for key in self.lengths:
            sums[key] += _num(row.get(key))
        self.games += 1

    def by_agent(self) -> list[Rate]:
        """Win rate of each agent over every seat it held (a seat in a game is one trial)."""
        return [Rate(a, self.agent_wins[a], self.agent_trials[a]) for a in sorted(self.agent_trials)]

    def by_seat(self, t: Translator | None = None) -> list[Rate]:
        """Win rate of each seat, whoever sat there."""
        t = t or translator(current_language())
        trials = self.seat_trials
        return [Rate(t._("seat {seat}", seat=s), self.seat_wins[s], trials[s]) for s in sorted(trials)]

    def mean_lengths(self) -> dict[str, float]:
        n = self.games
        return {
            col: self.sums[col] / n if n else 0.0 for col in ["actions", *sorted(self.lengths - {"actions"})]
        }


def by_agent(rows: Sequence[dict[str, Any]]) -> list[Rate]:
    """Win rate of each agent over every seat it held (a seat in a game is one trial)."""
    return Tally.of(rows).by_agent()


def by_seat(rows: Sequence[dict[str, Any]], t: Translator | None = None) -> list[Rate]:
    """Win rate of each seat, whoever sat there."""
    return Tally.of(rows).by_seat(t)


def by_agent_and_seat(rows: Sequence[dict[str, Any]], t: Translator | None = None) -> list[Rate]:
    wins: dict[tuple[str, int], float] = defaultdict(float)
    trials: dict[tuple[str, int], int] = defaultdict(int)
    for row in rows:
        for s in range(players_of(row)):
            key = (str(row[f"agent_s{s}"]), s)
            wins[key] += float(row[f"win_s{s}"])
            trials[key] += 1
    t = t or translator(current_language())
    return [
        Rate(t._("{agent} @ seat {seat}", agent=a, seat=s), wins[(a, s)], trials[(a, s)])
        for a, s in sorted(trials)
    ]


def length_columns(rows: Sequence[dict[str, Any]]) -> list[str]:
    """`actions` plus the event counts that measure length (rounds, turns, hands), if emitted."""
    names = {key for row in rows[: Tally.LOOK] for key in row if _counts_length(key)}
    return ["actions", *sorted(names - {"actions"})]


def _counts_length(key: str) -> bool:
    # "round_end" counts rounds; a matching "round_start" would only repeat it.
    if key == "actions":
        return True
    counts_length = any(w in key for w in ("round", "turn", "hand"))
    return key.startswith(EVENT_PREFIX) and counts_length and not key.endswith("_start")


def length_label(column: str) -> str:
    """A person's word for a length column.

    >>> length_label("ev_round_end"), length_label("actions"), length_label("ev_turn")
    ('rounds', 'actions', 'turn')
    """
    name = column.removeprefix(EVENT_PREFIX)
    if name.endswith("_end"):
        return name[: -len("_end")].replace("_", " ") + "s"
    return name.replace("_", " ")


def mean(values: Iterable[float]) -> float:
    vals = list(values)
    return sum(vals) / len(vals) if vals else 0.0


def mean_lengths(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    return Tally.of(rows).mean_lengths()


def _num(value: Any) -> float:
    if value is None:
        return 0.0
    try:
        f = float(value)
    except (TypeError, ValueError):
        return 0.0
    return 0.0 if math.isnan(f) else f


@dataclass(frozen=True)
class CardStat:
    """How one card fared under one event kind (e.g. kind "buy", card "Trap")."""

    kind: str
    card: str
    per_game: float  # mean count per game, all seats together
    seat_share: float  # fraction of seat-games in which the seat did this at least once
    holder_wins: float  # win rate of seats that did it at least once (shared wins split)
    holders: int  # how many seat-games that was
    others_win: float  # win rate of the seats that did not
    fields: dict[str, float]  # mean per game of each numeric field (e.g. points)

    @property
    def holder_ci(self) -> tuple[float, float]:
        return wilson(self.holder_wins * self.holders, self.holders)


def card_stats(rows: Sequence[dict[str, Any]]) -> list[CardStat]:
    """Per (event kind, card): how often it happens and how seats that did it fared."""
    parsed: dict[str, tuple[str, str, int, str]] = {}
    for row in rows:
        for key in row:
            if key not in parsed:
                p = parse_card_column(key)
                if p is not None:
                    parsed[key] = p
    if not parsed:
        return []
    n_games = len(rows)
    count: dict[tuple[str, str], float] = defaultdict(float)
    fields: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    held: dict[tuple[str, str], list[float]] = defaultdict(list)
    seat_games = sum(players_of(r) for r in rows)
    total_wins = sum(float(r[f"win_s{s}"]) for r in rows for s in range(players_of(r)))
    for row in rows:
        seen: dict[tuple[str, str, int], float] = {}
        for key, (kind, card, seat, fld) in parsed.items():
            v = _num(row.get(key))
            if not v:
                continue
            if fld:
                fields[(kind, card)][fld] += v
            else:
                count[(kind, card)] += v
                seen[(kind, card, seat)] = v
        for kind, card, seat in seen:
            held[(kind, card)].append(float(row[f"win_s{seat}"]))
    out = []
    for kc in sorted(set(count) | set(fields)):
        wins = held.get(kc, [])
        holders = len(wins)
        hw = sum(wins)
        others = seat_games - holders
        out.append(
            CardStat(
                kind=kc[0],
                card=kc[1],
                per_game=count.get(kc, 0.0) / n_games,
                seat_share=holders / seat_games if seat_games else 0.0,
                holder_wins=hw / holders if holders else 0.0,
                holders=holders,
                others_win=(total_wins - hw) / others if others else 0.0,
                fields={f: v / n_games for f, v in sorted(fields.get(kc, {}).items())},
            )
        )
    return out
