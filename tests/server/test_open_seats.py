"""Open seats: a person's seat left for anyone to take from the lobby (server/open_seats.py)."""

from __future__ import annotations

from .conftest import create, next_state


def test_an_open_seat_is_listed_taken_once_and_played_with_its_new_link(client):
    t = create(client, seats=[{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    made = {s["seat"]: s for s in t["seats"]}
    assert made[0]["link"] and made[1]["link"] is None and made[1]["kind"] == "open"
    listed = next(x for x in client.get("/api/tables").json() if x["id"] == t["id"])
    assert listed["joinable"] and [s["open"] for s in listed["seats"]] == [False, True]
    # No link plays the seat before it is taken.
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": "guess"})
        assert ws.receive_json()["type"] == "error"
    # Anyone may take it; the first to ask gets it, the next is told it was taken.
    got = client.post(f"/api/tables/{t['id']}/seats/1/take", json={"name": "Bea"})
    assert got.status_code == 200, got.text
    token = got.json()["token"]
    again = client.post(f"/api/tables/{t['id']}/seats/1/take?lang=es", json={"name": "Cy"})
    assert again.status_code == 409 and "P2" in again.json()["detail"] and "libre" in again.json()["detail"]
    assert client.post(f"/api/tables/{t['id']}/seats/0/take", json={}).status_code == 409  # held by its link
    listed = next(x for x in client.get("/api/tables").json() if x["id"] == t["id"])
    assert not listed["joinable"] and listed["seats"][1]["name"] == "Bea"
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": token})
        state = next_state(ws)
        assert state["seat"] == 1 and state["seats"][1]["name"] == "Bea"


def test_a_seat_left_open_is_played_by_the_stand_in_while_people_are_there(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "open"}])
    token = t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        for _ in range(3):  # each of your moves is answered by the stand-in playing the open seat
            state = next_state(ws, turn=True)
            assert state["seats"][1]["away"] and state["seats"][1]["open"]
            ws.send_json({"type": "act", "action": state["legal"][0], "index": state["index"]})
        assert next_state(ws, turn=True)["index"] >= 5
