"""The game session as a model (momon_cli/session): a whole hot-seat game, a puzzle and a
served game driven through the Session API alone, with no terminal; and the front ends held
to being adapters (none subclasses another, none holds the game, only tui/ imports tui.repl)."""

from __future__ import annotations

import ast
from pathlib import Path

from repl_driver import play, typed_answer, whole_game_lines
from short_game import setup

from momon_cli.data.cards import load_matrix, load_pool
from momon_cli.data.puzzles import PUZZLE_SEED, built_in_puzzle, read_puzzle
from momon_cli.engine import Game, Kind
from momon_cli.record import GameRequest, Recorder, new_game, start_record
from momon_cli.session import Accepted, Left, Refused, Session, Shown, Undone
from momon_cli.session.goal import PuzzleGoal

PACKAGE = Path(__file__).parent.parent / "momon_cli"


def _hands_seen(session: Session, player: int) -> set[str]:
    """The card names of the other player's Hand that ``player``'s update lets them see."""
    seen = session.updates(player).seen
    zones = seen.state.zones
    return {zones.objects[o].card.name for o in zones.hands[3 - player] if zones.objects[o].card.name != "?"}


def test_a_whole_hot_seat_game_through_the_session_alone_writes_the_record_the_screen_writes(tmp_path):
    game = Game(setup())
    recorder = start_record(tmp_path / "session.jsonl", game, ("Deck One", "Deck Two"), force=True)
    session = Session(game, recorder, handoff=True)
    at_keyboard, handoffs, answers = None, 0, 0
    while (pending := session.pending()) is not None:
        player = pending.player
        assert pending.handoff == (player != at_keyboard) and not pending.bot
        if pending.handoff:  # nothing private on it, and only Enter passes it
            update, _news = session.handoff(player)
            assert update.hand is None and update.decision is None
            assert isinstance(session.at_handoff(player, "hello"), Refused)
            assert session.at_handoff(player, "") is None
            at_keyboard, handoffs = player, handoffs + 1
        update = session.updates(player, pending.decision)
        assert update.decision is pending.decision
        assert update.hand == (player if pending.decision.kind is Kind.SUMMON else None)
        assert isinstance(session.submit(3 - player, "help"), Refused)  # not theirs to answer
        reply = session.submit(player, typed_answer(game, pending.decision))
        assert isinstance(reply, Accepted), reply
        answers += 1
    session.close()
    assert game.result is not None and handoffs >= 2
    # the full screen, given the same lines, writes the same record byte for byte
    screen = tmp_path / "screen"
    screen.mkdir()
    play(Game(setup()), "\n".join(whole_game_lines(lambda: Game(setup()), handoffs=True)) + "\n", screen)
    assert (tmp_path / "session.jsonl").read_bytes() == (screen / "game.jsonl").read_bytes()


def test_session_commands_return_content_and_undo_takes_an_answer_back(tmp_path):
    game = Game(setup())
    session = Session(game, start_record(tmp_path / "g.jsonl", game, ("A", "B"), force=True), handoff=True)
    pending = session.pending()
    assert pending is not None and pending.handoff
    assert session.at_handoff(pending.player, "") is None
    player = pending.player
    for line in ("help", "queue", "log", "save", "inspect 1", "rules ward", "elements"):
        reply = session.submit(player, line)
        assert isinstance(reply, Shown) and reply.content, line
    assert isinstance(session.submit(player, "quit"), Left)
    assert isinstance(session.submit(player, "log x"), Refused)
    assert isinstance(session.submit(player, typed_answer(game, pending.decision)), Accepted)
    assert len(game.answers) == 1
    nxt = session.pending()
    assert nxt is not None and nxt.handoff and nxt.player == 3 - player
    assert isinstance(session.submit(nxt.player, "undo"), Refused)  # the hand-off comes first
    assert isinstance(session.at_handoff(nxt.player, "undo"), Undone) and len(session.game.answers) == 0
    session.close()


def test_a_puzzle_through_the_session_alone_ends_with_its_turn_and_meets_its_goal(tmp_path):
    pool, matrix = load_pool(), load_matrix()
    path = built_in_puzzle(1)
    puzzle = read_puzzle(path, pool, matrix.elements)
    players = ["bot:random", "bot:random"]
    players[puzzle.solver - 1] = "Solver"
    started = new_game(GameRequest((players[0], players[1]), PUZZLE_SEED, tmp_path / "p.jsonl", position=path,
                                   force=True), pool, matrix)
    goal = PuzzleGoal(puzzle, "momon puzzle 1")
    session = Session(started.game, started.recorder, bots=started.seats, goal=goal)
    assert "clue" in session.commands
    typed = iter(puzzle.solution)
    while (pending := session.pending()) is not None:
        if pending.bot:
            turn = session.bot_turn()
            session.play_bot(turn, turn.think())  # the thinking runs wherever a front end likes
            continue
        if isinstance(session.submit(pending.player, "clue"), Shown) and pending.decision.kind is Kind.SUMMON:
            assert session.updates(pending.player, pending.decision).hand == puzzle.solver
        assert isinstance(session.submit(pending.player, next(typed)), Accepted)
    session.close()
    assert next(typed, None) is None and not goal.going() and goal.verdict().met


