"""Recruit and pass (section V), hidden simultaneous picks (OV-2), set-up by player count (IV)."""

from __future__ import annotations

import pytest

from deadtable.core import IllegalAction
from deadtable.games.overlords import GAME

from .helpers import CARDS, k, legal, play, position


@pytest.mark.parametrize(
    ("players", "options", "hands", "per_hand", "rounds"),
    [(2, {}, 3, 8, 3), (3, {}, 3, 8, 3), (4, {}, 4, 9, 2), (4, {"teams": True}, 4, 9, 2)],
)
def test_hands_cards_and_rounds_by_player_count(
    players: int, options: dict, hands: int, per_hand: int, rounds: int
) -> None:
    st = GAME.new(players, 3, **options)
    assert st.hand_zones == hands and st.rounds == rounds
    sizes = [len(h) for h in st.hands]
    if players == 2:  # the controller has already taken the dummy's top card (XIII)
        assert sorted(sizes) == [per_hand - 1, per_hand, per_hand + 1]
    else:
        assert sizes == [per_hand] * hands
    # 68 Monsters + 7 Hired Hands in the game deck (IV, OV-1); the other 7 stay in the box.
    assert sum(sizes) + len(st.draw) == 75 and len(st.box) == 7
    assert all(CARDS.hired[c] for c in st.box)


def test_picks_are_hidden_until_everyone_has_committed() -> None:
    st = position(3, hands=[["zombie", "hydra"], ["cyclops", "orthrus"], ["chimera", "minotaur"]])
    assert st.current_player == 0
    play(st, "recruit hydra")
    # OV-2: the lowest seat that has not committed acts; nobody else sees the pick.
    assert st.current_player == 1
    v1, v2, spectator = st.view(1), st.view(2), st.view(None)
    for v in (v1, v2, spectator):
        assert "Hydra" not in str(v["hands"][0]) and v["armies"][0]["top"] is None
        assert v["committed"] == [True, False, False]
    assert st.view(0)["pending"] == ["Hydra"]
    play(st, "recruit orthrus")
    assert st.armies[0] == [] and st.armies[1] == []  # still hidden
    play(st, "recruit minotaur")
    # All revealed together, then the rest passed to the left; the last card recruited automatically.
    assert [a[:2] for a in st.armies] == [
        [k("hydra"), k("chimera")],
        [k("orthrus"), k("zombie")],
        [k("minotaur"), k("cyclops")],
    ]


def test_only_the_top_card_of_other_armies_is_shown() -> None:
    st = position(3, hands=[["zombie"] * 2] * 3, armies=[["hydra", "cyclops"], ["orthrus"], []])
    view = st.view(1)
    assert view["armies"][0] == {"owner": "P1", "size": 2, "top": "Cyclops"}
    assert view["armies"][1]["cards"] == {"Orthrus": 1}  # a seat knows its own whole army


def test_overlord_card_travels_with_its_hand_and_starts_next_round() -> None:
    st = position(3, hands=[["zombie", "hydra"], ["cyclops", "orthrus"], ["chimera", "minotaur"]], overlord=2)
    play(st, "recruit hydra", "recruit orthrus", "recruit minotaur")
    # The Overlord card went left with seat 2's hand to seat 0, which ends the round holding it.
    assert st.round == 1 and st.overlord == 0


def test_hired_hand_goes_aside_carries_over_and_ends_in_the_army() -> None:
    st = position(3, hands=[["thief", "hydra"], ["zombie", "orthrus"], ["chimera", "minotaur"]])
    play(st, "recruit thief", "recruit orthrus", "recruit minotaur")
    assert st.aside[0] == [k("thief")] and k("thief") not in st.armies[0]
    assert st.round == 1  # carried over into the next round
    st.round = st.rounds - 1
    while not st.is_terminal:  # finish the last round: never activated
        acts = st.legal_actions()
        st.apply(next((a for a in acts if str(a) == "no activation"), acts[0]))
    assert k("thief") in st.armies[0] and st.aside[0] == []


def test_activation_in_turn_order_from_the_overlord_holder_one_each() -> None:
    # VII figure: the holder of the Overlord card decides first, then clockwise.
    st = position(
        3,
        hands=[["zombie"] * 3, ["hydra"] * 3, ["orthrus"] * 3],
        aside=[["sorcerer"], ["medusa", "sorcerer"], ["sorcerer"]],
        overlord=1,
    )
    order = []
    while st.phase == 1:
        order.append(st.current_player)
        play(st, "no activation")
    assert order == [1, 2, 0]
    assert st.current_player == 0 and legal(st) == ["recruit zombie"]


def test_recruiting_before_the_activation_decision_is_refused_with_the_rule() -> None:
    st = position(3, hands=[["zombie"] * 3] * 3, aside=[["sorcerer"], [], []])
    with pytest.raises(IllegalAction, match="activate a Hired Hand"):
        play(st, "recruit zombie")
    with pytest.raises(IllegalAction, match="no Hydra"):
        play(st, "no activation", "recruit hydra")


def test_no_activation_before_the_automatic_last_card() -> None:
    st = position(3, hands=[["zombie"], ["hydra"], ["orthrus"]], aside=[["medusa"], [], []])
    # V: with one card left everyone recruits it at once and the round ends.
    assert st.round == 1 and st.armies[0][-1] == k("zombie")


def test_figure_vii_player_1_holds_the_overlord_card_and_activates_first() -> None:
    # VII figure: "Player 1 has the Overlord card and may choose to activate Hired Hand card first.
    # Player 2 gets the next chance to activate followed by Player 3."
    st = position(
        3,
        hands=[["zombie"] * 3, ["hydra"] * 3, ["orthrus"] * 3],
        armies=[["cyclops"], ["chimera"], ["minotaur"]],
        aside=[["sorcerer"], ["thief"], ["sorcerer"]],
        overlord=0,
    )
    seen = []
    play(st, "activate sorcerer")
    seen.append("P1")
    play(st, "pass clockwise")
    assert st.armies == [[k("minotaur"), k("sorcerer")], [k("cyclops")], [k("chimera")]]
    assert st.current_player == 1
    play(st, "activate thief", "steal from p1")  # P2 takes the Sorcerer P1 just placed on top
    assert st.armies[1][-1] == k("sorcerer") and st.armies[0][-1] == k("thief")
    assert st.current_player == 2 and legal(st) == ["activate sorcerer", "no activation"]


def test_figures_a_and_b_recruit_face_up_then_pass_face_down_to_the_left() -> None:
    st = position(3, hands=[["zombie", "hydra", "cyclops"], ["orthrus"] * 3, ["chimera"] * 3])
    play(st, "recruit hydra", "recruit orthrus", "recruit chimera")
    # Figure A: each recruited card lies face up on its army; figure B: hands go to the left.
    assert [st.view(None)["armies"][z]["top"] for z in range(3)] == ["Hydra", "Orthrus", "Chimera"]
    assert st.hands == [[k("chimera")] * 2, sorted([k("zombie"), k("cyclops")]), [k("orthrus")] * 2]
    assert st.view(2)["hands"][1]["known"] == []  # passed face down: seat 2 did not see it
