"""`caledonia export GAME|FOLDER --bgstats`: finished plays for BG Stats: the push link of
one play and, with `--file`, a `.bgsplay` import file (of a whole folder: each game once).

A game file gives its recorded play id and times (cli/play_times.py); `--ended` and
`--started` override them, a time in the future or an end before the start refused. A
file that records no time (older files, score sheets) is dated by its last write.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from typing import Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.play_record import parse_time
from caledonia.rules.yamlfile import write_text_atomic

from .bgstats import bgsplay, played_game, played_sheet, push_link, push_play
from .errors import UsageProblem
from .finished import NotFinished, file_time, game_files, read_finished
from .game_io import example_notice
from .output import JsonOption, emit, message, print_json
from .play_times import now
from .translation import t, t_n
from .writing import ForceOption, check_output, person_at_terminal

TIME_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d")
CLOCK_SLACK = timedelta(minutes=5)  # a device's clock a little ahead is not "the future"


def _time(text: str | None, flag: str) -> datetime | None:
    """A time typed as UTC 'YYYY-MM-DD HH:MM' (or ISO 8601), not in the future."""
    if text is None:
        return None
    when = None
    for pattern in TIME_FORMATS:
        try:
            when = datetime.strptime(text.strip(), pattern).replace(tzinfo=timezone.utc)
            break
        except ValueError:
            continue
    when = when or parse_time(text)
    if when is None:
        raise UsageProblem(
            t(
                "{flag} {typed!r}: expected a UTC date and time like '2026-03-14 21:30'",
                flag=flag,
                typed=text,
            ),
            "export",
        )
    if when > now() + CLOCK_SLACK:
        raise UsageProblem(
            t("{flag} {typed!r}: that is in the future", flag=flag, typed=text), "export"
        )
    return when


def _recorded(game: Any, key: str) -> datetime | None:
    text = game.play.get(key) if game is not None else None
    return parse_time(text) if text else None


def _times(
    path: str, game: Any, ended: datetime | None, started: datetime | None, minutes: int | None
) -> tuple[datetime, int | None]:
    """When the play ended and how long it took (None: not known)."""
    end = ended or _recorded(game, "ended") or file_time(path)
    start = started or _recorded(game, "started")
    if start is not None and end < start:
        raise UsageProblem(
            t(
                "{file}: the game would end ({ended}) before it started ({started}): "
                "give --ended and --started in UTC",
                file=path,
                ended=end.strftime("%Y-%m-%d %H:%M"),
                started=start.strftime("%Y-%m-%d %H:%M"),
            ),
            "export",
        )
    if minutes is None and start is not None and (ended or _recorded(game, "ended")):
        minutes = max(1, round((end - start).total_seconds() / 60))
    return end, minutes


def _start_player(sheet: Any, given: str | None, path: str, folder: bool) -> str | None:
    """Who started the game of a score sheet (which does not say): --start-player, else
    asked; None when nobody can say (a folder exported without a terminal)."""
    names: list[str] = [p.name for p in sheet.players]
    if len(names) == 1:
        return names[0]
    if given is not None:
        match = [n for n in names if n.casefold() == given.strip().casefold()]
        if not match:
            raise UsageProblem(
                t(
                    "--start-player {typed!r}: {file} has the players {names}",
                    typed=given,
                    file=path,
                    names=", ".join(names),
                ),
                "export",
            )
        return match[0]
    asker = person_at_terminal()
    if asker is None:
        if folder:
            return None
        raise UsageProblem(
            t(
                "{file} is a score sheet, which does not say who started: give --start-player NAME",
                file=path,
            ),
            "export",
        )
    return asker.select(t("Who was the start player of {file}?", file=path), names)


def _played(path: str, finished: Any, options: dict[str, Any], folder: bool) -> Any:
    table = {"location": options["location"]}
    if finished.kind == "game":
        game = finished.game
        when, minutes = _times(path, game, options["ended"], options["started"], options["minutes"])
        return played_game(game, finished.score, when, duration=minutes, **table)
    when, minutes = _times(path, None, options["ended"], options["started"], options["minutes"])
    start = _start_player(finished.game, options["start_player"], path, folder)
    if start is None:
        message(t("{file}: exported with no start player", file=path), style="yellow")
    return played_sheet(
        finished.game,
        finished.score,
        finished.key,
        when,
        start,
        components(),
        duration=minutes,
        **table,
    )


def _one(path: str) -> Any:
    try:
        return read_finished(path)
    except NotFinished as why:
        raise CaledoniaError(
            t(
                "{file}: the game is {why}: BG Stats gets a finished play ('caledonia "
                "report' shows the provisional standings)",
                file=path,
                why=why.reason,
            )
        ) from None


def export(
    game_file: Annotated[
        str,
        typer.Argument(
            metavar="GAME|FOLDER",
            help=t("A finished game file or score sheet, or a folder of them."),
            show_default=False,
        ),
    ],
    bgstats: Annotated[
        bool,
        typer.Option("--bgstats", help=t("For BG Stats: print the push link of the play.")),
    ] = False,
    file: Annotated[
        str | None,
        typer.Option(
            "--file",
            metavar="FILE",
            help=t("Also write a .bgsplay file that BG Stats imports (a folder: every game)."),
            show_default=False,
        ),
    ] = None,
    ended: Annotated[
        str | None,
        typer.Option(
            "--ended",
            metavar="WHEN",
            help=t(
                "When the game ended, UTC 'YYYY-MM-DD HH:MM' (else: as the game file "
                "recorded it, or when the file was last written)."
            ),
            show_default=False,
        ),
    ] = None,
    started: Annotated[
        str | None,
        typer.Option(
            "--started",
            metavar="WHEN",
            help=t("When the game started, UTC 'YYYY-MM-DD HH:MM' (else: as recorded)."),
            show_default=False,
        ),
    ] = None,
    minutes: Annotated[
        int | None,
        typer.Option(
            "--minutes",
            metavar="N",
            min=1,
            help=t("How long the game took (else: from the times recorded)."),
            show_default=False,
        ),
    ] = None,
    location: Annotated[
        str | None,
        typer.Option(
            "--location", metavar="PLACE", help=t("Where it was played."), show_default=False
        ),
    ] = None,
    start_player: Annotated[
        str | None,
        typer.Option(
            "--start-player",
            metavar="NAME",
            help=t("Who started: a score sheet does not say (else: asked)."),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """Finished games for BG Stats: the push link, and a .bgsplay file with --file.

    Open the link on the device with BG Stats to add the play. The same game gives the same
    ids, so BG Stats matches the play and the players again. A folder goes into one
    .bgsplay file, each game once.

    Example: [cyan]caledonia export sample_games/game-4p.yaml --bgstats[/cyan]
    """
    folder = os.path.isdir(game_file)
    _refuse_a_mismatch(game_file, bgstats=bgstats, folder=folder, file=file)
    if folder and (ended or started or start_player):
        raise UsageProblem(
            t("--ended, --started and --start-player are for one game, not a folder"), "export"
        )
    options = {
        "ended": _time(ended, "--ended"),
        "started": _time(started, "--started"),
        "minutes": minutes,
        "location": location,
        "start_player": start_player,
    }
    if file:
        check_output(file, force=force, ask=person_at_terminal())
    if folder:
        _export_folder(game_file, file or "", options, as_json)
    else:
        _export_game(game_file, file, options, as_json)


def _refuse_a_mismatch(game_file: str, *, bgstats: bool, folder: bool, file: str | None) -> None:
    """A usage error for an export with no --bgstats, or of a folder without --file."""
    if not bgstats:
        raise UsageProblem(t("choose what to export for: --bgstats (BG Stats)"), "export")
    if folder and not file:
        raise UsageProblem(
            t(
                "{folder} is a folder: its games go into one file: give --file FILE",
                folder=game_file,
            ),
            "export",
        )


def _export_game(game_file: str, file: str | None, options: dict[str, Any], as_json: bool) -> None:
    """One finished game: its push link printed, and its .bgsplay file with --file."""
    finished = _one(game_file)
    if finished.kind == "game":
        example_notice(finished.game.setup)
    played = _played(game_file, finished, options, folder=False)
    play = push_play(played)
    link = push_link(play)
    if file:
        _write(file, bgsplay([played]))
        message(t("Saved the BG Stats import file to {file}", file=file))
    if as_json:
        print_json({"link": link, "play": play})
        return
    emit(link)
    message(t("Open the link on the device with BG Stats to add the play."))


def _write(path: str, data: dict[str, Any]) -> None:
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _export_folder(folder: str, file: str, options: dict[str, Any], as_json: bool) -> None:
    """Every finished game of the folder into one .bgsplay file, each game once."""
    plays, seen, copies, left_out = [], set(), [], []
    for path in game_files([folder]):
        try:
            finished = read_finished(path)
        except NotFinished as why:
            left_out.append({"file": path, "reason": str(why.reason)})
            message(t("{file}: {reason}", file=path, reason=why.reason), style="yellow")
            continue
        except CaledoniaError as problem:
            left_out.append({"file": path, "reason": str(problem)})
            message(t("{file}: {reason}", file=path, reason=str(problem)), style="yellow")
            continue
        if finished.key in seen:
            copies.append(path)
            continue
        seen.add(finished.key)
        plays.append(_played(path, finished, options, folder=True))
    if not plays:
        raise CaledoniaError(t("{folder}: no finished game to export", folder=folder))
    _write(file, bgsplay(plays))
    message(
        t_n(
            "Saved {count} play to the BG Stats import file {file} ({copies} copies left out)",
            "Saved {count} plays to the BG Stats import file {file} ({copies} copies left out)",
            len(plays),
            file=file,
            copies=len(copies),
        )
    )
    if as_json:
        print_json({"file": file, "plays": len(plays), "copies": copies, "left_out": left_out})
