"""``python -m momon_cli`` runs the ``momon`` command."""

from .cli import app

app(prog_name="momon")
