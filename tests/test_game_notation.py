"""MSN game files (docs/notation.md): a record exported and read back is the same game and
exports to the same bytes; hand-written files with comments, variations and odd spacing
read; a damaged file is one line naming its line and column; replay, verify, analyse and
play --resume take a game file, and play --from --at plays on from any line."""

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momon_cli.bots.players import RandomBot
from momon_cli.cli.app import app
from momon_cli.data.cards import builtin_deck_names, load_deck, load_matrix, load_pool
from momon_cli.engine import Game, Setup
from momon_cli.record import Seat, parse_record, read_record, record_text
from momon_cli.record.format import header
from momon_cli.record.msn import from_record, to_text, tree_of
from momon_cli.record.msn_read import read_text
from momon_cli.record.replay import rebuild

ROOT = Path(__file__).parent.parent
MATRIX = load_matrix()
POOL = load_pool()
DECKS = [load_deck(name, POOL) for name in builtin_deck_names()]
runner = CliRunner()


def _random_record(seed: int):
    """A whole random game of either profile, recorded in memory, with a setup that varies
    from seed to seed: decks built in or not, who goes first, bot seats."""
    pick = random.Random(seed)
    d1, d2 = pick.choice(DECKS), pick.choice(DECKS)
    names = ("Ann", "Bea") if seed % 3 else (d1.name[:24], "Search bot")
    setup = Setup.new_game((d1.cards, d2.cards), MATRIX, seed, ("sequential", "simultaneous")[seed % 2], names,
                           pick.choice((None, 1, 2)))
    game = Game(setup)
    bot = RandomBot(f"notation-{seed}")
    asked = []
    while game.pending is not None:
        asked.append((len(game.events), game.pending.player, game.pending.kind.value))
        game.answer(bot.pick(game.pending))
    decks = (d1.name, d2.name if seed % 5 else "A deck of my own")
    bots = {} if seed % 3 else {2: Seat("search", f"{seed}-2" if seed % 2 else "other", tuple(POOL.values()),
                                        0.5 if seed % 4 else None)}
    head = header(setup, decks, bots=bots)
    return parse_record(Path(f"game-{seed}.jsonl"), record_text(head, game, asked).encode())


def test_two_thousand_random_records_read_back_the_same_game_and_export_the_same_bytes():
    for seed in range(2000):
        record = _random_record(seed)
        text = to_text(from_record(record))
        tree, back = read_text(Path("game.msn"), text.encode())
        assert back.header == record.header, seed
        assert back.entries == record.entries and back.end == record.end, seed  # each answer's events: count, digest
        assert to_text(tree) == text, seed
        if seed % 250 == 0:  # and the events themselves, field for field
            assert [e.to_dict() for e in rebuild(back).events] == [e.to_dict() for e in rebuild(record).events]


def _standard(tmp_path):
    """The standard game of docs/records.md, played from its script, as a record."""
    log = tmp_path / "std.jsonl"
    done = runner.invoke(app, ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism",
                               "--seed", "7", "--first", "1", "--script",
                               str(ROOT / "tests" / "games" / "dawn-dusk-vs-prism-seed7.txt"), "--log", str(log)])
    assert done.exit_code == 0, done.output
    return log


def _doc_example() -> str:
    """The game file docs/notation.md begins with."""
    text = (ROOT / "docs" / "notation.md").read_text()
    return re.search(r"```\n(\[MSN .*?)```\n", text, re.S)[1]


HAND_WRITTEN = """
[p1   "Ann"] [P2 "Bea"]
   [seed "7"]  [first "1"]
[DECK1 "dawn and dusk"] [Deck2 "prism"]
[Event "club night"]

{before anything} halo A4 kiln    a2
3.glimmer { a comment
   across two lines }  c1 world C3 ( 4. summon world d4 ( 4... world b2 {nested} ) 5. night d2 )
night d2 6. halo a3 glimmer c4 echo d1 y 9. Gloom B4 A3 ( 9... c3 ) reef a1 11.sunspire b2
echo b3 n shade d4 quarry c2 eclipse d3 prism b1
1-0 {the end}
"""


