"""What a game file records of its play besides the game: an id of its own and when it
started and ended, as plain top-level keys (`play_id`, `started`, `ended`).

The command line fills them in (a random id and the clock's time when a game is created,
the time when the last production of round 5 is recorded): the rules never read a clock.
Files written before these keys existed load without them (an empty record).
Times are UTC in ISO 8601, to the second: "2026-03-14T21:30:00Z".
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from ..messages import Reason
from ..schema import Node

KEYS = ("play_id", "started", "ended")


def as_text(when: datetime) -> str:
    """A time as the file keeps it: UTC, ISO 8601, to the second."""
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> datetime | None:
    """A recorded time as an aware UTC datetime, or None when it is not one."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when


def read_play(top: dict[str, Node]) -> dict[str, str]:
    """The play keys a file's top level holds, checked (none: an older file)."""
    record: dict[str, str] = {}
    for key in KEYS:
        node = top.get(key)
        if node is None:
            continue
        value = node.value
        if key != "play_id" and isinstance(value, datetime):  # YAML read an unquoted time
            record[key] = as_text(value if value.tzinfo else value.replace(tzinfo=timezone.utc))
            continue
        text = node.text()
        if key != "play_id" and parse_time(text) is None:
            raise node.expected(Reason("a UTC time like '2026-03-14T21:30:00Z'"))
        record[key] = text
    return record


def play_data(record: dict[str, Any]) -> dict[str, str]:
    """The play keys to write, in their order."""
    return {key: record[key] for key in KEYS if record.get(key)}
