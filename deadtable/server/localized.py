"""A view, or an outcome, in the reader's language, where the game keeps its narration as messages.

The state messages of a live table (live_table.py) and the replay pages (routes/tables.py) send
each reader the view rendered in the reader's language; the engine's view itself stays English.
"""

from __future__ import annotations

from typing import Any

from deadtable.i18n import Message


def localized_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """A view (or an outcome) with its narration in `lang`, where the game keeps it as messages.

    Beside an English text `key` a game may give `key_i18n`: a message as JSON, or a list of them
    (Carson City Zoo's `log` / `log_i18n`, Zombie Overlord's `note_i18n`, an outcome's `note_i18n`).
    The English text is replaced by the rendering in `lang`, at any depth; the `_i18n` keys stay, and
    nothing is mutated (views may share parts with the state). Texts of games that keep no messages
    are sent as they are (English) until they do.
    """
    if lang == "en":
        return view
    out = _localized(view, lang, 0)
    assert isinstance(out, dict)
    return out


def _render_json(value: Any, lang: str) -> Any:
    if isinstance(value, dict) and "msg" in value:
        return Message.from_json(value).render(lang)
    if isinstance(value, list):
        return [_render_json(v, lang) for v in value]
    return value


def _localized(obj: Any, lang: str, depth: int) -> Any:
    if depth > 4:
        return obj
    if isinstance(obj, dict):
        changed: dict[str, Any] = {}
        for key, value in obj.items():
            if key.endswith("_i18n"):
                base = key[: -len("_i18n")]
                if value is not None and base in obj:
                    changed[base] = _render_json(value, lang)
            elif isinstance(value, dict | list):
                new = _localized(value, lang, depth + 1)
                if new is not value:
                    changed[key] = new
        return {**obj, **changed} if changed else obj
    if isinstance(obj, list) and obj and isinstance(obj[0], dict | list):
        items = [_localized(v, lang, depth + 1) for v in obj]
        return items if any(a is not b for a, b in zip(items, obj, strict=True)) else obj
    return obj
