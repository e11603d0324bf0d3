"""The ``momon`` command line: Typer only, one module per command group; ``launch.main`` is the script.

The language is chosen here, before any command module makes its help texts (``--lang`` or
the locale: momon_cli.language)."""

import sys

from ..language import use_flag

use_flag(sys.argv)
