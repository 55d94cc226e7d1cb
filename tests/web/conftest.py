"""A live server in a thread and headless Debian Chromium through Playwright (skipped without them)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("DEADTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CONFIRM_OFF = "try { localStorage.setItem('deadtable.confirm', 'off') } catch (e) {}"
CONFIRM_ON = "try { localStorage.setItem('deadtable.confirm', 'on') } catch (e) {}"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _why_not() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install 'deadtable[browser]')"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Debian's chromium is not installed at {CHROMIUM} (.ci/install-system-packages installs it)"
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return "the server extra is not installed (pip install 'deadtable[server]')"
    return None


WHY = _why_not()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if WHY:
        pytest.skip(WHY)
    from deadtable.server import create_app
    from deadtable.server.limits import Limits

    db = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    # The browser tests create many tables from this one address: no creation limit in the way.
    app = create_app(f"sqlite:///{db}", limits=Limits(creations=100_000), bot_pace=0.0)
    yield from serve(app)


def serve(app: Any) -> Iterator[str]:
    """Run `app` on a free port of 127.0.0.1 in a thread; yield its address, then stop it."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Chromium through Playwright's sync API, closed on leaving. That API keeps an event loop
    running in this thread while open, so an open one fails every later `asyncio.run` here: a
    fixture that uses it lives no longer than the tests that need it (module scope outside
    tests/web, which runs last)."""
    from playwright.sync_api import Page, sync_playwright

    # The pages' Content-Security-Policy forbids evaluating strings, which Playwright does with an
    # expression given to wait_for_function; given as a function, it is called without that.
    wait = Page.wait_for_function

    def wait_for_function(self: Page, expression: str, *args: Any, **kwargs: Any) -> Any:
        function = re.match(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|\w+\s*=>)", expression)
        return wait(self, expression if function else f"() => ({expression})", *args, **kwargs)

    Page.wait_for_function = wait_for_function  # type: ignore[method-assign]
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            new_context = b.new_context

            # The pages ask before a move that cannot be taken back (js/confirm.js), a setting on
            # unless a person turns it off; tests that play by clicking start with it off, and a
            # test of the confirmation turns it on in its context (CONFIRM_ON).
            def quiet_context(*args: Any, **kwargs: Any) -> Any:
                context = new_context(*args, **kwargs)
                context.add_init_script(CONFIRM_OFF)
                return context

            b.new_context = quiet_context
            try:
                yield b
            finally:
                b.close()
    finally:
        Page.wait_for_function = wait  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if WHY:
        pytest.skip(WHY)
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    context.close()


# The person's turn (or the game's end) on the styled board: the game's stylesheet is loaded by
# table.js with the first state, and sizes measured before it arrives are the unstyled ones.
TURN_STYLED = (
    "(document.body.dataset.turn === 'yes' || document.body.dataset.over === 'yes')"
    " && document.body.dataset.gameStyle === 'loaded'"
)


def sizes_taking_turns(variants: Iterable[str], both: set[str]) -> list[tuple[str, str]]:
    """(variant, "desktop" | "phone") for whole-game tests: every variant played once, the sizes
    taking turns down the list so that both meet every kind of table, and the variants in `both`
    (the most crowded boards) at both sizes."""
    return [
        (v, size)
        for i, v in enumerate(variants)
        for size in (["desktop", "phone"] if v in both else ["desktop" if i % 2 else "phone"])
    ]


def open_page(browser: Any, width: int, height: int) -> tuple[Any, Any, list[str]]:
    """A new context and page at `width` x `height` without motion (whole-game tests), and the list
    its console errors and page errors are collected in (a test fails on any)."""
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


# A person's click on the node `selector` matches (the `nth`), checked as Playwright's click checks
# it (visible, enabled, and the node itself under its centre once scrolled into view, not covered:
# a piece behind the bar that stays at a phone's bottom is scrolled further, as a person scrolls)
# in one call into the page: a whole game's hundreds of clicks then wait for no frames each.
PRESS = """([selector, nth]) => {
  const node = document.querySelectorAll(selector)[nth];
  if (!node) return `nothing matches ${selector} (${nth})`;
  const off = node.disabled || node.getAttribute('aria-disabled') === 'true';
  if (off) return `${selector} (${nth}) is disabled`;
  let top = null;
  for (const block of ['nearest', 'center', 'start', 'end']) {
    node.scrollIntoView({ block, inline: 'nearest' });
    const r = node.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return `${selector} (${nth}) is not visible`;
    top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (top && (top === node || node.contains(top))) { node.click(); return ''; }
  }
  return `${selector} (${nth}) is covered by ${top ? top.outerHTML.slice(0, 120) : 'nothing'}`;
}"""


def press(page: Any, selector: str, nth: int = 0) -> None:
    """Click the `nth` node `selector` matches as a person would (PRESS); fails if it could not be."""
    refused = page.evaluate(PRESS, [selector, nth])
    assert not refused, refused


def shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def new_table(server: str, game: str, seed: int, players: int = 2, opponent: str = "random") -> dict:
    """Create a table over HTTP: a person at seat 0, bots playing `opponent` at the others."""
    import httpx

    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": opponent}] * (players - 1)
    response = httpx.post(
        server + "/api/tables", json={"game": game, "players": players, "seed": seed, "seats": seats}
    )
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


# Whether a piece that leads to a move is on the screen: its top inside the window and a finger's
# 44 px of it above the bottom (and above the bar that stays there, Undo's, when it shows).
PLAYABLE_IN_VIEW = """() => {
  const acts = (n) => {
    const d = n.dataset.actions || '';
    return d.startsWith('[') ? JSON.parse(d) : d.split('\\n').filter(Boolean);
  };
  const bar = document.querySelector('.undo-bar:not(:empty)');
  const bottom = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
  return [...document.querySelectorAll('#board [data-actions]:not([disabled],[aria-disabled=true])')]
    .filter((n) => acts(n).length && n.getClientRects().length)
    .some((n) => { const r = n.getBoundingClientRect(); return r.top >= 0 && r.top + 44 <= bottom; });
}"""


def playable_on_the_first_screen(page: Any, where: str) -> None:
    """Something the player can play is on the screen without the player scrolling: where the board
    is taller than the screen, the page brings the decision's first piece into view by itself."""
    try:
        page.wait_for_function(PLAYABLE_IN_VIEW, timeout=3000)
    except Exception:
        shot(page, f"phone-first-screen-{where}")
        raise AssertionError(f"{where}: no playable piece on the screen") from None
