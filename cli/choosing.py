"""Who answers next in `play`, and the menus that lead to one legal event.

Everything here is worked out from `legal_events`: a menu never offers what the
rules refuse. It is pure (no terminal): `play_cmd` asks the questions. A kind
of event is chosen first, then its fields narrow the list level by level
(trade: buy or sell which good, then how many; expand: the unit, the module,
then the space with its cost) until the list is short enough to show whole,
each event in the words `options` uses.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, NamedTuple

from caledonia.rules.contract_faces import tile
from caledonia.rules.game.contracts import due
from caledonia.rules.game.events.expand import expansion
from caledonia.rules.game.events.obtain import due_words
from caledonia.rules.game.events.port import tile_name as port_tile_name
from caledonia.rules.game.families import Family
from caledonia.rules.game.legal import LegalEvents
from caledonia.rules.game.phases import player_to_act
from caledonia.rules.game.registry import CLANS, EVENTS, MENU
from caledonia.rules.game.spec import player_of
from caledonia.rules.game.state import GameState
from caledonia.rules.game.trading import unit_price
from caledonia.rules.messages import N_, Reason
from caledonia.rules.space_names import MODULE_CORNERS

from .prompts import SHORTCUT_KEYS, Choice
from .translation import t, t_n, tr

Event = Mapping[
    str, Any
]  # an event the menus offer or build (a kind's record, or its fields so far)
SHOW_WHOLE = 12  # a list this short is shown event by event, with what each costs


# What a kind of event is in the menus (its words, key, place, whether it is optional) is
# its spec's (rules/game/spec.py): no table here lists the kinds, so a new one needs no
# change in cli/ (tests/test_kinds_declared_once.py)
def kind_words(kind: str) -> str:
    """A kind of event as its menu line names it, in the reader's language."""
    spec = EVENTS.get(kind)
    if spec is None or not spec.menu_words:
        return kind.replace("_", " ").capitalize()
    return tr(spec.menu_words)


def kind_key(kind: str) -> str | None:
    """The menu key a table learns the kind by (t for trade; None: any free key)."""
    spec = EVENTS.get(kind)
    return spec.menu_key if spec is not None else None


def keyed_kinds() -> list[tuple[str, str]]:
    """Each kind with a menu key, and its key, in the first menu's order."""
    return [(spec.type, spec.menu_key) for spec in MENU if spec.menu_key]


class Decision(NamedTuple):
    """The next question: whose it is, their legal events by kind, and who comes after
    when they may end their turn instead (their main action is done)."""

    player: str | None  # None: the table's (the preparation)
    events: dict[str, Collection[Event]]
    then: str | None = None


def decision(state: GameState, legal: LegalEvents) -> Decision | None:
    """Who answers now; None when nothing is legal (the game is over)."""
    players = _players(legal)
    if not players:
        return None
    if None in players:  # events with no player: the preparation
        return Decision(None, events_of(legal, None))
    if state.phase == "action":
        current, upcoming = state.turn.player, player_to_act(state)
        mine = events_of(legal, current)
        if current not in players or all(k == "end_turn" for k in mine):  # the next's turn
            return Decision(upcoming, events_of(legal, upcoming))
        # after the main action the turn may end: the next player's events wait behind 'z'
        may_end = state.turn.main_done and upcoming in players and upcoming != current
        return Decision(current, mine, upcoming if may_end else None)
    order = [p.name for p in state.players]
    if state.turn_order:
        order = list(state.turn_order) + [n for n in order if n not in state.turn_order]
    asked = [name for name in order if name in players]
    # someone who must answer (produce, sell milk) before someone who only may (a barrel)
    needed = [n for n in asked if any(not EVENTS[k].optional for k in events_of(legal, n))]
    first = (needed or asked or sorted(players))[0]
    return Decision(first, events_of(legal, first))


