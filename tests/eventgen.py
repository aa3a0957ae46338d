"""Well-formed random events for a game state, to test that `legal_events` is exact.

Fields are drawn from their kinds' domains, leaning towards values that matter
in the state (the player's own spaces and contracts, the pile's top, the ports
in play), so that a fair share of them is legal. Every event is well formed:
it passes the same shape check as a file's.
"""

from __future__ import annotations

import random
from itertools import islice

from caledonia.rules.game.families import Family, Listed
from caledonia.rules.game.registry import EVENTS
from caledonia.rules.game.state import GameState

GOODS = ("wool", "milk", "grain", "cheese", "bread", "whisky")
UNITS = (
    "sheep",
    "cow",
    "cheese_dairy",
    "bakery",
    "field",
    "distillery",
    "woodcutter",
    "miner",
)
CHOICE_KINDS = {
    "side": ("buy", "sell"),
    "worker": ("woodcutter", "miner"),
    "choice": ("technology", "shipping", "merchant", "retrieve"),
    "direction": ("up", "down"),
    "good": GOODS,
    "unit": UNITS,
}


def _spaces(state: GameState, rng: random.Random) -> str:
    board = state.board
    if rng.random() < 0.08:  # a port slot, as a fisherman's words name one (port:A)
        letter = rng.choice([s.module for s in board.port_slots] + ["Z"])
        return f"port:{letter}" if rng.random() < 0.8 else f"PORT:{letter.lower()}"
    owned = [s for p in state.players for s in p.units]
    if owned and rng.random() < 0.6:
        near = board.adjacent[rng.choice(owned)] + (rng.choice(owned),)
        return board.spaces[rng.choice(near)].id
    return rng.choice(board.spaces).id


def _contract(state: GameState, rng: random.Random) -> int:
    mine = [c for p in state.players for c in p.open_contracts]
    board = [c for c in state.export_board if c is not None]
    near = mine + board + (state.pile or [])[:6]
    return rng.choice(near) if near and rng.random() < 0.8 else rng.randint(1, 50)


def _ids(state: GameState, rng: random.Random) -> list[int]:
    if state.pile is not None and rng.random() < 0.5:
        return list(state.pile[: rng.randint(0, 6)])
    return [_contract(state, rng) for _ in range(rng.randint(0, 4))]


def acting(state: GameState) -> list[str]:
    """Players who may well act now: whose turn it is, the next one, the next to place or
    choose, those still to produce."""
    names = [state.turn.player, state.next_player()] if state.phase == "action" else []
    if state.placements:
        names.append(state.placements[0][0])
    names += [p.name for p in state.players if state.phase == "production" and not p.produced]
    if state.phase == "production" and all(p.produced for p in state.players):
        names += [p.name for p in state.players]  # the end-of-production choices
    names += [p.name for p in state.players if state.phase == "clans" and not p.clan]
    return [n for n in names if n]


def field_value(kind: str, name: str, state: GameState, rng: random.Random):
    if kind == "player":
        players = state.players
        names = [p.name for p in players] + [p.colour for p in players]
        likely = acting(state)
        if likely and rng.random() < 0.7:
            return rng.choice(likely)
        who = rng.choice(names) if rng.random() < 0.95 else "Zed"
        return who.upper() if rng.random() < 0.1 else who
    if kind in CHOICE_KINDS:
        return rng.choice(CHOICE_KINDS[kind])
    if kind == "count":
        return rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 7, 9))
    if kind in ("amount", "quantity"):  # a quantity of 0 is shaped, then refused
        return rng.choice((0, 0, 1, 1, 2, 3, 5))
    if kind == "bid":
        return rng.randint(0, 31)  # 31: over the highest bid, refused by the rules
    if kind == "contract":
        return _contract(state, rng)
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "space":
        return _spaces(state, rng)
    if kind == "clan":
        clans = list(state.setup.clans) or list(state.parts.clans)
        clan = rng.choice(clans if rng.random() < 0.9 else list(state.parts.clans))
        return clan.lower() if rng.random() < 0.1 else clan
    if kind == "tile":
        tiles = list(state.setup.ports.values()) or ["1"]
        return rng.choice(tiles) if rng.random() < 0.85 else rng.choice("12345678") + ""
    if kind == "ids":
        return _ids(state, rng)
    if kind == "spaces":
        return [_spaces(state, rng) for _ in range(rng.choice((0, 1, 1, 2, 2, 3)))]
    if kind == "goods":
        return [rng.choice(GOODS) for _ in range(rng.choice((2, 3, 3, 4)))]
    if kind == "rolls":
        return [
            {"good": rng.choice(GOODS), "die": rng.choice((-3, -2, -1, 1, 2, 3))}
            for _ in range(rng.choice((3, 3, 3, 2, 4)))
        ]
    if kind == "swaps":
        return [
            {"space": _spaces(state, rng), "unit": rng.choice(UNITS)}
            for _ in range(rng.choice((2, 2, 2, 1, 3)))
        ]
    if kind == "text":  # `from` on the market, mostly
        keys = [k for p in state.players for k in p.merchants_market]
        if name == "from" and keys and rng.random() < 0.8:
            return rng.choice(keys)
        return rng.choice(("wool:buy", "whisky:sell", "x"))
    raise AssertionError(f"no generator for {kind}")


