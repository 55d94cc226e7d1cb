"""Click's own sentences (usage errors, help words) in the chosen language (deadtable/cli/click_i18n.py)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from babel.messages.extract import extract_from_file
from click.testing import CliRunner, Result

from deadtable.cli import click_i18n
from deadtable.cli.main import cli, main

pytestmark = pytest.mark.usefixtures("isolated")  # see conftest.py


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), prog_name="deadtable", catch_exceptions=False)


def test_a_bad_value_is_explained_in_spanish() -> None:
    result = run("--lang", "es", "play", "carson-zoo", "--players", "x")
    assert result.exit_code == 2
    out = result.output
    assert "Uso: deadtable play [OPTIONS] GAME" in out
    assert "Prueba 'deadtable play --help' para ver la ayuda." in out
    assert "Error: Valor no válido para '--players' / '-p': 'x' no es un número entero válido." in out
    assert "Invalid value" not in out and "is not a valid" not in out and "Usage" not in out


@pytest.mark.parametrize(
    ("lang", "args", "expected"),
    [
        ("es", ["play"], "Error: Falta el argumento 'GAME'."),
        ("ru", ["play"], "Ошибка: Не указан аргумент 'GAME'."),
        ("es", ["play", "carson-zoo", "--bogus"], "No existe la opción '--bogus'. ¿Querías decir '--bots'?"),
        ("ru", ["play", "carson-zoo", "--bogus"], "Нет такой опции: '--bogus'. Возможно, вы имели в виду"),
        ("es", ["frobnicate"], "Error: No existe la orden 'frobnicate'."),
        ("ru", ["play", "carson-zoo", "--seed"], "Ошибка: Опции '--seed' нужен 1 аргумент."),
        ("es", ["play", "carson-zoo", "a", "b"], "Error: Sobran argumentos (a b)"),
        ("es", ["rules", "carson-zoo", "--lang", "fr"], "'fr' no es ninguno de estos: 'en', 'es', 'ru'."),
        ("ru", ["simulate", "carson-zoo", "--games", "0"], "для '--games': 0 не входит в диапазон x>=1."),
        ("ru", ["replay", "nothere.json"], "значение для 'FILE': Файл 'nothere.json' не существует."),
        ("es", ["replay", "nothere.json"], "El archivo 'nothere.json' no existe."),
        ("es", ["serve", "--port", "1.5"], "'1.5' no es un número entero válido."),
        ("ru", ["serve", "--bot-time", "soon"], "'soon' — не число."),
    ],
)
def test_click_usage_errors_in_each_language(lang: str, args: list[str], expected: str) -> None:
    result = run("--lang", lang, *args)
    assert result.exit_code == 2
    assert expected in result.output, result.output


def test_a_directory_where_a_file_is_wanted(tmp_path: Path) -> None:
    out = run("--lang", "ru", "play", "carson-zoo", "--record", str(tmp_path)).output
    assert f"Файл '{tmp_path}' является каталогом." in out


def test_help_after_a_run_in_another_language() -> None:
    """Click keeps a command's help option once made: its text must still follow the language."""
    assert "Показать это сообщение и выйти." in run("--lang", "ru", "games", "--help").output
    out = run("--lang", "es", "games", "--help").output
    assert "Muestra este mensaje y sale." in out and "Показать" not in out
    assert "Show this message and exit." in run("--lang", "en", "games", "--help").output


def test_english_stays_exactly_clicks_own_text() -> None:
    run("--lang", "es", "play", "--players", "x", "carson-zoo")  # a Spanish run first, same process
    out = run("--lang", "en", "play", "--players", "x", "carson-zoo").output
    assert "Usage: deadtable play [OPTIONS] GAME" in out
    assert "Error: Invalid value for '--players' / '-p': 'x' is not a valid integer." in out
    out = run("--lang", "en", "play", "carson-zoo", "--bogus").output
    assert "Error: No such option '--bogus'. Did you mean '--bots'?" in out


def test_help_defaults_and_version_in_each_language() -> None:
    assert "[por defecto: 8000]" in run("--lang", "es", "serve", "--help").output
    assert "[по умолчанию: 8000]" in run("--lang", "ru", "serve", "--help").output
    assert "[default: 8000]" in run("--lang", "en", "serve", "--help").output
    assert run("--lang", "es", "--version").output.startswith("deadtable, versión ")
    assert run("--lang", "ru", "--version").output.startswith("deadtable, версия ")
    assert run("--lang", "en", "--version").output.startswith("deadtable, version ")


def test_the_entry_point_reports_clicks_error_in_russian(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.argv", ["deadtable", "--lang", "ru", "play", "--players", "x", "carson-zoo"])
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Использование: deadtable play" in err
    assert "Ошибка: Недопустимое значение для '--players' / '-p': 'x' — не целое число." in err


def test_install_reaches_clicks_modules_and_is_idempotent() -> None:
    click_i18n.install()
    again = click_i18n.install()
    assert {"click.core", "click.exceptions", "click.parser", "click.types", "click.formatting"} <= set(again)
    assert click.exceptions._ is click_i18n.gettext
    assert click.types.ngettext is click_i18n.ngettext


def test_every_listed_message_is_still_one_of_clicks() -> None:
    """A click upgrade that rewords a message would leave our translation unused: notice it."""
    folder = Path(click.__file__).parent
    theirs: set[str] = set()
    for name in click_i18n.MODULES:
        path = folder / (name.split(".")[1] + ".py")
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords={"_": None, "ngettext": (1, 2)}
        ):
            theirs.add(message if isinstance(message, str) else message[0])
    ours = {m if isinstance(m, str) else m[0] for m in click_i18n.CLICK_MESSAGES}
    assert len(ours) > 30
    assert ours <= theirs, sorted(ours - theirs)
