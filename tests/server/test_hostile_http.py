"""A hostile client over HTTP meets a limit each time, with a clear answer, and the server goes on.

Each limit of `deadtable.server.limits` is tested here: request bodies, hosts and origins, security
headers, the lobby's query, text fields, table creation, the chosen seed, card uploads, replays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deadtable.server import create_app
from deadtable.server.limits import BODY_BYTES, LOBBY_MOST, Limits
from deadtable.server.middleware import CSP

from .conftest import create, next_state

# -- request bodies ---------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_by_its_length(client: TestClient) -> None:
    r = client.post(
        "/api/tables", content=b"x" * (BODY_BYTES + 1), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413
    assert r.json() == {"detail": f"the request body is larger than {BODY_BYTES} bytes"}
    assert len(r.content) < 200  # nothing echoed


def test_a_streamed_body_is_counted_and_cut(client: TestClient) -> None:
    sent = 0

    def chunks() -> Iterator[bytes]:
        nonlocal sent
        for _ in range(1000):
            sent += 1
            yield b"x" * 1024

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "larger than" in r.json()["detail"]


def test_a_body_under_the_limit_still_works(client: TestClient) -> None:
    assert client.post("/api/tables", json={"game": "carson-zoo", "seed": 1}).status_code == 201


def test_an_invalid_request_is_not_echoed(client: TestClient) -> None:
    secret = "ECHO" * 1000
    r = client.post("/api/tables", json={"game": "carson-zoo", "players": secret, "seats": [secret]})
    assert r.status_code == 422
    assert "ECHO" not in r.text
    assert len(r.content) < 2000
    for e in r.json()["errors"]:
        assert "input" not in e and "ctx" not in e


# -- hosts and origins ------------------------------------------------------------------------


def test_another_host_is_refused(client: TestClient) -> None:
    r = client.get("/api/games", headers={"host": "rebound.example:8000"})
    assert r.status_code == 400
    assert "rebound.example" in r.json()["detail"] and "--allowed-host" in r.json()["detail"]
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000", "LOCALHOST"):
        assert client.get("/api/games", headers={"host": host}).status_code == 200, host


def test_a_websocket_from_another_host_or_origin_is_refused(client: TestClient) -> None:
    t = create(client)
    path = f"/ws/tables/{t['id']}"
    for headers in ({"host": "rebound.example"}, {"origin": "https://evil.example"}, {"origin": "null"}):
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(path, headers=headers) as ws,
        ):
            ws.send_json({"type": "hello"})
            ws.receive_json()
        assert closed.value.code == 1008, headers
    with client.websocket_connect(path, headers={"origin": "http://localhost:8000"}) as ws:
        ws.send_json({"type": "hello"})
        assert next_state(ws)["type"] == "state"


def test_the_test_clients_host_needs_the_keyword(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, resume=False)) as c:
        assert c.get("/api/games").status_code == 400
        assert c.get("/api/games", headers={"host": "127.0.0.1:8000"}).status_code == 200
    with TestClient(create_app(sqlite_url, resume=False, limits=Limits(allowed_hosts=("testserver",)))) as c:
        assert c.get("/api/games").status_code == 200


def test_allowed_hosts_from_the_environment(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEADTABLE_ALLOWED_HOSTS", "tables.example, other.example")
    with TestClient(create_app(sqlite_url, resume=False)) as c:
        assert c.get("/api/games", headers={"host": "tables.example"}).status_code == 200
        assert c.get("/api/games", headers={"host": "third.example"}).status_code == 400


# -- security headers, no third-party scripts ----------------------------------------------------

WEB = Path(__file__).resolve().parents[2] / "deadtable" / "web" / "static"


@pytest.mark.parametrize(
    "path", ["/", "/t/abc", "/replay/abc", "/api/games", "/api/tables/nope", "/static/style.css"]
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.headers["content-security-policy"] == CSP
    assert "script-src 'self'" in CSP and "frame-ancestors 'none'" in CSP
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["cross-origin-opener-policy"] == "same-origin"


def test_no_page_loads_third_party_scripts(client: TestClient) -> None:
    assert client.get("/api/docs").status_code == 404
    assert client.get("/api/redoc").status_code == 404
    assert client.get("/api/openapi.json").status_code == 200
    for page in sorted(WEB.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=\"/static/)", html), page.name
        assert "<style" not in html and " style=" not in html, page.name
        assert not re.search(r"\son[a-z]+=", html), page.name
    for script in sorted(WEB.parent.parent.rglob("*.js")):  # the pages' and each game's renderer
        text = script.read_text(encoding="utf-8")
        assert "new Function" not in text and "eval(" not in text, script.name  # CSP forbids them


# -- the lobby's query ------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["limit=-1", "limit=0", f"limit={LOBBY_MOST + 1}", "status=everything"])
def test_the_lobby_query_is_checked(client: TestClient, query: str) -> None:
    r = client.get(f"/api/tables?{query}")
    assert r.status_code == 422, r.text


def test_the_lobby_takes_its_limit(client: TestClient) -> None:
    for seed in range(3):
        create(client, seed=seed)
    assert len(client.get("/api/tables?limit=2").json()) == 2
    assert len(client.get(f"/api/tables?limit={LOBBY_MOST}&status=playing").json()) == 3
    assert client.get("/api/tables?status=over").json() == []


# -- text fields ------------------------------------------------------------------------------

BROKEN = ["\\u0000", "\\ud800", "\\udfff", "\\t", "\\n", "\\u001b[31m"]


@pytest.mark.parametrize("bad", BROKEN)
@pytest.mark.parametrize(
    "template",
    [
        '{"game": "carson-zoo", "seats": [{"kind": "human", "name": "A%sB"}, {"kind": "bot"}]}',
        '{"game": "carson-zoo", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "gr%seedy"}]}',
        '{"game": "carson-%szoo"}',
        '{"game": "carson-zoo", "standby": "gr%seedy"}',
        '{"game": "overlords", "options": {"hired_hands": "ran%sdom"}}',
        '{"game": "overlords", "options": {"hired_hands": ["x", {"deep": "%s"}]}}',
        '{"game": "overlords", "options": {"k%s": 1}}',
    ],
)
def test_control_characters_and_lone_surrogates_are_refused(
    client: TestClient, template: str, bad: str
) -> None:
    raw = (template % bad).encode("ascii")  # the escapes as a client sends them, raw JSON bytes
    r = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert "control character" in r.json()["detail"]
    assert client.app.state.hub.store.list_tables() == []  # type: ignore[attr-defined]


def test_a_surrogate_pair_and_accents_are_fine(client: TestClient) -> None:
    name = b"\\ud83d\\ude00 Jos\\u00e9"  # a pair of surrogates is one character: U+1F600
    raw = b'{"game": "carson-zoo", "seats": [{"kind": "human", "name": "' + name + b'"}, {"kind": "bot"}]}'
    r = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/tables/{r.json()['id']}").json()["seats"][0]["name"] == "\U0001f600 José"


# -- table creation ----------------------------------------------------------------------------


@pytest.fixture
def strict(sqlite_url: str) -> Iterator[TestClient]:
    limits = Limits(creations=3, creation_window=600, unfinished=5)
    with TestClient(create_app(sqlite_url, resume=False, limits=limits, test_client=True)) as c:
        yield c


def test_a_client_creating_too_many_tables_is_told_when_to_come_back(strict: TestClient) -> None:
    for seed in range(3):
        create(strict, seed=seed)
    r = strict.post("/api/tables", json={"game": "carson-zoo"})
    assert r.status_code == 429
    assert 0 < int(r.headers["retry-after"]) <= 600
    assert "too many tables" in r.json()["detail"] and "3 in 600 seconds" in r.json()["detail"]
    assert len(strict.get("/api/tables").json()) == 3
    window = strict.app.state.creations  # type: ignore[attr-defined]
    window.clock = lambda: 10**9  # ten minutes later, and more
    create(strict, seed=9)


def test_creations_racing_one_another_cannot_pass_the_limit_together(strict: TestClient) -> None:
    """Eight requests at once for a limit of 3: each attempt counts when it is let through, so no
    two pass the check before either is counted (creating a table takes a while off the loop)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        codes = list(
            pool.map(lambda s: strict.post("/api/tables", json={"game": "carson-zoo"}).status_code, range(8))
        )
    assert codes.count(201) == 3 and codes.count(429) == 5


