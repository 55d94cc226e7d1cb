"""The online table speaks the player's language: errors, "why not", names, the log, catalogues, rules."""

from __future__ import annotations

import pytest

from deadtable.i18n import catalogue_json

from .conftest import create, next_of, next_state


def test_catalogue_json_is_served_per_language(client):
    for lang in ("en", "es", "ru"):
        r = client.get(f"/i18n/{lang}.json")
        assert r.status_code == 200
        assert r.json() == catalogue_json(lang)
    assert client.get("/i18n/es.json").json()["messages"]["Your turn"] == "Tu turno"
    ru = client.get("/i18n/ru.json").json()
    assert ru["messages"]["{n} second"] == ["{n} секунда", "{n} секунды", "{n} секунд"]
    assert client.get("/i18n/fr.json").status_code == 404
    assert client.get("/i18n/es.txt").status_code == 404


def test_the_language_comes_from_the_query_the_cookie_or_accept_language(client):
    assert (
        client.get("/api/lang", headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.5"}).json()["lang"] == "ru"
    )
    assert client.get("/api/lang", headers={"accept-language": "fr, es;q=0.8"}).json()["lang"] == "es"
    assert client.get("/api/lang", headers={"accept-language": "de"}).json()["lang"] == "en"
    client.cookies.set("deadtable_lang", "es")
    assert client.get("/api/lang", headers={"accept-language": "ru"}).json()["lang"] == "es"
    assert client.get("/api/lang?lang=ru").json()["lang"] == "ru"


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "there is no table"), ("es", "no existe la mesa"), ("ru", "стола 'nope' нет")]
)
def test_http_errors_in_the_readers_language(client, lang, words):
    r = client.get("/api/tables/nope", headers={"accept-language": lang})
    assert r.status_code == 404 and words in r.json()["detail"]


def test_option_errors_and_game_names_are_translated(client):
    r = client.post("/api/tables?lang=es", json={"game": "carson-zoo", "options": {"nope": 1}})
    assert r.status_code == 400
    english = client.post("/api/tables?lang=en", json={"game": "carson-zoo", "options": {"nope": 1}})
    assert r.json()["detail"] != english.json()["detail"]
    games = {g["id"]: g for g in client.get("/api/games?lang=es").json()}
    english_games = {g["id"]: g for g in client.get("/api/games?lang=en").json()}
    zoo, zoo_en = games["carson-zoo"], english_games["carson-zoo"]
    assert zoo["summary"] and zoo["summary"] != zoo_en["summary"]


@pytest.mark.parametrize(
    ("lang", "turn", "hello"),
    [("es", "no es tu turno", "saluda primero"), ("ru", "сейчас не ваш ход", "сначала поздоровайтесь")],
)
def test_websocket_errors_and_reasons_in_the_seats_language(client, lang, turn, hello):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    table = t["id"]
    with client.websocket_connect(f"/ws/tables/{table}", headers={"accept-language": lang}) as ws:
        ws.send_json({"type": "ping"})
        err = next_of(ws, "error")
        assert err["code"] == "no-hello" and hello in err["message"]
    waiting = 1 - client.get(f"/api/tables/{table}").json()["to_act"]
    seat = t["seats"][waiting]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": waiting, "token": seat["token"], "lang": lang})
        state = next_state(ws)
        assert state["lang"] == lang and not state["your_turn"]
        ws.send_json({"type": "act", "action": "pass", "index": 0})
        err = next_of(ws, "error")
        assert err["code"] == "not-your-turn" and turn in err["message"].lower()
        ws.send_json({"type": "why", "action": "place 1 a1"})
        why = next_of(ws, "why")
        assert not why["legal"] and turn in why["reason"].lower()


