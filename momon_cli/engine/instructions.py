"""The closed vocabulary of instructions: one class per kind, each in one place.

Every kind knows how it is read from its TOML table (and each way that table can be
wrong), how its rules text reads, and how it resolves: as a generator that may ``yield``
a Decision (a destination, a card to Summon) or ``yield from`` a Snatch Check (Incite),
returning whether it did anything (a once-only right is spent only then, TH 17.5). The
abstract methods make a kind that forgets one of them impossible to build, and
:data:`KINDS` is the registry the card loader reads keys from.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar

from . import effects, snatch
from . import events as ev
from .actions import send
from .arena import ADJACENT
from .cards import DURATIONS, SELECTORS, Filter, Problems, TargetSpec
from .context import Rules
from .decisions import Decision, Kind
from .state import DelayedReturn
from .summon import copies, put_onto_arena
from .triggers import Trigger
from .zones import HAND, VOID, GameObject

Flow = Generator[Decision, Any, bool]

UNTIL_TEXT = {"end_of_turn": " until end of turn", "your_next_turn": " until the start of your next turn",
              "leaves_arena": ""}
AT_TEXT = {"now": "", "end_of_turn": " at end of turn", "your_next_turn": " at the start of your next turn"}
_GROUP_SIDE = {"friendly": "friendly", "enemy": "enemy", "all": "any"}
_SIDE_WORD = {"enemy": "enemy", "friendly": "friendly", "any": ""}


@dataclass(frozen=True, slots=True)
class ReadContext:
    """What an instruction's table is read against: the ability around it."""

    elements: tuple[str, ...]
    when: str | None
    target: TargetSpec | None


@dataclass(slots=True)
class Resolution:
    """One ability resolving: its trigger, its still-legal targets and what it has done."""

    trigger: Trigger
    targets: tuple[int, ...]
    target_spaces: tuple[str, ...]  # the targets' Spaces as the resolution began (``into = "that_space"``)
    moved: list[int] = field(default_factory=list)


def describe_filter(flt: Filter, noun: str = "Momon") -> str:
    words = " ".join(w for w in ("other" if flt.other else "", _SIDE_WORD[flt.side], flt.element or "",
                                 f"[{flt.trait}]" if flt.trait else "", noun) if w)
    extras = []
    for key, phrase in (("stars_max", "with {} or fewer"), ("stars_min", "with {} or more"),
                        ("power_max", "with {} Power or less"), ("power_min", "with {} Power or more")):
        value = getattr(flt, key)
        if value is not None:
            amount = f"{value} Star{'s' if value != 1 else ''}" if key.startswith("stars") else str(value)
            extras.append(phrase.format(amount))
    if flt.adjacent:
        extras.append("adjacent to me")
    return " ".join([words, *extras])


def with_article(words: str) -> str:
    """``words`` after 'a' or 'an' ("another" for "other ...")."""
    if words.startswith("other "):
        return "an" + words
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def who(on: str, group: Filter | None, target: TargetSpec | None, again: bool = False) -> str:
    """The words for the Momons an instruction acts on (``again``: the targets were named
    by an earlier step of the same ability, so they are "it" or "them")."""
    if on == "self":
        return "me"
    if on == "targets":
        assert target is not None
        if again:
            return "it" if target.count == 1 else "them"
        if target.count == 1:
            return "target " + describe_filter(target.filter)
        return f"{target.count} target " + describe_filter(target.filter, "Momons")
    if on in ("snatcher", "snatched", "moved"):
        flt = replace(group, power_max=None, power_min=None) if group is not None else Filter()
        noun = describe_filter(flt)
        phrase = {"snatcher": f"the {noun} that Snatched me", "snatched": f"each {noun} I just Snatched",
                  "moved": f"each {noun} Moved this way"}[on]
        if group is not None and (group.power_max is not None or group.power_min is not None):
            bounds = describe_filter(Filter(power_max=group.power_max, power_min=group.power_min), "")
            phrase += f" ({bounds.strip()} at the Snatch)" if on != "moved" else f" ({bounds.strip()})"
        return phrase
    return "each " + describe_filter((group or Filter()).with_side(_GROUP_SIDE[on]))


