"""The tree is the layer diagram (docs/architecture.md): each sub-package imports only from
those below it, counting every import (at the top, inside functions, under TYPE_CHECKING);
the rest of the package reaches the engine through its public names; the engine's modules
form no cycle; no module grows past 500 lines; few plain modules sit at the top."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "momon_cli"
#: Bottom to top: a layer may import its own modules and those of the layers before it.
LAYERS = ("engine", "data", "text", "record", "bots", "session", "agents", "tui", "serve", "cli")
#: Small modules every layer but the engine may import (they import nothing of the package).
SHARED = ("exits", "limits", "files", "language", "widths")
TOP_LEVEL = {"__init__", "__main__", *SHARED}
MOST_LINES = 500


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class _NoTypeChecking(ast.NodeTransformer):
    def visit_If(self, node: ast.If) -> ast.AST | None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return None
        return self.generic_visit(node)


def imports(path: Path, submodules: bool = True, typing: bool = True) -> set[str]:
    """Every module of the package ``path`` imports, resolved to absolute names; with
    ``submodules``, also a module named after ``import`` (``from . import events``); without
    ``typing``, not those imported only under ``if TYPE_CHECKING:``."""
    package = module_name(path).split(".") if path.name == "__init__.py" else module_name(path).split(".")[:-1]
    found = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree if typing else _NoTypeChecking().visit(tree)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)
            if submodules:
                found |= {f"{module}.{a.name}" for a in node.names if _is_module(f"{module}.{a.name}")}
    return {m for m in found if m == "momon_cli" or m.startswith("momon_cli.")}


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def test_each_layer_imports_only_from_the_layers_below_it():
    wrong = []
    for name, path in MODULES.items():
        layer = _layer(name)
        if layer in SHARED or layer in ("__init__", "__main__") or layer is None:
            assert not {m for m in imports(path) if _layer(m) in LAYERS} or layer == "__main__", name
            continue
        rank = LAYERS.index(layer)
        for target in imports(path):
            other = _layer(target)
            if other in LAYERS and LAYERS.index(other) > rank:
                wrong.append(f"{name} imports {target}, a layer above it")
            if layer == "engine" and other not in ("engine",):
                wrong.append(f"{name} imports {target}: the engine imports nothing else of the package")
    assert not wrong, "\n".join(wrong)


def test_outside_the_engine_only_its_public_names_are_imported():
    wrong = [f"{name} imports {target}" for name, path in MODULES.items() if _layer(name) != "engine"
             for target in imports(path, submodules=False) if target.startswith("momon_cli.engine.")]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layers_modules_form_no_import_cycle(layer):
    """A ring of imports makes modules that cannot be understood, tested or loaded alone. Every
    import counts, inside functions too; in the engine type-only ones count as well, elsewhere
    an import under ``TYPE_CHECKING`` (a name in an annotation) does not."""
    prefix = f"momon_cli.{layer}"
    graph = {}
    for name, path in MODULES.items():
        if name.startswith(prefix):
            graph[name] = {t for t in imports(path, typing=layer == "engine") if t.startswith(prefix) and t != name}
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if nxt not in MODULES or MODULES[nxt].name == "__init__.py":
                continue  # a package's own __init__ re-exports; its submodules never import it
            assert state.get(nxt) != 1, " -> ".join([*path, nxt])
            if nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [node])


def test_few_plain_modules_at_the_top_and_none_over_500_lines():
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top <= TOP_LEVEL, top - TOP_LEVEL
    long = {name: n for name, p in MODULES.items() if (n := len(p.read_text().splitlines())) > MOST_LINES}
    assert not long, long


def test_the_architecture_document_lists_every_module_and_no_other():
    text = (ROOT / "docs" / "architecture.md").read_text()
    listed = set(re.findall(r"^- `([\w/]+\.py)`", text, re.M))
    present = {str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")}
    assert listed == present, (sorted(present - listed), sorted(listed - present))
