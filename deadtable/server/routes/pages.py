"""The browser client's pages: the lobby, a table, a replay (static files, no build step)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = Path(__file__).resolve().parent.parent.parent / "web" / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(WEB / "index.html")


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(WEB / "table.html")


@router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> FileResponse:
    return FileResponse(WEB / "replay.html")