def test_a_served_game_two_seats_no_hand_off_each_seeing_only_its_own_hand(tmp_path):
    game = Game(setup())
    session = Session(game, start_record(tmp_path / "s.jsonl", game, ("A", "B"), force=True), handoff=True,
                      served=True)
    own = {p: {game.state.zones.objects[o].card.name for o in game.state.zones.hands[p]} for p in (1, 2)}
    while (pending := session.pending()) is not None:
        player = pending.player
        assert not pending.handoff and not pending.bot  # one seat a terminal: nothing to hand off
        assert not (_hands_seen(session, 3 - player) & own[player])  # the waiting seat sees no card of theirs
        update = session.updates(player, pending.decision)
        assert update.hand == (player if pending.decision.kind is Kind.SUMMON else None)
        assert isinstance(session.submit(player, "undo"), Refused)  # a served game keeps every answer
        assert isinstance(session.submit(3 - player, typed_answer(game, pending.decision)), Refused)
        assert isinstance(session.submit(player, typed_answer(game, pending.decision)), Accepted)
    session.close()
    assert game.result is not None and session.version == len(game.answers)


# -- front ends are adapters ---------------------------------------------------------------------
def _classes() -> dict[str, tuple[str, list[str], set[str]]]:
    """Every class of the package: its module, its bases' names and its methods."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bases = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else "" for b in
                         node.bases]
                methods = {f.name for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
                found[node.name] = (str(path.relative_to(PACKAGE)), bases, methods)
    return found


FRONT_METHODS = {"present", "show"}  # what renders a session (and it reads lines: read, or aread on a loop)


def test_no_front_end_subclasses_another():
    classes = _classes()
    fronts = {name for name, (module, _bases, methods) in classes.items()
              if FRONT_METHODS <= methods and methods & {"read", "aread"} and not module.startswith("session/")}
    assert {"HotSeat", "PlainSeat", "RemoteSeat"} <= fronts
    wrong = {name: bases for name, (_module, bases, _methods) in classes.items() if name in fronts
             and set(bases) & fronts}
    assert not wrong, wrong


def test_only_tui_imports_tui_repl():
    wrong = []
    for path in PACKAGE.rglob("*.py"):
        module = str(path.relative_to(PACKAGE))
        if module.startswith("tui/"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("tui.repl") \
                    or isinstance(node, ast.ImportFrom) and node.module == "tui" and any(a.name == "repl" for a in
                                                                                        node.names) \
                    or isinstance(node, ast.Import) and any(a.name.endswith("tui.repl") for a in node.names):
                wrong.append(module)
    assert not wrong, wrong


def test_front_ends_hold_no_game_state_of_their_own(tmp_path):
    from io import BytesIO, StringIO

    from rich.console import Console

    from momon_cli.tui.hot_seat import HotSeat
    from momon_cli.tui.plain_seat import PlainSeat
    from momon_cli.tui.script import PlainReader, ScriptReader

    game = Game(setup())
    recorder = start_record(tmp_path / "g.jsonl", game, ("A", "B"), force=True)
    console = Console(file=StringIO())
    fronts = [HotSeat(game, console, recorder, ScriptReader([], console)),
              PlainSeat(game, console, recorder, PlainReader(BytesIO(), StringIO()))]
    for front in fronts:
        held = {name: type(value).__name__ for name, value in vars(front).items()
                if isinstance(value, (Game, Recorder)) or name in ("recorder", "bots", "undoable", "log")}
        assert not held, (type(front).__name__, held)
        assert front.session.game is game
    recorder.close()


def test_a_game_between_two_people_never_loads_the_bots():
    """The bots (and their search) load only for a bot seat or a hint: startup cost matters."""
    import subprocess
    import sys

    script = """
import sys, tempfile, pathlib
from momon_cli.data.cards import load_matrix, load_pool
from momon_cli.engine import Game, Kind, Setup
from momon_cli.record import start_record
from momon_cli.session import Accepted, Session, Shown
from momon_cli.text.notation import format_answer
pool, matrix = load_pool(), load_matrix()
decks = [tuple(pool[i] for i in ids) for ids in (("MCL-013", "MCL-022", "MCL-003"), ("MCL-015", "MCL-017", "MCL-028"))]
game = Game(Setup.new_game((decks[0], decks[1]), matrix, 46, "sequential", ("Ann", "Bea"), 1))
session = Session(game, start_record(pathlib.Path(tempfile.mkdtemp()) / "g.jsonl", game, ("a", "b"), force=True))
while (pending := session.pending()) is not None:
    d = pending.decision
    assert isinstance(session.submit(d.player, "log"), Shown)
    answer = (d.keys() if d.kind in (Kind.ORDER_ATTEMPTS, Kind.ORDER_TRIGGERS) else tuple(d.options[:d.count])
              if d.kind is Kind.TARGETS else d.options[0])
    assert isinstance(session.submit(d.player, format_answer(d, answer)), Accepted)
session.close()
print(game.result is not None, sorted(m for m in sys.modules if m.startswith("momon_cli.bots")))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "[]"], done.stdout + done.stderr


def test_the_news_of_the_other_sides_turn_is_the_same_at_every_redraw_of_a_decision_and_never_the_players_own(
        tmp_path):
    """A playtester's 'Meanwhile:' vanished when the screen asked again, and once told their own
    move: the news is the other side's turn only, worked out once a turn and kept for its redraws."""
    game = Game(setup())
    session = Session(game, start_record(tmp_path / "g.jsonl", game, ("A", "B"), force=True), handoff=False)
    told = 0
    while (pending := session.pending()) is not None:
        player, decision = pending.player, pending.decision
        first, again = session.updates(player, decision).news, session.updates(player, decision).news
        assert first == again
        own = game.setup.names[player - 1]
        assert f"{own} Summoned" not in first and f"{own} Snatched" not in first, first
        if game.state.active != player:
            assert first == ""
        told += bool(first)
        assert isinstance(session.submit(player, typed_answer(game, decision)), Accepted)
    assert told >= 3
