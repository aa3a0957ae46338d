"""The end of a turn (ruling 18): the player says their turn is over, after the main action.

The event is what makes the file alone say whose turn it is: the next player's turn
begins with it, and what the ended turn still allowed (port tiles, the neighbourhood
and building bonuses, free spaces, bonus upgrades) is given up. A pass ends the turn by
itself. A file without the event reads as before: the next player's first event ends
the turn (turns.py `gate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..spec import EventSpec, Field
from ..state import Refused, TurnState, phase_words

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState


RULE = Reason("a turn ends after its main action, when its player says so")


def end_reasons(state: GameState, who: str) -> list[str]:
    player = state.player(who)
    turn = state.turn
    if state.phase != "action":
        return [Reason("{rule}: it is {phase}", rule=RULE, phase=phase_words(state.phase))]
    if turn.player != player.name:
        return [
            Reason(
                "{rule}: it is {current}'s turn, not {player}'s",
                rule=RULE,
                current=turn.player,
                player=player.name,
            )
        ]
    if player.passed:
        return [Reason("{player} has passed: the turn ended with the pass", player=player.name)]
    if not turn.main_done:
        return [
            Reason(
                "{rule}: {player} has not taken this turn's main action yet",
                rule=RULE,
                player=player.name,
            )
        ]
    return []


class EndTurnEvent(TypedDict):
    type: Literal["end_turn"]
    player: str


class EndTurn(EventSpec[EndTurnEvent]):
    type = "end_turn"
    menu_words = Reason("End the turn")
    menu_order = 10
    rule = Reason(
        "Each player takes exactly one Action per turn, in turn order; ending the turn hands "
        "it to the next player, and what the turn still allowed (a port tile, a bonus) is "
        "given up."
    )
    section = Reason("Phase 2: Action")
    syntax = "PLAYER"
    help = Reason("end your turn after the main action (what it still allowed is given up)")
    fields = {"player": Field("player")}
    positional = ("player",)

    def check(self, state: GameState, e: EndTurnEvent) -> list[str]:
        try:
            return end_reasons(state, e["player"])
        except Refused as refused:
            return refused.reasons

    def apply(self, state: GameState, e: EndTurnEvent) -> list[str]:
        player = state.player(e["player"])
        upcoming = state.next_player()
        state.turn = TurnState(player=upcoming)
        return [Reason("{player}'s turn is over: {next} plays", player=player.name, next=upcoming)]

    def options(self, state: GameState) -> Iterable[EndTurnEvent]:
        name = state.turn.player
        if state.phase != "action" or name is None or end_reasons(state, name):
            return []
        return [{"type": "end_turn", "player": name}]

    def describe(self, e: EndTurnEvent) -> str:
        return Reason("{player} ends the turn", player=e["player"])

    def option_words(self, state: GameState, e: EndTurnEvent) -> str:
        return Reason(
            "end {player}'s turn: {next} plays", player=e["player"], next=state.next_player()
        )


SPEC = EndTurn()
