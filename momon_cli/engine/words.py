"""The vocabulary's words, as types: every string a card, an effect or a rules profile may
hold is one of these Literals, and each tuple lists them in their documented order (the
loader checks against the tuple, mypy checks every comparison against the type)."""

from __future__ import annotations

from typing import Literal, TypeAlias

Timing: TypeAlias = Literal["on_summon", "on_snatch", "snatched_back", "turn_start", "end_of_turn", "leaves_arena"]
#: Timing Headers (BASELINE 11.2), in the order they are documented.
TIMINGS: tuple[Timing, ...] = ("on_summon", "on_snatch", "snatched_back", "turn_start", "end_of_turn", "leaves_arena")

Duration: TypeAlias = Literal["end_of_turn", "your_next_turn", "leaves_arena"]
#: Durations an instruction's effect may have (CR 8 table, BASELINE 8).
DURATIONS: tuple[Duration, ...] = ("end_of_turn", "your_next_turn", "leaves_arena")

Selector: TypeAlias = Literal["self", "targets", "friendly", "enemy", "all", "snatcher", "snatched", "moved"]
#: Who an instruction acts on. ``snatcher``/``snatched``: the Snatch that triggered the
#: ability (TH 17.5); ``moved``: the Momons an earlier step of the same ability Moved.
SELECTORS: tuple[Selector, ...] = ("self", "targets", "friendly", "enemy", "all", "snatcher", "snatched", "moved")

Side: TypeAlias = Literal["enemy", "friendly", "any"]
#: Sides a target or a group is read from, relative to the ability's controller.
SIDES: tuple[Side, ...] = ("enemy", "friendly", "any")

Whose: TypeAlias = Literal["yours", "each"]  # whose End of Turn an end_of_turn ability fires at

EffectKind: TypeAlias = Literal["power", "set_power", "element", "ward"]
#: The continuous effects a resolved instruction creates (BASELINE 11.5).
EFFECT_KINDS: tuple[EffectKind, ...] = ("power", "set_power", "element", "ward")

Profile: TypeAlias = Literal["sequential", "simultaneous"]
#: The rules profiles: Attempts resolved one by one (CR 10), or judged on one state (TH 17.1).
PROFILES: tuple[Profile, ...] = ("sequential", "simultaneous")


def profile_named(name: str) -> Profile:
    """The rules profile ``name`` names; ValueError for any other word."""
    for profile in PROFILES:
        if name == profile:
            return profile
    raise ValueError(f"unknown rules profile {name!r} (choose {' or '.join(PROFILES)})")
