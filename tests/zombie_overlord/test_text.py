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


def test_narration_names_cards_never_by_their_ids_in_every_language() -> None:
    """The log says "P1 buys Fuel Trap (cost 5, Defense 3(2))", never "P1 buys fuel-12": a Trap's
    printed title is only its type, so its cost and Defense tell the copies apart."""
    import random

    from deadtable.core.state import read_narration
    from deadtable.games.zombie_overlord.cards import load

    ids = [name for name in load().by_name if "-" in name]  # Traps (ammo-01...) and Actions by id
    s = GAME.new(3, 11)
    rng = random.Random(5)
    lines: dict[str, list[str]] = {"en": [], "es": [], "ru": []}
    for _ in range(700):
        if s.is_terminal:
            break
        legal = s.legal_actions()
        keen = [a for a in legal if str(a).startswith(("buy trap", "place", "play supply", "attack"))]
        s.apply(rng.choice(keen if keen and rng.random() < 0.7 else legal))  # buys, places, hits Traps
        view = s.view(0)
        for lang, seen in lines.items():
            seen.extend(read_narration(view, lang)[-3:])
    assert any(" Trap (cost " in line for line in lines["en"]), "no Trap was named in 700 moves"
    assert any("Trap " in line and "(coste " in line for line in lines["es"])
    for lang, seen in lines.items():
        leaked = [line for line in seen if any(card_id in line for card_id in ids)]
        assert not leaked, (lang, leaked[:3])
