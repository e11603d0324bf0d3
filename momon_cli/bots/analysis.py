"""The analysis of a saved game: every decision rated by the coach from the decider's view.

The game is replayed answer by answer; at each decision with more than one answer the
coach (bots.coach) searches the decider's observation, as that player saw it then, and
rates both its own best answer and the one played, each as the decider's win chance, the two
played on the same worlds (bots.coach). The difference is what the answer played cost; an
answer is marked a mistake or a blunder only when the whole of that difference's 95% interval
reaches the mark's threshold: a cost within the noise of the estimate is not marked. Answers
are written as a player types them, cards by name (bots.coach.typed).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..data.cards import load_matrix
from ..engine import CardDef, Game, Setup, answer_from_json
from ..limits import ANALYSIS_PLAYOUTS
from ..record.header import setup_from_header
from ..record.msn import Branch, GameText, Node, advance
from ..text.notation import parse, written
from .coach import BLUNDER, MISTAKE, advise, typed

COMPARED = 3  # the search's best answers compared with the answer played on the same worlds

__all__ = ["BLUNDER", "MISTAKE", "Analysis", "Mark", "Rating", "analyse", "annotate", "marks_in"]


@dataclass(frozen=True)
class Rating:
    """One decision: who made it in which turn, what was played and what the coach liked
    best, each with the decider's estimated win chance, and what the answer cost."""

    number: int  # the answer's place in the record, from 1
    turn: int
    player: int
    kind: str
    played: str  # as it is typed at the prompt (bots.coach.typed): cards by name
    best: str
    played_chance: float
    best_chance: float
    margin: float = 0.0  # the half-width of the cost's 95% interval (0: taken as exact)
    samples: int = 0  # the worlds both answers were played on

    @property
    def cost(self) -> float:
        return max(0.0, self.best_chance - self.played_chance)

    @property
    def cost_low(self) -> float:
        """The least the answer cost, as far as the noise of the estimate lets one say."""
        return max(0.0, self.best_chance - self.played_chance - self.margin)

    @property
    def mark(self) -> str:
        """"??" a blunder, "?" a mistake, "" otherwise (as chess annotators mark them), by
        the least the answer cost (``cost_low``): never by noise."""
        cost = round(self.cost_low, 9)  # 0.6 - 0.5 is 0.0999...: a tenth, as it is said
        return "??" if cost >= BLUNDER else "?" if cost >= MISTAKE else ""

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "cost": round(self.cost, 4), "cost_low": round(self.cost_low, 4), "mark": self.mark}


@dataclass
class Analysis:
    names: tuple[str, str]
    ratings: list[Rating] = field(default_factory=list)
    forced: int = 0  # decisions with one legal answer: nothing to rate

    def of(self, player: int) -> list[Rating]:
        return [r for r in self.ratings if r.player == player]

    def summary(self, player: int) -> dict[str, Any]:
        """A player's decisions rated, mistakes and blunders, and the mean cost."""
        mine = self.of(player)
        return {"player": player, "name": self.names[player - 1], "decisions": len(mine),
                "mistakes": sum(1 for r in mine if r.mark == "?"), "blunders": sum(1 for r in mine if r.mark == "??"),
                "mean_cost": round(sum(r.cost for r in mine) / len(mine), 4) if mine else 0.0}

    def chances(self) -> list[tuple[int, float]]:
        """Player 1's estimated win chance after each turn: from the last decision rated in it."""
        by_turn: dict[int, float] = {}
        for r in self.ratings:
            by_turn[r.turn] = r.played_chance if r.player == 1 else 1 - r.played_chance
        return sorted(by_turn.items())

    def to_dict(self) -> dict[str, Any]:
        return {"names": list(self.names), "forced": self.forced, "decisions": [r.to_dict() for r in self.ratings],
                "players": [self.summary(1), self.summary(2)],
                "win_chance": [{"turn": t, "player_1": round(c, 4)} for t, c in self.chances()]}


