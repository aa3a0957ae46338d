"""`caledonia export GAME --bgstats`: a finished play for BG Stats, as the push link and,
with `--file`, as a `.bgsplay` import file."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from typing import Annotated

import typer
from caledonia.rules.errors import CaledoniaError

from .errors import UsageProblem
from .game_io import GameArgument, load
from .output import JsonOption, emit, message, print_json
from .translation import t
from .writing import ForceOption, check_output, person_at_terminal

ENDED_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d")


def _ended(text: str | None, game_file: str) -> datetime:
    """When the game ended, in UTC: as given, else when the file was last written (it is
    written after every event, so after the last one)."""
    if text is None:
        return datetime.fromtimestamp(os.path.getmtime(game_file), timezone.utc)
    for pattern in ENDED_FORMATS:
        try:
            return datetime.strptime(text.strip(), pattern).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    raise UsageProblem(
        t("--ended {typed!r}: expected a UTC date and time like '2026-03-14 21:30'", typed=text),
        "export",
    )


def export(
    game_file: GameArgument,
    bgstats: Annotated[
        bool,
        typer.Option("--bgstats", help=t("For BG Stats: print the push link of the play.")),
    ] = False,
    file: Annotated[
        str | None,
        typer.Option(
            "--file",
            metavar="FILE",
            help=t("Also write a .bgsplay file that BG Stats imports."),
            show_default=False,
        ),
    ] = None,
    ended: Annotated[
        str | None,
        typer.Option(
            "--ended",
            metavar="WHEN",
            help=t(
                "When the game ended, UTC 'YYYY-MM-DD HH:MM' (else: when the file was last "
                "written)."
            ),
            show_default=False,
        ),
    ] = None,
    minutes: Annotated[
        int | None,
        typer.Option(
            "--minutes",
            metavar="N",
            min=1,
            help=t("How long the game took (the file does not know)."),
            show_default=False,
        ),
    ] = None,
    location: Annotated[
        str | None,
        typer.Option(
            "--location", metavar="PLACE", help=t("Where it was played."), show_default=False
        ),
    ] = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """A finished game for BG Stats: the push link, and a .bgsplay file with --file.

    Open the link on the device with BG Stats to add the play. The same game gives the same
    ids, so BG Stats matches the play and the players again.

    Example: [cyan]caledonia export sample_games/game-4p.yaml --bgstats[/cyan]
    """
    if not bgstats:
        raise UsageProblem(t("choose what to export for: --bgstats (BG Stats)"), "export")
    when = _ended(ended, game_file)
    if file:
        check_output(file, force=force, ask=person_at_terminal())
    from caledonia.rules.game.final import final_score
    from caledonia.rules.game.state import phase_words
    from caledonia.rules.yamlfile import write_text_atomic

    from .bgstats import Played, bgsplay, push_link, push_play

    game = load(game_file)
    state = game.state
    if state.phase != "over":
        raise CaledoniaError(
            t(
                "{file}: the game is not over (round {round}, {phase}): BG Stats gets a "
                "finished play ('caledonia report' shows the provisional standings)",
                file=game_file,
                round=state.round,
                phase=phase_words(state.phase),
            )
        )
    played = Played(game, final_score(state), when, location, minutes)
    play = push_play(played)
    link = push_link(play)
    if file:
        import json

        data = bgsplay(played)
        write_text_atomic(file, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        message(t("Saved the BG Stats import file to {file}", file=file))
    if as_json:
        print_json({"link": link, "play": play})
        return
    emit(link)
    message(t("Open the link on the device with BG Stats to add the play."))
