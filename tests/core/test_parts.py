"""A game's parts are found through the game (deadtable.core.parts), in its own package."""

from __future__ import annotations

import importlib.machinery
import sys
import types
from typing import Any

import pytest

import deadtable
from deadtable.core import Game, State
from deadtable.core.parts import files, module


class _Loose(Game):
    """A game kept in a single module, not a package."""

    id = "loose"

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        raise NotImplementedError

    def render_view(self, view: dict[str, Any], *, lang: str = "en") -> str:
        return ""


@pytest.mark.parametrize("g", deadtable.games(), ids=lambda g: g.id)
def test_each_game_keeps_its_parts_in_its_own_package(g: Game) -> None:
    assert g.package == type(g).__module__.rpartition(".")[0]
    assert files(g, "texts", "rules.en.md").is_file()
    assert files(g, "web", "renderer.js").is_file() and files(g, "web", "renderer.css").is_file()
    found = module(g, "encoder")
    assert found is not None and found.__name__ == f"{g.package}.encoder"
    assert module(g, "no_such_part") is None and not files(g, "no such part").is_file()


def test_a_game_in_a_single_module_has_no_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    loose = types.ModuleType("loose_game")
    loose.__file__ = "/nowhere/loose_game.py"
    loose.__spec__ = importlib.machinery.ModuleSpec("loose_game", None, origin=loose.__file__)
    monkeypatch.setitem(sys.modules, "loose_game", loose)
    monkeypatch.setattr(_Loose, "__module__", "loose_game")
    g = _Loose()
    assert g.package == "loose_game"
    assert module(g, "encoder") is None
    assert not files(g, "web", "renderer.js").is_file()
