"""Views and the terminal text: what each seat sees, what it must not, and known-value regressions."""

from __future__ import annotations

import random
from pathlib import Path

from rich.text import Text

from deadtable.games.zombie_shedding import GAME, ShedState, view

from .position import boomerang_answers_skips, choosing_thief, do, hide_answers_swaps, position


def test_render_shows_match_hand_sizes_direction_scores_and_teams() -> None:
    st = position(
        4,
        mode="alliances",
        hands=[["Guard", "Biter"], ["Walker"] * 3, ["Blob"] * 2, ["Hide"] * 4],
        match="Intern",
        deck=["Hide"] * 5,
    )
    st.scores = [12, 30]
    do(st, "play guard")
    text = Text.from_markup(st.render(3)).plain
    for words in (
        "Card to match: ",
        "Guard",
        "counter-clockwise",
        "team scores A 12 B 30",
        "P2 team B",
        "4 cards",
        "Your hand:",
        "Hide",
        "Alliances 2v2 to 60",
    ):
        assert words in text, words
    assert "Walker" not in st.render(2).split("Your hand:")[1]  # P3 does not see P2's Walkers


def test_spectator_sees_no_hand_and_the_drawn_card_stays_with_its_drawer() -> None:
    st = position(hands=[["Blob", "Spitter"], ["Walker", "Biter"]], match="Brute", deck=["Hide", "Sniper"])
    assert st.view(None)["hand"] is None
    assert st.view(0)["pending"]["card"]["name"] == "Sniper"
    assert st.view(1)["pending"]["card"] is None
    for seed in range(10):
        sample = st.determinize(1, random.Random(seed))
        assert sample.view(1) == st.view(1)
        drawn = sample.stack[-1][5]
        assert drawn in sample.hands[0]


def test_game_over_is_shown() -> None:
    st = position(
        3, mode="blitz", hands=[["Biter"], ["Brute"], ["Walker", "Blob"]], match="Shambler", deck=["Hide"] * 5
    )
    do(st, "play biter")
    assert "The game is over." in st.render(0)
    assert "winners" not in st.render(0)  # the result is the command's to print, once


def _known_values(**extra: str) -> list[tuple[int, int, int, tuple[int, ...]]]:
    results = []
    for variant, seed in (("duel", 7), ("alliances-3v3", 7), ("overlord-4p", 7)):
        v = next(x for x in GAME.variants() if x.name == variant)
        st = GAME.new(v.players, seed, **v.options, **extra)
        assert isinstance(st, ShedState)
        rng = random.Random(seed)
        counts = 0
        while not st.is_terminal:
            acts = st.legal_actions()
            counts += len(acts)
            st.apply(acts[rng.randrange(len(acts))])
        results.append((len(st.history), counts, st.hand_no, tuple(st.scores)))
    return results


def test_known_values_for_fixed_seeds(tmp_path: Path) -> None:
    """Like perft counts: the length of a seeded random game, its hands and its final scores; with
    the other card files of `position`, their own values, so their mechanics stay covered."""
    assert _known_values() == KNOWN
    assert _known_values(cards=hide_answers_swaps(tmp_path)) == KNOWN_HIDE_SWAPS
    assert _known_values(cards=boomerang_answers_skips(tmp_path)) == KNOWN_BOOMERANG_SKIPS
    assert _known_values(cards=choosing_thief(tmp_path)) == KNOWN_CHOOSING_THIEF


# (actions, sum of legal-action counts, hands played, final scores), recorded from this engine,
# whose rules these values pin: the card that takes a player out has its effect (RULINGS ZS-6), the
# two-player reverse, Hide and Boomerang never the last card, every draw effect 1 card, the Screamer
# on 3 points or more, a draw answered by nobody, the Thief taking and the Schemer giving a card at
# random. KNOWN is the built-in card list (Hide answers a missed turn only, the Boomerang a swap or
# a gift, no common may follow the Officer, Courier, Lab Rat, Specimen, Plague Doctor and the
# Screamer make the next player draw 1, the Turnaround is never the last card); the others are the
# card files of `position` named alike.
KNOWN = [(236, 460, 3, (3, 61)), (665, 1300, 5, (130, 78)), (126, 334, 3, (0, 0, 29, 121))]
KNOWN_HIDE_SWAPS = [(285, 551, 7, (50, 78)), (435, 825, 4, (51, 141)), (174, 406, 4, (137, 0, 0, 51))]
KNOWN_BOOMERANG_SKIPS = [(114, 266, 4, (23, 77)), (459, 865, 4, (130, 66)), (227, 501, 4, (0, 19, 147, 0))]
KNOWN_CHOOSING_THIEF = [(117, 271, 3, (0, 67)), (291, 640, 3, (49, 99)), (143, 364, 3, (0, 0, 155, 36))]


def test_a_determinization_drops_another_seats_combo_to_come_and_keeps_its_own() -> None:
    """P1 plays Brute with or without Don Lysar to follow; P2, asked to answer Brute, cannot tell
    which, so its determinizations of both are the same, and hold no combo; P1's keeps its own."""
    hands = [["Brute", "Don Lysar", "Walker"], ["Walker", "Biter", "Hide"]]
    alone, combo = position(hands=hands), position(hands=hands)
    do(alone, "play brute")
    do(combo, "play brute + don-lysar")
    assert alone.current_player == combo.current_player == 1  # P2 answers Brute's effect
    assert alone.view(1) == combo.view(1)
    assert view.unseen_frames(combo, 1) and not view.unseen_frames(alone, 1)
    for seed in range(5):
        sample = combo.determinize(1, random.Random(seed))
        assert sample == alone.determinize(1, random.Random(seed))
        assert not view.unseen_frames(sample, 1)
        assert sample.legal_actions() == combo.legal_actions()
    own = combo.determinize(0, random.Random(1))
    assert own.stack == combo.stack  # P1 knows its own combo
    do(own, "decline")
    assert own.view(0)["discard_top"] == "Don Lysar"  # played once Brute's effect is over
