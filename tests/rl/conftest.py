"""Parameters for the rl tests: every registered game and variant (the list grows as games land)."""

from __future__ import annotations

import os

import pytest

import deadtable


def variant_params() -> list[pytest.param]:
    return [pytest.param(g, v, id=f"{g.id}-{v.name}") for g in deadtable.games() for v in g.variants()]


def first_variants() -> list[pytest.param]:
    """The first variant of each game (its usual way to play), for the costliest checks."""
    return [pytest.param(g, g.variants()[0], id=f"{g.id}-{g.variants()[0].name}") for g in deadtable.games()]


def harness_params() -> list[pytest.param]:
    """The library harnesses' costlier runs: the first variant of each game by default, every
    variant with DEADTABLE_RL_ALL_VARIANTS=1 (a few minutes)."""
    return variant_params() if os.environ.get("DEADTABLE_RL_ALL_VARIANTS") else first_variants()
