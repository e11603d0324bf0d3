"""Each seat reads its own language: two seats of one process, one Thai and one English, each
inside ``language.using`` its code, in two threads running at once and in two asyncio tasks
of one event loop, meet at every step (a barrier) and each reads only its own words: the
narration, a decision's prompt, a refusal of the answer notation and a card's text."""

from __future__ import annotations

import ast
import asyncio
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers import game, mk

from momon_cli import language
from momon_cli.data.cards import load_pool
from momon_cli.data.cardtext import rules_text
from momon_cli.engine import Kind
from momon_cli.text import notation
from momon_cli.text.narration import Narrator
from momon_cli.text.prompts import prompt_text

THAI = re.compile(r"[\u0e00-\u0e7f]")
SEATS = ("th", "en")


def _pieces() -> list[Callable[[], str]]:
    """What a seat reads, one text each: made from one game both seats share (read only)."""
    g = game([mk("Hawk"), mk("Spare")], [mk("Imp"), mk("Other")])
    decision = g.pending
    assert decision is not None and decision.kind is Kind.SUMMON
    seen = g.observe(decision.player)
    events = list(g.events)
    card = next(c for c in sorted(load_pool().values(), key=lambda c: c.id) if c.abilities)

    def narration() -> str:
        said = [Narrator(("Ann", "Bea")).line(e) for e in events]
        return "\n".join(line for line in said if line)

    def refusal() -> str:
        with pytest.raises(notation.BadAnswer) as bad:
            notation.parse(seen, decision, "hawk Z9")
        return str(bad.value)

    return [narration, lambda: prompt_text(decision), refusal, lambda: rules_text(card)]


PIECES = _pieces()


@pytest.fixture(scope="module")
def expected() -> dict[str, list[str]]:
    """Each language's texts, read alone, one seat after the other."""
    said = {}
    for code in SEATS:
        with language.using(code):
            said[code] = [piece() for piece in PIECES]
    for thai, english in zip(said["th"], said["en"], strict=True):
        assert THAI.search(thai) and not THAI.search(english) and thai != english
    return said


def test_two_seats_in_two_threads_at_once_each_read_their_own_language(expected):
    meet = threading.Barrier(len(SEATS), timeout=60)
    read: dict[str, list[str]] = {code: [] for code in SEATS}
    failed: list[BaseException] = []

    def seat(code: str) -> None:
        try:
            with language.using(code):
                for piece in PIECES:
                    meet.wait()  # both seats have chosen their language before either reads
                    read[code].append(piece())
                    meet.wait()
        except BaseException as err:  # handed to the test's thread
            failed.append(err)
            meet.abort()

    threads = [threading.Thread(target=seat, args=(code,)) for code in SEATS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failed, failed
    assert read == expected
    assert language.current() == "en"  # the process's own language is untouched


def test_two_seats_in_one_event_loop_each_read_their_own_language(expected):
    read: dict[str, list[str]] = {code: [] for code in SEATS}

    async def seat(code: str, meet: asyncio.Barrier) -> None:
        with language.using(code):
            for piece in PIECES:
                await meet.wait()  # the other task runs here: it too has chosen its language
                read[code].append(piece())
                await asyncio.sleep(0)

    async def both() -> None:
        meet = asyncio.Barrier(len(SEATS))
        await asyncio.gather(*(seat(code, meet) for code in SEATS))

    asyncio.run(both())
    assert read == expected
    assert language.current() == "en"


def test_a_thread_that_chose_no_language_reads_the_processes_while_another_reads_thai(expected):
    meet = threading.Barrier(2, timeout=60)
    plain: list[str] = []

    def other() -> None:
        meet.wait()  # the test's thread is inside using("th") now
        plain.extend(piece() for piece in PIECES)
        meet.wait()

    t = threading.Thread(target=other)
    t.start()
    with language.using("th"):
        meet.wait()
        meet.wait()
        mine = [piece() for piece in PIECES]
    t.join()
    assert plain == expected["en"] and mine == expected["th"]


def test_the_work_a_screen_waits_on_reads_the_language_of_the_seat_that_waits(expected):
    """A bot's thinking runs in a thread of its own while the screen spins (``Screen.busy``):
    it reads the waiting seat's language, not the process's."""
    from io import StringIO

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from momon_cli.tui.screen import Screen

    with create_pipe_input() as pipe:
        screen = Screen(pipe, Vt100_Output(StringIO(), lambda: Size(24, 80), term="xterm"))
        screen.frame = lambda width, height, below=2: []  # type: ignore[method-assign]
        with language.using("th"):
            said = screen.busy("…", PIECES[1])
    assert said == expected["th"][1]


def test_no_text_is_translated_at_import_but_the_command_lines_help():
    """A sentence translated as its module loads would be in the language of whoever loaded it
    first, for every seat after: outside cli/ (the command line's help, read by one person in
    the language chosen at start-up), ``_()`` and ``ngettext`` are called only inside functions."""
    package = Path(language.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.relative_to(package).parts[0] == "cli":
            continue
        for call in _run_at_import(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in ("_", "ngettext"):
                found.append(f"{path.relative_to(package)}:{call.lineno}")
    assert not found, sorted(set(found))


def _run_at_import(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes under ``node`` that run as its module loads: all but the bodies of functions
    (their defaults and decorators do run)."""
    for child in ast.iter_child_nodes(node):
        yield child
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for part in [*child.args.defaults, *(d for d in child.args.kw_defaults if d is not None),
                         *([] if isinstance(child, ast.Lambda) else child.decorator_list)]:
                yield from ast.walk(part)
        else:
            yield from _run_at_import(child)


def test_only_the_command_lines_start_writes_the_language_into_the_environment():
    """The environment is the process's: a seat's language never goes there. The one write
    is ``language.use_flag``'s LANGUAGE, for Typer's own words, as the command line starts. (The
    only other write names no language: PyThaiNLP's read-only switch, set before its first
    import so that it makes no folder in the player's home.)"""
    package = Path(language.__file__).parent
    writes = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owner = {id(n): f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                 for n in ast.walk(f)}  # the innermost function wins: ast.walk meets outer ones first
        for node in ast.walk(tree):
            targets = (node.targets if isinstance(node, ast.Assign | ast.Delete) else
                       [node.target] if isinstance(node, ast.AugAssign) else [])
            assigned = any("environ" in ast.unparse(t) for t in targets)
            called = isinstance(node, ast.Call) and re.search(r"environ\.(update|setdefault|pop|clear)|putenv|unsetenv",
                                                              ast.unparse(node.func))
            if assigned or called:
                writes.append(f"{path.relative_to(package)}:{owner.get(id(node), '')}")
    assert writes == ["language.py:use_flag", "widths.py:thai_breaks"]
