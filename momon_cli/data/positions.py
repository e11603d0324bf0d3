"""Position files: a whole table state as TOML, read and written so that it round-trips.

A position names cards by id (the pool, plus ``--cards`` files, supplies their data) and
places them in Hands, Voids (face up or down) and on the Arena (Owner, Controller, the
continuous changes on them, spent once-only rights), with the turn about to start, the
Active Player, the First Player Token's holder and, if it says, the players' names. See
docs/positions.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import CHANGE_KINDS, DURATIONS, SPACES, CardDef, Change, Duration, Placed, Position, Problems
from ..files import write_new
from ..language import _, ngettext
from ..limits import NAME_LIMIT
from ..widths import name_problem
from .cards import DataError, read_toml
from .toml_out import toml_value

#: ``puzzle``: a puzzle's own table, read by data.puzzles (a position read for play ignores it).
TOP_KEYS = {"names", "turn", "active", "first_player", "first_player_token", "player", "arena", "puzzle"}
CARD_KEYS = {"card", "face_up", "once_used", "changes", "space", "owner", "controller"}
RETURN_TIMES: tuple[Duration, ...] = ("end_of_turn", "your_next_turn")


def _player(c: Problems, data: Mapping[str, Any], key: str, required: bool) -> int | None:
    if key not in data and not required:
        return None
    value = data.get(key)
    if type(value) is not int or value not in (1, 2):
        c.bad(key, _("must be 1 or 2"))
        return 1
    return value


def _change(c: Problems, data: object, at: str, elements: tuple[str, ...]) -> Change | None:
    table = c.table(data, at)
    kinds = [k for k in CHANGE_KINDS if k in table]
    if len(kinds) != 1:
        c.bad(at, _("must name one of {kinds}").format(kinds=", ".join(CHANGE_KINDS)))
        return None
    kind = kinds[0]
    c.only(table, at, {kind, "until", "by"})
    by = _player(c, table, "by", True) or 1
    if kind == "return_to_hand":
        return Change(kind, c.choice(table, kind, RETURN_TIMES, "end_of_turn", at + "."), by)
    until = c.choice(table, "until", DURATIONS, "end_of_turn", at + ".")
    if kind == "power":
        return Change(kind, until, by, amount=c.integer(table, kind, -99, 99, 0, at + "."))
    if kind == "set_power":
        return Change(kind, until, by, amount=c.integer(table, kind, 0, 99, 0, at + "."))
    if kind == "element":
        return Change(kind, until, by, element=c.choice(table, kind, elements, elements[0], at + "."))
    c.true(table, kind, at + ".")
    return Change(kind, until, by)


def _placed(c: Problems, data: object, at: str, owner: int, pool: dict[str, CardDef], elements: tuple[str, ...],
            arena: bool, unknown: list[str]) -> Placed | None:
    """One card of the position; the id of a card the pool lacks is added to ``unknown``
    (they are said together, in one line)."""
    table: dict[str, Any] = {"card": data} if isinstance(data, str) else dict(c.table(data, at))
    c.only(table, at, CARD_KEYS if arena else CARD_KEYS - {"space", "owner", "controller"})
    card_id = table.get("card", "")
    card = pool.get(card_id) if isinstance(card_id, str) else None
    if card is None and isinstance(card_id, str) and card_id.strip():
        if card_id not in unknown:
            unknown.append(card_id)
        return None
    if card is None:
        c.bad(at + ".card", _("must be a card id"))
        return None
    once = table.get("once_used", [])
    if not isinstance(once, list) or not all(type(i) is int and 1 <= i <= len(card.abilities)
                                             and card.abilities[i - 1].once for i in once):
        c.bad(at + ".once_used", _("must list numbers of the card's once-only abilities (1 = its first ability)"))
        once = []
    raw = table.get("changes", [])
    if not isinstance(raw, list):
        c.bad(at + ".changes", _("must be a list of tables"))
        raw = []
    changes = tuple(ch for i, d in enumerate(raw) if (ch := _change(c, d, f"{at}.changes[{i + 1}]", elements)))
    if not arena and any(ch.kind != "return_to_hand" for ch in changes):
        c.bad(at + ".changes", _("off the Arena only a waiting return_to_hand is possible"))
    if ".hand[" in at and changes:
        c.bad(at + ".changes", _("a card in Hand has nothing waiting to return it"))
    face_up = table.get("face_up", True)
    if type(face_up) is not bool or (arena and not face_up):
        c.bad(at + ".face_up", _("must be true or false (and true on the Arena)"))
        face_up = True
    once_idx = tuple(i - 1 for i in once)
    if not arena:
        return Placed(card, owner, face_up=face_up, changes=changes, once_used=once_idx)
    space = table.get("space")
    if space not in SPACES:
        c.bad(at + ".space", _("must be a Space A1-D4"))
        return None
    owner = _player(c, table, "owner", True) or 1
    controller = _player(c, table, "controller", False) or owner
    return Placed(card, owner, space, controller, True, changes, once_idx)


def position_from_mapping(data: dict[str, Any], pool: dict[str, CardDef], elements: tuple[str, ...],
                          source: str = "position") -> Position:
    """A Position from its TOML table; raises DataError listing every problem."""
    problems: list[str] = []
    unknown: list[str] = []
    c = Problems(source, problems, _)
    c.only(data, "position", TOP_KEYS)
    _names(c, data)
    players = data.get("player", [])
    if not isinstance(players, list) or len(players) != 2:
        c.bad("player", _("must be two [[player]] tables, Player 1's first"))
        players = [{}, {}]
    hands: list[tuple[Placed, ...]] = []
    voids: list[tuple[Placed, ...]] = []
    for p, entry in enumerate(players, 1):
        table = c.table(entry, f"player[{p}]")
        c.only(table, f"player[{p}]", {"hand", "void"})
        for zone, into in (("hand", hands), ("void", voids)):
            raw = table.get(zone, [])
            if not isinstance(raw, list):
                c.bad(f"player[{p}].{zone}", _("must be a list of card ids"))
                raw = []
            into.append(tuple(x for i, d in enumerate(raw)
                              if (x := _placed(c, d, f"player[{p}].{zone}[{i + 1}]", p, pool, elements, False, unknown))))
    raw_arena = data.get("arena", [])
    if not isinstance(raw_arena, list):
        c.bad("arena", _("must be [[arena]] tables"))
        raw_arena = []
    arena = tuple(x for i, d in enumerate(raw_arena)
                  if (x := _placed(c, d, f"arena[{i + 1}]", 0, pool, elements, True, unknown)))
    turn = c.integer(data, "turn", 1, 64, 1)
    active = _player(c, data, "active", False)
    first = _player(c, data, "first_player", False)
    token = _player(c, data, "first_player_token", False)
    if unknown:
        problems.insert(0, f"{source}: {_not_in_pool(unknown)}")
    if problems:
        raise DataError(problems)
    try:
        return Position((hands[0], hands[1]), (voids[0], voids[1]), arena, turn, active, first, token)
    except ValueError as err:
        raise DataError([f"{source}: {err}"]) from None


def _not_in_pool(unknown: list[str]) -> str:
    """One line for every card a position names that the pool lacks."""
    unknown = sorted(unknown)
    shown = [repr(card_id[:20]) for card_id in unknown[:5]]
    if len(unknown) > len(shown):
        shown.append(_("{n} more").format(n=len(unknown) - len(shown)))
    listed = shown[0] if len(shown) == 1 else \
        _("{first} and {last}").format(first=", ".join(shown[:-1]), last=shown[-1])
    return ngettext("card {cards} is not in the card pool (the built-in cards and any --cards files); give the card "
                    "set that holds it with --cards FILE",
                    "cards {cards} are not in the card pool (the built-in cards and any --cards files); give the card "
                    "set that holds them with --cards FILE", len(unknown)).format(cards=listed)


def _names(c: Problems, data: Mapping[str, Any]) -> tuple[str, str] | None:
    """The players' names a position gives (None: it gives none)."""
    if "names" not in data:
        return None
    names = data["names"]
    if not isinstance(names, list) or len(names) != 2 or len(set(map(str, names))) != 2:
        c.bad("names", _("must be two different names 1-{limit} columns wide, Player 1's first").format(
            limit=NAME_LIMIT))
        return None
    for number, name in enumerate(names, 1):  # each by the one name rule, as --p1 and records have it
        if (why := name_problem(name, NAME_LIMIT)) is not None:
            c.bad("names", _("Player {number}'s name {why}").format(number=number, why=why))
            return None
    return names[0], names[1]


