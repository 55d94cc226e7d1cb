"""The printed text of every card of a set, by the id views and action texts use (Game.card_texts).

Static and public: a card's title as printed and its ability text, in English; readers translate
both with the message context `CARD_CONTEXT` (names printed in English stay English). Beside them,
what else the printed face carries, for the table's card faces (never translated: numbers and codes):
the category ("trap", "survivor", "action", "scavenger", "minion"), a Trap's cost, Defense (white:
destroy, red: deactivate), lure type and lure points and its abilities' keywords ("once_per_turn",
"when_placed", "combo"); a Survivor's lure types and attack; purchase points; an Action's cost.
Supply, whose face is its title and nothing else, keeps the two keys only.
"""

from __future__ import annotations

from typing import Any

from deadtable.core.cardlists import PIN

from .cards import LURE_TYPES, SUPPLY, TRAP, Card, load


def face(c: Card) -> dict[str, Any]:
    """What the printed face of `c` carries beyond its title and text."""
    if c.category == SUPPLY:
        return {}
    out: dict[str, Any] = {"category": c.category_name.lower()}
    if c.cost:
        out["cost"] = c.cost
    if c.lure:
        out["lure"] = [LURE_TYPES[t] for t in c.lure]
    if c.category == TRAP:
        out["defense"] = {"white": c.defense, "red": c.deactivate}
        out["lure_points"] = 1  # each active Trap counts 1 lure point of its type
        out["abilities"] = [a.keyword for a in c.abilities]
        if c.barricade:
            out["barricade"] = True
        if c.indestructible:
            out["indestructible"] = True
    if c.attack:
        out["attack"] = c.attack
    if c.points:
        out["points"] = c.points
    if c.misfit:
        out["misfit"] = True
    return out


def card_texts(options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """`{id: {"title": ..., "text": ..., **face}}` for every card of the set the `cards` option loads."""
    cs = load(str(options.get("cards", "") or ""), str(options.get(PIN, "") or ""))
    out = {c.name: {"title": c.title, "text": c.text, **face(c)} for c in cs.cards}
    out[cs.cards[cs.scavenger].name]["banish_attack"] = cs.banish_attack  # banished for attack points
    return out
