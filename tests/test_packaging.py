"""What the wheel tells a user before installing it: the Pythons and systems it runs on, that
it is a console game, where the project lives, that its engine and agent APIs are typed
(py.typed), and dependency floors it really works with.

Two layers: the pyproject.toml the metadata comes from is checked in every run; the wheel
itself is built (pip wheel, about 5 s) and its METADATA and files read, unless no build
backend can be had (pip cannot reach hatchling), where that test is skipped."""

import re
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
WANTED = {"Environment :: Console", "Topic :: Games/Entertainment :: Board Games",
          "License :: OSI Approved :: MIT License", "Operating System :: POSIX", "Typing :: Typed",
          "Programming Language :: Python :: 3.11", "Programming Language :: Python :: 3.12",
          "Programming Language :: Python :: 3.13"}
# rich 13.8: no BrokenPipeError traceback when a pipe's reader leaves; prompt_toolkit 3.0.52:
# the style "dim" (3.0.51 raises ValueError on it in tests/test_repl.py).
FLOORS = {"rich": (13, 8), "prompt-toolkit": (3, 0, 52)}


def _floor(requirement: str) -> tuple[str, tuple[int, ...]]:
    name = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")
    floor = re.search(r">=\s*([0-9.]+)", requirement)
    return name, tuple(int(n) for n in floor.group(1).split(".")) if floor else ()


def test_the_classifiers_name_the_pythons_the_system_the_licence_and_the_game():
    classifiers = set(PROJECT["classifiers"])
    assert WANTED <= classifiers, WANTED - classifiers
    pythons = sorted(c.rsplit(" ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert pythons[0] == PROJECT["requires-python"].removeprefix(">="), (pythons, PROJECT["requires-python"])


def test_the_typed_marker_is_there():
    assert (ROOT / "momon_cli" / "py.typed").is_file()


def test_dependency_floors_are_the_versions_the_code_needs():
    floors = dict(_floor(r) for r in PROJECT["dependencies"])
    for name, least in FLOORS.items():
        assert floors[name] >= least, (name, floors[name])


def test_the_built_wheel_carries_the_metadata_and_the_typed_marker(tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("momon_cli-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = Parser().parsestr(archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
    assert "momon_cli/py.typed" in names
    assert WANTED <= set(metadata.get_all("Classifier") or []), metadata.get_all("Classifier")
    requires = dict(_floor(r) for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r and ">=" in r)
    for name, least in FLOORS.items():
        assert requires[name] >= least, (name, requires[name])
