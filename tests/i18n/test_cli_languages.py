"""The `deadtable` command in Spanish and Russian: --lang, the environment, the saved choice, rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deadtable.cli.main import cli, main

pytestmark = pytest.mark.usefixtures("isolated")  # see conftest.py


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_play_in_spanish_explains_a_bad_move_citing_the_rule(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    result = run(
        "--lang",
        "es",
        "play",
        "carson-zoo",
        "--seed",
        "1",
        "--record",
        str(record),
        input="99\nplace 9 a1\nmove a1 a2\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Apocalipsis en el Zoo de Carson City · 2 jugadores" in out
    assert "semilla 1" not in out  # the seed only once the game is over
    assert "No hay ninguna acción 99: elige de 1 a" in out
    assert "No está permitido: no tienes en la mano ningún personaje de valor 9" in out
    assert "No está permitido: no tienes en a1 ningún personaje que pueda moverse" in out
    assert "tu jugada" in out and "Partida guardada" in out
    assert "Not allowed" not in out and "your move" not in out
    assert record.exists()


def test_play_in_russian_to_the_end(tmp_path: Path) -> None:
    result = run(
        "--lang",
        "ru",
        "play",
        "carson-zoo",
        "--players",
        "3",
        "--bots",
        "random",
        "--seed",
        "7",
        "--record",
        str(tmp_path / "g.json"),
        input="1\n" * 80,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Апокалипсис в зоопарке Карсон-Сити" in out
    assert "Конец игры" in out and "Победитель:" in out and "Очки:" in out and "Запись сохранена" in out
    assert "Game over" not in out and "Winner" not in out


def test_lang_is_remembered_and_auto_forgets_it(isolated: Path) -> None:
    assert "Options:" in run("--help").output
    run("--lang", "ru", "games")
    assert (isolated / "language").read_text().strip() == "ru"
    help_text = run("--help").output
    assert "Опции:" in help_text and "Команды:" in help_text and "Использование:" in help_text
    assert "Апокалипсис" in run("games").output  # no --lang: the saved choice
    run("--lang", "auto", "games")
    assert not (isolated / "language").exists()
    assert "Carson City Zoo Apocalypse" in run("games").output


def test_environment_decides_without_a_flag(monkeypatch: pytest.MonkeyPatch, isolated: Path) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert "Apocalipsis en el Zoo de Carson City  (2-4 jugadores)" in run("games").output
    (isolated).mkdir(parents=True, exist_ok=True)
    (isolated / "language").write_text("ru\n")
    assert "Апокалипсис" in run("games").output  # the saved choice beats LANG
    monkeypatch.setenv("DEADTABLE_LANG", "en")
    assert "Carson City Zoo Apocalypse  (2-4 players)" in run("games").output  # DEADTABLE_LANG beats both
    assert "Apocalipsis" in run("--lang", "es", "games").output  # and --lang beats everything


def test_help_of_each_command_in_spanish() -> None:
    for command in ([], ["games"], ["play"], ["replay"], ["rules"]):
        out = run("--lang", "es", *command, "--help").output
        assert "Uso:" in out and "Opciones:" in out and "Muestra este mensaje y sale." in out, command
    assert "Juega a GAME en la terminal contra bots." in run("--lang", "es", "play", "--help").output


def test_errors_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv, expected in (
        (["deadtable", "--lang", "ru", "play", "carson-zoo", "-o", "rounds=3"], "неизвестная опция 'rounds'"),
        (
            ["deadtable", "--lang", "es", "play", "carson-zoo", "--players", "9"],
            "es para 2 a 4 jugadores, no 9",
        ),
        (["deadtable", "--lang", "es", "play", "chess"], "no existe el juego 'chess'"),
        (["deadtable", "--lang", "es", "play", "chess"], "Prueba 'deadtable play --help' para ver la ayuda."),
        (["deadtable", "--lang", "ru", "play", "--players", "x", "carson-zoo"], "Ошибка: "),
        (["deadtable", "--lang", "ru", "play", "carson-zoo", "-o", "rounds=3"], "ошибка:"),
    ):
        monkeypatch.setattr("sys.argv", argv)
        with pytest.raises(SystemExit) as exc:
            main()
        assert exc.value.code == 2
        captured = capsys.readouterr()
        assert expected in captured.out + captured.err
        assert "Traceback" not in captured.out + captured.err


def test_replay_in_russian(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    run("play", "carson-zoo", "--seat", "", "--bots", "random", "--seed", "4", "--record", str(record))
    out = run("--lang", "ru", "replay", str(record), "--final").output
    assert "итоговая позиция" in out and "Победитель:" in out and "Очки:" in out


def test_rules_in_each_language() -> None:
    es = run("rules", "carson-zoo", "--lang", "es", "--no-pager").output
    assert "Apocalipsis en el Zoo de Carson City" in es and "Resoluciones de la casa" in es and "CZ-4" in es
    ru = run("rules", "carson-zoo", "--lang", "ru", "--no-pager").output
    assert "Апокалипсис в зоопарке Карсон-Сити" in ru and "Домашние уточнения правил" in ru
    assert "Мутанты" in ru and "CZ-7" in ru
    ov = run("--lang", "ru", "rules", "overlords", "--no-pager").output
    assert "Правил этой игры на русском нет; ниже они на английском." in ov and "Object of the Game" in ov
    assert "OV-3" in ov
    en = run("rules", "zombie-shedding", "--no-pager").output
    assert "ZS-2" in en and "ALL-1" in en
    assert "screamer (ZS-7)" in en  # the option names its ruling
    bad = CliRunner().invoke(cli, ["rules", "chess"])
    assert bad.exit_code == 2 and "chess" in bad.output


def test_rules_marks_the_options_in_force_for_a_table() -> None:
    from deadtable.core import games

    with_options = [g for g in games() if any(o.name != "cards" for o in g.options)]
    if not with_options:
        pytest.skip("no installed game has options yet")
    game = with_options[0]
    option = next(o for o in game.options if o.name != "cards")
    out = run("rules", game.id, "--no-pager").output
    assert option.name in out
    assert "default" in out or "value" in out
