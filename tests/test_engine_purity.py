"""The engine stays pure: no terminal, file, input, clock or global-random code in
momon_cli/engine, and nothing of the package above it, however an import is written
(absolute, relative, inside a function or under TYPE_CHECKING)."""

import ast
from pathlib import Path

ROOT = Path(__file__).parent.parent
ENGINE = ROOT / "momon_cli" / "engine"
FORBIDDEN_MODULES = {"rich", "prompt_toolkit", "typer", "os", "sys", "io", "pathlib", "time", "datetime",
                     "json", "tomllib", "subprocess", "platformdirs"}
FORBIDDEN_CALLS = {"print", "input", "open"}


def imported(path: Path, node: ast.AST) -> list[str]:
    """The absolute names of the modules an import statement in ``path`` brings in."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if not node.level:
        return [node.module or ""]
    package = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]  # the file's package
    if node.level > 1:
        package = package[:-(node.level - 1)]
    base = ".".join(package)
    return [f"{base}.{node.module}" if node.module else base]


def test_engine_imports_nothing_above_it_and_does_no_io():
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            for name in imported(path, node):
                top = name.split(".")[0]
                assert top not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
                assert top != "momon_cli" or name == "momon_cli.engine" or name.startswith("momon_cli.engine."), \
                    f"{path.name} imports {name}, from outside the engine"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_a_relative_import_from_above_the_engine_is_caught():
    path = ENGINE / "state.py"
    for line, found in (("from ..record import X", "momon_cli.record"), ("from .. import record", "momon_cli"),
                        ("from .zones import Zones", "momon_cli.engine.zones")):
        assert imported(path, ast.parse(line).body[0]) == [found]


def test_all_randomness_comes_from_the_state_generator():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        assert "random." not in text.replace("random.Random(setup.seed)", "").replace("random.Random", ""), path.name
