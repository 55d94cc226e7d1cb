"""Every ability kind of the effect vocabulary, and the timing keywords, as scenarios."""

from __future__ import annotations

from pathlib import Path

from deadtable.games.zombie_overlord.cards import DATA, EFFECTS, load
from deadtable.games.zombie_overlord.layout import ACTIVE, KIND, USED, ability_bit, new_slot

from .helpers import blank, give, k, legal, owned, play, trap, wasteland


def test_every_effect_is_used_by_the_built_in_set() -> None:
    cs = load()
    used = {a.effect for c in cs.cards for a in c.abilities}
    assert used == set(EFFECTS)


def test_once_per_turn_is_once_and_resets_next_turn() -> None:
    s = blank()
    trap(s, 0, "medicine-03")  # Once Per Turn: gain 1 health
    play(s, "action", "use trap 1 once per turn")
    assert s.life[0] == 51 and "use trap 1 once per turn" not in legal(s)
    play(s, "end actions", "end turn", "end turn", "action", "use trap 1 once per turn")
    assert s.life[0] == 52


def test_combo_needs_another_active_trap_of_the_same_type() -> None:
    s = blank()
    trap(s, 0, "medicine-06")  # Combo: gain 2 health
    give(s, 0, "medicine-02")
    play(s, "action")
    assert "use trap 1 combo" not in legal(s)
    play(s, "place medicine-02", "use trap 1 combo")
    assert s.life[0] == 52
    s.base[0][1] = new_slot(s.base[0][1][KIND], active=0)  # the other one inactive: no Combo


def test_when_placed_runs_on_placing_and_blocks_replacing_this_turn() -> None:
    s = blank()
    give(s, 0, "medicine-10")  # When Placed: gain 3 health
    play(s, "action", "place medicine-10")
    assert s.life[0] == 53 and s.base[0][0][USED] == ability_bit(0)  # its one ability: ZO-11 applies


def test_draw_and_purchase_points_and_gain_health() -> None:
    s = blank()
    give(s, 0, "looting", "supply run", "first aid")
    give(s, 0, "minion", "minion", "minion", zone="deck")
    play(s, "action", "play looting", "play supply run", "play first aid")
    assert len(s.hand[0]) == 2 and s.purchase_points == 2 and s.life[0] == 54


def test_attack_bonus_goes_to_the_next_attack_only() -> None:
    s = blank()
    give(s, 0, "ambush", "minion", "minion")
    play(
        s, "action", "play ambush", "end actions", "attack", "attack p2 with minion", "attack p2 with minion"
    )
    assert s.life[1] == 50 - 4 - 1


def test_deactivate_self_for_attack_bonus() -> None:
    s = blank()
    trap(s, 0, "fuel-01")  # Once Per Turn: deactivate this Trap to give the next attack +3
    give(s, 0, "minion")
    play(s, "action", "use trap 1 once per turn")
    assert s.base[0][0][ACTIVE] == 0 and s.bonus == 3
    play(s, "end actions", "attack", "attack p2 with minion")
    assert s.life[1] == 46


def test_opponent_discards_a_card_of_their_choice_the_victim_answers() -> None:
    s = blank()
    give(s, 1, "supply", "mechanic")
    give(s, 0, "food-01")  # When Placed: choose an opponent to discard a card
    play(s, "action", "place food-01", "choose p2")
    assert s.current_player == 1 and sorted(legal(s)) == ["discard mechanic", "discard supply"]
    play(s, "discard supply")
    assert s.current_player == 0 and s.discard[1] == [k(s, "supply")]


def test_purge_all_opponents_discard_a_random_card() -> None:
    s = blank(3)
    give(s, 1, "supply", "minion")
    give(s, 2, "nurse")
    give(s, 0, "purge")
    play(s, "action", "play purge")
    assert len(s.hand[1]) == 1 and len(s.discard[1]) == 1 and s.discard[2] == [k(s, "nurse")]


