"""Events read and said in words: an event's shape checked, an event described, `act`'s
words parsed, and `act --help`. Every kind is a spec in events/, listed by registry.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import DataError
from ..messages import Reason
from ..position import Position
from ..schema import Node
from ..space_names import site_words
from ..words import Unmatched, match_word
from .events import port
from .registry import EVENTS, VERBS
from .spec import EventSpec, WordsError, shape_field, typed_choice

if TYPE_CHECKING:
    from .spec import Event


def check_event(
    node: Node, goods: tuple[str, ...], units: tuple[str, ...], typed: bool = False
) -> Event:
    """An event's shape checked and its fields normalised by kind; DataError naming the bad one.
    `typed`: words people typed (act, --event), read in any case and unambiguous abbreviation."""
    if not isinstance(node.value, dict):
        raise node.expected(
            Reason("an event: a mapping with a 'type' such as trade, expand or pass")
        )
    if "type" not in node.value:
        raise node.fail(
            Reason("missing key 'type': say which event, such as trade, expand or pass")
        )
    type_node = node.entry("type")
    kind = (
        typed_choice(type_node, tuple(EVENTS), "event type") if typed else type_node.choice(EVENTS)
    )
    event: Event = EVENTS[kind].shape(node, goods, units, typed)
    return event


def describe(event: Mapping[str, Any], position: Position | None = None) -> str:
    """An event in words, as the log shows it; a malformed one by its type alone. With the
    `position` it was recorded in (or one near it), each space is said as confirmations
    say it (its id, then its row and hex and the nearest landmark): the board prints no ids."""
    kind = event.get("type")
    spec = EVENTS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        return Reason("this event")
    try:
        return spec.describe(event if position is None else _placed(spec, event, position))
    except (KeyError, TypeError, ValueError, AttributeError):  # fields missing or of a wrong kind
        if spec.verb[0] in "aeiou":
            # TRANSLATORS: {verb} is the event's word in `caledonia act` (trade, expand)
            return Reason("an {verb} event", verb=spec.verb)
        # TRANSLATORS: {verb} is the event's word in `caledonia act` (trade, expand)
        return Reason("a {verb} event", verb=spec.verb)


def _placed(spec: EventSpec[Any], event: Mapping[str, Any], position: Position) -> dict[str, Any]:
    """`event` with every space id of its fields (a space, a list of them) in words."""
    index = position.board.index

    def said(value: Any) -> Any:
        return (
            site_words(position, index[value])
            if isinstance(value, str) and value in index
            else value
        )

    placed = dict(event)
    for name, f in spec.fields.items():
        if f.kind == "space" and name in event:
            placed[name] = said(event[name])
        elif f.kind == "spaces" and isinstance(event.get(name), list):
            placed[name] = [said(value) for value in event[name]]
    return placed


def as_understood(data: Any, goods: tuple[str, ...], units: tuple[str, ...]) -> Any:
    """An event as given, each field read on its own as typed words are (a field that
    cannot be read stays as given): what a refusal repeats when the event is malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return data
    found = match_word(data["type"], tuple(EVENTS), "event type")
    if isinstance(found, Unmatched):
        return data
    spec = EVENTS[found]
    event = {**data, "type": found}
    for name, f in spec.fields.items():
        if event.get(name) is not None:
            try:
                event[name] = shape_field(Node(event[name], ""), f.kind, goods, units, typed=True)
            except DataError:
                pass
    return event


def split_words(
    tokens: list[str], switches: set[str], spec: EventSpec[Any] | None = None
) -> tuple[list[str], dict[str, list[str]]]:
    """Positional words and options: `--name value`, `--name=value`, or `--name` alone for
    a switch. An option `spec` does not take is refused by name, even with no value."""
    positional: list[str] = []
    options: dict[str, list[str]] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.startswith("--") and len(token) > 2:
            name, equals, value = token[2:].partition("=")
            if equals:
                options.setdefault(name, []).append(value)
                index += 1
            elif name in switches:
                options.setdefault(name, []).append("yes")
                index += 1
            elif spec is not None and name not in spec.flags:
                raise WordsError(
                    Reason("unknown option {option} for {verb}", option=token, verb=spec.verb)
                )
            elif index + 1 >= len(tokens):
                raise WordsError(Reason("{option} needs a value", option=token))

            else:
                options.setdefault(name, []).append(tokens[index + 1])
                index += 2
            continue
        positional.append(token)
        index += 1
    return positional, options


def event_from_words(verb: str, tokens: list[str]) -> Event:
    """`caledonia act GAME VERB WORDS...` as an event; WordsError when the words cannot be one."""
    found = match_word(verb, tuple(VERBS), "action")
    if isinstance(found, Unmatched):
        raise WordsError(found.reason)
    spec = VERBS[found]
    switches = {o for o, f in spec.flags.items() if spec.fields[f].kind == "bool"}
    words, options = split_words(tokens, switches, spec)
    event: Event = spec.parse_words(words, options)
    return event


def act_help() -> list[Reason]:
    """Every action with its words, for `act --help` (rich markup), a paragraph each."""
    lines = [
        # TRANSLATORS: one kind of event in `act --help`: its verb, the words it takes (as
        # typed: not translated), what it records
        Reason(
            "[bold]{verb}[/bold] {syntax}: {meaning}", verb=s.verb, syntax=s.syntax, meaning=s.help
        )
        for s in EVENTS.values()
    ]
    return lines + [port.SPEC.words_help]
