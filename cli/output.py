"""Where output goes: data to stdout, messages to stderr, JSON when asked.

rich's consoles honour NO_COLOR, TERM=dumb and a stdout that is not a
terminal by themselves, so colour is never forced here.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.map_modules import MAPS_ENV

if TYPE_CHECKING:
    from rich.console import Console

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for other programs instead of tables.")
]
MapsOption = Annotated[
    str | None,
    typer.Option(
        "--maps",
        envvar=MAPS_ENV,
        show_envvar=True,
        metavar="DIR",
        help="Folder of module-side files (A1.yaml ... D2.yaml) to use instead of the examples.",
    ),
]

SvgOption = Annotated[
    str | None,
    typer.Option(metavar="FILE", help="Also save the board as an SVG picture.", show_default=False),
]

MarketOption = Annotated[
    str | None,
    typer.Option(
        "--market",
        envvar="CALEDONIA_MARKET",
        metavar="FILE",
        help="Your market board (else the example).",
    ),
]
BoxOption = Annotated[
    str | None,
    typer.Option(
        "--box",
        envvar="CALEDONIA_BOX",
        metavar="FILE",
        help=(
            "Your starting tiles, pass money, import marks, whisky cellar, beer money "
            "(else the example)."
        ),
    ),
]
ExportBoardOption = Annotated[
    str | None,
    typer.Option(
        "--export-board",
        envvar="CALEDONIA_EXPORT_BOARD",
        metavar="FILE",
        help="Your solo removal grid (else the example).",
    ),
]

_consoles: dict[bool, Console] = {}


def console(stderr: bool = False) -> Console:
    """The rich console for data (stdout) or for messages (stderr)."""
    if stderr not in _consoles:
        from rich.console import Console  # not needed for --json output

        # no emoji codes: "port:A: ..." is a port slot, not the :A: emoji
        _consoles[stderr] = Console(stderr=stderr, highlight=False, emoji=False)
    return _consoles[stderr]


def print_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def emit(text: str, style: str | None = None) -> None:
    """One line of plain data on stdout; long lines are not cut or re-wrapped. Not at a
    terminal (a pipe, a file) an unstyled line is written as it is, without rich."""
    if style is None and _plain(sys.stdout, _consoles.get(False)):
        sys.stdout.write(text + "\n")
        return
    console().print(text, style=style, markup=False, highlight=False, soft_wrap=True)


def message(text: str, style: str | None = None) -> None:
    """A note for the person at the table, on stderr. At a terminal a long one is wrapped
    between words to its width (the terminal itself would cut a word in two); elsewhere (a
    pipe, a log, the tests) each message stays on one line, to be searched and read whole."""
    own = _consoles.get(True)
    if _plain(sys.stderr, own):
        sys.stderr.write(text + "\n")
        return
    out = console(stderr=True)
    out.print(text, style=style, markup=False, soft_wrap=not out.is_terminal)


def _plain(stream: Any, own: Console | None) -> bool:
    """Is `stream` a pipe or a file, which rich would write to without colour or wrapping
    (and not one a test's own console writes to)? Then a line needs no rich at all."""
    if own is not None and own.file is not stream:
        return False
    forced = os.environ.get("FORCE_COLOR") or os.environ.get("TTY_COMPATIBLE") == "1"
    return not stream.isatty() and not forced


def is_interactive() -> bool:
    """True when a person can answer prompts: stdin and stdout are both terminals."""
    return sys.stdin.isatty() and sys.stdout.isatty()
