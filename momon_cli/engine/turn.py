"""The game's flow as straight-line rules code: setup (BASELINE 6), turns (CR 8), the end (7).

Each function is a generator; ``yield`` hands a Decision out and receives its answer. Only
:class:`momon_cli.engine.game.Game` knows how the generator is driven.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .arena import SPACES
from .effects import expire, scores
from .snatch import run_check
from .state import TURN_LIMIT, Result
from .summon import turn_based_summon

if TYPE_CHECKING:
    from .game import Game


def run_game(game: Game):
    state = game.state
    setup = state.setup
    if setup.first_player is None:  # 6.2
        state.first_player, chosen_by = state.rng.choice((1, 2)), "seed"
    else:
        state.first_player, chosen_by = setup.first_player, "players"
    state.first_token = state.first_player
    game.emit(ev.GameStarted(setup.profile, setup.seed, setup.names, state.first_player, chosen_by))
    state.active = state.first_player  # 6.10
    while True:
        state.turn += 1
        yield from play_turn(game)
        if state.end_reason is None and state.turn >= TURN_LIMIT:  # 7.3
            record_end(game, "turn-limit")
        if state.end_reason is not None:
            finish(game, state.end_reason)
            return
        state.active = state.non_active  # 8.2


def record_end(game: Game, reason: str) -> None:
    game.state.end_reason = reason
    game.emit(ev.EndConditionRecorded(reason))


def play_turn(game: Game):
    state = game.state
    zones = state.zones
    triggers = game.triggers
    game.emit(ev.TurnStarted(state.turn, state.active))
    # Turn Start: triggers wait, expirations, SBC, then the Queue (CR 8 table, 8.2)
    triggers.turn_based("turn_start")
    expire(game, "start_of_turn")
    yield from triggers.resolve_all()

    game.emit(ev.StepStarted(state.turn, "summon"))
    if len(zones.arena) == len(SPACES):  # 7.2, CR 17.8
        record_end(game, "full-arena")
    elif not any(zones.hands[p] or zones.voids[p] for p in (1, 2)):  # 7.3
        record_end(game, "exhaustion")
    else:
        summoned = yield from turn_based_summon(game)
        if summoned is not None:
            yield from triggers.resolve_all()  # Step 1.2 On Summon
            game.emit(ev.StepStarted(state.turn, "snatch_check"))
            yield from run_check(game, summoned)  # Step 2
            yield from triggers.resolve_all()  # Step 2.1 Post-Snatch

    game.emit(ev.StepStarted(state.turn, "end"))  # Step 3
    triggers.turn_based("end_of_turn")
    yield from triggers.resolve_all()
    # Expirations, SBC, their triggers; again while those triggers made new "until end of
    # turn" effects, which must not outlive this turn [R-mc 16, docs/rules.md].
    while True:
        expire(game, "end_of_turn")
        yield from triggers.resolve_all()
        if not any(e.until == "end_of_turn" for e in state.effects):
            break
    game.emit(ev.TurnEnded(state.turn))


def finish(game: Game, reason: str, winner: int | None = None) -> None:
    """Determine the result by Control Score (BASELINE 7.4), or give it to ``winner``."""
    state = game.state
    score = scores(game)
    tiebreak = False
    if winner is None:
        if score[0] == score[1]:
            winner, tiebreak = state.first_token, True
        else:
            winner = 1 if score[0] > score[1] else 2
    state.result = Result(winner, reason, {1: score[0], 2: score[1]}, tiebreak)
    game.emit(ev.GameEnded(reason, score, winner, tiebreak, state.first_token))
