"""Tournaments between bots: game specs, one task function, two executors, and the figures.

Every game is described by a :class:`GameSpec` whose seed is derived from the run's seed
and the game's number, so a game's result depends on nothing else: run on one process,
on several (``jobs``) or on a Ray cluster, the same run gives the same results. The
figures are win rates with Wilson 95% intervals and an Elo rating fitted to all results.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from itertools import combinations

from ..data.cards import Deck, builtin_deck_names, load_deck, load_matrix, load_pool
from ..engine import CardDef, ElementMatrix, Game, Profile, Setup
from .roster import make_bot


@dataclass(frozen=True)
class GameSpec:
    number: int
    bots: tuple[str, str]  # Player 1's, Player 2's
    decks: tuple[str, str]  # built-in deck names
    profile: Profile
    seed: int
    bot_seconds: float | None = None
    playouts: int | None = None  # a search bot's playouts per Summon (None: its default)


@dataclass(frozen=True)
class Think:
    """How long one seat's bot took to answer, in CPU seconds: for the report, never part of a
    result."""

    bot: str
    decisions: int
    seconds: float
    slowest: float

    @property
    def mean(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass(frozen=True)
class Outcome:
    number: int
    winner: int  # 1 or 2
    reason: str
    turns: int
    think: tuple[Think, ...] = field(default=(), compare=False)  # wall-clock times differ run to run
    first: int = 0  # the seat that moved first (drawn from the game's seed)


@lru_cache(maxsize=1)
def _library() -> tuple[dict[str, Deck], tuple[CardDef, ...], ElementMatrix]:
    pool = load_pool()
    return {n: load_deck(n, pool) for n in builtin_deck_names()}, tuple(pool.values()), load_matrix()


def play_one(spec: GameSpec) -> Outcome:
    """The task: one whole game between two bots (the same in every executor)."""
    decks, pool, matrix = _library()
    one = spec.bots[0] == spec.bots[1]  # two copies of one bot: named apart, as a record's players must be
    names = (f"{spec.bots[0]} 1", f"{spec.bots[1]} 2") if one else spec.bots
    setup = Setup.new_game((decks[spec.decks[0]].cards, decks[spec.decks[1]].cards), matrix,
                           spec.seed, spec.profile, names)
    game = Game(setup)
    players = {p: make_bot(spec.bots[p - 1], f"{spec.seed}-{p}", pool, spec.bot_seconds, spec.playouts)
               for p in (1, 2)}
    times: dict[int, list[float]] = {1: [], 2: []}
    while game.pending is not None:
        player = game.pending.player
        start = time.process_time()  # CPU time: what a busy machine does not inflate
        answer = players[player].answer(game.observe(player))
        times[player].append(time.process_time() - start)
        game.answer(answer)
    assert game.result is not None
    think = tuple(Think(spec.bots[p - 1], len(times[p]), sum(times[p]), max(times[p], default=0.0)) for p in (1, 2))
    return Outcome(spec.number, game.result.winner, game.result.reason, game.state.turn, think,
                   game.state.first_player)


def specs(bots: list[str], decks: list[str], games: int, seed: int, profile: Profile | Sequence[Profile],
          bot_seconds: float | None = None, playouts: int | None = None) -> list[GameSpec]:
    """``games`` games for every pair of bots. Games go in pairs with one seed and one deck
    pair, the bots' seats swapped, so that each bot plays every deal from both seats (the
    first mover, drawn from the seed, is then each bot once; a bot against itself has a seed
    for each game); with several profiles the pairs take them in turn, then the deck pairs."""
    profiles: tuple[Profile, ...] = (profile,) if isinstance(profile, str) else tuple(profile)
    pairs = [(a, b) for a in decks for b in decks]
    out: list[GameSpec] = []
    for match, (a, b) in enumerate(combinations(bots, 2)):
        for i in range(games):
            deal = i // 2
            seats = (a, b) if i % 2 == 0 else (b, a)
            same = "" if a != b else f"-{i % 2}"  # a bot against itself: two games, not one twice
            game_seed = random.Random(f"{seed}-{match}-{deal}{same}").getrandbits(32)
            out.append(GameSpec(len(out), seats, pairs[(deal // len(profiles)) % len(pairs)],
                                profiles[deal % len(profiles)], game_seed, bot_seconds, playouts))
    return out


CHUNK = 64  # games a worker takes at a time
WATCH_SECONDS = 0.25  # how often a worker looks whether its parent is still there
STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # the signals that stop a run


def _leave_with_parent(main: int, method: str) -> None:
    """A worker's start: it ends at once when the main process ends, however it ends
    (SIGKILL too), instead of waiting forever on its queue. Ctrl-C, SIGTERM and SIGHUP,
    which a closed terminal sends the whole process group, are the main process's to
    handle: it kills the workers, so that none dies holding the queue's lock.

    A worker forked or spawned by the main process watches for its parent to change from
    ``main`` (which covers the main process dying before this runs); one a fork server
    started (Python 3.14's default) watches the fork server, which ends with the main
    process."""
    for sig in STOPS:
        signal.signal(sig, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)  # blocked as the main process made it
    parent = main if method in ("fork", "spawn") else os.getppid()
    if parent == 1 != main:  # a fork server already gone: this worker was orphaned at birth
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="momon-parent-watch", daemon=True).start()


def _play_chunk(chunk: list[GameSpec]) -> list[Outcome]:
    return [play_one(spec) for spec in chunk]


def run_local(tasks: list[GameSpec], jobs: int, check: Callable[[], None] = lambda: None) -> Generator[Outcome, None, None]:
    """The games in order, on ``jobs`` processes. Stopped early (Ctrl-C, SIGTERM, the
    iterator closed), the workers are killed at once: games under way are dropped, not
    played out, and nothing waits on a queue a dead worker held. ``check`` is called
    whenever the wait for a result wakes: it raises to stop the run."""
    if jobs <= 1:
        yield from map(play_one, tasks)
        return
    size = min(CHUNK, max(1, len(tasks) // (jobs * 8)))
    # The stop signals wait while the workers are made and the games handed out: a handler
    # run inside a fork's own hooks would have its exception ignored, and a worker would
    # have the main process's handlers until its start sets its own.
    unmask = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    pool: ProcessPoolExecutor | None = None
    finished = False
    try:
        try:
            pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_with_parent,
                                       initargs=(os.getpid(), multiprocessing.get_start_method()))
            futures = [pool.submit(_play_chunk, tasks[i:i + size]) for i in range(0, len(tasks), size)]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, unmask)  # a signal that waited is handled here
        for future in futures:
            while True:
                try:  # never an endless wait: a signal another thread took runs its handler here
                    chunk = future.result(timeout=WATCH_SECONDS)
                    break
                except FuturesTimeout:
                    check()
            yield from chunk
        finished = True
    finally:
        if not finished:
            for worker in multiprocessing.active_children():
                worker.kill()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)  # its workers are dead or done: quick


def run_ray(tasks: list[GameSpec], address: str | None) -> Generator[Outcome, None, None]:
    """The same task function as Ray tasks (``pip install 'momon-cli[ray]'``); local Ray
    when no address is given."""
    import ray

    ray.init(address=address, ignore_reinit_error=True, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(play_one)
    refs = [remote.remote(t) for t in tasks]
    for ref in refs:
        yield ray.get(ref)


@dataclass
class Standing:
    bot: str
    opponent: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval for the win rate."""
        return wilson(self.wins, self.games, z)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games`` (95% for the default ``z``):
    the interval every strength and agreement figure is reported with."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(wins_a: int, games_a: int, wins_b: int, games_b: int, z: float = 1.96) -> tuple[float, float]:
    """Newcombe's hybrid score interval of the difference of two rates (a's minus b's), built from
    each rate's Wilson interval: how a lead of one bot over another is told apart from noise."""
    p_a, p_b = wins_a / max(1, games_a), wins_b / max(1, games_b)
    low_a, high_a = wilson(wins_a, games_a, z)
    low_b, high_b = wilson(wins_b, games_b, z)
    below = math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    above = math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return p_a - p_b - below, p_a - p_b + above


def paired_lead(differences: Sequence[int], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of paired differences (1: a won where b lost on the same deal, -1 the other
    way, 0 alike) with its normal interval: for two bots that played the same deals against
    the same opponent, whose results on a deal go together, narrower than ``newcombe``."""
    n = len(differences)
    if n < 2:
        return 0.0, -1.0, 1.0
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
    half = z * spread / math.sqrt(n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


def standings(tasks: list[GameSpec], outcomes: Iterable[Outcome]) -> list[Standing]:
    """Each ordered pair of bots: the first's wins over the second."""
    table: dict[tuple[str, str], Standing] = {}
    by_number = {t.number: t for t in tasks}
    for o in outcomes:
        spec = by_number[o.number]
        winner, loser = spec.bots[o.winner - 1], spec.bots[2 - o.winner]
        for a, b in ((winner, loser), (loser, winner)):
            table.setdefault((a, b), Standing(a, b, 0, 0)).games += 1
        table[winner, loser].wins += 1
    return sorted(table.values(), key=lambda s: (s.bot, s.opponent))


@dataclass(frozen=True)
class SeatRow:
    """One line of the table by seat: ``bot``'s wins over ``opponent`` where ``seat`` says
    (``1`` or ``2``: as that Player; ``first``: when it moved first; ``all``). A bot against
    itself is one line per seat and one for the first mover (``opponent`` the same bot)."""

    bot: str
    opponent: str
    seat: str
    wins: int
    games: int

    def standing(self) -> Standing:
        return Standing(self.bot, self.opponent, self.wins, self.games)


SEATS = ("1", "2", "first", "all")


def by_seat(tasks: list[GameSpec], outcomes: Iterable[Outcome]) -> list[SeatRow]:
    """Win counts by seat and by who moved first, for every ordered pair of bots (each bot
    against itself too: its wins as Player 1, as Player 2 and as the first mover)."""
    by_number = {t.number: t for t in tasks}
    counts: dict[tuple[str, str, str], list[int]] = {}

    def count(bot: str, opponent: str, seat: str, won: bool) -> None:
        row = counts.setdefault((bot, opponent, seat), [0, 0])
        row[0] += won
        row[1] += 1

    for o in outcomes:
        spec = by_number[o.number]
        if spec.bots[0] == spec.bots[1]:
            bot = spec.bots[0]
            for p in (1, 2):
                count(bot, bot, str(p), o.winner == p)
            if o.first:
                count(bot, bot, "first", o.winner == o.first)
            continue
        for p in (1, 2):
            bot, opponent = spec.bots[p - 1], spec.bots[2 - p]
            for seat in (str(p), "all") + (("first",) if o.first == p else ()):
                count(bot, opponent, seat, o.winner == p)
    return [SeatRow(b, o, s, *counts[b, o, s]) for b, o, s in sorted(counts, key=lambda k: (k[0], k[1], SEATS.index(k[2])))]


def elo(rows: list[Standing], rounds: int = 200) -> dict[str, float]:
    """Bradley-Terry strengths fitted by minorisation-maximisation, on the Elo scale with
    the mean at 1500 (half a win added to every pairing keeps a clean sweep finite)."""
    bots = sorted({r.bot for r in rows})
    wins = {(r.bot, r.opponent): r.wins + 0.5 for r in rows}
    games = {(r.bot, r.opponent): r.games + 1 for r in rows}
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(rounds):
        for b in bots:
            total = sum(wins.get((b, o), 0.0) for o in bots if o != b)
            denom = sum(games.get((b, o), 0) / (strength[b] + strength[o]) for o in bots if o != b)
            strength[b] = total / denom if denom else strength[b]
        mean = math.exp(sum(math.log(s) for s in strength.values()) / len(bots))
        strength = {b: s / mean for b, s in strength.items()}
    return {b: 1500 + 400 * math.log10(s) for b, s in strength.items()}


def thinking(outcomes: Iterable[Outcome]) -> dict[str, Think]:
    """Each bot's decisions, total seconds and slowest answer over a run."""
    total: dict[str, Think] = {}
    for o in outcomes:
        for t in o.think:
            was = total.get(t.bot, Think(t.bot, 0, 0.0, 0.0))
            total[t.bot] = Think(t.bot, was.decisions + t.decisions, was.seconds + t.seconds,
                                 max(was.slowest, t.slowest))
    return total


def to_rows(rows: list[Standing]) -> list[dict[str, object]]:
    """The table as plain records for --json and --csv."""
    out = []
    for r in rows:
        low, high = r.interval()
        out.append({**asdict(r), "rate": round(r.rate, 4), "ci_low": round(low, 4), "ci_high": round(high, 4)})
    return out


Runner = Callable[[list[GameSpec]], Iterator[Outcome]]
