"""Shell completion offers values, not only option names: the built-in decks, the bots and
their levels, ``last`` and the saved games' numbers, the words ``momon rules`` knows. Each
is asked as bash asks it, through Typer's completion variables, in a process of its own."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from momon_cli.data.cards import builtin_deck_names

ROOT = Path(__file__).parent.parent


def offered(line: str, data: Path | None = None) -> list[str]:
    """What bash gets for a TAB at the end of ``line`` (a space at its end: a new word)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    env = {**os.environ, "_MOMON_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(cword)}
    if data is not None:
        env["XDG_DATA_HOME"] = str(data)
    done = subprocess.run([sys.executable, "-m", "momon_cli"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return done.stdout.split()


def test_deck_options_offer_the_built_in_decks():
    assert offered("momon play --deck1 ") == builtin_deck_names()
    assert offered("momon play --deck2 ston") == ["stone-gale"]
    assert offered("momon simulate --deck1 pri") == ["prism"]
    assert offered("momon tournament --decks prism,st") == ["prism,stone-gale"]


def test_player_options_offer_the_bots_and_their_levels():
    assert {"bot:easy", "bot:medium", "bot:hard", "bot:search", "bot:greedy"} <= set(offered("momon play --p2 bot:"))
    assert offered("momon play --p1 bot:h") == ["bot:hard"]
    assert offered("momon simulate --bot1 gr") == ["greedy"]
    assert offered("momon tournament --bots random,s") == ["random,search"]


@pytest.fixture
def data_folder(tmp_path: Path) -> Path:
    games = tmp_path / "momon-cli" / "games"
    games.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "records" / "format2-dawn-dusk-vs-prism-seed7.jsonl", games / "game-1.jsonl")
    shutil.copy(ROOT / "tests" / "corpus" / "records" / "finished-format2-short.jsonl", games / "game-2.jsonl")
    return tmp_path


@pytest.mark.parametrize("line", ["momon replay ", "momon export ", "momon verify 1 ", "momon analyse ",
                                  "momon play --resume ", "momon play --from "])
def test_record_arguments_offer_last_and_the_saved_games_numbers(line, data_folder):
    assert offered(line, data_folder) == ["last", "2", "1"]


def test_a_record_argument_typed_as_a_path_is_left_to_the_shell(data_folder):
    assert offered("momon replay ./ga", data_folder) == []  # bash then completes file names (-o default)


def test_rules_offers_the_glossary_words_one_at_a_time():
    assert "incite" in offered("momon rules ")
    assert "incite" in offered("momon rules inc") and "ward" not in offered("momon rules inc")
    assert offered("momon rules direct ") == ["snatch"]
