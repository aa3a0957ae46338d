"""The kinds of event in a game file: their fields, their handler and their words.

An event is plain data, `{type: trade, player: Ailsa, side: buy, good: whisky,
quantity: 2}`. `check_event` checks its shape (as read from a file or built by
the command line) and `describe` puts it in words for the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..schema import Node
from . import actions, fixes, phases, ports
from .state import GameState

Handler = Callable[[GameState, dict], list[str]]

# type -> (handler, required fields, optional fields); a field's kind is checked below
EVENTS: dict[str, tuple[Handler, dict[str, str], dict[str, str]]] = {
    "clan": (phases.choose_clan, {"player": "text", "clan": "text"}, {}),
    "auction": (phases.auction, {"player": "text", "clan": "text", "bid": "bid"}, {}),
    "worker": (phases.place_worker, {"player": "text", "unit": "worker", "space": "text"}, {}),
    "trade": (
        actions.trade,
        {"player": "text", "side": "side", "good": "good", "quantity": "count"},
        {},
    ),
    "contract": (actions.obtain, {"player": "text", "contract": "contract"}, {}),
    "expand": (
        actions.expand,
        {"player": "text", "unit": "unit", "space": "text"},
        {"free": "bool"},
    ),
    "neighbourhood": (
        actions.neighbourhood,
        {"player": "text", "good": "good", "quantity": "count"},
        {},
    ),
    "building_bonus": (
        actions.building_bonus,
        {"player": "text"},
        {"keep": "contract", "drawn": "ids"},
    ),
    "shipping": (actions.shipping, {"player": "text"}, {}),
    "technology": (actions.technology, {"player": "text", "worker": "worker"}, {}),
    "merchant": (actions.merchant, {"player": "text"}, {}),
    "fulfil": (actions.fulfil, {"player": "text", "contract": "contract"}, {"slaughter": "spaces"}),
    "bonus": (
        actions.bonus,
        {"player": "text", "choice": "choice"},
        {"worker": "worker", "from": "text"},
    ),
    "pass": (actions.pass_turn, {"player": "text"}, {}),
    "port": (
        ports.use_port,
        {"player": "text", "tile": "text"},
        {
            "use": "text",
            "give": "good",
            "take": "goods",
            "choice": "choice",
            "worker": "worker",
            "from": "text",
            "good": "good",
            "direction": "direction",
            "swaps": "swaps",
        },
    ),
    "produce": (
        phases.produce,
        {"player": "text"},
        {"cheese": "amount", "bread": "amount", "whisky": "amount"},
    ),
    "prepare": (phases.prepare, {}, {"drawn": "ids", "rolls": "rolls"}),
    "fix": (
        fixes.fix,
        {"what": "text"},
        {
            "player": "text",
            "good": "good",
            "value": "amount",
            "space": "text",
            "unit": "text",
            "contract": "contract",
            "to": "text",
            "level": "text",
            "worker": "worker",
            "upgraded": "bool",
        },
    ),
}
CHOICES = {
    "side": ("buy", "sell"),
    "worker": ("woodcutter", "miner"),
    "choice": ("technology", "shipping", "merchant", "retrieve"),
    "direction": ("up", "down"),
}


def _field(node: Node, kind: str, goods: tuple[str, ...], units: tuple[str, ...]) -> Any:
    if kind == "text":
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            return str(node.value)
        return node.text()
    if kind in CHOICES:
        return node.choice(CHOICES[kind])
    if kind == "good":
        return node.choice(goods)
    if kind == "unit":
        return node.choice(units)
    if kind == "count":
        return node.whole(1)
    if kind == "amount":
        return node.whole(0)
    if kind == "bid":
        return node.whole(0, 30)
    if kind == "contract":
        return node.whole(1, 50)
    if kind == "bool":
        return node.boolean()
    if kind == "ids":
        return [item.whole(1, 50) for item in node]
    if kind == "spaces":
        return [item.text() for item in node]
    if kind == "goods":
        return [item.choice(goods) for item in node]
    if kind == "rolls":
        rolls = []
        for item in node:
            entry = item.mapping(required=("good", "die"))
            rolls.append({"good": entry["good"].choice(goods), "die": entry["die"].whole(-3, 3)})
        return rolls
    if kind == "swaps":
        swaps = []
        for item in node:
            entry = item.mapping(required=("space", "unit"))
            swaps.append({"space": entry["space"].text(), "unit": entry["unit"].choice(units)})
        return swaps
    raise ValueError(f"unknown field kind {kind}")  # a bug in this table, not in the input


def check_event(node: Node, goods: tuple[str, ...], units: tuple[str, ...]) -> dict[str, Any]:
    """An event's fields checked and normalised; DataError naming the bad one."""
    if not isinstance(node.value, dict) or "type" not in node.value:
        raise node.expected("an event: a mapping with a 'type' such as trade, expand or pass")
    kind = node.entries()["type"].choice(EVENTS)
    _, required, optional = EVENTS[kind]
    entries = node.mapping(required=("type", *required), optional=tuple(optional))
    event: dict[str, Any] = {"type": kind}
    for name in (*required, *optional):
        if name in entries and entries[name].value is not None:
            event[name] = _field(entries[name], {**required, **optional}[name], goods, units)
    return event


