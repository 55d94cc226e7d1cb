"""The per-game observation encoders (each game's `encoder` module, deadtable.rl.encoders): they
leak nothing, stay in [-1, 1], label every slot and are what the environments observe through."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import deadtable
from deadtable.core import Game, State, Variant
from deadtable.rl.encoders import encoder_of, observer
from deadtable.rl.encoding import Encoder

from ..surfaces.twins import SEAT, Twin, every_twin
from .conftest import variant_params

MOVES = 60


def _encoder(g: Game, variant: Variant) -> Encoder:
    enc = observer(g, variant.players, variant.options)
    assert isinstance(enc, Encoder), f"{g.id} has no encoder of its own"
    return enc


def _replay(twin: Twin, second: bool) -> list[State]:
    state = twin.starting_state(second)
    states = [state.clone()]
    for text in twin.actions(second):
        state.apply(state.game.parse_action(state, text))
        states.append(state.clone())
    return states


def test_every_game_has_its_own_encoder_in_its_package() -> None:
    for g in deadtable.games():
        encoder = encoder_of(g)
        assert encoder is not None and issubclass(encoder, Encoder), g.id
        assert encoder.__module__ == f"{g.package}.encoder"


@pytest.mark.parametrize("twin", every_twin(5, MOVES))
def test_twin_games_give_the_same_observations(twin: Twin) -> None:
    """Games that differ only in what seat 0 cannot see (re-dealt hidden cards, another seat's hidden
    choice) give seat 0 the same vector at every move until its views part."""
    enc = _encoder(twin.game, twin.variant)
    first, second = _replay(twin, False), _replay(twin, True)
    assert len(first) == len(second)
    assert twin.first != twin.second or twin.start is not None  # the games do differ
    for k, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a.view(SEAT) == b.view(SEAT)  # the twins' premise, as the surfaces' tests check it
        x, y = enc.encode(a, SEAT), enc.encode(b, SEAT)
        if not np.array_equal(x, y):
            differ = {enc.names[i]: (float(x[i]), float(y[i])) for i in np.flatnonzero(x != y)}
            pytest.fail(f"move {k}: seat {SEAT}'s observations differ in {differ}")


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_observations_are_bounded_labelled_and_blind_to_what_is_hidden(g: Game, variant: Variant) -> None:
    """Along seeded random games, every seat's vector is in [-1, 1], has one label per slot, does not
    change in any determinization for that seat (every hidden card redrawn), and changes as the game
    goes on (the encoder does see the moves)."""
    enc = _encoder(g, variant)
    assert len(enc.names) == enc.size == len(set(enc.names))
    rng = random.Random(3)
    distinct = set()
    for seed in range(2):
        state = g.new(variant.players, seed, **variant.options)
        while True:
            for seat in range(variant.players):
                x = enc.encode(state, seat)
                assert x.dtype == np.float32 and x.shape == (enc.size,)
                assert float(x.min()) >= -1.0 and float(x.max()) <= 1.0, enc.explain(x)
                other = state.determinize(seat, random.Random(rng.getrandbits(32)))
                assert np.array_equal(x, enc.encode(other, seat)), f"seat {seat} sees a hidden card"
                distinct.add(x.tobytes())
            if state.is_terminal:
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert len(distinct) > 10


def test_each_call_returns_a_new_vector() -> None:
    g = deadtable.game("zombie-shedding")
    enc = _encoder(g, g.variants()[0])
    state = g.new(2, 1, mode="duel")
    first = enc.encode(state, 0)
    kept = first.copy()
    state.apply(state.legal_actions()[0])
    enc.encode(state, 0)
    assert np.array_equal(first, kept)


def test_seats_are_relative_and_the_own_hand_is_named() -> None:
    """Slot 'me' is the observing seat: seat 1's vector shows seat 1's hand under 'hand[...]'."""
    g = deadtable.game("zombie-shedding")
    enc = _encoder(g, g.variants()[0])
    state = g.new(2, 4, mode="duel")
    for seat in (0, 1):
        shown = enc.explain(enc.encode(state, seat))
        hand = {k: v for k, v in shown.items() if k.startswith("hand[")}
        slugs = sorted(state.cards.slugs[k] for k in state.hands[seat])
        assert sorted(k[len("hand[") : -1] for k in hand) == sorted(set(slugs))
        assert shown["dealer[me]" if state.dealer == seat else "dealer[+1]"] == 1.0


def test_the_cards_known_to_be_among_several_hands_are_observed() -> None:
    """After a rebuild with two other hands, seat 0 knows five cards are among them (not which
    holds which): its vector counts them under 'known among[...]' and marks those two hands."""
    from ..zombie_shedding.test_knowledge import rebuilt_with_two_other_hands

    st = rebuilt_with_two_other_hands()
    g = deadtable.game("zombie-shedding")
    enc = _encoder(g, next(v for v in g.variants() if v.players == 3))
    shown = enc.explain(enc.encode(st, 0))
    among = {k[len("known among[") : -1]: v for k, v in shown.items() if k.startswith("known among[")}
    pooled = sorted(st.cards.slugs[k] for k in st.pooled[0])
    assert sorted(among) == sorted(set(pooled)) and len(pooled) == 5
    assert {k: v for k, v in shown.items() if k.startswith("known among seats[")} == {
        "known among seats[+1]": 1.0,
        "known among seats[+2]": 1.0,
    }