def _players(legal: LegalEvents) -> set[str | None]:
    found: set[str | None] = set()
    for events in legal.by_type.values():
        if isinstance(events, Family):
            found.add(_family_player(events))
            continue
        found.update(player_of(e) for e in events)
    return found


def _family_player(events: Family[Any]) -> str | None:
    sample = next(iter(events), None)
    return player_of(sample) if sample else None


def events_of(legal: LegalEvents, player: str | None) -> dict[str, Collection[Event]]:
    mine: dict[str, Collection[Event]] = {}
    for kind, events in legal.by_type.items():
        if isinstance(events, Family):
            if _family_player(events) == player:
                mine[kind] = events
            continue
        listed = [e for e in events if e.get("player") == player]
        if listed:
            mine[kind] = listed
    return mine


def forced(choice: Decision) -> Event | None:
    """The one event when there is nothing to choose (a production with no processing
    choice, a preparation from a known pile): `play` records it without asking."""
    if len(choice.events) != 1 or choice.then is not None:
        return None
    (events,) = choice.events.values()
    if isinstance(events, Family) or len(events) != 1:
        return None
    (event,) = events
    return event if event["type"] in ("produce", "prepare") else None


def kind_choices(state: GameState, events: dict[str, Collection[Event]]) -> list[Choice]:
    """The first menu: each kind of event legal now, with how many choices it has; a kind
    with one event says that event whole (its key then records it). A kind that would end
    a bonus the turn still holds says so."""
    choices = []
    order = [spec.type for spec in MENU]  # one order in every first menu
    for kind, listed in sorted(
        events.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)
    ):
        words = kind_words(kind)
        if isinstance(listed, Family):
            label = _family_label(state, kind, listed, words)
        elif len(listed) == 1:
            (event,) = listed
            option = _with_powers(state, event, EVENTS[kind].option_words(state, event))
            label = t("{kind}: {option}", kind=words, option=option)
        else:
            label = t_n(
                "{option}: {count} choice", "{option}: {count} choices", len(listed), option=words
            )
        label = ends_words(label, given_up(state, events, kind))
        choices.append(Choice(label, kind, kind_key(kind)))
    return choices


def _family_label(state: GameState, kind: str, listed: Any, words: str) -> str:
    """A kind too large to list: its words, and for the building bonus what keeping a
    contract drawn brings or costs this round (the round's contract price)."""
    if kind != "building_bonus":
        return words

    sample = next(iter(listed), None)
    if sample is None or "player" not in sample:
        return words
    player = state.by_name(sample["player"])
    money = due_words(due(state, player, state.turn.contracts_obtained))
    # TRANSLATORS: {money} is what keeping a contract drawn brings or costs: 'pay £15'
    return t("{kind} (keeping one: {money})", kind=words, money=money)


def open_bonuses(events: dict[str, Collection[Event]]) -> list[str]:
    """The kinds of `events` that are bonuses still open (the neighbourhood bonus, ...)."""
    return [spec.type for spec in MENU if spec.open_bonus and spec.type in events]


def bonus_words(kind: str) -> str:
    """The open bonus a kind takes, in the reader's language: 'the neighbourhood bonus'."""
    return tr(EVENTS[kind].open_bonus)


def given_up(state: GameState, events: dict[str, Collection[Event]], kind: str) -> list[str]:
    """The open bonuses that an event of `kind` ends, in words: the kind is tried on a copy
    of the game (a port tile ends the neighbourhood bonus; buying with it does not)."""
    bonuses = [b for b in open_bonuses(events) if b != kind]
    listed = events.get(kind)
    if not bonuses or kind == "end_turn" or listed is None:
        return []
    sample = next(iter(listed), None)
    trial = _tried(state, kind, sample) if sample is not None else None
    if trial is None:
        return []
    return [bonus_words(b) for b in bonuses if not EVENTS[b].bonus_open(trial.turn)]


