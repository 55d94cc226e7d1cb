"""The five worked examples of the rulebook (rules/zombie-overlord.es-additions.en.md) as scenarios."""

from __future__ import annotations

from collections import Counter

from deadtable.games.zombie_overlord.layout import ACTIVE, DAMAGE, KIND

from .helpers import blank, give, k, ks, legal, owned, play, trap, wasteland


def test_example_1_purchase_two_scavengers_and_a_supply_buy_a_trap_of_cost_5() -> None:
    s = blank()
    five = (
        next(i for i, kind in enumerate(s.row) if s.cs.cards[kind].cost == 5)
        if any(s.cs.cards[x].cost == 5 for x in s.row)
        else None
    )
    if five is None:  # put a cost-5 Trap in slot 1
        give(s, 1, "ammo-05", zone="discard")
        s.discard[1].pop()
        s.trap_deck.append(s.row[0])
        s.row[0] = k(s, "ammo-05")
        five = 0
    target = s.row[five]
    give(s, 0, "scavenger", "scavenger", "supply")
    play(s, "purchase")
    assert f"buy trap {five + 1}" not in legal(s)  # nothing played yet: no purchase points
    play(s, "play scavenger", "play scavenger", "play supply")
    assert s.purchase_points == 5
    next_trap = s.trap_deck[-1]
    play(s, f"buy trap {five + 1}")
    assert s.purchase_points == 0
    assert Counter(s.discard[0]) == Counter([target, *ks(s, "scavenger", "scavenger", "supply")])
    assert s.row[five] == next_trap  # replaced at once from the Trap deck
    assert s.hand[0] == []


def test_example_2_attack_sergeant_destroys_the_medicine_trap_mechanic_and_ice_cream_man_hit_for_7() -> None:
    s = blank()
    trap(s, 1, "medicine-03")  # a Medicine Trap, Defense 4(2) (RULINGS ZO-2)
    trap(s, 1, "ammo-02")
    assert (s.cs.cards[k(s, "medicine-03")].defense, s.cs.cards[k(s, "medicine-03")].deactivate) == (4, 2)
    give(s, 0, "sergeant", "mechanic", "ice cream man")
    play(s, "attack", "attack p2 trap 1 with sergeant")
    assert [s.cs.cards[sl[KIND]].name for sl in s.base[1]] == ["ammo-02"]
    assert k(s, "medicine-03") in s.discard[1]
    play(s, "attack p2 with mechanic", "attack p2 with ice cream man")
    assert s.life[1] == 50 - 7
    assert Counter(s.discard[0]) == Counter(ks(s, "sergeant", "mechanic", "ice cream man"))


def test_example_3_ice_cream_man_deactivates_a_medicine_trap_4_2() -> None:
    s = blank()
    trap(s, 1, "medicine-03")
    give(s, 0, "ice cream man")
    wasteland(s, "mechanic", "nurse", "deputy")
    assert s.lure_points(1)[3] == 1
    play(s, "attack", "attack p2 trap 1 with ice cream man")
    sl = s.base[1][0]
    assert sl[ACTIVE] == 0 and sl[DAMAGE] == 2  # turned sideways, 2 points on it
    assert s.lure_points(1) == [0, 0, 0, 0]  # it does not count in the Lure Phase
    play(s, "end attack", "end turn")
    assert s.turn_player == 1 and s.base[1][0][ACTIVE] == 1  # upright again at its owner's Start Turn


def test_example_4_lure_only_the_current_player_lures() -> None:
    s = blank()
    trap(s, 0, "fuel-02")
    trap(s, 0, "fuel-03")
    trap(s, 1, "fuel-04")
    trap(s, 1, "ammo-02")
    wasteland(s, "contractor", "point guard", "arsonist")
    assert s.wasteland_size == 3
    play(s, "end turn")
    assert k(s, "contractor") in owned(s, 0)  # Fuel 2 beats Fuel 1 (drawn again at Clean Up)
    assert k(s, "point guard") in s.wasteland and k(s, "arsonist") in s.wasteland  # not P2's turn
    assert len(s.wasteland) == 3  # the Contractor was replaced
    # On P2's turn the same counts give P2 both (RULINGS ZO-2: Point Guard Ammo, Arsonist Ammo + Food).
    play(s, "end turn")
    assert k(s, "point guard") in owned(s, 1) and k(s, "arsonist") in owned(s, 1)


def test_example_5_clean_up_draws_two_then_reshuffles_for_three_more() -> None:
    s = blank()
    give(s, 0, "mechanic", "nurse", zone="deck")
    give(s, 0, "supply", "supply", "supply", "supply", zone="discard")
    give(s, 0, "minion", "scavenger")
    play(s, "end turn")
    hand = Counter(s.hand[0])
    assert sum(hand.values()) == 5
    assert hand[k(s, "mechanic")] == 1 and hand[k(s, "nurse")] == 1
    assert s.discard[0] == [] and len(s.deck[0]) == 6 - 3  # 4 Supply + the discarded hand of 2
