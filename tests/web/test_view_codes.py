"""The browser says a view's codes in words, the terminal's words, in the reader's language.

A view carries codes ("purchase", "ammo", pending "respond" with effect "next_draws", Overlords'
"ability"); the renderers turn them into catalogue messages. Real views of seeded games are drawn
by the real renderer modules in a page of the live server (after `localized_view`, as the server
sends them), and their texts are compared with the terminal's rendering of the same view.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from deadtable.core import game as find_game
from deadtable.i18n import translator
from deadtable.server.localized import localized_view

from .conftest import new_table
from .test_languages import _new_page

DRAW = """async ([view, lang]) => {
  const i18n = await import('/static/js/i18n.js');
  await i18n.setLanguage(lang);
  const { loadRenderer } = await import('/static/js/renderers/index.js');
  const box = document.createElement('div');
  const renderer = await loadRenderer(view.game);
  renderer.render(box, view, { seat: view.seat, legal: [], interactive: false, seats: [] });
  box.querySelectorAll('details.raw').forEach((n) => n.remove());
  const texts = (selector) => [...box.querySelectorAll(selector)].map((n) => n.textContent);
  return {
    pending: texts('.pending, .zs-prompt > span:first-child, .ovl-prompt'),
    kv: texts('.kv > span, .ovl-top-line > span'), th: texts('th'), sub: texts('.sub'),
    all: box.textContent,
  };
}"""


def _views(game_id: str, players: int, seed: int, steps: int = 3000, **options: Any) -> list[dict[str, Any]]:
    """The spectator's view before every move of a seeded random game."""
    state = find_game(game_id).new(players, seed, **options)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal and steps:
        out.append(state.view(None))
        state.apply(rng.choice(state.legal_actions()))
        steps -= 1
    return out


def _draw(page: Any, view: dict[str, Any], lang: str) -> dict[str, Any]:
    drawn = page.evaluate(DRAW, [localized_view(view, lang), lang])
    assert isinstance(drawn, dict)
    return drawn


