"""One name rule everywhere (docs/records.md, "Names"): a player's, a card's and a deck's
name is 1 to its limit of columns, shows at least one letter, carries a bounded number of
marks on each letter and holds no control, format or invisible character. Each place a name
enters (--p1, the name question, momon serve, records, game files, position, card and deck
files) refuses the same names in one line; and a mirror match simulated with a record
exports to a game file that reads back."""

import json
import re
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momon_cli import language
from momon_cli.cli.app import app
from momon_cli.data.cards import DataError
from momon_cli.data.positions import read_position_names
from momon_cli.limits import NAME_LIMIT
from momon_cli.record import SetupError, checked_name
from momon_cli.widths import MARKS_PER_LETTER, columns, name_problem

ROOT = Path(__file__).parent.parent
runner = CliRunner()

WIDE = "must be 1-24 columns wide"
HIDDEN = "must not hold control, format or invisible characters"
MARKS = f"must have at most {MARKS_PER_LETTER} marks on a letter, and no mark without a letter"
BLANK = "must show at least one letter"
#: Each bad case of the rule and the reason it is refused with.
BAD = {
    "\u0301": MARKS,                         # a mark alone: zero columns, prints as nothing
    "\u0301\u0302\u0303": MARKS,             # only marks
    "A" + "\u0301" * 30: MARKS,              # thirty marks stacked on one letter
    "Ann \u0301": MARKS,                     # a mark on a space
    "Ann\x07": HIDDEN,                       # a control character (the bell)
    "Ann\x1b[2J": HIDDEN,                    # a terminal escape
    "A\u034fnn": HIDDEN,                     # COMBINING GRAPHEME JOINER
    "Ann\u200b": HIDDEN,                     # a zero-width space (Cf)
    "\u202eAnn": HIDDEN,                     # a bidi override (Cf)
    "Ann\u2060": HIDDEN,                     # WORD JOINER
    "\ufeffAnn": HIDDEN,                     # a byte order mark
    "\u3164": HIDDEN,                        # a Hangul filler
    "Ann\u115f": HIDDEN,                     # another
    "Ann\u2028Bea": HIDDEN,                  # a line separator
    "   ": BLANK,                            # spaces only
    "A" * 25: WIDE,                          # wider than 24 columns
    "": WIDE,
}
#: Names every entry point takes: Thai with an upper vowel and a tone mark on one letter,
#: SARA AM, Vietnamese written with combining marks, a Devanagari conjunct, an emoji with its
#: presentation selector, a wide name of exactly 24 columns.
GOOD = ["Ann", "สมศักดิ์", "น้ำฝน", "ปู่ทวด", "ทั้งหมด", unicodedata.normalize("NFD", "Nguyễn Thị"), "स्त्री",
        "Ann ❤️", "李" * 12, "A" * 24]


@pytest.mark.parametrize("name, why", BAD.items())
def test_the_rule_refuses_each_bad_name_with_its_reason(name, why):
    assert name_problem(name, NAME_LIMIT) == why


@pytest.mark.parametrize("name", GOOD)
def test_the_rule_takes_real_names(name):
    assert name_problem(name, NAME_LIMIT) is None


def test_every_thai_word_of_the_catalog_passes_the_rule():
    """The bound on marks lets every real Thai name through: no Thai word of the catalog
    (a consonant with an upper vowel and a tone mark at most) is refused."""
    po = (ROOT / "momon_cli" / "locale" / "th" / "LC_MESSAGES" / "momon.po").read_text()
    words = set(re.findall(r"[\u0e00-\u0e7f]+", po))
    assert len(words) > 500
    for word in words:
        for start in range(0, len(word), 20):  # the rule's limit is in columns: long runs in pieces
            piece = word[start:start + 20]
            if unicodedata.category(piece[0])[0] != "M":  # a piece cut before a mark is not a word
                assert name_problem(piece, NAME_LIMIT) is None, piece


def test_a_wider_limit_for_card_and_deck_names():
    assert name_problem("A" * 40, 40) is None and name_problem("A" * 41, 40) == "must be 1-40 columns wide"


def _one_line(result) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


@pytest.mark.parametrize("name, why", BAD.items())
def test_p1_and_p2_refuse_each_bad_name(tmp_path, name, why):
    if not name:
        return  # an empty --p1: test_cli_play's own test
    for flag in ("--p1", "--p2"):
        args = ["play", "--p1", "Ann", "--p2", "Bea", flag, name, "--script", "-", "--log", str(tmp_path / "g.jsonl")]
        assert _one_line(runner.invoke(app, args, input="")) == f"{flag}: the player's name {why}"


