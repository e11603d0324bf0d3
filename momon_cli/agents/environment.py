"""Monsnatch as a PettingZoo AEC environment: two agents, "player_1" and "player_2", one
whole game an episode, each seat observing only what its own Observation holds.

The agent to act is the one whose Decision the engine waits for; it may act several times
running (an order or a set of targets is picked one option at a time, agents.actions).
The reward is +1 to the winner and -1 to the loser when the game ends, 0 before: every
game has a winner (a tied Control Score goes to the First Player Token's holder). Games
never need truncating: the rules end every game by turn 64 [BASELINE 7.3].

Each game's seed is the engine's own: ``reset(seed=s)`` plays the game of seed s, and each
later ``reset()`` the next seed, starting from the ``seed`` the environment was made with;
the same seed and the same actions give the same game and the same observations.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..data.cards import load_deck, load_matrix, load_pool
from ..engine import SPACES, SPECTATOR, CardDef, Game, Profile, Setup, power, profile_named
from ..text.safe import clean
from ..widths import pad
from . import actions
from .encoding import Encoder

AGENTS = ("player_1", "player_2")
DEFAULT_DECKS = ("ember-tide", "stone-gale")  # the decks `momon play` deals when none is named

#: A deck: a built-in deck's name, a deck file's path, or the cards themselves.
DeckSpec = str | Path | Sequence[CardDef]


class MonsnatchEnv(AECEnv):
    """The environment itself, without PettingZoo's order-checking wrapper (see :func:`env`)."""

    metadata: dict[str, Any] = {"name": "monsnatch_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, seed: int = 0, decks: tuple[DeckSpec, DeckSpec] = DEFAULT_DECKS,
                 profile: str = "sequential", cards: Sequence[str | Path] = (), render_mode: str | None = None) -> None:
        """``decks``: Player 1's and Player 2's; ``cards``: card-set files a named deck may draw
        on besides the built-in set; ``profile``: the rules profile (sequential or simultaneous)."""
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self.matrix = load_matrix()
        pool = load_pool(tuple(cards), self.matrix)
        self.decks = (self._deck(decks[0], pool), self._deck(decks[1], pool))
        self.profile: Profile = profile_named(profile)
        table = {c.id: c for c in pool.values()} | {c.id: c for deck in self.decks for c in deck}
        self.encoder = Encoder(tuple(table.values()), self.matrix.elements)
        self.possible_agents = list(AGENTS)
        observation = spaces.Dict({
            "observation": spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (actions.ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(actions.ACTIONS) for a in AGENTS}
        self.next_seed = seed
        self.game: Game | None = None
        self.picks: tuple[str, ...] = ()  # the picks made so far for the pending Decision

    @staticmethod
    def _deck(spec: DeckSpec, pool: dict[str, CardDef]) -> tuple[CardDef, ...]:
        cards = load_deck(str(spec), pool).cards if isinstance(spec, str | Path) else tuple(spec)
        if not 1 <= len(cards) <= actions.HAND_SLOTS:
            raise ValueError(f"a deck holds 1-{actions.HAND_SLOTS} cards, not {len(cards)}")
        return cards

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.next_seed = seed
        self.game_seed = self.next_seed
        self.next_seed += 1
        self.game = Game(Setup.new_game(self.decks, self.matrix, self.game_seed, self.profile))
        self.picks = ()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._select()

    def _running(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before anything else")
        return self.game

    def _select(self) -> None:
        pending = self._running().pending
        if pending is not None:
            self.agent_selection = AGENTS[pending.player - 1]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its seat's Observation encoded (agents.encoding) and the
        mask of its legal actions (all 0 while the other agent decides)."""
        seen = self._running().observe(AGENTS.index(agent) + 1)
        picks = self.picks if seen.decision is not None else ()
        return {"observation": self.encoder.encode(seen, picks), "action_mask": actions.mask(seen, picks)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._running()
        done = actions.take(game.observe(AGENTS.index(agent) + 1), self.picks, operator.index(action))
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self.picks = done.picks
        if done.answer is not None:
            game.answer(done.answer)
        result = game.result
        if result is not None:
            for seat, name in enumerate(AGENTS, 1):
                self.rewards[name] = 1 if seat == result.winner else -1
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The Arena as every seat sees it, one Space a cell (controller, card and Power):
        returned in "ansi" mode, printed in "human" mode. A card's name is text from a file,
        so it is printed through text.safe."""
        if self.render_mode is None:
            return None
        state = self._running().observe(SPECTATOR).state
        zones = state.zones
        rows = []
        for row in reversed(range(4)):  # row 4 at the top, as Player 1 sees the Arena
            cells = []
            for space in SPACES[4 * row:4 * row + 4]:
                oid = zones.arena.get(space)
                obj = None if oid is None else zones.objects[oid]
                cells.append(f"{space} ." if obj is None else
                             f"{space} P{obj.controller} {clean(obj.card.name, 10)} {power(state, obj)}")
            rows.append(" | ".join(pad(c, 22) for c in cells))  # a Thai card name is narrower than its letters
        text = "\n".join([*(r.rstrip() for r in rows), f"turn {state.turn}, Player {state.active} active"])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None


#: The environment with no wrapper, by PettingZoo's name for it.
raw_env = MonsnatchEnv


def env(seed: int = 0, decks: tuple[DeckSpec, DeckSpec] = DEFAULT_DECKS, profile: str = "sequential",
        cards: Sequence[str | Path] = (), render_mode: str | None = None) -> Any:
    """The environment as PettingZoo's own environments come: wrapped so that calls out of
    order (a step before reset) are refused; the arguments are :class:`MonsnatchEnv`'s."""
    return wrappers.OrderEnforcingWrapper(MonsnatchEnv(seed, decks, profile, cards, render_mode))
