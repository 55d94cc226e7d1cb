"""Records keep their card list (deadtable.core.cardlists): every released built-in list is kept,
a record dealt with an older one replays with it, and a player's file that changed is named."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

import deadtable
from deadtable.core import CardDataError, Record, RecordError, replay, replay_states
from deadtable.core.cardlists import PIN, BuiltinLists, earlier_pins, text_sha
from deadtable.core.record import pinned
from deadtable.games.overlords import cards as overlords_cards
from deadtable.games.zombie_overlord import cards as zo_cards
from deadtable.games.zombie_shedding import cards as shed_cards

# Each game with a built-in card list: its id and its lists.
LISTS: dict[str, BuiltinLists] = {
    "zombie-shedding": shed_cards.BUILTINS,
    "zombie-overlord": zo_cards.BUILTINS,
    "overlords": overlords_cards.BUILTINS,
}
# Released built-in lists kept in each game's data/history/: the shedding game's list before
# today's and Zombie Overlord's before medicine-09 got its Combo.
SHED_PREVIOUS = "a1bfefe238ed23c91dcd5158bacabdbf0737eaa909d9168f7142a4ac5d2702f5"
ZO_PREVIOUS = "a84252cf5c1a0470161876bde7a7056fa41a135645e1de994348a7aded7fc732"


def _played(game_id: str, moves: int, seed: int, **options: object) -> deadtable.State:
    state = deadtable.game(game_id).new(2, seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _unpinned(record: Record) -> Record:
    """The record as a version from before card lists were pinned wrote it."""
    options = {k: v for k, v in record.options.items() if k != PIN}
    return Record(record.game, record.players, record.seed, options, list(record.actions))


@pytest.mark.parametrize("game_id", sorted(LISTS))
def test_the_history_keeps_the_current_built_in_list(game_id: str) -> None:
    """A designer who retunes the built-in list must keep it: copy it to data/history/<sha256>.toml
    and list it in data/history/index.toml (docs/designers.md says how). Old records need the old ones."""
    lists = LISTS[game_id]
    current = lists.current_sha
    assert current in lists.index, (
        f"{lists.current} changed: keep it as {lists.history}/{current}.toml and add it to index.toml"
    )
    assert (lists.history / f"{current}.toml").read_text(encoding="utf-8") == lists.current.read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("game_id", sorted(LISTS))
def test_every_kept_list_is_listed_named_by_its_hash_and_deals_a_game(game_id: str) -> None:
    lists = LISTS[game_id]
    files = {p.stem for p in lists.history.glob("*.toml") if p.name != "index.toml"}
    assert files == set(lists.index), "every kept list is in index.toml, and every entry has its file"
    entries = tomllib.loads((lists.history / "index.toml").read_text(encoding="utf-8"))["list"]
    assert len(entries) == len(lists.index), "each list once"
    for sha in lists.index:
        assert text_sha((lists.history / f"{sha}.toml").read_text(encoding="utf-8")) == sha
        state = deadtable.game(game_id).new(2, 1, **{PIN: sha})
        assert state.options[PIN] == sha
        assert state.record().options[PIN] == sha


def test_a_new_game_records_the_current_list() -> None:
    for game_id, lists in LISTS.items():
        record = deadtable.game(game_id).new(2, 3).record()
        assert record.options[PIN] == lists.current_sha
        assert replay(record) == deadtable.game(game_id).new(2, 3)


@pytest.mark.parametrize(("game_id", "previous"), [("zombie-shedding", SHED_PREVIOUS)])
def test_a_record_dealt_with_the_previous_list_replays_with_it(game_id: str, previous: str) -> None:
    state = _played(game_id, 40, 0, mode="duel", **{PIN: previous})
    record = Record.from_json(state.record().to_json())  # as saved to a file and read back
    assert record.options[PIN] == previous
    assert replay(record) == state
    states = replay_states(record)
    assert states[-1] == state and len(states) == len(record.actions) + 1
    assert previous[:12] in state.cards.source  # type: ignore[attr-defined]
    # Without the hash (a record from before): today's list deals it and fails on a move the old
    # cards allowed, so it is played again with each earlier kept list, and the previous one fits.
    before = _unpinned(record)
    assert replay(before) == state
    assert replay_states(before)[-1] == state
    assert pinned(before).options == record.options
    # A record that no kept list plays (here a move no deal allows) says why it may have failed.
    broken = Record(
        before.game, before.players, before.seed, before.options, [*before.actions, "play nonsense"]
    )
    with pytest.raises(RecordError) as err:
        replay(broken)
    assert "predates card versioning" in str(err.value)
    assert "the card list may have changed" in str(err.value)
    assert "action 12 ('play stalker') cannot be replayed" in str(err.value), (
        "the first failure: today's list"
    )


def test_a_record_from_before_pinning_that_today_s_list_plays_is_pinned_to_it() -> None:
    state = _played("zombie-shedding", 40, 0, mode="duel")
    before = _unpinned(state.record())
    assert pinned(before).options[PIN] == shed_cards.BUILTINS.current_sha
    assert replay(before) == state
    assert pinned(state.record()) == state.record(), "a pinned record is left as it is"


def test_the_earlier_lists_are_tried_newest_first_and_only_for_the_built_in_list() -> None:
    lists = shed_cards.BUILTINS
    assert lists.earlier() == [sha for sha in reversed(list(lists.index)) if sha != lists.current_sha]
    assert lists.earlier()[0] == SHED_PREVIOUS, "the list released just before today's comes first"
    shedding = deadtable.game("zombie-shedding")
    assert [o[PIN] for o in earlier_pins(shedding, {"mode": "duel"})] == lists.earlier()
    assert earlier_pins(shedding, {"mode": "duel", PIN: SHED_PREVIOUS}) == [], "a pinned game has its list"
    assert earlier_pins(shedding, {"cards": "mine.toml"}) == [], "a player's file: only its text then was it"
    assert earlier_pins(deadtable.game("carson-zoo"), {}) == [], "a game without card lists"


def test_a_zombie_overlord_record_of_the_previous_card_set_replays_with_it() -> None:
    state = _played("zombie-overlord", 150, 2, **{PIN: ZO_PREVIOUS})
    record = Record.from_json(state.record().to_json())
    assert replay(record) == state
    assert state.cs.sha == ZO_PREVIOUS != zo_cards.BUILTINS.current_sha  # type: ignore[attr-defined]
    assert state.cs is not deadtable.game("zombie-overlord").new(2, 2).cs  # type: ignore[attr-defined]


def test_the_cli_replays_a_record_of_the_previous_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from click.testing import CliRunner

    from deadtable.cli.main import cli, main

    state = _played("zombie-shedding", 40, 0, mode="duel", **{PIN: SHED_PREVIOUS})
    path = tmp_path / "old.json"
    state.record().save(path)
    result = CliRunner().invoke(cli, ["replay", str(path), "--final"])
    assert result.exit_code == 0, result.output
    before = tmp_path / "before.json"  # from before pinning: played again with the previous list
    _unpinned(state.record()).save(before)
    result = CliRunner().invoke(cli, ["replay", str(before), "--final"])
    assert result.exit_code == 0, result.output
    broken = _unpinned(state.record())
    broken.actions.append("play nonsense")  # no kept list plays it
    broken.save(before)
    monkeypatch.setattr("sys.argv", ["deadtable", "replay", str(before)])
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 2
    assert "predates card versioning" in capsys.readouterr().out


def test_a_built_in_list_this_version_does_not_keep_is_named() -> None:
    record = deadtable.game("zombie-shedding").new(2, 1).record()
    record.options[PIN] = "0" * 64
    with pytest.raises(RecordError) as err:
        replay(record)
    assert "does not keep" in str(err.value) and "0" * 64 in str(err.value)
    record.options[PIN] = "../../../etc/passwd"  # a record is untrusted: a hash, never a path
    with pytest.raises(RecordError, match="does not keep"):
        replay(record)


@pytest.mark.parametrize(
    ("game_id", "builtin"),
    [
        ("zombie-shedding", shed_cards.BUILTIN),
        ("zombie-overlord", zo_cards.DATA),
        ("overlords", overlords_cards.BUILTIN),
    ],
)
def test_a_card_file_changed_since_the_deal_is_named(tmp_path: Path, game_id: str, builtin: Path) -> None:
    mine = tmp_path / "my cards.toml"
    text = builtin.read_text(encoding="utf-8")
    mine.write_text(text, encoding="utf-8")
    state = _played(game_id, 6, 4, cards=str(mine))
    record = state.record()
    assert record.options["cards"] == str(mine) and record.options[PIN] == text_sha(text)
    assert replay(record) == state  # the same file: the same game
    mine.write_text(text + "\n# retuned after the game\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        replay(record)
    message = str(err.value)
    assert str(mine) in message and "changed since this game was dealt" in message
    with pytest.raises(CardDataError, match="changed since"):
        deadtable.game(game_id).new(2, 4, **record.options)
    # A new game with the file as it is now is dealt, and pinned to its new text.
    fresh = deadtable.game(game_id).new(2, 4, cards=str(mine))
    assert fresh.options[PIN] == text_sha(mine.read_text(encoding="utf-8"))


def test_the_lobby_and_the_option_lists_do_not_ask_for_the_pin() -> None:
    g = deadtable.game("zombie-shedding")
    assert PIN not in [o["name"] for o in g.describe()["options"]]
    assert g.option(PIN).set_by_game