@pytest.fixture
def lobby(server: str, browser: Any) -> Any:
    page = _new_page(browser, "en-US")
    page.goto(server + "/")
    # The page's own catalogue has loaded (the switch comes after it): <html lang="en"> is there from
    # the start, and a catalogue still loading would overwrite the language a test sets.
    page.wait_for_function("!!document.getElementById('lang')")
    yield page
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_the_shedding_games_pending_decision_reads_as_in_the_terminal(
    lobby: Any, lang: str, tmp_path: Path
) -> None:
    from deadtable.games.zombie_shedding.text import _pending_text

    from ..zombie_shedding.position import choosing_thief

    views = _views("zombie-shedding", 4, 0)
    # No built-in card answers a draw, so a draw is asked in a card file whose protection answers
    # every effect; no built-in Thief asks "take" (it takes at random) and no built-in card asks
    # "name" (the built-in Schemer names no corporation), so that file's Thief looks and chooses and
    # its Schemer names.
    before = tmp_path / "cards.toml"
    text = Path(choosing_thief(tmp_path)).read_text("utf-8")
    before.write_text(re.sub(r", answers = \[[^]]*\]", "", text), "utf-8")
    asked = [v for v in _views("zombie-shedding", 4, 0, cards=str(before)) if v["pending"]]
    firsts: dict[str, dict[str, Any]] = {}
    for v in [*views, *asked]:
        p = v["pending"]
        if p and p["kind"] not in firsts:
            firsts[p["kind"]] = v
    respond = [v for v in views if v["pending"] and v["pending"]["kind"] == "respond"]
    assert not any(v["pending"]["effect"] == "next_draws" for v in respond)
    draws = next(
        v for v in asked if v["pending"]["kind"] == "respond" and v["pending"]["effect"] == "next_draws"
    )
    skips = next(v for v in respond if v["pending"]["effect"] == "next_skips")
    assert set(firsts) == {"drawn", "name", "target", "respond", "take", "give"}
    assert all(v["teams"] is None for v in views)  # so the terminal's seats read "P1", as here
    for v in [*firsts.values(), draws, skips]:
        drawn = _draw(lobby, v, lang)
        terminal = Text.from_markup(_pending_text(v, lang)).plain
        assert drawn["pending"] == [terminal], v["pending"]
        for code in ("respond", "next_draws", "next_skips", "swap", "must answer"):
            assert not re.search(rf"\b{code}\b", drawn["all"]), code
    if lang == "ru":
        assert "взять" in _draw(lobby, draws, lang)["pending"][0]  # "drawing 2 cards", Russian plural


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_zombie_overlord_phase_and_lure_types_in_words(lobby: Any, lang: str) -> None:
    tr = translator(lang)
    views = _views("zombie-overlord", 2, 0)
    by_phase: dict[str, dict[str, Any]] = {}
    for v in views:
        by_phase.setdefault(v["phase"], v)
    assert set(by_phase) == {"choose", "purchase", "action", "attack"}
    terminal = {"choose": "phase: choosing", "purchase": "phase: purchase", "action": "phase: action"}
    terminal["attack"] = "phase: attack"
    for phase, v in by_phase.items():
        drawn = _draw(lobby, v, lang)
        word = tr._(terminal[phase]).split(": ", 1)[1]  # "fase: compra" -> "compra"
        assert f"{tr._('phase')} {word}" in drawn["kv"], (phase, drawn["kv"])
    v = next(v for v in views if any(v["bases"]) and v["wasteland"])
    base = next(b for b in v["bases"] if b)
    base[0] = {**base[0], "lock": "malfunction"}  # a Malfunction, said as the terminal says it
    drawn = _draw(lobby, v, lang)
    assert [h.split(" ")[0] for h in drawn["th"][-4:]] == ["Ammo", "Fuel", "Food", "Medicine"]  # kept English
    lures = [s for s in drawn["sub"] if s.startswith(tr._("lures: {types}", types=""))]
    assert lures and all(w.capitalize() in " ".join(lures) for w in v["wasteland"][0]["lure"])
    assert tr._("(Malfunction: repair by discarding a random card)") in drawn["sub"]
    trap = next(s for s in drawn["sub"] if " · " in s and s.endswith((tr._("active"), tr._("inactive"))))
    assert trap.split(" · ")[0] in ("Ammo", "Fuel", "Food", "Medicine")
    shown = re.sub(r"(ammo|fuel|food|medicine)-\d+", "", drawn["all"])  # card ids (no titles here)
    for code in ("ammo", "fuel", "food", "medicine", "malfunction", "choose"):
        assert code not in shown


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_overlords_phase_decision_and_dummy_in_words(lobby: Any, lang: str) -> None:
    tr = translator(lang)
    views = _views("overlords", 2, 0)
    ability = next(v for v in views if v["decision"] and v["decision"]["kind"] == "ability")
    activate = next(v for v in views if v["decision"] and v["decision"]["kind"] == "activate")
    drawn = _draw(lobby, ability, lang)
    card = tr.pgettext("overlords:card", ability["decision"]["card"])
    who = f"P{ability['decision']['seat'] + 1}"
    decision = tr._("{who} decides: {decision}", who=who, decision=f"{tr._('a Hired Hand at work')} ({card})")
    assert drawn["pending"][0].split(" · ")[0] == decision
    assert f"{tr._('phase')} {tr._('a Hired Hand at work')}" in drawn["kv"]
    # the 2-player game's dummy army, in the game's word ("The dummy" on the board: "El fantasma")
    assert tr._("Dummy").lower() in drawn["all"].lower() and tr._("Dummy") != "Dummy"
    drawn = _draw(lobby, activate, lang)
    assert f"{tr._('phase')} {tr._('activating Hired Hands')}" in drawn["kv"]
    for code in ("ability", "activate", "recruit"):
        assert code not in drawn["all"]


