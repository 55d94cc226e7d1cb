"""Set up a zombie shedding position by hand, and play actions by their text."""

from __future__ import annotations

import re
from pathlib import Path

from deadtable.games.zombie_shedding import GAME, ShedState, rules
from deadtable.games.zombie_shedding.cards import BUILTIN


def position(
    players: int = 2,
    *,
    mode: str = "duel",
    teams: str = "auto",
    hands: list[list[str]] | None = None,
    match: str | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    turn: int = 0,
    seed: int = 1,
    **options: str,
) -> ShedState:
    """A fresh game whose hands, card to match, deck (top last) and discard are replaced."""
    st = GAME.new(players, seed, mode=mode, teams=teams, **options)
    assert isinstance(st, ShedState)
    cs = st.cards
    if hands is not None:
        st.hands = [[cs.kind(n) for n in h] for h in hands]
    if match is not None:
        k = cs.kind(match)
        st.match_kind, st.match_corp = k, cs.corp[k]
        st.discard = [k]
    if discard is not None:
        st.discard = [cs.kind(n) for n in discard]
    if deck is not None:
        st.deck = [cs.kind(n) for n in deck]
    st.turn_seat = turn
    st.dealer = turn
    st.stack = []
    st.sync_masks()  # the hands as bit masks (legal.py)
    rules.settle(st)  # a turn with no card that fits draws at once (RULINGS ZS-4)
    return st


def give_turn(st: ShedState, seat: int) -> None:
    """A test's shortcut: the turn passes to `seat` now (the state then settles, as after a move)."""
    st.turn_seat = seat
    rules.settle(st)


def do(st: ShedState, *texts: str) -> None:
    for text in texts:
        st.apply(GAME.parse_action(st, text))


def legal(st: ShedState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def hand(st: ShedState, seat: int) -> list[str]:
    return sorted(st.cards.name(k) for k in st.hands[seat])


def without_not_last(folder: Path) -> str:
    """The built-in card file with `not_last` taken off Hide and Boomerang, for tests of a
    protection card played as the last one (RULINGS ZS-6, house reading ZS-H4)."""
    path = folder / "cards.toml"
    path.write_text(BUILTIN.read_text("utf-8").replace(', { name = "not_last" }', ""), "utf-8")
    return str(path)


def protection_answers_all(folder: Path) -> str:
    """The built-in card file whose Hide and Boomerang answer every effect, draws too, and may be the
    last card (`answers` and `not_last` taken off: a card file that names neither)."""
    text = BUILTIN.read_text("utf-8").replace(', { name = "not_last" }', "")
    path = folder / "cards-answering-everything.toml"
    path.write_text(re.sub(r", answers = \[[^]]*\]", "", text), "utf-8")
    return str(path)


DRAW = ', { name = "next_draws", count = 1 }]'
# What the built-in list adds to these cards, taken off by `_hide_answers_swaps_text`: (card, its
# other effects, the draw or `not_last` added).
DRAWS_AND_NOT_LAST = [
    ("Lab Rat", '[{ name = "lands_on", corporation = "Flask" }', DRAW),
    ("Courier", '[{ name = "lands_on", kind = "common" }', DRAW),
    ("Specimen", '[{ name = "lands_on", corporation = "Shield" }', DRAW),
    ("Plague Doctor", '[{ name = "lands_on", min_points = 8 }', DRAW),
    ("Screamer", '[{ name = "finish", bonus = 15 }, { name = "lands_on", min_points = 3 }', DRAW),
    ("Turnaround", '[{ name = "reverse" }', ', { name = "not_last" }]'),
]


def _hide_answers_swaps_text() -> str:
    text = BUILTIN.read_text("utf-8")
    for card, before, added in DRAWS_AND_NOT_LAST:
        now = f'name = "{card}"\n'
        at = text.index(now)
        effects = text.index("effects = ", at) + len("effects = ")
        assert text.startswith(before + added, effects), "the built-in cards changed"
        text = text[:effects] + before + "]" + text[effects + len(before + added) :]
    hide = '{ name = "hide", answers = ["next_skips"] }'
    assert hide in text, "the built-in Hide changed"
    return text.replace(hide, '{ name = "hide", answers = ["next_skips", "swap", "give"] }')


def hide_answers_swaps(folder: Path) -> str:
    """The built-in card file with Hide also answering a swap or a gift, Courier, Lab Rat, Specimen,
    Plague Doctor and the Screamer making nobody draw, and the Turnaround allowed as the last card
    (one of the kept lists of `data/history`), for tests of those mechanics."""
    path = folder / "cards-hide-answers-swaps.toml"
    path.write_text(_hide_answers_swaps_text(), "utf-8")
    return str(path)


def _boomerang_answers_skips_text() -> str:
    text = _hide_answers_swaps_text()
    boomerang = '{ name = "boomerang", answers = ["swap", "give"] }'
    schemer = '[{ name = "follows", kind = "elite" }, { name = "give", target = "opponent"'
    officer = 'corporation = "Star"\neffects = [{ name = "lands_on", kind = "common" }]\n\n[[card]]\n'
    officer += 'name = "Colonel"'
    assert boomerang in text and schemer in text and officer in text, "the built-in cards changed"
    text = text.replace(boomerang, '{ name = "boomerang", answers = ["next_skips", "swap", "give"] }')
    text = text.replace(officer, officer.replace("[{ ", '[{ name = "follows", kind = "common" }, { ', 1))
    return text.replace(schemer, '[{ name = "name_corporation" }, { name = "give", target = "opponent"')


def boomerang_answers_skips(folder: Path) -> str:
    """`hide_answers_swaps` where the Boomerang also turns back a missed turn, the Schemer's first
    effect names the corporation to match, and any common may follow the Officer (no built-in card
    does these), for tests of those mechanics, which card files may still use."""
    path = folder / "cards-boomerang-answers-skips.toml"
    path.write_text(_boomerang_answers_skips_text(), "utf-8")
    return str(path)


def choosing_thief(folder: Path) -> str:
    """`boomerang_answers_skips` whose Thief and Schemer pick the card they take or give (`pick`
    taken off): the Thief looks at the hand and takes the card it wants."""
    path = folder / "cards-choosing.toml"
    path.write_text(_boomerang_answers_skips_text().replace(', pick = "random"', ""), "utf-8")
    return str(path)