def read_position(path: str, pool: dict[str, CardDef], elements: tuple[str, ...]) -> Position:
    return position_from_mapping(read_toml(path), pool, elements, str(path))


def read_position_names(path: str) -> tuple[str, str] | None:
    """The players' names the position file at ``path`` gives, if it gives them (its cards are
    read with the rest, by :func:`read_position`). Raises DataError."""
    problems: list[str] = []
    names = _names(Problems(str(path), problems, _), read_toml(path))
    if problems:
        raise DataError(problems)
    return names


def _change_mapping(ch: Change) -> dict[str, Any]:
    if ch.kind == "return_to_hand":
        return {"return_to_hand": ch.until, "by": ch.controller}
    value: Any = {"power": ch.amount, "set_power": ch.amount, "element": ch.element, "ward": True}[ch.kind]
    return {ch.kind: value, "until": ch.until, "by": ch.controller}


def _placed_mapping(p: Placed, arena: bool) -> str | dict[str, Any]:
    data: dict[str, Any] = {"card": p.card.id}
    if arena:
        data.update(space=p.space, owner=p.owner)
        if p.controller != p.owner:
            data["controller"] = p.controller
    elif not p.face_up:
        data["face_up"] = False
    if p.once_used:
        data["once_used"] = [i + 1 for i in p.once_used]
    if p.changes:
        data["changes"] = [_change_mapping(ch) for ch in p.changes]
    return data["card"] if len(data) == 1 else data


