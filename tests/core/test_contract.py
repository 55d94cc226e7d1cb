"""The core contract itself: options, outcomes, records, the registry and what agents are given."""

from __future__ import annotations

import json
import random

import pytest

import deadtable
from deadtable.core import (
    IllegalAction,
    Option,
    OptionError,
    Outcome,
    Record,
    RecordError,
    UnknownGame,
    seat_info,
)
from deadtable.core.options import resolve_options


def test_options_are_checked_and_coerced() -> None:
    declared = (
        Option("rounds", 60, "Round limit.", minimum=0),
        Option("mode", "duel", "Mode.", choices=("duel", "blitz")),
        Option("misfits", False, "Use the Misfits."),
    )
    assert resolve_options(declared, {}) == {"rounds": 60, "mode": "duel", "misfits": False}
    got = resolve_options(declared, {"rounds": "12", "misfits": "yes", "mode": "blitz"})
    assert got == {"rounds": 12, "mode": "blitz", "misfits": True}
    with pytest.raises(OptionError, match="at least 0"):
        resolve_options(declared, {"rounds": -1})
    with pytest.raises(OptionError, match="whole number"):
        resolve_options(declared, {"rounds": "many"})
    with pytest.raises(OptionError, match="one of duel, blitz"):
        resolve_options(declared, {"mode": "chaos"})
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        resolve_options(declared, {"colour": "red"})


def test_outcome_ranks_and_shared_wins() -> None:
    out = Outcome.from_scores([10, 30, 30, 5])
    assert out.winners == (1, 2) and out.ranks == (3, 1, 1, 4)
    low = Outcome.from_scores([10, 30, 5], lower_is_better=True)
    assert low.winners == (2,) and low.ranks == (2, 3, 1)
    dummy = Outcome.from_scores([40, 10, 20], eligible=[1, 2])  # a seat that cannot win
    assert dummy.winners == (2,) and dummy.ranks[0] == 1


def test_registry_finds_games_by_entry_point() -> None:
    assert deadtable.game("carson-zoo").name == "Carson City Zoo Apocalypse"
    assert [g.id for g in deadtable.games()] == [g.id for g in deadtable.core.games()]
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        deadtable.game("chess")


def test_new_refuses_bad_arguments_with_reasons() -> None:
    g = deadtable.game("carson-zoo")
    with pytest.raises(OptionError, match="2 to 4 players, not 5"):
        g.new(5, 1)
    with pytest.raises(OptionError, match="seed"):
        g.new(2, "x")  # type: ignore[arg-type]


def test_record_round_trip_and_replay() -> None:
    g = deadtable.game("carson-zoo")
    state = g.new(3, seed=42)
    rng = random.Random(1)
    for _ in range(10):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    loaded = Record.from_json(json.loads(state.record().dumps()))
    assert loaded.actions == [str(a) for a in state.history]
    assert deadtable.replay(loaded) == state


def test_replay_refuses_bad_records_with_the_move_number(tmp_path) -> None:  # type: ignore[no-untyped-def]
    g = deadtable.game("carson-zoo")
    state = g.new(2, seed=3)
    first = str(state.legal_actions()[0])
    bad = Record("carson-zoo", 2, 3, {}, [first, first])
    with pytest.raises(RecordError, match="action 2"):
        deadtable.replay(bad)
    with pytest.raises(RecordError, match="no 'seed'"):
        Record.from_json({"game": "carson-zoo", "players": 2})
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not a JSON record"):
        Record.load(path)
    with pytest.raises(RecordError, match="cannot start"):
        deadtable.replay({"game": "carson-zoo", "players": 9, "seed": 1, "actions": []})


def test_illegal_action_leaves_the_state_unchanged() -> None:
    g = deadtable.game("carson-zoo")
    state = g.new(2, seed=1)
    before = state.key()
    with pytest.raises(IllegalAction):
        state.apply(g.parse_action(state, "move a1 a2"))
    assert state.key() == before and state.history == []


def test_seat_info_holds_no_real_state() -> None:
    """Cheating is impossible by construction: what an agent holds was drawn without the secrets."""
    g = deadtable.game("carson-zoo")
    state = g.new(2, seed=9)
    info = seat_info(state, random.Random(0))  # built up front (the lazy form: test_seat_info.py)
    assert info.narrated_view == state.view(info.seat)
    assert info.view == state.view(info.seat, narration=False)
    assert list(info.legal_actions) == state.legal_actions()
    cells = info._sampler.__closure__ or ()
    held = [c.cell_contents for c in cells if isinstance(c.cell_contents, deadtable.State)]
    assert held and all(h is not state and h.seed != state.seed and not h.history for h in held)
    samples = {info.sample(random.Random(k)).key() for k in range(10)}
    assert len(samples) > 1, "samples are redrawn, not a fixed copy"
    # The same information and the same generator give the same sample, whatever the real deal.
    other = state.determinize(0, random.Random(77))
    info2 = seat_info(other, random.Random(0))
    assert info.sample(random.Random(5)) == info2.sample(random.Random(5))


def test_listeners_hear_actions_and_the_end() -> None:
    g = deadtable.game("carson-zoo")
    state = g.new(2, seed=2)
    heard: list[str] = []
    state.listeners.append(lambda kind, data: heard.append(kind))
    rng = random.Random(2)
    while not state.is_terminal:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    assert heard.count("action") == len(state.history) and heard[-1] == "game_end"
    assert state.clone().listeners == []


@pytest.mark.parametrize("game_id", ["carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"])
def test_apply_quietly_is_apply_trusted_without_the_move_events(game_id: str) -> None:
    """simulate's loop counts the moves itself: `apply_quietly` plays the same game, and the
    listeners hear the game's own events, the same ones, but no `action` and no `game_end`."""
    g = deadtable.game(game_id)
    told, quiet = g.new(2, seed=5), g.new(2, seed=5)
    heard: list[tuple[str, dict]] = []
    heard_quietly: list[tuple[str, dict]] = []
    told.listeners.append(lambda kind, data: heard.append((kind, dict(data))))
    quiet.listeners.append(lambda kind, data: heard_quietly.append((kind, dict(data))))
    rng = random.Random(5)
    while not told.is_terminal:
        acts = told.legal_actions()
        assert quiet.legal_actions() == acts
        k = rng.randrange(len(acts))
        told.apply_trusted(acts[k])
        quiet.apply_quietly(quiet.legal_actions()[k])
    assert quiet.is_terminal and quiet.key() == told.key() and quiet.history == told.history
    assert heard_quietly == [(kind, data) for kind, data in heard if kind not in ("action", "game_end")]
    assert heard[-1][0] == "game_end" and len(heard_quietly) < len(heard) - len(told.history)
