"""The generic conformance suite: every registered game, every variant, many seeds.

For each seed the game is played to the end by seeded random choices, and along the way:
- legal actions are non-empty exactly while the game is not over, in a deterministic order;
- every legal action's text parses back to itself, and the chosen one applies; its structured form
  (`describe()`, what browser pieces are built from) is JSON-ready and tells it from the others;
- (on the first steps, every 23rd (every 92nd past step 276) and the last:)
- `clone()` is independent of the original;
- (every seat on the first steps and the last; on the others the seat to act, the spectator and
  one other seat in turn:) the seat sees the same view in the real state as in any
  determinization of it (a view that shows a hidden card differs between them, so a leak fails here);
- its information key (what search bots key information sets by) is the same in the real state
  and in a determinization, and never stands for two different views (narration aside);
- `determinize` depends only on what the seat knows: determinizing the real state and a
  determinization of it with the same generator gives the same state; and (every 4th seed, not
  the narrated ones) so does determinizing twins, two results of different actions of the
  player to act that another seat sees alike (`_check_twins`: a decision pending that names a
  hidden card must not ride along; the shedding game's combos to come are such, and the suite
  asserts it meets some);
- views are JSON-ready; a view without narration (`view(seat, narration=False)`, what observation
  vectors and search rollouts read) is the full view less its "log", "log_i18n" and "log_start",
  nothing else;
- (every 4th seed, after every move:) a seat's view, each seat in turn (and at the end every
  seat's), tells the spectator's narration, and "log_start" places it in the game's whole
  narration: an entry once told keeps its message, no entry is skipped, log_start never goes back
  (`GameNarration`, as a server accumulates it);
- the outcome is well formed, and `result()` has its scores, ranks and winners;
- `replay(record())` reproduces the final state; the same seed gives the same game.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

import deadtable
from deadtable.agents.ismcts import IsmctsAgent
from deadtable.core import Game, IllegalAction, State, Variant
from deadtable.core.state import LOG, LOG_I18N, LOG_START, read_narration
from deadtable.core.state import NARRATION as VIEW_NARRATION
from deadtable.games.zombie_shedding import view as shedding_view

from .conftest import SEEDS, variant_params

MAX_STEPS = 20_000
EARLY_STEPS = 12  # the costly checks run on each of the first steps,
CHECK_EVERY = 23  # then on every 23rd step, and on the final state;
LATE_STEPS = 276  # past this step of a long game (4-player Zombie Overlord, 4v4 Alliances),
LATE_EVERY = 92  # on every 92nd: its middle game repeats what the checks have met by then
NARRATE_EVERY = 4  # every 4th seed: the narration of every view after every move (`GameNarration`)
TWIN_EVERY = 2  # every other seed: twins on the deep steps (`_check_twins`),
MAX_TWIN_ACTIONS = 40  # among the results of up to 40 actions taken on copies
HIDDEN_SEEDS = 50  # with this many seeds or more, the suite asserts it met hidden decisions
# A game whose seats may have a decision pending that another seat cannot see: how many such
# decisions of seats other than `seat` a state holds. The suite asserts its seeds meet some.
HIDDEN_DECISIONS: dict[str, Callable[[State, int], int]] = {
    "zombie-shedding": lambda state, seat: len(shedding_view.unseen_frames(state, seat)),  # type: ignore[arg-type]
}


# The narration a view may carry beside the position; an information key may leave it out.
NARRATION = (*VIEW_NARRATION, "note", "note_i18n")
# Per game: information key -> a digest of the view it stood for (a digest, not the view: a
# process keeps every key it met, and whole views would take gigabytes).
_KEYS: dict[int, dict[object, bytes]] = {}


def _narration_free(view: dict) -> bytes:
    """A digest of the view less its narration."""
    bare = {k: v for k, v in view.items() if k not in NARRATION}
    return hashlib.blake2b(json.dumps(bare, sort_keys=True).encode(), digest_size=16).digest()


def twin_seed(seed: int) -> bool:
    """Whether the twin check runs on this seed's deep steps (every TWIN_EVERY-th, not narrated)."""
    return seed % TWIN_EVERY == TWIN_EVERY // 2