def _tried(state: GameState, kind: str, event: Event) -> GameState | None:
    """A copy of the game with `event` of `kind` applied (its fixed parts shared, not
    copied); None when it cannot be applied."""
    kept = (state.setup, state.parts, state.board, state.market, state.rules)
    trial = copy.deepcopy(state, {id(part): part for part in kept})
    try:
        EVENTS[kind].apply(trial, event)
    except Exception:  # noqa: BLE001 - a trial only: what cannot be tried is not said
        return None
    return trial


def all_of(words: Sequence[str]) -> str:
    """Things given up, in one phrase: 'the neighbourhood bonus and 1 free space'."""
    joined = words[0]
    for more in words[1:]:
        joined = t("{earlier} and {later}", earlier=joined, later=more)
    return joined


def ends_words(line: str, bonuses: Sequence[str]) -> str:
    """A menu line and what choosing it gives up: '...: ends the neighbourhood bonus' (the
    line as it is when nothing is given up)."""
    if not bonuses:
        return line
    # TRANSLATORS: a menu line ("Use a port tile: 2 choices") and the bonuses choosing it ends
    return t("{option}: ends {bonuses}", option=line, bonuses=all_of(bonuses))


class Level(NamedTuple):
    """One narrowing question: its words (a message id and its fields) and how an event is
    filed under an answer (its words in English: a Reason is translated where shown)."""

    question: str
    file: Callable[[Event], tuple[Any, str]]  # event -> (sort key, the answer's words)
    fields: Mapping[str, str] = {}

    def asked(self) -> str:
        """The question in the reader's language."""
        return t(self.question, **self.fields)


def _field(name: str, words: Callable[[Any], str] = str) -> Callable[[Event], tuple[Any, str]]:
    return lambda e: (str(e.get(name, "")), words(e.get(name, "")))


def _module(e: Event) -> tuple[Any, str]:
    space = str(e.get("space", ""))
    letter = space.split("-")[0].removeprefix("port:")
    if "-" not in space:
        return (letter, Reason("a port tile"))
    corner = MODULE_CORNERS.get(letter)
    if corner:
        return (letter, Reason("module {letter}, {corner}", letter=letter, corner=Reason(corner)))
    return (letter, Reason("module {letter}", letter=letter))


UNIT_KEYS = {  # the player board's order, so a unit keeps its key from turn to turn
    "sheep": "1",
    "cow": "2",
    "cheese dairy": "3",
    "bakery": "4",
    "field": "5",
    "distillery": "6",
    "woodcutter": "7",
    "miner": "8",
    "fisherman": "9",
}
GOOD_KEYS = "123456"  # buy: 1-6 and sell: a-f, in the market's order of goods


def _unit(e: Event) -> tuple[Any, str]:
    unit = str(e.get("unit", "")).replace("_", " ")
    words = Reason("{unit} (free space)", unit=unit) if e.get("free") else unit
    return ((e.get("free", False), unit), words)


def _trade(e: Event) -> tuple[Any, str]:
    good = e["good"]
    words = (
        Reason("buy {good}", good=good) if e["side"] == "buy" else Reason("sell {good}", good=good)
    )
    return ((e["side"], good), words)


# The narrowing questions by name: a spec's `narrowed_by` names those its kind is asked
LEVELS: dict[str, Level] = {
    "buy_or_sell": Level(N_("Buy or sell which good?"), _trade),
    "which_unit": Level(N_("Which unit?"), _unit),
    "which_worker": Level(N_("Which worker?"), _unit),
    "where": Level(N_("Where?"), _module),
    "which_port_tile": Level(N_("Which port tile?"), _field("tile", port_tile_name)),
    "which_good": Level(N_("Which good?"), _field("good")),
    "which_clan": Level(N_("Which clan?"), _field("clan")),
    "whose_production": Level(N_("Whose production?"), _field("player")),
    "how_many_contracts": Level(N_("One contract or two?"), lambda e: _how_many(e)),
    "which_contract_first": Level(N_("Which contract first?"), lambda e: _contract(e)),
}


