"""The 2-player dummy (XIII) and the 2 versus 2 team game (XIII)."""

from __future__ import annotations

import pytest

from deadtable.core import IllegalAction
from deadtable.core.state import read_narration
from deadtable.games.overlords import GAME

from .helpers import k, ks, legal, play, position


def test_dummy_controller_takes_the_top_card_and_recruits_for_both() -> None:
    st = position(2, hands=[["zombie", "hydra"], ["orthrus", "cyclops"], ["minotaur", "chimera"]], turn_no=0)
    # P1 controls the dummy this turn: the dummy's top card (the last listed) is now in P1's hand.
    assert st.controller == 0 and st.hands[0] == sorted(ks("zombie", "hydra", "chimera"))
    assert st.hands[2] == ks("minotaur")
    play(st, "recruit hydra")
    assert st.current_player == 0 and legal(st) == ["recruit zombie for dummy", "recruit chimera for dummy"]
    play(st, "recruit chimera for dummy", "recruit orthrus")
    assert st.armies == [ks("hydra"), ks("orthrus"), ks("chimera")]
    # The dummy's hand is never passed; next turn P2 controls it and takes its top card.
    assert st.controller == 1 and st.hands[1] == sorted(ks("zombie", "minotaur"))
    assert st.hands[0] == ks("cyclops") and st.hands[2] == []


def test_the_log_says_why_a_player_of_a_2_player_game_holds_one_card_more() -> None:
    """A 2-player game deals a hand to each player and one to the dummy (XIII); the log says so,
    and says who takes the top card of the dummy's hand (a hand of 9 of 8 dealt)."""
    st = GAME.new(2, seed=1)
    log = " | ".join(read_narration(st.view(0), "en"))
    assert "Round 1: a hand of 8 dealt to each player and one to the dummy" in log
    assert "3 hands" not in log
    c = st.controller
    assert len(st.hands[c]) == 9
    assert f"P{c + 1} takes the top card of the dummy's hand, and recruits for the dummy too" in log
    assert "болвану" in " ".join(read_narration(st.view(0), "ru"))


def test_no_hired_hand_for_the_dummy() -> None:
    st = position(2, hands=[["zombie", "thief"], ["orthrus", "cyclops"], ["medusa", "hydra"]], turn_no=0)
    # Hand: zombie, thief, hydra. Only two Monsters, so both cannot go to P1.
    play(st, "recruit zombie")
    assert legal(st) == ["recruit hydra for dummy"]
    with pytest.raises(IllegalAction, match="dummy"):
        play(st, "recruit thief for dummy")
    st = position(
        2, hands=[["thief", "medusa"], ["orthrus", "cyclops"], ["black knight", "hydra"]], turn_no=0
    )
    # Hand: thief, medusa, hydra: P1 must keep the Hydra for the dummy.
    assert legal(st) == ["recruit thief", "recruit medusa"]
    with pytest.raises(IllegalAction, match="Monster for the dummy"):
        play(st, "recruit hydra")


def test_dummy_control_alternates_every_turn() -> None:
    st = GAME.new(2, 4)
    controllers = []
    while not st.is_terminal:
        if st.phase == 3 and st.controller not in controllers[-1:]:
            controllers.append(st.controller)
        acts = st.legal_actions()
        st.apply(next((a for a in acts if str(a) == "no activation"), acts[0]))
    assert controllers[:8] == [0, 1, 0, 1, 0, 1, 0, 1]
    assert len(st.armies[2]) == 24  # one card a turn for 3 rounds of 8 turns


