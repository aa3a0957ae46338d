"""Each kind of event has a typed record, declared in its spec module next to its `fields`:
mypy refuses a misspelt key on it, and a field of "any event" is read only once its type
says which kind it is. The record and the `fields` the parser reads never drift apart, and
the engine's `Event` is the union of the records, not a `dict[str, Any]`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import (
    Any,
    Literal,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest
from caledonia.rules.game import registry
from caledonia.rules.game.events.trade import Trade
from caledonia.rules.game.registry import EVENTS
from caledonia.rules.game.spec import DieRoll, EventSpec, Field, UnitSwap
from mypy_run import mypy_errors as run_mypy

ROOT = Path(__file__).resolve().parent.parent

HEAD = """
from caledonia.rules.game.events.trade import Trade, TradeEvent
from caledonia.rules.game.spec import Event
from caledonia.rules.game.state import GameState
"""

# the first three misspell a key or read one the kind may not have; the last spells right
MODULES = {
    "misspelt_key": HEAD
    + """
def quantity(e: TradeEvent) -> int:
    count: int = e["quantitty"]
    return count
""",
    "misspelt_in_a_spec": HEAD
    + """
class Misspelt(Trade):
    def describe(self, e: TradeEvent) -> str:
        good: str = e["godo"]
        return good
""",
    "any_event_not_narrowed": HEAD
    + """
def quantity(e: Event) -> int:
    count: int = e["quantity"]
    return count
""",
    "spelt_right": HEAD
    + """
def quantity(e: TradeEvent) -> int:
    return e["quantity"]


def any_quantity(e: Event) -> int:
    if e["type"] == "trade":
        return e["quantity"]
    return 0


class Spelt(Trade):
    def describe(self, e: TradeEvent) -> str:
        return e["good"]

    def check(self, state: GameState, e: TradeEvent) -> list[str]:
        return [] if e["side"] in ("buy", "sell") else ["no side"]
""",
}


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory) -> dict[str, list[str]]:
    """mypy's errors in each module of MODULES, checked against the package in one run."""
    return run_mypy(MODULES, tmp_path_factory.mktemp("events"))


@pytest.mark.long
def test_a_misspelt_key_fails_mypy(mypy_errors):
    [error] = mypy_errors["misspelt_key"]
    assert '"TradeEvent" has no key "quantitty"' in error


@pytest.mark.long
def test_a_spec_method_reads_its_own_record(mypy_errors):
    [error] = mypy_errors["misspelt_in_a_spec"]
    assert '"TradeEvent" has no key "godo"' in error


@pytest.mark.long
def test_any_event_is_read_only_once_its_type_is_known(mypy_errors):
    errors = mypy_errors["any_event_not_narrowed"]
    assert errors and all('has no key "quantity"' in error for error in errors)
    assert not any('"TradeEvent"' in error for error in errors)  # a trade has one


@pytest.mark.long
def test_the_right_spelling_passes_mypy(mypy_errors):
    assert mypy_errors["spelt_right"] == []


# the type a field of each kind holds in the record (spec.py shape_field reads them so)
KIND_TYPES: dict[str, Any] = {
    **dict.fromkeys(("text", "player", "space", "clan", "tile"), str),
    **dict.fromkeys(("side", "worker", "choice", "direction", "good", "unit"), str),
    **dict.fromkeys(("count", "amount", "quantity", "bid", "contract"), int),
    "bool": bool,
    "ids": list[int],
    "spaces": list[str],
    "goods": list[str],
    "rolls": list[DieRoll],
    "swaps": list[UnitSwap],
}


def record_of(spec: EventSpec[Any]) -> type:
    """The TypedDict a spec is generic in (EventSpec[TradeEvent], MainAction[...])."""
    for cls in type(spec).__mro__:
        for base in getattr(cls, "__orig_bases__", ()):
            records = [arg for arg in get_args(base) if is_typeddict(arg)]
            if records:
                return records[0]
    raise AssertionError(f"{type(spec).__name__} names no record")


def test_every_kind_has_its_own_record():
    records = {kind: record_of(spec) for kind, spec in EVENTS.items()}
    assert len(set(records.values())) == len(records)


def drift(spec: EventSpec[Any]) -> list[str]:
    """How the spec's record differs from its `fields`: a key one has and the other not,
    one required in one and not the other, or a type not the field kind's."""
    hints = get_type_hints(record_of(spec), include_extras=True)
    found = [] if hints.pop("type", None) == Literal[spec.type] else ["type"]
    found += [f"{name}: only in one" for name in set(hints) ^ set(spec.fields)]
    for name, field in spec.fields.items():
        if name not in hints:
            continue
        optional = get_origin(hints[name]) is NotRequired
        held = get_args(hints[name])[0] if optional else hints[name]
        if optional == field.required:
            found.append(f"{name}: required is {field.required} in fields")
        if held != KIND_TYPES[field.kind]:
            shown = held.__name__ if isinstance(held, type) else held
            found.append(f"{name}: {shown} for a field of kind {field.kind}")
    return sorted(found)


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_the_record_matches_the_fields_the_parser_reads(kind):
    assert drift(EVENTS[kind]) == []


def test_a_record_that_drifts_from_its_fields_is_caught():
    class Drifted(Trade):
        type = "trade"
        fields = {
            **Trade.fields,
            "quantity": Field("quantity", required=False),
            "good": Field("goods"),
            "price": Field("amount"),
        }

    assert drift(Drifted()) == [
        "good: str for a field of kind goods",
        "price: only in one",
        "quantity: required is False in fields",
    ]


def test_the_engines_event_is_the_union_of_the_records():
    assert get_origin(registry.Event) is Union
    assert set(get_args(registry.Event)) == {record_of(spec) for spec in EVENTS.values()}


def test_no_module_of_the_engine_calls_a_plain_dict_its_event():
    """`Event = dict[str, Any]` (or a `Mapping`) would make every lookup untyped again."""
    plain = re.compile(r"^\s*Event\s*(:\s*\w+\s*)?=\s*(dict|Dict|Mapping)\b", re.MULTILINE)
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "rules" / "game").rglob("*.py"))
        if plain.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
    assert plain.search("Event = dict[str, Any]\n")  # the scan sees the old declaration