@pytest.mark.parametrize("name, why", [(n, w) for n, w in BAD.items() if n.strip()])
def test_the_name_question_refuses_each_bad_name(tmp_path, name, why):
    args = ["play", "--p2", "Bea", "--deck1", "prism", "--deck2", "prism", "--log", str(tmp_path / "g.jsonl")]
    result = runner.invoke(app, args, input=name + "\n")
    assert result.exit_code == 1 and f"Player 1's name {why}" in result.output, result.output
    assert not (tmp_path / "g.jsonl").exists()


def test_the_names_the_rule_takes_are_taken_at_every_entry(tmp_path):
    for name in GOOD:
        assert checked_name(name, "--p1") == name
    assert read_position_names(str(_position(tmp_path, GOOD[1:3]))) == tuple(GOOD[1:3])


def test_momon_serve_refuses_a_bad_name_before_it_listens(tmp_path, monkeypatch):
    import momon_cli.serve.run as run
    monkeypatch.setattr(run, "run_server", lambda *args: 0)  # never listens, whatever happens
    for args in (["--p1", "\u0301"], ["--p2", "A\u034fnn", "--deck1", "prism"], ["--p1", "Ann", "--p2", "Ann"]):
        line = _one_line(runner.invoke(app, ["serve", "--port", "0", *args, "--log", str(tmp_path / "g.jsonl")]))
        assert "name" in line, line
    assert not (tmp_path / "g.jsonl").exists()


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    assert runner.invoke(app, ["simulate", "--games", "1", "--deck1", "prism", "--deck2", "dawn-dusk",
                               "--log-dir", str(folder)]).exit_code == 0
    [path] = folder.iterdir()
    return path


@pytest.mark.parametrize("name, why", [(n, w) for n, w in BAD.items() if n])
def test_a_record_refuses_each_bad_name(tmp_path, record, name, why):
    lines = record.read_text().splitlines()
    head = json.loads(lines[0])
    head["names"][1] = name
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    for command in (["verify", str(bad)], ["replay", str(bad), "--to-end"]):
        line = _one_line(runner.invoke(app, command))
        assert line.endswith(f"names: Player 2's name {why}"), line


@pytest.mark.parametrize("name, why", [(n, w) for n, w in BAD.items() if n])
def test_a_game_file_refuses_each_bad_name_that_p1_refuses(tmp_path, record, name, why):
    text = runner.invoke(app, ["export", str(record), "--format", "msn"]).stdout
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    text, found = re.subn(r'\[P1 "[^"]*"\]', lambda _: f'[P1 "{escaped}"]', text, count=1)
    assert found == 1
    game = tmp_path / "bad.msn"
    game.write_text(text)
    line = _one_line(runner.invoke(app, ["verify", str(game)]))
    assert re.match(rf"{re.escape(str(game))}:\d+:\d+: P1: {re.escape(why)}$", line), line


def _position(folder: Path, names: list[str]) -> Path:
    """The first built-in puzzle as a position file whose players have ``names``."""
    text = (ROOT / "momon_cli" / "data" / "puzzles" / "01-first-snatch.toml").read_text()
    position = folder / "p.toml"
    position.write_text(text.replace('names = ["Solver", "Rival"]', f"names = {json.dumps(names)}"))
    return position


@pytest.mark.parametrize("name, why", [(n, w) for n, w in BAD.items() if n.strip()])
def test_a_position_file_refuses_each_bad_name(tmp_path, name, why):
    position = _position(tmp_path, ["Ann", name])
    with pytest.raises(DataError) as err:
        read_position_names(str(position))
    assert err.value.problems == [f"{position}: names: Player 2's name {why}"]
    line = _one_line(runner.invoke(app, ["play", "--position", str(position), "--script", "-",
                                         "--log", str(tmp_path / "g.jsonl")], input=""))
    assert line.endswith(f"names: Player 2's name {why}"), line


def _card_set(name: str) -> str:
    return ('[[card]]\nid = "TST-001"\nname = ' + json.dumps(name) + '\nstars = 1\nelement = "Fire"\npower = 1\n'
            'sights = ["N"]\n')


