"""Scenario tests for a turn: set-up, matching, drawing (ZS-4), rebuilding, effects, combos."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.core import IllegalAction
from deadtable.games.zombie_shedding import GAME, ShedState
from deadtable.games.zombie_shedding.hands import HAND_SIZE

from .position import (
    boomerang_answers_skips,
    choosing_thief,
    do,
    give_turn,
    hand,
    hide_answers_swaps,
    legal,
    position,
    protection_answers_all,
    without_not_last,
)


def test_deal_six_cards_and_the_dealer_opens_with_any_card() -> None:
    for players in (2, 5, 8):
        st = GAME.new(players, 11)
        assert isinstance(st, ShedState)
        assert [len(h) for h in st.hands] == [HAND_SIZE] * players
        assert st.current_player == st.dealer and st.match_kind == -1
        # Anything may open: every card in the dealer's hand is playable.
        assert len(legal(st)) == len(set(st.hands[st.dealer]))
        assert len(st.deck) + HAND_SIZE * players == (108 if players >= 5 else 54)


def test_dealer_is_the_highest_sum_of_two_drawn_cards() -> None:
    for seed in range(40):
        st = GAME.new(3, seed, mode="marathon")
        assert isinstance(st, ShedState)
        pts = st.cards.points
        last_round = st.dealer_draw[-3:] if len(st.dealer_draw) == 3 else None
        if last_round:
            sums = {s: pts[a] + pts[b] for s, a, b in last_round}
            assert st.dealer == max(sums, key=lambda s: sums[s])
            assert sorted(sums.values()).count(max(sums.values())) == 1


def test_tied_players_draw_again() -> None:
    ties = 0
    for seed in range(200):
        st = GAME.new(4, seed, mode="marathon")
        assert isinstance(st, ShedState)
        if len(st.dealer_draw) > 4:
            ties += 1
            pts = st.cards.points
            first = {s: pts[a] + pts[b] for s, a, b in st.dealer_draw[:4]}
            best = max(first.values())
            redrawn = {s for s, _, _ in st.dealer_draw[4:]}
            assert redrawn <= {s for s, v in first.items() if v == best}
            assert st.dealer in redrawn
    assert ties > 0


def test_events_keep_the_card_to_match() -> None:
    st = position(hands=[["Turnaround", "Biter"], ["Blob", "Walker"]], match="Brute", deck=["Hide"] * 5)
    do(st, "play turnaround")
    assert st.cards.name(st.match_kind) == "Brute"
    assert st.cards.name(st.discard[-1]) == "Turnaround"
    assert st.direction == -1


def test_play_goes_clockwise() -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Biter", "Walker"], ["Runner", "Walker"], ["Walker", "Blob"]],
        match="Shambler",
        deck=["Hide"] * 5,
    )
    do(st, "play walker")
    assert st.current_player == 1


def test_draw_one_when_nothing_fits_and_play_it_if_it_fits() -> None:
    # RULINGS ZS-4: Blob (4 Flask) and Lab Rat (1 Umbrella, lands on Flask) do not fit on the Brute.
    st = position(hands=[["Blob", "Spitter"], ["Walker", "Biter"]], match="Brute", deck=["Hide", "Sniper"])
    # Nothing fits, so P1 has drawn at once: the Sniper (6 Star) fits the Brute (8 Star).
    assert st.current_player == 0 and legal(st) == ["play sniper", "keep"]
    assert st.view(1)["pending"] == {"kind": "drawn", "seat": 0, "card": None}
    do(st, "play sniper")
    assert hand(st, 0) == ["Blob", "Spitter"]


def test_a_drawn_card_that_does_not_fit_is_kept() -> None:
    st = position(hands=[["Blob", "Spitter"], ["Walker", "Biter"]], match="Brute", deck=["Hide", "Specimen"])
    assert legal(st) == ["keep"]  # asked anyway, so being asked reveals nothing
    do(st, "keep")
    assert st.current_player == 1 and "Specimen" in hand(st, 0)


def test_no_drawing_while_a_card_fits() -> None:
    st = position(hands=[["Biter", "Blob"], ["Walker"]], match="Brute", deck=["Hide"])
    assert legal(st) == ["play biter"]
    with pytest.raises(IllegalAction, match="ZS-4"):
        do(st, "draw")
    with pytest.raises(IllegalAction, match="does not match Brute"):
        do(st, "play blob")


def test_the_deck_is_rebuilt_from_the_discard_pile_except_its_top_card() -> None:
    st = position(
        hands=[["Blob", "Spitter"], ["Walker", "Biter"]],
        match="Brute",
        deck=[],
        discard=["Hide", "Schemer", "Officer", "Brute"],
    )  # nothing fits: P1 draws, and the empty deck is rebuilt first
    assert [st.cards.name(k) for k in st.discard] == ["Brute"]
    assert len(st.deck) == 2 and len(st.hands[0]) == 3
    assert sorted(st.cards.name(k) for k in [*st.deck, st.hands[0][-1]]) == ["Hide", "Officer", "Schemer"]


def test_nothing_to_draw_means_pass_and_a_full_round_blocks_the_hand() -> None:
    st = position(
        hands=[["Blob", "Spitter"], ["Lab Rat", "Specimen", "Agent"]],
        match="Brute",
        deck=[],
        discard=["Brute"],
    )
    # Neither can play nor draw: both pass, and the hand is blocked.
    # Blocked: P1 (7 points) goes out before P2 (11); P2 adds its points (Duel, ZS-2).
    assert st.scores == [0, 11] and st.hand_no == 2 and st.dealer == 0


def test_next_draws_and_next_skips() -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Sniper", "Brute", "Blob"], ["Walker"] * 3, ["Walker"] * 3],
        match="Biter",
        deck=["Hide"] * 10,
    )
    do(st, "play sniper")  # no built-in card answers a draw: nobody is asked, P2 draws
    assert len(st.hands[1]) == 4 and st.current_player == 1  # P2's own turn follows
    assert st.view(1)["pending"] is None or st.view(1)["pending"]["kind"] != "respond"
    do(st, "play walker", "play walker")  # P2, then P3 plays Walker (Star 4)
    give_turn(st, 0)
    do(st, "play brute")  # 8 Star: P2 misses the next turn
    do(st, "decline")
    assert st.current_player == 2 and st.skip == [False, False, False]


def test_reverse_turns_play_around() -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Guard", "Blob"], ["Walker"] * 2, ["Spitter"] * 2],
        match="Intern",
        deck=["Hide"] * 5,
    )
    do(st, "play guard")
    assert st.direction == -1 and st.current_player == 2


def test_a_reverse_with_two_players_in_the_hand_makes_the_other_miss_a_turn() -> None:
    """The project's two-player reverse (house reading ZS-H7, docs/design/zombie-shedding.md): in a
    Duel, Guard brings the turn straight back; nobody may answer it with protection, since it is
    aimed at nobody."""
    st = position(hands=[["Guard", "Blob", "Walker"], ["Hide", "Spitter"]], match="Intern", deck=["Hide"] * 5)
    do(st, "play guard")
    assert st.current_player == 0 and hand(st, 1) == ["Hide", "Spitter"]
    assert not st.skip[1]  # the missed turn is spent
    # The event Turnaround does the same, and the card to match stays the Guard.
    st = position(hands=[["Turnaround", "Blob"], ["Walker", "Spitter"]], match="Guard", deck=["Hide"] * 5)
    do(st, "play turnaround")
    assert st.current_player == 0 and st.cards.name(st.match_kind) == "Guard"


def test_a_reverse_with_three_players_in_the_hand_only_turns_play_around() -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Guard", "Blob"], ["Walker"] * 2, ["Spitter"] * 2],
        match="Intern",
        deck=["Hide"] * 5,
    )
    do(st, "play guard")
    assert st.current_player == 2 and not any(st.skip)


def test_lady_mimic_combo_after_a_flask_card() -> None:
    st = position(hands=[["Blob", "Lady Mimic", "Biter"], ["Walker"] * 3], match="Leech", deck=["Hide"] * 5)
    # Blob (Flask) fits the Leech; Lady Mimic may follow any Flask card you play, whatever it shows.
    assert legal(st) == ["play biter", "play blob", "play blob + lady-mimic", "play lady-mimic"]
    do(st, "play blob + lady-mimic")  # Blob's effect comes first: P2 draws 1; then Lady Mimic
    assert hand(st, 0) == ["Biter"] and st.current_player == 1 and len(st.hands[1]) == 4
    assert st.cards.name(st.match_kind) == "Lady Mimic"


def test_don_lysar_combo_after_an_elite_and_not_otherwise() -> None:
    st = position(hands=[["Brute", "Don Lysar", "Biter"], ["Walker"] * 3], match="Biter", deck=["Hide"] * 5)
    assert legal(st) == ["play biter", "play brute", "play brute + don-lysar"]  # not after a common
    with pytest.raises(IllegalAction, match="Don Lysar may not follow Biter"):
        do(st, "play biter + don-lysar")
    do(st, "play brute + don-lysar", "decline")
    assert st.cards.name(st.match_kind) == "Don Lysar" and "Don Lysar" not in hand(st, 0)
    # The Brute made P2 miss a turn: P1 again, and with nothing that fits it has drawn a card.
    assert st.current_player == 0 and hand(st, 0) == ["Biter", "Hide"]


def test_a_combo_comes_with_a_drawn_card_too() -> None:
    st = position(hands=[["Don Lysar", "Blob"], ["Walker"] * 3], match="Biter", deck=["Hide", "Sniper"])
    assert legal(st) == ["play sniper", "play sniper + don-lysar", "keep"]
    do(st, "play sniper + don-lysar")
    assert hand(st, 0) == ["Blob"] and len(st.hands[1]) == 4


def test_schemer_names_a_corporation_then_gives_an_opponent_a_card(tmp_path: Path) -> None:
    st = position(
        3,
        mode="marathon",
        hands=[["Schemer", "Colossus", "Biter"], ["Walker"] * 2, ["Spitter"] * 2],
        match="Intern",
        deck=["Hide"] * 5,
        cards=choosing_thief(tmp_path),  # a gift of the giver's choice (the built-in one is at random)
    )
    do(st, "play schemer")
    assert legal(st)[:2] == ["name star", "name umbrella"]
    do(st, "name flask")
    assert st.match_corp == 3 and st.cards.name(st.match_kind) == "Schemer"
    assert legal(st) == ["target p2", "target p3"]
    do(st, "target p3", "decline", "give colossus")
    assert "Colossus" in hand(st, 2) and hand(st, 0) == ["Biter"]
    assert st.view(0)["known"] == [{"seat": 2, "cards": ["Colossus"]}]
    assert st.view(1)["known"] == []
    # The named corporation is what the next card must match: a Flask card or an 8.
    assert st.current_player == 1


def test_the_schemers_gift_is_a_card_at_random() -> None:
    """The built-in Schemer's gift is one of the giver's cards at random
    (nobody chooses it); the game's chance generator draws it, so seeds differ."""
    gifts = set()
    for seed in range(40):
        st = position(
            3,
            mode="marathon",
            hands=[["Schemer", "Colossus", "Biter", "Walker"], ["Walker"] * 2, ["Spitter"] * 2],
            match="Intern",
            deck=["Hide"] * 5,
            seed=seed,
        )
        do(st, "play schemer", "target p3", "decline")  # no corporation to name, no "give" question
        (gift,) = [n for n in hand(st, 2) if n != "Spitter"]
        assert sorted([*hand(st, 0), gift]) == ["Biter", "Colossus", "Walker"]
        assert st.view(0)["known"] == [{"seat": 2, "cards": [gift]}] and st.view(1)["known"] == []
        assert st.current_player == 1
        gifts.add(gift)
    assert gifts == {"Biter", "Colossus", "Walker"}


