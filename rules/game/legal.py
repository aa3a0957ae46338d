"""What may happen now: the exact set of legal events, and the check of one event.

`legal_events(state)` lists every event the rules accept now, in canonical
form, kind by kind from each spec's `options`; `refusal(state, event)` gives
the reasons one event is refused, from the spec's `check`. They are written
apart, like python-chess's `legal_moves` and `is_legal` (here `Game.check`), and the tests prove
they agree: every listed event is accepted, every other well-formed event is
refused. Corrections (fix) are outside the rules and never listed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .families import as_collection
from .registry import EVENTS
from .state import GameState, Refused

if TYPE_CHECKING:
    from .spec import Event


class LegalEvents(Collection["Event"]):
    """The legal events now, by kind; large kinds stay lazy (see families.py)."""

    def __init__(self, by_type: dict[str, Collection[Event]]):
        self.by_type = by_type

    def __len__(self) -> int:
        return sum(len(events) for events in self.by_type.values())

    def __iter__(self) -> Iterator[Event]:
        for events in self.by_type.values():
            yield from events

    def __contains__(self, event: Any) -> bool:
        if not isinstance(event, dict):
            return False
        kind = event.get("type")
        events = self.by_type.get(kind) if isinstance(kind, str) else None
        return events is not None and event in events

    def counts(self) -> dict[str, int]:
        return {kind: len(events) for kind, events in self.by_type.items()}


def legal_events(state: GameState, player: str | None = None) -> LegalEvents:
    """Every legal event now (only `player`'s, when given), in canonical form."""
    by_type = {}
    for kind, spec in EVENTS.items():
        if spec.correction:
            continue
        events = as_collection(spec.options(state))
        if player is not None:
            events = as_collection([e for e in events if e.get("player") == player])
        if len(events):
            by_type[kind] = events
    return LegalEvents(by_type)


def normalise(state: GameState, event: Mapping[str, Any]) -> Event:
    """The canonical form of a well-formed event (see spec.py), as its kind's record."""
    canonical: Event = EVENTS[event["type"]].normalise(state, event)
    return canonical


def refusal(state: GameState, event: Event) -> list[str]:
    """Why the rules refuse a canonical event now; empty when it is legal. Changes nothing."""
    try:
        return EVENTS[event["type"]].check(state, event)
    except Refused as refused:
        return refused.reasons
