"""Playing over the WebSocket: each seat sees only its own view, acts only for itself; bots play."""

from __future__ import annotations

import deadtable
from deadtable.server.live_table import LiveTable

from .conftest import create, next_of, next_state


def _hub_table(client, table_id: str) -> LiveTable:
    return client.app.state.hub.tables[table_id]


def test_a_person_plays_a_whole_game_against_a_bot(client):
    t = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "greedy"}])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": t["seats"][0]["token"]})
        moves = 0
        while True:
            msg = next_state(ws, turn=True)
            if msg["over"]:
                break
            assert msg["seat"] == 0 and msg["legal"], msg
            ws.send_json({"type": "act", "action": msg["legal"][-1], "index": msg["index"]})
            moves += 1
    assert moves >= 3
    record = client.get(f"/tables/{t['id']}/record").json()
    final = deadtable.replay(record)
    assert msg["view"] == final.view(0)
    assert msg["outcome"]["scores"] == list(final.outcome().scores)
    # The table's log is the game's own narration, from the first move: never an action's text.
    lt = _hub_table(client, t["id"])
    assert lt.log[0]["kind"] == "note" and "chose the seed 7" in lt.log[0]["text"]  # create() chose it
    texts = [e["text"] for e in lt.log if e["kind"] != "note"]
    early = deadtable.core.replay_states(deadtable.Record.from_json(record))[3].view(None)["log"]
    assert len(early) == 3 and texts[:3] == early
    assert not any(a in x for a in record["actions"] for x in texts)


def test_each_connection_gets_only_its_seats_view_and_spectators_the_public_one(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid = t["id"]
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        a.send_json({"type": "hello", "seat": 0, "token": t["seats"][0]["token"]})
        b.send_json({"type": "hello", "seat": 1, "token": t["seats"][1]["token"]})
        watcher.send_json({"type": "hello"})
        sa, sb, sw = next_state(a), next_state(b), next_state(watcher)
        state = _hub_table(client, tid).state
        assert sa["view"] == state.view(0) and sb["view"] == state.view(1)
        assert sw["view"] == state.view(None) and sw["seat"] is None and sw["legal"] == []
        first = state.current_player
        mover, other = (a, b) if first == 0 else (b, a)
        mine = sa if first == 0 else sb
        assert mine["your_turn"] and mine["legal"] == [str(x) for x in state.legal_actions()]
        theirs = sb if first == 0 else sa
        assert not theirs["your_turn"] and theirs["legal"] == []
        mover.send_json({"type": "act", "action": mine["legal"][0], "index": 0})
        for ws in (mover, other, watcher):
            msg = next_state(ws)
            assert msg["index"] == 1
            told = _hub_table(client, tid).state.view(None)["log"]
            assert [e["text"] for e in msg["log"]] == told and mine["legal"][0] not in told[-1]


def test_why_explains_refusals_and_confirms_legal_actions(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid = t["id"]
    state = client.app.state.hub.tables.get(tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = _hub_table(client, tid).state
        seat = state.current_player
        ws.send_json({"type": "hello", "seat": seat, "token": t["seats"][seat]["token"]})
        msg = next_state(ws)
        ws.send_json({"type": "why", "action": msg["legal"][0]})
        assert next_of(ws, "why") == {"type": "why", "action": msg["legal"][0], "legal": True}
        ws.send_json({"type": "why", "action": "fly away"})
        why = next_of(ws, "why")
        assert why["legal"] is False and "fly away" in why["reason"]


def test_reconnecting_restores_the_seat_and_the_whole_log(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    hello = {"type": "hello", "seat": 0, "token": t["seats"][0]["token"]}
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json(hello)
        msg = next_state(ws, turn=True)
        ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
        after = next_state(ws, turn=True)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json(hello)
        again = next_state(ws)
        assert again["seat"] == 0 and again["index"] == after["index"] and again["your_turn"]
        moves = [e for e in again["log"] if e["kind"] != "note"]  # the seed's note is first
        assert again["log_from"] == 0 and len(moves) == after["index"]
        assert again["view"] == after["view"]
