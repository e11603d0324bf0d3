"""The session on an event loop (session/aplay.py): two served seats and a bot in one loop,
no thread a seat; the bot thinks in an executor while the loop goes on; a seat's task that is
cancelled (its connection closed) ends, leaving nothing of its own waiting."""

from __future__ import annotations

import asyncio
import threading

from repl_driver import typed_answer
from short_game import setup

from momon_cli.engine import Game
from momon_cli.record import Seat, start_record
from momon_cli.session import Outcome, Session
from momon_cli.session.aplay import aplay


class Front:
    """A front end on the loop that types the first legal answer at each of its decisions."""

    interactive = True

    def __init__(self, session: Session) -> None:
        self.session, self.asked, self.watched = session, 0, 0

    def present(self, update):
        self.update = update

    async def aread(self, update):
        self.asked += 1
        await asyncio.sleep(0)
        return typed_answer(self.session.game, update.decision)

    def show(self, shown, update): ...

    def note(self, message): ...

    def error(self, message):
        raise AssertionError(message)

    def viewed(self, viewed, update): ...

    async def aconfirm(self, question, update):
        return "y"

    async def athink(self, message, work):
        return await work

    async def abot(self, turn, update, answer):
        return await answer

    async def awatch(self, update, decision, moved):
        self.watched += 1
        await moved


def _thinking_while_the_loop_goes_on(seen: list[tuple[str, bool]], pulse: threading.Event):
    """BotTurn.think that, before answering, waits for the event loop to beat once more: it
    can only if it thinks in a thread of its own, the loop free meanwhile."""
    from momon_cli.session.bot_turn import BotTurn

    think = BotTurn.think

    def waiting(self):
        pulse.clear()
        seen.append((threading.current_thread().name, pulse.wait(10)))
        return think(self)
    return waiting


def test_two_served_seats_and_a_bot_play_a_whole_game_on_one_loop_that_never_blocks(tmp_path, monkeypatch):
    game = Game(setup())
    recorder = start_record(tmp_path / "a.jsonl", game, ("A", "B"), force=True)
    from momon_cli.serve.host import Host

    host = Host(game, recorder, {2: Seat("random", "7-2")})  # the server's: a served session and its bots' task
    session = host.session
    thought: list[tuple[str, bool]] = []
    pulse = threading.Event()
    monkeypatch.setattr("momon_cli.session.bot_turn.BotTurn.think", _thinking_while_the_loop_goes_on(thought, pulse))

    async def ticker() -> None:  # the loop's own pulse while the bot thinks
        while True:
            pulse.set()
            await asyncio.sleep(0.005)

    async def main() -> tuple[Outcome, Outcome]:
        beat = asyncio.create_task(ticker())
        bots = asyncio.create_task(host.bots_task())
        person, spectator = Front(session), Front(session)
        outcomes = await asyncio.gather(aplay(session, person, 1, bots=False), aplay(session, spectator, 0, bots=False))
        await bots
        beat.cancel()
        assert person.asked and spectator.watched and not spectator.asked
        return outcomes[0], outcomes[1]

    assert asyncio.run(main()) == (Outcome.OVER, Outcome.OVER)
    session.close()
    assert game.result is not None and thought
    # every answer was thought in an executor thread while the loop went on beating
    assert all(name != threading.main_thread().name and beat for name, beat in thought), thought


def test_a_cancelled_seat_task_ends_and_leaves_nothing_waiting(tmp_path):
    game = Game(setup())
    session = Session(game, start_record(tmp_path / "c.jsonl", game, ("A", "B"), force=True), served=True)

    async def main() -> None:
        waiting = asyncio.create_task(aplay(session, Front(session), 2, bots=False))  # Bea waits for Ann
        await asyncio.sleep(0.05)
        assert session._watchers  # it awaits the session's next change
        waiting.cancel()  # the connection closed
        try:
            await waiting
        except asyncio.CancelledError:
            pass
        assert waiting.cancelled() and not session._watchers

    asyncio.run(main())
    assert len(game.answers) == 0
    session.close()
