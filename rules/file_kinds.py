"""Which kind of caledonia file a file's data is, so that a command given the wrong kind
says so in words instead of listing the keys it expected of its own kind."""

from __future__ import annotations

from typing import Any

from .errors import CaledoniaError
from .messages import N_, Reason

# keys a score sheet never has at its top: a game's, and a position's modules
_NOT_IN_A_SHEET = ("format", "setup", "events", "redo", "modules")


def is_score_sheet(data: Any) -> bool:
    """A score sheet: a top-level `players` list and nothing of a game or a position."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("players"), list)
        and not any(key in data for key in _NOT_IN_A_SHEET)
    )


def refuse_score_sheet(data: Any, source: str) -> None:
    """Raise the plain words for a score sheet given where a game is wanted."""
    if is_score_sheet(data):
        raise CaledoniaError(
            Reason(
                "{source} is a score sheet, not a game: score it with 'caledonia score {source}'",
                source=source,
            )
        )


def refuse_position(data: Any, source: str) -> None:
    """Raise the plain words for a position file given where a score sheet is wanted."""
    if isinstance(data, dict) and "modules" in data and "players" in data:
        raise CaledoniaError(
            Reason(
                "{source} is a position file (where units stand), not a score sheet: "
                "show it with 'caledonia map show {source}'",
                source=source,
            )
        )


# The first bytes of common files that are not YAML, and what they are in words.
_SIGNATURES = (
    (b"\x7fELF", N_("a program")),
    (b"MZ", N_("a program")),
    (b"#!", N_("a script")),
    (b"PK\x03\x04", N_("a zip archive")),
    (b"\x1f\x8b", N_("a gzip archive")),
    (b"%PDF", N_("a PDF document")),
    (b"\x89PNG", N_("a PNG image")),
    (b"\xff\xd8\xff", N_("a JPEG image")),
    (b"GIF8", N_("a GIF image")),
    (b"SQLite format", N_("a database")),
)
SIGNATURE_BYTES = 16


def kind_in_words(head: bytes, data: Any = None) -> str | None:
    """What a file is, from its first bytes and (when it reads as YAML) its data, in words
    that show none of its content: "a zip archive", "a game file", "plain text". None: a
    mapping of no known kind (the caller's checks then say what is wrong)."""
    for signature, words in _SIGNATURES:
        if head.startswith(signature):
            return Reason(words)
    if data is None:
        return Reason("binary data") if b"\0" in head else None
    if isinstance(data, dict):
        return _mapping_kind(data)
    if isinstance(data, list):
        return Reason("a YAML list")
    return Reason("plain text")


def _mapping_kind(data: dict[Any, Any]) -> str | None:
    """Which of caledonia's files a YAML mapping is, by its keys (None: none of them)."""
    if "setup" in data and "events" in data:
        return Reason("a game file")
    if is_score_sheet(data):
        return Reason("a score sheet")
    if "modules" in data and "players" in data:
        return Reason("a position file")
    return None
