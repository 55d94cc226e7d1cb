"""A card's abilities in a few words, for a board that must fit an 80x24 terminal.

The full printed text stays one command away (`look ammo-07` in `deadtable play`, the card texts of
`Game.card_texts`); the board shows each Trap with its abilities said short, built from the named
effects of the card file (the vocabulary of cards.EFFECTS), so a user's own card reads the same way.
Every word comes from the catalogue of the reader's language.

>>> from .cards import load
>>> cs = load()
>>> short(cs.cards[cs.by_name["ammo-07"]])
'turn: +2 attack · combo: +1 attack'
>>> short(cs.cards[cs.by_name["medicine-05"]])
'Barricade'
"""

from __future__ import annotations

from deadtable.i18n import N_, Translator, translator

from .cards import TRAP, Ability, Card

KEYWORDS = {
    "once_per_turn": N_("turn: {effect}"),  # once per turn, used in the Action Phase
    "when_placed": N_("placed: {effect}"),
    "combo": N_("combo: {effect}"),
}
EFFECTS = {
    "draw": N_("draw {n}"),
    "gain_health": N_("+{n} life"),
    "attack_bonus": N_("+{n} attack"),
    "purchase_points": N_("+{n} purchase"),
    "opponent_discards": N_("foe discards"),
    "banish": N_("banish"),
    "deactivate_trap": N_("deactivate Trap"),
    "destroy_trap": N_("destroy Trap"),
    "lure": N_("lure"),
    "steal_random": N_("steal"),
    "search_discard": N_("card from discard"),
    "cycle": N_("cycle"),
    "reinforce": N_("+{n} Defense"),
    "malfunction": N_("Malfunction"),
}


def ability(a: Ability, tr: Translator) -> str:
    effect = tr._(EFFECTS[a.effect], n=a.get("n")) if a.effect in EFFECTS else a.effect
    if a.keyword in KEYWORDS:
        return tr._(KEYWORDS[a.keyword], effect=effect)
    return effect


def short(c: Card, lang: str = "en") -> str:
    """`c`'s abilities in a few words each ("" for a card without any), Barricade and all."""
    tr = translator(lang)
    parts = [ability(a, tr) for a in c.abilities]
    if c.category == TRAP and c.barricade:
        parts.insert(0, "Barricade")  # the rulebook's word, kept in every language (as on the card)
    if c.category == TRAP and c.indestructible:
        parts.append(tr._("indestructible"))
    return " · ".join(parts)
