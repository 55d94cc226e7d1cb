"""GET /api/tables/{id}/cards: the title and text of every card id of a table's set, translated.

The view keeps its card ids ("food-08", "paintballer", "supply"); the browser looks them up here.
"""

from __future__ import annotations

from deadtable.core import game as find_game
from deadtable.i18n import translator

from .conftest import create

CONTEXT = "zombie-overlord:card"


def _zo_table(client):  # type: ignore[no-untyped-def]
    return create(client, game="zombie-overlord", players=2, seed=3)["id"]


def test_english_card_texts_cover_every_card_id_of_the_set(client):
    table = _zo_table(client)
    r = client.get(f"/api/tables/{table}/cards?lang=en")
    assert r.status_code == 200
    cards = r.json()
    assert cards == find_game("zombie-overlord").card_texts({})
    assert cards["supply"] == {"title": "Supply", "text": ""}
    assert "paintballer" in cards and cards["paintballer"]["title"] == "Paintballer"
    assert any(v["text"].startswith("Once Per Turn:") for k, v in cards.items() if k.startswith("food-"))


def test_russian_translates_ability_texts_and_keeps_english_names(client):
    table = _zo_table(client)
    en = client.get(f"/api/tables/{table}/cards?lang=en").json()
    ru = client.get(f"/api/tables/{table}/cards", headers={"accept-language": "ru"}).json()
    assert ru.keys() == en.keys()
    tr = translator("ru")
    with_text = [k for k, v in en.items() if v["text"]]
    assert with_text
    for k in with_text:
        assert ru[k]["text"] == tr.pgettext(CONTEXT, en[k]["text"])
    # An ability text differs from English in Russian (and reads Cyrillic).
    assert any(ru[k]["text"] != en[k]["text"] for k in with_text)
    assert any(any("а" <= ch <= "я" for ch in ru[k]["text"]) for k in with_text)
    # Names printed in English on the cards stay English (Survivor names, Supply).
    assert ru["supply"]["title"] == "Supply"
    assert ru["paintballer"]["title"] == "Paintballer"
    # The cookie works too.
    client.cookies.set("deadtable_lang", "ru")
    try:
        assert client.get(f"/api/tables/{table}/cards").json() == ru
    finally:
        client.cookies.clear()


def test_a_game_without_card_texts_answers_an_empty_mapping(client):
    table = create(client)["id"]  # carson-zoo: no card_texts
    r = client.get(f"/api/tables/{table}/cards")
    assert r.status_code == 200 and r.json() == {}


def test_unknown_table_is_404(client):
    r = client.get("/api/tables/nope/cards?lang=ru")
    assert r.status_code == 404
    assert "nope" in r.json()["detail"]


def test_overlords_sends_every_card_s_name_and_text_translated(client):
    table = create(client, game="overlords", players=2)["id"]
    en = client.get(f"/api/tables/{table}/cards?lang=en").json()
    assert en == find_game("overlords").card_texts({})
    assert en["hydra"]["title"] == "Hydra" and en["hydra"]["text"]  # not only the cards in your hand
    es = client.get(f"/api/tables/{table}/cards?lang=es").json()
    assert set(es) == set(en)
    assert es["orthrus"] == {"title": "Orthrus", "text": "Grupo de 2 = 7 puntos. Si no, 2 puntos por carta"}
