"""Puzzles: the [puzzle] table of a position file, the goal checker, the built-in puzzles
(solved by their stored solutions, not by chance, every keyword taught), and the commands
`momon puzzles`, `momon puzzle N|FILE` and `momon learn`."""

import json
import re
import tomllib
from pathlib import Path

import pytest
from helpers import MATRIX
from typer.testing import CliRunner

from momon_cli.bots.players import RandomBot
from momon_cli.cli.app import app
from momon_cli.data.cards import DataError, load_pool
from momon_cli.data.goals import GOAL_KINDS, Goal, TurnEnd, TurnWatch, attempt, judge, read_goal
from momon_cli.data.puzzles import PUZZLE_SEED, PUZZLES, built_in, puzzle_from_mapping, read_puzzle
from momon_cli.engine import Game, Problems, Setup
from momon_cli.engine import events as ev
from momon_cli.text.glossary import entry, for_card
from momon_cli.text.notation import parse

ROOT = Path(__file__).parent.parent
POOL = load_pool((), MATRIX)
FILES = built_in()
PUZZLES_READ = [read_puzzle(f, POOL, MATRIX.elements) for f in FILES]
runner = CliRunner()


def game_of(puzzle) -> Game:
    return Game(Setup(puzzle.position, MATRIX, PUZZLE_SEED, names=("Solver", "Rival")), start=False)


def solve(puzzle, lines):
    """Play the puzzle's turn with ``lines`` typed by the solver (the other seat is never asked)."""
    typed = iter(lines)

    def answer(game: Game):
        decision = game.pending
        assert decision.player == puzzle.solver, f"the other seat was asked: {decision.kind}"
        return parse(game.observe(decision.player), decision, next(typed))

    verdict = attempt(game_of(puzzle), puzzle.position.turn, puzzle.goal, puzzle.solver, answer)
    assert next(typed, None) is None, "the solution has lines the turn did not need"
    return verdict


# -- the built-in puzzles -------------------------------------------------------------------
def test_at_least_twelve_built_in_puzzles_numbered_by_file_name_easiest_first():
    assert len(FILES) >= 12
    assert [int(f.name[:2]) for f in FILES] == list(range(1, len(FILES) + 1))
    levels = [p.difficulty for p in PUZZLES_READ]
    assert levels == sorted(levels) and levels[0] == 1
    assert len({p.title for p in PUZZLES_READ}) == len(FILES)


@pytest.mark.parametrize("index", range(len(FILES)), ids=[f.stem for f in FILES])
def test_each_built_in_puzzles_stored_solution_meets_its_goal(index):
    puzzle = PUZZLES_READ[index]
    assert puzzle.solution and puzzle.hint and puzzle.intro
    verdict = solve(puzzle, puzzle.solution)
    assert verdict.met, verdict.line


@pytest.mark.parametrize("index", range(len(FILES)), ids=[f.stem for f in FILES])
def test_a_random_answerer_fails_each_built_in_puzzle_in_most_tries(index):
    puzzle = PUZZLES_READ[index]
    met = 0
    for seed in range(40):
        bot = RandomBot(f"puzzle-{index}-{seed}")
        verdict = attempt(game_of(puzzle), puzzle.position.turn, puzzle.goal, puzzle.solver,
                          lambda game, bot=bot: bot.answer(game.observe(game.pending.player)))
        met += verdict.met
    assert met < 20, f"{met} of 40 random tries met the goal"


def test_the_built_in_puzzles_together_teach_every_keyword_of_the_card_pool():
    """A keyword counts as taught where a puzzle says it teaches it and a card in that
    puzzle has it (glossary.for_card reads it from the card's ability data)."""
    keywords = {e.term for card in POOL.values() for e in for_card(card)}
    taught = set()
    for puzzle in PUZZLES_READ:
        on_its_cards = {e.term for placed in puzzle.position.cards() for e in for_card(placed.card)}
        taught |= set(puzzle.teaches) & on_its_cards
    assert keywords - taught == set()


def test_every_word_a_puzzle_teaches_is_a_glossary_term():
    for puzzle in PUZZLES_READ:
        for term in puzzle.teaches:
            assert entry(term).term == term


def test_the_puzzles_are_package_data_inside_the_wheel():
    """The wheel carries the package folder whole (pyproject), so the puzzles must live in it."""
    assert PUZZLES.is_relative_to(ROOT / "momon_cli") and FILES
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["momon_cli"] and "exclude" not in wheel


def test_a_puzzle_file_is_still_a_position_file_for_play(tmp_path):
    result = runner.invoke(app, ["play", "--position", str(FILES[0]), "--script", "-", "--log",
                                 str(tmp_path / "g.jsonl")], input="summon lynx b2\n")
    assert result.exit_code == 3, result.output  # the game goes on past the puzzle's turn
    assert "Shade Rat on C3 now carries Solver's Marking Token" in result.output


