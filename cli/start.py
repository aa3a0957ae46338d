"""The installed `caledonia` command's entry point: pyproject's console script and
`python -m caledonia` start here, and nothing else does.

A command run from a shell loads some hundred and fifty modules, then works for a moment
and exits. Their classes and functions are never garbage, yet each collection the imports
set off scans them all again, and so does the last one, at exit. So the collector is off
while they load, and once the command is built what they made is set aside for good
(`gc.freeze`) and the collector turned back on for the command's own work, which in `play`
or `serve` lasts a whole game (main.command_built). The README's speed notes give what
this saves.
"""

from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    from .main import main as run_command  # the entry point: everything else loads from here

    run_command()
