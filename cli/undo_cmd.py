"""`caledonia undo` and `caledonia redo`: events taken off the end of the file (or back
to event N), kept aside until a new event is recorded, and brought back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.event_words import describe
from caledonia.rules.game.pieces import position_of
from caledonia.rules.messages import N_
from caledonia.storage.games import undo_game

from .errors import UsageProblem, reason_of
from .game_io import (
    GameArgument,
    changing,
    load,
    print_recorded,
    save,
    show_notes,
    summary,
)
from .output import (
    JsonOption,
    emit,
    print_json,
)
from .translation import t, t_n, tr
from .writing import check_writable

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


CountArgument = Annotated[
    int | None, typer.Argument(metavar="[N]", min=1, help=N_("How many events (1 if not given)."))
]
ToOption = Annotated[
    int | None,
    typer.Option(
        "--to",
        metavar="N",
        min=0,
        help=N_("Keep events 1 to N (the numbers 'caledonia log' shows) and undo the rest."),
    ),
]
AllOption = Annotated[bool, typer.Option("--all", help=N_("Restore every undone event."))]


def undo(
    game_file: GameArgument,
    count: CountArgument = None,  # None: not given, so --to may stand alone
    to: ToOption = None,
    as_json: JsonOption = False,
) -> None:
    """Drop the last N events (1 by default), or every event after event N with --to N;
    'caledonia redo' restores them until a new event is recorded.

    Example: [cyan]caledonia undo game.yaml 2[/cyan], [cyan]caledonia undo game.yaml --to 40[/cyan]
    """
    if to is not None and count is not None:
        raise UsageProblem(t("give either N or --to N, not both"), "undo")
    count = count or 1
    with changing(game_file):
        game = load(game_file)
        check_writable(game_file)
        if to is not None:
            count = _count_after(game, to)
        try:
            dropped = undo_game(game_file, game, count)
        except ValueError as problem:
            raise CaledoniaError(reason_of(problem)) from None
        save(game_file, game)
    if as_json:
        print_json({"undone": dropped, "state": summary(game)})
        return
    if len(dropped) > UNDONE_LISTED:  # a long undo: the count and its first and last events
        emit(t_n("{count} event undone:", "{count} events undone:", len(dropped)))
        emit(t("  from: {event}", event=describe(dropped[0], position_of(game.state))))
        emit(t("  to: {event}", event=describe(dropped[-1], position_of(game.state))))
    else:
        for event in reversed(dropped):
            emit(t("undone: {event}", event=describe(event, position_of(game.state))))
    show_notes([], game)


# An undo of more events than this is told by its count, first and last event.
UNDONE_LISTED = 10


def _count_after(game: Game, kept: int) -> int:
    """How many events `undo --to kept` takes back (at least one, else an error)."""
    if kept >= len(game.events):
        raise CaledoniaError(
            t_n(
                "the game has {count} event: --to {kept} would undo nothing "
                "('caledonia log' numbers the events)",
                "the game has {count} events: --to {kept} would undo nothing "
                "('caledonia log' numbers the events)",
                len(game.events),
                kept=kept,
            )
        )
    return len(game.events) - kept


def redo(
    game_file: GameArgument,
    count: CountArgument = None,  # None: not given, so --all may stand alone
    every: AllOption = False,
    as_json: JsonOption = False,
) -> None:
    """Restore the last N undone events (1 by default), or all of them with --all.

    Example: [cyan]caledonia redo game.yaml[/cyan], [cyan]caledonia redo game.yaml --all[/cyan]
    """
    if every and count is not None:
        raise UsageProblem(t("give either N or --all, not both"), "redo")
    count = count or 1
    with changing(game_file):
        game = load(game_file)
        check_writable(game_file)
        if not game.undone:
            raise CaledoniaError(
                t(
                    "nothing to redo in {game_file}: undo keeps events only until a new one is "
                    "recorded",
                    game_file=game_file,
                )
            )
        try:
            restored = game.redo(len(game.undone) if every else count)
        except ValueError as problem:
            raise CaledoniaError(reason_of(problem)) from None
        save(game_file, game)
    notes = [note for _, said in restored for note in said]
    if as_json:
        print_recorded(game, [event for event, _ in restored], notes)
        return
    _say_redone(game, restored)
    show_notes([], game)


def _say_redone(game: Game, restored: list[tuple[dict[str, Any], list[str]]]) -> None:
    """The events redone in words, each with its notes; a long run by its first and last."""
    if len(restored) > UNDONE_LISTED:
        emit(t_n("{count} event redone:", "{count} events redone:", len(restored)))
        emit(t("  from: {event}", event=describe(restored[0][0], position_of(game.state))))
        emit(t("  to: {event}", event=describe(restored[-1][0], position_of(game.state))))
        return
    for event, said in restored:
        emit(t("redone: {event}", event=describe(event, position_of(game.state))))
        for note in said:
            emit(f"  {tr(note)}")
