"""The terminal leaks nothing: `deadtable play` shows seat 0 the same screens in twin games.

Twin games (twins.py) differ only in what seat 0 cannot see; both are played through the real
command, seat 0 typing its moves and every other seat a scripted bot playing the twin's actions.
What the terminal printed must be the same, character for character, up to the move at which
seat 0's own views part (a reveal, a draw). The bots' raw action texts (an Overlords pick, a
shedding-game Thief's take) are exactly what used to leak here.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deadtable.cli import play as play_module
from deadtable.cli.main import cli
from deadtable.core import Action, State

from .twins import SEAT, Twin, every_twin

MOVES = 80


class Scripted:
    """A 'bot' that plays the twin's actions; at the end of the script, Ctrl-C (the game stops)."""

    name = "scripted"

    def __init__(self, actions: list[str]) -> None:
        self.actions = actions

    def act(self, state: State, rng: random.Random) -> Action:  # handed the state: see _play
        i = len(state.history)
        if i >= len(self.actions):
            raise KeyboardInterrupt
        return state.game.parse_action(state, self.actions[i])


def _inputs(twin: Twin, actions: list[str], start: State) -> str:
    """Seat 0's moves as typed, in order, then q."""
    state = start
    typed = []
    for text in actions:
        if state.current_player == SEAT:
            typed.append(text)
        state.apply(state.game.parse_action(state, text))
    return "\n".join([*typed, "q"]) + "\n"


def _play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, twin: Twin, second: bool) -> str:
    actions = twin.actions(second)
    seed = twin.second_seed if second else twin.seed
    start = twin.starting_state(second)
    with monkeypatch.context() as m:
        m.setattr(twin.game, "new", twin.patched_new())
        m.setattr(play_module, "make_agent", lambda name, game: Scripted(actions))
        m.setattr(play_module, "seat_info", lambda state: state)
        opts: list[Any] = []
        for k, v in twin.variant.options.items():
            opts += ["-o", f"{k}={str(v).lower() if isinstance(v, bool) else v}"]
        args = ["play", twin.game.id, "--players", str(twin.variant.players), "--seat", str(SEAT + 1)]
        args += ["--bots", "scripted", "--seed", str(seed), "--record", str(tmp_path / "game.json"), *opts]
        args += ["--ask-always"]  # every move of seat 0 is typed, single answers included (_inputs)
        result = CliRunner().invoke(cli, args, input=_inputs(twin, actions, start))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("twin", every_twin(5, MOVES))
def test_twin_games_show_the_same_screens(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, twin: Twin
) -> None:
    first = _play(monkeypatch, tmp_path, twin, second=False)
    second = _play(monkeypatch, tmp_path, twin, second=True)
    assert twin.first != twin.second or twin.start is not None  # the games do differ
    assert first == second


def test_the_seed_is_shown_only_at_the_end(tmp_path: Path) -> None:
    args = ["play", "carson-zoo", "--seat", "1", "--bots", "random", "--seed", "987654"]
    args += ["--record", str(tmp_path / "r.json")]
    quit_at_once = CliRunner().invoke(cli, args, input="q\n")
    assert quit_at_once.exit_code == 0 and "987654" not in quit_at_once.output.replace("r.json", "")
    whole = CliRunner().invoke(cli, args, input="1\n" * 200)
    assert whole.exit_code == 0
    before, _, after = whole.output.partition("Game over")
    assert "987654" not in before and "seed 987654" in after