def test_a_hand_written_file_reads_with_comments_variations_and_odd_spacing(tmp_path):
    record = read_record(_standard(tmp_path))
    tree, back = read_text(Path("hand.msn"), HAND_WRITTEN.encode())
    assert back.entries == record.entries and back.end == record.end
    assert [n.comments for n in tree.main.nodes[2:4]] == [["a comment across two lines"], []]
    assert tree.main.before == ["before anything"]
    (variation,) = tree.main.nodes[3].variations
    assert len(variation.nodes) == 2 and variation.nodes[0].variations[0].before == []
    assert variation.nodes[0].variations[0].nodes[0].comments == ["nested"]
    canonical = to_text(tree)
    assert "4. world c3 (4. world d4 (4. world b2 {nested}) 5. night d2)" in canonical
    assert '[Event "club night"]' in canonical and "1-0" == canonical.splitlines()[-1]
    again = read_text(Path("again.msn"), canonical.encode())[0]
    assert to_text(again) == canonical

    def forget(branch):  # a tree whose words are not known yet: the writer works them out
        for node in branch.nodes:
            node.word = ""
            for variation in node.variations:
                forget(variation)
    forget(again.main)
    again.ending = None
    assert to_text(again) == canonical


def test_the_documented_example_reads_and_is_in_the_canonical_form(tmp_path):
    example = _doc_example()
    record = read_record(_standard(tmp_path))
    tree, back = read_text(Path("doc.msn"), example.encode())
    assert back.entries == record.entries
    assert to_text(tree).split("\n\n", 1)[1] == example.split("\n\n", 1)[1]  # all but its date


@pytest.mark.parametrize(("edit", "where"), [
    (("2. kiln a2", "2. kiln zz"), "19:4"),            # not a Space
    (('[Seed "7"]', '[Seed "x"]'), "8:1"),              # not a number
    (("4. world c3", "4. world c3 ("), "22:1"),         # a variation never closed: turn 5 read in it
    (("\n1-0", "\n0-1"), "34:1"),                       # not the game's result
    (("5. night d2", "5. night d2 }"), "22:13"),        # a stray brace
    (("7. glimmer c4", "8. glimmer c4"), "24:1"),       # a move number that is not the turn
    (("16. prism b1", "16. prism b1 {open"), "33:14"),  # a comment never closed
    (('[Rules "4"]', '[Rules "3"]'), "14:1"),           # other rules
    (('Deck1Digest "2', 'Deck1Digest "3'), "11:1"),     # another deck
    (('[P1 "Ann"]', '[P1 "Ann]'), "3:1"),               # a tag cut short
    (("16. prism b1", "16. prism b1 17. halo a1"), "33:14"),  # after the end
    (("[MSN", "%cards\n[[card]]\nid = \n%end\n[MSN"), "3:6"),  # TOML's own line and column
])
def test_a_damaged_game_file_is_one_line_naming_its_line_and_column(tmp_path, edit, where):
    text = to_text(tree_of(read_record(_standard(tmp_path)))).replace(*edit, 1)
    bad = tmp_path / "bad.msn"
    bad.write_text(text)
    for command in (["verify", str(bad)], ["replay", str(bad), "--to-end"], ["analyse", str(bad)],
                    ["play", "--resume", str(bad)], ["export", str(bad), "--format", "msn"]):
        done = runner.invoke(app, command)
        assert done.exit_code == 1, (command, done.output)
        lines = done.output.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.output, done.output
        assert lines[0].startswith(f"{bad}:{where}: "), lines[0]


def test_replay_verify_and_analyse_take_a_game_file_as_they_take_its_record(tmp_path):
    log = _standard(tmp_path)
    game = tmp_path / "std.msn"
    exported = runner.invoke(app, ["export", str(log), "--format", "msn"])
    game.write_text(exported.stdout)
    plain = tmp_path / "std.txt"  # no .msn: told by its first character
    plain.write_text(exported.stdout)
    for ref in (game, plain):
        verified = runner.invoke(app, ["verify", str(ref)])
        assert verified.exit_code == 0 and "OK — 19 answers replay to the same 278 events" in verified.output
        state = [runner.invoke(app, ["replay", str(path), "--to-end", "--json"]).stdout for path in (log, ref)]
        assert json.loads(state[0]) == json.loads(state[1])
    rated = [json.loads(runner.invoke(app, ["analyse", str(path), "--json", "--playouts", "10"]).stdout)
             for path in (log, game)]
    assert rated[0]["forced"] == rated[1]["forced"] and len(rated[0]["decisions"]) == len(rated[1]["decisions"])
    assert runner.invoke(app, ["export", str(game), "--format", "md"]).stdout == \
        runner.invoke(app, ["export", str(log), "--format", "md"]).stdout


