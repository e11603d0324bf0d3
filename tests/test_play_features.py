"""Items 4-7 of the terminal issue: targets and the Queue, a game that teaches itself,
answering (Enter, 2,1, undo, Ctrl-C, concede by name) and saved games by short name."""

import json
import re
from pathlib import Path

from helpers import arena, game, mk
from repl_driver import play
from test_repl import ordering_game, standard_game, target_game
from typer.testing import CliRunner

from momon_cli.cli.app import app
from momon_cli.text import narration as narrate
from momon_cli.text import rules_lookup as rulesdoc

runner = CliRunner()
GAME = Path(__file__).parent / "games" / "dawn-dusk-vs-prism-seed7.txt"
ARGS = ["--p1", "Ann", "--p2", "Bea", "--deck1", "dawn-dusk", "--deck2", "prism", "--seed", "7", "--first", "1"]


def answers(tmp_path) -> list:
    records = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    return [r["value"] for r in records if r["type"] == "answer"]


# -- 4. Targets and the Queue, visible ---------------------------------------------------------
def test_targets_in_the_prompt_the_narration_the_status_panel_and_queue(tmp_path):
    run = play(target_game(), "\nsprite B1\nD4\nqueue\n\ny\n\x04", tmp_path)
    target_frame = next(f for f in run.frames if "Choose 1 target(s) for Sprite" in f)
    assert "On Summon: you may give target enemy Momon -1 Power" in target_frame  # the ability's text again
    assert "Sprite's On Summon ability enters the Queue at position 1, targeting Right on D4." in run.words
    yes_no = next(f for f in run.frames if "Use Sprite's ability?" in f)
    assert "Targets: Right on D4" in yes_no and "Resolving: Sprite (P1): On Summon" in yes_no  # status panel
    assert "→ targets Right on D4" in run.words  # the queue command


def test_a_target_taken_because_it_was_the_only_one_is_announced(tmp_path):
    sprite = mk("Sprite", "Air", 1, ability=[{"when": "on_summon", "target": {"side": "enemy"},
                                               "do": [{"power": -1, "on": "targets"}]}])
    run = play(game([sprite], [mk("Spare")], [arena(2, mk("Lone", "Fire", 4), "A4")]), "\nsprite B1\n\x04", tmp_path)
    assert "targeting Lone on A4 (the only legal target)" in run.words


def test_the_transcript_names_the_targets(tmp_path):
    path = tmp_path / "g.jsonl"
    runner.invoke(app, ["play", *ARGS, "--script", str(GAME), "--log", str(path)])
    md = runner.invoke(app, ["export", str(path)]).output
    assert re.search(r"targeting \w[\w ]* on [A-D][1-4]", md)


def test_the_transcript_names_cards_and_tells_apart_two_cards_of_one_name_by_id(tmp_path):
    imp = mk("Imp")  # two copies of one card: one name, one id
    twins = [mk("Twin", power=2), mk("Twin", power=5)]  # two cards that share a name
    play(game([*twins, mk("Hawk")], [imp, imp, mk("Other")]), "\n1 A1\n\n1 D4\n\n1 B1\n\n\x04", tmp_path)
    md = runner.invoke(app, ["export", str(tmp_path / "game.jsonl")]).output
    said = [line for line in md.splitlines() if line.startswith("> ")]
    assert said == [f"> Ann chooses to Summon Twin ({twins[0].id}) onto A1", "> Bea chooses to Summon Imp onto D4",
                    f"> Ann chooses to Summon Twin ({twins[1].id}) onto B1"]
    msn = runner.invoke(app, ["export", str(tmp_path / "game.jsonl"), "--format", "msn"]).output
    assert f"1. {twins[0].id} a1\n2. imp d4\n3. twin b1\n" in msn  # a name only where it reads back as one card
    (tmp_path / "g.msn").write_text(msn)
    again = runner.invoke(app, ["export", str(tmp_path / "g.msn"), "--format", "msn"]).output
    assert again == msn


# -- 5. A game that teaches itself -----------------------------------------------------------
def test_elements_and_howto_commands():
    chart = runner.invoke(app, ["elements"]).output
    assert re.search(r"Fire\s+│\s+Earth\s+│\s+Water", chart) and "Origin" in chart
    howto = runner.invoke(app, ["howto"]).output
    for words in ("Summons", "Snatch-Sight", "Power", "Element", "Control Score"):
        assert words in howto
    assert len(howto.splitlines()) <= 40


def test_in_game_elements_and_rules_render_markdown_without_test_names(tmp_path):
    run = play(standard_game(), "\nelements\n\nrules fire\n\nrules ward\n\nquit\n", tmp_path)
    assert re.search(r"Water\s+│\s+Fire\s+│\s+Air", run.text)
    assert "13. The Element Advantage Matrix" in run.words and "Fire Beats Earth" in run.words
    shown = "\n".join(f for f in run.frames if "Ward" in f and "Recording to" not in f)  # not the path of the record
    assert "test_" not in shown and ".toml" not in shown and "**" not in shown


