"""Fixed action spaces: the game's own list (its action_space.py) or the generic sorted-legal index."""

from __future__ import annotations

import random

import pytest

from deadtable.core import DeadtableError, Game, Variant, game
from deadtable.rl.actions import ActionEncoder, action_texts

from .conftest import variant_params

SEEDS = 2


@pytest.mark.parametrize(("g", "variant"), variant_params())
def test_every_legal_action_has_one_index(g: Game, variant: Variant) -> None:
    enc = ActionEncoder.for_game(g, variant.players, variant.options)
    for seed in range(SEEDS):
        state = g.new(variant.players, seed, **variant.options)
        rng = random.Random(seed)
        while not state.is_terminal:
            indices, actions = enc.legal(state)
            assert len(set(indices)) == len(indices), "two legal actions share an index"
            assert all(0 <= i < enc.size for i in indices)
            pick = rng.randrange(len(indices))
            assert enc.decode_legal((indices, actions), indices[pick], state) == actions[pick]
            state.apply_trusted(actions[pick])


def test_carson_zoo_space_is_every_place_and_every_orthogonal_move() -> None:
    g = game("carson-zoo")
    texts = action_texts(g, 2, {})
    assert texts is not None
    assert len(texts) == 4 * 25 + 80  # values 3-6 on 25 positions (CZ-3); 40 edges both ways (CZ-4)
    assert len(set(texts)) == len(texts)
    assert "place 6 e5" in texts and "move a1 b1" in texts and "move b1 a1" in texts
    assert "move a1 b2" not in texts  # never diagonally (CZ-4)
    assert action_texts(g, 4, {}) == texts


def test_fixed_index_means_the_same_action_in_every_position() -> None:
    g = game("carson-zoo")
    enc = ActionEncoder.for_game(g, 2, {})
    state = g.new(2, 1)
    i = enc.index["place 3 c3"]
    assert str(enc.decode(state, i)) == "place 3 c3"
    state.apply(g.parse_action(state, "place 3 c3"))
    with pytest.raises(DeadtableError, match="not legal"):
        enc.decode(state, i)


def test_generic_encoder_indexes_sorted_legal_actions_and_cuts_at_its_size() -> None:
    g = game("carson-zoo")
    state = g.new(2, 4)
    legal = sorted(state.legal_actions(), key=str)
    enc = ActionEncoder(g.id, 10, None)
    indices, actions = enc.legal(state)
    assert indices == list(range(10)) and actions == legal[:10]
    assert enc.truncated == 1
    big = ActionEncoder(g.id, 500, None)
    assert big.legal(state)[1] == legal and big.decode(state, 0) == legal[0]


def test_unlisted_legal_action_is_reported() -> None:
    g = game("carson-zoo")
    enc = ActionEncoder(g.id, 1, ["place 3 a1"])
    with pytest.raises(DeadtableError, match="not in the game's action_space"):
        enc.legal(g.new(2, 0))


class _Offers:
    """A stand-in state: legal_actions() hands out the actions given (ActionEncoder.legal reads no more)."""

    def __init__(self, actions: list) -> None:
        self.actions = actions

    def legal_actions(self) -> list:
        return self.actions


def test_indices_by_object_agree_with_the_texts_after_the_memo_starts_over(monkeypatch) -> None:
    """The fixed space finds an index by the action object's id; equal objects built afresh, and a
    memo that starts over (ID_MEMO_LIMIT reached), give the index of the action's text all the same."""
    import copy

    from deadtable.rl import actions as actions_module

    monkeypatch.setattr(actions_module, "ID_MEMO_LIMIT", 150)
    g = game("carson-zoo")
    enc = ActionEncoder.for_game(g, 2, {})
    state = g.new(2, 3)
    rng = random.Random(3)
    seen = 0
    while not state.is_terminal:
        indices, actions = enc.legal(state)
        assert indices == [enc.index[str(a)] for a in actions]
        fresh = [copy.copy(a) for a in actions]
        assert all(f is not a for f, a in zip(fresh, actions, strict=True))
        assert enc.legal(_Offers(fresh))[0] == indices  # type: ignore[arg-type]
        assert len(enc._held) <= 150
        seen += len(actions)
        state.apply_trusted(actions[rng.randrange(len(actions))])
    assert seen > 3 * 150  # the memo did start over, more than once
