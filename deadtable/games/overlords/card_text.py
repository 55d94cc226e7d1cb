"""Every card text of the built-in card set (data/cards.toml) in the reader's language.

Card names, Monster types and ability texts are catalogue messages in the context "overlords:card"
(`pgettext`). Names printed in English on the cards stay English in every language (there is no
Spanish or Russian rulebook for Overlords); the ability and scoring texts are translated. A user's
own card file (the `cards` option) is shown as written where the catalogue does not know a text.

`_marks` lists the texts of data/cards.toml for the message extractor (Babel reads only literals);
tests/i18n/test_overlords_cards.py checks that it lists exactly the texts of the file and that every
one is translated in every language.

>>> card_text("Zombie", "ru"), card_text("Cyclops", "es")
('Zombie', 'Cyclops')
>>> card_text("Set of 2 = 7 points. Otherwise 2 points each", "es")
'Grupo de 2 = 7 puntos. Si no, 2 puntos por carta'
>>> card_text("My own card", "ru")  # a text of a user's card file: as written
'My own card'
"""

from __future__ import annotations

from deadtable.i18n import Translator, translator

CONTEXT = "overlords:card"


def card_text(text: str, lang: str | None) -> str:
    """A card's name, type or ability text in `lang` (as written when the catalogue lacks it)."""
    return translator(lang).pgettext(CONTEXT, text)


def _marks(tr: Translator) -> None:  # pragma: no cover - read by the extractor, never run
    # i18n: the texts of data/cards.toml, in file order (names, Monster types, abilities)
    tr.pgettext("overlords:card", "Undead Warrior 1")
    tr.pgettext("overlords:card", "Undead Warrior 2")
    tr.pgettext("overlords:card", "Undead Warrior 3")
    tr.pgettext("overlords:card", "Zombie")
    tr.pgettext("overlords:card", "Cyclops")
    tr.pgettext("overlords:card", "Minotaur")
    tr.pgettext("overlords:card", "Orthrus")
    tr.pgettext("overlords:card", "Chimera")
    tr.pgettext("overlords:card", "Hydra")
    tr.pgettext("overlords:card", "Black Knight")
    tr.pgettext("overlords:card", "Red Knight")
    tr.pgettext("overlords:card", "Blue Knight")
    tr.pgettext("overlords:card", "Thief")
    tr.pgettext("overlords:card", "Sorcerer")
    tr.pgettext("overlords:card", "Medusa")
    tr.pgettext("overlords:card", "Lich King")
    tr.pgettext("overlords:card", "Undead Warrior")
    tr.pgettext("overlords:card", "Overlord")
    tr.pgettext(
        "overlords:card",
        "Each Undead Warrior is worth 1, 2, or 3 points. A straight set (one 1 point card, "
        "one 2 point card, and one 3 point card) will gain you a 6 point bonus. Multiple "
        "straights are allowed.",
    )
    tr.pgettext(
        "overlords:card",
        "(1) 1 point, (2) 4 points, (3) 9 points (4) 12 points, (5) 18 points (6 or more) 24 points",
    )
    tr.pgettext("overlords:card", "6 points if you possess only one. Otherwise 2 points each")
    tr.pgettext(
        "overlords:card", "Most cards = 24 points. 2nd most = 16 points. 3rd most = 8 points. Split any ties"
    )
    tr.pgettext("overlords:card", "Set of 2 = 7 points. Otherwise 2 points each")
    tr.pgettext("overlords:card", "Set of 3 = 12 points. Otherwise 2 points each")
    tr.pgettext(
        "overlords:card", "(1) 3 points, (2) 7 points, (3) 12 points (4) 18 points, (5 or more) 25 points"
    )
    tr.pgettext(
        "overlords:card",
        "Player who activates Black Knight card recruits 2 cards from hand, then places "
        "Black Knight into their hand before passing.",
    )
    tr.pgettext(
        "overlords:card",
        "When the Red Knight is activated, you may look through any opponent's army pile "
        "(including your own). Place any card from that army on top afterwards.",
    )
    tr.pgettext(
        "overlords:card",
        "When the Blue Knight is activated, exchange it for any card in the draw pile. After "
        "you have taken your card and returned the Blue Knight to the draw pile, reshuffle "
        "the draw pile.",
    )
    tr.pgettext(
        "overlords:card", "When the Thief is activated, exchange it for the top card of any opponent's army."
    )
    tr.pgettext(
        "overlords:card",
        "Player who activates Sorcerer chooses a direction, clockwise or counter-clockwise. "
        "Each player passes the top card of their army pile to the player in the chosen "
        "direction. After the top cards are passed, the player who activated the Sorcerer "
        "places the Sorcerer card on top of their own army pile.",
    )
    tr.pgettext(
        "overlords:card",
        "When Medusa is activated, opponents flip their hands over so they are visible. "
        "Player who activated Medusa chooses which card their opponents must recruit that "
        "turn.",
    )
    tr.pgettext(
        "overlords:card",
        "When Lich King is activated, opponents flip their hands over so they are visible. "
        "Player who activated Lich King may swap any player hands (including their own).",
    )
    tr.pgettext(
        "overlords:card",
        "Indicates which player may play their Hired Hand cards first. It may not be "
        "recruited and it stays with the hand when it is passed.",
    )
