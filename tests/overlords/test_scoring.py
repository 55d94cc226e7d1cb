"""Every scoring row of section IX with RULINGS OV-3, OV-4, OV-6 and OV-7."""

from __future__ import annotations

import itertools
import random

import pytest

from deadtable.games.overlords.scoring import (
    majority_gain,
    majority_share,
    majority_shares,
    score_sheets,
    tally,
)

from .helpers import CARDS, ks, play, position


def sheet(*names: str) -> dict[str, int]:
    return score_sheets(CARDS, [ks(*names)])[0]


def test_undead_warrior_single_values_without_straight() -> None:
    s = sheet("undead warrior 1", "undead warrior 2", "undead warrior 2")
    assert s["Undead Warrior"] == 5  # 1 + 2 + 2, no 3 so no straight


def test_undead_warrior_one_straight_scores_bonus_6() -> None:
    assert sheet("undead warrior 1", "undead warrior 2", "undead warrior 3")["Undead Warrior"] == 6 + 6


def test_undead_warrior_multiple_straights() -> None:
    # OV-4: one bonus for each complete set: two straights plus a leftover 2.
    s = sheet(*["undead warrior 1", "undead warrior 2", "undead warrior 3"] * 2, "undead warrior 2")
    assert s["Undead Warrior"] == (1 + 2 + 3) * 2 + 2 + 2 * 6


@pytest.mark.parametrize(("n", "points"), [(1, 1), (2, 4), (3, 9), (4, 12), (5, 18), (6, 24), (7, 24)])
def test_zombies(n: int, points: int) -> None:
    assert sheet(*["zombie"] * n)["Zombie"] == points


@pytest.mark.parametrize(("n", "points"), [(1, 3), (2, 7), (3, 12), (4, 18), (5, 25), (6, 25)])
def test_hydra(n: int, points: int) -> None:
    assert sheet(*["hydra"] * n)["Hydra"] == points


@pytest.mark.parametrize(("n", "points"), [(1, 2), (2, 7), (3, 9), (4, 14), (5, 16)])
def test_orthrus_pairs_and_leftover(n: int, points: int) -> None:
    assert sheet(*["orthrus"] * n)["Orthrus"] == points


@pytest.mark.parametrize(("n", "points"), [(1, 2), (2, 4), (3, 12), (5, 16), (6, 24), (7, 26)])
def test_chimera_sets_of_three(n: int, points: int) -> None:
    assert sheet(*["chimera"] * n)["Chimera"] == points


@pytest.mark.parametrize(("n", "points"), [(1, 6), (2, 4), (3, 6)])
def test_cyclops_exactly_one_versus_more(n: int, points: int) -> None:
    assert sheet(*["cyclops"] * n)["Cyclops"] == points


def test_hired_hands_score_2_each() -> None:
    assert sheet("thief", "medusa", "zombie")["Hired Hands"] == 4


def test_minotaur_places_24_16_8() -> None:
    assert majority_shares((24, 16, 8), [4, 3, 2, 1]) == [24, 16, 8, 0]


def test_minotaur_tie_for_first_splits_24_and_16() -> None:
    # OV-3's own example: two tied for most share (24 + 16) / 2 = 20.
    assert majority_shares((24, 16, 8), [3, 3, 1]) == [20, 20, 8]


def test_minotaur_tie_for_second_splits_16_and_8() -> None:
    assert majority_shares((24, 16, 8), [4, 2, 2, 1]) == [24, 12, 12, 0]


def test_minotaur_three_way_tie_and_rounding_down() -> None:
    assert majority_shares((24, 16, 8), [2, 2, 2]) == [16, 16, 16]
    assert majority_shares((24, 16, 8), [1, 3, 3, 3]) == [0, 16, 16, 16]
    assert majority_shares((24, 16, 8), [5, 1, 1, 1]) == [24, 8, 8, 8]  # (16 + 8 + 0) / 3


def test_army_without_minotaur_scores_none_and_does_not_take_a_place() -> None:
    sheets = score_sheets(CARDS, [ks("minotaur"), ks("zombie"), ks("minotaur", "minotaur")])
    assert [s["Minotaur"] for s in sheets] == [16, 0, 24]


