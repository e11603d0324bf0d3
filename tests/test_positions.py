"""Position files: read, written, round-tripped, played with `momon play --position` and
written by `momon replay --turn N --position OUT`."""

import os
import stat
import tomllib
from pathlib import Path

import pytest
from helpers import MATRIX, POSITIONS, SCENARIO_POOL
from typer.testing import CliRunner

from momon_cli.bots.players import RandomBot
from momon_cli.cli.app import app
from momon_cli.data.cards import DataError
from momon_cli.data.positions import position_from_mapping, position_to_toml, read_position
from momon_cli.engine import Game, Setup
from momon_cli.engine.state import snapshot
from momon_cli.record import read_record

runner = CliRunner()
FILES = sorted(p for p in POSITIONS.glob("*.toml") if p.name != "cards.toml")
CARDS = ["--cards", str(POSITIONS / "cards.toml")]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_scenario_position_round_trips(path, tmp_path):
    first = read_position(str(path), SCENARIO_POOL, MATRIX.elements)
    out = tmp_path / "again.toml"
    out.write_text(position_to_toml(first))
    again = read_position(str(out), SCENARIO_POOL, MATRIX.elements)
    assert again == first and position_to_toml(again) == out.read_text()


def turn_starts(setup: Setup, bot_seed: int) -> list:
    """The position at the start of every turn of a random game."""
    game = Game(setup, start=False)
    snaps = []

    def at_turn_start(event) -> None:
        if event.kind == "turn_started":
            snaps.append(snapshot(game.state))

    game.listen(at_turn_start)
    game.start()
    bot = RandomBot(bot_seed)
    while game.pending is not None:
        game.answer(bot.answer(game.observe(game.pending.player)))
    return snaps


def test_positions_snapshotted_mid_game_round_trip_and_start_a_game_there():
    mechanics = tuple(c for c in SCENARIO_POOL.values() if c.id.startswith("TPS") and c.abilities)
    checked = 0
    for seed in range(30):
        decks = (mechanics[seed % 7::5][:8], mechanics[seed % 5::4][:8])
        for snap in turn_starts(Setup.new_game(decks, MATRIX, seed), seed):
            back = position_from_mapping(tomllib.loads(position_to_toml(snap)), SCENARIO_POOL, MATRIX.elements)
            assert back == snap
            assert turn_starts(Setup(back, MATRIX, seed), seed)[0] == snap  # a game from it starts exactly there
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("data,problem", [
    ({"player": [{"hand": ["NOPE-001"]}, {}]}, "is not in the card pool"),
    ({"player": [{}, {}], "arena": [{"card": "TPS-001", "space": "Z9", "owner": 1}]}, "must be a Space A1-D4"),
    ({"player": [{}, {}], "arena": [{"card": "TPS-001", "space": "A1", "owner": 1},
                                   {"card": "TPS-002", "space": "A1", "owner": 2}]}, "distinct Spaces"),
    ({"player": [{}]}, "two [[player]] tables"),
    ({"player": [{}, {}], "active": True}, "active: must be 1 or 2"),
    ({"player": [{"void": [{"card": "TPS-001", "face_up": "no"}]}, {}]}, "face_up: must be true or false"),
    ({"player": [{}, {}], "arena": [{"card": "TPS-001", "space": "A1", "owner": 1,
                                    "changes": [{"power": 1.5, "until": "end_of_turn", "by": 1}]}]}, "whole number"),
])
def test_a_bad_position_is_refused_naming_the_field(data, problem):
    with pytest.raises(DataError) as err:
        position_from_mapping(data, SCENARIO_POOL, MATRIX.elements)
    assert problem in str(err.value)


