"""The `caledonia` command: builds the Typer app and turns errors into exit codes."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from caledonia.rules.errors import CaledoniaError

from . import lookup, score
from .errors import ExitCode, UsageProblem
from .output import message

app = typer.Typer(
    name="caledonia",
    help=(
        "A referee and scoring assistant for [bold]Clans of Caledonia[/bold] at a physical table.\n\n"
        "Example: [cyan]caledonia score sample_games/final-4p.yaml[/cyan]"
    ),
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    no_args_is_help=True,
)

app.command("score")(score.score)
app.command("contracts")(lookup.contracts)
app.command("ports")(lookup.ports)
app.command("scoring-tiles")(lookup.scoring_tiles)
app.command("clans")(lookup.clans)


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"caledonia {version('caledonia')}")
        except PackageNotFoundError:
            print("caledonia (not installed)")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """A referee and scoring assistant for Clans of Caledonia at a physical table."""


def main() -> None:
    """Console-script entry point: run the app; known problems exit 1, never a traceback."""
    try:
        app()
    except UsageProblem as problem:
        message(f"Error: {problem}", style="red")
        message(f"Try 'caledonia {problem.command} --help' for help.")
        sys.exit(ExitCode.USAGE)
    except CaledoniaError as problem:
        message(f"Error: {problem}", style="red")
        sys.exit(ExitCode.USER_ERROR)
    except KeyboardInterrupt:
        message("Interrupted: nothing was saved.")
        sys.exit(ExitCode.INTERRUPTED)
    except Exception as problem:  # a bug: say so briefly; the trace only on request
        if os.environ.get("CALEDONIA_DEBUG"):
            raise
        message(
            f"Internal error ({type(problem).__name__}: {problem}). This is a bug in caledonia; "
            "run again with CALEDONIA_DEBUG=1 to see the details.",
            style="red",
        )
        sys.exit(ExitCode.INTERNAL)


if __name__ == "__main__":
    main()
