"""Each of the seven Hired Hands exactly as printed (VII), what it reveals to whom, and OV-5."""

from __future__ import annotations

import random

from .helpers import CARDS, k, ks, legal, play, position

TEXTS = {
    "Black Knight": "Player who activates Black Knight card recruits 2 cards from hand, then places Black "
    "Knight into their hand before passing.",
    "Thief": "When the Thief is activated, exchange it for the top card of any opponent's army.",
}


def test_printed_texts_are_kept() -> None:
    for name, text in TEXTS.items():
        assert CARDS.texts[CARDS.names.index(name)] == text


def test_black_knight_recruits_two_then_goes_into_the_passed_hand() -> None:
    st = position(
        3,
        hands=[["hydra", "hydra", "zombie"], ["orthrus"] * 3, ["chimera"] * 3],
        aside=[["black knight"], [], []],
    )
    assert legal(st) == ["activate black knight", "no activation"]
    play(st, "activate black knight", "recruit hydra", "recruit hydra")
    assert st.current_player == 1  # both picks made: seat 0 has committed
    play(st, "recruit orthrus", "recruit chimera")
    assert st.armies[0] == ks("hydra", "hydra")
    # Seat 0's hand (zombie + Black Knight) went left to seat 1; everyone knows the Black Knight is in it.
    assert sorted(st.hands[1]) == sorted(ks("zombie", "black knight"))
    assert "Black Knight" in st.view(2)["hands"][1]["known"]


def test_red_knight_looks_through_an_army_and_puts_any_card_on_top() -> None:
    st = position(
        3,
        hands=[["zombie"] * 2] * 3,
        armies=[[], ["minotaur", "hydra", "cyclops"], ["orthrus"]],
        aside=[["red knight"], [], []],
    )
    play(st, "activate red knight")
    assert legal(st) == ["look at army p2", "look at army p3"]
    play(st, "look at army p2")
    assert st.view(0)["decision"]["cards"] == ["Minotaur", "Hydra", "Cyclops"]  # the activator sees it
    assert "cards" not in st.view(1)["decision"]
    play(st, "put minotaur on top")
    assert st.armies[1] == ks("hydra", "cyclops", "minotaur")
    assert st.armies[0] == ks("red knight")  # OV-5: under the activator's army, scores 2
    assert st.phase == 3  # recruiting now


def test_blue_knight_takes_from_the_draw_pile_which_is_reshuffled() -> None:
    st = position(3, hands=[["zombie"] * 2] * 3, aside=[["blue knight"], [], []])
    pile = sorted(st.draw)
    play(st, "activate blue knight")
    assert legal(st) == [f"take {CARDS.slugs[c]}" for c in sorted(set(pile))]
    assert st.view(0)["known_draw_pile"] == [CARDS.names[c] for c in pile]  # seen by the activator
    assert st.view(1)["known_draw_pile"] == []
    play(st, "take hydra")
    assert st.armies[0] == ks("hydra")
    rest = list(pile)
    rest.remove(k("hydra"))
    assert sorted(st.draw) == sorted([*rest, k("blue knight")])
    assert k("blue knight") in st.draw and len(st.draw) == len(pile)
    assert st.view(1)["known_draw_pile"] == ["Blue Knight"]  # everyone saw it go back in


def test_thief_exchanges_itself_for_an_opponents_top_card() -> None:
    st = position(
        3,
        hands=[["zombie"] * 2] * 3,
        armies=[["cyclops"], ["orthrus", "hydra"], []],
        aside=[["thief"], [], []],
    )
    play(st, "activate thief")
    assert legal(st) == ["steal from p2"]  # p3's army is empty, your own is no opponent's
    play(st, "steal from p2")
    assert st.armies[1] == ks("orthrus", "thief")
    assert st.armies[0] == ks("cyclops", "hydra")


def test_thief_is_not_offered_when_no_opponent_has_an_army() -> None:
    st = position(3, hands=[["zombie"] * 2] * 3, armies=[["cyclops"], [], []], aside=[["thief"], [], []])
    assert st.phase == 3  # nothing to activate: straight to recruiting


