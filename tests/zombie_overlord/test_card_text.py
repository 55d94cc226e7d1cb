"""The card texts the table serves: title and text, and what else the printed face carries."""

from __future__ import annotations

from deadtable.games.zombie_overlord.card_text import card_texts
from deadtable.games.zombie_overlord.cards import load


def test_every_card_keeps_title_and_text_and_supply_only_those():
    texts = card_texts({})
    assert texts["supply"] == {"title": "Supply", "text": ""}
    assert all({"title", "text"} <= set(v) for v in texts.values())


def test_trap_faces_carry_cost_defense_lure_and_abilities():
    cs = load("")
    texts = card_texts({})
    for k in cs.traps:
        c = cs.cards[k]
        face = texts[c.name]
        assert face["category"] == "trap"
        assert face["cost"] == c.cost
        assert face["defense"] == {"white": c.defense, "red": c.deactivate}
        assert face["lure"] == [c.lure_text().lower()]
        assert face["lure_points"] == 1
        assert face["abilities"] == [a.keyword for a in c.abilities]
    assert texts["ammo-01"]["abilities"] == ["once_per_turn", "combo"]


def test_other_faces():
    cs = load("")
    texts = card_texts({})
    survivor = cs.cards[cs.survivors[0]]
    assert texts[survivor.name]["category"] == "survivor"
    assert texts[survivor.name]["attack"] == survivor.attack
    assert texts[survivor.name]["lure"]
    assert texts["scavenger"]["category"] == "scavenger"
    assert texts["scavenger"]["points"] == 2 and texts["scavenger"]["banish_attack"] == 2
    assert texts["minion"]["attack"] == 1
    action = cs.cards[cs.actions[0]]
    assert texts[action.name]["category"] == "action" and texts[action.name]["cost"] == action.cost
    assert any(v.get("misfit") for v in texts.values())
