"""Zombie shedding speaks English, Spanish and Russian: refusals, the log, the terminal view, results.

The action texts ("play biter", "keep") stay English in every language: they are the protocol.
Card names and effect texts come from the card context of the catalogue (Russian names from the
rulebook: Крикун, Леди Мимика, Дон Лысар, Махинатор, Воришка, Скрыться, Бумеранг).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from deadtable.core import IllegalAction, OptionError
from deadtable.games.zombie_shedding import GAME
from deadtable.games.zombie_shedding.actions import Play
from deadtable.games.zombie_shedding.card_text import decode
from deadtable.games.zombie_shedding.view import why_not

from .position import do, position, protection_answers_all


def _refusal(st: object, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        do(st, text)  # type: ignore[arg-type]
    return info.value


def test_a_card_that_does_not_match_is_refused_in_each_language() -> None:
    st = position(hands=[["Sample", "Brute"], ["Walker"]], match="Blob", deck=["Hide"] * 5)
    err = _refusal(st, "play brute")
    assert str(err) == (
        "Brute does not match Blob: play a card of 4 points, a Flask card, a card whose effect allows it, "
        "or an event (rules: the four ways to match)"
    )
    assert err.render("es") == (
        "Bruto no iguala Masa: juega una carta de 4 puntos, una carta de Matraz, una carta cuyo efecto "
        "lo permita o un evento (reglas: las cuatro formas de igualar)"
    )
    assert err.render("ru") == (
        "Громила не совпадает с картой Слизень: сыграйте карту в 4 очка, карту корпорации Колба, карту, "
        "эффект которой это позволяет, или карту события (правила: четыре вида совпадения)"
    )


def test_drawing_is_not_a_choice_cites_zs4_in_each_language() -> None:
    st = position(hands=[["Biter", "Brute"], ["Walker"]], match="Blob", deck=["Hide"] * 5)
    reason = GAME.explain_illegal(st, "draw")
    assert not isinstance(reason, str)
    assert "(RULINGS ZS-4)" in str(reason)
    assert reason.render("es").startswith("robar no es una elección") and "(RULINGS ZS-4)" in reason.render(
        "es"
    )
    assert reason.render("ru").startswith("брать карту — не выбор") and "(RULINGS ZS-4)" in reason.render(
        "ru"
    )


def test_a_combo_that_may_not_follow_quotes_the_card_text_in_each_language() -> None:
    st = position(hands=[["Walker", "Don Lysar", "Biter"], ["Blob"]], match="Shambler", deck=["Hide"] * 5)
    reason = why_not(st, Play("walker", "don-lysar"))
    assert str(reason) == (
        "Don Lysar may not follow Walker: combo: may be played too, right after you play an elite"
    )
    assert reason.render("ru") == (
        "Дон Лысар нельзя сыграть после карты Ходок: комбо-эффект: можно дополнительно сыграть сразу "
        "после того, как вы сыграли элитного зомби"
    )
    assert reason.render("es") == (
        "Don Lysar no puede seguir a Caminante: combo: puede jugarse también justo después de jugar un "
        "zombi élite"
    )


def test_a_pending_decision_is_named_in_each_language() -> None:
    st = position(hands=[["Blob", "Spitter"], ["Walker", "Biter"]], match="Brute", deck=["Hide", "Sniper"])
    reason = why_not(st, Play("blob"))  # P1 drew the Sniper and must play or keep it
    assert str(reason).startswith("P1 must first play the card just drawn or keep it (RULINGS ZS-4)")
    assert reason.render("es").startswith("P1 debe primero jugar la carta recién robada")
    assert reason.render("ru").startswith("P1 должен сначала сыграть только что взятую карту")
    assert "keep" in reason.render("ru")  # the action texts stay English


def test_option_errors_in_each_language() -> None:
    with pytest.raises(OptionError) as info:
        GAME.new(3, 0, mode="duel")
    assert str(info.value) == "mode=duel is for 2 players, not 3"
    assert info.value.render("es") == "mode=duel es para 2 jugadores, no 3"
    assert info.value.render("ru") == "mode=duel — для 2 игроков, а не 3"


def test_the_log_is_kept_as_messages_and_read_in_each_language() -> None:
    st = position(hands=[["Biter", "Brute"], ["Walker", "Blob"]], match="Shambler", deck=["Hide"] * 5)
    do(st, "play biter")  # no built-in card answers a draw: P2 draws, unasked
    view = st.view(0)
    assert view["log"][-2:] == ["P1 plays Biter", "P2 draws 1 card"]
    assert len(view["log_i18n"]) == len(view["log"])
    assert [decode(e).render("en") for e in view["log_i18n"]] == view["log"]
    ru = [decode(e).render("ru") for e in view["log_i18n"][-2:]]
    assert ru == ["P1 играет карту Кусака", "P2 берёт 1 карту"]
    es = [decode(e).render("es") for e in view["log_i18n"][-2:]]
    assert es == ["P1 juega Mordedor", "P2 roba 1 carta"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            (
                "Card to match: ",
                "Guard",
                "counter-clockwise",
                "team scores A 12 B 30",
                "P2 team B",
                "4 cards",
                "Your hand:",
                "Hide",
                "Alliances 2v2 to 60",
                "protection: cancel a missed turn",
            ),
        ),
        (
            "es",
            (
                "Carta que igualar: ",
                "mano 1 ·",
                "Guardia",
                "en sentido contrario a las agujas del reloj",
                "puntos de los equipos A 12 B 30",
                "P2 equipo B",
                "4 cartas",
                "Tu mano:",
                "Esconderse",
                "Alianzas 2v2 hasta 60",
                "protección: anula un turno perdido",
                "Paraguas",
                "juega Guardia",
            ),
        ),
        (
            "ru",
            (
                "Карта для совпадения: ",
                "партия 1 ·",
                "Охранник",
                "против часовой стрелки",
                "счёт команд A 12 B 30",
                "P2 команда B",
                "4 карты",
                "Ваши карты:",
                "Скрыться",
                "Альянсы 2v2 до 60",
                "защита: отменяет пропуск хода",
                "Зонт",
                "играет карту Охранник",
            ),
        ),
    ],
)
def test_the_terminal_view_in_each_language(lang: str, words: tuple[str, ...]) -> None:
    st = position(
        4,
        mode="alliances",
        hands=[["Guard", "Biter"], ["Walker"] * 3, ["Blob"] * 2, ["Hide"] * 4],
        match="Intern",
        deck=["Hide"] * 5,
    )
    st.scores = [12, 30]
    do(st, "play guard")
    text = Text.from_markup(st.render(3, lang=lang)).plain
    for w in words:
        assert w in text, (lang, w)
    if lang != "en":
        for english in ("Card to match", "Your hand", "team score", "Guard ", "Hand 1 over"):
            assert english not in text, (lang, english)


def test_game_over_and_the_result_note_in_each_language() -> None:
    st = position(
        3, mode="blitz", hands=[["Biter"], ["Brute"], ["Walker", "Blob"]], match="Shambler", deck=["Hide"] * 5
    )
    do(st, "play biter")
    assert st.outcome().note.render("ru") == "Блиц: побеждает вышедший первым"  # type: ignore[union-attr]
    ru = Text.from_markup(st.render(0, lang="ru")).plain
    assert "Игра окончена." in ru and "Партия 1 окончена: вышли P1" in ru  # the hand's summary
    assert "победители" not in ru  # the result (winners, note) is the command's, printed once
    es = Text.from_markup(st.render(0, lang="es")).plain
    assert "La partida ha terminado." in es and "Fin de la mano 1: salen P1" in es


def test_name_summary_and_option_help_are_translated() -> None:
    for lang, name in (("es", "Juego de descarte de zombis"), ("ru", "Зомби-сброс: карточная игра")):
        meta = GAME.describe(lang)
        assert meta["name"] == name
        assert meta["summary"] != GAME.summary
        listed = [o for o in GAME.options if not o.set_by_game]  # the lobby never asks for card_list
        assert all(o["help"] != english.help for o, english in zip(meta["options"], listed, strict=True))


def test_a_move_after_the_end_is_refused_in_each_language() -> None:
    st = position(
        3, mode="blitz", hands=[["Biter"], ["Brute"], ["Walker", "Blob"]], match="Shambler", deck=["Hide"] * 5
    )
    do(st, "play biter")
    with pytest.raises(IllegalAction) as info:
        st.check(Play("brute"))
    assert (str(info.value), info.value.render("es"), info.value.render("ru")) == (
        "the game has ended",
        "la partida ha terminado",
        "игра окончена",
    )


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "P1 makes P2 miss a turn: P2 may answer with Hide"),
        ("es", "P1 le hace perder un turno a P2: P2 puede responder con Esconderse"),
        ("ru", "P1 заставляет P2 пропустить ход: P2 может ответить картой Скрыться"),
    ],
)
def test_an_effect_to_answer_is_one_whole_sentence_in_each_language(lang: str, sentence: str) -> None:
    """Each effect has its own message, never a verb phrase dropped into a noun's slot (Spanish
    cannot fill one slot with both). It names the protection cards that answer this effect in the
    card set: in the built-in one only Hide answers a missed turn (Boomerang a swap or a gift)."""
    st = position(hands=[["Runner", "Brute"], ["Walker", "Hide"]], match="Shambler", deck=["Blob"] * 5)
    do(st, "play runner")  # the next player misses a turn; P2 holds Hide and is asked whether to answer
    text = Text.from_markup(st.render(1, lang=lang)).plain
    assert sentence + "\n" in text + "\n" and "Boomerang" not in sentence, text
    assert st.view(0)["pending"]["answers"] == ["Hide"]  # the same for every seat: the card set's


@pytest.mark.parametrize(
    ("lang", "alone", "both"),
    [
        ("en", "P1 plays the Thief on P2: P2 may answer with Boomerang", "may answer with Hide or Boomerang"),
        (
            "es",
            "P1 juega el Ladronzuelo contra P2: P2 puede responder con Bumerán",
            "puede responder con Esconderse o Bumerán",
        ),
        (
            "ru",
            "P1 играет Воришку против P2: P2 может ответить картой Бумеранг",
            "может ответить картой Скрыться или Бумеранг",
        ),
    ],
)
def test_the_answering_cards_are_listed_in_each_language(
    lang: str, alone: str, both: str, tmp_path: Path
) -> None:
    """The built-in Boomerang alone answers a swap; in a card file whose protection answers every
    effect, both cards are named, joined by "or"."""
    for cards, sentence in (("", alone), (protection_answers_all(tmp_path), both)):
        st = position(
            hands=[["Thief", "Colossus"], ["Walker", "Hide"]], match="Intern", deck=["Blob"] * 5, cards=cards
        )
        do(st, "play thief")
        text = Text.from_markup(st.render(1, lang=lang)).plain
        assert sentence + "\n" in text + "\n", text
