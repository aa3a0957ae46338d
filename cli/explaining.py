"""The rule behind an option and why an action is not possible now, for a table learning
the game: `options --explain` / `--all` and `play`'s `?` and refused keys.

The words are the engine's: each event kind's spec says its rule (`rule_words`), and
`why_not` gathers the reasons its own checks give. Nothing here words a rule or a reason.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from caledonia.rules.game.families import Family
from caledonia.rules.game.registry import EVENTS
from caledonia.rules.game.state import GameState
from caledonia.rules.game.why_not import belongs, why_not

from .choosing import keyed_kinds, kind_words
from .output import emit
from .prompts import Choice, Menu, terminal_width
from .translation import t, t_n, tr

if TYPE_CHECKING:
    from caledonia.rules.game.spec import Event

NotNow = tuple[str | None, list[tuple[str, list[str]]]]  # whose, and (kind, reasons) each


def rule_of(state: GameState, event: Any) -> str:
    """The rule behind a legal event, with its rulebook section, in the reader's language
    ('' for what is not an event: an escape, back)."""
    if not isinstance(event, dict) or event.get("type") not in EVENTS:
        return ""
    return tr(EVENTS[event["type"]].rule_words(state, event))


def rule_of_kind(state: GameState, kind: str, events: Collection[Event]) -> str:
    """The rule behind a kind offered as one line: its event's rule when it has one event,
    else the kind's own."""
    if kind not in EVENTS:
        return ""
    sample = next(iter(events), None) if len(events) == 1 else None
    return tr(EVENTS[kind].rule_words(state, sample))


def emit_rule(rule: str, indent: str) -> None:
    """A rule under its option, wrapped under itself."""
    width = max(40, terminal_width() - 1) if sys.stdout.isatty() else 100
    lines = textwrap.wrap(t("Rule: {rule}", rule=rule), width - len(indent))
    for line in lines:
        emit(f"{indent}{line}")


def not_possible(state: GameState, legal: Any, player: str) -> list[tuple[str, list[str]]]:
    """Each action (a kind with a menu key) `player` could take but not now, with the rules'
    reasons, in the menu's order; a kind with no reason to give is left out."""
    offered = {
        kind
        for kind, events in legal.by_type.items()
        if any(e.get("player") == player for e in _sample(events))
    }
    found = []
    for kind, _ in keyed_kinds():
        if kind in offered or kind not in EVENTS or not belongs(state, kind, player):
            continue
        reasons = why_not(state, kind, player)
        if reasons:
            found.append((kind, reasons))
    return found


def _sample(events: Collection[Event]) -> list[Event]:
    """A kind's events as a list to look at; a lazy family by its first event."""
    if isinstance(events, Family):
        first = next(iter(events), None)
        return [first] if first is not None else []
    return list(events)


def refused_key_line(state: GameState, kind: str, player: str) -> str:
    """The one line `play` says for the key of an action not possible now."""
    reasons = why_not(state, kind, player) or [t("it is not offered now")]
    first = tr(reasons[0])
    if len(reasons) > 1:
        # TRANSLATORS: the first reason an action is not possible, and how many more there are
        first = t_n(
            "{reason} (and {count} more reason)",
            "{reason} (and {count} more reasons)",
            len(reasons) - 1,
            reason=first,
        )
    # TRANSLATORS: a key pressed for an action that is not possible now: the action
    # ("Hire a merchant") and the rules' first reason
    return t("{action}: not now: {reason}", action=kind_words(kind), reason=first)


def print_not_now(not_now: NotNow) -> None:
    player, kinds = not_now
    if player is None or not kinds:
        return
    emit(t("Not possible now for {player}:", player=player), style="bold")
    for kind, reasons in kinds:
        emit(f"  {EVENTS[kind].verb}: " + "; ".join(tr(r) for r in reasons))


def print_explained(game: Any, legal: Any, explain: bool, not_now: NotNow | None) -> None:
    """`options --json` with --explain or --all: the options as objects with their rule,
    and the actions not possible now."""
    state = game.state
    options = []
    rules: dict[str, str] = {}
    for event in legal:
        entry: dict[str, Any] = {"event": event}
        if explain:
            kind = event["type"]
            if kind == "port" or kind not in rules:  # a port tile says its own effect
                rules[kind] = rule_of(state, event)
            entry["rule"] = rules[kind]
        options.append(entry)
    out: dict[str, Any] = {"options": options}
    if not_now is not None:
        player, kinds = not_now
        out["player"] = player
        out["not_now"] = [
            {"action": kind, "reasons": [tr(r) for r in reasons]} for kind, reasons in kinds
        ]
    sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")


def with_rules(state: GameState, choices: Sequence[Choice], events: Any = None) -> list[Choice]:
    """Each choice of a `play` menu with the rule `?` shows: an event's own, a group's
    (by its first event), a kind's (`events`: the first menu's events by kind); none for the
    tool's own choices (back, undo, status: their values are not plain kinds)."""
    found = []
    for choice in choices:
        value = choice.value
        if isinstance(value, dict):
            rule = rule_of(state, value)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            rule = rule_of(state, value[0])
        elif type(value) is str and events is not None and value in events:
            rule = rule_of_kind(state, value, events[value])
        else:
            rule = ""
        found.append(choice._replace(rule=rule) if rule else choice)
    return found


def refusing(
    state: GameState, choices: Sequence[Choice], player: str | None, offered: Collection[str]
) -> Menu:
    """The first menu with the keys of the actions `player` could take but not now: each
    says why in one line, worked out only when pressed."""
    refused: dict[str, Callable[[], str]] = {}
    if player is not None and state.phase == "action":
        taken = {c.key for c in choices if c.key}
        for kind, key in keyed_kinds():
            if key in taken or kind in offered or not belongs(state, kind, player):
                continue
            refused[key] = _why_not_line(state, kind, player)
    return Menu(choices, refused)


def _why_not_line(state: GameState, kind: str, player: str) -> Callable[[], str]:
    return lambda: refused_key_line(state, kind, player)