def _deep_step(step: int) -> bool:
    if step < EARLY_STEPS:
        return True
    return step % (CHECK_EVERY if step < LATE_STEPS else LATE_EVERY) == 0


def _seats_checked(state: State, step: int) -> list[int | None]:
    """The seats whose views a deep step checks: all of them on the first steps; later the
    spectator, the seat to act and one other seat, a different one each step."""
    if step < EARLY_STEPS:
        return [None, *range(state.players)]
    other = (state.current_player + 1 + step % max(1, state.players - 1)) % state.players
    return [None, *sorted({state.current_player, other})]


class GameNarration:
    """The whole narration of a game since move 0, accumulated from views as a server would: by
    absolute index (entry k of a view's log is entry `log_start + k` of the game's narration)."""

    def __init__(self) -> None:
        self.entries: list[dict] = []  # JSON messages, by absolute index
        self.start = 0  # the last view's log_start

    def read(self, state: State, step: int | None = None) -> None:
        """Take the spectator's narration, check a seat tells the same (at `step`, one seat in turn;
        without it, every seat), and check the invariant."""
        told = _told(state.view(None))
        for seat in range(state.players) if step is None else [step % state.players]:
            assert _told(state.view(seat)) == told, f"seat {seat}'s narration is not the spectator's"
        start, messages = told[0], told[2]
        assert isinstance(start, int) and start >= self.start, "log_start went back"
        assert start <= len(self.entries), "log_start skipped entries no view ever showed"
        assert start + len(messages) >= len(self.entries), "the log ends before an entry told before"
        assert messages[: len(self.entries) - start] == self.entries[start:], "an entry told before changed"
        self.entries[start:] = messages
        self.start = start


def _told(view: dict) -> tuple:
    return view[LOG_START], view[LOG], view[LOG_I18N]


def _play(game: Game, variant: Variant, seed: int, tally: Counter | None = None) -> State:
    state = game.new(variant.players, seed, **variant.options)
    rng = random.Random(seed * 7919 + 1)
    narration = GameNarration() if seed % NARRATE_EVERY == 0 else None
    step = 0
    while not state.is_terminal:
        assert step < MAX_STEPS, f"{game.id} seed {seed} did not end in {MAX_STEPS} actions"
        if narration is not None:
            narration.read(state, step)
        actions = state.legal_actions()
        assert actions, f"seat {state.current_player} has no action but the game is not over"
        if _deep_step(step):
            twins = tally if twin_seed(seed) else None
            _deep_checks(game, state, actions, rng, twins, _seats_checked(state, step))
        state.apply(actions[rng.randrange(len(actions))])
        step += 1
    assert state.legal_actions() == []
    if narration is not None:
        narration.read(state)
    _check_views(state, rng)
    return state


def _deep_checks(
    game: Game,
    state: State,
    actions: list,
    rng: random.Random,
    tally: Counter | None,
    seats: list[int | None],
) -> None:
    assert actions == state.legal_actions(), "legal_actions() order is not deterministic"
    assert len(set(actions)) == len(actions), "an action is listed twice"
    for a in actions:
        assert game.parse_action(state, str(a)) == a, f"{a!s} does not parse back to itself"
    # The structured form clients draw pieces from: JSON-ready, a kind, one form per action.
    described = [json.dumps(a.describe(), sort_keys=True) for a in actions]
    assert all('"kind": ' in d for d in described)
    assert len(set(described)) == len(actions), "two legal actions have the same structured form"
    # clone() independence: playing on the copy leaves the original as it was.
    before = state.key()
    copy = state.clone()
    assert copy == state
    copy.apply(actions[-1])
    assert state.key() == before, "applying an action to a clone changed the original"
    _check_views(state, rng, seats)
    if tally is not None:
        _check_twins(state, actions, rng, tally)


