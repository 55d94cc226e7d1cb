"""Every mode's end condition and scoring, team play, two decks, options refused with reasons."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deadtable.core import OptionError
from deadtable.games.zombie_shedding import GAME, ShedState

from .position import choosing_thief, do, give_turn, hand, legal, position, protection_answers_all


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (3, {"mode": "duel"}, "mode=duel is for 2 players"),
        (5, {"mode": "alliances"}, "mode=alliances is for 4, 6, 8 players"),
        (4, {"mode": "alliances", "teams": "3v3"}, "teams=3v3 needs 6 players"),
        (6, {"mode": "marathon", "teams": "3v3"}, "only for mode=alliances"),
        (2, {"mode": "blitz"}, "mode=blitz is for 3"),
        (2, {"mode": "outsider"}, "mode=outsider is for 3"),
        (2, {"mode": "nonsense"}, "must be one of"),
    ],
)
def test_bad_combinations_are_refused(players: int, options: dict[str, str], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        GAME.new(players, 1, **options)


def test_team_seats_alternate_and_two_decks_from_five_players() -> None:
    layouts = {"2v2": (4, 2), "2v2v2": (6, 3), "2v2v2v2": (8, 4), "3v3": (6, 2), "4v4": (8, 2)}
    for layout, (players, teams) in layouts.items():
        st = GAME.new(players, 2, mode="alliances", teams=layout)
        assert isinstance(st, ShedState)
        team_of = st.mode.team_of
        assert len(set(team_of)) == teams
        for s in range(players):  # every player sits between two opponents (ZS-5)
            assert team_of[s] != team_of[(s + 1) % players] and team_of[s] != team_of[s - 1]
        assert st.mode.decks == (2 if players >= 5 else 1)
    assert {GAME.new(n, 1).mode.decks for n in (5, 6, 7, 8)} == {2}  # type: ignore[attr-defined]
    st5 = GAME.new(5, 1, mode="blitz")
    assert isinstance(st5, ShedState)
    assert len(st5.deck) == 108 - 30 and sorted(st5.cards.deck(2)).count(st5.cards.kind("Screamer")) == 2


def test_targets_per_mode() -> None:
    def target(players: int, **o: str) -> int:
        st = GAME.new(players, 1, **o)
        assert isinstance(st, ShedState)
        return st.mode.target

    assert target(2, mode="duel") == 60 and target(4, mode="marathon") == 60
    assert target(4, mode="alliances") == 60 and target(6, mode="alliances", teams="3v3") == 90
    assert target(8, mode="alliances", teams="4v4") == 120
    # RULINGS ZS-3 and the rulebook's own examples: 2 players 60, 3 players 90, 8 players 240.
    assert [target(n, mode="overlord") for n in (2, 3, 8)] == [60, 90, 240]


def test_duel_penalty_points_and_the_end_at_60() -> None:
    st = position(hands=[["Biter"], ["Brute", "Hide", "Walker"]], match="Shambler", deck=["Hide"] * 5)
    st.scores = [10, 49]
    do(st, "play biter")
    # RULINGS ZS-2: P2 adds 8 + 0 + 4 = 12 and reaches 61; the lowest score wins.
    assert st.is_terminal and st.scores == [10, 61]
    assert st.outcome().winners == (0,)


def test_screamer_finish_takes_15_off_never_below_0() -> None:
    st = position(hands=[["Screamer"], ["Walker"]], match="Biter", deck=["Hide"] * 5)
    st.scores = [20, 0]
    do(st, "play screamer")
    assert st.scores == [5, 4] and st.hand_no == 2 and st.dealer == 0  # the first out deals next
    st2 = position(hands=[["Screamer"], ["Walker"]], match="Biter", deck=["Hide"] * 5)
    st2.scores = [10, 0]
    do(st2, "play screamer")
    assert st2.scores == [0, 4]


def test_alliances_2v2_losing_team_writes_its_points() -> None:
    st = position(
        4,
        mode="alliances",
        hands=[["Biter"], ["Brute"], ["Colossus"], ["Walker", "Hide"]],
        match="Shambler",
        deck=["Hide"] * 5,
    )
    do(st, "play biter")
    # Team A (seats 1 and 3) wins the hand; team B (2 and 4) writes 8 + 4; P3's Colossus does not count.
    assert st.scores == [0, 12] and st.hand_no == 2


def test_alliances_3v3_hand_ends_when_two_of_a_team_are_out() -> None:
    st = position(
        6,
        mode="alliances",
        teams="3v3",
        hands=[["Biter"], ["Brute", "Hide"], ["Walker"], ["Sniper", "Hide"], ["Colossus"], ["Hide", "Hide"]],
        match="Shambler",
        deck=["Hide"] * 9,
    )
    do(st, "play biter")  # P1 goes out; the Biter has its effect, unanswered (ZS-6): P2 draws a Hide
    assert st.hand_no == 1 and st.out == [0] and hand(st, 1) == ["Brute", "Hide", "Hide"]
    assert st.current_player == 1 and st.view(1)["pending"] is None  # no protection offered
    give_turn(st, 2)
    do(st, "play walker")
    # Two of team A (P1, P3) are out: team B writes Brute 8 + Sniper 6 (Hide cards count 0).
    assert st.hand_no == 2 and st.scores == [0, 14] and st.mode.target == 90


def test_alliances_teammate_protects_and_thief_hits_only_opponents() -> None:
    st = position(
        4,
        mode="alliances",
        hands=[["Runner", "Thief", "Biter"], ["Walker"] * 2, ["Blob"] * 2, ["Hide", "Walker"]],
        match="Shambler",
        deck=["Hide"] * 9,
    )
    do(st, "play runner", "decline")  # P2 declines, its teammate P4 is asked next
    assert st.current_player == 3 and legal(st) == ["play hide", "decline"]
    do(st, "play hide")  # P2 does not miss its turn
    assert not st.skip[1] and st.current_player == 1 and hand(st, 3) == ["Walker"]
    give_turn(st, 0)
    do(st, "play thief")
    assert legal(st) == ["target p2", "target p4"]  # P3 is a teammate


def test_marathon_first_out_ends_the_hand_and_every_one_else_scores() -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Biter"], ["Brute"], ["Walker", "Blob"]],
        match="Shambler",
        deck=["Hide"] * 5,
    )
    do(st, "play biter")
    assert st.scores == [0, 8, 8] and not st.is_terminal and st.mode.target == 60


def test_blitz_one_hand_first_out_wins() -> None:
    st = position(
        3, mode="blitz", hands=[["Biter"], ["Brute"], ["Walker", "Blob"]], match="Shambler", deck=["Hide"] * 5
    )
    do(st, "play biter")
    assert st.is_terminal and st.outcome().winners == (0,) and st.scores == [0, 0, 0]


def test_outsider_plays_on_until_the_last_one_who_loses(tmp_path: Path) -> None:
    st = position(
        3,
        mode="outsider",
        hands=[["Biter"], ["Walker"], ["Blob", "Blob"]],
        match="Shambler",
        deck=["Hide"] * 5,
        cards=protection_answers_all(tmp_path),  # the Hide drawn answers a draw and may be P2's last card
    )
    do(st, "play biter")  # going out ends nothing here; the Biter has its effect (ZS-6)
    assert not st.is_terminal and st.out == [0]
    assert st.current_player == 1 and hand(st, 1) == ["Hide", "Walker"]
    do(st, "play walker", "play blob", "play hide")
    assert st.is_terminal and st.outcome().winners == (0, 1)


def test_overlord_winner_takes_the_others_points_and_needs_more_than_target() -> None:
    st = position(
        3, mode="overlord", hands=[["Biter"], ["Walker"], ["Shambler"]], match="Shambler", deck=["Hide"] * 5
    )
    st.scores = [85, 0, 0]
    do(st, "play biter")
    assert st.scores == [90, 0, 0] and not st.is_terminal  # 90 is not more than 3 x 30
    st2 = position(
        3, mode="overlord", hands=[["Biter"], ["Walker"], ["Crawler"]], match="Shambler", deck=["Hide"] * 5
    )
    st2.scores = [85, 0, 0]
    do(st2, "play biter")
    assert st2.is_terminal and st2.scores == [91, 0, 0] and st2.outcome().winners == (0,)


def test_two_deck_game_plays_to_the_end() -> None:
    st = GAME.new(8, 4, mode="alliances", teams="4v4")
    rng = random.Random(4)
    while not st.is_terminal:
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    assert isinstance(st, ShedState)
    assert max(st.scores) >= 120
    loser_team = st.scores.index(max(st.scores))
    assert set(st.outcome().winners) == {s for s in range(8) if st.mode.team_of[s] != loser_team}


def test_determinize_keeps_what_a_seat_has_seen(tmp_path: Path) -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Thief", "Colossus", "Biter"], ["Hide", "Walker", "Blob"], ["Spitter", "Runner"]],
        match="Intern",
        deck=["Sniper", "Agent"] * 3,
        cards=choosing_thief(tmp_path),  # a Thief that looks at the hand (the built-in one takes blind)
    )
    do(st, "play thief", "target p2", "decline", "take hide", "give colossus")
    thief_knows = sorted(st.hands[1])
    for seed in range(20):
        rng = random.Random(seed)
        s1 = st.determinize(1, rng)  # the victim knows the Thief holds the Hide
        assert "Hide" in hand(s1, 0) and hand(s1, 1) == hand(st, 1)
        s0 = st.determinize(0, rng)  # the Thief knows the victim's whole hand
        assert sorted(s0.hands[1]) == thief_knows
        s2 = st.determinize(2, rng)  # a bystander knows neither
        assert [len(h) for h in s2.hands] == [len(h) for h in st.hands] and hand(s2, 2) == hand(st, 2)
        every = sorted([*s2.deck, *(k for h in s2.hands for k in h)])
        assert every == sorted([*st.deck, *(k for h in st.hands for k in h)])
    assert any("Hide" not in hand(st.determinize(2, random.Random(i)), 0) for i in range(20))


def test_a_blind_take_shows_the_thief_only_the_card_it_took() -> None:
    """The built-in Thief takes a card at random without looking (`pick = "random"`), so it
    knows the card it took and nothing else of the victim's hand; the victim knows which card went."""
    st = position(
        3,
        mode="marathon",
        hands=[["Thief", "Colossus", "Biter"], ["Hide", "Walker", "Blob"], ["Spitter", "Runner"]],
        match="Intern",
        deck=["Sniper", "Agent"] * 3,
    )
    do(st, "play thief", "target p2", "decline")
    taken = next(n for n in hand(st, 0) if n not in ("Colossus", "Biter"))
    assert sorted(legal(st)) == sorted(f"give {n.lower()}" for n in {taken, "Colossus", "Biter"})  # one back
    assert st.view(0)["known"] == []  # no look at the hand
    assert st.view(1)["known"] == [{"seat": 0, "cards": [taken]}]
    do(st, "give colossus")
    assert st.view(0)["known"] == [{"seat": 1, "cards": ["Colossus"]}]
    for seed in range(10):
        s1 = st.determinize(1, random.Random(seed))  # the victim knows the Thief holds the card taken
        assert taken in hand(s1, 0)


