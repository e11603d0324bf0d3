"""An agent API: Monsnatch as a PettingZoo AEC environment, for training and testing agents.

``env(seed=..., decks=..., profile=...)`` makes one; its observations come from each seat's
Observation alone (agents.encoding) and its actions are one Discrete space with a mask of
the legal ones (agents.actions). Needs the ``agents`` extra (pettingzoo, gymnasium, numpy).
"""

from .environment import AGENTS, MonsnatchEnv, env, raw_env

__all__ = ["AGENTS", "MonsnatchEnv", "env", "raw_env"]