def _check_twins(state: State, actions: list, rng: random.Random, tally: Counter) -> None:
    """Determinize depends only on what a seat knows, also of a decision another seat has pending.

    The player to act takes each of its actions in turn, on a copy: two resulting states that
    another seat sees alike (the same view, narration included, after the same past) are twins
    the seat cannot tell apart, as they differ only in what it cannot see (which card was chosen
    for a combo still to come, ...). Determinizing both for that seat with the same generator
    must give the same state: a hidden part of the real state kept in a determinization (a
    pending decision that names a card the seat cannot see) makes them differ.
    """
    seat_to_act = state.current_player
    after = []
    for a in actions[:MAX_TWIN_ACTIONS]:
        copy = state.clone()
        copy.apply(a)
        after.append(copy)
    for seat in range(state.players):
        if seat == seat_to_act:
            continue
        seen: dict[str, State] = {}
        for copy in after:
            twin = seen.setdefault(json.dumps(copy.view(seat), sort_keys=True), copy)
            if twin is copy or twin.key() == copy.key():
                continue
            seed = rng.getrandbits(32)
            a, b = twin.determinize(seat, random.Random(seed)), copy.determinize(seat, random.Random(seed))
            assert a.key() == b.key(), f"seat {seat}'s determinization keeps what another seat chose unseen"
            tally["twins"] += 1
            hidden = HIDDEN_DECISIONS.get(state.game.id)
            if hidden is not None and (hidden(twin, seat) or hidden(copy, seat)):
                tally["hidden decisions"] += 1


def _check_views(state: State, rng: random.Random, seats: list[int | None] | None = None) -> None:
    for seat in [None, *range(state.players)] if seats is None else seats:
        view = state.view(seat)
        json.dumps(view)  # JSON-ready
        assert all(k in view for k in VIEW_NARRATION), "a view tells its log (narration=True by default)"
        bare = {k: v for k, v in view.items() if k not in VIEW_NARRATION}
        assert state.view(seat, narration=False) == bare, "narration=False changes more than the log"
        assert read_narration(view, "en") == view[LOG], "the log's messages and its English texts differ"
        if seat is None:
            continue
        seed = rng.getrandbits(32)
        sample = state.determinize(seat, random.Random(seed))
        assert sample.view(seat) == view, f"seat {seat}'s view shows something it cannot know"
        key = state.information_key(seat)
        assert sample.information_key(seat) == key, f"seat {seat}'s information key reads a hidden card"
        assert sample.seat_facts(seat) == state.seat_facts(seat), f"seat {seat}'s facts read a hidden card"
        digest = _narration_free(view)
        assert _KEYS.setdefault(id(state.game), {}).setdefault(key, digest) == digest, (
            "one information key for two views"
        )
        again = sample.determinize(seat, random.Random(seed))
        direct = state.determinize(seat, random.Random(seed))
        assert again == direct, f"determinize({seat}) depends on more than the seat's information"
        assert not sample.history, "a determinized state carries the real history"
        if seat == state.current_player:
            assert sample.legal_actions() == state.legal_actions(), "legal actions read hidden cards"
            routine = state.game.routine(view)  # IS-MCTS asks it of every decision it meets
            assert isinstance(routine, bool)
            assert not routine or state.game.agents(), "a routine decision needs the game's own agent"


@pytest.mark.parametrize("game", deadtable.games(), ids=lambda g: g.id)
def test_search_settings_are_ismcts_settings(game: Game) -> None:
    """A game's search settings for each of its variants name real IS-MCTS settings with values it
    accepts, and an agent adopted for the variant plays with them."""
    for variant in game.variants():
        agent = IsmctsAgent()
        agent.adopt(game, variant.players, variant.options)  # raises on an unknown setting or a bad value
        for key, value in game.search_settings(variant.players, variant.options).items():
            default = getattr(IsmctsAgent(), key)
            assert type(value) is type(default) or default is None, (variant.name, key)
            assert getattr(agent, key) == value, (variant.name, key)


