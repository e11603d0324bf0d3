"""One seat's observation: everything that seat may know at this moment, and nothing else.

Views, bots, the coach and anything served to another machine read an :class:`Observation`,
never a :class:`~momon_cli.engine.game.Game`: what a seat must not know is not in it.

- ``state`` is the seat's information state (engine.information.redact): the real state's
  shape, with the other Hand's unseen cards, the face-down cards' places and the generator
  taken out. Rules functions (``power``, ``scores`` ...) read it as they read a game's.
- ``decision`` is the pending Decision when this seat makes it; ``waiting`` says who
  decides what, for everyone.
- ``story`` is the game's events as this seat saw them: the same events, with the seed
  left out of the game's start (with it, a player could foretell every shuffled Void).
- ``root`` is the information state as the latest Summon step began (None before the first),
  and ``since`` the answers given from then on (from the game's start if ``root`` is None).
  Every answer is a public act at the table (a Summon, an order, a target, a pick), so a
  seat may know them all; with the two, a search can play a copy of the game up to any
  decision (engine.lookahead.world).

``to_dict`` is the serialised form, JSON-ready (what a second machine would be sent); an
information-set test compares it across every way the hidden cards could be.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import events as ev
from .decisions import AttemptView, Decision, Kind, OrderOutcome, SummonOptions, TriggerView
from .information import redact
from .state import GameState, Setup
from .triggers import Batch, Pending, Trigger


@dataclass(frozen=True, eq=False)
class Observation:
    """What ``seat`` (1, 2, or 0: a spectator) may know; see the module docstring."""

    seat: int
    state: GameState
    decision: Decision | None
    waiting: tuple[int, Kind] | None  # (who decides, what kind of decision), while the game goes on
    story: tuple[ev.Event, ...]
    answers: int  # answers given so far: public, and what a bot seeds its answer by
    root: GameState | None = None
    since: tuple[Any, ...] = ()

    @property
    def setup(self) -> Setup:
        """The setup as this seat knows it (no seed; hidden cards hidden)."""
        return self.state.setup

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "state": state_dict(self.state),
                "decision": None if self.decision is None else decision_dict(self.decision),
                "waiting": None if self.waiting is None else [self.waiting[0], self.waiting[1].value],
                "story": [e.to_dict() for e in self.story],
                "answers": self.answers, "root": None if self.root is None else state_dict(self.root),
                "since": [list(a) if isinstance(a, tuple) else a for a in self.since]}


def need(seen: object) -> Observation:
    """``seen`` itself, if it is an observation: what shows a seat anything, or answers for
    one, refuses a whole game (the secrets are in it)."""
    if not isinstance(seen, Observation):
        raise TypeError(f"this reads one seat's observation (Game.observe), not a {type(seen).__name__}")
    return seen


def observe(state: GameState, seat: int, pending: Decision | None, story: tuple[ev.Event, ...], answers: int,
            setup: Setup | None = None, root: GameState | None = None, since: tuple[Any, ...] = ()) -> Observation:
    """``seat``'s observation of a game in ``state`` waiting for ``pending``; ``story``: the
    events as every seat sees them (``seen_event``); ``setup``: the seat's, if kept; ``root``
    and ``since``: the redacted Summon-step state and the answers from it on."""
    mine = pending if pending is not None and pending.player == seat else None
    waiting = None if pending is None else (pending.player, pending.kind)
    return Observation(seat, redact(state, seat, setup), mine, waiting, story, answers, root, since)


def seen_event(event: ev.Event) -> ev.Event:
    """An event as every seat sees it: the game's start without its seed."""
    if isinstance(event, ev.GameStarted):
        return replace(event, seed=None)
    return event


def _trigger(t: Trigger) -> list[Any]:
    return [t.tid, t.source, t.card.id, t.ability.index, t.controller, t.source_space, t.event, t.card_no,
            [[r.oid, r.power] for r in t.refs], list(t.targets)]


def _pending(item: Pending) -> list[Any]:
    if isinstance(item, Batch):
        return ["batch", item.bid, item.oid, item.controller, item.event, item.cause, [_trigger(t) for t in item.triggers]]
    return ["trigger", *_trigger(item)]


def state_dict(state: GameState) -> dict[str, Any]:
    """A redacted state, every field the rules read, as plain JSON values."""
    zones = state.zones
    setup = state.setup
    position = setup.position
    return {
        "names": list(setup.names), "profile": setup.profile, "seed": setup.seed, "start_turn": position.turn,
        "start": [[p.card.id, p.owner, p.space, p.controller, p.face_up, list(p.once_used)] for p in position.cards()],
        "turn": state.turn, "active": state.active, "first_player": state.first_player,
        "first_token": state.first_token,
        "objects": [[o.oid, o.card_no, o.card.id, o.owner, o.zone, o.face_up, o.space, o.controller, o.ward_token]
                    for o in zones.objects.values()],
        "hands": [zones.hands[1], zones.hands[2]], "voids": [zones.voids[1], zones.voids[2]],
        "arena": dict(sorted(zones.arena.items())),
        "last_known": [[k.oid, k.card_no, k.card.id, k.owner, k.zone, k.space, k.controller, k.power, k.element]
                       for k in zones.last_known.values()],
        "successor": sorted(zones.successor.items()),
        "effects": [[e.eid, e.kind, e.target, e.amount, e.element, e.until, e.controller, e.turn, e.timestamp]
                    for e in state.effects],
        "delayed": [[d.did, d.oid, d.name, d.at, d.controller, d.turn] for d in state.delayed],
        "once_used": sorted(state.once_used),
        "frames": [[[_pending(i) for i in f.waiting], [_pending(i) for i in f.queue]] for f in state.frames],
        "resolving": [_trigger(t) for t in state.resolving],
        "counters": [state.next_id, state.events_made, state.resolutions, state.halted, state.end_reason],
        "result": None if state.result is None else [state.result.winner, state.result.reason,
                                                     sorted(state.result.scores.items()), state.result.tiebreak],
    }


def _option(option: object) -> object:
    if isinstance(option, AttemptView | TriggerView | OrderOutcome):
        return {f: _option(getattr(option, f)) for f in option.__slots__}
    if isinstance(option, tuple):
        return [_option(x) for x in option]
    return option


def decision_dict(d: Decision) -> dict[str, Any]:
    options = list(d.options) if isinstance(d.options, SummonOptions) else d.options
    return {"kind": d.kind.value, "player": d.player, "options": _option(tuple(options)), "prompt": d.prompt,
            "count": d.count, "min_count": d.min_count, "trigger": _option(d.trigger),
            "outcomes": _option(d.outcomes), "card": d.card, "subject": d.subject}
