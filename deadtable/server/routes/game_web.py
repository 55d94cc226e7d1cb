"""Each game's browser renderer and styles, served from the game's own package.

GET  /games/{game}/renderer.js   the game's board as an ES module (its package's `web/renderer.js`)
GET  /games/{game}/renderer.css  the game's styles (its package's `web/renderer.css`)
GET  /games/{game}/panels.js     the facts of each player's panel, which renderer.js re-exports

Found through the game (`deadtable.core.parts`), never through a table of games: a game shipping no
such file answers 404, and its description (`GET /api/games`: `renderer`, `style`) says null, so the
browser draws it with the generic renderer. Only these names are served, so no path a client
writes reaches any other file.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from deadtable.core import game as find_game
from deadtable.core.parts import files
from deadtable.i18n import Message

from ..deps import fail, language_of

router = APIRouter()

# The files a game may ship for the browser, by the name served, with their media types.
WEB_FILES = {
    "renderer.js": "text/javascript; charset=utf-8",
    "renderer.css": "text/css; charset=utf-8",
    # What each player's panel shows (`panels(view, ctx)`), which renderer.js passes on.
    "panels.js": "text/javascript; charset=utf-8",
}
NO_FILE = "{game} has no {name}: the browser draws it with the generic renderer"


def _shipped(g: Any, name: str) -> bool:
    return bool(files(g, "web", name).is_file())


def web_parts(g: Any) -> dict[str, str | None]:
    """The URLs of the game's renderer and styles, each None when the game ships none."""
    return {
        "renderer": f"/games/{g.id}/renderer.js" if _shipped(g, "renderer.js") else None,
        "style": f"/games/{g.id}/renderer.css" if _shipped(g, "renderer.css") else None,
    }


@router.get("/games/{game_id}/{name}")
async def game_web_file(game_id: str, name: str, request: Request) -> Response:
    lang = language_of(request)
    the_game = find_game(game_id[:64])  # UnknownGame -> 400
    if name not in WEB_FILES or not _shipped(the_game, name):
        raise fail(404, Message(NO_FILE, game=the_game.id, name=name[:64]), lang)
    body = files(the_game, "web", name).read_bytes()
    return Response(body, media_type=WEB_FILES[name], headers={"cache-control": "no-cache"})
