"""What `log` and `play` print of a game's history: each event in its round and phase,
in the table's words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caledonia.rules.game.event_words import describe
from caledonia.rules.game.history import SETUP_PHASES, history
from caledonia.rules.game.state import phase_words
from caledonia.rules.names import counted

from .game_io import load
from .output import emit, print_json
from .translation import t, tr
from .views import keep_view

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


def _signed(number: int, unit: str = "") -> str:
    return f"{'-' if number < 0 else '+'}{unit}{abs(number)}"


def change_words(changes: dict[str, Any]) -> str:
    """What an event moved, player by player: `Iain -£14; Kirsty +£12, +1 wool, +2 glory`."""
    parts = []
    for name, change in changes.items():
        moved = [_signed(change.money, "£")] if change.money else []
        moved += [  # the goods counted in the reader's plural: '+2 lanas'
            t("{sign}{goods}", sign="-" if n < 0 else "+", goods=counted(good, abs(n)))
            for good, n in change.goods.items()
        ]
        moved += [t("{change} glory", change=_signed(change.glory))] if change.glory else []
        parts.append(t("{player} {changes}", player=name, changes=", ".join(moved)))
    return "; ".join(parts)


def event_heading(round_number: int, phase: str) -> str:
    """The log's heading of the events of a round's phase (the setup's, apart)."""
    if phase in SETUP_PHASES:
        return t("Setup: {phase}", phase=phase_words(phase))
    return t("Round {round}: {phase}", round=round_number, phase=phase_words(phase))


def print_game_log(game_file: str, as_json: bool) -> None:
    """`log` worked out from the game (none kept, or --json): printed, and its lines kept
    as the log's view."""
    game = load(game_file)
    if as_json:
        print_json(log_data(game))
        return
    lines = log_lines(game)
    keep_view(game_file, game, "log", lines)
    for line in lines:
        emit(line)


def log_data(game: Game) -> list[dict[str, Any]]:
    """What `log --json` prints: each event with its place, words and changes."""
    return [
        {
            "number": entry.number,
            "round": entry.round,
            "phase": entry.phase,
            "event": entry.event,
            "words": str(describe(entry.event)),  # machine output: English words
            "correction": entry.correction,
            "changes": {name: c.as_data() for name, c in entry.changes.items()},
            "notes": [str(note) for note in entry.notes],
            "scoring": entry.scoring.as_data() if entry.scoring else None,
        }
        for entry in history(game)
    ]


def print_log(game: Game, last: int | None = None) -> None:
    """Every event in words (the `last` ones only, when given), as `log` prints them: a
    heading at each round and phase, each event with what it moved, the notes of a
    preparation (dice, prices, refill) and of a correction, and each round's scoring."""
    for line in log_lines(game, last):
        emit(line)


def log_lines(game: Game, last: int | None = None) -> list[str]:
    """The lines of `print_log` (kept as the log's view by views.py)."""
    entries = history(game)
    lines = [] if entries else [t("No events yet.")]
    heading = None
    for entry in entries[-last:] if last else entries:
        if event_heading(entry.round, entry.phase) != heading:
            heading = event_heading(entry.round, entry.phase)
            lines.append(heading)
        lines.extend(_entry_lines(entry))
    if game.state.phase == "over":
        lines.append(t("The game is over: 'caledonia score' gives the final score."))
    return lines


def _entry_lines(entry: Any) -> list[str]:
    """One event of the log: its number and words with what it moved, then the dice and
    prices of a preparation or the details of a fix, and the round's scoring."""
    words = describe(entry.event, entry.position)
    if entry.correction:
        words = t("correction: {event}", event=words)
    line = f"{entry.number:4d}. {tr(words)}"
    lines = [line + (f"  ({change_words(entry.changes)})" if entry.changes else "")]
    if entry.event["type"] in ("prepare", "fix"):  # the dice, prices, refill; the fix
        lines.extend(f"        {tr(note)}" for note in entry.notes)
    if entry.scoring:
        lines.append(f"        {_scoring_words(entry.scoring)}")
    return lines


def _scoring_words(scoring: Any) -> str:
    if scoring.tile is None:
        return t("round {round} scoring: no scoring tiles", round=scoring.round)
    got = ", ".join(f"{name} {glory}" for name, glory in scoring.glory.items())
    return t(
        # TRANSLATORS: {glory} lists each player with the glory they scored: "Ailsa 3, Bruce 5"
        "round {round} scoring, tile {tile}: {glory} glory",
        round=scoring.round,
        tile=scoring.tile,
        glory=got,
    )
