"""Zombie Overlord speaks English, Spanish and Russian: refusals citing the rule, the log, the view.

The terms printed on the cards stay English in every language (Trap, Minion, Barricade, Once Per
Turn, ...), as the Spanish rulebook keeps them; action texts ("buy trap 1") are the protocol.
"""

from __future__ import annotations

import json

import pytest

from deadtable.core import IllegalAction
from deadtable.games.zombie_overlord import GAME, ZOState
from deadtable.games.zombie_overlord.layout import Decision
from deadtable.i18n import Message
from tests.zombie_overlord.helpers import blank, give, play, trap, wasteland


def refusal(s: ZOState, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(s, text)
    return err.value


def test_a_trap_too_dear_is_refused_citing_zo5_in_each_language() -> None:
    s = blank()
    give(s, 0, "supply")
    play(s, "purchase", "play supply")
    cost = s.cs.cards[s.row[0]].cost
    assert cost > 1
    err = refusal(s, "buy trap 1")
    assert str(err) == f"that Trap costs {cost}; you have 1 purchase point this turn (ZO-5)"
    assert err.render("es") == f"ese Trap cuesta {cost}; tienes 1 punto de compra este turno (ZO-5)"
    assert err.render("ru") == f"этот Trap стоит {cost}; у вас 1 очко покупки в этом ходу (ZO-5)"


def test_russian_plurals_of_purchase_points() -> None:
    s = blank()
    give(s, 0, "scavenger", "scavenger", "supply")
    play(s, "purchase", "play scavenger", "play scavenger", "play supply")
    s.row[0] = next(k for k in s.cs.traps if s.cs.cards[k].cost > 5)
    s._legal = None
    err = refusal(s, "buy trap 1")
    assert "у вас 5 очков покупки в этом ходу (ZO-5)" in err.render("ru")
    assert "tienes 5 puntos de compra este turno (ZO-5)" in err.render("es")


def test_a_barricade_refusal_cites_zo8_in_each_language() -> None:
    s = blank()
    trap(s, 1, "fuel-08")
    give(s, 0, "mechanic")
    play(s, "attack")
    err = refusal(s, "attack p2 with mechanic")
    assert str(err) == "P2 has a Barricade: destroy every Barricade before attacking life points (ZO-8)"
    assert err.render("es") == (
        "P2 tiene una Barricade: destruye todas las Barricades antes de atacar a sus puntos de vida (ZO-8)"
    )
    assert err.render("ru") == (
        "у P2 есть Barricade: уничтожьте все его карты Trap с Barricade, "
        "прежде чем атаковать его очки жизни (ZO-8)"
    )


def test_phase_refusals_in_each_language() -> None:
    s = blank()
    give(s, 0, "supply")
    err = refusal(s, "attack")
    assert err.render("es") == (
        "ahora no hay nada que hacer en la fase de ataque: no tienes Minions ni Scavengers en la mano"
    )
    assert err.render("ru") == (
        "сейчас в фазе атаки делать нечего: у вас на руке нет карт Minion или Scavenger"
    )
    play(s, "purchase")
    err = refusal(s, "action")
    assert err.render("es") == "estás en la fase de compra: termínala primero y luego elige otra"
    assert err.render("ru") == "сейчас идёт фаза покупки: сначала завершите её, потом выберите другую"


def position() -> ZOState:
    s = blank()
    trap(s, 0, "fuel-03")
    trap(s, 1, "medicine-03", active=0)
    wasteland(s, "contractor", "mechanic", "arsonist")
    give(s, 0, "mechanic", "power down", "fuel-01")
    play(s, "attack", "attack p2 with mechanic")
    return s


def test_the_log_is_kept_as_messages_and_read_in_each_language() -> None:
    s = position()
    view = s.view(0)
    json.dumps(view)  # JSON-ready
    entries = [Message.from_json(e) for e in view["log_i18n"]]
    assert [str(e) for e in entries] == view["log"]
    assert view["log"][-1] == "P1 hits P2 with the Mechanic for 5 (life 45)"
    assert entries[-1].render("es") == "P1 golpea a P2 con Mechanic: 5 de daño (vida 45)"
    assert entries[-1].render("ru") == "P1 бьёт P2 — Mechanic: урон 5 (жизнь 45)"


@pytest.mark.parametrize(
    ("lang", "needles", "left_out"),
    [
        (
            "en",
            [
                "life 50",
                "Your hand",
                "phase: attack",
                "Power Down (Action:",
                "Once Per Turn: you may deactivate",
            ],
            [],
        ),
        (
            "es",
            [
                "vida 50",
                "Tu mano",
                "fase: ataque",
                "Purchase Row",
                "Wasteland",
                "Power Down (Action: Desactiva cualquier Trap.",
                "Once Per Turn: puedes desactivar este Trap para dar +3 de ataque a tu próximo ataque.",
                "P1 golpea a P2 con Mechanic",
                "ronda 1",
            ],
            ["life 50", "Your hand", "phase:", "purchase point", "hits P2", "Deactivate any Trap"],
        ),
        (
            "ru",
            [
                "жизнь 50",
                "Ваши карты",
                "фаза: атака",
                "Purchase Row",
                "Wasteland",
                "Power Down (Action: Деактивируйте любой Trap.",
                "Once Per Turn: можете деактивировать этот Trap, чтобы следующая атака получила +3 к атаке.",
                "P1 бьёт P2 — Mechanic",
                "раунд 1",
            ],
            ["life 50", "Your hand", "phase:", "purchase point", "hits P2", "Deactivate any Trap"],
        ),
    ],
)
def test_the_terminal_view_in_each_language(lang: str, needles: list[str], left_out: list[str]) -> None:
    text = " ".join(GAME.render_view(position().view(0), lang=lang).split())  # long texts wrap
    for needle in needles:
        assert needle in text, (lang, needle)
    for word in left_out:
        assert word not in text, (lang, word)


def test_the_pending_decision_and_the_outcome_note_in_each_language() -> None:
    s = blank(rounds=1)
    play(s, "end turn")
    play(s, "end turn")
    assert s.over
    view = s.view(None)
    note = Message.from_json(view["note_i18n"])
    assert (
        str(note)
        == view["note"]
        == ("The round limit (1 round) was reached: living players are ranked by life.")
    )
    assert note.render("ru").startswith("Достигнут лимит раундов (1 раунд)")
    assert "Fin de la partida." in GAME.render_view(view, lang="es")


def test_a_pending_decision_is_shown_in_each_language() -> None:
    s = blank()
    give(s, 1, "supply")
    s.pending.append(Decision("opponent", 0, "discard"))
    s._legal = None
    view = s.view(0)
    assert view["pending"]["text"] == "P1 must choose an opponent"
    assert Message.from_json(view["pending"]["text_i18n"]).render("es") == "P1 debe elegir a un rival"
    assert "Ожидание: P1 должен выбрать соперника" in GAME.render_view(view, lang="ru")
    err = refusal(s, "end turn")
    assert err.render("es") == "'end turn' no responde a la decisión pendiente: P1 debe elegir a un rival"


def test_the_phases_visited_leave_out_the_phase_in_play_in_each_language() -> None:
    """Not "(hecho: la fase de compra)", which reads wrong and lists the phase in play as done: the
    phases visited this turn are said number-neutrally, the phase in play never among them."""
    from rich.text import Text

    s = blank()
    give(s, 0, "supply", "minion")
    play(s, "purchase", "end purchasing")

    def shown(lang: str) -> str:
        return " ".join(Text.from_markup(s.render(0, lang=lang)).plain.split())

    assert "(visited: purchase)" in shown("en")
    assert "(ya pasaste por: compra)" in shown("es")
    assert "(фазы, где вы уже были: покупка)" in shown("ru")
    play(s, "attack")
    assert "(visited: purchase)" in shown("en") and "attack, " not in shown("en").split("visited:")[1]
    play(s, "end attack")
    assert "(ya pasaste por: compra, ataque)" in shown("es")
