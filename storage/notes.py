"""The notes of a game restored from its checkpoint (what each event did, in words), kept
as the pickled chunks the checkpoint held until something reads them.

The notes are most of a checkpoint's bytes and grow with every event, yet a command that
records one event never reads them (the log replays its own history). Kept as chunks, a
save writes back those it read, unopened, and one more chunk for the notes added since:
`act` neither unpickles nor pickles again the notes of every earlier event. The chunks
are part of the checkpoint's body, under its digest, and are read by the same restricted
unpickler as the rest of it (cachefile.restricted_loads).
"""

from __future__ import annotations

from collections import UserList
from collections.abc import Callable
from typing import Any

MAX_CHUNKS = 32  # past this many, the next checkpoint writes the notes as one chunk again


class KeptNotes(UserList[list[str]]):
    def __init__(self, chunks: list[bytes], read: Callable[[bytes], Any]):
        self._chunks = chunks
        self._read_chunk = read
        self._added: list[list[str]] = []
        self._read: list[list[str]] | None = None

    @property
    def data(self) -> list[list[str]]:
        if self._read is None:
            read: list[list[str]] = []
            for chunk in self._chunks:
                read.extend(self._read_chunk(chunk))
            self._read = read + self._added
        return self._read

    @data.setter
    def data(self, value: list[list[str]]) -> None:
        self._read = value

    def append(self, item: list[str]) -> None:
        if self._read is None:
            self._added.append(item)
        else:
            self._read.append(item)

    def chunks(self, dump: Callable[[Any], bytes]) -> list[bytes]:
        """The notes as chunks for the next checkpoint: those read back as they were and the
        notes added since as one more; all of them as one once they are read, or many."""
        if self._read is None and len(self._chunks) < MAX_CHUNKS:
            return self._chunks + ([dump(self._added)] if self._added else [])
        return [dump(list(self.data))]


def notes_chunks(notes: Any, dump: Callable[[Any], bytes]) -> list[bytes]:
    """A game's notes as a checkpoint keeps them."""
    if isinstance(notes, KeptNotes):
        return notes.chunks(dump)
    return [dump(list(notes))]
