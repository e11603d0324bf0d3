"""The Element Advantage Matrix (BASELINE 16), held as data and queried by the Snatch Check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ElementMatrix:
    """Which Element Beats which. Pairs not listed are neutral [CR 10.2.5]."""

    standard: tuple[str, ...]
    special: tuple[str, ...]
    beats_pairs: frozenset[tuple[str, str]]

    @property
    def elements(self) -> tuple[str, ...]:
        return self.standard + self.special

    def beats(self, attacker: str, defender: str) -> bool:
        """CR 10.2.4: True when ``attacker`` has Element Advantage over ``defender``."""
        return (attacker, defender) in self.beats_pairs

    def loses(self, attacker: str, defender: str) -> bool:
        """"Loses" is the reverse of Beats (BASELINE 16)."""
        return (defender, attacker) in self.beats_pairs

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> ElementMatrix:
        """Build from ``{"standard": [...], "special": [...], "beats": {A: [B, ...]}}``.

        Raises ValueError naming every problem: unknown Elements, and any pair that involves
        a special Element (Origin never Beats and is never Beaten, CR 10.2.5).
        """
        standard = tuple(data.get("standard", ()))
        special = tuple(data.get("special", ()))
        known = set(standard) | set(special)
        problems = []
        pairs = set()
        for attacker, defenders in dict(data.get("beats", {})).items():
            for defender in defenders:
                for name in (attacker, defender):
                    if name not in known:
                        problems.append(f"unknown Element {name!r}")
                    elif name in special:
                        problems.append(f"special Element {name!r} cannot Beat or be Beaten")
                pairs.add((attacker, defender))
        if problems:
            raise ValueError("; ".join(sorted(set(problems))))
        return cls(standard, special, frozenset(pairs))