def test_the_thief_takes_a_card_at_random_and_gives_one_of_its_choice_back() -> None:
    """The built-in Thief does not look (`pick = "random"`); it takes one of the victim's cards
    at random, then gives back a card it chooses."""
    taken = set()
    for seed in range(40):
        st = position(
            hands=[["Thief", "Colossus", "Biter"], ["Hide", "Walker", "Blob"]],
            match="Intern",
            deck=["Hide"] * 5,
            seed=seed,
        )
        do(st, "play thief", "decline")
        (took,) = [n for n in hand(st, 0) if n not in ("Colossus", "Biter")]
        assert hand(st, 1) == sorted({"Hide", "Walker", "Blob"} - {took})
        assert st.view(0)["known"] == []  # the hand was not seen
        do(st, "give colossus")
        assert hand(st, 0) == sorted(["Biter", took]) and "Colossus" in hand(st, 1)
        taken.add(took)
    assert taken == {"Hide", "Walker", "Blob"}


def test_thief_looks_takes_and_gives_back(tmp_path: Path) -> None:
    st = position(
        hands=[["Thief", "Colossus", "Biter"], ["Hide", "Walker", "Blob"]],
        match="Intern",
        deck=["Hide"] * 5,
        cards=choosing_thief(tmp_path),  # `pick = "choice"`: the Thief looks and chooses
    )
    do(st, "play thief", "decline")
    assert sorted(st.view(0)["known"][0]["cards"]) == ["Blob", "Hide", "Walker"]  # the Thief saw it all
    assert sorted(legal(st)) == ["take blob", "take hide", "take walker"]
    do(st, "take hide", "give colossus")
    assert hand(st, 0) == ["Biter", "Hide"] and hand(st, 1) == ["Blob", "Colossus", "Walker"]
    assert st.view(1)["known"] == [{"seat": 0, "cards": ["Hide"]}]
    assert sorted(st.view(0)["known"][0]["cards"]) == ["Blob", "Colossus", "Walker"]


