"""The `deadtable` command as a person uses it: clear output, clear errors, nothing lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deadtable.cli.main import cli, main
from deadtable.core import Record, replay


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False, standalone_mode=False)


def test_games_lists_every_game_and_its_bots() -> None:
    result = CliRunner().invoke(cli, ["games"])
    assert result.exit_code == 0
    assert "carson-zoo" in result.output and "greedy" in result.output
    listed = json.loads(CliRunner().invoke(cli, ["games", "--json"]).output)
    assert any(g["id"] == "carson-zoo" and g["players"] == [2, 4] for g in listed)


def test_every_command_explains_itself() -> None:
    for command in ([], ["games"], ["play"], ["replay"]):
        result = CliRunner().invoke(cli, [*command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output and len(result.output) > 150


def test_play_against_bots_to_the_end_saves_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = "\n".join(["1"] * 80) + "\n"  # always the first listed action
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "carson-zoo",
            "--players",
            "3",
            "--bots",
            "random,greedy",
            "--seed",
            "7",
            "--record",
            str(record),
        ],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Winner" in result.output
    state = replay(Record.load(record))
    assert state.is_terminal and state.players == 3


def test_a_bad_move_gets_a_reason_and_another_try(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        ["play", "carson-zoo", "--seed", "1", "--record", str(tmp_path / "r.json")],
        input="99\nplace 9 a1\nmove a1 a2\nq\n",
    )
    assert result.exit_code == 0
    assert "There is no action 99" in result.output
    assert "Not allowed" in result.output
    assert "Record saved" in result.output  # quitting keeps what was played


def test_user_mistakes_exit_2_without_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    for argv in (
        ["deadtable", "play", "chess"],
        ["deadtable", "play", "carson-zoo", "--players", "9"],
        ["deadtable", "play", "carson-zoo", "--bots", "nobody"],
        ["deadtable", "play", "carson-zoo", "-o", "rounds=3"],
    ):
        monkeypatch.setattr("sys.argv", argv)
        with pytest.raises(SystemExit) as exc:
            main()
        assert exc.value.code == 2
        err = capsys.readouterr()
        assert "Traceback" not in err.out + err.err
        assert "error" in (err.out + err.err).lower()


def test_replay_shows_the_game_and_refuses_a_broken_file(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "g.json"
    CliRunner().invoke(
        cli, ["play", "carson-zoo", "--seat", "", "--bots", "random", "--seed", "4", "--record", str(record)]
    )
    result = CliRunner().invoke(cli, ["replay", str(record)])
    assert result.exit_code == 0 and "move 1:" in result.output and "Winner" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"game": "carson-zoo", "players": 2, "seed": 4, "actions": ["fly away"]}))
    monkeypatch.setattr("sys.argv", ["deadtable", "replay", str(broken)])
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 2
    assert "action 1" in capsys.readouterr().out


def test_replay_seat_counts_like_the_screen(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "g.json"
    CliRunner().invoke(
        cli, ["play", "carson-zoo", "--seat", "", "--bots", "random", "--seed", "4", "--record", str(record)]
    )
    as_p2 = CliRunner().invoke(cli, ["replay", str(record), "--seat", "2", "--final"])
    assert as_p2.exit_code == 0 and "P2 (you)" in as_p2.output
    monkeypatch.setattr("sys.argv", ["deadtable", "replay", str(record), "--seat", "0"])
    with pytest.raises(SystemExit) as exc:
        main()
    said = capsys.readouterr()
    assert exc.value.code == 2 and "seat must be 1 to 2" in said.out + said.err
