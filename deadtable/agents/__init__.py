"""Game-agnostic players that are programs; each sees only its seat's information."""

from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .registry import GENERIC, agent_names, make_agent

__all__ = ["GENERIC", "GreedyAgent", "RandomAgent", "agent_names", "make_agent"]
