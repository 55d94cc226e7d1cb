"""Overlords speaks English, Spanish and Russian: refusals citing the rule, the log, the view, the sheet.

Overlords has no Spanish or Russian rulebook: the catalogue uses the words of the other rulebooks
(ejército / армия, mazo de robo / колода) and keeps every printed card name in English.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from deadtable.core import CardDataError, IllegalAction, OptionError
from deadtable.games.overlords import GAME, OverlordsState
from deadtable.games.overlords.cards import BUILTIN
from deadtable.i18n import Message, render
from tests.overlords.helpers import play, position

LANGS = ("en", "es", "ru")


def refusal(st: OverlordsState, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        play(st, text)
    return caught.value


def plain(st: OverlordsState, seat: int | None, lang: str) -> str:
    return Text.from_markup(GAME.render_view(st.view(seat), lang=lang)).plain


def test_activation_comes_before_recruiting_vii() -> None:
    st = position(3, hands=[["zombie"] * 3] * 3, aside=[["sorcerer"], [], []])
    err = refusal(st, "recruit zombie")
    assert str(err) == (
        "first each player in turn order may activate a Hired Hand (VII); "
        "you may: activate sorcerer, no activation"
    )
    assert err.render("es") == (
        "primero cada jugador, por orden de turno, puede activar un Hired Hand (VII); "
        "puedes: activate sorcerer, no activation"
    )
    assert err.render("ru") == (
        "сначала каждый игрок по очереди может активировать Hired Hand (VII); "
        "доступно: activate sorcerer, no activation"
    )
    play(st, "no activation")
    err = refusal(st, "activate sorcerer")
    assert (
        err.render("es")
        == "los Hired Hands se activan al principio del turno, antes de que nadie reclute (VII)"
    )
    assert (
        err.render("ru") == "Hired Hands активируются в начале хода, до того как кто-либо вербует карту (VII)"
    )


def test_a_card_not_in_hand_and_a_card_that_does_not_exist() -> None:
    st = position(3, hands=[["zombie", "orthrus"], ["cyclops"] * 2, ["chimera"] * 2])
    err = refusal(st, "recruit hydra")
    assert str(err) == "you have no Hydra in your hand to recruit (V)"
    assert err.render("es") == "no tienes ningún Hydra en la mano para reclutar (V)"
    assert err.render("ru") == "у вас на руке нет карты Hydra, чтобы её завербовать (V)"
    err = refusal(st, "recruit dragon")
    assert err.render("es") == "no hay ninguna carta llamada 'dragon'"
    assert err.render("ru") == "нет карты с названием 'dragon'"
    err = refusal(st, "fly away")
    assert (
        err.render("ru")
        == "'fly away' — сейчас недопустимое действие; доступно: recruit zombie, recruit orthrus"
    )


def test_the_dummy_refusals_xiii() -> None:
    st = position(2, hands=[["zombie", "thief"], ["orthrus", "cyclops"], ["medusa", "hydra"]], turn_no=0)
    play(st, "recruit zombie")
    err = refusal(st, "recruit thief for dummy")
    assert str(err) == "players cannot recruit Hired Hand cards for the dummy player (XIII)"
    assert err.render("es") == (
        "los jugadores no pueden reclutar cartas de Hired Hand para el jugador fantasma (XIII)"
    )
    assert err.render("ru") == "игроки не могут вербовать карты Hired Hand для болвана (XIII)"
    st = position(
        2, hands=[["thief", "medusa"], ["orthrus", "cyclops"], ["black knight", "hydra"]], turn_no=0
    )
    err = refusal(st, "recruit hydra")
    assert str(err) == "keep a Monster for the dummy's army: it cannot be given a Hired Hand (XIII)"
    assert err.render("es") == (
        "guarda un monstruo para el ejército del jugador fantasma: no se le puede dar un Hired Hand (XIII)"
    )
    assert err.render("ru") == "оставьте монстра для армии болвана: ему нельзя дать Hired Hand (XIII)"


def test_medusa_forces_the_card_vii() -> None:
    st = position(
        3,
        hands=[
            ["zombie", "hydra", "hydra"],
            ["orthrus", "hydra", "cyclops"],
            ["chimera", "minotaur", "hydra"],
        ],
        aside=[["medusa"], [], []],
    )
    play(st, "activate medusa", "force p2 to recruit cyclops", "force p3 to recruit chimera", "recruit hydra")
    err = refusal(st, "recruit orthrus")
    assert err.render("en") == "Medusa chose the card you must recruit this turn: Cyclops (VII)"
    assert err.render("es") == "Medusa eligió la carta que debes reclutar este turno: Cyclops (VII)"
    assert err.render("ru") == "Medusa выбрала карту, которую вы должны завербовать в этот ход: Cyclops (VII)"
    log = {lang: [Message.from_json(e).render(lang) for e in st.view(1)["log_i18n"]] for lang in LANGS}
    assert st.view(1)["log"] == log["en"]  # the English log is the same messages rendered in English
    assert "Medusa: P2 must recruit Cyclops" in log["en"]
    assert "Medusa: P2 debe reclutar Cyclops" in log["es"]
    assert "Medusa: P3 должен завербовать Chimera" in log["ru"]
    assert "Medusa: las manos de P2, P3 quedan boca arriba" in log["es"]


def test_game_over_and_option_and_card_file_errors() -> None:
    st = GAME.new(3, 2)
    while not st.is_terminal:
        st.apply(st.legal_actions()[0])
    err = refusal(st, "recruit zombie")
    assert (str(err), err.render("es"), err.render("ru")) == (
        "the game is over",
        "la partida ha terminado",
        "игра окончена",
    )
    with pytest.raises(OptionError) as caught:
        GAME.new(3, 1, teams=True)
    assert caught.value.render("es") == (
        "la partida por equipos es de 2 contra 2: necesita exactamente 4 jugadores (XIII)"
    )
    assert caught.value.render("ru") == "командная игра идёт 2 на 2: нужно ровно 4 игрока (XIII)"
    with pytest.raises(OptionError) as caught:
        GAME.new(3, 1, hired_hands="zombie,thief,medusa,medusa,sorcerer,sorcerer,lich king")
    assert caught.value.render("ru") == "hired_hands: Zombie — монстр, а не Hired Hand"
    with pytest.raises(CardDataError) as bad:
        GAME.new(3, 1, cards="/nonexistent/mine.toml")
    assert bad.value.render("es").startswith(
        "/nonexistent/mine.toml: no se puede leer el archivo de cartas ("
    )


def test_a_bad_card_file_names_the_card_and_field_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(BUILTIN.read_text(encoding="utf-8").replace("count = 12", "count = 0"), encoding="utf-8")
    with pytest.raises(CardDataError) as bad:
        GAME.new(3, 1, cards=str(path))
    assert (
        str(bad.value) == f"{path}: card 'Zombie', field 'count': must be a whole number of at least 1, not 0"
    )
    assert bad.value.render("es") == (
        f"{path}: carta 'Zombie', campo 'count': debe ser un número entero de al menos 1, no 0"
    )
    assert bad.value.render("ru") == (
        f"{path}: карта 'Zombie', поле 'count': должно быть целым числом не меньше 1, а не 0"
    )


def test_the_terminal_view_in_three_languages() -> None:
    st = position(
        3,
        hands=[["zombie", "hydra"], ["orthrus", "cyclops"], ["chimera", "minotaur"]],
        armies=[["cyclops"], ["hydra", "orthrus"], []],
        aside=[[], ["medusa"], []],
    )
    play(st, "no activation", "recruit hydra")
    en, es, ru = (plain(st, 1, lang) for lang in LANGS)
    assert (
        "round 1/3" in en and "top Orthrus" in en and "Hired Hands aside: Medusa" in en and "committed" in en
    )
    assert "(you)" in en and "Your hand:" in en and "hand 2 cards" in en
    assert "ronda 1/3" in es and "arriba Orthrus" in es and "Hired Hands aparte: Medusa" in es
    assert "(tú)" in es and "ya ha elegido" in es and "tu ejército: Orthrus, Hydra" in es
    assert "раунд 1/3" in ru and "сверху Orthrus" in ru and "Hired Hands в стороне: Medusa" in ru
    assert "(вы)" in ru and "выбор сделан" in ru and "ваша армия: Orthrus, Hydra" in ru
    assert "армия: 2 карты" in ru and "армия: 1 карта" in ru and "армия: 0 карт" in ru  # Russian plurals
    # the texts of your cards, in your language (names stay as printed)
    assert "Medusa: When Medusa is activated" in en
    assert "Medusa: Al activar a Medusa, los rivales ponen su mano boca arriba" in es
    assert "Cyclops: 6 очков, если он у вас только один" in ru
    for text in (es, ru):
        for english in ("round", "army", "committed", "Your hand", "draw pile", "points"):
            assert english not in text, english


def test_the_score_sheet_and_outcome_note_in_each_language() -> None:
    st = GAME.new(2, 3)
    while not st.is_terminal:
        st.apply(st.legal_actions()[0])
    note = st.outcome().note
    assert isinstance(note, Message)
    assert str(note).startswith("Score sheet\n") and "Dummy" in str(note) and "(OV-6)" in str(note)
    es, ru = note.render("es"), note.render("ru")
    assert es.startswith("Hoja de puntuación\n") and "Fantasma" in es and "Minotaur" in es
    assert "El ejército del jugador fantasma cuenta para los puestos de Minotaur" in es
    assert ru.startswith("Таблица очков\n") and "Болван" in ru and "\nИтого " in ru and "(OV-6)" in ru
    # the rows line up under the columns in every language
    for text in (str(note), es, ru):
        lines = text.splitlines()
        assert len({len(line) for line in lines[2:11]}) == 1, text
    assert Message.from_json(st.outcome().to_json()["note_i18n"]).render("ru") == ru  # type: ignore[arg-type]
    view_ru = plain(st, 0, "ru")
    assert "Таблица очков" in view_ru and "Итого" in view_ru
    assert "Победитель: P" not in view_ru  # the command prints the result, once, under the board
    team = GAME.new(4, 1, teams=True)
    while not team.is_terminal:
        team.apply(team.legal_actions()[0])
    team_note = team.outcome().note
    assert isinstance(team_note, Message)
    assert "Equipo P1+P3: " in team_note.render("es") and "Команда P2+P4: " in team_note.render("ru")
    team_view = plain(team, 0, "ru")
    assert "Команды: P1+P3 против P2+P4" in team_view and "Команда P1+P3: " in team_view


def test_name_summary_and_options_are_translated() -> None:
    assert render(GAME.display_name(), "es") == "Overlords: el juego de cartas"
    assert render(GAME.display_name(), "ru") == "Overlords: карточная игра"
    assert render(GAME.summary, "ru").startswith("Каждый ход вербуйте одну карту")
    described = GAME.describe("es")
    assert described["summary"].startswith("Recluta una carta cada turno")
    helps = {o["name"]: o["help"] for o in described["options"]}
    assert helps["teams"] == (
        "Partida por equipos, 2 contra 2 (4 jugadores; los compañeros se sientan enfrente; "
        "lecturas de la casa OV-H8, OV-H9)."
    )
    assert "black knight,red knight" in helps["hired_hands"]  # the names typed stay as typed
    assert GAME.describe("ru")["options"][0]["help"].startswith("Свой файл карт")
