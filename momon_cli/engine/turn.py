"""The game's flow as straight-line rules code: setup (BASELINE 6), turns (CR 8), the end (7).

Each function is a generator; ``yield`` hands a Decision out and receives its answer. Only
:class:`momon_cli.engine.game.Game` knows how the generator is driven.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from . import collect
from . import events as ev
from .actions import send
from .arena import SPACES
from .context import Rules
from .decisions import Decision
from .effects import expire, scores
from .queue import busy, resolve_all
from .snatch import run_check
from .state import TURN_LIMIT, Result
from .summon import turn_based_summon
from .zones import HAND, GameObject

Flow = Generator[Decision, Any, None]


def run_game(ctx: Rules) -> Flow:
    state = ctx.state
    setup = state.setup
    position = setup.position
    if position.first_player is None:  # 6.2
        state.first_player, chosen_by = state.rng.choice((1, 2)), "seed"
    else:
        state.first_player, chosen_by = position.first_player, "players"
    state.first_token = position.first_player_token or state.first_player
    ctx.emit(ev.GameStarted, setup.profile, setup.seed, setup.names, state.first_player, chosen_by)
    state.active = position.active or state.first_player  # 6.10
    state.turn += 1
    yield from play_turn(ctx)
    yield from play_on(ctx)


def play_on(ctx: Rules) -> Flow:
    """After a turn: end the game if a condition was recorded, else the next turn (CR 8.2)."""
    state = ctx.state
    while True:
        if state.end_reason is None and state.turn >= TURN_LIMIT:  # 7.3
            record_end(ctx, "turn-limit")
        if state.end_reason is not None:
            finish(ctx, state.end_reason)
            return
        state.active = state.non_active  # 8.2
        state.turn += 1
        yield from play_turn(ctx)


def record_end(ctx: Rules, reason: str) -> None:
    ctx.state.end_reason = reason
    ctx.emit(ev.EndConditionRecorded, reason)


def delayed_returns(ctx: Rules, when: str) -> None:
    """Delayed Returns to Hand due now, with the expirations they belong to [TH 17.7]."""
    state = ctx.state
    if when == "end_of_turn":
        due = [d for d in state.delayed if d.at == "end_of_turn"]
    else:  # the start of the controller's next turn
        due = [d for d in state.delayed if d.at == "your_next_turn" and d.controller == state.active and d.turn < state.turn]
    if not due:
        return
    state.delayed = [d for d in state.delayed if d not in due]
    back: dict[int, GameObject] = {}
    again = []  # a second return of an object due at the same time: it will have changed zones
    for d in due:
        obj = state.zones.objects.get(d.oid)
        if obj is None:  # it changed zones first: follow neither the card nor a new arrival
            ctx.emit(ev.ReturnLapsed, d.oid, d.name)
        elif d.oid in back:
            again.append(d)
        else:
            back[d.oid] = obj
    send(ctx, list(back.values()), HAND)  # the returns due together are one event
    for d in again:
        ctx.emit(ev.ReturnLapsed, d.oid, d.name)


def play_turn(ctx: Rules) -> Flow:
    state = ctx.state
    ctx.emit(ev.TurnStarted, state.turn, state.active)
    state.resolutions = 0
    # Turn Start: triggers wait, expirations, SBC, then the Queue (CR 8 table, 8.2)
    collect.turn_based(ctx, "turn_start")
    expire(ctx, "start_of_turn")
    delayed_returns(ctx, "start_of_turn")
    if busy(ctx):
        yield from resolve_all(ctx)

    yield from summon_step(ctx)


def summon_step(ctx: Rules) -> Flow:
    """Step 1 on, to the turn's end. Nothing waits or resolves as it begins, so a game can be
    started again here from its state alone (engine.lookahead.world); ``ctx.at_root`` is
    told first, for a driver that keeps that state."""
    state = ctx.state
    zones = state.zones
    if ctx.at_root is not None:
        ctx.at_root()
    ctx.emit(ev.StepStarted, state.turn, "summon")
    if len(zones.arena) == len(SPACES):  # 7.2, CR 17.8
        record_end(ctx, "full-arena")
    elif not any(zones.hands[p] or zones.voids[p] for p in (1, 2)):  # 7.3
        record_end(ctx, "exhaustion")
    else:
        summoned = yield from turn_based_summon(ctx)
        if summoned is not None:
            yield from after_summon(ctx, summoned)
    yield from end_step(ctx)


def after_summon(ctx: Rules, summoned: int) -> Flow:
    """Steps 1.2 to 2.1 for the Momon the turn Summoned."""
    if busy(ctx):
        yield from resolve_all(ctx)  # Step 1.2 On Summon, and any Summon batches [TH 17.1]
    ctx.emit(ev.StepStarted, ctx.state.turn, "snatch_check")
    yield from run_check(ctx, summoned)  # Step 2
    if busy(ctx):
        yield from resolve_all(ctx)  # Step 2.1 Post-Snatch


def end_step(ctx: Rules) -> Flow:
    """Step 3 and the end of the turn."""
    state = ctx.state
    ctx.emit(ev.StepStarted, state.turn, "end")
    collect.turn_based(ctx, "end_of_turn")
    if busy(ctx):
        yield from resolve_all(ctx)
    # Expirations, SBC, their triggers; again while those triggers made new "until end of
    # turn" effects or returns, which must not outlive this turn [R-mc 16, docs/rules.md].
    while True:
        expire(ctx, "end_of_turn")
        delayed_returns(ctx, "end_of_turn")
        if busy(ctx):
            yield from resolve_all(ctx)
        if not any(e.until == "end_of_turn" for e in state.effects) and not any(
                d.at == "end_of_turn" for d in state.delayed):
            break
    ctx.emit(ev.TurnEnded, state.turn)


def finish(ctx: Rules, reason: str, winner: int | None = None) -> None:
    """Determine the result by Control Score (BASELINE 7.4), or give it to ``winner``."""
    state = ctx.state
    score = scores(state)
    tiebreak = False
    if winner is None:
        if score[0] == score[1]:
            winner, tiebreak = state.first_token, True
        else:
            winner = 1 if score[0] > score[1] else 2
    state.result = Result(winner, reason, {1: score[0], 2: score[1]}, tiebreak)
    ctx.emit(ev.GameEnded, reason, score, winner, tiebreak, state.first_token)
