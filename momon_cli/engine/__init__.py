"""The Monsnatch rules engine: pure Python, no terminal, file or input code.

Drive it with :class:`Game`: read ``game.pending`` (a :class:`Decision`), call
``game.answer(...)``, read ``game.events``. Same setup and same answers give the same events.

These names are the engine's public surface: the rest of the package imports them from
here, never from the engine's modules (tests/test_layers.py holds it to that).
"""

from . import events
from .arena import COLUMNS, DIRECTIONS, ROWS, SPACES, screen_direction, sight_target
from .cards import KEYWORDS, Ability, CardDef, Static, StaticPower
from .context import Rules
from .decisions import (
                        SPENT,
                        WAITS,
                        Answer,
                        AttemptView,
                        Decision,
                        IllegalAnswer,
                        Kind,
                        OrderOutcome,
                        SummonOptions,
                        TriggerView,
                        answer_from_json,
                        card_of_key,
                        copy_key,
)
from .effects import element, has_ward, power, scores, token_value
from .elements import ElementMatrix
from .events import Event
from .filters import Condition, Filter, Problems, TargetSpec
from .game import EngineError, Game, GameOver
from .information import HIDDEN, SPECTATOR
from .invariants import check as check_invariants
from .lookahead import determinize, margin, play, summon_then_play_on
from .observation import Observation, need
from .position import CHANGE_KINDS, Change, Placed, Position
from .state import RULES_VERSION, TURN_LIMIT, GameState, Result, Setup, snapshot
from .summon import key_of, keys_of
from .triggers import Batch, Trigger
from .vocabulary import (
                          KINDS,
                          AnyInstruction,
                          DirectSnatch,
                          Incite,
                          Instruction,
                          LoseWard,
                          Move,
                          MultiMove,
                          Power,
                          ReadContext,
                          SetElement,
                          SetPower,
                          Summon,
                          Swap,
                          TakeFirstPlayerToken,
                          ToHand,
                          ToVoid,
                          Ward,
                          describe_filter,
                          read_instruction,
                          with_article,
)
from .words import DURATIONS, PROFILES, SELECTORS, SIDES, TIMINGS, Duration, Profile, Selector, Side, Timing, Whose, profile_named
from .worlds import World, world
from .zones import GameObject

__all__ = [
    "CHANGE_KINDS", "COLUMNS", "DIRECTIONS", "DURATIONS", "HIDDEN", "KEYWORDS", "KINDS", "PROFILES", "ROWS",
    "RULES_VERSION", "SELECTORS", "SIDES", "SPACES", "SPECTATOR", "SPENT", "TIMINGS", "TURN_LIMIT", "WAITS", "Ability",
    "Answer", "AnyInstruction", "AttemptView", "Batch", "CardDef", "Change", "Condition", "Decision", "Duration",
    "DirectSnatch", "ElementMatrix", "EngineError", "Event", "Filter", "Game", "GameObject", "GameOver", "GameState",
    "IllegalAnswer", "Incite", "Instruction", "Kind", "LoseWard", "Move", "MultiMove", "Observation", "OrderOutcome",
    "Placed", "Position", "Power", "Problems", "Profile", "ReadContext", "Result", "Rules", "Selector", "SetElement",
    "SetPower", "Setup", "Side", "Static", "StaticPower", "Summon", "SummonOptions", "Swap", "TakeFirstPlayerToken",
    "TargetSpec", "Timing", "ToHand", "ToVoid", "Trigger", "TriggerView", "Ward", "Whose", "World", "answer_from_json",
    "card_of_key", "check_invariants", "copy_key",
    "describe_filter", "determinize", "element", "events", "has_ward", "key_of", "keys_of", "margin", "need", "play", "power",
    "profile_named", "read_instruction", "scores", "screen_direction", "sight_target", "snapshot",
    "summon_then_play_on", "token_value", "with_article", "world",
]