@pytest.mark.parametrize("name, why", [("Gust\u034fSprite", HIDDEN), ("\u0301", MARKS), ("G" + "\u0300" * 30, MARKS),
                                       ("Gust\x07", HIDDEN), ("   ", BLANK), ("G" * 41, "must be 1-40 columns wide")])
def test_a_card_name_follows_the_rule_and_never_reaches_momon_cards(tmp_path, name, why):
    cards = tmp_path / "set.toml"
    cards.write_text(_card_set(name))
    result = runner.invoke(app, ["cards", "--cards", str(cards)])
    assert result.exit_code == 1 and f"TST-001: name: {why}" in result.output, result.output
    assert "\u034f" not in result.output


@pytest.mark.parametrize("name, why", [("Ember\u034fTide", HIDDEN), ("\u0301", MARKS), ("Ember\u200b", HIDDEN),
                                       ("\u001b[2J", HIDDEN), ("L" * 61, "must be 1-60 columns wide")])
def test_a_deck_name_follows_the_rule(tmp_path, name, why):
    deck = tmp_path / "d.toml"
    deck.write_text(f'name = {json.dumps(name)}\nformat = "casual"\ncards = ["MCL-001", "MCL-013", "MCL-003"]\n')
    line = _one_line(runner.invoke(app, ["simulate", "--games", "1", "--deck1", str(deck)]))
    assert line.endswith(f"{deck}: name: {why}"), line


def test_the_reasons_are_said_in_thai(tmp_path):
    with language.using("th"):
        with pytest.raises(SetupError) as err:
            checked_name("A\u034fnn", "--p1")
        said = str(err.value)
        assert said.startswith("--p1: ") and "\n" not in said and re.search(r"[\u0e00-\u0e7f]", said)
        reasons = [name_problem(name, NAME_LIMIT) for name in ("\u0301", "A\u034fnn", "   ", "A" * 25)]
        assert all(r is not None and re.search(r"[\u0e00-\u0e7f]", r) for r in reasons), reasons


def test_a_mirror_match_simulated_with_a_record_exports_to_a_game_file_that_reads_back(tmp_path):
    """Two copies of one deck: the players are "Ember Tide" and "Ember Tide 2"."""
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["simulate", "--games", "1", "--deck1", "ember-tide", "--deck2", "ember-tide",
                                 "--log-dir", str(logs)])
    assert result.exit_code == 0, result.output
    [path] = logs.iterdir()
    exported = runner.invoke(app, ["export", str(path), "--format", "msn"])
    assert exported.exit_code == 0, exported.output
    assert '[P1 "Ember Tide"]' in exported.stdout and '[P2 "Ember Tide 2"]' in exported.stdout
    game = tmp_path / "mirror.msn"
    game.write_text(exported.stdout)
    verified = runner.invoke(app, ["verify", str(game)])
    assert verified.exit_code == 0 and "OK" in verified.output, verified.output


def test_mirror_names_stay_within_the_rule_however_long_the_deck_name(tmp_path):
    from momon_cli.bots.simulate import player_names
    from momon_cli.data.cards import load_deck, load_pool

    deck = tmp_path / "d.toml"
    for name in ("L" * 60, "กำแพงหินผา" * 6, "Ember Tide 2"):
        deck.write_text(f'name = "{name}"\nformat = "casual"\ncards = ["MCL-001", "MCL-013", "MCL-003"]\n')
        loaded = load_deck(str(deck), load_pool())
        names = player_names(loaded, loaded)
        assert names[0] != names[1] and names[1].endswith(" 2"), names
        assert all(name_problem(n, NAME_LIMIT) is None and columns(n) <= NAME_LIMIT for n in names), names


def test_a_tournament_between_two_copies_of_one_bot_names_its_players_apart(monkeypatch):
    """``momon simulate --bot1 random --bot2 random``: the game's players are "random 1" and
    "random 2", as a record of it would need."""
    from momon_cli.bots import tournament

    seen = []
    real = tournament.Game

    def game(setup):
        seen.append(setup.names)
        return real(setup)

    monkeypatch.setattr(tournament, "Game", game)
    tournament.play_one(tournament.GameSpec(0, ("random", "random"), ("ember-tide", "ember-tide"), "sequential", 3))
    tournament.play_one(tournament.GameSpec(1, ("random", "greedy"), ("ember-tide", "prism"), "sequential", 3))
    assert seen == [("random 1", "random 2"), ("random", "greedy")]