def test_team_seating_exchange_only_when_both_offer() -> None:
    st = position(
        4,
        teams=True,
        hands=[["zombie", "hydra"], ["orthrus", "cyclops"], ["chimera", "minotaur"], ["hydra", "hydra"]],
    )
    assert st.phase == 0 and legal(st)[-1] == "no exchange"
    play(st, "exchange zombie")
    # The partner does not see the offer.
    assert st.view(2)["committed"] == [True, False, False, False]
    assert "exchange_offer" not in st.view(2)
    play(st, "no exchange", "exchange minotaur", "exchange hydra")
    # P1 and P3 both offered: the cards change hands. P2 kept, so P2 and P4 did not exchange.
    assert st.hands[0] == sorted(ks("hydra", "minotaur")) and st.hands[2] == sorted(ks("zombie", "chimera"))
    assert st.hands[1] == sorted(ks("cyclops", "orthrus")) and st.hands[3] == ks("hydra", "hydra")
    # The teammate knows the card it gave; the opponents know nothing of either hand.
    assert st.view(0)["hands"][2]["known"] == ["Zombie"]
    assert st.view(1)["hands"][0]["known"] == [] and st.view(1)["hands"][2]["known"] == []


def test_team_last_card_exchange_and_army_swap_and_team_scores() -> None:
    st = position(
        4,
        teams=True,
        hands=[["zombie"], ["orthrus"], ["hydra"], ["cyclops"]],
        armies=[["minotaur"], [], ["chimera"], []],
    )
    play(st, "exchange zombie", "no exchange", "exchange hydra", "no exchange")
    # Last card: exchanged, then recruited automatically; round 1 ends and teammates swap armies.
    assert st.round == 1
    assert st.armies[0] == ks("chimera", "zombie") and st.armies[2] == ks("minotaur", "hydra")
    sheets = st.score_sheets()
    assert st.scores()[0] == st.scores()[2] == sheets[0]["Total"] + sheets[2]["Total"]
    assert st.scores()[1] == sheets[1]["Total"] + sheets[3]["Total"]


def test_teams_need_four_players() -> None:
    from deadtable.core import OptionError

    with pytest.raises(OptionError, match="4 players"):
        GAME.new(3, 1, teams=True)


def test_team_medusa_spares_the_teammate() -> None:
    st = position(
        4,
        teams=True,
        hands=[["zombie"] * 2, ["orthrus"] * 2, ["chimera"] * 2, ["hydra"] * 2],
        aside=[["medusa"], [], [], []],
    )
    play(st, "no exchange", "no exchange", "no exchange", "no exchange", "activate medusa")
    assert legal(st) == ["force p2 to recruit orthrus"]
    play(st, "force p2 to recruit orthrus")
    assert legal(st) == ["force p4 to recruit hydra"]
    assert k("zombie") not in st.known[1][2]


def test_team_red_knight_and_thief_never_touch_the_teammates_army() -> None:
    """RULINGS OV-8: in the team game "opponent" means a player of the other team."""
    armies = [["cyclops"], ["orthrus"], ["minotaur", "hydra"], ["chimera"]]
    hands = [["zombie"] * 2] * 4
    st = position(4, teams=True, hands=hands, armies=armies, aside=[["red knight"], [], [], []])
    play(st, "no exchange", "no exchange", "no exchange", "no exchange")
    play(st, "activate red knight")
    # Its owner's own army and the opponents' (P2, P4); P3 is P1's teammate.
    assert legal(st) == ["look at army p1", "look at army p2", "look at army p4"]
    with pytest.raises(IllegalAction):
        play(st, "look at army p3")
    st = position(4, teams=True, hands=hands, armies=armies, aside=[["thief"], [], [], []])
    play(st, "no exchange", "no exchange", "no exchange", "no exchange", "activate thief")
    assert legal(st) == ["steal from p2", "steal from p4"]


def test_team_red_knight_is_not_offered_when_only_the_teammate_has_an_army() -> None:
    """RULINGS OV-8: nothing to act on, so the Red Knight cannot be activated."""
    armies: list[list[str]] = [[], [], ["minotaur"], []]
    hands = [["zombie"] * 2] * 4
    st = position(4, teams=True, hands=hands, armies=armies, aside=[["red knight"], [], [], []])
    play(st, "no exchange", "no exchange", "no exchange", "no exchange")
    assert st.phase == 3  # straight to recruiting
