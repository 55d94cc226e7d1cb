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
    """The built-in card file with `not_last` taken off Hide and Boomerang (as before issue 25), for
    tests of a protection card played as the last one (RULINGS ZS-6, house reading ZS-H4)."""
    path = folder / "cards.toml"
    path.write_text(BUILTIN.read_text("utf-8").replace(', { name = "not_last" }', ""), "utf-8")
    return str(path)


def protection_as_before(folder: Path) -> str:
    """The built-in card file whose Hide and Boomerang answer every effect, draws too, and may be the
    last card (`answers` and `not_last` taken off, as before issue 25)."""
    text = BUILTIN.read_text("utf-8").replace(', { name = "not_last" }', "")
    path = folder / "cards-before.toml"
    path.write_text(re.sub(r", answers = \[[^]]*\]", "", text), "utf-8")
    return str(path)


DRAW = ', { name = "next_draws", count = 1 }]'
# Issue 25's sixth round, taken back by `_fifth_round_text`: (card, its effects before, what it added).
SIXTH_ROUND = [
    ("Lab Rat", '[{ name = "lands_on", corporation = "Flask" }', DRAW),
    ("Courier", '[{ name = "lands_on", kind = "common" }', DRAW),
    ("Specimen", '[{ name = "lands_on", corporation = "Shield" }', DRAW),
    ("Plague Doctor", '[{ name = "lands_on", min_points = 8 }', DRAW),
    ("Screamer", '[{ name = "finish", bonus = 15 }, { name = "lands_on", min_points = 3 }', DRAW),
    ("Turnaround", '[{ name = "reverse" }', ', { name = "not_last" }]'),
]


def _fifth_round_text() -> str:
    text = BUILTIN.read_text("utf-8")
    for card, before, added in SIXTH_ROUND:
        now = f'name = "{card}"\n'
        at = text.index(now)
        effects = text.index("effects = ", at) + len("effects = ")
        assert text.startswith(before + added, effects), "the sixth round's cards changed"
        text = text[:effects] + before + "]" + text[effects + len(before + added) :]
    hide = '{ name = "hide", answers = ["next_skips"] }'
    assert hide in text, "the sixth round's cards changed"
    return text.replace(hide, '{ name = "hide", answers = ["next_skips", "swap", "give"] }')


def fifth_round(folder: Path) -> str:
    """The built-in card file as issue 25's fifth round left it: Hide also answers a swap or a gift,
    Courier, Lab Rat, Specimen, Plague Doctor and the Screamer make nobody draw, and the Turnaround
    may be the last card (the sixth round changed them), for tests of those mechanics."""
    path = folder / "cards-fifth.toml"
    path.write_text(_fifth_round_text(), "utf-8")
    return str(path)


def _fourth_round_text() -> str:
    text = _fifth_round_text()
    boomerang = '{ name = "boomerang", answers = ["swap", "give"] }'
    schemer = '[{ name = "follows", kind = "elite" }, { name = "give", target = "opponent"'
    officer = 'corporation = "Star"\neffects = [{ name = "lands_on", kind = "common" }]\n\n[[card]]\n'
    officer += 'name = "Colonel"'
    assert boomerang in text and schemer in text and officer in text, "the fifth round's cards changed"
    text = text.replace(boomerang, '{ name = "boomerang", answers = ["next_skips", "swap", "give"] }')
    text = text.replace(officer, officer.replace("[{ ", '[{ name = "follows", kind = "common" }, { ', 1))
    return text.replace(schemer, '[{ name = "name_corporation" }, { name = "give", target = "opponent"')


def fourth_round(folder: Path) -> str:
    """The built-in card file as issue 25's fourth round left it: the Boomerang also turns back a
    missed turn, the Schemer's first effect names the corporation to match, and any common may follow
    the Officer (the fifth round took them away), for tests of those mechanics, which card files may
    still use."""
    path = folder / "cards-fourth.toml"
    path.write_text(_fourth_round_text(), "utf-8")
    return str(path)


def choosing_thief(folder: Path) -> str:
    """The card file of issue 25's third round: the fourth round's (`fourth_round`) whose Thief and
    Schemer pick the card they take or give (`pick` taken off): the Thief looks at the hand and takes
    the card it wants."""
    path = folder / "cards-choosing.toml"
    path.write_text(_fourth_round_text().replace(', pick = "random"', ""), "utf-8")
    return str(path)
