"""`caledonia act` as the command line builds it: game_cmd's `act` with the words of every
kind of event after its help. Those need every event spec, so they are added only when
`act` itself is built (not whenever game_cmd is imported for another command), and worked
out only when the help is shown (help_style), in the reader's language."""

from __future__ import annotations

from caledonia.rules.game.event_words import act_help

from .game_cmd import act

act.help_more = act_help  # type: ignore[attr-defined]

__all__ = ["act"]
