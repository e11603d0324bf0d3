"""One-line accounts of play, as a seat reads them beside the Arena: what the other side's
turn did (the news, "Meanwhile: ..."), and what a player's own answer did ("Your move: ..."),
each part in a few words, in the order it happened, from that seat's story alone."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import events as ev
from ..language import _
from .narration import LINE_LIMIT, SHORT_VERDICT, TIMING_WORDS, ZONES
from .safe import clean


def summary(events: Iterable[ev.Event], names: tuple[str, str]) -> str | None:
    """One line for what the other player's turn did: Summons, Snatches, Momons lost."""
    parts = [part for e in events for part in _moves(e, names, summons=True)]
    # TRANSLATORS: the end of the line of what the other player's turn did: {events} are its parts
    return clean(_("{events}.").format(events="; ".join(parts)), LINE_LIMIT) if parts else None


def _moves(e: ev.Event, names: tuple[str, str], summons: bool) -> list[str]:
    """What ``e`` changed on the table, in a few words each, as both one-line accounts say it
    (``summons``: a Summon by its player too, not only one by an ability)."""
    if isinstance(e, ev.Summoned) and (summons or e.by_ability):
        return [_("{player} Summoned {name} to {space}").format(player=names[e.player - 1], name=e.name, space=e.space)]
    if isinstance(e, ev.ControlChanged):
        return [_("{player} Snatched {name} on {space}").format(player=names[e.new - 1], name=e.name, space=e.space)]
    if isinstance(e, ev.ZoneChanged):
        left = (_("{name} left {space} for its Owner's {zone}") if e.from_space else
                _("{name} left the {from_zone} for its Owner's {zone}"))
        return [left.format(name=e.name, space=e.from_space, from_zone=ZONES[e.from_zone], zone=ZONES[e.to_zone])]
    if isinstance(e, ev.Moved):
        return [_("{name} Moved {start} → {dest}").format(name=name, start=start, dest=dest)
                for name, start, dest in e.moves]
    return []


def results(story: Sequence[ev.Event], start: int, end: int, names: tuple[str, str],
            score: tuple[int, int]) -> str | None:
    """One line for what a player's own answer did, ``story[start:end]`` of that seat's story
    (a failed Attempt and why, its abilities, Power changed, Snatches, Momons sent away), and
    the Control Score ``score`` it left; None when it did nothing to tell. The names of the
    abilities come from the story before ``start`` too, where they triggered."""
    triggers: dict[int, tuple[str, str]] = {}
    parts: list[str] = []
    for i, e in enumerate(story[:end]):
        if isinstance(e, ev.TriggerWaiting):
            triggers[e.trigger] = (e.name, TIMING_WORDS[e.timing])
        if i < start:
            continue
        if isinstance(e, ev.AttemptResolved) and not e.success:  # a success is said as its Snatch
            # TRANSLATORS: {verdict} is a short verdict: "fails: Ward", "fails"
            parts.append(_("{attacker}'s Attempt on {defender} {verdict}").format(
                attacker=e.attacker_name, defender=e.defender_name, verdict=_(SHORT_VERDICT[e.reason])))
        elif isinstance(e, ev.AbilityResolved) and e.trigger in triggers:
            name, timing = triggers[e.trigger]
            said = (_("{name}'s {timing} ability resolved") if e.outcome == "resolved" else
                    _("{name}'s {timing} ability declined") if e.outcome == "declined" else
                    _("{name}'s {timing} ability did nothing"))
            parts.append(said.format(name=name, timing=timing))
        elif isinstance(e, (ev.PowerModified, ev.PowerSet)):
            parts.append(_("{name} now has Power {power}").format(name=e.name, power=e.power))
        else:
            parts.extend(_moves(e, names, summons=False))
    if not parts:
        return None
    # TRANSLATORS: what a player's own answer did ({events}, its parts) and the Control Score after it
    return clean(_("Your move: {events}. Control Score {first} {first_score} – {second} {second_score}.").format(
        events="; ".join(parts), first=names[0], first_score=score[0], second=names[1], second_score=score[1]),
        LINE_LIMIT)
