"""Zombie Overlord in a terminal (placeholder, replaced below)."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    return str(view["life"])
