"""The suites every game passes, run over Supply Run: the generic conformance suite and the leak
suites of the terminal and the online table (twin games that differ only in what seat 0 cannot see).

The suites are parametrised over the games registered when they are collected; here their checks are
called with the example game, found through its entry point (conftest.py).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from deadtable.core import Game, Variant

from .. import test_conformance as conformance
from ..conftest import SEEDS
from ..surfaces import twins
from .conftest import ENTRY_POINT, EXAMPLE

LEAK_SEED = 5
LEAK_MOVES = 40


@pytest.fixture(params=["2p", "3p", "4p"])
def variant(request: pytest.FixtureRequest, installed: Game) -> Variant:
    return next(v for v in installed.variants() if v.name == request.param)


def test_the_examples_in_its_docstrings(installed: Game) -> None:
    import doctest
    import importlib

    for name in ("game", "state", "heuristic", "text", "action_space"):
        result = doctest.testmod(importlib.import_module(f"supply_run.{name}"))
        assert result.failed == 0, name
    assert doctest.testmod(importlib.import_module("supply_run.heuristic")).attempted == 2


def test_the_game_is_found_through_its_entry_point(installed: Game) -> None:
    import deadtable

    assert installed.id in [g.id for g in deadtable.games()]
    assert type(installed).__module__ == "supply_run.game"  # the example's own package, not deadtable's
    assert [v.name for v in installed.variants()] == ["2p", "3p", "4p"]
    # The line registered here is the example's own, its only tie to deadtable.
    declared = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]["entry-points"]
    assert declared == {"deadtable.games": dict([ENTRY_POINT.replace(" ", "").split("=")])}


def test_random_play_to_the_end(installed: Game, variant: Variant) -> None:
    tally: Counter = Counter()
    for half in ("first-seeds", "last-seeds"):
        conformance.test_random_play_to_the_end(installed, variant, half)
    # The twin check of the suite met Supply Run's hidden bids: two run cards put down that the
    # other seats cannot tell apart give the same determinization.
    for seed in filter(conformance.twin_seed, range(min(SEEDS, 20))):
        conformance._play(installed, variant, seed, tally)
    assert tally["twins"] > 0


def test_same_seed_evaluation_and_bad_input(installed: Game, variant: Variant) -> None:
    conformance.test_same_seed_same_game(installed, variant)
    conformance.test_evaluate_all_is_evaluate_of_every_seat(installed, variant)
    conformance.test_bad_input_is_refused_cleanly(installed, variant)


def test_log_trimming_and_search_settings(installed: Game) -> None:
    conformance.test_a_long_game_trims_its_log_and_says_where_it_starts(installed)
    conformance.test_search_settings_are_ismcts_settings(installed)


def _twins(game: Game, variant: Variant) -> list[twins.Twin]:
    found = [
        twins.redealt(game, variant, LEAK_SEED, LEAK_MOVES),
        *twins.hidden_moves(game, variant, LEAK_SEED, LEAK_MOVES),
    ]
    kinds = [t.kind for t in found]
    assert kinds.count("hidden move") >= 1, "no other seat's run card could have been another: no test"
    return found


def test_the_terminal_shows_twin_games_alike(
    installed: Game, variant: Variant, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from ..surfaces import test_terminal_twins as terminal

    for twin in _twins(installed, variant):
        terminal.test_twin_games_show_the_same_screens(monkeypatch, tmp_path, twin)


def test_the_online_table_sends_twin_games_alike(
    installed: Game, variant: Variant, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("fastapi", reason="the online table needs the server extra")
    from ..surfaces import test_server_twins as server

    for i, twin in enumerate(_twins(installed, variant)):
        folder = tmp_path / str(i)
        folder.mkdir()
        with monkeypatch.context() as m:
            server.test_twin_tables_send_seat_0_the_same_bytes(m, folder, twin)
