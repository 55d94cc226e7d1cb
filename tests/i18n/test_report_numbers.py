"""The HTML report writes its numbers the reader's way (Babel): decimal commas, grouped thousands."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.sim.test_stats_and_files import _rows

NBSP = "\xa0"


@pytest.fixture(scope="module")
def render() -> Callable[..., str]:
    pytest.importorskip("matplotlib", reason="the report needs the sim extra (matplotlib)")
    from deadtable.sim.report import render

    return render


def test_spanish_and_russian_numbers(render: Callable[..., str]) -> None:
    # Six games: agent a wins all six (100%), each seat wins three (50%), 10 to 15 actions
    # (mean 12.5), a scores 5 and b 1 every game; whoever buys the Dragon wins (+100% difference).
    for lang in ("es", "ru"):
        page = render(_rows(), source="r.csv", lang=lang)
        for cell in (f"100,0{NBSP}%", f"50,0{NBSP}%", "12,5", "5,00", "1,00", f"+100,0{NBSP}%"):
            assert f"<td>{cell}</td>" in page, (lang, cell)
        for english in ("<td>50.0%</td>", "<td>12.5</td>", "<td>5.00</td>", "<td>+100.0%</td>"):
            assert english not in page, (lang, english)


def test_english_keeps_its_formats(render: Callable[..., str]) -> None:
    page = render(_rows(), source="r.csv", lang="en")
    for cell in ("100.0%", "50.0%", "12.5", "5.00", "1.00", "+100.0%"):
        assert f"<td>{cell}</td>" in page, cell
    assert "12,5" not in page


def test_thousands_are_grouped_the_readers_way(render: Callable[..., str]) -> None:
    rows = [dict(r, game=i) for i in range(200) for r in _rows()]  # 1200 games, each agent in all
    pages = {lang: render(rows, source="r.csv", lang=lang) for lang in ("en", "es", "ru")}
    assert "<td>1200</td>" in pages["en"]
    assert "<td>1.200</td>" in pages["es"]
    assert f"<td>1{NBSP}200</td>" in pages["ru"]
    assert "<p class='note'>Partidas: 1.200; jugadores: 2" in pages["es"]  # the summary's count too
    assert "<p class='note'>1200 games, 2 players" in pages["en"]


@pytest.mark.parametrize(
    ("lang", "shown", "not_shown"),
    [
        ("en", ("12.5 actions", "6 games in 2.5s (2.4 games/s)", "100.0%"), ("12,5", "2,5")),
        (
            "es",
            ("12,5 acciones", "partidas: 6 en 2,5 s (2,4 partidas/s)", f"100,0{NBSP}%"),
            ("12.5", "2.5 s"),
        ),
        ("ru", ("ходы — 12,5", "Игр: 6 за 2,5 с (2,4 игр/с)", f"100,0{NBSP}%"), ("12.5", "2.5 с")),
    ],
)
def test_simulate_writes_every_number_one_way(
    lang: str, shown: tuple[str, ...], not_shown: tuple[str, ...]
) -> None:
    """The summary writes every number one way: never "100,0 %" in its tables with "30.0" and "0.9 s"
    below them."""
    from deadtable.cli.common import console
    from deadtable.cli.simulate import print_summary
    from deadtable.i18n import set_language
    from deadtable.sim.stats import Tally

    set_language(lang)
    try:
        with console.capture() as captured:
            rows = _rows()
            print_summary(Tally.of(rows), len(rows), elapsed=2.5)
    finally:
        set_language("en")
    out = captured.get()
    for text in shown:
        assert text in out, (lang, text, out)
    for text in not_shown:
        assert text not in out, (lang, text)