def test_rules_finds_paragraphs_right_under_headings_and_every_citation_narration_prints():
    assert any("Fire Beats Earth" in p.text for p in rulesdoc.lookup("fire"))
    assert "Ward" in rulesdoc.lookup("ward")[0].text and not rulesdoc.lookup("ward")[0].heading.startswith("5.")
    assert any("Sixteen Spaces" in p.text for p in rulesdoc.lookup("arena"))
    cited = set(narrate.CITATION.findall(Path(narrate.__file__).read_text()))
    assert {"BASELINE 9.1", "CR 10.2.4", "TH 17.6", "Step 1.1"} <= cited
    for citation in cited:
        assert rulesdoc.lookup(citation), citation


def test_terse_narration_by_default_the_full_log_on_request(tmp_path):
    run = play(ordering_game(), "\nClod B1\n2,1\n\nlog 30\n\n\x04", tmp_path)
    log_frames = [f for f in run.frames if "Attempt 1 of 2" in f]
    assert log_frames and "(CR 10.2" not in log_frames[0].split("Attempt 1 of 2")[1].splitlines()[0]
    assert "Attempt 1 of 2: Clod" in run.words and re.search(r"Attempt 2 of 2: [^.]*\(CR 10\.2\.\d\)", run.words)
    full = runner.invoke(app, ["play", *ARGS, "--script", str(GAME), "--narration", "full", "--log",
                               str(tmp_path / "f.jsonl")]).output
    terse = runner.invoke(app, ["play", *ARGS, "--script", str(GAME), "--log", str(tmp_path / "t.jsonl")]).output
    assert "(BASELINE 9.1)" in full and "(BASELINE 9.1)" not in terse


# -- 6. Answering -----------------------------------------------------------------------------
def test_enter_keeps_the_listed_order_and_2_1_and_2comma1_both_reorder(tmp_path):
    play(ordering_game(), "\nClod B1\n\n\x04", tmp_path)
    assert answers(tmp_path)[-1] == ["B2", "C1"]
    play(ordering_game(), "\nClod B1\n2,1\n\x04", tmp_path)
    assert answers(tmp_path)[-1] == ["C1", "B2"]
    play(ordering_game(), "\nClod B1\n2 1\n\x04", tmp_path)
    assert answers(tmp_path)[-1] == ["C1", "B2"]


def test_attempt_numbers_follow_the_chosen_order(tmp_path):
    run = play(ordering_game(), "\nClod B1\n2,1\n\x04", tmp_path)
    first = run.text.index("Attempt 1 of 2")
    assert "Drip" in run.text[first:first + 80] and run.text.index("Attempt 1 of 2") < run.text.index("Attempt 2 of 2")


def test_undo_takes_back_the_last_answer_and_rewrites_the_record(tmp_path):
    run = play(target_game(), "\nsprite B1\nundo\nsprite C1\nD4\ny\n\x04", tmp_path)
    assert "Your last answer is taken back" in run.text
    first = answers(tmp_path)
    assert first[0][1] == "C1" and first[1] == ["D4"] and first[2] is True
    verified = runner.invoke(app, ["verify", str(tmp_path / "game.jsonl")])
    assert "does not match" not in verified.output


def test_undo_is_refused_once_the_other_player_has_seen_the_result(tmp_path):
    run = play(standard_game(), "\nsummon 1 A1\n\nundo\n\x04", tmp_path)
    assert "Nothing to undo: no answer of yours can be taken back now" in run.text
    assert len(answers(tmp_path)) == 1


def test_ctrl_c_at_the_concede_confirmation_keeps_the_game(tmp_path):
    run = play(standard_game(), "\nconcede\n\x03n\nsummon 1 A1\n\x04", tmp_path)
    assert "Ctrl-C clears the line" in run.text and run.hot_seat.game.result is None
    assert len(answers(tmp_path)) == 1


def test_either_player_may_concede(tmp_path):
    run = play(standard_game(), "\nconcede Bea\ny\n", tmp_path)
    result = run.hot_seat.game.result
    assert result.reason == "concession" and result.winner == 1 and "Winner: Ann" in run.printed


