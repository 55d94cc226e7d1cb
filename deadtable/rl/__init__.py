"""Adapters for learning agents: fixed action spaces, flat observations, PettingZoo and OpenSpiel.

The modules that need an optional dependency import it themselves, so `import deadtable.rl` works
without any extra: `deadtable.rl.pettingzoo` needs the `rl` extra (pettingzoo, gymnasium, numpy),
`deadtable.rl.openspiel` the `openspiel` extra. Everything goes through the core contract only.
"""
