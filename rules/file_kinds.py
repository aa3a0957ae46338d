"""Which kind of caledonia file a file's data is, so that a command given the wrong kind
says so in words instead of listing the keys it expected of its own kind."""

from __future__ import annotations

from typing import Any

from .errors import CaledoniaError
from .messages import Reason

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
