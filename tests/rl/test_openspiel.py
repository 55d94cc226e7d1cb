"""Every game as an OpenSpiel Python game: OpenSpiel's own harnesses (random simulation with
serialization, playthroughs, pickling), its observation types and its ISMCTS."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pytest

import deadtable
from deadtable.core import Game, Variant

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")

from deadtable.rl.openspiel import (  # noqa: E402
    DEALS,
    ismcts_resampler,
    register,
    short_name,
)

from .conftest import first_variants, harness_params, variant_params  # noqa: E402


def _load(g: Game, variant: Variant, **extra: Any) -> Any:
    register(g.id)
    params: dict[str, Any] = {"players": variant.players, **variant.options, **extra}
    return pyspiel.load_game(short_name(g.id), params)


# OpenSpiel's random simulation test checks every step from every seat (clones, strings, tensors,
# serialization): the first variant of each game by default, all with DEADTABLE_RL_ALL_VARIANTS=1.
@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_openspiel_random_simulation(g: Game, variant: Variant) -> None:
    game = _load(g, variant)
    assert game.num_players() == variant.players
    # serialize=True: every state goes through serialize_game_and_state and back.
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _dealt(game: Any, deal: int = 7) -> Any:
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEALS
    state.apply_action(deal)
    return state


def _play(state: Any, moves: int, seed: int = 0) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_games_and_states_pickle_and_serialize(g: Game, variant: Variant) -> None:
    game = _load(g, variant, seed=2)
    again = pickle.loads(pickle.dumps(game))
    assert again == game and str(again) == str(game) and again.num_players() == variant.players
    state = _play(_dealt(game), 12)
    for copy in (
        pickle.loads(pickle.dumps(state)),
        game.deserialize_state(state.serialize()),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert str(copy) == str(state) and copy.history() == state.history()
        for p in range(variant.players):
            assert copy.information_state_string(p) == state.information_state_string(p)
        # The copy plays on as the original does.
        assert str(_play(copy, 5, seed=1)) == str(_play(state.clone(), 5, seed=1))


def test_a_string_option_with_commas_serializes() -> None:
    chosen = deadtable.game("overlords").variants()
    variant = next(v for v in chosen if "," in str(v.options.get("hired_hands", "")))
    game = _load(deadtable.game("overlords"), variant)
    hands = variant.options["hired_hands"]
    assert f"hired_hands={hands.replace(',', ';')}," in str(game)  # a game string holds no comma in a value
    state = _play(_dealt(game), 3)
    assert state.dstate.options["hired_hands"] == hands  # the deadtable game gets its commas back
    again, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again) == str(game) and str(copy) == str(state)


@pytest.mark.parametrize(("g", "variant"), harness_params())
def test_openspiel_playthrough(g: Game, variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    from open_spiel.python.algorithms import generate_playthrough

    # The library writes a tensor that is not all 0 and 1 value by value through round(): for a
    # Carson City Zoo information state, 7 million calls and most of a minute. Each tensor is
    # still made by our observer and checked here, then told by its shape and sum.
    def tensor_lines(tensor: Any, name: str, max_cols: int = 120) -> list[str]:
        assert np.isfinite(tensor).all(), f"{name} holds a value that is not finite"
        return [f"{name}: shape {tensor.shape}, sum {float(np.sum(tensor)):.5f}"]

    monkeypatch.setattr(generate_playthrough, "_format_tensor", tensor_lines)

    # A playthrough records every observation of every step: a shorter game where there is an option.
    shorter = {"rounds": 6} if any(o.name == "rounds" for o in g.options) else {}
    game = _load(g, variant, **shorter)
    text = generate_playthrough.playthrough(str(game), action_sequence=None, alsologtostdout=False)
    assert "IsTerminal() = True" in text and "PublicObservationString" in text
    assert "PrivateObservationString" in text


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_a_state_is_a_function_of_its_history(g: Game, variant: Variant) -> None:
    # The deal is an explicit chance node: replaying a history rebuilds the state.
    game = _load(g, variant, seed=5)
    state = _play(_dealt(game, deal=DEALS - 1), 30)
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert str(replay) == str(state)


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_information_state_is_the_seat_view(g: Game, variant: Variant) -> None:
    game = _load(g, variant, seed=3)
    state = _dealt(game)
    rng = random.Random(0)
    resample = ismcts_resampler(1)
    for _ in range(6):
        if state.is_terminal():
            break
        p = state.current_player()
        sample = resample(state, p)
        # The determinized state looks the same to the seat (ISMCTS asserts this too).
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.information_state_tensor(p) == state.information_state_tensor(p)
        assert sorted(sample.legal_actions()) == sorted(state.legal_actions())
        # OpenSpiel's own resampling entry point draws the same kind of state.
        drawn = state.resample_from_infostate(p, random.Random(9).random)
        assert drawn.information_state_string(p) == state.information_state_string(p)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_information_state_is_perfect_recall(g: Game, variant: Variant) -> None:
    game = _load(g, variant, seed=4)
    state = _dealt(game)
    seen: dict[int, list[str]] = {p: [] for p in range(variant.players)}
    rng = random.Random(2)
    for _ in range(40):
        if state.is_terminal():
            break
        for p in range(variant.players):
            text = state.information_state_string(p)
            # What a seat knew before is still in what it knows now: every earlier
            # information state is a prefix of the later one's trail.
            for earlier in seen[p]:
                assert text.split("\n")[1:][: len(earlier.split("\n")) - 1] == earlier.split("\n")[1:]
            seen[p].append(text)
            # The first line is the seat's view now.
            assert json.loads(text.split("\n")[0]) == json.loads(state.observation_string(p))
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(set(seen[0])) == len(seen[0])  # every move is remembered, even one the seat cannot see


def _observations(game: Any, private_info: Any, public_info: bool) -> Any:
    from open_spiel.python.observation import make_observation

    return make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, public_info=public_info, private_info=private_info),
    )


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_public_observation_shows_no_hand(g: Game, variant: Variant) -> None:
    game = _load(g, variant, seed=6)
    public = _observations(game, pyspiel.PrivateInfoType.NONE, True)
    private = _observations(game, pyspiel.PrivateInfoType.SINGLE_PLAYER, False)
    state = _play(_dealt(game), 6)
    dstate = state.dstate
    for p in range(variant.players):
        text = public.string_from(state, p)
        public.set_from(state, p)
        tensor = public.tensor.copy()
        assert json.loads(text) == dstate.view(None, narration=False)  # the spectator's view
        assert text == public.string_from(state, (p + 1) % variant.players)  # the same for all
        assert json.loads(private.string_from(state, p)) != {}  # the seat's own part is elsewhere
        # Whatever the hidden cards, the public observation is the same.
        for k in range(3):
            sample = state.resample(p, random.Random(k))
            assert public.string_from(sample, p) == text
            public.set_from(sample, p)
            assert (public.tensor == tensor).all()


def test_observation_types_without_a_meaning_here_are_refused() -> None:
    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2})
    for recall, public, private in (
        (True, True, pyspiel.PrivateInfoType.NONE),
        (False, True, pyspiel.PrivateInfoType.ALL_PLAYERS),
    ):
        kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
        with pytest.raises(ValueError, match="not supported"):
            game.make_py_observer(kind)


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_two_player_games_declare_zero_sum_when_returns_sum_to_zero(g: Game, variant: Variant) -> None:
    game = _load(g, Variant(variant.name, 2, variant.options) if variant.players != 2 else variant)
    zero_sum = g.game_type.zero_sum
    assert zero_sum  # every game so far: each names a winner in every 2-player game
    assert (game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM) == zero_sum
    assert (game.utility_sum() == 0.0) if zero_sum else game.utility_sum() is None
    if zero_sum:
        for deal in range(3):
            state = _play(_dealt(game, deal), 100_000, seed=deal)
            assert sum(state.returns()) == 0.0
    if variant.players > 2 or g.max_players > 2:
        more = _load(g, Variant(variant.name, 3, {}))
        assert more.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_carson_zoo_actions_read_as_their_text() -> None:
    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2})
    state = _dealt(game)
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert all(t.startswith("place ") for t in texts) and len(texts) == 4 * 25


def test_deals_play_seeds_from_the_seed_parameter_and_clones_share_them() -> None:
    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2, "seed": 9})
    a = _dealt(game, deal=3)
    assert a.dstate.seed == 9 * DEALS + 3
    a.apply_action(a.legal_actions()[0])
    b = a.clone()
    assert str(b) == str(a)
    b.apply_action(b.legal_actions()[0])
    assert str(b) != str(a) and a.history() != b.history()
    assert _dealt(game, deal=4).dstate.seed != a.dstate.seed


def test_openspiel_ismcts_plays_a_carson_zoo_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    register("carson-zoo")
    game = pyspiel.load_game(short_name("carson-zoo"), {"players": 2, "seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 20, random_state=np.random.RandomState(1))
    bot.set_resampler(ismcts_resampler(2))
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_information_state_tensor_recalls_the_seats_own_moves(g: Game, variant: Variant) -> None:
    from open_spiel.python.observation import make_observation

    game = _load(g, variant, seed=2)
    recall = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
        ),
    )
    state = _dealt(game)
    rng = random.Random(4)
    played: dict[int, list[tuple[int, int]]] = {p: [] for p in range(variant.players)}
    for move in range(25):
        if state.is_terminal():
            break
        p = state.current_player()
        action = rng.choice(state.legal_actions())
        played[p].append((move, action))
        state.apply_action(action)
    size = game.num_distinct_actions()
    for p in range(variant.players):
        tensor = np.asarray(state.information_state_tensor(p))
        assert len(tensor) == game.information_state_tensor_size()
        recall.set_from(state, p)
        own = recall.dict["own_moves"]
        assert len(own) == game.max_game_length()
        expected = np.zeros(len(own), np.float32)
        for move, action in played[p]:
            expected[move] = (action + 1) / size
        assert np.array_equal(own, expected)
        assert np.array_equal(tensor, recall.tensor)
        # The observation part is the PettingZoo observation of the seat.
        assert np.array_equal(recall.dict["observation"], game.layout.encode(state.dstate, p))


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_openspiel_outcome_sampling_mccfr_runs_on_every_game(g: Game, variant: Variant) -> None:
    """OpenSpiel's outcome-sampling MCCFR needs no glue: it keys its tables by
    information_state_string and samples the deal. (Tabular CFR and external sampling walk every
    action of the tree and cannot finish on games this size.)"""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = _load(g, variant, seed=1)
    np.random.seed(0)  # the solver draws with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    assert solver._infostates  # regrets were stored, keyed by information states
    policy = solver.average_policy()
    state = _dealt(game)
    probs = policy.action_probabilities(state)
    assert sorted(probs) == state.legal_actions()
    assert abs(sum(probs.values()) - 1.0) < 1e-9


def test_openspiel_ismcts_needs_no_resampler() -> None:
    """OpenSpiel's Python ISMCTSBot, as it comes: it resamples through state.resample_from_infostate."""
    from open_spiel.python.algorithms import ismcts, mcts

    register("zombie-shedding")
    game = pyspiel.load_game(short_name("zombie-shedding"), {"players": 2, "mode": "duel", "seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 10, random_state=np.random.RandomState(1))
    state = _dealt(game)
    rng = random.Random(3)
    for _ in range(20):
        if state.is_terminal():
            break
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) > 1


@pytest.mark.parametrize(("g", "variant"), first_variants())
def test_information_state_tensor_records_every_observation_where_the_length_allows(
    g: Game, variant: Variant
) -> None:
    """Where (max_game_length + 1) observations fit RECORD_LIMIT (Carson City Zoo), the tensor holds
    the seat's observation after the deal and after every move: two different information-state
    strings give two different tensors, as perfect recall asks. Elsewhere it holds no record."""
    from open_spiel.python.observation import make_observation

    from deadtable.rl.openspiel import RECORD_LIMIT

    game = _load(g, variant, seed=6)
    size, length = game.layout.size, game.max_game_length()
    recall = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
        ),
    )
    if (length + 1) * size > RECORD_LIMIT:
        assert game.recorded == 0 and "seen" not in recall.dict
        assert game.information_state_tensor_size() == size + length
        return
    assert game.recorded == length + 1
    state = _dealt(game)
    expected = {p: [game.layout.encode(state.dstate, p)] for p in range(variant.players)}
    strings: dict[str, bytes] = {}
    rng = random.Random(6)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
        for p in range(variant.players):
            expected[p].append(game.layout.encode(state.dstate, p))
            tensor = np.asarray(state.information_state_tensor(p), np.float32).tobytes()
            strings[state.information_state_string(p)] = tensor
    assert len(set(strings.values())) == len(strings)  # a different string, a different tensor
    for p in range(variant.players):
        recall.set_from(state, p)
        rows = recall.dict["seen"]
        assert rows.shape == (length + 1, size)
        assert np.array_equal(rows[: len(expected[p])], np.stack(expected[p]))
        assert not rows[len(expected[p]) :].any()
        assert np.array_equal(np.asarray(state.information_state_tensor(p), np.float32), recall.tensor)
