"""A stored table keeps the card list it was dealt with (deadtable.core.cardlists): rebuilt after the
built-in list changed, it is dealt with its own list again, and the server keeps it."""

from __future__ import annotations

import logging
import random

import pytest
from fastapi.testclient import TestClient

import deadtable
from deadtable.core import RecordError
from deadtable.core.cardlists import PIN
from deadtable.games.zombie_shedding.cards import BUILTINS
from deadtable.server import create_app, db, migrate
from deadtable.server.store import Store

# The shedding game's built-in list released before today's, kept in its data/history/.
PREVIOUS = "a1bfefe238ed23c91dcd5158bacabdbf0737eaa909d9168f7142a4ac5d2702f5"
MOVES = 40  # with seed 0, move 12 plays a card today's list did not deal (test_card_lists)


def _stored(url: str, options: dict[str, str], dealt_with: str) -> tuple[str, deadtable.State]:
    """A table stored with `options`, MOVES moves in, played with the built-in list `dealt_with`."""
    engine = db.make_engine(url)
    migrate.upgrade(engine)
    store = Store(engine)
    table_id, _tokens = store.create_table(
        game="zombie-shedding",
        players=2,
        seed=0,
        options=options,
        seat_specs=[("human", None, "Ann"), ("human", None, "Bo")],
    )
    state = deadtable.game("zombie-shedding").new(2, 0, **{**options, PIN: dealt_with})
    rng = random.Random(0)
    for i in range(MOVES):
        action = rng.choice(state.legal_actions())
        seat = state.current_player
        store.accept(table_id, i, i, lambda missing, s=seat, a=action: (s, str(a), None), "player")
        state.apply(action)
    engine.dispose()
    return table_id, state


def test_a_table_dealt_with_the_previous_list_is_rebuilt_with_it(sqlite_url: str) -> None:
    table_id, state = _stored(sqlite_url, {"mode": "duel", PIN: PREVIOUS}, PREVIOUS)
    with TestClient(create_app(sqlite_url, test_client=True)) as client:
        hub = client.app.state.hub
        client.portal.call(hub.resume)
        lt = client.portal.call(hub.get, table_id)
        assert lt is not None and hub.tables.get(table_id) is lt, "the server keeps the table"
        assert lt.state == state and lt.state.cards.sha == PREVIOUS
        record = lt.state.record()  # what the web replay and the record download start from
        assert record.options[PIN] == PREVIOUS and len(record.actions) == MOVES
        assert deadtable.replay(record) == state


def test_a_table_stored_before_pinning_is_rebuilt_with_todays_list_and_pinned_to_it(
    sqlite_url: str,
) -> None:
    table_id, state = _stored(sqlite_url, {"mode": "duel"}, BUILTINS.current_sha)
    with TestClient(create_app(sqlite_url, test_client=True)) as client:
        hub = client.app.state.hub
        lt = client.portal.call(hub.get, table_id)
        assert lt is not None and lt.state == state
        # From now on it is played with today's list, and the store says so: a later retune of the
        # built-in list leaves it alone.
        assert lt.row.options[PIN] == BUILTINS.current_sha
        stored = hub.store.table(table_id)
        assert stored is not None and stored.options == {"mode": "duel", PIN: BUILTINS.current_sha}


def test_a_table_stored_before_pinning_that_today_s_list_fails_is_rebuilt_with_the_list_it_was_dealt_with(
    sqlite_url: str,
) -> None:
    # Dealt with the previous list and stored without a pin: today's list fails on stored action
    # 11 ('play stalker'), so the earlier kept lists are tried, the newest first, and the previous
    # one plays every move. The table is kept, and the store pinned to that list.
    table_id, state = _stored(sqlite_url, {"mode": "duel"}, PREVIOUS)
    with TestClient(create_app(sqlite_url, test_client=True, resume=False)) as client:
        hub = client.app.state.hub
        lt = client.portal.call(hub.get, table_id)
        assert lt is not None and hub.tables.get(table_id) is lt
        assert lt.state == state and lt.state.cards.sha == PREVIOUS
        assert lt.row.options[PIN] == PREVIOUS
        stored = hub.store.table(table_id)
        assert stored is not None and stored.options == {"mode": "duel", PIN: PREVIOUS}


def test_a_table_stored_before_pinning_that_no_kept_list_plays_says_the_cards_may_have_changed(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, _state = _stored(sqlite_url, {"mode": "duel"}, PREVIOUS)
    engine = db.make_engine(sqlite_url)
    Store(engine).accept(table_id, MOVES, MOVES, lambda missing: (0, "play nonsense", None), "player")
    engine.dispose()
    with TestClient(create_app(sqlite_url, test_client=True, resume=False)) as client:
        hub = client.app.state.hub
        with pytest.raises(RecordError) as err:
            client.portal.call(hub.get, table_id)
        assert "predates card versioning" in str(err.value)
        # The first failure is the one told: today's list, on the stored action 11 (from 0).
        assert "stored action 11 ('play stalker') fails" in str(err.value)
        with caplog.at_level(logging.ERROR, logger="deadtable.server"):
            client.portal.call(hub.resume)
        assert "cannot be rebuilt" in caplog.text and "the card list may have changed" in caplog.text
        stored = hub.store.table(table_id)
        assert stored is not None and PIN not in stored.options  # never pinned to a list it fails with


def test_a_rematch_is_dealt_with_todays_list(sqlite_url: str) -> None:
    from deadtable.server.rematch import make_rematch

    table_id, _state = _stored(sqlite_url, {"mode": "duel", PIN: PREVIOUS}, PREVIOUS)
    engine = db.make_engine(sqlite_url)
    store = Store(engine)
    store.accept(table_id, MOVES, MOVES, lambda missing: (0, "pass", {"scores": [1, 0]}), "player")
    new = store.table(make_rematch(store, table_id, 99))
    assert new is not None and new.options == {"mode": "duel", PIN: BUILTINS.current_sha}
    engine.dispose()
