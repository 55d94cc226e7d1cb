"""A finished table's post-game review of one seat (server/review_cache.py says who may see what).

GET /api/tables/{id}/review/{seat}   the review of `seat` (from 0), once the game is over; with
                                     ?token= (a seat's secret) it must be that seat's. Each decision
                                     comes with `told` (what the seat was told of its move, in the
                                     reader's language; for a move the log does not tell, its
                                     words as a hint gives them), `best_told` (the best move found in words,
                                     review_words.py; "" when it is the move played or nothing
                                     tells it) and `flag_text`. A page shows these words, never
                                     `played` and `best`, the moves' texts.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from deadtable.i18n import N_, Message, N_plural, translator

from ..deps import client_may, fail, hub_of, language_of, table_or_404
from ..review_cache import Reviews
from ..review_words import WORDS, best_words
from ..seat_access import authenticate
from ..store import Refused

router = APIRouter()
TOO_MANY_REVIEWS = N_plural(
    "too many reviews asked from your address ({most} in {window} seconds): try again in {seconds} second",
    "too many reviews asked from your address ({most} in {window} seconds): try again in {seconds} seconds",
)
FLAG_TEXTS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


@router.get("/api/tables/{table_id}/review/{seat}")
async def get_review(table_id: str, seat: int, request: Request, token: str | None = None) -> dict[str, Any]:
    lang = language_of(request)
    hub = hub_of(request)
    lt = await table_or_404(hub, table_id, lang)
    if not lt.state.is_terminal:
        raise fail(409, Message("the review opens when the game is over"), lang)
    if not 0 <= seat < lt.row.players:
        message = Message(
            "there is no seat {seat} at this table (seats 0 to {last})", seat=seat, last=lt.row.players - 1
        )
        raise fail(404, message, lang)
    if token is not None:
        try:
            authenticate(lt, seat, token)
        except Refused as err:
            raise HTTPException(403, err.render(lang)) from None
    reviews: Reviews = request.app.state.reviews
    found = reviews.kept(lt.id, seat)
    if found is None:
        client_may(request, request.app.state.review_starts, TOO_MANY_REVIEWS, lang)
        found = await reviews.of(lt.id, seat, lt.state.record())
    if WORDS not in found:
        found[WORDS] = await asyncio.to_thread(best_words, lt.game, lt.state.record(), found["decisions"])
    return localized(found, lang, [s.public()["name"] for s in lt.row.seats])


def localized(done: dict[str, Any], lang: str, names: list[str]) -> dict[str, Any]:
    """The review with each move's narration and flag in `lang` (the cached JSON is left as is)."""
    tr = translator(lang)
    said = done.get(WORDS, {})
    out = dict(done)
    out["names"] = names
    out["decisions"] = [
        {
            **d,
            "told": "; ".join(
                Message.from_json(m).render(lang)
                for m in d["narration"] or said.get("played", {}).get(str(d["move"]), [])
            ),
            "best_told": "; ".join(
                Message.from_json(m).render(lang) for m in said.get("best", {}).get(str(d["move"]), [])
            ),
            "flag_text": tr._(FLAG_TEXTS[d["flag"]]) if d["flag"] else "",
        }
        for d in done["decisions"]
    ]
    return out
