"""``momon learn``: the first lesson, the easiest built-in puzzles one after another, each
with its intro; progress is kept in the data folder, so the next ``momon learn`` goes on
where the last one stopped.

Between two puzzles one line is asked: Enter (or ``play``) plays the puzzle, ``skip`` goes
to the next, ``quit`` (or Ctrl-D) stops. A script answers those prompts like the others,
with ``play`` for Enter (a script's blank lines are skipped).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .. import exits
from ..data.puzzles import Puzzle
from ..engine import CardDef, ElementMatrix
from ..files import NotAFile, regular_file
from ..language import _
from ..record.saved import puzzles_folder
from ..text.safe import safe
from . import puzzle as pz
from .plain import WIDE
from .script import ScriptReader

LESSON_LEVEL = 2  # the first lesson: the puzzles of difficulty 1 and 2
PROGRESS = "learn.json"  # in the puzzles folder: {"done": lessons solved or skipped}
PLAY, SKIP, QUIT = ("", "play", "p", "y", "yes"), ("skip", "s", "next"), ("quit", "q", "exit")


def progress_file() -> Path:
    return puzzles_folder() / PROGRESS


def read_progress(path: Path) -> int:
    """How many lessons are done, as the file says (0: no file, or one that cannot be read)."""
    try:
        regular_file(path)
        done = json.loads(path.read_text(encoding="utf-8")).get("done")
    except (OSError, NotAFile, ValueError, AttributeError):
        return 0
    return done if type(done) is int and done >= 0 else 0


def write_progress(path: Path, done: int) -> None:
    """Keep ``done``: a new file renamed over the old (a link there is replaced, never written
    through). Raises OSError, or NotAFile for a folder or a device at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    regular_file(path, missing_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps({"done": done}) + "\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Lesson:
    """The walk through the lessons: ``run`` returns the exit status."""

    def __init__(self, files: list[Path], puzzles: list[Puzzle], pool: dict[str, CardDef], matrix: ElementMatrix,
                 console: Console, lines: Iterable[bytes] | None = None, restart: bool = False,
                 plain: bool = False) -> None:
        self.files, self.puzzles, self.pool, self.matrix, self.console = files, puzzles, pool, matrix, console
        self.plain = plain  # each puzzle in plain lines (plain_seat.py), its intro unwrapped
        self.lessons = [i for i, p in enumerate(puzzles) if p.difficulty <= LESSON_LEVEL]
        self.script = ScriptReader(lines, console) if lines is not None else None
        self.progress = progress_file()
        self.done = 0 if restart else min(read_progress(self.progress), len(self.lessons))

    def _ask(self, prompt: str) -> str:
        """One line: from the script, or typed (EOFError at its end or on Ctrl-D)."""
        if self.script is not None:
            return self.script.read(prompt)
        return self.console.input(prompt)

    def _keep(self) -> None:
        try:
            write_progress(self.progress, self.done)
        except (OSError, NotAFile) as err:
            self.console.print(safe(_("Your progress could not be kept in {path}: {error}").format(path=self.progress, error=err),
                                    style="dim"))

    def run(self) -> int:
        total = len(self.lessons)
        if self.done >= total:
            self.console.print(Text(_("You have done all {total} lessons. 'momon learn --restart' starts them again; "
                                      "'momon puzzles' lists the harder puzzles.").format(total=total)), soft_wrap=True)
            return exits.DONE
        if self.done:
            self.console.print(Text(_("Welcome back: lesson {number} of {total}.").format(number=self.done + 1, total=total),
                                    style="bold"))
        tries = 0
        while self.done < total:
            index = self.lessons[self.done]
            puzzle, number = self.puzzles[index], index + 1
            heading = _("Lesson {lesson} of {total} · puzzle {number}: {title}").format(
                lesson=self.done + 1, total=total, number=number, title=puzzle.title)
            for line in pz.intro(puzzle, heading, WIDE if self.plain else self.console.width):
                self.console.print(line)
            word = self._choice(_("Enter: try again") if tries else _("Enter: play"))
            if word is None:
                return self._stop()
            if word == "skip":
                self.done, tries = self.done + 1, 0
                self._keep()
                continue
            seat = pz.start(self.files[index], puzzle, puzzles_folder() / f"{number:02d}.jsonl", self.pool,
                            self.matrix, self.console, "momon learn" + " --plain" * self.plain, self.script,
                            plain=self.plain)
            code = seat.run()
            if seat.verdict is None or code != exits.DONE:
                return code
            if seat.verdict.met:
                self.done, tries = self.done + 1, 0
                self._keep()
            else:
                tries += 1
        following = len(self.lessons) + 1
        self.console.print(Text(_("That was the first lesson. {n} harder puzzles wait: 'momon puzzles' lists them, "
                                  "'momon puzzle {following}' plays the next.").format(
            n=len(self.puzzles) - total, following=following), style="bold"), soft_wrap=True)
        return exits.DONE

    def _choice(self, play: str) -> str | None:
        """'play', 'skip', or None to stop; anything else is asked again."""
        while True:
            try:
                word = self._ask(_("{play} · skip · quit › ").format(play=play)).strip().lower()
            except EOFError:
                if self.script is None:
                    self.console.print()  # Ctrl-D left the cursor on the prompt's line
                return None
            if word in PLAY:
                return "play"
            if word in SKIP:
                return "skip"
            if word in QUIT:
                return None
            self.console.print(safe(_("Type Enter (or 'play'), 'skip' or 'quit' ({typed} is none of them).").format(
                typed=repr(word[:20]))))

    def _stop(self) -> int:
        self.console.print(Text(_("Stopped at lesson {number}: 'momon learn' goes on from there.").format(
            number=self.done + 1)), soft_wrap=True)
        return exits.DONE
