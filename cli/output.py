"""Where output goes: data to stdout, messages to stderr, JSON when asked.

rich's consoles honour NO_COLOR, TERM=dumb and a stdout that is not a
terminal by themselves, so colour is never forced here.
"""

from __future__ import annotations

import codecs
import errno
import io
import json
import os
import re
import sys
import textwrap
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from caledonia.rules.map_modules import MAPS_ENV
from caledonia.rules.messages import N_
from caledonia.rules.yamlfile import os_reason, saved_files

from .errors import ExitCode
from .translation import t, tr

if TYPE_CHECKING:
    from rich.console import Console

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help=N_("The game file."))]
JsonOption = Annotated[
    bool, typer.Option("--json", help=N_("Print JSON for other programs instead of tables."))
]
MapsOption = Annotated[
    str | None,
    typer.Option(
        "--maps",
        envvar=MAPS_ENV,
        show_envvar=True,
        metavar="DIR",
        help=N_(
            "Folder of module-side files (A1.yaml ... D2.yaml) to use instead of the examples."
        ),
    ),
]

SvgOption = Annotated[
    str | None,
    typer.Option(
        metavar="FILE", help=N_("Also save the board as an SVG picture."), show_default=False
    ),
]

MarketOption = Annotated[
    str | None,
    typer.Option(
        "--market",
        envvar="CALEDONIA_MARKET",
        metavar="FILE",
        help=N_("Your market board (else the example)."),
    ),
]
BoxOption = Annotated[
    str | None,
    typer.Option(
        "--box",
        envvar="CALEDONIA_BOX",
        metavar="FILE",
        help=N_(
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
        help=N_("Your solo removal grid (else the example)."),
    ),
]

_consoles: dict[bool, Console] = {}

# What a terminal that cannot show a character gets instead (any other character: "?").
ASCII_WORDS = {
    "£": "GBP",
    "→": "->",
    "←": "<-",
    "·": "-",
    "•": "*",
    "✓": "OK",
    "…": "...",
    "—": "-",
    "–": "-",
    "×": "x",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
}
ENCODING_FALLBACK = "caledonia-ascii"


def _ascii_words(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(ASCII_WORDS.get(c, "?") for c in bad), error.end


class _ClosedStream(io.TextIOBase):
    """What stands for a stream that was closed before the start (`>&-`): what is written
    goes nowhere, and it remembers that something was (after a save, exit OUTPUT_LOST)."""

    def __init__(self) -> None:
        super().__init__()
        self.lost = False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.lost = self.lost or bool(text)
        return len(text)


def prepare_streams() -> None:
    """Make the output streams safe to write whatever happens after a save: a character
    the encoding lacks is written as ASCII_WORDS say (never an exception), and a closed
    stdout or stderr (`>&-`) becomes a stream that writes nowhere rather than an error."""
    codecs.register_error(ENCODING_FALLBACK, _ascii_words)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:  # closed: what would go there goes nowhere
            setattr(sys, name, _ClosedStream())
            continue
        encoding = codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name
        if encoding != "utf-8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=ENCODING_FALLBACK)


def _quiet(stream: Any) -> None:
    """What is left to write to `stream` goes to the null device: the interpreter's last
    flush then cannot fail (it would exit 120)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def quiet_stdout() -> None:
    """The reader of stdout has gone (a closed pipe): what is left to print goes nowhere,
    and the interpreter's last flush does not fail either."""
    _quiet(sys.stdout)


# The errors of writing to a stream that is full, broken or gone; any other OSError that
# reaches `main` is a bug.
OUTPUT_ERRORS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EPIPE, errno.EBADF, errno.EFBIG, errno.ENXIO}
)


