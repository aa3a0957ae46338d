"""`caledonia options GAME`: what may be done now, in words with costs or as events."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.messages import N_

from .output import GameArgument, JsonOption, emit
from .views import OPTIONS_LIMIT as DEFAULT_LIMIT


def options(
    game_file: GameArgument,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help=N_("Only this player's events (name or colour)."),
        ),
    ] = None,
    as_json: JsonOption = False,
    limit: Annotated[
        int,
        typer.Option(
            min=0, metavar="N", help=N_("With --json: refuse to print more than N events.")
        ),
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
    from .translation import t

    game = load(game_file)
    state = game.state
    name = None
    if player is not None:
        try:
            name = state.player(player).name
        except Refused as refusal:
            raise CaledoniaError(refusal.reasons[0]) from None
    legal = game.legal(name)
    if as_json:
        printed = _print_events(legal, limit)
        if name is None:
            from .views import keep_view

            keep_view(game_file, game, "options", {"total": len(legal), "json": printed})
        return
    step = next_step(state)
    emit(
        t(
            "Round {round}, {phase}. Next: {step}.",
            round=state.round,
            phase=phase_words(state.phase),
            step=step,
        )
    )
    if not len(legal):
        if name:
            emit(t("Nothing is legal now for {player}: {step}.", player=name, step=step))
        elif state.phase == "over":
            emit(t("Nothing is legal now: the game is over."))
        else:
            emit(
                t("Nothing is legal now: correct the game to match the table with 'caledonia fix'.")
            )
        return
    _print_words(game, legal, game_file)


def _print_events(legal, limit: int) -> str:
    """Print the events as JSON (refused over `limit`); return the text printed."""
    import sys

    total = len(legal)
    if total > limit:
        from .translation import t

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
    for heading, kinds in option_groups(game, legal, game_file):
        emit(heading, style="bold")
        for kind_heading, lines in kinds:
            emit(f"  {kind_heading}")
            for line in lines:
                emit(f"    {line}")


def option_groups(game, legal, game_file: str) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """The legal events in words, as `options` prints them: for each player (or the
    table), a heading and, by kind of event, a heading and a line per event with its cost
    (a family of many ways: its summary and the command that records one). `serve`'s page
    shows the same."""
    from caledonia.rules.game.families import Family
    from caledonia.rules.game.registry import EVENTS

    from .translation import t, t_n, tr

    state = game.state
    table = None  # the events of the whole table, not of one player: no player field
    by_actor: dict[str | None, dict[str, Any]] = {}  # a kind: its events, or a Family
    for kind, events in legal.by_type.items():
        if isinstance(events, Family):
            by_actor.setdefault(table, {})[kind] = events
            continue
        for event in events:
            actor = event.get("player", table)
            by_actor.setdefault(actor, {}).setdefault(kind, []).append(event)
    groups: list[tuple[str, list[tuple[str, list[str]]]]] = []
    for actor, kinds in by_actor.items():
        player = next((p for p in state.players if p.name == actor), None)
        if player:
            heading = t("{player} ({colour}) may:", player=actor, colour=player.colour)
        elif actor is table:
            heading = t("The table may:")
        else:
            heading = t("{player} may:", player=str(actor).capitalize())
        listed: list[tuple[str, list[str]]] = []
        for kind, events in kinds.items():
            spec = EVENTS[kind]
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
                listed.append((ways, [f"caledonia act {game_file} {spec.verb} {spec.syntax}"]))
                continue
            words = [tr(spec.option_words(state, event)) for event in events]
            listed.append((f"{spec.verb} ({len(events)}):", words))
        groups.append((heading, listed))
    return groups