def test_sorcerer_passes_top_cards_both_directions() -> None:
    armies = [["cyclops"], ["orthrus", "hydra"], ["zombie"]]
    st = position(3, hands=[["zombie"] * 2] * 3, armies=armies, aside=[["sorcerer"], [], []])
    play(st, "activate sorcerer", "pass clockwise")
    assert st.armies == [ks("zombie", "sorcerer"), ks("orthrus", "cyclops"), ks("hydra")]
    st = position(3, hands=[["zombie"] * 2] * 3, armies=armies, aside=[["sorcerer"], [], []])
    play(st, "activate sorcerer", "pass counter-clockwise")
    assert st.armies == [ks("hydra", "sorcerer"), ks("orthrus", "zombie"), ks("cyclops")]


def test_medusa_flips_hands_for_everyone_and_chooses_their_picks() -> None:
    st = position(
        3,
        hands=[
            ["zombie", "hydra", "hydra"],
            ["orthrus", "hydra", "cyclops"],
            ["chimera", "minotaur", "hydra"],
        ],
        aside=[["medusa"], [], []],
    )
    play(st, "activate medusa")
    assert st.view(2)["hands"][1]["known"] == ["Cyclops", "Orthrus", "Hydra"]  # face up for all
    assert legal(st) == [
        "force p2 to recruit cyclops",
        "force p2 to recruit orthrus",
        "force p2 to recruit hydra",
    ]
    play(st, "force p2 to recruit cyclops", "force p3 to recruit chimera")
    assert st.armies[0] == ks("medusa")  # OV-5
    play(st, "recruit hydra")
    assert legal(st) == ["recruit cyclops"]
    play(st, "recruit cyclops", "recruit chimera")
    assert st.armies[1][-1] == k("cyclops") and st.armies[2][-1] == k("chimera")


def test_lich_king_reveals_and_swaps_hands_the_overlord_card_travels() -> None:
    st = position(
        3,
        hands=[["zombie", "zombie"], ["hydra", "hydra"], ["orthrus", "cyclops"]],
        aside=[["lich king"], [], []],
        overlord=1,
    )
    assert st.current_player == 0  # seat 1 has nothing to activate
    play(st, "activate lich king")
    assert "swap hands p1 p2" in legal(st) and legal(st)[-1] == "no swap"
    assert st.view(2)["hands"][1]["known"] == ["Hydra", "Hydra"]
    play(st, "swap hands p1 p2")
    assert st.hands[0] == ks("hydra", "hydra") and st.hands[1] == ks("zombie", "zombie")
    assert st.overlord == 0 and st.armies[0] == ks("lich king")
    # Seat 2 saw p2's old hand flipped; seat 0's old hand (now p2's) it never saw.
    assert st.view(2)["hands"][0]["known"] == ["Hydra", "Hydra"] and st.view(2)["hands"][1]["known"] == []
    assert st.view(0)["hands"][1]["known"] == ["Zombie", "Zombie"]


def test_one_activation_per_player_per_turn() -> None:
    st = position(3, hands=[["zombie"] * 3] * 3, aside=[["sorcerer", "medusa"], [], []])
    play(st, "activate sorcerer", "pass clockwise")
    assert st.phase == 3 and st.aside[0] == ks("medusa")


def test_random_hired_hands_vary_and_chosen_ones_are_exact() -> None:
    from deadtable.games.overlords import GAME

    decks = {tuple(sorted(set(GAME.new(3, s).box))) for s in range(8)}
    assert len(decks) > 1
    st = GAME.new(3, 1, hired_hands="thief,thief,medusa,medusa,lich king,lich king,sorcerer")
    in_game = [c for c in st.draw + [c for h in st.hands for c in h] if CARDS.hired[c]]
    assert sorted(in_game) == sorted(
        ks("thief", "thief", "medusa", "medusa", "lich king", "lich king", "sorcerer")
    )
    assert st.view(0)["hired_hands_out"]  # chosen: everyone knows which stayed in the box
    rng = random.Random(0)
    assert st.determinize(0, rng).box == st.box
