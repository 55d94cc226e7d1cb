"""Card files: the built-in set loads; a user's file loads with `cards`; bad files are named exactly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deadtable.core import CardDataError
from deadtable.games.zombie_overlord import GAME
from deadtable.games.zombie_overlord.cards import DATA, load
from deadtable.games.zombie_overlord.facts import ZOFacts
from deadtable.games.zombie_overlord.text import render


def _write(tmp_path: Path, old: str, new: str) -> str:
    text = DATA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_a_user_file_loads_with_the_cards_option(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        'name = "Mechanic"\nlure = ["medicine"]\nattack = 5',
        'name = "Mechanic"\nlure = ["medicine"]\nattack = 9',
    )
    s = GAME.new(2, 1, cards=path)
    assert s.cs.cards[s.cs.by_name["mechanic"]].attack == 9
    assert s.view(0)["card_file"] == path


@pytest.mark.parametrize(
    ("old", "new", "card", "field"),
    [
        ("defense = [3, 2]", "defense = [2, 3]", "ammo-01", "defense"),
        ('effect = "attack_bonus", n = 1 }', 'effect = "explode", n = 1 }', "ammo-01", "abilities[0].effect"),
        (
            'lure = ["ammo"]\nattack = 3\ncopies = 2',
            'lure = ["bullets"]\nattack = 3\ncopies = 2',
            "Deputy",
            "lure",
        ),
        (
            'name = "Point Guard"\nlure = ["ammo"]\nattack = 3',
            'name = "Point Guard"\nlure = ["ammo"]\nattack = "x"',
            "Point Guard",
            "attack",
        ),
        (
            'keyword = "once_per_turn", effect = "attack_bonus", n = 1 }',
            'keyword = "sometimes", effect = "attack_bonus", n = 1 }',
            "ammo-01",
            "abilities[0].keyword",
        ),
        (
            '{ effect = "reinforce", n = 2 }',
            '{ effect = "reinforce", m = 2 }',
            "Reinforcements",
            "abilities[0].m",
        ),
        ('name = "Ice Cream Man"', 'name = "Mechanic"', "Mechanic", "name"),
    ],
)
def test_a_bad_file_names_the_file_the_card_and_the_field(
    tmp_path: Path, old: str, new: str, card: str, field: str
) -> None:
    path = _write(tmp_path, old, new)
    with pytest.raises(CardDataError) as err:
        GAME.new(2, 1, cards=path)
    msg = str(err.value)
    assert path in msg and repr(card) in msg and repr(field) in msg


def test_unreadable_and_invalid_toml(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read"):
        load(str(tmp_path / "missing.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[meta\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load(str(bad))


def test_trap_texts_are_written_from_their_abilities() -> None:
    cs = load()
    assert cs.cards[cs.by_name["ammo-03"]].text == "Once Per Turn: your next attack gains +1 Attack."
    assert cs.cards[cs.by_name["power down"]].text.startswith("Deactivate any Trap")


def test_misfits_swap_needs_a_misfit_for_every_duplicate(tmp_path: Path) -> None:
    from deadtable.core import OptionError

    text = DATA.read_text(encoding="utf-8")
    cut = text.index('[[misfit]]\nname = "Mime"')
    path = tmp_path / "few.toml"
    path.write_text(text[:cut] + text[text.index("# ---", cut) :], encoding="utf-8")
    GAME.new(2, 1, cards=str(path))  # fine without the swap
    with pytest.raises(OptionError, match="Misfits"):
        GAME.new(2, 1, cards=str(path), misfits=True)
    s = GAME.new(3, 1, misfits=True)
    survivors = s.survivor_deck + s.wasteland
    assert len(set(survivors)) == len(survivors) == 68  # no repeats, same size
    assert len(GAME.new(2, 1, misfits=True).survivor_deck) + 3 == 56  # the 3-4 icons still out


def test_a_game_dealt_with_an_earlier_list_is_shown_and_played_with_it() -> None:
    """A replayed game pinned to an earlier built-in list (before medicine-09 got its Combo): the
    terminal board shows that list's texts (the view names the list), and the heuristic's facts
    hold the game's own list, not today's."""
    previous = "a84252cf5c1a0470161876bde7a7056fa41a135645e1de994348a7aded7fc732"
    assert "Combo" in load().cards[load().by_name["medicine-09"]].text  # today's has one
    s = GAME.new(2, 14, card_list=previous)
    rng = random.Random(14)
    for _ in range(600):
        if "medicine-09" in s.view(0)["hand"]:
            break
        s.apply(rng.choice(s.legal_actions()))
    view = s.view(0)
    assert "medicine-09" in view["hand"] and view["card_list"] == previous
    line = next(line for line in render(view).splitlines() if "medicine-09 cost" in line)
    assert "lure a Medicine Survivor" in line and "Combo" not in line
    facts = s.seat_facts(0)
    assert isinstance(facts, ZOFacts) and facts.cards.sha == previous
