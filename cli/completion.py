"""Shell completion of the game's words: bash, zsh, fish (and PowerShell, as Typer offers).

The shell runs `caledonia` with `_CALEDONIA_COMPLETE` set and the words typed so
far; click finds the parameter being typed and asks its completer. The
completers (completion_words.py, loaded only then) are attached by parameter name to
every command built while the shell asks (`CompletingGroup`), and `WordsCommand` completes the free words of `act` and
`fix` from the event specs: the verbs, then each word by its kind (players and
spaces from the game file given, goods, units, contracts, port tiles).

A completer never raises and never prints: a missing or broken file, or
anything unexpected, gives no suggestions. It reads only what it needs (the
players from the file's setup without a replay; the board only when a space is
asked for).

`--show-completion [SHELL]` and `--install-completion [SHELL]` replace Typer's
own options, which take no shell name and guess it from the running shell: here
a shell named on the command line wins, then the shell Typer detects.
"""

from __future__ import annotations

import os
from typing import Any

import typer
from typer._click.shell_completion import CompletionItem, split_arg_string
from typer._completion_shared import _get_shell_name, get_completion_script, install
from typer.core import TyperCommand, TyperGroup

from .translation import t

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
COMPLETE_VAR = "_CALEDONIA_COMPLETE"

# -- the shell's script ------------------------------------------------------------------


COMPLETION_OPTIONS = ("--show-completion", "--install-completion")


def detected_shell() -> str | None:
    """The shell caledonia runs in, as Typer detects it (else $SHELL's name)."""
    try:
        name = _get_shell_name()
    except Exception:  # noqa: BLE001 - no process information: fall back to $SHELL
        name = None
    name = name or os.path.basename(os.environ.get("SHELL", ""))
    return name if name in SHELLS else None


def with_shell_named(arguments: list[str]) -> list[str]:
    """The command line with the shell named after a completion option given alone: the
    shell typed wins; left out, it is the shell caledonia runs in."""
    named = list(arguments)
    for index, word in enumerate(named):
        if not word.startswith("-"):  # a command: its options are its own
            break
        if word in COMPLETION_OPTIONS:
            following = named[index + 1] if index + 1 < len(named) else None
            if following is None or following.startswith("-"):
                shell = detected_shell()
                if shell:
                    named.insert(index + 1, shell)
            break
    return named


def _shell(value: str) -> str:
    name = value.strip().lower()
    if name not in SHELLS:
        raise typer.BadParameter(
            t(
                "{shell!r} is not a shell caledonia completes for: {shells}",
                shell=value,
                shells=", ".join(SHELLS[:4]),
            )
        )
    return name


def show_completion(ctx: typer.Context, param: Any, value: str | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    shell = _shell(value)
    typer.echo(get_completion_script(prog_name="caledonia", complete_var=COMPLETE_VAR, shell=shell))
    raise typer.Exit()


def install_completion(ctx: typer.Context, param: Any, value: str | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    shell, path = install(shell=_shell(value), prog_name="caledonia", complete_var=COMPLETE_VAR)
    typer.echo(t("{shell} completion installed in {path}", shell=shell, path=path))
    typer.echo(t("It takes effect in a new terminal."))
    raise typer.Exit()


def command_being_completed(environ: os._Environ[str] | dict[str, str]) -> str | None:
    """The command whose words the shell completes (None while the command name itself is
    typed), so that only that command is built, as for a normal run."""
    if COMPLETE_VAR not in environ:
        return None
    try:
        if "COMP_WORDS" in environ:  # bash: the words, and the index of the one typed
            words = split_arg_string(environ["COMP_WORDS"])
            typed = words[1 : int(environ.get("COMP_CWORD", "0"))]
        else:  # zsh, fish, powershell: the line so far
            line = environ.get("_TYPER_COMPLETE_ARGS", "")
            words = split_arg_string(line)[1:]
            typed = words if line.endswith(" ") else words[:-1]
    except ValueError:
        return None
    names = [word for word in typed if not word.startswith("-")]
    return names[0] if names else None


class CompletingGroup(TyperGroup):
    """The root group: every command it hands out completes the game's words."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None and COMPLETE_VAR in os.environ:
            # the game's words, and the rules they come from, only when the shell asks
            from .completion_words import attach

            attach(command, cmd_name)
        return command


# -- the free words of act and fix -----------------------------------------------------


class WordsCommand(TyperCommand):
    """`act` and `fix`: after the fixed arguments, each word completes by what it is."""

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        from .completion_words import free_words  # only when the shell asks

        results = super().shell_complete(ctx, incomplete)
        try:
            words = free_words(ctx, list(ctx.args), incomplete)
        except Exception:  # noqa: BLE001 - completion must never break the shell
            words = []
        return results + [CompletionItem(word) for word in words]