def test_analyse_annotate_writes_the_verdicts_as_comments_and_the_best_answers_as_variations(tmp_path):
    log = _standard(tmp_path)
    out = tmp_path / "notes.msn"
    done = runner.invoke(app, ["analyse", str(log), "--playouts", "10", "--annotate", str(out)])
    assert done.exit_code == 0 and "Annotated game written to" in done.output, done.output
    tree, back = read_text(out, out.read_bytes())
    assert back.entries == read_record(log).entries
    verdicts = [c for n in tree.main.nodes for c in n.comments]
    assert verdicts and all(re.fullmatch(r"(\?\??) \d+%, best: .+ \d+%|\d+%", c) for c in verdicts)
    marked = [n for n in tree.main.nodes if n.comments and n.comments[0].startswith("?")]
    assert all(len(n.variations) == 1 and len(n.variations[0].nodes) == 1 for n in marked)
    assert runner.invoke(app, ["analyse", str(log), "--playouts", "10", "--annotate", str(out)]).exit_code == 1
    assert runner.invoke(app, ["analyse", str(log), "--playouts", "10", "--annotate", str(out), "--force"]
                         ).exit_code == 0


def test_resuming_a_game_file_goes_on_in_a_new_record_and_leaves_the_file_alone(tmp_path):
    log = _standard(tmp_path)
    text = to_text(tree_of(read_record(log)))
    cut = text[:text.index("\n10. ")] + "\n*\n"
    cut = cut.replace('[Result "1-0"]\n[Termination "full-arena"]', '[Result "*"]')
    game = tmp_path / "cut.msn"
    game.write_text(cut)
    lines = [line for line in (ROOT / "tests" / "games" / "dawn-dusk-vs-prism-seed7.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    script = tmp_path / "rest.txt"
    script.write_text("".join(line + "\n" for line in lines[11:]))  # the answers after turn 9's
    new = tmp_path / "new.jsonl"
    done = runner.invoke(app, ["play", "--resume", str(game), "--script", str(script), "--log", str(new)])
    assert done.exit_code == 0, done.output
    assert f"Resuming {game} after 11 answers, in a new record: {new}" in done.output
    assert game.read_text() == cut
    assert read_record(new).entries == read_record(log).entries
    again = runner.invoke(app, ["play", "--resume", str(game), "--script", str(_empty(tmp_path)),
                                "--log", str(tmp_path / "other.jsonl")])
    assert again.exit_code == 3 and "Resuming" in again.output  # the script ends before the game


def _empty(tmp_path):
    script = tmp_path / "empty.txt"
    script.write_text("")
    return script


def test_play_from_at_starts_a_new_game_from_a_line_or_a_variation(tmp_path):
    game = tmp_path / "doc.msn"
    game.write_text(_doc_example())
    new = tmp_path / "from.jsonl"
    empty = _empty(tmp_path)
    done = runner.invoke(app, ["play", "--from", str(game), "--at", "9.1", "--script", str(empty), "--log", str(new)])
    assert f"Playing on from {game} at 9.1 after 11 answers, in a new record: {new}" in done.output
    answers = read_record(new).answers
    assert len(answers) == 11 and answers[-1]["value"] == ["C3"]
    main = runner.invoke(app, ["play", "--from", str(game), "--at", "9", "--script", str(empty),
                               "--log", str(tmp_path / "m.jsonl")])
    assert "after 11 answers" in main.output and read_record(tmp_path / "m.jsonl").answers[-1]["value"] == ["A3"]
    record = _standard(tmp_path)  # a record is a line too: its answers
    done = runner.invoke(app, ["play", "--from", str(record), "--at", "9", "--script", str(empty),
                               "--log", str(tmp_path / "r.jsonl")])
    assert read_record(tmp_path / "r.jsonl").answers == read_record(record).answers[:11]
    for at, why in (("30", "has no answer in turn 30"), ("9.2", "1 variation in turn 9, not a variation 2"),
                    ("x", "is not a move"), (None, "the game is over")):
        refused = runner.invoke(app, ["play", "--from", str(game), *(["--at", at] if at else []),
                                      "--log", str(tmp_path / "no.jsonl")])
        assert refused.exit_code == 1 and why in refused.output and len(refused.output.strip().splitlines()) == 1