def test_illegal_moves_are_explained_in_spanish_and_the_log_follows_the_language(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "greedy"}])
    s0 = t["seats"][0]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": s0["token"], "lang": "es"})
        state = next_state(ws, turn=True)
        ws.send_json({"type": "why", "action": "move a1 a2"})
        english = next_of(ws, "why")  # a state broadcast may come first
        assert not english["legal"]
        ws.send_json({"type": "act", "action": "dance wildly", "index": state["index"]})
        err = next_of(ws, "error")
        assert err["code"] == "illegal"
        ws.send_json({"type": "act", "action": state["legal"][0], "index": state["index"]})
        after = next_state(ws, turn=True, index=state["index"] + 2)
        assert after["view"]["log"], "the game's own log"
        # The table's log is the game's narration (and notes), in the reader's language.
        told = [line["text"] for line in after["log"] if line["kind"] == "play"]  # (since the last)
        assert told and told == after["view"]["log"][-len(told) :]
        ws.send_json({"type": "lang", "lang": "ru"})
        again = next_state(ws)
        assert again["lang"] == "ru" and again["log_from"] == 0
        ru_log = again["view"]["log"]
        assert ru_log != after["view"]["log"]  # Carson City Zoo keeps its log as messages
        assert [line["text"] for line in again["log"] if line["kind"] == "play"] == ru_log


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_rules_endpoint_gives_the_rulebook_and_what_is_in_force(client, lang):
    r = client.get(f"/api/rules/carson-zoo?lang={lang}")
    assert r.status_code == 200
    data = r.json()
    assert data["rules_lang"] == lang and data["note"] is None and len(data["markdown"]) > 1000
    assert [x["id"] for x in data["rulings"]][:1] == ["CZ-1"]
    assert client.get("/api/rules/no-such-game").status_code == 400
    # zombie-overlord's house rule option (ZO-10), changed from its default at one table
    games = {g["id"]: g for g in client.get("/api/games").json()}
    zo = games["zombie-overlord"]
    house = next(o for o in zo["options"] if o["house_rule"])
    flipped = (not house["default"]) if isinstance(house["default"], bool) else house["default"]
    t = create(client, game="zombie-overlord", players=2, options={house["name"]: flipped})
    table_rules = client.get(f"/api/tables/{t['id']}/rules?lang={lang}").json()
    entry = next(o for o in table_rules["options"] if o["name"] == house["name"])
    assert entry["house_rule"] == house["house_rule"] and entry["ruling"]["id"] == house["house_rule"]
    assert entry["changed"] == (flipped != house["default"]) and entry["value"] == flipped
    assert table_rules["table"] == t["id"] and table_rules["rulings"]


def test_invalid_requests_are_explained_in_the_readers_language(client):
    body = {"game": "carson-zoo", "move_time": -1}
    es = client.post("/api/tables?lang=es", json=body)
    ru = client.post("/api/tables", json=body, headers={"accept-language": "ru"})
    assert es.status_code == ru.status_code == 422
    assert es.json()["detail"].startswith("la petición no es válida: move_time")
    assert ru.json()["detail"].startswith("некорректный запрос: move_time")
    assert es.json()["errors"][0]["loc"] == ["body", "move_time"]


def test_the_catalogue_carries_card_texts_under_their_message_context(client):
    ru = client.get("/i18n/ru.json").json()
    contexts = ru["contexts"]
    assert {"overlords:card", "zombie-overlord:card", "zombie-shedding:card"} <= set(contexts)
    assert contexts["zombie-shedding:card"]["Screamer"] == "Крикун"
    # Names printed in English stay English: the catalogue says so, the client just follows it.
    assert contexts["overlords:card"]["Minotaur"] == "Minotaur"
    assert contexts["overlords:card"]["Set of 2 = 7 points. Otherwise 2 points each"] != (
        "Set of 2 = 7 points. Otherwise 2 points each"
    )
    # A card text is not a plain message: "messages" keeps only ids without a context.
    assert "Screamer" not in ru["messages"]
    assert isinstance(client.get("/i18n/en.json").json()["contexts"], dict)  # English: ids are the texts


def test_a_log_entry_naming_a_card_is_rendered_in_the_card_context():
    from deadtable.server.localized import localized_view

    card = {"msg": "Screamer", "params": {}, "context": "zombie-shedding:card"}
    view = {"log": ["P1 plays Screamer"], "log_i18n": [{"msg": "{card}", "params": {"card": card}}]}
    assert localized_view(view, "ru")["log"] == ["Крикун"]
    assert localized_view(view, "en")["log"] == ["P1 plays Screamer"]
