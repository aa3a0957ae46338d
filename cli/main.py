"""The `caledonia` command: builds the Typer app and turns errors into exit codes."""

from __future__ import annotations

import functools
import os
import sys
from typing import Annotated, Any

import typer
from caledonia.rules.errors import CaledoniaError

from .errors import STOPPED_NOTHING_SAVED, ExitCode, Interrupted, UsageProblem
from .output import message

# Command name -> (module in this package, attribute): a function for a command,
# a Typer app for a group. Only the command being run is imported and built, so
# start-up does not grow with the number of commands.
COMMANDS = {
    "play": ("play_cmd", "play"),
    "score": ("score", "score"),
    "contracts": ("lookup", "contracts"),
    "ports": ("lookup", "ports"),
    "scoring-tiles": ("lookup", "scoring_tiles"),
    "clans": ("lookup", "clans"),
    "map": ("map_cmd", "app"),
    "solo": ("solo_cmd", "app"),
    "new": ("game_cmd", "new"),
    "act": ("game_cmd", "act"),
    "status": ("game_cmd", "status"),
    "log": ("game_cmd", "log"),
    "undo": ("game_cmd", "undo"),
    "redo": ("game_cmd", "redo"),
    "fix": ("game_cmd", "fix"),
    "options": ("options_cmd", "options"),
    "report": ("report_cmd", "report"),
    "export": ("export_cmd", "export"),
    "stats": ("stats_cmd", "stats"),
}
# Commands whose words after the fixed arguments are theirs to read (actions, corrections).
FREE_WORDS = {"act", "fix"}


def build_app(only: str | None = None) -> typer.Typer:
    """The Typer app with every command, or with just `only`."""
    from importlib import import_module

    from typer.completion import completion_init

    from .completion import CompletingGroup, WordsCommand

    completion_init()  # Typer's completion classes, as its own completion options would
    app = typer.Typer(
        name="caledonia",
        cls=CompletingGroup,
        add_completion=False,  # ours take the shell's name: see _root
        help=(
            "A referee and scoring assistant for [bold]Clans of Caledonia[/bold] at a physical "
            "table.\n\nExample: [cyan]caledonia score sample_games/final-4p.yaml[/cyan]"
        ),
        rich_markup_mode="rich",
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        no_args_is_help=True,
    )
    app.callback()(_root)
    for name, (module, attribute) in COMMANDS.items():
        if only is not None and name != only:
            continue
        target = getattr(import_module(f"{__package__}.{module}"), attribute)
        if isinstance(target, typer.Typer):
            for command in target.registered_commands:
                command.callback = stoppable(command.callback)
            app.add_typer(target, name=name)
        elif name in FREE_WORDS:
            settings = {"allow_extra_args": True, "ignore_unknown_options": True}
            app.command(name, context_settings=settings, cls=WordsCommand)(stoppable(target))
        else:
            app.command(name)(stoppable(target))
    return app


def stoppable(command: Any) -> Any:
    """`command` with Ctrl-C and Ctrl-D turned into Interrupted, which Typer lets through to
    `main` (Typer itself would exit on them without a word, or with "Aborted!" and 1)."""
    if command is None or getattr(command, "stoppable", False):
        return command

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (KeyboardInterrupt, EOFError):
            raise Interrupted() from None

    run.stoppable = True  # type: ignore[attr-defined]
    return run


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"caledonia {version('caledonia')}")
        except PackageNotFoundError:
            print("caledonia (not installed)")
        raise typer.Exit()


def _completion_script(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    from .completion import show_completion

    show_completion(ctx, param, value)


def _completion_install(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    from .completion import install_completion

    install_completion(ctx, param, value)


def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
    install_completion: Annotated[
        str | None,
        typer.Option(
            "--install-completion",
            metavar="SHELL",
            callback=_completion_install,
            is_eager=True,
            expose_value=False,
            show_default=False,
            help="Install completion for bash, zsh, fish or powershell (left out: this shell).",
        ),
    ] = None,
    show_completion: Annotated[
        str | None,
        typer.Option(
            "--show-completion",
            metavar="SHELL",
            callback=_completion_script,
            is_eager=True,
            expose_value=False,
            show_default=False,
            help="Print the completion script for bash, zsh, fish or powershell "
            "(left out: this shell).",
        ),
    ] = None,
) -> None:
    """A referee and scoring assistant for Clans of Caledonia at a physical table."""


def main() -> None:
    """Console-script entry point: run the app; known problems exit 1, never a traceback."""
    from typer.core import _click

    from .completion import COMPLETE_VAR, command_being_completed, with_shell_named

    arguments = with_shell_named(sys.argv[1:])
    words = [word for word in sys.argv[1:] if not word.startswith("-")]
    chosen = words[0] if words and words[0] in COMMANDS else None
    completing = command_being_completed(os.environ)
    if completing is not None:  # the shell asks for completions: build only that command
        chosen = completing if completing in COMMANDS else None
    try:
        # not standalone: Typer's own usage errors come here, to be shown in our style
        code = build_app(chosen)(
            args=arguments, prog_name="caledonia", complete_var=COMPLETE_VAR, standalone_mode=False
        )
    except _click.exceptions.UsageError as problem:
        if type(problem).__name__ != "NoArgsIsHelpError":  # that one has shown the help
            command = problem.ctx.command_path if problem.ctx else "caledonia"
            message(f"Error: {_one_line(problem.format_message())}", style="red")
            message(f"Try '{command} -h' for help.")
        sys.exit(ExitCode.USAGE)
    except _click.exceptions.ClickException as problem:
        message(f"Error: {_one_line(problem.format_message())}", style="red")
        sys.exit(problem.exit_code)
    except typer.Abort:  # click's word for Ctrl-C or Ctrl-D before a command started
        message(STOPPED_NOTHING_SAVED)
        sys.exit(ExitCode.INTERRUPTED)
    except UsageProblem as problem:
        message(f"Error: {problem}", style="red")
        message(f"Try 'caledonia {problem.command} -h' for help.")
        sys.exit(ExitCode.USAGE)
    except CaledoniaError as problem:
        message(f"Error: {problem}", style="red")
        sys.exit(ExitCode.USER_ERROR)
    except Interrupted as stop:
        message(stop.said)
        sys.exit(ExitCode.INTERRUPTED)
    except (KeyboardInterrupt, EOFError):  # before a command started: nothing to save yet
        message(STOPPED_NOTHING_SAVED)
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
    # a command's typer.Exit(code) comes back as its code; a finished command as None
    sys.exit(code if isinstance(code, int) and not isinstance(code, bool) else ExitCode.OK)


def _one_line(text: str) -> str:
    """Click's message in our style: one line, lower-case start, no full stop."""
    text = " ".join(text.split()).rstrip(".")
    return text[:1].lower() + text[1:]


if __name__ == "__main__":
    main()