def describe(event: dict[str, Any]) -> str:
    """An event in words, as the log shows it."""
    e = event
    who = e.get("player", "")
    kind = e["type"]
    unit = str(e.get("unit", "")).replace("_", " ")
    if kind == "clan":
        return f"{who} takes clan {e['clan']}"
    if kind == "auction":
        return f"{who} wins {e['clan']} in the auction for {e['bid']} VP"
    if kind == "worker":
        return f"{who} places a starting {unit} on {e['space']}"
    if kind == "trade":
        return f"{who} {'buys' if e['side'] == 'buy' else 'sells'} {e['quantity']} {e['good']}"
    if kind == "contract":
        return f"{who} takes contract {e['contract']}"
    if kind == "expand":
        return f"{who} expands: {unit} on {e['space']}" + (" (free space)" if e.get("free") else "")
    if kind == "neighbourhood":
        return f"{who} buys {e['quantity']} {e['good']} with the neighbourhood bonus"
    if kind == "building_bonus":
        keep = e.get("keep")
        return f"{who} takes the building bonus, keeping " + (
            f"contract {keep}" if keep else "none"
        )
    if kind == "shipping":
        return f"{who} upgrades shipping"
    if kind == "technology":
        return f"{who} upgrades the {e['worker']} technology"
    if kind == "merchant":
        return f"{who} hires a merchant"
    if kind == "fulfil":
        slaughter = e.get("slaughter")
        return f"{who} fulfils contract {e['contract']}" + (
            f", slaughtering on {', '.join(slaughter)}" if slaughter else ""
        )
    if kind == "bonus":
        extra = e.get("worker") or e.get("from") or ""
        return f"{who} takes a bonus upgrade: {e['choice']}" + (f" ({extra})" if extra else "")
    if kind == "pass":
        return f"{who} passes"
    if kind == "port":
        return f"{who} uses port tile {e['tile']}" + (
            f" as tile {e['use']}" if e.get("use") else ""
        )
    if kind == "produce":
        made = ", ".join(f"{e[g]} {g}" for g in ("cheese", "bread", "whisky") if e.get(g))
        return f"{who} produces" + (f", processing {made}" if made else "")
    if kind == "prepare":
        return "preparation of the next round" + (
            f" (drawn {', '.join(map(str, e['drawn']))})" if e.get("drawn") else ""
        )
    if kind == "fix":
        target = " ".join(
            str(e[k]) for k in ("player", "good", "space", "contract", "worker") if e.get(k)
        )
        value = next((e[k] for k in ("value", "unit", "to", "level", "upgraded") if k in e), "")
        return f"fix {e['what']}: {target} → {value}".replace("  ", " ")
    return kind
