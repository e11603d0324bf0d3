"""Apply a typed line to a game the way the REPL does (parse, then answer)."""

from momon_cli.text.notation import parse


def apply(game, decision, line):
    game.answer(parse(game.observe(decision.player), decision, line))