def analyse(setup: Setup, entries: Sequence[dict[str, Any]], playouts: int = ANALYSIS_PLAYOUTS,
            imaginable: Sequence[CardDef] = (), progress: Callable[[int, int], None] = lambda done, total: None,
            seed: object = "") -> Analysis:
    """Rate every decision of the game ``setup`` and ``entries`` (a record's answer and
    concession lines) describe; ``progress(done, total)`` is told after each answer.
    ``seed``: another gives an independent analysis (the same one gives the same)."""
    game = Game(setup, telling=False)
    report = Analysis(setup.names)
    for number, entry in enumerate(entries, 1):
        if entry["type"] == "concede":
            game.concede(entry["player"])
            break
        decision = game.pending
        assert decision is not None  # a record that replays has a decision for every answer
        answer = answer_from_json(entry["value"])
        seen = game.observe(decision.player)
        advice = advise(seen, answer, playouts, None, imaginable, compared=COMPARED, seed=seed)
        if advice.forced or advice.played is None:
            report.forced += 1
        else:
            best = advice.ranked[0]
            rated = advice.estimate(answer)
            margin, samples = (rated.behind_margin, rated.samples) if rated is not None else (0.0, 0)
            report.ratings.append(Rating(number, game.state.turn, decision.player, decision.kind.value,
                                         typed(seen, decision, answer), typed(seen, decision, best.answer),
                                         advice.played.value, best.value, margin, samples))
        game.answer(answer)
        progress(number, len(entries))
    return report


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def annotate(text: GameText, report: Analysis) -> GameText:
    """The game with the coach's verdicts as comments on its main line (docs/notation.md,
    *Annotations*): after each answer rated, the decider's win chance after it; after a
    mistake or a blunder, its mark first and the coach's best answer with its chance, which
    also becomes a variation of one answer. ``report`` rates the answers of ``text``'s main
    line, which gets the comments and the variations (and is returned)."""
    game = Game(setup_from_header(text.head, load_matrix()), telling=False)
    rated = {r.number: r for r in report.ratings}
    for number, node in enumerate(text.main.nodes, 1):
        rating = rated.get(number)
        decision = game.pending
        if rating is not None and decision is not None:
            verdict = _percent(rating.played_chance)
            if rating.mark:
                seen = game.observe(decision.player)
                best = parse(seen, decision, rating.best)
                word = written(seen, decision, best)
                verdict = f"{rating.mark} {verdict}, best: {word} {_percent(rating.best_chance)}"
                node.variations.append(Branch([Node(best, node.turn, word=word)]))
            node.comments.append(verdict)
        advance(game, node)
    return text


@dataclass(frozen=True)
class Mark:
    """The coach's verdict on one answer, as a move list shows it: its mark ("" none), the
    decider's win chance after it, and the coach's best answer as typed ("" unless marked)."""

    mark: str
    chance: float
    best: str = ""


def marks_of(report: Analysis) -> dict[int, Mark]:
    """Each rated answer's verdict, by its place in the record."""
    return {r.number: Mark(r.mark, r.played_chance, r.best if r.mark else "") for r in report.ratings}


_VERDICT = re.compile(r"(?:(\?\??) )?(\d{1,3})%(?:, best: (.+) \d{1,3}%)?")


def marks_in(text: GameText) -> dict[int, Mark]:
    """The verdicts ``annotate`` wrote as comments on ``text``'s main line (a game file
    written by ``momon analyse --annotate``), by the answer's place; empty if it has none."""
    found: dict[int, Mark] = {}
    for number, node in enumerate(text.main.nodes, 1):
        for comment in node.comments:
            verdict = _VERDICT.fullmatch(comment.strip())
            if verdict is not None:
                mark, chance, best = verdict.groups()
                found[number] = Mark(mark or "", int(chance) / 100, best or "")
                break
    return found
