"""A correction inside `caledonia play`, asked in menus: what differs from the table, whose,
which and to what. It makes the same `fix` event `caledonia fix` makes from its words, and
the rules check it before it is recorded; nothing of the command line is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caledonia.rules.contract_faces import TileNotRead, named, search_tiles
from caledonia.rules.game.gamefile import checked_event
from caledonia.rules.game.spec import canonical_space
from caledonia.rules.game.state import Refused
from caledonia.rules.messages import N_
from caledonia.rules.reach import SHIPPING_LEVELS
from caledonia.rules.words import sentence

from .prompts import Asker, Choice, whole_number
from .translation import t, tr

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.spec import Event

BACK = Choice(N_("← back: fix nothing"), None, "0")  # its words translated where shown
STEP_BACK = Choice(N_("← back to what to fix"), None, "0")  # a later step's way back
# (correction, its words in the menu, its key), in the player board's order of things
WHAT = (
    ("money", N_("Money"), "m"),
    ("glory", N_("Glory"), "g"),
    ("goods", N_("Goods held"), "o"),
    ("merchants", N_("Merchants ready to trade"), "r"),
    ("shipping", N_("Shipping"), "s"),
    ("technology", N_("Technology"), "t"),
    ("unit", N_("A unit on the map"), "u"),
    ("contract", N_("A contract"), "c"),
    ("price", N_("A price on the market"), "p"),
)
PLACES = (
    ("open", N_("open, in a player's export box")),
    ("fulfilled", N_("fulfilled, with a player")),
    ("board", N_("on the export board")),
    ("out", N_("out of the game")),
)


def _back() -> Choice:
    """The way back from a step after the first: to the menu of what to fix."""
    return STEP_BACK._replace(label=t(STEP_BACK.label))


def ask_fix(asker: Asker, game: Game) -> Event | None:
    """The correction the table wants, as a fix event the rules accept; None: nothing.
    Back from any later step (or a correction refused) comes to the first menu again;
    only its own 'back' leaves the fix."""
    while True:
        what = asker.choose(
            t("What does the table show differently?"),
            [Choice(t(words), name, key) for name, words, key in WHAT]
            + [BACK._replace(label=t(BACK.label))],
        )
        if what is None:
            return None
        event = _fields(asker, game, what)
        if event is not None:
            return event


def _fields(asker: Asker, game: Game, what: str) -> Event | None:
    """The fix of `what`, step by step; None: back (or refused, with the reason said)."""
    event: dict[str, Any] = {"type": "fix", "what": what}
    for field in FIELDS[what]:
        value = field(asker, game, event)
        if value is None:
            return None
        event.update(value)

    try:
        checked = checked_event(event, game.parts, t("the fix"))
    except Refused as problem:
        asker.say(t("Not fixed: {reasons}.", reasons="; ".join(tr(r) for r in problem.reasons)))
        return None
    reasons = game.check(checked)
    if reasons:
        asker.say(t("Not fixed: {reasons}.", reasons="; ".join(tr(r) for r in reasons)))
        return None
    return checked


def _player(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    if event["what"] == "contract" and event.get("to") in ("board", "out"):
        return {}
    players = [Choice(p.name, p.name) for p in game.state.players]
    someone = asker.choose(t("Whose?"), [*players, _back()])
    return None if someone is None else {"player": someone}


def _good(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    goods = list(game.state.prices) if event["what"] == "price" else list(game.parts.economy.goods)
    menu = [Choice(g.replace("_", " "), g) for g in goods] + [_back()]
    picked = asker.choose(t("Which good?"), menu)
    return None if picked is None else {"good": picked}


def _number(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    state = game.state
    what = event["what"]
    if what == "price":
        now = state.prices[event["good"]]
        question = t(
            "The {good} price on the market (now £{now}; Enter alone: back):",
            good=event["good"],
            now=state.prices[event["good"]],
        )
    elif what == "goods":
        now = state.by_name(event["player"]).goods[event["good"]]
        question = t(
            "How many {good} does {player} hold? (now {now}; Enter alone: back)",
            good=event["good"].replace("_", " "),
            player=event["player"],
            now=now,
        )
    else:
        player = state.by_name(event["player"])
        now = {
            "money": player.money,
            "glory": player.glory,
            "merchants": player.merchants_stock,
        }[what]
        question = t(
            {
                "money": N_("{player}'s money (now £{now}; Enter alone: back):"),
                "glory": N_("{player}'s glory (now {now}; Enter alone: back):"),
                "merchants": N_(
                    "{player}'s merchants ready to trade (now {now}; Enter alone: back):"
                ),
            }[what],
            player=event["player"],
            now=now,
        )
    # an empty prompt: the value the game holds is in the question, not to be typed over
    typed = asker.text(question, validate=_number_or_nothing(whole_number(0)))
    if not typed.strip():
        return None
    if int(typed) == now:  # the table agrees with the game
        asker.say(t("Unchanged ({value}): nothing recorded.", value=now))
        return None
    return {"value": int(typed)}


def _number_or_nothing(check: Any) -> Any:
    """A whole number as `check` takes it, or nothing at all (back)."""

    def either(typed: str) -> bool | str:
        return True if not typed.strip() else check(typed)

    either.expects_number = True  # type: ignore[attr-defined]
    return either


def _space(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    """The space as the board view names it; a player's units are offered first."""
    state = game.state
    board = state.board
    player = state.by_name(event["player"])
    held = sorted(board.spaces[s].id for s in player.units)
    held += [f"port:{letter}" for letter in sorted(player.port_units)]

    def check(typed: str) -> bool | str:
        if not typed.strip():  # back
            return True
        try:
            state.space(canonical_space(state, typed.strip()))
        except Exception:  # noqa: BLE001 - the rules' reason is said
            if typed.strip().lower().startswith("port:"):
                return True
            return t(
                "No space {typed} on this map: spaces read like A-09.", typed=repr(typed.strip())
            )
        return True

    if held:
        question = t(
            "Which space, as the board view names it ({player}'s units stand on {spaces}; "
            "Enter alone: back):",
            player=player.name,
            spaces=", ".join(held),
        )
    else:
        question = t("Which space, as the board view names it (Enter alone: back):")
    typed = asker.text(question, validate=check)
    return {"space": typed.strip()} if typed.strip() else None


