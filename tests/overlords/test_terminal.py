"""The terminal: render_view draws from a view, and `deadtable play overlords` runs on piped input."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from rich.text import Text

from deadtable.cli.main import cli
from deadtable.games.overlords import GAME

from .helpers import play, position


def test_render_shows_hand_tops_hired_hands_commits() -> None:
    st = position(
        3,
        hands=[["zombie", "hydra"], ["orthrus", "cyclops"], ["chimera", "minotaur"]],
        armies=[["cyclops"], ["hydra", "orthrus"], []],
        aside=[[], ["medusa"], []],
    )
    play(st, "no activation", "recruit hydra")
    text = Text.from_markup(GAME.render_view(st.view(1))).plain
    assert "top Orthrus" in text and "top Cyclops" in text
    assert "Hired Hands aside: Medusa" in text
    assert "committed" in text and "Hydra" not in text.split("Your hand")[1].split("\n")[0]
    assert "your army: Orthrus, Hydra" in text


def test_the_overlord_card_is_explained_when_hired_hands_are_activated() -> None:
    hands, armies = [["zombie", "hydra"]] * 3, [["cyclops"], ["hydra"], ["zombie"]]
    st = position(3, hands=hands, armies=armies, aside=[["thief"], [], []], overlord=1, turn_no=2)
    assert st.view(0)["phase"] == "activate"
    text = Text.from_markup(GAME.render_view(st.view(0))).plain
    assert "Overlord card: P2 activates Hired Hands first, then clockwise" in text
    quiet = position(3, hands=[["zombie", "hydra"]] * 3, overlord=1, turn_no=2)
    play(quiet, "recruit zombie", "recruit zombie", "recruit zombie")  # the first turn over
    assert quiet.view(0)["phase"] == "recruit"  # no Hired Hand aside: the card does not matter now
    assert "activates Hired Hands first" not in Text.from_markup(GAME.render_view(quiet.view(0))).plain


def test_render_score_sheet_at_the_end() -> None:
    st = GAME.new(3, 2)
    while not st.is_terminal:
        st.apply(st.legal_actions()[0])
    text = Text.from_markup(GAME.render_view(st.view(0))).plain
    assert "Score sheet" in text and "Minotaur" in text
    assert "Winner" not in text  # the result is the command's, printed once under the sheet


def test_play_in_the_terminal_with_piped_input(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "overlords",
            "--players",
            "3",
            "--seat",
            "1",
            "--bots",
            "heuristic",
            "--seed",
            "5",
            "--record",
            str(record),
        ],
        input="1\n" * 80,
    )
    assert result.exit_code == 0, result.output
    assert "Score sheet" in result.output and record.exists()