def position_to_mapping(position: Position) -> dict[str, Any]:
    data: dict[str, Any] = {"turn": position.turn}
    for key in ("active", "first_player", "first_player_token"):
        if getattr(position, key) is not None:
            data[key] = getattr(position, key)
    data["player"] = [{"hand": [_placed_mapping(p, False) for p in position.hands[i]],
                       "void": [_placed_mapping(p, False) for p in position.voids[i]]} for i in (0, 1)]
    data["arena"] = [_placed_mapping(p, True) for p in position.arena]
    return data


def position_to_toml(position: Position, names: tuple[str, str] | None = None, outside: Sequence[str] = ()) -> str:
    """The TOML text of a position: ``read_position`` gives the same Position back (and
    ``read_position_names`` the ``names``). ``outside``: the ids of the cards it uses that
    are not built in, named in a comment at the top with how to play it."""
    data = position_to_mapping(position)
    lines = ["# A Monsnatch position (docs/positions.md)."]
    if outside:
        lines.append(f"# Cards not built in: {', '.join(outside)}; play it with --cards FILE, the card set that "
                     f"holds them.")
    if names is not None:
        lines.append(f"names = {toml_value(list(names))}")
    lines += [f"{k} = {toml_value(v)}" for k, v in data.items() if k not in ("player", "arena")]
    for i, player in enumerate(data["player"], 1):
        lines += ["", f"[[player]]  # Player {i}"] + [f"{k} = {toml_value(v)}" for k, v in player.items()]
    for entry in data["arena"]:
        lines += ["", "[[arena]]"] + [f"{k} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


def write_position(path: Path, position: Position, force: bool = False, names: tuple[str, str] | None = None,
                   outside: Sequence[str] = ()) -> None:
    """Write a position file (``names`` and ``outside`` as for :func:`position_to_toml`), as
    :func:`momon_cli.files.write_new` writes: nothing already at ``path`` is touched unless
    ``force``. Raises FileExistsError, or OSError for a write that fails."""
    write_new(path, position_to_toml(position, names, outside).encode("utf-8"), force)


def position_cards(position: Position) -> dict[str, CardDef]:
    """Every distinct card a position uses, by id (a record's header carries their data)."""
    return {p.card.id: p.card for p in position.cards()}


def cards_outside(position: Position, pool: Mapping[str, CardDef]) -> list[str]:
    """The ids of the cards a position uses that ``pool`` lacks, sorted."""
    return sorted(set(position_cards(position)) - set(pool))
