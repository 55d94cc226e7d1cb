"""Supply Run, a small bidding card game: the worked example of a game outside deadtable's own.

Everything the game brings lives in this package (docs/adding-a-game.md walks through it); deadtable
finds it through one entry-point line in this example's pyproject.toml.
"""

from .game import GAME, Bid, SupplyRun
from .state import SupplyState

__all__ = ["GAME", "Bid", "SupplyRun", "SupplyState"]
