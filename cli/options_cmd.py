"""`caledonia options GAME`: what may be done now, in words with costs or as events."""

from __future__ import annotations

from typing import Annotated

import typer
from caledonia.rules.errors import CaledoniaError

from .output import GameArgument, JsonOption, emit
from .views import OPTIONS_LIMIT as DEFAULT_LIMIT


def options(
    game_file: GameArgument,
    player: Annotated[
        str | None,
        typer.Option("--player", "-p", help="Only this player's events (name or colour)."),
    ] = None,
    as_json: JsonOption = False,
    limit: Annotated[
        int,
        typer.Option(min=0, metavar="N", help="With --json: refuse to print more than N events."),
    ] = DEFAULT_LIMIT,
) -> None:
    """What may be done now: every legal event, grouped by action, with what it costs.

    With --json, the list of events exactly as 'caledonia act GAME --event JSON' takes them.

    Example: [cyan]caledonia options game.yaml --player Ailsa[/cyan]
    """
    if as_json and player is None and _print_kept(game_file, limit):
        return
    from caledonia.rules.game.engine import next_step
    from caledonia.rules.game.state import Refused, phase_words

    from .game_io import load

    game = load(game_file)
    state = game.state
    name = None
    if player is not None:
        try:
            name = state.player(player).name
        except Refused as refusal:
            from .translation import tr

            raise CaledoniaError(tr(refusal.reasons[0])) from None
    legal = game.legal(name)
    if as_json:
        printed = _print_events(legal, limit)
        if name is None:
            from .views import keep_view

            keep_view(game_file, game, "options", {"total": len(legal), "json": printed})
        return
    emit(f"Round {state.round}, {phase_words(state.phase)}. Next: {next_step(state)}.")
    if not len(legal):
        if name or state.phase == "over":
            emit(
                f"Nothing is legal now for {name}: {next_step(state)}."
                if name
                else "Nothing is legal now: the game is over."
            )
        else:
            emit("Nothing is legal now: correct the game to match the table with 'caledonia fix'.")
        return
    _print_words(game, legal, game_file)


def _print_events(legal, limit: int) -> str:
    """Print the events as JSON (refused over `limit`); return the text printed."""
    import sys

    total = len(legal)
    if total > limit:
        kinds = ", ".join(f"{kind} {count:,}" for kind, count in legal.counts().items())
        raise CaledoniaError(
            f"{total:,} legal events now ({kinds}): more than --limit {limit:,}; "
            f"pass --limit {total} to print them all"
        )
    from .views import events_json

    text = events_json(legal)
    sys.stdout.write(text)
    return text


def _print_kept(game_file: str, limit: int) -> bool:
    """`options --json` from the view kept for the file (False: none, or over the limit)."""
    import sys

    from .views import kept_view

    view = kept_view(game_file, "options", lambda view: view["total"] <= limit)
    if view is None:
        return False
    sys.stdout.write(view["json"])
    return True


def _print_words(game, legal, game_file: str) -> None:
    from caledonia.rules.game.families import Family
    from caledonia.rules.game.registry import EVENTS

    state = game.state
    by_actor: dict[str, dict[str, list]] = {}
    for kind, events in legal.by_type.items():
        if isinstance(events, Family):
            by_actor.setdefault("the table", {})[kind] = events
            continue
        for event in events:
            actor = event.get("player", "the table")
            by_actor.setdefault(actor, {}).setdefault(kind, []).append(event)
    for actor, kinds in by_actor.items():
        player = next((p for p in state.players if p.name == actor), None)
        who = f"{actor} ({player.colour})" if player else actor.capitalize()
        emit(f"{who} may:", style="bold")
        for kind, events in kinds.items():
            spec = EVENTS[kind]
            if isinstance(events, Family):
                ways = f"{len(events):,} {'way' if len(events) == 1 else 'ways'}"
                emit(f"  {spec.verb} ({ways}): {events.summary}")
                emit(f"    caledonia act {game_file} {spec.verb} {spec.syntax}")
                continue
            emit(f"  {spec.verb} ({len(events)}):")
            for event in events:
                emit(f"    {spec.option_words(state, event)}")
