"""Guided first games over HTTP and the WebSocket: "Learn to play" makes the lesson's table in one
request (you at the first seat, the game's bots at the others, the lesson's seed and options, hints
on), and the coach answers the asking seat alone, from its own view and legal actions."""

from __future__ import annotations

from typing import Any

import deadtable
from deadtable.agents.coach import coach, lesson

from .conftest import create, next_of, next_state

TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def test_the_lessons_are_listed_and_one_request_makes_the_table(client: Any) -> None:
    listed = {entry["game"]: entry for entry in client.get("/api/lessons?lang=es").json()}
    assert "zombie-shedding" in listed
    assert listed["zombie-shedding"]["name"] != "Zombie shedding game"  # in the reader's language
    found = lesson(deadtable.game("zombie-shedding"))
    assert found is not None
    made = client.post("/api/lessons/zombie-shedding")
    assert made.status_code == 201, made.text
    table = made.json()
    assert table["lesson"] is True and table["link"].endswith("&lesson=1")
    assert table["link"].startswith(table["seats"][0]["link"])
    assert [s["kind"] for s in table["seats"]] == ["human"] + ["bot"] * (found.players - 1)
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["hints"] is True and summary["players"] == found.players
    assert summary["seed"] == found.seed  # a chosen seed is said, as at any table
    assert [o["name"] for o in summary["options"]] == list(found.options)


def test_an_unknown_game_is_refused_in_one_line(client: Any) -> None:
    refused = client.post("/api/lessons/no-such-game")
    assert refused.status_code == 400  # as POST /api/tables refuses an unknown game
    assert "no-such-game" in refused.json()["detail"]


def test_the_coach_answers_the_seat_from_its_own_view(client: Any) -> None:
    table = client.post("/api/lessons/zombie-shedding").json()
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as ws, client.websocket_connect(url) as watcher:
        ws.send_json({"type": "hello", "seat": 0, "token": table["seats"][0]["token"]})
        watcher.send_json({"type": "hello"})
        msg = next_state(ws, turn=True)
        next_state(watcher)
        ws.send_json({"type": "coach", "index": msg["index"]})
        said = next_of(ws, "coach")
        assert said["lesson"] is True and said["index"] == msg["index"]
        state = client.app.state.hub.tables[table["id"]].state
        expected = coach(state.game, state.view(0), state.legal_actions(), False, "en")
        assert {k: v for k, v in said.items() if k not in ("type", "index", "suggestion")} == expected
        assert said["suggestion"]["action"] in msg["legal"]
        assert said["suggestion"]["kind"] in {d["kind"] for d in said["deciding"]}
        assert said["suggestion"]["text"].startswith("The ")  # which bot, in words
        assert said["suggestion"]["why"]
        assert said["rules"] and said["scoring"] is None
        ws.send_json({"type": "coach", "index": msg["index"]})  # asked again: the same answer
        assert next_of(ws, "coach") == said
        watcher.send_json({"type": "coach", "index": msg["index"]})
        assert next_of(watcher, "error")["code"] == "coach-spectator"
        ws.send_json({"type": "coach", "index": msg["index"] + 1})
        assert next_of(ws, "error")["code"] == "coach-stale"


def test_a_second_learner_at_the_same_decision_gets_the_kept_suggestion(client: Any) -> None:
    """Two lessons at the same decision: the second answer is the first's, kept, not thought again;
    the same decision in another language is thought anew."""
    from deadtable.server.lessons import SUGGESTIONS

    SUGGESTIONS.said.clear()  # nothing kept from earlier tests in this process
    answers = []
    for lang in ("en", "en", "es"):
        table = client.post("/api/lessons/zombie-shedding").json()
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": table["seats"][0]["token"], "lang": lang})
            msg = next_state(ws, turn=True)
            found = SUGGESTIONS.found
            ws.send_json({"type": "coach", "index": msg["index"]})
            answers.append((next_of(ws, "coach")["suggestion"], SUGGESTIONS.found - found))
    (first, kept_first), (second, kept_second), (spanish, kept_spanish) = answers
    assert second == first and kept_second == 1
    assert spanish["action"] == first["action"] and spanish["text"] != first["text"]
    assert kept_first == 0 and kept_spanish == 0


def test_a_table_without_hints_has_no_coach(client: Any) -> None:
    t = create(client, game="zombie-shedding", seed=2, seats=TWO_PEOPLE)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": t["seats"][0]["token"]})
        index = next_state(ws)["index"]
        ws.send_json({"type": "coach", "index": index})
        refused = next_of(ws, "error")
        assert refused["code"] == "coach-off" and "Learn to play" in refused["message"]