def _owners(whom: str) -> str:
    """Whose zone a card goes to, in the number of ``whom``."""
    if whom == "me":
        return "my Owner's"
    if whom == "it" or whom.startswith(("target ", "the ")):
        return "its Owner's"
    return "their Owners'"


def source_space(ctx: Rules, t: Trigger) -> str | None:
    """Where the Source is read: where it is now, or where it last was [CR 11.1.8]."""
    zones = ctx.state.zones
    obj = zones.on_arena(t.source)
    if obj is not None:
        return obj.space
    lki = zones.last_known.get(t.source)
    return lki.space if lki is not None else t.source_space


def legal_targets(ctx: Rules, t: Trigger) -> tuple[int, ...]:
    assert t.ability.target is not None
    flt, state = t.ability.target.filter, ctx.state
    space = source_space(ctx, t)
    return tuple(o.oid for o in state.zones.arena_objects() if effects.matches(state, o, flt, t.controller, t.source, space))


def affected(ctx: Rules, res: Resolution, on: str, group: Filter | None) -> list[GameObject]:
    """The Arena Momons an instruction acts on, as the board is now."""
    zones, t = ctx.state.zones, res.trigger
    state = ctx.state
    if on == "self":
        obj = zones.on_arena(t.source)  # a new object after a zone change is not "me"
        return [obj] if obj is not None else []
    if on == "targets":
        return [o for x in res.targets if (o := zones.on_arena(x)) is not None]
    if on in ("snatcher", "snatched"):  # read with the Power they had at the Snatch [TH 17.5]
        found = []
        for ref in t.refs:
            obj = zones.on_arena(ref.oid)
            if obj is None:
                continue
            if group is not None:
                p = ref.power
                if (group.power_max is not None and p > group.power_max) or (group.power_min is not None and p < group.power_min):
                    continue
                plain = replace(group, power_max=None, power_min=None)
                if not effects.matches(state, obj, plain, t.controller, t.source, source_space(ctx, t)):
                    continue
            found.append(obj)
        return found
    if on == "moved":
        return [o for x in dict.fromkeys(res.moved) if (o := zones.on_arena(x)) is not None]  # each once
    flt = (group or Filter()).with_side(_GROUP_SIDE[on])
    space = source_space(ctx, t)
    return [o for o in zones.arena_objects() if effects.matches(state, o, flt, t.controller, t.source, space)]


