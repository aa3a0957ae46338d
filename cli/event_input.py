"""What `act` and `fix` read: an event from the words typed after the command, or given
whole as JSON; a mistake is a usage error (exit 2) that names the command."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from caledonia.rules.game.event_words import event_from_words
from caledonia.rules.game.spec import WordsError

from .errors import UsageProblem, reason_of
from .translation import t, tr
from .writing import FORCE_FLAG

if TYPE_CHECKING:
    from caledonia.rules.game.spec import Event


def event_from_words_typed(verb: str, tokens: list[str], command: str) -> Event:
    """An event from the words typed after `act` or `fix`; a usage error names the command."""
    if any(token == FORCE_FLAG or token.startswith(FORCE_FLAG + "=") for token in tokens):
        # --force replaces a file a command creates; this one adds to GAME, never replaces it
        raise UsageProblem(
            t(
                "{command} takes no {flag}: it adds the event to GAME and saves it in place, "
                "replacing nothing ('caledonia undo GAME' takes the last event back)",
                command=command,
                flag=FORCE_FLAG,
            ),
            command,
        )
    try:
        return event_from_words(verb, tokens)
    except WordsError as problem:
        raise UsageProblem(tr(reason_of(problem)), command) from None


def event_from_json(text: str) -> Any:
    """An event given whole as JSON (`act --event`)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise UsageProblem(
            # TRANSLATORS: {problem} is the JSON reader's own words, in English
            t(
                "--event: not JSON ({problem} at character {position}); "
                'give one event such as \'{{"type": "pass", "player": "Ailsa"}}\'',
                problem=problem.msg,
                position=problem.pos,
            ),
            "act",
        ) from None
