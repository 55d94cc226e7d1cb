"""The terminal view: drawn from a view, shows what a person needs, hides what they may not see."""

from __future__ import annotations

from deadtable.games.zombie_overlord import GAME

from .helpers import blank, give, play, trap, wasteland


def test_render_shows_hand_bases_life_row_wasteland_leaders_and_log() -> None:
    s = blank()
    trap(s, 0, "fuel-03")
    trap(s, 1, "medicine-03", active=0)
    wasteland(s, "contractor", "mechanic", "arsonist")
    give(s, 0, "mechanic", "power down")
    play(s, "attack")
    text = GAME.render_view(s.view(0))
    for needle in (
        "life 50",
        "Wasteland",
        "Contractor",
        "→ [bold red]P1",
        "Purchase Row",
        "Your hand",
        "Mechanic (Minion, attack 5)",  # the hand with whole texts while there is room
        "[red]✗[/red]medicine-03",  # inactive
        "D4(2) [dim]turn: +1 life",  # Defense, and the Trap's ability said short
        "phase: attack",
    ):
        assert needle in text, needle
    assert "visited" not in text  # the phase you are in is never listed as one done before
    other = GAME.render_view(s.view(1))
    assert "Power Down" not in other and "hand 2" in other


def test_the_header_lists_the_phases_visited_before_never_the_current_one() -> None:
    s = blank()
    give(s, 0, "supply", "minion")
    play(s, "purchase", "play supply", "end purchasing", "attack")
    header = GAME.render_view(s.view(0)).split("\n")[0]
    assert "phase: attack (visited: purchase)" in header


def test_illegal_texts_are_explained_with_the_rule() -> None:
    s = blank()
    give(s, 0, "supply")
    assert "nothing to do in the Attack Phase" in str(GAME.explain_illegal(s, "attack"))
    play(s, "purchase")
    assert "ZO-5" in str(GAME.explain_illegal(s, "buy trap 1"))
