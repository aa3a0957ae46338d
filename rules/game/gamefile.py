"""The game file's format: a format version, the setup, every event in order, and the
undone events `redo` can restore; as data and as text, with no file read or written here
(the storage layer reads and saves the files: storage/games.py).

A save after new events appends their text to the text read or written last, when that
ends with the events as caledonia writes them (`appended_text`); else (an undo, a
hand-formatted file) the whole game is written anew (`game_as_text`). Reading replays
every event through the rules; a hand-edited event that the rules refuse stops it with
its position.

Format 2 added `redo`; a file without undone events is still written as
format 1, so an older caledonia reads it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..components import Components
from ..errors import DataError
from ..file_kinds import refuse_score_sheet
from ..messages import Reason
from ..schema import Node
from ..yamlfile import flow_items, to_yaml
from .engine import Game
from .event_words import check_event, describe
from .events.prepare import seeded_rolls
from .pieces import position_of
from .play_record import KEYS as PLAY_KEYS
from .play_record import play_data, read_play
from .setup import parse_setup, setup_as_data
from .state import Refused

if TYPE_CHECKING:
    from .spec import Event

FORMAT_NAME = "caledonia-game"
FORMAT_VERSION = 2
FORMAT = f"{FORMAT_NAME}/{FORMAT_VERSION}"
COMMAND_LINE = Reason("the command line")  # where an event typed or given as JSON comes from


def _events(top: dict[str, Node], key: str) -> list[Node]:
    node = top.get(key)
    return node.sequence() if node is not None and node.value is not None else []


def _legacy(game: Game, event: Event) -> Event:
    """Files of format 1 left the seeded solo dice out of the record: roll them in."""
    if (
        event["type"] == "prepare"
        and not event.get("rolls")
        and game.state.phase == "preparation"
        and game.state.rules.dice(game.state) is not None
    ):
        return {**event, "rolls": seeded_rolls(game.state)}
    return event


def _older_production(game: Game, refused: Refused) -> None:
    """Files written before a clan's end-of-production choice was an event (sell milk, age
    whisky): the engine did not offer it then, so it was declined. Record the declines
    when the next event is refused; raise `refused` when there are none to record."""
    state = game.state
    if state.phase != "production" or not all(p.produced for p in state.players):
        raise refused
    declines = state.rules.production_declines(state)
    if not declines:
        raise refused
    for event in declines:
        game.apply(event)


def game_from_data(data: Any, source: str, parts: Components, upto: int | None = None) -> Game:
    """Check a game file's data and replay its events (the first `upto` of them)."""
    refuse_score_sheet(data, source)
    top = Node(data, source).mapping(
        required=("format", "setup", "events"), optional=("redo", *PLAY_KEYS)
    )
    version = str(top["format"].value)
    name, _, number = version.partition("/")
    if name != FORMAT_NAME or not number.isdigit():
        raise top["format"].expected(repr(FORMAT))
    if int(number) > FORMAT_VERSION:
        raise top["format"].fail(
            Reason(
                "this game was written by a newer caledonia (format {number}); this one reads "
                "format {version}: upgrade caledonia",
                number=number,
                version=FORMAT_VERSION,
            )
        )
    game = Game(parse_setup(top["setup"], parts), parts)
    game.play = read_play(top)
    goods, units = parts.economy.goods, tuple(parts.economy.units)
    for node in _events(top, "events")[:upto]:
        event = _legacy(game, check_event(node, goods, units))
        try:
            game.apply(event)
        except Refused as refused:
            try:
                _older_production(game, refused)
                game.apply(event)
            except Refused:
                raise node.fail(
                    Reason(
                        "the rules refuse this event ({event}): {reasons}",
                        event=describe(event, position_of(game.state)),
                        reasons="; ".join(refused.reasons),
                    )
                ) from None
    if upto is None:
        game.undone = [check_event(node, goods, units) for node in _events(top, "redo")]
    return game


_EVENTS = "events:\n"


class Saved(NamedTuple):
    """A game file's text as read or written last, the events it holds, whether later
    events may be appended to it, and the play keys it holds (play_record)."""

    text: str
    events: list[Event]
    appendable: bool
    play: dict[str, str] = {}


def ends_with_events(text: str, game: Game) -> bool:
    """Does `text` end with the game's events as caledonia writes them (so that later
    events may be appended), with nothing to redo?"""
    if game.undone or not game.events:
        return False
    block = _EVENTS + event_lines(game.events)
    return text.endswith("\n" + block) or text == block


def event_lines(events: Sequence[Mapping[str, Any]]) -> str:
    """The lines of `events` in the file's block sequence, as to_yaml writes them: each
    event's without PyYAML when it can (flow_items), since dumping a long game's events
    again costs more than reading them."""
    return "".join(
        flow_items([event]) or to_yaml({"events": [event]})[len(_EVENTS) :] for event in events
    )


def appended_text(game: Game) -> str | None:
    """The text read or written last with the events recorded since appended, or None
    when the whole game must be written anew (nothing kept, an undo since, a redo list)."""
    if game.saved is None or not game.saved.appendable or game.undone:
        return None
    if game.saved.play != game.play:  # a play key changed (the game ended): write anew
        return None
    saved: Saved = game.saved
    text, held = saved.text, saved.events
    if game.events[: len(held)] != held:
        return None
    later = game.events[len(held) :]
    if not later:
        return text
    return text + event_lines(later)


def game_as_data(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": f"{FORMAT_NAME}/{2 if game.undone else 1}",
        **play_data(game.play),
        "setup": setup_as_data(game.setup),
        "events": list(game.events),
    }
    if game.undone:
        data["redo"] = list(game.undone)
    return data


def game_as_text(game: Game) -> str:
    header = (
        "# A game of Clans of Caledonia kept by caledonia: the setup, then every event.\n"
        "# Change it with 'caledonia act', 'caledonia fix', 'caledonia undo' and 'caledonia redo'.\n"
    )
    return header + to_yaml(game_as_data(game))


def checked_event(data: Any, parts: Components, source: str = COMMAND_LINE) -> Event:
    """An event built by the command line or given as JSON, checked like one read from a file."""
    try:
        return check_event(
            Node(data, source), parts.economy.goods, tuple(parts.economy.units), typed=True
        )
    except DataError as error:
        raise Refused(error.reason) from None
