"""Shared fixtures: the registered games and their variants, English output, a private data folder,
and one throwaway PostgreSQL server for the whole session."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import deadtable

# The conformance suite plays this many seeds per variant: 100, enough to meet each game's rare
# decisions (a hidden pending decision, a trimmed log) in every variant; a deeper run sets more
# (DEADTABLE_CONFORMANCE_SEEDS=1000, docs/contributors.md).
SEEDS = int(os.environ.get("DEADTABLE_CONFORMANCE_SEEDS", "100"))


def variant_params() -> list[pytest.param]:
    params = []
    for g in deadtable.games():
        for v in g.variants():
            params.append(pytest.param(g, v, id=f"{g.id}-{v.name}"))
    return params


@pytest.fixture(autouse=True)
def _english_and_a_private_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Tests read English output and never touch the user's data folder (records, language).

    Each test has its own data folder and starts in English: a test that runs `--lang es` (which
    remembers the language, and sets it for the process) must not turn a later test Spanish."""
    from deadtable.i18n.catalog import set_language

    monkeypatch.setenv("DEADTABLE_LANG", "en")
    monkeypatch.setenv("DEADTABLE_HOME", str(tmp_path_factory.mktemp("deadtable-home")))
    set_language("en")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A throwaway PostgreSQL server (Debian's packages), one for the whole session: the store's
    tests (tests/server) and the hosting tests (tests/hosting) each make their databases on it
    (`tests.server.pg.fresh_database`). Skipped, with the reason, when it cannot start here."""
    from tests.server.pg import throwaway_postgresql, unavailable

    why = unavailable()
    if why:
        pytest.skip(why)
    with throwaway_postgresql() as url:
        yield url