def test_hide_cancels_and_boomerang_turns_the_effect_back(tmp_path: Path) -> None:
    st = position(
        hands=[["Runner", "Barricade", "Walker"], ["Hide", "Boomerang", "Blob"]],
        match="Shambler",
        deck=["Walker"] * 10,
        cards=boomerang_answers_skips(tmp_path),  # a Boomerang that turns back a missed turn
    )
    do(st, "play runner")  # the next player misses a turn
    assert legal(st) == ["play hide", "play boomerang", "decline"]
    do(st, "play hide")
    assert len(st.hands[1]) == 2 and st.current_player == 1 and not st.skip[1]
    give_turn(st, 0)
    do(st, "play barricade")
    do(st, "play boomerang")
    assert st.view(0)["pending"]["victim"] == 0  # turned back: P1 may answer in turn
    do(st, "decline")
    assert st.skip[0] and not st.skip[1] and "Blob" in hand(st, 1) and "Boomerang" not in hand(st, 1)


def test_protection_answers_a_missed_turn_a_swap_or_a_gift_and_nobody_is_asked_about_a_draw(
    tmp_path: Path,
) -> None:
    """The built-in Hide `answers` a missed turn, the Boomerang a swap (Thief) or a gift (the
    Schemer); neither a draw, which is asked of nobody. A card file may say otherwise (a Hide that
    answers a gift too, `hide_answers_swaps`)."""
    st = position(
        hands=[["Thief", "Biter", "Walker"], ["Hide", "Boomerang", "Blob", "Grunt"]],
        match="Shambler",
        deck=["Walker"] * 10,
    )
    do(st, "play thief")
    assert legal(st) == ["play boomerang", "decline"]  # a swap: the Boomerang, not Hide
    do(st, "play boomerang", "decline")  # turned back on P1, who may answer in turn (ZS-H4)
    (took,) = [n for n in hand(st, 1) if n not in ("Hide", "Blob", "Grunt")]  # P2 takes one at random
    do(st, "give blob")  # and gives one back
    assert hand(st, 1) == sorted([took, "Grunt", "Hide"])
    assert hand(st, 0) == sorted(["Blob", *{"Biter", "Walker"} - {took}])
    hands = [["Schemer", "Colossus", "Biter"], ["Hide", "Boomerang", "Walker", "Grunt"]]
    schemer = position(hands=hands, match="Intern")
    do(schemer, "play schemer")
    assert legal(schemer) == ["play boomerang", "decline"]  # the Schemer's gift
    swaps = position(hands=hands, match="Intern", cards=hide_answers_swaps(tmp_path))
    do(swaps, "play schemer")
    assert legal(swaps) == ["play hide", "play boomerang", "decline"]  # a Hide that answers a gift
    skip = position(hands=[["Runner", "Walker"], ["Hide", "Boomerang", "Blob"]], match="Shambler")
    do(skip, "play runner")
    assert legal(skip) == ["play hide", "decline"]  # a missed turn: Hide, never the Boomerang
    draw = position(
        hands=[["Biter", "Walker"], ["Hide", "Boomerang", "Grunt"]], match="Shambler", deck=["Blob"]
    )
    do(draw, "play biter")  # P2 draws at once, unasked, and its own turn follows
    assert hand(draw, 1) == ["Blob", "Boomerang", "Grunt", "Hide"] and draw.current_player == 1
    assert draw.view(1)["pending"] is None or draw.view(1)["pending"]["kind"] != "respond"
    # A card file whose protection names no `answers` answers every effect.
    old = position(
        hands=[["Biter", "Walker"], ["Hide", "Boomerang", "Grunt"]],
        match="Shambler",
        deck=["Blob"],
        cards=protection_answers_all(tmp_path),
    )
    do(old, "play biter")
    assert legal(old) == ["play hide", "play boomerang", "decline"]


