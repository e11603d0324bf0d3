"""The ``momon`` command line: Typer only, one module per command group; ``app.run`` is the script."""
