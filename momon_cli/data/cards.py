"""Card sets, the Element Matrix and deck formats, read from TOML and validated on load.

Every problem is reported, not just the first: ``file: card: field: reason``. The engine
receives only checked, immutable :class:`~momon_cli.engine.cards.CardDef` values.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

from .. import language
from ..engine import (
    DIRECTIONS,
    KEYWORDS,
    TIMINGS,
    Ability,
    CardDef,
    Condition,
    ElementMatrix,
    Filter,
    Problems,
    ReadContext,
    Static,
    StaticPower,
    TargetSpec,
    Whose,
    read_instruction,
)
from ..language import TRANSLATED, _
from ..widths import columns, name_problem
from .cardtext import card_text

Table: TypeAlias = dict[str, Any]  # a TOML table as tomllib gives it

CARD_ID = re.compile(r"^[A-Z]{2,5}-\d{3}$")


class DataError(ValueError):
    """Invalid card, deck or format data; ``problems`` lists every one. ``toml``: for a file
    that is not TOML, the reader's own words (they name the line and the column)."""

    def __init__(self, problems: list[str], toml: str | None = None) -> None:
        super().__init__("\n".join(problems))
        self.problems, self.toml = problems, toml


def read_toml(path: Path | str, text: str | None = None) -> Table:
    try:
        return tomllib.loads(text if text is not None else Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError([_("{path}: no such file").format(path=path)]) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise DataError([_("{path}: not valid TOML: {why}").format(path=path, why=err)], str(err)) from None


DATA = Path(__file__).resolve().parent  # installed as plain files (a wheel), never zipped
PACKAGE = DATA.parent


def _package_text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


@functools.cache  # the matrix is immutable: read its file once
def load_matrix() -> ElementMatrix:
    try:
        return ElementMatrix.from_mapping(read_toml("elements.toml", _package_text("elements.toml")))
    except ValueError as err:
        raise DataError([f"elements.toml: {err}"]) from None


def load_formats() -> dict[str, Table]:
    return read_toml("formats.toml", _package_text("formats.toml"))


def _condition(c: Problems, data: object, field: str, elements: tuple[str, ...]) -> Condition:
    table = c.table(data, field)
    flt = Filter.read(c, {k: v for k, v in table.items() if k != "count"}, field, elements)
    return Condition(flt, c.integer(table, "count", 1, 16, 1, field + "."))


def _static(c: Problems, data: object, field: str, elements: tuple[str, ...]) -> Static | None:
    """One Continuous Ability [CR 11.1.3]; see docs/cards.md for each key."""
    table = c.table(data, field)
    at = field + "."
    if "power" in table:
        c.only(table, field, {"power", "while", "per"})
        amount = table["power"]
        if type(amount) is not int or amount == 0 or not -99 <= amount <= 99:
            c.bad(at + "power", _("must be a non-zero whole number from -99 to 99"))
            amount = 1
        if ("while" in table) == ("per" in table):
            c.bad(field, _("a static power needs exactly one of 'while' or 'per'"))
            return None
        if "while" in table:
            return Static(power=StaticPower(amount, condition=_condition(c, table["while"], at + "while", elements)))
        return Static(power=StaticPower(amount, per=Filter.read(c, table["per"], at + "per", elements)))
    if len(table) != 1:
        c.bad(field, _("must hold one of {keys}").format(keys=", ".join(STATIC_KEYS)))
        return None
    key, value = next(iter(table.items()))
    if key in KEYWORDS:
        c.true(table, key, at)
        return Static(unsnatchable_together=key == "unsnatchable_together",
                      unsnatchable_by_opponent_abilities=key == "unsnatchable_by_opponent_abilities",
                      cannot_snatch=key == "cannot_snatch")
    if key == "token_value":
        value = c.table(value, at + key)
        c.only(value, at + key, {"owner_controls", "otherwise"})
        return Static(token_value=(c.integer(value, "owner_controls", 0, 9, 1, at + key + "."),
                                   c.integer(value, "otherwise", 0, 9, 1, at + key + ".")))
    if key == "extra_success":
        value = c.table(value, at + key)
        c.only(value, at + key, {"defender"})
        return Static(extra_success=Filter.read(c, value.get("defender", {}), at + key + ".defender", elements))
    c.bad(field, _("must hold one of {keys}").format(keys=", ".join(STATIC_KEYS)))
    return None


STATIC_KEYS = ("token_value", *KEYWORDS, "extra_success", "power")


def _ability(c: Problems, data: object, index: int, elements: tuple[str, ...]) -> Ability:
    field = f"ability[{index + 1}]"
    table = c.table(data, field)
    models = table.get("models", "")
    if type(models) is not str or len(models) > 40:
        c.bad(f"{field}.models", _("must be a short note such as 'FBD 134'"))
        models = ""
    if "static" in table:
        c.only(table, field, {"static", "models"})
        return Ability(index, static=_static(c, table["static"], f"{field}.static", elements), models=models)
    c.only(table, field, {"when", "whose", "may", "once", "if", "target", "do", "models"})
    at = f"{field}."
    when = c.choice(table, "when", TIMINGS, "on_summon", at)
    whose: Whose = c.choice(table, "whose", ("yours", "each"), "yours", at)
    if whose == "each" and when != "end_of_turn":
        c.bad(f"{field}.whose", _("'each' is only for end_of_turn"))
    target = None
    if "target" in table:
        spec = c.table(table["target"], f"{field}.target")
        flt = Filter.read(c, spec, f"{field}.target", elements, extra=("count",))
        target = TargetSpec(c.integer(spec, "count", 1, 4, 1, f"{field}.target."), flt)
    condition = _condition(c, table["if"], f"{field}.if", elements) if "if" in table else None
    steps = table.get("do")
    if not isinstance(steps, list) or not steps or len(steps) > 8:
        c.bad(f"{field}.do", _("must be a list of 1 to 8 instructions"))
        steps = []
    rc = ReadContext(elements, when, target)
    do = tuple(i for n, s in enumerate(steps) if (i := read_instruction(c, s, f"{field}.do[{n + 1}].", rc)) is not None)
    return Ability(index, when, whose, c.flag(table, "may", at), c.flag(table, "once", at), condition, target, do,
                   models=models)


CARD_KEYS = {"id", "name", "stars", "element", "power", "sights", "traits", "text", "flavor", "ability"}


NAME_LIMIT = 40  # columns of a card name
TEXT_LIMIT = 400  # characters in flavour text
DECK_NAME_LIMIT = 60  # columns of a deck's name
PLAN_LIMIT = 160  # characters in a deck's plan


def _name_problem(name: object, limit: int) -> str | None:
    """A card's or a deck's name by the one name rule (``widths.name_problem``, as a player's),
    within three characters a column: a record keeps it, within 200 characters."""
    if isinstance(name, str) and len(name) > 3 * limit:
        return _("must be at most {limit} characters long").format(limit=3 * limit)
    return name_problem(name, limit)


def _card(data: object, where: str, problems: list[str], elements: tuple[str, ...]) -> CardDef | None:
    if not isinstance(data, dict):
        problems.append(_("{where}: must be a table").format(where=where))
        return None
    card_id = data.get("id")
    c = Problems(f"{where}: {card_id if isinstance(card_id, str) and CARD_ID.match(card_id) else '?'}", problems, _)
    before = len(problems)
    if not isinstance(card_id, str) or not CARD_ID.match(card_id):
        c.bad("id", _("must look like SET-001 (set code, dash, three digits)"))
    c.only(data, "card", CARD_KEYS)
    name = data.get("name")
    if (why := _name_problem(name, NAME_LIMIT)) is not None:
        c.bad("name", why)
    stars = c.integer(data, "stars", 1, 5, 1)
    element = c.choice(data, "element", elements, elements[0])
    power = c.integer(data, "power", 1, 99, 1)
    sights = data.get("sights")
    if not isinstance(sights, list) or any(s not in DIRECTIONS for s in sights) or len(set(sights)) != len(sights):
        c.bad("sights", _("must be a list of distinct directions from {directions}").format(
            directions=" ".join(DIRECTIONS)))
        sights = []
    traits = data.get("traits", [])
    if not isinstance(traits, list) or not all(isinstance(t, str) and 0 < len(t) <= 20 for t in traits):
        c.bad("traits", _("must be a list of names"))
        traits = []
    flavor = data.get("flavor", "")
    if not isinstance(flavor, str) or len(flavor) > TEXT_LIMIT:
        c.bad("flavor", _("must be text of at most {limit} characters").format(limit=TEXT_LIMIT))
        flavor = ""
    raw = data.get("ability", [])
    if not isinstance(raw, list) or len(raw) > 6:
        c.bad("ability", _("must be an array of at most 6 tables ([[card.ability]])"))
        raw = []
    abilities = tuple(_ability(c, a, i, elements) for i, a in enumerate(raw))
    if len(problems) > before:
        return None
    assert isinstance(card_id, str) and isinstance(name, str)
    card = CardDef(card_id, name.strip(), stars, element, power,
                   tuple(d for d in DIRECTIONS if d in sights), tuple(traits), abilities, flavor)
    text = data.get("text", "")
    if text and text != card_text(card):
        c.bad("text", _("does not match the abilities; it should read: {text}").format(text=repr(card_text(card))))
        return None
    return card


def card_from_mapping(data: Table, matrix: ElementMatrix, source: str = "card") -> CardDef:
    """One card from its TOML table (a dict); raises DataError listing every problem."""
    problems: list[str] = []
    card = _card(data, source, problems, matrix.elements)
    if card is None or problems:
        raise DataError(problems)
    return card


def parse_card_set(text: str, source: str, matrix: ElementMatrix) -> dict[str, CardDef]:
    data = read_toml(source, text)
    problems: list[str] = []
    cards: dict[str, CardDef] = {}
    raw = data.get("card", [])
    if not isinstance(raw, list) or not raw:
        raise DataError([_("{source}: no [[card]] tables").format(source=source)])
    for i, entry in enumerate(raw):
        card = _card(entry, _("{source}: card {n}").format(source=source, n=i + 1), problems, matrix.elements)
        if card is None:
            continue
        if card.id in cards:
            problems.append(_("{source}: {card}: id: used twice").format(source=source, card=card.id))
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
            problems.append(_("{path}: cannot read: {why}").format(path=path, why=err.strerror))
            continue
        try:
            extra = parse_card_set(text, str(path), matrix)
        except DataError as err:
            problems.extend(err.problems)
            continue
        for card_id, card in extra.items():
            if card_id in pool:
                problems.append(_("{path}: {card}: id: already in the pool").format(path=path, card=card_id))
            pool[card_id] = card
    if problems:
        raise DataError(problems)
    return pool


@dataclass(frozen=True)
class Deck:
    """A deck file read and checked: its cards in file order, the format they were checked
    against, its plan in each language, and the file it was read from (``source``)."""

    name: str
    format: str
    cards: tuple[CardDef, ...]
    source: str
    plan: str = ""  # one line: how the deck means to win
    plans: tuple[tuple[str, str], ...] = ()  # the plan in other languages: (code, plan), from the file's [th] table

    def shown_plan(self) -> str:
        """The plan in the language in use, if the file gives it there; else the English one."""
        return dict(self.plans).get(language.current(), self.plan)


def builtin_decks_dir() -> Path:
    """Decks ship inside the installed package; a source checkout keeps them at the top."""
    installed = PACKAGE / "decks"
    return installed if installed.is_dir() else PACKAGE.parent / "decks"


def builtin_deck_names() -> list[str]:
    return sorted(p.stem for p in builtin_decks_dir().glob("*.toml"))


def load_deck(name_or_path: str, pool: dict[str, CardDef]) -> Deck:
    """A built-in deck by name, or a deck file by path; checked against its format."""
    path = Path(name_or_path)
    if not path.suffix and not path.exists():
        path = builtin_decks_dir() / f"{name_or_path}.toml"
        if not path.exists():
            raise DataError([_("no built-in deck named {name} (built-in: {decks}; or give a file path)").format(
                name=repr(name_or_path), decks=", ".join(builtin_deck_names()))])
    data = read_toml(path)
    problems = []
    name = data.get("name")
    if (why := _name_problem(name, DECK_NAME_LIMIT)) is not None:
        problems.append(f"{path}: name: {why}")
    formats = load_formats()
    fmt = data.get("format")
    if fmt not in formats:
        problems.append(_("{path}: format: must be one of {formats}").format(path=path, formats=", ".join(formats)))
    ids = data.get("cards")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        problems.append(_("{path}: cards: must be a list of card ids").format(path=path))
        ids = []
    cards = []
    for card_id in ids:
        if card_id in pool:
            cards.append(pool[card_id])
        else:
            problems.append(_("{path}: {card}: not in the card pool").format(path=path, card=card_id))
    if fmt in formats:  # with unknown ids too: every problem at once
        problems.extend(f"{path}: {p}" for p in deck_problems(cards, formats[fmt], fmt, len(ids)))
    plan = data.get("plan", "")
    if not isinstance(plan, str) or len(plan) > PLAN_LIMIT or "\n" in plan:
        problems.append(_("{path}: plan: must be one line of at most {limit} characters").format(path=path,
                                                                                                 limit=PLAN_LIMIT))
    plans = []
    for code in TRANSLATED:  # [th] plan = "...": the plan as a Thai player reads it
        table = data.get(code, {})
        said = table.get("plan", "") if isinstance(table, dict) else None
        if not isinstance(table, dict) or set(table) - {"plan"} or not isinstance(said, str) or "\n" in said \
                or columns(said) > PLAN_LIMIT:
            problems.append(_("{path}: {code}: must be a table holding only plan, one line at most {limit} columns "
                              "wide").format(path=path, code=code, limit=PLAN_LIMIT))
        elif said.strip():
            plans.append((code, said.strip()))
    if problems or not isinstance(name, str) or not isinstance(fmt, str) or not isinstance(plan, str):
        raise DataError(problems)
    return Deck(name.strip(), fmt, tuple(cards), str(path), plan.strip(), tuple(plans))


def deck_problems(cards: list[CardDef], rules: Table, fmt: str, listed: int | None = None) -> list[str]:
    """BASELINE 5: every way a deck breaks its format (``listed``: how many ids the file names,
    when some are not in the pool)."""
    problems = []
    n = len(cards) if listed is None else listed
    low, high = rules.get("min_cards"), rules.get("max_cards")
    if (low is not None and n < low) or (high is not None and n > high):
        size = _("{format} decks hold exactly {low} cards, this one holds {n}") if low == high else \
            _("{format} decks hold {low} to {high} cards, this one holds {n}")
        problems.append(size.format(format=fmt, low=low, high=high, n=n))
    copies = rules.get("max_copies")
    if copies is not None:
        counts: dict[str, int] = {}
        for card in cards:
            counts[card.id] = counts.get(card.id, 0) + 1
        for card_id, count in sorted(counts.items()):
            if count > copies:
                problems.append(_("{card}: {count} copies, at most {most} allowed").format(card=card_id, count=count,
                                                                                          most=copies))
    stars = rules.get("max_stars")
    total = sum(card.stars for card in cards)
    if stars is not None and total > stars:
        problems.append(_("{total} Stars in all, at most {most} allowed").format(total=total, most=stars))
    return problems


def _ability_mapping(a: Ability) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if a.static is not None:
        data["static"] = _static_mapping(a.static)
    else:
        data["when"] = a.when
        if a.whose != "yours":
            data["whose"] = a.whose
        for key in ("may", "once"):
            if getattr(a, key):
                data[key] = True
        if a.condition is not None:
            data["if"] = _condition_mapping(a.condition)
        if a.target is not None:
            data["target"] = {**a.target.filter.to_toml(), **({"count": a.target.count} if a.target.count != 1 else {})}
        data["do"] = [i.to_toml() for i in a.do]
    if a.models:
        data["models"] = a.models
    return data


def _condition_mapping(cond: Condition) -> dict[str, Any]:
    return {**cond.filter.to_toml(), **({"count": cond.count} if cond.count != 1 else {})}


def _static_mapping(s: Static) -> dict[str, Any]:
    if s.token_value is not None:
        return {"token_value": {"owner_controls": s.token_value[0], "otherwise": s.token_value[1]}}
    if s.extra_success is not None:
        return {"extra_success": {"defender": s.extra_success.to_toml()}}
    if s.power is not None:
        p = s.power
        if p.per is not None:
            return {"power": p.amount, "per": p.per.to_toml()}
        assert p.condition is not None
        return {"power": p.amount, "while": _condition_mapping(p.condition)}
    return {next(k for k in KEYWORDS if getattr(s, k)): True}


def card_to_mapping(card: CardDef) -> Table:
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
