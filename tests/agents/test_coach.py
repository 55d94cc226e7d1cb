"""The guided first games' lessons (deadtable.agents.coach): every text in three languages, every
rule and choice of the lesson game explained, and a coach that says the same to a seat in twin
games (games that differ only in what the seat cannot see: tests/surfaces/twins.py)."""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.agents import make_agent
from deadtable.agents.coach import coach, kinds_of, lesson, lesson_texts, rules_met, suggestion, texts_in
from deadtable.agents.hint import info_for
from deadtable.core import Game, seat_info
from deadtable.i18n import LANGUAGES

LESSONS = [g for g in deadtable.games() if lesson(g) is not None]
IDS = [g.id for g in LESSONS]


def test_the_games_bring_lessons() -> None:
    assert "zombie-shedding" in IDS


@pytest.mark.parametrize("the_game", LESSONS, ids=IDS)
def test_the_lesson_texts_exist_in_every_language_for_every_key(the_game: Game) -> None:
    english = texts_in(the_game, "en")
    assert {"intro", "scoring"} <= set(english)
    for lang in LANGUAGES:
        texts = texts_in(the_game, lang)
        assert set(texts) == set(english), f"{lang}: {set(english) ^ set(texts)}"
        assert all(text.strip() for text in texts.values()), lang
        if lang != "en":  # translated, not copied
            same = [key for key, text in texts.items() if text == english[key]]
            assert not same, f"{lang}: untranslated {same}"


@pytest.mark.parametrize("the_game", LESSONS, ids=IDS)
def test_every_rule_has_its_text_and_its_log_lines_are_the_games_own(the_game: Game) -> None:
    found = lesson(the_game)
    assert found is not None
    texts = texts_in(the_game, "en")
    known = _catalogued() | _narrated(the_game, found)
    for rule in found.rules:
        assert f"rules.{rule.key}" in texts, rule.key
        assert rule.kinds or rule.log, rule.key
        unknown = [line for line in rule.log if line not in known]
        assert not unknown, f"{rule.key}: no such narration {unknown}"
    keys = [rule.key for rule in found.rules]
    assert len(keys) == len(set(keys))
    assert {key.split(".", 1)[1] for key in texts if key.startswith("rules.")} == set(keys)


def _catalogued() -> set[str]:
    """Every message id of deadtable's English catalogues (the games' narration among them)."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    folder = Path(deadtable.__file__).parent / "i18n" / "locale" / "en" / "LC_MESSAGES"
    out: set[str] = set()
    for path in folder.glob("*.po"):
        with path.open("rb") as f:
            out.update(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id)
    return out


def _narrated(the_game: Game, found: object) -> set[str]:
    """Every narration message id of one lesson game, played by the table's bots."""
    lines: set[str] = set()
    for state, _action in _lesson_game(the_game):
        lines.update(str(m["msg"]) for m in state.view(0).get("log_i18n") or [])
    return lines


def _lesson_game(the_game: Game) -> list[tuple[deadtable.core.State, deadtable.core.Action | None]]:
    """The lesson's game with the game's own bot at every seat: (state, action played) pairs."""
    found = lesson(the_game)
    assert found is not None
    state = the_game.new(found.players, found.seed, **found.options)
    name = "heuristic" if "heuristic" in the_game.agents() else "greedy"
    bots = [make_agent(name, the_game, found.players, state.options) for _ in range(found.players)]
    out: list[tuple[deadtable.core.State, deadtable.core.Action | None]] = []
    move = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = (
            legal[0]
            if len(legal) == 1
            else bots[seat].act(seat_info(state, random.Random(move)), random.Random(move))
        )
        out.append((state.clone(), action))
        state.apply(action)
        move += 1
    out.append((state, None))
    return out


@pytest.mark.parametrize("the_game", LESSONS, ids=IDS)
def test_the_lesson_game_explains_every_choice_and_meets_its_main_rules(the_game: Game) -> None:
    found = lesson(the_game)
    assert found is not None
    texts = lesson_texts(the_game, "en")
    met: set[str] = set()
    offered: set[str] = set()
    for state, _action in _lesson_game(the_game):
        legal = state.legal_actions() if state.current_player == 0 else []
        offered.update(kinds_of(legal))
        met.update(rules_met(found, state.view(0), kinds_of(legal)))
    missing = sorted(k for k in offered if f"deciding.{k}" not in texts or f"why.{k}" not in texts)
    assert not missing, f"choices the coach cannot explain: {missing}"
    assert len(met) >= max(3, len(found.rules) // 2), f"met only {sorted(met)}"


@pytest.mark.parametrize("the_game", LESSONS, ids=IDS)
def test_the_coach_says_the_same_in_twin_games(the_game: Game) -> None:
    from tests.surfaces.twins import every_twin

    twins = [p.values[0] for p in every_twin(7, 40) if p.values[0].game.id == the_game.id]
    assert twins
    for twin in twins[:3]:
        first, second = twin.starting_state(False), twin.starting_state(True)
        asked = 0
        for i, text in enumerate([*twin.first, None]):
            said = []
            for state in (first, second):
                legal = state.legal_actions() if state.current_player == 0 else []
                words = coach(the_game, state.view(0), legal, state.is_terminal, "ru")
                if legal and asked < 2:  # the suggestion runs a bot: at the seat's first two turns
                    words["suggestion"] = suggestion(the_game, info_for(state, i), i, "ru")
                said.append(words)
            assert said[0] == said[1], f"{twin.kind}: the coach differs at move {i}"
            asked += bool(said[0].get("suggestion"))
            if text is None:
                break
            first.apply(the_game.parse_action(first, text))
            second.apply(the_game.parse_action(second, twin.second[i]))
