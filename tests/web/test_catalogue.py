"""Every text the pages show is a catalogue message, translated into Spanish and Russian (no browser)."""

from __future__ import annotations

import pytest

from deadtable.i18n import catalogue_json
from deadtable.web.messages import MESSAGES, ui_messages


def test_the_pages_use_only_listed_messages() -> None:
    used = ui_messages()
    assert len(used) > 100
    assert "Your turn" in used and ("{n} second", "{n} seconds") in used  # t(...) and nt(...)
    assert "New table" in used and "Rules" in used  # data-i18n in the HTML
    unlisted = [m for m in used if m not in MESSAGES]
    assert not unlisted, f"add these to deadtable/web/messages.py, then extract and translate: {unlisted}"


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_page_text_has_a_translation(lang: str) -> None:
    messages = catalogue_json(lang)["messages"]
    assert isinstance(messages, dict)
    gaps = [m for m in MESSAGES if (m if isinstance(m, str) else m[0]) not in messages]
    assert not gaps, f"{lang}: untranslated page texts {gaps}"
    assert messages["Your actions"] != "Your actions"
    forms = messages["{n} second"]
    assert isinstance(forms, list) and len(forms) == (3 if lang == "ru" else len(forms))
