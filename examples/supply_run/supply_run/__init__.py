"""Supply Run, a small bidding card game: the worked example of a game outside deadtable's own.

Everything the game brings lives in this package (docs/adding-a-game.md walks through it); deadtable
finds it through one entry-point line in this example's pyproject.toml.
"""

from .actions import Bid
from .game import GAME, SupplyRun
from .state import SupplyState

__all__ = ["GAME", "Bid", "SupplyRun", "SupplyState"]
