"""The engine stays pure: no terminal, file, input, clock or global-random code in momon_cli/engine."""

import ast
from pathlib import Path

ENGINE = Path(__file__).parent.parent / "momon_cli" / "engine"
FORBIDDEN_MODULES = {"rich", "prompt_toolkit", "typer", "os", "sys", "io", "pathlib", "time", "datetime",
                     "json", "tomllib", "subprocess", "platformdirs"}
FORBIDDEN_CALLS = {"print", "input", "open"}


def test_engine_imports_nothing_above_it_and_does_no_io():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [(node.module or "").split(".")[0]]
            else:
                names = []
            assert not set(names) & (FORBIDDEN_MODULES | {"momon_cli"}), f"{path.name} imports {names}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_all_randomness_comes_from_the_state_generator():
    for path in ENGINE.glob("*.py"):
        text = path.read_text()
        assert "random." not in text.replace("random.Random(setup.seed)", "").replace("random.Random", ""), path.name
