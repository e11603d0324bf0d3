"""A new decision kind is loud: every dispatch on ``engine.Kind`` handles every kind (mypy
reports the ``assert_never`` that ends each one; a table keyed by kind has every kind, or
says why not), and docs/architecture.md ("Where a new thing goes") names every file that
dispatches on it, found here by reading the package's code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from momon_cli.engine import Kind
from momon_cli.text import notation

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "momon_cli"
MEMBERS = {kind.name for kind in Kind}


def _member(node: ast.AST) -> str | None:
    """The Kind member ``node`` names (``Kind.SUMMON``), if it names one."""
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Kind"
            and node.attr in MEMBERS):
        return node.attr
    return None


def _named(node: ast.AST) -> set[str]:
    return {m for n in ast.walk(node) if (m := _member(n)) is not None}


def dispatches(tree: ast.AST) -> list[str]:
    """Where ``tree`` dispatches on the kind: a function (or the module's own code) comparing
    a value with two kinds or more (``is``, ``==``, ``in``), a ``match`` case on a kind, or
    a table keyed by kinds. One kind asked about alone (``d.kind is Kind.SUMMON``) is a
    question, not a dispatch: a new kind changes nothing there."""
    found = []
    scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))]
    for scope in scopes:
        compared: set[str] = set()
        for node in _own(scope):
            if isinstance(node, ast.Compare):
                compared |= set().union(*(_named(side) for side in (node.left, *node.comparators)))
            elif isinstance(node, ast.match_case) and _named(node.pattern):
                found.append(f"a case on a kind, line {node.pattern.lineno}")
            elif isinstance(node, ast.Dict) and any(k is not None and _member(k) for k in node.keys):
                found.append(f"a table keyed by kind, line {node.lineno}")
        if len(compared) >= 2:
            found.append(f"{getattr(scope, 'name', 'the module')} compares with {len(compared)} kinds")
    return found


def _own(scope: ast.AST) -> list[ast.AST]:
    """The nodes of ``scope``'s own code: not those of the functions defined in it."""
    found = []
    for child in ast.iter_child_nodes(scope):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            found += [child, *_own(child)]
    return found


def dispatching_modules() -> dict[str, list[str]]:
    """Each module of the package that dispatches on the kind (its path under momon_cli/), and where."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = dispatches(ast.parse(path.read_text(encoding="utf-8")))
        if where:
            found[str(path.relative_to(PACKAGE))] = where
    return found


def listed_for_a_new_kind() -> set[str]:
    """The package's files docs/architecture.md names in its "A decision kind" entry (its
    test aside)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    entry = re.search(r"^- \*\*A decision kind\*\*(.*?)(?=^- \*\*|^#)", text, re.M | re.S)
    assert entry is not None, "docs/architecture.md has no entry for a decision kind"
    return {p for p in re.findall(r"`([a-z_]+(?:/[a-z_]+)+\.py)`", entry[1]) if not p.startswith("tests/")}


def test_the_architecture_document_names_every_file_that_dispatches_on_the_decision_kind():
    found = dispatching_modules()
    listed = listed_for_a_new_kind()
    assert listed == set(found), {"dispatch but are not listed": {m: found[m] for m in sorted(set(found) - listed)},
                                  "listed but dispatch nowhere": sorted(listed - set(found))}


def test_the_finder_tells_a_dispatch_from_a_question_about_one_kind():
    one = ast.parse("def f(d):\n    return d.kind is Kind.SUMMON\n")
    made = ast.parse("def f():\n    return Decision(Kind.SPACE, 1, ())\n")
    chain = ast.parse("def f(k):\n    if k is Kind.SUMMON:\n        return 1\n    return 2 if k in (Kind.SPACE,) else 3\n")
    table = ast.parse("WORDS = {Kind.YES_NO: 'y'}\n")
    case = ast.parse("def f(k):\n    match k:\n        case Kind.CARD:\n            return 1\n")
    assert not dispatches(one) and not dispatches(made)
    assert dispatches(chain) and dispatches(table) and dispatches(case)


def test_every_kind_has_the_forms_its_prompt_accepts():
    assert set(notation.ACCEPTED) == set(Kind)
    assert all(notation.ACCEPTED.values())


def test_every_function_that_dispatches_on_the_kind_ends_in_assert_never():
    """A chain of ``if kind is ...`` that falls through to a default would take a new kind
    for one it knows; ending in ``assert_never`` makes mypy name it instead."""
    silent = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(PACKAGE))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for f in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
            compared = set().union(*(_named(side) for node in _own(f) if isinstance(node, ast.Compare)
                                     for side in (node.left, *node.comparators)))
            ended = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "assert_never"
                        for n in _own(f))
            if len(compared) >= 2 and not ended:
                silent.append(f"{name}: {f.name}")
    assert not silent, silent
