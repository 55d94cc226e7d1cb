"""The HTTP API: games, creating tables (and refusing bad requests), the lobby, records, replays."""

from __future__ import annotations

import deadtable
from deadtable.agents import agent_names

from .conftest import create, next_state


def test_games_lists_every_registered_game_with_its_options_and_bots(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == {g.id for g in deadtable.games()}
    zoo = games["carson-zoo"]
    assert zoo["players"] == [2, 4]
    assert zoo["agents"] == agent_names(deadtable.game("carson-zoo"))


def test_create_table_gives_a_secret_link_per_person_and_none_for_bots(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}])
    humans = [s for s in t["seats"] if s["kind"] == "human"]
    assert [s["seat"] for s in humans] == [0, 1]
    for s in humans:
        assert len(s["token"]) >= 32  # token_urlsafe(24): 192 random bits
        assert s["link"] == f"/t/{t['id']}#seat={s['seat']}&token={s['token']}"
    assert humans[0]["token"] != humans[1]["token"]
    assert t["seats"][2]["token"] is None and t["seats"][2]["link"] is None
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["players"] == 3 and summary["status"] == "playing"
    assert "token" not in str(summary) and humans[0]["token"] not in str(summary)


def test_lobby_lists_open_tables(client):
    t = create(client)
    listed = client.get("/api/tables").json()
    assert [x["id"] for x in listed] == [t["id"]]
    assert client.get("/api/tables?status=over").json() == []


def test_bad_table_requests_are_refused_with_a_reason(client):
    def refused(body, status, words):
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, r.text
        assert words in str(r.json()["detail"])

    refused({"game": "chess"}, 400, "no game 'chess'")
    refused({"game": "carson-zoo", "players": 9}, 400, "2 to 4 players")
    refused({"game": "carson-zoo", "options": {"speed": 3}}, 400, "unknown option 'speed'")
    refused({"game": "carson-zoo", "players": 3, "seats": [{"kind": "human"}]}, 400, "one seat for each")
    refused(
        {"game": "carson-zoo", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "oracle"}]},
        400,
        "no agent 'oracle'",
    )
    refused({"game": "carson-zoo", "seats": [{"kind": "alien"}, {"kind": "human"}]}, 422, "")
    refused({"game": "carson-zoo", "move_time": -1}, 422, "")
    assert client.get("/api/tables").json() == []


def test_unknown_table_is_404(client):
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/tables/nope/record").status_code == 404
    assert "no table" in client.get("/api/tables/nope").json()["detail"]


def test_record_is_published_at_the_end_and_replays_to_the_same_game(client):
    t = create(client, seats=[{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "greedy"}])
    # A table of bots plays itself; watch it to the end.
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello"})
        end = next_state(ws, over=True)
    record = client.get(f"/tables/{t['id']}/record").json()
    assert record["game"] == "carson-zoo" and record["seed"] == 7
    assert len(record["actions"]) == end["index"]
    final = deadtable.replay(record)
    assert final.view(None) == end["view"]
    assert list(final.outcome().scores) == end["outcome"]["scores"]
    assert client.get(f"/api/tables/{t['id']}/record").json() == record
    assert [x["id"] for x in client.get("/api/tables?status=over").json()] == [t["id"]]


def test_record_is_withheld_while_playing(client):
    t = create(client)
    r = client.get(f"/tables/{t['id']}/record")
    assert r.status_code == 409 and "when the game is over" in r.json()["detail"]


def test_replay_steps_back_and_forth(client):
    t = create(client, seats=[{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello"})
        next_state(ws, over=True)
    record = client.get(f"/tables/{t['id']}/record").json()
    states = deadtable.core.replay_states(deadtable.Record.from_json(record))
    n = len(record["actions"])
    for step in (0, 1, n // 2, n, 1):
        r = client.get(f"/api/tables/{t['id']}/replay/{step}").json()
        assert r["steps"] == n and r["step"] == step
        assert r["view"] == states[step].view(None)
        assert r["action"] == (record["actions"][step - 1] if step else None)
    assert client.get(f"/api/tables/{t['id']}/replay/{n + 1}").status_code == 404


def test_pages_and_static_files_are_served(client):
    for path in ("/", "/t/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<!doctype html>" in r.text.lower()
    for path in ("/static/style.css", "/static/js/table.js", "/games/carson-zoo/renderer.js"):
        assert client.get(path).status_code == 200


def test_each_game_names_its_renderer_and_the_server_serves_it_from_the_package(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    zoo = games["carson-zoo"]
    assert zoo["renderer"] == "/games/carson-zoo/renderer.js"
    assert zoo["style"] == "/games/carson-zoo/renderer.css"
    r = client.get(zoo["renderer"])
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert "export function render" in r.text
    assert client.get(zoo["style"]).headers["content-type"].startswith("text/css")
    for path in (
        "/games/carson-zoo/game.py",  # only the two web files are served
        "/games/carson-zoo/..%2Fgame.py",
        "/games/carson-zoo/%2E%2E%2F%2E%2E%2Fcore%2Fgame.py",
        "/games/carson-zoo/web",
    ):
        assert client.get(path).status_code == 404, path
    assert client.get("/games/no-such-game/renderer.js").status_code == 400
