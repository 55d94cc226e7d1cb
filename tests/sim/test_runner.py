"""Seeded plans: seat rotation, seeds, rows, agent specs and clear errors."""

from __future__ import annotations

import random

import pytest

import deadtable
from deadtable.agents import RandomAgent
from deadtable.core import DeadtableError, OptionError, SeatInfo, UnknownGame
from deadtable.sim import Plan, build_agent, check_plan, game_seed, play_game
from deadtable.sim.events import EventStats
from deadtable.sim.loop import play_out


def test_seats_rotate_so_each_agent_plays_each_seat_equally() -> None:
    plan = Plan("carson-zoo", 3, ("a", "b", "c"))
    counts: dict[tuple[str, int], int] = {}
    for i in range(6):
        for s, name in enumerate(plan.seat_agents(i)):
            counts[(name, s)] = counts.get((name, s), 0) + 1
    assert set(counts.values()) == {2} and len(counts) == 9
    # Fewer agents than seats: they repeat, still balanced over k games.
    two = Plan("carson-zoo", 3, ("a", "b"))
    assert [two.seat_agents(i) for i in range(2)] == [("a", "b", "a"), ("b", "a", "b")]


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [game_seed(7, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert game_seed(7, 3) == 2598288329906610927  # stable across processes and versions
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_row_has_seats_scores_winners_and_length() -> None:
    plan = Plan("carson-zoo", 2, ("random", "greedy"), seed=4)
    row = play_game(plan, 1)
    assert row["agent_s0"] == "greedy" and row["agent_s1"] == "random"
    assert row["seed"] == game_seed(4, 1)
    assert sum(row[f"win_s{s}"] for s in range(2)) == pytest.approx(1.0)
    assert row["actions"] == row["actions_s0"] + row["actions_s1"] > 0
    assert {int(w) for w in row["winners"].split()} <= {0, 1}
    assert play_game(plan, 1) == row  # the same plan and index give the same game


def test_agent_specs_set_attributes_and_refuse_bad_ones() -> None:
    zoo = deadtable.game("carson-zoo")
    agent = build_agent("ismcts:iterations=12:rollout=heuristic", zoo)
    assert agent.iterations == 12 and agent.rollout == "heuristic"
    assert build_agent("greedy:samples=2", zoo).samples == 2
    for bad in ("nobody", "ismcts:colour=red", "ismcts:iterations=lots", "ismcts:iterations=0", "greedy:x"):
        with pytest.raises(DeadtableError):
            build_agent(bad, zoo)


def test_a_bad_plan_is_refused_before_any_game() -> None:
    with pytest.raises(UnknownGame):
        check_plan(Plan("chess", 2, ("random",)))
    with pytest.raises(OptionError):
        check_plan(Plan("carson-zoo", 9, ("random",)))
    with pytest.raises(OptionError):
        check_plan(Plan("carson-zoo", 2, ("random",), options={"nope": 1}))
    with pytest.raises(DeadtableError):
        check_plan(Plan("carson-zoo", 2, ("random", "wizard")))


def test_events_become_card_columns() -> None:
    stats = EventStats(2)
    stats("buy", {"seat": 1, "card": "Trap", "cost": 3})
    stats("buy", {"seat": 1, "card": "Trap", "cost": 3})
    stats("score", {"player": 0, "monster": "Ghoul", "points": 4, "final": True})
    stats("round_end", {"round": 1})
    stats("action", {"seat": 0, "action": "pass"})
    cols = stats.columns()
    assert cols["card|buy|Trap|s1"] == 2 and cols["card|buy|Trap|s1|cost"] == 6
    assert cols["card|score|Ghoul|s0|points"] == 4 and "card|score|Ghoul|s0|final" not in cols
    assert cols["ev_round_end"] == 1 and cols["ev_buy"] == 2
    assert stats.actions == 1 and stats.seat_actions == [1, 0]


def _row_told_by_events(plan: Plan, index: int) -> dict[str, object]:
    """Game `index` of `plan` played the way simulate's loop first played it: `apply_trusted`, and
    every count, the moves' included, from the events the statistics listener hears."""
    the_game = deadtable.game(plan.game_id)
    seed, specs = plan.game_seed(index), plan.seat_agents(index)
    agents = [build_agent(spec, the_game) for spec in specs]
    rngs = [random.Random(f"{seed}/agent/{s}") for s in range(plan.players)]
    state = the_game.new(plan.players, seed, **plan.options)
    stats = EventStats(plan.players)
    state.listeners.append(stats)
    first = state.current_player
    while (seat := state.current_player) is not None:
        state.apply_trusted(agents[seat].act(SeatInfo.lazy(state), rngs[seat]))
    out = state.outcome()
    row: dict[str, object] = {"game": index, "seed": seed, "players": plan.players}
    for s in range(plan.players):
        row[f"agent_s{s}"] = specs[s]
        row[f"score_s{s}"] = out.scores[s]
        row[f"rank_s{s}"] = out.ranks[s]
        row[f"win_s{s}"] = 1.0 / len(out.winners) if s in out.winners else 0.0
    row["winners"] = " ".join(str(w) for w in out.winners)
    row["first"] = -1 if first is None else first
    row["actions"] = stats.actions
    for s in range(plan.players):
        row[f"actions_s{s}"] = stats.seat_actions[s]
    row.update(stats.columns())
    return row


@pytest.mark.parametrize(
    ("game_id", "players", "agents"),
    [
        ("carson-zoo", 3, ("heuristic", "random")),
        ("overlords", 2, ("heuristic", "random")),
        ("zombie-overlord", 3, ("heuristic", "random")),
        ("zombie-shedding", 4, ("heuristic", "random")),
    ],
)
def test_the_loop_counts_what_the_events_counted(game_id: str, players: int, agents: tuple[str, ...]) -> None:
    """The loop counts the moves itself and its listener hears only the games' own events
    (`State.apply_quietly`): its rows are the very rows that counting every event gave."""
    plan = Plan(game_id, players, agents, seed=11)
    for index in range(3):
        row = play_game(plan, index)
        assert row == _row_told_by_events(plan, index)
        assert list(row) == list(_row_told_by_events(plan, index))  # the columns' order too
        assert row["actions"] == sum(row[f"actions_s{s}"] for s in range(players)) > 0
        # Carson City Zoo emits no events of its own; the others do, every game.
        assert any(str(k).startswith("ev_") for k in row) == (game_id != "carson-zoo")


def test_card_columns_sum_fields_per_card_and_seat() -> None:
    stats = EventStats(3)
    stats("lure", {"seat": 2, "card": "Ghoul", "attack": 2})
    stats("lure", {"seat": 2, "card": "Ghoul", "attack": 3, "bonus": 1.5})
    stats("lure", {"seat": 0, "card": "Ghoul", "attack": 4})
    stats("play", {"seat": 1, "card": 7})  # a card named by a number: the column names it the same
    cols = stats.columns()
    assert cols["card|lure|Ghoul|s2"] == 2 and cols["card|lure|Ghoul|s2|attack"] == 5
    assert cols["card|lure|Ghoul|s2|bonus"] == 1.5 and cols["card|lure|Ghoul|s0|attack"] == 4
    assert cols["card|play|7|s1"] == 1 and stats.actions == 0
    assert list(cols) == ["ev_lure", "ev_play", *sorted(k for k in cols if k.startswith("card|"))]


class _Chooser:
    """An agent that reads only the legal actions (core.agent.Agent's `choose`)."""

    name = "first"

    def act(self, seat_info: SeatInfo, rng: random.Random) -> object:
        raise AssertionError("the loop hands an agent with `choose` no SeatInfo")

    def choose(self, legal_actions: tuple[object, ...], rng: random.Random) -> object:
        return legal_actions[0]


def test_an_agent_that_reads_only_the_legal_actions_is_handed_nothing_else() -> None:
    state = deadtable.game("carson-zoo").new(2, 3)
    rngs = [random.Random(0), random.Random(1)]
    row = play_out(state, [_Chooser(), _Chooser()], rngs, ("first", "first"), 0)  # type: ignore[list-item]
    assert state.is_terminal and row["actions"] == len(state.history) > 0
    # The random agent's `choose` is its `act`: the same draws from the same generator.
    agent, other = RandomAgent(), deadtable.game("zombie-overlord").new(2, 4)
    for k in range(30):
        info = SeatInfo.lazy(other)
        picked = agent.act(info, random.Random(k))
        assert picked is agent.choose(info.legal_actions, random.Random(k))
        other.apply_trusted(picked)
