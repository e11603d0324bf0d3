"""The Monsnatch rules engine: pure Python, no terminal, file or input code.

Drive it with :class:`Game`: read ``game.pending`` (a :class:`Decision`), call
``game.answer(...)``, read ``game.events``. Same setup and same answers give the same events.
"""

from . import events
from .cards import Ability, CardDef, Filter, Instruction, TargetSpec
from .decisions import AttemptView, Decision, IllegalAnswer, Kind, TriggerView
from .elements import ElementMatrix
from .game import Game, GameOver
from .state import PROFILES, TURN_LIMIT, Placement, Result, Setup

__all__ = [
    "Ability", "AttemptView", "CardDef", "Decision", "ElementMatrix", "Filter", "Game", "GameOver",
    "IllegalAnswer", "Instruction", "Kind", "PROFILES", "Placement", "Result", "Setup", "TURN_LIMIT",
    "TargetSpec", "TriggerView", "events",
]
