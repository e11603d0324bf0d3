"""momon-cli: Monsnatch in a terminal.

The rules live in :mod:`momon_cli.engine` (pure, no I/O); card data and decks are loaded by
:mod:`momon_cli.carddata`; everything else answers the engine's decisions or listens to its
events.
"""

__version__ = "0.1.0"
