"""``python -m momon_cli`` runs the ``momon`` command."""

from .cli import run

run()