def test_dummy_counts_for_minotaur_places_but_cannot_win() -> None:
    # OV-3, OV-6: the dummy's three Minotaurs take first place; the dummy still cannot win.
    st = position(
        2,
        hands=[["zombie"], ["zombie"], ["hydra"]],
        armies=[["minotaur", "minotaur"], ["minotaur"], ["minotaur"] * 3 + ["hydra"] * 5],
        turn_no=0,
    )
    play(st, "recruit zombie", "recruit hydra for dummy")
    assert st.is_terminal is False or st.round > 0
    sheets = st.score_sheets()
    assert [s["Minotaur"] for s in sheets] == [16, 8, 24]
    assert sheets[2]["Total"] > max(s["Total"] for s in sheets[:2])
    out = st.outcome()
    assert len(out.scores) == 2 and all(w in (0, 1) for w in out.winners)
    assert "Dummy" in str(out.note) and "Minotaur" in str(out.note)  # the note is a Message


def test_score_sheet_in_outcome_note_has_every_row() -> None:
    st = position(3, armies=[["zombie"], ["hydra"], ["cyclops"]])
    note = str(st.outcome().note)  # a Message: its English text
    for row in ("Undead Warrior", "Zombie", "Cyclops", "Minotaur", "Orthrus", "Chimera", "Hydra"):
        assert row in note
    assert "Hired Hands" in note and "Total" in note


def test_ties_for_the_win_are_shared() -> None:
    # OV-7
    st = position(3, armies=[["hydra"], ["hydra"], ["zombie"]])
    out = st.outcome()
    assert out.scores[:2] == (3.0, 3.0)
    assert out.winners == (0, 1)


def test_one_armys_majority_share_is_its_entry_of_every_armys() -> None:
    """`majority_share` (the heuristic's, one army) agrees with `majority_shares` (the score sheet's)
    on every holding of up to 5 armies of 0 to 4 Minotaurs, for 2 and 3 places (OV-3)."""
    checked = 0
    for places in ((24, 16, 8), (12, 6)):
        for armies in range(2, 6):
            for held in itertools.product(range(5), repeat=armies):
                shares = majority_shares(places, held)
                assert [majority_share(places, held, a) for a in range(armies)] == shares, (places, held)
                checked += 1
    assert checked > 1000


def test_majority_gain_is_the_change_of_one_armys_share() -> None:
    """`majority_gain` (one pass, the heuristic's) is the change in `majority_share` when `army`
    gets one more, every army holding `extra` more, on every holding of up to 4 armies of 0 to 4
    Minotaurs, `extra` from -2 to 3."""
    checked = 0
    for places in ((24, 16, 8), (12, 6)):
        for armies in range(2, 5):
            for held in itertools.product(range(5), repeat=armies):
                for army, extra in itertools.product(range(armies), range(-2, 4)):
                    more = [n + extra for n in held]
                    before = majority_share(places, more, army)
                    more[army] += 1
                    gain = majority_share(places, more, army) - before
                    assert majority_gain(places, held, army, extra) == gain, (places, held, army, extra)
                    checked += 1
    assert checked > 10000


def test_a_part_of_the_totals_changes_as_the_totals_do() -> None:
    """`Tally.part_of` some kinds: where only their counts change, every army's total changes by as
    much as that part (random counts of 2 to 5 armies, 1 to 3 kinds changed)."""
    t, rng = tally(CARDS), random.Random(4)
    for _ in range(2000):
        before = [
            [rng.randrange(CARDS.counts[k] + 1) for k in range(CARDS.kinds)]
            for _ in range(rng.randrange(2, 6))
        ]
        kinds = sorted({rng.randrange(CARDS.kinds) for _ in range(3)})
        after = [list(c) for c in before]
        for c in after:
            for k in kinds:
                c[k] = rng.randrange(CARDS.counts[k] + 1)
        whole = [a - b for a, b in zip(t.totals_of(after), t.totals_of(before), strict=True)]
        part = [a - b for a, b in zip(t.part_of(after, kinds), t.part_of(before, kinds), strict=True)]
        assert part == whole, (before, after, kinds)