def test_refused_creations_do_not_count(strict: TestClient) -> None:
    for _ in range(5):
        assert strict.post("/api/tables", json={"game": "no-such-game"}).status_code == 400
    create(strict)


def test_the_server_holds_so_many_unfinished_tables(strict: TestClient) -> None:
    strict.app.state.creations.most = 100  # type: ignore[attr-defined]
    for seed in range(5):
        create(strict, seed=seed)
    r = strict.post("/api/tables", json={"game": "carson-zoo"})
    assert r.status_code == 503
    assert "5 unfinished tables" in r.json()["detail"]


# -- the seed ---------------------------------------------------------------------------------


def _numbers(value: object) -> Iterator[tuple[str, object]]:
    """Every (key, number) pair in a JSON value, nested."""
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, int) and not isinstance(v, bool):
                yield k, v
            yield from _numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v)


def _spectate(client: TestClient, table_id: str) -> dict:
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello"})
        return next_state(ws)


def test_a_chosen_seed_is_shown_to_everyone(client: TestClient) -> None:
    t = create(client, seed=123456789, seats=[{"kind": "human"}, {"kind": "human"}])
    assert client.get(f"/api/tables/{t['id']}").json()["seed"] == 123456789
    assert [x.get("seed") for x in client.get("/api/tables").json()] == [123456789]
    state = _spectate(client, t["id"])
    assert any("chose the seed 123456789" in line["text"] for line in state["log"]), state["log"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": t["seats"][1]["token"]})
        assert any("123456789" in line["text"] for line in next_state(ws)["log"])


def test_a_drawn_seed_is_shown_nowhere(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "overlords", "players": 3})
    assert r.status_code == 201
    table_id = r.json()["id"]
    seed = client.app.state.hub.tables[table_id].row.seed  # type: ignore[attr-defined]
    assert not client.app.state.hub.tables[table_id].row.seed_chosen  # type: ignore[attr-defined]
    answers = [
        r.json(),
        client.get(f"/api/tables/{table_id}").json(),
        client.get("/api/tables").json(),
        client.get(f"/api/tables/{table_id}/rules").json(),
        client.get(f"/api/tables/{table_id}/cards").json(),
        _spectate(client, table_id),
    ]
    for answer in answers:
        assert seed not in [v for _k, v in _numbers(answer)]
        assert "seed" not in [k for k, _v in _numbers(answer)]
        assert str(seed) not in str(answer)