def test_banish_from_discard_with_health() -> None:
    s = blank()
    give(s, 0, "supply", zone="discard")
    give(s, 0, "medicine-01")
    play(s, "action", "place medicine-01")
    assert "skip" in legal(s)
    play(s, "banish supply from discard")
    assert s.banished == [k(s, "supply")] and s.life[0] == 54 and s.discard[0] == []


def test_power_down_lasts_until_the_start_of_the_players_next_turn() -> None:
    s = blank()
    trap(s, 1, "fuel-03")
    give(s, 0, "power down")
    play(s, "action", "play power down", "deactivate p2 trap 1")
    assert s.base[1][0][ACTIVE] == 0
    play(s, "end actions", "end turn")
    assert s.turn_player == 1 and s.base[1][0][ACTIVE] == 0  # still down on its owner's turn
    play(s, "end turn")
    assert s.base[1][0][ACTIVE] == 1


def test_destroy_trap_respects_its_defense_limit_and_indestructible() -> None:
    s = blank()
    trap(s, 1, "ammo-07")  # 5(3): too strong
    trap(s, 1, "food-04")  # indestructible
    trap(s, 1, "fuel-03")  # 2(1)
    give(s, 0, "demolition")
    play(s, "action", "play demolition")
    assert legal(s) == ["destroy p2 trap 3"]
    play(s, "destroy p2 trap 3")
    assert len(s.base[1]) == 2 and k(s, "fuel-03") in s.discard[1]


def test_indestructible_trap_is_only_deactivated_by_attacks() -> None:
    s = blank()
    trap(s, 1, "food-04")
    give(s, 0, "mechanic")
    play(s, "attack", "attack p2 trap 1 with mechanic")
    assert len(s.base[1]) == 1 and s.base[1][0][ACTIVE] == 0


def test_lure_effect_takes_a_survivor_replaced_only_at_the_end_of_the_lure_phase() -> None:
    s = blank()
    wasteland(s, "contractor", "nurse", "deputy")
    give(s, 0, "fuel-09")  # When Placed: lure a Fuel Survivor
    play(s, "action", "place fuel-09")
    assert legal(s) == ["lure contractor"]
    play(s, "lure contractor")
    assert len(s.wasteland) == 2 and k(s, "contractor") in s.discard[0]
    play(s, "end actions", "end turn")
    assert len(s.wasteland) == 3


def test_bait_lures_any_survivor_with_low_attack() -> None:
    s = blank()
    wasteland(s, "mechanic", "nurse", "deputy")
    give(s, 0, "bait")
    play(s, "action", "play bait")
    assert legal(s) == ["lure deputy", "lure nurse"]


def test_steal_random_is_shown_to_everyone_and_kept_by_determinize() -> None:
    s = blank()
    give(s, 1, "mechanic")
    give(s, 0, "pickpocket")
    play(s, "action", "play pickpocket", "choose p2")
    assert s.hand[0] == [k(s, "mechanic")] and s.shown[0] == [k(s, "mechanic")]
    import random

    for seed in range(5):
        d = s.determinize(1, random.Random(seed))
        assert d.hand[0] == [k(s, "mechanic")]
    assert s.view(1)["hands"][0]["shown"] == ["mechanic"]


def test_search_discard_puts_a_card_in_hand_for_all_to_know() -> None:
    s = blank()
    give(s, 0, "mechanic", "supply", zone="discard")
    give(s, 0, "food-06")
    play(s, "action", "place food-06")
    assert legal(s) == ["take supply", "take mechanic"] or legal(s) == ["take mechanic", "take supply"]
    play(s, "take mechanic")
    assert s.hand[0] == [k(s, "mechanic")] and s.shown[0] == [k(s, "mechanic")]


def test_cycle_discards_then_draws() -> None:
    s = blank()
    trap(s, 0, "ammo-01")
    trap(s, 0, "ammo-02")
    give(s, 0, "supply")
    give(s, 0, "mechanic", zone="deck")
    play(s, "action", "use trap 1 combo", "discard supply")
    assert s.hand[0] == [k(s, "mechanic")] and s.discard[0] == [k(s, "supply")]