PORT_FIELDS = {
    "2": ("give", "take"),
    "3": ("give", "take"),
    "4": ("choice", "worker", "from"),
    "6": ("good", "direction"),
    "7": ("swaps",),
}


def _port_fields(tile: str, player, state: GameState, rng: random.Random) -> dict:
    """Fields that tile takes, drawn near legal: the player's own goods and units."""
    basic, processed = GOODS[:3], GOODS[3:]
    fields: dict = {}
    if tile in ("2", "3"):
        kinds, count = (basic, 3) if tile == "2" else (processed, 2)
        held = [g for g in kinds if player.goods[g]] or list(kinds)
        fields["give"] = rng.choice(held) if rng.random() < 0.9 else rng.choice(GOODS)
        size = count if rng.random() < 0.85 else rng.choice((count - 1, count + 1))
        pool = kinds if rng.random() < 0.9 else GOODS
        fields["take"] = [rng.choice(pool) for _ in range(size)]
    elif tile == "4":
        fields["choice"] = rng.choice(CHOICE_KINDS["choice"])
        if fields["choice"] == "technology" or rng.random() < 0.1:
            fields["worker"] = rng.choice(CHOICE_KINDS["worker"])
        if fields["choice"] == "retrieve" or rng.random() < 0.1:
            fields["from"] = field_value("text", "from", state, rng)
    elif tile == "6":
        fields = {"good": rng.choice(GOODS), "direction": rng.choice(("up", "down"))}
    elif tile == "7":
        own = [state.board.spaces[s].id for s in player.units] or [_spaces(state, rng)]
        fields["swaps"] = [
            {"space": rng.choice(own), "unit": rng.choice(UNITS)}
            for _ in range(2 if rng.random() < 0.9 else rng.choice((1, 3)))
        ]
    if rng.random() < 0.1:  # a field the tile does not take
        extra = rng.choice(("good", "give", "choice"))
        fields.setdefault(extra, field_value(EVENTS["port"].fields[extra].kind, extra, state, rng))
    return fields


def port_event(state: GameState, rng: random.Random) -> dict:
    """A port use shaped for its tile (a uniform draw of fields is almost never one)."""
    who = field_value("player", "player", state, rng)
    player = next((p for p in state.players if who in (p.name, p.colour)), state.players[0])
    tiles = list(state.setup.ports.values()) or ["5"]
    tile = rng.choice(tiles)
    event = {"type": "port", "player": who, "tile": tile}
    if tile == "KS":
        use = rng.choice(tiles)
        event["use"] = use
        tile = use
    return {**event, **_port_fields(tile, player, state, rng)}


def random_event(state: GameState, rng: random.Random) -> dict:
    """A well-formed event of any kind but corrections."""
    specs = [s for s in EVENTS.values() if not s.correction]
    spec = rng.choice(specs)
    if spec.type == "port" and rng.random() < 0.8:
        return port_event(state, rng)
    event = {"type": spec.type}
    for name, field in spec.fields.items():
        if field.required or rng.random() < 0.35:
            event[name] = field_value(field.kind, name, state, rng)
    return event


def mutated(event: dict, state: GameState, rng: random.Random) -> dict:
    """A legal event with one field redrawn, dropped or added: close to legal."""
    spec = EVENTS[event["type"]]
    changed = dict(event)
    name = rng.choice(list(spec.fields))
    field = spec.fields[name]
    if name in changed and not field.required and rng.random() < 0.3:
        del changed[name]
    else:
        changed[name] = field_value(field.kind, name, state, rng)
    return changed


def some_legal(legal, rng: random.Random, count: int) -> list[dict]:
    """Up to `count` legal events, spread over the kinds."""
    chosen = []
    for events in legal.by_type.values():
        if isinstance(events, Listed):
            chosen += rng.sample(events.events, min(count, len(events)))
        elif isinstance(events, Family) and events.sample is not None:
            chosen += [events.sample(rng) for _ in range(count)]
        else:
            start = rng.randrange(max(1, len(events) - count + 1))
            chosen += list(islice(iter(events), start, start + count))
    return chosen
