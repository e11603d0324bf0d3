"""A game nobody observes keeps no copy of its state at each Summon step, and plays exactly as
an observed one: the same answers, events and record; observed late, it tells a seat what the
observed game told it (the root state it rebuilds by playing itself again, quietly)."""

from __future__ import annotations

import sys
from typing import Any

from momon_cli.bots.players import GreedyBot, RandomBot
from momon_cli.bots.tournament import _library
from momon_cli.engine import Game, GameState, Setup
from momon_cli.record import record_text
from momon_cli.record.format import header


def _setups() -> list[Setup]:
    decks, _, matrix = _library()
    names = sorted(decks)
    return [Setup.new_game((decks[names[i % 9]].cards, decks[names[(4 * i + 1) % 9]].cards), matrix, 40 + i, profile)
            for i in range(6) for profile in ("sequential", "simultaneous")]


def _events(game: Game) -> list[dict[str, object]]:
    return [e.to_dict() for e in game.events]


def _observed(setup: Setup) -> tuple[Game, list[tuple[int, int, str]], dict[int, dict[str, object]]]:
    """The game with both seats' bots answering from their observations, each observation kept."""
    _, pool, _ = _library()
    game = Game(setup)
    bots = {1: GreedyBot(f"{setup.seed}-1", pool), 2: RandomBot(f"{setup.seed}-2")}
    asked, seen = [], {}
    while game.pending is not None:
        player = game.pending.player
        asked.append((len(game.events), player, game.pending.kind.value))
        observation = game.observe(player)
        seen[len(game.answers)] = observation.to_dict()
        game.answer(bots[player].answer(observation))
    return game, asked, seen


def test_a_quiet_game_plays_the_same_answers_events_and_record_as_an_observed_one(monkeypatch):
    copies = []
    clone = GameState.clone

    def counted(self: GameState, *args: Any, **kwargs: Any) -> GameState:
        if sys._getframe(1).f_code.co_name == "_keep_root":  # a copy as a Summon step begins
            copies.append(self)
        return clone(self, *args, **kwargs)

    for setup in _setups():
        watched, asked, _ = _observed(setup)
        monkeypatch.setattr(GameState, "clone", counted)
        quiet = Game(setup)
        for value in watched.answers:
            quiet.answer(value)
        monkeypatch.setattr(GameState, "clone", clone)
        assert copies == []  # no Summon step of a game nobody observed copies its state
        assert quiet.answers == watched.answers and _events(quiet) == _events(watched)
        assert quiet.result == watched.result
        head = header(setup, ("a", "b"))
        assert record_text(head, quiet, asked) == record_text(head, watched, asked)


def test_a_quiet_game_observed_late_tells_each_seat_what_an_observed_one_told():
    for setup in _setups()[:6]:
        watched, _, seen = _observed(setup)
        for at in (len(watched.answers) // 3, len(watched.answers) // 2, len(watched.answers) - 1):
            late = Game(setup)
            for value in watched.answers[:at]:
                late.answer(value)
            assert late.pending is not None
            assert late.observe(late.pending.player).to_dict() == seen[at]
            for value in watched.answers[at:]:  # observed from here on: a copy at each step
                late.answer(value)
            assert _events(late) == _events(watched)
