"""MacDonald: £6 workers earning £4 of any kind, fishermen on lochs, no technology."""

from .base import Clan


class MacDonald(Clan):
    name = "MacDonald"
    summary = "never upgrades technology; river-crossing shipping with 1-2 players (from the data)"
    not_enforced = ("£6 workers earning £4", "fishermen")

    def technology_refusal(self, state, player, worker):
        return "MacDonald never upgrades technology"
