"""The fixed action spaces of overlords, zombie-overlord and zombie-shedding (each game's action_space.py).

Every variant plays seeded random games and every legal action's text must be in the space; the
space has no duplicates and is the same list for the same settings; a user's card file gets its own
space (names come from the loaded cards, not from a copy); the PettingZoo env uses the fixed space.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import deadtable
from deadtable.core import Game, Variant, game
from deadtable.rl.actions import ActionEncoder, action_texts
from deadtable.rl.probe import resolved

GAMES = ("overlords", "zombie-overlord", "zombie-shedding")
SEEDS = 60  # random games per variant (a few seconds for the whole file)

# A card renamed in a copy of the built-in file: (data file, old line, new line, old text, new text).
RENAMES = {
    "overlords": ("cards.toml", 'name = "Cyclops"', 'name = "Ogre"', "recruit cyclops", "recruit ogre"),
    "zombie-overlord": (
        "core.toml",
        'name = "Deputy"',
        'name = "Constable"',
        "attack p2 with deputy",
        "attack p2 with constable",
    ),
    "zombie-shedding": (
        "cards.toml",
        'name = "Shambler"',
        'name = "Lurcher"',
        "play shambler",
        "play lurcher",
    ),
}


def params() -> list[Any]:  # pytest.param values
    return [pytest.param(game(i), v, id=f"{i}-{v.name}") for i in GAMES for v in game(i).variants()]


def space_of(g: Game, players: int, options: dict[str, object]) -> list[str]:
    texts = action_texts(g, players, resolved(g, players, options))
    assert texts is not None, f"{g.id} has no fixed action space"
    return texts


def play_inside(g: Game, players: int, options: dict[str, object], space: set[str], seeds: int) -> set[str]:
    """Play `seeds` random games; assert every legal action's text is in `space`; return the texts seen."""
    seen: set[str] = set()
    for seed in range(seeds):
        state = g.new(players, seed, **options)
        rng = random.Random(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            texts = [str(a) for a in actions]
            seen.update(texts)
            missing = [t for t in texts if t not in space]
            assert not missing, f"{g.id} seed {seed}: legal {missing} not in action_space()"
            state.apply_trusted(actions[rng.randrange(len(actions))])
    return seen


@pytest.mark.parametrize(("g", "variant"), params())
def test_every_legal_action_is_in_the_space(g: Game, variant: Variant) -> None:
    space = space_of(g, variant.players, variant.options)
    assert len(space) == len(set(space)), "action_space() lists a text twice"
    assert space == space_of(g, variant.players, variant.options), "not the same list for the same settings"
    assert all(t == t.strip() and t == t.lower() for t in space)
    seen = play_inside(g, variant.players, variant.options, set(space), SEEDS)
    # The games reach a good part of the space: a space padded with junk would show here.
    assert len(seen) >= len(space) // 10


@pytest.mark.parametrize("game_id", GAMES)
def test_the_space_is_the_same_whatever_the_order_of_the_options(game_id: str) -> None:
    g = game(game_id)
    v = g.variants()[-1]
    shuffled = dict(reversed(list(v.options.items())))
    assert space_of(g, v.players, v.options) == space_of(g, v.players, shuffled)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_user_card_file_gets_its_own_space(game_id: str, tmp_path: Path) -> None:
    g = game(game_id)
    file, old_line, new_line, old_text, new_text = RENAMES[game_id]
    builtin = Path(deadtable.__file__).parent / "games" / game_id.replace("-", "_") / "data" / file
    text = builtin.read_text(encoding="utf-8")
    assert text.count(old_line) == 1
    custom = tmp_path / file
    custom.write_text(text.replace(old_line, new_line), encoding="utf-8")
    v = g.variants()[0]
    options = {**v.options, "cards": str(custom)}
    space = space_of(g, v.players, options)
    builtin_space = space_of(g, v.players, v.options)
    assert old_text in builtin_space and new_text not in builtin_space
    assert new_text in space and old_text not in space
    assert len(space) == len(builtin_space)
    seen = play_inside(g, v.players, options, set(space), 10)
    assert not any(old_text.split()[-1] in t.split() for t in seen)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_encoder_and_the_pettingzoo_env_use_the_fixed_space(game_id: str) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    from deadtable.rl.pettingzoo import raw_env

    g = game(game_id)
    v = g.variants()[0]
    space = space_of(g, v.players, v.options)
    enc = ActionEncoder.for_game(g, v.players, v.options)
    assert enc.fixed and enc.texts == tuple(space) and enc.size == len(space)
    e = raw_env(game_id, v.players, **v.options)
    assert e.encoder.fixed and e.encoder.texts == tuple(space)
    assert all(e.action_space(a).n == len(space) for a in e.possible_agents)  # type: ignore[attr-defined]
    e.reset(seed=3)
    rng = random.Random(3)
    for _ in range(200):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        mask = obs["action_mask"]
        assert mask.shape == (len(space),)
        assert e.game_state is not None
        legal = {str(a) for a in e.game_state.legal_actions()}
        assert {space[i] for i in mask.nonzero()[0]} == legal  # index i always means text i
        e.step(rng.choice([int(i) for i in mask.nonzero()[0]]))
