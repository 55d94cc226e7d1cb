"""The lobby in headless Chromium: "Create and play" lands on your seat, options with labels,
help and proper inputs, a card file upload and its error, the seat links box, and a phone's width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import shot

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture(params=sorted(SIZES))
def lobby(request: pytest.FixtureRequest, browser: Any, server: str) -> Any:
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.size = request.param
    pg.goto(server + "/")
    pg.wait_for_selector("#seats .seat-row")
    yield pg
    context.close()


def _no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"


TARGETS = "main select, main button, main input:not([type=hidden]):not([type=checkbox]), main a.button"


def _small_targets(page: Any) -> list[str]:
    return page.evaluate(
        """(targets) => [...document.querySelectorAll(targets)]
            .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
            .map((e) => e.id || e.className || e.tagName)""",
        TARGETS,
    )


def test_create_and_play_lands_on_your_seat(lobby: Any) -> None:
    page = lobby
    page.select_option("#game", "carson-zoo")
    assert page.locator("#players option").all_inner_texts() == ["2", "3", "4"]
    page.select_option("#players", "3")
    assert page.locator(".seat-row").count() == 3
    page.locator(".seat-row[data-seat='1'] .agent").select_option("random")
    assert "any legal move" in page.inner_text(".seat-row[data-seat='1'] .bot-about")
    _no_sideways_scroll(page)
    assert not _small_targets(page)
    shot(page, f"lobby-{page.size}")
    page.click("#create-button")
    page.wait_for_url("**/t/*#seat=0&token=*")
    page.wait_for_function("document.body.dataset.turn === 'yes' || Number(document.body.dataset.index) > 0")
    shot(page, f"lobby-created-{page.size}")
    assert not page.errors


def test_players_stay_within_the_game_and_seats_follow(lobby: Any) -> None:
    page = lobby
    page.select_option("#game", "zombie-shedding")
    counts = page.locator("#players option").all_inner_texts()
    assert counts == [str(n) for n in range(2, 9)]
    page.select_option("#players", "8")
    assert page.locator(".seat-row").count() == 8
    page.select_option("#game", "carson-zoo")  # at most 4
    assert page.input_value("#players") == "4" and page.locator(".seat-row").count() == 4
    assert not page.errors


def test_options_have_labels_help_and_proper_inputs(lobby: Any) -> None:
    page = lobby
    page.select_option("#game", "zombie-shedding")
    mode = page.locator("select#opt-mode")
    # Each choice in words; its value stays the option's own.
    values = mode.evaluate("(s) => [...s.options].map((o) => o.value)")
    assert values[:3] == ["auto", "duel", "alliances"]
    assert mode.locator("option").all_inner_texts()[1:3] == ["Duel (2 players)", "Alliances (teams)"]
    assert page.inner_text("label[for='opt-mode']") == "Mode"
    assert "duel" in page.inner_text("#opt-mode-help")  # the help is shown, not only on hover
    assert page.locator("input#opt-cards[type=file]").count() == 1
    page.select_option("#game", "overlords")
    assert page.inner_text("label[for='opt-hired_hands']") == "Hired Hands"
    assert page.locator("input#opt-teams[type=checkbox]").count() == 1
    page.select_option("#game", "zombie-overlord")
    assert page.get_attribute("input#opt-rounds", "type") == "number"
    assert page.get_attribute("input#opt-rounds", "min") == "0"
    _no_sideways_scroll(page)
    shot(page, f"lobby-options-{page.size}")
    assert not page.errors


def test_a_bad_card_file_upload_shows_the_error(lobby: Any, tmp_path: Path) -> None:
    page = lobby
    page.select_option("#game", "zombie-shedding")
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nname = "Screamer"\ncount = "many"\n', encoding="utf-8")
    page.set_input_files("#opt-cards", str(bad))
    page.wait_for_function("document.getElementById('opt-cards-error').textContent.length > 0")
    error = page.inner_text("#opt-cards-error")
    assert "card file" in error.lower()
    assert page.input_value("[data-option='cards']") == ""  # nothing kept
    _no_sideways_scroll(page)
    shot(page, f"lobby-bad-cards-{page.size}")
    assert not [e for e in page.errors if "400" not in e]  # the refused upload's own 400 only


def test_a_good_card_file_upload_is_used_by_the_table(lobby: Any) -> None:
    page = lobby
    page.select_option("#game", "zombie-shedding")
    data = Path(__file__).resolve().parents[2] / "deadtable" / "games" / "zombie_shedding" / "data"
    files = sorted(data.glob("*.toml"))
    if not files:
        pytest.skip("no built-in card file to upload")
    page.set_input_files("#opt-cards", str(files[0]))
    page.wait_for_function("document.querySelector(\"[data-option='cards']\").value.startsWith('upload:')")
    page.click("#create-button")
    page.wait_for_url("**/t/*#seat=0&token=*")
    assert not page.errors


def test_two_people_get_a_box_of_links_then_their_seat(lobby: Any) -> None:
    page = lobby
    page.select_option("#game", "carson-zoo")
    page.locator(".seat-row[data-seat='1'] .kind").select_option("human")
    page.click("#create-button")
    page.wait_for_selector("dialog#created[open] a.seat-link[data-seat='1']")
    assert page.locator("dialog#created button.copy").count() >= 2
    _no_sideways_scroll(page)
    shot(page, f"lobby-links-{page.size}")
    page.click("#go-to-seat")
    page.wait_for_url("**/t/*#seat=0&token=*")
    assert not page.errors


def test_a_table_of_bots_opens_for_watching(lobby: Any) -> None:
    page = lobby
    page.select_option("#game", "carson-zoo")
    page.locator(".seat-row[data-seat='0'] .kind").select_option("bot")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    assert "token=" not in page.url
    page.goto(page.url.split("/t/")[0] + "/")
    page.wait_for_selector("#open-tables a.button, #done-tables a.button")
    _no_sideways_scroll(page)
    assert not page.errors
