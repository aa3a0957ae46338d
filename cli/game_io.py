"""What the game commands share: loading and saving a game file, the notices, recording an
event with its refusal in words, and the summary `--json` prints."""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.game.engine import next_step
from caledonia.rules.game.event_words import as_understood, describe
from caledonia.rules.game.gamefile import checked_event
from caledonia.rules.game.legal import normalise
from caledonia.rules.game.spec import canonical_player
from caledonia.rules.game.state import Refused
from caledonia.storage.games import load_game, save_game, store_checkpoint

from .example_items import example_items
from .output import GameArgument, echoed, emit, message, print_json  # noqa: F401 (theirs too)
from .translation import language_settings, t, t_n, tr

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.setup import Setup
    from caledonia.rules.game.spec import Event


def load(
    path: str, *, notice: bool = True, in_play: bool = False, keep_checkpoint: bool = True
) -> Game:
    """The game in `path`, with the example-data notice unless `notice` is False (a game
    reloaded mid-session, whose notice was shown when it was opened); `in_play`: in the
    words of `play` (see example_note). Without `keep_checkpoint`, a game replayed from the
    file keeps no checkpoint yet (storage.games.game_from_text): the command saves next."""
    game = load_game(path, components(), keep_checkpoint=keep_checkpoint)
    if notice:
        example_notice(game.setup, in_play=in_play)
    return game


def example_notice(setup: Setup, *, in_play: bool = False) -> None:
    """One line on stderr when a game runs on example data rather than the table's box."""
    note = example_note(setup, in_play=in_play)
    if note:
        message(note, style="yellow")


def example_note(setup: Setup, *, in_play: bool = False) -> str | None:
    """Which data of the game are examples rather than the table's box (None: none are).
    `in_play`: without the commands that enter the box, which `play` cannot run; it says
    instead that the box is entered once, outside a game."""
    if not setup.example_data:
        return None

    return _example_note(tuple(setup.example_data), in_play, language_settings())


@functools.cache
def _example_note(items: tuple[str, ...], in_play: bool, language: tuple[str, ...]) -> str:
    # worked out once a run: a command that saves shows it, then keeps it with its views

    listed = example_items(items, in_play=in_play)  # the file holds English
    if in_play:
        return t(
            # TRANSLATORS: {examples} lists the box's data that are examples ("market board")
            "Note: this game uses example data, not your box's: {examples}. "
            "Your own box is entered once, outside a game, and then used by every game.",
            examples=listed,
        )
    return t("Note: this game uses example data, not your box's: {examples}.", examples=listed)


@contextmanager
def changing(path: str) -> Iterator[None]:
    """Be the one writer of the game file `path` for the block: every command that changes a
    game reads, checks and saves it inside one (a second writer waits, then exits 1 naming
    this one's pid). Nested blocks on one file share the lock."""
    from caledonia.rules.locking import one_writer

    with one_writer(path):
        yield


def save(path: str, game: Game, *, keep_checkpoint: bool = True) -> None:
    """Save the game, always under the file's lock (the caller's, when it holds it)."""
    from .play_times import stamp_end

    stamp_end(game)
    with changing(path):
        others = _other_names(path)
        save_game(path, game, keep_checkpoint=keep_checkpoint)
    if others:  # the save is a new file under this name: theirs is the old one, kept
        message(
            t_n(
                "{path} had {count} other name (a hard link): it keeps the game as it was "
                "before this save, and only {path} holds it now.",
                "{path} had {count} other names (hard links): they keep the game as it was "
                "before this save, and only {path} holds it now.",
                others,
                path=path,
            ),
            style="yellow",
        )


def _other_names(path: str) -> int:
    """How many other names (hard links) the file `path` stands for has. A save replaces
    the file by a new one (atomic, never half-written), so those names keep the old game:
    said once, since the file saved has this one name only."""
    try:
        found = os.stat(path)
    except OSError:
        return 0
    return found.st_nlink - 1 if stat.S_ISREG(found.st_mode) else 0


def keep_checkpoint(path: str, game: Game) -> None:
    """The checkpoint of the game as last saved, for the next command: a session that
    saves after every answer without one keeps it once, when it ends."""
    store_checkpoint(path, game)


def refused(reasons: list[str], what: str) -> None:
    message(t("Refused: {event}", event=echoed(tr(what))), style="red")
    for reason in reasons:
        message(f"  - {echoed(tr(reason))}")
    raise typer.Exit(1)


def record(path: str, game: Game, data: Any, source: str | None = None) -> tuple[Event, list[str]]:
    """Check and record one event, then save; a refusal exits 1 and leaves the file alone.
    `source` names where the event came from (the command line when None). Returns the
    event as recorded (canonical) and the notes of what happened. The event is put in
    words only when it is refused: an accepted one is said by the command, if at all."""
    source = source or t("the command line")
    event = None
    try:
        event = checked_event(data, components(), source)
        notes = game.apply(event)
    except Refused as refusal:
        refused(refusal.reasons, _refused_words(game, data, event))
    save(path, game)
    return game.events[-1], notes


def _refused_words(game: Game, data: Any, event: Event | None) -> str:
    """A refused event in words: as the engine understood it, with nothing the state fills
    in (a hidden pile); else (malformed) the words that could be read of it."""
    if event is not None:
        try:
            understood = normalise(game.state, event)
            return describe({k: v for k, v in understood.items() if k in event})
        except Refused:
            pass  # its player or a word the state cannot place: said as it reads
    if not isinstance(data, dict):
        return t("this event")
    economy = components().economy
    partly = as_understood(data, economy.goods, tuple(economy.units))
    if "player" in partly:
        partly = {**partly, "player": canonical_player(game.state, partly["player"])}
    return describe(partly)


def show_notes(notes: list[str], game: Game) -> None:
    for note in notes:
        emit(f"  {tr(note)}")
    emit(t("Next: {step}.", step=next_step(game.state)))


def summary(game: Game) -> dict[str, Any]:
    """The state as data: phase, whose turn, prices, the export board, every player."""
    state = game.state
    return {
        "round": state.round,
        "phase": state.phase,
        "next": next_step(state),
        "turn_order": list(state.turn_order),
        "prices": dict(state.prices),
        "export_board": list(state.export_board),
        "pile": len(state.pile) if state.pile is not None else None,
        "events": len(game.events),
        "redo": len(game.undone),
        "players": [
            {
                "name": p.name,
                "colour": p.colour,
                "clan": p.clan,
                "money": p.money,
                "glory": p.glory,
                "goods": dict(p.goods),
                "merchants": {
                    "ready": p.merchants_stock,
                    "on_market": p.merchants_out(),
                    "not_hired": p.merchants_board,
                },
                "shipping": p.shipping_level,
                "technology": sorted(p.technology),
                "units": {
                    **{state.board.spaces[i].id: u for i, u in sorted(p.units.items())},
                    **{f"port:{c}": u for c, u in sorted(p.port_units.items())},  # on port tiles
                },
                "open_contracts": list(p.open_contracts),
                "fulfilled": list(p.fulfilled),
                "ports_used": sorted(p.ports_used),
                "passed": p.passed,
                "cellar": [spot + 1 for spot in p.cellar],  # whisky barrels by spot, 1: left
            }
            for p in state.players
        ],
    }


def print_recorded(
    game: Game, recorded: Sequence[Mapping[str, Any]], notes: list[str], **extra: Any
) -> None:
    """`--json` of a command that changed the game: what it recorded and the state after."""
    said = [str(note) for note in notes]  # --json is in English
    print_json({"recorded": recorded, "notes": said, **extra, "state": summary(game)})
