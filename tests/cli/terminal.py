"""A fake 80x24 terminal for `deadtable play`: whole games typed by a script, every screen kept.

The play loop runs as a person meets it (the real command, its prompts and refusals); the console
it prints to is an 80-column one writing to memory, and each prompt's answer comes from a script
that sees the legal actions (a refusal first, now and then, then a legal move). What was printed
between two prompts is one `Exchange`, so tests can hold every screen to the terminal's size.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from deadtable.cli import play as play_module
from deadtable.cli import screen as screen_module
from deadtable.cli.main import cli
from deadtable.core import State

WIDTH, HEIGHT = screen_module.WIDTH, screen_module.HEIGHT


@dataclass
class Exchange:
    """What the terminal printed before one prompt, the prompt, and what was typed at it."""

    before: list[str]
    prompt: str
    typed: str
    refused: bool = False  # the previous answer was refused (or was a question): no board here


@dataclass
class Terminal:
    rng: random.Random
    refuse_every: int = 3  # every so many decisions, type something the rules refuse first
    quit_after: int | None = None
    buffer: io.StringIO = field(default_factory=io.StringIO)
    exchanges: list[Exchange] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    decisions: int = 0
    _read: int = 0
    _last: str = ""

    def console(self) -> Console:
        out = Console(file=self.buffer, width=WIDTH, height=HEIGHT, highlight=False, color_system=None)
        out.input = self.input  # type: ignore[method-assign]
        return out

    def input(self, prompt: Any = "", **_: Any) -> str:
        text = self.buffer.getvalue()
        before = text[self._read :].split("\n")
        state = self.states[-1]
        refused = self._last != "move"
        if self.quit_after is not None and self.decisions >= self.quit_after:
            typed, self._last = "q", "quit"
        elif not refused and self.decisions % self.refuse_every == 0:
            typed, self._last = near_miss(state, self.rng), "refused"
        else:
            actions = state.legal_actions()
            typed, self._last = str(self.rng.randrange(len(actions)) + 1), "move"
            self.decisions += 1
        self.exchanges.append(Exchange(before, str(prompt), typed, refused and bool(self.exchanges)))
        self.buffer.write(typed + "\n")
        self._read = len(self.buffer.getvalue())
        return typed

    @property
    def output(self) -> str:
        return self.buffer.getvalue()


def near_miss(state: State, rng: random.Random) -> str:
    """A legal action's text with one word changed, or a number past the list (both refused)."""
    actions = [str(a) for a in state.legal_actions()]
    for _ in range(20):
        words = rng.choice(actions).split()
        i = rng.randrange(len(words))
        words[i] = rng.choice(["99", "zz", "p9", "trap", "x" + words[i]])
        text = " ".join(words)
        if text.lower() not in {a.lower() for a in actions}:
            return text
    return str(len(actions) + 1)


def play(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game_id: str,
    args: list[str],
    terminal: Terminal,
) -> str:
    """`deadtable play GAME ARGS` typed by `terminal`; returns what the command printed itself."""
    import deadtable

    game = deadtable.game(game_id)
    new = game.new

    def kept(*a: Any, **k: Any) -> State:
        state = new(*a, **k)
        terminal.states.append(state)
        return state

    with monkeypatch.context() as m:
        m.setattr(game, "new", kept)
        m.setattr(play_module, "console", terminal.console())
        argv = ["play", game_id, *args, "--record", str(tmp_path / "game.json")]
        result = CliRunner().invoke(cli, argv, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output