# -- reading the [puzzle] table ------------------------------------------------------------
BASE = {"active": 1, "player": [{"hand": ["MCL-002"]}, {}],
        "puzzle": {"title": "T", "goal": {"snatch": 1}}}


def with_puzzle(**fields):
    return {**BASE, "puzzle": {**BASE["puzzle"], **fields}}


def test_a_good_puzzle_table_reads_every_field():
    puzzle = puzzle_from_mapping(with_puzzle(hint="h", intro="i", difficulty=3, teaches=["Ward"], solution=["x"]),
                                 POOL, MATRIX.elements)
    assert (puzzle.title, puzzle.goal, puzzle.hint, puzzle.intro, puzzle.difficulty, puzzle.teaches,
            puzzle.solution, puzzle.solver) == ("T", Goal("snatch", count=1), "h", "i", 3, ("Ward",), ("x",), 1)


@pytest.mark.parametrize("data,problem", [
    (with_puzzle(goal={"score": 3}), "puzzle.goal: must name one of win = true, snatch = N or hold"),
    (with_puzzle(goal={"win": True, "snatch": 2}), "puzzle.goal: must name one of"),
    (with_puzzle(goal={"snatch": 0}), "puzzle.goal.snatch: must be a whole number from 1 to 16"),
    (with_puzzle(goal={"hold": "E9"}), "puzzle.goal.hold: must be a Space A1-D4"),
    (with_puzzle(goal={"win": "yes"}), "puzzle.goal.win: must be true"),
    (with_puzzle(goal="win"), "puzzle.goal: must be a table"),
    ({**BASE, "puzzle": {"title": "T"}}, "puzzle.goal: is missing"),
    (with_puzzle(title=""), "puzzle.title: must be a text 1-40 columns wide"),
    (with_puzzle(title="x" * 41), "puzzle.title: must be a text 1-40 columns wide"),
    (with_puzzle(difficulty=6), "puzzle.difficulty: must be a whole number from 1 to 5"),
    (with_puzzle(teaches="Ward"), "puzzle.teaches: must be a list of keywords"),
    (with_puzzle(solution=[1]), "puzzle.solution: must be a list of answers"),
    (with_puzzle(clue="x"), "puzzle: unknown key 'clue'"),
    ({**BASE, "active": 3}, "active: must be 1 or 2"),
    ({k: v for k, v in BASE.items() if k != "active"}, "active: a puzzle names its solver"),
])
def test_a_bad_puzzle_table_is_refused_one_line_per_problem(data, problem):
    with pytest.raises(DataError) as err:
        puzzle_from_mapping(data, POOL, MATRIX.elements, "p.toml")
    assert any(line.startswith("p.toml: ") and problem in line for line in err.value.problems), err.value.problems


def test_position_and_puzzle_problems_are_said_together():
    data = with_puzzle(goal={"hold": "Z1"}) | {"arena": [{"card": "MCL-001", "space": "Q7", "owner": 1}]}
    with pytest.raises(DataError) as err:
        puzzle_from_mapping(data, POOL, MATRIX.elements)
    assert len(err.value.problems) == 2 and all("\n" not in line for line in err.value.problems)


def test_each_goal_kind_reads_back_from_its_own_table():
    for goal in (Goal("win"), Goal("snatch", count=3), Goal("hold", space="C2")):
        problems: list[str] = []
        assert read_goal(Problems("x", problems), goal.to_mapping()) == goal and not problems
    assert {Goal("win").kind, Goal("snatch").kind, Goal("hold").kind} == set(GOAL_KINDS)


# -- judging a goal ---------------------------------------------------------------------------
def end(events=(), scores=(1, 1), token=1, held=None) -> TurnEnd:
    return TurnEnd(tuple(events), scores, token, held or {})


def snatched(new: int, old: int, how: str = "snatch") -> ev.ControlChanged:
    return ev.ControlChanged(1, "M", "B2", old, new, how)


def test_judge_win_is_the_result_the_game_would_have_if_it_ended_with_the_turn():
    assert judge(Goal("win"), 1, end(scores=(3, 2))).met
    assert not judge(Goal("win"), 1, end(scores=(2, 3))).met
    tie_mine, tie_theirs = judge(Goal("win"), 2, end(scores=(2, 2), token=2)), judge(Goal("win"), 2, end(scores=(2, 2)))
    assert tie_mine.met and "you hold the First Player Token" in tie_mine.line
    assert not tie_theirs.met and tie_theirs.line == ("Goal not met: the Control Score is 2-2 as the turn ends and the "
                                                      "other player holds the First Player Token.")


