"""The checks CI runs give the same answer in every environment: the lint and type tools
are pinned, and what an optional extra installs never changes what mypy reports."""

import re
import tomllib
from pathlib import Path

PYPROJECT = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()


def test_the_lint_and_type_tools_are_pinned_to_one_version():
    pins = {_name(r): r for r in PYPROJECT["project"]["optional-dependencies"]["test"]}
    for tool in ("ruff", "mypy"):
        assert re.fullmatch(rf"{tool}==\d+(\.\d+)+", pins[tool]), pins[tool]


def test_mypy_reads_no_optional_extra_so_its_result_does_not_depend_on_them():
    extras = PYPROJECT["project"]["optional-dependencies"]
    modules = {_name(r).replace("-", "_") for name, reqs in extras.items() if name != "test" for r in reqs}
    skipped = set()
    for override in PYPROJECT["tool"]["mypy"].get("overrides", []):
        names = override["module"] if isinstance(override["module"], list) else [override["module"]]
        if override.get("follow_imports") == "skip" and override.get("ignore_missing_imports"):
            skipped.update(names)
    assert modules and all({m, f"{m}.*"} <= skipped for m in modules), (modules, skipped)