def test_alliances_2v2v2_both_losing_teams_write_their_points() -> None:
    st = position(
        6,
        mode="alliances",
        teams="2v2v2",
        hands=[["Biter"], ["Brute"], ["Walker"], ["Blob"], ["Colossus"], ["Hide", "Shambler"]],
        match="Shambler",
        deck=["Hide"] * 9,
    )
    do(st, "play biter")
    # Teams by seat: A = P1, P4; B = P2, P5; C = P3, P6. Team A wins the hand.
    assert st.mode.team_of == (0, 1, 2, 0, 1, 2)
    assert st.scores == [0, 8 + 15, 4 + 1] and st.hand_no == 2


def test_overlord_screamer_finish_is_a_bonus_where_points_are_won() -> None:
    st = position(
        3, mode="overlord", hands=[["Screamer"], ["Walker"], ["Crawler"]], match="Biter", deck=["Hide"] * 5
    )
    do(st, "play screamer")
    assert st.scores == [4 + 2 + 15, 0, 0]  # the design note's reading of ZS-2 in Overlord mode


def test_marathon_ends_at_60_and_the_lowest_score_wins() -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Biter"], ["Brute"], ["Walker", "Blob"]],
        match="Shambler",
        deck=["Hide"] * 5,
    )
    st.scores = [30, 20, 55]
    do(st, "play biter")
    assert st.is_terminal and st.scores == [30, 28, 63] and st.outcome().winners == (1,)


