"""The 5x5 zoo grid: positions, their names (a1 to e5) and orthogonal neighbours."""

from __future__ import annotations

from deadtable.core.words import is_number

SIZE = 5
POSITIONS = SIZE * SIZE
COLUMNS = "abcde"

# A zoo card is an int: its value, plus MUTANT when its back shows a mutant (RULINGS CZ-2).
MUTANT = 8
ZOO_VALUES = (0, 1, 2, 3, 4)
CARDS_PER_VALUE = 10
MUTANT_VALUES = (0, 1, 2, 3)
CHARACTER_VALUES = (3, 4, 5, 6)
CARDS_PER_POSITION = 2
NOBODY = -1  # the owner of a position with no piece on it

DIRECTIONS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


def name(pos: int) -> str:
    """Position index to its name: column letter then row number.

    >>> name(0), name(24), name(7)
    ('a1', 'e5', 'c2')
    """
    row, col = divmod(pos, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def parse(text: str) -> int | None:
    """Position name to index, or None when it names no position.

    >>> parse("c2"), parse("z9"), parse("c²"), parse("d٢")
    (7, None, None, None)
    """
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in COLUMNS or not is_number(t[1]):  # ASCII digits only: "c²", "d٢" name none
        return None
    row = int(t[1]) - 1
    if not 0 <= row < SIZE:
        return None
    return row * SIZE + COLUMNS.index(t[0])


def _neighbours(pos: int) -> tuple[int, ...]:
    row, col = divmod(pos, SIZE)
    out = []
    for dc, dr in DIRECTIONS.values():
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(sorted(out))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(p) for p in range(POSITIONS))
NAMES: tuple[str, ...] = tuple(name(p) for p in range(POSITIONS))


def value(card: int) -> int:
    return card & 7


def is_mutant(card: int) -> bool:
    return bool(card & MUTANT)


def full_deck() -> list[int]:
    """The 50 zoo cards in a canonical order: one card of each value 0 to 3 is a mutant."""
    cards = []
    for v in ZOO_VALUES:
        for i in range(CARDS_PER_VALUE):
            cards.append(v | MUTANT if (v in MUTANT_VALUES and i == 0) else v)
    return cards
