"""Why no event of a kind is legal now, in the engine's own refusals.

`play` says it when a key is pressed for an action that is not offered, and `options --all`
lists it. Nothing here words a reason: the kind's `check` is asked about representative
events (the player, every side, good, unit, worker, contract and port tile a field may
name, every empty space), and the reasons every one of them gets are the answer: it is not the
player's turn, they have passed, the boxes are full. When the events share no reason (each
space costs its own money), the answer is the nearest miss: the try refused least for what
it names (a space in reach that costs too much, rather than a loch), said with the try and
its first reason. A spec may say which values of a field are worth asking about
(`probe_values`: fulfil asks about the contracts held).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import islice, product
from typing import Any

from ..messages import Reason
from .event_words import describe
from .legal import refusal
from .pieces import position_of
from .registry import CLANS, EVENTS
from .spec import CHOICES, EventSpec
from .state import GameState, Refused

PROBES = 1500  # at most this many events asked about, spread over the whole product
ONE = (1,)


def why_not(
    state: GameState, kind: str, player: str, fixed: Mapping[str, Any] | None = None
) -> list[str]:
    """The reasons no event of `kind` is legal for `player` now; empty when one is (or when
    no representative event can be made). `fixed`: fields every event asked about has (a
    free space's expansion is `free`)."""
    spec = EVENTS[kind]
    wanted = dict(fixed or {})
    if _offered(state, spec, player, wanted):
        return []
    refusals: list[tuple[dict[str, Any], list[str]]] = []
    for probe in _probes(state, spec, player):
        event = {**probe, **wanted}
        reasons = _refusal_of(state, spec, event)
        if reasons is None:
            continue  # a representative that is no event of the kind: not asked
        if not reasons:
            return []
        refusals.append((event, list(reasons)))
    if not refusals:
        return []
    shared = _shared(refusals)
    if shared:
        return shared
    event, reasons = _nearest(refusals)
    # TRANSLATORS: why an action is not possible now: the nearest try ("Ailsa expands: sheep
    # on A-10") and the first reason the rules refuse it ("costs £11 and Ailsa has £6")
    return [
        Reason(
            "the nearest try, {event}, is refused: {reason}",
            event=describe(event, position_of(state)),
            reason=reasons[0],
        )
    ]


def _shared(refusals: list[tuple[dict[str, Any], list[str]]]) -> list[str]:
    """The reasons every try got, in the first try's order."""
    (_, first), *others = refusals
    return [r for r in dict.fromkeys(first) if all(r in rs for _, rs in others)]


def _offered(
    state: GameState, spec: EventSpec[Any], player: str, wanted: Mapping[str, Any]
) -> bool:
    """Whether the options offer `player` an event of the kind with the `wanted` fields."""
    return any(
        e.get("player") == player and all(e.get(k) == v for k, v in wanted.items())
        for e in spec.options(state)
    )


def _refusal_of(state: GameState, spec: EventSpec[Any], event: dict[str, Any]) -> list[str] | None:
    """The rules' reasons against `event` (empty: legal); None when it is no event of the
    kind at all."""
    try:
        reasons = refusal(state, spec.normalise(state, event))
    except Refused as refused:
        reasons = refused.reasons
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        return None
    return list(reasons)


def _nearest(refusals: list[tuple[dict[str, Any], list[str]]]) -> tuple[dict[str, Any], list[str]]:
    """The try whose reasons are least about what was tried (a space that is a loch, a
    contract not held) and most about the player (the money they have), then the fewest
    reasons, then the rarest kinds of reason (by message id)."""
    seen = Counter(_kind(r) for _, reasons in refusals for r in reasons)

    def distance(item: tuple[dict[str, Any], list[str]]) -> tuple[int, int, int]:
        event, reasons = item
        tried = {str(v) for k, v in event.items() if k not in ("type", "player")}
        naming = sum(1 for r in reasons if tried & _named(r))
        return (naming, len(reasons), sum(seen[_kind(r)] for r in reasons))

    return min(refusals, key=distance)


def _named(reason: str) -> set[str]:
    """The values a reason names in its fields (a space, a contract, a tile)."""
    fields = getattr(reason, "fields", {})
    return {str(v) for v in fields.values() if not isinstance(v, Reason)}


def _kind(reason: str) -> str:
    return getattr(reason, "message_id", reason)


def belongs(state: GameState, kind: str, player: str) -> bool:
    """Whether `kind` is one `player` could ever take: a clan's own kind only for its clan."""
    clan = next((name for name, unit in CLANS.items() if EVENTS[kind] in unit.specs), None)
    if clan is None:
        return True
    try:
        return state.player(player).clan == clan
    except Refused:
        return False


def _probes(state: GameState, spec: EventSpec[Any], player: str) -> Iterator[dict[str, Any]]:
    # representatives of the kind, not all well formed: asked, never recorded
    names = [n for n, f in spec.fields.items() if f.required]
    values = [
        spec.probe_values(state, player, n) or _values(state, spec.fields[n].kind, player)
        for n in names
    ]
    total = 1
    for options in values:
        total *= len(options)
    step = max(1, -(-total // PROBES))
    for combination in islice(product(*values), 0, None, step):
        yield {"type": spec.type, **dict(zip(names, combination, strict=True))}


def _values(state: GameState, kind: str, player: str) -> tuple[Any, ...]:
    """Representative values of a field kind, in what the game holds now."""
    if kind == "player":
        return (player,)
    if kind in CHOICES:
        return CHOICES[kind]
    if kind == "good":
        return tuple(state.prices)
    if kind == "unit":
        return tuple(state.parts.economy.units)
    if kind in ("count", "quantity", "amount", "bid"):
        return ONE
    if kind == "bool":
        return (False,)
    return _values_on_the_table(state, kind, player)


def _values_on_the_table(state: GameState, kind: str, player: str) -> tuple[Any, ...]:
    """Representative contracts, tiles, clans and spaces: those of the game now."""
    if kind == "contract":
        return _contracts(state, player)
    if kind == "tile":
        return tuple(state.setup.ports.values()) or ("1",)
    if kind == "clan":
        return tuple(state.setup.clans) or ("",)
    if kind == "space":
        empty = [s.id for s in state.board.spaces if state.occupant(s.index) is None]
        return tuple(empty or [state.board.spaces[0].id])
    return ("",)


def _contracts(state: GameState, player: str) -> tuple[Any, ...]:
    """The contracts on the export board and those `player` holds."""
    held = _held(state, player)
    board = [c for c in state.export_board if c is not None]
    return tuple(dict.fromkeys(board + held)) or ONE


def _held(state: GameState, player: str) -> list[int]:
    try:
        return list(state.player(player).open_contracts)
    except Refused:
        return []