@pytest.mark.parametrize("half", ["first-seeds", "last-seeds"])
@pytest.mark.parametrize(("game", "variant"), variant_params())
def test_random_play_to_the_end(game: Game, variant: Variant, half: str) -> None:
    """A variant's seeds in two halves, so that parallel workers share a long variant."""
    tally: Counter = Counter()
    seeds = range(SEEDS // 2) if half == "first-seeds" else range(SEEDS // 2, SEEDS)
    for seed in seeds:
        final = _play(game, variant, seed, tally)
        out = final.outcome()
        assert len(out.scores) == len(out.ranks) == variant.players
        assert out.winners, "a finished game has at least one winner"
        assert all(0 <= w < variant.players for w in out.winners)
        assert all(out.ranks[w] == 1 for w in out.winners)
        quick = final.result()  # simulate's rows read this: the outcome, its note perhaps left out
        assert (quick.scores, quick.ranks, quick.winners) == (out.scores, out.ranks, out.winners)
        if seed % 10 == 0:
            record = final.record()
            replayed = deadtable.replay(json.loads(json.dumps(record.to_json())))
            assert replayed == final, "replay(record()) does not reproduce the game"
    if game.id in HIDDEN_DECISIONS and len(seeds) >= HIDDEN_SEEDS:
        assert tally["hidden decisions"], "no twins with another seat's hidden decision pending: no test"


@pytest.mark.parametrize("game", deadtable.games(), ids=lambda g: g.id)
def test_a_long_game_trims_its_log_and_says_where_it_starts(game: Game) -> None:
    """A game long enough to trim its log shows log_start > 0, the same in its copies, and the
    entries a view shows from there on are those an earlier view showed at the same indices."""
    variant = game.variants()[0]
    for seed in range(20):
        state = game.new(variant.players, seed, **variant.options)
        rng = random.Random(seed)
        narration = GameNarration()
        while not state.is_terminal and state.view(None)[LOG_START] == 0:
            narration.read(state)
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
        narration.read(state)
        start = state.view(None)[LOG_START]
        if start > 0:
            break
    assert start > 0, "no game trimmed its log"
    assert narration.entries[start:] == state.view(None)[LOG_I18N]
    assert state.clone().view(0)[LOG_START] == start
    assert state.determinize(0, random.Random(1)).view(0)[LOG_START] == start
    assert LOG_START not in state.view(0, narration=False)


@pytest.mark.parametrize(("game", "variant"), variant_params())
def test_same_seed_same_game(game: Game, variant: Variant) -> None:
    for seed in (1, 2, 3):
        a = game.new(variant.players, seed, **variant.options)
        b = game.new(variant.players, seed, **variant.options)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.is_terminal:
            assert a == b and a.legal_actions() == b.legal_actions()
            acts = a.legal_actions()
            i, j = rng_a.randrange(len(acts)), rng_b.randrange(len(acts))
            a.apply(acts[i])
            b.apply(b.legal_actions()[j])
        assert a.outcome() == b.outcome()


@pytest.mark.parametrize(("game", "variant"), variant_params())
def test_evaluate_all_is_evaluate_of_every_seat(game: Game, variant: Variant) -> None:
    for seed in (1, 2):
        state = game.new(variant.players, seed, **variant.options)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 7 == 0 or state.is_terminal:
                each = [game.evaluate(state, p) for p in range(variant.players)]
                assert game.evaluate_all(state) == pytest.approx(each, abs=1e-12)
            if state.is_terminal:
                break
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
            step += 1


@pytest.mark.parametrize(("game", "variant"), variant_params())
def test_bad_input_is_refused_cleanly(game: Game, variant: Variant) -> None:
    state = game.new(variant.players, 5, **variant.options)
    before = state.key()
    for text in ("", "nonsense", "\x00\xff", "9" * 500):
        with pytest.raises(IllegalAction):
            game.parse_action(state, text)
    assert state.key() == before
    with pytest.raises(deadtable.core.OptionError):
        game.new(variant.players, 1, no_such_option=1)
    with pytest.raises(deadtable.core.OptionError):
        game.new(game.max_players + 1, 1)


def test_games_are_registered() -> None:
    ids = [g.id for g in deadtable.games()]
    assert "carson-zoo" in ids
    assert ids == sorted(ids)