def _unit(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    units = [Choice(u.replace("_", " "), u) for u in game.parts.economy.units]
    units.append(Choice(t("none: take the unit off"), "none"))
    picked = asker.choose(t("What stands there now?"), [*units, _back()])
    return None if picked is None else {"unit": picked}


def _contract(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    contracts = game.parts.contracts

    def check(typed: str) -> bool | str:
        if not typed.strip():  # back
            return True
        try:
            if search_tiles(typed, contracts):
                return True
            return t("No tile asks for {typed}.", typed=repr(typed))
        except TileNotRead as problem:
            return sentence(str(problem))

    typed = asker.text(
        t("Which contract: the goods on its tile's left half, e.g. 4 wool (Enter alone: back):"),
        validate=check,
    )
    if not typed.strip():
        return None
    found = search_tiles(typed, contracts)
    if len(found) > 1:
        menu = [Choice(named(contracts[c]), c) for c in found]
        picked = asker.choose(
            t("Which tile is {typed}?", typed=repr(typed.strip())), [*menu, _back()]
        )
        if picked is None:
            return None
        found = [picked]
    place = asker.choose(
        t("Where is it now?"), [Choice(t(words), name) for name, words in PLACES] + [_back()]
    )
    return None if place is None else {"contract": found[0], "to": place}


def _level(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    levels = [Choice(level.replace("_", "-"), level) for level in SHIPPING_LEVELS]
    picked = asker.choose(t("Shipping level:"), [*levels, _back()])
    return None if picked is None else {"level": picked}


def _technology(asker: Asker, game: Game, event: dict[str, Any]) -> dict[str, Any] | None:
    worker = asker.choose(
        t("Which technology tile?"),
        [Choice("woodcutter", "woodcutter"), Choice("miner", "miner"), _back()],
    )
    if worker is None:
        return None
    upgraded = asker.choose(
        t("Is the {worker} tile upgraded?", worker=worker),
        [
            Choice(t("yes: upgraded"), True, "y"),
            Choice(t("no: not upgraded"), False, "n"),
            _back(),
        ],
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
