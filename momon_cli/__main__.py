"""``python -m momon_cli`` runs the ``momon`` command."""

from .cli.launch import main

main()
