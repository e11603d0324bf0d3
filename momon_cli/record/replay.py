"""Games rebuilt from their records: replay to any step, verify, the JSON state, transcripts.

A record is its setup plus its answers; replaying the answers must give the recorded
events again, byte for byte. Time travel is a replay that stops at a chosen event.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..data.cards import load_matrix
from ..engine import (
    SPACES,
    EngineError,
    Event,
    Game,
    GameOver,
    IllegalAnswer,
    Position,
    answer_from_json,
    element,
    has_ward,
    power,
    scores,
    snapshot,
    token_value,
)
from ..engine import events as ev
from ..language import _
from ..limits import NAME_LIMIT
from ..text.glossary import profile_words
from ..text.narration import Narrator
from ..text.notation import answer_words, card_names
from ..text.safe import clean
from .format import Line, events_digest
from .header import setup_from_header, shown_names
from .validate import Record


class _Stop(BaseException):
    """Raised by the stopping listener to halt a replay right after a chosen event (not an
    Exception: the engine reports rules errors as such, and this is none)."""


@dataclass
class Difference:
    step: int  # the event index (0-based) or the answer number where the replay parted ways
    expected: str
    found: str

    def __str__(self) -> str:
        return _("step {step}: expected {expected}; found {found}").format(step=self.step, expected=self.expected,
                                                                            found=self.found)


def _normal(event: Event) -> Line:
    normal: Line = json.loads(json.dumps(event.to_dict()))
    return normal


def _apply(game: Game, entry: Line) -> None:
    if entry["type"] == "concede":
        game.concede(entry["player"])
    else:
        game.answer(answer_from_json(entry["value"]))


def rebuild(record: Record, stop_after: int | None = None, listeners: Sequence[Callable[[Event], None]] = (),
            made: Callable[[Game], None] | None = None,
            stop_when: Callable[[Game, Event], bool] | None = None) -> Game:
    """The game the record describes, replayed in full, up to event number ``stop_after``, or
    up to the first event for which ``stop_when(game, event)`` is true; ``made(game)`` is
    called before it starts (for listeners that read the game)."""
    game = Game(setup_from_header(record.header, load_matrix()), tuple(listeners), start=False)
    if made is not None:
        made(game)
    if stop_after is not None or stop_when is not None:
        def stopper(event: Event) -> None:
            if (stop_after is not None and len(game.events) >= stop_after) or (
                    stop_when is not None and stop_when(game, event)):
                raise _Stop
        game.listen(stopper)
    try:
        game.start()
        for entry in record.answers:
            _apply(game, entry)
    except _Stop:
        pass
    return game


def position_at(record: Record, turn: int) -> Position | None:
    """The position at the start of turn ``turn`` (before its Turn Start), or None if the
    record never reaches it."""
    found: list[Position] = []

    def at_turn_start(game: Game, event: Event) -> bool:
        if isinstance(event, ev.TurnStarted) and event.turn == turn:
            found.append(snapshot(game.state))
        return bool(found)

    rebuild(record, stop_when=at_turn_start)
    return found[0] if found else None


def verify(record: Record) -> Difference | None:
    """Replay from the header and the answers; the first way the record differs, or None.

    Checked: each answer's player and kind against the decision pending at that point, and
    its place (right after every event of the answer before it: its events count, in format
    3, and the event lines before it, where the record has them); in format 3 the digest of
    the events since the line before, and the end line; every event line, field for field.
    The events after the last answer may stop short (the record was cut while they were
    written): they are derived again on resume, so only what is there must match.
    """
    recorded = record.events
    first: Difference | None = None

    def compare(event: Event) -> None:
        nonlocal first
        i = len(game.events) - 1  # events past the record's end are checked by the next answer's place
        if first is None and i < len(recorded) and recorded[i] != _normal(event):
            first = Difference(i, json.dumps(recorded[i], ensure_ascii=False), json.dumps(_normal(event), ensure_ascii=False))

    game = Game(setup_from_header(record.header, load_matrix()), (compare,) if recorded else (), start=False)
    game.start()
    digests = record.format >= 3
    seen = mark = number = 0
    for entry in record.entries:
        if entry["type"] == "event":
            seen += 1
            continue
        number += 1
        if first is not None:
            return first
        expected = _expected(game, entry, seen if record.full else None, number)
        if expected:
            return Difference(len(game.events), expected, json.dumps(entry, ensure_ascii=False))
        if digests and (found := _digest_difference(game, entry, mark, _("answer {number}").format(number=number))):
            return found
        mark = len(game.events)
        try:
            _apply(game, entry)
        except (IllegalAnswer, GameOver, EngineError, ValueError) as err:
            return Difference(len(game.events), _("answer {number} ({answer}) to be legal").format(
                number=number, answer=json.dumps(entry, ensure_ascii=False)), str(err))
    if first is None and len(recorded) > len(game.events):
        return Difference(len(game.events), _("{n} events").format(n=len(game.events)),
                          _("{n} events").format(n=len(recorded)))
    if first is None and record.end is not None:
        return _end_difference(game, record.end, seen if record.full else None, mark)
    return first


def damage(record: Record) -> str | None:
    """The one line every reader (verify, replay, export, analyse, play --resume and --from)
    says of a record whose replay differs from it, the first difference named (see
    :func:`verify`: a cut or edited line, a digest or count that does not match); None when
    it matches."""
    difference = verify(record)
    if difference is None:
        return None
    return _("{file}: the record does not replay as written; it does not match at {difference}").format(
        file=record.path, difference=difference)


def _digest_difference(game: Game, line: Line, mark: int, what: str) -> Difference | None:
    """How a format 3 line's digest of the events since ``mark`` disagrees with the replay."""
    found = events_digest(game.events[mark:])
    if found == line["digest"]:
        return None
    expected = _("the events {first}-{last} before {what} to have digest {digest}") if len(game.events) > mark else \
        _("no events before {what} to have digest {digest}")
    return Difference(mark, expected.format(first=mark, last=len(game.events) - 1, what=what, digest=line["digest"]),
                      _("digest {digest} (write the record with --full to see which event differs)").format(
                          digest=found))


