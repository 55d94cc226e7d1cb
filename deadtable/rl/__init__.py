"""Adapters for learning agents: fixed action spaces, flat observations, PettingZoo and OpenSpiel.

The modules that need an optional dependency import it themselves, so `import deadtable.rl` works
without any extra: `deadtable.rl.pettingzoo` needs the `rl` extra (pettingzoo, gymnasium, numpy),
`deadtable.rl.openspiel` the `openspiel` extra. Everything goes through the core contract, except
the observation encoders (`deadtable.rl.encoders`), which read each game's state fields for speed
(what the seat may see, as its `information_key` lists it).
When Gymnasium is installed, importing this package registers every game as `deadtable/<id>-v0`
(`deadtable.rl.single_agent.SeatEnv`, see `register_gymnasium`).
"""

from __future__ import annotations

import importlib.util


def register_gymnasium() -> list[str]:
    """Register `deadtable/<game id>-v0` with Gymnasium for every game (`SeatEnv`); returns the ids.

    Called when `deadtable.rl` is imported, if Gymnasium is installed; it imports nothing heavy (the
    entry point is a string, loaded by `gymnasium.make`), and registering again changes nothing.
    """
    import gymnasium

    from deadtable.core import games

    ids = []
    for g in games():
        env_id = f"deadtable/{g.id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, "deadtable.rl.single_agent:SeatEnv", kwargs={"game_id": g.id})
        ids.append(env_id)
    return ids


if importlib.util.find_spec("gymnasium") is not None:
    register_gymnasium()
