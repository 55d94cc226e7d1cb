"""Uploading a card file, which a new table may then use (see `cardsets.py`).

POST /api/cardsets?game=GAME   the file's text, as JSON {"game": ..., "name": "my.toml", "text": ...}
                               or as the raw body (?game=GAME&name=my.toml); at most 256 KiB.
                               Answers {"id": "upload:<sha256>", "game", "name", "size"}; pass the id
                               as the `cards` option of POST /api/tables.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, ValidationError

from deadtable.core import DeadtableError
from deadtable.core import game as find_game
from deadtable.i18n import Message, N_plural

from ..cardsets import CardFiles, takes_card_files
from ..deps import NOT_TEXT, client_may, fail, language_of, refuse_control_text

router = APIRouter()
TOO_MANY_UPLOADS = N_plural(
    "too many card files uploaded from your address ({most} in {window} seconds): "
    "try again in {seconds} second",
    "too many card files uploaded from your address ({most} in {window} seconds): "
    "try again in {seconds} seconds",
)


class CardUpload(BaseModel):
    game: str | None = Field(None, max_length=64)
    name: str = Field("cards.toml", max_length=200)
    text: str


@router.post("/api/cardsets", status_code=201)
async def upload_card_file(
    request: Request,
    game: str | None = Query(None, max_length=64),
    name: str | None = Query(None, max_length=200),
) -> dict[str, Any]:
    lang = language_of(request)
    client = client_may(request, request.app.state.uploads, TOO_MANY_UPLOADS, lang)
    try:
        return await _upload(request, game, name, lang)
    except BaseException:  # a refused upload does not count against the client
        request.app.state.uploads.release(client)
        raise


async def _upload(request: Request, game: str | None, name: str | None, lang: str) -> dict[str, Any]:
    body = await request.body()  # BodyLimit has cut it at the card file limit
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            data = json.loads(body)
        except ValueError:
            raise fail(400, Message("the request body is not JSON"), lang) from None
        try:
            upload = CardUpload.model_validate(data)
        except ValidationError as err:
            raise RequestValidationError(err.errors()) from None
    else:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise fail(400, Message("the card file is not UTF-8 text"), lang) from None
        upload = CardUpload(game=None, name="cards.toml", text=text)
    upload.game = game or upload.game
    upload.name = name or upload.name
    refuse_control_text({"game": upload.game, "name": upload.name}, "body")
    if NOT_TEXT.search(upload.text.replace("\t", "").replace("\n", "").replace("\r", "")):
        raise fail(400, Message("the card file holds a control character or a broken character"), lang)
    if not upload.game:
        raise fail(400, Message("name the game the cards are for: ?game=GAME"), lang)
    the_game = find_game(upload.game)  # UnknownGame -> 400
    if not takes_card_files(the_game):
        raise fail(400, Message("{game} takes no card file", game=the_game.id), lang)
    files: CardFiles = request.app.state.card_files
    try:
        kept = await asyncio.to_thread(files.add, the_game, upload.name, upload.text)
    except DeadtableError as err:
        raise fail(400, err.message, lang) from None
    return kept.to_json()
