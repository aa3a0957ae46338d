"""`caledonia stats GAME... | FOLDER`: a season of finished games (game files played to the
end, and final score sheets), counted by rules/game/season.py and shown by stats_view.py.

Every file is replayed through the rules and scored as `score` would. Many files are
replayed in parallel worker processes (replaying is pure Python work, so threads would
wait on each other); a file that does not load is named with its reason and the rest are
counted. Unfinished games are named too, and left out of the figures.
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.play_record import as_text
from caledonia.rules.game.registry import variant_defaults
from caledonia.rules.game.report import vp_by_source
from caledonia.rules.game.season import SPLITS, GameResult, SeatResult, distinct, season
from caledonia.rules.game.season import since as since_filter
from caledonia.rules.messages import Reason
from caledonia.rules.yamlfile import write_text_atomic

from .errors import UsageProblem
from .finished import NotFinished, file_time, game_files, read_finished
from .output import JsonOption, console, message, print_json
from .stats_view import render_html, render_terminal
from .translation import t
from .writing import ForceOption, check_output, person_at_terminal

PARALLEL_FROM = 8  # fewer files than this are quicker replayed here than in workers
PROGRESS_FROM = 20  # files: below this a progress bar would only flicker


def result_of(path: str) -> tuple[str, str, Any]:
    """One file's result: ("ok", path, GameResult), or ("unfinished" | "failed", path,
    reason). Runs in a worker process: it returns plain values and never raises."""
    try:
        return "ok", path, game_result(path, read_finished(path))
    except NotFinished as why:
        return "unfinished", path, why.reason
    except CaledoniaError as problem:
        return "failed", path, problem.args[0] if problem.args else str(problem)
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


def game_result(path: str, finished: Any) -> Any:
    """The figures `stats` counts of one finished game (season.GameResult)."""
    score = finished.score
    if finished.kind == "sheet":
        players, variants, board, date = _sheet_figures(path, finished.game, score)
    else:
        players, variants, board, date = _game_figures(path, finished.game, score)
    rating = score.rating.name if score.rating else None
    return GameResult(finished.key, path, finished.kind, players, rating, variants, board, date)


def _sheet_figures(path: str, sheet: Any, score: Any) -> tuple[Any, ...]:
    """A score sheet's seats, variants, board (none) and date (the file's)."""
    players = tuple(
        SeatResult(
            p.name,
            p.clan,
            (p.on_map or {}).get("colour"),
            r.total,
            r.rank,
            r.money,
            None,
            vp_by_source(r.breakdown),
        )
        for p, r in zip(sheet.players, score.players, strict=True)
    )
    variants: tuple[str, ...] = ("static_imports",) if sheet.static_imports else ()
    return players, variants, None, as_text(file_time(path))


def _game_figures(path: str, game: Any, score: Any) -> tuple[Any, ...]:
    """A game file's seats (with their turn order), variants other than the defaults,
    board and date (the play's end or start, else the file's)."""
    setup = game.setup
    order = setup.turn_order()
    players = tuple(
        SeatResult(
            p.name,
            p.clan,
            p.colour,
            r.total,
            r.rank,
            r.money,
            order.index(p.name) + 1,
            vp_by_source(r.breakdown),
        )
        for p, r in zip(game.state.players, score.players, strict=True)
    )
    defaults = variant_defaults()
    variants = tuple(
        key if chosen else f"no {key}"
        for key, chosen in sorted(setup.variants.items())
        if chosen != defaults.get(key, False)
    )
    board = " ".join(side.name for side in setup.sides)
    date = game.play.get("ended") or game.play.get("started") or as_text(file_time(path))
    return players, variants, board, date


def _results(files: list[str], jobs: int, show_progress: bool) -> list[tuple[str, str, Any]]:
    """Each file's result, in the order of `files`."""
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
        found = map(result_of, files)
        pool = None
    else:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs)
        found = pool.map(result_of, files, chunksize=max(1, len(files) // (jobs * 8)))
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


SINCE_FORMAT = "%Y-%m-%d"


def _since_day(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return datetime.strptime(text.strip(), SINCE_FORMAT).strftime(SINCE_FORMAT)
    except ValueError:
        raise UsageProblem(
            t("--since {typed!r}: expected a date like '2026-03-14'", typed=text), "stats"
        ) from None


def stats(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="GAME...|FOLDER",
            help=t("Game files, or folders of them (their .yaml files)."),
            show_default=False,
        ),
    ],
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            metavar="SPLIT",
            help=t("Also split the games by: players, clan, seat, variant or map."),
            show_default=False,
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="DATE",
            help=t("Only the games ended on DATE (YYYY-MM-DD) or later."),
            show_default=False,
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help=t("Save every figure as one self-contained HTML page."),
            show_default=False,
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            metavar="N",
            help=t("Worker processes for the replays (default: one per core; 1: none)."),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """A season of finished games: plays, wins and scores of each player and clan, win rates
    by player count and seat, score records, head-to-head and where the VP came from.

    Game files played to the end and final score sheets count, each game once (a copy of
    a file is the same game); solo games are counted apart. A file that does not load is
    named with its reason; the others are counted.

    Example: [cyan]caledonia stats sample_games --by seat[/cyan]
    """
    if by is not None and by not in SPLITS:
        raise UsageProblem(
            t("--by {typed!r}: expected one of {splits}", typed=by, splits=", ".join(SPLITS)),
            "stats",
        )
    day = _since_day(since)
    if html:
        check_output(html, force=force, ask=person_at_terminal())
    files = game_files(paths)
    if not files:
        raise UsageProblem(t("no game files: the folders named hold no .yaml files"), "stats")
    workers = jobs or min(os.cpu_count() or 1, 8)
    interactive = console(stderr=True).is_terminal
    results = _results(files, workers, interactive and len(files) >= PROGRESS_FROM)
    finished = []
    left_out = []
    for kind, path, found in results:
        if kind == "ok":
            finished.append(found)
        else:
            left_out.append({"file": path, "kind": kind, "reason": found})
    for item in left_out:
        message(t("{file}: {reason}", file=item["file"], reason=item["reason"]), style="yellow")
        item["reason"] = str(item["reason"])  # --json: the English words, never a Reason
    games, copies = distinct(finished)
    if day is not None:
        games = since_filter(games, day)
    figures = season(games)
    counted = {
        **figures,
        "files": len(files),
        "copies": [{"file": c.path, "play_id": c.key} for c in copies],
        "since": day,
        "left_out": left_out,
    }
    if html:
        write_text_atomic(html, render_html(counted, by))
        message(t("Saved the statistics to {file}", file=html))
    if as_json:
        print_json(counted)
    elif not html:
        render_terminal(counted, by)
    if not finished:
        raise CaledoniaError(t("no finished game among the {files} files", files=len(files)))