def test_alliances_game_ends_when_a_team_reaches_60() -> None:
    st = position(
        4,
        mode="alliances",
        hands=[["Biter"], ["Brute"], ["Colossus"], ["Walker", "Hide"]],
        match="Shambler",
        deck=["Hide"] * 5,
    )
    st.scores = [50, 48]
    do(st, "play biter")
    out = st.outcome()
    assert st.is_terminal and st.scores == [50, 60] and out.winners == (0, 2)
    assert out.scores == (50.0, 60.0, 50.0, 60.0)


def test_outsider_a_missed_turn_from_the_last_card_acts_on_the_hand_that_goes_on() -> None:
    """RULINGS ZS-6: the Brute that takes P1 out still makes the next player miss a turn."""
    st = position(
        3,
        mode="outsider",
        hands=[["Brute"], ["Walker", "Walker"], ["Blob", "Blob"]],
        match="Shambler",
        deck=["Hide"] * 5,
    )
    do(st, "play brute")
    assert st.out == [0] and st.current_player == 2 and len(st.hands[1]) == 2


def test_overlord_the_finishing_cards_draw_adds_to_the_winners_points() -> None:
    """RULINGS ZS-6 in Zombie Overlord: P2 draws a Walker first, then P1 takes everyone's points."""
    st = position(
        3, mode="overlord", hands=[["Sniper"], ["Walker"], ["Shambler"]], match="Biter", deck=["Walker"] * 5
    )
    do(st, "play sniper")
    assert st.scores == [4 + 4 + 1, 0, 0]


