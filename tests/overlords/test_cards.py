"""The card set as data (II, VII, IX; OV-1) and refusing bad card files (CardDataError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.core import CardDataError, OptionError
from deadtable.games.overlords import GAME
from deadtable.games.overlords.cards import BUILTIN, load

PRINTED = {
    "Undead Warrior 3": 3,
    "Undead Warrior 2": 6,
    "Undead Warrior 1": 3,
    "Zombie": 12,
    "Cyclops": 5,
    "Minotaur": 15,
    "Orthrus": 8,
    "Chimera": 9,
    "Hydra": 7,
}
HIRED = ("Black Knight", "Red Knight", "Blue Knight", "Sorcerer", "Thief", "Medusa", "Lich King")


def test_printed_counts() -> None:
    c = load()
    assert {c.names[k]: c.counts[k] for k in c.monsters} == PRINTED
    assert len(c.monster_deck()) == 68
    assert sorted(c.names[k] for k in c.hired_hands) == sorted(HIRED)
    assert len(c.hired_hand_cards()) == 14  # OV-1
    assert c.hired_hands_in_game == 7 and c.overlord_name == "Overlord"


def test_hired_hand_texts_exactly_as_printed() -> None:
    rules = Path(__file__).parents[3] / "shared" / "rules" / "overlords.en.txt"
    c = load()
    if rules.exists():
        text = " ".join(rules.read_text(encoding="utf-8").split())
        for k in c.hired_hands:
            assert f"{c.names[k]} (2 points) {c.texts[k]}" in text
    assert all(c.scoring[k] == {"rule": "flat", "points": 2} for k in c.hired_hands)


def _write(tmp_path: Path, old: str, new: str) -> str:
    text = BUILTIN.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_a_user_file_with_the_same_cards_plays(tmp_path: Path) -> None:
    path = _write(tmp_path, 'name = "Zombie"', 'name = "Ghoul"')
    st = GAME.new(3, 1, cards=path)
    assert "Ghoul" in st.cards.names


@pytest.mark.parametrize(
    ("old", "new", "card", "field"),
    [
        ("count = 12", "count = 0", "Zombie", "count"),
        ('rule = "alone"', 'rule = "lonely"', "Cyclops", "scoring.rule"),
        ("set_points = 12", "set_pts = 12", "Chimera", "scoring.set_points"),
        ('ability = "thief"', 'ability = "pickpocket"', "Thief", "ability"),
        ('name = "Hydra"', 'name = "Zombie"', "Zombie", "name"),
    ],
)
def test_bad_files_name_file_card_and_field(
    tmp_path: Path, old: str, new: str, card: str, field: str
) -> None:
    path = _write(tmp_path, old, new)
    with pytest.raises(CardDataError) as err:
        GAME.new(3, 1, cards=path)
    message = str(err.value)
    assert "mine.toml" in message and repr(card) in message and repr(field) in message


def test_unreadable_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read"):
        GAME.new(3, 1, cards=str(tmp_path / "none.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[[monster]\nname=", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        GAME.new(3, 1, cards=str(bad))


def test_too_small_a_deck_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "count = 15", "count = 1")
    with pytest.raises(CardDataError, match="need 72 cards"):
        GAME.new(3, 1, cards=path)


def test_chosen_hired_hands_are_checked() -> None:
    with pytest.raises(OptionError, match="exactly 7"):
        GAME.new(3, 1, hired_hands="thief,medusa")
    with pytest.raises(OptionError, match="only 2"):
        GAME.new(3, 1, hired_hands="thief,thief,thief,medusa,medusa,sorcerer,sorcerer")
    with pytest.raises(OptionError, match="Monster"):
        GAME.new(3, 1, hired_hands="zombie,thief,medusa,medusa,sorcerer,sorcerer,lich king")