# -- card files --------------------------------------------------------------------------------

GAMES = Path(__file__).resolve().parents[2] / "deadtable" / "games"
OVERLORDS_CARDS = (GAMES / "overlords" / "data" / "cards.toml").read_text(encoding="utf-8")


def _upload(client: TestClient, text: str, name: str = "mine.toml", game: str = "overlords") -> dict:
    r = client.post("/api/cardsets", json={"game": game, "name": name, "text": text})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _server_dir(client: TestClient) -> str:
    return str(client.app.state.card_files.root.parent)  # type: ignore[attr-defined]


def test_an_uploaded_card_file_makes_a_table_and_shows_by_its_name(client: TestClient) -> None:
    text = OVERLORDS_CARDS.replace("count = 12", "count = 13")  # a set of its own
    up = _upload(client, text, name="../../My Set.toml")
    assert up["id"].startswith("upload:") and len(up["id"]) == len("upload:") + 64
    assert up["name"] == "My Set.toml" and up["game"] == "overlords"
    assert _upload(client, text)["id"] == up["id"]  # the same text, the same file
    r = client.post("/api/tables", json={"game": "overlords", "players": 3, "options": {"cards": up["id"]}})
    assert r.status_code == 201, r.text
    table_id = r.json()["id"]
    lt = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    assert lt.state.cards.counts != lt.game.new(3, 0).cards.counts  # the uploaded set is played
    rules = client.get(f"/api/tables/{table_id}/rules").json()
    assert {o["name"]: o["value"] for o in rules["options"]}["cards"] == "My Set.toml"
    answers = [r.text, rules, client.get(f"/api/tables/{table_id}").text]
    answers.append(client.get(f"/api/tables/{table_id}/cards").text)
    assert all(_server_dir(client) not in str(a) for a in answers)


@pytest.mark.parametrize(
    "cards", ["/dev/zero", "/etc/passwd", "cards.toml", "upload:" + "0" * 64, "upload:x", 5]
)
def test_a_table_reads_no_path(client: TestClient, cards: object) -> None:
    r = client.post("/api/tables", json={"game": "overlords", "players": 3, "options": {"cards": cards}})
    assert r.status_code == 400
    assert r.json()["detail"] == "card files are uploaded with POST /api/cardsets; the server reads no paths"
    assert client.post("/api/tables", json={"game": "overlords", "options": {"cards": ""}}).status_code == 201


