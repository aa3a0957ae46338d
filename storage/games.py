"""Game files read and saved, each with its checkpoint in the cache folder.

The file is saved after every event by an atomic replace (temporary file, fsync, rename),
so a crash never leaves half a file: it holds the game before the event or after it. A
save after new events appends their text to the text read or written last when it can
(rules/game/gamefile.appended_text); else the whole game is written anew. Loading replays
every event through the rules, unless the cache folder holds a checkpoint of exactly this
file's content (checkpoint.py). The file's format itself is rules/game/gamefile.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caledonia.rules.components import Components
from caledonia.rules.game.engine import Game
from caledonia.rules.game.gamefile import (
    Saved,
    appended_text,
    ends_with_events,
    game_as_text,
    game_from_data,
)
from caledonia.rules.yamlfile import parse_yaml, read_text, write_text_atomic

from . import checkpoint

if TYPE_CHECKING:
    from caledonia.rules.game.spec import Event


def load_game(path: str, parts: Components, *, keep_checkpoint: bool = True) -> Game:
    return game_from_text(read_text(path), path, parts, keep_checkpoint=keep_checkpoint)


def kept_game(text: str, source: str, parts: Components) -> Game | None:
    """The game of a file's `text` from its checkpoint, or None when there is none for
    exactly this text (and this version of caledonia)."""
    kept = checkpoint.restore(source, checkpoint.key_of(text.encode()), parts)
    if kept is None:
        return None
    game, appendable = kept
    game.saved = Saved(text, list(game.events), appendable, dict(game.play))
    return game


def game_from_text(
    text: str, source: str, parts: Components, data: Any = None, *, keep_checkpoint: bool = True
) -> Game:
    """The game a file's text holds: from its checkpoint, else replayed from the text (or
    from `data`, the text already parsed), keeping a checkpoint for the next command.
    Without `keep_checkpoint` a replay keeps none: the command is about to save, and the
    save keeps the game's new one (or `keep_replayed`, if nothing is saved after all)."""
    game = kept_game(text, source, parts)
    if game is not None:
        return game
    if data is None:  # the events' lines read as caledonia writes them, without PyYAML
        data = parse_yaml(text, source, tail="events")
    game = game_from_data(data, source, parts)
    appendable = ends_with_events(text, game)
    game.saved = Saved(text, list(game.events), appendable, dict(game.play))
    if keep_checkpoint:
        store_checkpoint(source, game)
    return game


def keep_replayed(path: str, game: Game) -> None:
    """The checkpoint of the game as read from `path` and unchanged since, unless one is
    kept already: for a command that read it without keeping one, then saved nothing (its
    event refused)."""
    if game.saved is not None and game.saved.events == game.events:
        if not checkpoint.holds(path, checkpoint.key_of(game.saved.text.encode())):
            store_checkpoint(path, game)


def save_game(path: str, game: Game, *, keep_checkpoint: bool = True) -> None:
    """Write the game (appending to the text kept, when it can), and keep its checkpoint
    (a session saving after every event may keep it once, at its end, with
    `store_checkpoint`)."""
    text = appended_text(game) or game_as_text(game)
    write_text_atomic(path, text)
    game.saved = Saved(
        text, list(game.events), not game.undone and bool(game.events), dict(game.play)
    )
    if keep_checkpoint or len(game.events) % checkpoint.MILESTONE == 0:
        store_checkpoint(path, game)  # a milestone is kept even so, for undo far back


def store_checkpoint(path: str, game: Game) -> None:
    """Keep the checkpoint of the game as last saved to `path` (nothing if never saved)."""
    if game.saved is not None and game.saved.events == game.events:
        text, _, appendable, _ = game.saved
        checkpoint.store(path, checkpoint.key_of(text.encode()), game, appendable)


def undo_game(path: str, game: Game, count: int) -> list[Event]:
    """`game.undo(count)` for the game of the file `path`, starting from the checkpoint
    kept of its events kept (or the nearest kept of fewer of them: checkpoint.starts_for)
    when there is one, rather than replaying them all from the setup."""
    start = None
    kept = len(game.events) - count
    for held in checkpoint.starts_for(kept) if count > 0 else ():
        earlier = checkpoint.restore_earlier(path, held, game.parts)
        if earlier is not None and game.began_as(earlier, kept):
            start = earlier
            break
    return game.undo(count, start)
