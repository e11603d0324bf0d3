"""`momon play --script`: the scripted-play contract, plus the other thin commands."""

from pathlib import Path

from typer.testing import CliRunner

from momon_cli.cli.app import app

runner = CliRunner()
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["play", "--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]


def test_scripted_whole_game_ends_with_the_expected_winner(tmp_path):
    log = tmp_path / "g.jsonl"
    result = runner.invoke(app, ARGS + ["--script", str(GAME), "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "Winner: Ann (P1)"
    assert "Ann (P1) 8: " in result.output and "Bea (P2) 7: " in result.output
    assert "Ann › summon halo A4" in result.output  # prompts and answers echoed
    assert log.exists()


def test_the_saved_path_and_resume_command_are_one_line_each_however_narrow(tmp_path):
    """Copying the resume command from a narrow terminal must take its path with it."""
    log = tmp_path / ("a-long-folder-name-" * 4) / "g.jsonl"
    result = runner.invoke(app, ARGS + ["--script", "-", "--log", str(log)], input="summon halo A4\n",
                           env={"COLUMNS": "50"})
    assert result.exit_code == 3
    lines = result.output.splitlines()
    assert f"Game saved to {log}" in lines and f"Resume it with: momon play --resume {log}" in lines


def test_script_from_stdin_that_ends_early_saves_and_exits_3(tmp_path):
    log = tmp_path / "g.jsonl"
    result = runner.invoke(app, ARGS + ["--script", "-", "--log", str(log)], input="summon halo A4\n")
    assert result.exit_code == 3
    assert f"Game saved to {log}" in result.output.replace("\n", "")
    assert '"type":"answer"' in log.read_text()


def test_script_with_a_bad_line_exits_2_naming_the_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("summon halo A4\n# a comment\nsummon nothing-here B2\n")
    result = runner.invoke(app, ARGS + ["--script", str(script), "--log", str(tmp_path / "g.jsonl")])
    assert result.exit_code == 2
    assert "line 3: no card in the Hand matches 'nothing-here'" in result.output


def test_play_refuses_bad_options_in_one_line():
    result = runner.invoke(app, ["play", "--p1", "Al", "--p2", "Al", "--script", "-"], input="")
    assert result.exit_code == 1 and "different names" in result.output
    result = runner.invoke(app, ["play", "--deck1", "nope", "--script", "-"], input="")
    assert result.exit_code == 1 and "no built-in deck named 'nope'" in result.output
    result = runner.invoke(app, ["play", "--script", "/no/such/file"])
    assert result.exit_code == 1 and "cannot read the script" in result.output


def test_cards_decks_deck_check_and_version(tmp_path):
    assert "Kiln Drake" in runner.invoke(app, ["cards", "--element", "Fire"]).output
    unknown = runner.invoke(app, ["cards", "--element", "Plasma"])
    assert unknown.exit_code == 1 and unknown.stderr.strip().startswith("--element takes one of: Fire, Water")
    assert "On Summon: give each enemy Momon adjacent" in runner.invoke(app, ["cards", "MCL-003"]).output
    assert "Abyss Leviathan (MCL-008)" in runner.invoke(app, ["cards", "leviathan"]).output  # any word of the name
    assert "ember-tide" in runner.invoke(app, ["decks"]).output
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Too Big"\nformat = "standard"\ncards = ["MCL-008", "MCL-008", "MCL-008"]\n')
    result = runner.invoke(app, ["deck", "check", str(bad)])
    assert result.exit_code == 1 and "exactly 10" in result.output and "3 copies" in result.output
    good = runner.invoke(app, ["deck", "check", str(Path(__file__).parent.parent / "decks" / "prism.toml")])
    assert good.exit_code == 0 and "legal standard deck" in good.output
    assert runner.invoke(app, ["--version"]).output.startswith("momon ")


def test_deck_check_lists_format_problems_beside_an_unknown_id(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Bad"\nformat = "standard"\ncards = ["MCL-008", "MCL-008", "MCL-008", "NOPE-1"]\n')
    result = runner.invoke(app, ["deck", "check", str(bad)])
    assert "NOPE-1: not in the card pool" in result.output and "3 copies" in result.output
    assert "this one holds 4" in result.output


def test_help_shows_plain_flags():
    assert "<bool>" not in runner.invoke(app, ["replay", "--help"]).output


def test_an_empty_name_given_is_refused_not_asked_for(tmp_path):
    for flag in ("--p1", "--p2"):
        args = ["play", "--p1", "Ann", "--p2", "Bea", flag, "  ", "--log", str(tmp_path / "g.jsonl")]
        result = runner.invoke(app, args, input="Cy\n")
        assert result.exit_code == 1 and result.stderr.strip() == f"{flag}: the player's name must show at least " \
                                                                   "one letter"


def test_a_command_line_typer_cannot_take_is_one_line_naming_the_commands_help():
    """Through the momon script (cli.run): unknown options, bad values and unknown commands."""
    import subprocess
    import sys

    cases = {("play", "--rules", "weird"): "momon play: Invalid value for '--rules': choose sequential or "
                                          "simultaneous. See: momon play --help",
             ("play", "--nope"): "momon play: No such option: --nope",
             ("nocommand",): "momon: No such command 'nocommand'. See: momon --help",
             ("simulat",): "momon: No such command 'simulat'. Did you mean 'simulate'? See: momon --help",
             ("simulate", "--games", "abc"): "momon simulate: Invalid value for '--games' / '-n'",
             ("simulate", "--games"): "momon simulate: Option '--games' requires an argument. See: momon simulate "
                                      "--help"}
    for args, start in cases.items():
        out = subprocess.run([sys.executable, "-m", "momon_cli", *args], capture_output=True, text=True, check=False)
        assert out.returncode == 2 and out.stdout == "", (args, out)
        assert len(out.stderr.splitlines()) == 1 and out.stderr.startswith(start), (args, out.stderr)
    bare = subprocess.run([sys.executable, "-m", "momon_cli"], capture_output=True, text=True, check=False)
    assert bare.returncode == 2 and "Start a game with: momon play" in bare.stdout + bare.stderr  # the help itself


def test_an_effect_based_summons_batch_prints_no_none_line(tmp_path):
    """A Summon batch's end is bookkeeping: it has no line, in script output or any other."""
    positions = Path(__file__).parent / "positions"
    result = runner.invoke(app, ["play", "--position", str(positions / "th-17-1-batch-nested.toml"), "--cards",
                                 str(positions / "cards.toml"), "--p1", "Ann", "--p2", "Bea", "--script", "-",
                                 "--log", str(tmp_path / "g.jsonl")], input="Rift Caller A1\n1\nB1\nC1\n")
    lines = result.output.splitlines()
    assert "Sprout's Summon batch waits at position 2." in lines and "None" not in lines


def test_what_cannot_start_a_game_is_said_as_it_is(tmp_path):
    """A setup or record problem is its own line, not 'not valid data' blamed on the decks;
    an unknown bot is said before any name is asked for."""
    other = tmp_path / "x.txt"
    other.write_text("x\n")
    for args, said in ((["--p1", "Ann", "--p2", "Ann", "--script", "-"], "the two players need different names"),
                       (["--p1", "bot:nope"], "unknown bot 'nope': choose bot:random, bot:greedy, bot:flat, bot:search, "
                           "bot:easy, bot:medium, bot:hard"),
                       (["--p1", "Ann", "--p2", "Bea", "--script", "-", "--log", str(other)],
                        f"{other}: already exists and is not a record of this game")):
        result = runner.invoke(app, ["play", "--log", str(tmp_path / "g.jsonl"), *args], input="")
        assert result.exit_code == 1 and result.output.strip().startswith(said), result.output


def test_help_lists_play_first():
    commands = [line.split()[0] for line in runner.invoke(app, ["--help"]).output.split("Commands:")[1].splitlines()
                if line.startswith("  ") and not line.startswith("   ")]
    assert commands[0] == "play" and commands.index("tournament") > commands.index("export")


def _piped(tmp_path):
    """A whole scripted game through a real pipe (stdout is no terminal, so Rich would wrap at
    80 columns), recorded under a path far wider than that."""
    import os
    import subprocess
    import sys

    log = tmp_path / ("a-long-folder-name-" * 6) / "g.jsonl"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    done = subprocess.run([sys.executable, "-m", "momon_cli", *ARGS, "--script", str(GAME), "--log", str(log)],
                          capture_output=True, text=True, env=env, timeout=120)  # a pipe, not a terminal
    assert done.returncode == 0, done.stderr
    return log, done.stdout.splitlines()


def test_piped_output_keeps_the_recording_path_on_one_line(tmp_path):
    log, lines = _piped(tmp_path)
    assert f"Recording to {log}" in lines, lines[:8]


def test_piped_output_keeps_the_saved_path_of_the_end_screen_on_one_line(tmp_path):
    log, lines = _piped(tmp_path)
    assert any(line.startswith(f"Game saved to {log}; ") for line in lines), lines[-8:]
