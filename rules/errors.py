"""Errors a user can fix, each with a message a person can read."""

from __future__ import annotations


class CaledoniaError(Exception):
    """A problem in the user's input or data; the CLI shows it and exits 1."""


class DataError(CaledoniaError):
    """A data or sheet file does not say what it must.

    `source` names the file, `path` the key path inside it (``players[1].goods``),
    `line` the 1-based line where the offending value starts, when known.
    """

    def __init__(self, source: str, message: str, path: str = "", line: int | None = None):
        self.source = source
        self.path = path
        self.line = line
        self.reason = message
        super().__init__(self._format())

    def _format(self) -> str:
        # a Reason, so that the CLI can show `reason` (and `path`, "top level") translated
        from .messages import Reason

        where = self.source if self.line is None else f"{self.source}:{self.line}"
        if self.path:
            # TRANSLATORS: {where} is a file and line, {path} a key in it, {reason} what is wrong
            return Reason(
                "{where}: {path}: {reason}", where=where, path=self.path, reason=self.reason
            )
        return Reason("{where}: {reason}", where=where, reason=self.reason)
