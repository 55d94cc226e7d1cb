"""Options in words through the API, and the combinations the lobby may offer (no browser)."""

from __future__ import annotations

import deadtable
from deadtable.server.combinations import combinations


def test_every_chosen_option_has_a_label_and_every_choice_words() -> None:
    for g in deadtable.games():
        for o in g.chosen_options:
            assert o.label, f"{g.id}: option {o.name} has no label"
            for lang in ("es", "ru"):
                assert o.label_text(lang) != o.label or o.label in ("Hired Hands",), (g.id, o.name, lang)
            for choice in o.choices or ():
                assert o.value_text(choice) != str(choice) or choice in ("2v2",), (g.id, o.name, choice)


def test_the_rules_of_a_table_say_each_option_in_words(client) -> None:
    made = client.post(
        "/api/tables",
        json={
            "game": "zombie-overlord",
            "players": 2,
            "options": {"rounds": 0},
            "seats": [{"kind": "bot", "agent": "random"}] * 2,
        },
    ).json()
    options = {o["name"]: o for o in client.get(f"/api/tables/{made['id']}/rules?lang=ru").json()["options"]}
    assert options["rounds"]["label"] == "Лимит раундов"
    assert options["rounds"]["value_text"] == "без ограничения" and options["rounds"]["changed"]
    assert options["misfits"]["value_text"] == "нет"
    listed = client.get("/api/tables?lang=es").json()
    mine = next(t for t in listed if t["id"] == made["id"])
    assert [o["name"] for o in mine["options"]] == ["rounds"]
    assert mine["options"][0]["value_text"] == "sin límite"


def test_the_lobby_learns_which_choices_go_together(client) -> None:
    shedding = combinations("zombie-shedding")
    assert shedding is not None and shedding["options"] == ["mode", "teams", "screamer"]
    teams = shedding["options"].index("teams")
    assert not any(c[teams] == "3v3" for c in shedding["valid"]["4"])
    assert any(c[teams] == "3v3" for c in shedding["valid"]["6"])
    overlords = combinations("overlords")
    assert overlords is not None and overlords["valid"]["3"] == [[False]]
    assert [True] in overlords["valid"]["4"]
    assert combinations("carson-zoo") is None
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["zombie-shedding"]["combinations"] == shedding
    # Every combination offered is one the server accepts.
    for combo in shedding["valid"]["6"][:4]:
        answer = client.post(
            "/api/tables",
            json={
                "game": "zombie-shedding",
                "players": 6,
                "options": dict(zip(shedding["options"], combo, strict=True)),
                "seats": [{"kind": "bot", "agent": "random"}] * 6,
            },
        )
        assert answer.status_code == 201, answer.text
