"""`play`'s history: the game's events by round, as `caledonia log` heads them, a page at a
time (earlier and later pages by key), and back to just after the event chosen, once the
table has confirmed how many events go. What is undone is kept for redo until a new event
is recorded (`redo_all`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from caledonia.rules.game.event_words import describe
from caledonia.rules.game.history import history
from caledonia.rules.game.pieces import position_of

from .game_log import event_heading
from .prompts import Asker, Choice
from .translation import t, t_n, tr

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game

# Events on a page: with the question and the page keys, a page fits 24 rows even when a
# few events take two lines.
PAGE = 10
EARLIER, LATER, BACK = "earlier", "later", "back"


@dataclass
class Page:
    heading: str  # the round and phase, as the log heads them
    lines: list[tuple[int, str]]  # (number, the event in words), oldest first


def pages(game: Game) -> list[Page]:
    """The game's events in pages of at most PAGE, a page never across two headings."""
    found: list[Page] = []
    for entry in history(game):
        heading = event_heading(entry.round, entry.phase)
        words = describe(entry.event, entry.position)
        if entry.correction:
            words = t("correction: {event}", event=words)
        if not found or found[-1].heading != heading or len(found[-1].lines) == PAGE:
            found.append(Page(heading, []))
        found[-1].lines.append((entry.number, tr(words)))
    return found


def ask_kept(asker: Asker, game: Game) -> int | None:
    """How many events to keep, chosen in the history (the last page first); None: back,
    or the confirmation declined."""
    shown = pages(game)
    if not shown:
        return None
    at, last = len(shown) - 1, len(game.events)
    while True:
        page = shown[at]
        choices = _page_choices(page, at > 0, at < len(shown) - 1, last)
        question = _page_question(page, last)
        picked = asker.choose(question, choices)
        if picked == BACK:
            return None
        if picked in (EARLIER, LATER):
            at += -1 if picked == EARLIER else 1
            continue
        if confirmed(asker, game, picked):
            return int(picked)


def _page_choices(page: Page, earlier: bool, later: bool, last: int) -> list[Choice]:
    """A history page's menu: each event but the game's last, the pages before and after
    it when there are, and back."""
    choices = [
        Choice(f"{number}. {words}", number)
        for number, words in page.lines
        if number < last  # the last event: nothing after it to undo
    ]
    if earlier:
        choices.append(Choice(t("Earlier events"), EARLIER, "p"))
    if later:
        choices.append(Choice(t("Later events"), LATER, "n"))
    choices.append(Choice(t("← back"), BACK, "0"))
    return choices


def _page_question(page: Page, last: int) -> str:
    """The question over a history page, naming its events and the game's count."""
    first, end = page.lines[0][0], page.lines[-1][0]
    if end > first:
        # TRANSLATORS: {heading} is the log's heading of the events shown ("Round 2: actions")
        return t(
            "{heading}, events {first}–{end} of {count}: back to just after which?",
            heading=page.heading,
            first=first,
            end=end,
            count=last,
        )
    return t(
        "{heading}, event {first} of {count}: back to just after it?",
        heading=page.heading,
        first=first,
        count=last,
    )


def confirmed(asker: Asker, game: Game, kept: int) -> bool:
    """Asks the table to confirm an undo back to just after event `kept`, saying how many
    events go."""
    going = len(game.events) - kept
    question = t_n(
        "Undo {count} event, back to just after {number}. {event}? (redo brings it back "
        "until a new event is recorded)",
        "Undo {count} events, back to just after {number}. {event}? (redo brings them back "
        "until a new event is recorded)",
        going,
        number=kept,
        event=tr(describe(game.events[kept - 1], position_of(game.state))),
    )
    return asker.confirm(question, default=False)


def undo_words(undone: list[dict[str, Any]], position: Any = None) -> list[str]:
    """What an undo of several events says: the count, the first and the last."""
    if len(undone) == 1:
        return [t("undone: {event}", event=describe(undone[0], position))]
    return [
        t_n("{count} event undone:", "{count} events undone:", len(undone)),
        t("  from: {event}", event=describe(undone[0], position)),
        t("  to: {event}", event=describe(undone[-1], position)),
    ]
