"""How long a Summon decision in plain mode takes to hear: the decision's lines and the answer
prompt spoken by espeak-ng at 175 words a minute, in English and in Thai, brief
(``--verbosity brief``, the default) and full. Target (issue 36): a brief Summon decision in
at most 30 s in both languages. Not a test: it needs espeak-ng (``apt-get install -y espeak-ng``).

    .venv/bin/python benchmarks/speech.py                 # the first Summon and one mid-game
    .venv/bin/python benchmarks/speech.py --show          # and the lines spoken
    .venv/bin/python benchmarks/speech.py --decks         # each player's first Summon, every deck pairing
    .venv/bin/python benchmarks/speech.py --line-ends     # a pause at each line's end, as a reader line by line

The game is the one of tests/games/dawn-dusk-vs-prism-seed7.txt (Ann and Bea, seed 7), played
through a session up to each measured decision, so the lines are those the player would hear
there: the news since the last answer, the Hand (ten cards at the first Summon), the empty
Spaces and the prompt. ``--decks`` deals every ordered pairing of the built-in decks (seed 7,
Ann first) and measures Ann's first Summon (her whole deck in Hand, the Arena empty) and
Bea's (the news of Ann's, which the random bot makes, and Bea's whole deck). The seconds are
the length of the wav espeak-ng writes.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path
from typing import cast

from momon_cli import language
from momon_cli.bots.players import RandomBot
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Answer, Decision, Game, Kind, Setup
from momon_cli.record import start_record
from momon_cli.session import Accepted, Session
from momon_cli.text.notation import written
from momon_cli.tui import plain

ROOT = Path(__file__).parent.parent
GAME = ROOT / "tests" / "games" / "dawn-dusk-vs-prism-seed7.txt"
VOICES = {"en": "en", "th": "th"}
POOL = load_pool()
Answerer = Callable[[Session, int], str]  # the line answering the session's pending decision, the n-th answer
Stop = Callable[[Decision, int], bool]  # whether the decision pending after n answers is the one measured


def heard(decks: tuple[str, str], answer: Answerer, stop: Stop, lang: str, brief: bool) -> list[str]:
    """The lines plain mode says at the first Summon ``stop`` takes, its prompt the last."""
    pool, matrix = POOL, load_matrix()
    dealt = (load_deck(decks[0], pool), load_deck(decks[1], pool))
    game = Game(Setup.new_game((dealt[0].cards, dealt[1].cards), matrix, 7, "sequential", ("Ann", "Bea"), 1))
    with tempfile.TemporaryDirectory() as folder, language.using(lang):  # the story is told in the seat's language
        record = start_record(Path(folder) / "g.jsonl", game, (dealt[0].name, dealt[1].name), force=True)
        session, played = Session(game, record), 0
        while not stop(pending := need(session), played):
            session.updates(pending.player, pending)  # the seat sees its decision, as a front end shows it
            reply = session.submit(pending.player, answer(session, played))
            assert isinstance(reply, Accepted), reply
            played += 1
        decision = need(session)
        assert decision.kind is Kind.SUMMON, f"answer {played} is not before a Summon"
        update = session.updates(decision.player, decision)
        said = (plain.brief if brief else plain.decision)(update.seen, decision, update.side, update.marks, True,
                                                          update.news)
        session.close()
        return [*said, plain.answer_prompt(session.name_of(decision.player))]


def need(session: Session) -> Decision:
    decision = session.game.pending
    assert decision is not None, "the game ended before the Summon measured"
    return decision


def scripted(session: Session, n: int) -> str:
    """The game file's ``n``-th answer."""
    return [line for line in GAME.read_text().splitlines() if line.strip() and not line.startswith("#")][n]


def by_bot(session: Session, n: int) -> str:
    """A random bot's answer (seeded by the answer's number), as the player would type it."""
    decision = need(session)
    seen = session.game.observe(decision.player)
    return written(seen, decision, cast(Answer, RandomBot(n).pick(decision)))  # a legal answer of its kind


def after(n: int) -> Stop:
    """The decision pending after ``n`` answers."""
    return lambda _decision, played: played == n


