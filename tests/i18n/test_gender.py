"""Russian messages about a person do not guess the person's gender.

A player's name (`{who}`, `{seat}`, ...) or «Я» says nothing of whether the player is a man or a
woman, and a Russian past-tense verb must say it: «{who} вернулся» is right for half the players. So a
verb right after such a subject is in the present tense or the message is a noun phrase («{who}
снова за столом», «Я снова здесь»); where nothing better reads well, both endings are written out
(«отменил(а)»).
"""

from __future__ import annotations

import re

import pytest

from deadtable.i18n.extract import load_catalogue

# A person as the subject: a name placeholder or «Я», not after a preposition («у {who} закончилось
# время» has «время» for its subject).
SUBJECT = r"(?<![уУ] )(?<!для )(?<!от )(?:P?\{(?:who|seat|player|winner|actor|victim|name)\}|(?<![\w{])Я)"
# The verb that follows, past tense (-л, -ла, -ло, -ли, reflexive too), maybe after an adverb.
PAST = re.compile(
    SUBJECT + r"\s+(?:(?:не|уже|снова|сам|сама|только что)\s+)*([а-яё]+(?:л|ла|ло|ли)(?:ся|сь)?)\b(?!\()",
    re.IGNORECASE,
)


def gendered(text: str) -> list[str]:
    """The past-tense verbs in `text` that give a person a gender (none for «отменил(а)»)."""
    return PAST.findall(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("{who} вернулся", ["вернулся"]),
        ("Я вернулся", ["вернулся"]),
        ("{who} покинул стол; бот ({bot}) играет за него", ["покинул"]),
        ("Аутсайдер: {seat} остался последним и проигрывает", ["остался"]),
        ("{who} отменил(а) ход", []),
        ("{who} снова за столом", []),
        ("у {who} закончилось время", []),
        ("{who} уходит из-за стола", []),
    ],
)
def test_the_check_finds_a_gendered_verb_and_passes_a_neutral_one(text: str, found: list[str]) -> None:
    assert gendered(text) == found


def test_no_russian_message_gives_a_player_a_gender() -> None:
    wrong = []
    checked = 0
    for message in load_catalogue("ru"):
        if not message.id:
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in strings:
            if text and re.search(SUBJECT, text):
                checked += 1
                verbs = gendered(text)
                if verbs:
                    wrong.append(f"{text!r}: {verbs}")
    assert checked > 20
    assert not wrong, "reword in the present tense or as a noun phrase:\n" + "\n".join(wrong)
