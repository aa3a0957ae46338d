"""What `options` prints worked out from the game (options_cmd.py shows a kept view
without it): the legal events in words with their costs, as JSON, or explained."""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.engine import Game, next_step
from caledonia.rules.game.families import Family
from caledonia.rules.game.legal import LegalEvents
from caledonia.rules.game.registry import EVENTS
from caledonia.rules.game.state import GameState, Refused, phase_words

from .choosing import decision
from .explaining import emit_rule, not_possible, print_explained, print_not_now
from .game_io import load
from .output import emit
from .translation import t, t_n, tr
from .views import events_json, keep_view


def print_options(
    game_file: str,
    player: str | None,
    as_json: bool,
    limit: int,
    explain: bool,
    show_all: bool,
) -> None:
    """`options` from the game itself (no view kept, or one not usable here)."""
    plain = not explain and not show_all
    game = load(game_file)
    state = game.state
    name = None
    if player is not None:
        try:
            name = state.player(player).name
        except Refused as refusal:
            raise CaledoniaError(refusal.reasons[0]) from None
    legal = game.legal(name)
    if as_json and not plain:
        _check_limit(legal, limit)
        print_explained(game, legal, explain, _not_now(game, legal, name) if show_all else None)
        return
    if as_json:
        printed = _print_events(legal, limit)
        if name is None:
            keep_view(game_file, game, "options", {"total": len(legal), "json": printed})
        return
    _print_in_words(game, legal, name, game_file, explain)
    if show_all:
        print_not_now(_not_now(game, legal, name))


def _print_in_words(
    game: Game, legal: LegalEvents, name: str | None, game_file: str, explain: bool
) -> None:
    """Where the game stands, then the legal events in words (or why there are none)."""
    state = game.state
    step = next_step(state)
    emit(
        t(
            "Round {round}, {phase}. Next: {step}.",
            round=state.round,
            phase=phase_words(state.phase),
            step=step,
        )
    )
    if len(legal):
        _print_words(game, legal, game_file, explain)
    elif name:
        emit(t("Nothing is legal now for {player}: {step}.", player=name, step=step))
    elif state.phase == "over":
        emit(t("Nothing is legal now: the game is over."))
    else:
        emit(t("Nothing is legal now: correct the game to match the table with 'caledonia fix'."))


def _not_now(
    game: Game, legal: LegalEvents, name: str | None
) -> tuple[str | None, list[tuple[str, list[str]]]]:
    """Whose actions are asked about (the player given, else whoever answers now) and each
    action not possible for them now, with the rules' reasons."""
    if name is None:
        asked = decision(game.state, legal)
        name = asked.player if asked is not None else None
    if name is None:
        return None, []
    return name, not_possible(game.state, legal, name)


def _print_events(legal: LegalEvents, limit: int) -> str:
    """Print the events as JSON (refused over `limit`); return the text printed."""
    _check_limit(legal, limit)
    text = events_json(legal)
    sys.stdout.write(text)
    return text


def _check_limit(legal: LegalEvents, limit: int) -> None:
    """Refuse to print more than `limit` events, saying how to print them all."""
    total = len(legal)
    if total > limit:
        kinds = ", ".join(f"{kind} {count:,}" for kind, count in legal.counts().items())
        raise CaledoniaError(
            # TRANSLATORS: {kinds} lists each kind of event with its count: "worker 12, pass 1"
            t(
                "{total:,} legal events now ({kinds}): more than --limit {limit:,}; "
                "pass --limit {count} to print them all",
                total=total,
                kinds=kinds,
                limit=limit,
                count=total,
            )
        )


def _print_words(game: Game, legal: LegalEvents, game_file: str, explain: bool = False) -> None:
    for heading, kinds in option_groups(game, legal, game_file, explain):
        emit(heading, style="bold")
        for kind in kinds:
            emit(f"  {kind.heading}")
            if kind.rule:
                emit_rule(kind.rule, "    ")
            for index, line in enumerate(kind.lines):
                emit(f"    {line}")
                if kind.rules:
                    emit_rule(kind.rules[index], "      ")


class KindOptions(NamedTuple):
    """One kind of event's options in words: its heading, a line per event, and with
    `explain` the rule (said once when it is the same for all) or a rule per line."""

    heading: str
    lines: list[str]
    rule: str = ""
    rules: list[str] = []


def option_groups(
    game: Game, legal: LegalEvents, game_file: str, explain: bool = False
) -> list[tuple[str, list[KindOptions]]]:
    """The legal events in words, as `options` prints them: for each player (or the
    table), a heading and, by kind of event, a heading and a line per event with its cost
    (a family of many ways: its summary and the command that records one). `serve`'s page
    shows the same."""
    state = game.state
    groups: list[tuple[str, list[KindOptions]]] = []
    for actor, kinds in _by_actor(legal).items():
        listed = [
            _kind_options(EVENTS[kind], events, state, game_file, explain)
            for kind, events in kinds.items()
        ]
        groups.append((_actor_heading(state, actor), listed))
    return groups


def _by_actor(legal: LegalEvents) -> dict[str | None, dict[str, Any]]:
    """The legal events by who makes them (None: the whole table, whose events have no
    player field), each kind with its events or its Family."""
    by_actor: dict[str | None, dict[str, Any]] = {}
    for kind, events in legal.by_type.items():
        if isinstance(events, Family):
            by_actor.setdefault(None, {})[kind] = events
            continue
        for event in events:
            who = event.get("player")  # an event of any kind: some are the table's
            actor = who if isinstance(who, str) else None
            by_actor.setdefault(actor, {}).setdefault(kind, []).append(event)
    return by_actor


def _actor_heading(state: GameState, actor: str | None) -> str:
    """The heading over what `actor` (None: the table) may do."""
    player = next((p for p in state.players if p.name == actor), None)
    if player:
        return t("{player} ({colour}) may:", player=actor, colour=player.colour)
    if actor is None:
        return t("The table may:")
    return t("{player} may:", player=str(actor).capitalize())


def _kind_options(
    spec: Any, events: Any, state: GameState, game_file: str, explain: bool
) -> KindOptions:
    """One kind's options: a line per event with its cost, or a family's summary and the
    command that records one of its ways."""
    if isinstance(events, Family):
        # TRANSLATORS: {verb} is the command word (typed as it is), {summary} what the
        # ways are
        ways = t_n(
            "{verb} ({count:,} way): {summary}",
            "{verb} ({count:,} ways): {summary}",
            len(events),
            verb=spec.verb,
            summary=events.summary,
        )
        rule = tr(spec.rule_words(state)) if explain else ""
        command = f"caledonia act {game_file} {spec.verb} {spec.syntax}"
        return KindOptions(ways, [command], rule)
    words = [tr(spec.option_words(state, event)) for event in events]
    rules = [tr(spec.rule_words(state, event)) for event in events] if explain else []
    if rules and len(set(rules)) == 1:  # one rule for them all: said once, above them
        return KindOptions(f"{spec.verb} ({len(events)}):", words, rules[0])
    return KindOptions(f"{spec.verb} ({len(events)}):", words, "", rules)
