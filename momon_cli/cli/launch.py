"""The ``momon`` script's first code: the garbage collector off before anything is imported.

It is turned off here, before Typer, Rich, prompt_toolkit and the commands are imported,
and not only in ``app.run``: those imports make tens of thousands of objects and no garbage,
and the collector's passes over them cost about 35 M instructions of ``momon play``'s start
(callgrind), 6% of importing those three libraries. ``app.run`` decides when it comes back on."""

import gc


def main() -> None:
    """The ``momon`` command, started with the collector off."""
    gc.disable()
    from .app import run

    run()
