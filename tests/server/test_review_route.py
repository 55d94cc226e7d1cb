"""GET /api/tables/{id}/review/{seat}: once the game is over, any seat's review; a token must be its own."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

import deadtable
from deadtable.server.live_limits import MESSAGES_PER_SECOND
from tests.server.conftest import create, next_state

DUEL = {"mode": "duel"}


def finished_table(client: TestClient) -> dict[str, Any]:
    """A shedding-game Duel (cheap to review): a person at seat 0 (always the first legal action), a bot."""
    t = create(
        client,
        game="zombie-shedding",
        options=DUEL,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    seat = t["seats"][0]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": seat["token"]})
        index = 0
        for _ in range(200):
            msg = next_state(ws, turn=True, index=index)  # a state after our last move, never before
            if msg["over"]:
                break
            ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
            index = msg["index"] + 1
            time.sleep(1.5 / MESSAGES_PER_SECOND)  # a person's pace: the server refuses bursts (slow-down)
    return t


def test_a_seat_reviews_its_own_game_once_it_is_over_and_the_review_is_kept(client: TestClient) -> None:
    client.app.state.reviews.iterations = 8  # type: ignore[attr-defined]
    t = finished_table(client)
    token = t["seats"][0]["token"]
    r = client.get(f"/api/tables/{t['id']}/review/0", params={"token": token, "lang": "es"})
    assert r.status_code == 200, r.text
    review = r.json()
    record = deadtable.Record.from_json(client.get(f"/tables/{t['id']}/record").json())
    states = deadtable.core.replay_states(record)
    assert review["seat"] == 0 and review["decisions"]
    for d in review["decisions"]:
        before = states[d["move"] - 1]
        assert before.current_player == 0 and len(before.legal_actions()) > 1
        assert d["played"] == record.actions[d["move"] - 1]
        assert d["told"] and "P1" in d["told"]  # the narration, rendered
        assert 0 <= d["played_chance"] <= 1
    made = client.app.state.reviews.made  # type: ignore[attr-defined]
    again = client.get(f"/api/tables/{t['id']}/review/0")
    assert again.status_code == 200 and [d["move"] for d in again.json()["decisions"]] == [
        d["move"] for d in review["decisions"]
    ]
    assert client.app.state.reviews.made == made  # type: ignore[attr-defined]


def test_refusals_before_the_end_a_wrong_token_and_a_seat_out_of_range(client: TestClient) -> None:
    client.app.state.reviews.iterations = 8  # type: ignore[attr-defined]
    playing = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    early = client.get(
        f"/api/tables/{playing['id']}/review/0", params={"token": playing["seats"][0]["token"]}
    )
    assert early.status_code == 409 and "over" in early.json()["detail"]
    t = finished_table(client)
    wrong = client.get(f"/api/tables/{t['id']}/review/0", params={"token": "not-the-token"})
    assert wrong.status_code == 403
    bot_seat = client.get(f"/api/tables/{t['id']}/review/1", params={"token": t["seats"][0]["token"]})
    assert bot_seat.status_code == 403  # a seat's token does not open another seat as "yours"
    assert client.get(f"/api/tables/{t['id']}/review/2").status_code == 404


def test_a_spectator_reviews_any_seat_after_the_end(client: TestClient) -> None:
    client.app.state.reviews.iterations = 8  # type: ignore[attr-defined]
    t = finished_table(client)
    r = client.get(f"/api/tables/{t['id']}/review/1")
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert all(d["flag_text"] in ("", "inaccuracy", "mistake", "blunder") for d in r.json()["decisions"])
