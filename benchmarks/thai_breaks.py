"""Count (not a test): where `momon --lang th cards` breaks its Thai lines, at 80 columns.

Reads the table the command prints, joins each cell's lines again and counts the breaks
that fall inside a run of Thai letters; of those, how many fall inside a word (PyThaiNLP's
newmm finds no word boundary there) and how many where Thai can never break (after a
leading vowel or MAI HAN-AKAT, before a vowel or mark written after or over its letter).
Then the segmenter's start-up: in one fresh interpreter, the CPU time of importing rich and of
the first Thai line broken (importing PyThaiNLP and reading its word list), and their ratio.

    .venv/bin/python benchmarks/thai_breaks.py [columns]
"""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

from pythainlp.tokenize.newmm import segment

THAI = frozenset(chr(c) for c in range(0x0E01, 0x0E5C))
NO_END = frozenset("\u0e40\u0e41\u0e42\u0e43\u0e44\u0e31")
NO_START = frozenset("\u0e2f\u0e30\u0e31\u0e32\u0e33\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39\u0e3a\u0e45\u0e46\u0e47\u0e48"
                     "\u0e49\u0e4a\u0e4b\u0e4c\u0e4d\u0e4e")


def cells(table: str) -> list[list[str]]:
    """Each cell of the table's body as its lines, in order (a card's row is the lines up to the next id)."""
    rows: list[list[list[str]]] = []
    for line in table.splitlines():
        if not line.startswith("│"):
            continue
        parts = [p.strip() for p in line.strip("│").split("│")]
        if parts[0] or not rows:
            rows.append([[] for _ in parts])
        for column, part in zip(rows[-1], parts, strict=True):
            if part:
                column.append(part)
    return [column for row in rows for column in row]


def count(table: str) -> tuple[int, int, int, list[str]]:
    """Breaks inside Thai runs, those inside a word, those where Thai never breaks, and examples."""
    inside = in_word = never = 0
    examples = []
    for lines in cells(table):
        for before, after in zip(lines, lines[1:], strict=False):
            if before[-1] not in THAI or after[0] not in THAI:
                continue
            inside += 1
            left = before.split(" ")[-1]
            right = after.split(" ")[0]
            run = left + right
            boundaries = {sum(map(len, segment(run)[:i])) for i in range(len(segment(run)) + 1)}
            if len(left) not in boundaries:
                in_word += 1
                examples.append(f"{left}|{right}")
            if before[-1] in NO_END or after[0] in NO_START or unicodedata.category(after[0])[0] == "M":
                never += 1
    return inside, in_word, never, examples


STARTUP = """
import time
start = time.process_time()
import rich.console, rich.text
rich_cpu = time.process_time() - start
from momon_cli.widths import thai_breaks
start = time.process_time()
thai_breaks("ฝ่ายตรงข้ามทุกตัวที่อยู่ติดกับการ์ดนี้")
thai_cpu = time.process_time() - start
print(f"CPU: importing rich {rich_cpu * 1000:.0f} ms, the segmenter's first use {thai_cpu * 1000:.0f} ms, "
      f"ratio {thai_cpu / rich_cpu:.1f}")
"""


def main() -> None:
    columns = sys.argv[1] if len(sys.argv) > 1 else "80"
    env = {**os.environ, "COLUMNS": columns, "LINES": "50", "PYTHAINLP_READ_ONLY": "1"}
    root = Path(__file__).parent.parent
    table = subprocess.run([sys.executable, "-m", "momon_cli", "--lang", "th", "cards"], capture_output=True, text=True,
                           env=env, cwd=root, check=True).stdout
    inside, in_word, never, examples = count(table)
    print(f"{len(table.splitlines())} lines at {columns} columns: {inside} breaks inside runs of Thai letters, "
          f"{in_word} of them inside a word (newmm), {never} where Thai never breaks")
    print("examples:", " ".join(examples[:12]))
    print(subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, env=env, cwd=root,
                         check=True).stdout.strip())


if __name__ == "__main__":
    main()
