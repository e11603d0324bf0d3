"""Card sets, the Element Matrix and deck formats, read from TOML and validated on load.

Every problem is reported, not just the first: ``file: card: field: reason``. The engine
receives only checked, immutable :class:`~momon_cli.engine.cards.CardDef` values.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .cardtext import card_text
from .engine.arena import DIRECTIONS
from .engine.cards import (
    DURATIONS,
    INSTRUCTIONS,
    SELECTORS,
    SIDES,
    TIMINGS,
    Ability,
    CardDef,
    Filter,
    Instruction,
    TargetSpec,
)
from .engine.elements import ElementMatrix

CARD_ID = re.compile(r"^[A-Z]{2,5}-\d{3}$")


class DataError(ValueError):
    """Invalid card, deck or format data; ``problems`` lists every one."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _read_toml(path: Path | str, text: str | None = None) -> dict:
    try:
        return tomllib.loads(text if text is not None else Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError([f"{path}: no such file"]) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise DataError([f"{path}: not valid TOML: {err}"]) from None


def _package_text(name: str) -> str:
    return resources.files("momon_cli.data").joinpath(name).read_text(encoding="utf-8")


def load_matrix() -> ElementMatrix:
    try:
        return ElementMatrix.from_mapping(_read_toml("elements.toml", _package_text("elements.toml")))
    except ValueError as err:
        raise DataError([f"elements.toml: {err}"]) from None


def load_formats() -> dict[str, dict]:
    return _read_toml("formats.toml", _package_text("formats.toml"))


class _Checker:
    """Collects problems for one card while its fields are read."""

    def __init__(self, where: str, problems: list[str]) -> None:
        self.where, self.problems = where, problems

    def bad(self, field: str, reason: str) -> None:
        self.problems.append(f"{self.where}: {field}: {reason}")

    def int_in(self, data: dict, key: str, low: int, high: int | None = None, default=None, at: str = ""):
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            self.bad(at + key, f"must be a whole number from {low}" + (f" to {high}" if high is not None else " up"))
            return default if default is not None else low
        return value

    def choice(self, data: dict, key: str, allowed, default=None, at: str = ""):
        value = data.get(key, default)
        if value not in allowed:
            self.bad(at + key, f"must be one of {', '.join(map(str, allowed))}")
            return default if default is not None else next(iter(allowed))
        return value

    def only(self, data: dict, field: str, allowed: set[str]) -> None:
        for key in data:
            if key not in allowed:
                self.bad(field, f"unknown key {key!r}")


def _filter(c: _Checker, data, field: str, elements) -> Filter:
    if not isinstance(data, dict):
        c.bad(field, "must be a table")
        return Filter()
    c.only(data, field, {"side", "count", "stars_max", "stars_min", "element", "adjacent", "other"})
    return Filter(
        side=c.choice(data, "side", SIDES, "any", at=f"{field}."),
        stars_max=c.int_in(data, "stars_max", 1, 5, at=f"{field}.") if "stars_max" in data else None,
        stars_min=c.int_in(data, "stars_min", 1, 5, at=f"{field}.") if "stars_min" in data else None,
        element=c.choice(data, "element", elements, at=f"{field}.") if "element" in data else None,
        adjacent=bool(data.get("adjacent", False)),
        other=bool(data.get("other", False)),
    )


def _instruction(c: _Checker, data, field: str, elements, has_target: bool) -> Instruction:
    if not isinstance(data, dict):
        c.bad(field, "must be a table")
        return Instruction("power")
    kinds = [k for k in INSTRUCTIONS if k in data]
    if len(kinds) != 1:
        c.bad(field, f"must name exactly one instruction of {', '.join(INSTRUCTIONS)}")
        return Instruction("power")
    kind = kinds[0]
    c.only(data, field, {kind, "on", "until", "group"})
    if kind == "take_first_player_token":
        return Instruction(kind)
    on = c.choice(data, "on", SELECTORS, "self", at=f"{field}.")
    if on == "targets" and not has_target:
        c.bad(f"{field}.on", "'targets' needs the ability to have a target")
    amount = 0
    if kind == "power":
        amount = data["power"]
        if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
            c.bad(f"{field}.power", "must be a non-zero whole number")
            amount = 0
    elif data["ward"] is not True:
        c.bad(f"{field}.ward", "must be true")
    group = _filter(c, data["group"], f"{field}.group", elements) if "group" in data else None
    return Instruction(kind, on, amount, c.choice(data, "until", DURATIONS, "end_of_turn", at=f"{field}."), group)


def _ability(c: _Checker, data, index: int, elements) -> Ability:
    field = f"ability[{index + 1}]"
    if not isinstance(data, dict):
        c.bad(field, "must be a table")
        return Ability(index)
    if "static" in data:
        c.only(data, field, {"static"})
        static = data["static"]
        if static == {"unsnatchable_together": True}:
            return Ability(index, unsnatchable_together=True)
        value = static.get("token_value") if isinstance(static, dict) and len(static) == 1 else None
        if isinstance(value, dict) and set(value) == {"owner_controls", "otherwise"}:
            at = f"{field}.static.token_value."
            return Ability(index, token_value=(c.int_in(value, "owner_controls", 0, at=at),
                                               c.int_in(value, "otherwise", 0, at=at)))
        c.bad(f"{field}.static", "must be { token_value = { owner_controls = N, otherwise = N } } "
                                 "or { unsnatchable_together = true }")
        return Ability(index)
    c.only(data, field, {"when", "whose", "may", "target", "do"})
    when = c.choice(data, "when", TIMINGS, "on_summon", at=f"{field}.")
    whose = c.choice(data, "whose", ("yours", "each"), "yours", at=f"{field}.")
    if whose == "each" and when != "end_of_turn":
        c.bad(f"{field}.whose", "'each' is only for end_of_turn")
    target = None
    if "target" in data:
        spec = data["target"]
        flt = _filter(c, spec, f"{field}.target", elements)
        count = c.int_in(spec, "count", 1, 4, 1, at=f"{field}.target.") if isinstance(spec, dict) else 1
        target = TargetSpec(count, flt)
    steps = data.get("do")
    if not isinstance(steps, list) or not steps:
        c.bad(f"{field}.do", "must be a non-empty list of instructions")
        steps = []
    do = tuple(_instruction(c, s, f"{field}.do[{i + 1}]", elements, target is not None) for i, s in enumerate(steps))
    return Ability(index, when, whose, bool(data.get("may", False)), target, do)


CARD_KEYS = {"id", "name", "stars", "element", "power", "sights", "traits", "text", "flavor", "ability"}


def _card(data, where: str, problems: list[str], elements) -> CardDef | None:
    if not isinstance(data, dict):
        problems.append(f"{where}: must be a table")
        return None
    card_id = data.get("id")
    c = _Checker(f"{where}: {card_id if isinstance(card_id, str) else '?'}", problems)
    before = len(problems)
    if not isinstance(card_id, str) or not CARD_ID.match(card_id):
        c.bad("id", "must look like SET-001 (set code, dash, three digits)")
    c.only(data, "card", CARD_KEYS)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        c.bad("name", "must be a non-empty string")
    stars = c.int_in(data, "stars", 1, 5)
    element = c.choice(data, "element", elements)
    power = c.int_in(data, "power", 1)
    sights = data.get("sights")
    if not isinstance(sights, list) or any(s not in DIRECTIONS for s in sights) or len(set(sights)) != len(sights):
        c.bad("sights", f"must be a list of distinct directions from {' '.join(DIRECTIONS)}")
        sights = []
    traits = data.get("traits", [])
    if not isinstance(traits, list) or not all(isinstance(t, str) and t for t in traits):
        c.bad("traits", "must be a list of names")
        traits = []
    raw = data.get("ability", [])
    if not isinstance(raw, list):
        c.bad("ability", "must be an array of tables ([[card.ability]])")
        raw = []
    abilities = tuple(_ability(c, a, i, elements) for i, a in enumerate(raw))
    if len(problems) > before:
        return None
    card = CardDef(card_id, name.strip(), stars, element, power,
                   tuple(d for d in DIRECTIONS if d in sights), tuple(traits), abilities, str(data.get("flavor", "")))
    text = data.get("text", "")
    if text and text != card_text(card):
        c.bad("text", f"does not match the abilities; it should read: {card_text(card)!r}")
        return None
    return card


def card_from_mapping(data: dict, matrix: ElementMatrix, source: str = "card") -> CardDef:
    """One card from its TOML table (as a dict); raises DataError listing every problem."""
    problems: list[str] = []
    card = _card(data, source, problems, matrix.elements)
    if problems:
        raise DataError(problems)
    return card


def parse_card_set(text: str, source: str, matrix: ElementMatrix) -> dict[str, CardDef]:
    data = _read_toml(source, text)
    problems: list[str] = []
    cards: dict[str, CardDef] = {}
    raw = data.get("card", [])
    if not isinstance(raw, list) or not raw:
        raise DataError([f"{source}: no [[card]] tables"])
    for i, entry in enumerate(raw):
        card = _card(entry, f"{source}: card {i + 1}", problems, matrix.elements)
        if card is None:
            continue
        if card.id in cards:
            problems.append(f"{source}: {card.id}: id: used twice")
        cards[card.id] = card
    if problems:
        raise DataError(problems)
    return cards


def load_pool(extra_files: tuple[Path | str, ...] = (), matrix: ElementMatrix | None = None) -> dict[str, CardDef]:
    """The built-in MCL set plus any custom card-set files (ids must not clash)."""
    matrix = matrix or load_matrix()
    pool = parse_card_set(_package_text("cards/MCL.toml"), "MCL.toml", matrix)
    problems = []
    for path in extra_files:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            problems.append(f"{path}: cannot read: {err.strerror}")
            continue
        try:
            extra = parse_card_set(text, str(path), matrix)
        except DataError as err:
            problems.extend(err.problems)
            continue
        for card_id, card in extra.items():
            if card_id in pool:
                problems.append(f"{path}: {card_id}: id: already in the pool")
            pool[card_id] = card
    if problems:
        raise DataError(problems)
    return pool


@dataclass(frozen=True)
class Deck:
    name: str
    format: str
    cards: tuple[CardDef, ...]
    source: str


def builtin_decks_dir() -> Path:
    """Decks ship inside the installed package; a source checkout keeps them at the top."""
    installed = Path(str(resources.files("momon_cli"))) / "decks"
    return installed if installed.is_dir() else Path(__file__).resolve().parent.parent / "decks"


def builtin_deck_names() -> list[str]:
    return sorted(p.stem for p in builtin_decks_dir().glob("*.toml"))


def load_deck(name_or_path: str, pool: dict[str, CardDef]) -> Deck:
    """A built-in deck by name, or a deck file by path; checked against its format."""
    path = Path(name_or_path)
    if not path.suffix and not path.exists():
        path = builtin_decks_dir() / f"{name_or_path}.toml"
        if not path.exists():
            raise DataError([f"no built-in deck named {name_or_path!r} "
                             f"(built-in: {', '.join(builtin_deck_names())}; or give a file path)"])
    data = _read_toml(path)
    problems = []
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{path}: name: must be a non-empty string")
    formats = load_formats()
    fmt = data.get("format")
    if fmt not in formats:
        problems.append(f"{path}: format: must be one of {', '.join(formats)}")
    ids = data.get("cards")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        problems.append(f"{path}: cards: must be a list of card ids")
        ids = []
    cards = []
    for card_id in ids:
        if card_id in pool:
            cards.append(pool[card_id])
        else:
            problems.append(f"{path}: {card_id}: not in the card pool")
    if fmt in formats and not problems:
        problems.extend(f"{path}: {p}" for p in deck_problems(cards, formats[fmt], fmt))
    if problems:
        raise DataError(problems)
    return Deck(name.strip(), fmt, tuple(cards), str(path))


def deck_problems(cards: list[CardDef], rules: dict, fmt: str) -> list[str]:
    """BASELINE 5: every way a deck breaks its format."""
    problems = []
    n = len(cards)
    low, high = rules.get("min_cards"), rules.get("max_cards")
    if (low is not None and n < low) or (high is not None and n > high):
        size = f"exactly {low}" if low == high else f"{low} to {high}"
        problems.append(f"{fmt} decks hold {size} cards, this one holds {n}")
    copies = rules.get("max_copies")
    if copies is not None:
        counts: dict[str, int] = {}
        for card in cards:
            counts[card.id] = counts.get(card.id, 0) + 1
        for card_id, count in sorted(counts.items()):
            if count > copies:
                problems.append(f"{card_id}: {count} copies, at most {copies} allowed")
    stars = rules.get("max_stars")
    total = sum(card.stars for card in cards)
    if stars is not None and total > stars:
        problems.append(f"{total} Stars in all, at most {stars} allowed")
    return problems


def _filter_mapping(flt: Filter) -> dict:
    data: dict = {}
    if flt.side != "any":
        data["side"] = flt.side
    for key in ("stars_max", "stars_min", "element"):
        if getattr(flt, key) is not None:
            data[key] = getattr(flt, key)
    for key in ("adjacent", "other"):
        if getattr(flt, key):
            data[key] = True
    return data


def _ability_mapping(a: Ability) -> dict:
    if a.token_value is not None:
        return {"static": {"token_value": {"owner_controls": a.token_value[0], "otherwise": a.token_value[1]}}}
    if a.unsnatchable_together:
        return {"static": {"unsnatchable_together": True}}
    data: dict = {"when": a.when}
    if a.whose != "yours":
        data["whose"] = a.whose
    if a.may:
        data["may"] = True
    if a.target is not None:
        data["target"] = {**_filter_mapping(a.target.filter), **({"count": a.target.count} if a.target.count != 1 else {})}
    steps = []
    for i in a.do:
        step: dict = {i.kind: True if i.kind != "power" else i.amount}
        if i.kind != "take_first_player_token":
            step.update(on=i.on, until=i.until)
            if i.group is not None:
                step["group"] = _filter_mapping(i.group)
        steps.append(step)
    data["do"] = steps
    return data


def card_to_mapping(card: CardDef) -> dict:
    """The card as its TOML table (a dict): ``card_from_mapping`` reads it back unchanged."""
    data = {"id": card.id, "name": card.name, "stars": card.stars, "element": card.element, "power": card.power,
            "sights": list(card.sights)}
    if card.traits:
        data["traits"] = list(card.traits)
    if card.flavor:
        data["flavor"] = card.flavor
    if card.abilities:
        data["ability"] = [_ability_mapping(a) for a in card.abilities]
    return data
