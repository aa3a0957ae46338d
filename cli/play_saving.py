"""How `play` saves: never over another terminal's events, and never losing what it holds.

`play` holds no lock while it waits for a key. Each change (an answer, an undo, a redo) is
made and saved under the file's lock, after checking that the file is still the one `play`
last read or wrote (its size, change time and a hash of its bytes). When it is not, `play`
reloads it, says in one line what changed, and the change is made on the new game only if
it still stands (an answer the rules still allow); else the question is asked again.

When a save fails (a full disk, the folder gone, no permission), the game and the answer
stay in memory; `play` says they are not saved yet and offers to try again or to save under
another name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.event_words import describe
from caledonia.rules.locking import Busy, Seen, seen
from caledonia.rules.yamlfile import WriteError

from .game_io import changing, load, save
from .output import message
from .prompts import Asker, Choice
from .translation import t, t_n
from .writing import check_output, check_writable

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game

SHOWN_EVENTS = 3  # the changes from elsewhere named in the one line; the rest are counted


@dataclass
class Table:
    """The game `play` holds, the file it is saved to, and that file as last read or
    written. `unsaved` says why the game held here is not all in the file (None: it is)."""

    path: str
    game: Game
    seen: Seen | None = None
    unsaved: str | None = None
    # the number of events when 'the turn is over, X given up' was last said: said once
    turn_over_said: int = -1

    @classmethod
    def opened(cls, path: str) -> Table:
        with changing(path):  # read and fingerprinted with no writer in between
            game = load(path, in_play=True)
            return cls(path, game, seen(path))

    def saved_words(self) -> str:
        """What a stop leaves, in one sentence."""
        if self.unsaved is None:
            return t(
                "{path} holds every event recorded; 'caledonia play {path}' resumes.",
                path=self.path,
            )
        return t(
            "NOT SAVED: {reason}. The answers since the last save are lost; "
            "{path} holds the game as it was last saved.",
            reason=self.unsaved,
            path=self.path,
        )


def commit(
    asker: Asker,
    table: Table,
    change: Callable[[Game], Any],
    still_wanted: Callable[[Game], bool],
) -> tuple[bool, Any]:
    """Make `change` to the game and save it, with the file locked. When the file had changed
    elsewhere, it is reloaded first and `change` is made only if `still_wanted(new game)`.
    Returns (made, what `change` returned). A failed save keeps the change in memory and
    offers the table what to do (keep_unsaved)."""
    made, result = False, None
    try:
        with changing(table.path):
            if catch_up(table) and not still_wanted(table.game):
                return False, None
            result, made = change(table.game), True
            _write(table, table.path)
    except (WriteError, Busy) as problem:
        if not made:  # the file could not even be locked (its folder is gone): keep it here
            result, made = change(table.game), True
        keep_unsaved(asker, table, problem)
    return made, result


def catch_up(table: Table) -> bool:
    """Reload the file if it changed since `play` last read or wrote it, and say in one line
    what changed; True when the game held was replaced by the file's. Call with the lock."""
    now = seen(table.path)
    if now is None or now == table.seen:  # the same, or gone: the save puts the game back
        return False
    if table.unsaved is not None:  # the file has moved on and so has this game: never merge
        raise WriteError(table.path, t("it was changed elsewhere while this game was unsaved"))
    try:
        fresh = load(table.path, notice=False)  # said once, when play opened it
    except CaledoniaError as problem:
        raise WriteError(
            table.path,
            t(
                "it was changed elsewhere and no longer reads as a game ({problem})",
                problem=problem,
            ),
        ) from None
    said = what_changed(table.game, fresh)
    table.seen = now
    if said is None:  # the same game (the file was only touched): keep the one held
        return False
    table.game = fresh
    message(said, style="yellow")
    return True


def what_changed(held: Game, fresh: Game) -> str | None:
    """The file's game against the one held, in one line (None: the same game)."""
    common = 0
    for mine, theirs in zip(held.events, fresh.events, strict=False):
        if mine != theirs:
            break
        common += 1
    added, dropped = fresh.events[common:], held.events[common:]
    if not added and not dropped:
        return None if held.undone == fresh.undone else t("The redo list was changed elsewhere.")

    def named(events: Sequence[Mapping[str, Any]]) -> str:
        words = [describe(e) for e in events[:SHOWN_EVENTS]]
        return ", ".join(words) + (", …" if len(events) > SHOWN_EVENTS else "")

    if not dropped:
        return t_n(
            "{count} event was recorded from elsewhere: {events}.",
            "{count} events were recorded from elsewhere: {events}.",
            len(added),
            events=named(added),
        )
    if not added:
        return t_n(
            "{count} event was undone from elsewhere: {events}.",
            "{count} events were undone from elsewhere: {events}.",
            len(dropped),
            events=named(dropped),
        )
    return t_n(
        "The game was changed elsewhere: {count} event was replaced elsewhere: {events}; "
        "now {added}.",
        "The game was changed elsewhere: {count} events were replaced elsewhere: {events}; "
        "now {added}.",
        len(dropped),
        events=named(dropped),
        added=named(added),
    )


def _write(table: Table, path: str) -> None:
    # and, every CHECKPOINT_EVERY events, its checkpoint (pickling the whole game at each
    # answer would cost more than the save): an undo starts from the last one kept, and
    # `play` keeps the last of all when it ends
    save(path, table.game, keep_checkpoint=len(table.game.events) % CHECKPOINT_EVERY == 0)
    table.path, table.seen, table.unsaved = path, seen(path), None


CHECKPOINT_EVERY = 10
RETRY, ELSEWHERE, LATER = "retry", "elsewhere", "later"


def keep_unsaved(asker: Asker, table: Table, problem: Exception) -> None:
    """A save failed: say so, and offer to try again, to save under another name, or to go
    on (the next answer tries again). The game and the answer stay held either way."""
    last = describe(table.game.events[-1]) if table.game.events else None
    while True:
        table.unsaved = str(problem)
        if last is None:
            said = t(
                "Not saved: {problem}. The game and your answers are held here but are "
                "not yet in {path}.",
                problem=problem,
                path=table.path,
            )
        else:
            said = t(
                "Not saved: {problem}. The game and your answers (the last: {event}) are held "
                "here but are not yet in {path}.",
                problem=problem,
                event=last,
                path=table.path,
            )
        message(said, style="red")
        picked = asker.choose(
            t("The game is not saved yet:"),
            [
                Choice(t("Try again to save {path}", path=table.path), RETRY, "r"),
                Choice(t("Save under another name"), ELSEWHERE, "s"),
                Choice(t("Go on unsaved (each answer tries again)"), LATER, "g"),
            ],
        )
        if picked == LATER:
            return
        target = table.path
        try:
            if picked == ELSEWHERE:
                target = asker.text(t("Save as (a file name):"), validate=_place_check).strip()
                check_output(target, ask=asker)
            with changing(target):
                if target == table.path and seen(target) not in (None, table.seen):
                    raise WriteError(
                        target, t("it was changed elsewhere while this game was unsaved")
                    )
                _write(table, target)
        except CaledoniaError as again:  # WriteError, Busy, a refused replace
            problem = again
            continue
        message(t("Saved to {path}; play goes on with it.", path=target), style="green")
        return


def _place_check(typed: str) -> bool | str:
    if not typed.strip():
        return t("Give a file name, e.g. game-copy.yaml.")
    try:
        check_writable(typed.strip())
    except WriteError as problem:
        return t("Cannot save there: {reason}.", reason=problem.reason)
    return True
