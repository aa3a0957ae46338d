"""`caledonia stats GAME... | FOLDER`: plays, wins and average scores across finished games
(game files played to the end, and final score sheets).

Every file is replayed through the rules and scored as `score` would. Many files are
replayed in parallel worker processes (replaying is pure Python work, so threads would
wait on each other); a file that does not load is named with its reason and the rest are
counted. Unfinished games are named too, and left out of the figures.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.messages import N_, Reason

from .errors import UsageProblem
from .output import JsonOption, console, message, print_json
from .translation import t, t_n

PARALLEL_FROM = 8  # fewer files than this are quicker replayed here than in workers
PROGRESS_FROM = 20  # files: below this a progress bar would only flicker


def game_files(paths: list[str]) -> list[str]:
    """The files named, and the .yaml/.yml files of the folders named (sorted), in order."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            inside = sorted(
                p for p in Path(path).iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()
            )
            found += [str(p) for p in inside]
        elif os.path.exists(path):
            found.append(path)
        else:
            raise UsageProblem(t("{path}: no such file or folder", path=path), "stats")
    return found


def seats_of(path: str) -> tuple[str, str, Any]:
    """One file's result: ("ok", path, seats), or ("unfinished" | "failed", path, reason).
    Runs in a worker process: it returns plain values and never raises."""
    try:
        from caledonia.rules.components import components
        from caledonia.rules.game.final import final_score
        from caledonia.rules.game.gamefile import game_from_data
        from caledonia.rules.game.state import phase_words
        from caledonia.rules.game.tally import Seat
        from caledonia.rules.yamlfile import read_yaml

        data = read_yaml(path)
        if not (
            isinstance(data, dict) and str(data.get("format", "")).startswith("caledonia-game")
        ):
            return _sheet_seats(data, path)
        game = game_from_data(data, path, components())
        state = game.state
        if state.phase != "over":
            # TRANSLATORS: why a game file is left out of the stats; {phase} is where it stands
            why = Reason(
                "not over (round {round}, {phase})",
                round=state.round,
                phase=phase_words(state.phase),
            )
            return "unfinished", path, why
        result = final_score(state)
        seats = [
            Seat(p.name, p.clan, r.total, r.rank)
            for p, r in zip(state.players, result.players, strict=True)
        ]
        return "ok", path, seats
    except CaledoniaError as problem:
        return "failed", path, str(problem)
    except Exception as problem:  # a bug in one file's replay must not stop the others
        return (
            "failed",
            path,
            Reason(
                "internal error ({error}: {problem})",
                error=type(problem).__name__,
                problem=str(problem),
            ),
        )


def _sheet_seats(data: Any, path: str) -> tuple[str, str, Any]:
    """A final score sheet is a finished game too: its seats, as `score` ranks them."""
    from caledonia.rules.components import components
    from caledonia.rules.errors import DataError
    from caledonia.rules.game.tally import Seat
    from caledonia.rules.scoring import score_sheet
    from caledonia.rules.sheet import parse_sheet

    from .score import map_sides

    parts = components()
    try:
        sheet = parse_sheet(data, path, parts, map_sides(None))
    except DataError as problem:
        return (
            "failed",
            path,
            # the error's own sentence (a Reason), read in the reader's language
            Reason("neither a game file nor a score sheet: {problem}", problem=problem.args[0]),
        )
    result = score_sheet(sheet, parts)
    seats = [
        Seat(p.name, p.clan, r.total, r.rank)
        for p, r in zip(sheet.players, result.players, strict=True)
    ]
    return "ok", path, seats


def _results(files: list[str], jobs: int, show_progress: bool):
    """Each file's result, in the order of `files`."""
    from caledonia.rules.components import components

    components()  # loaded once here: forked workers start with it
    progress = None
    if show_progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        progress = Progress(
            t("Replaying games"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console(stderr=True),
            transient=True,
        )
    if jobs <= 1 or len(files) < PARALLEL_FROM:
        found = map(seats_of, files)
        pool = None
    else:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs)
        found = pool.map(seats_of, files, chunksize=max(1, len(files) // (jobs * 8)))
    results = []
    try:
        if progress is None:
            results = list(found)
        else:
            with progress:
                task = progress.add_task("", total=len(files))
                for result in found:
                    results.append(result)
                    progress.advance(task)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return results


def stats(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="GAME...|FOLDER",
            help=t("Game files, or folders of them (their .yaml files)."),
            show_default=False,
        ),
    ],
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            help=t("Worker processes for the replays (default: one per core; 1: none)."),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Plays, wins and average score of each player and each clan, across finished games.

    Game files played to the end and final score sheets count. A file that does not load is
    named with its reason; the others are counted.

    Example: [cyan]caledonia stats sample_games[/cyan]
    """
    from caledonia.rules.game.tally import Tally

    files = game_files(paths)
    if not files:
        raise UsageProblem(t("no game files: the folders named hold no .yaml files"), "stats")
    workers = jobs or min(os.cpu_count() or 1, 8)
    interactive = console(stderr=True).is_terminal
    results = _results(files, workers, interactive and len(files) >= PROGRESS_FROM)
    tally = Tally()
    left_out = []
    for kind, path, found in results:
        if kind == "ok":
            tally.add(found)
        else:
            left_out.append({"file": path, "kind": kind, "reason": found})
    for item in left_out:
        message(t("{file}: {reason}", file=item["file"], reason=item["reason"]), style="yellow")
        item["reason"] = str(item["reason"])  # --json: the English words, never a Reason
    if as_json:
        print_json({**tally.as_data(), "files": len(files), "left_out": left_out})
    else:
        _render(tally, len(files), len(left_out))
    if not tally.games:
        raise CaledoniaError(t("no finished game among the {files} files", files=len(files)))


def _render(tally, files: int, left_out: int) -> None:
    from rich.table import Table

    out = console()
    tables = (
        (N_("Players"), N_("Player"), tally.players),
        (N_("Clans"), N_("Clan"), tally.clans),
    )
    for title, column, records in tables:
        if not records:
            continue
        table = Table(title=t(title), title_justify="left")
        table.add_column(t(column))
        for heading in (N_("Plays"), N_("Wins"), N_("Win %"), N_("Average"), N_("Best")):
            table.add_column(t(heading), justify="right")
        for record in tally.ranked(records):
            share = f"{100 * record.wins / record.plays:.0f}%" if record.plays else "-"
            table.add_row(
                record.name,
                str(record.plays),
                str(record.wins),
                share,
                f"{record.average:.1f}",
                str(max(record.scores, default=0)),
            )
        out.print(table)
    # TRANSLATORS: {files} is "1 file" or "N files"
    of_files = t_n("{count} file", "{count} files", files)
    if left_out:
        counted = t_n(
            "{count} finished game counted of {files}; {left_out} left out (named above)",
            "{count} finished games counted of {files}; {left_out} left out (named above)",
            tally.games,
            files=of_files,
            left_out=left_out,
        )
    else:
        counted = t_n(
            "{count} finished game counted of {files}",
            "{count} finished games counted of {files}",
            tally.games,
            files=of_files,
        )
    out.print(counted)
