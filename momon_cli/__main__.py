"""``python -m momon_cli`` runs the ``momon`` command."""

from .cli.app import run

run()
