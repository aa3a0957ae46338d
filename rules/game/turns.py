"""Whose turn it is in the action phase, and what a turn still allows.

A turn is one main action with free port uses before and after it, and the
follow-ups the action earns (neighbourhood purchases, the building bonus,
free-space expansions and bonus upgrades). The next player's first event ends
the turn; follow-ups not taken by then are gone.
"""

from __future__ import annotations

from typing import NamedTuple

from .state import GameState, PlayerState, Refused, TurnState, phase_words


class Gate(NamedTuple):
    player: PlayerState
    new_turn: bool  # the event starts the next player's turn


def gate(state: GameState, who: str, main: bool) -> Gate:
    """Check that `who` may act now; `main` for one of the eight actions. Changes nothing."""
    player = state.player(who)
    if state.phase != "action":
        raise Refused(f"it is {phase_words(state.phase)}, not the action phase")
    if player.passed:
        raise Refused(f"{player.name} has passed this round")
    turn = state.turn
    upcoming = state.next_player()
    if turn.player == player.name:
        if main and turn.main_done:
            if upcoming == player.name:  # the only player still in the round: a new turn
                return Gate(player, True)
            raise Refused(f"{player.name} has taken this turn's action already")
        return Gate(player, False)
    if turn.main_done and upcoming == player.name:
        return Gate(player, True)
    waiting = turn.player if not turn.main_done else upcoming
    raise Refused(f"it is {waiting}'s turn, not {player.name}'s")


def follow_up(state: GameState, who: str) -> PlayerState:
    """A bonus that belongs to the current player's turn."""
    player = state.player(who)
    if state.phase != "action" or state.turn.player != player.name:
        current = state.turn.player or "nobody"
        raise Refused(f"only the player whose turn it is ({current}) takes a turn's bonuses")
    return player


def open_turn(state: GameState, passage: Gate) -> None:
    """Start the next player's turn if the event does (after all checks passed)."""
    if passage.new_turn:
        state.turn = TurnState(player=passage.player.name)


def close_window(state: GameState) -> None:
    """Another event came: the neighbourhood bonus and building bonus are gone."""
    state.turn.expanded = ()
    state.turn.building_bonus = False
