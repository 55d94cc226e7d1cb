"""The card list (RULINGS ZS-1): make-up, named mechanics, user files and their checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deadtable.core import CardDataError
from deadtable.games.zombie_shedding import GAME
from deadtable.games.zombie_shedding.cards import BUILTIN, CORPORATIONS, KINDS, load

CARDS = load()


def by_name(name: str):  # type: ignore[no-untyped-def]
    return CARDS.cards[CARDS.kind(name)]


def test_deck_make_up_is_the_rulebooks() -> None:
    deck = CARDS.deck(1)
    assert len(deck) == 54
    count = {k: 0 for k in (*KINDS, "event")}
    for k in deck:
        c = CARDS.cards[k]
        count["event" if c.is_event else KINDS[c.level]] += 1
    assert count == {"common": 20, "elite": 20, "boss": 5, "event": 9}
    zombies = [CARDS.cards[k] for k in deck if not CARDS.is_event[k]]
    assert {CORPORATIONS[c.corporation] for c in zombies} == set(CORPORATIONS)
    assert all(c.points > 0 for c in zombies)
    assert all(CARDS.points[k] == 0 for k in deck if CARDS.is_event[k])  # events count 0 (ZS-2)
    assert len(CARDS.deck(2)) == 108  # RULINGS ZS-5


def test_named_cards_keep_their_mechanics() -> None:
    assert by_name("Screamer").param("finish", "bonus") == 15
    assert by_name("Lady Mimic").has("combo") and by_name("Don Lysar").has("combo")
    # The rulebook gives the Schemer two effects, the second acting on opponents; the built-in
    # list makes the first "any elite may follow it" (a card file may name the corporation instead).
    schemer = [name for name, _ in by_name("Schemer").effects]
    assert schemer == ["follows", "give"] and by_name("Schemer").param("follows", "kind") == "elite"
    assert by_name("Schemer").param("give", "target") == "opponent"
    assert by_name("Thief").is_event and by_name("Thief").param("swap", "target") == "opponent"
    # The built-in Thief and Schemer: the card they take or give is drawn at random.
    assert by_name("Thief").param("swap", "pick") == by_name("Schemer").param("give", "pick") == "random"
    assert by_name("Hide").is_event and by_name("Hide").has("hide")
    assert by_name("Boomerang").is_event and by_name("Boomerang").has("boomerang")


def test_matching_by_effect_is_common() -> None:
    zombies = [c for c in CARDS.cards if not c.is_event]
    by_effect = [c for c in zombies if c.has("lands_on") or c.has("follows")]
    assert len(by_effect) >= 15


def test_the_four_ways_to_match() -> None:
    fits = CARDS.playable
    brute = CARDS.kind("Brute")  # 8 Star elite
    star = CORPORATIONS.index("Star")
    assert fits[brute][star][CARDS.kind("Schemer")]  # number 8
    assert fits[brute][star][CARDS.kind("Biter")]  # corporation Star
    assert fits[brute][star][CARDS.kind("Sample")]  # effect: Sample lands on any elite
    assert fits[brute][star][CARDS.kind("Thief")]  # an event
    assert not fits[brute][star][CARDS.kind("Blob")]  # 4 Flask common: none of these
    leech = CARDS.kind("Leech")  # any boss may follow the Leech
    assert fits[leech][CORPORATIONS.index("Flask")][CARDS.kind("Don Lysar")]


def test_a_copy_of_the_built_in_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(BUILTIN.read_text(encoding="utf-8"), encoding="utf-8")
    st = GAME.new(2, 3, cards=str(path))
    assert len(st.cards.deck(1)) == 54  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("old", "new", "card", "field"),
    [
        (
            'name = "Biter"\ntype = "zombie"\nkind = "common"\npoints = 3\ncorporation = "Star"',
            'name = "Biter"\ntype = "zombie"\nkind = "common"\npoints = 3\ncorporation = "Moon"',
            "Biter",
            "corporation",
        ),
        (
            'effects = [{ name = "next_draws", count = 1 }]',
            'effects = [{ name = "explode" }]',
            "Biter",
            "effects",
        ),
        (
            'name = "Crawler"\ntype = "zombie"\nkind = "common"\npoints = 2',
            'name = "Crawler"\ntype = "zombie"\nkind = "common"\npoints = "two"',
            "Crawler",
            "points",
        ),
        (
            'name = "Hide"\ntype = "event"\ncopies = 2',
            'name = "Hide"\ntype = "event"\ncopies = 3',
            "(deck)",
            "event",
        ),
        (
            '{ name = "hide", answers = ["next_skips"] }',
            '{ name = "hide", answers = ["next_skips", "reverse"] }',
            "Hide",
            "effects.hide.answers",
        ),
        (
            '{ name = "boomerang", answers = ["swap", "give"] }',
            '{ name = "boomerang", answers = "next_skips" }',
            "Boomerang",
            "effects.boomerang.answers",
        ),
        (
            '{ name = "swap", target = "opponent", pick = "random" }',
            '{ name = "swap", target = "opponent", pick = "victim" }',
            "Thief",
            "effects.swap.pick",
        ),
        (
            'name = "Screamer"\ntype = "zombie"\nkind = "boss"',
            'name = "Screamer"\ntype = "zombie"\nkind = "king"',
            "Screamer",
            "kind",
        ),
    ],
)
def test_bad_files_name_file_card_and_field(
    tmp_path: Path, old: str, new: str, card: str, field: str
) -> None:
    text = BUILTIN.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        GAME.new(2, 1, cards=str(path))
    msg = str(err.value)
    assert str(path) in msg and repr(card) in msg and repr(field) in msg


def test_a_deck_without_the_screamer_is_refused(tmp_path: Path) -> None:
    """The rulebook names the Screamer and its finish; a file that drops the effect is not the game."""
    text = BUILTIN.read_text(encoding="utf-8")
    finish = '{ name = "finish", bonus = 15 }, '
    screamer = re.search(r'name = "Screamer"\n(?:(?!\[\[card\]\]).*\n)*?effects = \[.*\]', text)
    assert screamer is not None and finish in screamer.group(0)
    path = tmp_path / "quiet.toml"
    path.write_text(text.replace(screamer.group(0), screamer.group(0).replace(finish, "")), "utf-8")
    with pytest.raises(CardDataError) as err:
        GAME.new(2, 1, cards=str(path))
    msg = str(err.value)
    assert str(path) in msg and "Screamer" in msg and "'finish'" in msg


def test_unreadable_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read"):
        GAME.new(2, 1, cards=str(tmp_path / "missing.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("[[card]\nname = ", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        GAME.new(2, 1, cards=str(broken))
