"""How long a Summon decision in plain mode takes to hear: the decision's lines spoken by
espeak-ng at 175 words a minute, in English and in Thai, brief (``--verbosity brief``, the
default) and full. Target (issue 36): a brief Summon decision in at most 30 s in both
languages. Not a test: it needs espeak-ng (``apt-get install -y espeak-ng``).

    .venv/bin/python benchmarks/speech.py                 # the first Summon and one mid-game
    .venv/bin/python benchmarks/speech.py --show          # and the lines spoken

The game is the one of tests/games/dawn-dusk-vs-prism-seed7.txt (Ann and Bea, seed 7), played
through a session up to each measured decision, so the lines are those the player would hear
there: the news since the last answer, the Hand (ten cards at the first Summon), the empty
Spaces and the prompt. The seconds are the length of the wav espeak-ng writes.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import wave
from pathlib import Path

from momon_cli import language
from momon_cli.data.cards import load_deck, load_matrix, load_pool
from momon_cli.engine import Game, Kind, Setup
from momon_cli.record import start_record
from momon_cli.session import Session
from momon_cli.tui import plain

ROOT = Path(__file__).parent.parent
GAME = ROOT / "tests" / "games" / "dawn-dusk-vs-prism-seed7.txt"
VOICES = {"en": "en", "th": "th"}


def _session(log: Path) -> tuple[Session, list[str]]:
    pool, matrix = load_pool(), load_matrix()
    decks = (load_deck("dawn-dusk", pool).cards, load_deck("prism", pool).cards)
    game = Game(Setup.new_game(decks, matrix, 7, "sequential", ("Ann", "Bea"), 1))
    lines = [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return Session(game, start_record(log, game, ("Dawn and Dusk", "Prism"), force=True)), lines


def decision_lines(at: int, lang: str, brief: bool) -> list[str]:
    """The lines plain mode says at the game's decision after ``at`` answers (a Summon)."""
    with tempfile.TemporaryDirectory() as folder, language.using(lang):  # the story is told in the seat's language
        session, lines = _session(Path(folder) / "g.jsonl")
        for line in lines[:at]:
            pending = session.game.pending
            assert pending is not None
            session.updates(pending.player, pending)  # the seat sees its decision, as a front end shows it
            session.submit(pending.player, line)
        decision = session.game.pending
        assert decision is not None and decision.kind is Kind.SUMMON, f"answer {at} is not before a Summon"
        update = session.updates(decision.player, decision)
        said = (plain.brief if brief else plain.decision)(update.seen, decision, update.side, update.marks, True,
                                                          update.news)
        session.close()
        return said


def seconds(text: str, voice: str, speed: int = 175) -> float:
    """The length of ``text`` spoken by espeak-ng at ``speed`` words a minute."""
    with tempfile.TemporaryDirectory() as folder:
        source, out = Path(folder) / "text.txt", Path(folder) / "out.wav"
        source.write_text(text, encoding="utf-8")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(out), "-f", str(source)], check=True,
                       capture_output=True)
        with wave.open(str(out)) as wav:
            return wav.getnframes() / wav.getframerate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", type=int, nargs="*", default=[0, 12],
                        help="answers played before the measured Summon (default: the first, and one mid-game)")
    parser.add_argument("--show", action="store_true", help="print the lines spoken")
    args = parser.parse_args()
    print(f"{'decision':<26}{'lang':<6}{'brief s':>9}{'full s':>9}{'brief words':>13}")
    for at in args.at:
        for lang, voice in VOICES.items():
            brief, full = decision_lines(at, lang, True), decision_lines(at, lang, False)
            b, f = seconds("\n".join(brief), voice), seconds("\n".join(full), voice)
            name = f"Summon after {at} answers"
            print(f"{name:<26}{lang:<6}{b:>9.1f}{f:>9.1f}{len(' '.join(brief).split()):>13}")
            if args.show:
                print("\n".join(brief) + "\n")


if __name__ == "__main__":
    main()
