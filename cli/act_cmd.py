"""`caledonia act`: one event recorded from words or JSON, checked by the rules, then
appended to the game file. The command line's `act` carries the words of every kind of
event after its help; those need every event spec, and are worked out only when the help
is shown (help_style), in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.game.event_words import act_help
from caledonia.rules.game.events.prepare import seeded_rolls
from caledonia.rules.messages import N_
from caledonia.storage.games import keep_replayed

from .errors import UsageProblem
from .event_input import event_from_json, event_from_words_typed
from .game_io import (
    GameArgument,
    changing,
    load,
    print_recorded,
    record,
    show_notes,
)
from .output import (
    JsonOption,
)
from .translation import t
from .writing import check_writable

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


def _with_dice(path: str, game: Game, event: dict[str, Any], virtual: bool) -> dict[str, Any]:
    """A solo preparation needs its dice in the record: the tool's, or the table's (asked
    only once the game file is known to take the answer: the save itself refuses a file it
    cannot write, with the same words, when nothing is asked)."""
    state = game.state
    if (
        event.get("type") != "prepare"
        or state.phase != "preparation"
        or state.rules.dice(state) is None
    ):
        if virtual:
            raise UsageProblem(t("--virtual-dice is for a solo game's preparation"), "act")
        return event
    if event.get("rolls"):
        if virtual:
            raise UsageProblem(t("give either --roll or --virtual-dice, not both"), "act")
        return event

    from .dice import table_dice  # only to ask for a solo game's dice

    if virtual:
        return {**event, "rolls": seeded_rolls(state)}
    check_writable(path)  # before the dice are asked
    rolls = table_dice("act", components())
    if rolls is None:
        return {**event, "rolls": seeded_rolls(state)}
    return {**event, "rolls": [{"good": r.good, "die": r.die} for r in rolls]}


def act(
    ctx: typer.Context,
    game_file: GameArgument,
    action: Annotated[
        str | None,
        typer.Argument(
            metavar="ACTION", help=N_("What happens: see the list above."), show_default=False
        ),
    ] = None,
    event_json: Annotated[
        str | None,
        typer.Option(
            "--event",
            metavar="JSON",
            help=N_("The event as JSON, as 'options --json' lists them."),
        ),
    ] = None,
    virtual_dice: Annotated[
        bool,
        typer.Option("--virtual-dice", help=N_("Solo preparation: let caledonia roll the dice.")),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Record what happens at the table; refused actions exit 1 with the reasons.

    Words in any letter case; a unit, good or action may be shortened if only one fits (dairy).
    The event is added to GAME, saved in place: there is no --force (nothing is replaced), and
    'caledonia undo GAME' takes an event back.

    Example: [cyan]caledonia act game.yaml trade Ailsa buy whisky 2[/cyan]
    """
    words = list(ctx.args)
    if event_json is not None:
        if action is not None or words:
            raise UsageProblem(t("give either ACTION words or --event JSON, not both"), "act")
        data = event_from_json(event_json)
    elif action is None:
        raise UsageProblem(t("say what happens: ACTION and its words, or --event JSON"), "act")
    else:
        data = event_from_words_typed(action, words, "act")
    with changing(game_file):  # read, check and save with no other writer in between
        # a file no command has read is replayed: its checkpoint is the one the save keeps
        game = load(game_file, keep_checkpoint=False)
        try:
            if isinstance(data, dict):
                data = _with_dice(game_file, game, data, virtual_dice)
            source = "--event" if event_json else t("the command line")
            event, notes = record(game_file, game, data, source)
        except Exception:  # refused, or stopped at the dice: nothing saved, the replay kept
            keep_replayed(game_file, game)
            raise
    if as_json:
        print_recorded(game, [event], notes)
        return
    show_notes(notes, game)


# -- status, log, undo, redo, fix ----------------------------------------------------------


act.help_more = act_help  # type: ignore[attr-defined]
