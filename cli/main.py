"""The `caledonia` command: builds the Typer app and turns errors into exit codes."""

from __future__ import annotations

import functools
import gc
import inspect
import os
import sys
from importlib import import_module
from typing import Annotated, Any

import typer
from caledonia.rules.errors import CaledoniaError
from typer.completion import completion_init
from typer.core import _click

from . import VERSION
from .errors import (
    N_,
    STOPPED_NOTHING_SAVED,
    Declined,
    ExitCode,
    Interrupted,
    NeedsTerminal,
    UsageProblem,
    reason_of,
)

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
    "new": ("new_cmd", "new"),
    "act": ("act_cmd", "act"),
    "status": ("status_cmd", "status"),
    "log": ("log_cmd", "log"),
    "undo": ("undo_cmd", "undo"),
    "redo": ("undo_cmd", "redo"),
    "fix": ("fix_cmd", "fix"),
    "options": ("options_cmd", "options"),
    "box": ("box_cmd", "app"),
    "report": ("report_cmd", "report"),
    "export": ("export_cmd", "export"),
    "stats": ("stats_cmd", "stats"),
    "serve": ("serve_cmd", "serve"),
}
# What `caledonia -h` says of each command: the first paragraph of its help, kept here
# so that the list needs none of the commands built (a test holds them to the help).
# Marked, not translated: the top-level help translates them as it lists them.
SUMMARIES = {
    "play": N_("Walk the table through a whole game with prompts, from the setup to the score."),
    "score": N_(
        "Final scores from a score sheet or a game file: categories, awards with ties, "
        "import rarity, ranks and the winner."
    ),
    "contracts": N_("The 50 export contracts: what each asks for and what it gives."),
    "ports": N_("The port bonus tiles: a free action once per player per game, when in reach."),
    "scoring-tiles": N_("The round scoring tiles: glory at the end of each round."),
    "clans": N_("The clans and their powers."),
    "map": N_(
        "The map: draw the board, shipping reach, legal expansions, settlements, module files."
    ),
    "solo": N_("Solo game: the dice market, the contract refill and removal, the solo score."),
    "new": N_(
        "Start a game: players, variants, and the setup drawn (seeded) or as your table laid it."
    ),
    "act": N_("Record what happens at the table; refused actions exit 1 with the reasons."),
    "status": N_(
        "Where the game stands: phase, whose turn, the round's scoring tile and "
        "contract cost, port tiles, players, market, export board."
    ),
    "log": N_(
        "Every event of the game in words, by round and phase, with the money, glory and "
        "goods it moved; the dice and price changes of a preparation, the round scoring, and "
        "corrections marked."
    ),
    "undo": N_(
        "Drop the last N events (1 by default), or every event after event N with --to N; "
        "'caledonia redo' restores them until a new event is recorded."
    ),
    "redo": N_("Restore the last N undone events (1 by default), or all of them with --all."),
    "fix": N_("Correct the game to match the table: the physical table is the truth."),
    "options": N_(
        "What may be done now: every legal event, grouped by action, with what it costs."
    ),
    "box": N_(
        "Your box: the printed values you enter once (map sides, market, box values), for "
        "every command."
    ),
    "report": N_(
        "The end-of-game report: standings by round, where every VP came from, turning points."
    ),
    "export": N_("Finished games for BG Stats: the push link, and a .bgsplay file with --file."),
    "stats": N_(
        "A season of finished games: plays, wins and scores of each player and clan, win rates "
        "by player count and seat, score records, head-to-head and where the VP came from."
    ),
    "serve": N_(
        "A live page of the game for every phone at the table and the TV: the board, whose "
        "turn it is, every player, what may be done now, and the score at the end."
    ),
}
# The root's options that print or install the shells' completion script.
_COMPLETION_OPTIONS = {"--show-completion", "--install-completion"}
# Commands whose words after the fixed arguments are theirs to read (actions, corrections).
FREE_WORDS = {"act", "fix"}


