"""What agents are given costs what they use, and tells them exactly what it always told them.

`seat_info(state)` builds the view and the determinization only when an agent reads them
(`SeatInfo.lazy`); `seat_info(state, rng)` builds everything up front, as it always did. Bots must
play the very same games with both, the narration-free view must be the narrated one less its
narration, and a lazy info must not outlive its decision.
"""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.agents import make_agent
from deadtable.core import Game, SeatInfo, State, seat_info
from deadtable.core.agent import StaleSeatInfo
from deadtable.core.state import LOG, NARRATION

# Each game's bot, at 2 players, as `deadtable simulate --agents BOT,BOT` plays it.
BOTS = [
    ("zombie-overlord", "2p", "heuristic"),
    ("overlords", "2p-dummy", "heuristic"),
    ("zombie-shedding", "duel", "heuristic"),
    ("carson-zoo", "2p", "greedy"),
    ("carson-zoo", "2p", "heuristic"),
]
SEEDS = (3, 17, 101)


def _new(game_id: str, variant_name: str, seed: int) -> tuple[Game, State]:
    g = deadtable.game(game_id)
    variant = next(v for v in g.variants() if v.name == variant_name)
    return g, g.new(variant.players, seed, **variant.options)


def _eager(state: State) -> SeatInfo:
    """The info built up front, with the generator `seat_info` always drew its copy from."""
    seat = state.current_player
    return seat_info(state, random.Random(f"{state.seed}/{len(state.history)}/{seat}"))


def _play(game_id: str, variant_name: str, bot: str, seed: int, lazy: bool) -> list[str]:
    g, state = _new(game_id, variant_name, seed)
    agents = [make_agent(bot, g) for _ in range(state.players)]
    rngs = [random.Random(f"{seed}/agent/{s}") for s in range(state.players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        info = seat_info(state) if lazy else _eager(state)
        state.apply(agents[seat].act(info, rngs[seat]))
    return [str(a) for a in state.history]


@pytest.mark.parametrize(("game_id", "variant_name", "bot"), BOTS)
def test_lazy_and_eager_infos_give_the_same_games(game_id: str, variant_name: str, bot: str) -> None:
    for seed in SEEDS:
        lazy = _play(game_id, variant_name, bot, seed, lazy=True)
        assert lazy == _play(game_id, variant_name, bot, seed, lazy=False), f"seed {seed}"
        assert len(lazy) > 10


def _positions(game_id: str, variant_name: str, seed: int = 5, every: int = 7) -> list[State]:
    """Copies of positions along a seeded random game."""
    _, state = _new(game_id, variant_name, seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal:
        if len(state.history) % every == 0:
            out.append(state.clone())
        acts = state.legal_actions()
        state.apply_trusted(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize(("game_id", "variant_name", "bot"), BOTS)
def test_the_view_is_the_narrated_view_less_its_narration(game_id: str, variant_name: str, bot: str) -> None:
    told = 0
    for state in _positions(game_id, variant_name):
        seat = state.current_player
        assert seat is not None
        whole = state.view(seat)
        for info in (seat_info(state), _eager(state)):
            assert info.view == {k: v for k, v in whole.items() if k not in NARRATION}
            assert not set(NARRATION) & set(info.view)
            assert info.narrated_view == whole
        told += bool(whole[LOG])
    assert told, "no position had any narration to leave out"


@pytest.mark.parametrize(("game_id", "variant_name", "bot"), BOTS)
def test_samples_are_those_of_the_eager_info(game_id: str, variant_name: str, bot: str) -> None:
    for state in _positions(game_id, variant_name)[:6]:
        lazy, eager = seat_info(state), _eager(state)
        for k in range(3):
            a, b = lazy.sample(random.Random(k)), eager.sample(random.Random(k))
            assert a.key() == b.key() and a.seed == b.seed
            assert not a.history and a.seed != state.seed
            a.apply_trusted(a.legal_actions()[-1])  # an agent may play on its sample


def test_a_lazy_info_builds_only_what_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    g, state = _new("zombie-overlord", "2p", 4)
    calls: list[tuple[str, bool]] = []
    cls = type(state)
    real_view, real_determinize = cls.view, cls.determinize

    def view(self: State, player: int | None, *, narration: bool = True) -> dict[str, object]:
        calls.append(("view", narration))
        return real_view(self, player, narration=narration)

    def determinize(self: State, player: int, rng: random.Random) -> State:
        calls.append(("determinize", True))
        return real_determinize(self, player, rng)

    monkeypatch.setattr(cls, "view", view)
    monkeypatch.setattr(cls, "determinize", determinize)
    info = seat_info(state)
    assert info.legal_actions == tuple(state.legal_actions()) and calls == []
    assert info.view is info.view  # built once
    assert calls == [("view", False)]
    info.sample(random.Random(1))
    info.sample(random.Random(2))
    assert calls.count(("determinize", True)) == 2
    # The heuristic of Zombie Overlord reads its seat's facts only (`seat_facts`): a decision builds
    # no view and draws no sample.
    calls.clear()
    assert len(state.legal_actions()) > 1  # a real decision: one legal action is returned unread
    make_agent("heuristic", g).act(seat_info(state), random.Random(0))
    assert calls == []


def test_a_lazy_info_is_good_for_one_decision() -> None:
    _, state = _new("overlords", "2p-dummy", 8)
    lazy, eager = seat_info(state), _eager(state)
    lazy.sample(random.Random(0))
    state.apply(state.legal_actions()[0])
    for read in (lambda: lazy.view, lambda: lazy.narrated_view, lambda: lazy.sample(random.Random(0))):
        with pytest.raises(StaleSeatInfo):
            read()
    # The info built up front holds no real state: it outlives the move.
    assert eager.sample(random.Random(0)).view(eager.seat) == eager.narrated_view


def test_an_info_of_a_finished_game_is_refused() -> None:
    _, state = _new("carson-zoo", "2p", 2)
    rng = random.Random(2)
    while not state.is_terminal:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    for make in (seat_info, lambda s: seat_info(s, random.Random(0))):
        with pytest.raises(ValueError, match="game is over"):
            make(state)