def test_judge_snatch_counts_every_control_change_to_the_solver_direct_snatches_too():
    events = [snatched(1, 2), snatched(1, 2, "direct"), snatched(2, 1)]
    assert judge(Goal("snatch", count=2), 1, end(events)).line == ("Goal met: you Snatched 2 Momons this turn "
                                                                   "(2 asked).")
    assert not judge(Goal("snatch", count=3), 1, end(events)).met
    assert not judge(Goal("snatch", count=1), 2, end(events[:2])).met


def test_judge_hold_reads_who_controls_the_space_as_the_turn_ends():
    assert judge(Goal("hold", space="B2"), 1, end(held={"B2": 1})).met
    assert judge(Goal("hold", space="B2"), 1, end(held={"B2": 2})).line == ("Goal not met: the other player controls "
                                                                            "B2 as the turn ends.")
    assert judge(Goal("hold", space="B2"), 1, end()).line == "Goal not met: nothing is on B2 as the turn ends."


def test_a_conceded_puzzle_meets_no_goal():
    assert not judge(Goal("win"), 1, end([ev.Conceded(1)], scores=(5, 0))).met


def test_the_watch_keeps_the_events_of_the_puzzles_turn_though_the_game_goes_on():
    puzzle = PUZZLES_READ[9]
    game = game_of(puzzle)
    watch = TurnWatch(game, puzzle.position.turn)
    game.listen(watch)
    game.start()
    typed = iter(puzzle.solution)
    while watch.end is None:
        game.answer(parse(game.observe(1), game.pending, next(typed)))
    assert isinstance(watch.end.events[0], ev.TurnStarted) and isinstance(watch.end.events[-1], ev.TurnEnded)
    assert game.state.turn > puzzle.position.turn  # the game went on past the puzzle's turn


# -- the commands ---------------------------------------------------------------------------
def data_home(tmp_path) -> dict[str, str]:
    return {"XDG_DATA_HOME": str(tmp_path / "data")}


