"""simulate, report and tournament in Spanish and Russian: output, help, the HTML page and errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deadtable.cli.main import cli, main
from deadtable.core import DeadtableError, game
from deadtable.sim import build_agent

SMALL = ["carson-zoo", "--games", "4", "--agents", "random,greedy:samples=2", "--seed", "3", "--workers", "1"]


pytestmark = pytest.mark.usefixtures("isolated")  # see conftest.py


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_simulate_in_spanish(tmp_path: Path) -> None:
    out = run("--lang", "es", "simulate", *SMALL, "--out", str(tmp_path / "r.csv")).output
    assert "Porcentaje de victorias por agente" in out and "Porcentaje de victorias por asiento" in out
    assert "asiento 0" in out and "IC 95%" in out and "victorias" in out
    assert "Duración media de la partida" in out and "Filas escritas en" in out
    assert "simulando" in out  # the progress bar's label
    assert "Win rate" not in out and "Rows written" not in out
    assert re.search(r"\d+,\d\s%", out) and not re.search(r"\d+\.\d%", out)  # 50,0 %, never 50.0%


def test_simulate_in_english_writes_rates_the_english_way(tmp_path: Path) -> None:
    out = run("--lang", "en", "simulate", *SMALL, "--out", str(tmp_path / "r.csv")).output
    assert re.search(r"\d+\.\d%", out) and not re.search(r"\d+,\d\s%", out)


def test_simulate_in_russian(tmp_path: Path) -> None:
    out = run("--lang", "ru", "simulate", *SMALL, "--out", str(tmp_path / "r.csv")).output
    assert "Доля побед по агентам" in out and "Доля побед по местам" in out and "место 1" in out
    assert "Средняя длина игры" in out and "Строки записаны в" in out and "в этом процессе" in out
    assert "Win rate" not in out and "Rows written" not in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "es",
            (
                "todos contra todos",
                "valoraciones (partidas jugadas: 2;",
                "Apocalipsis en el Zoo",
                "agente",
                "la tabla se ordena",
            ),
        ),
        ("ru", ("круговой турнир", "рейтинги после игр: 2", "агент", "таблица отсортирована")),
    ],
)
def test_tournament_speaks_the_language(lang: str, words: tuple[str, ...]) -> None:
    args = ["carson-zoo", "--agents", "random,greedy:samples=2", "--games", "2", "--workers", "1"]
    out = " ".join(run("--lang", lang, "tournament", *args).output.split())  # undo rich's wrapping
    for word in words:
        assert word in out, (lang, word, out)
    assert "ratings after" not in out
    # Rates and ratings are written the reader's way: "50,0 %", never "50.0%".
    assert re.search(r"\d+,\d \N{NO-BREAK SPACE}?%|\d+,\d\s%", out), out
    assert not re.search(r"\d+\.\d%", out), out


@pytest.mark.parametrize(
    ("command", "lang", "words"),
    [
        ("simulate", "es", ("Cuántas partidas jugar.", "Sin barra de progreso.", "Juega GAME muchas veces")),
        ("simulate", "ru", ("Сколько игр сыграть.", "Играет GAME много раз")),
        ("tournament", "es", ("Todos contra todos entre bots", "Semilla base del todos contra todos.")),
        ("tournament", "ru", ("Круговой турнир ботов", "Также записать строку каждой игры.")),
        ("report", "es", ("Escribe un informe HTML", "Un título para la página.")),
        ("report", "ru", ("Пишет HTML-отчёт", "Заголовок страницы.")),
    ],
)
def test_help_texts_are_translated(command: str, lang: str, words: tuple[str, ...]) -> None:
    out = run("--lang", lang, command, "--help").output
    for word in words:
        assert word in out, (command, lang, word, out)


def test_report_in_russian_has_translated_headings(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the report needs the sim extra (matplotlib)")
    rows = tmp_path / "r.csv"
    run("simulate", *SMALL, "--out", str(rows), "--quiet")
    page_path = tmp_path / "r.html"
    out = run("--lang", "ru", "report", str(rows), "--out", str(page_path)).output
    assert "Отчёт (игр: 4) записан в" in out
    page = page_path.read_text(encoding="utf-8")
    assert "<html lang='ru'>" in page
    for heading in ("Отчёт о симуляции deadtable", "Доля побед по агентам", "Доля побед по местам", "Очки"):
        assert heading in page, heading
    assert "<th>доля побед</th>" in page and "<th>95% ДИ</th>" in page and "место 0" in page
    assert "Win rate by agent" not in page and "<th>win rate</th>" not in page


def test_report_follows_lang_and_english_stays_english(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the report needs the sim extra (matplotlib)")
    rows = tmp_path / "r.csv"
    run("simulate", *SMALL, "--out", str(rows), "--quiet")
    run("--lang", "es", "report", str(rows), "--out", str(tmp_path / "es.html"))
    run("--lang", "en", "report", str(rows), "--out", str(tmp_path / "en.html"))
    spanish = (tmp_path / "es.html").read_text(encoding="utf-8")
    english = (tmp_path / "en.html").read_text(encoding="utf-8")
    assert "<h2>Win rate by agent</h2>" in english and "<html lang='en'>" in english
    assert "Porcentaje de victorias" not in english
    assert "<h2>Porcentaje de victorias por agente</h2>" in spanish and "<html lang='es'>" in spanish
    assert "<h2>Duración de la partida</h2>" in spanish and "<h2>Game length</h2>" not in spanish


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["--lang", "es", "simulate", "carson-zoo", "--agents", "random,wizard", "--quiet"],
            "no hay agente 'wizard'",
        ),
        (
            ["--lang", "ru", "simulate", "carson-zoo", "--agents", "random,wizard", "--quiet"],
            "нет агента 'wizard'",
        ),
        (
            ["--lang", "ru", "simulate", "carson-zoo", "--agents", "greedy:speed=3", "--quiet"],
            "у агента 'greedy' нет настройки 'speed'",
        ),
        (
            ["--lang", "es", "simulate", "carson-zoo", "--out", "r.txt", "--quiet"],
            "--out debe terminar en .csv",
        ),
        (["--lang", "ru", "report", "missing.csv"], "нет файла результатов missing.csv"),
        (
            ["--lang", "es", "tournament", "carson-zoo", "--agents", "random,random", "--quiet"],
            "nombra cada agente una sola vez",
        ),
    ],
)
def test_errors_in_the_chosen_language(
    argv: list[str], expected: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.argv", ["deadtable", *argv])
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert expected in captured.out + captured.err
    assert "Traceback" not in captured.out + captured.err


def test_agent_errors_render_in_each_language_and_stay_english_in_str() -> None:
    with pytest.raises(DeadtableError) as err:
        build_agent("ismcts:iterations=lots", game("carson-zoo"))
    assert str(err.value) == "bad value 'lots' in agent spec 'ismcts:iterations=lots'"
    assert (
        err.value.render("es")
        == "valor incorrecto 'lots' en la especificación de agente 'ismcts:iterations=lots'"
    )
    assert err.value.render("ru") == "неверное значение 'lots' в описании агента 'ismcts:iterations=lots'"


def test_bad_agent_settings_give_the_reason_in_the_language() -> None:
    with pytest.raises(DeadtableError) as err:
        build_agent("ismcts:rollout=magic", game("carson-zoo"))
    assert str(err.value) == "agent 'ismcts:rollout=magic': rollout is random or heuristic"
    assert err.value.render("es") == "agente 'ismcts:rollout=magic': rollout es random o heuristic"
    assert err.value.render("ru") == "агент 'ismcts:rollout=magic': rollout может быть random или heuristic"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "1999-12-31 23:59 UTC"), ("es", "31 dic 1999, 23:59 UTC"), ("ru", "31 дек. 1999 г., 23:59 UTC")],
)
def test_report_dates_are_written_the_readers_way(lang: str, expected: str) -> None:
    from datetime import UTC, datetime

    from deadtable.sim.report import Numbers

    got = Numbers(lang).moment(datetime(1999, 12, 31, 23, 59, 5, tzinfo=UTC))
    assert got.replace("\N{NO-BREAK SPACE}", " ").replace("\N{NARROW NO-BREAK SPACE}", " ") == expected