@pytest.mark.parametrize(
    ("screamer", "score"), [("house", 20 + 4 + 1 + 1 + 15), ("literal", 20 + 4 + 1 + 1 - 15)]
)
def test_zs7_the_screamers_finish_in_zombie_overlord_adds_15_or_deducts_the_printed_15(
    screamer: str, score: int
) -> None:
    hands = [["Screamer"], ["Walker"], ["Shambler"]]
    st = position(3, mode="overlord", hands=hands, match="Walker", deck=["Shambler"], screamer=screamer)
    st.scores = [20, 0, 0]
    # P1 finishes with the Screamer, whose draw still counts (RULINGS ZS-6):
    # P2 draws Shambler, and P1 takes Walker 4 + Shambler 1 + Shambler 1
    do(st, "play screamer")
    assert st.last_hand["finish_bonus"] == 15 and st.scores == [score, 0, 0]


def test_zs7_the_literal_screamer_never_takes_a_score_below_0() -> None:
    hands = [["Screamer"], ["Walker"], ["Shambler"]]
    st = position(3, mode="overlord", hands=hands, match="Walker", screamer="literal")
    do(st, "play screamer")
    assert st.scores == [0, 0, 0]
    with pytest.raises(OptionError, match="screamer"):
        GAME.new(3, 1, mode="overlord", screamer="double")