def test_momon_puzzles_lists_number_difficulty_title_and_goal_within_80_columns():
    result = runner.invoke(app, ["puzzles"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(FILES) + 1 and all(len(line) <= 80 for line in lines)
    assert re.match(r"\s+1\s+★☆☆☆☆\s+First Snatch\s+Snatch at least 2 Momons this turn$", lines[1])
    assert lines[-1].lstrip().startswith(f"{len(FILES)}  ★★★★★")


def test_momon_puzzle_plays_the_solution_from_a_script_and_says_the_goal_was_met(tmp_path):
    puzzle = PUZZLES_READ[15]  # a win taken on the First Player Token
    result = runner.invoke(app, ["puzzle", "16", "--script", "-"], input="\n".join(puzzle.solution) + "\n",
                           env=data_home(tmp_path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Puzzle 16: Take the Token  ★★★★☆" and "Goal: Be winning on Control Score" in result.output
    assert lines[-1] == "Solved. The next puzzle: momon puzzle 17"
    assert lines[-2] == "Goal met: the Control Score is 4-4 as the turn ends and you hold the First Player Token."
    assert (tmp_path / "data" / "momon-cli" / "puzzles" / "16.jsonl").is_file()
    assert not (tmp_path / "data" / "momon-cli" / "games").exists()  # puzzles are kept apart from the games


def test_momon_puzzle_says_in_one_line_when_the_goal_is_not_met(tmp_path):
    result = runner.invoke(app, ["puzzle", "1", "--script", "-"], input="summon pup b2\n", env=data_home(tmp_path))
    assert result.exit_code == 0
    assert result.output.splitlines()[-2] == "Goal not met: you Snatched 0 Momons this turn (2 asked)."


def test_clue_shows_the_hint_at_a_prompt_and_help_lists_it(tmp_path):
    result = runner.invoke(app, ["puzzle", "1", "--script", "-"], input="help\nclue\nsummon lynx b2\n",
                           env=data_home(tmp_path))
    assert result.exit_code == 0
    assert "this puzzle's goal and its hint" in result.output
    assert "Hint: Ember Lynx has Power 4" in result.output and result.output.splitlines()[-2].startswith("Goal met")
    hinted = runner.invoke(app, ["puzzle", "1", "--hint", "--script", "-"], input="", env=data_home(tmp_path))
    assert "Hint: Ember Lynx has Power 4" in hinted.output.split("New game")[0]


def test_an_undo_inside_the_puzzles_turn_keeps_the_goal_watched(tmp_path):
    result = runner.invoke(app, ["puzzle", "3", "--script", "-"],
                           input="summon gloom c3\nundo\nsummon gloom c3\nB3\n", env=data_home(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2] == "Goal met: you Snatched 2 Momons this turn (2 asked)."


def test_a_script_that_ends_inside_the_puzzle_exits_3_and_says_how_to_start_again(tmp_path):
    result = runner.invoke(app, ["puzzle", "8", "--script", "-"], input="B3\n", env=data_home(tmp_path))
    assert result.exit_code == 3
    assert result.output.splitlines()[-1] == "Left the puzzle. Start it again with: momon puzzle 8"


@pytest.mark.parametrize("number", ["0", "99", "18"])
def test_a_puzzle_number_that_names_none_is_one_line_and_a_usage_error(number):
    result = runner.invoke(app, ["puzzle", number])
    assert result.exit_code == 2
    assert result.output == f"no puzzle {int(number)}: the puzzles are numbered 1-{len(FILES)} (momon puzzles lists them)\n"


def test_a_puzzle_named_by_neither_a_number_nor_a_file_is_a_usage_error_too():
    result = runner.invoke(app, ["puzzle", "first"])
    assert result.exit_code == 2
    assert result.output == "no puzzle 'first': give its number in 'momon puzzles' or a puzzle file\n"


def test_momon_puzzle_plays_a_puzzle_file_and_refuses_a_plain_position_in_one_line(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(FILES[0].read_text().replace('goal = { snatch = 2 }', 'goal = { hold = "C3" }'))
    result = runner.invoke(app, ["puzzle", str(mine), "--script", "-"], input="summon lynx c2\n",
                           env=data_home(tmp_path))
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "Solved."
    assert result.output.splitlines()[-2] == ("Goal met: you control the Momon on C3 as "
                                                                        "the turn ends.")
    plain = ROOT / "tests" / "positions" / "17-2-queue.toml"
    result = runner.invoke(app, ["puzzle", str(plain), "--cards", str(ROOT / "tests" / "positions" / "cards.toml")])
    assert result.exit_code == 1 and len(result.output.splitlines()) == 1 and "not a puzzle" in result.output
    bad = tmp_path / "bad.toml"
    bad.write_text(FILES[0].read_text().replace("difficulty = 1", "difficulty = 9").replace('"B3"', '"B9"'))
    result = runner.invoke(app, ["puzzle", str(bad)])
    assert result.exit_code == 1 and len(result.output.splitlines()) == 2, result.output
    assert "arena[2].space: must be a Space A1-D4" in result.output and "puzzle.difficulty" in result.output


def learn(tmp_path, typed: str, *extra: str):
    return runner.invoke(app, ["learn", *extra, "--script", "-"], input=typed, env=data_home(tmp_path))


def lines_for(*numbers: int) -> str:
    return "".join("play\n" + "".join(f"{line}\n" for line in PUZZLES_READ[n - 1].solution) for n in numbers)


def test_learn_walks_the_first_puzzles_in_order_and_remembers_where_it_stopped(tmp_path):
    first = learn(tmp_path, lines_for(1, 2) + "quit\n")
    assert first.exit_code == 0, first.output
    assert "Lesson 1 of 7 · puzzle 1: First Snatch" in first.output and "Lesson 3 of 7" in first.output
    assert first.output.count("Goal met") == 2
    assert first.output.splitlines()[-1] == "Stopped at lesson 3: 'momon learn' goes on from there."
    progress = tmp_path / "data" / "momon-cli" / "puzzles" / "learn.json"
    assert json.loads(progress.read_text()) == {"done": 2}
    again = learn(tmp_path, "quit\n")
    assert again.output.splitlines()[0] == "Welcome back: lesson 3 of 7."
    restarted = learn(tmp_path, "quit\n", "--restart")
    assert restarted.output.startswith("Lesson 1 of 7")


def test_learn_offers_a_missed_puzzle_again_and_skip_moves_on(tmp_path):
    result = learn(tmp_path, "play\nsummon pup b2\n" + lines_for(1) + "skip\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Goal not met" in result.output and "Enter: try again · skip · quit › play" in result.output
    assert "Lesson 3 of 7" in result.output
    assert json.loads((tmp_path / "data" / "momon-cli" / "puzzles" / "learn.json").read_text()) == {"done": 2}


def test_learn_to_the_end_points_to_the_harder_puzzles(tmp_path):
    result = learn(tmp_path, lines_for(*range(1, 8)))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (f"That was the first lesson. {len(FILES) - 7} harder puzzles wait: "
                                              f"'momon puzzles' lists them, 'momon puzzle 8' plays the next.")
    assert learn(tmp_path, "").output.startswith("You have done all 7 lessons.")