def test_play_from_a_position_and_write_one_from_a_record(tmp_path):
    log = tmp_path / "g.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("summon climber B1\n2 1\n")
    args = ["play", "--position", str(POSITIONS / "17-1-order-matters.toml"), *CARDS, "--p1", "Ann", "--p2", "Bea",
            "--seed", "3", "--script", str(script), "--log", str(log)]
    result = runner.invoke(app, args)
    assert result.exit_code == 3, result.output  # the script ended before the game
    assert "Order Climber's Snatch Attempts" in result.output
    out = tmp_path / "turn2.toml"
    result = runner.invoke(app, ["replay", str(log), "--turn", "2", "--position", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "turn = 2" in text and "active = 2" in text
    position = read_position(str(out), SCENARIO_POOL, MATRIX.elements)
    controllers = {p.space: p.controller for p in position.arena}
    assert controllers == {"B1": 1, "B2": 1, "C1": 2}  # Drip was attempted first, and held
    again = runner.invoke(app, ["play", "--position", str(out), *CARDS, "--p1", "Ann", "--p2", "Bea", "--script", "-",
                                "--log", str(tmp_path / "h.jsonl")], input="summon pebble D4\n")
    assert again.exit_code == 0 and "Bea Summons Pebble to D4" in again.output  # then no cards: the end


def test_replay_position_for_a_turn_the_game_never_reaches(tmp_path):
    log = tmp_path / "g.jsonl"
    runner.invoke(app, ["play", "--position", str(POSITIONS / "17-1-multi-snatch.toml"), *CARDS, "--p1", "A",
                        "--p2", "B", "--script", "-", "--log", str(log)], input="summon clod B1\n")
    result = runner.invoke(app, ["replay", str(log), "--turn", "40", "--position", str(tmp_path / "x.toml")])
    assert result.exit_code == 1 and "never reaches the start of turn 40" in result.output


def test_an_unknown_card_in_a_position_is_one_line(tmp_path):
    bad = Path(tmp_path / "bad.toml")
    bad.write_text('turn = 1\n[[player]]\nhand = ["NOPE-001"]\n[[player]]\nhand = []\n')
    result = runner.invoke(app, ["play", "--position", str(bad), "--p1", "A", "--p2", "B", "--script", "-"], input="")
    assert result.exit_code == 1 and "NOPE-001" in result.output and "Traceback" not in result.output


def test_replay_position_never_overwrites_or_writes_through_a_link_without_force(tmp_path):
    log = tmp_path / "g.jsonl"
    runner.invoke(app, ["play", "--position", str(POSITIONS / "17-1-multi-snatch.toml"), *CARDS, "--p1", "A",
                        "--p2", "B", "--script", "-", "--log", str(log)], input="summon clod B1\n")
    kept = tmp_path / "kept.txt"
    kept.write_text("mine\n")
    link = tmp_path / "link.toml"
    link.symlink_to(kept)
    for out in (kept, link):
        result = runner.invoke(app, ["replay", str(log), "--turn", "1", "--position", str(out)])
        assert result.exit_code == 1 and result.stderr.strip() == f"{out}: already exists; choose another name, or " \
                                                                   "add --force to replace it"
    assert kept.read_text() == "mine\n"
    result = runner.invoke(app, ["replay", str(log), "--turn", "1", "--position", str(link), "--force"])
    assert result.exit_code == 0, result.output
    assert kept.read_text() == "mine\n" and not link.is_symlink() and "turn = 1" in link.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "kept.txt", "link.toml"]  # no temporary left
    folder = runner.invoke(app, ["replay", str(log), "--turn", "1", "--position", str(tmp_path), "--force"])
    assert folder.exit_code == 1 and folder.stderr.strip() == f"{tmp_path}: is a folder; give the name of a file to write"
    missing = runner.invoke(app, ["replay", str(log), "--turn", "1", "--position", str(tmp_path / "no" / "x.toml")])
    assert missing.exit_code == 1 and "cannot write: No such file or directory" in missing.stderr


def test_replay_position_force_replaces_only_a_regular_file_or_a_link_to_one(tmp_path):
    """--force replaces a file; a FIFO, a device node or a link to one stays what it was."""
    log = tmp_path / "g.jsonl"
    runner.invoke(app, ["play", "--position", str(POSITIONS / "17-1-multi-snatch.toml"), *CARDS, "--p1", "A",
                        "--p2", "B", "--script", "-", "--log", str(log)], input="summon clod B1\n")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    to_device = tmp_path / "null.toml"
    to_device.symlink_to("/dev/null")  # never /dev/null itself: the code before this test replaced it
    targets = [(fifo, "a pipe (FIFO)"), (to_device, "a device")]
    if os.geteuid() == 0:  # a device node of our own, as root runs the suite in CI
        node = tmp_path / "node"
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets.append((node, "a device"))
    for out, what in targets:
        result = runner.invoke(app, ["replay", str(log), "--turn", "1", "--position", str(out), "--force"])
        assert result.exit_code == 1 and result.stderr.strip() == f"{out}: is {what}; give the name of a file to write"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and to_device.is_symlink()
    assert all(stat.S_ISCHR(os.lstat(out).st_mode) for out, what in targets[2:])


def test_play_log_replay_position_and_export_share_one_check(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    play = runner.invoke(app, ["play", "--position", str(POSITIONS / "17-1-multi-snatch.toml"), *CARDS, "--p1", "A",
                               "--p2", "B", "--script", "-", "--log", str(fifo)], input="summon clod B1\n")
    export = runner.invoke(app, ["export", str(fifo)])
    for result in (play, export):
        assert result.exit_code == 1 and f"{fifo}: is a pipe (FIFO)" in result.output and "Traceback" not in result.output


def test_once_used_names_only_once_only_abilities():
    """A right that is not once-only cannot be spent: the copy would wrongly differ from its twins."""
    plain = next(c for c in SCENARIO_POOL.values() if c.abilities and not any(a.once for a in c.abilities))
    once = next(c for c in SCENARIO_POOL.values() if any(a.once for a in c.abilities))
    number = next(a.index for a in once.abilities if a.once) + 1
    good = {"turn": 1, "player": [{"hand": [{"card": once.id, "once_used": [number]}]}, {"hand": []}]}
    assert position_from_mapping(good, SCENARIO_POOL, MATRIX.elements).hands[0][0].once_used == (number - 1,)
    bad = {"turn": 1, "player": [{"hand": [{"card": plain.id, "once_used": [1]}]}, {"hand": []}]}
    with pytest.raises(DataError, match="once-only abilities"):
        position_from_mapping(bad, SCENARIO_POOL, MATRIX.elements)


def test_a_written_position_keeps_the_names_and_plays_back_without_options(tmp_path):
    """Built-in cards: the position a record writes starts a game with its players' names,
    nothing else given but the answers."""
    log, out, again = tmp_path / "g.jsonl", tmp_path / "turn3.toml", tmp_path / "h.jsonl"
    game = ["--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]
    played = runner.invoke(app, ["play", *game, "--script", "-", "--log", str(log)],
                           input="summon halo A4\nsummon kiln A2\nsummon glimmer C1\n")
    assert played.exit_code == 3, played.output
    written = runner.invoke(app, ["replay", str(log), "--turn", "3", "--position", str(out)])
    assert written.exit_code == 0 and written.output.rstrip().endswith(f"play it with: momon play --position {out}")
    assert 'names = ["Ann", "Bea"]' in out.read_text()
    result = runner.invoke(app, ["play", "--position", str(out), "--script", "-", "--log", str(again)],
                           input="summon glimmer C1\n")
    assert result.exit_code == 3, result.output
    assert "Ann Summons Glimmer" in result.output
    record = read_record(again)
    assert record.header["names"] == ["Ann", "Bea"] and record.header["position"]["turn"] == 3


def test_a_written_position_of_cards_not_built_in_says_which_and_asks_for_cards_in_one_line(tmp_path):
    log, out = tmp_path / "g.jsonl", tmp_path / "turn2.toml"
    runner.invoke(app, ["play", "--position", str(POSITIONS / "17-1-order-matters.toml"), *CARDS, "--p1", "Ann",
                        "--p2", "Bea", "--seed", "3", "--script", "-", "--log", str(log)], input="summon climber B1\n2 1\n")
    written = runner.invoke(app, ["replay", str(log), "--turn", "2", "--position", str(out)])
    assert written.exit_code == 0 and "--cards FILE" in written.output and "TPS-004" in written.output
    text = out.read_text()
    assert "# Cards not built in: TPS-002, TPS-003, TPS-004, TPS-006" in text and 'names = ["Ann", "Bea"]' in text
    bare = runner.invoke(app, ["play", "--position", str(out), "--script", "-", "--log", str(tmp_path / "x.jsonl")],
                         input="")
    assert bare.exit_code == 1 and len(bare.output.strip().splitlines()) == 1, bare.output
    assert "TPS-00" in bare.output and "--cards FILE" in bare.output
    given = runner.invoke(app, ["play", "--position", str(out), *CARDS, "--script", "-", "--log",
                                str(tmp_path / "y.jsonl")], input="summon pebble D4\n")
    assert given.exit_code == 0 and "Bea Summons Pebble to D4" in given.output, given.output


def test_names_in_a_position_are_checked_and_give_way_to_p1_and_p2(tmp_path):
    with pytest.raises(DataError) as err:
        position_from_mapping({"names": ["Ann", "Ann"], "player": [{}, {}]}, SCENARIO_POOL, MATRIX.elements)
    assert "names: must be two different names" in str(err.value)
    out = tmp_path / "p.toml"
    out.write_text('names = ["Ann", "bot:random"]\n' + (POSITIONS / "17-1-order-matters.toml").read_text())
    result = runner.invoke(app, ["play", "--position", str(out), *CARDS, "--p1", "Cy", "--script", "-", "--log",
                                 str(tmp_path / "g.jsonl")], input="summon climber B1\n2 1\n")
    header = read_record(tmp_path / "g.jsonl").header
    assert header["names"] == ["Cy", "Random bot"] and header["bots"][0]["player"] == 2, result.output
    written = runner.invoke(app, ["replay", str(tmp_path / "g.jsonl"), "--turn", "2", "--position", str(tmp_path / "w.toml")])
    assert written.exit_code == 0 and 'names = ["Cy", "bot:random"]' in (tmp_path / "w.toml").read_text()  # a bot again


def test_names_of_any_printable_characters_round_trip():
    names = ('Zoë "Z" \\o/', "🐉 Drache")
    start = read_position(str(POSITIONS / "17-1-order-matters.toml"), SCENARIO_POOL, MATRIX.elements)
    data = tomllib.loads(position_to_toml(start, names))
    assert tuple(data["names"]) == names and position_from_mapping(data, SCENARIO_POOL, MATRIX.elements) == start