# -- 7. Saved games you can name --------------------------------------------------------------
def test_games_numbers_and_last_name_records_for_replay_verify_export_and_resume(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "60"}
    folder = tmp_path / "momon-cli" / "games"
    done = folder / "done.jsonl"
    assert runner.invoke(app, ["play", *ARGS, "--script", str(GAME), "--log", str(done)], env=env).exit_code == 0
    half = folder / "half.jsonl"
    runner.invoke(app, ["play", *ARGS, "--script", "-", "--log", str(half)], input="summon halo A4\n", env=env)
    listing = runner.invoke(app, ["games"], env=env).output
    assert f"  2  {half}\n" in listing and f"  1  {done}\n" in listing  # a number and the whole path, one line
    assert listing.index(str(half)) < listing.index(str(done))  # newest first
    assert "unfinished" in listing and "Ann wins (Arena full)" in listing
    assert "OK" in runner.invoke(app, ["verify", "1"], env=env).output
    assert runner.invoke(app, ["export", "1"], env=env).output.startswith("# Ann vs Bea")
    assert runner.invoke(app, ["replay", "1", "--to-end", "--json"], env=env).exit_code == 0
    unfinished = runner.invoke(app, ["verify", "last"], env=env).output
    assert unfinished.startswith(f"{half}: unfinished") and unfinished.rstrip().endswith("momon play --resume last")
    resumed = runner.invoke(app, ["play", "--resume", "last", "--script", "-"], input="summon kiln A2\n", env=env)
    assert resumed.exit_code == 3 and str(half) in resumed.output.replace("\n", "")
    over = runner.invoke(app, ["play", "--resume", "1"], env=env)
    assert over.exit_code == 1 and over.output.rstrip().endswith("that game is over; watch it with: momon replay 1")
    missing = runner.invoke(app, ["verify", "9"], env=env)
    assert missing.exit_code == 1 and "no saved game '9'" in missing.output and "numbered 1 to 2" in missing.output


def _numbers(env: dict[str, str]) -> list[list[str]]:
    """Each game's number and path, in the order ``momon games`` lists them."""
    listing = runner.invoke(app, ["games"], env=env).output
    return [line.split()[:2] for line in listing.splitlines() if not line.startswith("     ")]


def _began(path: Path, when: str) -> None:
    """Give a record's header another ``created`` date (no digest covers it)."""
    head, rest = path.read_text(encoding="utf-8").split("\n", 1)
    path.write_text(json.dumps({**json.loads(head), "created": when}, ensure_ascii=False) + "\n" + rest,
                    encoding="utf-8")


def test_a_saved_game_keeps_its_number_when_newer_games_are_saved_and_when_it_is_resumed(tmp_path):
    """Numbers follow the order games began, oldest first: not their names, nor when their
    files last changed."""
    env = {"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "200"}
    folder = tmp_path / "momon-cli" / "games"
    old, done = folder / "zz-old.jsonl", folder / "aa-done.jsonl"  # names sorted against their dates
    runner.invoke(app, ["play", *ARGS, "--script", "-", "--log", str(old)], input="summon halo A4\n", env=env)
    assert runner.invoke(app, ["play", *ARGS, "--script", str(GAME), "--log", str(done)], env=env).exit_code == 0
    _began(old, "2026-01-01T09:00:00+00:00")
    _began(done, "2026-01-02T09:00:00+00:00")
    listing = runner.invoke(app, ["games"], env=env).output
    assert listing.index(f"  2  {done}\n") < listing.index(f"  1  {old}\n")
    unfinished = runner.invoke(app, ["verify", "1"], env=env)
    assert unfinished.exit_code == 3 and unfinished.output.rstrip().endswith("continue with: momon play --resume 1")
    new = folder / "mm-new.jsonl"
    assert runner.invoke(app, ["play", *ARGS, "--script", str(GAME), "--log", str(new)], env=env).exit_code == 0
    numbers = [["3", str(new)], ["2", str(done)], ["1", str(old)]]
    assert _numbers(env) == numbers
    resumed = runner.invoke(app, ["play", "--resume", "1", "--script", "-"], input="summon kiln A2\n", env=env)
    assert resumed.exit_code == 3 and str(old) in resumed.output.replace("\n", "")
    assert _numbers(env) == numbers  # its file changed last, and it keeps its number
    assert str(new) in runner.invoke(app, ["verify", "last"], env=env).output  # the newest began last
    assert str(old) in runner.invoke(app, ["verify", "1"], env=env).output  # resumed, it is still game 1


def test_each_player_has_their_own_history_and_help_shows_log_n(tmp_path):
    up = "\x1b[A"
    run = play(standard_game(), f"\nhelp\n\ninspect 1\n\nsummon 1 A1\n\n{up}\n\x04", tmp_path)
    assert "log [n]" in run.text  # help is plain text, never markup
    assert "nothing typed" in run.text  # Bea's Up-arrow recalled nothing of Ann's
    bea = [f for f in run.frames if "Bea (P2)'s Hand" in f]
    assert bea and not any("Sights (from its Owner's seat)" in f for f in bea)
