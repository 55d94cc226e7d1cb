"""Supply Run (examples/supply_run), registered as an installed distribution would register it.

Nothing in deadtable names the game: the fixture writes what `pip install` leaves in site-packages,
a `<name>-<version>.dist-info/` folder with METADATA and an entry_points.txt of one line under
`[deadtable.games]`, into a temporary folder put on `sys.path` (and on PYTHONPATH, for the
processes a surface starts) beside the example's source, and clears the registry's cache. The game
is then found exactly as an installed one is (deadtable/core/registry.py), and forgotten after.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from deadtable.core import Game, registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "supply_run"
GAME_ID = "supply-run"
ENTRY_POINT = "supply-run = supply_run:GAME"  # the line of examples/supply_run/pyproject.toml


def _install(site: Path) -> None:
    info = site / "deadtable_supply_run-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: deadtable-supply-run\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[deadtable.games]\n{ENTRY_POINT}\n")


@pytest.fixture(scope="package")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Game]:
    """The game as deadtable's registry finds it once the example is installed."""
    site = tmp_path_factory.mktemp("site-packages")
    _install(site)
    paths = [str(site), str(EXAMPLE)]
    before = os.environ.get("PYTHONPATH")
    sys.path[:0] = paths
    os.environ["PYTHONPATH"] = os.pathsep.join([*paths, *([before] if before else [])])
    importlib.invalidate_caches()
    registry._load.cache_clear()
    try:
        yield registry.game(GAME_ID)
    finally:
        for path in paths:
            sys.path.remove(path)
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
        importlib.invalidate_caches()
        registry._load.cache_clear()
