"""Carson City Zoo speaks English, Spanish and Russian: illegal-move reasons, the log, the view."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.core import IllegalAction
from deadtable.games.carson_zoo import Move, Place, ZooState
from deadtable.games.carson_zoo.board import parse

GAME = deadtable.game("carson-zoo")


def P(name: str) -> int:
    pos = parse(name)
    assert pos is not None
    return pos


def position() -> ZooState:
    """P1 to act; stacks [1, 1] everywhere but a1 (empty); P1's 4 on b2, P2's 6 on b3, a mutant on c1."""
    state = GAME.new(2, seed=0)
    assert isinstance(state, ZooState)
    state.stacks = [[1, 1] for _ in range(25)]
    state.stacks[P("a1")] = []
    for where, owner, value, mutant in (("b2", 0, 4, False), ("b3", 1, 6, False), ("c1", 1, 3, True)):
        if value in state.hands[owner]:
            state.hands[owner].remove(value)
        state.owner[P(where)], state.piece_value[P(where)], state.mutant[P(where)] = owner, value, mutant
    state.to_act = 0
    return state


# action, rule cited, expected English, Spanish and Russian reasons
CASES = [
    (
        Place(5, P("a1")),
        "CZ-3",
        "a1 has no zoo card left to capture (CZ-3)",
        "a1 no tiene ninguna carta de zoo que capturar (CZ-3)",
        "на a1 не осталось карт зоопарка, которые можно захватить (CZ-3)",
    ),
    (
        Place(5, P("c1")),
        "CZ-3",
        "c1 holds a mutant: a character may only be placed where there is none (CZ-3)",
        "en c1 hay un mutante: un personaje solo puede colocarse donde no haya personaje ni mutante (CZ-3)",
        "на c1 стоит мутант: персонажа можно выложить только туда, где нет ни персонажа, ни мутанта (CZ-3)",
    ),
    (
        Place(4, P("d4")),
        None,
        "you have no character of value 4 in hand",
        "no tienes en la mano ningún personaje de valor 4",
        "у вас на руке нет персонажа достоинством 4",
    ),
    (
        Move(P("b2"), P("c3")),
        "CZ-4",
        "c3 is not next to b2: characters move one step, never diagonally (CZ-4)",
        "c3 no está al lado de b2: los personajes se mueven un espacio, nunca en diagonal (CZ-4)",
        "c3 не соседствует с b2: персонажи ходят на одну позицию, никогда по диагонали (CZ-4)",
    ),
    (
        Move(P("b2"), P("b3")),
        "CZ-4",
        "your 4 cannot capture the 6 on b3: it needs equal or greater value (CZ-4)",
        "tu 4 no puede capturar al 6 de b3: necesita un valor igual o mayor (CZ-4)",
        "ваш 4 не может захватить 6 на b3: нужно равное или большее достоинство (CZ-4)",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: str(c[0]))
def test_illegal_move_reasons_in_each_language(case: tuple) -> None:  # type: ignore[type-arg]
    action, rule, english, spanish, russian = case
    state = position()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    err = caught.value
    assert str(err) == english  # str() stays English for logs and existing tests
    assert err.render("en") == english
    assert err.render("es") == spanish
    assert err.render("ru") == russian
    if rule:
        assert all(rule in text for text in (english, spanish, russian))


def test_typed_text_gets_the_same_reasons_through_parse_action() -> None:
    state = position()
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "move b2 b3")
    assert (
        caught.value.render("es")
        == "tu 4 no puede capturar al 6 de b3: necesita un valor igual o mayor (CZ-4)"
    )
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "fly away")
    assert "place 5 c3" in caught.value.render("ru") and caught.value.render("ru").startswith(
        "'fly away' — не"
    )


def test_own_character_empty_position_and_mutant_in_each_language() -> None:
    state = position()
    state.owner[P("b1")], state.piece_value[P("b1")] = 0, 3
    state.stacks[P("a2")] = []
    state.owner[P("d1")], state.piece_value[P("d1")], state.mutant[P("d1")] = 0, 5, True
    reasons = {}
    for action in (Move(P("b2"), P("b1")), Move(P("b2"), P("a2")), Move(P("d1"), P("d2"))):
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        reasons[str(action)] = {lang: caught.value.render(lang) for lang in ("en", "es", "ru")}
    assert reasons["move b2 b1"]["ru"] == "на b1 стоит ваш собственный персонаж (CZ-4)"
    assert (
        reasons["move b2 a2"]["es"]
        == "a2 está vacía: un personaje no puede moverse a una posición vacía (CZ-4)"
    )
    assert (
        reasons["move d1 d2"]["en"] == "the character on d1 has turned into a mutant and cannot move (CZ-5)"
    )
    assert "CZ-5" in reasons["move d1 d2"]["ru"] and "мутант" in reasons["move d1 d2"]["ru"]


def test_the_log_is_kept_as_messages_and_read_in_each_language() -> None:
    state = position()
    state.stacks[P("c3")] = [2, 3 | 8]  # a mutant 3 on top (RULINGS CZ-5)
    state.apply(Place(5, P("c3")))
    view = state.view(1)
    assert view["log"][-1] == "P1 places 5 on c3, takes a 3: MUTANT! the 5 is lost"
    entry = view["log_i18n"][-1]
    assert entry["msg"].startswith("P{seat} places {value} on {pos}")
    es = state.render(1, lang="es")
    ru = state.render(1, lang="ru")
    assert "P1 coloca el 5 en c3 y toma un 3: ¡MUTANTE! pierde el 5" in es
    assert "P1 выкладывает 5 на c3 и берёт 3: МУТАНТ! 5 потерян" in ru


def test_the_terminal_view_in_three_languages() -> None:
    state = GAME.new(3, seed=5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    en, es, ru = (state.render(seat, lang=lang) for lang in ("en", "es", "ru"))
    assert "(you)" in en and "captured" in en and "points" in en and "◀ to act" in en
    assert "(tú)" in es and "capturada" in es and "puntos" in es and "◀ le toca" in es
    assert "(вы)" in ru and "захвачен" in ru and "очк" in ru and "◀ ходит" in ru
    for text in (es, ru):
        assert "captured" not in text and "points" not in text and "hand " not in text
    # the grid and the position names are the same in every language
    assert en.splitlines()[:6] == es.splitlines()[:6] == ru.splitlines()[:6]


def test_game_name_and_summary_are_translated() -> None:
    from deadtable.i18n import render

    assert render(GAME.display_name(), "es") == "Apocalipsis en el Zoo de Carson City"
    assert render(GAME.display_name(), "ru") == "Апокалипсис в зоопарке Карсон-Сити"
    assert render(GAME.summary, "ru").startswith("Выкладывайте и передвигайте")
