"""The mutation corpus (tests/corpus/): every command over hostile names, edited and
malformed records, malformed data files and special files.

Each run must give the documented exit code, no traceback, no raw control or escape
character (C0, C1, ESC, bidi, zero-width) in stdout or stderr, names shown literally
(markup never interpreted), and one line per refusal.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
import short_game
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.data.cards import DECK_NAME_LIMIT
from momon_cli.data.cards import NAME_LIMIT as CARD_NAME_LIMIT
from momon_cli.limits import NAME_LIMIT
from momon_cli.record import TEXT_LIMIT, cards_digest
from momon_cli.text.safe import clean
from momon_cli.widths import name_problem

CORPUS = Path(__file__).parent / "corpus"
HOSTILE = json.loads((CORPUS / "hostile-names.json").read_text(encoding="utf-8"))
EDITS = json.loads((CORPUS / "record-edits.json").read_text(encoding="utf-8"))
ENV = {"COLUMNS": "400", "NO_COLOR": "1"}
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
PRISM = Path(__file__).parent.parent / "decks" / "prism.toml"
#: Exit codes per record verdict: verify, replay --to-end, replay --json, export md, export txt, play --resume.
#: "repairable": a whole game cut after its last answer; resume derives the rest and shows the end.
CODES = {"finished": (0, 0, 0, 0, 0, 1), "unfinished": (3, 0, 0, 0, 0, 3), "repairable": (3, 0, 0, 0, 0, 0),
         "refused": (1,) * 6,
         "mismatch": (1,) * 6, "illegal": (1,) * 6}  # damage: every reader refuses it (docs/records.md)
runner = CliRunner()


def run(args, code: int, stdin: str = "", one_line: bool = True):
    """Run one command and check the contract; returns the result for further checks."""
    result = runner.invoke(app, [str(a) for a in args], input=stdin, env=ENV)
    shown = result.stdout + result.stderr
    assert result.exit_code == code, (args, result.exit_code, shown[-2000:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert "Traceback" not in shown, (args, shown)
    assert not UNSAFE.search(shown), (args, UNSAFE.search(shown), shown[-2000:])
    if code == 1:
        problems = [line for line in result.stderr.splitlines() if line.strip() and not line.startswith("warning:")]
        assert problems and (len(problems) == 1 or not one_line), (args, result.stderr)
    return result


def record_commands(path: Path, verdict: str, tmp_path: Path) -> int:
    """Every record command over ``path``; returns how many were run."""
    codes = CODES[verdict]
    commands = (["verify"], ["replay", "--to-end"], ["replay", "--to-end", "--json"], ["export", "--format", "md"],
                ["export", "--format", "txt"])
    for command, code in zip(commands, codes, strict=False):
        run([*command, path], code)
    copy = path  # resume rewrites the file it continues (a refused one it never opens for writing)
    if verdict != "refused":
        copy = tmp_path / f"resume-{path.name}"
        shutil.copyfile(path, copy)
    run(["play", "--resume", copy, "--script", "-"], codes[-1])
    return len(commands) + 1


# -- hostile names in records --------------------------------------------------------------

def _takes(name: str) -> bool:
    """Whether the one name rule takes ``name`` as a player's and as a card's name, cut as
    these tests cut it."""
    return name_problem(name[:NAME_LIMIT], NAME_LIMIT) is None and \
        name_problem(name[:CARD_NAME_LIMIT], CARD_NAME_LIMIT) is None


def _hostile_record(folder: Path, name: str) -> Path:
    """The short game with ``name`` as Player 1's, the first card's and the first deck's. A
    name the rule refuses is written into the header by hand, as an editor would (the
    program writes no such record), with the card digest made again."""
    taken = _takes(name)
    setup = short_game.setup(names=(name[:NAME_LIMIT] if taken else "Ann", "Bea"),
                             card_name=name[:CARD_NAME_LIMIT] if taken else None)
    path = short_game.record(folder / "hostile.jsonl", setup, (name[:TEXT_LIMIT], "Small Two"))
    if not taken:
        lines = path.read_text(encoding="utf-8").split("\n")
        head = json.loads(lines[0])
        head["names"][0] = name[:NAME_LIMIT]
        head["cards"][0]["name"] = name[:CARD_NAME_LIMIT]
        head["cards_digest"] = cards_digest(head)
        path.write_text("\n".join([_dump(head), *lines[1:]]), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_names_in_a_record_reach_no_terminal(tmp_path, name):
    path = _hostile_record(tmp_path, name)
    if not _takes(name):  # refused by every reader, in one line that shows none of it
        record_commands(path, "refused", tmp_path)
        assert "names: Player 1's name must" in run(["verify", path], 1).stderr
        return
    record_commands(path, "finished", tmp_path)
    shown = clean(name[:NAME_LIMIT], NAME_LIMIT)
    assert shown in run(["export", path], 0).stdout  # literally: markup is not read
    assert shown in run(["games", "--folder", tmp_path], 0).stdout
    assert shown in run(["replay", path, "--to-end"], 0).stdout
    lines = path.read_bytes().split(b"\n")
    cut = tmp_path / "unfinished.jsonl"
    cut.write_bytes(b"\n".join(lines[: len(lines) // 2]) + b"\n")
    record_commands(cut, "unfinished", tmp_path)


@pytest.mark.parametrize("name", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_names_in_data_files_and_at_the_prompt(tmp_path, name):
    cards, deck = tmp_path / "cards.toml", tmp_path / "deck.toml"
    cards.write_text(f'[[card]]\nid = "TST-001"\nname = {json.dumps(name)}\nstars = 1\nelement = "Fire"\npower = 1\n'
                     f'sights = ["N"]\nflavor = {json.dumps(name)}\n', encoding="utf-8")
    deck.write_text(f'name = {json.dumps(name)}\nformat = "casual"\ncards = ["TST-001", "MCL-001"]\n', encoding="utf-8")
    card_ok = name_problem(name, CARD_NAME_LIMIT) is None  # the card loader holds card names to the name rule
    deck_ok = card_ok and name_problem(name, DECK_NAME_LIMIT) is None  # and deck names
    shown = run(["cards", "--cards", cards, "TST-001"], 0 if card_ok else 1, one_line=False).stdout
    assert clean(name)[:20] in shown or not card_ok
    run(["cards", "--cards", cards], 0 if card_ok else 1, one_line=False)
    run(["deck", "check", deck, "--cards", cards], 0 if deck_ok else 1, one_line=False)
    run(["play", "--cards", cards, "--deck1", deck, "--deck2", "prism", "--p1", "Ann", "--p2", "Bea", "--seed", "1",
         "--first", "1", "--script", "-", "--log", tmp_path / "a.jsonl"], 3 if deck_ok else 1, stdin="summon 1 A1\n",
        one_line=False)
    run(["simulate", "--cards", cards, "--deck1", deck, "--deck2", deck, "--games", "2"], 0 if deck_ok else 1,
        one_line=False)
    fits = name_problem(name, NAME_LIMIT) is None
    run(["play", "--p1", name, "--p2", "Bea", "--seed", "1", "--script", "-", "--log", tmp_path / "b.jsonl"],
        3 if fits else 1)


# -- edited and malformed records ---------------------------------------------------------------

def _dump(item: dict) -> str:
    return json.dumps(item, separators=(",", ":"))


def _edited(lines: list[str], edit: dict) -> str:
    """The short game's record with one edit from record-edits.json applied."""
    items = [json.loads(line) for line in lines]
    answers = [i for i, item in enumerate(items) if item["type"] == "answer"]
    events = [i for i, item in enumerate(items) if item["type"] == "event"]
    op = edit["op"]
    where = answers[edit["answer"]] if "answer" in edit else edit.get("index", 0)
    target = {"answer": lambda: items[answers[edit["index"]]], "event": lambda: items[events[edit["index"]]]["event"],
              "line": lambda: items[edit["index"]], "header": lambda: items[0], "end": lambda: items[-1],
              "card": lambda: items[0]["cards"][0], "position": lambda: items[0]["position"]}.get(op)
    if target is not None:
        changed = target()
        changed.update(edit.get("set", {}))
        for key in edit.get("unset", []):
            changed.pop(key)
        digest = edit.get("digest", "keep")
        if digest == "recompute":
            items[0]["cards_digest"] = cards_digest(items[0])
        elif digest == "drop":
            items[0].pop("cards_digest")
    text = [_dump(item) + "\n" for item in items]
    if op == "move_up":
        text[where - 1], text[where] = text[where], text[where - 1]
    elif op == "delete":
        del text[where]
    elif op == "duplicate":
        text.insert(where, text[where])
    elif op == "append":
        line = edit["line"].replace("N", str(len(events)))
        text.append("[" * 5000 + "]" * 5000 + "\n" if line == "DEEP\n" else line)
    elif op == "cut":
        last = answers[-1]
        keep = {"torn": len(text), "mid-burst": last + 3, "after-answer": answers[3] + 1, "after-header": 1,
                "inside-header": 0}[edit["at"]]
        text = text[:keep] + ({"torn": [], "inside-header": [text[0][:30]]}.get(edit["at"], []))
        if edit["at"] == "torn":
            text[-1] = text[-1][: len(text[-1]) // 2]
    return "".join(text)


@pytest.fixture(scope="module")
def short_lines(tmp_path_factory):
    """The short game's record with every event as a line (most edits change events),
    without ("compact": the edits of digests, counts and the end line), and in format 2."""
    folder = tmp_path_factory.mktemp("short")
    lines = {kind: short_game.record(folder / f"{kind}.jsonl", full=kind == "full").read_text(encoding="utf-8").splitlines()
             for kind in ("full", "compact")}
    lines["format2"] = (CORPUS / "records" / "finished-format2-short.jsonl").read_text(encoding="utf-8").splitlines()
    return lines


@pytest.mark.parametrize("edit", EDITS, ids=[e["name"] for e in EDITS])
def test_edited_records(tmp_path, short_lines, edit):
    path = tmp_path / f"{edit['name']}.jsonl"
    path.write_text(_edited(short_lines[edit.get("record", "full")], edit), encoding="utf-8")
    record_commands(path, edit["expect"], tmp_path)


STATIC_RECORDS = sorted((CORPUS / "records").iterdir())


@pytest.mark.parametrize("path", STATIC_RECORDS, ids=[p.name for p in STATIC_RECORDS])
def test_malformed_records(tmp_path, path):
    record_commands(path, path.name.split("-")[0], tmp_path)


def _special_files(folder: Path, suffix: str) -> list[Path]:
    """A directory, a FIFO, a symlink loop, a dangling symlink and a file over the size limits."""
    (folder / f"dir{suffix}").mkdir()
    os.mkfifo(folder / f"fifo{suffix}")
    os.symlink(f"loop{suffix}", folder / f"loop{suffix}")
    os.symlink("nowhere", folder / f"dangling{suffix}")
    with (folder / f"huge{suffix}").open("wb") as huge:
        huge.write(b'{"type":"header"}\n')
        huge.truncate(65 * 2**20)  # sparse: no disk used
    return [folder / f"{name}{suffix}" for name in ("dir", "fifo", "loop", "dangling", "huge")]


def test_special_files_as_records_and_in_the_games_list(tmp_path, short_lines):
    specials = _special_files(tmp_path, ".jsonl")
    for path in specials:
        record_commands(path, "refused", tmp_path)
    (tmp_path / "good.jsonl").write_text("\n".join(short_lines["compact"]) + "\n", encoding="utf-8")
    for path in STATIC_RECORDS:
        shutil.copyfile(path, tmp_path / path.name)
    listing = run(["games", "--folder", tmp_path], 0)
    assert "good.jsonl" in listing.stdout and " wins (" in listing.stdout
    skipped = listing.stderr.splitlines()
    for path in specials:
        assert sum(f"{path}:" in line for line in skipped) == 1, (path, skipped)


# -- malformed data files -------------------------------------------------------------------

def deck_commands(path: Path, ok: bool, tmp_path: Path) -> None:
    run(["deck", "check", path], 0 if ok else 1, one_line=False)
    run(["play", "--deck1", path, "--p1", "Ann", "--p2", "Bea", "--seed", "1", "--script", "-", "--log",
         tmp_path / "d.jsonl", "--force"], 3 if ok else 1, one_line=False)
    run(["simulate", "--deck1", path, "--games", "1"], 0 if ok else 1, one_line=False)


def card_commands(path: Path, ok: bool, tmp_path: Path) -> None:
    run(["cards", "--cards", path], 0 if ok else 1, one_line=False)
    run(["deck", "check", PRISM, "--cards", path], 0 if ok else 1, one_line=False)
    run(["play", "--cards", path, "--p1", "Ann", "--p2", "Bea", "--seed", "1", "--script", "-", "--log",
         tmp_path / "c.jsonl", "--force"], 3 if ok else 1, one_line=False)


STATIC_DECKS = sorted((CORPUS / "decks").iterdir())
STATIC_CARDS = sorted((CORPUS / "cards").iterdir())


@pytest.mark.parametrize("path", STATIC_DECKS, ids=[p.name for p in STATIC_DECKS])
def test_malformed_deck_files(tmp_path, path):
    deck_commands(path, path.name.startswith("ok-"), tmp_path)


@pytest.mark.parametrize("path", STATIC_CARDS, ids=[p.name for p in STATIC_CARDS])
def test_malformed_card_files(tmp_path, path):
    card_commands(path, path.name.startswith("ok-"), tmp_path)


def test_special_files_as_decks_and_card_sets(tmp_path):
    for path in _special_files(tmp_path, ".toml"):
        deck_commands(path, False, tmp_path)
        card_commands(path, False, tmp_path)


@pytest.mark.parametrize("name", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_names_on_the_full_screen(tmp_path, name):
    """The keyboard's screen: hand-off banner, Arena, Hand, decision, status line and end."""
    from repl_driver import play

    from momon_cli.engine import Game

    game = Game(short_game.setup(names=(name[:NAME_LIMIT], "Bea"), card_name=name[:CARD_NAME_LIMIT]))
    run = play(game, "\ninspect 1\n\nqueue\n\nlog\n\n\x04", tmp_path, width=120, height=50)
    assert run.frames and not UNSAFE.search(run.text), UNSAFE.search(run.text)
    flat = "".join(run.text.split())
    assert "".join(clean(name[:CARD_NAME_LIMIT]).split())[:10] in flat  # the card, shown literally
