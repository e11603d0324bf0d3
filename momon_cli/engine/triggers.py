"""Triggered abilities: waiting, ordering into the Trigger Queue, and resolution.

Triggers wait from the event that created them. At each placement point they join the end
of the Queue in event order; inside one event, by category (post-Snatch: On Snatch before
Snatched Back, CR 10.3.2), then the Active Player's in the order that player chooses, then
the Non-Active Player's [CR 17.2, BASELINE 11.3]. The order is asked only when it can
matter. Targets are chosen as each ability enters the Queue [BASELINE 11.4].
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from . import events as ev
from . import sbc
from .cards import Ability, CardDef
from .decisions import Decision, Kind, TriggerView
from .effects import apply_instruction, matches
from .zones import GameObject, LastKnown

if TYPE_CHECKING:
    from .game import Game

#: Category ranks inside one event (CR 10.3.2); other timings share rank 0.
CATEGORY = {"on_snatch": 0, "snatched_back": 1}


@dataclass(slots=True)
class Trigger:
    tid: int
    source: int  # the object id of the Source when it triggered
    card: CardDef
    ability: Ability
    controller: int  # fixed when it triggers [CR 11.1.6]
    source_space: str | None  # where the Source was when it triggered
    event: int  # which triggering event (placement order)
    targets: tuple[int, ...] = ()

    def view(self) -> TriggerView:
        return TriggerView(self.tid, self.source, self.card.name, self.ability.when, self.card.id,
                           self.ability.index, self.targets)

    def signature(self) -> tuple:
        """Equal for triggers that do exactly the same thing in any order [BASELINE 11.3, R-mc 12]:
        copies of one ability with no targets, no "may" and nothing read from their own source."""
        a = self.ability
        own = a.may or a.target is not None or any(
            i.on == "self" or (i.group is not None and (i.group.adjacent or i.group.other)) for i in a.do)
        return (a, self.tid if own else None)


class TriggerQueue:
    """The waiting triggers and the Trigger Queue of one game."""

    __slots__ = ("game", "waiting", "queue", "_event")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.waiting: list[Trigger] = []
        self.queue: list[Trigger] = []
        self._event = 0

    # -- creating triggers ---------------------------------------------------------------
    def _trigger(self, source: GameObject | LastKnown, ability: Ability, controller: int, event: int) -> None:
        state = self.game.state
        t = Trigger(state.take_id(), source.oid, source.card, ability, controller, source.space, event)
        self.waiting.append(t)
        self.game.emit(ev.TriggerWaiting(t.tid, t.source, t.card.id, t.card.name, ability.when, controller))

    def new_event(self) -> int:
        self._event += 1
        return self._event

    def on_summon(self, obj: GameObject) -> None:
        abilities = obj.card.triggered("on_summon")
        if abilities:
            event = self.new_event()
            for a in abilities:
                self._trigger(obj, a, obj.controller, event)

    def turn_based(self, timing: str) -> None:
        """Turn Start ("your turn") and End of Turn ("your turn" or "each turn") triggers."""
        state = self.game.state
        event = None
        for obj in state.zones.arena_objects():
            for a in obj.card.triggered(timing):
                if a.whose == "each" or obj.controller == state.active:
                    event = event or self.new_event()
                    self._trigger(obj, a, obj.controller, event)

    def leaves_arena(self, left: list[LastKnown]) -> None:
        event = None
        for lki in left:
            for a in lki.card.triggered("leaves_arena"):
                event = event or self.new_event()
                self._trigger(lki, a, lki.controller, event)  # controller just before it left

    def post_snatch(self, snatchers: list[tuple[GameObject | LastKnown, int]],
                    snatched_back: list[tuple[GameObject | LastKnown, int]]) -> None:
        """CR 10.3: one collection after the Check; controllers as when each Snatch happened."""
        event = None
        for timing, found in (("on_snatch", snatchers), ("snatched_back", snatched_back)):
            for source, controller in found:
                for a in source.card.triggered(timing):
                    event = event or self.new_event()
                    self._trigger(source, a, controller, event)

    # -- placing into the Queue ---------------------------------------------------------
    def place(self):
        """Generator: move every waiting trigger to the end of the Queue (may ask orders, targets)."""
        if not self.waiting:
            return
        state = self.game.state
        waiting = sorted(self.waiting, key=lambda t: (t.event, CATEGORY.get(t.ability.when, 0)))
        self.waiting = []
        for _, group in groupby(waiting, key=lambda t: (t.event, CATEGORY.get(t.ability.when, 0))):
            group = list(group)
            for player in (state.active, state.non_active):
                mine = [t for t in group if t.controller == player]
                if len(mine) > 1 and len({t.signature() for t in mine}) > 1:
                    order = yield Decision(Kind.ORDER_TRIGGERS, player, tuple(t.view() for t in mine),
                                           "Order your triggered abilities (first resolves first)")
                    mine = [mine[i] for i in order]
                for t in mine:
                    yield from self._enqueue(t)

    def _legal_targets(self, t: Trigger) -> tuple[int, ...]:
        flt = t.ability.target.filter
        return tuple(obj.oid for obj in self.game.state.zones.arena_objects()
                     if matches(self.game, obj, flt, t.controller, t.source_space, t.source))

    def _enqueue(self, t: Trigger):
        spec = t.ability.target
        if spec is not None:
            legal = self._legal_targets(t)
            if not legal:  # BASELINE 11.4: a required target that does not exist
                self.game.emit(ev.TriggerNotQueued(t.tid, "no_legal_targets"))
                return
            if len(legal) <= spec.count:
                t.targets = legal
            else:
                t.targets = yield Decision(Kind.TARGETS, t.controller, legal,
                                           f"Choose {spec.count} target(s) for {t.card.name}",
                                           count=spec.count, context={"trigger": t.view()})
        self.queue.append(t)
        self.game.emit(ev.TriggerQueued(t.tid, len(self.queue), t.targets))

    # -- resolving ----------------------------------------------------------------------
    def resolve_all(self):
        """Generator: SBC, place waiting triggers, resolve the first queued; until all is empty (CR 8.4)."""
        while True:
            sbc.perform(self.game)
            yield from self.place()
            if not self.queue:
                return
            yield from self._resolve(self.queue.pop(0))

    def _resolve(self, t: Trigger):
        game = self.game
        targets = t.targets
        if t.ability.target is not None:
            still = set(self._legal_targets(t))
            targets = tuple(x for x in t.targets if x in still)
            if not targets:  # TH 17.3: its only targets are gone, nothing of it happens
                game.emit(ev.AbilityResolved(t.tid, "no_legal_targets", ()))
                return
        if t.ability.may:
            yes = yield Decision(Kind.YES_NO, t.controller, (True, False),
                                 f"Use {t.card.name}'s ability?", context={"trigger": t.view()})
            if not yes:
                game.emit(ev.AbilityResolved(t.tid, "declined", targets))
                return
        for instr in t.ability.do:
            apply_instruction(game, t, instr, targets)
        game.emit(ev.AbilityResolved(t.tid, "resolved", targets))