def output_lost(error: OSError | None) -> NoReturn:
    """stdout could not be written (`error`; None: it was closed from the start). After a
    save the exit code is OUTPUT_LOST (4): the change is made, and trying it again would
    make it twice; a try is made to say so on stderr, silent if that fails too. Before any
    save: a closed pipe is the reader's choice (exit 0), any other failure exit 1."""
    quiet_stdout()
    saved = saved_files()
    if not saved and (error is None or error.errno == errno.EPIPE):
        raise SystemExit(ExitCode.OK)
    try:
        reason = os_reason(error) if error is not None else t("stdout is closed")
        if saved:
            said = t(
                "{path} was saved, but the output could not be written: {reason}",
                path=saved[-1],
                reason=reason,
            )
        else:
            said = t("Error: the output could not be written: {reason}", reason=reason)
        sys.stderr.write(printable(_read(said)) + "\n")
        sys.stderr.flush()
    except Exception:  # stderr is full or gone too: the exit code alone says it
        _quiet(sys.stderr)
    raise SystemExit(ExitCode.OUTPUT_LOST if saved else ExitCode.USER_ERROR)


def stdout_was_closed() -> bool:
    """Was stdout closed from the start (`>&-`), and something printed to it since?"""
    return isinstance(sys.stdout, _ClosedStream) and sys.stdout.lost


def reader_left() -> NoReturn:
    """stdout's pipe was closed: rich's console, the plain path and `main` all come here.
    Before a save: leave quietly with exit 0; after one: exit OUTPUT_LOST (output_lost)."""
    output_lost(OSError(errno.EPIPE, os.strerror(errno.EPIPE)))


_CONTROL = None  # compiled on first use


def printable(text: str) -> str:
    """`text` without the characters that drive a terminal rather than show something: C0
    and C1 controls (escape sequences, bell, backspace; newline and tab stay), DEL, and the
    bidirectional overrides and isolates. Names and notes read from a hand-written file
    pass here on every output path, so nothing in a file can move the cursor, clear the
    screen, set the window's title or reorder a line."""
    global _CONTROL
    if _CONTROL is None:
        _CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
    return _CONTROL.sub("", text)


_TRAILING = None  # compiled on first use


def without_trailing_spaces(text: str) -> str:
    """Each line of `text` without the spaces at its end (before any closing style codes)."""
    global _TRAILING
    if _TRAILING is None:
        _TRAILING = re.compile(r" +((?:\x1b\[[0-9;]*m)*)$", re.M)
    return _TRAILING.sub(r"\1", text)


def _console_class() -> type[Console]:
    from rich.console import Console
    from rich.segment import Segment

    class SafeConsole(Console):
        """A console whose text cannot carry terminal controls (`printable`; rich's own
        styling is added after, so colours stay), and which leaves quietly, exit 0, when
        its pipe is closed: a command prints only after it saved, so the exit code must
        not suggest trying the change again."""

        def _render_buffer(self, buffer: Any) -> str:
            text = super()._render_buffer(
                segment if segment.control else Segment(printable(segment.text), segment.style)
                for segment in buffer
            )
            # a table pads its lines to the width: at a terminal unseen, in a file noise
            return text if self.is_terminal else without_trailing_spaces(text)

        def on_broken_pipe(self) -> None:
            self.quiet = True
            reader_left()

        def _check_buffer(self) -> None:
            try:
                super()._check_buffer()
            except OSError as error:  # a full disk, a broken device: said once, in main
                if self.file is sys.stdout and error.errno in OUTPUT_ERRORS:
                    self.quiet = True
                    output_lost(error)
                raise

    return SafeConsole


def console(stderr: bool = False) -> Console:
    """The rich console for data (stdout) or for messages (stderr)."""
    if stderr not in _consoles:
        # rich is not needed for --json output: imported here
        # no emoji codes: "port:A: ..." is a port slot, not the :A: emoji
        _consoles[stderr] = _console_class()(stderr=stderr, highlight=False, emoji=False)
    return _consoles[stderr]


def print_json(data: Any) -> None:
    _write_stdout(json_safe(json.dumps(data, ensure_ascii=False, indent=2)) + "\n")


_UNSAFE_IN_JSON = None  # compiled on first use