def beas_first(decision: Decision, _played: int) -> bool:
    """The second player's first Summon."""
    return decision.kind is Kind.SUMMON and decision.player == 2


def seconds(text: str, voice: str, speed: int = 175, line_ends: bool = False) -> float:
    """The length of ``text`` spoken by espeak-ng at ``speed`` words a minute; ``line_ends``:
    each line's end a pause, as a clause's (espeak-ng's ``-l``; by default a line break is a
    space, and a screen reader that speaks each line on its own pauses between them)."""
    with tempfile.TemporaryDirectory() as folder:
        source, out = Path(folder) / "text.txt", Path(folder) / "out.wav"
        source.write_text(text, encoding="utf-8")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), *(["-l", "1000"] if line_ends else []), "-w", str(out),
                        "-f", str(source)], check=True,
                       capture_output=True)
        with wave.open(str(out), "rb") as wav:
            return wav.getnframes() / wav.getframerate()


def spoken(lines: list[str], lang: str, line_ends: bool) -> float:
    return seconds("\n".join(lines), VOICES[lang], line_ends=line_ends)


def game_file(at: list[int], show: bool, line_ends: bool) -> None:
    """The Summons of the game file after ``at`` answers, brief and full."""
    print(f"{'decision':<26}{'lang':<6}{'brief s':>9}{'full s':>9}{'brief words':>13}")
    for n in at:
        for lang in VOICES:
            brief, full = (heard(("dawn-dusk", "prism"), scripted, after(n), lang, b)
                           for b in (True, False))
            name = f"Summon after {n} answers"
            print(f"{name:<26}{lang:<6}{spoken(brief, lang, line_ends):>9.1f}{spoken(full, lang, line_ends):>9.1f}"
                  f"{len(' '.join(brief).split()):>13}")
            if show:
                print("\n".join(brief) + "\n")


def pairings(show: bool, line_ends: bool) -> None:
    """Each player's first Summon in brief for every ordered pairing of the built-in decks:
    a deck's first Summon as the first player (it does not depend on the other deck), and
    its worst as the second; then the worst of each, and how many are over 30 s."""
    decks = builtin_deck_names()
    worst: dict[str, tuple[float, str]] = {"first": (0.0, ""), "second": (0.0, "")}
    over = {"first": 0, "second": 0}
    print(f"{'deck':<16}{'lang':<6}{'first s':>9}{'second s':>10}  second's worst against")
    for deck in decks:
        for lang in VOICES:
            alone = heard((deck, decks[0]), by_bot, after(0), lang, True)
            then = {other: heard((other, deck), by_bot, beas_first, lang, True) for other in decks}
            one = spoken(alone, lang, line_ends)
            times = {other: spoken(said, lang, line_ends) for other, said in then.items()}
            two, against = max((t, other) for other, t in times.items())
            print(f"{deck:<16}{lang:<6}{one:>9.1f}{two:>10.1f}  {against}")
            worst["first"] = max(worst["first"], (one, f"{deck}, {lang}"))
            worst["second"] = max(worst["second"], (two, f"{deck} against {against}, {lang}"))
            over["first"] += one > 30
            over["second"] += sum(t > 30 for t in times.values())
            if show:
                print("\n".join(alone) + "\n\n" + "\n".join(then[against]) + "\n")
    pairs = len(decks) * len(VOICES)
    for which, (s, case) in worst.items():
        print(f"worst {which}: {s:.1f} s ({case}); over 30 s: {over[which]} of "
              f"{pairs if which == 'first' else pairs * len(decks)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", type=int, nargs="*", default=[0, 12],
                        help="answers played before the measured Summon (default: the first, and one mid-game)")
    parser.add_argument("--decks", action="store_true", help="each first Summon of every built-in deck pairing")
    parser.add_argument("--show", action="store_true", help="print the lines spoken")
    parser.add_argument("--line-ends", action="store_true", help="a pause at each line's end (espeak-ng -l)")
    args = parser.parse_args()
    if args.decks:
        pairings(args.show, args.line_ends)
    else:
        game_file(args.at, args.show, args.line_ends)


if __name__ == "__main__":
    main()
