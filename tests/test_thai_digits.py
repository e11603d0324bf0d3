"""Thai digits (๐-๙) are numbers wherever ASCII digits are typed as an answer: an option's
number, a Hand position, a Space's row, an order, a face-down pick."""

from __future__ import annotations

from helpers import POSITIONS, from_position
from repl_driver import play
from test_notation import legal_answers

from momon_cli.bots.players import RandomBot
from momon_cli.engine import Game, Kind
from momon_cli.text import notation
from momon_cli.text.notation import format_answer, parse

THAI = str.maketrans("0123456789", "๐๑๒๓๔๕๖๗๘๙")


def test_thai_digits_read_as_ascii_ones():
    assert notation.ascii_digits("summon ๑ B๒") == "summon 1 B2"
    assert notation.ascii_digits("๒,๑ ๑๐") == "2,1 10"
    assert notation.ascii_digits("น้ำ 12") == "น้ำ 12"  # letters and ASCII digits as they are


def thai_round_trips(game: Game, bot: RandomBot) -> set[Kind]:
    kinds = set()
    while game.pending is not None:
        decision = game.pending
        for answer in legal_answers(decision):
            line = format_answer(decision, answer)
            if decision.kind is Kind.TARGETS:  # by option number, as a Thai player may type them
                line = " ".join(str(decision.options.index(s) + 1) for s in answer) or "none"
            thai = line.translate(THAI)
            assert parse(game.observe(decision.player), decision, thai) == answer, (decision.kind, answer, thai)
            if thai != line:
                kinds.add(decision.kind)
        game.answer(bot.answer(game.observe(game.pending.player)))
    return kinds


def test_every_answer_typed_in_thai_digits_parses_as_in_ascii_ones():
    kinds: set[Kind] = set()
    for path in sorted(POSITIONS.glob("*.toml")):
        if path.name != "cards.toml":
            kinds |= thai_round_trips(from_position(path.stem), RandomBot(path.stem))
    # a Summon's Hand position and Space row, an order (Attempts are ordered alike), targets by number, a pick
    assert {Kind.SUMMON, Kind.ORDER_TRIGGERS, Kind.TARGETS, Kind.PICK_FACE_DOWN} <= kinds, kinds


def test_a_summon_and_inspect_typed_in_thai_digits_on_the_screen(tmp_path):
    game = from_position("17-8-full-arena")
    run = play(game, "inspect ๑\r\r๑ D๔\rquit\r", tmp_path)  # quit: only if ๑ D๔ were refused
    assert run.code == 0, run.text
    assert "Pebble" in run.words  # inspect ๑: the Hand's first card, in a panel
    assert game.state.result is not None  # ๑ D๔: the sixteenth Momon, and the game is over
