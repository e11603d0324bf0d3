"""What waits for the Trigger Queue: triggered abilities and Summon batches (TH 17.1).

Plain values only. They are created by :mod:`momon_cli.engine.collect`, ordered into the
Queue and resolved by :mod:`momon_cli.engine.queue`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Ability, CardDef
from .decisions import TriggerView

#: Category ranks inside one event (CR 10.3.2); other timings share rank 0.
CATEGORY = {"on_snatch": 0, "snatched_back": 1}


@dataclass(frozen=True, slots=True)
class SnatchRef:
    """A Momon named by a Snatch, with the Power it had at that moment (TH 17.5, FBD 159)."""

    oid: int
    power: int


@dataclass(slots=True)
class Trigger:
    """A triggered ability on its way through the Queue, independent of its Source [CR 11.1]."""

    tid: int
    source: int  # the object id of the Source when it triggered
    card: CardDef
    ability: Ability
    controller: int  # fixed when it triggers [CR 11.1.6]
    source_space: str | None  # where the Source was when it triggered
    event: int  # which triggering event (placement order)
    card_no: int  # the physical card, for once-only rights [TH 17.5]
    refs: tuple[SnatchRef, ...] = ()  # ``snatcher`` / ``snatched`` of the Snatch that triggered it
    targets: tuple[int, ...] = ()

    @property
    def rank(self) -> int:
        return CATEGORY.get(self.ability.when or "", 0)

    def signature(self) -> tuple[object, ...]:
        """Equal for triggers that do exactly the same thing in any order [BASELINE 11.3, R-mc 12]:
        copies of one ability that choose nothing and read nothing of their own source or Snatch."""
        a = self.ability
        own = a.optional or a.target is not None or a.condition is not None or bool(self.refs) or any(
            i.reads_source() for i in a.do)
        return (a, self.tid if own else None)


@dataclass(slots=True)
class Batch:
    """A Momon Summoned by an ability: its On Summon triggers, its own Snatch Check, SBC and
    its post-Snatch triggers, processed as one item of the pending order [BASELINE 9.4]."""

    bid: int
    oid: int  # the Summoned object
    controller: int
    event: int
    cause: int  # the summoning ability's Source: the Check is Ability-caused [CR 11.1.4]
    triggers: list[Trigger] = field(default_factory=list)

    rank = 0


Pending = Trigger | Batch


def view(t: Trigger, key: str, spaces: tuple[str, ...]) -> TriggerView:
    return TriggerView(key, t.tid, t.card.name, t.ability.when or "", t.card.id, t.ability.index, spaces)
