"""Language is a property of the seat (issue 33): one served session, one seat reading Thai and
the other English, each seat's replies and story in its own language whichever thread or task
asks for them, at once, in one process."""

from __future__ import annotations

import asyncio
import re
import threading

from repl_driver import typed_answer
from short_game import setup

from momon_cli import language
from momon_cli.engine import Game
from momon_cli.record import start_record
from momon_cli.session import Accepted, Refused, Session

THAI = re.compile(r"[\u0e00-\u0e7f]")
LANGUAGES = {1: "th", 2: "en"}


def _session(tmp_path) -> tuple[Game, Session]:
    game = Game(setup())
    recorder = start_record(tmp_path / "two.jsonl", game, ("Deck One", "Deck Two"), force=True)
    return game, Session(game, recorder, served=True, languages=LANGUAGES)


def _in_its_language(player: int, text: str) -> bool:
    if LANGUAGES[player] == "th":
        return bool(THAI.search(text))
    return not THAI.search(text)


def _refusals(session: Session, player: int) -> list[str]:
    """Two lines a seat may type at any moment that are refused: one not an answer, and one
    made when it is not its turn, or not its Space."""
    return [reply.message for line in ("zzz", "99 Z9") if isinstance(reply := session.submit(player, line), Refused)]


def _play_some(game: Game, session: Session, answers: int) -> None:
    for _ in range(answers):
        pending = session.pending()
        assert pending is not None
        assert isinstance(session.submit(pending.player, typed_answer(game, pending.decision)), Accepted)


def test_two_seats_in_two_threads_each_read_their_own_language(tmp_path):
    game, session = _session(tmp_path)
    _play_some(game, session, 4)
    met = threading.Barrier(2)
    said: dict[int, list[str]] = {1: [], 2: []}

    def seat(player: int) -> None:
        with language.using("en" if player == 1 else "th"):  # the thread's own language is the other one
            for _ in range(20):
                met.wait(timeout=30)  # both seats ask at once, turn after turn
                said[player] += _refusals(session, player)
                said[player] += [full for full, _short in session.updates(player).told]

    threads = [threading.Thread(target=seat, args=(p,)) for p in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for player in (1, 2):
        assert said[player] and all(_in_its_language(player, text) for text in said[player]), (player, said[player][:4])


def test_two_seats_in_one_event_loop_each_read_their_own_language(tmp_path):
    game, session = _session(tmp_path)

    async def seat(player: int, met: asyncio.Barrier) -> list[str]:
        out: list[str] = []
        for _ in range(10):
            await met.wait()  # the two tasks take turns at every await
            out += await asyncio.to_thread(_refusals, session, player)
            out += _refusals(session, player)
            out += [full for full, _short in session.updates(player).told]
        return out

    async def both() -> list[list[str]]:
        met = asyncio.Barrier(2)
        return list(await asyncio.gather(seat(1, met), seat(2, met)))

    _play_some(game, session, 2)
    for player, texts in zip((1, 2), asyncio.run(both()), strict=True):
        assert texts and all(_in_its_language(player, text) for text in texts), (player, texts[:4])