def test_reinforcements_add_defense_and_go_to_the_discard_with_the_trap() -> None:
    s = blank()
    trap(s, 0, "fuel-03")  # 2(1)
    give(s, 0, "reinforcements")
    play(s, "action", "play reinforcements", "reinforce trap 1")
    assert s.defense(s.base[0][0]) == (4, 3)
    play(s, "end actions", "end turn")
    give(s, 1, "mechanic")
    play(s, "attack", "attack p1 trap 1 with mechanic")
    assert s.base[0] == [] and sorted(s.discard[0]) == sorted([k(s, "fuel-03"), k(s, "reinforcements")])


def test_malfunction_holds_a_trap_down_until_its_owner_discards_a_random_card() -> None:
    s = blank()
    trap(s, 1, "fuel-03")
    give(s, 0, "malfunction")
    play(s, "action", "play malfunction", "malfunction p2 trap 1", "end actions", "end turn")
    assert s.turn_player == 1 and s.base[1][0][ACTIVE] == 0  # Start Turn does not lift it
    give(s, 1, "supply")
    play(s, "action", "repair trap 1")
    assert s.base[1][0][ACTIVE] == 1 and s.hand[1] == []
    assert sorted(s.discard[1]) == sorted([k(s, "supply"), k(s, "malfunction")])


def test_steal_trap_when_placed() -> None:
    s = blank()
    give(s, 1, "supply")
    give(s, 0, "ammo-08")
    play(s, "action", "place ammo-08", "choose p2")
    assert k(s, "supply") in owned(s, 0) and s.hand[1] == []


def test_a_trap_with_when_placed_once_per_turn_and_combo_may_use_its_combo_the_turn_it_is_placed(
    tmp_path: Path,
) -> None:
    """A custom card file's Trap whose third ability is a Combo: When Placed marks its own ability
    used, not the third one's (they once shared a bit), so the Combo is there on the turn it is
    placed; the Trap still cannot be replaced that turn (RULINGS ZO-11), and the turn after, the
    Once Per Turn and the Combo are offered again (ZO-7: used abilities last for the turn)."""
    printed = '{ keyword = "when_placed", effect = "gain_health", n = 3 }'
    block = 'id = "medicine-10"\ntype = "medicine"\ncost = 3\ndefense = [4, 2]\nplayers = 2\n'
    block += f"abilities = [{printed}]"
    three = (
        f'{printed}, {{ keyword = "once_per_turn", effect = "gain_health", n = 1 }}, '
        '{ keyword = "combo", effect = "gain_health", n = 2 }'
    )
    text = DATA.read_text(encoding="utf-8")
    assert block in text
    path = tmp_path / "three-abilities.toml"
    path.write_text(text.replace(block, block.replace(printed, three), 1), encoding="utf-8")
    s = blank(cards=str(path))
    keywords = [a.keyword for a in s.cs.cards[k(s, "medicine-10")].abilities]
    assert keywords == ["when_placed", "once_per_turn", "combo"]
    trap(s, 0, "medicine-06")  # another active medicine Trap: the Combo's condition
    give(s, 0, "medicine-10")
    play(s, "action", "place medicine-10")
    assert s.life[0] == 53  # When Placed ran
    assert "use trap 2 combo" in legal(s) and "use trap 2 once per turn" in legal(s)
    play(s, "use trap 2 combo", "use trap 2 once per turn")
    assert s.life[0] == 56
    assert s.base[0][1][USED] == ability_bit(0) | ability_bit(1) | ability_bit(2)
    assert "use trap 2 combo" not in legal(s)
    play(s, "end actions", "end turn", "end turn", "action")
    assert "use trap 2 combo" in legal(s) and "use trap 2 once per turn" in legal(s)
