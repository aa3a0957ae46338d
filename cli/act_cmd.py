"""`caledonia act` as the command line builds it: game_cmd's `act` with the words of every
kind of event in its help. That help needs every event spec, so it is added only when
`act` itself is built, not whenever game_cmd is imported for another command."""

from __future__ import annotations

import inspect

from caledonia.rules.game.event_words import act_help

from .game_cmd import act

act.__doc__ = inspect.cleandoc(act.__doc__ or "") + "\n\n" + act_help()

__all__ = ["act"]