def json_safe(text: str) -> str:
    """JSON text with the characters json.dumps(ensure_ascii=False) writes raw but that
    drive a terminal or reorder a line (DEL, C1 controls, bidirectional overrides and
    isolates, line and paragraph separators) written as \\uXXXX escapes: the same JSON
    value, nothing raw (C0 controls json.dumps escapes itself). They can only be inside
    strings, where the escape means the same character."""
    global _UNSAFE_IN_JSON
    if _UNSAFE_IN_JSON is None:
        _UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
    return _UNSAFE_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def markup_escape(text: str) -> str:
    """`text` for an HTML or SVG report: without controls and bidirectional overrides
    (`printable`; XML may not hold C0 controls at all), then escaped as HTML."""
    from html import escape

    return escape(printable(text))


def _write_stdout(text: str) -> None:
    """`text` on stdout; a closed pipe or a full disk ends the run as output_lost says."""
    try:
        sys.stdout.write(text)
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            raise
        output_lost(error)


def emit(text: str, style: str | None = None) -> None:
    """One line of plain data on stdout; long lines are not cut or re-wrapped. Not at a
    terminal (a pipe, a file) an unstyled line is written as it is, without rich."""
    text = _read(text)
    if style is None and _plain(sys.stdout, _consoles.get(False)):
        _write_stdout(printable(text) + "\n")  # what rich's SafeConsole would strip
        return
    console().print(text, style=style, markup=False, highlight=False, soft_wrap=True)


def emit_wrapped(text: str, indent: str = "", hanging: str = "    ") -> None:
    """A line of data on stdout that a person reads: at a terminal wrapped between words to
    its width (`indent` first, the lines after indented by `hanging` more); elsewhere one
    line, as `emit` writes it."""
    if not _plain(sys.stdout, _consoles.get(False)) and console().is_terminal:
        text = textwrap.fill(
            _read(text),
            max(console().width - 1, 20),
            initial_indent=indent,
            subsequent_indent=indent + hanging,
            break_long_words=False,
            break_on_hyphens=False,
        )
        emit(text)
        return
    emit(indent + text)


def message(text: str, style: str | None = None) -> None:
    """A note for the person at the table, on stderr (lost without a word when stderr cannot
    be written: the command goes on). At a terminal a long one is wrapped
    between words to its width (the terminal itself would cut a word in two); elsewhere (a
    pipe, a log, the tests) each message stays on one line, to be searched and read whole."""
    text = _read(text)
    own = _consoles.get(True)
    try:
        if _plain(sys.stderr, own):
            sys.stderr.write(printable(text) + "\n")
            return
        out = console(stderr=True)
        out.print(text, style=style, markup=False, soft_wrap=not out.is_terminal)
    except OSError as error:  # stderr full or gone: a note lost must not stop a save
        if error.errno not in OUTPUT_ERRORS:
            raise
        _quiet(sys.stderr)


def _read(text: str) -> str:
    """A sentence of the rules (a Reason) in the reader's language; any other text as it
    is."""
    if type(text) is str:
        return text
    return tr(text)


def echoed(text: str) -> str:
    """A message that shows back what was typed: a pasted 5,000-digit number or a long name
    shortened to a few characters and its length."""
    from caledonia.rules.words import with_long_words_shortened

    return with_long_words_shortened(text)


def plain_stdout() -> bool:
    """Is stdout a pipe or a file that rich would write to without colour or wrapping?"""
    return _plain(sys.stdout, _consoles.get(False))


def _plain(stream: Any, own: Console | None) -> bool:
    """Is `stream` a pipe or a file, which rich would write to without colour or wrapping
    (and not one a test's own console writes to)? Then a line needs no rich at all."""
    if own is not None and own.file is not stream:
        return False
    forced = os.environ.get("FORCE_COLOR") or os.environ.get("TTY_COMPATIBLE") == "1"
    return not stream.isatty() and not forced


def is_interactive() -> bool:
    """True when a person can answer prompts: stdin and stdout are both terminals."""
    stdin, stdout = sys.stdin, sys.stdout
    # a closed stdin (`<&-`) is None: like a pipe, nobody to answer
    return stdin is not None and stdin.isatty() and stdout is not None and stdout.isatty()
