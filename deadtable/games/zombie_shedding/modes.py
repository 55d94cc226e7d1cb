"""The game modes of the rulebook, their team layouts, targets and when a hand ends.

>>> m = resolve(6, "alliances", "3v3")
>>> m.teams, m.target, m.out_to_end, m.decks, m.team_of
(2, 90, 2, 2, (0, 1, 0, 1, 0, 1))
>>> resolve(5, "overlord", "auto").target
150
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from deadtable.core import OptionError
from deadtable.core.pickling import by_constructor
from deadtable.i18n import Message

MODES = ("auto", "duel", "alliances", "marathon", "blitz", "outsider", "overlord")
LAYOUTS = ("auto", "2v2", "2v2v2", "2v2v2v2", "3v3", "4v4")
PENALTY_MODES = ("duel", "alliances", "marathon")  # scores are penalty points (RULINGS ZS-2)
SINGLE_HAND = ("blitz", "outsider")

# Player counts each mode allows. Marathon, Blitz and Outsider say "3-4" and "5-8 with two decks".
# Zombie Overlord's heading says 3-4, but its target line counts from 2 players (more than 60),
# so it is offered from 2 players.
PLAYERS = {
    "duel": (2,),
    "alliances": (4, 6, 8),
    "marathon": (3, 4, 5, 6, 7, 8),
    "blitz": (3, 4, 5, 6, 7, 8),
    "outsider": (3, 4, 5, 6, 7, 8),
    "overlord": (2, 3, 4, 5, 6, 7, 8),
}
# Alliances layouts: (players, teams, target, players of one team out that end a hand).
LAYOUT = {
    "2v2": (4, 2, 60, 1),
    "2v2v2": (6, 3, 60, 1),
    "2v2v2v2": (8, 4, 60, 1),
    "3v3": (6, 2, 90, 2),
    "4v4": (8, 2, 120, 2),
}
DEFAULT_LAYOUT = {4: "2v2", 6: "2v2v2", 8: "2v2v2v2"}
TARGET = 60  # Duel, Marathon


@dataclass(frozen=True)
class Mode:
    name: str  # one of MODES without "auto"
    layout: str  # "" outside Alliances
    players: int
    teams: int  # 0 when every one plays for themselves
    target: int  # 0 in Blitz and Outsider
    out_to_end: int  # players of one team (or one player) out that end a hand; 0: Outsider
    decks: int
    team_of: tuple[int, ...]  # each seat's side: its team, or the seat itself

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled (mypyc), pickled through the constructor

    @property
    def sides(self) -> int:
        return self.teams or self.players

    @property
    def penalty(self) -> bool:
        return self.name in PENALTY_MODES

    def teammates(self, seat: int) -> tuple[int, ...]:
        """Other seats of `seat`'s team, clockwise from it (empty without teams)."""
        if not self.teams:
            return ()
        n = self.players
        return tuple(
            (seat + i) % n for i in range(1, n) if self.team_of[(seat + i) % n] == self.team_of[seat]
        )

    def opponents(self, a: int, b: int) -> bool:
        return self.team_of[a] != self.team_of[b]

    def describe(self) -> Message:
        """The mode in a few words, rendered in the reader's language."""
        if self.name == "alliances":
            return Message("Alliances {layout} to {target}", layout=self.layout, target=self.target)
        if self.name == "overlord":
            return Message("Zombie Overlord: first past {target}", target=self.target)
        if self.name == "duel":
            return Message("Duel to {target}", target=self.target)
        if self.name == "marathon":
            return Message("Marathon to {target}", target=self.target)
        return Message("Blitz") if self.name == "blitz" else Message("Outsider")


@cache
def resolved(players: int, mode: str, layout: str) -> Mode:
    """`resolve`, made once per settings: a Mode never changes, and every game of them shares it."""
    return resolve(players, mode, layout)


def resolve(players: int, mode: str, layout: str) -> Mode:
    """The mode for these options, or OptionError saying what to choose instead."""
    if mode == "auto":
        mode = "duel" if players == 2 else "alliances" if layout != "auto" else "marathon"
    if mode not in PLAYERS:
        raise OptionError("unknown mode '{mode}'; modes: {modes}", mode=mode, modes=", ".join(MODES[1:]))
    allowed = PLAYERS[mode]
    if players not in allowed:
        counts = ", ".join(str(n) for n in allowed)
        raise OptionError(
            "mode={mode} is for {counts} players, not {players}", mode=mode, counts=counts, players=players
        )
    # RULINGS ZS-5: 5 to 8 players combine two decks.
    decks = 2 if players >= 5 else 1
    if mode != "alliances":
        if layout != "auto":
            raise OptionError(
                "teams={layout} is only for mode=alliances (mode={mode} is every one for themselves)",
                layout=layout,
                mode=mode,
            )
        target = 0 if mode in SINGLE_HAND else players * 30 if mode == "overlord" else TARGET
        return Mode(
            mode, "", players, 0, target, 0 if mode == "outsider" else 1, decks, tuple(range(players))
        )
    if layout == "auto":
        layout = DEFAULT_LAYOUT[players]
    if layout not in LAYOUT:
        raise OptionError(
            "unknown team layout '{layout}'; layouts: {layouts}",
            layout=layout,
            layouts=", ".join(LAYOUTS[1:]),
        )
    need, teams, target, out_to_end = LAYOUT[layout]
    if need != players:
        fits = [k for k, v in LAYOUT.items() if v[0] == players]
        raise OptionError(
            "teams={layout} needs {need} players, not {players}; for {players} players: {fits}",
            layout=layout,
            need=need,
            players=players,
            fits=", ".join(fits),
        )
    # RULINGS ZS-5: team seats alternate, so every player sits between two opponents.
    return Mode(
        "alliances",
        layout,
        players,
        teams,
        target,
        out_to_end,
        decks,
        tuple(s % teams for s in range(players)),
    )