def _contract(e: Event) -> tuple[Any, str]:
    """A contract by its face, the id after: the printed tiles carry no numbers."""
    number = e.get("contract")
    order = f"{number:03d}" if isinstance(number, int) else str(number)
    return (order, tile(number))


def _how_many(e: Event) -> tuple[Any, str]:
    two = e.get("second") is not None
    return (two, Reason("two contracts together") if two else Reason("one contract"))


def narrow(
    state: GameState, kind: str, events: Sequence[Event]
) -> tuple[Level, list[Choice]] | None:
    """The next narrowing question for `events` of one kind, or None when the list is short
    enough to show whole (or no level splits it further). An answer that holds one event
    says it whole, so its key never records something unseen."""
    if len(events) <= SHOW_WHOLE:
        return None
    for level in _levels(kind) + _generic_levels(kind):
        choices = _level_menu(state, kind, level, events)
        if choices is not None:
            return level, choices
    return None


def _levels(kind: str) -> list[Level]:
    """The narrowing questions the kind's spec names, in its order."""
    return [LEVELS[name] for name in EVENTS[kind].narrowed_by]


def by_module(
    state: GameState, kind: str, events: Sequence[Event]
) -> tuple[Level, list[Choice]] | None:
    """The "Where?" question by module for `events` however few (a short terminal draws one
    module's spaces, not several), or None when they lie in one module or the kind is not
    asked where."""
    level = LEVELS["where"] if LEVELS["where"] in _levels(kind) else None
    choices = None if level is None else _level_menu(state, kind, level, events)
    return None if level is None or choices is None else (level, choices)


def _level_menu(
    state: GameState, kind: str, level: Level, events: Sequence[Event]
) -> list[Choice] | None:
    """The answers of `level` for `events`, or None when it does not split them."""
    spec = EVENTS[kind]
    groups: dict[Any, tuple[str, list[Event]]] = {}
    for event in events:
        key, words = level.file(event)
        groups.setdefault(key, (words, []))[1].append(event)
    if len(groups) <= 1:
        return None
    ordered = sorted(groups.items(), key=lambda item: str(item[0]))
    choices = [
        Choice(
            t_n(
                "{option}: {count} choice",
                "{option}: {count} choices",
                len(members),
                option=_priced(state, level, words, members),
            )
            if len(members) > 1
            else spec.option_words(state, members[0]),
            members,
            _stable_key(state, kind, key, words),
        )
        for key, (words, members) in ordered
    ]
    if level.file is _unit:  # the player board's order, as every unit menu
        choices = _in_board_order(choices, [key for key, _ in ordered])
    if all(c.key for c in choices):  # in the order of their keys
        choices.sort(key=lambda c: SHORTCUT_KEYS.index(c.key))
    return choices


def _priced(state: GameState, level: Level, words: str, members: Sequence[Event]) -> str:
    """A unit's answer with its price and the land's, which vary by space: 'sheep £8 +
    land £1–£6'; a free space says the land is saved. Other answers as they are (in the
    reader's language)."""
    if level.file is _trade:  # the price now: what one of the good costs or brings
        each = unit_price(state, members[0]["good"])
        # TRANSLATORS: a trade's answer and the good's price now: 'buy wool at £4 each'
        return t("{trade} at £{price} each", trade=words, price=each)
    if level.file is not _unit:
        return tr(words)

    first = members[0]
    player = state.by_name(first["player"])
    free = bool(first.get("free"))
    check = expansion(
        state, player, first["unit"], state.space(first["space"]), free, first["type"] == "worker"
    )
    price = check.unit_cost + sum(amount for _, amount in check.adjustments)
    lands = sorted({state.board.spaces[state.space(e["space"])].cost or 0 for e in members})
    if len(lands) == 1:
        span = t("£{amount}", amount=lands[0])
    else:
        span = t("£{least}–£{most}", least=lands[0], most=lands[-1])
    if free:
        return t("{unit} £{price}, saves land {span}", unit=words, price=price, span=span)
    return t("{unit} £{price} + land {span}", unit=words, price=price, span=span)