def test_zs6_the_card_that_takes_a_player_out_has_its_effect_and_nobody_may_answer_it() -> None:
    st = position(hands=[["Sniper"], ["Walker", "Hide"]], match="Biter", deck=["Walker"] * 10)
    do(st, "play sniper")
    # P2 holds a Hide but is not asked: P2 draws a Walker, and the hand is scored with it.
    assert st.hand_no == 2 and st.scores == [0, 4 + 4]


def test_zs6_a_boomerang_as_the_last_card_turns_the_effect_back_unanswered(tmp_path: Path) -> None:
    st = position(
        hands=[["Sniper", "Hide", "Walker"], ["Boomerang"]],
        match="Biter",
        deck=["Walker"] * 10,
        cards=protection_answers_all(tmp_path),  # a Boomerang that answers a draw, as the last card
    )
    do(st, "play sniper", "play boomerang")  # P2 goes out: P1 draws the card, its Hide no help
    assert st.hand_no == 2 and st.last_hand["out"] == [1] and st.scores == [4 + 4, 0]


def test_not_last_hide_and_boomerang_are_never_a_players_last_card() -> None:
    """The built-in Hide and Boomerang cannot be the last card (effect `not_last`)."""
    st = position(hands=[["Hide", "Walker"], ["Blob", "Grunt"]], match="Brute", deck=["Spitter"] * 5)
    assert legal(st) == ["play walker", "play hide"]  # with another card in hand, it plays as usual
    do(st, "play hide")
    assert hand(st, 0) == ["Walker"]
    # The Hide's ZS-H4 answer is asked of a victim holding only a Boomerang: declining is all it may do.
    alone = position(hands=[["Runner", "Walker"], ["Boomerang"]], match="Brute", deck=["Spitter"] * 5)
    do(alone, "play runner")
    assert alone.current_player == 1 and legal(alone) == ["decline"]
    do(alone, "decline")  # P2 misses its turn, still holding the Boomerang
    assert hand(alone, 1) == ["Boomerang"] and alone.current_player == 0
    # On its own turn, a lone Hide does not fit: the player draws (RULINGS ZS-4) and keeps it.
    lone = position(hands=[["Hide"], ["Blob", "Grunt"]], match="Brute", deck=["Spitter"] * 5)
    assert hand(lone, 0) == ["Hide", "Spitter"] and legal(lone) == ["keep"]


def test_without_not_last_a_protection_card_may_still_be_the_last_one(tmp_path: Path) -> None:
    """A card file whose Hide lacks `not_last` plays it as the last card, as ZS-H4 reads."""
    cards = without_not_last(tmp_path)
    st = position(hands=[["Hide"], ["Blob", "Grunt"]], match="Brute", deck=["Spitter"] * 5, cards=cards)
    assert legal(st) == ["play hide"]
    do(st, "play hide")
    assert st.hand_no == 2 and st.last_hand["out"] == [0]
