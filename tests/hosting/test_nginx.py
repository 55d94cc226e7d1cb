"""The shipped nginx site (deploy/nginx/deadtable.conf) in front of two `deadtable serve` processes
on one PostgreSQL, over HTTPS for a public-looking name: health, redirects, the creation limit per
player's address, a forged X-Forwarded-For, and two people playing a whole game in Chromium while
a process is killed and restarted."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

import deadtable

from .conftest import CREATE_LIMIT, Site
from .deployed import NAME, Serve, client

TABLE = {"game": "carson-zoo", "seats": [{"kind": "human"}, {"kind": "human"}]}


def _create(http: httpx.Client, **headers: str) -> int:
    return http.post("/api/tables", json=TABLE, headers=headers).status_code


def test_healthz_answers_through_the_proxy_over_https(nginx_site: Site, certificate) -> None:
    with client(certificate, nginx_site.proxy, "127.0.0.2") as http:
        for _ in range(4):  # both processes, whichever nginx picks
            r = http.get("/healthz")
            assert r.status_code == 200 and r.json() == {"status": "ok", "store": "ok"}
        # The processes' own security headers come through, and the site adds HSTS.
        r = http.get("/")
        assert r.status_code == 200 and "content-security-policy" in r.headers
        assert r.headers["strict-transport-security"].startswith("max-age=")


def test_plain_http_is_sent_to_https_but_certbots_challenges(nginx_site: Site) -> None:
    r = httpx.get(
        f"http://127.0.0.1:{nginx_site.proxy.http_port}/t/abc?x=1",
        headers={"host": NAME},
        trust_env=False,
        follow_redirects=False,
    )
    assert r.status_code == 301 and r.headers["location"] == f"https://{NAME}/t/abc?x=1"
    # Except certbot's challenges, answered from its folder (the renewals go through the site).
    challenges = nginx_site.proxy.folder / "webroot" / ".well-known" / "acme-challenge"
    challenges.mkdir(parents=True, exist_ok=True)
    (challenges / "token-1").write_text("token-1.key")
    r = httpx.get(
        f"http://127.0.0.1:{nginx_site.proxy.http_port}/.well-known/acme-challenge/token-1",
        headers={"host": NAME},
        trust_env=False,
    )
    assert r.status_code == 200 and r.text == "token-1.key"


def test_the_creation_limit_counts_each_players_own_address(nginx_site: Site, certificate) -> None:
    proxy = nginx_site.proxy
    # Two players behind the same proxy: the processes see the addresses nginx forwards, so one
    # player reaching the limit leaves the other free. (Each process counts on its own, and nginx
    # spreads requests over both: at most twice the limit gets through.)
    with client(certificate, proxy, "127.0.0.4") as first, client(certificate, proxy, "127.0.0.5") as second:
        codes = [_create(first) for _ in range(2 * CREATE_LIMIT + 1)]
        assert codes[:CREATE_LIMIT] == [201] * CREATE_LIMIT and 429 in codes, codes
        assert [_create(second) for _ in range(CREATE_LIMIT)] == [201] * CREATE_LIMIT
    # A player who writes an X-Forwarded-For of their own is still counted by their address: nginx
    # adds the address it saw on the right, and that is the one the processes take.
    with client(certificate, proxy, "127.0.0.6") as forger:
        codes = [
            _create(forger, **{"x-forwarded-for": f"203.0.113.{k}"}) for k in range(2 * CREATE_LIMIT + 1)
        ]
        assert 429 in codes, codes


def test_a_forged_forwarded_for_sent_straight_to_a_process_is_not_believed(nginx_site: Site) -> None:
    process = nginx_site.processes[0]

    def creations(source: str) -> list[int]:
        transport = httpx.HTTPTransport(local_address=source)
        with httpx.Client(base_url=process.base, transport=transport, trust_env=False, timeout=20) as http:
            return [_create(http, **{"x-forwarded-for": f"198.51.100.{k}"}) for k in range(CREATE_LIMIT + 2)]

    # From an address that is not the proxy's, the header is ignored: the limit counts 127.0.0.3.
    assert creations("127.0.0.3") == [201] * CREATE_LIMIT + [429, 429]
    # From the proxy's own address (127.0.0.1, --forwarded-allow-ips) it is believed: each made-up
    # address is a new player, so this is what a forger would get if it were believed from anyone.
    assert creations("127.0.0.1") == [201] * (CREATE_LIMIT + 2)


# --- two people in Chromium ------------------------------------------------------------------

# One move for the page's seat when it is to act, through the table's own socket (the pieces are
# tested in tests/web; here it is the way there that matters).
MOVE = """() => {
  const s = window.deadtable.newest();
  if (!s || s.over || !s.your_turn || !window.deadtable.connected()) return -1;
  window.deadtable.send({ type: "act", action: s.legal[0], index: s.index });
  return s.index;
}"""
NEWEST = "() => { const s = window.deadtable.newest(); return s ? [s.index, s.over] : [-1, false]; }"


def _browser_why_not() -> str | None:
    from tests.web.conftest import _why_not

    return _why_not()


@pytest.fixture(scope="module")
def chromium_for(nginx_site: Site) -> Any:
    """Chromium that resolves NAME to this machine and accepts the test certificate."""
    why = _browser_why_not()
    if why:
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    from tests.web.conftest import ARGS, CHROMIUM

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=[*ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"]
        )
        try:
            yield browser
        finally:
            browser.close()


def _sockets(page: Any) -> dict[str, int]:
    """Counts of the page's WebSockets opened and closed, kept up to date by Playwright's events."""
    counts = {"opened": 0, "closed": 0}

    def opened(ws: Any) -> None:
        assert ws.url.startswith(f"wss://{NAME}:"), ws.url
        counts["opened"] += 1
        ws.on("close", lambda _ws: counts.__setitem__("closed", counts["closed"] + 1))

    page.on("websocket", opened)
    return counts


def test_two_people_play_a_whole_game_over_https_while_a_process_is_killed(
    nginx_site: Site, certificate, chromium_for: Any
) -> None:
    proxy = nginx_site.proxy
    with client(certificate, proxy, "127.0.0.7") as http:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
        r = http.post("/api/tables", json={**TABLE, "seats": seats})
        assert r.status_code == 201, r.text
        table = r.json()
    pages, sockets, errors = [], [], []
    for seat in table["seats"]:
        # The test authority is not in Chromium's store: the certificate itself is checked by
        # the HTTPS clients above, which trust only that authority.
        context = chromium_for.new_context(ignore_https_errors=True, reduced_motion="reduce")
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        sockets.append(_sockets(page))
        response = page.goto(proxy.base + seat["link"])
        tls = response.security_details() if response is not None else None
        assert tls is not None and tls["subjectName"] == NAME and tls["issuer"] == "deadtable-test-CA", tls
        assert page.evaluate("location.protocol") == "https:"
        pages.append(page)
    for page in pages:
        page.wait_for_function("() => window.deadtable && window.deadtable.connected()")

    sent = 0
    restarted: Serve | None = None
    deadline = time.monotonic() + 120
    while not all(page.evaluate(NEWEST)[1] for page in pages):
        assert time.monotonic() < deadline, "the game did not end"
        if sent >= 6 and restarted is None:
            restarted = _kill_a_process_under_a_page(nginx_site, pages[0], sockets)
        for page in pages:
            index = page.evaluate(MOVE)
            if index >= 0:
                sent += 1
                for other in pages:  # every seat sees the move, through whichever process it is on
                    other.wait_for_function(f"() => window.deadtable.newest().index > {index}", timeout=30e3)
    assert restarted is not None
    restarted.ready()  # and it serves again
    assert sum(s["opened"] for s in sockets) > len(pages)  # a page reconnected
    # Nothing lost: every move sent is in the record, and the record replays to the end.
    with client(certificate, proxy, "127.0.0.7") as http:
        record = http.get(f"/tables/{table['id']}/record").json()
    assert len(record["actions"]) == sent
    final = deadtable.replay(record)
    assert final.is_terminal
    texts = [page.inner_text("#scoresheet") for page in pages]
    assert texts[0] == texts[1] and "Ann" in texts[0] and "Bo" in texts[0]
    assert errors == []
    for page in pages:
        page.context.close()


def _kill_a_process_under_a_page(site: Site, page: Any, sockets: list[dict[str, int]]) -> Serve:
    """SIGKILL the process a page's WebSocket is on, and start it again without waiting for it:
    play goes on meanwhile. nginx passes the dead process over and sends the reconnecting pages
    to the other one. The restarted process, to wait for."""
    for process in site.processes:
        before = [s["closed"] for s in sockets]
        process.kill()
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and [s["closed"] for s in sockets] == before:
            page.wait_for_timeout(50)  # Playwright hands out its events while the page is waited on
        if [s["closed"] for s in sockets] != before:
            return process.launch()
        process.start()  # no page was on it: back as it was, and the other one is the page's
    raise AssertionError(f"no page's WebSocket ended with a killed process: {json.dumps(sockets)}")
