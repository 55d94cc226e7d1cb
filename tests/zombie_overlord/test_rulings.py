"""One test (at least) for each Zombie Overlord ruling, ZO-1 to ZO-13 (RULINGS.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from deadtable.core import IllegalAction
from deadtable.games.zombie_overlord import GAME
from deadtable.games.zombie_overlord.cards import ACTION, SURVIVOR, TRAP, load
from deadtable.games.zombie_overlord.layout import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK, Decision

from .helpers import blank, give, k, legal, owned, play, trap, wasteland


def test_zo1_card_counts_match_the_box() -> None:
    cs = load()
    count = Counter()
    for c in cs.cards:
        count[c.category, c.misfit] += c.copies
    assert count[TRAP, False] == 48
    assert count[SURVIVOR, False] == 68 and count[SURVIVOR, True] == 20
    assert len(cs.survivors) == 48 and sum(1 for x in cs.survivors if cs.cards[x].copies == 2) == 20
    assert sum(1 for x in cs.survivors if cs.cards[x].icon == "3-4") == 12
    assert count[ACTION, False] == 20 and all(cs.cards[x].cost == 2 for x in cs.actions)
    assert (cs.total(cs.supply), cs.total(cs.scavenger), cs.total(cs.minion)) == (28, 18, 12)
    assert all(cs.cards[t].title in ("AMMO", "FUEL", "FOOD", "MEDICINE") for t in cs.traps)


def test_zo2_named_cards_keep_the_stats_the_examples_imply() -> None:
    cs = load()

    def c(name: str):
        return cs.cards[cs.by_name[name]]

    assert c("ice cream man").attack == 2 and c("mechanic").attack == 5
    assert c("mechanic").attack + c("ice cream man").attack == 7
    assert c("sergeant").attack >= 4
    assert c("contractor").lure_text() == "Fuel"
    p1, p2 = [0, 2, 0, 0], [1, 1, 0, 0]  # ammo, fuel, food, medicine
    for name in ("point guard", "arsonist"):
        card = c(name)
        assert sum(p2[t] for t in card.lure) > sum(p1[t] for t in card.lure) >= 0


def test_zo3_player_count_icons() -> None:
    for players in (2, 3, 4):
        s = GAME.new(players, 1)
        in_play = s.trap_deck + [x for x in s.row if x >= 0]
        assert all(s.cs.cards[x].icon in ("", str(players)) for x in in_play)
        survivors = s.survivor_deck + s.wasteland
        assert len(survivors) == (56 if players == 2 else 68)
        assert any(s.cs.cards[x].icon == "3-4" for x in survivors) == (players > 2)
        assert len(s.wasteland) == players + 1


def test_zo4_first_player_is_seeded_random_and_play_passes_left() -> None:
    firsts = {GAME.new(3, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert GAME.new(3, 7).first == GAME.new(3, 7).first
    s = blank(3)
    play(s, "end turn")
    assert s.turn_player == 1
    play(s, "end turn", "end turn")
    assert s.turn_player == 0 and s.round == 2


def test_zo5_purchase_points_pool_across_buys_and_are_lost_at_clean_up() -> None:
    s = blank()
    give(s, 0, "scavenger", "scavenger", "scavenger")
    play(s, "purchase", "play scavenger", "play scavenger", "play scavenger")
    top_action = s.action_deck[-1]
    play(s, "buy scavenger", "buy action")
    assert s.purchase_points == 2 and top_action in s.discard[0]
    assert s.discard[0].count(s.cs.scavenger) == 4
    play(s, "end purchasing", "end turn")
    assert s.purchase_points == 0


def test_zo5_an_emptied_purchase_row_slot_stays_empty_once_the_trap_deck_is_out() -> None:
    s = blank()
    s.box += s.trap_deck
    s.trap_deck = []
    s.purchase_points = 20
    s.phase = "purchase"
    play(s, "buy trap 2")
    assert s.row[1] == -1
    assert "buy trap 2" not in legal(s)


def test_zo6_ties_stay_and_dual_types_sum_both() -> None:
    s = blank()
    trap(s, 0, "ammo-02")
    trap(s, 1, "fuel-03")
    trap(s, 0, "food-02")
    wasteland(s, "deputy", "contractor", "mall cop")  # Ammo; Fuel; Ammo + Fuel
    play(s, "end turn")
    # P1: ammo 1, food 1; P2: fuel 1. Deputy lured; Contractor is P2's but not their turn; Mall Cop ties 1-1.
    assert k(s, "deputy") in owned(s, 0)
    assert k(s, "contractor") in s.wasteland and k(s, "mall cop") in s.wasteland
    assert len(s.wasteland) == 3


def test_zo6_a_player_with_no_points_lures_nothing_even_against_nobody() -> None:
    s = blank()
    wasteland(s, "deputy", "contractor", "nurse")
    play(s, "end turn")
    assert len(s.wasteland) == 3 and not owned(s, 0)


def test_zo7_attack_points_accumulate_on_a_trap_over_the_turn() -> None:
    s = blank()
    trap(s, 1, "medicine-03")  # 4(2)
    give(s, 0, "minion", "minion", "minion", "minion")
    play(s, "attack", "attack p2 trap 1 with minion")
    assert (s.base[1][0][ACTIVE], s.base[1][0][DAMAGE]) == (1, 1)
    play(s, "attack p2 trap 1 with minion")
    assert (s.base[1][0][ACTIVE], s.base[1][0][DAMAGE]) == (0, 2)  # deactivated at the red number
    play(s, "attack p2 trap 1 with minion")
    assert len(s.base[1]) == 1
    play(s, "attack p2 trap 1 with minion")  # an inactive Trap still needs its full Defense
    assert s.base[1] == [] and k(s, "medicine-03") in s.discard[1]


def test_zo7_damage_does_not_carry_over_to_the_next_turn() -> None:
    s = blank()
    trap(s, 1, "ammo-05")  # 4(2)
    give(s, 0, "minion")
    play(s, "attack", "attack p2 trap 1 with minion", "end attack", "end turn")
    assert s.base[1][0][DAMAGE] == 0


def test_zo8_a_barricade_shields_life_even_inactive_but_not_other_traps() -> None:
    s = blank()
    trap(s, 1, "fuel-08", active=0)  # Barricade, inactive
    trap(s, 1, "ammo-02")
    give(s, 0, "mechanic")
    play(s, "attack")
    assert "attack p2 with mechanic" not in legal(s)
    with pytest.raises(IllegalAction, match="ZO-8"):
        GAME.parse_action(s, "attack p2 with mechanic")
    play(s, "attack p2 trap 2 with mechanic")
    assert len(s.base[1]) == 1


def test_zo9_elimination_removes_every_card_and_the_last_player_wins() -> None:
    s = blank(3)
    s.life[1] = 3
    trap(s, 1, "ammo-02")
    give(s, 1, "supply", "minion")
    give(s, 1, "nurse", zone="discard")
    give(s, 0, "mechanic")
    play(s, "attack", "attack p2 with mechanic")
    assert not s.alive[1] and s.hand[1] == s.base[1] == s.discard[1] == []
    assert Counter(s.removed) >= Counter([k(s, "ammo-02"), k(s, "supply"), k(s, "minion"), k(s, "nurse")])
    assert not s.is_terminal
    s.life[2] = 1
    give(s, 0, "minion")
    play(s, "attack p3 with minion")
    assert s.is_terminal and s.outcome().winners == (0,)
    assert s.outcome().ranks == (1, 3, 2)


def test_zo12_an_eliminated_players_malfunction_leaves_the_trap_it_held() -> None:
    s = blank(3)
    trap(s, 1, "fuel-03")
    give(s, 0, "malfunction")
    play(s, "action", "play malfunction", "malfunction p2 trap 1", "end actions", "end turn")
    assert s.turn_player == 1 and not s.base[1][0][ACTIVE]
    assert s.base[1][0][ATTACHED] == (k(s, "malfunction"),)
    s.life[0] = 1
    give(s, 1, "minion", "supply")
    play(s, "attack", "attack p1 with minion", "end attack")
    assert not s.alive[0]
    # The Malfunction went to the box with the rest of P1's cards: nothing to repair, still inactive.
    sl = s.base[1][0]
    assert not sl[ACTIVE] and sl[LOCK] == 0 and sl[ATTACHED] == ()
    assert k(s, "malfunction") in s.removed
    assert "action" not in legal(s)  # with a card in hand, a repair would open the Action Phase
    play(s, "end turn", "end turn")  # P3's turn, then P2's Start Turn sets it upright
    assert s.turn_player == 1 and s.base[1][0][ACTIVE]


def test_zo10_round_limit_ranks_the_living_by_life() -> None:
    s = GAME.new(2, 3, rounds=2)
    s.life[1] = 40
    while not s.is_terminal:
        s.apply(GAME.parse_action(s, "end turn"))
    assert s.round == 3 and "round limit" in str(s.note)
    assert s.outcome().winners == (s.life.index(max(s.life)),)
    assert GAME.new(2, 3, rounds=0).limit == 0


def test_zo11_at_most_five_traps_and_no_replacing_a_used_trap() -> None:
    s = blank()
    for name in ("ammo-02", "ammo-03", "fuel-03", "food-02", "medicine-02"):
        trap(s, 0, name)
    give(s, 0, "fuel-04")
    play(s, "action")
    assert "place fuel-04" not in legal(s)
    with pytest.raises(IllegalAction, match="ZO-11"):
        GAME.parse_action(s, "place fuel-04")
    play(s, "use trap 2 once per turn")  # ammo-03's ability: now it cannot be replaced
    assert "place fuel-04 over 2" not in legal(s)
    play(s, "place fuel-04 over 1")
    assert s.cs.cards[s.base[0][0][KIND]].name == "fuel-04" and k(s, "ammo-02") in s.discard[0]
    assert len(s.base[0]) == 5


def test_zo13_one_slip_never_costs_a_phase_two_in_a_row_close_it_until_something_changes() -> None:
    s = blank()
    give(s, 0, "supply", "minion")
    play(s, "attack", "end attack")  # entered and left with nothing done: one slip
    assert legal(s) == ["purchase", "attack", "end turn"]
    play(s, "attack", "end attack")  # the second time in a row: not offered again for now
    assert legal(s) == ["purchase", "end turn"]
    assert s.view(0)["idle"] == ["attack"] and s.view(0)["visited"] == ["attack"]
    with pytest.raises(IllegalAction, match="twice with nothing done"):
        GAME.parse_action(s, "attack")
    play(s, "purchase", "play supply", "end purchasing")
    assert legal(s) == ["attack", "end turn"]  # something happened: Attack is open again
    play(s, "attack", "attack p2 with minion", "end attack")
    assert s.life[1] == 49 and s.purchase_points == 1


def test_empty_survivor_deck_the_wasteland_shrinks_and_play_goes_on() -> None:
    s = blank()
    trap(s, 0, "fuel-03")
    wasteland(s, "contractor", "nurse", "deputy")
    s.box += s.survivor_deck
    s.survivor_deck = []
    play(s, "end turn")
    assert len(s.wasteland) == 2 and not s.is_terminal


def test_rounds_count_past_an_eliminated_first_player() -> None:
    s = blank(3)
    s.life[0] = 1
    play(s, "end turn")  # P2's turn
    give(s, 1, "minion")
    play(s, "attack", "attack p1 with minion", "end attack")
    assert not s.alive[0]
    play(s, "end turn")  # P3
    assert s.round == 1
    play(s, "end turn")  # past the seat of P1, the first player: round 2, P2 again
    assert s.round == 2 and s.turn_player == 1


def test_a_pending_decision_of_an_eliminated_seat_is_dropped() -> None:
    s = blank(3)
    from deadtable.games.zombie_overlord.attack import eliminate

    give(s, 1, "supply")
    give(s, 2, "supply")
    give(s, 0, "food-11")  # When Placed: all opponents discard at random
    play(s, "action", "place food-11")
    assert s.hand[1] == s.hand[2] == []
    s.pending.append(Decision("discard", 2))
    eliminate(s, 2, 0)
    assert s.pending == [] and s.current_player == 0
