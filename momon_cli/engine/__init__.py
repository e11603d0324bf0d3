"""The Monsnatch rules engine: pure Python, no terminal, file or input code.

Drive it with :class:`Game`: read ``game.pending`` (a :class:`Decision`), call
``game.answer(...)``, read ``game.events``. Same setup and same answers give the same events.
"""

from . import events
from .cards import Ability, CardDef, Condition, Filter, Problems, Static, StaticPower, TargetSpec
from .decisions import (
                        AttemptView,
                        Decision,
                        IllegalAnswer,
                        Kind,
                        OrderOutcome,
                        TriggerView,
                        answer_from_json,
                        card_of_key,
                        copy_key,
)
from .elements import ElementMatrix
from .game import EngineError, Game, GameOver
from .instructions import Instruction
from .position import Change, Placed, Position
from .state import PROFILES, RULES_VERSION, TURN_LIMIT, Result, Setup
from .summon import key_of

__all__ = [
    "PROFILES", "RULES_VERSION", "TURN_LIMIT", "Ability", "AttemptView", "CardDef", "Change", "Condition",
    "Decision", "ElementMatrix", "EngineError", "Filter", "Game", "GameOver", "IllegalAnswer", "Instruction", "Kind",
    "OrderOutcome", "Placed", "Position", "Problems", "Result", "Setup", "Static", "StaticPower", "TargetSpec",
    "TriggerView", "answer_from_json", "card_of_key", "copy_key", "events", "key_of",
]
