"""Turn clocks and absent players: a bot stands in, the log says so, the player comes back."""

from __future__ import annotations

import time

from .conftest import create, next_state


def _hello(ws, t, seat):
    ws.send_json({"type": "hello", "seat": seat, "token": t["seats"][seat]["token"]})
    return next_state(ws)


def _notes(msgs):
    return [e["text"] for m in msgs for e in m["log"] if e["kind"] == "note"]


def test_a_player_who_leaves_is_played_by_a_bot_until_they_come_back(client):
    t = create(
        client,
        seed=3,
        leave_grace=0,
        standby="random",
        seats=[{"kind": "human"}, {"kind": "human", "name": "Bo"}],
    )
    tid = t["id"]
    lt = client.app.state.hub.tables[tid]
    stayer = lt.state.current_player
    leaver = 1 - stayer
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        msg = _hello(ws, t, stayer)
        with client.websocket_connect(f"/ws/tables/{tid}") as gone:
            _hello(gone, t, leaver)
        # The leaver's connection closed: they are away, and the bot moves for them after our move.
        seen = []
        while not any("left the table" in n for n in _notes(seen)):
            seen.append(next_state(ws))
        ws.send_json({"type": "act", "action": msg["legal"][0], "index": 0})
        msg = next_state(ws, turn=True, index=2)
        seen.append(msg)
        assert msg["index"] == 2 and msg["seats"][leaver]["away"]
        assert lt.log_seat(1) == leaver  # the bot's move, for them
        assert any(f"P{leaver + 1}" in n and "a bot (random) plays for them" in n for n in _notes(seen))
        # They come back through their link: no more stand-in.
        with client.websocket_connect(f"/ws/tables/{tid}") as back:
            again = _hello(back, t, leaver)
            assert not again["seats"][leaver]["away"] and not again["away"]
            ws.send_json({"type": "act", "action": msg["legal"][0], "index": 2})
            mine = next_state(back, turn=True, index=3)
            assert mine["index"] == 3 and mine["your_turn"] and mine["seat"] == leaver
        assert any("is back" in e["text"] for e in lt.log)
    assert lt.index >= 3  # (once they leave again, the bot may already have moved for them)


def test_when_everyone_has_left_the_table_waits_and_is_kept(client):
    t = create(client, leave_grace=0, seats=[{"kind": "human"}, {"kind": "human"}])
    lt = client.app.state.hub.tables[t["id"]]
    seat = lt.state.current_player
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        _hello(ws, t, seat)
    for _ in range(500):  # the leave is handled just after the socket closes
        if lt.row.seats[seat].away:
            break
        time.sleep(0.01)
    assert lt.row.seats[seat].away and not lt.driving and lt.index == 0
    assert client.get("/api/tables").json()[0]["id"] == t["id"]


def test_running_out_of_time_has_a_bot_play_that_one_move_and_the_seat_stays(client):
    t = create(client, move_time=1, standby="random", seats=[{"kind": "human"}, {"kind": "human"}])
    tid = t["id"]
    lt = client.app.state.hub.tables[tid]
    slow = lt.state.current_player
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ws,
        client.websocket_connect(f"/ws/tables/{tid}") as other,
    ):
        first = _hello(ws, t, slow)
        _hello(other, t, 1 - slow)
        assert first["deadline"] is not None and first["move_time"] == 1
        msg = next_state(ws)
        while msg["index"] == 0:  # the clock runs out; a bot moves for us, this once
            msg = next_state(ws)
        assert msg["index"] == 1 and not msg["away"]
        assert not lt.row.seats[slow].away
        assert any("ran out of time; a bot played one move for them" in e["text"] for e in lt.log)
        assert lt.log_seat(0) == slow and lt.log[-1]["kind"] == "play"  # a bot moved for them
        assert lt.state.is_terminal or lt.deadline is not None  # the next person's clock runs
