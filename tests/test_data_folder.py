"""The data folder sits below the CLI and the server: DEADTABLE_HOME, else XDG_DATA_HOME/deadtable."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.cli.paths import language_file, records_dir
from deadtable.data_folder import data_dir
from deadtable.server.db import default_url


def test_deadtable_home_names_the_folder_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEADTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "home"
    assert (tmp_path / "home").is_dir()


def test_else_a_deadtable_folder_in_the_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DEADTABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir(create=False) == tmp_path / "xdg" / "deadtable"
    assert not (tmp_path / "xdg").exists()


def test_the_cli_and_the_server_keep_their_files_in_the_same_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEADTABLE_HOME", str(tmp_path))
    monkeypatch.delenv("DEADTABLE_DATABASE_URL", raising=False)
    assert records_dir() == tmp_path / "records"
    assert language_file() == tmp_path / "language"
    assert default_url() == f"sqlite:///{tmp_path / 'tables.sqlite3'}"
