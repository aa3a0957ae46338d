"""Large sets of legal events, built lazily: counted, iterated and tested for membership
without listing them (the contracts a table may name from its own pile, the dice).

`Listed` wraps an ordinary list the same way, so `legal_events` treats every
kind alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .spec import event_key

if TYPE_CHECKING:
    from .spec import Event

# the record of the kind listed (`Event`: any kind's)
R = TypeVar("R", bound=Mapping[str, Any])


class Listed(Collection[R]):
    """A list of events with set membership by canonical form."""

    def __init__(self, events: list[R]):
        self.events = events
        self._keys: set[tuple[tuple[str, Any], ...]] | None = None

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[R]:
        return iter(self.events)

    def __contains__(self, event: Any) -> bool:
        if self._keys is None:
            self._keys = {event_key(e) for e in self.events}
        return isinstance(event, dict) and event_key(event) in self._keys


class Family(Collection[R]):
    """Events described by a rule rather than a list: `count`, `iterate` and `contains`
    are written together from the same description, and the tests check they agree."""

    def __init__(
        self,
        count: int,
        iterate: Callable[[], Iterator[R]],
        contains: Callable[[dict[str, Any]], bool],  # asked of any dict
        summary: str,
        sample: Callable[[random.Random], R] | None = None,
    ):
        self.count = count
        self.iterate = iterate
        self.contains = contains
        self.summary = summary  # what the choice is, in words, for `options`
        self.sample = sample  # one event at random, given a random.Random, without listing

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[R]:
        return self.iterate()

    def __contains__(self, event: Any) -> bool:
        return isinstance(event, dict) and self.contains(event)


def as_collection(options: Any) -> Collection[Event]:
    if isinstance(options, (Listed, Family)):
        return options
    return Listed(list(options))