def test_zombie_overlord_pending_text_and_note_reach_the_browser_translated() -> None:
    """The server renders `pending.text` and `note` from their `_i18n` messages (no browser)."""
    from deadtable.games.zombie_overlord.layout import Decision
    from tests.zombie_overlord.helpers import blank, give, play

    s = blank()
    give(s, 1, "supply")
    s.pending.append(Decision("opponent", 0, "discard"))
    s._legal = None
    view = s.view(0)
    assert localized_view(view, "es")["pending"]["text"] == "P1 debe elegir a un rival"
    assert localized_view(view, "ru")["pending"]["text"] == "P1 должен выбрать соперника"
    assert localized_view(view, "en")["pending"]["text"] == "P1 must choose an opponent"
    s = blank(rounds=1)
    play(s, "end turn")
    play(s, "end turn")
    over = s.view(None)
    assert localized_view(over, "ru")["note"].startswith("Достигнут лимит раундов (1 раунд)")
    assert localized_view(over, "es")["note"] != over["note"]


def test_the_live_zombie_overlord_table_shows_the_phase_in_spanish(server: str, browser: Any) -> None:
    created = new_table(server, "zombie-overlord", 3, players=2)
    page = _new_page(browser, "es-ES")
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.documentElement.lang === 'es'")
        page.wait_for_function(
            "[...document.querySelectorAll('.kv > span')].some((n) => n.textContent === 'fase por elegir')"
        )
        heads = page.eval_on_selector_all("table.seatsinfo th", "(ns) => ns.map((n) => n.textContent)")
        assert [h.split(" ")[0] for h in heads[-4:]] == ["Ammo", "Fuel", "Food", "Medicine"]
        assert page.errors == []
    finally:
        page.context.close()


KNOWN = """async ([view, lang, width]) => {
  const i18n = await import('/static/js/i18n.js');
  await i18n.setLanguage(lang);
  const { loadRenderer } = await import('/static/js/renderers/index.js');
  document.getElementById('known-test')?.remove();
  const box = document.createElement('div');
  box.id = 'known-test';
  box.style.width = width + 'px';
  document.body.append(box);
  const renderer = await loadRenderer(view.game);
  renderer.render(box, view, { seat: view.seat, legal: [], interactive: false, seats: [] });
  const texts = (selector) => [...box.querySelectorAll(selector)].map((n) => n.textContent);
  const wide = [...box.querySelectorAll('.zs-known')]
    .filter((n) => n.getBoundingClientRect().right > width + 1);
  return { known: texts('.zs-seat .zs-known'), among: texts('.zs-among'), wide: wide.length };
}"""


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_the_shedding_board_says_what_the_seat_knows_of_the_other_hands(lobby: Any, lang: str) -> None:
    """After a rebuild: in a Duel the other hand whole, under its seat; with two hidden hands the
    cards known to be among them, in a line under the seats (narrow as a phone, nothing sticks out)."""
    from ..zombie_shedding.test_knowledge import rebuilt_while_p2_draws, rebuilt_with_two_other_hands

    tr = translator(lang)
    duel, _at_rebuild, _pile = rebuilt_while_p2_draws()
    view = duel.view(0)
    drawn = lobby.evaluate(KNOWN, [localized_view(view, lang), lang, 360])
    [held] = view["known"]
    assert len(drawn["known"]) == 1 and drawn["among"] == []
    assert drawn["known"][0].startswith(tr.gettext("known to you: {cards}").split("{")[0])
    assert len(drawn["known"][0].split(", ")) == len(held["cards"]) == 4  # the fifth came from the new deck
    assert drawn["wide"] == 0
    three = rebuilt_with_two_other_hands()
    view = three.view(0)
    drawn = lobby.evaluate(KNOWN, [localized_view(view, lang), lang, 360])
    assert drawn["known"] == [] and len(drawn["among"]) == 1
    among = drawn["among"][0]
    assert "P2" in among and "P3" in among
    assert len(among.split(": ", 1)[1].split(", ")) == len(view["known_among"]["cards"]) == 5
    assert among.startswith(tr.gettext("Among the hands of {seats}, known to you: {cards}").split("{")[0])
    assert drawn["wide"] == 0