def test_a_bad_card_file_is_named_by_its_upload_name(client: TestClient) -> None:
    bad = OVERLORDS_CARDS.replace("count = 12", "count = 0")
    r = client.post("/api/cardsets", json={"game": "overlords", "name": "mine.toml", "text": bad})
    assert r.status_code == 400
    detail = r.json()["detail"]
    assert detail == "mine.toml: card 'Zombie', field 'count': must be a whole number of at least 1, not 0"
    r = client.post("/api/cardsets?lang=es", json={"game": "overlords", "name": "mine.toml", "text": bad})
    assert r.json()["detail"].startswith("mine.toml: carta 'Zombie', campo 'count'")
    r = client.post("/api/cardsets", json={"game": "zombie-shedding", "name": "z.toml", "text": "[[card"})
    assert r.status_code == 400 and r.json()["detail"].startswith("z.toml: not valid TOML")
    assert not list(client.app.state.card_files.root.glob("*/*"))  # type: ignore[attr-defined]


def test_errors_about_a_kept_file_name_it_by_its_upload_name(tmp_path: Path) -> None:
    from deadtable.i18n import Message
    from deadtable.server.cardsets import CardFiles

    files = CardFiles(tmp_path / "cardsets", 1000)
    kept = tmp_path / "cardsets" / ("ab" * 32) / "mine.toml"
    inner = Message("{path} is bad", path=str(kept))
    message = files.scrub(Message("{where}: {problem}", where=str(kept), problem=inner))
    assert str(message) == "mine.toml: mine.toml is bad"
    assert str(files.scrub(Message("{path}", path="/elsewhere/x.toml"))) == "/elsewhere/x.toml"


def test_card_uploads_raw_and_their_limits(client: TestClient) -> None:
    big = OVERLORDS_CARDS + "\n" + "# padding\n" * 10_000  # about 105 KiB: over the default body limit
    r = client.post("/api/cardsets?game=overlords&name=raw.toml", content=big.encode())
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "raw.toml" and r.json()["size"] == len(big.encode())
    huge = OVERLORDS_CARDS + "#" * (256 * 1024)
    r = client.post("/api/cardsets?game=overlords", content=huge.encode())
    assert r.status_code == 413
    r = client.post("/api/cardsets", json={"game": "carson-zoo", "text": OVERLORDS_CARDS})
    assert r.status_code == 400 and "takes no card file" in r.json()["detail"]
    r = client.post(
        "/api/cardsets",
        content=b'{"game": "overlords", "text": "a\\u0000b"}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400
    r = client.post("/api/cardsets", json={"game": "overlords", "name": "a\nb", "text": OVERLORDS_CARDS})
    assert r.status_code == 400


# -- replays -----------------------------------------------------------------------------------


def test_replay_steps_are_built_once_and_equal_a_rebuild(client: TestClient) -> None:
    import deadtable
    from deadtable.core import replay_states

    t = create(client, seats=[{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello"})
        next_state(ws, over=True)
    record = client.get(f"/tables/{t['id']}/record").json()
    states = replay_states(deadtable.Record.from_json(record))
    replays = client.app.state.replays  # type: ignore[attr-defined]
    n = len(record["actions"])
    for step in (0, n, 1, n // 2, n):
        r = client.get(f"/api/tables/{t['id']}/replay/{step}").json()
        assert r["view"] == states[step].view(None)
        assert r["over"] == (step == n)
        assert r["outcome"] == (states[n].outcome().to_json() if step == n else None)
    assert replays.builds == 1
    es = client.get(f"/api/tables/{t['id']}/replay/{n}?lang=es").json()
    assert es["lang"] == "es" and replays.builds == 1


def test_the_replay_cache_keeps_the_last_tables(sqlite_url: str) -> None:
    limits = Limits(replays_cached=1)
    with TestClient(create_app(sqlite_url, limits=limits, test_client=True)) as c:
        c.app.state.hub.bot_pace = 0.0  # type: ignore[attr-defined]  # tables of bots at full speed
        ids = []
        for seed in (1, 2):
            t = create(c, seed=seed, seats=[{"kind": "bot", "agent": "random"}] * 2)
            with c.websocket_connect(f"/ws/tables/{t['id']}") as ws:
                ws.send_json({"type": "hello"})
                next_state(ws, over=True)
            ids.append(t["id"])
        replays = c.app.state.replays  # type: ignore[attr-defined]
        for table_id in (ids[0], ids[0], ids[1], ids[0]):
            assert c.get(f"/api/tables/{table_id}/replay/1").status_code == 200
        assert replays.builds == 3
