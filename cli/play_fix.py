"""A correction inside `caledonia play`, asked in menus: what differs from the table, whose,
which and to what. It makes the same `fix` event `caledonia fix` makes from its words, and
the rules check it before it is recorded; nothing of the command line is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .prompts import Asker, Choice, whole_number
from .translation import tr

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game

BACK = Choice("← back: fix nothing", None, "0")
# (correction, its words in the menu, its key), in the player board's order of things
WHAT = (
    ("money", "Money", "m"),
    ("glory", "Glory", "g"),
    ("goods", "Goods held", "o"),
    ("merchants", "Merchants ready to trade", "r"),
    ("shipping", "Shipping", "s"),
    ("technology", "Technology", "t"),
    ("unit", "A unit on the map", "u"),
    ("contract", "A contract", "c"),
    ("price", "A price on the market", "p"),
)
PLACES = (
    ("open", "open, in a player's export box"),
    ("fulfilled", "fulfilled, with a player"),
    ("board", "on the export board"),
    ("out", "out of the game"),
)


def ask_fix(asker: Asker, game: Game) -> dict | None:
    """The correction the table wants, as a fix event the rules accept; None: nothing."""
    what = asker.choose(
        "What does the table show differently?",
        [Choice(words, name, key) for name, words, key in WHAT] + [BACK],
    )
    if what is None:
        return None
    event: dict[str, Any] = {"type": "fix", "what": what}
    for field in FIELDS[what]:
        value = field(asker, game, event)
        if value is None:
            return None
        event.update(value)
    from caledonia.rules.game.gamefile import checked_event
    from caledonia.rules.game.state import Refused

    try:
        event = checked_event(event, game.parts, "the fix")
    except Refused as problem:
        asker.say(f"Not fixed: {'; '.join(tr(reason) for reason in problem.reasons)}.")
        return None
    reasons = game.check(event)
    if reasons:
        asker.say(f"Not fixed: {'; '.join(tr(reason) for reason in reasons)}.")
        return None
    return event


def _player(asker: Asker, game: Game, event: dict) -> dict | None:
    if event["what"] == "contract" and event.get("to") in ("board", "out"):
        return {}
    players = [Choice(p.name, p.name) for p in game.state.players]
    someone = asker.choose("Whose?", [*players, BACK])
    return None if someone is None else {"player": someone}


def _good(asker: Asker, game: Game, event: dict) -> dict | None:
    goods = list(game.state.prices) if event["what"] == "price" else list(game.parts.economy.goods)
    picked = asker.choose("Which good?", [Choice(g.replace("_", " "), g) for g in goods] + [BACK])
    return None if picked is None else {"good": picked}


def _number(asker: Asker, game: Game, event: dict) -> dict | None:
    state = game.state
    what = event["what"]
    if what == "price":
        now, question = state.prices[event["good"]], f"The {event['good']} price on the market:"
    elif what == "goods":
        now = state.by_name(event["player"]).goods[event["good"]]
        question = f"How many {event['good'].replace('_', ' ')} does {event['player']} hold?"
    else:
        player = state.by_name(event["player"])
        now = {
            "money": player.money,
            "glory": player.glory,
            "merchants": player.merchants_stock,
        }[what]
        question = {
            "money": f"{event['player']}'s money (£):",
            "glory": f"{event['player']}'s glory:",
            "merchants": f"{event['player']}'s merchants ready to trade:",
        }[what]
    typed = asker.text(question, default=str(now), validate=whole_number(0))
    return {"value": int(typed)}


def _space(asker: Asker, game: Game, event: dict) -> dict | None:
    """The space as the board view names it; a player's units are offered first."""
    from caledonia.rules.game.spec import canonical_space

    state = game.state
    board = state.board
    player = state.by_name(event["player"])
    held = sorted(board.spaces[s].id for s in player.units)
    held += [f"port:{letter}" for letter in sorted(player.port_units)]

    def check(typed: str) -> bool | str:
        try:
            state.space(canonical_space(state, typed.strip()))
        except Exception:  # noqa: BLE001 - the rules' reason is said
            if typed.strip().lower().startswith("port:"):
                return True
            return f"No space {typed.strip()!r} on this map: spaces read like A-09."
        return True

    mine = f" ({player.name}'s units stand on {', '.join(held)})" if held else ""
    typed = asker.text(f"Which space, as the board view names it{mine}:", validate=check)
    return {"space": typed.strip()}


def _unit(asker: Asker, game: Game, event: dict) -> dict | None:
    units = [Choice(u.replace("_", " "), u) for u in game.parts.economy.units]
    units.append(Choice("none: take the unit off", "none"))
    picked = asker.choose("What stands there now?", [*units, BACK])
    return None if picked is None else {"unit": picked}


def _contract(asker: Asker, game: Game, event: dict) -> dict | None:
    from caledonia.rules.contract_faces import TileNotRead, named, search_tiles
    from caledonia.rules.words import sentence

    contracts = game.parts.contracts

    def check(typed: str) -> bool | str:
        try:
            return True if search_tiles(typed, contracts) else f"No tile asks for {typed!r}."
        except TileNotRead as problem:
            return sentence(str(problem))

    typed = asker.text(
        "Which contract: the goods on its tile's left half, e.g. 4 wool:", validate=check
    )
    found = search_tiles(typed, contracts)
    if len(found) > 1:
        menu = [Choice(named(contracts[c]), c) for c in found]
        picked = asker.choose(f"Which tile is {typed.strip()!r}?", [*menu, BACK])
        if picked is None:
            return None
        found = [picked]
    place = asker.choose(
        "Where is it now?", [Choice(words, name) for name, words in PLACES] + [BACK]
    )
    return None if place is None else {"contract": found[0], "to": place}


def _level(asker: Asker, game: Game, event: dict) -> dict | None:
    from caledonia.rules.reach import SHIPPING_LEVELS

    levels = [Choice(level.replace("_", "-"), level) for level in SHIPPING_LEVELS]
    picked = asker.choose("Shipping level:", [*levels, BACK])
    return None if picked is None else {"level": picked}


def _technology(asker: Asker, game: Game, event: dict) -> dict | None:
    worker = asker.choose(
        "Which technology tile?",
        [Choice("woodcutter", "woodcutter"), Choice("miner", "miner"), BACK],
    )
    if worker is None:
        return None
    upgraded = asker.choose(
        f"Is the {worker} tile upgraded?",
        [Choice("yes: upgraded", True, "y"), Choice("no: not upgraded", False, "n"), BACK],
    )
    return None if upgraded is None else {"worker": worker, "upgraded": upgraded}


FIELDS = {
    "money": (_player, _number),
    "glory": (_player, _number),
    "goods": (_player, _good, _number),
    "merchants": (_player, _number),
    "shipping": (_player, _level),
    "technology": (_player, _technology),
    "unit": (_player, _space, _unit),
    "contract": (_contract, _player),
    "price": (_good, _number),
}
