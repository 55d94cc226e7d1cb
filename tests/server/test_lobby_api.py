"""What the lobby reads: option labels, kinds and choices, bot descriptions, and only live tables."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

import deadtable
from deadtable.agents import agent_names
from deadtable.server import db

from .conftest import create


def test_games_give_each_option_a_label_a_kind_and_its_choices(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    shedding = {o["name"]: o for o in games["zombie-shedding"]["options"]}
    assert shedding["mode"]["label"] == "Mode" and shedding["mode"]["kind"] == "text"
    assert shedding["mode"]["choices"][:2] == ["auto", "duel"]
    assert shedding["cards"]["kind"] == "cards" and shedding["cards"]["label"] == "Card file"
    overlords = {o["name"]: o for o in games["overlords"]["options"]}
    assert overlords["hired_hands"]["label"] == "Hired Hands"
    assert overlords["teams"]["kind"] == "boolean"
    rounds = {o["name"]: o for o in games["zombie-overlord"]["options"]}["rounds"]
    assert rounds["kind"] == "number" and rounds["minimum"] == 0 and rounds["maximum"] is None
    for g in games.values():
        for o in g["options"]:
            assert o["label"] and o["label"] != o["name"] and o["help"]


def test_option_labels_and_bot_descriptions_follow_the_language(client):
    games = {g["id"]: g for g in client.get("/api/games?lang=ru").json()}
    shedding = {o["name"]: o for o in games["zombie-shedding"]["options"]}
    assert shedding["mode"]["label"] not in ("", "Mode")
    bots = {b["name"]: b["description"] for b in games["overlords"]["bots"]}
    assert bots["greedy"] and bots["greedy"] != "takes the best immediate gain"


def test_bots_are_described_and_agents_stay_the_names(client):
    for g in client.get("/api/games").json():
        assert g["agents"] == agent_names(deadtable.game(g["id"]))  # as before
        assert [b["name"] for b in g["bots"]] == g["agents"]
        assert all(b["description"] for b in g["bots"])
    zoo = {g["id"]: g for g in client.get("/api/games").json()}["carson-zoo"]
    described = {b["name"]: b["description"] for b in zoo["bots"]}
    assert described["random"] == "plays any legal move"


def test_the_lobby_leaves_out_abandoned_tables_and_says_nobody_can_join(client):
    fresh = create(client)
    stale = create(client, seed=8)
    old = db.now() - timedelta(hours=25)
    store = client.app.state.hub.store
    with store.engine.begin() as conn:
        conn.execute(
            update(db.tables).where(db.tables.c.id == stale["id"]).values(updated_at=old, created_at=old)
        )
    listed = client.get("/api/tables").json()
    assert [x["id"] for x in listed] == [fresh["id"]]
    assert listed[0]["joinable"] is False  # every person's seat is held by its secret link
    assert stale["id"] not in [x["id"] for x in client.get("/api/tables?status=all").json()]
    assert client.get(f"/api/tables/{stale['id']}").status_code == 200  # still there by its link