def build_app(only: str | None = None, *, names_only: bool = False) -> typer.Typer:
    """The Typer app with every command, or with just `only`; with `names_only`, every
    command as its name and summary alone (for the top-level help), none of them built."""
    from .completion import COMPLETE_VAR, CompletingGroup, WordsCommand

    if COMPLETE_VAR in os.environ or _COMPLETION_OPTIONS & {a.split("=")[0] for a in sys.argv}:
        completion_init()  # Typer's completion classes, as its own completion options would
    from .help_style import plain_argument_names

    plain_argument_names()  # and the help's own words translated as it is shown
    app = typer.Typer(
        name="caledonia",
        cls=CompletingGroup,
        add_completion=False,  # ours take the shell's name: see _root
        help=N_(
            "A referee and scoring assistant for [bold]Clans of Caledonia[/bold] at a physical "
            "table.\n\nExample: [cyan]caledonia score sample_games/final-4p.yaml[/cyan]"
        ),
        rich_markup_mode="rich",
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        no_args_is_help=True,
    )
    app.callback()(_root)
    # Typer lists the groups (a Typer app each) after the commands: the names keep that order
    listed = (
        sorted(COMMANDS.items(), key=lambda item: item[1][1] == "app")
        if names_only
        else COMMANDS.items()
    )
    for name, (module, attribute) in listed:
        if only is not None and name != only:
            continue
        if names_only:
            from .translation import t

            app.command(name, help=t(SUMMARIES[name]))(_not_built)
            continue
        target = getattr(import_module(f"{__package__}.{module}"), attribute)
        _add_command(app, name, target, WordsCommand)
    return app


def _add_command(app: typer.Typer, name: str, target: Any, words_command: type) -> None:
    """The command (or group of commands) `target` added to `app` as `name`, stoppable by
    Ctrl-C, its help from its docstring; `words_command` reads the FREE_WORDS ones."""
    if isinstance(target, typer.Typer):
        for command in target.registered_commands:
            command.callback = stoppable(command.callback)
            command.help = command.help or help_text(command.callback)
        app.add_typer(target, name=name)
    elif name in FREE_WORDS:
        settings = {"allow_extra_args": True, "ignore_unknown_options": True}
        app.command(name, context_settings=settings, cls=words_command, help=help_text(target))(
            stoppable(target)
        )
    else:
        # a command may bring its own class (`new`: flags made from the variants)
        command_class = getattr(target, "command_class", None)
        app.command(name, cls=command_class, help=help_text(target))(stoppable(target))


def help_text(command: Any) -> str | None:
    """A command's docstring as help: each paragraph on one line, so the help wraps it to
    the terminal instead of keeping the docstring's line breaks in mid-sentence."""
    doc = inspect.getdoc(command) if command is not None else None
    if not doc:
        return None
    return "\n\n".join(" ".join(part.split()) for part in doc.split("\n\n"))


def _not_built() -> None:
    """A command listed by name only: `main` builds the real one when it is named."""


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
        print(f"caledonia {VERSION}")
        raise typer.Exit()


def _completion_script(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    from .completion import show_completion

    show_completion(ctx, param, value)


def _completion_install(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    from .completion import install_completion

    install_completion(ctx, param, value)


def _root(
    box_dir: Annotated[
        str | None,
        typer.Option(
            "--box-dir",
            metavar="DIR",
            envvar="CALEDONIA_HOME",
            show_envvar=True,
            show_default=False,
            help=N_("The folder of your box's components (see 'caledonia box path')."),
        ),
    ] = None,
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help=N_("Show the version.")
        ),
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
            help=N_("Install completion for bash, zsh, fish or powershell (left out: this shell)."),
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
            help=N_(
                "Print the completion script for bash, zsh, fish or powershell "
                "(left out: this shell)."
            ),
        ),
    ] = None,
) -> None:
    """A referee and scoring assistant for Clans of Caledonia at a physical table."""
    if box_dir:
        from caledonia.rules.boxfolder import use_folder

        use_folder(box_dir)