def _on_group(c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> tuple[str, Filter | None]:
    on = c.choice(data, "on", SELECTORS, "self", at)
    if on == "targets" and rc.target is None:
        c.bad(at + "on", "'targets' needs the ability to have a target")
    if on == "snatcher" and rc.when != "snatched_back":
        c.bad(at + "on", "'snatcher' is only for snatched_back abilities")
    if on == "snatched" and rc.when != "on_snatch":
        c.bad(at + "on", "'snatched' is only for on_snatch abilities")
    group = None
    if "group" in data:
        if on in ("self", "targets"):
            c.bad(at + "group", "narrows friendly, enemy, all, snatcher, snatched or moved, not " + on)
        group = Filter.read(c, data["group"], at + "group", rc.elements)
    return on, group


def _ask_space(ctx: Rules, player: int, spaces: tuple[str, ...], prompt: str) -> Generator[Decision, Any, str]:
    """A Space chosen at resolution; a single legal Space is taken without asking."""
    if len(spaces) == 1:
        return spaces[0]
    answer: str = yield Decision(Kind.SPACE, player, spaces, prompt)
    return answer


def _fail(ctx: Rules, res: Resolution, instruction: str, reason: str) -> bool:
    ctx.emit(ev.InstructionFailed(res.trigger.tid, instruction, reason))
    return False


@dataclass(frozen=True, slots=True, repr=False)
class Instruction(ABC):
    """One step of a triggered ability's effect."""

    KEY: ClassVar[str]
    KEYS: ClassVar[frozenset[str]] = frozenset()  # the other keys its table may hold
    on: str = "self"
    group: Filter | None = None

    def __repr__(self) -> str:  # one for every kind: a generated one each costs every start
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{type(self).__name__}({shown})"

    @classmethod
    @abstractmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Instruction: ...

    @abstractmethod
    def fields(self) -> dict[str, Any]:
        """The table's keys besides ``on`` and ``group`` (the inverse of ``read``)."""

    @abstractmethod
    def phrase(self, whom: str) -> str:
        """Rules text, given the words for whom it acts on."""

    @abstractmethod
    def resolve(self, ctx: Rules, res: Resolution) -> Flow: ...

    def to_toml(self) -> dict[str, Any]:
        data = self.fields()
        if "on" in self.KEYS:
            data["on"] = self.on
            if self.group is not None:
                data["group"] = self.group.to_toml()
        return data

    def text(self, target: TargetSpec | None, again: bool = False) -> str:
        return self.phrase(who(self.on, self.group, target, again))

    def reads_source(self) -> bool:
        """Whether it reads its own Source (so two copies of it are not interchangeable)."""
        return self.on == "self" or (self.group is not None and (self.group.adjacent or self.group.other))

    def precondition(self, ctx: Rules, res: Resolution) -> str | None:
        """A reason the whole ability does nothing, checked before any step (TH 17.3, FBD 167)."""
        return None


def _until(c: Problems, data: Mapping[str, Any], at: str) -> str:
    return c.choice(data, "until", DURATIONS, "end_of_turn", at)


_TARGETED = frozenset({"on", "group"})
_LASTING = _TARGETED | {"until"}


@dataclass(frozen=True, slots=True, repr=False)
class Power(Instruction):
    """A Power modifier [BASELINE 11.5]."""

    KEY = "power"
    KEYS = _LASTING
    amount: int = 0
    until: str = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Power:
        amount = data["power"]
        if type(amount) is not int or amount == 0 or not -99 <= amount <= 99:
            c.bad(at + "power", "must be a non-zero whole number from -99 to 99")
            amount = 1
        return cls(*_on_group(c, data, at, rc), amount, _until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"power": self.amount, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"give {whom} {self.amount:+d} Power{UNTIL_TEXT[self.until]}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = affected(ctx, res, self.on, self.group)
        for obj in objs:
            effects.add(ctx, "power", obj, self.until, res.trigger.controller, self.amount)
        return bool(objs)
        yield


@dataclass(frozen=True, slots=True, repr=False)
class SetPower(Instruction):
    """Power becomes N: applied before every modifier, the latest set wins [BASELINE 11.5]."""

    KEY = "set_power"
    KEYS = _LASTING
    value: int = 1
    until: str = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> SetPower:
        value = c.integer(data, "set_power", 0, 99, 1, at)
        return cls(*_on_group(c, data, at, rc), value, _until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"set_power": self.value, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"set the Power of {whom} to {self.value}{UNTIL_TEXT[self.until]}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = affected(ctx, res, self.on, self.group)
        for obj in objs:
            effects.add(ctx, "set_power", obj, self.until, res.trigger.controller, self.value)
        return bool(objs)
        yield


@dataclass(frozen=True, slots=True, repr=False)
class SetElement(Instruction):
    """Element becomes E; the latest change wins [BASELINE 11.5]."""

    KEY = "element"
    KEYS = _LASTING
    element: str = ""
    until: str = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> SetElement:
        element = c.choice(data, "element", rc.elements, rc.elements[0], at)
        return cls(*_on_group(c, data, at, rc), element, _until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"element": self.element, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"make {whom} {self.element}{UNTIL_TEXT[self.until]}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = affected(ctx, res, self.on, self.group)
        for obj in objs:
            effects.add(ctx, "element", obj, self.until, res.trigger.controller, new_element=self.element)
            ctx.emit(ev.ElementChanged(obj.oid, obj.card.name, self.element, self.until))
        return bool(objs)
        yield


@dataclass(frozen=True, slots=True, repr=False)
class Ward(Instruction):
    """Ward, non-stacking, with its Token [CR 10.2.2, TH 17.6]."""

    KEY = "ward"
    KEYS = _LASTING
    until: str = "end_of_turn"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Ward:
        c.true(data, "ward", at)
        return cls(*_on_group(c, data, at, rc), _until(c, data, at))

    def fields(self) -> dict[str, Any]:
        return {"ward": True, "until": self.until}

    def phrase(self, whom: str) -> str:
        return f"give {whom} Ward{UNTIL_TEXT[self.until]}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        granted = [effects.grant_ward(ctx, obj, self.until, res.trigger.controller)
                   for obj in affected(ctx, res, self.on, self.group)]
        return any(granted)
        yield


@dataclass(frozen=True, slots=True, repr=False)
class LoseWard(Instruction):
    """Ward ends and its Token goes at once [TH 17.6]."""

    KEY = "lose_ward"
    KEYS = _TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> LoseWard:
        c.true(data, "lose_ward", at)
        return cls(*_on_group(c, data, at, rc))

    def fields(self) -> dict[str, Any]:
        return {"lose_ward": True}

    def phrase(self, whom: str) -> str:
        return f"remove Ward from {whom}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        return any([effects.lose_ward(ctx, obj) for obj in affected(ctx, res, self.on, self.group)])
        yield


def _destinations(ctx: Rules, start: str, to: str, taken: set[str]) -> tuple[str, ...]:
    zones = ctx.state.zones
    return tuple(s for s in zones.empty_spaces() if s not in taken and (to == "any" or s in ADJACENT[start]))


@dataclass(frozen=True, slots=True, repr=False)
class Move(Instruction):
    """To an empty Space chosen at resolution; no Check [TH 17.3, 17.9]."""

    KEY = "move"
    KEYS = _TARGETED | {"to"}
    to: str = "any"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Move:
        c.true(data, "move", at)
        return cls(*_on_group(c, data, at, rc), c.choice(data, "to", ("any", "adjacent"), "any", at))

    def fields(self) -> dict[str, Any]:
        return {"move": True, "to": self.to}

    def phrase(self, whom: str) -> str:
        return f"Move {whom} to an empty {'adjacent ' if self.to == 'adjacent' else ''}Space"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        moved = False
        for obj in affected(ctx, res, self.on, self.group):
            start = obj.space
            assert start is not None
            spaces = _destinations(ctx, start, self.to, set())
            if not spaces:
                _fail(ctx, res, self.KEY, "no_legal_space")
                continue
            dest = yield from _ask_space(ctx, res.trigger.controller, spaces, f"Choose where {obj.card.name} Moves")
            ctx.state.zones.relocate({start: dest})
            ctx.emit(ev.Moved(((obj.card.name, start, dest),)))
            res.moved.append(obj.oid)
            moved = True
        return moved


@dataclass(frozen=True, slots=True, repr=False)
class MultiMove(Instruction):
    """Choose every mover and every destination first, then Move them all at once; no
    destination may be another mover's start (those Spaces are occupied) [TH 17.9]."""

    KEY = "multi_move"
    KEYS = _TARGETED | {"to"}
    to: str = "any"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> MultiMove:
        c.true(data, "multi_move", at)
        on, group = _on_group(c, data, at, rc)
        if on not in _GROUP_SIDE:
            c.bad(at + "on", "a Multi-Move picks its movers from friendly, enemy or all")
        return cls(on, group, c.choice(data, "to", ("any", "adjacent"), "any", at))

    def fields(self) -> dict[str, Any]:
        return {"multi_move": True, "to": self.to}

    def phrase(self, whom: str) -> str:
        where = "adjacent " if self.to == "adjacent" else ""
        many = whom.replace("each ", "any number of ", 1).replace("Momon", "Momons", 1)
        return f"Move {many} at once, each to a different empty {where}Space"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        player = res.trigger.controller
        candidates = [o for o in affected(ctx, res, self.on, self.group)
                      if o.space is not None and _destinations(ctx, o.space, self.to, set())]
        if not candidates:
            return _fail(ctx, res, self.KEY, "no_mover")
        spaces = tuple(o.space for o in candidates if o.space is not None)
        chosen: tuple[str, ...] = yield Decision(Kind.TARGETS, player, spaces, "Choose the Momons that Move",
                                                 count=len(spaces), min_count=0)
        moves: dict[str, str] = {}
        names = {o.space: o for o in candidates}
        for start in sorted(chosen, key=spaces.index):
            options = _destinations(ctx, start, self.to, set(moves.values()))
            if options:
                moves[start] = yield from _ask_space(ctx, player, options, f"Choose where {names[start].card.name} Moves")
            else:
                _fail(ctx, res, self.KEY, "no_legal_space")
        if not moves:
            return False
        ctx.state.zones.relocate(moves)
        ctx.emit(ev.Moved(tuple((names[s].card.name, s, d) for s, d in moves.items())))
        res.moved.extend(names[s].oid for s in moves)
        return True


@dataclass(frozen=True, slots=True, repr=False)
class Swap(Instruction):
    """Two Momons exchange Spaces at once, either player's where the targets allow [TH 17.9]."""

    KEY = "swap"
    KEYS = _TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Swap:
        c.true(data, "swap", at)
        on, group = _on_group(c, data, at, rc)
        if on != "targets" or rc.target is None or rc.target.count != 2:
            c.bad(at + "swap", "swaps exactly 2 targets: on = \"targets\" with target count = 2")
        return cls(on, group)

    def fields(self) -> dict[str, Any]:
        return {"swap": True}

    def phrase(self, whom: str) -> str:
        return f"swap the Spaces of {whom}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = affected(ctx, res, self.on, self.group)
        if len(objs) != 2:
            return _fail(ctx, res, self.KEY, "target_gone")
        a, b = objs
        assert a.space is not None and b.space is not None
        first, second = a.space, b.space
        ctx.state.zones.relocate({first: second, second: first})
        ctx.emit(ev.Swapped(a.card.name, first, b.card.name, second))
        return True
        yield


@dataclass(frozen=True, slots=True, repr=False)
class DirectSnatch(Instruction):
    """Control changes to the ability's controller; Ward and prohibitions apply; no On Snatch
    [TH 17.5, 17.6, 17.9]."""

    KEY = "direct_snatch"
    KEYS = _TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> DirectSnatch:
        c.true(data, "direct_snatch", at)
        return cls(*_on_group(c, data, at, rc))

    def fields(self) -> dict[str, Any]:
        return {"direct_snatch": True}

    def phrase(self, whom: str) -> str:
        return f"Direct Snatch {whom}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = affected(ctx, res, self.on, self.group)
        if not objs:
            return _fail(ctx, res, self.KEY, "target_gone")
        return snatch.direct_snatch(ctx, objs, res.trigger.controller, res.trigger.source) > 0
        yield


@dataclass(frozen=True, slots=True, repr=False)
class Incite(Instruction):
    """A new Snatch Check from the Momon's current Space: Ability-caused, no On Snatch
    [CR 11.1.4, CR 17.9, TH 17.9]."""

    KEY = "incite"
    KEYS = _TARGETED

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Incite:
        c.true(data, "incite", at)
        return cls(*_on_group(c, data, at, rc))

    def fields(self) -> dict[str, Any]:
        return {"incite": True}

    def phrase(self, whom: str) -> str:
        return f"Incite {whom}"

    def resolve(self, ctx: Rules, res: Resolution) -> Generator[Decision, Any, bool]:
        objs = affected(ctx, res, self.on, self.group)
        for obj in objs:
            yield from snatch.run_check(ctx, obj.oid, snatch.Cause("incite", res.trigger.source))
        return bool(objs)


@dataclass(frozen=True, slots=True, repr=False)
class ToVoid(Instruction):
    """Send to the Owner's Void, face up or face down: a new object [TH 17.3, 17.4]."""

    KEY = "to_void"
    KEYS = _TARGETED
    face_up: bool = True

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> ToVoid:
        face = c.choice(data, "to_void", ("face_up", "face_down"), "face_up", at)
        return cls(*_on_group(c, data, at, rc), face == "face_up")

    def fields(self) -> dict[str, Any]:
        return {"to_void": "face_up" if self.face_up else "face_down"}

    def phrase(self, whom: str) -> str:
        voids = "Void" if _owners(whom) != "their Owners'" else "Voids"
        return f"send {whom} to {_owners(whom)} {voids} face-{'up' if self.face_up else 'down'}"

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = affected(ctx, res, self.on, self.group)
        send(ctx, objs, VOID, self.face_up)
        return bool(objs)
        yield


@dataclass(frozen=True, slots=True, repr=False)
class ToHand(Instruction):
    """Return to the Owner's Hand now, or later: a delayed return tracks that one object and
    does nothing once it has changed zones [TH 17.7]. For a Leaves Arena ability, ``me`` is
    the object the Source became as it left (FBD 146); otherwise a new object of the card is
    not ``me`` [R-mc 14]."""

    KEY = "to_hand"
    KEYS = _TARGETED | {"at"}
    at: str = "now"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> ToHand:
        c.true(data, "to_hand", at)
        return cls(*_on_group(c, data, at, rc), c.choice(data, "at", ("now", "end_of_turn", "your_next_turn"), "now", at))

    def fields(self) -> dict[str, Any]:
        return {"to_hand": True, "at": self.at}

    def phrase(self, whom: str) -> str:
        hands = "Hand" if _owners(whom) != "their Owners'" else "Hands"
        return f"return {whom} to {_owners(whom)} {hands}{AT_TEXT[self.at]}"

    def _objects(self, ctx: Rules, res: Resolution) -> list[GameObject]:
        zones = ctx.state.zones
        if self.on == "self" and res.trigger.ability.when == "leaves_arena":
            became = zones.successor.get(res.trigger.source)
            obj = zones.objects.get(became) if became is not None else None
            return [obj] if obj is not None and obj.zone == VOID else []
        return affected(ctx, res, self.on, self.group)

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        objs = self._objects(ctx, res)
        state = ctx.state
        if self.at == "now":
            send(ctx, objs, HAND)
            return bool(objs)
        for obj in objs:
            state.delayed.append(DelayedReturn(state.take_id(), obj.oid, obj.card.name, self.at, res.trigger.controller,
                                               state.turn))
            ctx.emit(ev.ReturnScheduled(obj.oid, obj.card.name, obj.zone, self.at))
        return bool(objs)
        yield


@dataclass(frozen=True, slots=True, repr=False)
class Summon(Instruction):
    """Effect-Based Summon from the controller's Hand or Void (face-up cards) onto any empty
    Space or into the first target's Space; a batch follows [BASELINE 9.4, TH 17.1, 17.3]."""

    KEY = "summon"
    source: str = "hand"  # "hand" or "void"
    card: Filter = field(default_factory=Filter)
    into: str = "any"  # "any" or "that_space"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> Summon:
        spec = c.table(data["summon"], at + "summon")
        at = at + "summon."
        c.only(spec, at.rstrip("."), {"from", "stars_max", "stars_min", "element", "trait", "into"})
        source = c.choice(spec, "from", ("hand", "void"), "hand", at)
        into = c.choice(spec, "into", ("any", "that_space"), "any", at)
        if into == "that_space" and rc.target is None:
            c.bad(at + "into", "'that_space' needs the ability to have a target")
        flt = Filter.read(c, {k: v for k, v in spec.items() if k in ("stars_max", "stars_min", "element", "trait")},
                          at.rstrip("."), rc.elements)
        return cls("self", None, source, flt, into)

    def fields(self) -> dict[str, Any]:
        return {"summon": {"from": self.source, **self.card.to_toml(), "into": self.into}}

    def phrase(self, whom: str) -> str:
        where = "into that Space" if self.into == "that_space" else "onto an empty Space"
        zone = "Hand" if self.source == "hand" else "Void"
        what = describe_filter(self.card)
        return f"Summon {with_article(what)} from your {zone} {where}"

    def reads_source(self) -> bool:
        return False

    def _eligible(self, ctx: Rules, player: int) -> list[int]:
        zones = ctx.state.zones
        pile = zones.hands[player] if self.source == "hand" else [o for o in zones.voids[player] if zones.objects[o].face_up]
        return [o for o in pile if effects.matches(ctx.state, zones.objects[o], self.card, player, 0, None)]

    def precondition(self, ctx: Rules, res: Resolution) -> str | None:
        """FBD 167: with no card to Summon into the target's Space, the ability does nothing."""
        if self.into == "that_space" and not self._eligible(ctx, res.trigger.controller):
            return "no_eligible_card"
        return None

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        player = res.trigger.controller
        cards = copies(ctx.state, self._eligible(ctx, player))
        if not cards:
            return _fail(ctx, res, self.KEY, "no_eligible_card")
        zones = ctx.state.zones
        if self.into == "that_space":
            spaces = tuple(s for s in res.target_spaces[:1] if s not in zones.arena)
        else:
            spaces = zones.empty_spaces()
        if not spaces:
            return _fail(ctx, res, self.KEY, "no_legal_space")
        ids = tuple(cards)
        card_id: str = ids[0] if len(ids) == 1 else (yield Decision(Kind.CARD, player, ids, "Choose a card to Summon"))
        space = yield from _ask_space(ctx, player, spaces, f"Choose a Space for {zones.objects[cards[card_id]].card.name}")
        put_onto_arena(ctx, cards[card_id], space, player, self.source, cause=res.trigger.source)
        return True


@dataclass(frozen=True, slots=True, repr=False)
class TakeFirstPlayerToken(Instruction):
    """The controller takes the First Player Token; turn order does not change [TH 17.8]."""

    KEY = "take_first_player_token"

    @classmethod
    def read(cls, c: Problems, data: Mapping[str, Any], at: str, rc: ReadContext) -> TakeFirstPlayerToken:
        c.true(data, "take_first_player_token", at)
        return cls()

    def fields(self) -> dict[str, Any]:
        return {"take_first_player_token": True}

    def phrase(self, whom: str) -> str:
        return "take the First Player Token"

    def reads_source(self) -> bool:
        return False

    def resolve(self, ctx: Rules, res: Resolution) -> Flow:
        ctx.state.first_token = res.trigger.controller
        ctx.emit(ev.FirstPlayerTokenTaken(res.trigger.controller))
        return True
        yield


#: The registry: TOML key -> kind. A table names exactly one of these keys.
KINDS: dict[str, type[Instruction]] = {k.KEY: k for k in (
    Power, SetPower, SetElement, Ward, LoseWard, Move, MultiMove, Swap, DirectSnatch, Incite, ToVoid, ToHand,
    Summon, TakeFirstPlayerToken)}


def read_instruction(c: Problems, data: object, at: str, rc: ReadContext) -> Instruction | None:
    table = c.table(data, at.rstrip("."))
    keys = [k for k in KINDS if k in table]
    if len(keys) != 1:
        c.bad(at.rstrip("."), f"must name exactly one instruction of {', '.join(KINDS)}")
        return None
    kind = KINDS[keys[0]]
    c.only(table, at.rstrip("."), {kind.KEY, *kind.KEYS})
    return kind.read(c, table, at, rc)
