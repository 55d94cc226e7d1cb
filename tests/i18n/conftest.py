"""Fixtures shared by the language tests of the command line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from deadtable.i18n import set_language


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets its own data folder and a neutral environment; English is restored after."""
    home = tmp_path / "home"
    monkeypatch.setenv("DEADTABLE_HOME", str(home))
    for name in ("DEADTABLE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield home
    set_language("en")