def command_built() -> None:
    """The command is built and about to run: keep what start-up made out of every later
    collection, and collect as usual from here on. Only after start.main turned the
    collector off: a program that calls `main` itself (the tests do) keeps its collector
    as it was."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()


def main() -> None:
    """Run the app (start.main, the installed entry point, calls it): known problems exit
    1, never a traceback."""
    if sys.argv[1:2] == ["--version"]:  # at once: no command, no rules, not even Typer's
        print(f"caledonia {VERSION}")
        sys.exit(ExitCode.OK)
    from caledonia.storage import datacache

    datacache.install()  # the rules' components loader keeps what it built there

    from .completion import COMPLETE_VAR, command_being_completed, with_shell_named
    from .output import (
        OUTPUT_ERRORS,
        echoed,
        message,
        output_lost,
        prepare_streams,
        stdout_was_closed,
    )

    prepare_streams()
    arguments = with_shell_named(sys.argv[1:])
    words = _command_words(sys.argv[1:])
    chosen = words[0] if words and words[0] in COMMANDS else None
    completing = command_being_completed(os.environ)
    if completing is not None:  # the shell asks for completions: build only that command
        chosen = completing if completing in COMMANDS else None
    # no command named: the top-level help or a usage error, which need only the names
    names_only = chosen is None and COMPLETE_VAR not in os.environ
    try:
        # not standalone: Typer's own usage errors come here, to be shown in our style
        app = build_app(chosen, names_only=names_only)
        command_built()
        code = app(
            args=arguments, prog_name="caledonia", complete_var=COMPLETE_VAR, standalone_mode=False
        )
    except _click.exceptions.UsageError as problem:
        if type(problem).__name__ != "NoArgsIsHelpError":  # that one has shown the help
            command = problem.ctx.command_path if problem.ctx else "caledonia"
            from .click_words import usage_words

            _error(echoed(usage_words(problem)))
            _said(N_("Try '{command} -h' for help."), command=command)
        sys.exit(ExitCode.USAGE)
    except _click.exceptions.ClickException as problem:
        from .click_words import one_line

        _error(one_line(problem.format_message()))
        sys.exit(problem.exit_code)
    except typer.Abort:  # click's word for Ctrl-C or Ctrl-D before a command started
        _said(STOPPED_NOTHING_SAVED)
        sys.exit(ExitCode.INTERRUPTED)
    except UsageProblem as problem:
        _error(echoed(_shown(reason_of(problem))))
        _said(N_("Try 'caledonia {command} -h' for help."), command=problem.command)
        sys.exit(ExitCode.USAGE)
    except NeedsTerminal as problem:
        _error(echoed(_shown(reason_of(problem))))
        sys.exit(ExitCode.USAGE)
    except Declined as answer:
        message(_shown(reason_of(answer)))
        sys.exit(ExitCode.OK)
    except CaledoniaError as problem:
        _error(echoed(_shown(reason_of(problem))))
        sys.exit(ExitCode.USER_ERROR)
    except Interrupted as stop:
        if stop.said == STOPPED_NOTHING_SAVED:
            _said(STOPPED_NOTHING_SAVED)
        else:
            message(_shown(stop.said))
        sys.exit(ExitCode.INTERRUPTED)
    except (KeyboardInterrupt, EOFError):  # before a command started: nothing to save yet
        _said(STOPPED_NOTHING_SAVED)
        sys.exit(ExitCode.INTERRUPTED)
    except OSError as problem:  # stdout is full, broken or gone: after a save, exit 4
        if problem.errno not in OUTPUT_ERRORS or problem.filename is not None:
            _internal_error(problem)  # a file's error (it names the file), not the output's
        output_lost(problem)
    except Exception as problem:  # a bug: say so briefly; the trace only on request
        _internal_error(problem)
    try:
        sys.stdout.flush()  # here, not at the interpreter's exit: a closed pipe is seen
    except OSError as problem:
        output_lost(problem)
    if stdout_was_closed():  # `>&-`: what was printed went nowhere
        output_lost(None)
    # a command's typer.Exit(code) comes back as its code; a finished command as None
    sys.exit(code if isinstance(code, int) and not isinstance(code, bool) else ExitCode.OK)


def _internal_error(problem: BaseException) -> None:
    """A bug: say so briefly, exit 3; the trace only on request."""
    if os.environ.get("CALEDONIA_DEBUG"):
        raise problem
    _said(
        N_(
            "Internal error ({error}: {problem}). This is a bug in caledonia; "
            "run again with CALEDONIA_DEBUG=1 to see the details."
        ),
        style="red",
        error=type(problem).__name__,
        problem=problem,
    )
    sys.exit(ExitCode.INTERNAL)


def _said(message_id: str, *, style: str | None = None, **fields: Any) -> None:
    """One of main's own sentences on stderr, in the reader's language."""
    from .output import message
    from .translation import t

    message(t(message_id, **fields), style=style)


def _error(text: str) -> None:
    """`text` (already in the reader's words) as the error it is."""
    _said(N_("Error: {problem}"), style="red", problem=text)


def _shown(text: str) -> str:
    """`text` in the reader's language (a Reason of the rules translated; a sentence the
    CLI wrote is already)."""
    from caledonia.rules.messages import Reason

    if not isinstance(text, Reason):  # no translation to look up: none is loaded
        return text
    from .translation import tr

    return tr(text)


def _command_words(arguments: list[str]) -> list[str]:
    """The words that are not options, leaving out the value of the global --box-dir."""
    words, skip = [], False
    for word in arguments:
        if skip:
            skip = False
        elif word == "--box-dir":
            skip = True
        elif not word.startswith("-"):
            words.append(word)
    return words


if __name__ == "__main__":
    main()