def _end_difference(game: Game, end: Line, seen: int | None, mark: int) -> Difference | None:
    """How the end line disagrees with the replayed game's end."""
    result = game.result
    if result is None:
        return Difference(len(game.events), _("the game to be over (the record has its end line)"), _("it goes on"))
    if end["events"] != len(game.events) or seen not in (None, len(game.events)):
        return Difference(len(game.events), _("the end line after {n} events").format(n=len(game.events)),
                          _("{n} events").format(n=end["events"]))
    if found := _digest_difference(game, end, mark, _("the end")):
        return found
    told, replayed = (end["winner"], end["reason"], end["turns"]), (result.winner, result.reason, game.state.turn)
    if told != replayed:
        return Difference(len(game.events), _("winner, reason and turns {winner} {reason} {turns}").format(
            winner=told[0], reason=told[1], turns=told[2]),
                          "{} {} {}".format(*replayed))
    return None


def _expected(game: Game, entry: Line, seen: int | None, number: int) -> str:
    """How answer ``number``'s line disagrees with the game it is given to ("" when it fits);
    ``seen``: the event lines before it (None in a record without them)."""
    decision = game.pending
    at = len(game.events)
    if "events" in entry and entry["events"] != at or seen not in (None, at):
        told = seen if seen not in (None, at) else entry["events"]
        return _("answer {number} to come after {at} events (the last its predecessor caused), not after "
                 "{told}").format(number=number, at=at, told=told)
    if decision is None:
        return _("answer {number} to have a decision to answer (the game is over)").format(number=number)
    if entry["type"] == "answer" and (entry["player"], entry["kind"]) != (decision.player, decision.kind.value):
        return _("answer {number} to be player {player}'s {kind}").format(number=number, player=decision.player,
                                                                           kind=decision.kind.value)
    return ""


def state_json(game: Game) -> Line:
    """The state as one JSON object: the documented contract of ``momon replay --json``."""
    state = game.state
    zones = state.zones
    arena: dict[str, dict[str, object] | None] = {}
    for space in SPACES:
        oid = zones.arena.get(space)
        if oid is None:
            arena[space] = None
            continue
        obj = zones.objects[oid]
        arena[space] = {"card": obj.card.id, "name": obj.card.name, "owner": obj.owner, "controller": obj.controller,
                        "power": power(state, obj), "element": element(state, obj), "ward": has_ward(state, obj),
                        "token_value": token_value(obj)}
    score = scores(state)
    result = state.result
    return {
        "turn": state.turn, "active": state.active, "first_player_token": state.first_token,
        "profile": state.setup.profile, "arena": arena,
        "hands": {str(p): [zones.objects[o].card.id for o in zones.hands[p]] for p in (1, 2)},
        "voids": {str(p): [zones.objects[o].card.id for o in zones.voids[p]] for p in (1, 2)},
        "scores": {"1": score[0], "2": score[1]},
        "result": None if result is None else {"winner": result.winner, "reason": result.reason,
                                               "tiebreak": result.tiebreak},
    }


def _answer_words(entry: Line, names: Sequence[str], cards: Mapping[str, str]) -> str:
    who = names[entry["player"] - 1]
    if entry["type"] == "concede":
        return _("{name} concedes").format(name=who)
    return answer_words(who, entry["kind"], entry["value"], cards)


def transcript(record: Record, fmt: str = "md") -> str:
    """The whole game in words: every answer and every event, in order."""
    head = record.header
    game = rebuild(record)
    names = [clean(name, NAME_LIMIT) for name in shown_names(head)]  # a bot in the reader's language
    cards = card_names((str(card["id"]), str(card["name"])) for card in head["cards"])
    narrator = Narrator((names[0], names[1]))
    md = fmt == "md"
    out = [f"# {names[0]} vs {names[1]}" if md else f"{names[0]} vs {names[1]}", ""]
    item = "- " if md else ""
    out.append(clean(item + _("Decks: {first} vs {second}").format(first=head["decks"][0], second=head["decks"][1]),
                     500))
    out.append(clean(item + _("Rules: {profile}, seed {seed}, recorded {created}").format(
        profile=profile_words(str(head["profile"])), seed=head["seed"], created=head["created"]), 500))
    answer_mark = "> " if md else "  >> "

    def tell(event: Event) -> None:
        line = narrator.line(event)
        if line is None:
            return
        if isinstance(event, ev.TurnStarted):
            out.extend(["", "## " + _("Turn {turn}: {name}").format(turn=event.turn, name=names[event.active - 1])
                        if md else line, ""])
        else:
            out.append(f"- {line}" if md else line)

    events = game.events
    told = seen = 0
    for entry in record.entries:  # answers in the places the record holds them
        if entry["type"] == "event":
            seen += 1
            continue
        for event in events[told:entry.get("events", seen)]:
            tell(event)
        told = max(told, min(len(events), entry.get("events", seen)))
        out.append(answer_mark + clean(_answer_words(entry, names, cards)))
    for event in events[told:]:  # the last answer's events, and what a torn record lost
        tell(event)
    return "\n".join(out) + "\n"