def _in_board_order(choices: list[Choice], keys: list[Any]) -> list[Choice]:
    """Unit answers (filed by (free, unit)) in the player board's order, each with its
    unit's key; a unit offered both ways (free space and not) keeps the key for the
    ordinary one, the other gets the next free key."""
    order = list(UNIT_KEYS)
    paired = sorted(
        zip(keys, choices, strict=True),
        key=lambda item: (order.index(item[0][1]) if item[0][1] in order else len(order), item[0]),
    )
    seen: set[str] = set()
    placed = []
    for (_, unit), choice in paired:
        key = UNIT_KEYS.get(unit)
        if key is None or key in seen:
            placed.append(choice._replace(key=None))
            continue
        seen.add(key)
        placed.append(choice._replace(key=key))
    return placed  # a choice without a key gets a free one (prompts.with_keys)


def _stable_key(state: GameState, kind: str, key: Any, words: str) -> str | None:
    """The same key for the same answer every turn: units by the player board's order,
    modules by letter, trades by the good (buy 1-6, sell a-f)."""
    if words in UNIT_KEYS:
        return UNIT_KEYS[words]
    if words.startswith("module "):
        return words[len("module ")].lower()
    if kind == "trade" and isinstance(key, tuple):
        side, good = key
        index = list(state.prices).index(good)
        return GOOD_KEYS[index] if side == "buy" else "abcdef"[index]
    return None


def _generic_levels(kind: str) -> list[Level]:
    """By each field in the order `act` reads them, for kinds without levels of their own."""
    spec = EVENTS[kind]
    return [
        # TRANSLATORS: {field} is the name of an event's field, in English: "Which good?"
        Level(N_("Which {field}?"), _field(name), {"field": name.replace("_", " ")})
        for name in spec.positional
        if name != "player"
    ]


def event_choices(state: GameState, kind: str, events: Sequence[Event]) -> list[Choice]:
    """The last menu: each event in the words `options` uses (with its cost)."""
    spec = EVENTS[kind]
    return [Choice(_with_powers(state, e, spec.option_words(state, e)), e) for e in events]


def _with_powers(state: GameState, event: Event, option: str) -> str:
    """A clan offered: its option words, the starting tile paired with it, then its powers
    whole (the menu wraps a long line under the option). Any other event's as they are."""
    if event.get("type") not in ("clan", "auction"):
        return option

    clan = event.get("clan", "")
    words = with_starting_tile(state, clan, option)
    unit = CLANS.get(clan)
    if unit is not None and unit.summary:
        # TRANSLATORS: a clan's menu line, then its powers (the clan's own words)
        words = t("{option}: {powers}", option=words, powers=unit.summary)
    return words


def with_starting_tile(state: GameState, clan: str, option: str) -> str:
    """'Buchanan (starting tile 6: £55, 1 cheese)': the clan's option and what the tile
    paired with `clan` holds, marked as an example when the box values are the shipped
    example's (the option as it is when no tile is paired yet)."""
    from .game_setup import box_data_is_example, tile_holds

    setup = state.setup
    if clan not in setup.clans or len(setup.starting_tiles) != len(setup.clans):
        return option
    number = setup.starting_tiles[setup.clans.index(clan)]
    contents = setup.tile_contents.get(number)
    if contents is None:
        return option
    fields = {"option": option, "tile": number, "holds": tile_holds(contents)}
    if box_data_is_example(setup):
        return t("{option} (starting tile {tile}: {holds}; example values)", **fields)
    return t("{option} (starting tile {tile}: {holds})", **fields)
